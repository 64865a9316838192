//! `zonal bench`: headline figures on a fixed set of positions.

use crate::args::{BenchArgs, GameName};
use crate::output::{CliError, print_json};

/// `bench` for the games on the core's search, over [`ZoneDef`](zonal_analysis::ZoneDef).
pub(crate) mod generic {
    use crate::output::CliError;
    use crate::output::print_json;
    use zonal_analysis::ZoneDef;

    /// `zonal bench --game G`: perft from each start, the engine's nodes per second and depth
    /// reached in a fixed time from each start and on the suite, full-width and zone-guided,
    /// and what a projection costs (one core; [`zonal_analysis::bench`]).
    pub(crate) fn bench<G: ZoneDef>(quick: bool, json: bool) -> Result<(), CliError> {
        let b = zonal_analysis::bench::run::<G>(quick).map_err(CliError::input)?;
        if json {
            return print_json(&b);
        }
        outln!("{} bench (one core):", G::NAME);
        for r in &b.starts {
            outln!(
                "  {:<10} perft {} {} nodes, {:.1} M nodes/s",
                r.start,
                r.depth,
                r.nodes,
                r.nodes_per_second / 1e6,
            );
            for s in &r.search {
                let projections = if s.mode == "full" {
                    String::new()
                } else {
                    format!(
                        "; projections {} built, {} read again",
                        s.projections_built, s.projections_read_again
                    )
                };
                outln!(
                    "  {:<10} engine {:<5} movetime {} ms: depth {}, {} nodes in {} ms, {} nodes/s{projections}",
                    "",
                    s.mode,
                    s.movetime_ms,
                    s.depth,
                    s.nodes,
                    s.millis,
                    s.nodes_per_second
                );
            }
        }
        for s in &b.suite {
            outln!(
                "  {:<10} engine {:<5} movetime {} ms on {} positions: median depth {}, least {}, {} nodes/s",
                G::SUITE.0,
                s.mode,
                s.movetime_ms,
                s.positions,
                s.median_depth,
                s.min_depth,
                s.nodes_per_second
            );
        }
        outln!(
            "  evaluation on {} positions (starts, suite, middle games): {} ns a position",
            b.positions,
            b.eval_ns
        );
        for p in &b.projection {
            outln!(
                "  projection horizon {} ({}.{:02} zones a position): built {} us = {} full-width nodes; carried from the parent {} us = {} nodes, against {} us built anew at the same children (its copy {} us; {}% of the maps kept)",
                p.horizon,
                p.zones_x100 / 100,
                p.zones_x100 % 100,
                p.build_us,
                p.build_in_nodes,
                p.incremental_us,
                p.incremental_in_nodes,
                p.child_build_us,
                p.copy_us,
                p.reused_percent
            );
        }
        Ok(())
    }
}

/// Runs `zonal bench` for `game`.
pub fn run(game: GameName, args: BenchArgs) -> Result<(), CliError> {
    let BenchArgs { quick, json } = args;
    with_game!(
        game,
        chess => {
            let report = zonal_games::chess_t1::bench::run(quick);
            if json {
                print_json(&report)
            } else {
                outln!("{}", report.to_text());
                Ok(())
            }
        },
        G => generic::bench::<G>(quick, json),
    )
}
