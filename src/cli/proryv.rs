//! The commands for Прорыв (`--game proryv`): moves, play, perft, search and analyse (the
//! source's measures and the core's search). The zone commands follow the game-independent
//! core (issue "One engine, many games").

use super::proryv_game::Proryv as ProryvGame;
use super::reason::{Explainer, Words};
use super::{CliError, Command, PosArg, print_json, report_perft, write_out};
use crate::play::core_game::{Searching, Zoned};
use serde::Serialize;
use std::time::Instant;
use zonal_board::Shape;
use zonal_core::{Bundle, Control, DistanceMap, Limits, Steps, WIN, WIN_BOUND};
use zonal_proryv::measures::{Cost, approach_cost};
use zonal_proryv::play::{Proryv, Terms};
use zonal_proryv::steps::PieceSteps;
use zonal_proryv::{Game, NAME, Ply, Position, Side, divide, perft, posfile};

/// Runs `command` for Прорыв.
pub fn run(command: Command) -> Result<(), CliError> {
    match command {
        Command::Moves { pos, json } => moves(&position(&pos)?, json),
        Command::Play {
            pos,
            mut moves,
            book,
            record: game_record,
            json,
        } => {
            if let Some(text) = game_record {
                if !moves.is_empty() {
                    return Err(CliError::input(
                        "give the plies either as arguments or with --record, not both",
                    ));
                }
                moves = text.split_whitespace().map(str::to_string).collect();
            }
            if book.is_some() {
                return Err(CliError::input(format!(
                    "{NAME}: --book reads chess-t1's book notation; give the plies (`R@d4 d4d7`)"
                )));
            }
            // A record's own `moves` (a match's game) are replayed when none are given.
            let (start, record) = positions(&pos)?.remove(0);
            let recorded: Vec<String> = record
                .as_ref()
                .and_then(|r| r.operands("moves"))
                .map(<[String]>::to_vec)
                .unwrap_or_default();
            let plies = if moves.is_empty() { &recorded } else { &moves };
            play(&start, plies, json)
        }
        Command::Perft {
            depth,
            pos,
            id,
            index,
            divide,
            parallel,
        } => perft_cmd(
            &position(&PosArg { pos, id, index })?,
            depth,
            divide,
            parallel,
        ),
        Command::Search {
            pos,
            depth,
            bounds,
            full,
            horizon,
            json,
            ..
        } => search_cmd(
            &position(&pos)?,
            &Mode::new(full, horizon, &bounds.limits(depth, 4), false),
            json,
        ),
        Command::Analyse {
            pos,
            id,
            index,
            depth,
            bounds,
            full,
            horizon,
            top,
            json,
            ..
        } => {
            let mode = Mode::new(full, horizon, &bounds.limits(depth, 4), true);
            let mut suite = Suite::default();
            let mut first = true;
            let mut values = Vec::new();
            for text in &pos {
                for (p, record) in positions(&PosArg {
                    pos: text.clone(),
                    id: id.clone(),
                    index,
                })? {
                    if !first && !json {
                        outln!();
                    }
                    first = false;
                    let sink = json.then_some(&mut values);
                    analyse_cmd(&p, record.as_ref(), &mode, top as usize, sink, &mut suite)?;
                }
            }
            if json {
                // One object for one position; several make a batch with the suite's score.
                return match (values.len(), values.pop()) {
                    (1, Some(one)) => print_json(&one),
                    (_, last) => {
                        values.extend(last);
                        print_json(&serde_json::json!({
                            "game": "proryv",
                            "analyses": values,
                            "summary": {
                                "positions": suite.positions,
                                "with_answer": suite.with_answer,
                                "matched": suite.matched,
                                "nodes": suite.nodes,
                            }
                        }))
                    }
                };
            }
            if suite.positions > 1 {
                outln!(
                    "\nSuite: {} positions, {} with bm/am, first recommendation matches {} ({} nodes)",
                    suite.positions,
                    suite.with_answer,
                    suite.matched,
                    suite.nodes
                );
            }
            Ok(())
        }
        Command::Distance {
            pos, from, json, ..
        } => {
            let p = position(&pos)?;
            let from = square(&from, "--from")?;
            distance_cmd(&p, from, json)
        }
        Command::Trajectories {
            pos,
            from,
            to,
            limit,
            json,
            ..
        } => {
            let p = position(&pos)?;
            let (from, to) = (square(&from, "--from")?, square(&to, "--to")?);
            trajectories_cmd(&p, from, to, limit, json)
        }
        Command::Zones {
            pos,
            horizon,
            json,
            dot,
            after,
            ..
        } => {
            let (p, zones, log) = zones_after(position(&pos)?, horizon, &after)?;
            if json || dot {
                eprint!("{log}");
            } else {
                out!("{log}");
            }
            if json {
                return print_json(&zones_json(&p, &zones, horizon));
            }
            if dot {
                out!("{}", zones_dot(&p, &zones.zones));
                return Ok(());
            }
            out!("{}", zonal_proryv::zones::to_text(&p, &zones, horizon));
            Ok(())
        }
        Command::Render {
            pos,
            zones,
            zone,
            side,
            horizon,
            force,
            highlight,
            output,
        } => {
            if force || highlight.is_some() {
                return Err(CliError::input(format!(
                    "{NAME}: --force and --highlight are chess-t1's (force sums, a move arrow)"
                )));
            }
            let p = position(&pos)?;
            let mut shown = Vec::new();
            if zones || zone.is_some() || side.is_some() {
                shown = zonal_proryv::zones::zones(&p, horizon);
                if let Some(n) = zone {
                    if !shown.iter().any(|z| z.index == n) {
                        return Err(CliError::input(format!(
                            "--zone {n}: no such zone ({} zones at horizon {horizon})",
                            shown.len()
                        )));
                    }
                    shown.retain(|z| z.index == n);
                }
                if let Some(s) = side {
                    let want = match s {
                        super::SideArg::White => Some(Side::White),
                        super::SideArg::Black => Some(Side::Black),
                        super::SideArg::Both => None,
                    };
                    shown.retain(|z| want.is_none_or(|w| z.side == w));
                }
            }
            let svg = zonal_proryv::picture::picture(&p, &shown).to_svg();
            match output {
                Some(path) => std::fs::write(&path, svg).map_err(|e| CliError {
                    message: format!("cannot write {}: {e}", path.display()),
                    code: 1,
                }),
                None => {
                    out!("{svg}");
                    Ok(())
                }
            }
        }
        Command::Match(args) => super::generic::match_cmd::<super::proryv_game::Proryv>(&args),
        Command::Datagen(args) => super::learn::datagen::<
            crate::play::core_game::Zoned<super::proryv_game::Proryv>,
        >(&args),
        Command::Fit(args) => {
            super::learn::fit::<crate::play::core_game::Zoned<super::proryv_game::Proryv>>(&args)
        }
        Command::Engine => crate::play::engine::<Zoned<super::proryv_game::Proryv>>(),
        Command::Bench { quick, json } => {
            let report = crate::bench_proryv::run(quick);
            if json {
                print_json(&report)
            } else {
                outln!("{}", report.to_text());
                // The one engine's depth and speed, as every game's bench reports them.
                super::generic::bench::<ProryvGame>(quick, false)
            }
        }
        other => Err(CliError::input(format!(
            "{NAME}: `zonal {}` is not available for this game yet (it has moves, play, perft, distance, trajectories, zones, render, search, analyse, engine, match, bench, datagen, fit; \
             `zonal games` lists what each game supports)",
            command_name(&other)
        ))),
    }
}

