//! The games as the server sees them: one object-safe [`Board`] per game, taking and giving
//! text (position strings, moves) and JSON, so that the HTTP layer never names a game. Each
//! answer is the CLI's JSON (`moves --json`, `play --json`, `zones --json`) with a few fields the
//! page needs besides (`squares`: where each move goes; `positions`: the position after each
//! move).
//!
//! Positions come from clients: they are read as position strings or start names only, never as
//! file names.

use super::ApiError;
use serde::Serialize;
use serde_json::{Value, json};
use std::sync::atomic::AtomicBool;
use zonal_analysis::Searching;
use zonal_analysis::Zoned;
use zonal_analysis::reason::{Explainer, Words};
use zonal_analysis::{GameOf, ZoneDef};
use zonal_board::Shape;
use zonal_board::Side;
use zonal_core::guided::MoveSquares;
use zonal_core::zone::ZoneGame;
use zonal_core::{Control, Progress};
use zonal_play::Score;
use zonal_play::command::Setup;

/// Longest position string or move text read, in bytes.
pub const MAX_TEXT_BYTES: usize = 4096;
/// Most moves a `play` request or an analysis may replay.
pub const MAX_MOVES: usize = 2000;
/// Horizons the zones are drawn at.
pub const HORIZONS: std::ops::RangeInclusive<i32> = 1..=12;
/// The most zones a zones request may name to draw.
pub const MAX_DRAWN: usize = 1000;
/// The most engine lines (multi-PV) an analysis shows.
pub const MAX_LINES: usize = 5;
/// The engine lines an analysis shows when the request does not say.
pub const DEFAULT_LINES: usize = 1;
/// Largest zones answer, in bytes, for its JSON and for its picture each (8 MiB): beyond it a
/// request is refused, naming the horizon to lower (a crowded position at horizon 12 would be
/// some 50 MB of each).
pub const MAX_ZONES_BYTES: usize = 8 << 20;

/// A byte sink that fails once more than `max` bytes are written, so that an answer too large
/// is given up as soon as it is known, not built whole.
struct Capped {
    bytes: Vec<u8>,
    max: usize,
}

impl std::io::Write for Capped {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        if self.bytes.len() + data.len() > self.max {
            return Err(std::io::Error::other("over the bound"));
        }
        self.bytes.extend_from_slice(data);
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The refusal of a zones answer larger than [`MAX_ZONES_BYTES`].
fn zones_too_large(what: &str, horizon: i32) -> ApiError {
    ApiError::too_large(format!(
        "the zones at horizon {horizon} are too many: their {what} would be larger than {MAX_ZONES_BYTES} bytes; lower the horizon (below {horizon})"
    ))
}

/// `value` as JSON text of at most [`MAX_ZONES_BYTES`], its writing stopped at the bound.
fn zones_text(value: &impl Serialize, horizon: i32) -> Result<String, ApiError> {
    let mut out = Capped {
        bytes: Vec::new(),
        max: MAX_ZONES_BYTES,
    };
    if serde_json::to_writer(&mut out, value).is_err() {
        return Err(zones_too_large("JSON", horizon));
    }
    String::from_utf8(out.bytes)
        .map_err(|e| ApiError::internal(format!("cannot write the zones JSON: {e}")))
}

/// `svg` if within [`MAX_ZONES_BYTES`].
fn zones_picture(svg: String, horizon: i32) -> Result<String, ApiError> {
    if svg.len() > MAX_ZONES_BYTES {
        return Err(zones_too_large("picture", horizon));
    }
    Ok(svg)
}

/// Which zones a zones answer draws and how much of each it lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ZoneView {
    /// Draw only these zones, with the open ones if `draw_open` (and the first three when that
    /// leaves none); `None`: every zone.
    pub draw: Option<Vec<usize>>,
    /// With `draw`: the open zones too.
    pub draw_open: bool,
    /// List each zone without its trajectories, contests, footprint and graph (chess-t1's
    /// zones JSON; the other games' is small already): what the page's zone list needs.
    pub brief: bool,
}

impl ZoneView {
    /// The zones drawn of `count` zones, `open` telling the open ones; `None`: all.
    pub fn drawn(&self, count: usize, open: impl Fn(usize) -> bool) -> Option<Vec<usize>> {
        let list = self.draw.as_ref()?;
        let mut set: std::collections::BTreeSet<usize> =
            list.iter().copied().filter(|&i| i < count).collect();
        if self.draw_open {
            set.extend((0..count).filter(|&i| open(i)));
        }
        if set.is_empty() {
            set.extend(0..count.min(3));
        }
        Some(set.into_iter().collect())
    }
}

