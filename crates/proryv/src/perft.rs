//! Perft (D18): perft(0) = 1, perft(n) = sum of perft(n-1) over the legal plies; a finished
//! position has none; draws are ignored.

use crate::{Ply, Position};

/// The number of ply sequences of length `depth` from `pos` (bulk counting at the last ply).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_plies(),
        _ => {
            let mut total = 0;
            pos.for_each_legal(|_, next| total += perft(next, depth - 1));
            total
        }
    }
}

/// Perft split by the first ply, in the order of [`Position::legal_plies`].
pub fn divide(pos: &Position, depth: u32) -> Vec<(Ply, u64)> {
    let mut out = Vec::new();
    pos.for_each_legal(|ply, next| out.push((ply, perft(next, depth.saturating_sub(1)))));
    out
}
