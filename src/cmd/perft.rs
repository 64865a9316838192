//! `zonal perft`: the leaves of the move tree, on one core or all.

use crate::args::{PerftArgs, PosArg, position};
use crate::output::CliError;
use zonal_analysis::GameDef;

use std::time::Instant;

/// Prints a perft count, after the count below each first move when `rows` is given, and the
/// speed since `start` on stderr.
pub(crate) fn report_perft(
    depth: u32,
    start: Instant,
    rows: Option<Vec<(String, u64)>>,
    count: impl FnOnce() -> u64,
    cores: &str,
) -> Result<(), CliError> {
    let nodes = match rows {
        Some(mut rows) => {
            rows.sort();
            for (mv, n) in &rows {
                outln!("{mv}: {n}");
            }
            outln!();
            if depth == 0 {
                1
            } else {
                rows.iter().map(|r| r.1).sum()
            }
        }
        None => count(),
    };
    let secs = start.elapsed().as_secs_f64();
    outln!("{nodes}");
    eprintln!(
        "perft {depth}: {nodes} nodes in {secs:.3} s, {:.1} M nodes/s ({cores})",
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}

/// Runs `zonal perft` for the game `G`.
pub fn run<G: GameDef>(args: PerftArgs) -> Result<(), CliError> {
    let PerftArgs {
        depth,
        pos,
        id,
        index,
        divide,
        parallel,
    } = args;
    let p = position::<G>(&PosArg { pos, id, index })?;
    let start = Instant::now();
    let rows = divide.then(|| {
        G::divide(&p, depth)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect()
    });
    if parallel {
        report_perft(
            depth,
            start,
            rows,
            || G::perft_parallel(&p, depth),
            "all cores",
        )
    } else {
        report_perft(depth, start, rows, || G::perft(&p, depth), "one core")
    }
}
