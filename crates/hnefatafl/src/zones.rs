//! Zones of Hnefatafl (`shared/spec/zones-games.md` §2) on the core's zone builder
//! ([`zonal_core::zone`]): the king's escape to the corners, custodial captures and the king's
//! capture, each with the other side's first negations in time (Botvinnik's labels: (+, z.0)
//! the root, (-, z.1) a first negation, (+, z.2) an answer to it).
//!
//! **Aims.**
//! - *Escape* (simple zone, aim [`AimKind::Goal`]): the king's shortest trajectory to each of the
//!   four corners within k_max. In `copenhagen` the exit fort is not an arrival and is not aimed
//!   at; the corners are the only goals in every ruleset.
//! - *Custodial capture* (complex zone, [`ComplexAim`]): for every enemy soldier and each of its
//!   two lines (rank, file), the two flanking squares. A flanking square that already holds a
//!   piece of the capturing side (the king counts for the defenders) is a partner and goes in
//!   `keep`; a corner or the empty throne is hostile by itself and needs nothing; an empty square
//!   goes in `fill`; a square held by the target's side (or an occupied throne) rules the line
//!   out, and so does a line whose both squares are already hostile (a soldier that moved in
//!   between is safe). **Decision:** a capture that needs a single arrival (the partner or the
//!   hostile square already in place) is also a complex, of one part, rather than a simple
//!   Capture zone of the flanking square: the core then adds the target's retreat (it steps away
//!   before the capturer arrives), which a simple zone aimed at an empty square would lack. The
//!   core's complex names one piece per square (the assignment with the fewest moves).
//! - *The king's capture* (complex zone of the attackers): the king's neighbours that must hold an
//!   attacker per §6 / §9.3 (4 sides; 3 next to the empty throne, the throne counting as the
//!   fourth; in `seed` 2 next to a corner; never on another edge square, nor in `copenhagen` on
//!   any edge square). Neighbours already holding attackers are `keep`, empty ones `fill`; a
//!   neighbour holding a defender (or the throne holding one) rules the aim out until that
//!   defender is captured (a linked zone the core does not build yet).
//!
//! **How (-) stops a piece arriving on a(i)** ([`ZoneGame::stop_squares`]):
//! - *control*: the arriving piece would itself be captured at once: a (-) piece arrives, one move
//!   after it, on a neighbour N of a(i) with a (-) piece (not the stopper), a corner or the empty
//!   throne on the opposite side (for the arriving king: N completes his surround). The stopper
//!   must stand, in time, on a square from which one slide reaches N. An arrival that itself
//!   captures (an enemy soldier, or the king) is not stopped by control: the capture is made on
//!   arrival and a recapture is a new fight. The board after the arrival (with its captures) is the
//!   one looked at.
//! - *blockade*: occupying a(i) itself, or any square the slide into a(i) passes over (every
//!   square passed over is a beta-square). **Decision (core limitation):** the core's first
//!   negations blockade only a(i) and only for i < k, so these squares are returned by
//!   `stop_squares` too, and such negations carry [`NegationRole::Control`]; [`role_text`] names them
//!   blockades. The slide into a(i) is the one of the zone's trajectory: its predecessor is found
//!   as the core finds the trajectory (the first shortest one, lowest squares first), which is
//!   exact for a(1) and for the last square a(k); for the middle square of a three-move
//!   trajectory it is the first shortest trajectory to a(i) itself.
//!
//! Restricted squares are in the steps ([`PieceSteps`]): only the king stops on a corner; in
//! `copenhagen` only the king stops on the throne; every piece may cross the empty throne.
//!
//! **Gains** (zones.md §4): a corner or the king's capture wins; a captured attacker gains 1, a
//! captured defender soldier 2 (the evaluation's 100 / 200 cp).
//!
//! The incremental projection keeps the pieces' distance maps while no square of their lines
//! changes ([`HnefataflZones::step_footprint`]: the four lines from a square up to and including the first
//! occupied one); `tests/incremental.rs` checks it against fresh builds along random games of all
//! three rulesets.

