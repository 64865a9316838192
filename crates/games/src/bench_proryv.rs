//! `zonal bench --game proryv`: headline figures of the second game on a fixed set of
//! positions (random games from the start, seeded): perft, the evaluation, the zones built from
//! scratch and kept up to date ply by ply, and the core's search.

use serde::Serialize;
use std::hint::black_box;
use std::time::Instant;
use zonal_core::rng::Rng;
use zonal_core::zone::IncrementalProjection;
use zonal_core::{Limits, Rules, search};
use zonal_proryv::play::Proryv as Play;
use zonal_proryv::zones::{ProryvZones, changed_squares, zones};
use zonal_proryv::{Position, perft};

/// The figures.
#[derive(Clone, Debug, Serialize)]
pub struct ProryvBench {
    /// The game.
    pub game: &'static str,
    /// Positions of the set (phase 2, from random games).
    pub positions: usize,
    /// Perft from the start: depth, nodes, nodes per second (one core, bulk counting).
    pub perft: (u32, u64, f64),
    /// The evaluation, nanoseconds a position.
    pub eval_ns: f64,
    /// Zones of both Kings at horizon 6 built from scratch, microseconds a position.
    pub zones_us: f64,
    /// The same kept up to date along the plies of the games, microseconds a position.
    pub zones_incremental_us: f64,
    /// Share of the rooks' distance maps the incremental projection found in its cache (built
    /// earlier in the same projection or kept from the ply before).
    pub maps_reused: f64,
    /// The core's search, nodes per second (one core, fixed node count a position).
    pub search_nps: f64,
}

/// Plays seeded random games and keeps their phase-2 positions (in game order, so that each
/// follows from the one before by one ply within a game).
fn games(count: usize, plies: usize) -> Vec<Vec<Position>> {
    let mut rng = Rng::new(11);
    (0..count)
        .map(|_| {
            let mut pos = Position::startpos();
            let mut line = Vec::new();
            for _ in 0..plies {
                let legal = pos.legal_plies();
                if legal.is_empty() || pos.is_over() {
                    break;
                }
                pos = pos.play(&legal[rng.below(legal.len())]);
                if !pos.in_placement() && !pos.is_over() {
                    line.push(pos);
                }
            }
            line
        })
        .collect()
}

/// Runs the benchmark; `quick` uses fewer games and a shallower perft.
pub fn run(quick: bool) -> ProryvBench {
    let depth = if quick { 4 } else { 5 };
    let t = Instant::now();
    let nodes = perft(&Position::startpos(), depth);
    let perft_nps = nodes as f64 / t.elapsed().as_secs_f64().max(1e-9);

    let lines = games(if quick { 4 } else { 16 }, 60);
    let all: Vec<Position> = lines.iter().flatten().copied().collect();
    let rules = Play::default();
    let reps = 200;
    let t = Instant::now();
    for _ in 0..reps {
        for p in &all {
            black_box(rules.evaluate(black_box(p)));
        }
    }
    let eval_ns = t.elapsed().as_secs_f64() * 1e9 / (reps * all.len().max(1)) as f64;

    let h = 6;
    let t = Instant::now();
    for p in &all {
        black_box(zones(p, h));
    }
    let zones_us = t.elapsed().as_secs_f64() * 1e6 / all.len().max(1) as f64;
    let t = Instant::now();
    let (mut reused, mut built) = (0, 0);
    for line in &lines {
        let mut projection = IncrementalProjection::new();
        let mut previous = line.first().copied();
        for p in line {
            let changed = previous.map_or(0, |q| changed_squares(&q, p));
            black_box(projection.project(&ProryvZones, p, h, changed));
            previous = Some(*p);
        }
        reused += projection.stats.reused;
        built += projection.stats.built;
    }
    let zones_incremental_us = t.elapsed().as_secs_f64() * 1e6 / all.len().max(1) as f64;

    let per_search = if quick { 20_000 } else { 200_000 };
    let sample: Vec<&Position> = all.iter().step_by((all.len() / 8).max(1)).collect();
    let (mut searched, mut secs) = (0u64, 0.0f64);
    for p in &sample {
        let limits = Limits {
            depth: None,
            nodes: Some(per_search),
            movetime_ms: None,
        };
        let t = Instant::now();
        let r = search(&rules, p, &[], &limits);
        secs += t.elapsed().as_secs_f64();
        searched += r.nodes;
    }
    ProryvBench {
        game: "proryv",
        positions: all.len(),
        perft: (depth, nodes, perft_nps),
        eval_ns,
        zones_us,
        zones_incremental_us,
        maps_reused: reused as f64 / (reused + built).max(1) as f64,
        search_nps: searched as f64 / secs.max(1e-9),
    }
}

impl ProryvBench {
    /// The figures as text.
    pub fn to_text(&self) -> String {
        format!(
            "zonal bench --game proryv ({} positions of random games, phase 2)\n\
             perft {} from the start: {} nodes, {:.1} M nodes/s (one core)\n\
             evaluation: {:.0} ns a position\n\
             zones at horizon 6: {:.1} us a position from scratch, {:.1} us kept up to date ply by ply ({:.0}% of the rooks' distance maps found in the cache)\n\
             search: {:.2} M nodes/s (one core)",
            self.positions,
            self.perft.0,
            self.perft.1,
            self.perft.2 / 1e6,
            self.eval_ns,
            self.zones_us,
            self.zones_incremental_us,
            self.maps_reused * 100.0,
            self.search_nps / 1e6
        )
    }
}