/// A zones answer: the zones JSON (as text), the picture, and the zones it draws (`None`: all).
pub struct ZonesAnswer {
    /// `zonal zones --json` (brief if asked).
    pub json: String,
    /// The board with the drawn zones' arrows.
    pub svg: String,
    /// The indices of the zones drawn; `None`: every zone.
    pub drawn: Option<Vec<usize>>,
}

/// A start position the page offers.
#[derive(Clone, Debug, Serialize)]
pub struct Start {
    /// Its name (`startpos`, `copenhagen`, `seed11`, `seed9`).
    pub name: &'static str,
    /// What it is.
    pub description: &'static str,
    /// Its position string.
    pub position: String,
}

/// What the page shows of a game.
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    /// The name the API takes (`chess-t1`, `proryv`, `hnefatafl`, `jungle`).
    pub id: &'static str,
    /// The name shown.
    pub name: &'static str,
    /// Its start positions, the default first.
    pub starts: Vec<Start>,
    /// Whether force sums can be drawn (chess-t1).
    pub force: bool,
    /// The zones' horizon when none is asked for.
    pub horizon: i32,
    /// What the exported game text is (`book notation`, `record form`, `coordinate moves`).
    pub game_text: &'static str,
    /// The sides as the game names them, the one that the evaluation bar is drawn for first
    /// (White; Hnefatafl: the defenders).
    pub sides: [&'static str; 2],
    /// The board editor's pieces: each letter of a position string's placement and its name.
    pub pieces: Vec<PieceLetter>,
    /// The letters a position string gives the side to move by, in the order of `sides`.
    pub side_letters: [char; 2],
}

/// A piece as the board editor offers it.
#[derive(Clone, Debug, Serialize)]
pub struct PieceLetter {
    /// Its letter in a position string.
    pub letter: char,
    /// Its name.
    pub name: String,
}

/// Where a legal move goes, for the page's clicks.
#[derive(Serialize)]
pub struct MoveSquaresJson {
    /// The move as the API takes it.
    #[serde(rename = "move")]
    pub mv: String,
    /// The square it leaves (`None` for a drop).
    pub from: Option<String>,
    /// The square it reaches.
    pub to: String,
    /// The piece a promotion chooses (chess-t1).
    pub promotion: Option<String>,
}

/// The answer of `moves`: `zonal moves --json` (the list `moves`: chess-t1's move objects,
/// the other games' move texts) with the squares and the state the page needs.
#[derive(Serialize)]
struct MovesJson<M: Serialize> {
    game: &'static str,
    position: String,
    side: &'static str,
    status: String,
    over: bool,
    /// Whether the placement phase is on, for a game that has one (Прорыв): [`ZoneDef::placement`].
    #[serde(skip_serializing_if = "Option::is_none")]
    placement: Option<bool>,
    moves: Vec<M>,
    squares: Vec<MoveSquaresJson>,
}

impl<M: Serialize> MovesJson<M> {
    fn text(&self) -> Result<String, ApiError> {
        serde_json::to_string(self)
            .map_err(|e| ApiError::internal(format!("cannot write the moves as JSON: {e}")))
    }
}

/// A `play` request: the moves from a start, as a list or as one text.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRequest {
    /// The game.
    pub game: String,
    /// The start: a position string or a start's name.
    pub position: String,
    /// Moves in coordinate form (or the game's record form).
    #[serde(default)]
    pub moves: Vec<String>,
    /// A whole game as text: chess-t1's book notation, Hnefatafl's record form, or coordinate
    /// moves separated by spaces; played after `moves`.
    #[serde(default)]
    pub text: Option<String>,
}

/// A search's answer per finished iteration and at its end (as JSON: `depth`, `score`
/// (centipawns for the side to move), `score_text` (the engine protocol's `cp N` / `mate N`),
/// `best`, `line`, `nodes`, `time_ms`).
pub type ProgressSink<'a> = dyn FnMut(Value) + Send + 'a;

