//! Deterministic sample positions for benchmarks and tests: random playouts from the start.
//!
//! ```
//! let positions = zonal::sample::middlegames(4, 1);
//! assert_eq!(positions.len(), 4);
//! assert_eq!(positions, zonal::sample::middlegames(4, 1)); // same seed, same positions
//! ```

use crate::position::Position;

/// A small deterministic xorshift64* generator (not for anything cryptographic).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

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
