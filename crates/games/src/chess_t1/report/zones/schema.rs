//! The zone JSON's types (`schema/zones.schema.json`): the projection as data, each core type with its JSON twin.

use super::*;

/// Version of the JSON shape (`schema_version`): the one zones schema's of every game.
pub const SCHEMA_VERSION: u32 = zonal_analysis::report::ZONES_SCHEMA_VERSION;

/// The game these reports describe, as the `game` field names it.
pub const GAME: &str = "chess-t1";

/// A side, as JSON writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideJson {
    /// White.
    White,
    /// Black.
    Black,
}

impl From<Color> for SideJson {
    fn from(c: Color) -> SideJson {
        match c {
            Color::White => SideJson::White,
            Color::Black => SideJson::Black,
        }
    }
}

impl SideJson {
    /// `"White"` or `"Black"`.
    pub const fn title(self) -> &'static str {
        match self {
            SideJson::White => "White",
            SideJson::Black => "Black",
        }
    }
}

/// A piece kind, as the letter of the position notation (upper case for both sides).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LetterJson {
    /// King.
    #[serde(rename = "K")]
    King,
    /// Konnet.
    #[serde(rename = "C")]
    Konnet,
    /// Prince.
    #[serde(rename = "P")]
    Prince,
    /// Ritter.
    #[serde(rename = "R")]
    Ritter,
    /// Scout.
    #[serde(rename = "S")]
    Scout,
    /// Knecht.
    #[serde(rename = "N")]
    Knecht,
    /// Ver Knecht.
    #[serde(rename = "V")]
    VerKnecht,
}

impl From<PieceKind> for LetterJson {
    fn from(k: PieceKind) -> LetterJson {
        match k {
            PieceKind::King => LetterJson::King,
            PieceKind::Konnet => LetterJson::Konnet,
            PieceKind::Prince => LetterJson::Prince,
            PieceKind::Ritter => LetterJson::Ritter,
            PieceKind::Scout => LetterJson::Scout,
            PieceKind::Knecht => LetterJson::Knecht,
            PieceKind::VerKnecht => LetterJson::VerKnecht,
        }
    }
}

impl From<LetterJson> for PieceKind {
    fn from(k: LetterJson) -> PieceKind {
        match k {
            LetterJson::King => PieceKind::King,
            LetterJson::Konnet => PieceKind::Konnet,
            LetterJson::Prince => PieceKind::Prince,
            LetterJson::Ritter => PieceKind::Ritter,
            LetterJson::Scout => PieceKind::Scout,
            LetterJson::Knecht => PieceKind::Knecht,
            LetterJson::VerKnecht => PieceKind::VerKnecht,
        }
    }
}

/// Botvinnik's camp: `"+"` (the root's side) or `"-"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CampJson {
    /// (+), the side of the zone's root.
    #[serde(rename = "+")]
    Plus,
    /// (-), the other side.
    #[serde(rename = "-")]
    Minus,
}

impl From<Camp> for CampJson {
    fn from(c: Camp) -> CampJson {
        match c {
            Camp::Plus => CampJson::Plus,
            Camp::Minus => CampJson::Minus,
        }
    }
}

impl CampJson {
    /// `"+"` or `"-"`.
    pub const fn sign(self) -> &'static str {
        match self {
            CampJson::Plus => "+",
            CampJson::Minus => "-",
        }
    }
}

/// What a zone is about (see [`ZoneKind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ZoneKindJson {
    /// A root aimed at an enemy piece or a castle square.
    Attack,
    /// A linked zone aimed at the first square of a negation.
    Control,
    /// A linked zone aimed at a blockade square.
    Deblockade,
    /// A linked zone aimed at the target's flight square.
    Retreat,
}

impl From<ZoneKind> for ZoneKindJson {
    fn from(k: ZoneKind) -> ZoneKindJson {
        match k {
            ZoneKind::Attack => ZoneKindJson::Attack,
            ZoneKind::Control => ZoneKindJson::Control,
            ZoneKind::Deblockade => ZoneKindJson::Deblockade,
            ZoneKind::Retreat => ZoneKindJson::Retreat,
        }
    }
}

