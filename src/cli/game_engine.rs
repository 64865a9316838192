//! `zonal engine --game hnefatafl|jungle|proryv`: the engine protocol of chess-t1
//! ([`chess_t1::protocol`], README "Engine protocol") for the games played on the core's search,
//! written once over [`EngineGame`]; and the external players of `zonal match --game G
//! --cmd1/--cmd2`, which speak the same protocol.
//!
//! The dialect is chess-t1's with the game's own positions and moves:
//!
//! - `position startpos|<start name>|fen <position string> [moves <move> ...]`: a start by name
//!   (Hnefatafl: `startpos`, `copenhagen`, `seed11`, `seed9`), or the game's position string;
//!   moves in the game's notation (Hnefatafl also in its record form, `e1-e3xe2`);
//! - `go [depth N] [movetime MS] [nodes N] [wtime MS btime MS winc MS binc MS movestogo N]
//!   [infinite]`: `wtime`/`winc` are the clock of White (Hnefatafl: the defenders), `btime`/`binc`
//!   of Black (the attackers); a clock becomes a soft and a hard time limit
//!   ([`zonal_core::clock_budget`]);
//! - `setoption name Mode value zones|full` (zone-guided by default) and `setoption name Horizon
//!   value N` (1-12; the game's default horizon otherwise);
//! - `info depth D score cp N|mate N nodes N nps N time MS pv ...` after each iteration, then
//!   `bestmove <move>`, or `bestmove 0000` when the game is over.
//!
//! The game's positions since its last irreversible move go into the search as its history, so
//! the search sees repetitions. Bad input is answered with `info string error: ...` and leaves
//! the engine as it was; the end of the input ends the session (an infinite search is stopped,
//! one with limits finishes); a closed output ends it quietly.

use super::CliError;
use super::generic::{CliGame, Player};
use chess_t1::excerpt::excerpt;
use std::fmt::{Debug, Display};
use std::io::{self, BufRead, Write};
use std::marker::PhantomData;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use zonal_board::Side;
use zonal_core::engine_lines::{EngineLines, StartFailure};
use zonal_core::guided::{MoveSquares, ZoneNarrowing};
use zonal_core::zone::ZoneGame;
use zonal_core::{
    Control, Engine, FullWidth, Limits, Progress, Rules, SearchResult, Techniques, WIN, WIN_BOUND,
    clock_budget,
};

/// What the engine protocol needs of a game.
pub trait EngineGame: 'static {
    /// The name `--game` takes.
    const ID: &'static str;
    /// The name `uci` and errors show.
    const NAME: &'static str;
    /// The zones' horizon in half-moves before `setoption name Horizon`.
    const HORIZON: i32;
    /// A position.
    type Position: Copy + Display + Send + Sync + 'static;
    /// A move; its `Display` is the notation `bestmove` and `pv` use.
    type Move: Copy + Eq + Debug + Display + Send + Sync + 'static;
    /// The search's rules.
    type Rules: MoveSquares<Position = Self::Position, Move = Self::Move>;
    /// The zone builder of the zone-guided search.
    type Zones: ZoneGame<Position = Self::Position> + Default;
    /// A game in progress, with what its draw rules need.
    type Game: Clone + Send + 'static;

    /// The start positions `position` takes by name (`startpos` first).
    fn starts() -> Vec<&'static str>;
    /// The search's rules for positions like `pos`.
    fn rules(pos: &Self::Position) -> Self::Rules;
    /// The start position a name of [`EngineGame::STARTS`] gives.
    fn start(name: &str) -> Option<Self::Position>;
    /// A position string.
    fn parse_position(text: &str) -> Result<Self::Position, String>;
    /// The side to move.
    fn side(pos: &Self::Position) -> Side;
    /// A game from `start`.
    fn new_game(start: Self::Position) -> Self::Game;
    /// Plays a move given as text in `game`.
    fn play_text(game: &mut Self::Game, text: &str) -> Result<(), String>;
    /// The game's current position.
    fn current(game: &Self::Game) -> Self::Position;
    /// How the game ended, in words, if it did.
    fn end(game: &Self::Game) -> Option<String>;
    /// What stands on `sq` (`attacker`, `lion`), for reasons.
    fn piece_name(pos: &Self::Position, sq: u32) -> String;
    /// The evaluation's terms for the side to move, cp, named.
    fn eval_terms(pos: &Self::Position) -> Vec<(&'static str, i32)>;
}

/// A game of the generic commands ([`CliGame`]), with its zone builder, for the protocol.
pub struct Zoned<G>(PhantomData<G>);

