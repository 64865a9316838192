//! The engine: search over any game that implements [`Rules`], written once for every game.
//!
//! Iterative deepening over a principal-variation search, with the techniques a game opts into
//! through its hooks and a [`Techniques`] switchboard: aspiration windows, a transposition table
//! (with prefetch, allocated lazily), killer and history ordering, null-move pruning (where the
//! game's [`Rules::null_move`] allows a pass), late-move reductions and late-move pruning from
//! tables, extensions where the game says the side to move is in danger
//! ([`Rules::in_danger`]), staged move generation (the game's tactical moves first, the rest
//! only when needed), a bounded quiescence over the tactical moves, repetitions and the game's
//! draw counters inside the tree, game ends counted in plies, contempt, and the zones as a
//! [`Narrowing`].
//!
//! [`Techniques::PLAIN`] switches everything but the table and the killers off: the plain
//! alpha-beta every figure before the one engine was measured with, kept reachable so that
//! those figures stay reproducible, and the simple reference the tests check the engine against
//! ([`search_without_table`] has no table either).

mod deepening;
mod order;
mod table;
mod tree;

pub use table::{
    FALLBACK_HASH_MB, MAX_HASH_MB, MAX_TABLE_MB, check_hash_mb, max_hash_mb, total_memory_mb,
};

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A finished game as seen by the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terminal {
    /// The side to move has won.
    Win,
    /// The side to move has lost.
    Loss,
    /// Drawn.
    Draw,
}

impl Terminal {
    /// The end as `to_move` sees it when `winner` won (`None`: drawn).
    pub fn for_side(winner: Option<zonal_board::Side>, to_move: zonal_board::Side) -> Terminal {
        match winner {
            Some(w) if w == to_move => Terminal::Win,
            Some(_) => Terminal::Loss,
            None => Terminal::Draw,
        }
    }
}

/// What a game supplies to be searched.
pub trait Rules {
    /// A position (copied freely: copy-make).
    type Position: Copy;
    /// A move or ply.
    type Move: Copy + Eq + std::fmt::Debug;