impl ZoneKindJson {
    /// The JSON name, e.g. `"attack"`.
    pub const fn name(self) -> &'static str {
        match self {
            ZoneKindJson::Attack => "attack",
            ZoneKindJson::Control => "control",
            ZoneKindJson::Deblockade => "deblockade",
            ZoneKindJson::Retreat => "retreat",
        }
    }
}

/// What a trajectory does in its zone (see [`Role`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoleJson {
    /// The zone's root trajectory.
    Root,
    /// Brings force onto a square of the trajectory it negates.
    Control,
    /// Takes the piece on a square of the trajectory it negates whatever the sums (Scout).
    Capture,
    /// Occupies a beta-square before the negated piece passes.
    Blockade,
    /// Adds defending force on the target square.
    Reinforcement,
    /// The target steps away.
    Retreat,
    /// Adds force for its camp on the square where the negated trajectory ends.
    Support,
    /// Goes for the negating piece where it stands.
    AttackPiece,
}

impl From<Role> for RoleJson {
    fn from(r: Role) -> RoleJson {
        match r {
            Role::Root => RoleJson::Root,
            Role::Control => RoleJson::Control,
            Role::Capture => RoleJson::Capture,
            Role::Blockade => RoleJson::Blockade,
            Role::Reinforcement => RoleJson::Reinforcement,
            Role::Retreat => RoleJson::Retreat,
            Role::Support => RoleJson::Support,
            Role::AttackPiece => RoleJson::AttackPiece,
        }
    }
}

impl RoleJson {
    /// The JSON name, e.g. `"attack_piece"`.
    pub const fn name(self) -> &'static str {
        match self {
            RoleJson::Root => "root",
            RoleJson::Control => "control",
            RoleJson::Capture => "capture",
            RoleJson::Blockade => "blockade",
            RoleJson::Reinforcement => "reinforcement",
            RoleJson::Retreat => "retreat",
            RoleJson::Support => "support",
            RoleJson::AttackPiece => "attack_piece",
        }
    }

    /// The words for text and pictures, e.g. `"attack on a piece"`.
    pub const fn label(self) -> &'static str {
        match self {
            RoleJson::AttackPiece => "attack on a piece",
            other => other.name(),
        }
    }
}

/// What reaching a zone's target achieves (see [`Aim`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AimJson {
    /// Capture (or exchange) the piece there; for a linked zone, take the square.
    Capture,
    /// Capture the enemy King: wins.
    King,
    /// Capture the enemy castle: wins.
    Castle,
}

impl From<Aim> for AimJson {
    fn from(a: Aim) -> AimJson {
        match a {
            Aim::Capture => AimJson::Capture,
            Aim::King => AimJson::King,
            Aim::Castle => AimJson::Castle,
        }
    }
}

/// Whether an attachment is at an alpha-square or a beta-square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttachKindJson {
    /// A stop square a(i) of the parent (i = 0: where the parent piece stands).
    Alpha,
    /// A square passed over on the parent's step to a(i).
    Beta,
}

/// The whole projection: `zonal zones --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZonesJson {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The game: `chess-t1`.
    pub game: String,
    /// The position in the notation of docs/chess-t1-rules.md §9.3.
    pub position: String,
    /// Horizon H in half-moves.
    pub horizon: i32,
    /// Side to move in the position.
    pub side_to_move: SideJson,
    /// All zones, by index.
    pub zones: Vec<ZoneJson>,
    /// Complex zones (groups of two or more zones).
    pub complexes: Vec<ComplexJson>,
}

/// A piece on its square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceJson {
    /// Where it stands.
    pub square: Square,
    /// Its kind.
    pub piece: LetterJson,
    /// Its side.
    pub color: SideJson,
}

/// A zone's target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetJson {
    /// The target square (the root's last square).
    pub square: Square,
    /// The piece standing there, if any.
    pub piece: Option<LetterJson>,
    /// Its side, if there is a piece.
    pub color: Option<SideJson>,
    /// What reaching it achieves.
    pub aim: AimJson,
}

/// Which negation a linked zone answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkJson {
    /// The parent zone's index.
    pub zone: usize,
    /// The negating trajectory's id in the parent zone.
    pub trajectory: usize,
}

/// Where a trajectory attaches to the trajectory it answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttachedJson {
    /// Id (in the zone) of the trajectory it answers.
    pub trajectory: usize,
    /// The square of that trajectory it aims at.
    pub square: Square,
    /// Alpha- or beta-square.
    pub kind: AttachKindJson,
    /// i of a(i) for an alpha-square; for a beta-square, i of the step to a(i) that passes it.
    pub index: usize,
}

