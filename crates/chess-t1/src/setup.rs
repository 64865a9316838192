//! The position notation of docs/chess-t1-rules.md §9.3, read into an unvalidated [`Setup`].
//!
//! `<placement> <side> <prince-rights> [<quiet-half-moves> [<move-number>]]`, e.g. the start:
//! `rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1`. A [`Setup`] is only well formed; turn it
//! into a [`crate::Position`] to check that it could arise in a game.
//!
//! ```
//! use chess_t1::Setup;
//! let setup: Setup = "8/8/8/4P3/3v4/6N1/8/8 w - 0 1".parse().unwrap();
//! assert_eq!(setup.board.occupied().len(), 3);
//! assert_eq!(setup.to_string(), "8/8/8/4P3/3v4/6N1/8/8 w - 0 1");
//! ```

use crate::board::Board;
use crate::excerpt::excerpt;
use crate::piece::Piece;
use crate::square::{Color, Square};
use std::fmt;
use std::str::FromStr;

/// A placement with side to move, Prince->Konnet rights and counters, not yet validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Where the pieces stand.
    pub board: Board,
    /// Who moves next.
    pub side: Color,
    /// Whether each side (indexed by [`Color::index`]) still has its Prince->Konnet right.
    pub prince_rights: [bool; 2],
    /// Half-moves since the last capture or exchange.
    pub quiet: u32,
    /// Move number, starting at 1 and incremented after Black's move.
    pub fullmove: u32,
}

/// What is wrong with a position text. Columns are 1-based character positions in the text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Not 3 to 5 space-separated fields.
    #[error(
        "expected 3 to 5 fields `<placement> <side> <prince-rights> [<quiet> [<move-number>]]`, found {found}"
    )]
    FieldCount {
        /// Fields found.
        found: usize,
    },
    /// The placement does not have 8 ranks.
    #[error("column {column}: placement has {found} ranks separated by '/', expected 8")]
    RankCount {
        /// Ranks found.
        found: usize,
        /// Where the placement starts.
        column: usize,
    },
    /// A rank does not describe exactly 8 squares.
    #[error("column {column}: rank {rank} describes {squares} squares, expected 8")]
    RankLength {
        /// Rank number 1-8.
        rank: u8,
        /// Squares described.
        squares: usize,
        /// Where the rank's text starts.
        column: usize,
    },
    /// A character that is no piece letter, digit 1-8 or '/'.
    #[error(
        "column {column}: unknown character {found:?} in placement (expected K C P R S N V, k c p r s n v or a digit 1-8)"
    )]
    UnknownLetter {
        /// The character.
        found: char,
        /// Where it stands.
        column: usize,
    },
    /// The side field is not `w` or `b`.
    #[error("column {column}: side to move {:?}, expected 'w' or 'b'", excerpt(.found))]
    BadSide {
        /// The field's text.
        found: String,
        /// Where it starts.
        column: usize,
    },
    /// The Prince-rights field is not `Pp`, `P`, `p` or `-`.
    #[error("column {column}: prince rights {:?}, expected 'Pp', 'P', 'p' or '-'", excerpt(.found))]
    BadRights {
        /// The field's text.
        found: String,
        /// Where it starts.
        column: usize,
    },
    /// A counter that is not a number in range.
    #[error("column {column}: {field} {:?} is {expected}", excerpt(.found))]
    BadCounter {
        /// Which counter.
        field: &'static str,
        /// The field's text.
        found: String,
        /// What it should be.
        expected: &'static str,
        /// Where it starts.
        column: usize,
    },
    /// More than one King of a colour.
    #[error("{color} has {count} Kings; at most one is allowed")]
    TooManyKings {
        /// The colour.
        color: Color,
        /// How many.
        count: u32,
    },
    /// A Knecht on a rank it can never stand on (White ranks 6-8, Black 1-3).
    #[error("{color} Knecht on {square}: a Knecht promotes before it can stand there")]
    KnechtOutOfRange {
        /// The colour.
        color: Color,
        /// The square.
        square: Square,
    },
    /// A Ver Knecht on its far rank, where it must already have promoted.
    #[error("{color} Ver Knecht on {square}: on its far rank it must already have promoted")]
    VerKnechtOnFarRank {
        /// The colour.
        color: Color,
        /// The square.
        square: Square,
    },
    /// A non-royal piece on a castle square.
    #[error("{piece_name} on castle square {square}: non-royal pieces never stand in a castle")]
    NonRoyalOnCastle {
        /// English name of the piece, with its colour.
        piece_name: String,
        /// The square.
        square: Square,
    },
    /// One side already holds the other's castle: the game would be over.
    #[error(
        "{by} has captured {victim}'s castle (royal inside, none of {victim}'s): the game is over"
    )]
    CastleCaptured {
        /// The side that captured it.
        by: Color,
        /// The side whose castle it is.
        victim: Color,
    },
}

