//! Zones of Jungle (`shared/spec/zones-games.md` §2) on the core's zone builder
//! ([`zonal_core::zone`]): every animal's race to the enemy den and its captures of the enemy
//! pieces it may take, each with the enemy pieces' first negations in time (Botvinnik's labels:
//! (+, z.0) the root, (-, z.1) a first negation, (+, z.2) an answer to it).
//!
//! - **Roots and aims.** Every piece is a root. It aims at the enemy den (**goal**: entering it
//!   wins) and at every enemy piece it may take somewhere (**capture**: by rank, the rat takes the
//!   elephant and the elephant not the rat, anything standing in the root's own traps, rat against
//!   rat only in the water). Its steps ([`PieceSteps`]) are the rules' steps and jumps with the
//!   other pieces standing still: own pieces and enemy pieces it may not take are obstacles, a
//!   jump over a swimming rat does not exist, its own den is never entered.
//! - **Control** ("(-) stops the root on a(i)"): an enemy piece that may take the root standing on
//!   a(i) is, on the root's arrival, on a square from which it moves onto a(i): a neighbour (water
//!   and land rules: a rat in the water takes nothing on the bank), or the far bank of an open
//!   jump for a lion or tiger. On a(i) in the enemy's traps the root is weakened: anyone takes it
//!   there. The enemy den is never controlled: arriving there has won.
//! - **Blockade.** An enemy piece standing on a(i) in time stops the root unless the root could
//!   take it there; a blockader the root cannot take is one of the stop squares (the core files
//!   it under control, [`role_text`] calls it a blockade), and [`ZoneGame::blockade_stops`] is false
//!   for the others. A **rat in the water** stops a lion or tiger whose trajectory *jumps* onto
//!   a(i) by standing, in time, on a water square the jump passes over (its beta-squares): those
//!   squares are the rat's stop squares for a(i) when every shortest way onto a(i) is that jump.
//! - **Exchanges.** A piece that would take the root back on the target's square (protection)
//!   stops a capture only when the root is worth at least the target: a rat taking an elephant, or
//!   any piece taking a more valuable piece caught in a trap, still gains when it is taken back.
//! - **Retreats** of capture targets and the **answers** ((+, z.2)) come from the core.
//! - **ZoneOutcome**: entering the den wins; a capture gains the target's value in cp (the evaluation's
//!   material, [`crate::eval::Weights`]), gross.
//!
//! The incremental projection keeps a piece's distance map while no square of its footprint
//! changes ([`JungleZones::step_footprint`]: the neighbours of every square it explores and, for a lion
//! or tiger, the water and the far bank of its jumps); `tests/incremental.rs` checks it against
//! fresh builds along random games.

use crate::animal::Animal;
use crate::eval::Weights;
use crate::geometry::{
    DEN, JUMP_FROM, JUMPS, LAND, SHAPE, TRAPS, WATER, bit, enemy_den, neighbours, own_den,
};
use crate::position::Position;
use zonal_board::{Shape, Side};
use zonal_core::Steps;
use zonal_core::distance::DistanceMap;
pub use zonal_core::zone::{Aim, AimKind, IncrementalProjection, Negation, NegationRole, Zone};
pub use zonal_core::zone::{Built, Gain, ZoneOutcome, outcomes};
use zonal_core::zone::{ZoneGame, build};

/// Jungle as the core's zone builder sees it.
#[derive(Clone, Copy, Debug, Default)]
pub struct JungleZones;

/// How one piece of a position steps for the distance maps: the rules' steps and jumps with every
/// other piece standing still (the piece's own square counted empty).
#[derive(Clone, Copy, Debug)]
pub struct PieceSteps {
    side: Side,
    animal: Animal,
    /// Own pieces, the moving one excluded.
    own: u64,
    /// Empty squares, the moving piece's own square included.
    empty: u64,
    /// Enemy pieces on land it may take there (by rank, or standing in its own traps).
    takeable: u64,
    /// Enemy rats in the water (a rat in the water takes them).
    water_rats: u64,
    /// Rats of both sides in the water (they block jumps).
    swimming: u64,
}

