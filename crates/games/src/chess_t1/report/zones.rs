//! Zone reports: the mathematical projection of a chess-t1 position as JSON, Graphviz DOT and text.
//!
//! [`ZonesJson`] is the wire form of a [`Projection`]: every zone with its trajectories (piece,
//! camp, level, Botvinnik's label, role, squares, alpha- and beta-squares, time budget, attached
//! square), its contested squares, footprint and graph. It serializes to the JSON that `zonal
//! zones --json` prints, described by `schema/zones.schema.json` (version [`SCHEMA_VERSION`]), and
//! deserializes back to the same value. [`ZonesJson::to_dot`] and [`ZonesJson::to_text`] render
//! the same data as a Graphviz graph (one cluster per zone) and as a summary a player can follow.
//!
//! Everything is in a fixed order: zones by index, trajectories by index in their zone, graph
//! nodes and edges in the order the zone built them, footprints by square, so equal projections
//! give equal output. Forces are in half-units in JSON and in units (`1½`) in text.
//!
//! ```
//! use chess_t1::Position;
//! use zonal_games::chess_t1::report::zones::{self, ZonesJson};
//! use chess_t1::rules::ChessT1;
//! use chess_t1::zone::{Projection, ZoneConfig};
//! let pos: Position = "8/8/8/4n3/8/4R3/8/8 w - 0 1".parse().unwrap();
//! let mp = Projection::build(&ChessT1, &pos, &ZoneConfig::default());
//! let report = ZonesJson::new(&mp, &pos);
//! assert_eq!(report.schema_version, zones::SCHEMA_VERSION);
//! let json = zones::to_json(&mp, &pos);
//! assert_eq!(json["horizon"], 4);
//! let back: ZonesJson = serde_json::from_value(json).unwrap();
//! assert_eq!(back, report);
//! assert!(zones::to_dot(&mp, &pos).starts_with("digraph mp {"));
//! assert!(zones::to_text(&mp, &pos).contains("Ritter e3 -> Knecht e5"));
//! ```