use crate::geometry::{EAST, Geometry, NONE, NORTH, SOUTH, WEST};
use crate::position::{ATTACKERS, DEFENDERS, Position};
use zonal_board::{Shape, Side};
use zonal_core::Steps;
use zonal_core::distance::Bundle;
pub use zonal_core::zone::{Aim, AimKind, IncrementalProjection, Negation, NegationRole, Zone};
pub use zonal_core::zone::{Built, Complex, Gain, ZoneOutcome, outcomes};
use zonal_core::zone::{ComplexAim, ZoneGame, build};

const SHAPE_9: Shape = match Shape::new(9, 9) {
    Ok(s) => s,
    Err(_) => panic!("9x9 is a valid shape"),
};
const SHAPE_11: Shape = match Shape::new(11, 11) {
    Ok(s) => s,
    Err(_) => panic!("11x11 is a valid shape"),
};

#[inline]
const fn bit(sq: u32) -> u128 {
    1u128 << sq
}

/// The board shape of a position.
pub fn shape_of(pos: &Position) -> Shape {
    if pos.rules().size() == 9 {
        SHAPE_9
    } else {
        SHAPE_11
    }
}

fn geo(pos: &Position) -> &'static Geometry {
    Geometry::of(pos.rules().size())
}

/// The squares strictly between two squares of one rank or file (empty otherwise).
pub fn between(g: &Geometry, a: u32, b: u32) -> u128 {
    for d in [NORTH, EAST, SOUTH, WEST] {
        if g.rays[d][a as usize] & bit(b) != 0 {
            return g.rays[d][a as usize] & g.rays[(d + 2) % 4][b as usize];
        }
    }
    0
}

/// The four lines from `sq` up to and including the first square of `occupied` on each.
pub fn lines(g: &Geometry, sq: u32, occupied: u128) -> u128 {
    let mut out = 0;
    for d in [NORTH, EAST] {
        let ray = g.rays[d][sq as usize];
        let b = ray & occupied;
        out |= if b == 0 {
            ray
        } else {
            let lowest = b & b.wrapping_neg();
            ray & (lowest | (lowest - 1))
        };
    }
    for d in [SOUTH, WEST] {
        let ray = g.rays[d][sq as usize];
        let b = ray & occupied;
        out |= if b == 0 {
            ray
        } else {
            let highest = 1u128 << (127 - b.leading_zeros());
            ray & !(highest - 1)
        };
    }
    out
}

/// How a piece of a position steps ([`zonal_core::Steps`]): a rook slide over empty squares (the
/// rest of the board standing still), stopping only where the piece may stop.
#[derive(Clone, Copy, Debug)]
pub struct PieceSteps {
    geo: &'static Geometry,
    /// The other pieces (the moving piece's own square excluded).
    occupied: u128,
    /// The squares the piece may stop on.
    stops: u128,
}

impl PieceSteps {
    /// The piece on `sq` of `pos`, if a piece stands there.
    pub fn of(pos: &Position, sq: u32) -> Option<PieceSteps> {
        let g = geo(pos);
        if sq >= g.n * g.n || pos.occupied() & bit(sq) == 0 {
            return None;
        }
        let stops = if sq == pos.king() {
            g.all
        } else if pos.rules().soldiers_may_stop_on_throne() {
            g.all & !g.corners
        } else {
            g.all & !g.corners & !g.throne
        };
        Some(PieceSteps {
            geo: g,
            occupied: pos.occupied() & !bit(sq),
            stops,
        })
    }
}

impl Steps<u128> for PieceSteps {
    fn steps(&self, from: u32) -> u128 {
        self.geo.slides(from, self.occupied) & self.stops
    }

    fn passes(&self, from: u32, to: u32) -> u128 {
        between(self.geo, from, to)
    }
}

/// Whether the king on `k` is captured with `attackers` around him and `occupied` the board
/// (§6 / §9.3; the move completing it is an attacker's move next to him).
pub fn king_taken(pos: &Position, k: u32, attackers: u128, occupied: u128) -> bool {
    let g = geo(pos);
    let kb = bit(k);
    let around = g.spread(kb);
    if g.edge & kb != 0 {
        if !(pos.rules().king_captured_next_to_corner() && g.next_to_corner & kb != 0) {
            return false;
        }
        return around & !(attackers | g.corners) == 0;
    }
    let empty_throne = g.throne & !occupied;
    around & !(attackers | empty_throne) == 0
}

