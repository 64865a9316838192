//! Zones of Прорыв (docs/zones-games.md §2) on the core's zone builder ([`zonal_core::zone`]):
//! the King's race to its target and its captures of enemy rooks, each with the enemy rooks'
//! first negations in time (Botvinnik's label (-, z.1)).
//!
//! - **Race zone** (aim: goal): root = the King's shortest trajectory to its target square, when
//!   it fits the horizon (k <= k_max). A (-) rook negates a(i) by **control** when it reaches,
//!   within m(i) moves, a square from which it attacks a(i) along a clear line (the King may not
//!   step into check); by **blockade** when it reaches a(i) itself within m(i) (the King may still
//!   take a rook there that no other rook protects, so a blockade alone does not stop the zone).
//! - **Capture zone**: root = the King's shortest trajectory to an enemy rook's square; negated by
//!   the target's **protection** (another rook of its side reaching, within m(k), a square that
//!   attacks the target's square), by **control** of an inner square as above, and by the target's
//!   **retreat** (it has a legal move).
//!
//! The incremental projection of the core keeps the rooks' distance maps while no square of
//! their lines changes ([`ProryvZones::step_footprint`]); `tests/incremental.rs` checks it against
//! fresh builds along random games.
//!
//! **Second negations** ((+, z.2)): a (+) rook answers a rook's negation by a blockade, standing in
//! time on a square of its trajectory or on one its slide passes over (rooks never capture, so a
//! rook is stopped by nothing else).
//!
//! Not yet: linked and complex zones (immobilisation needs up to four pieces).

use crate::Position;
use crate::geometry::{KING, bit, rook_attacks};
use crate::steps::PieceSteps;
use zonal_board::{Shape, Side, SquareSet};
pub use zonal_core::zone::{Aim, AimKind, IncrementalProjection, Negation, NegationRole, Zone};
pub use zonal_core::zone::{Built, Complex, Gain, ZoneOutcome, outcomes};
use zonal_core::zone::{ComplexAim, ZoneGame, build};

/// Прорыв as the core's zone builder sees it.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProryvZones;

impl ZoneGame for ProryvZones {
    type Set = u64;
    type Position = Position;
    type Steps<'a> = PieceSteps;

    fn shape(&self, _pos: &Position) -> Shape {
        Shape::EIGHT
    }

    fn to_move(&self, pos: &Position) -> Side {
        pos.side_to_move()
    }

    fn has_zones(&self, pos: &Position) -> bool {
        !pos.in_placement() && pos.outcome().is_none()
    }

    fn occupied(&self, pos: &Position) -> u64 {
        pos.occupied()
    }

    /// The King is the only root: rooks never capture and have no goal.
    fn roots(&self, pos: &Position, side: Side) -> u64 {
        bit(pos.king(side))
    }

    /// Rooks stop a King; the enemy King never stands in its way (Kings may not touch).
    fn negators(&self, pos: &Position, side: Side) -> u64 {
        pos.rooks(side)
    }

