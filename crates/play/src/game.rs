//! What a game supplies to play: [`PlayGame`] (positions, moves, the end of a game, records),
//! its player [`Settings`] (spec keys and protocol options) and its [`Searcher`] (one engine
//! kept for a whole game).

use crate::command::{Clock, GoParams};
use std::fmt::{Debug, Display};
use std::sync::atomic::AtomicBool;
use zonal_board::Side;
use zonal_core::{Limits, SearchResult, WIN, WIN_BOUND, clock_budget};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The winner; `None` for a draw.
    pub winner: Option<Side>,
    /// A short name for match reports (`king_captured`, `den`, `repetition`, ...).
    pub reason: String,
    /// The end in words (`info string game over: ...`, records).
    pub text: String,
}

/// A score as the protocol writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns (100 = a unit of material) for the side to move.
    Cp(i32),
    /// The side to move wins with its N-th move (`mate N`).
    Win(u32),
    /// The side to move loses after N moves of the other side (`mate -N`).
    Loss(u32),
}

impl Score {
    /// A score of the core's search ([`zonal_core::WIN`] less the plies for a game end): mates
    /// count whole moves.
    pub fn from_core(score: i32) -> Score {
        if score > WIN_BOUND {
            Score::Win(((WIN - score + 1) / 2) as u32)
        } else if score < -WIN_BOUND {
            Score::Loss(((WIN + score) / 2) as u32)
        } else {
            Score::Cp(score)
        }
    }
}

impl Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Win(n) => write!(f, "mate {n}"),
            Score::Loss(n) => write!(f, "mate -{n}"),
        }
    }
}

/// A finished iteration of a search, for the protocol's `info` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info<M> {
    /// The iteration's depth.
    pub depth: u32,
    /// The deepest ply reached, if the searcher reports it.
    pub seldepth: Option<u32>,
    /// The best score.
    pub score: Score,
    /// Nodes so far.
    pub nodes: u64,
    /// Milliseconds since the search began.
    pub millis: u64,
    /// Permille of the table written, if the searcher reports it.
    pub hashfull: Option<u32>,
    /// The principal variation.
    pub pv: Vec<M>,
}

impl<M: Display> Info<M> {
    /// The `info` line: `info depth D [seldepth S] score ... nodes N nps N time MS [hashfull H]
    /// [pv ...]`.
    pub fn line(&self) -> String {
        let nps = self.nodes.saturating_mul(1000) / self.millis.max(1);
        let mut line = format!("info depth {}", self.depth);
        if let Some(s) = self.seldepth {
            line += &format!(" seldepth {s}");
        }
        line += &format!(
            " score {} nodes {} nps {nps} time {}",
            self.score, self.nodes, self.millis
        );
        if let Some(h) = self.hashfull {
            line += &format!(" hashfull {h}");
        }
        if !self.pv.is_empty() {
            line.push_str(" pv");
            for mv in &self.pv {
                line.push(' ');
                line.push_str(&mv.to_string());
            }
        }
        line
    }
}

/// What one move may use: the limits as given (a `go` command's, or a match's with a player's
/// own), with the game clock, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Depth, nodes and time per move as given.
    pub limits: Limits,
    /// The game clock, if the move is played on one.
    pub clock: Option<Clock>,
    /// The side to move.
    pub side: Side,
}

/// Deepest search without any limit (until `stop`): the core's deepest.
pub const INFINITE_DEPTH: u32 = 64;

impl Budget {
    /// The budget of a `go` for `side`.
    pub fn of_go(go: &GoParams, side: Side) -> Budget {
        Budget {
            limits: Limits {
                depth: go.depth,
                nodes: go.nodes,
                movetime_ms: go.movetime_ms,
            },
            clock: go.clock,
            side,
        }
    }

