//! Sets of squares as 64-bit masks.
//!
//! ```
//! use chess_t1::{Bitboard, Square};
//! let e4: Square = "e4".parse().unwrap();
//! let set = Bitboard::from_square(e4) | Bitboard::CASTLES;
//! assert_eq!(set.len(), 9);
//! assert!(set.contains(e4));
//! ```

use crate::square::{Color, Square};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// A set of squares; bit `i` is square `i` (a1 = bit 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// White's castle: c1 d1 e1 f1.
    pub const WHITE_CASTLE: Bitboard = Bitboard(0x3c);
    /// Black's castle: c8 d8 e8 f8.
    pub const BLACK_CASTLE: Bitboard = Bitboard(0x3c << 56);
    /// Both castles.
    pub const CASTLES: Bitboard = Bitboard(0x3c | (0x3c << 56));
    /// White's territory: ranks 1-4.
    pub const WHITE_TERRITORY: Bitboard = Bitboard(0x0000_0000_ffff_ffff);
    /// Black's territory: ranks 5-8.
    pub const BLACK_TERRITORY: Bitboard = Bitboard(0xffff_ffff_0000_0000);

    /// The castle of `color`.
    #[inline]
    pub const fn castle(color: Color) -> Bitboard {
        match color {
            Color::White => Bitboard::WHITE_CASTLE,
            Color::Black => Bitboard::BLACK_CASTLE,
        }
    }

    /// The territory of `color` (ranks 1-4 for White, 5-8 for Black).
    #[inline]
    pub const fn territory(color: Color) -> Bitboard {
        match color {
            Color::White => Bitboard::WHITE_TERRITORY,
            Color::Black => Bitboard::BLACK_TERRITORY,
        }
    }

    /// All squares of rank `rank` (0-based).
    #[inline]
    pub const fn rank(rank: i8) -> Bitboard {
        Bitboard(0xff << (8 * rank as u32))
    }

    /// The set holding just `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline]
    pub const fn nonempty(self) -> bool {
        self.0 != 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Lowest square of the set, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new(self.0.trailing_zeros() as u8))
        }
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }

    /// Whether the two sets share a square.
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// Squares of `self` that are not in `other`.
    #[inline]
    pub const fn without(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::new(self.0.trailing_zeros() as u8);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl Shl<u32> for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn shl(self, by: u32) -> Bitboard {
        Bitboard(self.0 << by)
    }
}

impl Shr<u32> for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn shr(self, by: u32) -> Bitboard {
        Bitboard(self.0 >> by)
    }
}

/// The board crate's view of the set, so that the core's projection works on it.
impl zonal_board::SquareSet for Bitboard {
    const CAPACITY: u32 = 64;
    const EMPTY: Bitboard = Bitboard(0);

    #[inline]
    fn single(index: u32) -> Bitboard {
        Bitboard(1 << index)
    }

    #[inline]
    fn count(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    fn first(self) -> Option<u32> {
        (self.0 != 0).then(|| self.0.trailing_zeros())
    }

    #[inline]
    fn without_first(self) -> Bitboard {
        Bitboard(self.0 & self.0.wrapping_sub(1))
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the set as a board, rank 8 on top, `X` for members.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).expect("on board");
                f.write_str(if self.contains(sq) { "X" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