use super::plural;
use crate::chess_t1::report::units;
use ::chess_t1::piece::PieceKind;
use ::chess_t1::position::Position;
use ::chess_t1::rules::Aim;
use ::chess_t1::square::{Color, Square};
use ::chess_t1::zone::{Camp, Edge, Node, Projection, Role, Zone, ZoneKind, ZoneTrajectory};
use petgraph::visit::EdgeRef;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// Version of the JSON shape (`schema_version`); raised whenever the shape changes.
pub const SCHEMA_VERSION: u32 = 2;

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

    fn new(from: usize, to: usize, edge: Edge) -> EdgeJson {
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

fn trajectory_json(zone: &Zone, id: usize, t: &ZoneTrajectory) -> TrajectoryJson {
    let path = &t.trajectory;
    TrajectoryJson {
        id,
        piece: path.piece.kind.into(),
        color: path.piece.color.into(),
        camp: t.camp.into(),
        level: t.level,
        label: zone.label(id),
        role: t.role.into(),
        squares: path.squares.clone(),
        alpha: path.alpha().to_vec(),
        beta: path.beta_squares(),
        length: t.len(),
        time: t.time,
        alternatives: t.alternatives.to_string(),
        attached: t.attached.map(|a| AttachedJson {
            trajectory: a.parent,
            square: a.square,
            kind: if a.beta {
                AttachKindJson::Beta
            } else {
                AttachKindJson::Alpha
            },
            index: a.index,
        }),
    }
}

fn graph_json(zone: &Zone) -> GraphJson {
    let g = &zone.graph;
    let nodes = g
        .node_indices()
        .map(|n| {
            let id = n.index();
            match g[n] {
                Node::Piece {
                    square,
                    piece,
                    camp,
                } => NodeJson::Piece {
                    id,
                    square,
                    piece: piece.kind.into(),
                    color: piece.color.into(),
                    camp: camp.into(),
                },
                Node::Trajectory(trajectory) => NodeJson::Trajectory { id, trajectory },
                Node::Square(square) => NodeJson::Square { id, square },
            }
        })
        .collect();
    let edges = g
        .edge_references()
        .map(|e| EdgeJson::new(e.source().index(), e.target().index(), *e.weight()))
        .collect();
    GraphJson { nodes, edges }
}

fn zone_json(zone: &Zone) -> ZoneJson {
    let root = zone.root();
    let mut footprint: Vec<Square> = zone.footprint.collect();
    footprint.sort();
    ZoneJson {
        index: zone.index,
        kind: zone.kind.into(),
        side: zone.side.into(),
        plus_to_move: zone.plus_to_move,
        label: zone.label(0),
        root: PieceJson {
            square: zone.root_square(),
            piece: root.trajectory.piece.kind.into(),
            color: root.trajectory.piece.color.into(),
        },
        target: TargetJson {
            square: zone.target.square,
            piece: zone.target.piece.map(|p| p.kind.into()),
            color: zone.target.piece.map(|p| p.color.into()),
            aim: zone.target.aim.into(),
        },
        linked_to: zone
            .linked_to
            .map(|(zone, trajectory)| LinkJson { zone, trajectory }),
        open: zone.is_open(),
        target_defended: zone.target_defended,
        holding: zone.holding.clone(),
        trajectories: zone
            .trajectories
            .iter()
            .enumerate()
            .map(|(id, t)| trajectory_json(zone, id, t))
            .collect(),
        contests: zone
            .contests
            .iter()
            .map(|c| ContestJson {
                square: c.square,
                index: c.index,
                plus: c.plus,
                minus: c.minus,
            })
            .collect(),
        footprint,
        graph: graph_json(zone),
    }
}

impl ZonesJson {
    /// The report of the projection `mp` of `pos`.
    pub fn new(mp: &Projection, pos: &Position) -> ZonesJson {
        ZonesJson {
            schema_version: SCHEMA_VERSION,
            game: GAME.to_string(),
            position: pos.to_string(),
            horizon: mp.horizon,
            side_to_move: mp.side_to_move.into(),
            zones: mp.zones.iter().map(zone_json).collect(),
            complexes: mp
                .complexes
                .iter()
                .map(|c| ComplexJson {
                    zones: c.zones.clone(),
                    overloaded: c.overloaded.clone(),
                })
                .collect(),
        }
    }

    /// Graphviz DOT: `digraph mp { ... }` with one `subgraph cluster_<index>` per zone.
    ///
    /// Node ids are `z<zone>_n<node>`, unique across clusters. Pieces are boxes labelled like
    /// `R e3 (+)`, trajectories ellipses labelled with Botvinnik's label, the piece letter and
    /// the squares (`(-, 0.1) n d7-d6-e5`), squares small circles. (+) is blue and (-) red;
    /// roots are drawn solid, level 1 dashed, deeper levels dotted; holding negations are bold.
    /// Each edge is labelled with its kind; a linked zone's root also gets a grey edge to the
    /// negation it answers in the parent zone's cluster.
    pub fn to_dot(&self) -> String {
        let mut out = String::new();
        out.push_str("digraph mp {\n");
        let title = format!(
            "Mathematical projection of {}\\n{} to move, horizon {}, {} zone{}",
            escape(&self.position),
            self.side_to_move.title(),
            self.horizon,
            self.zones.len(),
            plural(self.zones.len()),
        );
        let _ = writeln!(
            out,
            "  graph [label=\"{title}\", labelloc=t, fontname=\"Helvetica\", compound=true];"
        );
        out.push_str("  node [fontname=\"Helvetica\", fontsize=10];\n");
        out.push_str("  edge [fontname=\"Helvetica\", fontsize=8];\n");
        let mut links = Vec::new();
        for zone in &self.zones {
            let z = zone.index;
            let _ = writeln!(out, "  subgraph cluster_{z} {{");
            let mut label = escape(&format!(
                "Zone {z} {} ({}, {}): {} -> {}",
                zone.label,
                zone.kind.name(),
                zone.side.title(),
                piece_short(&zone.root),
                target_short(&zone.target),
            ));
            label.push_str("\\n");
            label.push_str(&escape(&status_short(zone)));
            let _ = writeln!(out, "    label=\"{label}\";");
            out.push_str("    style=rounded; color=gray50;\n");
            for node in &zone.graph.nodes {
                let _ = writeln!(
                    out,
                    "    {} [{}];",
                    node_id(z, node.id()),
                    node_attrs(zone, node)
                );
            }
            for edge in &zone.graph.edges {
                let (from, to) = edge.ends();
                let label = match *edge {
                    EdgeJson::AttachedAlpha { index, .. }
                    | EdgeJson::AttachedBeta { index, .. } => {
                        format!("{} {index}", edge.label())
                    }
                    EdgeJson::LinkedTo { zone, .. } => format!("{} {zone}", edge.label()),
                    _ => edge.label().to_string(),
                };
                let style = match edge {
                    EdgeJson::AttachedAlpha { .. }
                    | EdgeJson::AttachedBeta { .. }
                    | EdgeJson::LinkedTo { .. } => ", style=dashed, color=gray40",
                    _ => "",
                };
                let _ = writeln!(
                    out,
                    "    {} -> {} [label=\"{}\"{style}];",
                    node_id(z, from),
                    node_id(z, to),
                    escape(&label)
                );
            }
            out.push_str("  }\n");
            if let Some(link) = zone.linked_to
                && let Some(parent) = self.zones.iter().find(|p| p.index == link.zone)
                && let Some(to) = trajectory_node(parent, link.trajectory)
                && let Some(from) = trajectory_node(zone, 0)
            {
                links.push((node_id(z, from), node_id(link.zone, to), link.zone));
            }
        }
        for (from, to, parent) in links {
            let _ = writeln!(
                out,
                "  {from} -> {to} [label=\"answers zone {parent}\", style=bold, color=gray50];"
            );
        }
        out.push_str("}\n");
        out
    }

    /// A summary a player can follow: the header, then each zone's root, target and status with
    /// its other trajectories indented below, the force on the root's squares in units ((+):(-)),
    /// and the complexes with their overloaded pieces.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let attack = self
            .zones
            .iter()
            .filter(|z| z.kind == ZoneKindJson::Attack)
            .count();
        let _ = writeln!(out, "Position: {}", self.position);
        let _ = writeln!(
            out,
            "{} to move; horizon {} half-moves; {} zone{} ({} attack, {} linked); {} complex{}",
            self.side_to_move.title(),
            self.horizon,
            self.zones.len(),
            plural(self.zones.len()),
            attack,
            self.zones.len() - attack,
            self.complexes.len(),
            if self.complexes.len() == 1 { "" } else { "es" },
        );
        if self.zones.is_empty() {
            out.push_str("No piece reaches a target within the horizon.\n");
        }
        for zone in &self.zones {
            out.push('\n');
            let root = &zone.trajectories[0];
            let linked = match zone.linked_to {
                Some(link) => {
                    let answers = self
                        .zones
                        .iter()
                        .find(|p| p.index == link.zone)
                        .and_then(|p| p.trajectories.get(link.trajectory))
                        .map_or(String::new(), |t| format!(" {}", t.label));
                    format!(", for zone {}{answers}", link.zone)
                }
                None => String::new(),
            };
            let _ = writeln!(
                out,
                "Zone {} ({}, {}{linked}): {} -> {} in {} ({}): {}",
                zone.index,
                zone.kind.name(),
                zone.side.title(),
                piece_long(&zone.root),
                target_long(&zone.target),
                root.length,
                path(&root.squares),
                status_long(zone),
            );
            let rows: Vec<(&TrajectoryJson, String, String)> = zone
                .trajectories
                .iter()
                .skip(1)
                .map(|t| (t, kind_name(t.piece).to_string(), what(zone, t)))
                .collect();
            let name_width = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
            let what_width = rows.iter().map(|r| r.2.chars().count()).max().unwrap_or(0);
            for (t, name, what) in &rows {
                let holds = if zone.holding.contains(&t.id) {
                    "  HOLDS"
                } else {
                    ""
                };
                let _ = writeln!(
                    out,
                    "  {} {name:<name_width$}  {what:<what_width$}  {} ({}){holds}",
                    t.label,
                    path(&t.squares),
                    moves_and_time(t),
                );
            }
            if !zone.contests.is_empty() {
                let contests: Vec<String> = zone
                    .contests
                    .iter()
                    .map(|c| format!("{} {}:{}", c.square, units(c.plus), units(c.minus)))
                    .collect();
                let _ = writeln!(out, "  force (+):(-): {}", contests.join(", "));
            }
        }
        if !self.complexes.is_empty() {
            out.push_str("\nComplexes:\n");
            for c in &self.complexes {
                let zones: Vec<String> = c.zones.iter().map(usize::to_string).collect();
                let overloaded = if c.overloaded.is_empty() {
                    "no overloaded piece".to_string()
                } else {
                    let pieces: Vec<String> = c
                        .overloaded
                        .iter()
                        .map(|&sq| self.piece_on(&c.zones, sq))
                        .collect();
                    format!("overloaded: {}", pieces.join(", "))
                };
                let _ = writeln!(out, "  zones {}: {overloaded}", zones.join(", "));
            }
        }
        out
    }

    /// Names the piece standing on `sq`, looking for it among the given zones' trajectories.
    fn piece_on(&self, zones: &[usize], sq: Square) -> String {
        self.zones
            .iter()
            .filter(|z| zones.contains(&z.index))
            .flat_map(|z| z.trajectories.iter())
            .find(|t| t.squares.first() == Some(&sq))
            .map_or(sq.to_string(), |t| {
                format!("{} {} {sq}", t.color.title(), kind_name(t.piece))
            })
    }
}