    /// The legal moves of `pos` into `out` (cleared first); none when the game is over.
    fn moves(&self, pos: &Self::Position, out: &mut Vec<Self::Move>);
    /// The position after the legal move `mv`.
    fn play(&self, pos: &Self::Position, mv: Self::Move) -> Self::Position;
    /// The game's end, if `pos` shows one by itself (no history).
    fn terminal(&self, pos: &Self::Position) -> Option<Terminal>;
    /// The evaluation of `pos` for the side to move, in cp (100 = the game's unit of material).
    fn evaluate(&self, pos: &Self::Position) -> i32;
    /// A hash of what a repetition compares (the position without its counters).
    fn key(&self, pos: &Self::Position) -> u64;
    /// Whether `mv`, which led from `pos` to `next`, cannot be undone (a capture, a drop):
    /// positions before it never recur.
    fn irreversible(&self, pos: &Self::Position, mv: Self::Move, next: &Self::Position) -> bool;
    /// Whether a position reached by a move is drawn by a counter rule of the game (e.g. so many
    /// moves without a capture). Not asked of the root: a loaded position is played on. False by
    /// default.
    fn drawn_by_counter(&self, _pos: &Self::Position) -> bool {
        false
    }
    /// What a repetition inside the tree means for the side to move of the repeated position
    /// (the tree scores the first repetition since the last irreversible move). A draw by
    /// default; in some games one side loses by it.
    fn repetition(&self, _pos: &Self::Position) -> Terminal {
        Terminal::Draw
    }
    /// A move-ordering hint: larger first (captures, promotions). 0 by default.
    fn order_hint(&self, _pos: &Self::Position, _mv: Self::Move) -> i32 {
        0
    }
    /// The order hints of `moves` into `out` (cleared first), one a move: what
    /// [`Rules::order_hint`] gives each, which is the default. A game overrides it where a
    /// node's moves share work (the search asks for a node's moves at once).
    fn order_hints(&self, pos: &Self::Position, moves: &[Self::Move], out: &mut Vec<i32>) {
        out.clear();
        out.extend(moves.iter().map(|&mv| self.order_hint(pos, mv)));
    }
    /// The tactical moves of `pos` into `out` (cleared first), a part of its legal moves: the
    /// ones the quiescence search plays at the leaves (captures, moves that end the game), and
    /// the first stage of a node's moves. None by default: the leaves are evaluated as they
    /// stand.
    fn tactical_moves(&self, _pos: &Self::Position, out: &mut Vec<Self::Move>) {
        out.clear();
    }
    /// A number for `mv` in `pos`, for the table and the history: not 0, below 2^24, and
    /// different for different legal moves of one position (e.g. from-square x 256 +
    /// to-square + 1). 0 by default: the table keeps no moves and the history learns nothing.
    fn move_code(&self, _pos: &Self::Position, _mv: Self::Move) -> u32 {
        0
    }
    /// The position after the side to move passes (a null move), where passing is a sound
    /// test of "this position is good enough even without a move": `None` where the game is
    /// prone to zugzwang or a rule forces the next move. `None` by default (no null move).
    fn null_move(&self, _pos: &Self::Position) -> Option<Self::Position> {
        None
    }
    /// Whether the side to move must act at once (its most valuable piece or its goal
    /// threatened in one move, as the game defines it): such a node is
    /// searched one ply deeper, never pruned, and the quiescence may not stand pat in it.
    /// False by default.
    fn in_danger(&self, _pos: &Self::Position) -> bool {
        false
    }
    /// What the tactical move `mv` of `pos` wins, in cp, for the quiescence's delta pruning and
    /// its recapture rule ([`Techniques::delta_margin`], [`Techniques::quiescence_wide`]):
    /// `None` for a move the quiescence always tries (one that ends the game). `None` by
    /// default: no tactical move is ever skipped.
    fn capture_gain(&self, _pos: &Self::Position, _mv: Self::Move) -> Option<i32> {
        None
    }
    /// The square `mv` goes to, as a number (for the quiescence's recapture rule: deep in it
    /// only moves onto the square the last move went to are tried). `None` by default.
    fn destination(&self, _mv: Self::Move) -> Option<u32> {
        None
    }
    /// Whether the side to move has no move at all and loses by it, asked where the quiescence
    /// would stand pat (a search node with no moves is a loss anyway). False by default: a game
    /// where a blocked side loses says so in [`Rules::terminal`] or here.
    fn blocked(&self, _pos: &Self::Position) -> bool {
        false
    }
}

/// Which moves of a node the search looks at: all of them in a full-width search; the ones a
/// projection names in a zone-guided one ([`crate::guided`]).
pub trait Narrowing<R: Rules> {
    /// Keeps in `moves` (the legal moves of `pos`, `ply` plies from the root, in generation
    /// order) the ones to search, the first to search first (where the search's own order
    /// leaves a tie). A narrowing that would keep none must keep them all.
    fn narrow(&self, rules: &R, pos: &R::Position, ply: usize, moves: &mut Vec<R::Move>);
    /// [`Narrowing::narrow`] at a node below the root with `depth` plies left to search
    /// (after them, the quiescence search): a narrowing need look no further ahead than the
    /// search does. By default the depth is not used.
    fn narrow_at(
        &self,
        rules: &R,
        pos: &R::Position,
        ply: usize,
        depth: i32,
        moves: &mut Vec<R::Move>,
    ) {
        let _ = depth;
        self.narrow(rules, pos, ply, moves);
    }
    /// Whether the narrowing may keep fewer than all moves at `ply` (false: the search need
    /// not ask, and may generate the moves in stages). True by default.
    fn active(&self, ply: usize) -> bool {
        let _ = ply;
        true
    }
    /// Whether the kept move `mv` of `pos` (a node where the narrowing is active) deserves one
    /// ply more: the "deep" of Botvinnik's deep and narrow tree. False by default.
    fn extends(&self, rules: &R, pos: &R::Position, mv: R::Move) -> bool {
        let _ = (rules, pos, mv);
        false
    }
}

