//! `zonal perft`: the leaves of the move tree, on one core or all.

use crate::args::{GameName, PerftArgs, PosArg, position};
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

/// `perft` for chess-t1.
pub(crate) mod chess {
    use crate::cmd::perft::report_perft;
    use crate::output::CliError;
    use chess_t1::perft;
    use chess_t1::position::Position;
    use std::time::Instant;

    pub(crate) fn perft_cmd(
        pos: &Position,
        depth: u32,
        divide: bool,
        parallel: bool,
    ) -> Result<(), CliError> {
        let start = Instant::now();
        let rows = divide.then(|| {
            perft::divide(pos, depth)
                .into_iter()
                .map(|(mv, n)| (mv.uci(), n))
                .collect()
        });
        let count = || {
            if parallel {
                perft::perft_parallel(pos, depth)
            } else {
                perft::perft(pos, depth)
            }
        };
        let cores = if parallel { "all cores" } else { "one core" };
        report_perft(depth, start, rows, count, cores)
    }
}

/// `perft` for the games on the core's search, over [`GameDef`](zonal_analysis::GameDef).
pub(crate) mod generic {
    use zonal_analysis::GameDef;

    /// Leaves counted to `depth` with the root's moves shared out over all cores: the count of
    /// [`GameDef::perft`], which counts each root move's subtree.
    pub(crate) fn perft_parallel<G: GameDef>(pos: &G::Position, depth: u32) -> u64 {
        use rayon::prelude::*;
        use zonal_core::Rules as _;
        let rules = G::rules(pos);
        if depth < 2 || rules.terminal(pos).is_some() {
            return G::perft(pos, depth);
        }
        let mut moves = Vec::new();
        rules.moves(pos, &mut moves);
        let children: Vec<G::Position> = moves.into_iter().map(|mv| rules.play(pos, mv)).collect();
        children.par_iter().map(|c| G::perft(c, depth - 1)).sum()
    }
}

/// Runs `zonal perft` for `game`.
pub fn run(game: GameName, args: PerftArgs) -> Result<(), CliError> {
    let PerftArgs {
        depth,
        pos,
        id,
        index,
        divide,
        parallel,
    } = args;
    let arg = PosArg { pos, id, index };
    with_game!(
        game,
        chess => chess::perft_cmd(&arg.resolve()?, depth, divide, parallel),
        G => core::<G>(&arg, depth, divide, parallel),
    )
}

/// `zonal perft` for a game of the core's search.
pub(crate) fn core<G: GameDef>(
    arg: &PosArg,
    depth: u32,
    divide: bool,
    parallel: bool,
) -> Result<(), CliError> {
    let p = position::<G>(arg)?;
    let start = std::time::Instant::now();
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
            || generic::perft_parallel::<G>(&p, depth),
            "all cores",
        )
    } else {
        report_perft(depth, start, rows, || G::perft(&p, depth), "one core")
    }
}