/// The enemy soldiers a piece arriving on `a` captures custodially: `own` are the arriving side's
/// pieces after the arrival (the king among them for the defenders), `soldiers` the enemy
/// soldiers, `occupied` the board after the arrival.
fn arrival_captures(g: &Geometry, a: u32, own: u128, soldiers: u128, occupied: u128) -> u128 {
    let hostile = own | g.corners | (g.throne & !occupied);
    let mut captured = 0;
    for d in [NORTH, EAST, SOUTH, WEST] {
        let n = g.step[d][a as usize];
        if n != NONE && soldiers & bit(u32::from(n)) != 0 {
            let f = g.step[d][n as usize];
            if f != NONE && hostile & bit(u32::from(f)) != 0 {
                captured |= bit(u32::from(n));
            }
        }
    }
    captured
}

/// The side of the piece on `sq` (`None` for an empty square).
pub fn side_of(pos: &Position, sq: u32) -> Option<Side> {
    if pos.attackers() & bit(sq) != 0 {
        Some(ATTACKERS)
    } else if (pos.defenders() | bit(pos.king())) & bit(sq) != 0 {
        Some(DEFENDERS)
    } else {
        None
    }
}

/// The pieces of `side` (the king among the defenders).
fn pieces(pos: &Position, side: Side) -> u128 {
    if side == ATTACKERS {
        pos.attackers()
    } else {
        pos.defenders() | bit(pos.king())
    }
}

/// The squares the slide of the piece on `moving` into `a` passes over, on the piece's first
/// shortest trajectory to `a` (as the core chooses trajectories: lowest squares first).
pub fn slide_into(pos: &Position, moving: u32, a: u32) -> u128 {
    let Some(steps) = PieceSteps::of(pos, moving) else {
        return 0;
    };
    let g = geo(pos);
    if steps.steps(moving) & bit(a) != 0 {
        return between(g, moving, a);
    }
    let prev = Bundle::shortest(shape_of(pos), moving, a, 4, &steps)
        .and_then(|b| b.trajectories(&steps, 1).into_iter().next())
        .and_then(|path| path.len().checked_sub(2).map(|i| path[i]));
    prev.map_or(0, |p| between(g, p, a))
}

/// Hnefatafl as the core's zone builder sees it.
#[derive(Clone, Copy, Debug, Default)]
pub struct HnefataflZones;

impl HnefataflZones {
    /// The custodial captures of `side`'s pieces: for each enemy soldier and line, the squares
    /// to fill and the partners that must stay.
    fn capture_aims(&self, pos: &Position, side: Side, out: &mut Vec<ComplexAim<u128>>) {
        let g = geo(pos);
        let own = pieces(pos, side);
        let targets = if side == ATTACKERS {
            pos.defenders()
        } else {
            pos.attackers()
        };
        let empty_throne = g.throne & !pos.occupied();
        for t in crate::squares(targets) {
            for (d1, d2) in [(WEST, EAST), (SOUTH, NORTH)] {
                let (s1, s2) = (g.step[d1][t as usize], g.step[d2][t as usize]);
                if s1 == NONE || s2 == NONE {
                    continue;
                }
                let (mut fill, mut keep, mut ok) = (0u128, 0u128, true);
                for s in [u32::from(s1), u32::from(s2)] {
                    let b = bit(s);
                    if own & b != 0 {
                        keep |= b;
                    } else if (g.corners | empty_throne) & b != 0 {
                    } else if pos.occupied() & b == 0 && g.throne & b == 0 {
                        fill |= b;
                    } else {
                        ok = false;
                    }
                }
                if ok && fill != 0 {
                    out.push(ComplexAim {
                        target: t,
                        fill,
                        keep,
                    });
                }
            }
        }
    }