/// Every legal move at every node.
#[derive(Clone, Copy, Debug, Default)]
pub struct FullWidth;

impl<R: Rules> Narrowing<R> for FullWidth {
    fn narrow(&self, _: &R, _: &R::Position, _: usize, _: &mut Vec<R::Move>) {}
    fn active(&self, _: usize) -> bool {
        false
    }
}

/// Score of a won game at the root; a win in n plies scores `WIN - n`.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this are game ends.
pub const WIN_BOUND: i32 = WIN - 1_000;
const MAX_PLY: usize = 96;

/// When to stop.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration (plies).
    pub depth: Option<u32>,
    /// Most nodes.
    pub nodes: Option<u64>,
    /// Most milliseconds.
    pub movetime_ms: Option<u64>,
}

impl Limits {
    /// To a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// For a fixed time per move.
    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime_ms: Some(ms),
            ..Limits::default()
        }
    }

    /// For a fixed number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The best move; `None` when the game is over.
    pub best: Option<M>,
    /// Its score in cp for the side to move (game ends: `WIN - plies` or its negative).
    pub score: i32,
    /// The principal variation.
    pub line: Vec<M>,
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Every root move searched, with its score at the last iteration that searched it, best
    /// first. The first [`Techniques::multipv`] are exact; the others may be upper bounds (the
    /// move was refuted, not measured).
    pub root: Vec<RootScore<M>>,
    /// Deepest ply reached (the quiescence included).
    pub seldepth: u32,
}

/// A root move as a search left it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootScore<M> {
    /// The move.
    pub mv: M,
    /// Its score for the side to move (as [`SearchResult::score`]).
    pub score: i32,
    /// Its principal line, the move first (only the move when it was refuted by a bound).
    pub line: Vec<M>,
    /// Whether the score is exact (otherwise an upper bound: the move was refuted).
    pub exact: bool,
    /// Depth of the iteration that scored it.
    pub depth: u32,
}

/// A finished iteration, as [`Control::progress`] is told of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress<'a, M> {
    /// The iteration's depth (plies).
    pub depth: u32,
    /// The best score for the side to move, as [`SearchResult::score`].
    pub score: i32,
    /// Nodes searched so far (in [`search_narrowed_with`], both searches' nodes).
    pub nodes: u64,
    /// Milliseconds since the search began.
    pub millis: u64,
    /// The principal variation.
    pub line: &'a [M],
    /// Deepest ply reached so far (the quiescence included).
    pub seldepth: u32,
    /// Permille of the transposition table written (of a sample of its first entries).
    pub hashfull: u32,
}

/// The callback of [`Control::progress`].
pub type ProgressFn<'f, M> = dyn Fn(&Progress<'_, M>) + 'f;

/// What a caller controls of a search beyond its [`Limits`]: a flag that stops it from another
/// thread, a callback told of each finished iteration, and a soft time limit. The default
/// controls nothing: the search runs as [`search`] does.
pub struct Control<'a, M> {
    /// Set (by any thread) to stop the search: it returns the last finished iteration (the
    /// first one is always finished). Checked where the node and time budget are.
    pub stop: Option<&'a AtomicBool>,
    /// Called after each finished iteration, on the searching thread.
    pub progress: Option<&'a ProgressFn<'a, M>>,
    /// Milliseconds after which no new iteration begins (the hard limit stays
    /// [`Limits::movetime_ms`]); see [`clock_budget`].
    pub soft_ms: Option<u64>,
}

impl<M> Default for Control<'_, M> {
    fn default() -> Self {
        Control {
            stop: None,
            progress: None,
            soft_ms: None,
        }
    }
}