/// The subcommand's name as typed.
fn command_name(command: &Command) -> String {
    let debug = format!("{command:?}");
    let name: String = debug.chars().take_while(|c| c.is_alphanumeric()).collect();
    name.to_lowercase()
}

/// `startpos`, a position string (docs/proryv.md §7.2) or a position file (the first position,
/// or the one `--id` / `--index` picks).
fn position(arg: &PosArg) -> Result<Position, CliError> {
    let mut found = positions(arg)?;
    found.truncate(1);
    Ok(found.remove(0).0)
}

/// The positions an argument names (the generic reader of every game:
/// [`super::generic::positions`]).
fn positions(arg: &PosArg) -> Result<Vec<(Position, Option<posfile::Record>)>, CliError> {
    super::generic::positions::<ProryvGame>(arg)
}

/// The score of a suite of positions against their `bm` / `am`.
#[derive(Default)]
struct Suite {
    positions: usize,
    with_answer: usize,
    matched: usize,
    nodes: u64,
}

pub(super) fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

fn sorted(pos: &Position) -> Vec<String> {
    let mut plies: Vec<String> = pos.legal_plies().iter().map(Ply::to_string).collect();
    plies.sort();
    plies
}

fn moves(pos: &Position, json: bool) -> Result<(), CliError> {
    let list = sorted(pos);
    let outcome = pos.outcome();
    if let Some(o) = outcome {
        eprintln!("no moves: the game is over: {o}");
    }
    if json {
        #[derive(Serialize)]
        struct Out {
            game: &'static str,
            position: String,
            side: &'static str,
            status: String,
            moves: Vec<String>,
        }
        return print_json(&Out {
            game: "proryv",
            position: pos.to_string(),
            side: side_name(pos.side_to_move()),
            status: outcome.map_or_else(|| "ongoing".to_string(), |o| o.to_string()),
            moves: list,
        });
    }
    for ply in &list {
        outln!("{ply}");
    }
    Ok(())
}

