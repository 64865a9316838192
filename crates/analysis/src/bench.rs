//! `zonal bench`'s figures for a game on the core's search, measured on one core: perft from
//! each start, the engine's depth and nodes per second in a fixed time (full-width and
//! zone-guided), the same on the game's suite, what the evaluation costs, and what the
//! projection costs, counted in the full-width engine's nodes (docs/zones.md §5: the zones must
//! pay for the nodes they cost).

use crate::game::ZoneDef;
use crate::play::Searching;
use serde::Serialize;
use std::time::{Duration, Instant};
use zonal_board::SquareSet;
use zonal_core::zone::{IncrementalProjection, ZoneGame, build};
use zonal_core::{Control, Limits, Rules};

/// One search of a start in a fixed time.
#[derive(Clone, Debug, Serialize)]
pub struct Searched {
    /// `full` or `zones`.
    pub mode: &'static str,
    /// The time given.
    pub movetime_ms: u64,
    /// The depth the last finished iteration reached.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The time taken.
    pub millis: u64,
    /// Nodes a second.
    pub nodes_per_second: u64,
    /// Projections the zone narrowing built (0 full-width).
    pub projections_built: u64,
    /// Nodes the zone narrowing narrowed with a projection built earlier in the same search,
    /// read again when a later iteration came back to them (0 full-width).
    pub projections_read_again: u64,
}

/// A start's figures.
#[derive(Clone, Debug, Serialize)]
pub struct StartRow {
    /// The start's name.
    pub start: &'static str,
    /// The deepest perft that stays within the time (about 0.5 s; 0.05 s quick).
    pub depth: u32,
    /// Its leaves.
    pub nodes: u64,
    /// Its leaves a second.
    pub nodes_per_second: f64,
    /// The engine from the start, full-width and zone-guided.
    pub search: Vec<Searched>,
}

/// The engine on the game's suite.
#[derive(Clone, Debug, Serialize)]
pub struct SuiteRow {
    /// `full` or `zones`.
    pub mode: &'static str,
    /// Positions searched.
    pub positions: usize,
    /// The time given to each.
    pub movetime_ms: u64,
    /// The median depth reached.
    pub median_depth: u32,
    /// The least depth reached.
    pub min_depth: u32,
    /// Nodes a second over the suite.
    pub nodes_per_second: u64,
}

/// What the projection costs on a set of positions (the starts and the suite's).
#[derive(Clone, Debug, Serialize)]
pub struct ProjectionCost {
    /// The horizon, half-moves.
    pub horizon: i32,
    /// Positions measured.
    pub positions: usize,
    /// Zones a position, on average (hundredths).
    pub zones_x100: u64,
    /// A projection built from nothing, microseconds (mean).
    pub build_us: u64,
    /// The projection of a position after a move, carried from the one before
    /// ([`IncrementalProjection`]), microseconds (mean over up to 16 moves a position).
    pub incremental_us: u64,
    /// The same children's projections built from nothing, microseconds (mean): what carrying
    /// saves is this less [`ProjectionCost::incremental_us`] (the children differ from the
    /// positions of [`ProjectionCost::build_us`]: the other side moves, other zones).
    pub child_build_us: u64,
    /// Of [`ProjectionCost::incremental_us`], the copy of the parent's maps (microseconds): a
    /// search carrying the projection down its path pays it at every node (or an undo).
    pub copy_us: u64,
    /// Of the distance maps the carried projections needed, the share kept from the parent
    /// (percent).
    pub reused_percent: u64,
    /// A build in nodes of the full-width engine (at its mean nodes a second from the starts).
    pub build_in_nodes: u64,
    /// A carried projection in nodes of the full-width engine.
    pub incremental_in_nodes: u64,
}

/// Every figure of `zonal bench` for one game.
#[derive(Clone, Debug, Serialize)]
pub struct Bench {
    /// The game's id.
    pub game: &'static str,
    /// Positions the evaluation and the projection are measured on: the starts, the suite's
    /// (four when quick) and the middle games of seeded random games (24 random plies from
    /// the first start; 4 when quick, else 16).
    pub positions: usize,
    /// The evaluation, nanoseconds a position.
    pub eval_ns: u64,
    /// Each start's.
    pub starts: Vec<StartRow>,
    /// The suite's, full-width then zone-guided.
    pub suite: Vec<SuiteRow>,
    /// The projection's cost at the game's horizon and at 2 (the root's order in play).
    pub projection: Vec<ProjectionCost>,
}