impl<G> EngineGame for Zoned<G>
where
    G: CliGame + 'static,
    G::Game: 'static,
    G::Zones: Default + 'static,
{
    const ID: &'static str = G::ID;
    const NAME: &'static str = G::NAME;
    const HORIZON: i32 = G::HORIZON;
    type Position = G::Position;
    type Move = G::Move;
    type Rules = G::Rules;
    type Zones = G::Zones;
    type Game = G::Game;

    fn starts() -> Vec<&'static str> {
        G::STARTS.iter().map(|s| s.0).collect()
    }
    fn rules(pos: &G::Position) -> G::Rules {
        G::rules(pos)
    }
    fn start(name: &str) -> Option<G::Position> {
        G::start(name)
    }
    fn parse_position(text: &str) -> Result<G::Position, String> {
        G::parse_position(text)
    }
    fn side(pos: &G::Position) -> Side {
        G::side(pos)
    }
    fn new_game(start: G::Position) -> G::Game {
        G::new_game(start)
    }
    fn play_text(game: &mut G::Game, text: &str) -> Result<(), String> {
        G::play_text(game, text)
    }
    fn current(game: &G::Game) -> G::Position {
        G::current(game)
    }
    fn end(game: &G::Game) -> Option<String> {
        G::end(game).map(|e| e.text)
    }
    fn piece_name(pos: &G::Position, sq: u32) -> String {
        G::piece_name(pos, sq)
    }
    fn eval_terms(pos: &G::Position) -> Vec<(&'static str, i32)> {
        G::eval_terms(pos)
    }
}

/// `zonal engine --game G` for a game of the generic commands, on stdin and stdout.
pub fn run_cli<G>() -> Result<(), CliError>
where
    G: CliGame + 'static,
    G::Game: 'static,
    G::Zones: Default + 'static,
{
    run_stdio::<Zoned<G>>()
}

/// `zonal engine --game proryv`, on stdin and stdout.
pub fn run_proryv() -> Result<(), CliError> {
    run_cli::<super::proryv_game::Proryv>()
}

fn run_stdio<G: EngineGame>() -> Result<(), CliError> {
    run::<G, _, _>(io::stdin().lock(), io::stdout()).map_err(|e| CliError {
        message: format!("engine protocol: {e}"),
        code: 1,
    })
}

/// The output shared by the command loop and the search thread: whole lines, flushed; the
/// first write error is kept and ends the session.
struct Out<W: Write> {
    writer: Mutex<W>,
    failed: Mutex<Option<io::Error>>,
    broken: AtomicBool,
}

impl<W: Write> Out<W> {
    fn writer(&self) -> MutexGuard<'_, W> {
        self.writer.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes `line`; `before` runs under the output's lock just before.
    fn line_after(&self, line: &str, before: impl FnOnce()) {
        let mut w = self.writer();
        before();
        if self.is_broken() {
            return;
        }
        let written = w
            .write_all(line.as_bytes())
            .and_then(|()| w.write_all(b"\n"))
            .and_then(|()| w.flush());
        if let Err(e) = written {
            self.broken.store(true, Ordering::Relaxed);
            self.failed
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert(e);
        }
    }

    fn line(&self, line: &str) {
        self.line_after(line, || {});
    }

    fn error(&self, message: &str) {
        self.line(&format!("info string error: {message}"));
    }

    fn is_broken(&self) -> bool {
        self.broken.load(Ordering::Relaxed)
    }

    /// The session's result: a broken pipe is a quiet end, other write errors are returned.
    fn result(&self) -> io::Result<()> {
        match self.failed.lock().unwrap_or_else(|e| e.into_inner()).take() {
            Some(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e),
            _ => Ok(()),
        }
    }
}

/// A search on its thread.
struct Running {
    stop: Arc<AtomicBool>,
    /// Set (under the output's lock) just before `bestmove` is written.
    done: Arc<AtomicBool>,
    infinite: bool,
    handle: JoinHandle<()>,
}

/// One session of the protocol for the game `G`.
struct Session<G: EngineGame, W: Write + Send + 'static> {
    out: Arc<Out<W>>,
    searching: Searching,
    game: G::Game,
    /// Keys of the game's positions before the current one, since its last irreversible move.
    history: Vec<u64>,
    running: Option<Running>,
}

/// Deepest search of `go infinite` (the core's deepest).
const INFINITE_DEPTH: u32 = 64;

