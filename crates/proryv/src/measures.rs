//! The source's own measures of a Прорыв position (docs/proryv.md §8): the King's degree of
//! freedom (D16) and the cost of coming closer to the target (D17).

use crate::geometry::{KING, bit, distance, rook_attacks};
use crate::position::Position;
use zonal_board::Side;

/// Own plies the approach cost looks ahead at most (D17).
pub const APPROACH_LIMIT: u32 = 6;

/// The squares `side`'s enemy rooks attack in `pos`.
fn attacked_by(pos: &Position, attacker: Side) -> u64 {
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

/// The approach cost cost_k (D17): the fewest consecutive plies of `side` alone (the opponent
/// passing), each legal when made, after which its King stands at least `k` steps closer to its
/// target; `None` when more than [`APPROACH_LIMIT`] plies would be needed, when the target is
/// nearer than `k`, or in the placement phase. Sequences through a position `side` has lost by
/// contact at home are not counted.
pub fn approach_cost(pos: &Position, side: Side, k: u32) -> Option<u32> {
    if pos.in_placement() {
        return None;
    }
    let target = Position::target(side);
    let goal = distance(pos.king(side), target).checked_sub(k)?;
    let start = pos.with_side_to_move(side)?;
    let mut layer = vec![start];
    let mut seen = std::collections::HashSet::new();
    seen.insert(start.repetition_key());
    for plies in 1..=APPROACH_LIMIT {
        let mut next_layer = Vec::new();
        for p in &layer {
            for next in p.plies_alone() {
                if next.lost_by_contact(side) {
                    continue;
                }
                if distance(next.king(side), target) <= goal {
                    return Some(plies);
                }
                if seen.insert(next.repetition_key()) {
                    next_layer.push(next);
                }
            }
        }
        layer = next_layer;
    }
    None
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
        assert_eq!(approach_cost(&pos, Side::White, 1), Some(1));
        assert_eq!(approach_cost(&pos, Side::White, 2), Some(3));
        assert_eq!(approach_cost(&pos, Side::Black, 1), Some(3));
        assert_eq!(approach_cost(&pos, Side::Black, 2), Some(4));
        assert_eq!(approach_cost(&Position::startpos(), Side::White, 1), None);
    }
}
