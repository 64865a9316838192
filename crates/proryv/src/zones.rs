//! Zones of Прорыв (docs/zones-games.md §2), first version: the King's race to its target and
//! its captures of enemy rooks, each with the enemy rooks' first negations in time (Botvinnik's
//! label (-, z.1)). Built on the core's distance maps, shortest bundles and time budgets.
//!
//! - **Race zone**: root = the King's shortest trajectory to its target square, when it fits the
//!   horizon (k <= k_max). A (-) rook negates a(i) by **control** when it reaches, within m(i)
//!   moves, a square from which it attacks a(i) along a clear line (the King may not step into
//!   check); by **blockade** when it reaches a(i) itself within m(i) (the King may still take a
//!   rook there that no other rook protects, so a blockade alone does not stop the zone).
//! - **Capture zone**: root = the King's shortest trajectory to an enemy rook's square; negated by
//!   the target's **protection** (another rook of its side reaching, within m(k), a square that
//!   attacks the target's square), by **control** of an inner square as above, and by the target's
//!   **retreat** (it has a legal move).
//!
//! Not yet: the second negation ((+) answers), linked and complex zones (immobilisation needs up
//! to four pieces), and the incremental update; they come with the core's zone builder.

use crate::Position;
use crate::geometry::{bit, rook_attacks};
use crate::steps::PieceSteps;
use zonal_board::{Shape, Side, SquareSet};
use zonal_core::horizon::{RootBudget, k_max};
use zonal_core::{Bundle, DistanceMap, Steps};

/// What a zone's root aims at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// The King's target square: reaching it wins.
    Target,
    /// An enemy rook to take.
    Capture,
}

/// How a negation stops the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A rook attacks a(i) in time: the King may not step there.
    Control,
    /// A rook stands on a(i) in time (stops the King only if protected).
    Blockade,
    /// Another rook protects the target in time: taking it would put the King in check.
    Protection,
    /// The target rook moves away.
    Retreat,
}

impl Role {
    /// The role in words.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Control => "control",
            Role::Blockade => "blockade",
            Role::Protection => "protection",
            Role::Retreat => "retreat",
        }
    }

    /// Whether the negation stops the root by itself.
    pub const fn stops(self) -> bool {
        !matches!(self, Role::Blockade)
    }
}

/// One negating trajectory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Negation {
    /// The rook's square.
    pub from: u8,
    /// What it does.
    pub role: Role,
    /// The square of the root's trajectory it is attached to (a(i)).
    pub attached: u8,
    /// Its trajectory, start first (one square for a rook already in place).
    pub path: Vec<u8>,
    /// The moves it may spend: m(i).
    pub budget: i32,
}

/// A zone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    /// Index in the projection.
    pub index: usize,
    /// The root's side, (+).
    pub side: Side,
    /// What the root aims at.
    pub aim: Aim,
    /// The root trajectory: the King's square, then a(1) ... a(k).
    pub root: Vec<u8>,
    /// Shortest trajectories to the goal.
    pub alternatives: u64,
    /// The first negations, in time, by (-) rooks.
    pub negations: Vec<Negation>,
}

impl Zone {
    /// Whether no negation stops the root by itself.
    pub fn is_open(&self) -> bool {
        !self.negations.iter().any(|n| n.role.stops())
    }
}

