//! chess-t1 for [`zonal_play`]: its rules, records (position-file lines with the book
//! notation) and its player ([`Player`], whose engine keeps its table for a game) behind the
//! library's traits.

pub mod analyse;
pub mod bench;
pub mod moves;
pub mod player;
pub mod report;
pub mod review;

use self::player::{ChessConfig, Player, PlayerError};
use chess_t1::eval::Evaluation;
use chess_t1::posfile::{self, Operation, Record};
use chess_t1::search::{CP_PROVEN, CP_WIN, DEFAULT_CONTEMPT, Mode, ZoneStyle};
use chess_t1::{Color, Game, Move, Position, Status};
use std::sync::atomic::AtomicBool;
use zonal_analysis::positions::Loaded;
use zonal_analysis::{GameDef, PathQuery};
use zonal_board::Side;
use zonal_core::SearchResult;
use zonal_core::excerpt::excerpt;
use zonal_core::search::{check_hash_mb, max_hash_mb};
use zonal_play::matches::GameRecord;
use zonal_play::{Budget, GameEnd, Info, PlayGame, Score, Searcher, Settings};

/// chess-t1, the game of `zonal` without `--game`.
pub struct ChessT1Game;

/// Material lead, in half-units, that counts as a winning advantage (4 units).
pub const ADVANTAGE_HALF_UNITS: i32 = 8;

/// How chess-t1 plays and analyses by default, with the measurements that chose it (`zonal
/// games` shows it, as [`zonal_analysis::ZoneDef::DEFAULTS`] for the other games).
pub const DEFAULTS: &str = "play zone-guided, the zones ordering the root (+19.1 Elo, -13.8 .. \
    +52.4, against full-width over 400 games at 100 ms); analyse zone-guided, the zones steering \
    the root (positions/tactics.t1: 29 of 32 bm, as full-width, with 1.15x fewer nodes)";

/// The search a command's `--full` asks for: full-width, else zone-guided.
pub fn search_mode(full: bool) -> Mode {
    if full { Mode::Full } else { Mode::Zones }
}

/// The square `text` names, for the option `option` (errors name it).
fn square_arg(text: &str, option: &str) -> Result<chess_t1::Square, String> {
    text.parse().map_err(|e| format!("{option}: {e}"))
}

fn color(side: Side) -> Color {
    match side {
        Side::White => Color::White,
        Side::Black => Color::Black,
    }
}