impl PositionError {
    /// The 1-based column in the position text where the problem lies, if it has one.
    pub fn column(&self) -> Option<usize> {
        match self {
            PositionError::RankCount { column, .. }
            | PositionError::RankLength { column, .. }
            | PositionError::UnknownLetter { column, .. }
            | PositionError::BadSide { column, .. }
            | PositionError::BadRights { column, .. }
            | PositionError::BadCounter { column, .. } => Some(*column),
            _ => None,
        }
    }
}

/// Splits `text` into whitespace-separated fields with their 1-based character columns.
pub(crate) fn fields_with_columns(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte offset, column)
    let mut column = 0;
    for (byte, ch) in text.char_indices() {
        column += 1;
        if ch.is_whitespace() {
            if let Some((b, c)) = start.take() {
                out.push((c, &text[b..byte]));
            }
        } else if start.is_none() {
            start = Some((byte, column));
        }
    }
    if let Some((b, c)) = start {
        out.push((c, &text[b..]));
    }
    out
}

impl Setup {
    /// The start position of chess-t1.
    pub fn start() -> Setup {
        "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1"
            .parse()
            .expect("start position is well formed")
    }

    fn parse_placement(text: &str, column: usize) -> Result<Board, PositionError> {
        let ranks: Vec<&str> = text.split('/').collect();
        if ranks.len() != 8 {
            return Err(PositionError::RankCount {
                found: ranks.len(),
                column,
            });
        }
        let mut board = Board::empty();
        let mut col = column;
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i as i8;
            let rank_column = col;
            let mut file: usize = 0;
            for ch in rank_text.chars() {
                if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += d as usize;
                } else if let Some(piece) = Piece::from_char(ch) {
                    if file < 8 {
                        let sq = Square::from_coords(file as i8, rank).expect("file < 8");
                        board.put(sq, piece);
                    }
                    file += 1;
                } else {
                    return Err(PositionError::UnknownLetter {
                        found: ch,
                        column: col,
                    });
                }
                col += 1;
            }
            if file != 8 {
                return Err(PositionError::RankLength {
                    rank: rank as u8 + 1,
                    squares: file,
                    column: rank_column,
                });
            }
            col += 1; // the '/'
        }
        Ok(board)
    }

    fn parse_counter(
        field: Option<&(usize, &str)>,
        name: &'static str,
        min: u32,
        default: u32,
    ) -> Result<u32, PositionError> {
        let Some(&(column, text)) = field else {
            return Ok(default);
        };
        let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
        let expected = if digits && text.parse::<u32>().is_ok() {
            // Digits that fit, below the least: the move number 0.
            "too small (the first move is number 1)"
        } else if digits {
            "too large (at most 4294967295)"
        } else if min == 0 {
            "not a whole number >= 0"
        } else {
            "not a whole number >= 1"
        };
        match text.parse::<u32>() {
            Ok(n) if n >= min && text.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
            _ => Err(PositionError::BadCounter {
                field: name,
                found: text.to_string(),
                expected,
                column,
            }),
        }
    }
}

