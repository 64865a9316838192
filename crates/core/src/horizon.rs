//! Horizon arithmetic: the time budgets of zones (docs/zones.md §2), in one place.
//!
//! Conventions: `H` is the horizon in half-moves; (+) is the side of the root piece, (-) the other;
//! `plus_to_move` says whether (+) makes half-move 1. Half-moves are numbered 1, 2, ...; (+) moves on
//! the odd ones when it is to move and on the even ones otherwise ([`plus_moves_on`]). The root
//! trajectory is a0, a1, ..., ak (a0 = where the root piece stands). All values are `i32` and may be
//! zero or negative where the text says so; nothing here uses floats, and every floor is
//! [`i32::div_euclid`].
//!
//! # Botvinnik's form (half-move budgets)
//!
//! | quantity | formula | (+) to move | (-) to move |
//! |---|---|---|---|
//! | [`k_max`] | most root moves | floor((H+1)/2) | floor(H/2) |
//! | [`h0`] | root reaches ak | 2k-1 | 2k |
//! | [`arrival`] | root reaches a(i) | H0-2(k-i) = 2i-1 | 2i |
//! | [`hx`] | (-) must be in place by | H0-2(k-i)-1 = 2i-2 | 2i-1 |
//! | m(i) = [`moves_within`]`(Hx(i))` | (-) moves that fit | i-1 | i |
//! | [`hxx`] | (+) counter to the j-th square of an m-move (-) trajectory | Hx(i)-2(m-j)-1 | same |
//!
//! Hx(i) is always a (-) half-move (the last one before the root arrives on a(i)), and Hxx always a
//! (+) half-move, so `moves_within` = floor((n+1)/2) counts the mover's own half-moves in 1..=n exactly
//! (when the mover moves second, n is even and floor((n+1)/2) = n/2).
//!
//! A (-) negation of length l *ending on* a(i) (its last move captures or occupies a(i)) spends l-1
//! moves getting into a controlling position within Hx(i) and makes its l-th move on half-move
//! Hx(i)+2, right after the root arrives: it is admitted iff `l - 1 <= m(i)` ([`botvinnik_admits`]).
//!
//! **Negative budgets and i = 0.** m(0) = -1 when (+) is to move: the root leaves a0 on half-move 1,
//! so not even a (-) piece already attacking a0 (l = 1) is in time; m(0) = 0 when (-) is to move: a
//! piece already attacking a0 can capture on half-move 1. `moves_within` therefore returns an `i32`
//! that may be negative; `l - 1 <= m` is the right test for all values (m < 0 admits nothing, m = 0
//! admits only l = 1). A beta-square of the step a(i-1) -> a(i) is passed on [`arrival`]`(i)`, so a
//! blockade of it belongs to a(i), not a(i-1): the beta-squares of the first step get Hx(1), never
//! Hx(0). A blockade is an *occupation* before the root passes, so its l moves must all fit in Hx(i):
//! `l <= m(i)`, i.e. `botvinnik_admits(l + 1, m)`.
//!
//! # Stilman's form (move counts)
//!
//! TIME(a_i) = i + \[the negating side moves first\] ([`time`]); a negating piece is admitted at y
//! iff MAP(x, y) <= TIME(y) ([`admitted`]); its inner squares get NEXTTIME = TIME(y) - l + 1
//! ([`next_time`], accumulated with max by [`raise_next_time`]).
//!
//! # How the two forms relate (checked exhaustively in `tests/horizon.rs`)
//!
//! **First level.** m(i) = TIME(a_i) - 1 in both cases ((+) to move: Hx = 2i-2, m = i-1, TIME = i;
//! (-) to move: Hx = 2i-1, m = i, TIME = i+1), so `l - 1 <= m(i)` iff `l <= TIME(a_i)`: the forms agree.
//!
//! **Second level.** For a (-) trajectory of length l admitted at a(i) (m = l-1 own moves before the
//! capture), the (+) counter to its j-th square (1 <= j <= m) gets Hxx = Hx(i) - 2(m-j) - 1, i.e.
//! floor((Hxx+1)/2) = floor(Hx(i)/2) - (m-j) = i - 1 - (m-j) own moves in *both* cases, so a counter
//! of length L is admitted iff `L <= i - l + j + 1`. In Stilman's terms that is
//!
//! `L <= TIME(a_i) - l + j + [(+) moves first]` ([`counter_time`]),
//!
//! because TIME(a_i) already carries the first level's bonus \[(-) moves first\]. So Stilman's
//! NEXTTIME = TIME(y) - l + 1 equals Botvinnik's bound at j = 1 when (-) is to move, and is **one
//! less** (conservative) when (+) is to move; Botvinnik's bound grows by one move per later square j.
//! The general rule, true at every level: the square reached on half-move A gives the side that
//! answers there TIME = floor((A+2)/2) (its half-moves in 1..=A+1), and the inner squares of an
//! admitted trajectory of length l to y get TIME(y) - l + j + \[the next level's negating side moves
//! first\].
//!
//! Budgets ignore the horizon for the negating side's final capture (on a(k) it falls on H0+1, which
//! may exceed H), as Botvinnik's formulas do.
//!
//! ```
//! use zonal_core::horizon::{self, RootBudget};
//!
//! // H = 6, (+) to move: the root may make 3 moves, reaching a3 on half-move 5.
//! assert_eq!(horizon::k_max(6, true), 3);
//! let b = RootBudget::new(6, 3, true).unwrap();
//! assert_eq!(b.h0(), 5);
//! assert_eq!(b.hx_all(), vec![-2, 0, 2, 4]); // Hx(i) for i = 0..=3
//! assert_eq!(b.m_all(), vec![-1, 0, 1, 2]); // (-) moves that fit
//! assert_eq!(b.time_all(), vec![0, 1, 2, 3]); // Stilman's TIME(a_i) = m(i) + 1
//! // A (-) piece 3 moves from a3 is in time; one 4 moves away is not.
//! assert!(b.admits_first(3, 3) && !b.admits_first(3, 4));
//! // Against that 3-move (-) trajectory, a (+) counter to its first square may be 2 moves long.
//! assert_eq!(b.counter_limit(3, 3, 1), 2);
//! assert_eq!(horizon::next_time(b.time(3), 3), 1); // Stilman's NEXTTIME: one less when (+) moves first
//! ```

