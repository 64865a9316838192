//! Why a move is worth playing, as the projection sees it (docs/zones.md §5): each step the
//! projection names for the side to move, with the zone it serves and how. The zone-guided
//! search keeps the moves these steps name; an analysis explains a recommended move by them.
//!
//! The steps, for the side to move (+):
//! - the first square of every shortest trajectory of one of its roots (a [`Purpose::Root`]);
//! - the first step of a first negation of one of the other side's zones, on its root's first
//!   shortest trajectory or another one (a [`Purpose::Negation`]; `urgent` when it stops the root
//!   by itself and has no move to spare);
//! - the first step of a second negation, an answer to a negation of its own zone (a
//!   [`Purpose::Answer`]);
//! - the retreat of its piece that a complex of the other side aims at (a [`Purpose::Retreat`]).

use crate::distance::Bundle;
use crate::zone::{Aim, Built, Negation, NegationRole, Zone, ZoneGame};
use zonal_board::SquareSet;

/// What a named step does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The root of zone `zone` of the side to move steps towards its aim.
    Root {
        /// The zone.
        zone: usize,
        /// Its aim.
        aim: Aim,
        /// Its root trajectory's moves (k).
        length: usize,
        /// Whether no negation stops it in time.
        open: bool,
    },
    /// A piece of the side to move negates zone `zone` of the other side.
    Negation {
        /// The other side's zone.
        zone: usize,
        /// How it stops the root.
        role: NegationRole,
        /// The square of the root's trajectory it is attached to.
        attached: u32,
        /// Whether it stops the root by itself and its moves use its whole budget (it must move
        /// now).
        urgent: bool,
        /// Whether it meets another of the root's shortest trajectories, not the first
        /// ([`Zone::other_ways`](crate::zone::Zone::other_ways)).
        other_way: bool,
    },
    /// A piece of the side to move answers a negation of its own zone `zone`.
    Answer {
        /// The own zone.
        zone: usize,
        /// The square of the negating piece it stops.
        negator: u32,
        /// How that piece negates.
        role: NegationRole,
    },
    /// The side to move's piece aimed at by the other side's complex `complex` steps away.
    Retreat {
        /// The complex.
        complex: usize,
    },
}

/// One step the projection names: the piece on `from` moving to one of `to`, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Motive<S> {
    /// The moving piece's square.
    pub from: u32,
    /// The squares it may step to for this purpose.
    pub to: S,
    /// What the step serves.
    pub purpose: Purpose,
}

impl<S: SquareSet> Motive<S> {
    /// Whether this step is the move from `from` to `to`.
    pub fn names(&self, from: u32, to: u32) -> bool {
        self.from == from && self.to.has(to)
    }
}

/// Every step the projection `built` of `pos` names for the side to move.
pub fn motives<Z: ZoneGame>(game: &Z, pos: &Z::Position, built: &Built) -> Vec<Motive<Z::Set>> {
    let us = game.to_move(pos);
    let first_step = |n: &Negation, purpose: Purpose| match n.path[..] {
        [from, to, ..] => Some(Motive {
            from,
            to: Z::Set::single(to),
            purpose,
        }),
        _ => None,
    };
    let mut named = Vec::new();
    for zone in &built.zones {
        if zone.side == us {
            named.extend(root_steps(game, pos, zone));
            for n in &zone.negations {
                named.extend(n.answers.iter().filter_map(|a| {
                    first_step(
                        a,
                        Purpose::Answer {
                            zone: zone.index,
                            negator: n.from,
                            role: n.role,
                        },
                    )
                }));
            }
        } else {
            let first = zone.negations.iter().map(|n| (n, false));
            let others = zone.other_ways.iter().map(|n| (n, true));
            named.extend(first.chain(others).filter_map(|(n, other_way)| {
                first_step(
                    n,
                    Purpose::Negation {
                        zone: zone.index,
                        role: n.role,
                        attached: n.attached,
                        urgent: n.stops && n.path.len() as i32 > n.budget,
                        other_way,
                    },
                )
            }));
        }
    }
    for complex in built.complexes.iter().filter(|c| c.side != us) {
        named.extend(complex.retreat.as_ref().and_then(|n| {
            first_step(
                n,
                Purpose::Retreat {
                    complex: complex.index,
                },
            )
        }));
    }
    named
}

/// The first squares of every shortest trajectory of the zone's root.
fn root_steps<Z: ZoneGame>(game: &Z, pos: &Z::Position, zone: &Zone) -> Option<Motive<Z::Set>> {
    let (&from, &first) = (zone.root.first()?, zone.root.get(1)?);
    let mut to = Z::Set::single(first);
    if zone.alternatives > 1
        && let Some(steps) = game.steps(pos, from)
    {
        let shape = game.shape(pos);
        let bundle = Bundle::shortest(shape, from, zone.aim.target, zone.length() as u32, &steps);
        if let Some(layer) = bundle.and_then(|b| b.layers.get(1).copied()) {
            to |= layer;
        }
    }
    Some(Motive {
        from,
        to,
        purpose: Purpose::Root {
            zone: zone.index,
            aim: zone.aim,
            length: zone.length(),
            open: zone.is_open(),
        },
    })
}