    fn steps<'a>(&'a self, pos: &'a Position, sq: u32) -> Option<PieceSteps> {
        PieceSteps::of(pos, sq as u8).ok()
    }

    /// The King's target square first, then every enemy rook.
    fn aims(&self, pos: &Position, root: u32) -> Vec<Aim> {
        let side = if u32::from(pos.king(Side::White)) == root {
            Side::White
        } else {
            Side::Black
        };
        // The target square; while the enemy King stands on it (at home), stepping next to it
        // wins by contact (D11), so its empty neighbours are the goals.
        let target = Position::target(side);
        let goals = if pos.king(side.other()) == target {
            KING[usize::from(target)] & !pos.occupied()
        } else {
            bit(target)
        };
        let mut aims: Vec<Aim> = goals
            .squares()
            .map(|target| Aim {
                kind: AimKind::Goal,
                target,
            })
            .collect();
        let mut rooks = pos.rooks(side.other());
        while rooks != 0 {
            aims.push(Aim {
                kind: AimKind::Capture,
                target: rooks.trailing_zeros(),
            });
            rooks &= rooks - 1;
        }
        aims
    }

    /// A King is stopped on `a` from where a rook attacks `a` along a clear line (it may not
    /// step into check, nor take a protected rook). A rook cannot be stopped by control (rooks
    /// never capture and may stand where they are attacked): only by a blockade.
    fn control_line(&self, pos: &Position, stopper: u32, a: u32) -> u64 {
        let is_rook = (pos.rooks(Side::White) | pos.rooks(Side::Black)) & bit(stopper as u8) != 0;
        let (sf, sr, af, ar) = (stopper % 8, stopper / 8, a % 8, a / 8);
        if !is_rook || (sf != af && sr != ar) {
            return 0;
        }
        // The squares strictly between, along the rank or the file.
        let (df, dr) = (
            (af as i32 - sf as i32).signum(),
            (ar as i32 - sr as i32).signum(),
        );
        let mut line = 0;
        let (mut f, mut r) = (sf as i32 + df, sr as i32 + dr);
        while (f, r) != (af as i32, ar as i32) {
            line |= bit((r * 8 + f) as u8);
            f += df;
            r += dr;
        }
        line
    }

    fn stop_squares(
        &self,
        pos: &Position,
        stopper: u32,
        moving: u32,
        a: u32,
        occupied: u64,
    ) -> u64 {
        let stopper_is_rook =
            (pos.rooks(Side::White) | pos.rooks(Side::Black)) & bit(stopper as u8) != 0;
        let moving_is_king = [Side::White, Side::Black]
            .iter()
            .any(|&s| u32::from(pos.king(s)) == moving);
        if stopper_is_rook && moving_is_king {
            rook_attacks(a as u8, occupied) & !occupied
        } else {
            0
        }
    }

    /// A King may take an unprotected rook that blocks it, so a blockade alone does not stop a
    /// King; a rook cannot pass a piece.
    fn blockade_stops(&self, pos: &Position, moving: u32, _a: u32) -> bool {
        !Side::BOTH.iter().any(|&s| u32::from(pos.king(s)) == moving)
    }

    /// Immobilisation (§5): every enemy rook, to be surrounded on its empty orthogonal
    /// neighbours (an empty corner among them can be filled by a King only).
    fn complex_aims(&self, pos: &Position, side: Side) -> Vec<ComplexAim<u64>> {
        let mut out = Vec::new();
        let mut rooks = pos.rooks(side.other());
        while rooks != 0 {
            let t = rooks.trailing_zeros() as u8;
            rooks &= rooks - 1;
            let b = bit(t);
            let neighbours = ((b << 1) & !crate::geometry::FILE_A)
                | ((b >> 1) & !crate::geometry::FILE_H)
                | (b << 8)
                | (b >> 8);
            let empty = neighbours & !pos.occupied();
            if empty != 0 {
                out.push(ComplexAim {
                    target: u32::from(t),
                    fill: empty,
                    keep: neighbours & pos.occupied(),
                });
            }
        }
        out
    }

    /// The gains are the builder's defaults: reaching the target wins, a King capture or an
    /// immobilisation gains a rook. The other side to move: phase 2 only, and only where no King
    /// would stand in check.
    fn with_other_side_to_move(&self, pos: &Position) -> Option<Position> {
        pos.with_side_to_move(pos.side_to_move().other())
    }

    fn step_footprint(&self, pos: &Position, piece: u32, sq: u32) -> u64 {
        let occupied = pos.occupied() & !bit(piece as u8);
        rook_attacks(sq as u8, occupied) | KING[sq as usize] | bit(sq as u8)
    }
}

/// The projection of `pos` within horizon `h` half-moves: the zones of both sides (the Kings'
/// races and captures, the parts of immobilisations) and the immobilisations as complex zones.
pub fn project(pos: &Position, h: i32) -> Built {
    build(&ProryvZones, pos, h)
}

/// The zones of [`project`].
pub fn zones(pos: &Position, h: i32) -> Vec<Zone> {
    project(pos, h).zones
}

/// "King" or "rook": the piece on `sq`.
pub fn piece_name(pos: &Position, sq: u32) -> &'static str {
    if Side::BOTH.iter().any(|&s| u32::from(pos.king(s)) == sq) {
        "King"
    } else {
        "rook"
    }
}

/// The squares whose contents differ between two positions (what the incremental projection
/// needs to know of a ply).
pub fn changed_squares(before: &Position, after: &Position) -> u64 {
    Side::BOTH.iter().fold(0, |acc, &side| {
        acc | (before.rooks(side) ^ after.rooks(side))
            | (bit(before.king(side)) ^ bit(after.king(side)))
    })
}