/// Whether (+) makes half-move `n`: n odd when (+) is to move, n even otherwise.
///
/// Defined for every `n` by parity (n <= 0 are the fictitious half-moves before the position).
pub const fn plus_moves_on(n: i32, plus_to_move: bool) -> bool {
    (n.rem_euclid(2) == 1) == plus_to_move
}

/// Most moves the root piece may make within horizon `h`: floor((H+1)/2) when (+) is to move,
/// floor(H/2) otherwise. `h` should be >= 0.
pub const fn k_max(h: i32, plus_to_move: bool) -> i32 {
    debug_assert!(h >= 0);
    if plus_to_move {
        (h + 1).div_euclid(2)
    } else {
        h.div_euclid(2)
    }
}

/// H0, the half-move on which the root reaches a(k): 2k-1 when (+) is to move, 2k otherwise.
pub const fn h0(k: i32, plus_to_move: bool) -> i32 {
    if plus_to_move { 2 * k - 1 } else { 2 * k }
}

/// The half-move on which the root reaches a(i) of a k-move trajectory: H0 - 2(k-i)
/// (= 2i-1 or 2i, so in fact independent of k; for i = 0 it is -1 or 0, "before the position").
pub const fn arrival(i: i32, k: i32, plus_to_move: bool) -> i32 {
    h0(k, plus_to_move) - 2 * (k - i)
}

