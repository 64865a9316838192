//! Matches between two players for every game: the game loop, built-in players
//! ([`PlayerSpec`], one engine each kept for a whole game) or external programs speaking the
//! engine protocol ([`crate::external`]), game clocks, the move limit, statistics (W/D/L, Elo
//! with its interval, SPRT, material conversion) and game records.
//!
//! Each opening is played twice, the players swapping colours; game `n` (0-based) uses opening
//! `n / 2` (cycling) and gives engine1 White when `n` is even. A game ends by the rules, by the
//! move limit (a draw, [`MOVE_LIMIT`]), by a player's failure (a loss: [`ENGINE_ERROR`],
//! [`ILLEGAL_MOVE`]) or by its clock or the move's deadline (a loss, [`TIME_FORFEIT`]).
//!
//! ```
//! use zonal_play::matches::{elo_from_score, sprt_bounds, sprt_llr};
//! assert!((elo_from_score(0.6) - 70.4365).abs() < 1e-3);
//! let (lower, upper) = sprt_bounds(0.05, 0.05);
//! assert!((upper - 2.9444).abs() < 1e-3 && lower == -upper);
//! assert!((sprt_llr(60, 20, 20, 0.0, 10.0) - 1.7337).abs() < 1e-3);
//! ```

use crate::command::{Clock, GoParams};
pub use crate::external::{ENGINE_ERROR, ILLEGAL_MOVE, TIME_FORFEIT};
use crate::external::{External, split_command};
pub use crate::game::GameRecord;
use crate::game::{Budget, PlayGame, Searcher};
use crate::spec::PlayerSpec;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;
use zonal_board::Side;
use zonal_core::Limits;
use zonal_core::engine_lines::StartFailure;
use zonal_core::excerpt::excerpt;
pub use zonal_core::rating::{
    elo_from_score, elo_interval, score, score_from_elo, score_variance, sprt_bounds, sprt_llr,
};

/// The reason of a draw by the move limit.
pub const MOVE_LIMIT: &str = "move_limit";
/// Consecutive plies a material lead must last to count for the conversion figure.
pub const ADVANTAGE_PLIES: u32 = 2;
/// Time per move when neither the match nor every player gives a limit (ms).
pub const DEFAULT_MOVETIME_MS: u64 = 100;

/// A contestant of a match.
#[derive(Clone, Debug)]
pub enum PlayerDef<G: PlayGame> {
    /// A built-in player.
    Builtin(PlayerSpec<G>),
    /// An external program speaking the engine protocol.
    External {
        /// The command line as given.
        command: String,
        /// The program and its arguments.
        argv: Vec<String>,
    },
}

impl<G: PlayGame> PlayerDef<G> {
    /// An external program from its command line (words split as a shell would, with `'...'`,
    /// `"..."` and `\` quoting; no variables or globs).
    pub fn external(command: &str) -> Result<PlayerDef<G>, String> {
        let argv = split_command(command)?;
        if argv.is_empty() {
            return Err("the engine command is empty".into());
        }
        Ok(PlayerDef::External {
            command: command.to_string(),
            argv,
        })
    }

    /// The name written in records and reports: the spec's text, or `cmd="<command line>"`.
    pub fn name(&self) -> String {
        match self {
            PlayerDef::Builtin(spec) => spec.describe(),
            PlayerDef::External { command, .. } => format!("cmd={command:?}"),
        }
    }

    fn start(&self) -> Result<Contestant<G>, StartFailure> {
        match self {
            PlayerDef::Builtin(spec) => Ok(Contestant::Builtin {
                searcher: Box::new(G::searcher(&spec.settings)),
                limits: spec.limits,
            }),
            PlayerDef::External { argv, command } => {
                Ok(Contestant::External(External::start(argv, command)?))
            }
        }
    }
}

/// A player during a match.
enum Contestant<G: PlayGame> {
    Builtin {
        searcher: Box<G::Searcher>,
        limits: Limits,
    },
    External(External),
}

