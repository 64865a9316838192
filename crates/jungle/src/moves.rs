//! Moves and their notation (§8.2): `<from><to>` in lower case, `a3a4`, jumps the same (`d5a5`).

use crate::NAME;
use crate::geometry::{SHAPE, name};
use std::fmt;
use thiserror::Error;

/// A move: one piece from one square to another (a step or a jump; a capture if the
/// destination holds an enemy piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    from: u8,
    to: u8,
}

impl Move {
    /// The move from `from` to `to` (square indices 0-62).
    #[inline]
    pub const fn new(from: u8, to: u8) -> Move {
        Move { from, to }
    }

    /// The square the piece leaves.
    #[inline]
    pub const fn from(self) -> u8 {
        self.from
    }

    /// The square the piece arrives on.
    #[inline]
    pub const fn to(self) -> u8 {
        self.to
    }

    /// Reads `a3a4` without looking at a position.
    pub fn parse(text: &str) -> Result<Move, MoveError> {
        let short: String = text.chars().take(60).collect();
        let syntax = |reason: String| MoveError::Syntax {
            text: short.clone(),
            reason,
        };
        if !text.is_ascii() || !(4..=6).contains(&text.len()) {
            return Err(syntax("expected a move `<from><to>` such as `a3a4`".into()));
        }
        // The from-square is a letter and one digit on this board; a longer rank is off it.
        let split = 1 + text[1..]
            .find(|c: char| c.is_ascii_alphabetic())
            .ok_or_else(|| syntax("expected a move `<from><to>` such as `a3a4`".into()))?;
        let square = |s: &str| {
            SHAPE
                .parse_square(s)
                .map(|sq| sq as u8)
                .map_err(|e| syntax(e.to_string()))
        };
        let (from, to) = (square(&text[..split])?, square(&text[split..])?);
        if from == to {
            return Err(syntax("the two squares are the same".into()));
        }
        Ok(Move { from, to })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", name(self.from), name(self.to))
    }
}

/// A move that cannot be read or is not legal in its position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Not a move at all.
    #[error("{NAME}: {text:?} is not a move: {reason}")]
    Syntax {
        /// The text (at most 60 characters of it).
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// A well-formed move the rules forbid here.
    #[error("{NAME}: {mv} is not legal here: {reason}")]
    Illegal {
        /// The move as written back.
        mv: String,
        /// The rule it breaks.
        reason: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_and_write_back() {
        for text in ["a3a4", "d5a5", "c3c7", "g9f9", "a1b1"] {
            assert_eq!(Move::parse(text).unwrap().to_string(), text);
        }
        assert_eq!(Move::parse("A3A4"), Move::parse("a3a4"));
        for bad in [
            "", "a3", "a3a", "a3a0", "a3a10", "h1h2", "a3-a4", "a3a3", "ж3a4", "a3a4a5", "3a4a",
        ] {
            assert!(Move::parse(bad).is_err(), "{bad}");
        }
    }
}