impl<G: EngineGame, W: Write + Send + 'static> Session<G, W> {
    fn new(output: W) -> Option<Self> {
        let start = G::starts().first().and_then(|n| G::start(n))?;
        Some(Session {
            out: Arc::new(Out {
                writer: Mutex::new(output),
                failed: Mutex::new(None),
                broken: AtomicBool::new(false),
            }),
            searching: Searching::play(G::HORIZON),
            game: G::new_game(start),
            history: Vec::new(),
            running: None,
        })
    }

    /// Handles one command line; `false` on `quit`.
    fn handle(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = tokens.split_first() else {
            return true;
        };
        match command {
            "uci" => {
                let out = &self.out;
                out.line(&format!(
                    "id name zonal {} ({})",
                    env!("CARGO_PKG_VERSION"),
                    G::ID
                ));
                out.line("id author the zonal authors");
                out.line("option name Mode type combo default full var zones var full");
                out.line(&format!(
                    "option name Horizon type spin default {} min 1 max 12",
                    G::HORIZON
                ));
                out.line("option name Engine type combo default engine var engine var plain");
                let t = Techniques::ENGINE;
                for (name, on) in [
                    ("aspiration", t.aspiration),
                    ("history", t.history),
                    ("null", t.null_move),
                    ("lmr", t.reductions),
                    ("lmp", t.late_move_pruning),
                    ("extensions", t.extensions),
                    ("staged", t.staged),
                    ("deeper", t.table_deeper),
                ] {
                    out.line(&format!("option name {name} type check default {on}"));
                }
                out.line(&format!(
                    "option name hash type spin default {} min 0 max {}",
                    t.table_mb,
                    zonal_core::search::max_hash_mb()
                ));
                out.line("option name multipv type spin default 1 min 1 max 256");
                out.line("option name qdepth type spin default 8 min 0 max 64");
                out.line("option name contempt type spin default 0 min 0 max 1000");
                out.line("option name style type combo default cut var cut var steer var order var order-reduced");
                out.line("uciok");
            }
            "isready" => self.out.line("readyok"),
            "ucinewgame" => {
                if self.idle("ucinewgame")
                    && let Some(start) = G::starts().first().and_then(|n| G::start(n))
                {
                    self.game = G::new_game(start);
                    self.history.clear();
                }
            }
            "setoption" => {
                if self.idle("setoption") {
                    self.setoption(args);
                }
            }
            // As in chess-t1's engine, a position given during a search is for the next `go`.
            "position" => match parse_position::<G>(args) {
                Ok((game, history)) => {
                    self.game = game;
                    self.history = history;
                }
                Err(message) => self.out.error(&format!("position: {message}")),
            },
            "go" => {
                if self.idle("go") {
                    match chess_t1::protocol::parse_go(args) {
                        Ok((limits, infinite)) => self.go(&limits, infinite),
                        Err(message) => self.out.error(&format!("go: {message}")),
                    }
                }
            }
            "stop" => self.finish(true),
            "quit" => {
                self.finish(true);
                return false;
            }
            _ => self.out.line(&format!(
                "info string unknown command: {}",
                excerpt(line.trim())
            )),
        }
        true
    }

    /// Whether no search is running (one that has written its `bestmove` is joined); otherwise
    /// answers that `what` waits for `stop`.
    fn idle(&mut self, what: &str) -> bool {
        match &self.running {
            None => true,
            Some(r) if r.done.load(Ordering::Acquire) => {
                self.finish(false);
                true
            }
            Some(_) => {
                self.out.error(&format!(
                    "{what} ignored: a search is running (send stop first)"
                ));
                false
            }
        }
    }

    /// Ends the running search, if any (stopping it when `stop` or when it is infinite) and
    /// waits for its `bestmove`.
    fn finish(&mut self, stop: bool) {
        if let Some(r) = self.running.take() {
            if stop || r.infinite {
                r.stop.store(true, Ordering::Relaxed);
            }
            if r.handle.join().is_err() {
                self.out.error("the search failed");
            }
        }
    }

    fn setoption(&mut self, args: &[&str]) {
        let (name, value) = match parse_setoption(args) {
            Ok(nv) => nv,
            Err(message) => return self.out.error(&format!("setoption: {message}")),
        };
        let bad = |expected: &str| {
            format!(
                "setoption {name}: value {:?} is not {expected}",
                excerpt(&value)
            )
        };
        let result = match name.to_ascii_lowercase().as_str() {
            "mode" => match value.to_ascii_lowercase().as_str() {
                "zones" => Ok(false),
                "full" => Ok(true),
                _ => Err(bad("zones or full")),
            }
            .map(|full| self.searching.full = full),
            "horizon" => value
                .parse::<i32>()
                .ok()
                .filter(|h| (1..=12).contains(h))
                .map(|h| self.searching.horizon = h)
                .ok_or_else(|| bad("a number 1-12")),
            "engine" => match value.to_ascii_lowercase().as_str() {
                "engine" => Ok(Techniques::ENGINE),
                "plain" => Ok(Techniques::PLAIN),
                _ => Err(bad("engine or plain")),
            }
            .map(|t| self.searching.techniques = t),
            other if Techniques::KEYS.contains(&other) => self
                .searching
                .techniques
                .set(other, &value.to_ascii_lowercase())
                .map_err(|e| format!("setoption {name}: {}", excerpt(&e))),
            _ => Err(format!(
                "setoption: unknown option {:?} (options: Mode, Horizon, Engine, {})",
                excerpt(&name),
                Techniques::KEYS.join(", ")
            )),
        };
        if let Err(message) = result {
            self.out.error(&message);
        }
    }

    fn go(&mut self, limits: &chess_t1::search::Limits, infinite: bool) {
        if let Some(end) = G::end(&self.game) {
            self.out.line(&format!("info string game over: {end}"));
            self.out.line("bestmove 0000");
            return;
        }
        let pos = G::current(&self.game);
        let (limits, soft_ms) = core_limits(limits, G::side(&pos));
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let (out, stop2, done2) = (self.out.clone(), stop.clone(), done.clone());
        let history = self.history.clone();
        let searching = self.searching;
        let handle = std::thread::spawn(move || {
            let report = |p: &Progress<'_, G::Move>| {
                out.line(&info_line(p));
                if out.is_broken() {
                    stop2.store(true, Ordering::Relaxed);
                }
            };
            let control = Control {
                stop: Some(&stop2),
                progress: Some(&report),
                soft_ms,
            };
            let result = engine_search::<G>(&pos, &history, &limits, &searching, &control);
            // After `go infinite` the best move waits for `stop` (or the end of the input).
            while infinite && !stop2.load(Ordering::Relaxed) && !out.is_broken() {
                std::thread::sleep(Duration::from_millis(2));
            }
            let best = result
                .best
                .map_or_else(|| "0000".to_string(), |m| m.to_string());
            out.line_after(&format!("bestmove {best}"), || {
                done2.store(true, Ordering::Release)
            });
        });
        self.running = Some(Running {
            stop,
            done,
            infinite,
            handle,
        });
    }
}

