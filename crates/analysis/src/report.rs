//! Reports over [`ZoneDef`]: the projection after moves, the core games' zone JSON (one schema,
//! `schema/zones.schema.json`) and DOT.

use crate::game::{ZoneDef, side_word};
use std::fmt::Write as _;
use zonal_board::Side;
use zonal_board::SquareSet;
use zonal_core::zone::{
    AimKind, Built, Gain, IncrementalProjection, Negation, ZoneGame, ZoneOutcome, outcomes,
};
/// The projection of `start` at `horizon`, then kept up to date along the moves `after` by the
/// incremental projection, with a line a move saying what it reused.
pub fn zones_after<G: ZoneDef>(
    start: G::Position,
    horizon: i32,
    after: &[String],
) -> Result<(G::Position, Built, String), String> {
    let game = G::zone_game();
    let mut projection = IncrementalProjection::new();
    let mut pos = start;
    let mut built = projection.project(&game, &pos, horizon, <G::Zones as ZoneGame>::Set::EMPTY);
    let mut log = String::new();
    let mut played = G::new_game(start);
    for (i, text) in after.iter().enumerate() {
        G::play_text(&mut played, text).map_err(|e| {
            format!(
                "--after: {} {} ({}): {e}",
                G::MOVE_WORD,
                i + 1,
                zonal_core::excerpt::excerpt(text)
            )
        })?;
        let next = G::current(&played);
        let before = projection.stats;
        built = projection.project(&game, &next, horizon, G::changed_squares(&pos, &next));
        log += &format!(
            "after {text}: {} zones; distance maps: {} taken over, {} built\n",
            built.zones.len(),
            projection.stats.reused - before.reused,
            projection.stats.built - before.built
        );
        pos = next;
    }
    Ok((pos, built, log))
}

/// Version of the zones JSON of every game (`schema/zones.schema.json`): 5 since one schema
/// describes chess-t1's and the core games' (chess-t1's was 2, the core games' 4); raised
/// whenever a shape changes.
pub const ZONES_SCHEMA_VERSION: u32 = 5;

/// The zones as JSON (`schema/zones.schema.json`): every square by name, Botvinnik's labels as
/// strings, each piece named.
pub fn zones_json<G: ZoneDef>(pos: &G::Position, built: &Built, horizon: i32) -> serde_json::Value {
    let game = G::zone_game();
    let shape = game.shape(pos);
    let (zone_outcomes, complex_outcomes) = outcomes(&game, pos, built, horizon);
    let name = |sq: u32| shape.name(sq);
    let names = |path: &[u32]| path.iter().map(|&s| name(s)).collect::<Vec<_>>();
    let piece = |sq: u32| G::piece_name(pos, sq);
    let negation = |label: String, n: &zonal_core::zone::Negation| {
        serde_json::json!({
            "label": label,
            "piece": piece(n.from),
            "from": name(n.from),
            "role": n.role.name(),
            "attached": name(n.attached),
            "trajectory": names(&n.path),
            "budget": n.budget,
            "stops": n.stops,
        })
    };
    serde_json::json!({
        "game": G::ID,
        "schema_version": ZONES_SCHEMA_VERSION,
        "position": pos.to_string(),
        "horizon": horizon,
        "side_to_move": side_word(game.to_move(pos)),
        "zones": built.zones.iter().map(|z| {
            let mut negations = Vec::new();
            for n in &z.negations {
                let mut v = negation(format!("(-, {}.1)", z.index), n);
                v["answers"] = n
                    .answers
                    .iter()
                    .map(|a| negation(format!("(+, {}.2)", z.index), a))
                    .collect();
                negations.push(v);
            }
            serde_json::json!({
                "index": z.index,
                "side": side_word(z.side),
                "aim": z.aim.kind.name(),
                "target": name(z.aim.target),
                "piece": piece(z.root[0]),
                "label": format!("(+, {}.0)", z.index),
                "root": names(&z.root),
                "shortest": z.alternatives,
                "open": z.is_open(),
                "outcome": outcome_json(&zone_outcomes[z.index]),
                "negations": negations,
            })
        }).collect::<Vec<_>>(),
        "complexes": built.complexes.iter().map(|c| serde_json::json!({
            "index": c.index,
            "side": side_word(c.side),
            "target": name(c.target),
            "target_piece": piece(c.target),
            "zones": c.zones,
            "length": c.length,
            "open": built.complex_is_open(c),
            "outcome": outcome_json(&complex_outcomes[c.index]),
            "partners": names(&c.partners),
            "partner_threats": c.partner_threats.iter().map(|t| serde_json::json!({
                "partner": name(t.partner),
                "zone": t.zone,
                "complex": t.complex,
            })).collect::<Vec<_>>(),
            "retreat": c.retreat.as_ref().map(|r| serde_json::json!({
                "piece": piece(r.from),
                "from": name(r.from),
                "trajectory": names(&r.path),
                "budget": r.budget,
            })),
        })).collect::<Vec<_>>(),
    })
}