impl<M> Clone for Control<'_, M> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<M> Copy for Control<'_, M> {}

impl<M> std::fmt::Debug for Control<'_, M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Control")
            .field("stop", &self.stop)
            .field("progress", &self.progress.is_some())
            .field("soft_ms", &self.soft_ms)
            .finish()
    }
}

impl<M> Control<'_, M> {
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// Milliseconds a game clock keeps back for the round trip of a move (reading it, answering).
pub const CLOCK_RESERVE_MS: u64 = 30;

/// The time of one move on a game clock with `remaining_ms` left, `increment_ms` added per move
/// and `moves_to_go` moves to the next time control (none: sudden death, planned as 30):
/// `(soft, hard)` in ms, `1 <= soft <= hard`. No new iteration should begin after `soft`
/// ([`Control::soft_ms`]); the search stops at `hard` ([`Limits::movetime_ms`]). The target is
/// the time left (less [`CLOCK_RESERVE_MS`]) over the moves to go, plus three quarters of the
/// increment; the hard limit three targets, but never more than half the time left plus half
/// the increment.
pub fn clock_budget(remaining_ms: u64, increment_ms: u64, moves_to_go: Option<u32>) -> (u64, u64) {
    let usable = remaining_ms.saturating_sub(CLOCK_RESERVE_MS);
    let moves = u64::from(moves_to_go.unwrap_or(30).clamp(1, 50));
    let three_quarters = increment_ms / 4 * 3 + increment_ms % 4 * 3 / 4;
    let target = (usable / moves).saturating_add(three_quarters).min(usable);
    let hard = target
        .saturating_mul(3)
        .min(usable / 2 + increment_ms / 2)
        .min(usable)
        .max(1);
    (target.max(1).min(hard), hard)
}

/// How the zones of a [`Narrowing`] shape the tree at the nodes where it names moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ZoneStyle {
    /// Only the named moves are searched (at the root's opponent's nodes the others too where
    /// the named ones all lose): Botvinnik's narrow tree.
    Cut,
    /// Every move is searched; the named ones first, never reduced, the others reduced one ply
    /// more than the late-move reductions would (at nodes where the zones name some moves).
    Steer,
    /// Every move is searched as in the full-width search; the named ones first, never reduced.
    Order,
    /// Every move is searched as in the full-width search; the named ones first (they are
    /// reduced like any other).
    OrderReduced,
    /// Every move is searched; the named ones first, reduced like any other but never pruned,
    /// the others reduced one ply more than the late-move reductions would (where the zones
    /// name some moves).
    SteerReduced,
}

impl ZoneStyle {
    /// Every style, by name.
    pub const ALL: [ZoneStyle; 5] = [
        ZoneStyle::Cut,
        ZoneStyle::Steer,
        ZoneStyle::Order,
        ZoneStyle::OrderReduced,
        ZoneStyle::SteerReduced,
    ];

    /// `cut`, `steer`, `order`, `order-reduced` or `steer-reduced`.
    pub const fn name(self) -> &'static str {
        match self {
            ZoneStyle::Cut => "cut",
            ZoneStyle::Steer => "steer",
            ZoneStyle::Order => "order",
            ZoneStyle::OrderReduced => "order-reduced",
            ZoneStyle::SteerReduced => "steer-reduced",
        }
    }

    /// Whether the moves the zones do not name are reduced one ply more than the others.
    pub const fn reduces_unnamed(self) -> bool {
        matches!(self, ZoneStyle::Steer | ZoneStyle::SteerReduced)
    }

    /// Whether the named moves are kept from the late-move reductions.
    pub const fn keeps_named(self) -> bool {
        matches!(self, ZoneStyle::Order | ZoneStyle::Steer)
    }

    /// Whether the named moves are kept from the late-move pruning (every style that searches
    /// the unnamed moves too, but the plain order).
    pub const fn spares_named(self) -> bool {
        matches!(
            self,
            ZoneStyle::Order | ZoneStyle::Steer | ZoneStyle::SteerReduced
        )
    }

    /// The style named `text` ([`ZoneStyle::name`]).
    pub fn parse(text: &str) -> Option<ZoneStyle> {
        ZoneStyle::ALL.into_iter().find(|s| s.name() == text)
    }
}

