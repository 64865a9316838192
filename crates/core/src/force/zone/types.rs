//! The projection's types: settings, camps, kinds, roles, trajectories in a zone, nodes and edges of its graph, zones, complexes.

use super::*;

/// Settings of a projection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneConfig {
    /// Horizon H in half-moves.
    pub horizon: i32,
    /// Deepest negation level (1 = first negations only). Building also stops when a level adds
    /// nothing new.
    pub max_level: u8,
    /// Most root trajectories per (root piece, target): shortest ones, in a stable order.
    pub max_root_trajectories: usize,
    /// Only zones whose root belongs to this side (`None`: both sides).
    pub side: Option<Side>,
    /// Whether to add linked zones.
    pub linked: bool,
    /// Whether to build independent zones in parallel (rayon). Off where projections are many
    /// and small, e.g. at every node of a search, which hands a thread pool more
    /// synchronisation than work. The result is the same either way.
    pub parallel: bool,
}

impl Default for ZoneConfig {
    fn default() -> Self {
        ZoneConfig {
            horizon: 4,
            max_level: 3,
            max_root_trajectories: 1,
            side: None,
            linked: true,
            parallel: true,
        }
    }
}

/// Botvinnik's camps: (+) is the side of the zone's root piece, (-) the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Camp {
    /// The root's side.
    Plus,
    /// The other side.
    Minus,
}

impl Camp {
    /// `"+"` or `"-"`.
    pub const fn sign(self) -> &'static str {
        match self {
            Camp::Plus => "+",
            Camp::Minus => "-",
        }
    }

    /// The other camp.
    pub const fn other(self) -> Camp {
        match self {
            Camp::Plus => Camp::Minus,
            Camp::Minus => Camp::Plus,
        }
    }
}

/// What a zone is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ZoneKind {
    /// A root aimed at an enemy piece or a goal square.
    Attack,
    /// A linked zone aimed at the first square of a negation (to control it).
    Control,
    /// A linked zone aimed at a blockade square (to remove or forestall the blockader).
    Deblockade,
    /// A linked zone aimed at the target's flight square (to take its retreat away).
    Retreat,
}

/// What a trajectory does in its zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The zone's root trajectory.
    Root,
    /// Brings force onto a square of the trajectory it negates (to take the piece there).
    Control,
    /// Takes the piece on a square of the trajectory it negates whatever the sums (a piece whose
    /// captures the game never gates).
    Capture,
    /// Occupies a beta-square before the negated piece passes.
    Blockade,
    /// Adds defending force on the target square.
    Reinforcement,
    /// The target steps away to a square where (+) has no superiority.
    Retreat,
    /// Adds force for its camp on the square where the negated trajectory ends.
    Support,
    /// Goes for the negating piece where it stands.
    AttackPiece,
}

impl Role {
    /// snake_case name, as in the JSON output (`"attack_piece"`).
    pub const fn name(self) -> &'static str {
        match self {
            Role::Root => "root",
            Role::Control => "control",
            Role::Capture => "capture",
            Role::Blockade => "blockade",
            Role::Reinforcement => "reinforcement",
            Role::Retreat => "retreat",
            Role::Support => "support",
            Role::AttackPiece => "attack_piece",
        }
    }

    /// A few words for prose (`"attack on the piece"`).
    pub const fn describe(self) -> &'static str {
        match self {
            Role::Root => "attack",
            Role::AttackPiece => "attack on the piece",
            other => other.name(),
        }
    }
}

/// Where a trajectory is attached to the trajectory it negates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Attachment<R: ForceGame> {
    /// Index (in the zone) of the trajectory it answers.
    pub parent: usize,
    /// The square of the parent it aims at.
    pub square: R::Square,
    /// Alpha-square index i (a(i), 0 = the parent's start), or the beta-square's step.
    pub index: usize,
    /// Whether it is a beta-square (of the step to a(index)).
    pub beta: bool,
}

/// One piece's trajectory inside a zone, with Botvinnik's label (camp, zone, level).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneTrajectory<R: ForceGame> {
    /// The piece and its path.
    pub trajectory: Trajectory<R>,
    /// (+) or (-).
    pub camp: Camp,
    /// Negation level: 0 for the root, 1 for first negations, ...
    pub level: u8,
    /// What it does.
    pub role: Role,
    /// Where it attaches (none for the root).
    pub attached: Option<Attachment<R>>,
    /// TIME of its goal square: the longest it may be and still be in time (a blockade must be
    /// shorter than that).
    pub time: i32,
    /// Number of shortest trajectories the piece has to that goal (this one represents them).
    pub alternatives: u128,
}

impl<R: ForceGame> ZoneTrajectory<R> {
    /// Length in moves.
    pub fn len(&self) -> usize {
        self.trajectory.len()
    }

    /// Whether it has no move.
    pub fn is_empty(&self) -> bool {
        self.trajectory.is_empty()
    }

    /// Botvinnik's label, e.g. `(+, 0.0)`, `(-, 0.1)`, `(+, 1.0)`.
    pub fn label(&self, zone: usize) -> String {
        format!("({}, {}.{})", self.camp.sign(), zone, self.level)
    }
}

/// The target of a zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target<R: ForceGame> {
    /// The target square (ak).
    pub square: R::Square,
    /// The piece standing there, if any.
    pub piece: Option<R::Piece>,
    /// What reaching it achieves.
    pub aim: R::Aim,
}