/// Hx(i) = H0 - 2(k-i) - 1: the half-moves a (-) negation attached to a(i) has to be in place
/// (the last (-) half-move before the root arrives). Negative for i = 0 with (+) to move (-2), and
/// -1 for i = 0 with (-) to move.
pub const fn hx(i: i32, k: i32, plus_to_move: bool) -> i32 {
    arrival(i, k, plus_to_move) - 1
}

/// Hx(k) = H0 - 1: the half-moves the target has to retreat from a(k).
pub const fn hx_retreat(k: i32, plus_to_move: bool) -> i32 {
    h0(k, plus_to_move) - 1
}

/// m = floor((n+1)/2): a side's own moves within a budget of `n` half-moves that ends on one of its
/// own half-moves (true of every Hx and Hxx).
///
/// May be negative: m = -1 (n = -2 or -3) means the deadline passed before the side's first
/// half-move, so not even a piece already in place is in time; m = 0 means only a piece already in
/// place is. Test admission with [`botvinnik_admits`] (`l - 1 <= m`), which is right for all m.
pub const fn moves_within(half_moves: i32) -> i32 {
    (half_moves + 1).div_euclid(2)
}

/// m(i) = floor((Hx(i)+1)/2): the own moves of a (-) negation attached to a(i)
/// (i-1 when (+) is to move, i otherwise; see [`moves_within`] for negative values).
pub const fn negation_moves(i: i32, k: i32, plus_to_move: bool) -> i32 {
    moves_within(hx(i, k, plus_to_move))
}

/// Botvinnik's admission of a trajectory of `length` moves ending on the contested square with a
/// budget of `m` own moves: length - 1 <= m (its first length-1 moves bring it into a controlling
/// position in time; the last one captures there).
pub const fn botvinnik_admits(length: i32, m: i32) -> bool {
    length - 1 <= m
}

/// Hxx = Hx(i) - 2(m-j) - 1: the half-moves a (+) counter to the j-th square (1 <= j <= m) of an
/// m-move (-) trajectory attached to a(i) has; the (-) piece reaches that square on Hx(i) - 2(m-j).
pub const fn hxx(hx_i: i32, m: i32, j: i32) -> i32 {
    hx_i - 2 * (m - j) - 1
}

/// Stilman's TIME(a_i) = i + \[the negating side moves first\].
pub const fn time(i: i32, negating_side_moves_first: bool) -> i32 {
    i + negating_side_moves_first as i32
}

/// Stilman's admission: MAP(x, y) <= TIME(y).
pub const fn admitted(map_distance: i32, time: i32) -> bool {
    map_distance <= time
}

/// Stilman's NEXTTIME = TIME(y) - l + 1 for the inner squares of an admitted trajectory of length
/// `l` to y: the limit for the next level. Exact (equal to Botvinnik's) at the first square when the
/// next level's negating side moves second, one less otherwise; see [`counter_time`].
pub const fn next_time(time_y: i32, l: i32) -> i32 {
    time_y - l + 1
}

/// NEXTTIME = max(current, TIME(y) - l + 1): [`next_time`] accumulated over the trajectories
/// through a square (`None` = no value yet).
pub const fn raise_next_time(current: Option<i32>, time_y: i32, l: i32) -> i32 {
    let t = next_time(time_y, l);
    match current {
        Some(c) if c > t => c,
        _ => t,
    }
}

/// The exact TIME of the j-th square (1 <= j < l) of an admitted trajectory of length `l` to y:
/// TIME(y) - l + j + \[the next level's negating side moves first\]. A counter of length L to it is
/// in time iff L <= this; it equals Botvinnik's floor((Hxx+1)/2) + 1.
pub const fn counter_time(
    time_y: i32,
    l: i32,
    j: i32,
    next_negating_side_moves_first: bool,
) -> i32 {
    time_y - l + j + next_negating_side_moves_first as i32
}

