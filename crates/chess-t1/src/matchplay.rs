//! Matches between two players (`zonal match`): the game loop, players built in
//! ([`PlayerSpec`]) or external programs speaking the engine protocol ([`crate::protocol`]),
//! statistics (W/D/L, Elo with its interval, SPRT) and game records.
//!
//! Each opening is played twice, the players swapping colours; game `n` (0-based) uses opening
//! `n / 2` (cycling) and gives engine1 White when `n` is even. A game ends by the rules
//! (`king_captured`, `castle_captured`, `blockade`, `repetition`, `quiet_moves`), by the move
//! limit (a draw, `move_limit`), by a player's failure (a loss, `engine_error`: no answer, an
//! illegal move, a dead process, output beyond the bounds of [`zonal_core::engine_lines`]) or by
//! its clock or the move's deadline (a loss, `time_forfeit`).
//!
//! The statistics are from engine1's point of view:
//!
//! ```
//! use chess_t1::matchplay::{elo_from_score, sprt_bounds, sprt_llr};
//! assert!((elo_from_score(0.6) - 70.4365).abs() < 1e-3);
//! let (lower, upper) = sprt_bounds(0.05, 0.05);
//! assert!((upper - 2.9444).abs() < 1e-3 && lower == -upper);
//! assert!((sprt_llr(60, 20, 20, 0.0, 10.0) - 1.7337).abs() < 1e-3);
//! ```

use crate::book;
use crate::exchange::Material;
use crate::game::Game;
use crate::moves::Move;
use crate::player::{Player, PlayerSpec};
use crate::posfile::{self, Operation, Record};
use crate::position::{Position, Status};
use crate::search::{Clock, Limits};
use crate::square::Color;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use zonal_core::engine_lines::{EngineLines, StartFailure};

/// Material lead, in half-units, that counts as a winning advantage (4 units).
pub const ADVANTAGE_HALF_UNITS: i32 = 8;
/// Consecutive plies the lead must last.
pub const ADVANTAGE_PLIES: u32 = 2;
/// How long an external engine may take to answer `uci` or `isready` (ms).
pub const HANDSHAKE_MS: u64 = 10_000;
/// Extra time an external engine gets beyond its move's time before it loses (ms).
pub const MOVE_GRACE_MS: u64 = 5_000;
/// Time an external engine gets for a move limited by depth or nodes only (ms).
pub const UNTIMED_MOVE_MS: u64 = 60_000;

/// The reason of a draw by the move limit.
pub const MOVE_LIMIT: &str = "move_limit";
/// The reason of a loss by a player's failure.
pub const ENGINE_ERROR: &str = "engine_error";
/// The reason of a loss on time.
pub const TIME_FORFEIT: &str = "time_forfeit";

/// A contestant of a match.
#[derive(Clone, Debug)]
pub enum PlayerDef {
    /// A built-in engine configuration.
    Builtin(PlayerSpec),
    /// An external program speaking the engine protocol.
    External {
        /// The command line as given.
        command: String,
        /// The program and its arguments.
        argv: Vec<String>,
    },
}

impl PlayerDef {
    /// An external program from its command line (words split as a shell would, with `'...'`,
    /// `"..."` and `\` quoting; no variables or globs).
    pub fn external(command: &str) -> Result<PlayerDef, String> {
        let argv = split_command(command)?;
        if argv.is_empty() {
            return Err("the engine command is empty".into());
        }
        Ok(PlayerDef::External {
            command: command.to_string(),
            argv,
        })
    }

    /// The name written in records and reports: the spec text or the command line.
    pub fn name(&self) -> String {
        match self {
            PlayerDef::Builtin(spec) => spec.to_string(),
            PlayerDef::External { command, .. } => command.clone(),
        }
    }

    /// Whether it is built in with a fixed depth (so it needs no other limit).
    pub fn fixed_depth(&self) -> bool {
        matches!(self, PlayerDef::Builtin(spec) if spec.depth.is_some())
    }

    fn start(&self) -> Result<Box<dyn Contestant>, StartFailure> {
        match self {
            PlayerDef::Builtin(spec) => Ok(Box::new(Player::new(spec.clone()))),
            PlayerDef::External { argv, command } => Ok(Box::new(External::start(argv, command)?)),
        }
    }
}

/// Makes each built-in player's `hash=` one budget shared by its copies on `jobs` threads
/// (`zonal match --jobs`): each copy gets `hash / jobs` MiB, at least 1 (no table stays none).
pub fn share_hash(players: &mut [PlayerDef; 2], jobs: usize) {
    for p in players {
        if let PlayerDef::Builtin(spec) = p {
            let mb = &mut spec.config.hash_mb;
            if *mb > 0 {
                *mb = (*mb / jobs.max(1)).max(1);
            }
        }
    }
}