/// A prepared analysis: runs the search (blocking) with its time bound and stop flag, tells the
/// sink of each iteration, and returns the final answer.
pub type AnalysisJob = Box<dyn FnOnce(u64, &AtomicBool, &mut ProgressSink<'_>) -> Value + Send>;

/// One game behind the API.
pub trait Board: Send + Sync {
    /// The game's description.
    fn info(&self) -> GameInfo;
    /// The game's name in the API (`chess-t1`, `proryv`, `hnefatafl`, `jungle`).
    fn id(&self) -> &'static str;
    /// The legal moves (`zonal moves --json`, plus `squares` and `over`), as JSON text: the
    /// busiest request, written straight from typed values.
    fn moves(&self, position: &str, moves: &[String]) -> Result<String, ApiError>;
    /// Plays moves from a start (`zonal play --json`, plus `positions`, `notation`, `export`).
    fn play(&self, request: &PlayRequest) -> Result<Value, ApiError>;
    /// The zones (`zonal zones --json`, as JSON text) and the board with their arrows (`zonal
    /// render --zones`), as `view` asks; refused when either is larger than
    /// [`MAX_ZONES_BYTES`].
    fn zones(
        &self,
        position: &str,
        moves: &[String],
        horizon: i32,
        force: bool,
        view: &ZoneView,
    ) -> Result<ZonesAnswer, ApiError>;
    /// The board without arrows (`zonal render`), with force sums where asked and possible.
    fn render(&self, position: &str, moves: &[String], force: bool) -> Result<String, ApiError>;
    /// Checks a position and moves for analysis and returns the search to run; its reasons
    /// name the zones of the projection at `horizon`; the best `lines` moves are scored
    /// exactly, each with its line (multi-PV).
    fn analysis(
        &self,
        position: &str,
        moves: &[String],
        horizon: i32,
        lines: usize,
    ) -> Result<AnalysisJob, ApiError>;
    /// The game of `moves` from `position` reviewed (`zonal review --format json`, as
    /// `review`, with its graph as `svg`), each position searched [`REVIEW_MS`] ms.
    fn review(&self, position: &str, moves: &[String]) -> Result<Value, ApiError>;
}

/// Checks the moves of a review request: bounded, and at most [`MAX_REVIEW_MOVES`].
fn check_review(moves: &[String]) -> Result<zonal_core::Limits, ApiError> {
    check_moves(moves)?;
    if moves.len() > MAX_REVIEW_MOVES {
        return Err(bad(format!(
            "at most {MAX_REVIEW_MOVES} moves are reviewed here"
        )));
    }
    Ok(zonal_core::Limits::movetime(REVIEW_MS))
}

/// The search of each position of a review on the board, ms.
pub const REVIEW_MS: u64 = 100;
/// The most moves a review on the board takes (at [`REVIEW_MS`] on 2 cores, 15 s).
pub const MAX_REVIEW_MOVES: usize = 300;

fn bad(message: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request(message.to_string())
}

fn illegal(message: impl std::fmt::Display) -> ApiError {
    ApiError::illegal(message.to_string())
}

/// Where the moves `list` of a game on the core's search go.
fn squares<R: MoveSquares>(rules: &R, shape: Shape, list: &[R::Move]) -> Vec<MoveSquaresJson>
where
    R::Move: std::fmt::Display,
{
    list.iter()
        .map(|&m| {
            let (from, to) = rules.move_squares(m);
            MoveSquaresJson {
                mv: m.to_string(),
                from: from.map(|s| shape.name(s)),
                to: shape.name(to),
                promotion: None,
            }
        })
        .collect()
}

/// A client's text, bounded.
fn check_text(what: &str, text: &str) -> Result<(), ApiError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(bad(format!(
            "{what} is longer than {MAX_TEXT_BYTES} bytes ({} bytes)",
            text.len()
        )));
    }
    Ok(())
}

fn check_moves(moves: &[String]) -> Result<(), ApiError> {
    if moves.len() > MAX_MOVES {
        return Err(bad(format!(
            "at most {MAX_MOVES} moves are replayed, {} given",
            moves.len()
        )));
    }
    moves.iter().try_for_each(|m| check_text("a move", m))
}

/// The moves of a request: the list, then the text's words.
fn all_moves(request: &PlayRequest) -> Result<Vec<String>, ApiError> {
    let mut list = request.moves.clone();
    if let Some(text) = &request.text {
        if text.len() > MAX_TEXT_BYTES * 16 {
            return Err(bad("the game text is too long"));
        }
        list.extend(text.split_whitespace().map(str::to_string));
    }
    check_moves(&list)?;
    Ok(list)
}

