//! Прорыв as the tools see it ([`ZoneDef`]): its moves, play, perft, search, analysis,
//! pictures, match, engine protocol, reasons and the analysis board go through the code every
//! game of the core shares, its zones JSON is the core games' schema
//! (`schema/zones.schema.json`); its own are the source's measures ([`ZoneDef::measures`]),
//! and `distance` and `trajectories` ([`paths`]).

pub mod paths;

use serde_json::{Value, json};
use zonal_analysis::analyse::Measures;
use zonal_analysis::{GameDef, GameEnd, PathQuery, ZoneDef};
use zonal_board::Side;
use zonal_core::picture::Picture;
use zonal_core::zone::{Built, Gain};
use zonal_proryv::play::Proryv as Rules;
use zonal_proryv::{End, Game, Outcome, Ply, Position, posfile, zones};

/// Прорыв for the tools.
pub struct ProryvGame;

impl GameDef for ProryvGame {
    zonal_analysis::zone_game_items!(posfile::File);
    const OPENINGS: Option<(&'static str, &'static str)> = Some((
        "positions/proryv/openings.pos",
        include_str!("../../../../positions/proryv/openings.pos"),
    ));

    const ID: &'static str = "proryv";
    const NAME: &'static str = zonal_proryv::NAME;
    const STARTS: &'static [(&'static str, &'static str)] =
        &[("startpos", "the start (placement: rooks are dropped first)")];
    const MOVE_WORD: &'static str = "ply";
    const MOVES_WORD: &'static str = "plies";
    const HORIZON: i32 = 5;
    type Position = Position;
    type Move = Ply;
    type Record = zonal_proryv::play::Proryv;

    fn start(name: &str) -> Option<Position> {
        (name == "startpos").then(Position::startpos)
    }

    fn legal_moves(pos: &Position) -> Vec<Ply> {
        pos.legal_plies()
    }

    fn side_name(side: Side) -> &'static str {
        side_name(side)
    }

    fn outcome(pos: &Position) -> Option<String> {
        pos.outcome().map(|o: Outcome| o.to_string())
    }

    fn diagram(pos: &Position) -> String {
        diagram(pos)
    }

    fn perft(pos: &Position, depth: u32) -> u64 {
        zonal_proryv::perft(pos, depth)
    }

    fn divide(pos: &Position, depth: u32) -> Vec<(Ply, u64)> {
        zonal_proryv::divide(pos, depth)
    }

    fn end(game: &Game) -> Option<GameEnd> {
        game.end().map(|e| GameEnd {
            winner: match e {
                End::Won(o) => Some(o.winner()),
                End::Repetition | End::QuietPlies => None,
            },
            reason: match e {
                End::Won(Outcome::ContactAtHome { .. }) => "contact_at_home",
                End::Won(Outcome::TargetReached { .. }) => "target_reached",
                End::Won(Outcome::NoLegalPly { .. }) => "no_legal_ply",
                End::Repetition => "repetition",
                End::QuietPlies => "quiet_plies",
            }
            .to_string(),
            text: e.to_string(),
        })
    }

    fn placement(pos: &Position) -> Option<bool> {
        Some(pos.in_placement())
    }

    /// `plies` (the record) and `result` (`1-0`, `0-1`, `1/2-1/2`, or `null` while the game
    /// goes on), as `zonal play --game proryv --json` gives them.
    fn play_fields(game: &Game) -> Vec<(&'static str, Value)> {
        vec![
            ("plies", json!(Self::record(game))),
            ("result", json!(game.end().map(|e| e.result()))),
        ]
    }

    const PATH_REPORTS: bool = true;

    fn distance_report(pos: &Position, query: &PathQuery) -> Option<Result<String, String>> {
        Some(
            paths::plain(query)
                .and_then(|()| paths::square(&query.from, "--from"))
                .and_then(|from| paths::distance(pos, from, query.json)),
        )
    }

    fn trajectories_report(pos: &Position, query: &PathQuery) -> Option<Result<String, String>> {
        let squares = paths::plain(query).and_then(|()| {
            let to = query.to.as_deref().unwrap_or_default();
            Ok((
                paths::square(&query.from, "--from")?,
                paths::square(to, "--to")?,
            ))
        });
        Some(
            squares
                .and_then(|(from, to)| paths::trajectories(pos, from, to, query.limit, query.json)),
        )
    }
}

