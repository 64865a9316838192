//! `zonal bench`: the headline figures on a fixed built-in set of positions.
//!
//! Wall-clock figures for a quick look on the machine at hand (criterion benches in `benches/`
//! give the careful ones): perft speed, force maps, the full mathematical projection, the
//! incremental update against a rebuild, zone-guided against full-width search nodes, the
//! zone-guided search with and without zone reuse, and batch analysis on one core and on all
//! cores.

use chess_t1::analysis::{AnalysisConfig, analyse_all};
use chess_t1::force::ForceMap;
use chess_t1::incremental::Tracker;
use chess_t1::perft::perft;
use chess_t1::position::Position;
use chess_t1::rules::ChessT1;
use chess_t1::sample;
use chess_t1::search::Mode;
use chess_t1::search::baseline::{BaselineConfig as SearchConfig, search};
use chess_t1::zone::{Projection, ZoneConfig};
use std::hint::black_box;
use std::time::Instant;

/// The depth a search reaches within a move time.
#[derive(Clone, Debug, serde::Serialize)]
pub struct TimedDepth {
    /// `full` or `zones`.
    pub mode: &'static str,
    /// The move time, ms.
    pub movetime_ms: u64,
    /// Depth of the last finished iteration from the start position.
    pub start_depth: u32,
    /// Nodes per second of that search.
    pub start_nps: u64,
    /// Median depth over the suite.
    pub suite_median: u32,
    /// Least depth over the suite.
    pub suite_least: u32,
    /// Nodes per second over the suite.
    pub suite_nps: u64,
}

/// The tactics suite, for the depth in a move time.
const SUITE: &str = include_str!("../../../../positions/tactics.t1");

/// The depth and speed of the engine within `ms` a move in `mode`, from the start and over the
/// suite (one search each, a new engine each, as the first move of a game).
fn timed_depth(mode: Mode, ms: u64) -> TimedDepth {
    let search = |pos: &Position| {
        let mut engine = chess_t1::search::Engine::new(chess_t1::search::EngineConfig {
            mode,
            ..chess_t1::search::EngineConfig::default()
        });
        let r = engine.search(pos, &[], &zonal_core::Limits::movetime(ms));
        (r.depth, r.nodes, r.time_ms.max(1))
    };
    let (start_depth, n, t) = search(&Position::startpos());
    let suite: Vec<Position> = chess_t1::posfile::parse_str(SUITE, "positions/tactics.t1")
        .map(|records| records.iter().map(|r| r.position).collect())
        .unwrap_or_default();
    let (mut depths, mut nodes, mut millis) = (Vec::new(), 0u64, 0u64);
    for pos in &suite {
        let (d, n, t) = search(pos);
        depths.push(d);
        nodes += n;
        millis += t;
    }
    depths.sort_unstable();
    TimedDepth {
        mode: mode.name(),
        movetime_ms: ms,
        start_depth,
        start_nps: n * 1000 / t,
        suite_median: depths.get(depths.len() / 2).copied().unwrap_or(0),
        suite_least: depths.first().copied().unwrap_or(0),
        suite_nps: nodes * 1000 / millis.max(1),
    }
}

