//! The tree below the root: the principal-variation search of a node ([`Searcher::negamax`])
//! and the quiescence at its leaves ([`Searcher::quiesce`]), with the techniques of
//! [`Techniques`] each behind its switch.

use super::ZoneStyle;
use super::order::{
    HISTORY_SLOTS, History, Listed, ORDER_KILLER, ORDER_NAMED, ORDER_TACTICAL, ORDER_TT, SELECTED,
    reduction, select, sort,
};
use super::table::{Bound, Table};
use super::{
    Control, Limits, MAX_PLY, Narrowing, Rules, Schedule, Techniques, Terminal, WIN, WIN_BOUND,
};
use std::time::Instant;

/// Quiet moves searched at depth 1, 2, 3 before the late ones are pruned.
const LATE_MOVES: [usize; 4] = [0, 6, 10, 18];

/// Where a node's move loop stands.
#[derive(Clone, Copy)]
struct LoopState<M> {
    best: i32,
    best_move: Option<M>,
    alpha: i32,
    /// Whether a move was reduced, pruned or left out (a proven loss is then checked).
    narrowed: bool,
    /// Moves searched so far (the move number of the next).
    searched: usize,
}

/// What a move loop needs of its node.
#[derive(Clone, Copy)]
struct At {
    depth: i32,
    beta: i32,
    ply: usize,
    pv_node: bool,
    danger: bool,
    /// Whether reductions and pruning may apply (off in the re-search of a proven loss).
    may_reduce: bool,
    /// Moves from this index on are the root opponent's left-out ones (searched only where the
    /// kept ones all lose).
    kept: usize,
}

/// One search's state over the engine's table and history.
pub(super) struct Searcher<'a, R: Rules, N: Narrowing<R>> {
    pub(super) rules: &'a R,
    pub(super) narrowing: &'a N,
    pub(super) tech: Techniques,
    pub(super) limits: Limits,
    pub(super) control: Control<'a, R::Move>,
    pub(super) start: Instant,
    pub(super) nodes: u64,
    /// Nodes at which the clock is read next.
    pub(super) next_check: u64,
    pub(super) seldepth: u32,
    pub(super) stopped: bool,
    pub(super) table: &'a mut Table,
    pub(super) history: &'a mut History,
    pub(super) killers: Vec<[Option<R::Move>; 2]>,
    /// Keys of the positions on the path (and of the game before the root), for repetitions.
    pub(super) path: Vec<u64>,
    /// Index in `path` from which positions may repeat (after the last irreversible move).
    pub(super) reversible_from: Vec<usize>,
    /// The longest a narrowing took so far, in microseconds.
    pub(super) narrowing_us: u64,
    /// Move lists, reused from node to node.
    pool: Vec<Vec<Listed<R::Move>>>,
    plain_pool: Vec<Vec<R::Move>>,
    /// Lists of order hints, reused.
    hint_pool: Vec<Vec<i32>>,
}