/// The projection as text in the game's words (the [`ZoneDef`] hooks), one block a zone with
/// Botvinnik's labels ((+, z.0) the root, (-, z.1) a first negation, (+, z.2) an answer to it),
/// then the complexes.
pub fn zones_text<G: ZoneDef>(pos: &G::Position, built: &Built, horizon: i32) -> String {
    let game = G::zone_game();
    let shape = game.shape(pos);
    let (zone_outcomes, complex_outcomes) = outcomes(&game, pos, built, horizon);
    let name = |sq: u32| shape.name(sq);
    let trip = |path: &[u32]| path.iter().map(|&s| name(s)).collect::<Vec<_>>().join("-");
    let piece = |sq: u32| format!("{} {}", G::piece_name(pos, sq), name(sq));
    let side = |s: Side| {
        let word = G::side_name(s);
        let mut chars = word.chars();
        chars.next().map_or_else(String::new, |c| {
            c.to_uppercase().chain(chars).collect::<String>()
        })
    };
    let other = side(game.to_move(pos).other());
    let outcome = |o: &ZoneOutcome| match o.other_to_move {
        Some(g) => format!(
            "{}; with {other} to move {}",
            G::gain_word(o.now),
            G::gain_word(g)
        ),
        None => format!(
            "{}; with {other} to move: {}",
            G::gain_word(o.now),
            G::NO_OTHER_TO_MOVE
        ),
    };
    let negation = |out: &mut String, label: String, moving: u32, n: &Negation| {
        let moves = n.path.len() - 1;
        let _ = writeln!(
            out,
            "{label} {}  {} of {}  {} ({moves} {}, budget {}){}",
            piece(n.from),
            G::role_word(pos, moving, n),
            name(n.attached),
            trip(&n.path),
            if moves == 1 { "move" } else { "moves" },
            n.budget,
            if n.stops {
                String::new()
            } else {
                format!("  ({})", G::UNSTOPPING_NOTE)
            }
        );
    };
    let mut out = format!(
        "Position: {pos}\n{} to move; horizon {horizon} half-moves; {} zones, {} complexes\n",
        side(game.to_move(pos)),
        built.zones.len(),
        built.complexes.len()
    );
    for z in &built.zones {
        let kind = match z.aim.kind {
            AimKind::Goal => G::GOAL_WORDS.0,
            other => other.name(),
        };
        let _ = writeln!(
            out,
            "\nZone {} ({kind}, {}): {} -> {} in {} ({}; 1 of {} shortest): {}",
            z.index,
            side(z.side),
            piece(z.root[0]),
            G::aim_text(pos, z.aim),
            z.length(),
            trip(&z.root),
            z.alternatives,
            if z.is_open() { "OPEN" } else { "STOPPED" }
        );
        if z.aim.kind != AimKind::Occupy {
            let _ = writeln!(out, "  outcome: {}", outcome(&zone_outcomes[z.index]));
        }
        let _ = writeln!(
            out,
            "  (+, {}.0) {}  root  {}",
            z.index,
            piece(z.root[0]),
            trip(&z.root)
        );
        for n in &z.negations {
            negation(&mut out, format!("  (-, {}.1)", z.index), z.root[0], n);
            for a in &n.answers {
                negation(&mut out, format!("    (+, {}.2)", z.index), n.from, a);
            }
        }
    }
    for c in &built.complexes {
        let parts: Vec<String> = c.zones.iter().map(ToString::to_string).collect();
        let squares: Vec<String> = c
            .zones
            .iter()
            .map(|&z| name(built.zones[z].aim.target))
            .collect();
        let _ = writeln!(
            out,
            "\nComplex {} ({}, {}): {} by arrivals on {}: zones {}; {} moves in all: {}",
            c.index,
            G::complex_word(pos, c.target),
            side(c.side),
            piece(c.target),
            squares.join(", "),
            parts.join(", "),
            c.length,
            if built.complex_is_open(c) {
                "OPEN"
            } else {
                "STOPPED"
            }
        );
        let _ = writeln!(out, "  outcome: {}", outcome(&complex_outcomes[c.index]));
        if let Some(r) = &c.retreat {
            let _ = writeln!(
                out,
                "  (-) {}  retreat  {} (budget {})",
                piece(r.from),
                trip(&r.path),
                r.budget
            );
        }
        for t in &c.partner_threats {
            let plan = match (t.zone, t.complex) {
                (Some(z), _) => format!("zone {z}"),
                (_, Some(k)) => format!("complex {k}"),
                _ => String::new(),
            };
            let _ = writeln!(
                out,
                "  (-) partner {} taken in time ({plan})",
                piece(t.partner)
            );
        }
    }
    out
}

