//! A simple integer evaluation of Jungle positions, in cp from the side to move's view. A first
//! version for the search; it is meant to be refined.
//!
//! Three terms, each White's minus Black's, the sum negated for Black to move:
//! - **material**: each piece by its rank, `100 * strength` (cat 200 ... elephant 800), except
//!   the rat, which counts 250 (it alone swims and takes the elephant);
//! - **advance**: for each piece, `advance` cp per step it has come closer to the enemy den:
//!   `(11 - Manhattan distance to the enemy den) * advance` (11 is the farthest any square is);
//! - **rat in water**: `rat_in_water` cp for a rat on a water square (safe there, and it blocks
//!   the enemy lion's and tiger's jumps).

use crate::animal::Animal;
use crate::geometry::{DEN, WATER};
use crate::position::Position;
use zonal_board::Side;

/// The evaluation's weights, cp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Value of each animal, weakest (rat) first.
    pub material: [i32; 8],
    /// Per step closer to the enemy den, per piece.
    pub advance: i32,
    /// A rat standing in water.
    pub rat_in_water: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            material: [250, 200, 300, 400, 500, 600, 700, 800],
            advance: 8,
            rat_in_water: 30,
        }
    }
}

/// The Manhattan distance between two squares of the 7x9 board.
pub const fn distance(a: u8, b: u8) -> u32 {
    let (fa, ra) = (a % 7, a / 7);
    let (fb, rb) = (b % 7, b / 7);
    fa.abs_diff(fb) as u32 + ra.abs_diff(rb) as u32
}

/// The evaluation of `side`'s pieces alone (material, advance, rat in water).
pub fn side_score(pos: &Position, side: Side, w: &Weights) -> i32 {
    let den = DEN[side.other() as usize].trailing_zeros() as u8;
    let mut score = 0;
    for animal in Animal::ALL {
        let set = pos.pieces(side, animal);
        if set == 0 {
            continue;
        }
        let sq = set.trailing_zeros() as u8;
        score += w.material[animal as usize];
        score += w.advance * (11 - distance(sq, den) as i32);
        if set & WATER != 0 {
            score += w.rat_in_water;
        }
    }
    score
}

/// The evaluation of `pos` for the side to move.
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let us = pos.side_to_move();
    side_score(pos, us, w) - side_score(pos, us.other(), w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_balanced_and_terms_add_up() {
        let w = Weights::default();
        assert_eq!(evaluate(&Position::startpos(), &w), 0);
        // A lone white rat on c5 (water): 250 + 8 * (11 - (1 + 4)) + 30 = 328; the black cat on
        // a9: 200 + 8 * (11 - (3 + 8)) = 200.
        let pos: Position = "c6/7/7/7/2R4/7/7/7/7 w".parse().unwrap();
        assert_eq!(side_score(&pos, Side::White, &w), 328);
        assert_eq!(side_score(&pos, Side::Black, &w), 200);
        assert_eq!(evaluate(&pos, &w), 128);
        let pos: Position = "c6/7/7/7/2R4/7/7/7/7 b".parse().unwrap();
        assert_eq!(evaluate(&pos, &w), -128);
        assert_eq!(distance(0, 62), 14);
    }
}