/// The core's limits of a `go` (`limits` as chess-t1's parser reads them) for the side to move
/// `side`, and the soft time limit of a clock. A clock becomes [`clock_budget`]'s soft and
/// hard limits (with `movetime`, the smaller); no limit at all searches to depth 64 (until
/// `stop`).
pub fn core_limits(limits: &chess_t1::search::Limits, side: Side) -> (Limits, Option<u64>) {
    let mut core = Limits {
        depth: limits.depth,
        nodes: limits.nodes,
        movetime_ms: limits.movetime_ms,
    };
    let mut soft = None;
    if let Some(clock) = limits.clock {
        let i = match side {
            Side::White => 0,
            Side::Black => 1,
        };
        let (s, hard) = clock_budget(
            clock.remaining_ms[i],
            clock.increment_ms[i],
            clock.moves_to_go,
        );
        let hard = core.movetime_ms.map_or(hard, |ms| ms.min(hard));
        core.movetime_ms = Some(hard);
        soft = Some(s.min(hard));
    }
    if core == Limits::default() {
        core.depth = Some(INFINITE_DEPTH);
    }
    (core, soft)
}

/// How a command, a player or the protocol searches: the engine's techniques, and zone-guided
/// (the projection at `horizon`, at nodes fewer than `plies` from the root) unless `full`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Searching {
    /// The engine's techniques ([`Techniques::ENGINE`] by default; [`Techniques::PLAIN`] is the
    /// plain alpha-beta of the figures before the one engine).
    pub techniques: Techniques,
    /// Every move alike (no zones).
    pub full: bool,
    /// The zones' horizon, half-moves.
    pub horizon: i32,
    /// Nodes this many plies from the root and deeper search every move.
    pub plies: usize,
}

impl Searching {
    /// The engine for a game whose zones look `horizon` half-moves ahead: zone-guided (what
    /// `search`, `analyse` and the analysis board use, the zones explaining the advice).
    pub fn engine(horizon: i32) -> Searching {
        Searching {
            techniques: Techniques::ENGINE,
            full: false,
            horizon,
            plies: usize::MAX,
        }
    }