/// The zones as Graphviz DOT: one cluster a zone, the root solid, negations dashed when they do
/// not stop the root by themselves, answers dotted.
pub fn zones_dot<G: ZoneDef>(pos: &G::Position, built: &Built) -> String {
    let game = G::zone_game();
    let shape = game.shape(pos);
    let name = |sq: u32| shape.name(sq);
    let path = |p: &[u32]| p.iter().map(|&s| name(s)).collect::<Vec<_>>().join("-");
    let moves = |p: &[u32]| {
        let n = p.len().saturating_sub(1);
        format!("{n} move{}", if n == 1 { "" } else { "s" })
    };
    let mut out = format!(
        "digraph mp {{\n  graph [label=\"{}: {pos}\", labelloc=t, fontname=\"Helvetica\"];\n  node [fontname=\"Helvetica\", fontsize=10];\n",
        G::NAME
    );
    for z in &built.zones {
        let i = z.index;
        let _ = writeln!(
            out,
            "  subgraph cluster_{i} {{\n    label=\"Zone {i} ({}, {} {}, {}): {}\";\n    style=rounded; color=gray50;",
            side_word(z.side),
            z.aim.kind.name(),
            name(z.aim.target),
            if z.is_open() { "OPEN" } else { "STOPPED" },
            path(&z.root)
        );
        let _ = writeln!(
            out,
            "    z{i}_root [label=\"(+, {i}.0) {} {}\\nroot ({})\", color=blue, fontcolor=blue];",
            G::piece_name(pos, z.root[0]),
            path(&z.root),
            moves(&z.root)
        );
        for (j, n) in z.negations.iter().enumerate() {
            let _ = writeln!(
                out,
                "    z{i}_n{j} [label=\"(-, {i}.1) {} {}\\n{} of {} ({}, budget {})\", color=red, fontcolor=red, style={}];\n    z{i}_n{j} -> z{i}_root [label=\"negates\"];",
                G::piece_name(pos, n.from),
                path(&n.path),
                n.role.name(),
                name(n.attached),
                moves(&n.path),
                n.budget,
                if n.stops { "solid" } else { "dashed" }
            );
            for (k, a) in n.answers.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "    z{i}_n{j}_a{k} [label=\"(+, {i}.2) {} {}\\n{} of {} ({}, budget {})\", color=blue, fontcolor=blue, style=dotted];\n    z{i}_n{j}_a{k} -> z{i}_n{j} [label=\"answers\"];",
                    G::piece_name(pos, a.from),
                    path(&a.path),
                    a.role.name(),
                    name(a.attached),
                    moves(&a.path),
                    a.budget
                );
            }
        }
        out.push_str("  }\n");
    }
    for c in &built.complexes {
        let i = c.index;
        let _ = writeln!(
            out,
            "  c{i} [shape=box, label=\"Complex {i} ({}, {}): {} {} in {}\", color={}];",
            side_word(c.side),
            if built.complex_is_open(c) {
                "OPEN"
            } else {
                "STOPPED"
            },
            G::piece_name(pos, c.target),
            name(c.target),
            moves(&vec![0; c.length + 1]),
            if c.side == Side::White {
                "gray30"
            } else {
                "gray60"
            }
        );
        for &z in &c.zones {
            let _ = writeln!(out, "  z{z}_root -> c{i} [label=\"part\", style=dashed];");
        }
    }
    out.push_str("}\n");
    out
}

/// A zone's or a complex's outcome as the zones JSON writes it: what its root side gains
/// (`"wins"` or material) with the side to move, and with the other side to move.
pub fn outcome_json(o: &ZoneOutcome) -> serde_json::Value {
    let gain = |g: Gain| match g {
        Gain::Wins => serde_json::json!("wins"),
        Gain::Material(n) => serde_json::json!(n),
    };
    serde_json::json!({
        "now": gain(o.now),
        "other_to_move": o.other_to_move.map(gain),
    })
}