impl FromStr for Setup {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Setup, PositionError> {
        let fields = fields_with_columns(text);
        if !(3..=5).contains(&fields.len()) {
            return Err(PositionError::FieldCount {
                found: fields.len(),
            });
        }
        let board = Setup::parse_placement(fields[0].1, fields[0].0)?;
        let side = match fields[1].1 {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(PositionError::BadSide {
                    found: other.to_string(),
                    column: fields[1].0,
                });
            }
        };
        let prince_rights = match fields[2].1 {
            "Pp" => [true, true],
            "P" => [true, false],
            "p" => [false, true],
            "-" => [false, false],
            other => {
                return Err(PositionError::BadRights {
                    found: other.to_string(),
                    column: fields[2].0,
                });
            }
        };
        let quiet = Setup::parse_counter(fields.get(3), "quiet half-move counter", 0, 0)?;
        let fullmove = Setup::parse_counter(fields.get(4), "move number", 1, 1)?;
        Ok(Setup {
            board,
            side,
            prince_rights,
            quiet,
            fullmove,
        })
    }
}

/// Writes the placement field of the notation.
pub(crate) fn write_placement(board: &Board, f: &mut impl fmt::Write) -> fmt::Result {
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let sq = Square::from_coords(file, rank).expect("on board");
            match board.piece_at(sq) {
                Some(piece) => {
                    if empty > 0 {
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    f.write_char(piece.char())?;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            write!(f, "{empty}")?;
        }
        if rank > 0 {
            f.write_char('/')?;
        }
    }
    Ok(())
}

/// Writes the rights field of the notation.
pub(crate) fn rights_text(rights: [bool; 2]) -> &'static str {
    match rights {
        [true, true] => "Pp",
        [true, false] => "P",
        [false, true] => "p",
        [false, false] => "-",
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_placement(&self.board, f)?;
        let side = if self.side == Color::White { 'w' } else { 'b' };
        write!(
            f,
            " {side} {} {} {}",
            rights_text(self.prince_rights),
            self.quiet,
            self.fullmove
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trips() {
        let text = "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1";
        assert_eq!(text.parse::<Setup>().unwrap().to_string(), text);
    }

    #[test]
    fn counters_default() {
        let s: Setup = "8/8/8/8/8/8/8/4K3 b p".parse().unwrap();
        assert_eq!((s.quiet, s.fullmove, s.side), (0, 1, Color::Black));
        assert_eq!(s.to_string(), "8/8/8/8/8/8/8/4K3 b p 0 1");
    }

    #[test]
    fn errors_name_the_column() {
        let e = "8/8/8/8/8/8/8/4X3 w - 0 1".parse::<Setup>().unwrap_err();
        assert_eq!(
            e,
            PositionError::UnknownLetter {
                found: 'X',
                column: 16
            }
        );
        let e = "8/8/8/8/8/8/8/4K4 w - 0 1".parse::<Setup>().unwrap_err();
        assert_eq!(
            e,
            PositionError::RankLength {
                rank: 1,
                squares: 9,
                column: 15
            }
        );
        let e = "8/8/8/8/8/8/8/8 x - 0 1".parse::<Setup>().unwrap_err();
        assert_eq!(e.column(), Some(17));
        let e = "8/8/8/8/8/8/8/8 w Q 0 1".parse::<Setup>().unwrap_err();
        assert_eq!(e.column(), Some(19));
        let e = "8/8/8/8/8/8/8/8 w - -1 1".parse::<Setup>().unwrap_err();
        assert_eq!(e.column(), Some(21));
        let e = "8/8/8/8/8/8/8/8 w - 0 0".parse::<Setup>().unwrap_err();
        assert_eq!(e.column(), Some(23));
        let e = "8/8/8/8/8/8/8 w - 0 1".parse::<Setup>().unwrap_err();
        assert_eq!(
            e,
            PositionError::RankCount {
                found: 7,
                column: 1
            }
        );
        assert_eq!(
            "".parse::<Setup>().unwrap_err(),
            PositionError::FieldCount { found: 0 }
        );
    }
}
