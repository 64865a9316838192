//! Force sums (docs/chess-t1-rules.md §4): raw and effective force of each side on each square, superiority.
//!
//! A piece other than the Scout acts with its strength on its own square and on every square of
//! its reach ([`crate::geometry::reach`]). The **effective** force of side X on a castle square that
//! does not hold X's own piece counts X's non-royal force (Knecht, Ver Knecht, Ritter) only if an
//! X royal piece acts there too (docs/chess-t1-rules.md §4.2). Superiority is a strictly greater effective sum.
//!
//! Two ways to get sums: [`sums_at`] looks up the pieces acting on one square (used by move
//! generation), and [`ForceMap`] holds all 64 squares and can be updated incrementally after a
//! move.
//!
//! ```
//! use chess_t1::{force::ForceMap, Color, Position};
//! // docs/chess-t1-rules.md §10 E4: W: K c1, R d3, N f3. B: V e3, P h1.
//! let pos: Position = "8/8/8/8/8/3RvN2/8/2K4p w - 0 1".parse().unwrap();
//! let map = ForceMap::new(pos.board());
//! let e3 = "e3".parse().unwrap();
//! assert_eq!(map.effective(pos.board(), Color::White, e3), 6); // 3 units
//! assert_eq!(map.effective(pos.board(), Color::Black, e3), 3); // 1½ units
//! ```

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::geometry::{self, DIAG3, KING, ORTHO1, ORTHO12};
use crate::piece::{Piece, PieceKind};
use crate::square::{Color, Square};

/// Force of one side on one square, split into royal and non-royal parts (half-units).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideForce {
    /// Sum of the King, Konnets and Princes acting there (occupant included).
    pub royal: i32,
    /// Sum of the Ritters, Knechts and Ver Knechts acting there (occupant included).
    pub non_royal: i32,
}

impl SideForce {
    /// Raw sum: all force, no castle rule.
    #[inline]
    pub fn raw(self) -> i32 {
        self.royal + self.non_royal
    }

    /// Effective sum on `sq` for `color` given the occupant (docs/chess-t1-rules.md §4.2).
    #[inline]
    pub fn effective(self, color: Color, sq: Square, occupant: Option<Piece>) -> i32 {
        if sq.is_castle() && self.royal == 0 && occupant.is_none_or(|p| p.color != color) {
            0
        } else {
            self.royal + self.non_royal
        }
    }
}

/// Force of `color` on `sq`, found by looking up the pieces that act there.
#[inline]
pub fn sums_at(board: &Board, color: Color, sq: Square) -> SideForce {
    let occ = board.occupied();
    let own = board.by_color(color);
    let s = sq.index();
    let ortho12 = ORTHO12[s];
    let ortho1 = ORTHO1[s];
    let diag =
        if (DIAG3[s] & own & (board.by_kind(PieceKind::Prince) | board.by_kind(PieceKind::Konnet)))
            .nonempty()
        {
            geometry::diagonal(sq, occ)
        } else {
            Bitboard::EMPTY
        };
    let count = |kind: PieceKind, from: Bitboard| -> i32 {
        (from & board.pieces(color, kind)).len() as i32 * kind.strength()
    };
    let mut royal = count(PieceKind::King, KING[s])
        + count(PieceKind::Konnet, ortho12 | diag)
        + count(PieceKind::Prince, ortho1 | diag);
    let knecht_from = ortho1 | geometry::two_step_origins(color, sq, occ);
    let mut non_royal = count(PieceKind::Ritter, ortho12)
        + count(PieceKind::Knecht, knecht_from)
        + count(PieceKind::VerKnecht, knecht_from);
    if let Some(p) = board.piece_at(sq).filter(|p| p.color == color) {
        if p.kind.is_royal() {
            royal += p.kind.strength();
        } else {
            non_royal += p.kind.strength();
        }
    }
    SideForce { royal, non_royal }
}

/// Effective force of `color` on `sq` (docs/chess-t1-rules.md §4.2), in half-units.
#[inline]
pub fn effective_at(board: &Board, color: Color, sq: Square) -> i32 {
    sums_at(board, color, sq).effective(color, sq, board.piece_at(sq))
}

/// Whether `color` has superiority of force on `sq`: its effective sum strictly exceeds the other
/// side's.
#[inline]
pub fn has_superiority(board: &Board, color: Color, sq: Square) -> bool {
    effective_at(board, color, sq) > effective_at(board, color.other(), sq)
}