/// What `zonal zones` asks of a game's projection.
#[derive(Clone, Debug)]
pub struct ZonesRequest {
    /// The horizon in half-moves.
    pub horizon: i32,
    /// Only the zones whose root is this side's (`None`: both sides').
    pub side: Option<zonal_board::Side>,
    /// The deepest negation level (chess-t1's force zones; the core's zones have their own).
    pub level: u8,
    /// Moves played first, the projection carried along.
    pub after: Vec<String>,
    /// JSON instead of text.
    pub json: bool,
    /// Graphviz DOT instead of text.
    pub dot: bool,
}

/// The negation level `zonal zones` takes when none is given.
pub const DEFAULT_LEVEL: u8 = 3;

/// `zonal zones` for a game on the core's zones: the log of the moves played first, and the
/// projection as text, JSON or DOT. `--side` and `--level` are chess-t1's so far: refused, not
/// ignored.
pub fn zones_report<G: ZoneDef>(
    pos: &G::Position,
    request: &ZonesRequest,
) -> Result<(String, String), String> {
    if request.side.is_some() || request.level != DEFAULT_LEVEL {
        return Err(format!(
            "{}: --side and --level choose among chess-t1's force zones; this game's projection \
             shows every zone",
            G::NAME
        ));
    }
    let horizon = request.horizon;
    let (p, built, log) = zones_after::<G>(*pos, horizon, &request.after)?;
    let report = if request.json {
        serde_json::to_string_pretty(&zones_json::<G>(&p, &built, horizon))
            .map(|t| t + "\n")
            .map_err(|e| format!("cannot write JSON: {e}"))?
    } else if request.dot {
        G::zones_dot(&p, &built)
    } else {
        G::zones_text(&p, &built, horizon)
    };
    Ok((log, report))
}

/// What `zonal render` asks: the board, with zones, force sums or a move arrow.
#[derive(Clone, Debug, Default)]
pub struct PictureRequest {
    /// Draw the zones' trajectories as arrows.
    pub zones: bool,
    /// Only zone N (numbered as `zonal zones` numbers them).
    pub zone: Option<usize>,
    /// Only the zones whose root is this side's (`None`: both sides').
    pub side: Option<zonal_board::Side>,
    /// The zones' horizon in half-moves.
    pub horizon: i32,
    /// Force sums on every square (chess-t1's).
    pub force: bool,
    /// A move drawn as an arrow, in the game's coordinate form (chess-t1's).
    pub highlight: Option<String>,
}

/// Keeps zone `zone` only, and only the zones of `side`; an error names a zone that is not
/// there.
pub fn select_zones<Z>(
    shown: &mut Vec<Z>,
    zone: Option<usize>,
    side: Option<zonal_board::Side>,
    horizon: i32,
    of: impl Fn(&Z) -> (usize, zonal_board::Side),
) -> Result<(), String> {
    if let Some(n) = zone {
        if !shown.iter().any(|z| of(z).0 == n) {
            return Err(format!(
                "--zone {n}: no such zone ({} zones at horizon {horizon})",
                shown.len()
            ));
        }
        shown.retain(|z| of(z).0 == n);
    }
    if let Some(want) = side {
        shown.retain(|z| of(z).1 == want);
    }
    Ok(())
}

/// `zonal render` for a game on the core's zones: the board's picture, with the zones' arrows
/// where asked, as SVG.
pub fn picture_report<G: ZoneDef>(
    pos: &G::Position,
    request: &PictureRequest,
) -> Result<String, String> {
    if request.force || request.highlight.is_some() {
        return Err(format!(
            "{}: --force and --highlight are chess-t1's (force sums, a move arrow)",
            G::NAME
        ));
    }
    let mut picture = G::board_picture(pos);
    if request.zones {
        let game = G::zone_game();
        let mut shown = zonal_core::zone::build(&game, pos, request.horizon).zones;
        select_zones(
            &mut shown,
            request.zone,
            request.side,
            request.horizon,
            |z| (z.index, z.side),
        )?;
        let shape = zonal_core::zone::ZoneGame::shape(&game, pos);
        picture.arrows = zonal_core::picture::zone_arrows(
            &shown,
            |sq| shape.name(sq),
            |sq| G::piece_name(pos, sq),
        );
    }
    Ok(picture.to_svg())
}