fn progress_json<M: std::fmt::Display>(p: &Progress<'_, M>) -> Value {
    json!({
        "depth": p.depth,
        "score": p.score,
        "score_text": Score::from_core(p.score).to_string(),
        "best": p.line.first().map(ToString::to_string),
        "line": p.line.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "nodes": p.nodes,
        "time_ms": p.millis,
    })
}

/// The analysis of a game on the core's search (Прорыв, Hnefatafl, Jungle): the engine
/// protocol's `position ... moves ...` ([`zonal_play::session::set_up`]) and its zone-guided
/// search.
fn core_analysis<G: ZoneDef>(
    position: &str,
    moves: &[String],
    horizon: i32,
    lines: usize,
) -> Result<AnalysisJob, ApiError>
where
    G::Zones: Default + 'static,
{
    check_text("the position", position)?;
    check_moves(moves)?;
    let setup = match G::start(position.trim()) {
        Some(_) => Setup::Start(position.trim().to_string()),
        None => Setup::Fen(position.split_whitespace().collect::<Vec<_>>().join(" ")),
    };
    let (game, history) =
        zonal_play::session::set_up::<Zoned<G>>(&setup, moves).map_err(illegal)?;
    if let Some(end) = G::end(&game) {
        return Err(illegal(format!("the game is over: {}", end.text)));
    }
    let pos = G::current(&game);
    Ok(Box::new(move |movetime_ms, stop, sink| {
        let start = std::time::Instant::now();
        let limits = zonal_core::Limits {
            depth: Some(64),
            nodes: None,
            movetime_ms: Some(movetime_ms),
        };
        let sink = std::sync::Mutex::new(sink);
        let report = |p: &Progress<'_, G::Move>| {
            if let Ok(mut s) = sink.lock() {
                s(progress_json(p));
            }
        };
        let control = Control {
            stop: Some(stop),
            progress: Some(&report),
            soft_ms: None,
        };
        let rules = G::rules(&pos);
        let mut searching = Searching::engine(G::HORIZON);
        searching.techniques.multipv = lines;
        let (r, _) = searching.run::<G>(&rules, &pos, &history, &limits, &control);
        let zones = G::Zones::default();
        let words = Words {
            piece: G::piece_name,
            terms: G::eval_terms,
        };
        let explainer = Explainer::new(&rules, &zones, &pos, horizon, words);
        json!({
            "depth": r.depth,
            "score": r.score,
            "score_text": Score::from_core(r.score).to_string(),
            "best": r.best.map(|m| m.to_string()),
            "line": r.line.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "nodes": r.nodes,
            "time_ms": start.elapsed().as_millis() as u64,
            "reason": r.best.map(|m| explainer.explain(m)),
            "top": ranked(&r.root, lines, |t| t.exact.then_some((t.depth, t.score))).into_iter().map(|t| json!({
                "move": t.mv.to_string(),
                "score": t.score,
                "score_text": Score::from_core(t.score).to_string(),
                "depth": t.depth,
                "line": t.line.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "reason": explainer.explain(t.mv),
            })).collect::<Vec<_>>(),
        })
    }))
}

/// The `lines` engine lines an analysis shows, of the root moves `key` gives a (depth, score)
/// for (the exactly scored ones): the engine's best move first, then by depth and score (a
/// stopped iteration leaves some moves scored a ply deeper than others).
fn ranked<T>(root: &[T], lines: usize, key: impl Fn(&T) -> Option<(u32, i32)>) -> Vec<&T> {
    let mut exact: Vec<&T> = root.iter().filter(|t| key(t).is_some()).collect();
    if let Some((_, rest)) = exact.split_first_mut() {
        rest.sort_by_key(|t| std::cmp::Reverse(key(t)));
    }
    exact.truncate(lines);
    exact
}

// ---------------------------------------------------------------- chess-t1

/// chess-t1 (the `zonal` library crate).
pub struct ChessBoard;

impl ChessBoard {
    fn position(text: &str) -> Result<chess_t1::position::Position, ApiError> {
        check_text("the position", text)?;
        let text = text.trim();
        if text == "startpos" {
            return Ok(chess_t1::position::Position::startpos());
        }
        let pos: chess_t1::position::Position = text
            .parse()
            .map_err(|e| bad(format!("chess-t1: bad position string: {e}")))?;
        // An empty board is a setup the trajectory commands read (`zonal distance`), but no
        // game: on the board it would be "lost by blockade" before a piece is placed.
        if pos.board().iter().next().is_none() {
            return Err(bad(
                "chess-t1: the board is empty: place some pieces (Edit board) or load a position",
            ));
        }
        Ok(pos)
    }