    /// The core's limits and soft time limit ([`zonal_core::Control::soft_ms`]): a clock
    /// becomes [`clock_budget`]'s soft and hard limits for the side to move (with a movetime,
    /// the smaller); no limit at all searches to depth [`INFINITE_DEPTH`] (until `stop`).
    pub fn core(&self) -> (Limits, Option<u64>) {
        let mut core = self.limits;
        let mut soft = None;
        if let Some(clock) = self.clock {
            let i = usize::from(self.side == Side::Black);
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
}

/// A player's engine, kept for a whole game (its table and history survive from move to move;
/// [`Searcher::new_game`] forgets them).
pub trait Searcher<G: PlayGame>: Send {
    /// A new game begins.
    fn new_game(&mut self);
    /// The search of `pos` (`history`: the repetition keys of the game's positions before it)
    /// within `budget`; `stop` ends it early (the last finished iteration counts); `info` is
    /// told of each finished iteration.
    fn search(
        &mut self,
        pos: &G::Position,
        history: &[u64],
        budget: &Budget,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move>;
}

/// A built-in player's configuration beyond its limits: the keys of a player spec
/// (`key=value`, see [`crate::spec`]) and the options of the protocol's `setoption`.
pub trait Settings: Clone + Debug + Send + Sync + 'static {
    /// Sets spec key `key` to `value`: `Ok(false)` for a key the game does not have, `Err` for
    /// a bad value (what was expected).
    fn set(&mut self, key: &str, value: &str) -> Result<bool, String>;
    /// The keys [`Settings::set`] takes, for error messages (`mode=zones|full, horizon, ...`).
    fn keys(&self) -> String;
    /// The spec as text, with the player's own limits (records and reports name players so).
    fn describe(&self, limits: &Limits) -> String;
    /// The `option name ...` lines of `uci`.
    fn options(&self) -> Vec<String>;
    /// `setoption name <name> value <value>`; the error is the whole message.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String>;
    /// A match plays `jobs` games at once: a table budget given is shared by the copies.
    fn share_hash(&mut self, jobs: usize) {
        let _ = jobs;
    }
}

/// What playing a game needs of it: the engine protocol session ([`crate::session`]), the
/// match runner ([`crate::matches`]) and the player spec ([`crate::spec`]).
pub trait PlayGame: Sized + 'static {
    /// The name `--game` takes.
    const ID: &'static str;
    /// The name errors and reports show.
    const NAME: &'static str;
    /// Whether the game counts material leads, for the conversion figure of match reports
    /// ([`PlayGame::ahead`]).
    const CONVERSION: bool = false;
    /// A position; its `Display` is the position string `position fen` takes.
    type Position: Clone + Display + Send + Sync + 'static;
    /// A move; its `Display` is the notation of `bestmove` and `pv`.
    type Move: Copy + Eq + Debug + Display + Send + Sync + 'static;
    /// A game in progress, with what its draw rules need.
    type Game: Clone + Send + 'static;
    /// A built-in player's configuration.
    type Settings: Settings;
    /// A built-in player's engine.
    type Searcher: Searcher<Self>;

    /// The `id name` of `uci`.
    fn engine_name() -> String;
    /// The start positions `position` and `--openings` take by name (`startpos` first).
    fn starts() -> Vec<&'static str>;
    /// The start position of a name of [`PlayGame::starts`].
    fn start(name: &str) -> Option<Self::Position>;
    /// A position string.
    fn parse_position(text: &str) -> Result<Self::Position, String>;
    /// A game from `start`.
    fn new_game(start: Self::Position) -> Self::Game;
    /// Plays a move given as text; what is wrong with it otherwise.
    fn play_text(game: &mut Self::Game, text: &str) -> Result<(), String>;
    /// Every text [`PlayGame::play_text`] takes for `mv` in `pos` (its notation first).
    fn move_texts(pos: &Self::Position, mv: &Self::Move) -> Vec<String> {
        let _ = pos;
        vec![mv.to_string()]
    }
    /// The game's current position.
    fn current(game: &Self::Game) -> Self::Position;
    /// The side to move.
    fn side(pos: &Self::Position) -> Side;
    /// A side as the game calls it in words (`white`, `black`; Hnefatafl's `defenders` and
    /// `attackers`): match reports name the side that forfeits so.
    fn side_name(side: Side) -> &'static str {
        match side {
            Side::White => "white",
            Side::Black => "black",
        }
    }
    /// How the game ended, if it did.
    fn end(game: &Self::Game) -> Option<GameEnd>;
    /// The repetition key of a position (what a search's history holds).
    fn key(pos: &Self::Position) -> u64;
    /// Whether the move from `before` to `after` cannot be undone (the protocol's history
    /// then starts afresh). False by default: the history holds every position.
    fn irreversible(before: &Self::Position, after: &Self::Position) -> bool {
        let _ = (before, after);
        false
    }
    /// The side with a winning material lead in `pos`, for [`PlayGame::CONVERSION`].
    fn ahead(pos: &Self::Position) -> Option<Side> {
        let _ = pos;
        None
    }
    /// The settings of a player given no keys (and of the protocol before `setoption`).
    fn settings() -> Self::Settings;
    /// An engine of `settings`.
    fn searcher(settings: &Self::Settings) -> Self::Searcher;
    /// A finished game as a line of the game's position files (`zonal play FILE --id game-N`
    /// replays it).
    fn record_line(record: &GameRecord<Self>) -> String;
    /// What a records file begins with (the players, the game's line), if anything.
    fn records_header(engine1: &str, engine2: &str) -> String {
        let _ = (engine1, engine2);
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_in_protocol_form() {
        let text = |s| Score::from_core(s).to_string();
        assert_eq!(text(35), "cp 35");
        assert_eq!(text(-120), "cp -120");
        assert_eq!(text(WIN - 1), "mate 1");
        assert_eq!(text(WIN - 3), "mate 2");
        assert_eq!(text(-(WIN - 2)), "mate -1");
        assert_eq!(text(-(WIN - 4)), "mate -2");
    }

    #[test]
    fn clocks_become_soft_and_hard_limits_of_the_side_to_move() {
        let go = |line: &str| match crate::command::Command::parse(line) {
            Ok(Some(crate::command::Command::Go(go))) => go,
            other => panic!("{line}: {other:?}"),
        };
        let clocked = go("go wtime 10000 btime 2030 winc 100 movestogo 10");
        let (white, soft) = Budget::of_go(&clocked, Side::White).core();
        let (w_soft, w_hard) = clock_budget(10_000, 100, Some(10));
        assert_eq!((white.movetime_ms, soft), (Some(w_hard), Some(w_soft)));
        let (black, soft) = Budget::of_go(&clocked, Side::Black).core();
        assert_eq!((black.movetime_ms, soft), (Some(600), Some(200)));
        // A movetime below the clock's hard limit wins.
        let (white, soft) = Budget::of_go(&go("go wtime 60000 movetime 50"), Side::White).core();
        assert_eq!((white.movetime_ms, soft), (Some(50), Some(50)));
        // No limit: as deep as the core goes, until `stop`.
        let (limits, _) = Budget::of_go(&go("go infinite"), Side::Black).core();
        assert_eq!(limits.depth, Some(INFINITE_DEPTH));
        assert_eq!(
            Budget::of_go(&go("go depth 3"), Side::White).core(),
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
    fn info_lines_with_and_without_the_extras() {
        let mut info = Info {
            depth: 3,
            seldepth: None,
            score: Score::Cp(-7),
            nodes: 5_000,
            millis: 20,
            hashfull: None,
            pv: vec!["e2e4", "e7e5"],
        };
        assert_eq!(
            info.line(),
            "info depth 3 score cp -7 nodes 5000 nps 250000 time 20 pv e2e4 e7e5"
        );
        info.seldepth = Some(5);
        info.hashfull = Some(12);
        info.pv.clear();
        info.millis = 0;
        assert_eq!(
            info.line(),
            "info depth 3 seldepth 5 score cp -7 nodes 5000 nps 5000000 time 0 hashfull 12"
        );
    }
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameRecord<G: PlayGame> {
    /// 1-based game number.
    pub number: usize,
    /// The opening's id.
    pub opening: String,
    /// The start position.
    pub start: G::Position,
    /// The game as played.
    pub game: G::Game,
    /// The moves played, as the players wrote them.
    pub moves: Vec<String>,
    /// The winner, if any.
    pub winner: Option<Side>,
    /// Why the game ended: the game's reason ([`crate::game::GameEnd::reason`]),
    /// [`MOVE_LIMIT`], [`ENGINE_ERROR`], [`ILLEGAL_MOVE`] or [`TIME_FORFEIT`].
    pub reason: String,
    /// What went wrong, for a loss by a player's failure.
    pub error: Option<String>,
    /// The player of White.
    pub white: String,
    /// The player of Black.
    pub black: String,
    /// engine1's colour.
    pub engine1: Side,
    /// The first side to lead in material ([`PlayGame::ahead`]) for [`ADVANTAGE_PLIES`] plies
    /// in a row.
    pub advantage: Option<Side>,
}

impl<G: PlayGame> GameRecord<G> {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_text(&self) -> &'static str {
        match self.winner {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
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

    /// The end in words: the failure (`forfeit by white (engine_error): ...`, the side as
    /// [`PlayGame::side_name`] calls it), the game's end,
    /// or `unfinished (move limit)`.
    pub fn end_text(&self) -> String {
        match (&self.error, self.winner) {
            (Some(e), Some(winner)) => {
                let loser = G::side_name(winner.other());
                format!("forfeit by {loser} ({}): {e}", self.reason)
            }
            _ => {
                G::end(&self.game).map_or_else(|| "unfinished (move limit)".to_string(), |e| e.text)
            }
        }
    }
}
