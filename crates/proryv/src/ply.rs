//! Plies and their notation (§7.1): `R@d4` drops a rook, `d4d7` moves a piece (a King step onto
//! an enemy rook takes it).

use crate::NAME;
use std::fmt;
use thiserror::Error;
use zonal_board::Shape;

/// The from-square of a drop.
const DROP: u8 = u8::MAX;

/// One ply: a drop or a move of a King or a rook.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ply {
    from: u8,
    to: u8,
}

impl Ply {
    /// A rook dropped on `to`.
    #[inline]
    pub const fn drop(to: u8) -> Ply {
        Ply { from: DROP, to }
    }

    /// A piece moved from `from` to `to`.
    #[inline]
    pub const fn step(from: u8, to: u8) -> Ply {
        Ply { from, to }
    }

    /// The square a piece leaves; `None` for a drop.
    #[inline]
    pub const fn from(self) -> Option<u8> {
        if self.from == DROP {
            None
        } else {
            Some(self.from)
        }
    }

    /// The square the dropped or moved piece arrives on.
    #[inline]
    pub const fn to(self) -> u8 {
        self.to
    }

    /// Whether the ply is a drop.
    #[inline]
    pub const fn is_drop(self) -> bool {
        self.from == DROP
    }

    /// Reads `R@d4` (or `r@d4`) and `d4d7`, without looking at a position.
    pub fn parse(text: &str) -> Result<Ply, PlyError> {
        let short: String = text.chars().take(60).collect();
        let square = |s: &str| {
            Shape::EIGHT
                .parse_square(s)
                .map(|sq| sq as u8)
                .map_err(|e| PlyError::Syntax {
                    text: short.clone(),
                    reason: e.to_string(),
                })
        };
        if let Some(to) = text.strip_prefix("R@").or_else(|| text.strip_prefix("r@")) {
            return Ok(Ply::drop(square(to)?));
        }
        if text.len() == 4 && text.is_ascii() {
            return Ok(Ply::step(square(&text[..2])?, square(&text[2..])?));
        }
        Err(PlyError::Syntax {
            text: short,
            reason: "expected a drop `R@d4` or a move `d4d7`".into(),
        })
    }
}

impl fmt::Display for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |sq: u8| Shape::EIGHT.name(u32::from(sq));
        match self.from() {
            None => write!(f, "R@{}", name(self.to)),
            Some(from) => write!(f, "{}{}", name(from), name(self.to)),
        }
    }
}

/// A ply that cannot be read or is not legal in its position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlyError {
    /// Not a ply at all.
    #[error("{NAME}: {text:?} is not a ply: {reason}")]
    Syntax {
        /// The text (at most 60 characters of it).
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// A well-formed ply the rules forbid here.
    #[error("{NAME}: {ply} is not legal here: {reason}")]
    Illegal {
        /// The ply as written back.
        ply: String,
        /// The rule it breaks.
        reason: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plies_read_and_write_back() {
        for text in ["R@d4", "a1b2", "d4d7", "R@h6"] {
            assert_eq!(Ply::parse(text).unwrap().to_string(), text);
        }
        assert_eq!(Ply::parse("r@d4"), Ply::parse("R@d4"));
        for bad in ["", "R@", "R@z9", "d4", "d4d9", "d4-d5", "K@d4", "ж4d4"] {
            assert!(Ply::parse(bad).is_err(), "{bad}");
        }
    }
}