/// How many plies the late-move reductions take off a late quiet move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Schedule {
    /// About ln(depth) x ln(move number) / 2 (a table in integers), from the third move
    /// searched (the fifth at a node of the principal variation, one ply less there).
    Log,
    /// One ply from the fourth move searched (the sixth at a node of the principal variation),
    /// two from the thirteenth at depth 6 or more: more at shallow depths, less deep down.
    Step,
}

impl Schedule {
    /// `log` or `step`.
    pub const fn name(self) -> &'static str {
        match self {
            Schedule::Log => "log",
            Schedule::Step => "step",
        }
    }

    /// The schedule named `text` ([`Schedule::name`]).
    pub fn parse(text: &str) -> Option<Schedule> {
        [Schedule::Log, Schedule::Step]
            .into_iter()
            .find(|s| s.name() == text)
    }
}

/// Which of the engine's techniques a search uses. [`Techniques::ENGINE`] is the engine of
/// play; [`Techniques::PLAIN`] the plain alpha-beta (table and killers only, every root move
/// scored exactly), the reference and the figures before the one engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Techniques {
    /// Root moves whose score is made exact each iteration (the others are bounds); 1 for play,
    /// `usize::MAX` for a ranking of every move.
    pub multipv: usize,
    /// Aspiration windows around the last iteration's score (with `multipv` 1).
    pub aspiration: bool,
    /// Size of the transposition table in MiB (0: none).
    pub table_mb: usize,
    /// Use a table entry searched deeper than needed, and cut with it only outside the
    /// principal variation (off: only an entry of exactly the depth needed, anywhere; with the
    /// pruning off the scores are then the same with or without the table).
    pub table_deeper: bool,
    /// Order by history: the tactical moves by the game's hint, then killers, then the moves
    /// that cut off most often (off: the table's move, the killers, then the game's hint).
    pub history: bool,
    /// Null-move pruning where the game allows a pass ([`Rules::null_move`]).
    pub null_move: bool,
    /// Late-move reductions of quiet moves (by [`Techniques::schedule`]).
    pub reductions: bool,
    /// How much the late-move reductions take off.
    pub schedule: Schedule,
    /// Late-move pruning: near the leaves, quiet moves after the first few are not searched.
    pub late_move_pruning: bool,
    /// One ply more where the side to move is in danger ([`Rules::in_danger`]), and no stand
    /// pat for it in the quiescence.
    pub extensions: bool,
    /// Staged move generation: the tactical moves first, the rest only if they do not cut off.
    pub staged: bool,
    /// Deepest tactical sequence of the quiescence (`None`: unbounded).
    pub quiescence_depth: Option<u32>,
    /// Quiescence plies in which every tactical move is tried; deeper (with a bounded
    /// [`Techniques::quiescence_depth`]), only recaptures onto the square the last move went to
    /// ([`Rules::destination`]) and the moves with no gain to bound ([`Rules::capture_gain`]).
    /// `None`: every ply.
    pub quiescence_wide: Option<u32>,
    /// Delta pruning: a quiescence move whose gain ([`Rules::capture_gain`]) cannot lift the
    /// standing score to within this many cp of alpha is not tried. `None`: off.
    pub delta_margin: Option<i32>,
    /// The quiescence's first plies in which a side in danger may not stand pat and tries every
    /// move (with [`Techniques::extensions`]; `None`: every ply).
    pub danger_plies: Option<u32>,
    /// What a draw is worth to the searching side, in cp, taken off (its opponent gains it).
    pub contempt: i32,
    /// How the narrowing's named moves shape the tree.
    pub zone_style: ZoneStyle,
    /// With a fixed time per move and no soft limit (no game clock), new iterations begin until
    /// the time is up: the moves an unfinished iteration searched to the end count. Off: with
    /// [`Techniques::history`], no iteration begins after half the time.
    pub whole_movetime: bool,
}

