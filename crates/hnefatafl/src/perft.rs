//! Perft (spec §11): perft(0) = 1, perft(n) is the sum of perft(n-1) over the legal moves; a move
//! that ends the game leads to a position without moves; repetition and the move limit are
//! ignored.

use crate::{Move, Position};

/// The number of move sequences of length `depth` from `pos` (bulk counting at the last ply).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(),
        _ => {
            let mut total = 0;
            pos.for_each_move(|mv| total += perft(&pos.play(mv), depth - 1));
            total
        }
    }
}

/// Perft split by the first move, in the order of [`Position::legal_moves`].
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut out = Vec::new();
    pos.for_each_move(|mv| out.push((mv, perft(&pos.play(mv), depth.saturating_sub(1)))));
    out
}