/// Force on one contested square of a zone once the pieces in time have arrived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contest<R: ForceGame> {
    /// The square.
    pub square: R::Square,
    /// Index i of the root's alpha-square (0 = where the root stands, k = the target).
    pub index: usize,
    /// Effective force of (+) there, in the game's units ([`ForceGame::force_on`]).
    pub plus: i32,
    /// Effective force of (-) there, in the game's units.
    pub minus: i32,
}

/// Kinds of node of a zone graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node<R: ForceGame> {
    /// A piece on its square, with its camp.
    Piece {
        /// Where it stands.
        square: R::Square,
        /// What it is.
        piece: R::Piece,
        /// Its camp in this zone.
        camp: Camp,
    },
    /// A trajectory of the zone (its index in [`ForceZone::trajectories`]).
    Trajectory(usize),
    /// A square that a trajectory is attached at or aims at.
    Square(R::Square),
}

/// Kinds of edge of a zone graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Edge {
    /// Piece -> the trajectory it moves along (it stands on a0).
    RootOf,
    /// Root trajectory -> the target piece or square.
    Attacks,
    /// Negation trajectory -> the trajectory it negates (control, capture, attack on the piece).
    Negates,
    /// Support trajectory -> the trajectory whose contested square it adds force to.
    Supports,
    /// Blockade trajectory -> the trajectory it blocks.
    Blocks,
    /// Trajectory -> the square it aims at on its parent: alpha-square `index`.
    AttachedAlpha {
        /// i of a(i).
        index: usize,
    },
    /// Trajectory -> the beta-square it aims at, passed on the step to a(`index`).
    AttachedBeta {
        /// The step's alpha index.
        index: usize,
    },
    /// Root trajectory of a linked zone -> the square it aims at in its parent zone.
    LinkedTo {
        /// The parent zone's index.
        zone: usize,
    },
}

/// One zone: a root trajectory and everything that can change its outcome in time.
#[derive(Clone, Debug)]
pub struct ForceZone<R: ForceGame> {
    /// Index in the projection (zone 0, 1, ... of the whole MP).
    pub index: usize,
    /// Attack zone or a kind of linked zone.
    pub kind: ZoneKind,
    /// The (+) side.
    pub side: Side,
    /// Whether (+) is to move.
    pub plus_to_move: bool,
    /// The target.
    pub target: Target<R>,
    /// For a linked zone: the zone and trajectory whose negation it answers.
    pub linked_to: Option<(usize, usize)>,
    /// Trajectories; index 0 is the root.
    pub trajectories: Vec<ZoneTrajectory<R>>,
    /// Force on the root's alpha-squares (and a0) with everything in time arrived.
    pub contests: Vec<Contest<R>>,
    /// Indices of the first negations that hold (stop the root), after their own answers.
    pub holding: Vec<usize>,
    /// Whether (+) lacks superiority on the target when the root is ready to take it, even with
    /// its supports in time (a gated capture only): the target is defended as things stand.
    pub target_defended: bool,
    /// Squares of all trajectories (alpha and beta), pieces' squares, and contested squares.
    pub footprint: R::Set,
    /// The zone as a typed graph.
    pub graph: DiGraph<Node<R>, Edge>,
}

impl<R: ForceGame> ForceZone<R> {
    /// The root trajectory.
    pub fn root(&self) -> &ZoneTrajectory<R> {
        &self.trajectories[0]
    }

    /// Where the root piece stands.
    pub fn root_square(&self) -> R::Square {
        self.root().trajectory.start()
    }

    /// The squares a move must touch to be able to change this zone by docs/zones.md §5's rule: its
    /// footprint and every square from or across which force can act on one of its contested
    /// squares (the lines its pieces' force uses, and those a newcomer's would).
    pub fn dependency_squares(&self) -> R::Set {
        self.contests
            .iter()
            .fold(self.footprint, |acc, c| acc | R::force_region(c.square))
    }

    /// Whether the root gets through in time: no first negation holds and the target is not
    /// defended.
    pub fn is_open(&self) -> bool {
        self.holding.is_empty() && !self.target_defended
    }

    /// Botvinnik's label of trajectory `t`.
    pub fn label(&self, t: usize) -> String {
        self.trajectories[t].label(self.index)
    }
}

/// A complex zone: zones joined because they share a root, one's root is another's target, a
/// linked zone and its parent, or one (-) piece holds in both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForceComplex<R: ForceGame> {
    /// Zone indices, ascending.
    pub zones: Vec<usize>,
    /// Pieces (by square) needed in two or more of these zones at once: each is the only holding
    /// negation of at least two zones with different deadlines or squares.
    pub overloaded: Vec<R::Square>,
}

/// The mathematical projection of a position: all zones and their complexes.
#[derive(Clone, Debug)]
pub struct Projection<R: ForceGame> {
    /// The horizon used.
    pub horizon: i32,
    /// Side to move in the position.
    pub side_to_move: Side,
    /// All zones, attack zones first (ordered by root square, target, trajectory), then linked ones.
    pub zones: Vec<ForceZone<R>>,
    /// Complex zones (only groups of two or more zones).
    pub complexes: Vec<ForceComplex<R>>,
}