/// Splits a command line into words: whitespace separates, `'...'` keeps everything literally,
/// `"..."` keeps all but `\"` and `\\`, and `\` outside quotes escapes the next character.
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(format!("unclosed ' in command {text:?}")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(format!("unclosed \" in command {text:?}")),
                        },
                        Some(c) => word.push(c),
                        None => return Err(format!("unclosed \" in command {text:?}")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err(format!("a lone \\ ends command {text:?}")),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// Why a player gave no move: [`ENGINE_ERROR`] or [`TIME_FORFEIT`], and what happened.
type Failure = (&'static str, String);

/// A player during a match.
trait Contestant: Send {
    /// A new game begins.
    fn new_game(&mut self) -> Result<(), String>;
    /// The move in the game's current position (`keys`: repetition keys of the positions before
    /// it), or why there is none.
    fn choose(&mut self, game: &Game, keys: &[u64], limits: &Limits) -> Result<Move, Failure>;
}

impl Contestant for Player {
    fn new_game(&mut self) -> Result<(), String> {
        Player::new_game(self);
        Ok(())
    }

    fn choose(&mut self, game: &Game, keys: &[u64], limits: &Limits) -> Result<Move, Failure> {
        let stop = AtomicBool::new(false);
        self.search(game.position(), keys, limits, &stop, &mut |_| {})
            .best
            .ok_or_else(|| (ENGINE_ERROR, "the engine found no move".to_string()))
    }
}

/// An external engine process.
struct External {
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: EngineLines,
}

impl External {
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
        let Some(stdout) = child.stdout.take() else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(StartFailure::not_run("engine has no stdout".into()));
        };
        let stdin = child.stdin.take();
        let mut engine = External {
            name: name.to_string(),
            child,
            stdin,
            lines: EngineLines::spawn(stdout),
        };
        for (command, answer) in [("uci", "uciok"), ("isready", "readyok")] {
            engine.send(command).map_err(StartFailure::not_run)?;
            engine
                .lines
                .wait_for(answer, HANDSHAKE_MS)
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

    /// Reads lines until one whose first word is `word`; returns that line. Bounded as
    /// [`zonal_core::engine_lines`] says.
    fn wait_for(&mut self, word: &str, timeout_ms: u64) -> Result<String, String> {
        self.lines
            .wait_for(word, timeout_ms)
            .map_err(|e| e.describe(&self.name, word))
    }
}

impl Contestant for External {
    fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok", HANDSHAKE_MS).map(|_| ())
    }

    fn choose(&mut self, game: &Game, _keys: &[u64], limits: &Limits) -> Result<Move, Failure> {
        let mut position = format!("position fen {}", game.start());
        if !game.moves().is_empty() {
            position.push_str(" moves");
            for mv in game.moves() {
                position.push(' ');
                position.push_str(&mv.uci());
            }
        }
        let error = |e| (ENGINE_ERROR, e);
        self.send(&position).map_err(error)?;
        self.send(&go_command(limits)).map_err(error)?;
        let pos = game.position();
        let side = pos.side_to_move();
        let timed = [
            limits.movetime_ms,
            limits
                .clock
                .map(|c| c.remaining_ms[side.index()] + c.increment_ms[side.index()]),
        ];
        let timeout = timed
            .into_iter()
            .flatten()
            .min()
            .map_or(UNTIMED_MOVE_MS, |ms| ms.saturating_add(MOVE_GRACE_MS));
        let line = self.lines.wait_for("bestmove", timeout).map_err(|e| {
            let reason = if e.is_time() {
                TIME_FORFEIT
            } else {
                ENGINE_ERROR
            };
            (reason, e.describe(&self.name, "bestmove"))
        })?;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        pos.parse_uci(text)
            .map_err(|e| error(format!("engine {:?} played {text:?}: {e}", self.name)))
    }
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
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The `go` command of the protocol for `limits`.
pub fn go_command(limits: &Limits) -> String {
    let mut go = String::from("go");
    if let Some(d) = limits.depth {
        go += &format!(" depth {d}");
    }
    if let Some(ms) = limits.movetime_ms {
        go += &format!(" movetime {ms}");
    }
    if let Some(n) = limits.nodes {
        go += &format!(" nodes {n}");
    }
    if let Some(c) = limits.clock {
        go += &format!(
            " wtime {} btime {} winc {} binc {}",
            c.remaining_ms[0], c.remaining_ms[1], c.increment_ms[0], c.increment_ms[1]
        );
        if let Some(m) = c.moves_to_go {
            go += &format!(" movestogo {m}");
        }
    }
    if go == "go" {
        go += " infinite";
    }
    go
}

/// A game clock: time at the start and increment per move, in ms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ClockControl {
    /// Time per side at the start (ms).
    pub base_ms: u64,
    /// Increment per move (ms).
    pub increment_ms: u64,
}

impl ClockControl {
    /// Reads `SECONDS+INC` (seconds, decimals allowed to the millisecond), e.g. `10+0.1`, or
    /// `SECONDS` alone.
    pub fn parse(text: &str) -> Result<ClockControl, String> {
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let base_ms = seconds_to_ms(base.trim())
            .ok_or_else(|| format!("clock {text:?}: {base:?} is not a number of seconds"))?;
        let increment_ms = seconds_to_ms(inc.trim())
            .ok_or_else(|| format!("clock {text:?}: {inc:?} is not a number of seconds"))?;
        if base_ms == 0 {
            return Err(format!("clock {text:?}: the time must be more than 0"));
        }
        Ok(ClockControl {
            base_ms,
            increment_ms,
        })
    }
}

/// `"12.345"` seconds in ms (at most 3 decimals), without floating point.
fn seconds_to_ms(text: &str) -> Option<u64> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if (whole.is_empty() && frac.is_empty())
        || frac.len() > 3
        || !whole
            .chars()
            .chain(frac.chars())
            .all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let frac: u64 = format!("{frac:0<3}").parse().ok()?;
    whole.checked_mul(1000)?.checked_add(frac)
}