impl PieceSteps {
    /// The piece on `sq` of `pos`, if one stands there.
    pub fn of(pos: &Position, sq: u32) -> Option<PieceSteps> {
        let (side, animal) = pos.piece_at(u8::try_from(sq).ok()?)?;
        let me = bit(sq as u8);
        let enemy = pos.occupied(side.other());
        let own = pos.occupied(side) & !me;
        let mut takeable = enemy & TRAPS[side as usize];
        for b in Animal::ALL {
            if animal.may_take(b) {
                takeable |= pos.pieces(side.other(), b);
            }
        }
        let rats = pos.pieces(Side::White, Animal::Rat) | pos.pieces(Side::Black, Animal::Rat);
        Some(PieceSteps {
            side,
            animal,
            own,
            empty: crate::geometry::ALL & !(own | enemy),
            takeable: takeable & LAND,
            water_rats: pos.pieces(side.other(), Animal::Rat) & WATER,
            swimming: rats & WATER & !me,
        })
    }

    /// The piece's side.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The piece's animal.
    pub fn animal(&self) -> Animal {
        self.animal
    }

    fn jumps(&self) -> bool {
        matches!(self.animal, Animal::Lion | Animal::Tiger)
    }
}

impl Steps<u64> for PieceSteps {
    fn steps(&self, from: u32) -> u64 {
        let here = bit(from as u8);
        let n = neighbours(here) & !own_den(self.side) & !self.own;
        if self.animal == Animal::Rat {
            return if here & WATER != 0 {
                n & ((WATER & (self.empty | self.water_rats)) | (LAND & self.empty))
            } else {
                n & ((WATER & self.empty) | (LAND & (self.empty | self.takeable)))
            };
        }
        let open = self.empty | self.takeable;
        let mut t = n & LAND & open;
        if self.jumps() && here & JUMP_FROM != 0 {
            for j in &JUMPS[from as usize] {
                if j.over != 0 && j.over & self.swimming == 0 {
                    t |= bit(j.to) & open;
                }
            }
        }
        t
    }

    /// The water squares of a jump (a rat on one blocks it); nothing for a step.
    fn passes(&self, from: u32, to: u32) -> u64 {
        if !self.jumps() {
            return 0;
        }
        JUMPS[from as usize]
            .iter()
            .find(|j| j.over != 0 && u32::from(j.to) == to)
            .map_or(0, |j| j.over)
    }
}

/// §6.1: whether `side`'s `attacker`, moving from `s` to `t`, may take `target` standing on `t`.
pub fn may_capture(side: Side, attacker: Animal, s: u32, t: u32, target: Animal) -> bool {
    let (sw, tw) = (WATER & bit(s as u8) != 0, WATER & bit(t as u8) != 0);
    // Water against land never; rat against rat in the water always; a trapped piece always.
    sw == tw && (sw || TRAPS[side as usize] & bit(t as u8) != 0 || attacker.may_take(target))
}

/// The squares `side`'s `animal` may stand on.
const fn standing(side: Side, animal: Animal) -> u64 {
    let base = if matches!(animal, Animal::Rat) {
        crate::geometry::ALL
    } else {
        LAND
    };
    base & !own_den(side)
}

/// The value of an animal in cp (the evaluation's material).
pub fn value(animal: Animal) -> i32 {
    Weights::default().material[animal as usize]
}

/// The squares from which the piece on `moving` reaches `a` on a shortest trajectory (those at
/// one move less), with its steps.
fn arrivals(pos: &Position, moving: u32, a: u32) -> Option<(Vec<u32>, PieceSteps)> {
    let steps = PieceSteps::of(pos, moving)?;
    let map = DistanceMap::build(SHAPE, moving, 20, &steps);
    let d = map.distance(a).filter(|&d| d > 0)?;
    let from: Vec<u32> = (0..63)
        .filter(|&p| map.distance(p) == Some(d - 1) && steps.steps(p) & bit(a as u8) != 0)
        .collect();
    Some((from, steps))
}

impl ZoneGame for JungleZones {
    type Set = u64;
    type Position = Position;
    type Steps<'a> = PieceSteps;

    fn shape(&self, _pos: &Position) -> Shape {
        SHAPE
    }