    /// The game of `moves` (coordinate form) played from `start`, calling `each` with the
    /// position before each move, the move and the game after it; refused at the first move
    /// that is not legal or comes after the game's end.
    fn game_after(
        start: chess_t1::position::Position,
        moves: &[String],
        mut each: impl FnMut(
            &chess_t1::position::Position,
            &chess_t1::moves::Move,
            &chess_t1::game::Game,
        ),
    ) -> Result<chess_t1::game::Game, ApiError> {
        check_moves(moves)?;
        let mut game = chess_t1::game::Game::new(start);
        for (i, text) in moves.iter().enumerate() {
            if chess_t1::game::status(&game).is_over() {
                return Err(illegal(format!(
                    "move {} ({}): the game is over: {}",
                    i + 1,
                    chess_t1::excerpt::excerpt(text),
                    chess_t1::game::status(&game).words()
                )));
            }
            let mv = game.position().parse_uci(text).map_err(|e| {
                illegal(format!(
                    "move {} ({}): {e}",
                    i + 1,
                    chess_t1::excerpt::excerpt(text)
                ))
            })?;
            let before = *game.position();
            game.play_move(mv);
            each(&before, &mv, &game);
        }
        Ok(game)
    }
}

impl Board for ChessBoard {
    fn info(&self) -> GameInfo {
        GameInfo {
            id: "chess-t1",
            name: "chess-t1",
            starts: vec![Start {
                name: "startpos",
                description: "the start",
                position: chess_t1::position::Position::startpos().to_string(),
            }],
            force: true,
            horizon: 4,
            game_text: "book notation",
            sides: ["white", "black"],
            pieces: [(Side::White, "white"), (Side::Black, "black")]
                .into_iter()
                .flat_map(|(color, side)| {
                    chess_t1::piece::PieceKind::ALL.map(|kind| PieceLetter {
                        letter: chess_t1::piece::Piece::new(color, kind).char(),
                        name: format!("{side} {}", kind.name()),
                    })
                })
                .collect(),
            side_letters: ['w', 'b'],
        }
    }

