//! Search over any game that implements [`Rules`].

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
    /// The tactical moves of `pos` into `out` (cleared first): the ones the quiescence search
    /// plays at the leaves (captures). None by default: the leaves are evaluated as they stand.
    fn tactical_moves(&self, _pos: &Self::Position, out: &mut Vec<Self::Move>) {
        out.clear();
    }
}

/// Which moves of a node the search looks at: all of them in a full-width search; the ones a
/// projection names in a zone-guided one ([`crate::guided`]).
pub trait Narrowing<R: Rules> {
    /// Keeps in `moves` (the legal moves of `pos`, `ply` plies from the root, in generation
    /// order) the ones to search. A narrowing that would keep none must keep them all.
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
}

/// Every legal move at every node.
#[derive(Clone, Copy, Debug, Default)]
pub struct FullWidth;

impl<R: Rules> Narrowing<R> for FullWidth {
    fn narrow(&self, _: &R, _: &R::Position, _: usize, _: &mut Vec<R::Move>) {}
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
    /// Every root move with its score at the last finished iteration, best first.
    pub root: Vec<(M, i32)>,
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

#[derive(Clone, Copy)]
struct Entry<M> {
    key: u64,
    depth: i32,
    score: i32,
    bound: u8,
    best: Option<M>,
}

const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;
const TABLE_SLOTS: usize = 1 << 18;

struct Searcher<'a, R: Rules, N: Narrowing<R>> {
    rules: &'a R,
    narrowing: &'a N,
    limits: Limits,
    control: Control<'a, R::Move>,
    start: Instant,
    nodes: u64,
    stopped: bool,
    table: Vec<Option<Entry<R::Move>>>,
    killers: [[Option<R::Move>; 2]; MAX_PLY],
    /// Keys of the positions on the path (and of the game before the root), for repetitions.
    path: Vec<u64>,
    /// Index in `path` from which positions may repeat (after the last irreversible move).
    reversible_from: Vec<usize>,
    /// Whether the transposition table is used (off: the plain reference search).
    use_table: bool,
}

