//! The projection's parts: aims, negations, zones, complexes.

use zonal_board::Side;

/// What a root aims at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AimKind {
    /// A goal square: arriving there is the aim (a target square, a corner, a home).
    Goal,
    /// An enemy piece to take on its square.
    Capture,
    /// A square to occupy as one part of a complex aim ([`Complex`]): an enemy piece to
    /// surround, which needs several pieces to arrive.
    Occupy,
}

impl AimKind {
    /// `"goal"` or `"capture"`.
    pub const fn name(self) -> &'static str {
        match self {
            AimKind::Goal => "goal",
            AimKind::Capture => "capture",
            AimKind::Occupy => "occupy",
        }
    }
}

/// One aim of a root piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Aim {
    /// Goal or capture.
    pub kind: AimKind,
    /// The square aimed at.
    pub target: u32,
}

/// How a first negation stops the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NegationRole {
    /// The opposing piece stands, in time, where the game says it stops the root arriving on
    /// a(i) (a line onto the square, a piece that would take the root there).
    Control,
    /// It stands on a(i) itself in time.
    Blockade,
    /// Control of the target's own square when the aim is a capture: the target is protected.
    Protection,
    /// The target of a capture steps away in time.
    Retreat,
}

impl NegationRole {
    /// The role in words.
    pub const fn name(self) -> &'static str {
        match self {
            NegationRole::Control => "control",
            NegationRole::Blockade => "blockade",
            NegationRole::Protection => "protection",
            NegationRole::Retreat => "retreat",
        }
    }
}

/// One negating trajectory, (-, z.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Negation {
    /// The opposing piece's square.
    pub from: u32,
    /// What it does.
    pub role: NegationRole,
    /// The square of the root's trajectory it is attached to (a(i); the target for a retreat).
    pub attached: u32,
    /// Its trajectory, start first (one square for a piece already in place).
    pub path: Vec<u32>,
    /// The moves it may spend: m(i).
    pub budget: i32,
    /// Whether it stops the root by itself (a blockade may not: the game says).
    pub stops: bool,
    /// The second negations, (+, z.2): (+) pieces that stop this trajectory on one of its
    /// squares in time (by the game's control, or by occupying the square or a square the step
    /// into it passes over). Empty for answers themselves and for retreats.
    pub answers: Vec<Negation>,
}

impl Negation {
    /// Whether a (+) piece answers it in time.
    pub fn is_answered(&self) -> bool {
        !self.answers.is_empty()
    }
}

/// A zone: a root and its first negations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    /// Index in the projection.
    pub index: usize,
    /// The root's side, (+).
    pub side: Side,
    /// What the root aims at.
    pub aim: Aim,
    /// The root trajectory: the root piece's square, then a(1) ... a(k).
    pub root: Vec<u32>,
    /// Shortest trajectories to the aim.
    pub alternatives: u64,
    /// The first negations, in time, ordered by the square they attach to.
    pub negations: Vec<Negation>,
    /// When the root has several shortest trajectories: the first negations of the next ones
    /// (up to [`OTHER_WAYS`] of them) attached to squares the first one does not pass. They do
    /// not count in [`Zone::is_open`], which judges the first trajectory; the zone-guided search
    /// names them, since the defence against another way may be the only one.
    pub other_ways: Vec<Negation>,
}

/// How many shortest trajectories of a root beyond the first get their first negations
/// ([`Zone::other_ways`]).
pub const OTHER_WAYS: usize = 3;

impl Zone {
    /// Whether no negation stops the root by itself.
    pub fn is_open(&self) -> bool {
        !self.negations.iter().any(|n| n.stops)
    }

    /// Moves of the root trajectory (k).
    pub fn length(&self) -> usize {
        self.root.len() - 1
    }
}

/// An aim that needs several pieces of one side to arrive ([`super::ZoneGame::complex_aims`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComplexAim<S> {
    /// The enemy piece aimed at.
    pub target: u32,
    /// The squares that must all be occupied.
    pub fill: S,
    /// The squares whose pieces already take part and must stay.
    pub keep: S,
}

/// A complex zone (zones.md §3): an aim met only when several pieces arrive in time, one zone
/// (aim [`AimKind::Occupy`]) a piece, joined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Complex {
    /// Index among the projection's complexes.
    pub index: usize,
    /// The side whose pieces arrive, (+).
    pub side: Side,
    /// The enemy piece aimed at.
    pub target: u32,
    /// The zones of the arriving pieces, one a square to occupy.
    pub zones: Vec<usize>,
    /// Moves of the whole plan: the sum of the parts' (one piece moves a ply), within k_max.
    pub length: usize,
    /// The target's retreat in time: it steps away before the last piece arrives.
    pub retreat: Option<Negation>,
    /// The pieces already in place that take part (the aim's `keep`: a partner of a custodial
    /// capture, a piece already next to the target).
    pub partners: Vec<u32>,
    /// The other side's plans that take a partner in time (zones.md §3: negating the partner
    /// negates the complex): an open capture zone or open complex of the other side aimed at a
    /// partner, shorter than this plan, or as long with the other side to move.
    pub partner_threats: Vec<PartnerThreat>,
}

/// A plan of the other side that takes a partner of a complex ([`Complex::partner_threats`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartnerThreat {
    /// The partner's square.
    pub partner: u32,
    /// The other side's capture zone aimed at it, if that is the plan.
    pub zone: Option<usize>,
    /// The other side's complex aimed at it, if that is the plan.
    pub complex: Option<usize>,
}