fn play(start: &Position, plies: &[String], json: bool) -> Result<(), CliError> {
    let mut game = Game::new(*start);
    for (i, text) in plies.iter().enumerate() {
        game.play(text).map_err(|e| {
            CliError::input(format!(
                "ply {} ({}): {e}",
                i + 1,
                chess_t1::excerpt::excerpt(text)
            ))
        })?;
    }
    let pos = game.position();
    let status = game
        .end()
        .map_or_else(|| "ongoing".to_string(), |e| e.to_string());
    if json {
        #[derive(Serialize)]
        struct Out {
            game: &'static str,
            start: String,
            plies: Vec<String>,
            position: String,
            side: &'static str,
            status: String,
            result: Option<&'static str>,
        }
        return print_json(&Out {
            game: "proryv",
            start: start.to_string(),
            plies: game.plies().iter().map(Ply::to_string).collect(),
            position: pos.to_string(),
            side: side_name(pos.side_to_move()),
            status,
            result: game.end().map(|e| e.result()),
        });
    }
    outln!("{pos}");
    outln!("{}", diagram(pos));
    outln!("status: {status}");
    outln!(
        "plies played: {}{}",
        game.plies().len(),
        if game.plies().is_empty() {
            String::new()
        } else {
            let list: Vec<String> = game.plies().iter().map(Ply::to_string).collect();
            format!(" ({})", list.join(" "))
        }
    );
    Ok(())
}

