//! The integer evaluation (cp), computed for the defenders and negated for the attackers. It is
//! cheap (slides and popcounts, no projection): the zones' ideas in their simplest form.
//!
//! | term | weight (default) | sign | idea |
//! |---|---|---|---|
//! | attacker on the board | 100 each | - | material |
//! | defender soldier on the board | 200 each | + | material (half as many as attackers) |
//! | corner the king reaches in 1 move (free line) | 300 each | + | the king's free trajectories |
//! | ... of those, no attacker can close the line in one move | 500 each | + | no negation in time |
//! | corner the king reaches in 2 moves, not in 1 | 40 each | + | the king's free trajectories |
//! | attacker next to the king | 40 each | - | the fight at the king (attackers' numbers tell) |
//! | attacker two steps from the king (not next to him) | 10 each | - | forcing the fight near the king |
//! | squares the king can move to | 3 each | + | the defenders cannot play passively |
//! | side to move | 10 | + | tempo |
//!
//! "Close the line in time": an attacker that reaches, in one slide, a square the king's line to
//! that corner passes over (the king's escape zone of length 1 and its first negations by
//! blockade, zones.md §3). Corners in 2 are counted with the king's two-slide reach through empty
//! squares, the attackers not replying.

use crate::geometry::Geometry;
use crate::position::{DEFENDERS, Position};
use crate::zones::between;

/// The evaluation's weights, cp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// An attacker on the board (counts for the attackers).
    pub attacker: i32,
    /// A defender soldier on the board (counts for the defenders; they have half as many).
    pub defender: i32,
    /// Each corner the king reaches in one move.
    pub corner_in_1: i32,
    /// Each corner the king reaches in one move that no attacker can close in one move.
    pub corner_unstoppable: i32,
    /// Each corner the king reaches in two moves but not in one.
    pub corner_in_2: i32,
    /// Each attacker next to the king (counts for the attackers).
    pub attacker_next_to_king: i32,
    /// Each attacker two steps from the king (counts for the attackers).
    pub attacker_near_king: i32,
    /// Each square the king can move to.
    pub king_mobility: i32,
    /// Being the side to move.
    pub tempo: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            attacker: 100,
            defender: 200,
            corner_in_1: 300,
            corner_unstoppable: 500,
            corner_in_2: 40,
            attacker_next_to_king: 40,
            attacker_near_king: 10,
            king_mobility: 3,
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

/// The king's free paths: the corners he reaches in one move, how many of those no attacker can
/// close in one move, and the corners he reaches in two moves but not in one.
pub fn king_paths(pos: &Position) -> (u32, u32, u32) {
    let g = Geometry::of(pos.rules().size());
    let k = pos.king();
    let occ = pos.occupied() & !(1u128 << k);
    let reach = g.slides(k, occ);
    let in_1 = reach & g.corners;
    let mut unstoppable = 0;
    if in_1 != 0 {
        // The attackers' one-slide reach (soldiers never stop on a corner; the lines between
        // the king and a corner are ordinary squares).
        let mut closing = 0u128;
        for a in crate::squares(pos.attackers()) {
            closing |= g.slides(a, pos.occupied());
        }
        for c in crate::squares(in_1) {
            if between(g, k, c) & closing == 0 {
                unstoppable += 1;
            }
        }
    }
    let mut two = 0u128;
    for s in crate::squares(reach & !g.corners) {
        two |= g.slides(s, occ);
    }
    let in_2 = two & g.corners & !in_1;
    (in_1.count_ones(), unstoppable, in_2.count_ones())
}

/// The names of the terms of [`defender_terms`].
pub const TERMS: [&str; 4] = [
    "material",
    "the king's corners",
    "attackers at the king",
    "the king's mobility",
];