/// Force of both sides on all 64 squares, raw, split royal / non-royal (half-units).
///
/// Build it with [`ForceMap::new`]; after a move, [`ForceMap::update`] changes only the
/// contributions of the pieces whose lines the move touched.
///
/// The sums are kept bit-sliced: [`PLANES`] bitboards a side, plane `b` holding bit `b` of every
/// square's sum, so that adding a piece's strength on all the squares it acts on, or comparing
/// the two sides on all 64 squares, is a few dozen word operations whatever the number of
/// squares. Seven planes hold sums up to 127: a square is acted on from at most 13 squares (its
/// own, the eight orthogonal one- and two-steps, which include the Knecht two-step origins, and
/// one piece a diagonal ray, blocked lines ending there), each with at most a Konnet's 6, so a
/// sum never exceeds 78 half-units.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ForceMap {
    /// All force of each side on each square.
    total: [Planes; 2],
    /// Its royal part (King, Konnets, Princes).
    royal: [Planes; 2],
}

/// Bit planes of a side's force sums (see [`ForceMap`]).
pub const PLANES: usize = 7;

/// A bit-sliced counter for each of the 64 squares.
type Planes = [u64; PLANES];

/// Adds `strength` to the counters of the squares in `on` (a ripple-carry adder run on all
/// squares at once).
#[inline]
fn planes_add(planes: &mut Planes, on: u64, strength: u32) {
    let mut carry = 0u64;
    for (b, plane) in planes.iter_mut().enumerate() {
        let k = on & 0u64.wrapping_sub(u64::from(strength >> b & 1));
        let p = *plane;
        let half = p ^ k;
        *plane = half ^ carry;
        carry = (p & k) | (carry & half);
        // Past the strength's bits only the carry changes planes: none left, nothing to do.
        if carry == 0 && strength >> b <= 1 {
            break;
        }
    }
}

/// Takes `strength` from the counters of the squares in `on` (none goes below zero).
#[inline]
fn planes_sub(planes: &mut Planes, on: u64, strength: u32) {
    let mut borrow = 0u64;
    for (b, plane) in planes.iter_mut().enumerate() {
        let k = on & 0u64.wrapping_sub(u64::from(strength >> b & 1));
        let p = *plane;
        let half = p ^ k;
        *plane = half ^ borrow;
        borrow = (!p & k) | (!half & borrow);
        if borrow == 0 && strength >> b <= 1 {
            break;
        }
    }
}

/// The counter of square `i`.
#[inline]
fn planes_at(planes: &Planes, i: usize) -> i32 {
    planes
        .iter()
        .enumerate()
        .map(|(b, plane)| ((plane >> i & 1) as i32) << b)
        .sum()
}

/// The squares whose counter is not zero.
#[inline]
fn planes_nonzero(planes: &Planes) -> u64 {
    planes.iter().fold(0, |acc, &p| acc | p)
}

impl ForceMap {
    /// Computes all sums from scratch.
    pub fn new(board: &Board) -> ForceMap {
        let mut map = ForceMap {
            total: [[0; PLANES]; 2],
            royal: [[0; PLANES]; 2],
        };
        let occ = board.occupied();
        for (sq, piece) in board.iter() {
            map.add_piece(piece, sq, occ, true);
        }
        map
    }

    /// Squares a piece on `sq` acts on: its own square and its reach (none for a Scout).
    #[inline]
    pub fn acts_on(piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
        if piece.kind == PieceKind::Scout {
            Bitboard::EMPTY
        } else {
            geometry::reach(piece.kind, piece.color, sq, occupied) | Bitboard::from_square(sq)
        }
    }

    /// Adds (or, if not `add`, takes away) the force of `piece` standing on `sq`.
    #[inline]
    fn add_piece(&mut self, piece: Piece, sq: Square, occupied: Bitboard, add: bool) {
        self.add_on(piece, ForceMap::acts_on(piece, sq, occupied), add);
    }

    /// Adds (or, if not `add`, takes away) the strength of `piece` on the squares `on`.
    #[inline]
    fn add_on(&mut self, piece: Piece, on: Bitboard, add: bool) {
        if on.is_empty() {
            return;
        }
        let strength = piece.kind.strength() as u32;
        let c = piece.color.index();
        let step = |planes: &mut Planes| {
            if add {
                planes_add(planes, on.0, strength);
            } else {
                planes_sub(planes, on.0, strength);
            }
        };
        step(&mut self.total[c]);
        if piece.kind.is_royal() {
            step(&mut self.royal[c]);
        }
    }

    /// Force of `color` on `sq`, split royal / non-royal.
    #[inline]
    pub fn side_force(&self, color: Color, sq: Square) -> SideForce {
        let c = color.index();
        let (total, royal) = (
            planes_at(&self.total[c], sq.index()),
            planes_at(&self.royal[c], sq.index()),
        );
        SideForce {
            royal,
            non_royal: total - royal,
        }
    }

    /// Raw force of `color` on `sq` (no castle rule), in half-units.
    #[inline]
    pub fn raw(&self, color: Color, sq: Square) -> i32 {
        self.side_force(color, sq).raw()
    }