/// The board as text, rank 8 on top; `+` marks the corner squares no rook may stand on.
pub(super) fn diagram(pos: &Position) -> String {
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

fn perft_cmd(
    pos: &Position,
    depth: u32,
    show_divide: bool,
    parallel: bool,
) -> Result<(), CliError> {
    let start = Instant::now();
    let rows = show_divide.then(|| {
        divide(pos, depth)
            .into_iter()
            .map(|(ply, n)| (ply.to_string(), n))
            .collect()
    });
    if parallel {
        let count = || super::generic::perft_parallel::<ProryvGame>(pos, depth);
        report_perft(depth, start, rows, count, "all cores")
    } else {
        report_perft(depth, start, rows, || perft(pos, depth), "one core")
    }
}

/// How `search` and `analyse` search: the one engine ([`Searching`]), full-width or guided by
/// the zones at a horizon, within the core's limits; `analyse` ranks every root move exactly.
struct Mode {
    searching: Searching,
    limits: Limits,
}

impl Mode {
    fn new(full: bool, horizon: Option<i32>, limits: &Limits, analyse: bool) -> Mode {
        // Horizon 5 finds the whole suite at depth 5 (NOTES.md, "Zone-guided search").
        let mut searching = Searching::engine(horizon.unwrap_or(5));
        searching.full = full;
        if analyse {
            searching.techniques = searching.techniques.exact();
        }
        Mode {
            searching,
            limits: *limits,
        }
    }

    /// The search's name in reports.
    fn name(&self) -> &'static str {
        if self.searching.full {
            "full-width"
        } else {
            "zone-guided"
        }
    }

    fn search(&self, pos: &Position) -> zonal_core::SearchResult<Ply> {
        self.searching.run::<ProryvGame>(
            &Proryv::default(),
            pos,
            &[],
            &self.limits,
            &Control::default(),
        )
    }
}

/// A score for the side to move: units with two decimals, or the distance to a game end.
fn score_text(score: i32) -> String {
    if score > WIN_BOUND {
        format!("wins in {}", WIN - score)
    } else if score < -WIN_BOUND {
        format!("loses in {}", WIN + score)
    } else {
        format!("{:+.2}", f64::from(score) / 100.0)
    }
}

fn search_cmd(pos: &Position, mode: &Mode, json: bool) -> Result<(), CliError> {
    let start = Instant::now();
    let r = mode.search(pos);
    let micros = start.elapsed().as_micros() as u64;
    if json {
        #[derive(Serialize)]
        struct Out {
            game: &'static str,
            position: String,
            best: Option<String>,
            score_cp: i32,
            line: Vec<String>,
            depth: u32,
            nodes: u64,
            micros: u64,
        }
        return print_json(&Out {
            game: "proryv",
            position: pos.to_string(),
            best: r.best.map(|p| p.to_string()),
            score_cp: r.score,
            line: r.line.iter().map(Ply::to_string).collect(),
            depth: r.depth,
            nodes: r.nodes,
            micros,
        });
    }
    match r.best {
        Some(best) => {
            outln!(
                "best {best} score {} nodes {} depth {}",
                score_text(r.score),
                r.nodes,
                r.depth
            );
            let line: Vec<String> = r.line.iter().map(Ply::to_string).collect();
            outln!("line {}", line.join(" "));
        }
        None => outln!(
            "no move (status: {})",
            pos.outcome()
                .map_or_else(|| "ongoing".to_string(), |o| o.to_string())
        ),
    }
    eprintln!(
        "search ({}): {:.1} ms, {} nodes/s",
        mode.name(),
        micros as f64 / 1000.0,
        r.nodes * 1_000_000 / micros.max(1)
    );
    Ok(())
}