    fn to_move(&self, pos: &Position) -> Side {
        pos.side_to_move()
    }

    fn has_zones(&self, pos: &Position) -> bool {
        pos.outcome().is_none()
    }

    fn occupied(&self, pos: &Position) -> u64 {
        pos.occupied(Side::White) | pos.occupied(Side::Black)
    }

    /// Every animal races for the den and hunts.
    fn roots(&self, pos: &Position, side: Side) -> u64 {
        pos.occupied(side)
    }

    /// Every animal may stop an enemy one, by taking it or standing in its way.
    fn negators(&self, pos: &Position, side: Side) -> u64 {
        pos.occupied(side)
    }

    fn steps<'a>(&'a self, pos: &'a Position, sq: u32) -> Option<PieceSteps> {
        PieceSteps::of(pos, sq)
    }

    /// The enemy den first, then every enemy piece the root may take somewhere.
    fn aims(&self, pos: &Position, root: u32) -> Vec<Aim> {
        let Some((side, animal)) = pos.piece_at(root as u8) else {
            return Vec::new();
        };
        let mut aims = vec![Aim {
            kind: AimKind::Goal,
            target: enemy_den(side).trailing_zeros(),
        }];
        for b in Animal::ALL {
            let set = pos.pieces(side.other(), b);
            if set == 0 {
                continue;
            }
            let t = set.trailing_zeros();
            let takeable = if set & WATER != 0 {
                animal == Animal::Rat
            } else {
                set & TRAPS[side as usize] != 0 || animal.may_take(b)
            };
            if takeable {
                aims.push(Aim {
                    kind: AimKind::Capture,
                    target: t,
                });
            }
        }
        aims
    }

    /// Where the piece on `stopper` stops the piece on `moving` arriving on `a`: the squares from
    /// which it would take it there (neighbours, the far bank of an open jump), `a` itself when
    /// the mover could not take it there, and for a rat against a lion or tiger that must jump onto
    /// `a`, the water squares of that jump.
    fn stop_squares(
        &self,
        pos: &Position,
        stopper: u32,
        moving: u32,
        a: u32,
        occupied: u64,
    ) -> u64 {
        let (Some((ss, sa)), Some((ms, ma))) =
            (pos.piece_at(stopper as u8), pos.piece_at(moving as u8))
        else {
            return 0;
        };
        if ss == ms || DEN[ss as usize] & bit(a as u8) != 0 {
            // On the stopper's den the mover has already won.
            return 0;
        }
        let held = if a == moving {
            None
        } else {
            pos.piece_at(a as u8)
        };
        let mut out = 0;
        // Taking the mover on `a`, unless it took a piece worth more there (the exchange gains).
        let retaking_pays = !matches!(held, Some((hs, ha)) if hs == ss && value(ha) > value(ma));
        if retaking_pays {
            let from = neighbours(bit(a as u8)) & standing(ss, sa);
            for s in zonal_board::SquareSet::squares(from) {
                if may_capture(ss, sa, s, a, ma) {
                    out |= bit(s as u8);
                }
            }
            if matches!(sa, Animal::Lion | Animal::Tiger) {
                let rats = (pos.pieces(Side::White, Animal::Rat)
                    | pos.pieces(Side::Black, Animal::Rat))
                    & occupied;
                for j in &JUMPS[a as usize] {
                    if j.over != 0 && j.over & rats == 0 && may_capture(ss, sa, j.to.into(), a, ma)
                    {
                        out |= bit(j.to);
                    }
                }
            }
        }
        // Standing on `a` where the mover cannot take it.
        let rat_mover = ma == Animal::Rat;
        let jumper = matches!(ma, Animal::Lion | Animal::Tiger);
        let needs_arrivals =
            rat_mover || (sa == Animal::Rat && jumper && JUMP_FROM & bit(a as u8) != 0);
        let found = if needs_arrivals {
            arrivals(pos, moving, a)
        } else {
            None
        };
        if held.is_none() && standing(ss, sa) & bit(a as u8) != 0 {
            let takes = match (&found, rat_mover) {
                (Some((from, _)), true) if !from.is_empty() => {
                    from.iter().all(|&p| may_capture(ms, ma, p, a, sa))
                }
                _ => may_capture(ms, ma, a, a, sa),
            };
            if !takes {
                out |= bit(a as u8);
            }
        }
        // A rat swimming onto the water of the only jump onto `a`.
        if sa == Animal::Rat
            && jumper
            && let Some((from, steps)) = &found
            && !from.is_empty()
        {
            out |= from.iter().fold(WATER, |acc, &p| acc & steps.passes(p, a));
        }
        out
    }

    /// Reached only for blockaders the mover may take (the others are stop squares).
    fn blockade_stops(&self, _pos: &Position, _moving: u32, _a: u32) -> bool {
        false
    }

    fn gain(&self, pos: &Position, aim: Aim) -> Gain {
        match aim.kind {
            AimKind::Goal => Gain::Wins,
            AimKind::Capture => Gain::Material(
                pos.piece_at(aim.target as u8)
                    .map_or(0, |(_, animal)| value(animal)),
            ),
            AimKind::Occupy => Gain::Material(0),
        }
    }

    fn with_other_side_to_move(&self, pos: &Position) -> Option<Position> {
        let other = pos.with_side_to_move(pos.side_to_move().other());
        other.outcome().is_none().then_some(other)
    }

    /// The squares next to `sq` and `sq` itself; for a lion or tiger also the water and the far
    /// bank of its jumps from `sq`.
    fn step_footprint(&self, pos: &Position, piece: u32, sq: u32) -> u64 {
        let here = bit(sq as u8);
        let mut out = here | neighbours(here) | bit(piece as u8);
        if let Some((_, Animal::Lion | Animal::Tiger)) = pos.piece_at(piece as u8) {
            for j in &JUMPS[sq as usize] {
                if j.over != 0 {
                    out |= j.over | bit(j.to);
                }
            }
        }
        out
    }
}

