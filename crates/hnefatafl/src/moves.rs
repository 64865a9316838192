//! Moves: the coordinate form `e1e4` (spec §10.2) and the record form `h3-e3xd3` (§10.3).

use std::fmt;
use thiserror::Error;

/// A move: a piece slides from one square to another (indices `rank * size + file`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    from: u8,
    to: u8,
    size: u8,
}

impl Move {
    /// The move from `from` to `to` on a board `size` squares wide.
    #[inline]
    pub const fn new(from: u32, to: u32, size: u32) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            size: size as u8,
        }
    }

    /// The square left.
    #[inline]
    pub const fn from(self) -> u32 {
        self.from as u32
    }

    /// The square reached.
    #[inline]
    pub const fn to(self) -> u32 {
        self.to as u32
    }

    /// The board's width.
    #[inline]
    pub const fn size(self) -> u32 {
        self.size as u32
    }
}

/// The name of square `sq` on a board `size` wide: `e5`, `k11` (`?` for a square that is not on
/// a board of 1 to 11 files).
pub fn square_name(sq: u32, size: u32) -> String {
    if size == 0 || size > 11 || sq >= size * size {
        return "?".into();
    }
    let file = (b'a' + (sq % size) as u8) as char;
    format!("{file}{}", sq / size + 1)
}

/// Reads one square name at the start of `text` (a lower-case file letter, one or two digits
/// without a leading zero) on a board `size` wide; returns the square and the bytes used.
pub(crate) fn read_square(text: &str, size: u32) -> Result<(u32, usize), String> {
    let bytes = text.as_bytes();
    let Some(&letter) = bytes.first() else {
        return Err("a square is missing".into());
    };
    if !letter.is_ascii_lowercase() {
        return Err(format!(
            "expected a file letter a-{}, found {:?}",
            (b'a' + size as u8 - 1) as char,
            text.chars().next().unwrap_or(' ')
        ));
    }
    // Every digit is the rank's (a rank of three digits or more is off the board, and named
    // whole).
    let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || bytes[1] == b'0' {
        return Err(format!("expected a rank number after {:?}", letter as char));
    }
    let file = u32::from(letter - b'a');
    let rank: u32 = text[1..1 + digits].parse().unwrap_or(u32::MAX);
    if file >= size || rank == 0 || rank > size {
        return Err(format!(
            "{}{} is off the {size}x{size} board",
            letter as char,
            clip_number(&text[1..1 + digits])
        ));
    }
    Ok(((rank - 1) * size + file, 1 + digits))
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            square_name(self.from(), self.size()),
            square_name(self.to(), self.size())
        )
    }
}

/// A move text that is not a legal move of the position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move (coordinate or record form).
    #[error("Hnefatafl: {text:?} is not a move: {reason}")]
    Syntax {
        /// The text (at most 24 characters of it).
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// A well-formed move that the position does not allow.
    #[error("Hnefatafl: {text} is illegal: {reason}")]
    Illegal {
        /// The move.
        text: String,
        /// Why.
        reason: String,
    },
    /// A record move whose listed captures are not the ones the rules make.
    #[error(
        "Hnefatafl: {text}: the record lists captures [{listed}] but the move captures [{actual}]"
    )]
    Captures {
        /// The move as written.
        text: String,
        /// The captures listed, sorted.
        listed: String,
        /// The captures the ruleset makes, sorted.
        actual: String,
    },
}

pub(crate) fn clip(text: &str) -> String {
    text.chars().take(24).collect()
}

/// A number as a message names it: whole up to 60 digits (any integer a program may give), cut
/// with its length beyond.
pub(crate) fn clip_number(text: &str) -> String {
    if text.len() <= 60 {
        text.to_string()
    } else {
        format!("{}... ({} digits)", &text[..60], text.len())
    }
}

/// A move as written, before it is checked against a position: from, to, and the listed
/// captures (`None` in the coordinate form).
pub(crate) struct Written {
    pub from: u32,
    pub to: u32,
    pub captures: Option<Vec<u32>>,
}

/// Reads `e1e4`, `e1-e4` or `e1-e4xe2xe3` on a board `size` wide.
pub(crate) fn read(text: &str, size: u32) -> Result<Written, MoveError> {
    let syntax = |reason: String| MoveError::Syntax {
        text: clip(text),
        reason,
    };
    let (from, used) = read_square(text, size).map_err(syntax)?;
    let mut rest = &text[used..];
    let record = rest.starts_with('-');
    if record {
        rest = &rest[1..];
    }
    let (to, used) = read_square(rest, size).map_err(syntax)?;
    rest = &rest[used..];
    let captures = if record {
        let mut list = Vec::new();
        while let Some(after) = rest.strip_prefix('x') {
            let (sq, used) = read_square(after, size).map_err(syntax)?;
            list.push(sq);
            rest = &after[used..];
        }
        Some(list)
    } else {
        None
    };
    if !rest.is_empty() {
        return Err(syntax(format!(
            "unexpected {:?} after the move",
            clip(rest)
        )));
    }
    Ok(Written { from, to, captures })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_moves_read() {
        assert_eq!(read_square("k10k8", 11), Ok((9 * 11 + 10, 3)));
        assert!(read_square("k10", 9).is_err());
        assert!(read_square("e0", 9).is_err());
        assert!(read_square("E4", 9).is_err());
        let w = read("g3-e3xe2xe4", 11).unwrap();
        assert_eq!((w.from, w.to), (2 * 11 + 6, 2 * 11 + 4));
        assert_eq!(w.captures, Some(vec![11 + 4, 3 * 11 + 4]));
        assert!(read("e1e4", 9).unwrap().captures.is_none());
        assert!(read("e1e4x", 9).is_err());
        assert!(read("e1-e4e5", 9).is_err());
        assert_eq!(Move::new(0, 120, 11).to_string(), "a1k11");
        assert_eq!(Move::new(0, 200, 0).to_string(), "??");
    }
}