fn side(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// A chess-t1 player's settings: the keys given (the player spec's text reads them).
#[derive(Clone, Debug, Default)]
pub struct ChessSettings {
    entries: Vec<String>,
    /// The player's configuration (its `depth` is the limits').
    pub spec: ChessConfig,
}

impl Settings for ChessSettings {
    fn set(&mut self, key: &str, value: &str) -> Result<bool, String> {
        let mut entries = self.entries.clone();
        entries.push(format!("{key}={value}"));
        match entries.join(",").parse::<ChessConfig>() {
            Ok(spec) => {
                self.entries = entries;
                self.spec = spec;
                Ok(true)
            }
            Err(PlayerError::UnknownKey(_)) => Ok(false),
            Err(PlayerError::BadValue { expected, .. }) => {
                Err(format!("{key}={:?}: expected {expected}", excerpt(value)))
            }
            Err(e) => Err(e.to_string()),
        }
    }

    fn keys(&self) -> String {
        "engine=new|baseline, mode=zones|full, eval=full|material, hash, horizon, style, zone_plies, extend, reduce_named, contempt, qs_prune, weights".into()
    }

    fn describe(&self, limits: &zonal_core::Limits) -> String {
        let mut spec = self.spec.clone();
        spec.depth = limits.depth;
        spec.to_string()
    }

    fn options(&self) -> Vec<String> {
        vec![
            "option name Mode type combo default zones var zones var full".into(),
            format!(
                "option name Hash type spin default 16 min 0 max {}",
                max_hash_mb()
            ),
            "option name Horizon type spin default 2 min 1 max 12".into(),
            "option name Eval type combo default full var full var material".into(),
            "option name Style type combo default order var order var steer var cut".into(),
            format!("option name Contempt type spin default {DEFAULT_CONTEMPT} min -1000 max 1000"),
        ]
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let bad = |expected: &str| {
            format!(
                "setoption {name}: value {:?} is not {expected}",
                excerpt(value)
            )
        };
        let mut spec = self.spec.clone();
        let c = &mut spec.config;
        let lower = value.to_ascii_lowercase();
        match name.to_ascii_lowercase().as_str() {
            "mode" => Mode::parse(&lower)
                .map(|m| c.mode = m)
                .ok_or_else(|| bad("zones or full")),
            "eval" => Evaluation::parse(&lower)
                .map(|e| c.evaluation = e)
                .ok_or_else(|| bad("full or material")),
            "style" => ZoneStyle::parse(&lower)
                .map(|s| c.zone_style = s)
                .ok_or_else(|| bad("order, steer or cut")),
            "horizon" => value
                .parse::<i32>()
                .ok()
                .filter(|h| (1..=12).contains(h))
                .map(|h| c.horizon = h)
                .ok_or_else(|| bad("a number 1-12")),
            "contempt" => value
                .parse::<i32>()
                .ok()
                .filter(|v| v.abs() <= 1_000)
                .map(|v| c.contempt = v)
                .ok_or_else(|| bad("a number of cp -1000 to 1000")),
            "hash" => match value.parse::<usize>().ok() {
                None => Err(bad(&format!("a number of MiB 0-{}", max_hash_mb()))),
                Some(mb) => match check_hash_mb(mb) {
                    Err(e) => Err(format!("setoption Hash: {e}")),
                    Ok(()) => match available_mb() {
                        Some(free) if mb > free => Err(format!(
                            "setoption Hash: {mb} MiB is more than the memory available ({free} MiB)"
                        )),
                        _ => {
                            c.hash_mb = mb;
                            Ok(())
                        }
                    },
                },
            },
            _ => Err(format!(
                "setoption: unknown option {:?} (options: Mode, Hash, Horizon, Eval, Style, Contempt)",
                excerpt(name)
            )),
        }?;
        self.spec = spec;
        Ok(())
    }

    fn share_hash(&mut self, jobs: usize) {
        let mb = &mut self.spec.config.hash_mb;
        if *mb > 0 {
            *mb = (*mb / jobs.max(1)).max(1);
        }
    }
}

/// MiB of memory available, where the system says (Linux: `MemAvailable`).
fn available_mb() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// A chess-t1 score in protocol form (mates in whole moves).
fn score(cp: i32) -> Score {
    if cp >= CP_PROVEN {
        Score::Win(((CP_WIN - cp + 1) / 2) as u32)
    } else if cp <= -CP_PROVEN {
        Score::Loss(((CP_WIN + cp) / 2) as u32)
    } else {
        Score::Cp(cp)
    }
}

impl Searcher<ChessT1Game> for Player {
    fn new_game(&mut self) {
        Player::new_game(self);
    }

    fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        budget: &Budget,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&Info<Move>),
    ) -> SearchResult<Move> {
        // A clock becomes the core's hard and soft limits; without one, no limit at all is the
        // engine's deepest iteration (the baseline's default depth).
        let (limits, soft_ms) = match budget.clock {
            Some(_) => budget.core(),
            None => (budget.limits, None),
        };
        let r = Player::search(self, pos, history, &limits, soft_ms, stop, &mut |i| {
            info(&Info {
                depth: i.depth,
                seldepth: Some(i.seldepth),
                score: score(i.score_cp),
                nodes: i.nodes,
                millis: i.time_ms,
                hashfull: Some(i.hashfull),
                pv: i.pv.clone(),
            })
        });
        SearchResult {
            best: r.best,
            score: r.score_cp,
            line: r.line,
            depth: r.depth,
            nodes: r.nodes,
            root: Vec::new(),
            seldepth: r.seldepth,
        }
    }
}

impl PlayGame for ChessT1Game {
    const ID: &'static str = "chess-t1";
    const NAME: &'static str = "chess-t1";
    const CONVERSION: bool = true;
    type Position = Position;
    type Move = Move;
    type Game = Game;
    type Settings = ChessSettings;
    type Searcher = Player;

