//! Reports: text helpers (force in units as the books write it, board diagrams) and the zone
//! reports in JSON, DOT and text ([`zones`]).
//!
//! ```
//! assert_eq!(chess_t1::report::units(7), "3½");
//! assert_eq!(chess_t1::report::units(4), "2");
//! assert_eq!(chess_t1::report::units(1), "½");
//! assert_eq!(chess_t1::report::units(-3), "-1½");
//! ```

pub mod analysis;
pub mod svg;
pub mod zones;

/// A text diagram of the board, rank 8 on top, with file and rank labels; `.` for empty squares
/// and `:` for empty castle squares, with a one-line key below.
pub fn diagram(board: &crate::Board) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..8 {
            let sq = crate::Square::from_coords(file, rank).expect("on board");
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
pub fn square_grid(mut cell: impl FnMut(crate::Square) -> String) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        out.push_str(&format!("{} ", rank + 1));
        for file in 0..8 {
            let sq = crate::Square::from_coords(file, rank).expect("on board");
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

pub use crate::force::units;