impl ZoneDef for ProryvGame {
    type Rules = Rules;
    fn rules(_pos: &Position) -> Rules {
        Rules::default()
    }

    /// Horizon 5 finds the whole suite at depth 5 (NOTES.md, "Zone-guided search").
    const PIECES: &'static [(char, &'static str)] = &[
        ('K', "white King"),
        ('R', "white rook"),
        ('k', "black King"),
        ('r', "black rook"),
    ];
    /// No null move in play: with it on, the engine lost -70.4 (-112.0 .. -30.7) to the same
    /// engine without it over 60 games at 50 ms (`scripts/ablation.sh`, NOTES.md).
    /// Zone-guided, the zones steering the root (the moves no zone names one ply shallower):
    /// +19.1 (+3.4 .. +34.9) against full-width over 400 games at 100 ms, where their order
    /// alone measured -7.8 (NOTES.md, issue 31).
    const PLAY_SETTINGS: &'static [(&'static str, &'static str)] = &[
        ("null", "off"),
        ("mode", "zones"),
        ("style", "steer-reduced"),
    ];
    const DEFAULTS: &'static str = "play zone-guided, the zones steering the root (+19.1 Elo, \
        +3.4 .. +34.9, against full-width over 400 games at 100 ms); analyse zone-guided (the \
        suite: 54 of 55 bm, full-width 52, with 1.21x fewer nodes)";
    const SUITE: (&'static str, &'static str) = (
        "positions/proryv/suite.pos",
        include_str!("../../../../positions/proryv/suite.pos"),
    );
    const WEIGHTS: &'static [&'static str] = &["race", "rook", "freedom", "tempo"];
    const GAME_TEXT: &'static str = "coordinate moves (drops R@d4)";
    type Zones = zones::ProryvZones;

    const FEATURES: &'static [&'static str] = &zonal_proryv::eval::FEATURES;

    fn features(pos: &Position) -> Vec<i32> {
        zonal_proryv::eval::features(pos).to_vec()
    }

    fn hand_weights(_variant: &str) -> Vec<i32> {
        zonal_proryv::eval::hand_weights(&zonal_proryv::play::Weights::default()).to_vec()
    }

    fn set_fitted_weights(
        rules: &mut Rules,
        weights: &[i32],
        hidden: Option<&'static zonal_core::linear::Hidden>,
    ) {
        let mut fitted = zonal_proryv::eval::Fitted {
            weights: [0; zonal_proryv::eval::N_FEATURES],
            hidden,
        };
        fitted.weights.copy_from_slice(weights);
        rules.fitted = Some(fitted);
    }

    fn set_fitted(rules: &mut Rules, fitted: bool) -> bool {
        rules.fitted = if fitted {
            zonal_proryv::eval::shipped()
        } else {
            None
        };
        rules.fitted.is_some() == fitted
    }

    fn set_weight(rules: &mut Rules, key: &str, value: i32) -> bool {
        let w = &mut rules.weights;
        match key {
            "race" => w.race = value,
            "rook" => w.rook = value,
            "freedom" => w.freedom = value,
            "tempo" => w.tempo = value,
            _ => return false,
        }
        true
    }

    fn changed_squares(before: &Position, after: &Position) -> u64 {
        zones::changed_squares(before, after)
    }

    const GOAL_WORDS: (&'static str, &'static str) = ("race", "target");
    const UNSTOPPING_NOTE: &'static str = "stops only if protected";
    const NO_OTHER_TO_MOVE: &'static str = "not a position (a King would be in check)";

    fn gain_word(gain: Gain) -> String {
        zones::gain_text(gain)
    }

    fn complex_word(_pos: &Position, _target: u32) -> &'static str {
        "immobilise"
    }

    fn piece_name(pos: &Position, sq: u32) -> String {
        zones::piece_name(pos, sq).to_string()
    }

    fn eval_terms(pos: &Position) -> Vec<(&'static str, i32)> {
        Rules::default().terms(pos)
    }

    fn board_picture(pos: &Position) -> Picture {
        zonal_proryv::picture::picture(pos, &[])
    }

    /// The source's measures (docs/proryv.md §8) of each side: the King's distance to its
    /// target, its degree of freedom, the approach costs and the rooks; and the open zones of
    /// [`ZONE_HORIZON`].
    fn measures(pos: &Position) -> Measures {
        measures(pos)
    }

    fn zones_dot(pos: &Position, built: &Built) -> String {
        zones_dot(pos, &built.zones)
    }
}