    fn engine_name() -> String {
        concat!("zonal ", env!("CARGO_PKG_VERSION")).to_string()
    }
    fn starts() -> Vec<&'static str> {
        vec!["startpos"]
    }
    fn start(name: &str) -> Option<Position> {
        (name == "startpos").then(Position::startpos)
    }
    fn parse_position(text: &str) -> Result<Position, String> {
        let fields = text.split_whitespace().count();
        if !(3..=5).contains(&fields) {
            return Err(format!(
                "a position string has 3 to 5 fields (placement side rights [quiet [move]]), found {fields}"
            ));
        }
        text.parse::<Position>().map_err(|e| e.to_string())
    }
    fn new_game(start: Position) -> Game {
        Game::new(start)
    }
    fn play_text(game: &mut Game, text: &str) -> Result<(), String> {
        game.play(text).map(|_| ()).map_err(|e| e.to_string())
    }
    /// Coordinates, and the books' notation.
    fn move_texts(pos: &Position, mv: &Move) -> Vec<String> {
        vec![mv.uci(), chess_t1::book::write_move(pos, mv)]
    }
    fn current(game: &Game) -> Position {
        *game.position()
    }
    fn side(pos: &Position) -> Side {
        side(pos.side_to_move())
    }
    fn end(game: &Game) -> Option<GameEnd> {
        match ::chess_t1::game::status(game) {
            Status::Ongoing => None,
            status @ Status::Won { winner, reason } => Some(GameEnd {
                winner: Some(side(winner)),
                reason: reason.name().to_string(),
                text: status.words(),
            }),
            status @ Status::Drawn { reason } => Some(GameEnd {
                winner: None,
                reason: reason.name().to_string(),
                text: status.words(),
            }),
        }
    }
    fn key(pos: &Position) -> u64 {
        pos.repetition_key()
    }
    fn ahead(pos: &Position) -> Option<Side> {
        let balance = chess_t1::exchange::Material::default().balance(pos, Color::White);
        if balance >= ADVANTAGE_HALF_UNITS {
            Some(Side::White)
        } else if -balance >= ADVANTAGE_HALF_UNITS {
            Some(Side::Black)
        } else {
            None
        }
    }
    fn settings() -> ChessSettings {
        ChessSettings::default()
    }
    fn searcher(settings: &ChessSettings) -> Player {
        Player::new(settings.spec.clone())
    }
    fn record_line(r: &GameRecord<Self>) -> String {
        let op = |opcode: &str, operands: Vec<String>| Operation {
            opcode: opcode.to_string(),
            operands,
        };
        let moves = r.game.moves();
        let mut ops = vec![
            op("id", vec![format!("game-{}", r.number)]),
            op("moves", moves.iter().map(Move::uci).collect()),
            op("book", vec![chess_t1::book::write_game(&r.start, moves)]),
            op("result", vec![r.result_text().to_string()]),
            op("reason", vec![r.reason.clone()]),
            op("white", vec![r.white.clone()]),
            op("black", vec![r.black.clone()]),
            op("opening", vec![r.opening.clone()]),
        ];
        if let Some(e) = &r.error {
            ops.push(op("c0", vec![e.clone()]));
        }
        posfile::write_record(&Record {
            line: 0,
            position: r.start,
            ops,
        })
    }
}

/// chess-t1 as every command sees it: its names, notation, position files (chess-t1's reader:
/// lazy, `bm`/`am` read in the books' notation too), moves, records and ends.
impl GameDef for ChessT1Game {
    const ID: &'static str = "chess-t1";
    const NAME: &'static str = "chess-t1";
    const STARTS: &'static [(&'static str, &'static str)] = &[("startpos", "the start")];
    const ANALYSIS_DEPTH: u32 = chess_t1::analysis::DEFAULT_DEPTH;
    const OPENINGS: Option<(&'static str, &'static str)> = Some((
        "positions/openings.t1",
        include_str!("../../../../positions/openings.t1"),
    ));
    type Position = Position;
    type Move = Move;
    type MoveJson = moves::MoveJson;
    type Player = ChessT1Game;
    type Record = chess_t1::rules::ChessT1;

