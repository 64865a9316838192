//! Deterministic sample positions for benchmarks and tests: random playouts from the start.
//!
//! ```
//! let positions = chess_t1::sample::middlegames(4, 1);
//! assert_eq!(positions.len(), 4);
//! assert_eq!(positions, chess_t1::sample::middlegames(4, 1)); // same seed, same positions
//! ```

use crate::position::Position;

pub use zonal_core::rng::Rng;

/// Plays up to `plies` random moves from `start` and returns the last position reached (the
/// game stops early when it ends). Captures are chosen half of the time when there are any.
pub fn playout(start: &Position, plies: usize, rng: &mut Rng) -> Position {
    let mut pos = *start;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let captures: Vec<_> = moves.iter().filter(|m| m.is_capture()).copied().collect();
        let mv = if !captures.is_empty() && rng.below(2) == 0 {
            captures[rng.below(captures.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        let next = pos.play(&mv);
        if next.status().is_over() {
            break;
        }
        pos = next;
    }
    pos
}

/// `n` middlegame positions: random playouts of 16 to 40 half-moves from the start that are
/// still going on and keep at least 24 pieces. Deterministic for a given `seed`.
pub fn middlegames(n: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let start = Position::startpos();
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let plies = 16 + rng.below(25);
        let pos = playout(&start, plies, &mut rng);
        if pos.board().occupied().len() >= 24 && !pos.status().is_over() {
            out.push(pos);
        }
    }
    out
}