    /// Effective force of `color` on `sq` (docs/chess-t1-rules.md §4.2) on `board`, in half-units.
    #[inline]
    pub fn effective(&self, board: &Board, color: Color, sq: Square) -> i32 {
        self.side_force(color, sq)
            .effective(color, sq, board.piece_at(sq))
    }

    /// Squares where `color` has superiority on `board`.
    pub fn superiority(&self, board: &Board, color: Color) -> Bitboard {
        self.superiority_both(board)[color.index()]
    }

    /// Squares where each side ([`Color::index`] order) has superiority on `board`: raw sums
    /// compared off the castles, the castle rule (docs/chess-t1-rules.md §4.2) on them. All 64
    /// squares at once, from the highest bit plane down (a few ns), so that a search can look
    /// superiority up at every node instead of summing force square by square.
    pub fn superiority_both(&self, board: &Board) -> [Bitboard; 2] {
        let (w, b) = (&self.total[0], &self.total[1]);
        let (mut greater, mut less, mut equal) = (0u64, 0u64, !0u64);
        for bit in (0..PLANES).rev() {
            greater |= equal & w[bit] & !b[bit];
            less |= equal & !w[bit] & b[bit];
            equal &= !(w[bit] ^ b[bit]);
        }
        // The castle rule: on a castle square without its own piece, a side with no royal
        // acting there counts nothing.
        let castles = Bitboard::CASTLES.0;
        let zero_white =
            castles & !planes_nonzero(&self.royal[0]) & !board.by_color(Color::White).0;
        let zero_black =
            castles & !planes_nonzero(&self.royal[1]) & !board.by_color(Color::Black).0;
        let plain = !(zero_white | zero_black);
        [
            Bitboard((greater & plain) | (zero_black & !zero_white & planes_nonzero(w))),
            Bitboard((less & plain) | (zero_white & !zero_black & planes_nonzero(b))),
        ]
    }

    /// Pieces whose force contribution can differ between two boards that differ on `changed`:
    /// the pieces standing on changed squares and those whose non-jumping lines (diagonals, the
    /// Knecht two-step) pass through a changed square.
    fn affected(board: &Board, changed: Bitboard) -> Bitboard {
        let occ = board.occupied();
        let mut affected = changed & occ;
        let sliders = board.by_kind(PieceKind::Prince) | board.by_kind(PieceKind::Konnet);
        // Princes and Konnets whose diagonal lines reach a changed square.
        affected |= geometry::union(&geometry::diagonal_fills(changed, occ)) & sliders;
        // Knechts whose two-step passes over a changed square: White's from its first two
        // ranks over the second and third, Black's from its last two over the sixth and seventh.
        const WHITE_MIDDLES: u64 = 0x0000_0000_00ff_ff00;
        const BLACK_MIDDLES: u64 = 0x00ff_ff00_0000_0000;
        affected |= Bitboard((changed.0 & WHITE_MIDDLES) >> 8) & board.knechts(Color::White);
        affected |= Bitboard((changed.0 & BLACK_MIDDLES) << 8) & board.knechts(Color::Black);
        affected
    }

    /// Updates the map from `before` to `after`, two boards that differ only on the squares in
    /// `changed` (for a move: its from and to squares). Gives exactly [`ForceMap::new`]`(after)`.
    pub fn update(&mut self, before: &Board, after: &Board, changed: Bitboard) {
        let old = ForceMap::affected(before, changed);
        let new = ForceMap::affected(after, changed);
        let (occ_before, occ_after) = (before.occupied(), after.occupied());
        for sq in old | new {
            match (before.piece_at(sq), after.piece_at(sq)) {
                // A piece that stayed: only the squares its lines gained or lost.
                (Some(p), Some(q)) if p == q => {
                    let was = ForceMap::acts_on(p, sq, occ_before);
                    let is = ForceMap::acts_on(p, sq, occ_after);
                    self.add_on(p, was.without(is), false);
                    self.add_on(p, is.without(was), true);
                }
                (was, is) => {
                    if let Some(p) = was {
                        self.add_piece(p, sq, occ_before, false);
                    }
                    if let Some(p) = is {
                        self.add_piece(p, sq, occ_after, true);
                    }
                }
            }
        }
    }
}

/// The squares whose contents differ between two boards.
pub fn changed_squares(before: &Board, after: &Board) -> Bitboard {
    Square::all()
        .filter(|&sq| before.piece_at(sq) != after.piece_at(sq))
        .collect()
}

/// Half-units written as units with a `½`, as the books do (7 -> `3½`).
pub fn units(half_units: i32) -> String {
    let sign = if half_units < 0 { "-" } else { "" };
    let n = half_units.unsigned_abs();
    match (n / 2, n % 2) {
        (0, 1) => format!("{sign}½"),
        (whole, 0) => format!("{sign}{whole}"),
        (whole, _) => format!("{sign}{whole}½"),
    }
}