    fn id(&self) -> &'static str {
        "chess-t1"
    }

    fn moves(&self, position: &str, moves: &[String]) -> Result<String, ApiError> {
        let game = Self::game_after(Self::position(position)?, moves, |_, _, _| {})?;
        let pos = *game.position();
        let status = chess_t1::game::status(&game);
        let list = if status.is_over() {
            Vec::new()
        } else {
            zonal_games::chess_t1::moves::sorted_moves(&pos)
        };
        MovesJson {
            game: "chess-t1",
            position: pos.to_string(),
            side: pos.side_to_move().name(),
            status: status.words(),
            over: status.is_over(),
            placement: None,
            moves: list
                .iter()
                .map(|m| zonal_games::chess_t1::moves::MoveJson::new(&pos, m))
                .collect(),
            squares: list
                .iter()
                .map(|m| MoveSquaresJson {
                    mv: m.uci(),
                    from: Some(m.from.to_string()),
                    to: m.to.to_string(),
                    promotion: m.promotion.map(|k| k.letter().to_string()),
                })
                .collect(),
        }
        .text()
    }

    fn play(&self, request: &PlayRequest) -> Result<Value, ApiError> {
        let start = Self::position(&request.position)?;
        let mut positions = Vec::new();
        let mut notation = Vec::new();
        let mut played = Vec::new();
        // Each move as the answer lists it: book notation, coordinates, the position after.
        let mut record = |before: &chess_t1::position::Position,
                          mv: &chess_t1::moves::Move,
                          game: &chess_t1::game::Game| {
            notation.push(chess_t1::book::write_move(before, mv));
            played.push(mv.uci());
            positions.push(game.position().to_string());
        };
        let mut game = Self::game_after(start, &request.moves, &mut record)?;
        if let Some(text) = &request.text {
            if text.len() > MAX_TEXT_BYTES * 16 {
                return Err(bad("the game text is too long"));
            }
            let from = *game.position();
            let list = chess_t1::book::parse_game(&from, text).map_err(illegal)?;
            if list.len() + request.moves.len() > MAX_MOVES {
                return Err(bad(format!("at most {MAX_MOVES} moves are replayed")));
            }
            for mv in &list {
                let before = *game.position();
                game.play(&mv.uci()).map_err(illegal)?;
                record(&before, mv, &game);
            }
        }
        let pos = game.position();
        let status = chess_t1::game::status(&game);
        Ok(json!({
            "game": "chess-t1",
            "start": start.to_string(),
            "position": pos.to_string(),
            "side": pos.side_to_move().name(),
            "status": status.name(),
            "reason": status.reason().map(|r| r.name()),
            "over": status.is_over(),
            "in_check": {
                "white": pos.in_check(chess_t1::square::Color::White),
                "black": pos.in_check(chess_t1::square::Color::Black),
            },
            "moves_played": game.moves().len(),
            "moves": played,
            "notation": notation,
            "positions": positions,
            "export": chess_t1::book::write_game(game.start(), game.moves()),
        }))
    }

    fn zones(
        &self,
        position: &str,
        moves: &[String],
        horizon: i32,
        force: bool,
        view: &ZoneView,
    ) -> Result<ZonesAnswer, ApiError> {
        use chess_t1::zone::{Projection, ZoneConfig};
        let pos = *Self::game_after(Self::position(position)?, moves, |_, _, _| {})?.position();
        let config = ZoneConfig {
            horizon,
            ..ZoneConfig::default()
        };
        let mp = Projection::build(&chess_t1::rules::ChessT1, &pos, &config);
        let mut report = zonal_games::chess_t1::report::zones::ZonesJson::new(&mp, &pos);
        let drawn = view.drawn(report.zones.len(), |i| report.zones[i].open);
        if view.brief {
            for z in &mut report.zones {
                z.trajectories = Vec::new();
                z.contests = Vec::new();
                z.footprint = Vec::new();
                z.graph.nodes = Vec::new();
                z.graph.edges = Vec::new();
            }
        }
        let text = zones_text(&report, horizon)?;
        drop(report);
        let opts = zonal_games::chess_t1::report::svg::SvgOptions {
            force,
            zones: Some(zonal_games::chess_t1::report::svg::ZoneFilter {
                zone: None,
                side: None,
            }),
            highlight: None,
            title: None,
            only_zones: drawn.clone(),
        };
        let svg = zones_picture(
            zonal_games::chess_t1::report::svg::render(&pos, Some(&mp), &opts),
            horizon,
        )?;
        Ok(ZonesAnswer {
            json: text,
            svg,
            drawn,
        })
    }

    fn render(&self, position: &str, moves: &[String], force: bool) -> Result<String, ApiError> {
        let pos = *Self::game_after(Self::position(position)?, moves, |_, _, _| {})?.position();
        let opts = zonal_games::chess_t1::report::svg::SvgOptions {
            force,
            ..Default::default()
        };
        Ok(zonal_games::chess_t1::report::svg::render(
            &pos, None, &opts,
        ))
    }

    fn analysis(
        &self,
        position: &str,
        moves: &[String],
        horizon: i32,
        lines: usize,
    ) -> Result<AnalysisJob, ApiError> {
        check_text("the position", position)?;
        check_moves(moves)?;
        // The position string whole (its moves are the request's, not words of the string).
        let setup = if position.trim() == "startpos" {
            zonal_play::command::Setup::Start("startpos".to_string())
        } else {
            zonal_play::command::Setup::Fen(position.trim().to_string())
        };
        let (game, keys) =
            zonal_play::session::set_up::<zonal_games::chess_t1::ChessT1Game>(&setup, moves)
                .map_err(illegal)?;
        if chess_t1::game::status(&game).is_over() {
            return Err(illegal(format!(
                "the game is over: {}",
                chess_t1::game::status(&game).words()
            )));
        }
        let pos = *game.position();
        Ok(Box::new(move |movetime_ms, stop, sink| {
            let limits = zonal_core::Limits::movetime(movetime_ms);
            let mut config = zonal_games::chess_t1::player::ChessConfig::default();
            config.config.multipv = lines;
            let mut player = zonal_games::chess_t1::player::Player::new(config);
            let r = player.search(&pos, &keys, &limits, None, stop, &mut |info| {
                sink(json!({
                    "depth": info.depth,
                    "score": info.score_cp,
                    "score_text": chess_t1::search::protocol_score(info.score_cp),
                    "best": info.pv.first().map(|m| m.uci()),
                    "line": info.pv.iter().map(|m| m.uci()).collect::<Vec<_>>(),
                    "nodes": info.nodes,
                    "time_ms": info.time_ms,
                }));
            });
            let defaults = chess_t1::analysis::AnalysisConfig::default();
            let reasons = chess_t1::analysis::Reasons::of(&pos, horizon, defaults.material);
            let reason = r.best.map(|m| reasons.explain(&m, &[], r.score_cp, true));
            json!({
                "depth": r.depth,
                "score": r.score_cp,
                "score_text": chess_t1::search::protocol_score(r.score_cp),
                "best": r.best.map(|m| m.uci()),
                "reason": reason,
                "line": r.line.iter().map(|m| m.uci()).collect::<Vec<_>>(),
                "book": r.best.map(|m| chess_t1::book::write_move(&pos, &m)),
                "nodes": r.nodes,
                "time_ms": r.time_ms,
                "top": ranked(&r.root, lines, |t| (t.exact && t.depth > 0).then_some((t.depth, t.score_cp))).into_iter().map(|t| json!({
                    "move": t.mv.uci(),
                    "score": t.score_cp,
                    "score_text": chess_t1::search::protocol_score(t.score_cp),
                    "depth": t.depth,
                    "line": t.line.iter().map(|m| m.uci()).collect::<Vec<_>>(),
                    "reason": reasons.explain(&t.mv, &[], t.score_cp, true),
                })).collect::<Vec<_>>(),
            })
        }))
    }

    fn review(&self, position: &str, moves: &[String]) -> Result<Value, ApiError> {
        let limits = check_review(moves)?;
        let start = Self::position(position)?;
        let horizon = chess_t1::analysis::AnalysisConfig::default().horizon;
        let review = zonal_games::chess_t1::review::review(start, moves, &limits, horizon, &|| {})
            .map_err(illegal)?;
        Ok(json!({ "svg": review.graph_svg(), "review": review }))
    }
}

