//! The root: iterative deepening, aspiration windows, the root moves' scores (exact for the
//! first [`Techniques::multipv`]), the time a search may still start an iteration in, and the
//! progress reports.

use super::tree::Searcher;
use super::{
    Control, Engine, Limits, Narrowing, Progress, RootScore, Rules, SearchResult, Techniques,
    Terminal, WIN, WIN_BOUND, ZoneStyle,
};
use std::time::Instant;

/// Half-width of the first aspiration window, in cp.
const ASPIRATION: i32 = 40;

/// What progress reports count from: the first search's start and the nodes searched before.
#[derive(Clone, Copy)]
pub(super) struct Clock {
    pub(super) start: Instant,
    pub(super) nodes_before: u64,
}

/// A root move while searching.
struct RootMove<M> {
    mv: M,
    score: i32,
    line: Vec<M>,
    exact: bool,
    named: bool,
    /// Depth of the iteration that last scored it (0: none yet).
    depth: u32,
}

#[allow(clippy::too_many_arguments)]
pub(super) fn run<R: Rules, N: Narrowing<R>>(
    engine: &mut Engine,
    rules: &R,
    narrowing: &N,
    pos: &R::Position,
    history: &[u64],
    limits: &Limits,
    control: &Control<'_, R::Move>,
    clock: Clock,
) -> SearchResult<R::Move> {
    let tech = engine.techniques;
    let max_depth = match (limits.depth, limits.nodes, limits.movetime_ms) {
        (Some(d), _, _) => d.clamp(1, 64),
        (None, None, None) => 4,
        _ => 64,
    };
    engine.table.new_search();
    if tech.history {
        // Old statistics fade so that this position's lead.
        engine.history.age(8);
    }
    let mut path = Vec::with_capacity(history.len() + super::MAX_PLY + 2);
    path.extend_from_slice(history);
    path.push(rules.key(pos));
    let mut s = Searcher::new(
        rules,
        narrowing,
        tech,
        *limits,
        *control,
        &mut engine.table,
        &mut engine.history,
        path,
    );
    let mut result = SearchResult {
        best: None,
        score: 0,
        line: Vec::new(),
        depth: 0,
        nodes: 0,
        root: Vec::new(),
        seldepth: 0,
    };
    if let Some(t) = rules.terminal(pos) {
        result.score = match t {
            Terminal::Win => WIN,
            Terminal::Draw => 0,
            Terminal::Loss => -WIN,
        };
        return result;
    }
    let mut all = Vec::new();
    rules.moves(pos, &mut all);
    if all.is_empty() {
        result.score = -WIN;
        return result;
    }
    let mut kept = all.clone();
    if narrowing.active(0) {
        s.narrow_timed(pos, 0, max_depth as i32, &mut kept);
    }
    if kept.is_empty() {
        kept.clone_from(&all);
    }
    let named_some = kept.len() < all.len();
    let mut root: Vec<RootMove<R::Move>> = if tech.zone_style == ZoneStyle::Cut || !named_some {
        kept.iter()
            .map(|&mv| RootMove {
                mv,
                score: -WIN - 1,
                line: vec![mv],
                exact: false,
                named: named_some,
                depth: 0,
            })
            .collect()
    } else {
        // Every move; the named ones first, in the narrowing's order.
        let mut v: Vec<RootMove<R::Move>> = all
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -WIN - 1,
                line: vec![mv],
                exact: false,
                named: kept.contains(&mv),
                depth: 0,
            })
            .collect();
        v.sort_by_key(|r| kept.iter().position(|&k| k == r.mv).unwrap_or(usize::MAX));
        v
    };
    if tech.history {
        // The first order: the game's hint (tactical moves first), the named moves kept ahead.
        let mut tactical = Vec::new();
        rules.tactical_moves(pos, &mut tactical);
        root.sort_by_cached_key(|r| {
            let t = tactical.contains(&r.mv);
            std::cmp::Reverse((
                t,
                r.named,
                rules.order_hint(pos, r.mv).clamp(-1_000_000, 1_000_000),
            ))
        });
    }
    let exact_all = tech.multipv >= root.len();
    let mut prev = 0;
    let mut reported = false;
    let report = |s: &Searcher<'_, R, N>, result: &SearchResult<R::Move>, depth: u32| {
        if let Some(progress) = control.progress {
            progress(&Progress {
                depth,
                score: result.score,
                nodes: clock.nodes_before + s.nodes,
                millis: clock.start.elapsed().as_millis() as u64,
                line: &result.line,
                seldepth: s.seldepth,
                hashfull: s.table.permille_full(),
            });
        }
    };
    for depth in 1..=max_depth {
        if depth > 1 && stop_before(&s, control, limits, tech) {
            break;
        }
        let score = if exact_all {
            run_root(&mut s, pos, &mut root, depth, -WIN - 1, WIN + 1, tech)
        } else {
            aspiration(&mut s, pos, &mut root, depth, prev, tech)
        };
        let finished = root.iter().filter(|r| r.depth == depth).count();
        if s.stopped {
            // An unfinished iteration: its moves searched to the end count if they beat the
            // previous best (searched first, and scored exactly: one that failed low in the
            // aspiration window has only a bound); with none finished, the last iteration
            // stands. (The engine: the previous best is searched first, and a move that beats
            // it is searched again in the full window, so the best of the finished ones is
            // sound.)
            let usable =
                result.best.is_none() || !exact_all && root[0].depth == depth && root[0].exact;
            if finished > 0 && usable {
                root[..finished].sort_by(|a, b| b.score.cmp(&a.score).then(b.exact.cmp(&a.exact)));
                let last = depth.saturating_sub(1).max(result.depth);
                take(&mut result, &root, last);
            }
            break;
        }
        let Some(score) = score else { break };
        prev = score;
        root.sort_by(|a, b| b.score.cmp(&a.score).then(b.exact.cmp(&a.exact)));
        take(&mut result, &root, depth);
        result.score = score;
        reported = true;
        report(&s, &result, depth);
        if result.score.abs() > WIN_BOUND {
            // A proven result: the plain search stops; the engine once it is as deep as the
            // game's end is near (a pruned tree may find a shorter one deeper).
            let plies = WIN - result.score.abs();
            if !tech.history || plies <= depth as i32 || root.len() == 1 {
                break;
            }
        }
    }
    if result.best.is_none() {
        // Stopped before any root move was searched to the end: the first in order stands,
        // with the evaluation as it stands, and every root move is listed unscored (depth 0).
        result.best = Some(root[0].mv);
        result.line = vec![root[0].mv];
        result.score = rules.evaluate(pos);
        result.root = root
            .iter()
            .map(|r| RootScore {
                mv: r.mv,
                score: result.score,
                line: vec![r.mv],
                exact: false,
                depth: 0,
            })
            .collect();
    }
    result.nodes = s.nodes;
    result.seldepth = s.seldepth;
    // A search stopped inside its first iteration (a node budget spent in a wide position)
    // still reports what it has, once, so that a protocol's `info` precedes its move.
    if !reported {
        report(&s, &result, result.depth);
    }
    result
}

