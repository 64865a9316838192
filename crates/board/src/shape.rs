//! Rectangular board shapes up to 11x11, their square names and masks.

use crate::set::SquareSet;
use thiserror::Error;

/// The largest number of files or ranks.
pub const MAX_SIDE: u8 = 11;

/// A rectangular board of `files` x `ranks` squares (each 1 to 11). Files are named `a`, `b`,
/// ... from the left, ranks `1`, `2`, ... from the bottom; square `index = rank * files + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    files: u8,
    ranks: u8,
}

/// A shape that cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShapeError {
    /// A side of 0 or more than 11 squares.
    #[error("a board is 1 to {MAX_SIDE} squares a side, not {files}x{ranks}")]
    Size {
        /// Files asked for.
        files: u8,
        /// Ranks asked for.
        ranks: u8,
    },
}

/// A square name that does not name a square of the shape.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SquareError {
    /// Not a file letter followed by a rank number.
    #[error("{text:?} is not a square name (a file letter and a rank number, e.g. \"e4\")")]
    Syntax {
        /// The text (at most 60 characters of it).
        text: String,
    },
    /// A well-formed name off the board.
    #[error("{text:?} is off the {files}x{ranks} board")]
    OffBoard {
        /// The text.
        text: String,
        /// Files of the board.
        files: u8,
        /// Ranks of the board.
        ranks: u8,
    },
}

impl Shape {
    /// The 8x8 board.
    pub const EIGHT: Shape = Shape { files: 8, ranks: 8 };

    /// A board of `files` x `ranks` squares.
    pub const fn new(files: u8, ranks: u8) -> Result<Shape, ShapeError> {
        if files == 0 || ranks == 0 || files > MAX_SIDE || ranks > MAX_SIDE {
            return Err(ShapeError::Size { files, ranks });
        }
        Ok(Shape { files, ranks })
    }

    /// Number of files (columns).
    #[inline]
    pub const fn files(self) -> u32 {
        self.files as u32
    }

    /// Number of ranks (rows).
    #[inline]
    pub const fn ranks(self) -> u32 {
        self.ranks as u32
    }

    /// Number of squares.
    #[inline]
    pub const fn len(self) -> u32 {
        self.files as u32 * self.ranks as u32
    }

    /// Always false: a shape has at least one square.
    #[inline]
    pub const fn is_empty(self) -> bool {
        false
    }

    /// The file (0-based) of `square`.
    #[inline]
    pub const fn file(self, square: u32) -> u32 {
        square % self.files as u32
    }

    /// The rank (0-based) of `square`.
    #[inline]
    pub const fn rank(self, square: u32) -> u32 {
        square / self.files as u32
    }

