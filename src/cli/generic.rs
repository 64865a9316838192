//! The commands of the games played on the core's search (`--game hnefatafl`, `--game jungle`),
//! written once over [`CliGame`]: moves, play (a record), perft, search and analyse (full-width
//! or zone-guided), match between built-in players, and bench. Each game supplies a small
//! [`CliGame`] implementation in its own module.

use super::reason::{Explainer, Words};
use super::{CliError, Command, MatchArgs, PosArg, print_json, report_perft, write_out};
use crate::play::core_game::{Searching, Zoned};
use serde::Serialize;
use std::fmt::{Debug, Display, Write as _};
use std::time::Instant;
use zonal_board::Side;
use zonal_board::SquareSet;
use zonal_core::guided::MoveSquares;
use zonal_core::picture::{Picture, zone_arrows};
use zonal_core::record::Record;
use zonal_core::rng::Rng;
use zonal_core::zone::{Built, Gain, IncrementalProjection, Outcome, ZoneGame, outcomes};
use zonal_core::{Control, Limits, SearchResult, WIN, WIN_BOUND};

/// How a played game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The winner; `None` for a draw.
    pub winner: Option<Side>,
    /// A short name for match reports (`king_escaped`, `den`, ...).
    pub reason: String,
    /// The end in words.
    pub text: String,
}