/// The JSON of the projection `mp` of `pos` (see [`ZonesJson`]).
pub fn to_json(mp: &Projection, pos: &Position) -> serde_json::Value {
    serde_json::to_value(ZonesJson::new(mp, pos))
        .expect("plain structs with string keys always serialize")
}

/// Graphviz DOT of the projection `mp` of `pos` (see [`ZonesJson::to_dot`]).
pub fn to_dot(mp: &Projection, pos: &Position) -> String {
    ZonesJson::new(mp, pos).to_dot()
}

/// A readable summary of the projection `mp` of `pos` (see [`ZonesJson::to_text`]).
pub fn to_text(mp: &Projection, pos: &Position) -> String {
    ZonesJson::new(mp, pos).to_text()
}

/// Escapes text for a double-quoted DOT string.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            _ => out.push(c),
        }
    }
    out
}

fn node_id(zone: usize, node: usize) -> String {
    format!("z{zone}_n{node}")
}

/// The node id of trajectory `t` in `zone`'s graph.
fn trajectory_node(zone: &ZoneJson, t: usize) -> Option<usize> {
    zone.graph.nodes.iter().find_map(|n| match *n {
        NodeJson::Trajectory { id, trajectory } if trajectory == t => Some(id),
        _ => None,
    })
}

fn letter(kind: LetterJson, color: SideJson) -> char {
    let c = PieceKind::from(kind).letter();
    match color {
        SideJson::White => c,
        SideJson::Black => c.to_ascii_lowercase(),
    }
}