    /// The engine of play (match players, the engine protocol): full-width, which measures
    /// stronger at equal time than the zone-guided tree while its projection costs more than
    /// the nodes it saves (NOTES.md, "One engine").
    pub fn play(horizon: i32) -> Searching {
        Searching {
            full: true,
            ..Searching::engine(horizon)
        }
    }

    /// The search of `pos` (the game's positions since its last irreversible move in
    /// `history`) within `limits`, under `control`.
    pub fn run<G: EngineGame>(
        &self,
        rules: &G::Rules,
        pos: &G::Position,
        history: &[u64],
        limits: &Limits,
        control: &Control<'_, G::Move>,
    ) -> SearchResult<G::Move> {
        let mut engine = Engine::new(self.techniques);
        if self.full {
            return engine.search(rules, &FullWidth, pos, history, limits, control);
        }
        let zones = G::Zones::default();
        let narrowing = ZoneNarrowing {
            game: &zones,
            horizon: self.horizon,
            plies: self.plies,
        };
        engine.search_narrowed(rules, &narrowing, pos, history, limits, control)
    }
}

/// The engine's search of `pos` as `searching` says.
pub(crate) fn engine_search<G: EngineGame>(
    pos: &G::Position,
    history: &[u64],
    limits: &Limits,
    searching: &Searching,
    control: &Control<'_, G::Move>,
) -> SearchResult<G::Move> {
    searching.run::<G>(&G::rules(pos), pos, history, limits, control)
}

/// A score as the protocol writes it: `cp N`, or `mate N` (the side to move wins with its N-th
/// move; negative: it loses after N moves of the other side).
pub fn protocol_score(score: i32) -> String {
    if score > WIN_BOUND {
        format!("mate {}", (WIN - score + 1) / 2)
    } else if score < -WIN_BOUND {
        format!("mate -{}", (WIN + score) / 2)
    } else {
        format!("cp {score}")
    }
}

/// The `info` line of a finished iteration.
fn info_line<M: Display>(p: &Progress<'_, M>) -> String {
    let nps = p.nodes.saturating_mul(1000) / p.millis.max(1);
    let mut line = format!(
        "info depth {} score {} nodes {} nps {nps} time {}",
        p.depth,
        protocol_score(p.score),
        p.nodes,
        p.millis
    );
    if !p.line.is_empty() {
        line.push_str(" pv");
        for mv in p.line {
            line.push(' ');
            line.push_str(&mv.to_string());
        }
    }
    line
}

/// Reads `name <N...> value <V...>` of `setoption`.
fn parse_setoption(args: &[&str]) -> Result<(String, String), String> {
    if args.first() != Some(&"name") {
        return Err("expected `name <NAME> value <VALUE>`".into());
    }
    let rest = &args[1..];
    let (name, value) = match rest.iter().position(|t| *t == "value") {
        Some(i) => (rest[..i].join(" "), rest[i + 1..].join(" ")),
        None => (rest.join(" "), String::new()),
    };
    if name.is_empty() {
        return Err("missing option name after `name`".into());
    }
    if value.is_empty() {
        return Err(format!(
            "missing `value <VALUE>` for option {:?}",
            excerpt(&name)
        ));
    }
    Ok((name, value))
}

/// Reads the arguments of `position`: the game they set up and the keys of its positions
/// before the current one since the last irreversible move.
pub fn parse_position<G: EngineGame>(args: &[&str]) -> Result<(G::Game, Vec<u64>), String> {
    let (setup, moves) = match args.iter().position(|t| *t == "moves") {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let names = G::starts();
    let expected = || format!("expected fen or a start ({})", names.join(", "));
    let start = match setup.split_first() {
        Some((&"fen", [])) => return Err("fen needs a position string".into()),
        Some((&"fen", fields)) => {
            let text = fields.join(" ");
            G::parse_position(&text)
                .map_err(|e| format!("bad position string {:?}: {e}", excerpt(&text)))?
        }
        Some((name, extra)) => {
            let start = G::start(name)
                .ok_or_else(|| format!("{}, found {:?}", expected(), excerpt(name)))?;
            if !extra.is_empty() {
                return Err(format!(
                    "unexpected {:?} after {name} (expected `moves` or the end)",
                    excerpt(&extra.join(" "))
                ));
            }
            start
        }
        None => return Err(expected()),
    };
    let mut game = G::new_game(start);
    let mut history = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        if let Some(end) = G::end(&game) {
            return Err(format!(
                "move {} ({}): the game is over: {end}",
                i + 1,
                excerpt(text)
            ));
        }
        let before = G::current(&game);
        G::play_text(&mut game, text)
            .map_err(|e| format!("move {} ({}): {e}", i + 1, excerpt(text)))?;
        let after = G::current(&game);
        if irreversible::<G>(&before, &after) {
            history.clear();
        } else {
            history.push(G::rules(&before).key(&before));
        }
    }
    Ok((game, history))
}