/// The projection of `pos` within horizon `h` half-moves.
pub fn project(pos: &Position, h: i32) -> Built {
    build(&JungleZones, pos, h)
}

/// The zones of [`project`].
pub fn zones(pos: &Position, h: i32) -> Vec<Zone> {
    project(pos, h).zones
}

/// The squares whose contents differ between two positions (what the incremental projection
/// needs to know of a ply).
pub fn changed_squares(before: &Position, after: &Position) -> u64 {
    let mut out = 0;
    for side in Side::BOTH {
        for a in Animal::ALL {
            out |= before.pieces(side, a) ^ after.pieces(side, a);
        }
    }
    out
}

/// "lion d5": the animal on `sq` and the square.
/// What a negation does in words: control, protection and retreat as the core names them; a
/// piece ending on the square it is attached to blockades it; a rat ending in the water blocks
/// the jump onto it.
pub fn role_text(pos: &Position, n: &Negation) -> &'static str {
    let end = n.path.last().copied().unwrap_or(n.from);
    match n.role {
        NegationRole::Control | NegationRole::Protection if end == n.attached => "blockade",
        NegationRole::Control
            if WATER & bit(end as u8) != 0
                && WATER & bit(n.attached as u8) == 0
                && matches!(pos.piece_at(n.from as u8), Some((_, Animal::Rat))) =>
        {
            "jump block"
        }
        role => role.name(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Position {
        text.parse().unwrap()
    }

    fn sq(name: &str) -> u32 {
        SHAPE.parse_square(name).unwrap()
    }

    fn find<'a>(z: &'a [Zone], side: Side, root: &str, kind: AimKind, target: &str) -> &'a Zone {
        z.iter()
            .find(|z| {
                z.side == side
                    && z.root[0] == sq(root)
                    && z.aim.kind == kind
                    && z.aim.target == sq(target)
            })
            .unwrap_or_else(|| panic!("no zone {root} -> {target} in {z:#?}"))
    }

    #[test]
    fn the_other_way_to_the_den_has_its_own_negations() {
        // Suite jungle-07: the white lion e8 enters d9 by d8 or by e9. Its first way is stopped
        // (the lion c8 and the dog by d7 control d8); the only defence, the tiger f8-f9, stops
        // the other one on e9 and is found among the other ways' negations.
        let p = pos("7/2l1Lt1/5e1/E2d3/2rw3/7/2CpD2/3T3/7 b");
        let z = zones(&p, 5);
        let race = find(&z, Side::White, "e8", AimKind::Goal, "d9");
        assert_eq!(race.alternatives, 2);
        assert_eq!(race.root, vec![sq("e8"), sq("d8"), sq("d9")]);
        assert!(race.negations.iter().all(|n| n.attached != sq("e9")));
        let tiger = race
            .other_ways
            .iter()
            .find(|n| n.from == sq("f8"))
            .expect("the tiger f8 negates the way by e9");
        assert_eq!(
            (tiger.role, tiger.attached, tiger.budget, tiger.stops),
            (NegationRole::Control, sq("e9"), 1, true)
        );
        assert_eq!(tiger.path, vec![sq("f8"), sq("f9")]);
        assert!(race.other_ways.iter().all(|n| n.attached != sq("d8")));
        // A root with one shortest way has none.
        let single = find(&z, Side::White, "e8", AimKind::Capture, "c8");
        assert!(single.other_ways.is_empty());
    }

    #[test]
    fn the_way_to_the_den_runs_through_a_trap_where_a_cat_waits() {
        // The white wolf d6 needs d7-d8-d9; on d8, Black's trap, anyone takes it: the cat f8
        // reaches e8 in its one move (m(2) = 1) and stops it. The cat cannot take it on d7.
        let p = pos("7/5c1/7/3W3/7/7/7/7/7 w");
        let z = zones(&p, 5);
        let race = find(&z, Side::White, "d6", AimKind::Goal, "d9");
        assert_eq!(race.root, vec![sq("d6"), sq("d7"), sq("d8"), sq("d9")]);
        assert_eq!(race.negations.len(), 1);
        let n = &race.negations[0];
        assert_eq!(
            (n.from, n.role, n.attached, n.budget, n.stops),
            (sq("f8"), NegationRole::Control, sq("d8"), 1, true)
        );
        assert_eq!(n.path, vec![sq("f8"), sq("e8")]);
        assert!(!race.is_open());
        // A cat on g8 needs two moves: too late, the wolf gets through.
        let p = pos("7/6c/7/3W3/7/7/7/7/7 w");
        let built = project(&p, 5);
        let race = find(&built.zones, Side::White, "d6", AimKind::Goal, "d9");
        assert!(race.negations.is_empty() && race.is_open());
        let (o, _) = outcomes(&JungleZones, &p, &built, 5);
        assert_eq!(o[race.index].now, Gain::Wins);
    }

    #[test]
    fn a_rat_swims_into_the_jump() {
        // Black to move: the white lion c3 jumps to c7 and takes the leopard c8 (two moves);
        // the black rat b5 steps to c5, under the jump onto c7, in time (m(1) = 1); the
        // leopard steps away within its two moves.
        let p = pos("7/2p4/7/7/1r5/7/2L4/7/7 b");
        let z = zones(&p, 4);
        let hunt = find(&z, Side::White, "c3", AimKind::Capture, "c8");
        assert_eq!(hunt.root, vec![sq("c3"), sq("c7"), sq("c8")]);
        let block = &hunt.negations[0];
        assert_eq!(
            (block.from, block.role, block.attached, block.budget),
            (sq("b5"), NegationRole::Control, sq("c7"), 1)
        );
        assert_eq!(block.path, vec![sq("b5"), sq("c5")]);
        let retreat = &hunt.negations[1];
        assert_eq!(
            (retreat.from, retreat.role, retreat.budget),
            (sq("c8"), NegationRole::Retreat, 2)
        );
        assert_eq!(retreat.path, vec![sq("c8"), sq("c7")]);
        assert_eq!(hunt.negations.len(), 2);
        // The rat ends in the water under the jump: a jump block, in the game's words.
        assert_eq!(role_text(&p, block), "jump block");
        assert_eq!(role_text(&p, retreat), "retreat");
        // With White to move the rat has no move before the jump (m(1) = 0).
        let p = pos("7/2p4/7/7/1r5/7/2L4/7/7 w");
        let z = zones(&p, 4);
        let hunt = find(&z, Side::White, "c3", AimKind::Capture, "c8");
        assert!(
            hunt.negations.iter().all(|n| n.from != sq("b5")),
            "{hunt:?}"
        );
        // A rat already swimming on c5 blocks the jump: no way to c8 within the horizon.
        let p = pos("7/2p4/7/7/2r4/7/2L4/7/7 b");
        assert!(
            zones(&p, 4)
                .iter()
                .all(|z| !(z.root[0] == sq("c3") && z.aim.target == sq("c8")))
        );
    }

    #[test]
    fn captures_see_retreats_exchanges_and_weak_blockaders() {
        // The black elephant e7 hunts the white wolf d6 by d7; the wolf steps away to d5.
        let p = pos("7/7/4e2/3W3/7/7/7/7/7 b");
        let z = zones(&p, 5);
        let hunt = find(&z, Side::Black, "e7", AimKind::Capture, "d6");
        assert_eq!(hunt.root, vec![sq("e7"), sq("d7"), sq("d6")]);
        assert_eq!(hunt.negations.len(), 1);
        assert_eq!(hunt.negations[0].role, NegationRole::Retreat);
        assert_eq!(hunt.negations[0].path, vec![sq("d6"), sq("d5")]);
        assert_eq!(hunt.negations[0].budget, 1);
        // The white rat d3 takes the elephant d4: the cat d5 would take it back, but the
        // exchange gains, so it stops nothing.
        let p = pos("7/7/7/7/3c3/3e3/3R3/7/7 w");
        let built = project(&p, 3);
        let rat = find(&built.zones, Side::White, "d3", AimKind::Capture, "d4");
        assert!(rat.is_open() && rat.negations.is_empty(), "{rat:?}");
        let (o, _) = outcomes(&JungleZones, &p, &built, 3);
        assert_eq!(o[rat.index].now, Gain::Material(800));
        // A leopard stepping onto the lion's path is taken: it does not stop the lion.
        let p = pos("l5t/1d3c1/2p1w1e/1r5/3L3/4R2/E1W1P2/1C3D1/T6 w");
        let z = zones(&p, 5);
        let hunt = find(&z, Side::White, "d5", AimKind::Capture, "e7");
        let leopard = hunt.negations.iter().find(|n| n.from == sq("c7")).unwrap();
        assert_eq!(
            (leopard.role, leopard.stops),
            (NegationRole::Blockade, false)
        );
        assert_eq!(leopard.path, vec![sq("c7"), sq("d7")]);
        let elephant = hunt.negations.iter().find(|n| n.from == sq("g7")).unwrap();
        assert_eq!(elephant.role, NegationRole::Protection);
        assert_eq!(elephant.path, vec![sq("g7"), sq("f7")]);
    }

    #[test]
    fn steps_and_footprints_follow_the_rules() {
        // J6b: the rat e5 blocks the lion's jump to g5.
        let p = pos("6c/7/7/7/3Lr2/7/7/7/7 w");
        let lion = PieceSteps::of(&p, sq("d5")).unwrap();
        let names = |set: u64| -> Vec<String> {
            zonal_board::SquareSet::squares(set)
                .map(|s| SHAPE.name(s))
                .collect()
        };
        assert_eq!(names(lion.steps(sq("d5"))), ["d4", "a5", "d6"]);
        assert_eq!(names(lion.passes(sq("d5"), sq("a5"))), ["b5", "c5"]);
        assert_eq!(lion.passes(sq("d5"), sq("d6")), 0);
        assert_eq!(
            names(JungleZones.step_footprint(&p, sq("d5"), sq("d5"))),
            ["d4", "a5", "b5", "c5", "d5", "e5", "f5", "g5", "d6"]
        );
        // The rat in the water: into the water and onto empty land, not onto the cat's bank.
        let p = pos("7/7/7/7/7/2Rc3/7/7/7 w");
        let rat = PieceSteps::of(&p, sq("c4")).unwrap();
        assert_eq!(names(rat.steps(sq("c4"))), ["c3", "b4", "c5"]);
        assert_eq!(
            names(JungleZones.step_footprint(&p, sq("c4"), sq("c4"))),
            ["c3", "b4", "c4", "d4", "c5"]
        );
    }
}