/// Why a player gave no move: a reason ([`ENGINE_ERROR`], [`TIME_FORFEIT`]) and what happened.
type Failure = (&'static str, String);

impl<G: PlayGame> Contestant<G> {
    fn new_game(&mut self) -> Result<(), String> {
        match self {
            Contestant::Builtin { searcher, .. } => {
                searcher.new_game();
                Ok(())
            }
            Contestant::External(e) => e.new_game(),
        }
    }

    /// The move in `game`'s current position, as text.
    fn choose(
        &mut self,
        start: &G::Position,
        moves: &[String],
        game: &G::Game,
        keys: &[u64],
        base: &Limits,
        clock: Option<Clock>,
    ) -> Result<String, Failure> {
        let pos = G::current(game);
        let side = G::side(&pos);
        match self {
            Contestant::Builtin { searcher, limits } => {
                let budget = Budget {
                    limits: *limits,
                    clock,
                    side,
                };
                let stop = AtomicBool::new(false);
                searcher
                    .search(&pos, keys, &budget, &stop, &mut |_| {})
                    .best
                    .map(|m| m.to_string())
                    .ok_or_else(|| (ENGINE_ERROR, "the engine found no move".to_string()))
            }
            Contestant::External(engine) => {
                let go = GoParams {
                    depth: base.depth,
                    movetime_ms: base.movetime_ms,
                    nodes: base.nodes,
                    clock,
                    infinite: false,
                };
                let i = usize::from(side == Side::Black);
                let time = [
                    base.movetime_ms,
                    clock.map(|c| c.remaining_ms[i].saturating_add(c.increment_ms[i])),
                ]
                .into_iter()
                .flatten()
                .min();
                engine.choose(&start.to_string(), moves, &go, time)
            }
        }
    }
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
        let shown = excerpt(text);
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let base_ms = seconds_to_ms(base.trim()).ok_or_else(|| {
            format!(
                "clock {shown:?}: {:?} is not a number of seconds",
                excerpt(base)
            )
        })?;
        let increment_ms = seconds_to_ms(inc.trim()).ok_or_else(|| {
            format!(
                "clock {shown:?}: {:?} is not a number of seconds",
                excerpt(inc)
            )
        })?;
        if base_ms == 0 {
            return Err(format!("clock {shown:?}: the time must be more than 0"));
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

/// An opening: the position a game pair starts from.
#[derive(Clone, Debug)]
pub struct Opening<P> {
    /// Its id in the openings file (or `#N`, its index).
    pub id: String,
    /// The position.
    pub position: P,
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

impl SprtConfig {
    /// Reads `ELO0,ELO1` with the error rates.
    pub fn parse(text: &str, alpha: f64, beta: f64) -> Result<SprtConfig, String> {
        let bad = || {
            format!(
                "--sprt {:?}: expected ELO0,ELO1 with ELO0 < ELO1, e.g. 0,10",
                excerpt(text)
            )
        };
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let elo0: f64 = a.trim().parse().map_err(|_| bad())?;
        let elo1: f64 = b.trim().parse().map_err(|_| bad())?;
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(bad());
        }
        for (name, rate) in [("--alpha", alpha), ("--beta", beta)] {
            if !(rate > 0.0 && rate < 0.5) {
                return Err(format!("{name} {rate}: expected a rate between 0 and 0.5"));
            }
        }
        Ok(SprtConfig {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig<G: PlayGame> {
    /// engine1 and engine2.
    pub players: [PlayerDef<G>; 2],
    /// The openings (at least one).
    pub openings: Vec<Opening<G::Position>>,
    /// Games in all.
    pub games: usize,
    /// The match's limits of every move of an external player (a built-in player's spec was
    /// read over them).
    pub limits: Limits,
    /// A game clock for each side.
    pub clock: Option<ClockControl>,
    /// Games played at once.
    pub jobs: usize,
    /// Plies after which a game is drawn ([`MOVE_LIMIT`]).
    pub max_plies: u32,
    /// Stop early when the SPRT decides.
    pub sprt: Option<SprtConfig>,
}

impl<G: PlayGame> MatchConfig<G> {
    /// [`DEFAULT_MOVETIME_MS`] a move for the match and every built-in player without a time of
    /// its own, when the match gives neither limits nor a clock and some player has no limit
    /// of its own (an engine would think forever).
    pub fn default_limits(&mut self) {
        if self.limits != Limits::default() || self.clock.is_some() {
            return;
        }
        let all_limited = self
            .players
            .iter()
            .all(|p| matches!(p, PlayerDef::Builtin(s) if s.limited()));
        if all_limited {
            return;
        }
        self.limits.movetime_ms = Some(DEFAULT_MOVETIME_MS);
        for p in &mut self.players {
            if let PlayerDef::Builtin(s) = p {
                s.limits.movetime_ms.get_or_insert(DEFAULT_MOVETIME_MS);
            }
        }
    }
}

/// How a game ended: the winner, the reason, what went wrong.
type Ending = (Option<Side>, String, Option<String>);

/// Plays one game from `start`, `players[0]` with White.
fn play_game<G: PlayGame>(
    players: [&mut Contestant<G>; 2],
    start: &G::Position,
    cfg: &MatchConfig<G>,
) -> (G::Game, Vec<String>, Ending, Option<Side>) {
    let mut game = G::new_game(start.clone());
    let mut moves: Vec<String> = Vec::new();
    let mut keys: Vec<u64> = Vec::new();
    let mut streak = [0u32; 2];
    let mut advantage = None;
    let mut clock = cfg.clock.map(|c| Clock {
        remaining_ms: [c.base_ms; 2],
        increment_ms: [c.increment_ms; 2],
        moves_to_go: None,
    });
    let [white, black] = players;
    let mut players = [white, black];
    for (i, p) in players.iter_mut().enumerate() {
        if let Err(e) = p.new_game() {
            let winner = if i == 0 { Side::Black } else { Side::White };
            let ending = (Some(winner), ENGINE_ERROR.to_string(), Some(e));
            return (game, moves, ending, None);
        }
    }
    loop {
        if let Some(end) = G::end(&game) {
            return (game, moves, (end.winner, end.reason, None), advantage);
        }
        if moves.len() >= cfg.max_plies as usize {
            return (game, moves, (None, MOVE_LIMIT.into(), None), advantage);
        }
        let pos = G::current(&game);
        let side = G::side(&pos);
        let i = usize::from(side == Side::Black);
        let lose = |reason: &str, e: String| (Some(side.other()), reason.to_string(), Some(e));
        let began = Instant::now();
        let chosen = players[i].choose(start, &moves, &game, &keys, &cfg.limits, clock);
        let elapsed = began.elapsed().as_millis() as u64;
        let text = match chosen {
            Ok(text) => text,
            Err((reason, e)) => return (game, moves, lose(reason, e), advantage),
        };
        if let Some(c) = &mut clock {
            let left = c.remaining_ms[i];
            if elapsed > left {
                let e = format!("{side:?} used {elapsed} ms with {left} ms on its clock");
                return (game, moves, lose(TIME_FORFEIT, e), advantage);
            }
            c.remaining_ms[i] = left - elapsed + c.increment_ms[i];
        }
        if let Err(e) = G::play_text(&mut game, &text) {
            let e = format!("played {:?} in {pos}: {e}", excerpt(&text));
            return (game, moves, lose(ILLEGAL_MOVE, e), advantage);
        }
        keys.push(G::key(&pos));
        moves.push(text);
        if G::CONVERSION {
            let ahead = G::ahead(&G::current(&game));
            for (k, s) in [Side::White, Side::Black].into_iter().enumerate() {
                streak[k] = if ahead == Some(s) { streak[k] + 1 } else { 0 };
            }
            if advantage.is_none() {
                advantage = [Side::White, Side::Black]
                    .into_iter()
                    .zip(streak)
                    .find(|(_, n)| *n >= ADVANTAGE_PLIES)
                    .map(|(s, _)| s);
            }
        }
    }
}

/// Why a match could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchError {
    /// No openings to play.
    NoOpenings,
    /// An external engine cannot be started or exits at once.
    Engine {
        /// 1 or 2.
        index: usize,
        /// What happened.
        message: String,
    },
}

impl std::fmt::Display for MatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MatchError::NoOpenings => write!(f, "no openings to play"),
            MatchError::Engine { index, message } => write!(f, "engine{index}: {message}"),
        }
    }
}

impl std::error::Error for MatchError {}

/// Plays the match. `on_game` sees each game as it ends, with the score so far (a progress
/// bar's callback); games end in any order when `jobs > 1`. Returns the games, sorted by
/// number, and whether the SPRT stopped the match early.
pub fn run_match<G: PlayGame>(
    cfg: &MatchConfig<G>,
    mut on_game: impl FnMut(&GameRecord<G>, &Tally),
) -> Result<(Vec<GameRecord<G>>, bool), MatchError> {
    if cfg.openings.is_empty() {
        return Err(MatchError::NoOpenings);
    }
    // An external engine that cannot be run, or exits at once, is refused before the match;
    // one that runs but breaks a bound of its handshake loses its games.
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
    let (tx, rx) = mpsc::channel::<GameRecord<G>>();
    let mut records = Vec::new();
    let mut tally = Tally::default();
    let mut stopped = false;
    std::thread::scope(|scope| {
        for _ in 0..cfg.jobs.max(1) {
            let tx = tx.clone();
            let (next, halt, names) = (&next, &halt, &names);
            scope.spawn(move || {
                let mut slots: [Option<Contestant<G>>; 2] = [None, None];
                loop {
                    let n = next.fetch_add(1, Ordering::SeqCst);
                    if n >= cfg.games || halt.load(Ordering::SeqCst) {
                        break;
                    }
                    let record = play_one(cfg, &mut slots, n, names);
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
fn play_one<G: PlayGame>(
    cfg: &MatchConfig<G>,
    slots: &mut [Option<Contestant<G>>; 2],
    n: usize,
    names: &[String; 2],
) -> GameRecord<G> {
    let opening = &cfg.openings[(n / 2) % cfg.openings.len()];
    let engine1 = if n.is_multiple_of(2) {
        Side::White
    } else {
        Side::Black
    };
    // Index into `slots`/`names` of White's and Black's player.
    let order = if engine1 == Side::White {
        [0, 1]
    } else {
        [1, 0]
    };
    let mut record = GameRecord {
        number: n + 1,
        opening: opening.id.clone(),
        start: opening.position.clone(),
        game: G::new_game(opening.position.clone()),
        moves: Vec::new(),
        winner: None,
        reason: ENGINE_ERROR.to_string(),
        error: None,
        white: names[order[0]].clone(),
        black: names[order[1]].clone(),
        engine1,
        advantage: None,
    };
    for (side, &slot) in [Side::White, Side::Black].into_iter().zip(&order) {
        if slots[slot].is_none() {
            match cfg.players[slot].start() {
                Ok(p) => slots[slot] = Some(p),
                Err(e) => {
                    record.winner = Some(side.other());
                    record.error = Some(e.message);
                    return record;
                }
            }
        }
    }
    let [a, b] = slots;
    let (Some(a), Some(b)) = (a.as_mut(), b.as_mut()) else {
        return record;
    };
    let players = if order[0] == 0 { [a, b] } else { [b, a] };
    let (game, moves, (winner, reason, error), advantage) =
        play_game(players, &opening.position, cfg);
    if error.is_some() {
        // The failed player starts afresh for the next game (an engine past its deadline may
        // still be writing).
        if let Some(loser) = winner.map(Side::other) {
            slots[order[usize::from(loser == Side::Black)]] = None;
        }
    }
    record.game = game;
    record.moves = moves;
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
    /// Games in which a side led for [`ADVANTAGE_PLIES`] plies in a row.
    pub games: u64,
    /// Of those, games that side won.
    pub won: u64,
    /// `won` in % of `games` (null without such games).
    pub percent: Option<f64>,
}

/// The summary of a match (JSON of `zonal match --json`).
#[derive(Clone, Debug, Serialize)]
pub struct MatchReport {
    /// The game's name as `--game` takes it.
    pub game: &'static str,
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
    /// How often a material advantage was won (null for games that do not count material).
    pub conversion: Option<Conversion>,
    /// engine1's results with White and with Black.
    pub by_colour: [Tally; 2],
}

impl MatchReport {
    /// The report of `records` (engine names from `cfg`).
    pub fn new<G: PlayGame>(
        cfg: &MatchConfig<G>,
        records: &[GameRecord<G>],
        stopped_early: bool,
    ) -> MatchReport {
        let mut tally = Tally::default();
        let mut by_colour = [Tally::default(); 2];
        let mut reasons = BTreeMap::new();
        let mut draw_reasons = BTreeMap::new();
        let mut conversion = Conversion::default();
        let mut plies = 0u64;
        for r in records {
            tally.add(r.engine1_points());
            by_colour[usize::from(r.engine1 == Side::Black)].add(r.engine1_points());
            *reasons.entry(r.reason.clone()).or_insert(0) += 1;
            if r.winner.is_none() {
                *draw_reasons.entry(r.reason.clone()).or_insert(0) += 1;
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
            game: G::ID,
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
            conversion: G::CONVERSION.then_some(conversion),
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
        let elo_text = if self.games == 0 {
            "n/a".to_string()
        } else if self.wins + self.draws == 0 {
            "-inf".to_string()
        } else if self.losses + self.draws == 0 {
            "+inf".to_string()
        } else {
            elo(self.elo, "n/a")
        };
        t += &format!(
            "elo {elo_text} (95% interval {} .. {})\n",
            elo(self.elo_low, "-inf"),
            elo(self.elo_high, "+inf")
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
        if let Some(c) = self.conversion {
            t += &format!(
                "conversion: {} games with a side 4 units ahead for 2 plies; that side won {}{}\n",
                c.games,
                c.won,
                c.percent
                    .map_or_else(String::new, |p| format!(" ({p:.1}%)"))
            );
        }
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
        let (elo, low, high) = elo_interval(0, 10, 0);
        assert_eq!((elo, low, high), (0.0, 0.0, 0.0));
        assert_eq!(elo_interval(3, 0, 0).0, f64::INFINITY);
    }

    #[test]
    fn sprt_by_hand() {
        // +60 =20 -20: s = 0.7, variance 0.16; s1 = score of 10 Elo = 0.514387;
        // LLR = 100 · 0.014387 · (1.4 − 1.014387) / 0.32 = 1.7337.
        assert!(close(sprt_llr(60, 20, 20, 0.0, 10.0), 1.7337));
        assert!(close(sprt_llr(40, 20, 40, 0.0, 10.0), -0.05175));
        assert_eq!(sprt_llr(0, 0, 0, 0.0, 10.0), 0.0);
        let (lower, upper) = sprt_bounds(0.05, 0.05);
        assert!(close(lower, -2.94444) && close(upper, 2.94444));
        let s = SprtConfig::parse("0,10", 0.05, 0.05).expect("sprt");
        assert_eq!((s.elo0, s.elo1), (0.0, 10.0));
        let t = |wins, draws, losses| Tally {
            wins,
            draws,
            losses,
        };
        assert_eq!(sprt_decision(&t(60, 20, 20), &s), None);
        assert_eq!(sprt_decision(&t(600, 200, 200), &s), Some("H1"));
        assert_eq!(sprt_decision(&t(200, 200, 600), &s), Some("H0"));
        assert!(SprtConfig::parse("10,0", 0.05, 0.05).is_err());
        assert!(SprtConfig::parse("0,10", 0.5, 0.05).is_err());
    }

    #[test]
    fn clocks_parse_in_whole_milliseconds() {
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
    }
}