/// Whether the move that led from `before` to `after` cannot be undone (by the rules' own
/// judgement of the legal move that leads there).
fn irreversible<G: EngineGame>(before: &G::Position, after: &G::Position) -> bool {
    let rules = G::rules(before);
    let target = rules.key(after);
    let mut moves = Vec::new();
    rules.moves(before, &mut moves);
    moves.into_iter().any(|mv| {
        let next = rules.play(before, mv);
        rules.key(&next) == target && rules.irreversible(before, mv, &next)
    })
}

/// Runs the protocol for the game `G`: commands from `input`, answers to `output`, until `quit`
/// or the end of the input (which lets a search with limits finish and stops an infinite
/// one). A broken pipe on `output` ends the session quietly; other write errors and read
/// errors are returned.
pub fn run<G: EngineGame, R: BufRead, W: Write + Send + 'static>(
    mut input: R,
    output: W,
) -> io::Result<()> {
    let Some(mut session) = Session::<G, W>::new(output) else {
        return Err(io::Error::other(format!("{}: no start position", G::NAME)));
    };
    let max = chess_t1::protocol::MAX_COMMAND_BYTES;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if io::Read::take(&mut input, max as u64 + 1).read_until(b'\n', &mut buf)? == 0 {
            session.finish(false);
            break;
        }
        if buf.len() > max && buf.last() != Some(&b'\n') {
            session.out.error(&format!(
                "a command line is longer than {max} bytes; skipped"
            ));
            input.skip_until(b'\n')?;
        } else if !session.handle(&String::from_utf8_lossy(&buf)) {
            break;
        }
        if session.out.is_broken() {
            session.finish(true);
            break;
        }
    }
    session.out.result()
}

/// A game lost by a player's failure in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// The side that failed.
    pub loser: Side,
    /// A short name for match reports: `engine_error` (it crashed, closed its input, answered
    /// with no move, or wrote a line or lines beyond the bounds of
    /// [`zonal_core::engine_lines`]), `time_forfeit` (no `bestmove` in time) or `illegal_move`.
    pub reason: &'static str,
    /// What happened, in words.
    pub text: String,
}

/// The player of `--cmd1`/`--cmd2` (`command`, checked by [`check_external`]) with the
/// match's limits.
pub(super) fn external_player<G: CliGame>(
    command: &str,
    base: &Limits,
) -> Result<Player, CliError> {
    check_external(G::NAME, command, base)?;
    let mut player = Player::parse::<G>("", base)?;
    player.command = Some(command.to_string());
    Ok(player)
}

/// Checks an external player of a match of the game `name`: the match gives it a limit, and
/// its `command` starts and answers `uci` and `isready`.
pub(super) fn check_external(name: &str, command: &str, base: &Limits) -> Result<(), CliError> {
    if base.depth.is_none() && base.nodes.is_none() && base.movetime_ms.is_none() {
        return Err(CliError::input(format!(
            "{name}: an external engine needs a limit: give --depth, --nodes or --movetime"
        )));
    }
    let argv = chess_t1::matchplay::split_command(command).map_err(CliError::input)?;
    if argv.is_empty() {
        return Err(CliError::input(
            "--cmd1/--cmd2: the engine command is empty",
        ));
    }
    // A command that cannot be run, or exits at once, is refused; one that runs but breaks a
    // bound of its handshake loses its games.
    match External::start(&argv, command) {
        Err(failure) if !failure.runs => Err(CliError::input(failure.message)),
        _ => Ok(()),
    }
}

/// What a match with external players needs of a game.
pub(super) trait MatchGame {
    /// A position; its `Display` is the position string `position fen` sends.
    type Position: Copy + Display;
    /// A game in progress.
    type Game;
    /// A game from `start`.
    fn new_game(start: Self::Position) -> Self::Game;
    /// The game's current position.
    fn current(game: &Self::Game) -> Self::Position;
    /// The side to move.
    fn side(pos: &Self::Position) -> Side;
    /// Plays a move given as text.
    fn play_text(game: &mut Self::Game, text: &str) -> Result<(), String>;
    /// Whether the game is over.
    fn over(game: &Self::Game) -> bool;
    /// The repetition key of a position (what the search's history holds).
    fn key(pos: &Self::Position) -> u64;
}