// ---------------------------------------------------------------- Прорыв, Hnefatafl, Jungle

/// A game of the generic commands ([`ZoneDef`]): Прорыв, Hnefatafl, Jungle.
pub struct CoreBoard<G>(std::marker::PhantomData<fn() -> G>);

impl<G: ZoneDef> Default for CoreBoard<G> {
    fn default() -> Self {
        CoreBoard(std::marker::PhantomData)
    }
}

impl<G: ZoneDef> CoreBoard<G> {
    fn position(text: &str) -> Result<G::Position, ApiError> {
        check_text("the position", text)?;
        let text = text.trim();
        if let Some(p) = G::start(text) {
            return Ok(p);
        }
        G::parse_position(text).map_err(|e| {
            // Some games' messages name the game already (Прорыв's).
            if e.starts_with(&format!("{}: ", G::NAME)) {
                bad(e)
            } else {
                bad(format!("{}: {e}", G::NAME))
            }
        })
    }

    /// The game of `moves` played from `start`, calling `each` with the position before and
    /// after each move and its text; refused at the first move that is not legal or comes
    /// after the game's end.
    fn game_after(
        start: G::Position,
        moves: &[String],
        each: impl FnMut(&G::Position, &G::Position, &str),
    ) -> Result<GameOf<G>, ApiError> {
        zonal_analysis::replay::<G>(start, moves, each).map_err(illegal)
    }

    /// The position `moves` reach from `position`, and the game's end there in words: the
    /// position's own, or one that needs the moves (a repetition, a draw counter).
    fn reach(position: &str, moves: &[String]) -> Result<(G::Position, Option<String>), ApiError> {
        let start = Self::position(position)?;
        if moves.is_empty() {
            return Ok((start, G::outcome(&start)));
        }
        check_moves(moves)?;
        let game = Self::game_after(start, moves, |_, _, _| {})?;
        let pos = G::current(&game);
        Ok((
            pos,
            G::end(&game).map(|e| e.text).or_else(|| G::outcome(&pos)),
        ))
    }
}