/// What limits each move of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// Depth per move.
    pub depth: Option<u32>,
    /// Time per move (ms).
    pub movetime_ms: Option<u64>,
    /// Nodes per move.
    pub nodes: Option<u64>,
    /// A game clock for each side.
    pub clock: Option<ClockControl>,
}

/// An opening: the position a game pair starts from.
#[derive(Clone, Debug)]
pub struct Opening {
    /// Its id in the openings file (or `#N`, its index).
    pub id: String,
    /// The position.
    pub position: Position,
}

impl Opening {
    /// The openings of a position file's records.
    pub fn from_records(records: &[Record]) -> Vec<Opening> {
        records
            .iter()
            .enumerate()
            .map(|(i, r)| Opening {
                id: r.id().map_or_else(|| format!("#{}", i + 1), str::to_string),
                position: r.position,
            })
            .collect()
    }
}

/// SPRT settings: the two Elo hypotheses and the error rates.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SprtConfig {
    /// Elo of H0.
    pub elo0: f64,
    /// Elo of H1.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// engine1 and engine2.
    pub players: [PlayerDef; 2],
    /// The openings (at least one).
    pub openings: Vec<Opening>,
    /// Games in all.
    pub games: usize,
    /// Limits of every move.
    pub control: TimeControl,
    /// Games played at once.
    pub jobs: usize,
    /// Plies after which a game is drawn (`move_limit`).
    pub max_plies: u32,
    /// Stop early when the SPRT decides.
    pub sprt: Option<SprtConfig>,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 1-based game number.
    pub number: usize,
    /// The opening's id.
    pub opening: String,
    /// The start position.
    pub start: Position,
    /// The moves played.
    pub moves: Vec<Move>,
    /// The winner, if any.
    pub winner: Option<Color>,
    /// Why the game ended: a rule reason ([`crate::Reason::name`]), [`MOVE_LIMIT`],
    /// [`ENGINE_ERROR`] or [`TIME_FORFEIT`].
    pub reason: &'static str,
    /// What went wrong, for [`ENGINE_ERROR`] and [`TIME_FORFEIT`].
    pub error: Option<String>,
    /// The player of White.
    pub white: String,
    /// The player of Black.
    pub black: String,
    /// engine1's colour.
    pub engine1: Color,
    /// The first side to lead by [`ADVANTAGE_HALF_UNITS`] in material for
    /// [`ADVANTAGE_PLIES`] plies in a row.
    pub advantage: Option<Color>,
}