fn kind_name(kind: LetterJson) -> &'static str {
    PieceKind::from(kind).name()
}

fn camp_colour(camp: CampJson) -> &'static str {
    match camp {
        CampJson::Plus => "blue",
        CampJson::Minus => "red",
    }
}

fn node_attrs(zone: &ZoneJson, node: &NodeJson) -> String {
    match *node {
        NodeJson::Piece {
            square,
            piece,
            color,
            camp,
            ..
        } => format!(
            "label=\"{} {square} ({})\", shape=box, color={}",
            letter(piece, color),
            camp.sign(),
            camp_colour(camp)
        ),
        NodeJson::Trajectory { trajectory, .. } => match zone.trajectories.get(trajectory) {
            Some(t) => {
                let style = match t.level {
                    0 => "solid",
                    1 => "dashed",
                    _ => "dotted",
                };
                let bold = if zone.holding.contains(&t.id) {
                    ", penwidth=2.5"
                } else {
                    ""
                };
                let label = format!(
                    "{} {} {}\\n{}",
                    escape(&t.label),
                    letter(t.piece, t.color),
                    path(&t.squares),
                    escape(&format!("{} ({})", t.role.label(), moves_and_time(t)))
                );
                format!(
                    "label=\"{label}\", shape=ellipse, color={}, fontcolor={}, style={style}{bold}",
                    camp_colour(t.camp),
                    camp_colour(t.camp)
                )
            }
            None => format!("label=\"trajectory {trajectory}\", shape=ellipse"),
        },
        NodeJson::Square { square, .. } => {
            format!("label=\"{square}\", shape=circle, fixedsize=true, width=0.4")
        }
    }
}