/// Whether no new iteration should begin: the stop flag, a soft limit passed, or (the engine)
/// half the time gone, since the next iteration would not end in the rest; with
/// [`Techniques::whole_movetime`] and a fixed time per move alone, the time's end only.
fn stop_before<R: Rules, N: Narrowing<R>>(
    s: &Searcher<'_, R, N>,
    control: &Control<'_, R::Move>,
    limits: &Limits,
    tech: Techniques,
) -> bool {
    let elapsed = s.elapsed_ms();
    if control.stopped() || control.soft_ms.is_some_and(|ms| elapsed >= ms) {
        return true;
    }
    half_time(control.soft_ms, limits.movetime_ms, tech)
        .is_some_and(|ms| elapsed.saturating_mul(2) >= ms)
}

/// The time (ms) after half of which the engine begins no iteration: the soft limit if there
/// is one, else the fixed time per move unless [`Techniques::whole_movetime`]; none for the
/// plain search (without [`Techniques::history`]), which iterates until the time is up.
fn half_time(soft_ms: Option<u64>, movetime_ms: Option<u64>, tech: Techniques) -> Option<u64> {
    if !tech.history {
        return None;
    }
    match soft_ms {
        Some(soft) => Some(soft),
        None if tech.whole_movetime => None,
        None => movetime_ms,
    }
}

/// The result of the root moves as they stand.
fn take<M: Copy>(result: &mut SearchResult<M>, root: &[RootMove<M>], depth: u32) {
    result.best = Some(root[0].mv);
    result.score = root[0].score;
    result.line.clone_from(&root[0].line);
    result.depth = depth;
    result.root = root
        .iter()
        .filter(|r| r.depth > 0)
        .map(|r| RootScore {
            mv: r.mv,
            score: r.score,
            line: r.line.clone(),
            exact: r.exact,
            depth: r.depth,
        })
        .collect();
}

/// One iteration in aspiration windows around `prev`, widened until the score falls inside.
fn aspiration<R: Rules, N: Narrowing<R>>(
    s: &mut Searcher<'_, R, N>,
    pos: &R::Position,
    root: &mut [RootMove<R::Move>],
    depth: u32,
    prev: i32,
    tech: Techniques,
) -> Option<i32> {
    let wide = !tech.aspiration || tech.multipv > 1 || depth < 4 || prev.abs() >= WIN_BOUND;
    let mut delta = ASPIRATION;
    let (mut alpha, mut beta) = if wide {
        (-WIN - 1, WIN + 1)
    } else {
        (prev - delta, prev + delta)
    };
    loop {
        let score = run_root(s, pos, root, depth, alpha, beta, tech);
        if s.stopped {
            return score;
        }
        let score = score?;
        if score <= alpha && alpha > -WIN - 1 {
            alpha = (alpha.saturating_sub(delta)).max(-WIN - 1);
            delta = delta.saturating_mul(4);
        } else if score >= beta && beta < WIN + 1 {
            beta = (beta.saturating_add(delta)).min(WIN + 1);
            delta = delta.saturating_mul(4);
        } else {
            return Some(score);
        }
    }
}