/// The mean time of `f` in microseconds, run until `budget` is spent (at least once).
fn mean_us(budget: Duration, mut f: impl FnMut()) -> f64 {
    let t = Instant::now();
    let mut runs = 0u32;
    while runs == 0 || t.elapsed() < budget {
        f();
        runs += 1;
    }
    t.elapsed().as_secs_f64() * 1e6 / f64::from(runs)
}

/// The projection's cost at `horizon` on `positions`, against the full-width engine's `nps`.
pub fn projection_cost<G: ZoneDef>(
    positions: &[G::Position],
    horizon: i32,
    nps: u64,
    quick: bool,
) -> ProjectionCost {
    let zones = G::zone_game();
    let budget = Duration::from_millis(if quick { 5 } else { 40 });
    let (mut build_us, mut carried_us, mut carried, mut count) = (0.0, 0.0, 0u32, 0usize);
    let mut child_build_us = 0.0;
    let mut copy_us = 0.0;
    let (mut built_maps, mut reused_maps) = (0usize, 0usize);
    for pos in positions {
        count += build(&zones, pos, horizon).zones.len();
        build_us += mean_us(budget, || {
            std::hint::black_box(build(&zones, pos, horizon));
        });
        let mut parent = IncrementalProjection::new();
        parent.project(&zones, pos, horizon, <G::Zones as ZoneGame>::Set::EMPTY);
        copy_us += mean_us(budget / 8, || {
            std::hint::black_box(parent.clone());
        });
        for mv in G::legal_moves(pos).into_iter().take(16) {
            let mut game = G::new_game(*pos);
            if G::play_text(&mut game, &mv.to_string()).is_err() {
                continue;
            }
            let child = G::current(&game);
            let changed = G::changed_squares(pos, &child);
            let mut last = parent.clone();
            carried_us += mean_us(budget / 8, || {
                last = parent.clone();
                std::hint::black_box(last.project(&zones, &child, horizon, changed));
            });
            child_build_us += mean_us(budget / 8, || {
                std::hint::black_box(build(&zones, &child, horizon));
            });
            let fresh = parent.stats;
            built_maps += last.stats.built - fresh.built;
            reused_maps += last.stats.reused - fresh.reused;
            carried += 1;
        }
    }
    let n = positions.len().max(1) as f64;
    let build_us = build_us / n;
    let per_child = |us: f64| {
        if carried == 0 {
            0.0
        } else {
            us / f64::from(carried)
        }
    };
    let incremental_us = per_child(carried_us);
    let in_nodes = |us: f64| (us * nps as f64 / 1e6).round() as u64;
    ProjectionCost {
        horizon,
        positions: positions.len(),
        zones_x100: (count * 100 / positions.len().max(1)) as u64,
        build_us: build_us.round() as u64,
        incremental_us: incremental_us.round() as u64,
        child_build_us: per_child(child_build_us).round() as u64,
        copy_us: (copy_us / n).round() as u64,
        reused_percent: (reused_maps * 100 / (built_maps + reused_maps).max(1)) as u64,
        build_in_nodes: in_nodes(build_us),
        incremental_in_nodes: in_nodes(incremental_us),
    }
}

