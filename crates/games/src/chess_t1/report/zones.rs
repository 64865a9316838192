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
use ::chess_t1::zone::{Camp, Edge, ForceZone, Node, Projection, Role, ZoneKind, ZoneTrajectory};
use petgraph::visit::EdgeRef;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

mod schema;
pub use schema::*;

fn trajectory_json(zone: &ForceZone, id: usize, t: &ZoneTrajectory) -> TrajectoryJson {
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

fn graph_json(zone: &ForceZone) -> GraphJson {
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

fn zone_json(zone: &ForceZone) -> ZoneJson {
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