impl<'a, R: Rules, N: Narrowing<R>> Searcher<'a, R, N> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        rules: &'a R,
        narrowing: &'a N,
        tech: Techniques,
        limits: Limits,
        control: Control<'a, R::Move>,
        table: &'a mut Table,
        history: &'a mut History,
        path: Vec<u64>,
    ) -> Self {
        Searcher {
            rules,
            narrowing,
            tech,
            limits,
            control,
            start: Instant::now(),
            nodes: 0,
            next_check: 0,
            seldepth: 0,
            stopped: false,
            table,
            history,
            killers: vec![[None; 2]; MAX_PLY],
            path,
            reversible_from: vec![0],
            narrowing_us: 0,
            pool: Vec::new(),
            plain_pool: Vec::new(),
            hint_pool: Vec::new(),
        }
    }

    /// Milliseconds since the search began.
    pub(super) fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Whether the search must end now: the stop flag, the node limit, or (read every 32
    /// nodes, a tenth of a millisecond at the slowest game's speed; a clock read costs some
    /// 25 ns) the time limit.
    pub(super) fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.control.stopped() || self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        } else if self.nodes >= self.next_check {
            self.next_check = self.nodes + 32;
            if self
                .limits
                .movetime_ms
                .is_some_and(|ms| self.elapsed_ms() >= ms)
            {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Whether the search is stopped, or must stop because the node limit is reached: read
    /// before a node is counted, so that the limit is never passed.
    #[inline]
    fn at_node_limit(&mut self) -> bool {
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        }
        self.stopped
    }

    /// Whether a narrowing may build its projection now: there is time left for one more of
    /// the longest so far (with a margin), so that the projection does not overrun the clock.
    pub(super) fn may_narrow(&self) -> bool {
        match self.limits.movetime_ms {
            None => true,
            Some(ms) => {
                let left_us = ms.saturating_sub(self.elapsed_ms()).saturating_mul(1000);
                left_us > self.narrowing_us.saturating_mul(2) + 2_000
            }
        }
    }

    /// [`Narrowing::narrow_at`] timed (the longest time is kept for [`Searcher::may_narrow`]).
    pub(super) fn narrow_timed(
        &mut self,
        pos: &R::Position,
        ply: usize,
        depth: i32,
        moves: &mut Vec<R::Move>,
    ) {
        let started = Instant::now();
        if ply == 0 {
            self.narrowing.narrow(self.rules, pos, ply, moves);
        } else {
            self.narrowing.narrow_at(self.rules, pos, ply, depth, moves);
        }
        let us = started.elapsed().as_micros() as u64;
        self.narrowing_us = self.narrowing_us.max(us);
        // A projection is slow: read the clock at the next node.
        self.next_check = self.nodes;
    }

    /// A draw's score for the side to move at `ply`: the searching side (even plies) loses its
    /// contempt, its opponent gains it.
    pub(super) fn draw_score(&self, ply: usize) -> i32 {
        if ply.is_multiple_of(2) {
            -self.tech.contempt
        } else {
            self.tech.contempt
        }
    }

    fn terminal_score(&self, t: Terminal, ply: usize) -> i32 {
        match t {
            Terminal::Win => WIN - ply as i32,
            Terminal::Loss => -(WIN - ply as i32),
            Terminal::Draw => self.draw_score(ply),
        }
    }

    /// Plays `mv` from `pos` onto the path (its key, and where repetitions may start).
    #[inline]
    pub(super) fn enter(&mut self, pos: &R::Position, mv: R::Move) -> R::Position {
        let next = self.rules.play(pos, mv);
        let key = self.rules.key(&next);
        self.table.prefetch(key);
        let irreversible = self.rules.irreversible(pos, mv, &next);
        self.path.push(key);
        if irreversible {
            self.reversible_from.push(self.path.len() - 1);
        }
        next
    }

    /// Takes the last entered position off the path.
    #[inline]
    pub(super) fn leave(&mut self) {
        let n = self.path.len();
        self.path.pop();
        if self.reversible_from.last() == Some(&(n - 1)) && self.reversible_from.len() > 1 {
            self.reversible_from.pop();
        }
    }

    fn history_slot(&self, pos: &R::Position, mv: R::Move, ply: usize) -> Option<usize> {
        let code = self.rules.move_code(pos, mv);
        (code != 0).then(|| (ply & 1) * HISTORY_SLOTS + (code as usize & (HISTORY_SLOTS - 1)))
    }

    /// The ordering key of a move that is not the table's.
    fn key_of(&self, pos: &R::Position, mv: R::Move, hint: i32, ply: usize, tactical: bool) -> i32 {
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        if !self.tech.history {
            // The plain search's order: killers, then the hint.
            return if Some(mv) == killers[0] {
                1_000_000
            } else if Some(mv) == killers[1] {
                999_999
            } else {
                hint
            };
        }
        if tactical {
            return ORDER_TACTICAL + hint.clamp(0, ORDER_TACTICAL - 1);
        }
        if Some(mv) == killers[0] {
            return ORDER_KILLER + 1;
        }
        if Some(mv) == killers[1] {
            return ORDER_KILLER;
        }
        let history = self
            .history_slot(pos, mv, ply)
            .map_or(0, |i| self.history.get(i));
        (hint.clamp(-1_000, 1_000) << 16) + history
    }

    fn take_list(&mut self) -> Vec<Listed<R::Move>> {
        let mut v = self.pool.pop().unwrap_or_default();
        v.clear();
        v
    }

    fn take_plain(&mut self) -> Vec<R::Move> {
        let mut v = self.plain_pool.pop().unwrap_or_default();
        v.clear();
        v
    }

    /// The order hints of `moves` ([`Rules::order_hints`]), in a list from the pool.
    fn hints_of(&mut self, pos: &R::Position, moves: &[R::Move]) -> Vec<i32> {
        let mut hints = self.hint_pool.pop().unwrap_or_default();
        self.rules.order_hints(pos, moves, &mut hints);
        hints
    }

    /// The search of a node below the root: `depth` plies left, the window `(alpha, beta)`,
    /// `ply` plies from the root; the principal variation into `line`. `null_ok`: a null move
    /// may be tried (not right after one).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax(
        &mut self,
        pos: &R::Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        line: &mut Vec<R::Move>,
        null_ok: bool,
    ) -> i32 {
        line.clear();
        if self.at_node_limit() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        if let Some(t) = self.rules.terminal(pos) {
            return self.terminal_score(t, ply);
        }
        if ply > 0 && self.rules.drawn_by_counter(pos) {
            return self.draw_score(ply);
        }
        let key = *self.path.last().unwrap_or(&0);
        if ply > 0 {
            let from = *self.reversible_from.last().unwrap_or(&0);
            let n = self.path.len();
            if from < n && self.path[from..n - 1].contains(&key) {
                let t = self.rules.repetition(pos);
                return self.terminal_score(t, ply);
            }
        }
        let engine = self.tech.history;
        if engine {
            // Mate-distance bounds: no score beyond a win on the next move.
            alpha = alpha.max(-(WIN - ply as i32));
            beta = beta.min(WIN - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let danger = self.tech.extensions && self.rules.in_danger(pos);
        if danger && ply < MAX_PLY / 2 {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            let q = self.tech.quiescence_depth.unwrap_or(u32::MAX);
            return self.quiesce(pos, alpha, beta, ply, q, None);
        }
        if self.out_of_budget() {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        let mut tt_code = 0;
        if let Some(e) = self.table.probe(key) {
            tt_code = e.code;
            let deep_enough = if self.tech.table_deeper {
                e.depth >= depth && !pv_node
            } else {
                e.depth == depth
            };
            if ply > 0 && deep_enough {
                let s = from_table(e.score, ply);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if usable {
                    return s;
                }
            }
        }
        // Null move: if passing still holds beta, a real move will too.
        if null_ok
            && self.tech.null_move
            && !pv_node
            && !danger
            && depth >= 3
            && beta.abs() < WIN_BOUND
            && let Some(passed) = self.rules.null_move(pos)
            && self.rules.evaluate(pos) >= beta
        {
            let r = 2 + depth / 4;
            let passed_key = self.rules.key(&passed);
            self.path.push(passed_key);
            self.reversible_from.push(self.path.len() - 1);
            let mut child = Vec::new();
            let score = -self.negamax(
                &passed,
                depth - 1 - r,
                -beta,
                -beta + 1,
                ply + 1,
                &mut child,
                false,
            );
            self.reversible_from.pop();
            self.path.pop();
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return if score >= WIN_BOUND { beta } else { score };
            }
        }
        let original_alpha = alpha;
        let at = At {
            depth,
            beta,
            ply,
            pv_node,
            danger,
            may_reduce: true,
            kept: usize::MAX,
        };
        let fresh = LoopState {
            best: -WIN - 1,
            best_move: None,
            alpha,
            narrowed: false,
            searched: 0,
        };
        let mut list = self.take_list();
        let narrowing = self.narrowing.active(ply) && self.may_narrow();
        let mut state = fresh;
        let mut staged_done = false;
        // The tactical moves stage 1 found, for the full list when it did not search them.
        let mut found_tactical = None;
        if self.tech.staged && !narrowing {
            // Stage 1: the tactical moves, when the table's move is one of them (or there is
            // none); most nodes cut off here and the quiet moves are never generated.
            let mut tactical = self.take_plain();
            self.rules.tactical_moves(pos, &mut tactical);
            let tt_in = tt_code == 0
                || tactical
                    .iter()
                    .any(|&m| self.rules.move_code(pos, m) == tt_code);
            if tt_in && !tactical.is_empty() {
                let hints = self.hints_of(pos, &tactical);
                for (&mv, &hint) in tactical.iter().zip(&hints) {
                    let key = if tt_code != 0 && self.rules.move_code(pos, mv) == tt_code {
                        ORDER_TT
                    } else {
                        self.key_of(pos, mv, hint, ply, true)
                    };
                    list.push(Listed {
                        key,
                        mv,
                        tactical: true,
                        named: false,
                    });
                }
                self.hint_pool.push(hints);
                state = self.search_moves(pos, &mut list, 0, state, at, line);
                if !self.stopped && state.alpha < beta {
                    // Stage 2: the rest.
                    let mut all = self.take_plain();
                    self.rules.moves(pos, &mut all);
                    let first = list.len();
                    let hints = self.hints_of(pos, &all);
                    for (&mv, &hint) in all.iter().zip(&hints) {
                        if !tactical.contains(&mv) {
                            let key = self.key_of(pos, mv, hint, ply, false);
                            list.push(Listed {
                                key,
                                mv,
                                tactical: false,
                                named: false,
                            });
                        }
                    }
                    self.plain_pool.push(all);
                    self.hint_pool.push(hints);
                    state = self.search_moves(pos, &mut list, first, state, at, line);
                }
                staged_done = true;
                self.plain_pool.push(tactical);
            } else {
                found_tactical = Some(tactical);
            }
        }
        if !staged_done {
            let kept = self.list_moves(pos, at, tt_code, narrowing, found_tactical, &mut list);
            state = self.search_moves(pos, &mut list, 0, state, At { kept, ..at }, line);
        }
        if self.stopped {
            self.pool.push(list);
            return state.best.max(state.alpha);
        }
        // A proven loss is accepted only after every move was searched to full depth.
        if state.best < -WIN_BOUND && state.narrowed && state.best_move.is_some() {
            let at = At {
                may_reduce: false,
                ..at
            };
            let kept = list.len().min(at.kept);
            state = self.search_moves(pos, &mut list, 0, fresh, At { kept, ..at }, line);
            if self.stopped {
                self.pool.push(list);
                return state.best.max(state.alpha);
            }
        }
        self.pool.push(list);
        let Some(best_move) = state.best_move else {
            // No legal move but not terminal: the game decides through `terminal`; a loss for
            // safety.
            return -(WIN - ply as i32);
        };
        let best = state.best;
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let code = self.rules.move_code(pos, best_move);
        self.table
            .store(key, code, to_table(best, ply), depth, bound);
        best
    }

    /// Every move of `pos` into `list` with its key (the narrowing's kept moves first, in the
    /// plain order; the root opponent's left-out ones after them), `found_tactical` the
    /// tactical moves if the caller has them. Returns how many were kept.
    fn list_moves(
        &mut self,
        pos: &R::Position,
        at: At,
        tt_code: u32,
        narrowing: bool,
        found_tactical: Option<Vec<R::Move>>,
        list: &mut Vec<Listed<R::Move>>,
    ) -> usize {
        let At { ply, depth, .. } = at;
        let mut all = self.take_plain();
        self.rules.moves(pos, &mut all);
        // The tactical moves matter to the keys with the history technique only.
        let tactical = match found_tactical {
            Some(t) if self.tech.history => t,
            other => {
                let mut t = other.unwrap_or_else(|| self.take_plain());
                t.clear();
                if self.tech.history {
                    self.rules.tactical_moves(pos, &mut t);
                }
                t
            }
        };
        let mut kept = self.take_plain();
        kept.extend_from_slice(&all);
        if narrowing {
            self.narrow_timed(pos, ply, depth, &mut kept);
        }
        let style = self.tech.zone_style;
        let narrowed = narrowing && kept.len() < all.len();
        let cut = narrowed && style == ZoneStyle::Cut;
        let hints = self.hints_of(pos, &all);
        let kept_hints = if cut {
            self.hints_of(pos, &kept)
        } else {
            Vec::new()
        };
        // A move listed with its key; whether it is tactical is looked up once.
        let listed = |s: &Self, mv: R::Move, hint: i32, named: bool| {
            let tactical = tactical.contains(&mv);
            let key = if tt_code != 0 && s.rules.move_code(pos, mv) == tt_code {
                ORDER_TT
            } else {
                s.key_of(pos, mv, hint, ply, tactical)
            };
            Listed {
                key,
                mv,
                tactical,
                named,
            }
        };
        let count;
        if cut {
            // Only the named moves; at the root opponent's nodes the rest after them.
            for (&mv, &hint) in kept.iter().zip(&kept_hints) {
                list.push(listed(self, mv, hint, true));
            }
            sort(list);
            count = list.len();
            if ply % 2 == 1 {
                let from = list.len();
                for (&mv, &hint) in all.iter().zip(&hints) {
                    if !kept.contains(&mv) {
                        list.push(listed(self, mv, hint, false));
                    }
                }
                sort(&mut list[from..]);
            }
        } else {
            for (&mv, &hint) in all.iter().zip(&hints) {
                let mut l = listed(self, mv, hint, narrowed && kept.contains(&mv));
                if l.named && l.key < ORDER_NAMED {
                    l.key = ORDER_NAMED;
                }
                list.push(l);
            }
            count = list.len();
        }
        self.plain_pool.push(all);
        self.plain_pool.push(tactical);
        self.plain_pool.push(kept);
        self.hint_pool.push(hints);
        self.hint_pool.push(kept_hints);
        count
    }

    /// The move loop over `list[from..]` (sorted best first from `from` on; stage lists are
    /// sorted here), `state` the outcome of the moves before.
    fn search_moves(
        &mut self,
        pos: &R::Position,
        list: &mut [Listed<R::Move>],
        from: usize,
        mut state: LoopState<R::Move>,
        at: At,
        line: &mut Vec<R::Move>,
    ) -> LoopState<R::Move> {
        let At {
            depth,
            beta,
            ply,
            pv_node,
            danger,
            may_reduce,
            kept,
        } = at;
        let mut child_line = Vec::new();
        let tech = self.tech;
        // The steer's reduction of the moves the zones leave unnamed, only where they name some.
        let steered = tech.zone_style.reduces_unnamed()
            && self.narrowing.active(ply)
            && list.iter().any(|l| l.named);
        // The list is in its final order before this index.
        let mut ordered = from;
        for i in from..list.len() {
            // Selection: the best remaining move (the first of the highest key) comes next,
            // within the kept moves first; most nodes cut off after a few, so the rest of the
            // list is never sorted. A node that gets past the first few sorts the rest at
            // once: a stable sort puts it in the order further selections would.
            if i >= ordered {
                let end = if i < kept {
                    kept.min(list.len())
                } else {
                    list.len()
                };
                if i - from < SELECTED {
                    select(&mut list[i..end]);
                } else {
                    sort(&mut list[i..end]);
                    ordered = end;
                }
            }
            let Listed {
                key,
                mv,
                tactical,
                named,
            } = list[i];
            if i >= kept && state.alpha >= -WIN_BOUND {
                // The left-out moves of the root's opponent are searched only where its kept
                // ones all lose and the window asks whether it is lost: a win the narrowed
                // tree reports is then one the full tree confirms.
                break;
            }
            let number = state.searched;
            let quiet = tech.history && !tactical && key < ORDER_KILLER && !danger;
            let zone_keep = named && tech.zone_style.keeps_named() && self.narrowing.active(ply);
            let zone_named = named && tech.zone_style.spares_named() && self.narrowing.active(ply);
            // Late-move pruning: near the leaves, the late quiet moves are not searched.
            if may_reduce
                && tech.late_move_pruning
                && quiet
                && !pv_node
                && !zone_named
                && depth <= 3
                && number >= LATE_MOVES[depth as usize]
                && state.best > -WIN_BOUND
            {
                state.narrowed = true;
                continue;
            }
            let mut r = 0;
            if may_reduce
                && tech.reductions
                && quiet
                && depth >= 3
                && number >= 2 + 2 * usize::from(pv_node)
            {
                r = match tech.schedule {
                    Schedule::Log => reduction(depth, number) - i32::from(pv_node),
                    Schedule::Step => {
                        let late = 3 + 2 * usize::from(pv_node);
                        if number >= late {
                            1 + i32::from(depth >= 6 && number >= 12)
                        } else {
                            0
                        }
                    }
                };
            }
            if may_reduce
                && steered
                && tech.reductions
                && !named
                && !tactical
                && depth >= 3
                && number >= 1
            {
                r += 1;
            }
            if zone_keep {
                r = 0;
            }
            r = r.clamp(0, depth - 1);
            let next = self.enter(pos, mv);
            if r > 0 && tech.extensions && self.rules.in_danger(&next) {
                r = 0;
            }
            if r > 0 {
                state.narrowed = true;
            }
            let alpha = state.alpha;
            let d = depth - 1
                + i32::from(
                    may_reduce
                        && named
                        && depth >= 2
                        && self.narrowing.active(ply)
                        && self.narrowing.extends(self.rules, pos, mv),
                );
            let score = if number == 0 {
                -self.negamax(&next, d, -beta, -alpha, ply + 1, &mut child_line, true)
            } else {
                let mut s = -self.negamax(
                    &next,
                    d - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    &mut child_line,
                    true,
                );
                if s > alpha && r > 0 && !self.stopped {
                    s = -self.negamax(&next, d, -alpha - 1, -alpha, ply + 1, &mut child_line, true);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.negamax(&next, d, -beta, -alpha, ply + 1, &mut child_line, true);
                }
                s
            };
            self.leave();
            if self.stopped {
                return state;
            }
            state.searched += 1;
            if score > state.best {
                state.best = score;
                state.best_move = Some(mv);
                if !tech.history {
                    line.clear();
                    line.push(mv);
                    line.extend_from_slice(&child_line);
                }
            }
            if score > state.alpha {
                state.alpha = score;
                if tech.history {
                    line.clear();
                    line.push(mv);
                    line.extend_from_slice(&child_line);
                }
            }
            if state.alpha >= beta {
                if !tech.history || !tactical {
                    let k = &mut self.killers[ply.min(MAX_PLY - 1)];
                    if k[0] != Some(mv) {
                        k[1] = k[0];
                        k[0] = Some(mv);
                    }
                }
                if tech.history
                    && !tactical
                    && let Some(h) = self.history_slot(pos, mv, ply)
                {
                    self.history.add(h, depth * depth);
                }
                break;
            }
        }
        state
    }

    /// The evaluation, or better for the side to move by a tactical move (stand pat), at most
    /// `left` tactical plies deep; a side in danger may not stand pat and tries every move.
    /// `last` is the square the move before went to ([`Rules::destination`]), for the recapture
    /// rule of [`Techniques::quiescence_wide`].
    pub(super) fn quiesce(
        &mut self,
        pos: &R::Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        left: u32,
        last: Option<u32>,
    ) -> i32 {
        self.seldepth = self.seldepth.max(ply as u32);
        if self.tech.history && self.out_of_budget() {
            return 0;
        }
        let done = self
            .tech
            .quiescence_depth
            .map_or(0, |q| q.saturating_sub(left));
        // In danger every move is tried, but only at the quiescence's first plies
        // (`danger_plies`): a game where danger has many answers (a tafl line to block) would
        // otherwise multiply them.
        let first_plies = self.tech.danger_plies.is_none_or(|p| done < p);
        let danger = self.tech.extensions && left > 0 && first_plies && self.rules.in_danger(pos);
        let mut best = -WIN - 1;
        if !danger {
            let stand = self.rules.evaluate(pos);
            if stand >= beta || left == 0 || ply >= MAX_PLY - 1 {
                if self.rules.blocked(pos) {
                    return -(WIN - ply as i32);
                }
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut moves = self.take_plain();
        if danger {
            self.rules.moves(pos, &mut moves);
        } else {
            self.rules.tactical_moves(pos, &mut moves);
            // Deep in the quiescence only recaptures, and no capture that cannot lift the
            // score near alpha (delta pruning): a crowded board keeps a bounded tree.
            let deep = self.tech.quiescence_wide.is_some_and(|w| done >= w);
            let delta = self.tech.delta_margin;
            if deep || delta.is_some() {
                let rules = self.rules;
                moves.retain(|&mv| match rules.capture_gain(pos, mv) {
                    None => true,
                    Some(gain) => {
                        (!deep || last.is_some() && rules.destination(mv) == last)
                            && delta
                                .is_none_or(|m| best.saturating_add(gain).saturating_add(m) > alpha)
                    }
                });
            }
        }
        if moves.is_empty() {
            self.plain_pool.push(moves);
            if self.rules.blocked(pos) {
                return -(WIN - ply as i32);
            }
            return if danger {
                self.rules.evaluate(pos)
            } else {
                best
            };
        }
        moves.sort_by_cached_key(|&m| std::cmp::Reverse(self.rules.order_hint(pos, m)));
        for &mv in &moves {
            if self.at_node_limit() {
                break;
            }
            let next = self.rules.play(pos, mv);
            self.nodes += 1;
            let score = match self.rules.terminal(&next) {
                Some(t) => -self.terminal_score(t, ply + 1),
                None => -self.quiesce(
                    &next,
                    -beta,
                    -alpha,
                    ply + 1,
                    left.saturating_sub(1),
                    self.rules.destination(mv),
                ),
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
        self.plain_pool.push(moves);
        best
    }
}

/// Game-end scores are stored relative to the node, read back relative to the root.
pub(super) fn to_table(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub(super) fn from_table(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}