impl<G: CliGame> MatchGame for G {
    type Position = G::Position;
    type Game = G::Game;
    fn new_game(start: G::Position) -> G::Game {
        G::new_game(start)
    }
    fn current(game: &G::Game) -> G::Position {
        G::current(game)
    }
    fn side(pos: &G::Position) -> Side {
        G::side(pos)
    }
    fn play_text(game: &mut G::Game, text: &str) -> Result<(), String> {
        G::play_text(game, text)
    }
    fn over(game: &G::Game) -> bool {
        G::end(game).is_some()
    }
    fn key(pos: &G::Position) -> u64 {
        G::rules(pos).key(pos)
    }
}

/// Plays game `number` of a match from `start`, `players[0]` with White: the game, and the
/// forfeit that ended it, if one did. A built-in player searches with the game's history; an
/// external one is started for the game and told the start and the moves before each `go`.
pub(super) fn play_game<G: CliGame>(
    number: u64,
    start: G::Position,
    players: [&Player; 2],
    max_plies: u32,
) -> (G::Game, Option<Forfeit>) {
    let external = players.map(|p| p.command.as_deref().map(|c| (c, p.limits)));
    play_with::<G>(number, start, external, max_plies, |i, pos, history| {
        players[i]
            .choose::<G>(pos, history)
            .map(|mv| mv.to_string())
    })
}

/// Plays game `number` of a match from `start`: White is `external[0]` (an engine's command
/// line and its limits) or, without one, `builtin(0, position, history)`; Black likewise with
/// index 1. The game, and the forfeit that ended it, if one did. A built-in player that gives
/// no move (a search stopped before its first move) leaves the game unfinished.
pub(super) fn play_with<G: MatchGame>(
    number: u64,
    start: G::Position,
    external: [Option<(&str, Limits)>; 2],
    max_plies: u32,
    mut builtin: impl FnMut(usize, &G::Position, &[u64]) -> Option<String>,
) -> (G::Game, Option<Forfeit>) {
    let mut game = G::new_game(start);
    let side_of = |i: usize| if i == 0 { Side::White } else { Side::Black };
    let mut engines: [Option<External>; 2] = [None, None];
    for (i, player) in external.iter().enumerate() {
        let Some((command, _)) = player else {
            continue;
        };
        let started = chess_t1::matchplay::split_command(command)
            .map_err(StartFailure::not_run)
            .and_then(|argv| External::start(&argv, command));
        match started {
            Ok(engine) => engines[i] = Some(engine),
            Err(e) => {
                let failed = forfeit(number, side_of(i), "engine_error", e.message);
                return (game, Some(failed));
            }
        }
    }
    let mut history: Vec<u64> = Vec::new();
    let mut moves: Vec<String> = Vec::new();
    while !G::over(&game) && (moves.len() as u64) < u64::from(max_plies) {
        let pos = G::current(&game);
        let side = G::side(&pos);
        let i = usize::from(side == Side::Black);
        let text = match (&mut engines[i], &external[i]) {
            (Some(engine), Some((_, limits))) => {
                match engine.choose(&start.to_string(), &moves, limits) {
                    Ok(text) => text,
                    Err((reason, e)) => return (game, Some(forfeit(number, side, reason, e))),
                }
            }
            _ => match builtin(i, &pos, &history) {
                Some(text) => text,
                None => break,
            },
        };
        if let Err(e) = G::play_text(&mut game, &text) {
            let what = format!("played {:?} in {pos}: {e}", excerpt(&text));
            return (game, Some(forfeit(number, side, "illegal_move", what)));
        }
        history.push(G::key(&pos));
        moves.push(text);
    }
    (game, None)
}

/// A forfeit, reported on stderr as it happens.
fn forfeit(number: u64, loser: Side, reason: &'static str, what: String) -> Forfeit {
    let side = match loser {
        Side::White => "White",
        Side::Black => "Black",
    };
    let text = format!("{side} forfeits ({reason}): {what}");
    tracing::warn!("game {number}: {text}");
    Forfeit {
        loser,
        reason,
        text,
    }
}

/// An external engine's process during a game.
struct External {
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: EngineLines,
}