impl GameRecord {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_text(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// engine1's result: 2 for a win, 1 for a draw, 0 for a loss (half points).
    pub fn engine1_points(&self) -> u32 {
        match self.winner {
            None => 1,
            Some(c) if c == self.engine1 => 2,
            Some(_) => 0,
        }
    }

    /// The record as a position-file line (`zonal play FILE --id game-N` replays it).
    pub fn to_line(&self) -> String {
        let op = |opcode: &str, operands: Vec<String>| Operation {
            opcode: opcode.to_string(),
            operands,
        };
        let mut ops = vec![
            op("id", vec![format!("game-{}", self.number)]),
            op("moves", self.moves.iter().map(Move::uci).collect()),
            op("book", vec![book::write_game(&self.start, &self.moves)]),
            op("result", vec![self.result_text().to_string()]),
            op("reason", vec![self.reason.to_string()]),
            op("white", vec![self.white.clone()]),
            op("black", vec![self.black.clone()]),
            op("opening", vec![self.opening.clone()]),
        ];
        if let Some(e) = &self.error {
            ops.push(op("c0", vec![e.clone()]));
        }
        posfile::write_record(&Record {
            line: 0,
            position: self.start,
            ops,
        })
    }
}

/// Plays one game from `start` between `white` and `black` (index 0 and 1 of `players`).
fn play_game(
    mut players: [&mut dyn Contestant; 2],
    start: Position,
    control: &TimeControl,
    max_plies: u32,
) -> (
    Game,
    Option<Color>,
    &'static str,
    Option<String>,
    Option<Color>,
) {
    let mut game = Game::new(start);
    let mut keys: Vec<u64> = Vec::new();
    let material = Material::default();
    let mut streak = [0u32; 2];
    let mut advantage = None;
    let mut clock = control.clock.map(|c| Clock {
        remaining_ms: [c.base_ms; 2],
        increment_ms: [c.increment_ms; 2],
        moves_to_go: None,
    });
    for (i, p) in players.iter_mut().enumerate() {
        if let Err(e) = p.new_game() {
            let loser = if i == 0 { Color::White } else { Color::Black };
            return (game, Some(loser.other()), ENGINE_ERROR, Some(e), None);
        }
    }
    loop {
        match game.status() {
            Status::Ongoing => {}
            Status::Won { winner, reason } => {
                return (game, Some(winner), reason.name(), None, advantage);
            }
            Status::Drawn { reason } => return (game, None, reason.name(), None, advantage),
        }
        if game.moves().len() >= max_plies as usize {
            return (game, None, MOVE_LIMIT, None, advantage);
        }
        let side = game.position().side_to_move();
        let limits = Limits {
            depth: control.depth,
            movetime_ms: control.movetime_ms,
            nodes: control.nodes,
            clock,
        };
        let began = Instant::now();
        let chosen = players[side.index()].choose(&game, &keys, &limits);
        let elapsed = began.elapsed().as_millis() as u64;
        let mv = match chosen {
            Ok(mv) => mv,
            Err((reason, e)) => return (game, Some(side.other()), reason, Some(e), advantage),
        };
        if let Some(c) = &mut clock {
            let left = c.remaining_ms[side.index()];
            if elapsed > left {
                let e = format!("{side} used {elapsed} ms with {left} ms on its clock");
                return (game, Some(side.other()), TIME_FORFEIT, Some(e), advantage);
            }
            c.remaining_ms[side.index()] = left - elapsed + c.increment_ms[side.index()];
        }
        let before = game.position().repetition_key();
        if let Err(e) = game.play(&mv) {
            let e = format!("{side} played {}: {e}", mv.uci());
            return (game, Some(side.other()), ENGINE_ERROR, Some(e), advantage);
        }
        keys.push(before);
        let balance = material.balance(game.position(), Color::White);
        streak[0] = if balance >= ADVANTAGE_HALF_UNITS {
            streak[0] + 1
        } else {
            0
        };
        streak[1] = if -balance >= ADVANTAGE_HALF_UNITS {
            streak[1] + 1
        } else {
            0
        };
        if advantage.is_none() {
            advantage = Color::BOTH
                .into_iter()
                .find(|c| streak[c.index()] >= ADVANTAGE_PLIES);
        }
    }
}

/// Why a match could not start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// No openings to play.
    #[error("no openings to play")]
    NoOpenings,
    /// An external engine failed its handshake.
    #[error("engine{index}: {message}")]
    Engine {
        /// 1 or 2.
        index: usize,
        /// What happened.
        message: String,
    },
}