fn path(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(Square::to_string).collect();
    names.join("-")
}

fn moves_and_time(t: &TrajectoryJson) -> String {
    let ways = if t.alternatives == "1" {
        String::new()
    } else {
        format!(", 1 of {} shortest", t.alternatives)
    };
    format!(
        "{} move{}, time {}{ways}",
        t.length,
        plural(t.length),
        t.time
    )
}

fn piece_short(p: &PieceJson) -> String {
    format!("{} {}", letter(p.piece, p.color), p.square)
}

fn piece_long(p: &PieceJson) -> String {
    format!("{} {}", kind_name(p.piece), p.square)
}

fn target_short(t: &TargetJson) -> String {
    match (t.piece, t.color) {
        (Some(piece), Some(color)) => format!("{} {}", letter(piece, color), t.square),
        _ => t.square.to_string(),
    }
}

fn target_long(t: &TargetJson) -> String {
    let what = match (t.piece, t.color) {
        (Some(piece), Some(_)) => format!("{} {}", kind_name(piece), t.square),
        _ if t.aim == AimJson::Castle => format!("castle square {}", t.square),
        _ => format!("square {}", t.square),
    };
    match t.aim {
        AimJson::Castle if t.piece.is_some() => format!("{what} (castle)"),
        _ => what,
    }
}

fn status_short(zone: &ZoneJson) -> String {
    if zone.open {
        return "open".to_string();
    }
    let mut parts = Vec::new();
    if zone.target_defended {
        parts.push("target defended".to_string());
    }
    // Each holding piece once, with how many of its trajectories hold.
    let mut by: Vec<String> = Vec::new();
    let mut counts: Vec<usize> = Vec::new();
    for t in zone
        .holding
        .iter()
        .filter_map(|&h| zone.trajectories.get(h))
    {
        let name = format!(
            "{} {} {}",
            t.label,
            letter(t.piece, t.color),
            t.squares.first().map_or(String::new(), Square::to_string)
        );
        match by.iter().position(|b| *b == name) {
            Some(i) => counts[i] += 1,
            None => {
                by.push(name);
                counts.push(1);
            }
        }
    }
    for (b, &n) in by.iter_mut().zip(&counts) {
        if n > 1 {
            let _ = write!(b, " (x{n})");
        }
    }
    if !by.is_empty() {
        parts.push(format!("stopped by {}", by.join(", ")));
    }
    parts.join("; ")
}

/// The force on the target as `d5 1½:1½`, if the zone weighed it.
fn target_force(zone: &ZoneJson) -> Option<String> {
    zone.contests
        .iter()
        .rfind(|c| c.square == zone.target.square)
        .map(|c| format!("{} {}:{}", c.square, units(c.plus), units(c.minus)))
}