impl<R: Rules, N: Narrowing<R>> Searcher<'_, R, N> {
    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.control.stopped() {
            self.stopped = true;
        }
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        }
        if self.nodes & 1023 == 0
            && self
                .limits
                .movetime_ms
                .is_some_and(|ms| self.start.elapsed().as_millis() as u64 >= ms)
        {
            self.stopped = true;
        }
        self.stopped
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (TABLE_SLOTS - 1)
    }

    /// The moves of `pos` to search, best first, and how many of them the narrowing kept. At
    /// the nodes of the root's opponent (odd plies) the moves it left out follow, ordered too:
    /// they are searched only where the kept ones all lose ([`Searcher::negamax`]).
    fn ordered(
        &self,
        pos: &R::Position,
        ply: usize,
        depth: i32,
        tt_move: Option<R::Move>,
    ) -> (Vec<R::Move>, usize) {
        let mut kept = Vec::with_capacity(48);
        self.rules.moves(pos, &mut kept);
        let all = (ply % 2 == 1).then(|| kept.clone());
        self.narrowing
            .narrow_at(self.rules, pos, ply, depth, &mut kept);
        let count = kept.len();
        let mut out = self.sorted(pos, ply, tt_move, kept);
        if let Some(all) = all.filter(|all| count < all.len()) {
            let rest: Vec<R::Move> = all.into_iter().filter(|m| !out.contains(m)).collect();
            out.extend(self.sorted(pos, ply, tt_move, rest));
        }
        (out, count)
    }

    /// `moves` best first: the table's move, the killers, then by [`Rules::order_hint`].
    fn sorted(
        &self,
        pos: &R::Position,
        ply: usize,
        tt_move: Option<R::Move>,
        moves: Vec<R::Move>,
    ) -> Vec<R::Move> {
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        let mut scored: Vec<(i32, R::Move)> = moves
            .into_iter()
            .map(|m| {
                let s = if Some(m) == tt_move {
                    i32::MAX
                } else if Some(m) == killers[0] {
                    1_000_000
                } else if Some(m) == killers[1] {
                    999_999
                } else {
                    self.rules.order_hint(pos, m)
                };
                (s, m)
            })
            .collect();
        scored.sort_by_key(|s| std::cmp::Reverse(s.0));
        scored.into_iter().map(|(_, m)| m).collect()
    }

    /// The evaluation, or better for the side to move by a tactical move (stand pat).
    fn quiesce(&mut self, pos: &R::Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        let stand = self.rules.evaluate(pos);
        if stand >= beta || ply >= MAX_PLY - 1 {
            return stand;
        }
        let mut moves = Vec::new();
        self.rules.tactical_moves(pos, &mut moves);
        if moves.is_empty() {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        moves.sort_by_cached_key(|&m| std::cmp::Reverse(self.rules.order_hint(pos, m)));
        for mv in moves {
            let next = self.rules.play(pos, mv);
            self.nodes += 1;
            let score = match self.rules.terminal(&next) {
                Some(Terminal::Win) => -(WIN - ply as i32 - 1),
                Some(Terminal::Loss) => WIN - ply as i32 - 1,
                Some(Terminal::Draw) => 0,
                None => -self.quiesce(&next, -beta, -alpha, ply + 1),
            };
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    fn negamax(
        &mut self,
        pos: &R::Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        line: &mut Vec<R::Move>,
    ) -> i32 {
        line.clear();
        self.nodes += 1;
        if let Some(t) = self.rules.terminal(pos) {
            return match t {
                Terminal::Win => WIN - ply as i32,
                Terminal::Loss => -(WIN - ply as i32),
                Terminal::Draw => 0,
            };
        }
        if ply > 0 && self.rules.drawn_by_counter(pos) {
            return 0;
        }
        let key = self.rules.key(pos);
        if ply > 0 {
            let from = *self.reversible_from.last().unwrap_or(&0);
            let n = self.path.len();
            if self.path[from..n.saturating_sub(1)].contains(&key) {
                return match self.rules.repetition(pos) {
                    Terminal::Draw => 0,
                    Terminal::Win => WIN - ply as i32,
                    Terminal::Loss => -(WIN - ply as i32),
                };
            }
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(pos, alpha, beta, ply);
        }
        if self.out_of_budget() {
            return 0;
        }
        let slot = self.slot(key);
        let mut tt_move = None;
        if let Some(e) = self.table[slot].filter(|e| self.use_table && e.key == key) {
            tt_move = e.best;
            if ply > 0 && e.depth == depth {
                let s = from_table(e.score, ply);
                let usable = match e.bound {
                    EXACT => true,
                    LOWER => s >= beta,
                    _ => s <= alpha,
                };
                if usable {
                    return s;
                }
            }
        }
        let original_alpha = alpha;
        let mut best = -WIN - 1;
        let mut best_move = None;
        let mut child_line = Vec::new();
        let (moves, kept) = self.ordered(pos, ply, depth, tt_move);
        for (i, mv) in moves.into_iter().enumerate() {
            if i >= kept && alpha >= -WIN_BOUND {
                // The left-out moves of the root's opponent are searched only where its kept
                // ones all lose and the window asks whether it is lost: a win the narrowed
                // tree reports is then one the full tree confirms.
                break;
            }
            let next = self.rules.play(pos, mv);
            let irreversible = self.rules.irreversible(pos, mv, &next);
            self.path.push(self.rules.key(&next));
            if irreversible {
                self.reversible_from.push(self.path.len() - 1);
            }
            let score = if i == 0 {
                -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1, &mut child_line)
            } else {
                let s = -self.negamax(
                    &next,
                    depth - 1,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    &mut child_line,
                );
                if s > alpha && s < beta {
                    -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1, &mut child_line)
                } else {
                    s
                }
            };
            self.path.pop();
            if irreversible {
                self.reversible_from.pop();
            }
            if self.stopped {
                return best.max(alpha);
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                line.clear();
                line.push(mv);
                line.extend_from_slice(&child_line);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                let k = &mut self.killers[ply.min(MAX_PLY - 1)];
                if k[0] != Some(mv) {
                    k[1] = k[0];
                    k[0] = Some(mv);
                }
                break;
            }
        }
        if best_move.is_none() {
            // No legal move but not terminal: the game decides through `terminal`; treat as a
            // loss for safety.
            return -(WIN - ply as i32);
        }
        let bound = if best <= original_alpha {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        if !self.use_table {
            return best;
        }
        self.table[slot] = Some(Entry {
            key,
            depth,
            score: to_table(best, ply),
            bound,
            best: best_move,
        });
        best
    }
}

/// Game-end scores are stored relative to the node, read back relative to the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Searches `pos` within `limits` (depth 64 at most; with no limit at all, depth 4). `history`
/// holds the keys ([`Rules::key`]) of the game's positions before `pos` since its last
/// irreversible move: meeting one of them again scores as a draw.
pub fn search<R: Rules>(
    rules: &R,
    pos: &R::Position,
    history: &[u64],
    limits: &Limits,
) -> SearchResult<R::Move> {
    search_with(rules, &FullWidth, pos, history, limits, &Control::default())
}

/// [`search`] over the moves `narrowing` keeps at each node. Where the narrowed tree says the
/// side to move is lost (or keeps no move at the root), a full-width search within the same
/// limits decides instead, so a narrowing never reports a forced loss that the full tree
/// refutes; the nodes of both count. Below the root the narrowing is told the plies left
/// ([`Narrowing::narrow_at`]); at the nodes of the root's opponent whose kept moves all lose,
/// the moves it left out are searched too (where the window asks), so a reported win is one
/// the full tree confirms as well.
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
    let clock = Clock {
        start: Instant::now(),
        nodes_before: 0,
    };
    run(rules, narrowing, pos, history, limits, true, control, clock)
}