/// A gain in words: `wins`, `+1 rook`, `0`.
pub fn gain_text(gain: Gain) -> String {
    match gain {
        Gain::Wins => "wins".to_string(),
        Gain::Material(0) => "0".to_string(),
        Gain::Material(n) => format!("{n:+} rook{}", if n.abs() == 1 { "" } else { "s" }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_open_race_and_a_controlled_one() {
        // E14: White's King g7 is one step from h8, nothing can stop it.
        let pos: Position = "8/6K1/8/8/8/8/1k6/8 w 0:0 0 30".parse().unwrap();
        let z = zones(&pos, 4);
        let race = z
            .iter()
            .find(|z| z.side == Side::White && z.aim.kind == AimKind::Goal)
            .unwrap();
        assert_eq!(race.root, vec![54, 63]);
        assert!(race.is_open());
        let built = project(&pos, 4);
        let (zone_outcomes, _) = outcomes(&ProryvZones, &pos, &built, 4);
        assert_eq!(zone_outcomes[race.index].now, Gain::Wins);
        // With a black rook on a8 the 8th rank is attacked: the rook already controls h8.
        let pos: Position = "r7/6K1/8/8/8/8/1k6/8 b 0:0 0 30".parse().unwrap();
        let z = zones(&pos, 4);
        let race = z
            .iter()
            .find(|z| z.side == Side::White && z.aim.kind == AimKind::Goal)
            .unwrap();
        assert!(!race.is_open(), "{z:?}");
        assert_eq!(race.negations[0].role, NegationRole::Control);
        assert_eq!(race.negations[0].path, vec![56]);
    }

    #[test]
    fn capture_zones_see_protection_and_retreat() {
        // E7: the King d4 and the black rooks c5 (unprotected) and e5 (protected by e8).
        let pos: Position = "4r2k/8/8/2rRr3/3K4/8/8/8 w 0:0 0 20".parse().unwrap();
        let z = zones(&pos, 2);
        let take = |sq: u32| {
            z.iter()
                .find(|z| z.aim.kind == AimKind::Capture && z.root.last() == Some(&sq))
                .unwrap()
        };
        let e5 = take(36);
        assert!(
            e5.negations
                .iter()
                .any(|n| n.role == NegationRole::Protection && n.from == 60)
        );
        // c5 is taken at once (d4c5 is legal): no time to retreat, nothing protects it.
        let c5 = take(34);
        assert!(c5.is_open(), "{c5:?}");
        // With Black to move, the rook c5 has a move to step away, and e8 still protects e5.
        let pos: Position = "4r2k/8/8/2rRr3/3K4/8/8/8 b 0:0 0 20".parse().unwrap();
        let z = zones(&pos, 2);
        let c5 = z
            .iter()
            .find(|z| {
                z.aim.kind == AimKind::Capture
                    && z.side == Side::White
                    && z.root.last() == Some(&34)
            })
            .unwrap();
        assert!(
            c5.negations
                .iter()
                .any(|n| n.role == NegationRole::Retreat && n.path.len() == 2)
        );
        assert_eq!((c5.index, c5.root[0], c5.length()), (0, 27, 1));
    }

    #[test]
    fn a_rook_answers_a_negation_by_blocking_its_slide() {
        // Black's King h8 aims at the rook f5; White's rook d5 would protect it from f4 by
        // d5-d4-f4, and Black's rook e5 answers in time by standing on e4, which the slide d4-f4
        // passes over.
        let pos: Position = "7k/8/4R3/3RrR2/8/3K4/8/8 w 0:0 0 30".parse().unwrap();
        let z = zones(&pos, 6);
        let f5 = z
            .iter()
            .find(|z| z.side == Side::Black && z.root.last() == Some(&37))
            .unwrap();
        let protection = f5
            .negations
            .iter()
            .find(|n| n.from == 35 && n.role == NegationRole::Protection)
            .unwrap();
        assert_eq!(protection.path, vec![35, 27, 29]);
        assert_eq!(protection.answers.len(), 1, "{protection:?}");
        let answer = &protection.answers[0];
        assert_eq!(
            (answer.from, answer.role, answer.attached, answer.budget),
            (36, NegationRole::Blockade, 29, 2)
        );
        assert_eq!(answer.path, vec![36, 28]);
        assert!(protection.is_answered());
        // A rook already in place (no move to answer) has no answers.
        assert!(
            f5.negations
                .iter()
                .filter(|n| n.path.len() == 1)
                .all(|n| n.answers.is_empty())
        );
    }

    #[test]
    fn immobilisations_are_complex_zones() {
        // The white rook a4 has a3 and b4 filled and the edge on its left: Black's rook h5
        // fills a5 in one move (h5a5 removes it), and with Black to move the rook has no time
        // to step away.
        let pos: Position = "7k/8/8/7r/RR6/R7/8/K7 b 0:0 0 30".parse().unwrap();
        let built = project(&pos, 2);
        assert_eq!(built.complexes.len(), 1, "{built:?}");
        let c = &built.complexes[0];
        assert_eq!((c.side, c.target, c.length), (Side::Black, 24, 1));
        let part = &built.zones[c.zones[0]];
        assert_eq!(part.aim.kind, AimKind::Occupy);
        assert_eq!(part.root, vec![39, 32]);
        assert!(c.retreat.is_none() && built.complex_is_open(c));
        // Outcomes for both sides to move (zones.md §4): with White to move the rook a4 steps
        // away first.
        let (_, complex) = outcomes(&ProryvZones, &pos, &built, 2);
        assert_eq!(
            complex[0],
            ZoneOutcome {
                now: Gain::Material(1),
                other_to_move: Some(Gain::Material(0))
            }
        );
        // Two squares to fill (b4 and a5) take two Black moves, and the rook a4 steps away in
        // between: stopped by its retreat.
        let pos: Position = "7k/1r6/8/7r/R7/K7/8/8 b 0:0 0 30".parse().unwrap();
        let built = project(&pos, 4);
        let c = &built.complexes[0];
        assert_eq!((c.target, c.length, c.zones.len()), (24, 2, 2));
        assert!(c.retreat.is_some() && !built.complex_is_open(c));
        // Within two half-moves the plan does not fit: no complex.
        assert!(project(&pos, 2).complexes.is_empty());
    }
}
