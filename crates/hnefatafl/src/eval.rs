//! A simple integer evaluation, a starting point to be refined: material, the king's distance in
//! moves to the nearest corner, and the attackers next to the king. All terms are computed for the
//! defenders and negated for the attackers.

use crate::geometry::Geometry;
use crate::position::{DEFENDERS, Position};

/// The evaluation's weights, cp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// An attacker on the board (counts for the attackers).
    pub attacker: i32,
    /// A defender soldier on the board (counts for the defenders; they have half as many).
    pub defender: i32,
    /// The king one move from a corner (the attackers must block at once).
    pub corner_in_1: i32,
    /// The king two moves from a corner.
    pub corner_in_2: i32,
    /// The king three moves from a corner.
    pub corner_in_3: i32,
    /// Each attacker next to the king (counts for the attackers).
    pub attacker_next_to_king: i32,
    /// Being the side to move.
    pub tempo: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            attacker: 100,
            defender: 200,
            corner_in_1: 400,
            corner_in_2: 120,
            corner_in_3: 30,
            attacker_next_to_king: 40,
            tempo: 10,
        }
    }
}

/// The number of king moves (rook moves through empty squares, the attackers not replying) from
/// the king's square to the nearest corner, if it is at most `limit`.
pub fn king_corner_distance(pos: &Position, limit: u32) -> Option<u32> {
    let g = Geometry::of(pos.rules().size());
    let occ = pos.occupied() & !(1u128 << pos.king());
    let mut seen = 1u128 << pos.king();
    let mut frontier = seen;
    for d in 1..=limit {
        let mut next = 0;
        let mut f = frontier;
        while f != 0 {
            next |= g.slides(f.trailing_zeros(), occ);
            f &= f - 1;
        }
        if next & g.corners != 0 {
            return Some(d);
        }
        // Only squares a king can stop on continue (corners ended above).
        frontier = next & !seen;
        seen |= next;
        if frontier == 0 {
            return None;
        }
    }
    None
}

/// The evaluation for the defenders, cp.
pub fn for_defenders(pos: &Position, w: &Weights) -> i32 {
    let g = Geometry::of(pos.rules().size());
    let material = w.defender * pos.defenders().count_ones() as i32
        - w.attacker * pos.attackers().count_ones() as i32;
    let corner = match king_corner_distance(pos, 3) {
        Some(1) => w.corner_in_1,
        Some(2) => w.corner_in_2,
        Some(3) => w.corner_in_3,
        _ => 0,
    };
    let pressure = w.attacker_next_to_king
        * (g.spread(1u128 << pos.king()) & pos.attackers()).count_ones() as i32;
    material + corner - pressure
}

/// The evaluation for the side to move, cp.
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let s = for_defenders(pos, w);
    w.tempo
        + if pos.side_to_move() == DEFENDERS {
            s
        } else {
            -s
        }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ruleset;

    #[test]
    fn corner_distances() {
        // H12: the king on g1 reaches i1 in one move.
        let p: Position = "9/9/9/9/9/3a5/9/9/6k2 d seed".parse().unwrap();
        assert_eq!(king_corner_distance(&p, 3), Some(1));
        // The start: the king is walled in by his own soldiers.
        assert_eq!(
            king_corner_distance(&Position::start(Ruleset::COPENHAGEN), 3),
            None
        );
        // A king on e5 of an empty 9x9 board: two moves (e5-e1, e1-a1 ... e1-i1).
        let p: Position = "9/9/9/9/4k4/9/9/9/1a7 d seed".parse().unwrap();
        assert_eq!(king_corner_distance(&p, 3), Some(2));
    }

    #[test]
    fn terms_add_up() {
        let w = Weights::default();
        let start = Position::start(Ruleset::COPENHAGEN);
        // 12 defenders x 200 - 24 attackers x 100 = 0; no corner; no attacker next to the king.
        assert_eq!(for_defenders(&start, &w), 0);
        assert_eq!(evaluate(&start, &w), 10);
        // H7 before the move: 3 attackers next to the king (d5, e4, e6), 4 attackers, no soldier;
        // e5 -> e.g. e5... blocked on all but one side: corner distance 2 via f5? (f5 to f9 is
        // not a corner; f5-f1 then f1-... i1 is 2 moves: e5-f5? no, f5 is empty: e5-h5, h5-h1?
        // h1 is not a corner.) Compute: the term is what king_corner_distance says.
        let p: Position = "9/9/9/4a4/3ak3a/4a4/9/9/9 a seed".parse().unwrap();
        let d = king_corner_distance(&p, 3);
        assert_eq!(d, Some(3));
        assert_eq!(for_defenders(&p, &w), -400 + 30 - 120);
        assert_eq!(evaluate(&p, &w), 10 + 490);
    }
}