/// One trajectory of a zone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrajectoryJson {
    /// Index in the zone (0 = the root).
    pub id: usize,
    /// The piece's kind.
    pub piece: LetterJson,
    /// The piece's side.
    pub color: SideJson,
    /// (+) or (-).
    pub camp: CampJson,
    /// Negation level: 0 root, 1 first negation, ...
    pub level: u8,
    /// Botvinnik's label, e.g. `(-, 0.1)`.
    pub label: String,
    /// What it does.
    pub role: RoleJson,
    /// a0 (where the piece stands), a1, ..., ak.
    pub squares: Vec<Square>,
    /// The stop squares a1..ak.
    pub alpha: Vec<Square>,
    /// The squares its steps pass over, in order.
    pub beta: Vec<Square>,
    /// k, in moves.
    pub length: usize,
    /// Time budget: TIME of its goal square, the longest it may be and still be in time.
    pub time: i32,
    /// How many shortest trajectories the piece has to the same goal, as a decimal string.
    pub alternatives: String,
    /// Where it attaches (`None` for a zone's root).
    pub attached: Option<AttachedJson>,
}

/// Force on one of the root's squares once the pieces in time have arrived, in half-units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContestJson {
    /// The square.
    pub square: Square,
    /// i of a(i) (0 = where the root stands, k = the target).
    pub index: usize,
    /// Effective force of (+).
    pub plus: i32,
    /// Effective force of (-).
    pub minus: i32,
}

/// A node of a zone graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum NodeJson {
    /// A piece on its square, with its camp in the zone.
    Piece {
        /// Node id (unique in the zone).
        id: usize,
        /// Where it stands.
        square: Square,
        /// Its kind.
        piece: LetterJson,
        /// Its side.
        color: SideJson,
        /// Its camp.
        camp: CampJson,
    },
    /// A trajectory of the zone.
    Trajectory {
        /// Node id.
        id: usize,
        /// The trajectory's id in the zone.
        trajectory: usize,
    },
    /// A square a trajectory is attached at or aims at.
    Square {
        /// Node id.
        id: usize,
        /// The square.
        square: Square,
    },
}

impl NodeJson {
    /// The node's id.
    pub const fn id(&self) -> usize {
        match *self {
            NodeJson::Piece { id, .. }
            | NodeJson::Trajectory { id, .. }
            | NodeJson::Square { id, .. } => id,
        }
    }
}

/// An edge of a zone graph (see [`Edge`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum EdgeJson {
    /// Piece -> the trajectory it moves along.
    RootOf {
        /// Source node id.
        from: usize,
        /// Target node id.
        to: usize,
    },
    /// Root trajectory -> the target piece or square.
    Attacks {
        /// Source node id.
        from: usize,
        /// Target node id.
        to: usize,
    },
    /// Negation -> the trajectory it negates.
    Negates {
        /// Source node id.
        from: usize,
        /// Target node id.
        to: usize,
    },
    /// Support -> the trajectory whose contested square it adds force to.
    Supports {
        /// Source node id.
        from: usize,
        /// Target node id.
        to: usize,
    },
    /// Blockade -> the trajectory it blocks.
    Blocks {
        /// Source node id.
        from: usize,
        /// Target node id.
        to: usize,
    },
    /// Trajectory -> the alpha-square a(`index`) it aims at on its parent.
    AttachedAlpha {
        /// Source node id.
        from: usize,
        /// Target node id.
        to: usize,
        /// i of a(i).
        index: usize,
    },
    /// Trajectory -> the beta-square it aims at, passed on the parent's step to a(`index`).
    AttachedBeta {
        /// Source node id.
        from: usize,
        /// Target node id.
        to: usize,
        /// The step's alpha index.
        index: usize,
    },
    /// Root of a linked zone -> the square it aims at for its parent zone `zone`.
    LinkedTo {
        /// Source node id.
        from: usize,
        /// Target node id.
        to: usize,
        /// The parent zone's index.
        zone: usize,
    },
}