fn analyse_cmd(
    pos: &Position,
    record: Option<&posfile::Record>,
    mode: &Mode,
    top: usize,
    json: Option<&mut Vec<serde_json::Value>>,
    suite: &mut Suite,
) -> Result<(), CliError> {
    let terms = Terms::of(pos);
    let cost = |side: Side, k: u32| approach_cost(pos, side, k);
    let r = mode.search(pos);
    let rules = Proryv::default();
    let zone_game = zonal_proryv::zones::Proryv;
    let words = Words {
        piece: |p, sq| zonal_proryv::zones::piece_name(p, sq).to_string(),
        terms: |p| Proryv::default().terms(p),
    };
    let explainer = Explainer::new(&rules, &zone_game, pos, mode.searching.horizon, words);
    suite.positions += 1;
    suite.nodes += r.nodes;
    let operands = |op: &str| -> Vec<String> {
        record
            .and_then(|rec| rec.operands(op))
            .map(<[String]>::to_vec)
            .unwrap_or_default()
    };
    let (bm, am) = (operands("bm"), operands("am"));
    let first = r.best.map(|p| p.to_string());
    let verdict = if bm.is_empty() && am.is_empty() {
        None
    } else {
        suite.with_answer += 1;
        let good = first
            .as_ref()
            .is_some_and(|f| (bm.is_empty() || bm.contains(f)) && !am.contains(f));
        suite.matched += usize::from(good);
        Some(good)
    };
    let status = pos
        .outcome()
        .map_or_else(|| "ongoing".to_string(), |o| o.to_string());
    let cost_text = |c: Cost| match c {
        Cost::Plies(n) => n.to_string(),
        Cost::Unreachable => "-".to_string(),
        Cost::Unknown => "?".to_string(),
    };
    if let Some(sink) = json {
        #[derive(Serialize)]
        struct SideJson {
            distance: u32,
            freedom: u32,
            rooks: u32,
            approach_cost_1: Option<u32>,
            approach_cost_2: Option<u32>,
            /// Whether a cost search met its budget (the cost is then unknown, not absent).
            approach_cost_unknown: bool,
        }
        #[derive(Serialize)]
        struct Rec {
            ply: String,
            score_cp: i32,
            reason: String,
        }
        #[derive(Serialize)]
        struct Out {
            game: &'static str,
            position: String,
            id: Option<String>,
            status: String,
            matches: Option<bool>,
            white: SideJson,
            black: SideJson,
            search: &'static str,
            depth: u32,
            nodes: u64,
            recommended: Vec<Rec>,
            line: Vec<String>,
        }
        let side = |s: Side, i: usize| SideJson {
            distance: terms.distance[i],
            freedom: terms.freedom[i],
            rooks: terms.rooks[i],
            approach_cost_1: cost(s, 1).plies(),
            approach_cost_2: cost(s, 2).plies(),
            approach_cost_unknown: cost(s, 1) == Cost::Unknown || cost(s, 2) == Cost::Unknown,
        };
        let value = serde_json::to_value(Out {
            game: "proryv",
            position: pos.to_string(),
            id: record.and_then(|r| r.id()).map(str::to_string),
            status,
            matches: verdict,
            white: side(Side::White, 0),
            black: side(Side::Black, 1),
            search: mode.name(),
            depth: r.depth,
            nodes: r.nodes,
            recommended: r
                .root
                .iter()
                .take(top)
                .map(|r| Rec {
                    ply: r.mv.to_string(),
                    score_cp: r.score,
                    reason: explainer.explain(r.mv),
                })
                .collect(),
            line: r.line.iter().map(Ply::to_string).collect(),
        })
        .map_err(|e| CliError {
            message: format!("cannot write JSON: {e}"),
            code: 1,
        })?;
        sink.push(value);
        return Ok(());
    }
    match record.and_then(|r| r.id()) {
        Some(id) => outln!("Position: {pos} (id {})", chess_t1::excerpt::printable(id)),
        None => outln!("Position: {pos}"),
    }
    outln!("{}", diagram(pos));
    outln!("Status: {status}");
    outln!("The source's measures (docs/proryv.md §8):");
    for (s, i, name) in [(Side::White, 0, "White"), (Side::Black, 1, "Black")] {
        outln!(
            "  {name}: King {} steps from its target, degree of freedom {}, approach cost 1/2 steps {}/{} plies, rooks {}",
            terms.distance[i],
            terms.freedom[i],
            cost_text(cost(s, 1)),
            cost_text(cost(s, 2)),
            terms.rooks[i]
        );
    }
    if terms.distance[0] == terms.distance[1] {
        outln!(
            "  equal distances: the freer King (degree of freedom) stands better by the source's criterion"
        );
    }
    // The open zones of the default horizon: the plans nothing stops in time (the parts of an
    // immobilisation count as one plan, the complex).
    use zonal_proryv::zones::AimKind;
    let built = zonal_proryv::zones::project(pos, ZONE_HORIZON);
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
    outln!(
        "Zones (horizon {ZONE_HORIZON}): {}, open: {}",
        plans.len() + built.complexes.len(),
        if open.is_empty() {
            "none".to_string()
        } else {
            open.join("; ")
        }
    );
    if r.root.is_empty() {
        return Ok(());
    }
    outln!(
        "Recommended ({}, depth {}, {} nodes; score for the side to move):",
        mode.name(),
        r.depth,
        r.nodes
    );
    for (p, s) in r.root.iter().take(top).map(|r| (r.mv, r.score)) {
        outln!("  {p:<6} {:<10} {}", score_text(s), explainer.explain(p));
    }
    let line: Vec<String> = r.line.iter().map(Ply::to_string).collect();
    outln!("Line: {}", line.join(" "));
    if let Some(good) = verdict {
        let mut expected = String::new();
        if !bm.is_empty() {
            expected.push_str(&format!(" bm {}", bm.join(" ")));
        }
        if !am.is_empty() {
            expected.push_str(&format!(" am {}", am.join(" ")));
        }
        outln!(
            "Expected{expected}: {}",
            if good { "MATCH" } else { "MISS" }
        );
    }
    Ok(())
}