/// [`search_narrowed`] under `control` (see [`search_with`]): both searches obey it, and the
/// progress of the full-width one counts the narrowed one's nodes and time. With the default
/// control the result is [`search_narrowed`]'s.
pub fn search_narrowed_with<R: Rules, N: Narrowing<R>>(
    rules: &R,
    narrowing: &N,
    pos: &R::Position,
    history: &[u64],
    limits: &Limits,
    control: &Control<'_, R::Move>,
) -> SearchResult<R::Move> {
    let start = Instant::now();
    let clock = Clock {
        start,
        nodes_before: 0,
    };
    let narrow = run(rules, narrowing, pos, history, limits, true, control, clock);
    if narrow.best.is_some() && narrow.score >= -WIN_BOUND {
        return narrow;
    }
    let mut rest = *limits;
    rest.nodes = limits.nodes.map(|n| n.saturating_sub(narrow.nodes).max(1));
    rest.movetime_ms = limits
        .movetime_ms
        .map(|ms| ms.saturating_sub(start.elapsed().as_millis() as u64).max(1));
    let mut rest_control = *control;
    rest_control.soft_ms = control
        .soft_ms
        .map(|ms| ms.saturating_sub(start.elapsed().as_millis() as u64).max(1));
    let clock = Clock {
        start,
        nodes_before: narrow.nodes,
    };
    let mut wide = run(
        rules,
        &FullWidth,
        pos,
        history,
        &rest,
        true,
        &rest_control,
        clock,
    );
    wide.nodes += narrow.nodes;
    if wide.best.is_none() { narrow } else { wide }
}

/// [`search`] without the transposition table: the plain reference the tests compare the
/// table's results with (same scores at a fixed depth).
pub fn search_without_table<R: Rules>(
    rules: &R,
    pos: &R::Position,
    history: &[u64],
    limits: &Limits,
) -> SearchResult<R::Move> {
    let clock = Clock {
        start: Instant::now(),
        nodes_before: 0,
    };
    run(
        rules,
        &FullWidth,
        pos,
        history,
        limits,
        false,
        &Control::default(),
        clock,
    )
}

/// What progress reports count from: the first search's start and the nodes searched before.
#[derive(Clone, Copy)]
struct Clock {
    start: Instant,
    nodes_before: u64,
}