/// [`ZoneDef::measures`] for Прорыв.
fn measures(pos: &Position) -> Measures {
    use zonal_proryv::measures::{Cost, approach_cost};
    use zonal_proryv::play::Terms;
    use zonal_proryv::zones::AimKind;
    let terms = Terms::of(pos);
    let cost = |side: Side, k: u32| approach_cost(pos, side, k);
    let cost_text = |c: Cost| match c {
        Cost::Plies(n) => n.to_string(),
        Cost::Unreachable => "-".to_string(),
        Cost::Unknown => "?".to_string(),
    };
    let mut lines = vec!["The source's measures (docs/proryv.md §8):".to_string()];
    let mut fields = Vec::new();
    for (s, i, name, key) in [
        (Side::White, 0, "White", "white"),
        (Side::Black, 1, "Black", "black"),
    ] {
        let (c1, c2) = (cost(s, 1), cost(s, 2));
        lines.push(format!(
            "  {name}: King {} steps from its target, degree of freedom {}, approach cost 1/2 steps {}/{} plies, rooks {}",
            terms.distance[i],
            terms.freedom[i],
            cost_text(c1),
            cost_text(c2),
            terms.rooks[i]
        ));
        fields.push((
            key,
            json!({
                "distance": terms.distance[i],
                "freedom": terms.freedom[i],
                "rooks": terms.rooks[i],
                "approach_cost_1": c1.plies(),
                "approach_cost_2": c2.plies(),
                // Whether a cost search met its budget (the cost is then unknown, not absent).
                "approach_cost_unknown": c1 == Cost::Unknown || c2 == Cost::Unknown,
            }),
        ));
    }
    if terms.distance[0] == terms.distance[1] {
        lines.push(
            "  equal distances: the freer King (degree of freedom) stands better by the source's criterion"
                .to_string(),
        );
    }
    // The open zones of the default horizon: the plans nothing stops in time (the parts of an
    // immobilisation count as one plan, the complex).
    let built = zones::project(pos, ZONE_HORIZON);
    let name = |sq: u32| Shape::EIGHT.name(sq);
    let plans: Vec<_> = built
        .zones
        .iter()
        .filter(|z| z.aim.kind != AimKind::Occupy)
        .collect();
    let mut open: Vec<String> = plans
        .iter()
        .filter(|z| z.is_open())
        .map(|z| {
            let path: Vec<String> = z.root.iter().map(|&s| name(s)).collect();
            let aim = if z.aim.kind == AimKind::Goal {
                "target"
            } else {
                "rook"
            };
            format!(
                "{} King -> {aim} {} ({})",
                side_name(z.side),
                name(*z.root.last().unwrap_or(&0)),
                path.join("-")
            )
        })
        .collect();
    open.extend(
        built
            .complexes
            .iter()
            .filter(|c| built.complex_is_open(c))
            .map(|c| {
                format!(
                    "{} immobilises rook {} in {}",
                    side_name(c.side),
                    name(c.target),
                    c.length
                )
            }),
    );
    lines.push(format!(
        "Zones (horizon {ZONE_HORIZON}): {}, open: {}",
        plans.len() + built.complexes.len(),
        if open.is_empty() {
            "none".to_string()
        } else {
            open.join("; ")
        }
    ));
    Measures { lines, fields }
}