impl EdgeJson {
    /// Source and target node ids.
    pub const fn ends(&self) -> (usize, usize) {
        match *self {
            EdgeJson::RootOf { from, to }
            | EdgeJson::Attacks { from, to }
            | EdgeJson::Negates { from, to }
            | EdgeJson::Supports { from, to }
            | EdgeJson::Blocks { from, to }
            | EdgeJson::AttachedAlpha { from, to, .. }
            | EdgeJson::AttachedBeta { from, to, .. }
            | EdgeJson::LinkedTo { from, to, .. } => (from, to),
        }
    }

    /// The JSON name of the kind, e.g. `"attached_alpha"`.
    pub const fn name(&self) -> &'static str {
        match self {
            EdgeJson::RootOf { .. } => "root_of",
            EdgeJson::Attacks { .. } => "attacks",
            EdgeJson::Negates { .. } => "negates",
            EdgeJson::Supports { .. } => "supports",
            EdgeJson::Blocks { .. } => "blocks",
            EdgeJson::AttachedAlpha { .. } => "attached_alpha",
            EdgeJson::AttachedBeta { .. } => "attached_beta",
            EdgeJson::LinkedTo { .. } => "linked_to",
        }
    }

    /// The words for text and pictures, e.g. `"attached at alpha-square"`.
    pub const fn label(&self) -> &'static str {
        match self {
            EdgeJson::RootOf { .. } => "root of",
            EdgeJson::Attacks { .. } => "attacks",
            EdgeJson::Negates { .. } => "negates",
            EdgeJson::Supports { .. } => "supports",
            EdgeJson::Blocks { .. } => "blocks",
            EdgeJson::AttachedAlpha { .. } => "attached at alpha-square",
            EdgeJson::AttachedBeta { .. } => "attached at beta-square",
            EdgeJson::LinkedTo { .. } => "linked to zone",
        }
    }

    pub(super) fn new(from: usize, to: usize, edge: Edge) -> EdgeJson {
        match edge {
            Edge::RootOf => EdgeJson::RootOf { from, to },
            Edge::Attacks => EdgeJson::Attacks { from, to },
            Edge::Negates => EdgeJson::Negates { from, to },
            Edge::Supports => EdgeJson::Supports { from, to },
            Edge::Blocks => EdgeJson::Blocks { from, to },
            Edge::AttachedAlpha { index } => EdgeJson::AttachedAlpha { from, to, index },
            Edge::AttachedBeta { index } => EdgeJson::AttachedBeta { from, to, index },
            Edge::LinkedTo { zone } => EdgeJson::LinkedTo { from, to, zone },
        }
    }
}

/// A zone graph: nodes by id, edges in the order they were added.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GraphJson {
    /// Nodes; `nodes[i].id() == i`.
    pub nodes: Vec<NodeJson>,
    /// Edges between node ids.
    pub edges: Vec<EdgeJson>,
}

/// One zone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneJson {
    /// Index in the projection.
    pub index: usize,
    /// Attack zone or a kind of linked zone.
    pub kind: ZoneKindJson,
    /// The (+) side.
    pub side: SideJson,
    /// Whether (+) is to move.
    pub plus_to_move: bool,
    /// The root's label, e.g. `(+, 1.0)`.
    pub label: String,
    /// The root piece where it stands.
    pub root: PieceJson,
    /// The target.
    pub target: TargetJson,
    /// For a linked zone: the negation it answers.
    pub linked_to: Option<LinkJson>,
    /// Whether the root gets through in time: no first negation holds and the target is not
    /// defended.
    pub open: bool,
    /// Whether (+) lacks superiority on the target when the root is ready to take it, even with
    /// its supports in time (gated captures only).
    pub target_defended: bool,
    /// Ids of the first negations that hold.
    pub holding: Vec<usize>,
    /// Trajectories by id; id 0 is the root.
    pub trajectories: Vec<TrajectoryJson>,
    /// Force on the root's squares a0..ak.
    pub contests: Vec<ContestJson>,
    /// Squares of all trajectories, pieces and contests, in square order (a1, b1, ..., h8).
    pub footprint: Vec<Square>,
    /// The zone graph.
    pub graph: GraphJson,
}

/// A complex zone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComplexJson {
    /// Zone indices, ascending.
    pub zones: Vec<usize>,
    /// Squares of the pieces needed in two or more of its zones at once.
    pub overloaded: Vec<Square>,
}