impl<G> Board for CoreBoard<G>
where
    G: ZoneDef,
    G::Zones: Default,
{
    fn info(&self) -> GameInfo {
        let several = G::STARTS.len() > 1;
        GameInfo {
            id: G::ID,
            name: G::NAME,
            starts: G::STARTS
                .iter()
                .filter(|(name, _)| !(several && *name == "startpos"))
                .filter_map(|&(name, description)| {
                    G::start(name).map(|p| Start {
                        name,
                        description,
                        position: p.to_string(),
                    })
                })
                .collect(),
            force: false,
            horizon: G::HORIZON,
            game_text: G::GAME_TEXT,
            sides: [G::side_name(Side::White), G::side_name(Side::Black)],
            pieces: G::PIECES
                .iter()
                .map(|&(letter, name)| PieceLetter {
                    letter,
                    name: name.to_string(),
                })
                .collect(),
            side_letters: G::SIDE_LETTERS,
        }
    }

    fn id(&self) -> &'static str {
        G::ID
    }

    fn moves(&self, position: &str, moves: &[String]) -> Result<String, ApiError> {
        let (pos, outcome) = Self::reach(position, moves)?;
        let mut list = if outcome.is_some() {
            Vec::new()
        } else {
            G::legal_moves(&pos)
        };
        list.sort_by_cached_key(ToString::to_string);
        let rules = G::rules(&pos);
        MovesJson {
            game: G::ID,
            position: pos.to_string(),
            side: G::side_name(G::side(&pos)),
            over: outcome.is_some(),
            status: outcome.unwrap_or_else(|| "ongoing".to_string()),
            placement: G::placement(&pos),
            moves: list.iter().map(ToString::to_string).collect(),
            squares: squares(&rules, G::zone_game().shape(&pos), &list),
        }
        .text()
    }

    fn play(&self, request: &PlayRequest) -> Result<Value, ApiError> {
        let start = Self::position(&request.position)?;
        let list = all_moves(request)?;
        let mut positions = Vec::new();
        let mut played = Vec::new();
        let game = Self::game_after(start, &list, |before, after, text| {
            played.push(
                zonal_analysis::move_between::<G>(before, after)
                    .map_or_else(|| text.to_string(), |m| m.to_string()),
            );
            positions.push(after.to_string());
        })?;
        let pos = G::current(&game);
        let end = G::end(&game);
        let record = G::record(&game);
        let mut answer = json!({
            "game": G::ID,
            "start": start.to_string(),
            "moves": played,
            "notation": record,
            "positions": positions,
            "position": pos.to_string(),
            "side": G::side_name(G::side(&pos)),
            "status": end.as_ref().map_or_else(|| "ongoing".to_string(), |e| e.text.clone()),
            "over": end.is_some(),
            "export": record.join(" "),
        });
        for (key, value) in G::play_fields(&game) {
            answer[key] = value;
        }
        Ok(answer)
    }

    fn zones(
        &self,
        position: &str,
        moves: &[String],
        horizon: i32,
        _force: bool,
        view: &ZoneView,
    ) -> Result<ZonesAnswer, ApiError> {
        let (pos, _) = Self::reach(position, moves)?;
        let (p, built, _) =
            zonal_analysis::report::zones_after::<G>(pos, horizon, &[]).map_err(bad)?;
        let text = zones_text(
            &zonal_analysis::report::zones_json::<G>(&p, &built, horizon),
            horizon,
        )?;
        let mut picture = G::board_picture(&p);
        let shape = G::zone_game().shape(&p);
        let drawn = view.drawn(built.zones.len(), |i| built.zones[i].is_open());
        picture.arrows = zonal_core::picture::zone_arrows(
            &built.zones,
            |sq| shape.name(sq),
            |sq| G::piece_name(&p, sq),
        );
        if let Some(d) = &drawn {
            picture
                .arrows
                .retain(|a| a.zone.is_none_or(|z| d.contains(&z)));
        }
        Ok(ZonesAnswer {
            json: text,
            svg: zones_picture(picture.to_svg(), horizon)?,
            drawn,
        })
    }

    fn render(&self, position: &str, moves: &[String], _force: bool) -> Result<String, ApiError> {
        let (pos, _) = Self::reach(position, moves)?;
        Ok(G::board_picture(&pos).to_svg())
    }

    fn analysis(
        &self,
        position: &str,
        moves: &[String],
        horizon: i32,
        lines: usize,
    ) -> Result<AnalysisJob, ApiError> {
        core_analysis::<G>(position, moves, horizon, lines)
    }

    fn review(&self, position: &str, moves: &[String]) -> Result<Value, ApiError> {
        let limits = check_review(moves)?;
        let start = Self::position(position)?;
        let review = zonal_analysis::review::review::<G>(start, moves, &limits, G::HORIZON, &|| {})
            .map_err(illegal)?;
        Ok(json!({ "svg": review.graph_svg(), "review": review }))
    }
}