/// The budgets of one root trajectory of `k` moves within horizon `h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RootBudget {
    /// Horizon in half-moves.
    pub h: i32,
    /// Length of the root trajectory in moves (1 <= k <= [`k_max`]).
    pub k: i32,
    /// Whether (+), the root's side, makes half-move 1.
    pub plus_to_move: bool,
}

impl RootBudget {
    /// The budget of a k-move root trajectory, or `None` unless 1 <= k <= k_max(h).
    pub const fn new(h: i32, k: i32, plus_to_move: bool) -> Option<Self> {
        if h >= 0 && k >= 1 && k <= k_max(h, plus_to_move) {
            Some(RootBudget { h, k, plus_to_move })
        } else {
            None
        }
    }

    /// H0: the half-move on which the root reaches a(k) ([`h0`]).
    pub const fn h0(&self) -> i32 {
        h0(self.k, self.plus_to_move)
    }

    /// The half-move on which the root reaches a(i) ([`arrival`]).
    pub const fn arrival(&self, i: i32) -> i32 {
        arrival(i, self.k, self.plus_to_move)
    }

    /// Hx(i) ([`hx`]).
    pub const fn hx(&self, i: i32) -> i32 {
        hx(i, self.k, self.plus_to_move)
    }

    /// m(i) = floor((Hx(i)+1)/2) ([`negation_moves`]); may be negative for i = 0.
    pub const fn m(&self, i: i32) -> i32 {
        negation_moves(i, self.k, self.plus_to_move)
    }

    /// Stilman's TIME(a_i) = i + \[(-) moves first\] ([`time`]); always m(i) + 1.
    pub const fn time(&self, i: i32) -> i32 {
        time(i, !self.plus_to_move)
    }

    /// Hx(k) = H0 - 1 ([`hx_retreat`]).
    pub const fn hx_retreat(&self) -> i32 {
        hx_retreat(self.k, self.plus_to_move)
    }

    /// Moves the target has to retreat: floor((Hx(k)+1)/2) = m(k); a retreat needs >= 1.
    pub const fn retreat_moves(&self) -> i32 {
        moves_within(self.hx_retreat())
    }

    /// Whether a (-) trajectory of `length` moves ending on a(i) is in time: length - 1 <= m(i).
    pub const fn admits_first(&self, i: i32, length: i32) -> bool {
        botvinnik_admits(length, self.m(i))
    }

    /// The longest (+) counter to the j-th square (1 <= j < l) of a (-) trajectory of length `l`
    /// ending on a(i): floor((Hxx+1)/2) + 1 with Hxx = Hx(i) - 2(l-1-j) - 1, which is
    /// [`counter_time`]`(TIME(a_i), l, j, plus_to_move)` = i - l + j + 1.
    pub const fn counter_limit(&self, i: i32, l: i32, j: i32) -> i32 {
        moves_within(hxx(self.hx(i), l - 1, j)) + 1
    }

    /// The (+) moves the horizon leaves beside the root's own k: k_max(H) - k. A (+) piece that
    /// must move before the root can go (an interposition against a control already in place)
    /// has this many.
    pub const fn spare_moves(&self) -> i32 {
        k_max(self.h, self.plus_to_move) - self.k
    }

    /// Hx(i) for i = 0..=k.
    pub fn hx_all(&self) -> Vec<i32> {
        (0..=self.k).map(|i| self.hx(i)).collect()
    }

    /// m(i) for i = 0..=k.
    pub fn m_all(&self) -> Vec<i32> {
        (0..=self.k).map(|i| self.m(i)).collect()
    }