/// The figures `zonal bench` reports.
#[derive(Clone, Debug, serde::Serialize)]
pub struct BenchReport {
    /// Threads available to rayon.
    pub threads: usize,
    /// Positions in the built-in set (random middlegames, fixed seed).
    pub positions: usize,
    /// Perft from the start position: depth, nodes, nodes per second (one core).
    pub perft: (u32, u64, f64),
    /// Прорыв perft from its start position: depth, nodes, nodes per second (one core).
    pub proryv_perft: (u32, u64, f64),
    /// Force map from scratch, nanoseconds per position.
    pub force_map_ns: f64,
    /// A force map brought up to date after a move, with both sides' superiority (what the
    /// search does at every node), nanoseconds per move.
    pub force_update_ns: f64,
    /// Full projection at horizon 4, microseconds per position (one thread).
    pub projection_us: f64,
    /// Incremental update after a move, microseconds (one thread).
    pub update_us: f64,
    /// Rebuild of the same positions from scratch, microseconds (one thread).
    pub rebuild_us: f64,
    /// rebuild / update.
    pub update_ratio: f64,
    /// Share of attack zones the updates took over unchanged.
    pub reuse_share: f64,
    /// Search to depth 4: nodes of the zone-guided search over the set.
    pub zone_nodes: u64,
    /// Search to depth 4: nodes of the full-width search over the set.
    pub full_nodes: u64,
    /// How often both searches choose the same move.
    pub same_best: usize,
    /// Zone-guided search to depth 4 over the set, building each node's projection from
    /// scratch: milliseconds (one thread).
    pub zone_search_ms: f64,
    /// The same search taking zones over from nearby nodes (`--reuse-zones`): milliseconds.
    pub zone_search_reuse_ms: f64,
    /// Share of the search's attack zones taken over from nearby nodes.
    pub search_reuse_share: f64,
    /// The evaluation ([`chess_t1::eval::evaluate`], full), nanoseconds per position.
    pub eval_ns: f64,
    /// The same with the force map known ([`chess_t1::eval::features_given`], as the search calls
    /// it), nanoseconds per position.
    pub eval_given_ns: f64,
    /// The engine's full-width search with the full evaluation, nodes per second on one core
    /// (each position searched to a fixed node count).
    pub engine_full_nps: f64,
    /// The engine's zone-guided search, nodes per second on one core (same node counts).
    pub engine_zone_nps: f64,
    /// The zone-guided search's time per node, microseconds.
    pub engine_zone_us_per_node: f64,
    /// Projections the zone-guided search built per search (the root's and those near it).
    pub engine_zone_projections: f64,
    /// The engine within a move time (200 ms, 50 with `--quick`), one core, full-width then
    /// zone-guided: from the start and over `positions/tactics.t1` (built into the binary).
    pub engine_timed: Vec<TimedDepth>,
    /// Batch analysis, positions per second on one thread (best of the rounds).
    pub batch_one: f64,
    /// Batch analysis, positions per second on all threads (best of the rounds).
    pub batch_all: f64,
}

fn one_thread<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    match rayon::ThreadPoolBuilder::new().num_threads(1).build() {
        Ok(pool) => pool.install(f),
        Err(_) => f(),
    }
}

