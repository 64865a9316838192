//! Reports: text helpers (force in units as the books write it, board diagrams) and the zone
//! reports in JSON, DOT and text ([`zones`]).
//!
//! ```
//! assert_eq!(zonal_games::chess_t1::report::units(7), "3½");
//! assert_eq!(zonal_games::chess_t1::report::units(4), "2");
//! assert_eq!(zonal_games::chess_t1::report::units(1), "½");
//! assert_eq!(zonal_games::chess_t1::report::units(-3), "-1½");
//! ```

pub mod analysis;
pub mod distance;
pub mod exchange;
pub mod force;
pub mod render;
pub mod search;
pub mod svg;
pub mod trajectories;
pub mod zones;

use ::chess_t1::bitboard::Bitboard;
use ::chess_t1::piece::Piece;
use ::chess_t1::position::Position;
use ::chess_t1::square::Square;

/// The piece a trajectory report is about, where it stands and what it treats as obstacles.
pub struct Subject {
    /// The piece (the one on `from`, or a hypothetical one placed there).
    pub piece: Piece,
    /// Its square.
    pub from: Square,
    /// The obstacles: every other piece, or only the other side's when own pieces are removable.
    pub occupied: Bitboard,
    /// Whether the piece's own side's pieces count as removable.
    pub own_removable: bool,
}

impl Subject {
    /// The subject named by `--from`, `--piece` (a letter; the piece on `from` when `None`) and
    /// `--own-removable`. Errors name the option.
    pub fn new(
        pos: &Position,
        from: &str,
        piece: Option<char>,
        own_removable: bool,
    ) -> Result<Subject, String> {
        let from: Square = from.parse().map_err(|e| format!("--from: {e}"))?;
        let piece = match piece {
            Some(c) => Piece::from_char(c).ok_or_else(|| {
                format!(
                    "--piece: unknown piece letter {c:?} (expected K C P R S N V, lower case for Black)"
                )
            })?,
            None => pos.piece_at(from).ok_or_else(|| {
                format!(
                    "--from: no piece on {from}; give --piece LETTER to place a hypothetical one there"
                )
            })?,
        };
        if let Some(other) = pos.piece_at(from).filter(|&p| p != piece) {
            tracing::warn!("{from} holds {other}; it is replaced by the hypothetical {piece}");
        }
        let mut occupied = pos.board().occupied().without(Bitboard::from_square(from));
        if own_removable {
            occupied = occupied.without(pos.board().by_color(piece.color));
        }
        Ok(Subject {
            piece,
            from,
            occupied,
            own_removable,
        })
    }

    /// `White Ritter on d4`.
    pub fn describe(&self) -> String {
        format!("{} {} on {}", self.piece.color, self.piece.kind, self.from)
    }
}

/// A text diagram of the board, rank 8 on top, with file and rank labels; `.` for empty squares
/// and `:` for empty castle squares, with a one-line key below.
pub fn diagram(board: &::chess_t1::Board) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..8 {
            let sq = ::chess_t1::Square::from_coords(file, rank).expect("on board");
            let c = match board.piece_at(sq) {
                Some(p) => p.char(),
                None if sq.is_castle() => ':',
                None => '.',
            };
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n");
    out.push_str("   (White upper case, Black lower case; '.' empty, ':' empty castle square)\n");
    out
}

/// An 8x8 grid of short cells, rank 8 on top, with file and rank labels.
pub fn square_grid(mut cell: impl FnMut(::chess_t1::Square) -> String) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..8 {
            let sq = ::chess_t1::Square::from_coords(file, rank).expect("on board");
            out.push_str(&format!(" {:>2}", cell(sq)));
        }
        out.push('\n');
    }
    out.push_str("    a  b  c  d  e  f  g  h\n");
    out
}

/// `"s"` unless `n` is 1: `format!("{n} move{}", plural(n))`.
pub fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

pub use ::chess_t1::force::units;