/// What the command line needs of a game played on the core's search.
pub trait CliGame: 'static {
    /// The name `--game` takes and JSON shows.
    const ID: &'static str;
    /// The name errors and reports show.
    const NAME: &'static str;
    /// Position arguments that name a start position, with what each is (`startpos` first).
    const STARTS: &'static [(&'static str, &'static str)];
    /// The zones' horizon in half-moves when `--horizon` is not given (the one the game's suite
    /// is best searched with).
    const HORIZON: i32 = 4;
    /// Words a game record may end with instead of a move (e.g. a loss on time).
    const RECORD_ENDS: &'static [&'static str] = &[];
    /// The position file a match plays when `--openings` is not given, as its name and its text
    /// (built into the binary, so that `match` works anywhere; `None`: 16 random openings of 4
    /// plies from the first start).
    const OPENINGS: Option<(&'static str, &'static str)> = None;
    /// The game's suite of tactics as its name and its text (built into the binary), which
    /// `bench` searches.
    const SUITE: (&'static str, &'static str);
    /// The evaluation's weights a match player may set (`rook=60`), by name.
    const WEIGHTS: &'static [&'static str] = &[];
    /// What one move is called in `play`'s refusals (`move 3 (d1d9): ...`; Прорыв: `ply`).
    const MOVE_WORD: &'static str = "move";
    /// How a game's moves are written as one text ([`CliGame::record`] joined by spaces), as the
    /// analysis board names it for export and import.
    const GAME_TEXT: &'static str = "coordinate moves";
    /// A position.
    type Position: Copy + Display + Send + Sync;
    /// A move.
    type Move: Copy + Eq + Debug + Display + Send + Sync;
    /// The search's rules.
    type Rules: MoveSquares<Position = Self::Position, Move = Self::Move>;
    /// The zone builder's view of the game.
    type Zones: ZoneGame<Position = Self::Position> + Default + 'static;
    /// A game in progress, with the history its draw rules need.
    type Game: Clone + Send + 'static;

    /// The search's rules for positions like `pos`.
    fn rules(pos: &Self::Position) -> Self::Rules;
    /// Sets the evaluation weight `key` (one of [`CliGame::WEIGHTS`]) to `value` (cp); false
    /// for a key the game does not have.
    fn set_weight(_rules: &mut Self::Rules, _key: &str, _value: i32) -> bool {
        false
    }
    /// The fitted evaluation's feature names (none: the game has no fitted evaluation).
    const FEATURES: &'static [&'static str] = &[];
    /// The features of `pos` for White ([`zonal_learn::Learn::features`]).
    fn features(_pos: &Self::Position) -> Vec<i32> {
        Vec::new()
    }
    /// The variant of `pos` with weights of its own (a ruleset).
    fn variant(_pos: &Self::Position) -> &'static str {
        Self::ID
    }
    /// The hand-set evaluation of `variant` as weights of [`CliGame::FEATURES`].
    fn hand_weights(_variant: &str) -> Vec<i32> {
        Vec::new()
    }
    /// Plays the fitted evaluation (`true`) or the hand-set one; false if the game has no
    /// such evaluation.
    fn set_fitted(_rules: &mut Self::Rules, fitted: bool) -> bool {
        !fitted
    }
    /// Plays the fitted evaluation with `weights` (one for each of [`CliGame::FEATURES`]).
    fn set_fitted_weights(_rules: &mut Self::Rules, _weights: &[i32]) {}
    /// People's games of the game's record files ([`zonal_learn::Learn::read_records`]).
    fn read_records(_text: &str) -> Result<Vec<zonal_learn::Record<Zoned<Self>>>, String>
    where
        Self: Sized,
        Self::Zones: Default + 'static,
    {
        Err(format!("{}: no record reader for this game", Self::NAME))
    }
    /// The start position a name of [`CliGame::STARTS`] gives.
    fn start(name: &str) -> Option<Self::Position>;
    /// A position string.
    fn parse_position(text: &str) -> Result<Self::Position, String>;
    /// A position file's records.
    fn parse_file(text: &str, source: &str) -> Result<Vec<Record<Self::Position>>, String>;
    /// The legal moves.
    fn legal_moves(pos: &Self::Position) -> Vec<Self::Move>;
    /// The side to move.
    fn side(pos: &Self::Position) -> Side;
    /// A side in words (`white`; Hnefatafl: `defenders`).
    fn side_name(side: Side) -> &'static str;
    /// The game's end shown by the position alone, in words.
    fn outcome(pos: &Self::Position) -> Option<String>;
    /// The board as text.
    fn diagram(pos: &Self::Position) -> String;
    /// Leaves counted to `depth`.
    fn perft(pos: &Self::Position, depth: u32) -> u64;
    /// Leaves counted to `depth` below each root move.
    fn divide(pos: &Self::Position, depth: u32) -> Vec<(Self::Move, u64)>;
    /// A game from `start`.
    fn new_game(start: Self::Position) -> Self::Game;
    /// Plays a move given as text (coordinate form, or the game's record form) in `game`.
    fn play_text(game: &mut Self::Game, text: &str) -> Result<(), String>;
    /// The game's current position.
    fn current(game: &Self::Game) -> Self::Position;
    /// The game's moves in the game's record form.
    fn record(game: &Self::Game) -> Vec<String>;
    /// How the game ended, if it did.
    fn end(game: &Self::Game) -> Option<GameEnd>;
    /// The game's zone builder.
    fn zone_game() -> Self::Zones;
    /// The squares whose contents differ between two positions (for the incremental projection).
    fn changed_squares(
        before: &Self::Position,
        after: &Self::Position,
    ) -> <Self::Zones as ZoneGame>::Set;
    /// The projection as text, with Botvinnik's labels.
    fn zones_text(pos: &Self::Position, built: &Built, horizon: i32) -> String;
    /// What stands on `sq` (`attacker`, `lion`), for reports.
    fn piece_name(pos: &Self::Position, sq: u32) -> String;
    /// The evaluation's terms for the side to move, cp, named (they add up to the evaluation).
    fn eval_terms(pos: &Self::Position) -> Vec<(&'static str, i32)>;
    /// The board with its special squares and pieces, without arrows.
    fn board_picture(pos: &Self::Position) -> Picture;

    /// Whether the position is in a placement phase (Прорыв's drops), for games that have one;
    /// `None` (the default) for the others. The analysis board's `moves` answer shows it.
    fn placement(_pos: &Self::Position) -> Option<bool> {
        None
    }

    /// The fields of `play --json` that say how `game` stands beyond the shared ones (`game`,
    /// `start`, `moves`, `position`, `side`, `status`): by default `winner` (the winner's side,
    /// `null` for a draw, `null` while the game goes on).
    fn play_fields(game: &Self::Game) -> Vec<(&'static str, serde_json::Value)> {
        let winner = Self::end(game).map(|e| e.winner.map(side_word));
        vec![("winner", serde_json::json!(winner))]
    }

    /// The zones as JSON: by default the core games' schema
    /// (`schema/game-zones.schema.json`, [`zones_json`]); a game with its own schema overrides it.
    fn zones_json(pos: &Self::Position, built: &Built, horizon: i32) -> serde_json::Value
    where
        Self: Sized,
    {
        zones_json::<Self>(pos, built, horizon)
    }
}

