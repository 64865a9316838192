//! Move geometry of the chess-t1 pieces as precomputed square sets.
//!
//! "Reach" is the set of squares a piece could move to if each of them were empty: the squares its
//! force acts on (docs/chess-t1-rules.md §4.1), before castle and ownership restrictions. Non-jumping lines (Prince and
//! Konnet diagonals, the Knecht two-step) stop at, and include, the first occupied square; jumping
//! lines (Ritter and Konnet orthogonal 2-steps) and the Scout's leap ignore what stands between.
//!
//! ```
//! use chess_t1::geometry::reach;
//! use chess_t1::{Bitboard, Color, PieceKind, Square};
//! let e5: Square = "e5".parse().unwrap();
//! assert_eq!(reach(PieceKind::Konnet, Color::White, e5, Bitboard::EMPTY).len(), 20);
//! assert_eq!(reach(PieceKind::Prince, Color::White, e5, Bitboard::EMPTY).len(), 16);
//! ```

use crate::bitboard::Bitboard;
use crate::piece::PieceKind;
use crate::square::{Color, Square};

const fn offsets_table(deltas: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let file = (sq % 8) as i8;
        let rank = (sq / 8) as i8;
        let mut bits = 0u64;
        let mut i = 0;
        while i < deltas.len() {
            let f = file + deltas[i].0;
            let r = rank + deltas[i].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                bits |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
}

/// The 8 neighbours of each square (King).
pub static KING: [Bitboard; 64] = offsets_table(&[
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
]);
/// The 4 orthogonal neighbours of each square (Prince orthogonals; Knecht single steps).
pub static ORTHO1: [Bitboard; 64] = offsets_table(&[(1, 0), (-1, 0), (0, 1), (0, -1)]);
/// Orthogonal squares at distance 1 or 2 (Ritter; Konnet orthogonals), reached by jumping.
pub static ORTHO12: [Bitboard; 64] = offsets_table(&[
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (2, 0),
    (-2, 0),
    (0, 2),
    (0, -2),
]);
/// The chess knight's leaps (Scout).
pub static SCOUT: [Bitboard; 64] = offsets_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

/// Diagonal directions: north-east, north-west (increasing index), south-east, south-west.
const DIAG_DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

const fn diag_rays() -> [[Bitboard; 64]; 4] {
    let mut table = [[Bitboard::EMPTY; 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut sq = 0;
        while sq < 64 {
            let mut bits = 0u64;
            let mut step = 1;
            while step <= 3 {
                let f = (sq % 8) as i8 + DIAG_DIRS[d].0 * step;
                let r = (sq / 8) as i8 + DIAG_DIRS[d].1 * step;
                if f >= 0 && f < 8 && r >= 0 && r < 8 {
                    bits |= 1 << (r * 8 + f);
                }
                step += 1;
            }
            table[d][sq] = Bitboard(bits);
            sq += 1;
        }
        d += 1;
    }
    table
}

/// Up to 3 squares in each diagonal direction, `DIAG_RAYS[dir][square]`.
pub static DIAG_RAYS: [[Bitboard; 64]; 4] = diag_rays();

/// [`DIAG_RAYS`] looked up by a blocker's bit position as `trailing_zeros` (north-east,
/// north-west) or `64 - leading_zeros` (south-east, south-west) give it, with an empty set for
/// no blocker (64 and 0): a diagonal line is then cut without a branch.
static DIAG_BEHIND: [[u64; 65]; 4] = {
    let rays = diag_rays();
    let mut table = [[0u64; 65]; 4];
    let mut d = 0;
    while d < 4 {
        let mut i = 0;
        while i < 64 {
            if d < 2 {
                table[d][i] = rays[d][i].0;
            } else {
                table[d][i + 1] = rays[d][i].0;
            }
            i += 1;
        }
        d += 1;
    }
    table
};

/// All diagonal squares within 3 steps, ignoring blockers.
pub static DIAG3: [Bitboard; 64] = {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = Bitboard(
            DIAG_RAYS[0][sq].0 | DIAG_RAYS[1][sq].0 | DIAG_RAYS[2][sq].0 | DIAG_RAYS[3][sq].0,
        );
        sq += 1;
    }
    table
};

/// Diagonal reach of a Prince or Konnet on `sq`: up to 3 squares each way, stopping at (and
/// including) the first occupied square. Symmetric: `b` is in `diagonal(a, occ)` iff `a` is in
/// `diagonal(b, occ)`.
#[inline]
pub fn diagonal(sq: Square, occupied: Bitboard) -> Bitboard {
    let s = sq.index();
    let occ = occupied.0;
    let mut result = 0u64;
    // Increasing directions: the nearest blocker is the lowest bit.
    for d in 0..2 {
        let ray = DIAG_RAYS[d][s].0;
        result |= ray & !DIAG_BEHIND[d][(ray & occ).trailing_zeros() as usize];
    }
    // Decreasing directions: the nearest blocker is the highest bit.
    for d in 2..4 {
        let ray = DIAG_RAYS[d][s].0;
        result |= ray & !DIAG_BEHIND[d][64 - (ray & occ).leading_zeros() as usize];
    }
    Bitboard(result)
}

/// The two-step target of a Knecht or Ver Knecht of `color` on `sq`, if the two-step is
/// geometrically possible: start and end in own territory (White rank 1->3 or 2->4, Black 8->6
/// or 7->5) and the middle square empty.
#[inline]
pub fn two_step(color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    let s = sq.index();
    match color {
        Color::White if s < 16 && !occupied.contains(Square::new(s as u8 + 8)) => {
            Bitboard(1 << (s + 16))
        }
        Color::Black if s >= 48 && !occupied.contains(Square::new(s as u8 - 8)) => {
            Bitboard(1 << (s - 16))
        }
        _ => Bitboard::EMPTY,
    }
}

/// Squares from which a Knecht or Ver Knecht of `color` would reach `target` by a two-step,
/// given `occupied` (the middle square must be empty). The inverse of [`two_step`].
#[inline]
pub fn two_step_origins(color: Color, target: Square, occupied: Bitboard) -> Bitboard {
    let t = target.index();
    match color {
        Color::White if (16..32).contains(&t) && !occupied.contains(Square::new(t as u8 - 8)) => {
            Bitboard(1 << (t - 16))
        }
        Color::Black if (32..48).contains(&t) && !occupied.contains(Square::new(t as u8 + 8)) => {
            Bitboard(1 << (t + 16))
        }
        _ => Bitboard::EMPTY,
    }
}

/// The middle square of a Knecht two-step from `sq`, if `sq` can start one (ignoring occupancy).
#[inline]
pub fn two_step_middle(color: Color, sq: Square) -> Option<Square> {
    let s = sq.index();
    match color {
        Color::White if s < 16 => Some(Square::new(s as u8 + 8)),
        Color::Black if s >= 48 => Some(Square::new(s as u8 - 8)),
        _ => None,
    }
}

/// Squares a piece of `kind` and `color` on `sq` could move to if they were empty (its force
/// reach, own square excluded), given the occupancy. Castle and ownership rules are not applied.
#[inline(always)]
pub fn reach(kind: PieceKind, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    let s = sq.index();
    match kind {
        PieceKind::King => KING[s],
        PieceKind::Konnet => ORTHO12[s] | diagonal(sq, occupied),
        PieceKind::Prince => ORTHO1[s] | diagonal(sq, occupied),
        PieceKind::Ritter => ORTHO12[s],
        PieceKind::Scout => SCOUT[s],
        PieceKind::Knecht | PieceKind::VerKnecht => ORTHO1[s] | two_step(color, sq, occupied),
    }
}

/// Squares a piece of `kind` and `color` could reach `target` from in one move (the inverse of
/// [`reach`]): the candidate origins of a force line onto `target`.
#[inline]
pub fn reach_origins(
    kind: PieceKind,
    color: Color,
    target: Square,
    occupied: Bitboard,
) -> Bitboard {
    let t = target.index();
    match kind {
        PieceKind::King => KING[t],
        PieceKind::Konnet => ORTHO12[t] | diagonal(target, occupied),
        PieceKind::Prince => ORTHO1[t] | diagonal(target, occupied),
        PieceKind::Ritter => ORTHO12[t],
        PieceKind::Scout => SCOUT[t],
        PieceKind::Knecht | PieceKind::VerKnecht => {
            ORTHO1[t] | two_step_origins(color, target, occupied)
        }
    }
}

/// Squares passed over by a non-jumping step from `from` to `to` of a piece of `kind` (the
/// beta-squares of the step): the inner squares of a diagonal of 2-3 or the middle of a Knecht
/// two-step. Empty for jumping steps, single steps and Scout leaps.
pub fn passed_over(kind: PieceKind, from: Square, to: Square) -> Bitboard {
    let df = to.file() - from.file();
    let dr = to.rank() - from.rank();
    let diagonal_slider = matches!(kind, PieceKind::Prince | PieceKind::Konnet);
    let knecht = matches!(kind, PieceKind::Knecht | PieceKind::VerKnecht);
    let mut set = Bitboard::EMPTY;
    if diagonal_slider && df.abs() == dr.abs() && df.abs() > 1 {
        for i in 1..df.abs() {
            if let Some(sq) = from.offset(df.signum() * i, dr.signum() * i) {
                set.insert(sq);
            }
        }
    } else if knecht
        && df == 0
        && dr.abs() == 2
        && let Some(sq) = from.offset(0, dr.signum())
    {
        set.insert(sq);
    }
    set
}

/// `set` moved by `DF` files and `DR` ranks (each in -2..=2); squares leaving the board drop
/// off. The offsets are constants so that every shift compiles to two or three instructions.
#[inline(always)]
pub const fn shift<const DF: i8, const DR: i8>(set: Bitboard) -> Bitboard {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    // Squares that would wrap onto the other edge stay behind.
    let keep = match DF {
        2 => !(FILE_A << 6 | FILE_A << 7),
        1 => !(FILE_A << 7),
        -1 => !FILE_A,
        -2 => !(FILE_A | FILE_A << 1),
        _ => !0,
    };
    let by = DF as i32 + 8 * DR as i32;
    let x = set.0 & keep;
    Bitboard(if by >= 0 { x << by } else { x >> -by })
}

/// `set` moved by each one-step orthogonal offset (a Knecht's, a Prince's sideways steps).
#[inline(always)]
pub const fn ortho1_steps(set: Bitboard) -> [Bitboard; 4] {
    [
        shift::<1, 0>(set),
        shift::<-1, 0>(set),
        shift::<0, 1>(set),
        shift::<0, -1>(set),
    ]
}

/// `set` moved by each two-step orthogonal offset (a Ritter's or Konnet's jumps).
#[inline(always)]
pub const fn ortho2_steps(set: Bitboard) -> [Bitboard; 4] {
    [
        shift::<2, 0>(set),
        shift::<-2, 0>(set),
        shift::<0, 2>(set),
        shift::<0, -2>(set),
    ]
}

/// `set` moved by each Scout leap.
#[inline(always)]
pub const fn scout_steps(set: Bitboard) -> [Bitboard; 8] {
    [
        shift::<1, 2>(set),
        shift::<2, 1>(set),
        shift::<2, -1>(set),
        shift::<1, -2>(set),
        shift::<-1, -2>(set),
        shift::<-2, -1>(set),
        shift::<-2, 1>(set),
        shift::<-1, 2>(set),
    ]
}

/// Squares in `allowed` counted once for each set of `sets` holding them.
#[inline(always)]
pub fn count_in(sets: &[Bitboard], allowed: Bitboard) -> u32 {
    sets.iter().map(|&s| (s & allowed).len()).sum()
}

/// The union of `sets`.
#[inline(always)]
pub fn union(sets: &[Bitboard]) -> Bitboard {
    sets.iter().fold(Bitboard::EMPTY, |acc, &s| acc | s)
}

/// For each diagonal direction, the squares the diagonal lines (up to three steps, stopping on
/// the first occupied square, which is included) from the squares of `set` reach. Lines of
/// different pieces in one direction never share a square (a line ends on the first piece), so
/// summing the counts of the four sets counts every (piece, square) pair once.
#[inline]
pub fn diagonal_fills(set: Bitboard, occupied: Bitboard) -> [Bitboard; 4] {
    #[inline(always)]
    fn fill<const DF: i8, const DR: i8>(set: Bitboard, empty: Bitboard) -> Bitboard {
        let one = shift::<DF, DR>(set);
        let two = shift::<DF, DR>(one & empty);
        let three = shift::<DF, DR>(two & empty);
        one | two | three
    }
    let empty = !occupied;
    [
        fill::<1, 1>(set, empty),
        fill::<-1, 1>(set, empty),
        fill::<1, -1>(set, empty),
        fill::<-1, -1>(set, empty),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn empty_board_counts() {
        let e5 = sq("e5");
        let e4 = sq("e4");
        assert_eq!(
            reach(PieceKind::Konnet, Color::White, e5, Bitboard::EMPTY).len(),
            20
        );
        assert_eq!(
            reach(PieceKind::Prince, Color::White, e5, Bitboard::EMPTY).len(),
            16
        );
        assert_eq!(
            reach(PieceKind::Scout, Color::White, e4, Bitboard::EMPTY).len(),
            8
        );
        assert_eq!(
            reach(PieceKind::King, Color::White, e4, Bitboard::EMPTY).len(),
            8
        );
        assert_eq!(
            reach(PieceKind::Ritter, Color::White, e4, Bitboard::EMPTY).len(),
            8
        );
    }

    #[test]
    fn diagonal_stops_at_first_blocker_inclusive() {
        let occ = Bitboard::from_square(sq("g3"));
        let d = diagonal(sq("e5"), occ);
        assert!(d.contains(sq("f4")) && d.contains(sq("g3")) && !d.contains(sq("h2")));
    }

    #[test]
    fn diagonal_is_symmetric_and_origins_invert_reach() {
        let mut rng = zonal_core::rng::Rng::new(0x1234_5678_9abc_def1);
        for _ in 0..200 {
            let seed = rng.next_u64();
            let occ = Bitboard(seed & seed.rotate_left(17));
            for kind in PieceKind::ALL {
                for color in Color::BOTH {
                    for a in Square::all() {
                        for b in reach(kind, color, a, occ) {
                            assert!(reach_origins(kind, color, b, occ).contains(a));
                        }
                        for b in reach_origins(kind, color, a, occ) {
                            assert!(reach(kind, color, b, occ).contains(a));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn knecht_two_step_only_in_own_territory() {
        let occ = Bitboard::EMPTY;
        assert_eq!(
            two_step(Color::White, sq("e2"), occ),
            Bitboard::from_square(sq("e4"))
        );
        assert_eq!(
            two_step(Color::White, sq("e1"), occ),
            Bitboard::from_square(sq("e3"))
        );
        assert!(two_step(Color::White, sq("e3"), occ).is_empty());
        assert_eq!(
            two_step(Color::Black, sq("e7"), occ),
            Bitboard::from_square(sq("e5"))
        );
        assert!(two_step(Color::Black, sq("e6"), occ).is_empty());
        let blocked = Bitboard::from_square(sq("e3"));
        assert!(two_step(Color::White, sq("e2"), blocked).is_empty());
    }

    #[test]
    fn passed_over_squares() {
        let p = passed_over(PieceKind::Prince, sq("e5"), sq("h8"));
        assert_eq!(
            p,
            Bitboard::from_square(sq("f6")) | Bitboard::from_square(sq("g7"))
        );
        assert!(passed_over(PieceKind::Ritter, sq("e5"), sq("e7")).is_empty());
        assert!(passed_over(PieceKind::Konnet, sq("e5"), sq("e7")).is_empty());
        assert_eq!(
            passed_over(PieceKind::Knecht, sq("e2"), sq("e4")),
            Bitboard::from_square(sq("e3"))
        );
    }
    #[test]
    fn set_wise_steps_are_the_tables() {
        let mut rng = zonal_core::rng::Rng::new(0x9e37_79b9_7f4a_7c15);
        for _ in 0..300 {
            let seed = rng.next_u64();
            let set = Bitboard(seed & seed.rotate_left(29));
            let occ = Bitboard(seed.rotate_left(7) & seed.rotate_left(41));
            let union = |table: &[Bitboard; 64]| {
                set.into_iter()
                    .fold(Bitboard::EMPTY, |acc, s| acc | table[s.index()])
            };
            let ortho12 = super::union(&ortho1_steps(set)) | super::union(&ortho2_steps(set));
            assert_eq!(ortho12, union(&ORTHO12));
            assert_eq!(super::union(&scout_steps(set)), union(&SCOUT));
            assert_eq!(super::union(&ortho1_steps(set)), union(&ORTHO1));
            // Counting a step set at a time counts each (piece, square) pair once.
            let allowed = !occ;
            let per_piece: u32 = set
                .into_iter()
                .map(|s| (SCOUT[s.index()] & allowed).len())
                .sum();
            assert_eq!(count_in(&scout_steps(set), allowed), per_piece);
            // Per piece, the four fills of one piece are its diagonal reach; over many pieces
            // each (piece, square) pair is counted once.
            let fills = diagonal_fills(set, occ | set);
            let counted: u32 = fills.iter().map(|f| f.len()).sum();
            let per_piece: u32 = set.into_iter().map(|s| diagonal(s, occ | set).len()).sum();
            assert_eq!(counted, per_piece);
            let union_fills = fills.iter().fold(Bitboard::EMPTY, |a, &f| a | f);
            let union_diag = set
                .into_iter()
                .fold(Bitboard::EMPTY, |a, s| a | diagonal(s, occ | set));
            assert_eq!(union_fills, union_diag);
        }
    }
}
