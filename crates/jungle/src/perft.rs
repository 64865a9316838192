//! Perft (§9): perft(0) = 1, perft(n) = sum of perft(n-1) over the legal moves; a finished
//! position (a piece on the enemy den, a side without pieces) has none; repetition and the move
//! limit are ignored.

use crate::{Move, Position};

/// The number of move sequences of length `depth` from `pos` (bulk counting at the last ply).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut total = 0;
            pos.for_each_legal(|_, next| total += perft(next, depth - 1));
            total
        }
    }
}

/// Perft split by the first move, in the order of [`Position::legal_moves`].
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut out = Vec::new();
    pos.for_each_legal(|mv, next| out.push((mv, perft(next, depth.saturating_sub(1)))));
    out
}