    /// The attackers' aim at the king, if the ruleset lets him be captured where he stands and
    /// no defender holds a square that must be the attackers'.
    fn king_aim(&self, pos: &Position) -> Option<ComplexAim<u128>> {
        let g = geo(pos);
        let k = pos.king();
        let kb = bit(k);
        let around = g.spread(kb);
        let needed = if g.edge & kb != 0 {
            if !(pos.rules().king_captured_next_to_corner() && g.next_to_corner & kb != 0) {
                return None;
            }
            around & !g.corners
        } else {
            around & !(g.throne & !pos.occupied())
        };
        if needed & (pos.defenders() | g.corners) != 0 {
            return None;
        }
        // An attacker may fill the empty throne only in `seed`.
        let fill = needed & !pos.attackers();
        if fill & g.throne != 0 && !pos.rules().soldiers_may_stop_on_throne() {
            return None;
        }
        (fill != 0).then_some(ComplexAim {
            target: k,
            fill,
            keep: needed & pos.attackers(),
        })
    }
}

impl ZoneGame for HnefataflZones {
    type Set = u128;
    type Position = Position;
    type Steps<'a> = PieceSteps;

    fn shape(&self, pos: &Position) -> Shape {
        shape_of(pos)
    }

    fn to_move(&self, pos: &Position) -> Side {
        pos.side_to_move()
    }

    fn has_zones(&self, pos: &Position) -> bool {
        pos.outcome().is_none()
    }

    fn occupied(&self, pos: &Position) -> u128 {
        pos.occupied()
    }

    /// The king is the only root of a simple zone (his escape); every capture is a complex.
    fn roots(&self, pos: &Position, side: Side) -> u128 {
        if side == DEFENDERS {
            bit(pos.king())
        } else {
            0
        }
    }

    /// Every piece of the side negates (the king too: he is armed).
    fn negators(&self, pos: &Position, side: Side) -> u128 {
        pieces(pos, side)
    }

    fn steps<'a>(&'a self, pos: &'a Position, sq: u32) -> Option<PieceSteps> {
        PieceSteps::of(pos, sq)
    }

    /// The four corners (the builder keeps those within k_max).
    fn aims(&self, pos: &Position, root: u32) -> Vec<Aim> {
        if root != pos.king() {
            return Vec::new();
        }
        crate::squares(geo(pos).corners)
            .map(|target| Aim {
                kind: AimKind::Goal,
                target,
            })
            .collect()
    }

    fn stop_squares(
        &self,
        pos: &Position,
        stopper: u32,
        moving: u32,
        a: u32,
        occupied: u128,
    ) -> u128 {
        let g = geo(pos);
        let (Some(plus), Some(minus)) = (side_of(pos, moving), side_of(pos, stopper)) else {
            return 0;
        };
        if plus == minus {
            return 0;
        }
        // Blockade: a(i) itself and the squares the slide into it passes over.
        let mut out = bit(a) | slide_into(pos, moving, a);
        // The board after the arrival, with what the arrival captures.
        let after = occupied | bit(a);
        let own = (pieces(pos, plus) & !bit(moving)) | bit(a);
        let minus_all = pieces(pos, minus) & !bit(stopper);
        let minus_soldiers = minus_all & !bit(pos.king());
        let captured = arrival_captures(g, a, own, minus_soldiers, after);
        if captured != 0 {
            return out;
        }
        let king_move = moving == pos.king();
        if plus == ATTACKERS
            && g.spread(bit(a)) & bit(pos.king()) != 0
            && king_taken(pos, pos.king(), own, after)
        {
            return out;
        }
        let stopper_is_king = stopper == pos.king();
        let may_stop = |n: u32| {
            g.corners & bit(n) == 0
                && (g.throne & bit(n) == 0
                    || stopper_is_king
                    || pos.rules().soldiers_may_stop_on_throne())
        };
        let mut arrive = 0u128;
        for d in [NORTH, EAST, SOUTH, WEST] {
            let n = g.step[d][a as usize];
            if n == NONE {
                continue;
            }
            let n = u32::from(n);
            if after & bit(n) != 0 || !may_stop(n) {
                continue;
            }
            let taken = if king_move {
                minus == ATTACKERS && king_taken(pos, a, minus_all | bit(n), after | bit(n))
            } else {
                let o = g.step[(d + 2) % 4][a as usize];
                o != NONE && {
                    let hostile = minus_all | g.corners | (g.throne & !after);
                    hostile & bit(u32::from(o)) != 0
                }
            };
            if taken {
                arrive |= g.slides(n, after);
            }
        }
        out |= arrive;
        out
    }

    /// Any piece on a square of a slide stops it.
    fn blockade_stops(&self, _pos: &Position, _moving: u32, _a: u32) -> bool {
        true
    }

    fn complex_aims(&self, pos: &Position, side: Side) -> Vec<ComplexAim<u128>> {
        let mut out = Vec::new();
        if side == ATTACKERS {
            out.extend(self.king_aim(pos));
        }
        self.capture_aims(pos, side, &mut out);
        out
    }

    /// Reaching a corner wins; the parts of a complex gain nothing alone.
    fn gain(&self, _pos: &Position, aim: Aim) -> Gain {
        match aim.kind {
            AimKind::Goal => Gain::Wins,
            _ => Gain::Material(0),
        }
    }

    /// The king's capture wins; an attacker gains 1, a defender soldier 2.
    fn complex_gain(&self, pos: &Position, target: u32) -> Gain {
        if target == pos.king() {
            Gain::Wins
        } else if pos.attackers() & bit(target) != 0 {
            Gain::Material(1)
        } else {
            Gain::Material(2)
        }
    }

    fn with_other_side_to_move(&self, pos: &Position) -> Option<Position> {
        let side = if pos.side_to_move() == ATTACKERS {
            'd'
        } else {
            'a'
        };
        format!(
            "{} {side} {}",
            pos.placement(),
            pos.rules().variant().name()
        )
        .parse()
        .ok()
    }

    /// A control already in place is ended by a piece between the stopper and the neighbour of
    /// `a` it would slide to; a piece standing on the slide into `a` (or on `a`) blocks and has
    /// no line.
    fn control_line(&self, pos: &Position, stopper: u32, a: u32) -> u128 {
        let g = geo(pos);
        let occ = pos.occupied();
        if stopper == a || (between(g, stopper, a) != 0 && between(g, stopper, a) & occ == 0) {
            return 0;
        }
        if g.spread(bit(stopper)) & bit(a) != 0 {
            return 0;
        }
        let mut out = 0;
        for n in crate::squares(g.spread(bit(a)) & !occ) {
            if g.slides(n, occ) & bit(stopper) != 0 {
                out |= between(g, stopper, n);
            }
        }
        out
    }

    fn step_footprint(&self, pos: &Position, piece: u32, sq: u32) -> u128 {
        lines(geo(pos), sq, pos.occupied() & !bit(piece)) | bit(sq)
    }
}