/// `zonal bench --game G`'s figures (`quick`: fewer positions, shorter times).
pub fn run<G: ZoneDef>(quick: bool) -> Result<Bench, String> {
    let movetime = if quick { 50 } else { 200 };
    let limits = Limits {
        movetime_ms: Some(movetime),
        ..Limits::default()
    };
    let search = |pos: &G::Position, full: bool| {
        let mut searching = Searching::engine(G::HORIZON);
        searching.full = full;
        let t = Instant::now();
        let (r, counts) =
            searching.run::<G>(&G::rules(pos), pos, &[], &limits, &Control::default());
        (r, counts, t.elapsed().as_millis() as u64)
    };
    let mut starts = Vec::new();
    let mut positions = Vec::new();
    for &(name, _) in G::STARTS {
        let Some(pos) = G::start(name) else { continue };
        positions.push(pos);
        // The deepest perft that stays within a second or so.
        let mut depth = 1;
        let (nodes, secs) = loop {
            let t = Instant::now();
            let nodes = G::perft(&pos, depth);
            let secs = t.elapsed().as_secs_f64();
            if secs > if quick { 0.05 } else { 0.5 } || depth >= 8 {
                break (nodes, secs);
            }
            depth += 1;
        };
        let searched = [true, false]
            .into_iter()
            .map(|full| {
                let (r, counts, millis) = search(&pos, full);
                Searched {
                    mode: if full { "full" } else { "zones" },
                    movetime_ms: movetime,
                    depth: r.depth,
                    nodes: r.nodes,
                    millis,
                    nodes_per_second: r.nodes.saturating_mul(1000) / millis.max(1),
                    projections_built: counts.built,
                    projections_read_again: counts.reused,
                }
            })
            .collect();
        starts.push(StartRow {
            start: name,
            depth,
            nodes,
            nodes_per_second: nodes as f64 / secs.max(1e-9),
            search: searched,
        });
    }
    // The engine on the game's suite: the depth each search reaches in the same time.
    let on_suite: Vec<G::Position> = G::parse_file(G::SUITE.1, G::SUITE.0)?
        .into_iter()
        .map(|r| r.position)
        .take(if quick { 4 } else { usize::MAX })
        .collect();
    let mut suite = Vec::new();
    for full in [true, false] {
        let (mut depths, mut nodes, mut millis) = (Vec::new(), 0u64, 0u64);
        for pos in &on_suite {
            let (r, _, ms) = search(pos, full);
            millis += ms;
            nodes += r.nodes;
            depths.push(r.depth);
        }
        depths.sort_unstable();
        suite.push(SuiteRow {
            mode: if full { "full" } else { "zones" },
            positions: on_suite.len(),
            movetime_ms: movetime,
            median_depth: depths.get(depths.len() / 2).copied().unwrap_or(0),
            min_depth: depths.first().copied().unwrap_or(0),
            nodes_per_second: nodes.saturating_mul(1000) / millis.max(1),
        });
    }
    positions.extend(on_suite.iter().copied());
    if let Some(first) = G::STARTS.first().and_then(|s| G::start(s.0)) {
        positions.extend(crate::positions::random_openings::<G>(
            first,
            if quick { 4 } else { 16 },
            24,
        ));
    }
    let eval_ns = {
        let rules: Vec<G::Rules> = positions.iter().map(G::rules).collect();
        let per = mean_us(Duration::from_millis(if quick { 5 } else { 50 }), || {
            for (r, pos) in rules.iter().zip(&positions) {
                std::hint::black_box(r.evaluate(std::hint::black_box(pos)));
            }
        });
        (per * 1000.0 / positions.len().max(1) as f64).round() as u64
    };
    // The full-width engine's speed from the starts (the suite's positions often end at once:
    // a win in one is found in a few nodes).
    let full: Vec<u64> = starts
        .iter()
        .flat_map(|r| r.search.iter().filter(|s| s.mode == "full"))
        .map(|s| s.nodes_per_second)
        .collect();
    let nps = full.iter().sum::<u64>() / full.len().max(1) as u64;
    let mut horizons = vec![G::HORIZON];
    if G::HORIZON != 2 {
        horizons.push(2);
    }
    let projection = horizons
        .into_iter()
        .map(|h| projection_cost::<G>(&positions, h, nps, quick))
        .collect();
    Ok(Bench {
        game: G::ID,
        positions: positions.len(),
        eval_ns,
        starts,
        suite,
        projection,
    })
}

/// `zonal bench` for the game `G` as its report: [`run`]'s figures as JSON, or as text.
pub fn report<G: ZoneDef>(quick: bool, json: bool) -> Result<String, String> {
    let b = run::<G>(quick)?;
    if json {
        return serde_json::to_string_pretty(&b)
            .map(|text| text + "\n")
            .map_err(|e| format!("cannot write JSON: {e}"));
    }
    let mut out = String::new();
    // A line of the report.
    macro_rules! wl {
        ($($arg:tt)*) => {{
            out.push_str(&format!($($arg)*));
            out.push('\n');
        }};
    }
    wl!("{} bench (one core):", G::NAME);
    for r in &b.starts {
        wl!(
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
            wl!(
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
        wl!(
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
    wl!(
        "  evaluation on {} positions (starts, suite, middle games): {} ns a position",
        b.positions,
        b.eval_ns
    );
    for p in &b.projection {
        wl!(
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
    Ok(out)
}
