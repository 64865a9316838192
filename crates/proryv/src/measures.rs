//! The source's own measures of a Прорыв position (docs/proryv.md §8): the King's degree of
//! freedom (D16) and the cost of coming closer to the target (D17).

use crate::geometry::{KING, bit, distance, rook_attacks};
use crate::position::Position;
use zonal_board::Side;

/// Own plies the approach cost looks ahead at most (D17).
pub const APPROACH_LIMIT: u32 = 6;

/// The squares `side`'s enemy rooks attack in `pos`.
pub(crate) fn attacked_by(pos: &Position, attacker: Side) -> u64 {
    let occ = pos.occupied();
    let mut rooks = pos.rooks(attacker);
    let mut out = 0;
    while rooks != 0 {
        let sq = rooks.trailing_zeros() as u8;
        rooks &= rooks - 1;
        out |= rook_attacks(sq, occ);
    }
    out
}

/// The King's degree of freedom (D16): the squares `side`'s King can walk to through empty
/// squares no enemy rook attacks, never stepping farther from its target, rooks frozen.
pub fn degree_of_freedom(pos: &Position, side: Side) -> u32 {
    let king = pos.king(side);
    let target = Position::target(side);
    let open = !pos.occupied() & !attacked_by(pos, side.other());
    let mut reached = 0u64;
    let mut frontier = vec![king];
    while let Some(sq) = frontier.pop() {
        let d = distance(sq, target);
        let mut next = KING[sq as usize] & open & !reached;
        while next != 0 {
            let to = next.trailing_zeros() as u8;
            next &= next - 1;
            if distance(to, target) <= d {
                reached |= bit(to);
                frontier.push(to);
            }
        }
    }
    (reached & !bit(king)).count_ones()
}

/// Positions the approach-cost search may visit before it gives up (the answer is then
/// [`Cost::Unknown`]).
pub const APPROACH_BUDGET: usize = 200_000;

/// An approach cost (D17).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// The fewest own plies.
    Plies(u32),
    /// Not within [`APPROACH_LIMIT`] plies (or the target is nearer than the steps asked, or the
    /// placement phase is on: "not applicable").
    Unreachable,
    /// The search met its [`APPROACH_BUDGET`] before it could decide.
    Unknown,
}

impl Cost {
    /// The plies, if known and reachable.
    pub const fn plies(self) -> Option<u32> {
        match self {
            Cost::Plies(n) => Some(n),
            _ => None,
        }
    }
}

/// The approach cost cost_k (D17): the fewest consecutive plies of `side` alone (the opponent
/// passing), each legal when made, after which its King stands at least `k` steps closer to its
/// target. Sequences through a position `side` has lost by contact at home are not counted.
///
/// Breadth-first over the side's own plies, exact: a position from which the King cannot make
/// the missing steps in the plies left (each step gains at most one) is not expanded.
pub fn approach_cost(pos: &Position, side: Side, k: u32) -> Cost {
    if pos.in_placement() {
        return Cost::Unreachable;
    }
    let target = Position::target(side);
    let Some(goal) = distance(pos.king(side), target).checked_sub(k) else {
        return Cost::Unreachable;
    };
    let Some(start) = pos.with_side_to_move(side) else {
        return Cost::Unreachable;
    };
    let mut layer = vec![start];
    let mut seen = rustc_hash::FxHashSet::default();
    seen.insert(start.repetition_key());
    for plies in 1..=APPROACH_LIMIT {
        let left = APPROACH_LIMIT - plies;
        let mut next_layer = Vec::new();
        for p in &layer {
            for next in p.plies_alone() {
                if next.lost_by_contact(side) {
                    continue;
                }
                let missing = distance(next.king(side), target).saturating_sub(goal);
                if missing == 0 {
                    return Cost::Plies(plies);
                }
                if missing > left || !seen.insert(next.repetition_key()) {
                    continue;
                }
                if seen.len() > APPROACH_BUDGET {
                    return Cost::Unknown;
                }
                next_layer.push(next);
            }
        }
        layer = next_layer;
    }
    Cost::Unreachable
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spec_examples() {
        let empty: Position = "7k/8/8/8/8/8/8/K7 w 0:0 0 30".parse().unwrap();
        assert_eq!(degree_of_freedom(&empty, Side::White), 62);
        assert_eq!(degree_of_freedom(&empty, Side::Black), 62);
        let pos: Position = "8/1r6/8/5K2/2k5/6R1/8/3R4 w 0:0 0 30".parse().unwrap();
        assert_eq!(degree_of_freedom(&pos, Side::White), 7);
        assert_eq!(degree_of_freedom(&pos, Side::Black), 2);
        assert_eq!(approach_cost(&pos, Side::White, 1), Cost::Plies(1));
        assert_eq!(approach_cost(&pos, Side::White, 2), Cost::Plies(3));
        assert_eq!(approach_cost(&pos, Side::Black, 1), Cost::Plies(3));
        assert_eq!(approach_cost(&pos, Side::Black, 2), Cost::Plies(4));
        assert_eq!(
            approach_cost(&Position::startpos(), Side::White, 1),
            Cost::Unreachable
        );
        // A King one step from its target cannot come two steps closer.
        let near: Position = "8/6K1/8/8/8/8/1k6/8 w 0:0 0 30".parse().unwrap();
        assert_eq!(approach_cost(&near, Side::White, 2), Cost::Unreachable);
        assert_eq!(approach_cost(&near, Side::White, 1), Cost::Plies(1));
    }
}
