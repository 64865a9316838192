//! A deliberately plain oracle for distance maps and trajectories (docs/zones.md §1), written square by
//! square: a queue-based breadth-first search whose only use of the library is
//! `chess_t1::geometry::reach` (the squares a piece could move to if they were empty, non-jumping
//! lines stopping at and including the first occupied square). Every other rule is spelled out
//! here:
//!
//! - `occupied` is the other pieces; the piece's own start square counts as empty;
//! - every square passed through or stopped on before the last move must be empty;
//! - the last square may hold any piece (the goal is enterable);
//! - Knecht, Ver Knecht and Ritter never enter a castle square (c1 d1 e1 f1 c8 d8 e8 f8), except
//!   that a Knecht or Ver Knecht may end its trajectory on an EMPTY square of the enemy castle (the
//!   Ver Knecht's promotion step, docs/chess-t1-rules.md §7.3, which captures an empty castle);
//! - a Scout never stops on an empty castle square but may end on an occupied one (exchange);
//! - a Knecht or Ver Knecht arriving on its far rank (rank 8 for White, 1 for Black) ends there.

#![allow(dead_code)]

use chess_t1::geometry::reach;
use chess_t1::{Bitboard, Color, PieceKind, Square};
use std::collections::VecDeque;

/// Distances from one square, `None` where unreachable.
pub type Dist = [Option<u32>; 64];

/// The castle squares c1 d1 e1 f1 c8 d8 e8 f8 as (file, rank), 0-based.
pub const CASTLE_COORDS: [(i8, i8); 8] = [
    (2, 0),
    (3, 0),
    (4, 0),
    (5, 0),
    (2, 7),
    (3, 7),
    (4, 7),
    (5, 7),
];

/// Whether `sq` is one of the eight castle squares.
pub fn is_castle(sq: Square) -> bool {
    CASTLE_COORDS.contains(&(sq.file(), sq.rank()))
}

/// Pieces that may never enter a castle square, whatever stands there.
pub fn never_enters_castles(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::Knecht | PieceKind::VerKnecht | PieceKind::Ritter
    )
}

/// Knecht-like pieces: their trajectory ends on the far rank.
pub fn is_knecht(kind: PieceKind) -> bool {
    matches!(kind, PieceKind::Knecht | PieceKind::VerKnecht)
}

/// The far rank (0-based) of a Knecht of `color`.
pub fn far_rank(color: Color) -> i8 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}

/// Whether a trajectory of the piece may end on `sq` (the goal may hold any piece).
pub fn may_end(kind: PieceKind, color: Color, sq: Square, occupied: Bitboard) -> bool {
    if is_castle(sq) {
        let enemy_castle_rank = far_rank(color);
        if is_knecht(kind) && sq.rank() == enemy_castle_rank && !occupied.contains(sq) {
            return true;
        }
        if never_enters_castles(kind) {
            return false;
        }
        if kind == PieceKind::Scout && !occupied.contains(sq) {
            return false;
        }
    }
    true
}

/// Whether the piece may start a trajectory on `sq` ignoring occupancy: the squares a piece of
/// this kind can stand on in a game (no castles for Knecht, Ver Knecht, Ritter and Scout; not the
/// far rank for Knechts).
pub fn may_start(kind: PieceKind, color: Color, sq: Square) -> bool {
    if is_castle(sq) && (never_enters_castles(kind) || kind == PieceKind::Scout) {
        return false;
    }
    if is_knecht(kind) && sq.rank() == far_rank(color) {
        return false;
    }
    true
}

/// Whether the piece may stand on `sq` between two moves: empty and allowed.
pub fn may_stand(kind: PieceKind, color: Color, sq: Square, occupied: Bitboard) -> bool {
    !occupied.contains(sq) && may_start(kind, color, sq)
}

/// The single moves of the piece from `from` (standing there, `occupied` the other pieces).
pub fn steps(kind: PieceKind, color: Color, from: Square, occupied: Bitboard) -> Vec<Square> {
    let mut out = Vec::new();
    for to in reach(kind, color, from, occupied) {
        if may_end(kind, color, to, occupied) {
            out.push(to);
        }
    }
    out
}

/// The squares a step passes over and could be blocked on, by coordinates: the inner squares of a
/// Prince/Konnet diagonal of 2-3, the middle of a Knecht two-step, nothing otherwise.
pub fn passed(kind: PieceKind, from: Square, to: Square) -> Vec<Square> {
    let df = to.file() - from.file();
    let dr = to.rank() - from.rank();
    let mut out = Vec::new();
    let diagonal_slider = matches!(kind, PieceKind::Prince | PieceKind::Konnet);
    if diagonal_slider && df.abs() == dr.abs() && df.abs() >= 2 {
        for i in 1..df.abs() {
            out.push(
                from.offset(i * df.signum(), i * dr.signum())
                    .expect("inside the board"),
            );
        }
    } else if is_knecht(kind) && df == 0 && dr.abs() == 2 {
        out.push(from.offset(0, dr.signum()).expect("inside the board"));
    }
    out
}

/// Whether `to` is one legal single step of the piece from `from` on the static board
/// (`occupied` = the other pieces, the start removed), its passed-over squares empty.
pub fn step_ok(
    kind: PieceKind,
    color: Color,
    from: Square,
    to: Square,
    occupied: Bitboard,
) -> bool {
    steps(kind, color, from, occupied).contains(&to)
        && passed(kind, from, to)
            .iter()
            .all(|&sq| !occupied.contains(sq))
}