    /// The square at `file`, `rank` (0-based, may be off the board).
    #[inline]
    pub const fn square(self, file: i32, rank: i32) -> Option<u32> {
        if file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            None
        } else {
            Some(rank as u32 * self.files as u32 + file as u32)
        }
    }

    /// The square `df` files and `dr` ranks away from `square`, if on the board.
    #[inline]
    pub const fn offset(self, square: u32, df: i32, dr: i32) -> Option<u32> {
        self.square(self.file(square) as i32 + df, self.rank(square) as i32 + dr)
    }

    /// The name of `square`, e.g. `"e4"` or `"k11"`.
    pub fn name(self, square: u32) -> String {
        let file = (b'a' + self.file(square) as u8) as char;
        format!("{file}{}", self.rank(square) + 1)
    }

    /// The square named `text` (`"e4"`, `"k11"`; file letters in either case).
    pub fn parse_square(self, text: &str) -> Result<u32, SquareError> {
        let syntax = || SquareError::Syntax {
            text: text.chars().take(60).collect(),
        };
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(syntax)?.to_ascii_lowercase();
        let digits = chars.as_str();
        if !letter.is_ascii_lowercase()
            || digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return Err(syntax());
        }
        let file = letter as i32 - 'a' as i32;
        let rank: i32 = digits.parse::<i32>().map_err(|_| syntax())? - 1;
        self.square(file, rank)
            .ok_or_else(|| SquareError::OffBoard {
                text: text.to_string(),
                files: self.files,
                ranks: self.ranks,
            })
    }

    /// Every square of the board (the set type must hold [`Shape::len`] squares).
    pub fn all<S: SquareSet>(self) -> S {
        debug_assert!(self.len() <= S::CAPACITY);
        S::from_squares(0..self.len())
    }

    /// The squares of file `file` (0-based).
    pub fn file_mask<S: SquareSet>(self, file: u32) -> S {
        S::from_squares((0..self.ranks()).map(|r| r * self.files() + file))
    }

    /// The squares of rank `rank` (0-based).
    pub fn rank_mask<S: SquareSet>(self, rank: u32) -> S {
        S::from_squares((0..self.files()).map(|f| rank * self.files() + f))
    }

    /// The four corner squares.
    pub fn corners<S: SquareSet>(self) -> S {
        let (f, r) = (self.files() as i32 - 1, self.ranks() as i32 - 1);
        S::from_squares(
            [(0, 0), (f, 0), (0, r), (f, r)]
                .into_iter()
                .filter_map(|(x, y)| self.square(x, y)),
        )
    }

    /// The squares at the edge of the board.
    pub fn edge<S: SquareSet>(self) -> S {
        self.file_mask::<S>(0)
            | self.file_mask::<S>(self.files() - 1)
            | self.rank_mask::<S>(0)
            | self.rank_mask::<S>(self.ranks() - 1)
    }

    /// Every square of `set` moved `df` files and `dr` ranks; squares that would leave the board
    /// are dropped (no wrapping from one edge to the other).
    pub fn shift<S: SquareSet>(self, set: S, df: i32, dr: i32) -> S {
        let mut keep = self.all::<S>();
        for f in 0..self.files() as i32 {
            if !(0..self.files() as i32).contains(&(f + df)) {
                keep &= !self.file_mask::<S>(f as u32);
            }
        }
        let moved = set & keep;
        let by = df + dr * self.files() as i32;
        let shifted = if by >= 0 {
            moved << by as u32
        } else {
            moved >> (-by) as u32
        };
        shifted & self.all::<S>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_every_shape() {
        for files in 1..=MAX_SIDE {
            for ranks in 1..=MAX_SIDE {
                let shape = Shape::new(files, ranks).unwrap();
                for sq in 0..shape.len() {
                    let name = shape.name(sq);
                    assert_eq!(shape.parse_square(&name), Ok(sq), "{name}");
                    assert_eq!(shape.parse_square(&name.to_uppercase()), Ok(sq));
                }
                assert_eq!(shape.all::<u128>().count(), shape.len());
                assert!(shape.parse_square(&format!("a{}", ranks + 1)).is_err());
            }
        }
    }

    #[test]
    fn bad_names_and_shapes_are_refused() {
        let shape = Shape::new(7, 9).unwrap();
        for bad in ["", "e", "4e", "e0", "e04", "e123", "é4", "e4 ", "-1"] {
            assert!(
                matches!(shape.parse_square(bad), Err(SquareError::Syntax { .. })),
                "{bad}"
            );
        }
        assert!(matches!(
            shape.parse_square("h1"),
            Err(SquareError::OffBoard { .. })
        ));
        assert!(matches!(
            shape.parse_square("a10"),
            Err(SquareError::OffBoard { .. })
        ));
        assert_eq!(shape.parse_square("g9"), Ok(62));
        assert!(Shape::new(0, 5).is_err());
        assert!(Shape::new(12, 5).is_err());
    }

    #[test]
    fn shifts_drop_what_leaves_the_board() {
        for shape in [
            Shape::EIGHT,
            Shape::new(11, 11).unwrap(),
            Shape::new(7, 9).unwrap(),
        ] {
            let all = shape.all::<u128>();
            for (df, dr) in [
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (-1, -1),
                (2, -1),
                (-2, 1),
            ] {
                let moved = shape.shift(all, df, dr);
                // Square by square: the same as offsetting each square.
                let expected = <u128 as SquareSet>::from_squares(
                    (0..shape.len()).filter_map(|s| shape.offset(s, df, dr)),
                );
                assert_eq!(moved, expected, "{shape:?} {df} {dr}");
            }
            let corners = shape.corners::<u128>();
            assert_eq!(corners.count(), 4);
            assert!(corners & !shape.edge::<u128>() == 0);
        }
    }
}