/// Runs the built-in benchmark; `quick` uses fewer positions and a shallower perft.
pub fn run(quick: bool) -> BenchReport {
    let n = if quick { 4 } else { 16 };
    let positions: Vec<Position> = sample::middlegames(n, 2024);
    let depth = if quick { 4 } else { 5 };
    let start = Position::startpos();
    let t = Instant::now();
    let nodes = perft(&start, depth);
    let perft_nps = nodes as f64 / t.elapsed().as_secs_f64().max(1e-9);
    let proryv_depth = if quick { 4 } else { 5 };
    let t = Instant::now();
    let proryv_nodes = zonal_proryv::perft(&zonal_proryv::Position::startpos(), proryv_depth);
    let proryv_nps = proryv_nodes as f64 / t.elapsed().as_secs_f64().max(1e-9);

    let reps = 200;
    let t = Instant::now();
    for _ in 0..reps {
        for p in &positions {
            black_box(ForceMap::new(black_box(p).board()));
        }
    }
    let force_map_ns = t.elapsed().as_secs_f64() * 1e9 / (reps * positions.len()) as f64;
    // Every position's moves, each with the board after it.
    let played: Vec<_> = positions
        .iter()
        .flat_map(|p| {
            let map = ForceMap::new(p.board());
            p.generate_moves()
                .into_iter()
                .map(move |m| (*p.board(), *p.play(&m).board(), m, map))
        })
        .collect();
    let t = Instant::now();
    for _ in 0..reps / 10 {
        for (before, after, m, map) in &played {
            let mut map = *map;
            let changed =
                chess_t1::Bitboard::from_square(m.from) | chess_t1::Bitboard::from_square(m.to);
            map.update(before, black_box(after), changed);
            black_box(map.superiority_both(after));
        }
    }
    let force_update_ns =
        t.elapsed().as_secs_f64() * 1e9 / ((reps / 10) * played.len().max(1)) as f64;

    let config = ZoneConfig::default();
    let (projection_us, update_us, rebuild_us, reuse_share) = one_thread(|| {
        let t = Instant::now();
        for p in &positions {
            black_box(Projection::build(&ChessT1, p, &config));
        }
        let projection_us = t.elapsed().as_secs_f64() * 1e6 / positions.len() as f64;
        // Updates along the first legal moves of short random continuations.
        let mut rng = sample::Rng::new(7);
        let (mut update, mut rebuild, mut count) = (0.0, 0.0, 0usize);
        let (mut reused, mut built) = (0usize, 0usize);
        for p in &positions {
            let mut tracker = Tracker::new(&ChessT1, *p, config.clone());
            for ply in 0..8 {
                let legal = tracker.position().legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[rng.below(legal.len())];
                let t = Instant::now();
                tracker.play(&mv);
                let u = t.elapsed().as_secs_f64();
                let t = Instant::now();
                black_box(Projection::build(&ChessT1, tracker.position(), &config));
                let r = t.elapsed().as_secs_f64();
                if ply >= 2 {
                    update += u;
                    rebuild += r;
                    count += 1;
                    reused += tracker.stats().reused;
                    built += tracker.stats().rebuilt;
                }
            }
        }
        let count = count.max(1) as f64;
        (
            projection_us,
            update * 1e6 / count,
            rebuild * 1e6 / count,
            reused as f64 / (reused + built).max(1) as f64,
        )
    });

    let (mut zone_nodes, mut full_nodes, mut same_best) = (0, 0, 0);
    let (mut zone_search, mut zone_search_reuse) = (0.0, 0.0);
    let (mut reused, mut built) = (0usize, 0usize);
    for p in &positions {
        let zone_cfg = |reuse_zones| SearchConfig {
            depth: 4,
            mode: Mode::Zones,
            reuse_zones,
            ..SearchConfig::default()
        };
        let t = Instant::now();
        let zones = search(p, &zone_cfg(false));
        zone_search += t.elapsed().as_secs_f64();
        let t = Instant::now();
        let again = search(p, &zone_cfg(true));
        zone_search_reuse += t.elapsed().as_secs_f64();
        reused += again.zone_stats.reused;
        built += again.zone_stats.rebuilt;
        let full = search(
            p,
            &SearchConfig {
                depth: 4,
                mode: Mode::Full,
                ..SearchConfig::default()
            },
        );
        zone_nodes += zones.nodes;
        full_nodes += full.nodes;
        same_best += (zones.best == full.best) as usize;
    }

    let weights = chess_t1::eval::Weights::default();
    let t = Instant::now();
    for _ in 0..reps {
        for p in &positions {
            black_box(chess_t1::eval::evaluate(
                black_box(p),
                chess_t1::eval::Evaluation::Full,
                &weights,
            ));
        }
    }
    let eval_ns = t.elapsed().as_secs_f64() * 1e9 / (reps * positions.len()) as f64;
    let superiority: Vec<_> = positions
        .iter()
        .map(|p| ForceMap::new(p.board()).superiority_both(p.board()))
        .collect();
    let t = Instant::now();
    for _ in 0..reps {
        for (p, sup) in positions.iter().zip(&superiority) {
            let f = chess_t1::eval::features_given(black_box(p), *sup);
            black_box(chess_t1::eval::dot(&f, &weights));
        }
    }
    let eval_given_ns = t.elapsed().as_secs_f64() * 1e9 / (reps * positions.len()) as f64;
    let engine_nodes = if quick { 20_000 } else { 300_000 };
    let engine_run = |mode: Mode| {
        let (mut nodes, mut secs) = (0u64, 0.0f64);
        for p in &positions {
            let mut engine = chess_t1::search::Engine::new(chess_t1::search::EngineConfig {
                mode,
                ..chess_t1::search::EngineConfig::default()
            });
            let t = Instant::now();
            let r = engine.search(p, &[], &zonal_core::Limits::nodes(engine_nodes));
            secs += t.elapsed().as_secs_f64();
            nodes += r.nodes;
        }
        (nodes, secs)
    };
    let (full_n, full_s) = one_thread(|| engine_run(Mode::Full));
    let (zone_n, zone_s) = one_thread(|| engine_run(Mode::Zones));
    let zone_projections = one_thread(|| {
        let mut count = 0usize;
        for p in &positions {
            let mut engine =
                chess_t1::search::Engine::new(chess_t1::search::EngineConfig::default());
            engine.search(p, &[], &zonal_core::Limits::nodes(engine_nodes));
            count += engine.projections_built();
        }
        count
    });

    let movetime = if quick { 50 } else { 200 };
    let engine_timed = one_thread(|| {
        vec![
            timed_depth(Mode::Full, movetime),
            timed_depth(Mode::Zones, movetime),
        ]
    });

    let cfg = AnalysisConfig {
        horizon: 3,
        depth: Some(4),
        ..AnalysisConfig::default()
    };
    let batch: Vec<Position> = sample::middlegames(if quick { 8 } else { 32 }, 99);
    // A warm-up run, then rounds alternating one thread and all threads; the best round of each
    // counts (a shared machine's noise only ever slows a round down).
    black_box(analyse_all(&batch, &cfg, None, || {}));
    let rate = |jobs: Option<usize>| {
        let t = Instant::now();
        black_box(analyse_all(&batch, &cfg, jobs, || {}));
        batch.len() as f64 / t.elapsed().as_secs_f64().max(1e-9)
    };
    let (mut batch_one, mut batch_all) = (0.0f64, 0.0f64);
    for _ in 0..if quick { 1 } else { 5 } {
        batch_one = batch_one.max(rate(Some(1)));
        batch_all = batch_all.max(rate(None));
    }

    BenchReport {
        threads: rayon::current_num_threads(),
        positions: positions.len(),
        perft: (depth, nodes, perft_nps),
        proryv_perft: (proryv_depth, proryv_nodes, proryv_nps),
        force_map_ns,
        force_update_ns,
        projection_us,
        update_us,
        rebuild_us,
        update_ratio: rebuild_us / update_us.max(1e-9),
        reuse_share,
        zone_nodes,
        full_nodes,
        same_best,
        zone_search_ms: zone_search * 1e3,
        zone_search_reuse_ms: zone_search_reuse * 1e3,
        search_reuse_share: reused as f64 / (reused + built).max(1) as f64,
        eval_ns,
        eval_given_ns,
        engine_full_nps: full_n as f64 / full_s.max(1e-9),
        engine_zone_nps: zone_n as f64 / zone_s.max(1e-9),
        engine_zone_us_per_node: zone_s * 1e6 / zone_n.max(1) as f64,
        engine_zone_projections: zone_projections as f64 / positions.len() as f64,
        engine_timed,
        batch_one,
        batch_all,
    }
}