impl Techniques {
    /// The plain alpha-beta: table (exact depth) and killers, every root move exact.
    pub const PLAIN: Techniques = Techniques {
        multipv: usize::MAX,
        aspiration: false,
        table_mb: 8,
        table_deeper: false,
        history: false,
        null_move: false,
        reductions: false,
        schedule: Schedule::Log,
        late_move_pruning: false,
        extensions: false,
        staged: false,
        quiescence_depth: None,
        quiescence_wide: None,
        delta_margin: None,
        danger_plies: Some(2),
        contempt: 0,
        zone_style: ZoneStyle::Cut,
        whole_movetime: false,
    };

    /// The engine of play: every technique on.
    pub const ENGINE: Techniques = Techniques {
        multipv: 1,
        aspiration: true,
        table_mb: 16,
        table_deeper: true,
        history: true,
        null_move: true,
        reductions: true,
        schedule: Schedule::Log,
        late_move_pruning: true,
        extensions: true,
        staged: true,
        quiescence_depth: Some(8),
        quiescence_wide: None,
        delta_margin: None,
        danger_plies: Some(2),
        contempt: 0,
        zone_style: ZoneStyle::Cut,
        // Measured: no gain (NOTES.md, issue 26, third part); `wholetime=on` turns it on.
        whole_movetime: false,
    };

    /// The engine's pruning off ([`Techniques::ENGINE`] with exact scores for every root move
    /// and no null move, reductions or late-move pruning): what `analyse` ranks moves with.
    pub const fn exact(self) -> Techniques {
        Techniques {
            multipv: usize::MAX,
            aspiration: false,
            null_move: false,
            reductions: false,
            late_move_pruning: false,
            ..self
        }
    }

    /// The switches by name, for `key=value` player specs and `setoption`: `on`/`off` for the
    /// switches (`lmr` also `log` or `step`, its [`Schedule`]), numbers for `multipv`, `hash`,
    /// `qdepth`, `qwide`, `qdanger`, `delta` and `contempt` (`none` for no bound where one is
    /// optional), a [`ZoneStyle`] name for `style`. Returns what went wrong.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let switch = |v: &str| {
            Techniques::switch(v).ok_or_else(|| format!("{key}: expected on or off, not {v:?}"))
        };
        let number = |v: &str, max: u64| {
            v.parse::<u64>()
                .ok()
                .filter(|&n| n <= max)
                .ok_or_else(|| format!("{key}: expected a number 0-{max}, not {v:?}"))
        };
        let optional = |v: &str, max: u64| match v {
            "none" | "off" => Ok(None),
            v => number(v, max).map(|n| Some(n as u32)),
        };
        match key {
            "aspiration" => self.aspiration = switch(value)?,
            "history" => self.history = switch(value)?,
            "null" => self.null_move = switch(value)?,
            "lmr" => match Schedule::parse(value) {
                Some(schedule) => {
                    self.reductions = true;
                    self.schedule = schedule;
                }
                None => self.reductions = switch(value)?,
            },
            "lmp" => self.late_move_pruning = switch(value)?,
            "extensions" => self.extensions = switch(value)?,
            "staged" => self.staged = switch(value)?,
            "deeper" => self.table_deeper = switch(value)?,
            "wholetime" => self.whole_movetime = switch(value)?,
            "multipv" => self.multipv = number(value, 256)?.max(1) as usize,
            "hash" => {
                let mb = number(value, MAX_TABLE_MB as u64)? as usize;
                check_hash_mb(mb).map_err(|e| format!("hash: {e}"))?;
                self.table_mb = mb;
            }
            "qdepth" => {
                self.quiescence_depth = match value {
                    "none" => None,
                    v => Some(number(v, 64)? as u32),
                }
            }
            "contempt" => self.contempt = number(value, 1_000)? as i32,
            "qwide" => self.quiescence_wide = optional(value, 64)?,
            "qdanger" => self.danger_plies = optional(value, 64)?,
            "delta" => self.delta_margin = optional(value, 100_000)?.map(|m| m as i32),
            "style" => {
                self.zone_style = ZoneStyle::parse(value).ok_or_else(|| {
                    format!("style: expected cut, steer, order or order-reduced, not {value:?}")
                })?
            }
            _ => return Err(format!("{key:?} is not a search technique")),
        }
        Ok(())
    }

    /// A switch's value: `on`, `1` or `true`; `off`, `0` or `false`; `None` for any other text.
    pub fn switch(text: &str) -> Option<bool> {
        match text {
            "on" | "1" | "true" => Some(true),
            "off" | "0" | "false" => Some(false),
            _ => None,
        }
    }

    /// The names [`Techniques::set`] takes.
    pub const KEYS: [&'static str; 17] = [
        "aspiration",
        "history",
        "null",
        "lmr",
        "lmp",
        "extensions",
        "staged",
        "deeper",
        "wholetime",
        "multipv",
        "hash",
        "qdepth",
        "contempt",
        "qwide",
        "qdanger",
        "delta",
        "style",
    ];
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques::ENGINE
    }
}