/// Searches the root moves in order within `(alpha0, beta)`: every move exactly when the
/// techniques rank all of them, otherwise the first `multipv` exactly and the rest by a null
/// window (reduced when late and quiet). Returns the best score, `None` if stopped before any
/// move finished.
fn run_root<R: Rules, N: Narrowing<R>>(
    s: &mut Searcher<'_, R, N>,
    pos: &R::Position,
    root: &mut [RootMove<R::Move>],
    depth: u32,
    alpha0: i32,
    beta: i32,
    tech: Techniques,
) -> Option<i32> {
    let k = tech.multipv.max(1);
    let exact_all = k >= root.len();
    // Whether the zones named some root moves (the steer reduces the others only then).
    let named_some = root.iter().any(|r| r.named);
    let mut alpha = alpha0;
    let mut best = None::<i32>;
    let mut exact_scores: Vec<i32> = Vec::new();
    let mut line = Vec::new();
    let danger = tech.extensions && s.rules.in_danger(pos);
    let mut tactical = Vec::new();
    if tech.history {
        s.rules.tactical_moves(pos, &mut tactical);
    }
    let d = depth as i32 - 1;
    #[allow(clippy::needless_range_loop)] // `root[i]` is updated after the recursion
    for i in 0..root.len() {
        let mv = root[i].mv;
        let floor = if k == 1 {
            alpha
        } else if exact_scores.len() >= k {
            exact_scores[k - 1]
        } else {
            alpha0
        };
        let next = s.enter(pos, mv);
        let d = d + i32::from(root[i].named && depth >= 2 && s.narrowing.extends(s.rules, pos, mv));
        let score = if exact_all {
            // Every root move gets an exact score (for the ranking `analyse` shows).
            -s.negamax(&next, d, -beta, -alpha0, 1, &mut line, true)
        } else if i == 0 {
            -s.negamax(&next, d, -beta, -floor, 1, &mut line, true)
        } else {
            let quiet = !tactical.contains(&mv) && !danger;
            let keep = root[i].named && tech.zone_style.keeps_named();
            let mut r = 0;
            if tech.reductions && depth >= 3 && i >= 3 + k && quiet && !keep {
                r = 1;
            }
            if tech.zone_style.reduces_unnamed()
                && s.narrowing.active(0)
                && named_some
                && tech.reductions
                && depth >= 3
                && !root[i].named
                && quiet
            {
                r += 1;
            }
            let mut s1 = -s.negamax(&next, d - r, -floor - 1, -floor, 1, &mut line, true);
            if s1 > floor && r > 0 && !s.stopped {
                s1 = -s.negamax(&next, d, -floor - 1, -floor, 1, &mut line, true);
            }
            if s1 > floor && s1 < beta && !s.stopped {
                s1 = -s.negamax(&next, d, -beta, -floor, 1, &mut line, true);
            }
            s1
        };
        s.leave();
        if s.stopped {
            break;
        }
        let r = &mut root[i];
        r.score = score;
        r.depth = depth;
        r.exact = exact_all || (score > floor && score < beta);
        if r.exact || score > floor {
            r.line.clear();
            r.line.push(mv);
            r.line.extend_from_slice(&line);
        }
        if r.exact && !exact_all {
            let at = exact_scores.partition_point(|&x| x >= score);
            exact_scores.insert(at, score);
        }
        best = Some(best.map_or(score, |b: i32| b.max(score)));
        if score > alpha {
            alpha = score;
            if k == 1 && alpha >= beta {
                break;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_the_time_is_kept_for_a_clock_only_when_the_whole_movetime_is_used() {
        let half = Techniques::ENGINE;
        let whole = Techniques {
            whole_movetime: true,
            ..half
        };
        // A fixed time per move alone: used to its end, or half of it.
        assert_eq!(half_time(None, Some(100), whole), None);
        assert_eq!(half_time(None, Some(100), half), Some(100));
        // A clock's soft limit: half of it either way.
        assert_eq!(half_time(Some(60), Some(180), whole), Some(60));
        assert_eq!(half_time(Some(60), Some(180), half), Some(60));
        // No time limit; the plain search.
        assert_eq!(half_time(None, None, whole), None);
        assert_eq!(half_time(None, Some(100), Techniques::PLAIN), None);
    }
}