/// The horizon of the zones `analyse` lists (half-moves), as chess-t1's default.
const ZONE_HORIZON: i32 = 4;

/// The longest trajectory looked for (moves).
const MAX_MOVES: u32 = 16;

/// A square named on the command line.
fn square(text: &str, option: &str) -> Result<u8, CliError> {
    Shape::EIGHT
        .parse_square(text)
        .map(|s| s as u8)
        .map_err(|e| CliError::input(format!("{option}: {e}")))
}

fn piece_name(steps: &PieceSteps) -> String {
    format!(
        "{} {}",
        side_name(steps.side()),
        if steps.is_king() { "King" } else { "rook" }
    )
}

fn distance_cmd(pos: &Position, from: u8, json: bool) -> Result<(), CliError> {
    let piece = PieceSteps::of(pos, from).map_err(CliError::input)?;
    let map = DistanceMap::build(Shape::EIGHT, u32::from(from), MAX_MOVES, &piece);
    if json {
        #[derive(Serialize)]
        struct Out {
            game: &'static str,
            position: String,
            from: String,
            piece: String,
            /// a1 first; null where unreachable.
            distances: Vec<Option<u32>>,
        }
        return print_json(&Out {
            game: "proryv",
            position: pos.to_string(),
            from: Shape::EIGHT.name(u32::from(from)),
            piece: piece_name(&piece),
            distances: map.distances(),
        });
    }
    outln!(
        "Distance map of the {} on {} (moves; - unreachable; the other pieces stand still)",
        piece_name(&piece),
        Shape::EIGHT.name(u32::from(from))
    );
    for rank in (0..8u32).rev() {
        let row: Vec<String> = (0..8u32)
            .map(|file| {
                map.distance(rank * 8 + file)
                    .map_or_else(|| " -".to_string(), |d| format!("{d:>2}"))
            })
            .collect();
        outln!("{}  {}", rank + 1, row.join(" "));
    }
    outln!("    a  b  c  d  e  f  g  h");
    Ok(())
}