/// The engine of one game: its [`Techniques`], and what it keeps from one search to the next of
/// a game (the transposition table, the history).
pub struct Engine {
    techniques: Techniques,
    table: table::Table,
    history: order::History,
}

impl Engine {
    /// An engine using `techniques` (its table is allocated lazily: pages as they are used).
    pub fn new(techniques: Techniques) -> Engine {
        Engine {
            techniques,
            table: table::Table::new(techniques.table_mb),
            history: order::History::new(),
        }
    }

    /// The techniques.
    pub fn techniques(&self) -> &Techniques {
        &self.techniques
    }

    /// Permille of the table written by the last search (of a sample of its first entries).
    pub fn hashfull(&self) -> u32 {
        self.table.permille_full()
    }

    /// A new game: forgets the table and the history.
    pub fn new_game(&mut self) {
        self.table = table::Table::new(self.techniques.table_mb);
        self.history.clear();
    }

    /// Searches `pos` within `limits` over the moves `narrowing` keeps ([`FullWidth`]: all),
    /// under `control`. `history` holds the keys ([`Rules::key`]) of the game's positions before
    /// `pos` since its last irreversible move: meeting one again is a repetition.
    pub fn search<R: Rules, N: Narrowing<R>>(
        &mut self,
        rules: &R,
        narrowing: &N,
        pos: &R::Position,
        history: &[u64],
        limits: &Limits,
        control: &Control<'_, R::Move>,
    ) -> SearchResult<R::Move> {
        let clock = deepening::Clock {
            start: Instant::now(),
            nodes_before: 0,
        };
        deepening::run(self, rules, narrowing, pos, history, limits, control, clock)
    }