/// MAP_p(from, .) by a queue-based breadth-first search. `occupied` may contain `from`: the
/// piece's own square counts as empty.
pub fn distances(kind: PieceKind, color: Color, from: Square, occupied: Bitboard) -> Dist {
    let occupied = occupied.without(Bitboard::from_square(from));
    let mut dist: Dist = [None; 64];
    dist[from.index()] = Some(0);
    let mut queue = VecDeque::new();
    queue.push_back(from);
    while let Some(u) = queue.pop_front() {
        // Only the start and squares the piece may stand on are left again.
        if u != from && !may_stand(kind, color, u, occupied) {
            continue;
        }
        let d = dist[u.index()].expect("queued squares have a distance");
        for t in steps(kind, color, u, occupied) {
            if dist[t.index()].is_none() {
                dist[t.index()] = Some(d + 1);
                queue.push_back(t);
            }
        }
    }
    dist
}

/// The number of shortest trajectories from `from` to every square (0 where unreachable), by
/// counting along the breadth-first layers.
pub fn shortest_counts(
    kind: PieceKind,
    color: Color,
    from: Square,
    occupied: Bitboard,
) -> Vec<u128> {
    let occupied = occupied.without(Bitboard::from_square(from));
    let dist = distances(kind, color, from, occupied);
    let mut order: Vec<Square> = Square::all()
        .filter(|sq| dist[sq.index()].is_some())
        .collect();
    order.sort_by_key(|sq| dist[sq.index()]);
    let mut count = vec![0u128; 64];
    count[from.index()] = 1;
    for u in order {
        if u != from && !may_stand(kind, color, u, occupied) {
            continue;
        }
        let d = dist[u.index()].expect("reachable");
        for t in steps(kind, color, u, occupied) {
            if dist[t.index()] == Some(d + 1) {
                count[t.index()] = count[t.index()].saturating_add(count[u.index()]);
            }
        }
    }
    count
}

/// MAP_p(v, y) for every pair: `table[v][y]`, each row searched with `v` removed from `occupied`.
pub fn all_pairs(kind: PieceKind, color: Color, occupied: Bitboard) -> Vec<Dist> {
    Square::all()
        .map(|v| distances(kind, color, v, occupied))
        .collect()
}

/// MAPrev_p(goal, v) for every start square v the piece may stand on (empty and allowed), read
/// off the forward searches; 0 on the goal; `None` elsewhere.
pub fn reverse(
    kind: PieceKind,
    color: Color,
    goal: Square,
    occupied: Bitboard,
    table: &[Dist],
) -> Dist {
    let mut out: Dist = [None; 64];
    for v in Square::all() {
        if v == goal {
            out[v.index()] = Some(0);
        } else if may_stand(kind, color, v, occupied) {
            out[v.index()] = table[v.index()][goal.index()];
        }
    }
    out
}

/// Every simple path (no square twice) of exactly `len` moves from `from` to `to` by legal single
/// steps, its inner squares ones the piece may stand on. `to_goal[v]` must be a lower bound of the
/// moves from v to `to` (e.g. MAP(v, to)); it only prunes. `None` if there are more than `cap`.
#[allow(clippy::too_many_arguments)]
pub fn simple_paths(
    kind: PieceKind,
    color: Color,
    from: Square,
    to: Square,
    occupied: Bitboard,
    len: u32,
    to_goal: &Dist,
    cap: usize,
) -> Option<Vec<Vec<Square>>> {
    let occupied = occupied.without(Bitboard::from_square(from));
    let mut out = Vec::new();
    let mut path = vec![from];
    let ok = dfs(
        kind, color, to, occupied, len, to_goal, cap, &mut path, &mut out,
    );
    ok.then_some(out)
}

#[allow(clippy::too_many_arguments)]
fn dfs(
    kind: PieceKind,
    color: Color,
    to: Square,
    occupied: Bitboard,
    len: u32,
    to_goal: &Dist,
    cap: usize,
    path: &mut Vec<Square>,
    out: &mut Vec<Vec<Square>>,
) -> bool {
    let u = *path.last().expect("non-empty");
    let done = path.len() as u32 - 1;
    if done == len {
        if u == to {
            out.push(path.clone());
        }
        return out.len() <= cap;
    }
    if u == to {
        return true; // the goal is not passed through
    }
    let left = len - done;
    for t in steps(kind, color, u, occupied) {
        if path.contains(&t) {
            continue;
        }
        let rest = left - 1;
        if t == to {
            if rest != 0 {
                continue;
            }
        } else {
            if rest == 0 || !may_stand(kind, color, t, occupied) {
                continue;
            }
            match to_goal[t.index()] {
                Some(d) if d <= rest => {}
                _ => continue,
            }
        }
        path.push(t);
        let ok = dfs(kind, color, to, occupied, len, to_goal, cap, path, out);
        path.pop();
        if !ok {
            return false;
        }
    }
    true
}

/// Degree 2 (docs/zones.md §1): some inner square v = a(i) splits the path into a shortest trajectory
/// from the start to v (i = MAP(start, v)) and a shortest one from v to the goal
/// (k - i = MAPrev(goal, v)).
pub fn is_degree2(path: &[Square], from_start: &Dist, to_goal: &Dist) -> bool {
    let k = path.len() as u32 - 1;
    (1..path.len() - 1).any(|i| {
        let v = path[i];
        from_start[v.index()] == Some(i as u32) && to_goal[v.index()] == Some(k - i as u32)
    })
}
