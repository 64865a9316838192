//! Fits the evaluation weights to the results of zonal's own games (Texel's method).
//!
//! 1. Plays `GAMES` self-play games from random openings (4-8 random half-moves from the start)
//!    with the engine at a fixed node count per move (so the run is reproducible), on all cores.
//! 2. Keeps the quiet positions of each game (from the 10th half-move on, not after a capture,
//!    the side to move not in danger), labelled with the game's result for the side to move.
//! 3. Fits `P(win) = 1 / (1 + 10^(-K·eval/400))`: first K for the current weights, then each
//!    non-material weight in turn by integer steps while the mean squared error falls.
//!
//! ```sh
//! cargo run --release --example texel -- [GAMES] [NODES_PER_MOVE]
//! ```
//! Prints the fitted weights as `name=value` lines and the error before and after. The weights
//! are written into `DEFAULT_WEIGHTS` in `crates/chess-t1/src/eval.rs` by hand, with the figures in NOTES.md.
//! The fitting uses floats: it is a tool, not part of the evaluation, which stays integer.

use chess_t1::eval::{self, TERM_COUNT, TERMS, Weights};
use chess_t1::sample::{Rng, playout};
use chess_t1::search::{Engine, EngineConfig, Limits, Mode};
use chess_t1::{Game, Position, Status};
use rayon::prelude::*;

struct Sample {
    features: [i32; TERM_COUNT],
    /// 1 win, 0.5 draw, 0 loss for the side to move.
    result: f64,
}

fn play(seed: u64, nodes: u64) -> Vec<Sample> {
    let mut rng = Rng::new(seed);
    let start = playout(&Position::startpos(), 4 + rng.below(5), &mut rng);
    let mut game = Game::new(start);
    let mut engine = Engine::new(EngineConfig {
        mode: Mode::Full,
        hash_mb: 4,
        ..EngineConfig::default()
    });
    let mut keys = Vec::new();
    let mut kept: Vec<(Position, chess_t1::Color)> = Vec::new();
    for ply in 0..400 {
        if game.status().is_over() {
            break;
        }
        let pos = *game.position();
        let r = engine.search(&pos, &keys, &Limits::nodes(nodes));
        let Some(mv) = r.best else { break };
        if ply >= 10
            && !mv.is_capture()
            && r.score_cp.abs() < 2000
            && !pos.in_check(pos.side_to_move())
        {
            kept.push((pos, pos.side_to_move()));
        }
        keys.push(pos.repetition_key());
        if game.play(&mv).is_err() {
            break;
        }
    }
    let winner = match game.status() {
        Status::Won { winner, .. } => Some(winner),
        _ => None,
    };
    kept.into_iter()
        .map(|(pos, side)| Sample {
            features: eval::features(&pos),
            result: match winner {
                Some(w) if w == side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
        })
        .collect()
}

/// Largest weight a positional term may take (cp per unit of feature): a guard against
/// fitting noise (a term worth more than a Ritter per unit is not positional any more).
const LIMIT: i32 = 200;

fn error(samples: &[Sample], w: &Weights, k: f64) -> f64 {
    samples
        .par_iter()
        .map(|s| {
            let e = eval::dot(&s.features, w) as f64;
            let p = 1.0 / (1.0 + 10f64.powf(-k * e / 400.0));
            (s.result - p).powi(2)
        })
        .sum::<f64>()
        / samples.len() as f64
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let nodes: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(4000);
    let t = std::time::Instant::now();
    let samples: Vec<Sample> = (0..games)
        .into_par_iter()
        .flat_map(|g| play(1000 + g, nodes))
        .collect();
    let wins = samples.iter().filter(|s| s.result == 1.0).count();
    let draws = samples.iter().filter(|s| s.result == 0.5).count();
    eprintln!(
        "{games} games, {} positions ({wins} won for the side to move, {draws} drawn) in {:.0} s",
        samples.len(),
        t.elapsed().as_secs_f64()
    );
    let mut w = Weights::default();
    // K for the current weights.
    let mut k = 1.0;
    let mut best = error(&samples, &w, k);
    for step in [0.5, 0.1, 0.02] {
        loop {
            let up = error(&samples, &w, k + step);
            let down = error(&samples, &w, (k - step).max(0.01));
            if up < best {
                k += step;
                best = up;
            } else if down < best {
                k = (k - step).max(0.01);
                best = down;
            } else {
                break;
            }
        }
    }
    let start_error = best;
    eprintln!("K = {k:.2}, error {best:.5} with the default weights");
    for pass in 0..4 {
        let mut improved = false;
        for (i, t) in TERMS.iter().enumerate() {
            if t.is_material() {
                continue;
            }
            for delta in [1, -1] {
                loop {
                    let mut trial = w;
                    trial.0[i] += delta * (1 + w.0[i].abs() / 10);
                    if trial.0[i].abs() > LIMIT {
                        break;
                    }
                    let e = error(&samples, &trial, k);
                    if e < best {
                        best = e;
                        w = trial;
                        improved = true;
                    } else {
                        break;
                    }
                }
            }
        }
        eprintln!("pass {pass}: error {best:.5}");
        if !improved {
            break;
        }
    }
    eprintln!("error {start_error:.5} -> {best:.5}");
    for (i, t) in TERMS.iter().enumerate() {
        println!("{}={}", t.name(), w.0[i]);
    }
}