impl BenchReport {
    /// The figures as text.
    pub fn to_text(&self) -> String {
        let timed: String = self
            .engine_timed
            .iter()
            .map(|t| {
                format!(
                    "\nengine {:<5} movetime {} ms: depth {} from the start ({} nodes/s); on positions/tactics.t1 median depth {}, least {} ({} nodes/s)",
                    t.mode,
                    t.movetime_ms,
                    t.start_depth,
                    t.start_nps,
                    t.suite_median,
                    t.suite_least,
                    t.suite_nps
                )
            })
            .collect();
        let text = format!(
            "zonal bench ({} threads, {} middlegame positions)\n\
             perft {} from the start: {} nodes, {:.1} M nodes/s (one core)\n\
             Прорыв perft {} from the start: {} nodes, {:.1} M nodes/s (one core)\n\
             force map from scratch: {:.0} ns a position; updated after a move, with superiority: {:.0} ns\n\
             full projection, H=4: {:.0} us a position (one thread)\n\
             incremental update after a move: {:.0} us vs rebuild {:.0} us (ratio {:.2}; {:.0}% of attack zones reused)\n\
             search depth 4: zone-guided {} nodes, full-width {} nodes ({:.1}x fewer), same best move {}/{}\n\
             zone-guided search: {:.0} ms building every node's zones, {:.0} ms reusing zones of nearby nodes ({:.0}% taken over)\n\
             evaluation: {:.0} ns a position ({:.0} ns with the force map known, as in the search)\n\
             engine, full-width: {:.2} M nodes/s (one core)\n\
             engine, zone-guided: {:.2} M nodes/s, {:.2} us a node, {:.1} projections a search (one core)\n\
             batch analysis (H=3, depth 4): {:.1} positions/s on one thread, {:.1} on all ({:.2}x)",
            self.threads,
            self.positions,
            self.perft.0,
            self.perft.1,
            self.perft.2 / 1e6,
            self.proryv_perft.0,
            self.proryv_perft.1,
            self.proryv_perft.2 / 1e6,
            self.force_map_ns,
            self.force_update_ns,
            self.projection_us,
            self.update_us,
            self.rebuild_us,
            self.update_ratio,
            self.reuse_share * 100.0,
            self.zone_nodes,
            self.full_nodes,
            self.full_nodes as f64 / self.zone_nodes.max(1) as f64,
            self.same_best,
            self.positions,
            self.zone_search_ms,
            self.zone_search_reuse_ms,
            self.search_reuse_share * 100.0,
            self.eval_ns,
            self.eval_given_ns,
            self.engine_full_nps / 1e6,
            self.engine_zone_nps / 1e6,
            self.engine_zone_us_per_node,
            self.engine_zone_projections,
            self.batch_one,
            self.batch_all,
            self.batch_all / self.batch_one.max(1e-9),
        );
        text + &timed
    }
}