/// Plays the match. `on_game` sees each game as it ends, with the score so far; games end in
/// any order when `jobs > 1`. Returns the games, sorted by number, and whether the SPRT stopped
/// the match early.
pub fn run_match(
    cfg: &MatchConfig,
    mut on_game: impl FnMut(&GameRecord, &Tally),
) -> Result<(Vec<GameRecord>, bool), MatchError> {
    if cfg.openings.is_empty() {
        return Err(MatchError::NoOpenings);
    }
    // Check that external engines start before playing games with them: a command that cannot
    // be run, or exits at once, is refused; one that runs but breaks a bound of its handshake
    // loses its games.
    for (i, p) in cfg.players.iter().enumerate() {
        if let PlayerDef::External { .. } = p
            && let Err(failure) = p.start()
            && !failure.runs
        {
            return Err(MatchError::Engine {
                index: i + 1,
                message: failure.message,
            });
        }
    }
    let next = AtomicUsize::new(0);
    let halt = AtomicBool::new(false);
    let names = [cfg.players[0].name(), cfg.players[1].name()];
    let (tx, rx) = mpsc::channel::<GameRecord>();
    let mut records = Vec::new();
    let mut tally = Tally::default();
    let mut stopped = false;
    std::thread::scope(|scope| {
        for _ in 0..cfg.jobs.max(1) {
            let tx = tx.clone();
            let (next, halt, names) = (&next, &halt, &names);
            scope.spawn(move || {
                let mut slots: [Option<Box<dyn Contestant>>; 2] = [None, None];
                loop {
                    let n = next.fetch_add(1, Ordering::SeqCst);
                    if n >= cfg.games || halt.load(Ordering::SeqCst) {
                        break;
                    }
                    let opening = &cfg.openings[(n / 2) % cfg.openings.len()];
                    let engine1 = if n % 2 == 0 {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let record = play_one(cfg, &mut slots, n, opening, engine1, names);
                    if tx.send(record).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for record in rx {
            tally.add(record.engine1_points());
            on_game(&record, &tally);
            records.push(record);
            if let Some(s) = cfg.sprt
                && !stopped
                && sprt_decision(&tally, &s).is_some()
            {
                stopped = true;
                halt.store(true, Ordering::SeqCst);
            }
        }
    });
    records.sort_by_key(|r| r.number);
    Ok((records, stopped))
}

/// Plays game `n` on a worker, starting its players as needed (and again after a failure).
fn play_one(
    cfg: &MatchConfig,
    slots: &mut [Option<Box<dyn Contestant>>; 2],
    n: usize,
    opening: &Opening,
    engine1: Color,
    names: &[String; 2],
) -> GameRecord {
    // Index into `slots`/`names` of White's and Black's player.
    let order = if engine1 == Color::White {
        [0, 1]
    } else {
        [1, 0]
    };
    let mut record = GameRecord {
        number: n + 1,
        opening: opening.id.clone(),
        start: opening.position,
        moves: Vec::new(),
        winner: None,
        reason: ENGINE_ERROR,
        error: None,
        white: names[order[0]].clone(),
        black: names[order[1]].clone(),
        engine1,
        advantage: None,
    };
    for (color, &slot) in Color::BOTH.into_iter().zip(&order) {
        if slots[slot].is_none() {
            match cfg.players[slot].start() {
                Ok(p) => slots[slot] = Some(p),
                Err(e) => {
                    record.winner = Some(color.other());
                    record.error = Some(e.message);
                    return record;
                }
            }
        }
    }
    let [a, b] = slots;
    let (Some(a), Some(b)) = (a.as_deref_mut(), b.as_deref_mut()) else {
        return record;
    };
    let players: [&mut dyn Contestant; 2] = if order[0] == 0 { [a, b] } else { [b, a] };
    let (game, winner, reason, error, advantage) =
        play_game(players, opening.position, &cfg.control, cfg.max_plies);
    if reason == ENGINE_ERROR || reason == TIME_FORFEIT {
        // Start the failed player afresh for the next game (an engine past its deadline may
        // still be writing).
        if let Some(loser) = winner.map(Color::other) {
            slots[order[loser.index()]] = None;
        }
    }
    record.moves = game.moves().to_vec();
    record.winner = winner;
    record.reason = reason;
    record.error = error;
    record.advantage = advantage;
    record
}

/// Wins, draws and losses of engine1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Games engine1 won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games engine1 lost.
    pub losses: u64,
}

impl Tally {
    /// Adds a result in half points (2 win, 1 draw, 0 loss).
    pub fn add(&mut self, points: u32) {
        match points {
            2 => self.wins += 1,
            1 => self.draws += 1,
            _ => self.losses += 1,
        }
    }

    /// Games counted.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
}

pub use zonal_core::rating::{
    elo_from_score, elo_interval, score, score_from_elo, score_variance, sprt_bounds, sprt_llr,
};

/// `Some("H1")` or `Some("H0")` once the SPRT has decided.
pub fn sprt_decision(tally: &Tally, s: &SprtConfig) -> Option<&'static str> {
    let llr = sprt_llr(tally.wins, tally.draws, tally.losses, s.elo0, s.elo1);
    let (lower, upper) = sprt_bounds(s.alpha, s.beta);
    if llr >= upper {
        Some("H1")
    } else if llr <= lower {
        Some("H0")
    } else {
        None
    }
}

/// The SPRT part of a report.
#[derive(Clone, Debug, Serialize)]
pub struct SprtReport {
    /// The settings.
    #[serde(flatten)]
    pub config: SprtConfig,
    /// The log-likelihood ratio.
    pub llr: f64,
    /// Lower bound (H0).
    pub lower: f64,
    /// Upper bound (H1).
    pub upper: f64,
    /// `"H0"`, `"H1"` or `"continue"`.
    pub decision: &'static str,
}

/// Games won by the side that got a material advantage first.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct Conversion {
    /// Games in which a side led by 4 units for 2 plies in a row.
    pub games: u64,
    /// Of those, games that side won.
    pub won: u64,
    /// `won` in % of `games` (null without such games).
    pub percent: Option<f64>,
}

/// The summary of a match (JSON of `zonal match --json`).
#[derive(Clone, Debug, Serialize)]
pub struct MatchReport {
    /// engine1's name.
    pub engine1: String,
    /// engine2's name.
    pub engine2: String,
    /// Games played.
    pub games: u64,
    /// engine1's wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// engine1's losses.
    pub losses: u64,
    /// engine1's score in %.
    pub score_percent: f64,
    /// Elo difference (engine1 - engine2); null when infinite.
    pub elo: Option<f64>,
    /// Lower end of its 95% interval; null when infinite.
    pub elo_low: Option<f64>,
    /// Upper end; null when infinite.
    pub elo_high: Option<f64>,
    /// The SPRT, when asked for.
    pub sprt: Option<SprtReport>,
    /// Whether the SPRT ended the match before all games.
    pub stopped_early: bool,
    /// Games by how they ended.
    pub reasons: BTreeMap<String, u64>,
    /// Draws by reason.
    pub draw_reasons: BTreeMap<String, u64>,
    /// Draws by repetition in % of the draws (null without draws).
    pub repetition_draw_percent: Option<f64>,
    /// Average game length in plies.
    pub average_plies: f64,
    /// How often a material advantage was won.
    pub conversion: Conversion,
    /// engine1's results with White and with Black.
    pub by_colour: [Tally; 2],
}

impl MatchReport {
    /// The report of `records` (engine names from `cfg`).
    pub fn new(cfg: &MatchConfig, records: &[GameRecord], stopped_early: bool) -> MatchReport {
        let mut tally = Tally::default();
        let mut by_colour = [Tally::default(); 2];
        let mut reasons = BTreeMap::new();
        let mut draw_reasons = BTreeMap::new();
        let mut conversion = Conversion::default();
        let mut plies = 0u64;
        for r in records {
            tally.add(r.engine1_points());
            by_colour[r.engine1.index()].add(r.engine1_points());
            *reasons.entry(r.reason.to_string()).or_insert(0) += 1;
            if r.winner.is_none() {
                *draw_reasons.entry(r.reason.to_string()).or_insert(0) += 1;
            }
            if let Some(side) = r.advantage {
                conversion.games += 1;
                conversion.won += u64::from(r.winner == Some(side));
            }
            plies += r.moves.len() as u64;
        }
        let games = tally.games();
        conversion.percent = percent(conversion.won, conversion.games);
        let finite = |x: f64| x.is_finite().then_some(x);
        let (elo, low, high) = elo_interval(tally.wins, tally.draws, tally.losses);
        let sprt = cfg.sprt.map(|s| {
            let (lower, upper) = sprt_bounds(s.alpha, s.beta);
            SprtReport {
                config: s,
                llr: sprt_llr(tally.wins, tally.draws, tally.losses, s.elo0, s.elo1),
                lower,
                upper,
                decision: sprt_decision(&tally, &s).unwrap_or("continue"),
            }
        });
        MatchReport {
            engine1: cfg.players[0].name(),
            engine2: cfg.players[1].name(),
            games,
            wins: tally.wins,
            draws: tally.draws,
            losses: tally.losses,
            score_percent: 100.0 * score(tally.wins, tally.draws, tally.losses),
            elo: finite(elo),
            elo_low: if games == 0 { None } else { finite(low) },
            elo_high: if games == 0 { None } else { finite(high) },
            sprt,
            stopped_early,
            repetition_draw_percent: percent(
                draw_reasons.get("repetition").copied().unwrap_or(0),
                tally.draws,
            ),
            reasons,
            draw_reasons,
            average_plies: if games == 0 {
                0.0
            } else {
                plies as f64 / games as f64
            },
            conversion,
            by_colour,
        }
    }

    /// The report as text.
    pub fn to_text(&self) -> String {
        let elo =
            |x: Option<f64>, inf: &str| x.map_or_else(|| inf.to_string(), |v| format!("{v:+.1}"));
        let mut t = String::new();
        t += &format!("engine1: {}\nengine2: {}\n", self.engine1, self.engine2);
        t += &format!(
            "games {}: engine1 +{} ={} -{}, score {:.1}%{}\n",
            self.games,
            self.wins,
            self.draws,
            self.losses,
            self.score_percent,
            if self.stopped_early {
                " (stopped early by the SPRT)"
            } else {
                ""
            }
        );
        let [w, b] = self.by_colour;
        t += &format!(
            "engine1 with White +{} ={} -{}, with Black +{} ={} -{}\n",
            w.wins, w.draws, w.losses, b.wins, b.draws, b.losses
        );
        let (hi_inf, lo_inf) = ("+inf", "-inf");
        let elo_text = if self.games == 0 {
            "n/a".to_string()
        } else if self.wins + self.draws == 0 {
            lo_inf.to_string()
        } else if self.losses + self.draws == 0 {
            hi_inf.to_string()
        } else {
            elo(self.elo, "n/a")
        };
        t += &format!(
            "elo {elo_text} (95% interval {} .. {})\n",
            elo(self.elo_low, lo_inf),
            elo(self.elo_high, hi_inf)
        );
        if let Some(s) = &self.sprt {
            t += &format!(
                "sprt elo0 {} elo1 {} alpha {} beta {}: llr {:.3} (bounds {:.3} .. {:.3}) -> {}\n",
                s.config.elo0,
                s.config.elo1,
                s.config.alpha,
                s.config.beta,
                s.llr,
                s.lower,
                s.upper,
                match s.decision {
                    "H1" => "H1 accepted",
                    "H0" => "H0 accepted",
                    _ => "continue",
                }
            );
        }
        let list = |m: &BTreeMap<String, u64>| {
            m.iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        t += &format!("ends: {}\n", list(&self.reasons));
        t += &format!(
            "draws: {}{}\n",
            self.draws,
            if self.draws == 0 {
                String::new()
            } else {
                format!(
                    " ({}; repetition {:.1}%)",
                    list(&self.draw_reasons),
                    self.repetition_draw_percent.unwrap_or(0.0)
                )
            }
        );
        t += &format!("average length: {:.1} plies\n", self.average_plies);
        let c = self.conversion;
        t += &format!(
            "conversion: {} games with a side 4 units ahead for 2 plies; that side won {}{}\n",
            c.games,
            c.won,
            c.percent
                .map_or_else(String::new, |p| format!(" ({p:.1}%)"))
        );
        t
    }
}

fn percent(part: u64, whole: u64) -> Option<f64> {
    (whole > 0).then(|| 100.0 * part as f64 / whole as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-3
    }

    #[test]
    fn elo_of_scores() {
        assert!(close(elo_from_score(0.6), 70.4365));
        assert!(elo_from_score(0.5) == 0.0 && elo_from_score(0.5).is_sign_positive());
        assert!(close(elo_from_score(0.4), -70.4365));
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        assert!(close(score_from_elo(70.4365), 0.6));
        assert!(close(score(6, 2, 2), 0.7));
    }

    #[test]
    fn elo_interval_by_hand() {
        // +6 =0 -4: s = 0.6, variance (6·0.16 + 4·0.36)/10 = 0.24, se = sqrt(0.024) = 0.15492,
        // s ± 1.96·se = 0.29636 .. 0.90364.
        assert!(close(score_variance(6, 0, 4), 0.24));
        let (elo, low, high) = elo_interval(6, 0, 4);
        assert!(close(elo, 70.4365));
        assert!((low - -150.209).abs() < 0.01, "{low}");
        assert!((high - 388.832).abs() < 0.01, "{high}");
        // All draws: no spread.
        let (elo, low, high) = elo_interval(0, 10, 0);
        assert_eq!((elo, low, high), (0.0, 0.0, 0.0));
        // All wins: infinite.
        assert_eq!(elo_interval(3, 0, 0).0, f64::INFINITY);
    }

    #[test]
    fn sprt_by_hand() {
        // +60 =20 -20: s = 0.7, variance 0.16; s1 = score of 10 Elo = 0.514387;
        // LLR = 100 · 0.014387 · (1.4 − 1.014387) / 0.32 = 1.7337.
        assert!(close(sprt_llr(60, 20, 20, 0.0, 10.0), 1.7337));
        // +40 =20 -40: s = 0.5, variance 0.2: LLR = 100 · 0.014387 · (−0.014387) / 0.4.
        assert!(close(sprt_llr(40, 20, 40, 0.0, 10.0), -0.05175));
        assert_eq!(sprt_llr(0, 0, 0, 0.0, 10.0), 0.0);
        let (lower, upper) = sprt_bounds(0.05, 0.05);
        assert!(close(lower, -2.94444) && close(upper, 2.94444));
        let s = SprtConfig {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let t = |wins, draws, losses| Tally {
            wins,
            draws,
            losses,
        };
        assert_eq!(sprt_decision(&t(60, 20, 20), &s), None);
        assert_eq!(sprt_decision(&t(600, 200, 200), &s), Some("H1"));
        assert_eq!(sprt_decision(&t(200, 200, 600), &s), Some("H0"));
    }

    #[test]
    fn clocks_and_commands() {
        assert_eq!(
            ClockControl::parse("10+0.1"),
            Ok(ClockControl {
                base_ms: 10_000,
                increment_ms: 100
            })
        );
        assert_eq!(ClockControl::parse("2.5").map(|c| c.base_ms), Ok(2500));
        assert!(ClockControl::parse("x+1").is_err());
        assert!(ClockControl::parse("1.2345").is_err());
        assert!(ClockControl::parse("0+1").is_err());
        assert!(ClockControl::parse("+").is_err());
        assert_eq!(
            split_command(r#"zonal engine --x "a b" 'c d' e\ f"#).unwrap(),
            ["zonal", "engine", "--x", "a b", "c d", "e f"]
        );
        assert!(split_command("a 'b").is_err());
        assert_eq!(go_command(&Limits::default()), "go infinite");
        assert_eq!(
            go_command(&Limits {
                depth: Some(3),
                nodes: Some(100),
                ..Limits::default()
            }),
            "go depth 3 nodes 100"
        );
    }

    #[test]
    fn a_short_match_of_builtin_players() {
        let spec = |t: &str| PlayerDef::Builtin(t.parse().unwrap());
        let cfg = MatchConfig {
            players: [
                spec("mode=full,depth=1"),
                spec("engine=baseline,mode=full,depth=1"),
            ],
            openings: vec![Opening {
                id: "start".into(),
                position: Position::startpos(),
            }],
            games: 2,
            control: TimeControl::default(),
            jobs: 2,
            max_plies: 40,
            sprt: None,
        };
        let mut seen = 0;
        let (records, stopped) = run_match(&cfg, |_, t| seen = t.games()).unwrap();
        assert!(!stopped);
        assert_eq!((records.len(), seen), (2, 2));
        assert_eq!(records[0].engine1, Color::White);
        assert_eq!(records[1].engine1, Color::Black);
        for r in &records {
            assert!(r.moves.len() <= 40);
            let line = r.to_line();
            let parsed = posfile::parse_str(&line, "record").unwrap();
            assert_eq!(parsed[0].operands("moves").unwrap().len(), r.moves.len());
            assert_eq!(parsed[0].operands("result").unwrap(), [r.result_text()]);
        }
        let report = MatchReport::new(&cfg, &records, stopped);
        assert_eq!(report.wins + report.draws + report.losses, 2);
        assert!(report.to_text().contains("games 2: engine1"));
    }

    #[test]
    fn jobs_share_one_hash_budget() {
        let spec = |t: &str| PlayerDef::Builtin(t.parse().unwrap());
        let mut players = [spec("hash=1024"), spec("hash=0")];
        share_hash(&mut players, 256);
        let mb = |p: &PlayerDef| match p {
            PlayerDef::Builtin(s) => s.config.hash_mb,
            PlayerDef::External { .. } => usize::MAX,
        };
        assert_eq!((mb(&players[0]), mb(&players[1])), (4, 0));
        let mut players = [spec("hash=16"), spec("hash=16")];
        share_hash(&mut players, 256);
        assert_eq!(mb(&players[0]), 1);
        share_hash(&mut players, 1);
        assert_eq!(mb(&players[1]), 1);
    }

    #[test]
    fn a_missing_external_engine_is_an_error_not_a_panic() {
        let cfg = MatchConfig {
            players: [
                PlayerDef::external("/nonexistent/engine --x").unwrap(),
                PlayerDef::Builtin(PlayerSpec::default()),
            ],
            openings: vec![Opening {
                id: "start".into(),
                position: Position::startpos(),
            }],
            games: 2,
            control: TimeControl::default(),
            jobs: 1,
            max_plies: 10,
            sprt: None,
        };
        let err = run_match(&cfg, |_, _| {}).unwrap_err();
        assert!(
            err.to_string().starts_with("engine1: cannot start engine"),
            "{err}"
        );
    }
}