fn trajectories_cmd(
    pos: &Position,
    from: u8,
    to: u8,
    limit: usize,
    json: bool,
) -> Result<(), CliError> {
    let piece = PieceSteps::of(pos, from).map_err(CliError::input)?;
    let name = |sq: u32| Shape::EIGHT.name(sq);
    let bundle = Bundle::shortest(
        Shape::EIGHT,
        u32::from(from),
        u32::from(to),
        MAX_MOVES,
        &piece,
    );
    let paths = bundle
        .as_ref()
        .map(|b| b.trajectories(&piece, limit))
        .unwrap_or_default();
    let beta = |path: &[u32]| -> Vec<String> {
        path.windows(2)
            .flat_map(|w| {
                use zonal_board::SquareSet;
                piece
                    .passes(w[0], w[1])
                    .squares()
                    .map(name)
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    if json {
        #[derive(Serialize)]
        struct PathJson {
            squares: Vec<String>,
            beta: Vec<String>,
        }
        #[derive(Serialize)]
        struct Out {
            game: &'static str,
            position: String,
            piece: String,
            from: String,
            to: String,
            length: Option<u32>,
            count: u64,
            trajectories: Vec<PathJson>,
        }
        return print_json(&Out {
            game: "proryv",
            position: pos.to_string(),
            piece: piece_name(&piece),
            from: name(u32::from(from)),
            to: name(u32::from(to)),
            length: bundle.as_ref().map(Bundle::length),
            count: bundle.as_ref().map_or(0, |b| b.count),
            trajectories: paths
                .iter()
                .map(|p| PathJson {
                    squares: p.iter().map(|&s| name(s)).collect(),
                    beta: beta(p),
                })
                .collect(),
        });
    }
    outln!(
        "{} on {} -> {}",
        piece_name(&piece),
        name(u32::from(from)),
        name(u32::from(to))
    );
    let Some(bundle) = bundle else {
        outln!("unreachable within {MAX_MOVES} moves");
        return Ok(());
    };
    outln!(
        "shortest: {} {}, {} {}",
        bundle.length(),
        if bundle.length() == 1 {
            "move"
        } else {
            "moves"
        },
        bundle.count,
        if bundle.count == 1 {
            "trajectory"
        } else {
            "trajectories"
        }
    );
    for (d, layer) in bundle.layers.iter().enumerate() {
        use zonal_board::SquareSet;
        let squares: Vec<String> = layer.squares().map(name).collect();
        outln!("  layer {d}: {}", squares.join(" "));
    }
    for p in &paths {
        let squares: Vec<String> = p.iter().map(|&s| name(s)).collect();
        let b = beta(p);
        if b.is_empty() {
            outln!("  {}", squares.join("-"));
        } else {
            outln!("  {}  (passes {})", squares.join("-"), b.join(" "));
        }
    }
    Ok(())
}

/// Plays the plies of `--after` from `start`, keeping the projection up to date ply by ply (the
/// rooks' distance maps are taken over while their lines stay as they were); returns the last
/// position, its zones and a line a ply saying what was reused.
pub(crate) fn zones_after(
    start: Position,
    horizon: i32,
    after: &[String],
) -> Result<(Position, zonal_proryv::zones::Built, String), CliError> {
    use zonal_proryv::zones::{IncrementalProjection, Proryv, changed_squares};
    let mut projection = IncrementalProjection::new();
    let mut pos = start;
    let mut zones = projection.project(&Proryv, &pos, horizon, 0);
    let mut log = String::new();
    for (i, text) in after.iter().enumerate() {
        if pos.is_over() {
            return Err(CliError::input(format!(
                "{NAME}: --after: ply {} ({}): the game is over",
                i + 1,
                chess_t1::excerpt::excerpt(text)
            )));
        }
        let ply = pos.parse_ply(text).map_err(|e| {
            CliError::input(format!(
                "--after: ply {} ({}): {e}",
                i + 1,
                chess_t1::excerpt::excerpt(text)
            ))
        })?;
        let next = pos.play(&ply);
        let before = projection.stats;
        zones = projection.project(&Proryv, &next, horizon, changed_squares(&pos, &next));
        log += &format!(
            "after {ply}: {} zones; the rooks' distance maps: {} taken over, {} built\n",
            zones.zones.len(),
            projection.stats.reused - before.reused,
            projection.stats.built - before.built
        );
        pos = next;
    }
    Ok((pos, zones, log))
}

/// Version of the zones JSON (`schema/proryv-zones.schema.json`).
const ZONES_SCHEMA_VERSION: u32 = 3;

/// The zones as JSON (`schema/proryv-zones.schema.json`): every square by name, Botvinnik's
/// labels as strings.
pub(crate) fn zones_json(
    pos: &Position,
    built: &zonal_proryv::zones::Built,
    horizon: i32,
) -> serde_json::Value {
    use zonal_proryv::zones::{AimKind, Gain, Outcome, Proryv, outcomes, piece_name};
    let zones = &built.zones;
    let (zone_outcomes, complex_outcomes) = outcomes(&Proryv, pos, built, horizon);
    let gain = |g: Gain| match g {
        Gain::Wins => serde_json::json!("wins"),
        Gain::Material(n) => serde_json::json!(n),
    };
    let outcome = |o: &Outcome| {
        serde_json::json!({
            "now": gain(o.now),
            "other_to_move": o.other_to_move.map(gain),
        })
    };
    let name = |sq: u32| Shape::EIGHT.name(sq);
    let names = |path: &[u32]| path.iter().map(|&s| name(s)).collect::<Vec<_>>();
    serde_json::json!({
        "game": "proryv",
        "schema_version": ZONES_SCHEMA_VERSION,
        "position": pos.to_string(),
        "horizon": horizon,
        "zones": zones.iter().map(|z| serde_json::json!({
            "index": z.index,
            "side": side_name(z.side),
            "aim": match z.aim.kind {
                AimKind::Goal => "target",
                AimKind::Capture => "capture",
                AimKind::Occupy => "occupy",
            },
            "piece": piece_name(pos, z.root[0]),
            "label": format!("(+, {}.0)", z.index),
            "root": names(&z.root),
            "shortest": z.alternatives,
            "open": z.is_open(),
            "outcome": outcome(&zone_outcomes[z.index]),
            "negations": z.negations.iter().map(|n| serde_json::json!({
                "label": format!("(-, {}.1)", z.index),
                "rook": name(n.from),
                "role": n.role.name(),
                "attached": name(n.attached),
                "trajectory": names(&n.path),
                "budget": n.budget,
                "stops": n.stops,
                "answers": n.answers.iter().map(|a| serde_json::json!({
                    "label": format!("(+, {}.2)", z.index),
                    "rook": name(a.from),
                    "role": a.role.name(),
                    "attached": name(a.attached),
                    "trajectory": names(&a.path),
                    "budget": a.budget,
                })).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "complexes": built.complexes.iter().map(|c| serde_json::json!({
            "index": c.index,
            "side": side_name(c.side),
            "aim": "immobilise",
            "target": name(c.target),
            "zones": c.zones,
            "length": c.length,
            "open": built.complex_is_open(c),
            "outcome": outcome(&complex_outcomes[c.index]),
            "retreat": c.retreat.as_ref().map(|r| serde_json::json!({
                "rook": name(r.from),
                "trajectory": names(&r.path),
                "budget": r.budget,
            })),
        })).collect::<Vec<_>>(),
    })
}

/// The zones as Graphviz DOT: one cluster a zone, the root solid, negations dashed.
fn zones_dot(pos: &Position, zones: &[zonal_proryv::zones::Zone]) -> String {
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
            chess_t1::report::plural(z.root.len() - 1)
        ));
        for (j, n) in z.negations.iter().enumerate() {
            out.push_str(&format!(
                "    z{i}_n{j} [label=\"(-, {i}.1) rook {}\\n{} of {} ({} move{}, budget {})\", color=red, fontcolor=red, style={}];\n    z{i}_n{j} -> z{i}_root [label=\"negates\"];\n",
                path(&n.path),
                n.role.name(),
                name(n.attached),
                n.path.len() - 1,
                chess_t1::report::plural(n.path.len() - 1),
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
                    chess_t1::report::plural(a.path.len() - 1),
                    a.budget
                ));
            }
        }
        out.push_str("  }\n");
    }
    out.push_str("}\n");
    out
}
