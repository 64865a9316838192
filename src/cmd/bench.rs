//! `zonal bench`: headline figures on a fixed set of positions.

use crate::args::{BenchArgs, GameName};
use crate::output::{CliError, print_json};
use zonal_analysis::GameDef;

/// `bench` for the games on the core's search, over [`GameDef`](zonal_analysis::GameDef).
pub(crate) mod generic {
    use crate::output::CliError;
    use crate::output::print_json;
    use serde::Serialize;
    use std::time::Instant;
    use zonal_analysis::GameDef;
    use zonal_analysis::Searching;
    use zonal_core::{Control, Limits};

    /// `zonal bench --game G`: perft from each start, and the engine's nodes per second and depth
    /// reached in a fixed time from each start, full-width and zone-guided (one core).
    pub(crate) fn bench<G: GameDef>(quick: bool, json: bool) -> Result<(), CliError> {
        #[derive(Serialize)]
        struct Searched {
            mode: &'static str,
            movetime_ms: u64,
            depth: u32,
            nodes: u64,
            millis: u64,
            nodes_per_second: u64,
        }
        #[derive(Serialize)]
        struct Row {
            start: &'static str,
            depth: u32,
            nodes: u64,
            nodes_per_second: f64,
            search: Vec<Searched>,
        }
        let movetime = if quick { 50 } else { 200 };
        let mut rows = Vec::new();
        for &(name, _) in G::STARTS {
            let Some(pos) = G::start(name) else { continue };
            // The deepest perft that stays within a second or so.
            let mut depth = 1;
            let mut nodes;
            let mut secs;
            loop {
                let t = Instant::now();
                nodes = G::perft(&pos, depth);
                secs = t.elapsed().as_secs_f64();
                if secs > if quick { 0.05 } else { 0.5 } || depth >= 8 {
                    break;
                }
                depth += 1;
            }
            let limits = Limits {
                movetime_ms: Some(movetime),
                ..Limits::default()
            };
            let mut search = Vec::new();
            for full in [true, false] {
                let mut searching = Searching::engine(G::HORIZON);
                searching.full = full;
                let t = Instant::now();
                let r =
                    searching.run::<G>(&G::rules(&pos), &pos, &[], &limits, &Control::default());
                let millis = t.elapsed().as_millis() as u64;
                search.push(Searched {
                    mode: if full { "full" } else { "zones" },
                    movetime_ms: movetime,
                    depth: r.depth,
                    nodes: r.nodes,
                    millis,
                    nodes_per_second: r.nodes.saturating_mul(1000) / millis.max(1),
                });
            }
            rows.push(Row {
                start: name,
                depth,
                nodes,
                nodes_per_second: nodes as f64 / secs.max(1e-9),
                search,
            });
        }
        // The engine on the game's suite: the depth each search reaches in the same time.
        let suite: Vec<G::Position> = G::parse_file(G::SUITE.1, G::SUITE.0)
            .map_err(CliError::input)?
            .into_iter()
            .map(|r| r.position)
            .take(if quick { 4 } else { usize::MAX })
            .collect();
        let mut on_suite = Vec::new();
        for full in [true, false] {
            let mut searching = Searching::engine(G::HORIZON);
            searching.full = full;
            let (mut depths, mut nodes, mut millis) = (Vec::new(), 0u64, 0u64);
            for pos in &suite {
                let t = Instant::now();
                let r = searching.run::<G>(
                    &G::rules(pos),
                    pos,
                    &[],
                    &Limits {
                        movetime_ms: Some(movetime),
                        ..Limits::default()
                    },
                    &Control::default(),
                );
                millis += t.elapsed().as_millis() as u64;
                nodes += r.nodes;
                depths.push(r.depth);
            }
            depths.sort_unstable();
            on_suite.push(serde_json::json!({
                "mode": if full { "full" } else { "zones" },
                "positions": suite.len(),
                "movetime_ms": movetime,
                "median_depth": depths.get(depths.len() / 2).copied().unwrap_or(0),
                "min_depth": depths.first().copied().unwrap_or(0),
                "nodes_per_second": nodes.saturating_mul(1000) / millis.max(1),
            }));
        }
        if json {
            return print_json(
                &serde_json::json!({ "game": G::ID, "starts": rows, "suite": on_suite }),
            );
        }
        outln!("{} bench (one core):", G::NAME);
        for r in &rows {
            outln!(
                "  {:<10} perft {} {} nodes, {:.1} M nodes/s",
                r.start,
                r.depth,
                r.nodes,
                r.nodes_per_second / 1e6,
            );
            for s in &r.search {
                outln!(
                    "  {:<10} engine {:<5} movetime {} ms: depth {}, {} nodes in {} ms, {} nodes/s",
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
        for s in &on_suite {
            outln!(
                "  {:<10} engine {:<5} movetime {} ms on {} positions: median depth {}, least {}, {} nodes/s",
                G::SUITE.0,
                s["mode"].as_str().unwrap_or(""),
                movetime,
                s["positions"],
                s["median_depth"],
                s["min_depth"],
                s["nodes_per_second"]
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
        G => match G::bench_report(quick) {
            Some((report, _)) if json => print_json(&report),
            Some((_, text)) => {
                outln!("{text}");
                // The one engine's depth and speed, as every game's bench reports them.
                generic::bench::<G>(quick, false)
            }
            None => generic::bench::<G>(quick, json),
        },
    )
}
