//! The moves the mathematical projection names for the side to move (docs/zones.md §4): the first
//! steps of its attack roots, supports and counters, of its negations against the opponent's
//! open zones, escapes of threatened pieces, captures and promotions, each with its motives.

use crate::exchange::{DECISIVE, Material};
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::rules::Aim;
use crate::square::Square;
use crate::zone::{Camp, Projection, Role};
use std::collections::BTreeMap;

/// Why a move is a candidate: what it does in which zone.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Motive {
    /// The zone's index in the projection.
    pub zone: usize,
    /// Botvinnik's label of the trajectory whose first step the move is.
    pub label: String,
    /// What the trajectory does.
    pub role: Role,
    /// The zone's target square.
    pub target: Square,
    /// Whether the move defends (a negation of an opponent's zone) rather than attacks.
    pub defends: bool,
    /// How much the zone is worth to the mover (half-units; for a defence, what it saves).
    pub value: i32,
}

/// Weight of the material a quiet move leaves en prise in a candidate's priority.
const EN_PRISE_WEIGHT: i32 = 4;

/// Moves the zones of `pos` name for the side to move, with their motives, best first.
///
/// The order: by priority (what the move wins in its exchange, or loses by leaving its piece en
/// prise, and the value of its most valuable zone), then by the total value of all the zones the
/// move serves (each zone counted once, at its most valuable motive: a move that serves several
/// zones at once, as an answer to a fork or an overloaded defender needs to, comes before one
/// serving a single zone of the same worth), then by the move's coordinates.
pub fn zone_candidates(
    pos: &Position,
    mp: &Projection,
    material: &Material,
) -> Vec<(Move, Vec<Motive>)> {
    let us = pos.side_to_move();
    let legal = pos.legal_moves();
    let mut by_step: BTreeMap<(Square, Square), Vec<Motive>> = BTreeMap::new();
    let target_value = |aim: Aim, piece: Option<crate::Piece>| match (aim, piece) {
        (Aim::King | Aim::Castle, _) => DECISIVE / 2,
        (_, Some(p)) => material.value(p.kind),
        (_, None) => 0,
    };
    for z in &mp.zones {
        let we_attack = z.side == us;
        let value = target_value(z.target.aim, z.target.piece);
        for (t, zt) in z.trajectories.iter().enumerate() {
            if zt.is_empty() {
                continue;
            }
            let ours = (zt.camp == Camp::Plus) == we_attack;
            if !ours {
                continue;
            }
            let wanted = if we_attack {
                // Our root where it gets through (or its support / counters where it does not).
                match zt.role {
                    Role::Root => true,
                    _ => zt.level >= 2,
                }
            } else {
                // Defence against an opponent's zone that gets through.
                z.is_open() || !z.holding.is_empty() && zt.level == 1
            };
            if !wanted {
                continue;
            }
            let step = (zt.trajectory.squares[0], zt.trajectory.squares[1]);
            by_step.entry(step).or_default().push(Motive {
                zone: z.index,
                label: z.label(t),
                role: zt.role,
                target: z.target.square,
                defends: !we_attack,
                value: if z.is_open() || !we_attack {
                    value
                } else {
                    value / 4
                },
            });
        }
    }
    // Our pieces that stand attacked by an open enemy zone: moving them away saves them.
    let mut threatened: BTreeMap<Square, i32> = BTreeMap::new();
    for z in &mp.zones {
        if z.side != us
            && z.is_open()
            && !matches!(z.target.aim, Aim::King | Aim::Castle)
            && let Some(p) = z.target.piece
        {
            let v = threatened.entry(z.target.square).or_default();
            *v = (*v).max(material.value(p.kind));
        }
    }
    let mut out: Vec<(Move, Vec<Motive>, i32, i32)> = Vec::new();
    for mv in legal {
        let motives = by_step.get(&(mv.from, mv.to)).cloned().unwrap_or_default();
        let quiet = mv.kind == MoveKind::Quiet && mv.promotion.is_none();
        let saves = threatened.get(&mv.from).copied().unwrap_or(0);
        if motives.is_empty() && quiet && saves == 0 {
            continue;
        }
        // What the move wins on its square when both sides go on exchanging there (promotions
        // included): captures and promotions first, the best of them first. For a quiet move,
        // whether the piece moved is safe on its new square.
        let gain = crate::exchange::exchange_after(pos, &mv, material).value;
        let saves = if gain >= 0 { saves } else { 0 };
        if motives.is_empty() && quiet && saves == 0 {
            continue;
        }
        let motive = motives
            .iter()
            .map(|m| m.value)
            .max()
            .unwrap_or(0)
            .max(saves);
        let priority = if quiet {
            gain.min(0) * EN_PRISE_WEIGHT + motive
        } else {
            gain.max(0) * 4 + motive
        };
        // The zones the move serves, each counted once at its most valuable motive.
        let mut per_zone: BTreeMap<usize, i32> = BTreeMap::new();
        for m in &motives {
            let v = per_zone.entry(m.zone).or_default();
            *v = (*v).max(m.value);
        }
        let served = per_zone.values().sum::<i32>();
        out.push((mv, motives, priority, served));
    }
    out.sort_by(|a, b| {
        b.2.cmp(&a.2)
            .then_with(|| b.3.cmp(&a.3))
            .then_with(|| a.0.uci().cmp(&b.0.uci()))
    });
    out.into_iter()
        .map(|(m, motives, _, _)| (m, motives))
        .collect()
}