/// The projection of `pos` within horizon `h` half-moves.
pub fn project(pos: &Position, h: i32) -> Built {
    build(&HnefataflZones, pos, h)
}

/// The squares whose contents differ between two positions.
pub fn changed_squares(before: &Position, after: &Position) -> u128 {
    (before.attackers() ^ after.attackers())
        | (before.defenders() ^ after.defenders())
        | (bit(before.king()) ^ bit(after.king()))
}

/// "king", "attacker" or "defender": the piece on `sq`.
pub fn piece_name(pos: &Position, sq: u32) -> &'static str {
    if sq == pos.king() {
        "king"
    } else if pos.attackers() & bit(sq) != 0 {
        "attacker"
    } else {
        "defender"
    }
}

/// What the negation `ng` of the root piece on `moving` does, in words: a control or a
/// protection that ends on the square it is attached to, or on the slide into it, is a
/// blockade; the others as the core names them.
pub fn role_text(pos: &Position, moving: u32, ng: &Negation) -> &'static str {
    let end = *ng.path.last().unwrap_or(&ng.from);
    match ng.role {
        NegationRole::Control | NegationRole::Protection
            if end == ng.attached || slide_into(pos, moving, ng.attached) & bit(end) != 0 =>
        {
            "blockade"
        }
        r => r.name(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Position {
        text.parse().expect("a valid position")
    }

    fn sq(p: &Position, name: &str) -> u32 {
        shape_of(p).parse_square(name).expect("a square")
    }

    #[test]
    fn the_king_runs_and_an_attacker_closes_one_corner_in_time() {
        // seed 9x9: king e5 on the throne, one attacker h3. With the defenders to move and H = 3
        // the king has two moves: every corner in 2 (e5-e1-a1 ...).
        let p = pos("9/9/9/9/4k4/9/7a1/9/9 d seed");
        let built = project(&p, 3);
        let text = format!("{built:?}");
        let corner = |c: &str| {
            built
                .zones
                .iter()
                .find(|z| z.aim.target == sq(&p, c))
                .unwrap_or_else(|| panic!("{text}"))
        };
        let a1 = corner("a1");
        assert_eq!(a1.root, vec![40, 4, 0], "{text}");
        assert_eq!(a1.alternatives, 2);
        assert!(a1.is_open(), "{text}");
        // i1 by e5-e1-i1: the attacker h3 reaches h1, on the slide e1-i1, in its one move.
        let i1 = corner("i1");
        assert_eq!(i1.root, vec![40, 4, 8]);
        assert!(!i1.is_open());
        assert_eq!(i1.negations.len(), 1, "{text}");
        let ng = &i1.negations[0];
        assert_eq!(
            (ng.from, ng.attached, ng.path.clone(), ng.budget),
            (sq(&p, "h3"), 8, vec![sq(&p, "h3"), sq(&p, "h1")], 1)
        );
        // It ends on the slide into i1: a blockade, in the game's words.
        assert_eq!(role_text(&p, i1.root[0], ng), "blockade");
        // i9 by e5-e9-i9 and a9 by e5-a5-a9 (the lowest first square): open.
        assert!(corner("a9").is_open() && corner("i9").is_open(), "{text}");
        let (zone_outcomes, _) = outcomes(&HnefataflZones, &p, &built, 3);
        assert_eq!(zone_outcomes[a1.index].now, Gain::Wins);
        assert_eq!(zone_outcomes[i1.index].now, Gain::Material(0));
    }

    #[test]
    fn a_custodial_capture_with_its_partner() {
        // The attacker c4 is the partner; e8 slides to e4 and takes d4. King far away on h8.
        let p = pos("9/4a2k1/9/9/9/2ad5/9/9/9 a seed");
        let built = project(&p, 3);
        let text = format!("{built:?}");
        let c = built
            .complexes
            .iter()
            .find(|c| c.side == ATTACKERS && c.target == sq(&p, "d4"))
            .unwrap_or_else(|| panic!("{text}"));
        assert_eq!(c.length, 1);
        assert_eq!(c.zones.len(), 1);
        let part = &built.zones[c.zones[0]];
        assert_eq!(part.aim.kind, AimKind::Occupy);
        assert_eq!(part.root, vec![sq(&p, "e8"), sq(&p, "e4")]);
        assert!(c.retreat.is_none() && built.complex_is_open(c), "{text}");
        let (_, complex_outcomes) = outcomes(&HnefataflZones, &p, &built, 3);
        assert_eq!(
            (
                complex_outcomes[c.index].now,
                complex_outcomes[c.index].other_to_move
            ),
            (Gain::Material(2), Some(Gain::Material(0)))
        );
        // With the defenders to move the soldier steps away first (its lowest move, d4-d1).
        let p = pos("9/4a2k1/9/9/9/2ad5/9/9/9 d seed");
        let built = project(&p, 3);
        let c = built
            .complexes
            .iter()
            .find(|c| c.side == ATTACKERS && c.target == sq(&p, "d4"))
            .expect("the capture");
        let r = c.retreat.as_ref().expect("a retreat");
        assert_eq!(r.path, vec![sq(&p, "d4"), sq(&p, "d1")]);
        assert!(!built.complex_is_open(c));
    }

    #[test]
    fn taking_the_partner_in_time_negates_the_capture() {
        // As above, with a defender b1 that takes the partner c4 by b1-b4 (c4 between b4 and
        // the defender d4). Attackers to move: they take d4 first, the partner is safe.
        let p = pos("9/4a2k1/9/9/9/2ad5/9/9/1d7 a seed");
        let built = project(&p, 3);
        let text = format!("{built:?}");
        let c = built
            .complexes
            .iter()
            .find(|c| c.side == ATTACKERS && c.target == sq(&p, "d4"))
            .unwrap_or_else(|| panic!("{text}"));
        assert_eq!(c.partners, vec![sq(&p, "c4")]);
        assert!(c.partner_threats.is_empty(), "{text}");
        assert!(built.complex_is_open(c), "{text}");
        // Defenders to move (and d4 held in place by nothing: its retreat aside), b1-b4 takes
        // the partner before e8-e4 arrives: the capture is negated through its partner.
        let p = pos("9/4a2k1/9/9/9/2ad5/9/9/1d7 d seed");
        let built = project(&p, 3);
        let text = format!("{built:?}");
        let c = built
            .complexes
            .iter()
            .find(|c| c.side == ATTACKERS && c.target == sq(&p, "d4"))
            .unwrap_or_else(|| panic!("{text}"));
        let threat = c
            .partner_threats
            .first()
            .unwrap_or_else(|| panic!("{text}"));
        assert_eq!(threat.partner, sq(&p, "c4"));
        let plan = threat
            .complex
            .map(|k| &built.complexes[k])
            .expect("a complex");
        assert_eq!((plan.side, plan.target), (DEFENDERS, sq(&p, "c4")));
        assert_eq!(
            built.zones[plan.zones[0]].root,
            vec![sq(&p, "b1"), sq(&p, "b4")]
        );
        assert!(!built.complex_is_open(c));
    }

    #[test]
    fn the_kings_capture_is_a_complex() {
        // King c6 with attackers c7, b6 and d6; the attacker h5 closes c5 along the fifth rank
        // (over the empty throne).
        let p = pos("9/9/2a6/1aka5/7a1/9/3d5/9/9 a seed");
        let built = project(&p, 3);
        let text = format!("{built:?}");
        let c = &built.complexes[0];
        assert_eq!(
            (c.side, c.target, c.length),
            (ATTACKERS, p.king(), 1),
            "{text}"
        );
        let part = &built.zones[c.zones[0]];
        assert_eq!(part.root, vec![sq(&p, "h5"), sq(&p, "c5")]);
        assert!(built.complex_is_open(c), "{text}");
        let (_, complex_outcomes) = outcomes(&HnefataflZones, &p, &built, 3);
        assert_eq!(complex_outcomes[0].now, Gain::Wins);
        // With the defenders to move: the soldier d3 blocks the slide on d5 in its one move, and
        // the king may step away (the core names his lowest square, c1).
        let p = pos("9/9/2a6/1aka5/7a1/9/3d5/9/9 d seed");
        let built = project(&p, 3);
        let text = format!("{built:?}");
        let c = built
            .complexes
            .iter()
            .find(|c| c.target == p.king())
            .unwrap_or_else(|| panic!("{text}"));
        let part = &built.zones[c.zones[0]];
        let block = part
            .negations
            .iter()
            .find(|n| n.from == sq(&p, "d3"))
            .unwrap_or_else(|| panic!("{text}"));
        assert_eq!(block.path, vec![sq(&p, "d3"), sq(&p, "d5")]);
        assert_eq!(
            c.retreat.as_ref().map(|r| r.path.clone()),
            Some(vec![sq(&p, "c6"), sq(&p, "c1")])
        );
        assert!(!built.complex_is_open(c));
        assert_eq!(
            (
                block.attached,
                block.budget,
                role_text(&p, part.root[0], block)
            ),
            (sq(&p, "c5"), 1, "blockade")
        );
    }

    #[test]
    fn an_arrival_between_enemies_is_controlled() {
        // An attacker h5 arriving on c5, next to the defender b5, is taken by a defender
        // arriving on d5 next: the defender f7 stops it from any square one slide from d5 (not from d5 itself:
        // standing there first, it would let the attacker move in between safely).
        let p = pos("9/9/5d3/9/1d5a1/9/9/9/4k4 a seed");
        let stop = HnefataflZones.stop_squares(
            &p,
            sq(&p, "f7"),
            sq(&p, "h5"),
            sq(&p, "c5"),
            p.occupied() & !bit(sq(&p, "h5")) & !bit(sq(&p, "f7")),
        );
        // c5 itself, the slide h5-c5 (g5 f5 e5 d5) and the squares from which one slide reaches
        // d5 (the attacker on c5 between b5 and d5).
        let names: Vec<String> = crate::squares(stop)
            .map(|s| crate::square_name(s, 9))
            .collect();
        assert_eq!(
            names,
            [
                "d1", "d2", "d3", "d4", "c5", "d5", "e5", "f5", "g5", "h5", "i5", "d6", "d7", "d8",
                "d9"
            ],
            "{names:?}"
        );
    }
}