/// The zones of both sides' Kings within horizon `h` half-moves.
pub fn zones(pos: &Position, h: i32) -> Vec<Zone> {
    let mut out = Vec::new();
    if pos.in_placement() || pos.outcome().is_some() {
        return out;
    }
    for side in Side::BOTH {
        let plus_to_move = pos.side_to_move() == side;
        let reach = k_max(h, plus_to_move).max(0) as u32;
        let king = pos.king(side);
        let Ok(steps) = PieceSteps::of(pos, king) else {
            continue;
        };
        let mut goals = vec![(Aim::Target, Position::target(side))];
        let mut rooks = pos.rooks(side.other());
        while rooks != 0 {
            let sq = rooks.trailing_zeros() as u8;
            rooks &= rooks - 1;
            goals.push((Aim::Capture, sq));
        }
        for (aim, goal) in goals {
            let Some(bundle) = Bundle::shortest(
                Shape::EIGHT,
                u32::from(king),
                u32::from(goal),
                reach,
                &steps,
            ) else {
                continue;
            };
            let Some(root) = bundle.trajectories(&steps, 1).into_iter().next() else {
                continue;
            };
            let k = bundle.length() as i32;
            let Some(budget) = RootBudget::new(h, k, plus_to_move) else {
                continue;
            };
            let root: Vec<u8> = root.into_iter().map(|s| s as u8).collect();
            let negations = negations(pos, side, aim, &root, &budget);
            out.push(Zone {
                index: out.len(),
                side,
                aim,
                root,
                alternatives: bundle.count,
                negations,
            });
        }
    }
    out
}

/// The (-) rooks' first negations of a root trajectory.
fn negations(
    pos: &Position,
    side: Side,
    aim: Aim,
    root: &[u8],
    budget: &RootBudget,
) -> Vec<Negation> {
    let enemy = side.other();
    let k = root.len() - 1;
    let king = root[0];
    // Lines as they stand, the King's square emptied (it moves along the root).
    let occupied = pos.occupied() & !bit(king);
    let mut out = Vec::new();
    let mut rooks = pos.rooks(enemy);
    while rooks != 0 {
        let r = rooks.trailing_zeros() as u8;
        rooks &= rooks - 1;
        let Ok(steps) = PieceSteps::of(pos, r) else {
            continue;
        };
        let target = (aim == Aim::Capture).then(|| root[k]);
        let map = DistanceMap::build(Shape::EIGHT, u32::from(r), 8, &steps);
        let path_to = |to: u8| -> Vec<u8> {
            Bundle::shortest(Shape::EIGHT, u32::from(r), u32::from(to), 8, &steps)
                .and_then(|b| b.trajectories(&steps, 1).into_iter().next())
                .map(|p| p.into_iter().map(|s| s as u8).collect())
                .unwrap_or_else(|| vec![r])
        };
        if Some(r) == target {
            // The target steps away, if it has time for a move (it has none when the King takes
            // on its first move with (+) to move).
            let flights = steps.steps(u32::from(r));
            if let Some(flight) = flights.first().filter(|_| budget.retreat_moves() >= 1) {
                out.push(Negation {
                    from: r,
                    role: Role::Retreat,
                    attached: r,
                    path: vec![r, flight as u8],
                    budget: budget.retreat_moves(),
                });
            }
            continue;
        }
        for (i, &a) in root.iter().enumerate().skip(1) {
            let m = budget.m(i as i32);
            if m < 0 {
                continue;
            }
            let is_goal = i == k;
            // From where the rook would attack a(i) along a clear line.
            let attackers = rook_attacks(a, occupied & !bit(r)) & !occupied;
            let best = SquareSet::squares(
                attackers | (occupied & bit(r) & rook_attacks(a, occupied & !bit(r))),
            )
            .filter_map(|s| map.distance(s).map(|d| (d, s as u8)))
            .filter(|&(d, _)| d as i32 <= m)
            .min();
            let role = match (aim, is_goal) {
                (Aim::Capture, true) => Role::Protection,
                _ => Role::Control,
            };
            if let Some((_, s)) = best {
                out.push(Negation {
                    from: r,
                    role,
                    attached: a,
                    path: path_to(s),
                    budget: m,
                });
                continue;
            }
            if !is_goal
                && let Some(d) = map.distance(u32::from(a))
                && d as i32 <= m
            {
                out.push(Negation {
                    from: r,
                    role: Role::Blockade,
                    attached: a,
                    path: path_to(a),
                    budget: m,
                });
            }
        }
    }
    out.sort_by_key(|n| (n.attached, n.path.len(), n.from));
    out
}