/// Runs `command` for the game `G`.
pub fn run<G: CliGame>(command: Command) -> Result<(), CliError> {
    match command {
        Command::Moves { pos, json } => moves::<G>(&position::<G>(&pos)?, json),
        Command::Play {
            pos,
            moves,
            book,
            record,
            json,
        } => {
            if book.is_some() {
                return Err(CliError::input(format!(
                    "{}: --book reads chess-t1's book notation; give the moves or --record",
                    G::NAME
                )));
            }
            let (start, file_record) = positions::<G>(&pos)?.remove(0);
            let mut list: Vec<String> = match &record {
                Some(r) => r.split_whitespace().map(str::to_string).collect(),
                None => file_record
                    .as_ref()
                    .and_then(|r| r.operands("moves"))
                    .map(<[String]>::to_vec)
                    .unwrap_or_default(),
            };
            if record.is_some() && !moves.is_empty() {
                return Err(CliError::input(
                    "give the moves either as arguments or with --record, not both",
                ));
            }
            if record.is_none() && !moves.is_empty() {
                list = moves;
            }
            play::<G>(start, &list, json)
        }
        Command::Perft {
            depth,
            pos,
            id,
            index,
            divide,
            parallel,
        } => {
            let p = position::<G>(&PosArg { pos, id, index })?;
            let start = Instant::now();
            let rows = divide.then(|| {
                G::divide(&p, depth)
                    .into_iter()
                    .map(|(m, n)| (m.to_string(), n))
                    .collect()
            });
            if parallel {
                report_perft(
                    depth,
                    start,
                    rows,
                    || perft_parallel::<G>(&p, depth),
                    "all cores",
                )
            } else {
                report_perft(depth, start, rows, || G::perft(&p, depth), "one core")
            }
        }
        Command::Search {
            pos,
            depth,
            bounds,
            full,
            horizon,
            json,
            ..
        } => {
            let mode = Mode::new::<G>(full, horizon, &bounds.limits(depth, 4), false);
            search_cmd::<G>(&position::<G>(&pos)?, &mode, json)
        }
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
            let mode = Mode::new::<G>(full, horizon, &bounds.limits(depth, 4), true);
            let mut all = Vec::new();
            for text in &pos {
                all.extend(positions::<G>(&PosArg {
                    pos: text.clone(),
                    id: id.clone(),
                    index,
                })?);
            }
            analyse::<G>(&all, &mode, top as usize, json)
        }
        Command::Zones {
            pos,
            horizon,
            json,
            dot,
            after,
            ..
        } => {
            let (p, built, log) = zones_after::<G>(position::<G>(&pos)?, horizon, &after)?;
            if json || dot {
                eprint!("{log}");
            } else {
                out!("{log}");
            }
            if json {
                return print_json(&G::zones_json(&p, &built, horizon));
            }
            if dot {
                out!("{}", zones_dot::<G>(&p, &built));
                return Ok(());
            }
            out!("{}", G::zones_text(&p, &built, horizon));
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
                    "{}: --force and --highlight are chess-t1's (force sums, a move arrow)",
                    G::NAME
                )));
            }
            let p = position::<G>(&pos)?;
            let mut picture = G::board_picture(&p);
            if zones || zone.is_some() || side.is_some() {
                let game = G::zone_game();
                let mut shown = zonal_core::zone::build(&game, &p, horizon).zones;
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
                let shape = game.shape(&p);
                picture.arrows =
                    zone_arrows(&shown, |sq| shape.name(sq), |sq| G::piece_name(&p, sq));
            }
            let svg = picture.to_svg();
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
        Command::Match(args) => match_cmd::<G>(&args),
        Command::Datagen(args) => super::learn::datagen::<Zoned<G>>(&args),
        Command::Fit(args) => super::learn::fit::<Zoned<G>>(&args),
        Command::Bench { quick, json } => bench::<G>(quick, json),
        Command::Engine => crate::play::engine::<Zoned<G>>(),
        other => Err(CliError::input(format!(
            "{}: `zonal {}` is not available for this game yet (it has moves, play, perft, zones, render, search, analyse, engine, match, bench, datagen, fit; \
             `zonal games` lists what each game supports)",
            G::NAME,
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

/// Largest position file read (suites are small).
const MAX_FILE_BYTES: u64 = 16 << 20;

/// A position with its position-file record, if it came from a file.
type Loaded<P> = (P, Option<Record<P>>);

/// Leaves counted to `depth` with the root's moves shared out over all cores: the count of
/// [`CliGame::perft`], which counts each root move's subtree.
pub(crate) fn perft_parallel<G: CliGame>(pos: &G::Position, depth: u32) -> u64 {
    use rayon::prelude::*;
    use zonal_core::Rules as _;
    let rules = G::rules(pos);
    if depth < 2 || rules.terminal(pos).is_some() {
        return G::perft(pos, depth);
    }
    let mut moves = Vec::new();
    rules.moves(pos, &mut moves);
    let children: Vec<G::Position> = moves.into_iter().map(|mv| rules.play(pos, mv)).collect();
    children.par_iter().map(|c| G::perft(c, depth - 1)).sum()
}

/// The first position an argument names.
fn position<G: CliGame>(arg: &PosArg) -> Result<G::Position, CliError> {
    Ok(positions::<G>(arg)?.remove(0).0)
}

/// The positions an argument names: a start's name, a position string, or a position file's
/// positions (all, or the one `--id` / `--index` picks), each with its record.
pub(crate) fn positions<G: CliGame>(arg: &PosArg) -> Result<Vec<Loaded<G::Position>>, CliError> {
    let path = std::path::Path::new(&arg.pos);
    let start = G::start(&arg.pos);
    let picks = arg.id.is_some() || arg.index.is_some();
    if picks && (start.is_some() || !path.is_file()) {
        let what = if start.is_some() {
            "a start's name"
        } else {
            "a position string"
        };
        return Err(CliError::input(format!(
            "{}: an id or index chooses a position in a position file, but {:?} is {what}, not a file",
            G::NAME,
            chess_t1::excerpt::excerpt(&arg.pos)
        )));
    }
    if let Some(p) = start {
        return Ok(vec![(p, None)]);
    }
    if path.is_file() {
        let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        if size > MAX_FILE_BYTES {
            return Err(CliError::input(format!(
                "{}: {} position files are read whole, up to {MAX_FILE_BYTES} bytes; this one has {size}",
                path.display(),
                G::NAME
            )));
        }
        let text = std::fs::read_to_string(path).map_err(|e| {
            CliError::input(format!("{}: cannot read the file: {e}", path.display()))
        })?;
        // The game's reader (zonal_core::record::parse_file) skips a byte-order mark.
        let records = G::parse_file(&text, &path.display().to_string()).map_err(CliError::input)?;
        let total = records.len();
        let chosen: Vec<Record<G::Position>> = match (&arg.id, arg.index) {
            (Some(id), _) => records
                .into_iter()
                .filter(|r| r.id() == Some(id.as_str()))
                .collect(),
            (None, Some(i)) => i
                .checked_sub(1)
                .and_then(|i| records.into_iter().nth(i))
                .into_iter()
                .collect(),
            (None, None) => records,
        };
        if chosen.is_empty() {
            return Err(CliError::input(format!(
                "{}: no such position ({total} positions in the file)",
                path.display()
            )));
        }
        return Ok(chosen.into_iter().map(|r| (r.position, Some(r))).collect());
    }
    let starts: Vec<&str> = G::STARTS.iter().map(|s| s.0).collect();
    let p = G::parse_position(&arg.pos).map_err(|e| {
        CliError::input(format!(
            "{e} (in {:?}; a position string, a position file, or one of: {})",
            chess_t1::excerpt::excerpt(&arg.pos),
            starts.join(", ")
        ))
    })?;
    Ok(vec![(p, None)])
}

fn status<G: CliGame>(pos: &G::Position) -> String {
    G::outcome(pos).unwrap_or_else(|| "ongoing".to_string())
}

fn moves<G: CliGame>(pos: &G::Position, json: bool) -> Result<(), CliError> {
    let mut list: Vec<String> = G::legal_moves(pos).iter().map(|m| m.to_string()).collect();
    list.sort();
    if let Some(o) = G::outcome(pos) {
        eprintln!("no moves: the game is over: {o}");
    }
    if json {
        return print_json(&serde_json::json!({
            "game": G::ID,
            "position": pos.to_string(),
            "side": G::side_name(G::side(pos)),
            "status": status::<G>(pos),
            "moves": list,
        }));
    }
    for m in &list {
        outln!("{m}");
    }
    Ok(())
}

fn play<G: CliGame>(start: G::Position, list: &[String], json: bool) -> Result<(), CliError> {
    // A record's closing word (a loss on time) ends the record, not the game by the rules.
    let (list, closing) = match list.split_last() {
        Some((last, rest)) if G::RECORD_ENDS.contains(&last.as_str()) => (rest, Some(last)),
        _ => (list, None),
    };
    let mut game = G::new_game(start);
    for (i, text) in list.iter().enumerate() {
        if let Some(end) = G::end(&game) {
            return Err(CliError::input(format!(
                "{} {} ({}): the game is over: {}",
                G::MOVE_WORD,
                i + 1,
                chess_t1::excerpt::excerpt(text),
                end.text
            )));
        }
        G::play_text(&mut game, text).map_err(|e| {
            CliError::input(format!(
                "{} {} ({}): {e}",
                G::MOVE_WORD,
                i + 1,
                chess_t1::excerpt::excerpt(text)
            ))
        })?;
    }
    let pos = G::current(&game);
    let end = G::end(&game);
    let mut status = end
        .as_ref()
        .map_or_else(|| "ongoing".to_string(), |e| e.text.clone());
    if let Some(word) = closing {
        status.push_str(&format!(" (the record ends: {word})"));
    }
    let record = G::record(&game);
    if json {
        let mut answer = serde_json::json!({
            "game": G::ID,
            "start": start.to_string(),
            "moves": record,
            "position": pos.to_string(),
            "side": G::side_name(G::side(&pos)),
            "status": status,
        });
        for (key, value) in G::play_fields(&game) {
            answer[key] = value;
        }
        return print_json(&answer);
    }
    outln!("{pos}");
    outln!("{}", G::diagram(&pos));
    outln!("status: {status}");
    outln!(
        "moves played: {}{}",
        record.len(),
        if record.is_empty() {
            String::new()
        } else {
            format!(" ({})", record.join(" "))
        }
    );
    Ok(())
}

/// A side's name in JSON (`white`, `black`).
pub(crate) fn side_word(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// How `search` and `analyse` search: the one engine ([`Searching`]) within the core's limits.
/// `analyse` ranks every root move exactly ([`Techniques::exact`]); `search` plays.
struct Mode {
    searching: Searching,
    horizon: i32,
    limits: Limits,
}

impl Mode {
    fn new<G: CliGame>(full: bool, horizon: Option<i32>, limits: &Limits, analyse: bool) -> Mode {
        let horizon = horizon.unwrap_or(G::HORIZON);
        let mut searching = Searching::engine(horizon);
        searching.full = full;
        if analyse {
            searching.techniques = searching.techniques.exact();
        }
        Mode {
            searching,
            horizon,
            limits: *limits,
        }
    }

    /// The search and its name: zone-guided where the game has zones and `--full` is not given.
    fn search<G: CliGame>(&self, pos: &G::Position) -> (SearchResult<G::Move>, &'static str) {
        let r =
            self.searching
                .run::<G>(&G::rules(pos), pos, &[], &self.limits, &Control::default());
        (
            r,
            if self.searching.full {
                "full-width"
            } else {
                "zone-guided"
            },
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

fn search_cmd<G: CliGame>(pos: &G::Position, mode: &Mode, json: bool) -> Result<(), CliError> {
    let start = Instant::now();
    let (r, name) = mode.search::<G>(pos);
    let micros = start.elapsed().as_micros() as u64;
    if json {
        return print_json(&serde_json::json!({
            "game": G::ID,
            "position": pos.to_string(),
            "search": name,
            "best": r.best.map(|m| m.to_string()),
            "score_cp": r.score,
            "line": r.line.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "depth": r.depth,
            "nodes": r.nodes,
            "micros": micros,
        }));
    }
    match r.best {
        Some(best) => {
            outln!(
                "best {best} score {} nodes {} depth {}",
                score_text(r.score),
                r.nodes,
                r.depth
            );
            let line: Vec<String> = r.line.iter().map(ToString::to_string).collect();
            outln!("line {}", line.join(" "));
        }
        None => outln!("no move (status: {})", status::<G>(pos)),
    }
    eprintln!(
        "search ({name}): {:.1} ms, {} nodes/s",
        micros as f64 / 1000.0,
        r.nodes * 1_000_000 / micros.max(1)
    );
    Ok(())
}

fn analyse<G: CliGame>(
    all: &[Loaded<G::Position>],
    mode: &Mode,
    top: usize,
    json: bool,
) -> Result<(), CliError> {
    let (mut with_answer, mut matched, mut nodes) = (0usize, 0usize, 0u64);
    let mut values = Vec::new();
    for (i, (pos, record)) in all.iter().enumerate() {
        let (r, name) = mode.search::<G>(pos);
        nodes += r.nodes;
        let operands = |op: &str| -> Vec<String> {
            record
                .as_ref()
                .and_then(|rec| rec.operands(op))
                .map(<[String]>::to_vec)
                .unwrap_or_default()
        };
        let (bm, am) = (operands("bm"), operands("am"));
        let first = r.best.map(|m| m.to_string());
        let verdict = (!bm.is_empty() || !am.is_empty()).then(|| {
            first
                .as_ref()
                .is_some_and(|f| (bm.is_empty() || bm.contains(f)) && !am.contains(f))
        });
        with_answer += usize::from(verdict.is_some());
        matched += usize::from(verdict == Some(true));
        let id = record.as_ref().and_then(|r| r.id()).map(str::to_string);
        let rules = G::rules(pos);
        let zones = G::zone_game();
        let words = Words {
            piece: G::piece_name,
            terms: G::eval_terms,
        };
        let explainer = Explainer::new(&rules, &zones, pos, mode.horizon, words);
        let recommended: Vec<(String, i32, String)> = r
            .root
            .iter()
            .take(top)
            .map(|r| (r.mv.to_string(), r.score, explainer.explain(r.mv)))
            .collect();
        if json {
            values.push(serde_json::json!({
                "game": G::ID,
                "position": pos.to_string(),
                "id": id,
                "status": status::<G>(pos),
                "search": name,
                "depth": r.depth,
                "nodes": r.nodes,
                "matches": verdict,
                "recommended": recommended
                    .iter()
                    .map(|(m, s, why)| serde_json::json!({"move": m, "score_cp": s, "reason": why}))
                    .collect::<Vec<_>>(),
                "line": r.line.iter().map(ToString::to_string).collect::<Vec<_>>(),
            }));
            continue;
        }
        if i > 0 {
            outln!();
        }
        match &id {
            Some(id) => outln!("Position: {pos} (id {})", chess_t1::excerpt::printable(id)),
            None => outln!("Position: {pos}"),
        }
        outln!("{}", G::diagram(pos));
        outln!("Status: {}", status::<G>(pos));
        if recommended.is_empty() {
            continue;
        }
        outln!(
            "Recommended ({name}, depth {}, {} nodes; score for the side to move):",
            r.depth,
            r.nodes
        );
        for (m, s, why) in &recommended {
            outln!("  {m:<8} {:<10} {why}", score_text(*s));
        }
        let line: Vec<String> = r.line.iter().map(ToString::to_string).collect();
        outln!("Line: {}", line.join(" "));
        if let Some(good) = verdict {
            outln!(
                "Expected: bm {}{}: {}",
                bm.join(" "),
                if am.is_empty() {
                    String::new()
                } else {
                    format!(" am {}", am.join(" "))
                },
                if good { "matches" } else { "differs" }
            );
        }
    }
    if json {
        return match (values.len(), values.pop()) {
            (1, Some(one)) => print_json(&one),
            (_, last) => {
                values.extend(last);
                print_json(&serde_json::json!({
                    "game": G::ID,
                    "analyses": values,
                    "summary": {
                        "positions": all.len(),
                        "with_answer": with_answer,
                        "matched": matched,
                        "nodes": nodes,
                    }
                }))
            }
        };
    }
    if all.len() > 1 {
        outln!(
            "\nSuite: {} positions, {with_answer} with bm/am, first recommendation matches {matched} ({nodes} nodes)",
            all.len()
        );
    }
    Ok(())
}

/// Openings of a match: `start` after `plies` random moves (seeded), as many as `count`.
fn random_openings<G: CliGame>(start: G::Position, count: usize, plies: usize) -> Vec<G::Position> {
    let mut rng = Rng::new(20_261_125);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = start;
        for _ in 0..plies {
            let moves = G::legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let mut game = G::new_game(pos);
            if G::play_text(&mut game, &moves[rng.below(moves.len())].to_string()).is_err() {
                break;
            }
            pos = G::current(&game);
        }
        if G::outcome(&pos).is_none() {
            out.push(pos);
        }
    }
    out
}

/// The positions of an openings file's text.
fn read_openings<G: CliGame>(text: &str, source: &str) -> Result<Vec<G::Position>, CliError> {
    Ok(G::parse_file(text, source)
        .map_err(CliError::input)?
        .into_iter()
        .map(|r| r.position)
        .collect())
}

pub(super) fn match_cmd<G: CliGame>(args: &MatchArgs) -> Result<(), CliError>
where
    G::Zones: Default + 'static,
{
    // No --openings: the game's own openings file (built in), or 16 random 4-ply openings from
    // its first start; a start's name: 16 random 4-ply openings from that start.
    let (shown, openings): (String, Vec<G::Position>) = match (&args.openings, G::OPENINGS) {
        (None, Some((file, text))) => (file.to_string(), read_openings::<G>(text, file)?),
        (None, None) => {
            let first = G::STARTS.first().and_then(|s| G::start(s.0));
            let shown = G::STARTS.first().map_or("", |s| s.0).to_string();
            (
                shown,
                first.map_or_else(Vec::new, |p| random_openings::<G>(p, 16, 4)),
            )
        }
        (Some(path), _) => {
            let shown = path.display().to_string();
            match path.to_str().and_then(G::start) {
                Some(start) => (shown, random_openings::<G>(start, 16, 4)),
                None => {
                    let text = std::fs::read_to_string(path).map_err(|e| {
                        CliError::input(format!("--openings: {shown}: cannot read the file: {e}"))
                    })?;
                    let read = read_openings::<G>(&text, &shown)?;
                    (shown, read)
                }
            }
        }
    };
    if openings.is_empty() {
        return Err(CliError::input(format!(
            "{}: --openings {}: no positions",
            G::NAME,
            shown
        )));
    }
    let openings = openings
        .into_iter()
        .enumerate()
        .map(|(i, position)| zonal_play::matches::Opening {
            id: format!("#{}", i + 1),
            position,
        })
        .collect();
    crate::play::match_cmd::<Zoned<G>>(args, openings)
}

/// `zonal bench --game G`: perft from each start, and the engine's nodes per second and depth
/// reached in a fixed time from each start, full-width and zone-guided (one core).
pub(crate) fn bench<G: CliGame>(quick: bool, json: bool) -> Result<(), CliError> {
    #[derive(Serialize)]
    struct Searched {
        mode: &'static str,
        movetime_ms: u64,
        depth: u32,
        nodes: u64,
        millis: u64,
        nodes_per_second: u64,
    }
    #[derive(Serialize)]
    struct Row {
        start: &'static str,
        depth: u32,
        nodes: u64,
        nodes_per_second: f64,
        search: Vec<Searched>,
    }
    let movetime = if quick { 50 } else { 200 };
    let mut rows = Vec::new();
    for &(name, _) in G::STARTS {
        let Some(pos) = G::start(name) else { continue };
        // The deepest perft that stays within a second or so.
        let mut depth = 1;
        let mut nodes;
        let mut secs;
        loop {
            let t = Instant::now();
            nodes = G::perft(&pos, depth);
            secs = t.elapsed().as_secs_f64();
            if secs > if quick { 0.05 } else { 0.5 } || depth >= 8 {
                break;
            }
            depth += 1;
        }
        let limits = Limits {
            movetime_ms: Some(movetime),
            ..Limits::default()
        };
        let mut search = Vec::new();
        for full in [true, false] {
            let mut searching = Searching::engine(G::HORIZON);
            searching.full = full;
            let t = Instant::now();
            let r = searching.run::<G>(&G::rules(&pos), &pos, &[], &limits, &Control::default());
            let millis = t.elapsed().as_millis() as u64;
            search.push(Searched {
                mode: if full { "full" } else { "zones" },
                movetime_ms: movetime,
                depth: r.depth,
                nodes: r.nodes,
                millis,
                nodes_per_second: r.nodes.saturating_mul(1000) / millis.max(1),
            });
        }
        rows.push(Row {
            start: name,
            depth,
            nodes,
            nodes_per_second: nodes as f64 / secs.max(1e-9),
            search,
        });
    }
    // The engine on the game's suite: the depth each search reaches in the same time.
    let suite: Vec<G::Position> = G::parse_file(G::SUITE.1, G::SUITE.0)
        .map_err(CliError::input)?
        .into_iter()
        .map(|r| r.position)
        .take(if quick { 4 } else { usize::MAX })
        .collect();
    let mut on_suite = Vec::new();
    for full in [true, false] {
        let mut searching = Searching::engine(G::HORIZON);
        searching.full = full;
        let (mut depths, mut nodes, mut millis) = (Vec::new(), 0u64, 0u64);
        for pos in &suite {
            let t = Instant::now();
            let r = searching.run::<G>(
                &G::rules(pos),
                pos,
                &[],
                &Limits {
                    movetime_ms: Some(movetime),
                    ..Limits::default()
                },
                &Control::default(),
            );
            millis += t.elapsed().as_millis() as u64;
            nodes += r.nodes;
            depths.push(r.depth);
        }
        depths.sort_unstable();
        on_suite.push(serde_json::json!({
            "mode": if full { "full" } else { "zones" },
            "positions": suite.len(),
            "movetime_ms": movetime,
            "median_depth": depths.get(depths.len() / 2).copied().unwrap_or(0),
            "min_depth": depths.first().copied().unwrap_or(0),
            "nodes_per_second": nodes.saturating_mul(1000) / millis.max(1),
        }));
    }
    if json {
        return print_json(
            &serde_json::json!({ "game": G::ID, "starts": rows, "suite": on_suite }),
        );
    }
    outln!("{} bench (one core):", G::NAME);
    for r in &rows {
        outln!(
            "  {:<10} perft {} {} nodes, {:.1} M nodes/s",
            r.start,
            r.depth,
            r.nodes,
            r.nodes_per_second / 1e6,
        );
        for s in &r.search {
            outln!(
                "  {:<10} engine {:<5} movetime {} ms: depth {}, {} nodes in {} ms, {} nodes/s",
                "",
                s.mode,
                s.movetime_ms,
                s.depth,
                s.nodes,
                s.millis,
                s.nodes_per_second
            );
        }
    }
    for s in &on_suite {
        outln!(
            "  {:<10} engine {:<5} movetime {} ms on {} positions: median depth {}, least {}, {} nodes/s",
            G::SUITE.0,
            s["mode"].as_str().unwrap_or(""),
            movetime,
            s["positions"],
            s["median_depth"],
            s["min_depth"],
            s["nodes_per_second"]
        );
    }
    Ok(())
}

/// The projection of `start` at `horizon`, then kept up to date along the moves `after` by the
/// incremental projection, with a line a move saying what it reused.
pub(crate) fn zones_after<G: CliGame>(
    start: G::Position,
    horizon: i32,
    after: &[String],
) -> Result<(G::Position, Built, String), CliError> {
    let game = G::zone_game();
    let mut projection = IncrementalProjection::new();
    let mut pos = start;
    let mut built = projection.project(&game, &pos, horizon, <G::Zones as ZoneGame>::Set::EMPTY);
    let mut log = String::new();
    let mut played = G::new_game(start);
    for (i, text) in after.iter().enumerate() {
        G::play_text(&mut played, text).map_err(|e| {
            CliError::input(format!(
                "--after: move {} ({}): {e}",
                i + 1,
                chess_t1::excerpt::excerpt(text)
            ))
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

/// Version of the zones JSON of the games on the core (`schema/game-zones.schema.json`).
const ZONES_SCHEMA_VERSION: u32 = 1;

/// The zones as JSON (`schema/game-zones.schema.json`): every square by name, Botvinnik's labels as
/// strings, each piece named.
pub(crate) fn zones_json<G: CliGame>(
    pos: &G::Position,
    built: &Built,
    horizon: i32,
) -> serde_json::Value {
    let game = G::zone_game();
    let shape = game.shape(pos);
    let (zone_outcomes, complex_outcomes) = outcomes(&game, pos, built, horizon);
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
                "outcome": outcome(&zone_outcomes[z.index]),
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
            "outcome": outcome(&complex_outcomes[c.index]),
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

/// The zones as Graphviz DOT: one cluster a zone, the root solid, negations dashed when they do
/// not stop the root by themselves, answers dotted.
fn zones_dot<G: CliGame>(pos: &G::Position, built: &Built) -> String {
    let game = G::zone_game();
    let shape = game.shape(pos);
    let name = |sq: u32| shape.name(sq);
    let path = |p: &[u32]| p.iter().map(|&s| name(s)).collect::<Vec<_>>().join("-");
    let moves = |p: &[u32]| {
        let n = p.len().saturating_sub(1);
        format!("{n} move{}", chess_t1::report::plural(n))
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

#[cfg(test)]
mod tests {
    use super::CliGame;

    /// Every weight a match player may name is one the game sets; other names are refused.
    fn weights_are_the_games<G: CliGame>() {
        let start = G::STARTS
            .first()
            .and_then(|s| G::start(s.0))
            .expect("a start");
        for key in G::WEIGHTS {
            assert!(
                G::set_weight(&mut G::rules(&start), key, 7),
                "{}: {key}",
                G::ID
            );
        }
        assert!(!G::set_weight(&mut G::rules(&start), "colour", 7));
    }

    #[test]
    fn match_players_set_the_games_own_weights() {
        weights_are_the_games::<crate::cli::proryv_game::Proryv>();
        weights_are_the_games::<crate::cli::hnefatafl::Hnefatafl>();
        weights_are_the_games::<crate::cli::jungle::Jungle>();
        assert_eq!(crate::cli::proryv_game::Proryv::WEIGHTS.len(), 4);
    }
}