#[allow(clippy::too_many_arguments)]
fn run<R: Rules, N: Narrowing<R>>(
    rules: &R,
    narrowing: &N,
    pos: &R::Position,
    history: &[u64],
    limits: &Limits,
    use_table: bool,
    control: &Control<'_, R::Move>,
    clock: Clock,
) -> SearchResult<R::Move> {
    let max_depth = match (limits.depth, limits.nodes, limits.movetime_ms) {
        (Some(d), _, _) => d.clamp(1, 64),
        (None, None, None) => 4,
        _ => 64,
    };
    let mut searcher = Searcher {
        rules,
        narrowing,
        limits: *limits,
        control: *control,
        start: Instant::now(),
        nodes: 0,
        stopped: false,
        table: vec![None; TABLE_SLOTS],
        killers: [[None; 2]; MAX_PLY],
        path: history.to_vec(),
        reversible_from: vec![0],
        use_table,
    };
    searcher.path.push(rules.key(pos));
    let mut result = SearchResult {
        best: None,
        score: 0,
        line: Vec::new(),
        depth: 0,
        nodes: 0,
        root: Vec::new(),
    };
    let mut root_moves = Vec::new();
    rules.moves(pos, &mut root_moves);
    let legal = root_moves.len();
    narrowing.narrow(rules, pos, 0, &mut root_moves);
    if root_moves.is_empty() && legal > 0 {
        rules.moves(pos, &mut root_moves);
    }
    if root_moves.is_empty() || rules.terminal(pos).is_some() {
        result.score = match rules.terminal(pos) {
            Some(Terminal::Win) => WIN,
            Some(Terminal::Draw) => 0,
            _ => -WIN,
        };
        return result;
    }
    let mut order: Vec<R::Move> = root_moves;
    for depth in 1..=max_depth {
        if depth > 1
            && (control.stopped()
                || control
                    .soft_ms
                    .is_some_and(|ms| searcher.start.elapsed().as_millis() as u64 >= ms))
        {
            break;
        }
        let mut scores = Vec::with_capacity(order.len());
        let mut best_line = Vec::new();
        let mut alpha = -WIN - 1;
        let mut line = Vec::new();
        for &mv in &order {
            let next = rules.play(pos, mv);
            let irreversible = rules.irreversible(pos, mv, &next);
            searcher.path.push(rules.key(&next));
            if irreversible {
                searcher.reversible_from.push(searcher.path.len() - 1);
            }
            // Every root move gets an exact score (for the ranking `analyse` shows).
            let score = -searcher.negamax(&next, depth as i32 - 1, -WIN - 1, WIN + 1, 1, &mut line);
            searcher.path.pop();
            if irreversible {
                searcher.reversible_from.pop();
            }
            if searcher.stopped {
                break;
            }
            if score > alpha {
                alpha = score;
                best_line = std::iter::once(mv).chain(line.iter().copied()).collect();
            }
            scores.push((mv, score));
        }
        if searcher.stopped && scores.len() < order.len() {
            // An unfinished iteration: keep the last finished one (unless none finished).
            if result.best.is_none()
                && let Some(&(mv, score)) = scores.iter().max_by_key(|(_, s)| *s)
            {
                result.best = Some(mv);
                result.score = score;
                result.line = best_line;
                result.root = scores;
            }
            break;
        }
        scores.sort_by_key(|s| std::cmp::Reverse(s.1));
        order = scores.iter().map(|(m, _)| *m).collect();
        result.best = Some(scores[0].0);
        result.score = scores[0].1;
        result.line = best_line;
        result.depth = depth;
        result.root = scores;
        if let Some(progress) = control.progress {
            progress(&Progress {
                depth,
                score: result.score,
                nodes: clock.nodes_before + searcher.nodes,
                millis: clock.start.elapsed().as_millis() as u64,
                line: &result.line,
            });
        }
        if result.score.abs() > WIN_BOUND || searcher.stopped {
            break;
        }
    }
    result.nodes = searcher.nodes;
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim with one heap: take 1-3 stones; whoever takes the last stone wins.
    struct Nim;

    impl Rules for Nim {
        type Position = (u32, u8);
        type Move = u32;

        fn moves(&self, pos: &(u32, u8), out: &mut Vec<u32>) {
            out.clear();
            out.extend((1..=3).filter(|&n| n <= pos.0));
        }
        fn play(&self, pos: &(u32, u8), mv: u32) -> (u32, u8) {
            (pos.0 - mv, 1 - pos.1)
        }
        fn terminal(&self, pos: &(u32, u8)) -> Option<Terminal> {
            (pos.0 == 0).then_some(Terminal::Loss)
        }
        fn evaluate(&self, _: &(u32, u8)) -> i32 {
            0
        }
        fn key(&self, pos: &(u32, u8)) -> u64 {
            u64::from(pos.0) * 2 + u64::from(pos.1)
        }
        fn irreversible(&self, _: &(u32, u8), _: u32, _: &(u32, u8)) -> bool {
            true
        }
    }

    #[test]
    fn nim_is_solved() {
        // Heaps that are multiples of 4 are lost for the side to move; the others win by
        // leaving a multiple of 4.
        for heap in 1..=13u32 {
            let r = search(
                &Nim,
                &(heap, 0),
                &[],
                &Limits {
                    depth: Some(14),
                    ..Limits::default()
                },
            );
            if heap % 4 == 0 {
                assert!(r.score < -WIN_BOUND, "{heap}: {}", r.score);
            } else {
                assert!(r.score > WIN_BOUND, "{heap}: {}", r.score);
                assert_eq!(r.best, Some(heap % 4), "{heap}");
                // The fastest win: plies to the end.
                let plies = WIN - r.score;
                assert_eq!(plies as usize, r.line.len(), "{heap}: {:?}", r.line);
            }
        }
    }

    /// A narrowing that keeps only "take one stone" for the root's opponent (odd plies) and
    /// records the plies and depths it is asked at.
    struct TakeOne {
        asked: std::cell::RefCell<Vec<(usize, i32)>>,
    }

    impl Narrowing<Nim> for TakeOne {
        fn narrow(&self, _: &Nim, _: &(u32, u8), ply: usize, moves: &mut Vec<u32>) {
            if ply % 2 == 1 {
                moves.retain(|&m| m == 1);
            }
        }
        fn narrow_at(
            &self,
            rules: &Nim,
            pos: &(u32, u8),
            ply: usize,
            depth: i32,
            moves: &mut Vec<u32>,
        ) {
            self.asked.borrow_mut().push((ply, depth));
            self.narrow(rules, pos, ply, moves);
        }
    }

    #[test]
    fn a_narrowed_win_is_checked_against_the_left_out_defences() {
        // Heap 4 is lost for the side to move. Kept to "take one", the opponent seems lost after
        // 4 -> 3 (3 -> 2, and the root side takes both); its left-out "take three" wins, and
        // the search tries it because its kept move loses.
        let narrowing = TakeOne {
            asked: std::cell::RefCell::new(Vec::new()),
        };
        let limits = Limits {
            depth: Some(6),
            ..Limits::default()
        };
        let narrowed = search_with(&Nim, &narrowing, &(4, 0), &[], &limits, &Control::default());
        assert!(narrowed.score < -WIN_BOUND, "{narrowed:?}");
        let r = search_narrowed(&Nim, &narrowing, &(4, 0), &[], &limits);
        assert!(r.score < -WIN_BOUND, "{r:?}");
        // Where the opponent's kept move does not lose, its other moves are not searched: on
        // heap 5 the win (take one) is found with fewer nodes than the full tree's.
        let full = search(&Nim, &(5, 0), &[], &limits);
        let r = search_narrowed(&Nim, &narrowing, &(5, 0), &[], &limits);
        assert_eq!((r.best, r.score), (Some(1), full.score));
        // Below the root the narrowing is told the plies left: iteration depth minus ply.
        narrowing.asked.borrow_mut().clear();
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        search_with(&Nim, &narrowing, &(9, 0), &[], &limits, &Control::default());
        assert!(narrowing.asked.borrow().is_empty());
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        search_with(&Nim, &narrowing, &(9, 0), &[], &limits, &Control::default());
        let asked = narrowing.asked.borrow();
        assert!(
            asked.contains(&(1, 2)) && asked.contains(&(2, 1)),
            "{asked:?}"
        );
        assert!(
            asked
                .iter()
                .all(|&(ply, depth)| ply >= 1 && ply as i32 + depth <= 3),
            "{asked:?}"
        );
    }

    #[test]
    fn limits_stop_the_search() {
        let r = search(
            &Nim,
            &(40, 0),
            &[],
            &Limits {
                nodes: Some(50),
                ..Limits::default()
            },
        );
        assert!(r.nodes <= 60, "{}", r.nodes);
        assert!(r.best.is_some());
    }

    #[test]
    fn the_default_control_changes_nothing() {
        for heap in [5u32, 8, 13, 40] {
            let limits = Limits {
                depth: Some(7),
                ..Limits::default()
            };
            let plain = search(&Nim, &(heap, 0), &[], &limits);
            let with = search_with(
                &Nim,
                &FullWidth,
                &(heap, 0),
                &[],
                &limits,
                &Control::default(),
            );
            assert_eq!(plain, with, "{heap}");
            let narrowed = search_narrowed(&Nim, &FullWidth, &(heap, 0), &[], &limits);
            let narrowed_with = search_narrowed_with(
                &Nim,
                &FullWidth,
                &(heap, 0),
                &[],
                &limits,
                &Control::default(),
            );
            assert_eq!(narrowed, narrowed_with, "{heap}");
        }
    }

    #[test]
    fn progress_reports_every_finished_iteration() {
        let seen = std::cell::RefCell::new(Vec::new());
        let report = |p: &Progress<'_, u32>| {
            seen.borrow_mut()
                .push((p.depth, p.score, p.nodes, p.line.to_vec()));
        };
        let control = Control {
            progress: Some(&report),
            ..Control::default()
        };
        let limits = Limits {
            depth: Some(6),
            ..Limits::default()
        };
        let r = search_with(&Nim, &FullWidth, &(40, 0), &[], &limits, &control);
        let seen = seen.into_inner();
        let depths: Vec<u32> = seen.iter().map(|s| s.0).collect();
        assert_eq!(depths, [1, 2, 3, 4, 5, 6]);
        assert!(seen.windows(2).all(|w| w[0].2 <= w[1].2));
        let last = seen.last().expect("an iteration");
        assert_eq!((last.1, last.2, &last.3), (r.score, r.nodes, &r.line));
    }

    #[test]
    fn a_raised_stop_flag_keeps_the_first_iteration() {
        let stop = AtomicBool::new(true);
        let control = Control {
            stop: Some(&stop),
            ..Control::default()
        };
        let limits = Limits {
            depth: Some(30),
            ..Limits::default()
        };
        let r = search_with(&Nim, &FullWidth, &(40, 0), &[], &limits, &control);
        assert_eq!(r.depth, 1);
        assert_eq!(r.root.len(), 3);
        assert!(r.best.is_some());
        // A soft limit that has passed also ends the search after its first iteration.
        let control = Control {
            soft_ms: Some(0),
            ..Control::default()
        };
        let r = search_with(&Nim, &FullWidth, &(40, 0), &[], &limits, &control);
        assert_eq!(r.depth, 1);
    }

    #[test]
    fn a_stop_from_another_thread_ends_a_long_search() {
        /// Nim without transpositions: the key counts the moves, so the tree stays a tree.
        struct Wide;
        impl Rules for Wide {
            type Position = (u32, u32);
            type Move = u32;
            fn moves(&self, pos: &(u32, u32), out: &mut Vec<u32>) {
                out.clear();
                if pos.0 > 0 {
                    out.extend(1..=3);
                }
            }
            fn play(&self, pos: &(u32, u32), mv: u32) -> (u32, u32) {
                (
                    pos.0.saturating_sub(mv).max(1),
                    pos.1.wrapping_mul(31).wrapping_add(mv),
                )
            }
            fn terminal(&self, _: &(u32, u32)) -> Option<Terminal> {
                None
            }
            fn evaluate(&self, pos: &(u32, u32)) -> i32 {
                (pos.1 % 7) as i32
            }
            fn key(&self, pos: &(u32, u32)) -> u64 {
                u64::from(pos.1) << 8 | u64::from(pos.0)
            }
            fn irreversible(&self, _: &(u32, u32), _: u32, _: &(u32, u32)) -> bool {
                true
            }
        }
        let stop = AtomicBool::new(false);
        let started = Instant::now();
        let r = std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(50));
                stop.store(true, Ordering::Relaxed);
            });
            let control = Control {
                stop: Some(&stop),
                ..Control::default()
            };
            let limits = Limits {
                depth: Some(40),
                ..Limits::default()
            };
            search_with(&Wide, &FullWidth, &(1_000, 1), &[], &limits, &control)
        });
        assert!(started.elapsed().as_millis() < 5_000);
        assert!(r.best.is_some());
        assert!(r.depth >= 1 && r.depth < 40, "{}", r.depth);
    }

    #[test]
    fn clock_budgets() {
        // Sudden death: 30 moves planned, three quarters of the increment added.
        assert_eq!(
            clock_budget(10_000, 100, None),
            (9_970 / 30 + 75, 9_970 / 30 * 3 + 225)
        );
        assert_eq!(clock_budget(10_000, 0, None), (332, 996));
        // Moves to go: the time left over them, the hard limit at most half of it.
        assert_eq!(clock_budget(10_030, 0, Some(1)), (5_000, 5_000));
        assert_eq!(clock_budget(10_030, 0, Some(10)), (1_000, 3_000));
        assert_eq!(clock_budget(10_030, 0, Some(500)), (200, 600));
        // Nearly out of time: at least a millisecond, never more than is left.
        assert_eq!(clock_budget(0, 0, None), (1, 1));
        assert_eq!(clock_budget(40, 0, None), (1, 1));
        assert_eq!(clock_budget(200, 0, None), (5, 15));
        // Huge clocks do not overflow.
        let (soft, hard) = clock_budget(u64::MAX, u64::MAX, Some(1));
        assert!(1 <= soft && soft <= hard);
    }
}