/// The zones as text, one block a zone (Botvinnik's labels: (+, z.0) the root, (-, z.1) a first
/// negation).
pub fn to_text(pos: &Position, zones: &[Zone], h: i32) -> String {
    let name = |sq: u8| Shape::EIGHT.name(u32::from(sq));
    let side = |s: Side| if s == Side::White { "White" } else { "Black" };
    let mut out = format!(
        "Position: {pos}\n{} to move; horizon {h} half-moves; {} zones\n",
        side(pos.side_to_move()),
        zones.len()
    );
    for z in zones {
        let path: Vec<String> = z.root.iter().map(|&s| name(s)).collect();
        let goal = *z.root.last().unwrap_or(&0);
        let what = match z.aim {
            Aim::Target => format!("target {}", name(goal)),
            Aim::Capture => format!("rook {}", name(goal)),
        };
        let k = z.root.len() - 1;
        out.push_str(&format!(
            "\nZone {} ({}, {}): King {} -> {what} in {k} ({}; {} of {} shortest): {}\n",
            z.index,
            match z.aim {
                Aim::Target => "race",
                Aim::Capture => "capture",
            },
            side(z.side),
            name(z.root[0]),
            path.join("-"),
            1,
            z.alternatives,
            if z.is_open() { "OPEN" } else { "STOPPED" }
        ));
        out.push_str(&format!(
            "  (+, {}.0) King  root  {}\n",
            z.index,
            path.join("-")
        ));
        for n in &z.negations {
            let trip: Vec<String> = n.path.iter().map(|&s| name(s)).collect();
            let moves = n.path.len() - 1;
            out.push_str(&format!(
                "  (-, {}.1) rook {}  {} of {}  {} ({} {}, budget {}){}\n",
                z.index,
                name(n.from),
                n.role.name(),
                name(n.attached),
                trip.join("-"),
                moves,
                if moves == 1 { "move" } else { "moves" },
                n.budget,
                if n.role.stops() {
                    ""
                } else {
                    "  (stops only if protected)"
                }
            ));
        }
    }
    out
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
            .find(|z| z.side == Side::White && z.aim == Aim::Target)
            .unwrap();
        assert_eq!(race.root, vec![54, 63]);
        assert!(race.is_open());
        // With a black rook on a8 the 8th rank is attacked: the rook already controls h8.
        let pos: Position = "r7/6K1/8/8/8/8/1k6/8 b 0:0 0 30".parse().unwrap();
        let z = zones(&pos, 4);
        let race = z
            .iter()
            .find(|z| z.side == Side::White && z.aim == Aim::Target)
            .unwrap();
        assert!(!race.is_open(), "{z:?}");
        assert_eq!(race.negations[0].role, Role::Control);
        assert_eq!(race.negations[0].path, vec![56]);
    }

    #[test]
    fn capture_zones_see_protection_and_retreat() {
        // E7: the King d4 and the black rooks c5 (unprotected) and e5 (protected by e8).
        let pos: Position = "4r2k/8/8/2rRr3/3K4/8/8/8 w 0:0 0 20".parse().unwrap();
        let z = zones(&pos, 2);
        let take = |sq: u8| {
            z.iter()
                .find(|z| z.aim == Aim::Capture && z.root.last() == Some(&sq))
                .unwrap()
        };
        let e5 = take(36);
        assert!(
            e5.negations
                .iter()
                .any(|n| n.role == Role::Protection && n.from == 60)
        );
        // c5 is taken at once (d4c5 is legal): no time to retreat, nothing protects it.
        let c5 = take(34);
        assert!(c5.is_open(), "{c5:?}");
        // With Black to move, the rook c5 has a move to step away, and e8 still protects e5.
        let pos: Position = "4r2k/8/8/2rRr3/3K4/8/8/8 b 0:0 0 20".parse().unwrap();
        let z = zones(&pos, 2);
        let c5 = z
            .iter()
            .find(|z| z.aim == Aim::Capture && z.side == Side::White && z.root.last() == Some(&34))
            .unwrap();
        assert!(
            c5.negations
                .iter()
                .any(|n| n.role == Role::Retreat && n.path.len() == 2)
        );
        let text = to_text(&pos, &z, 2);
        assert!(
            text.contains("Zone 0 (capture, White): King d4 -> rook c5 in 1"),
            "{text}"
        );
    }
}