    fn start(name: &str) -> Option<Position> {
        <Self as PlayGame>::start(name)
    }
    fn parse_position(text: &str) -> Result<Position, String> {
        <Self as PlayGame>::parse_position(text)
    }
    fn parse_file(text: &str, source: &str) -> Result<Vec<Record>, String> {
        posfile::parse_str(text, source).map_err(|e| e.to_string())
    }
    /// A file's records read whole ([`posfile::read_file`]) when neither `id` nor `index` is
    /// given, else the one they choose ([`GameDef::select_first`]).
    fn select(
        pos: &str,
        id: Option<&str>,
        index: Option<usize>,
    ) -> Result<Vec<Loaded<Position>>, String> {
        let path = std::path::Path::new(pos);
        if id.is_none() && index.is_none() && pos != "startpos" && path.is_file() {
            let records = posfile::read_file(path).map_err(|e| e.to_string())?;
            return Ok(records.into_iter().map(|r| (r.position, Some(r))).collect());
        }
        Self::select_first(pos, id, index).map(|one| vec![one])
    }
    /// The one position chosen ([`posfile::resolve_record`]), reading a file no further than
    /// that record.
    fn select_first(
        pos: &str,
        id: Option<&str>,
        index: Option<usize>,
    ) -> Result<Loaded<Position>, String> {
        posfile::resolve_record(pos, id, index).map_err(|e| e.to_string())
    }
    fn legal_moves(pos: &Position) -> Vec<Move> {
        pos.legal_moves()
    }
    fn side(pos: &Position) -> Side {
        side(pos.side_to_move())
    }
    fn side_name(side: Side) -> &'static str {
        zonal_analysis::side_word(side)
    }
    fn outcome(pos: &Position) -> Option<String> {
        Some(pos.status())
            .filter(|s| s.is_over())
            .map(|s| s.to_string())
    }
    fn diagram(pos: &Position) -> String {
        report::diagram(pos.board()).trim_end().to_string()
    }
    fn perft(pos: &Position, depth: u32) -> u64 {
        chess_t1::perft::perft(pos, depth)
    }
    fn perft_parallel(pos: &Position, depth: u32) -> u64 {
        chess_t1::perft::perft_parallel(pos, depth)
    }
    fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
        chess_t1::perft::divide(pos, depth)
    }
    fn end(game: &Game) -> Option<GameEnd> {
        <Self as PlayGame>::end(game)
    }
    /// Each move in the books' notation.
    fn record(game: &Game) -> Vec<String> {
        let mut pos = *game.start();
        let mut out = Vec::new();
        for mv in game.moves() {
            out.push(chess_t1::book::write_move(&pos, mv));
            pos = pos.play(mv);
        }
        out
    }
    /// The game in the books' notation, numbered (`1.e2-e4 e7-e5`).
    fn record_text(game: &Game) -> String {
        chess_t1::book::write_game(game.start(), game.moves())
    }
    fn book_moves(pos: &Position, text: &str) -> Option<Result<Vec<String>, String>> {
        Some(
            chess_t1::book::parse_game(pos, text)
                .map(|moves| moves.iter().map(Move::uci).collect())
                .map_err(|e| e.to_string()),
        )
    }
    /// Who is in check.
    fn notes(pos: &Position) -> Vec<String> {
        Color::BOTH
            .into_iter()
            .filter(|&c| pos.in_check(c))
            .map(|c| format!("{c} is in check"))
            .collect()
    }
    /// chess-t1's `status` is its status code (`white_wins`), with its `reason`, who is in
    /// check, and the count of moves played.
    fn play_fields(game: &Game) -> Vec<(&'static str, serde_json::Value)> {
        let status = chess_t1::game::status(game);
        let pos = game.position();
        vec![
            ("status", serde_json::json!(status.name())),
            (
                "reason",
                serde_json::json!(status.reason().map(|r| r.name())),
            ),
            (
                "in_check",
                serde_json::json!({
                    "white": pos.in_check(Color::White),
                    "black": pos.in_check(Color::Black),
                }),
            ),
            ("moves_played", serde_json::json!(game.moves().len())),
        ]
    }
    /// The zones' horizon of chess-t1's analysis ([`chess_t1::analysis::AnalysisConfig`]).
    const HORIZON: i32 = 4;
    fn review(
        start: Position,
        moves: &[String],
        limits: &zonal_core::Limits,
        horizon: i32,
        progress: &(dyn Fn() + Sync),
    ) -> Result<zonal_analysis::review::Review, String> {
        review::review(start, moves, limits, horizon, progress)
    }
    fn search_report(
        pos: &Position,
        request: &zonal_analysis::analyse::SearchRequest,
        progress: &mut dyn FnMut(String),
    ) -> Result<(String, String), String> {
        let mode = search_mode(request.full);
        let horizon = request.horizon.unwrap_or(<Self as GameDef>::HORIZON);
        // Play's style, the engine's default.
        let style = chess_t1::search::EngineConfig::default().zone_style;
        let config =
            ChessConfig::from_keys(&request.engine, mode, horizon, request.limits.depth, style);
        let start = std::time::Instant::now();
        let result = Player::new(config.clone()).search(
            pos,
            &[],
            &request.limits,
            None,
            &AtomicBool::new(false),
            &mut |info| {
                let pv: Vec<String> = info.pv.iter().take(6).map(|m| m.uci()).collect();
                progress(format!(
                    "depth {} score {} nodes {} pv {}",
                    info.depth,
                    chess_t1::search::cp_text(info.score_cp),
                    info.nodes,
                    pv.join(" ")
                ));
            },
        );
        let micros = start.elapsed().as_micros() as u64;
        report::search::report(pos, &config.to_string(), &result, micros, request.json)
    }
    fn analyse_report(
        request: &zonal_analysis::analyse::AnalyseRequest,
        out: &mut dyn FnMut(&str) -> Result<(), zonal_analysis::Failure>,
        progress: &(dyn Fn() + Sync),
    ) -> Result<(), zonal_analysis::Failure> {
        analyse::analyse_report(request, out, progress)
    }
    fn bench_report(quick: bool, json: bool) -> Result<String, String> {
        let report = bench::run(quick);
        if json {
            serde_json::to_string_pretty(&report)
                .map(|text| text + "\n")
                .map_err(|e| format!("cannot write JSON: {e}"))
        } else {
            Ok(report.to_text() + "\n")
        }
    }
    fn zones_report(
        pos: &Position,
        request: &zonal_analysis::report::ZonesRequest,
    ) -> Result<(String, String), String> {
        let config = chess_t1::zone::ZoneConfig {
            horizon: request.horizon,
            max_level: request.level,
            side: request.side.map(color),
            ..chess_t1::zone::ZoneConfig::default()
        };
        let (pos, mp, log) = report::zones::zones_after(pos, &config, &request.after)?;
        tracing::info!("{} zones, {} complexes", mp.zones.len(), mp.complexes.len());
        let json = report::zones::ZonesJson::new(&mp, &pos);
        let text = if request.json {
            crate::json_text(&json)?
        } else if request.dot {
            json.to_dot()
        } else {
            json.to_text()
        };
        Ok((log, text))
    }
    fn picture_report(
        pos: &Position,
        request: &zonal_analysis::report::PictureRequest,
    ) -> Result<String, String> {
        let opts = report::svg::SvgOptions {
            force: request.force,
            zones: request.zones.then_some(report::svg::ZoneFilter {
                zone: request.zone,
                side: request.side.map(color),
            }),
            highlight: request
                .highlight
                .as_deref()
                .map(|h| report::render::parse_highlight(pos, h))
                .transpose()?,
            title: None,
            only_zones: None,
        };
        report::render::picture(pos, request.horizon, &opts)
    }
    const PATH_REPORTS: bool = true;
    fn distance_report(pos: &Position, query: &PathQuery) -> Option<Result<String, String>> {
        let subject = report::Subject::new(pos, &query.from, query.piece, query.own_removable);
        Some(subject.and_then(|s| report::distance::distance(pos, &s, query.json)))
    }
    fn trajectories_report(pos: &Position, query: &PathQuery) -> Option<Result<String, String>> {
        let asked = || {
            let subject = report::Subject::new(pos, &query.from, query.piece, query.own_removable)?;
            let to = square_arg(query.to.as_deref().unwrap_or_default(), "--to")?;
            report::trajectories::trajectories(
                pos,
                &subject,
                to,
                query.max_len,
                query.limit,
                query.json,
            )
        };
        Some(asked())
    }
    const FORCE_REPORTS: bool = true;
    fn force_report(pos: &Position, raw: bool, json: bool) -> Option<Result<String, String>> {
        Some(report::force::force(pos, raw, json))
    }
    fn exchange_report(
        pos: &Position,
        square: &str,
        material: Option<&str>,
        json: bool,
    ) -> Option<Result<String, String>> {
        let asked = || {
            let square = square_arg(square, "<SQUARE>")?;
            let material = match material {
                Some(text) => chess_t1::exchange::Material::parse(text)
                    .map_err(|e| format!("--material: {e}"))?,
                None => chess_t1::exchange::Material::default(),
            };
            report::exchange::exchange(pos, square, &material, json)
        };
        Some(asked())
    }
    fn move_json(pos: &Position, mv: Move) -> moves::MoveJson {
        moves::MoveJson::new(pos, &mv)
    }
}

impl zonal_learn::Learn for ChessT1Game {
    fn feature_names() -> &'static [&'static str] {
        static NAMES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
        NAMES.get_or_init(|| chess_t1::eval::TERMS.iter().map(|t| t.name()).collect())
    }
    /// The evaluation's terms ([`chess_t1::eval::features`], the side to move's less the
    /// other's), turned to White's.
    fn features(pos: &Position) -> Vec<i32> {
        let f = chess_t1::eval::features(pos);
        let sign = if pos.side_to_move() == Color::White {
            1
        } else {
            -1
        };
        f.iter().map(|v| sign * v).collect()
    }
    fn variant(_pos: &Position) -> &'static str {
        "chess-t1"
    }
    fn hand_weights(_variant: &str) -> Vec<i32> {
        chess_t1::eval::Weights::default().0.to_vec()
    }
    fn legal_moves(pos: &Position) -> Vec<Move> {
        pos.legal_moves()
    }
    /// Not in check, no capture to make, not over.
    fn quiet(pos: &Position) -> bool {
        let moves = pos.legal_moves();
        !moves.is_empty()
            && !pos.in_check(pos.side_to_move())
            && moves.iter().all(|m| !m.is_capture())
    }
}