    /// TIME(a_i) for i = 0..=k.
    pub fn time_all(&self) -> Vec<i32> {
        (0..=self.k).map(|i| self.time(i)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parity() {
        assert!(plus_moves_on(1, true) && !plus_moves_on(2, true));
        assert!(!plus_moves_on(1, false) && plus_moves_on(2, false));
        assert!(plus_moves_on(-1, true) && plus_moves_on(0, false));
    }

    #[test]
    fn k_max_small() {
        let plus: Vec<i32> = (0..=7).map(|h| k_max(h, true)).collect();
        let minus: Vec<i32> = (0..=7).map(|h| k_max(h, false)).collect();
        assert_eq!(plus, [0, 1, 1, 2, 2, 3, 3, 4]);
        assert_eq!(minus, [0, 0, 1, 1, 2, 2, 3, 3]);
    }

    #[test]
    fn h0_arrival_hx_small() {
        assert_eq!(
            (h0(1, true), h0(3, true), h0(1, false), h0(3, false)),
            (1, 5, 2, 6)
        );
        assert_eq!(arrival(0, 3, true), -1);
        assert_eq!(arrival(2, 3, true), 3);
        assert_eq!(arrival(0, 3, false), 0);
        assert_eq!(arrival(3, 3, false), 6);
        assert_eq!(hx(0, 2, true), -2);
        assert_eq!(hx(2, 2, true), 2);
        assert_eq!(hx(0, 2, false), -1);
        assert_eq!(hx(2, 2, false), 3);
        assert_eq!((hx_retreat(1, true), hx_retreat(1, false)), (0, 1));
        assert_eq!((hx_retreat(3, true), hx_retreat(3, false)), (4, 5));
    }

    #[test]
    fn moves_within_small() {
        let v: Vec<i32> = (-4..=5).map(moves_within).collect();
        assert_eq!(v, [-2, -1, -1, 0, 0, 1, 1, 2, 2, 3]);
        assert_eq!(negation_moves(0, 2, true), -1);
        assert_eq!(negation_moves(0, 2, false), 0);
        assert_eq!(negation_moves(2, 2, true), 1);
        assert_eq!(negation_moves(2, 2, false), 2);
    }

    #[test]
    fn admission_small() {
        assert!(botvinnik_admits(1, 0) && !botvinnik_admits(2, 0));
        assert!(!botvinnik_admits(1, -1));
        assert!(admitted(2, 2) && !admitted(3, 2));
        assert_eq!((time(2, false), time(2, true)), (2, 3));
    }

    #[test]
    fn hxx_small() {
        // Hx = 4, a 2-move (-) trajectory: its squares are reached on 2 and 4.
        assert_eq!(hxx(4, 2, 1), 1);
        assert_eq!(hxx(4, 2, 2), 3);
        assert_eq!(hxx(3, 2, 1), 0);
    }

    #[test]
    fn next_time_small() {
        assert_eq!(next_time(3, 3), 1);
        assert_eq!(next_time(3, 1), 3);
        assert_eq!(raise_next_time(None, 3, 3), 1);
        assert_eq!(raise_next_time(Some(2), 3, 3), 2);
        assert_eq!(raise_next_time(Some(0), 3, 3), 1);
        assert_eq!(counter_time(3, 3, 1, false), 1);
        assert_eq!(counter_time(3, 3, 1, true), 2);
        assert_eq!(counter_time(3, 3, 2, true), 3);
    }

    #[test]
    fn root_budget_small() {
        assert_eq!(RootBudget::new(5, 4, true), None);
        assert_eq!(RootBudget::new(5, 0, true), None);
        assert_eq!(RootBudget::new(5, 3, false), None);
        let b = RootBudget::new(4, 2, false).unwrap();
        assert_eq!(b.h0(), 4);
        assert_eq!(b.hx_all(), [-1, 1, 3]);
        assert_eq!(b.m_all(), [0, 1, 2]);
        assert_eq!(b.time_all(), [1, 2, 3]);
        assert_eq!((b.hx_retreat(), b.retreat_moves()), (3, 2));
        assert_eq!(b.counter_limit(2, 3, 1), 1);
        assert_eq!(b.counter_limit(2, 3, 2), 2);
        let b = RootBudget::new(1, 1, true).unwrap();
        assert_eq!(b.retreat_moves(), 0);
        assert!(b.admits_first(1, 1) && !b.admits_first(1, 2) && !b.admits_first(0, 1));
    }
}
