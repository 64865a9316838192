//! Squares of the 8x8 board and the two colours.
//!
//! Squares are numbered a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63.
//!
//! ```
//! use chess_t1::Square;
//! let sq: Square = "e4".parse().unwrap();
//! assert_eq!((sq.file(), sq.rank()), (4, 3));
//! assert_eq!(sq.to_string(), "e4");
//! ```

use std::fmt;
use std::str::FromStr;

/// A side of the game. White moves first; its castle is c1-f1, Black's c8-f8. The board crate's
/// side, so that the core's projection and chess-t1 speak of the same two sides.
pub use zonal_board::Side as Color;

/// One of the 64 squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// Error for a square name that is not `a1`..`h8`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown square {0:?} (expected a file a-h followed by a rank 1-8)")]
pub struct ParseSquareError(pub String);

impl Square {
    /// Square from its index 0..64 (a1 = 0, h8 = 63).
    ///
    /// # Panics
    /// If `index >= 64` (a programming error, never user input).
    #[inline]
    pub const fn new(index: u8) -> Square {
        assert!(index < 64);
        Square(index)
    }

    /// Square from 0-based file and rank, if both are on the board.
    #[inline]
    pub const fn from_coords(file: i8, rank: i8) -> Option<Square> {
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square((rank * 8 + file) as u8))
        } else {
            None
        }
    }

    /// Index 0..64.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..8 (a = 0).
    #[inline]
    pub const fn file(self) -> i8 {
        (self.0 & 7) as i8
    }

    /// Rank 0..8 (rank 1 = 0).
    #[inline]
    pub const fn rank(self) -> i8 {
        (self.0 >> 3) as i8
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        Square::from_coords(self.file() + df, self.rank() + dr)
    }

    /// All 64 squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }

    /// Whether this square belongs to either castle (c1 d1 e1 f1 c8 d8 e8 f8).
    #[inline]
    pub const fn is_castle(self) -> bool {
        // c1-f1 and c8-f8 (the same set as `Bitboard::CASTLES`, kept here so that squares do
        // not depend on square sets).
        const CASTLES: u64 = 0x3c | (0x3c << 56);
        (CASTLES >> self.0) & 1 == 1
    }
}

/// The core's view of a square: its index on the 8x8 board.
impl zonal_core::force::BoardSquare for Square {
    #[inline]
    fn at(index: u32) -> Square {
        Square::new(index as u8)
    }
}

impl From<Square> for u32 {
    #[inline]
    fn from(sq: Square) -> u32 {
        sq.0 as u32
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = (b'a' + self.file() as u8) as char;
        let rank = (b'1' + self.rank() as u8) as char;
        write!(f, "{file}{rank}")
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.as_bytes();
        if b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]) {
            Ok(Square((b[1] - b'1') * 8 + (b[0] - b'a')))
        } else {
            Err(ParseSquareError(s.to_string()))
        }
    }
}

impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert!("i1".parse::<Square>().is_err());
        assert!("a9".parse::<Square>().is_err());
        assert!("a".parse::<Square>().is_err());
        assert!("a10".parse::<Square>().is_err());
    }

    #[test]
    fn castles() {
        let castles: Vec<String> = Square::all()
            .filter(|s| s.is_castle())
            .map(|s| s.to_string())
            .collect();
        assert_eq!(castles, ["c1", "d1", "e1", "f1", "c8", "d8", "e8", "f8"]);
    }
}