// Прорыв's side names, diagram and zone reports.

use zonal_board::Shape;
use zonal_proryv::NAME;
use zonal_proryv::steps::PieceSteps;

pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// The board as text, rank 8 on top; `+` marks the corner squares no rook may stand on.
pub fn diagram(pos: &Position) -> String {
    use zonal_proryv::geometry::{CORNERS, bit};
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        out.push_str(&format!("{}  ", rank + 1));
        for file in 0..8u8 {
            let sq = rank * 8 + file;
            let c = if pos.rooks(Side::White) & bit(sq) != 0 {
                'R'
            } else if pos.rooks(Side::Black) & bit(sq) != 0 {
                'r'
            } else if pos.king(Side::White) == sq {
                'K'
            } else if pos.king(Side::Black) == sq {
                'k'
            } else if CORNERS & bit(sq) != 0 {
                '+'
            } else {
                '.'
            };
            out.push(c);
            out.push(' ');
        }
        out.pop();
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n");
    out.push_str(&format!(
        "   in hand: White {}, Black {}; '+' a corner square (no rook may stand there)",
        pos.hand(Side::White),
        pos.hand(Side::Black)
    ));
    out
}

/// The zones as Graphviz DOT: one cluster a zone, the root solid, negations dashed.
pub fn zones_dot(pos: &Position, zones: &[zonal_proryv::zones::Zone]) -> String {
    let name = |sq: u32| Shape::EIGHT.name(sq);
    let path = |p: &[u32]| p.iter().map(|&s| name(s)).collect::<Vec<_>>().join("-");
    let mut out = format!(
        "digraph mp {{\n  graph [label=\"{NAME}: {pos}\", labelloc=t, fontname=\"Helvetica\"];\n  node [fontname=\"Helvetica\", fontsize=10];\n"
    );
    for z in zones {
        let i = z.index;
        out.push_str(&format!(
            "  subgraph cluster_{i} {{\n    label=\"Zone {i} ({}, {}): {}\";\n    style=rounded; color=gray50;\n",
            side_name(z.side),
            if z.is_open() { "OPEN" } else { "STOPPED" },
            path(&z.root)
        ));
        out.push_str(&format!(
            "    z{i}_root [label=\"(+, {i}.0) King {}\\nroot ({} move{})\", color=blue, fontcolor=blue];\n",
            path(&z.root),
            z.root.len() - 1,
            crate::chess_t1::report::plural(z.root.len() - 1)
        ));
        for (j, n) in z.negations.iter().enumerate() {
            out.push_str(&format!(
                "    z{i}_n{j} [label=\"(-, {i}.1) rook {}\\n{} of {} ({} move{}, budget {})\", color=red, fontcolor=red, style={}];\n    z{i}_n{j} -> z{i}_root [label=\"negates\"];\n",
                path(&n.path),
                n.role.name(),
                name(n.attached),
                n.path.len() - 1,
                crate::chess_t1::report::plural(n.path.len() - 1),
                n.budget,
                if n.stops { "solid" } else { "dashed" }
            ));
            for (a_i, a) in n.answers.iter().enumerate() {
                out.push_str(&format!(
                    "    z{i}_n{j}_a{a_i} [label=\"(+, {i}.2) rook {}\\n{} of {} ({} move{}, budget {})\", color=blue, fontcolor=blue, style=dotted];\n    z{i}_n{j}_a{a_i} -> z{i}_n{j} [label=\"answers\"];\n",
                    path(&a.path),
                    a.role.name(),
                    name(a.attached),
                    a.path.len() - 1,
                    crate::chess_t1::report::plural(a.path.len() - 1),
                    a.budget
                ));
            }
        }
        out.push_str("  }\n");
    }
    out.push_str("}\n");
    out
}

/// The horizon of the zones `analyse` lists (half-moves), as chess-t1's default.
pub const ZONE_HORIZON: i32 = 4;

pub fn piece_name(steps: &PieceSteps) -> String {
    format!(
        "{} {}",
        side_name(steps.side()),
        if steps.is_king() { "King" } else { "rook" }
    )
}