impl External {
    /// Starts `argv` and waits for its `uciok` and `readyok`.
    fn start(argv: &[String], name: &str) -> Result<External, StartFailure> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| StartFailure::not_run("the engine command is empty".into()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| StartFailure::not_run(format!("cannot start engine {name:?}: {e}")))?;
        let stdin = child.stdin.take();
        let Some(stdout) = child.stdout.take() else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(StartFailure::not_run(format!(
                "engine {name:?} has no output"
            )));
        };
        let mut engine = External {
            name: name.to_string(),
            child,
            stdin,
            lines: EngineLines::spawn(stdout),
        };
        let handshake = chess_t1::matchplay::HANDSHAKE_MS;
        for (command, answer) in [("uci", "uciok"), ("isready", "readyok")] {
            engine.send(command).map_err(StartFailure::not_run)?;
            engine
                .lines
                .wait_for(answer, handshake)
                .map_err(|e| StartFailure::handshake(&e, name, answer))?;
        }
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        let name = &self.name;
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| format!("engine {name:?} is closed"))?;
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .map_err(|e| format!("engine {name:?} does not read its input ({e})"))
    }

    /// The engine's move after `moves` from `start` within `limits`, as it wrote it; or why it
    /// gave none (`engine_error` or `time_forfeit`, and what happened).
    fn choose(
        &mut self,
        start: &str,
        moves: &[String],
        limits: &Limits,
    ) -> Result<String, (&'static str, String)> {
        let mut position = format!("position fen {start}");
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        let error = |e| ("engine_error", e);
        self.send(&position).map_err(error)?;
        self.send(&go_command(limits)).map_err(error)?;
        let timeout = limits
            .movetime_ms
            .map_or(chess_t1::matchplay::UNTIMED_MOVE_MS, |ms| {
                ms.saturating_add(chess_t1::matchplay::MOVE_GRACE_MS)
            });
        let line = self.lines.wait_for("bestmove", timeout).map_err(|e| {
            let reason = if e.is_time() {
                "time_forfeit"
            } else {
                "engine_error"
            };
            (reason, e.describe(&self.name, "bestmove"))
        })?;
        match line.split_whitespace().nth(1) {
            Some(text) if text != "0000" => Ok(text.to_string()),
            _ => Err(error(format!(
                "engine {:?} answered {:?} in a game that is not over",
                self.name,
                excerpt(&line)
            ))),
        }
    }
}

/// The `go` command of a match's limits.
fn go_command(limits: &Limits) -> String {
    let mut go = String::from("go");
    if let Some(d) = limits.depth {
        go.push_str(&format!(" depth {d}"));
    }
    if let Some(n) = limits.nodes {
        go.push_str(&format!(" nodes {n}"));
    }
    if let Some(ms) = limits.movetime_ms {
        go.push_str(&format!(" movetime {ms}"));
    }
    go
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_become_soft_and_hard_limits_of_the_side_to_move() {
        let (limits, _) = chess_t1::protocol::parse_go(&[
            "wtime",
            "10000",
            "btime",
            "2030",
            "winc",
            "100",
            "movestogo",
            "10",
        ])
        .expect("go");
        let (white, soft) = core_limits(&limits, Side::White);
        let (w_soft, w_hard) = clock_budget(10_000, 100, Some(10));
        assert_eq!((white.movetime_ms, soft), (Some(w_hard), Some(w_soft)));
        let (black, soft) = core_limits(&limits, Side::Black);
        assert_eq!((black.movetime_ms, soft), (Some(600), Some(200)));
        // A movetime below the clock's hard limit wins.
        let (limits, _) =
            chess_t1::protocol::parse_go(&["wtime", "60000", "movetime", "50"]).expect("go");
        let (white, soft) = core_limits(&limits, Side::White);
        assert_eq!((white.movetime_ms, soft), (Some(50), Some(50)));
        // No limit: as deep as the core goes, until `stop`.
        let (limits, infinite) = chess_t1::protocol::parse_go(&["infinite"]).expect("go");
        assert!(infinite);
        assert_eq!(core_limits(&limits, Side::Black).0.depth, Some(64));
        let (limits, _) = chess_t1::protocol::parse_go(&["depth", "3"]).expect("go");
        assert_eq!(
            core_limits(&limits, Side::White),
            (
                Limits {
                    depth: Some(3),
                    ..Limits::default()
                },
                None
            )
        );
    }

    #[test]
    fn scores_in_protocol_form() {
        assert_eq!(protocol_score(35), "cp 35");
        assert_eq!(protocol_score(-120), "cp -120");
        assert_eq!(protocol_score(WIN - 1), "mate 1");
        assert_eq!(protocol_score(WIN - 3), "mate 2");
        assert_eq!(protocol_score(-(WIN - 2)), "mate -1");
        assert_eq!(protocol_score(-(WIN - 4)), "mate -2");
    }
}