/// Each term of the table for the defenders, cp, in the order of [`TERMS`] (the attackers'
/// pressure counted against them).
pub fn defender_terms(pos: &Position, w: &Weights) -> [i32; 4] {
    let g = Geometry::of(pos.rules().size());
    let material = w.defender * pos.defenders().count_ones() as i32
        - w.attacker * pos.attackers().count_ones() as i32;
    let (in_1, unstoppable, in_2) = king_paths(pos);
    let corners = w.corner_in_1 * in_1 as i32
        + w.corner_unstoppable * unstoppable as i32
        + w.corner_in_2 * in_2 as i32;
    let kb = 1u128 << pos.king();
    let next = g.spread(kb);
    let near = g.spread(next) & !next & !kb;
    let pressure = w.attacker_next_to_king * (next & pos.attackers()).count_ones() as i32
        + w.attacker_near_king * (near & pos.attackers()).count_ones() as i32;
    let mobility = w.king_mobility * g.slides(pos.king(), pos.occupied() & !kb).count_ones() as i32;
    [material, corners, -pressure, mobility]
}

/// The evaluation for the defenders, cp.
pub fn for_defenders(pos: &Position, w: &Weights) -> i32 {
    defender_terms(pos, w).iter().sum()
}

/// Each term for the side to move, named, with the tempo last; they add up to [`evaluate`].
pub fn terms(pos: &Position, w: &Weights) -> Vec<(&'static str, i32)> {
    let sign = if pos.side_to_move() == DEFENDERS {
        1
    } else {
        -1
    };
    let mut named: Vec<(&'static str, i32)> = TERMS
        .iter()
        .zip(defender_terms(pos, w))
        .map(|(&name, v)| (name, sign * v))
        .collect();
    named.push(("tempo", w.tempo));
    named
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
    fn the_terms_add_up_to_the_evaluation_along_random_games() {
        let w = Weights::default();
        let mut rng = zonal_core::rng::Rng::new(5);
        let mut checked = 0;
        for game in 0..12 {
            let mut pos = Position::start(Ruleset::ALL[game % 3]);
            for _ in 0..120 {
                let named = terms(&pos, &w);
                assert_eq!(named.len(), TERMS.len() + 1);
                let sum: i32 = named.iter().map(|&(_, v)| v).sum();
                assert_eq!(sum, evaluate(&pos, &w), "{pos}");
                checked += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.decided().is_some() {
                    break;
                }
                pos = pos.play(moves[rng.below(moves.len())]);
            }
        }
        assert!(checked > 1000, "{checked} positions");
    }

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
    fn king_paths_count_corners_and_closers() {
        // H12: a1 and i1 in one move; the attacker d4 closes b1-f1 (d4-d1), nothing closes h1;
        // a9 and i9 in two (g1-g9).
        let p: Position = "9/9/9/9/9/3a5/9/9/6k2 d seed".parse().unwrap();
        assert_eq!(king_paths(&p), (2, 1, 2));
        // King e5 on an empty board but for b1: all four corners in two moves (b1 blocks the
        // rank-1 route to a1, a5-a1 remains).
        let p: Position = "9/9/9/9/4k4/9/9/9/1a7 d seed".parse().unwrap();
        assert_eq!(king_paths(&p), (0, 0, 4));
    }

    #[test]
    fn terms_add_up() {
        let w = Weights::default();
        let start = Position::start(Ruleset::COPENHAGEN);
        // 12 defenders x 200 - 24 attackers x 100 = 0; no corner; no attacker near the king;
        // the king cannot move.
        assert_eq!(for_defenders(&start, &w), 0);
        assert_eq!(evaluate(&start, &w), 10);
        // H7 before the move: 3 attackers next to the king (d5, e4, e6), one two steps away
        // (none: i5 is four files away), 4 attackers; the king moves to f5 g5 h5 (3 squares); no
        // corner within two moves (f5-f1 and f5-f9 are not corners).
        let p: Position = "9/9/9/4a4/3ak3a/4a4/9/9/9 a seed".parse().unwrap();
        assert_eq!(king_paths(&p), (0, 0, 0));
        assert_eq!(for_defenders(&p, &w), -400 - 120 + 9);
        assert_eq!(evaluate(&p, &w), 10 + 511);
    }
}