fn status_long(zone: &ZoneJson) -> String {
    if zone.open {
        // Open means no negation comes in time; the capture itself may still wait for
        // superiority on the target (chess-t1 §5), which the force there shows.
        return match zone
            .contests
            .iter()
            .rfind(|c| c.square == zone.target.square)
        {
            Some(c) if c.plus <= c.minus => format!(
                "OPEN (nothing stops it in time; the capture still needs superiority on {}, now {}:{})",
                c.square,
                units(c.plus),
                units(c.minus)
            ),
            _ => "OPEN (nothing stops it in time)".to_string(),
        };
    }
    let mut parts = Vec::new();
    if zone.target_defended {
        parts.push(match target_force(zone) {
            Some(force) => format!("the target is defended ({force})"),
            None => "the target is defended".to_string(),
        });
    }
    let holders: Vec<&TrajectoryJson> = zone
        .holding
        .iter()
        .filter_map(|&h| zone.trajectories.get(h))
        .collect();
    if let Some(t) = holders.first() {
        let more = match holders.len() {
            1 => String::new(),
            n => format!(" and {} more (marked HOLDS)", n - 1),
        };
        parts.push(format!(
            "by {} {} {} {} ({}){more}",
            t.label,
            kind_name(t.piece),
            t.squares.first().map_or(String::new(), Square::to_string),
            what(zone, t),
            moves_and_time(t)
        ));
    }
    match parts.as_slice() {
        [by] if by.starts_with("by ") => format!("STOPPED {by}"),
        _ => format!("STOPPED: {}", parts.join("; ")),
    }
}

/// What a trajectory does, in words: `control of e4`, `attack on Knecht d7`, ...
fn what(zone: &ZoneJson, t: &TrajectoryJson) -> String {
    let Some(att) = t.attached else {
        return "root".to_string();
    };
    let sq = att.square;
    let on = if att.kind == AttachKindJson::Beta {
        " (passed over)"
    } else {
        ""
    };
    let answers = match zone.trajectories.get(att.trajectory) {
        Some(p) if p.id != 0 && t.role != RoleJson::AttackPiece => format!(
            " vs {} {}",
            kind_name(p.piece),
            p.squares.first().map_or(String::new(), Square::to_string)
        ),
        _ => String::new(),
    };
    let what = match t.role {
        RoleJson::Root => "root".to_string(),
        RoleJson::Control => format!("control of {sq}{on}"),
        RoleJson::Capture => format!("capture on {sq}{on}"),
        RoleJson::Blockade => format!("blockade of {sq}"),
        RoleJson::Reinforcement => format!("reinforcement of {sq}"),
        RoleJson::Retreat => format!(
            "retreat to {}",
            t.squares.last().map_or(String::new(), Square::to_string)
        ),
        RoleJson::Support => format!("support on {sq}"),
        RoleJson::AttackPiece => match zone.trajectories.get(att.trajectory) {
            Some(p) => format!("attack on {} {sq}", kind_name(p.piece)),
            None => format!("attack on {sq}"),
        },
    };
    what + &answers
}

/// Plays the moves of `--after` from `start`, keeping the projection up to date move by move
/// (the exact incremental update); returns the last position, its projection and a line a move
/// saying what the update took over.
pub fn zones_after(
    start_pos: &Position,
    config: &::chess_t1::zone::ZoneConfig,
    after: &[String],
) -> Result<(Position, Projection, String), String> {
    use ::chess_t1::incremental::{FootprintIndex, Tracker};
    use ::chess_t1::rules::ChessT1;
    let mut tracker = Tracker::new(&ChessT1, *start_pos, config.clone());
    let mut log = String::new();
    for (i, text) in after.iter().enumerate() {
        let pos = *tracker.position();
        if pos.status().is_over() {
            return Err(format!(
                "--after: move {} ({}): the game is over ({})",
                i + 1,
                ::chess_t1::excerpt::excerpt(text),
                pos.status()
            ));
        }
        let mv = pos.parse_uci(text).map_err(|e| {
            format!(
                "--after: move {} ({}'s move {}): {e}",
                i + 1,
                pos.side_to_move(),
                pos.fullmove()
            )
        })?;
        let index = FootprintIndex::new(tracker.projection());
        let touched = index.touched_by([mv.from, mv.to]).len();
        tracker.play(&mv);
        let stats = tracker.stats();
        log += &format!(
            "after {}: the footprint rule (docs/zones.md §5) touches {touched} of {} zones; \
             the exact update took over {} attack zones, built {} and {} linked zones\n",
            mv.uci(),
            index.len(),
            stats.reused,
            stats.rebuilt,
            stats.linked
        );
    }
    Ok((*tracker.position(), tracker.projection().clone(), log))
}
