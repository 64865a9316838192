//! Search over any game that implements [`Rules`].

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

    fn ordered(&self, pos: &R::Position, ply: usize, tt_move: Option<R::Move>) -> Vec<R::Move> {
        let mut moves = Vec::with_capacity(48);
        self.rules.moves(pos, &mut moves);
        self.narrowing.narrow(self.rules, pos, ply, &mut moves);
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
        for (i, mv) in self.ordered(pos, ply, tt_move).into_iter().enumerate() {
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
    run(rules, &FullWidth, pos, history, limits, true)
}

/// [`search`] over the moves `narrowing` keeps at each node. Where the narrowed tree says the
/// side to move is lost (or keeps no move at the root), a full-width search within the same
/// limits decides instead, so a narrowing never reports a forced loss that the full tree
/// refutes; the nodes of both count.
pub fn search_narrowed<R: Rules, N: Narrowing<R>>(
    rules: &R,
    narrowing: &N,
    pos: &R::Position,
    history: &[u64],
    limits: &Limits,
) -> SearchResult<R::Move> {
    let start = Instant::now();
    let narrow = run(rules, narrowing, pos, history, limits, true);
    if narrow.best.is_some() && narrow.score >= -WIN_BOUND {
        return narrow;
    }
    let mut rest = *limits;
    rest.nodes = limits.nodes.map(|n| n.saturating_sub(narrow.nodes).max(1));
    rest.movetime_ms = limits
        .movetime_ms
        .map(|ms| ms.saturating_sub(start.elapsed().as_millis() as u64).max(1));
    let mut wide = run(rules, &FullWidth, pos, history, &rest, true);
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
    run(rules, &FullWidth, pos, history, limits, false)
}

fn run<R: Rules, N: Narrowing<R>>(
    rules: &R,
    narrowing: &N,
    pos: &R::Position,
    history: &[u64],
    limits: &Limits,
    use_table: bool,
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
}
