//! Perft: counting the leaves of the move tree, the standard check of a move generator.
//!
//! Definition used here: perft(p, 0) = 1 and perft(p, d) = the sum of perft(child, d - 1) over
//! [`Position::generate_moves`]. A move that ends the game (King or castle captured) leads to a
//! position with no moves; a blockaded side has no moves; draw rules are ignored; each promotion
//! choice is a move of its own. The last ply is counted without making the moves (bulk counting).
//!
//! ```
//! use chess_t1::{perft::perft, Position};
//! assert_eq!(perft(&Position::startpos(), 1), 23);
//! ```

use crate::moves::Move;
use crate::position::Position;

/// Number of leaves at depth `depth`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(),
        _ => pos
            .generate_moves()
            .iter()
            .map(|mv| perft(&pos.play(mv), depth - 1))
            .sum(),
    }
}

/// Perft split by first move: each move with its leaf count at `depth` (at least 1), in
/// generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let depth = depth.max(1);
    pos.generate_moves()
        .into_iter()
        .map(|mv| (mv, perft(&pos.play(&mv), depth - 1)))
        .collect()
}

/// Perft with the first ply split across threads (rayon); same result as [`perft`].
pub fn perft_parallel(pos: &Position, depth: u32) -> u64 {
    use rayon::prelude::*;
    if depth < 3 {
        return perft(pos, depth);
    }
    pos.generate_moves()
        .par_iter()
        .map(|mv| perft(&pos.play(mv), depth - 1))
        .sum()
}