    /// [`Engine::search`] over the moves `narrowing` keeps; where the narrowed tree says the
    /// side to move is lost (or keeps no move at the root), a full-width search within the same
    /// limits decides instead, so a narrowing never reports a forced loss that the full tree
    /// refutes; the nodes of both count, and the progress of the second counts the first's.
    pub fn search_narrowed<R: Rules, N: Narrowing<R>>(
        &mut self,
        rules: &R,
        narrowing: &N,
        pos: &R::Position,
        history: &[u64],
        limits: &Limits,
        control: &Control<'_, R::Move>,
    ) -> SearchResult<R::Move> {
        let start = Instant::now();
        let clock = deepening::Clock {
            start,
            nodes_before: 0,
        };
        let narrow = deepening::run(self, rules, narrowing, pos, history, limits, control, clock);
        if narrow.best.is_some() && narrow.score >= -WIN_BOUND {
            return narrow;
        }
        let elapsed = start.elapsed().as_millis() as u64;
        let mut rest = *limits;
        rest.nodes = limits.nodes.map(|n| n.saturating_sub(narrow.nodes).max(1));
        rest.movetime_ms = limits
            .movetime_ms
            .map(|ms| ms.saturating_sub(elapsed).max(1));
        let mut rest_control = *control;
        rest_control.soft_ms = control.soft_ms.map(|ms| ms.saturating_sub(elapsed).max(1));
        let clock = deepening::Clock {
            start,
            nodes_before: narrow.nodes,
        };
        let mut wide = deepening::run(
            self,
            rules,
            &FullWidth,
            pos,
            history,
            &rest,
            &rest_control,
            clock,
        );
        wide.nodes += narrow.nodes;
        if wide.best.is_none() { narrow } else { wide }
    }
}

/// Searches `pos` within `limits` with the plain alpha-beta ([`Techniques::PLAIN`]; depth 64 at
/// most; with no limit at all, depth 4). `history` holds the keys ([`Rules::key`]) of the game's
/// positions before `pos` since its last irreversible move: meeting one of them again is a
/// repetition.
pub fn search<R: Rules>(
    rules: &R,
    pos: &R::Position,
    history: &[u64],
    limits: &Limits,
) -> SearchResult<R::Move> {
    search_with(rules, &FullWidth, pos, history, limits, &Control::default())
}

/// [`search`] over the moves `narrowing` keeps at each node (see [`Engine::search_narrowed`]).
/// Below the root the narrowing is told the plies left ([`Narrowing::narrow_at`]); at the nodes
/// of the root's opponent whose kept moves all lose, the moves it left out are searched too
/// (where the window asks), so a reported win is one the full tree confirms as well.
pub fn search_narrowed<R: Rules, N: Narrowing<R>>(
    rules: &R,
    narrowing: &N,
    pos: &R::Position,
    history: &[u64],
    limits: &Limits,
) -> SearchResult<R::Move> {
    search_narrowed_with(rules, narrowing, pos, history, limits, &Control::default())
}

/// [`search`] over the moves `narrowing` keeps at each node ([`FullWidth`]: all of them, as
/// [`search`]), under `control`: stopped by its flag, telling its callback of each finished
/// iteration, beginning no iteration after its soft limit. With the default control the result
/// is [`search`]'s.
pub fn search_with<R: Rules, N: Narrowing<R>>(
    rules: &R,
    narrowing: &N,
    pos: &R::Position,
    history: &[u64],
    limits: &Limits,
    control: &Control<'_, R::Move>,
) -> SearchResult<R::Move> {
    Engine::new(Techniques::PLAIN).search(rules, narrowing, pos, history, limits, control)
}

/// [`search_narrowed`] under `control` (see [`search_with`]).
pub fn search_narrowed_with<R: Rules, N: Narrowing<R>>(
    rules: &R,
    narrowing: &N,
    pos: &R::Position,
    history: &[u64],
    limits: &Limits,
    control: &Control<'_, R::Move>,
) -> SearchResult<R::Move> {
    Engine::new(Techniques::PLAIN).search_narrowed(rules, narrowing, pos, history, limits, control)
}

/// [`search`] without the transposition table: the plain reference the tests compare the
/// table's results with (same scores at a fixed depth).
pub fn search_without_table<R: Rules>(
    rules: &R,
    pos: &R::Position,
    history: &[u64],
    limits: &Limits,
) -> SearchResult<R::Move> {
    let techniques = Techniques {
        table_mb: 0,
        ..Techniques::PLAIN
    };
    Engine::new(techniques).search(rules, &FullWidth, pos, history, limits, &Control::default())
}

#[cfg(test)]
mod tests;
