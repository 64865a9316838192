//! The two sides of a game and arrays indexed by them.

use std::fmt;
use std::ops::{Index, IndexMut};

/// One of the two sides. Which one moves first, and what a game calls them (White and Black,
/// attackers and defenders, red and blue), is the game's business.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The first side (index 0).
    White = 0,
    /// The second side (index 1).
    Black = 1,
}

impl Side {
    /// Both sides, White first.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// The other side.
    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case name, as used in JSON (`"white"`, `"black"`).
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    /// Capitalised name, for prose (`"White"`, `"Black"`).
    pub const fn name_capitalized(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    /// The rank direction this side advances in when the first side starts on the lowest
    /// ranks: +1 for White, -1 for Black.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PerSide<T>(pub [T; 2]);

impl<T> PerSide<T> {
    /// White's value and Black's.
    pub const fn new(white: T, black: T) -> PerSide<T> {
        PerSide([white, black])
    }
}

impl<T> Index<Side> for PerSide<T> {
    type Output = T;

    #[inline]
    fn index(&self, side: Side) -> &T {
        &self.0[side.index()]
    }
}

impl<T> IndexMut<Side> for PerSide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.0[side.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_and_their_arrays() {
        assert_eq!(Side::White.other(), Side::Black);
        assert_eq!(Side::Black.other().other(), Side::Black);
        let mut hands = PerSide::new(8u8, 7u8);
        hands[Side::Black] -= 1;
        assert_eq!(hands[Side::White], 8);
        assert_eq!(hands[Side::Black], 6);
    }
}
