//! Position files of Jungle: one position a line, followed by EPD-style operations
//! (`id "J6a"; bm d5a5; c0 "lion jumps";`); blank lines and lines starting with `#` are ignored.
//! A file states its game once, on a line `game jungle` before its first position.
//!
//! ```
//! use zonal_jungle::posfile;
//!
//! let text = "# a suite\ngame jungle\nc6/3D3/7/7/7/7/7/7/7 w id \"J10a\"; bm d8d9;\n";
//! let records = posfile::parse_str(text, "suite.pos").unwrap();
//! assert_eq!(records[0].id(), Some("J10a"));
//! assert_eq!(records[0].operands("bm"), Some(&["d8d9".to_string()][..]));
//! ```

use crate::{NAME, Position, PositionError};

/// The game name a file states (`game jungle`).
pub const GAME: &str = "jungle";

use zonal_core::record::PositionFile;
/// The game a position file states, and a record as a line of a position file.
pub use zonal_core::record::{Operation, stated_game, write_record};

/// One position of a Jungle position file and its operations.
pub type Record = zonal_core::record::Record<Position>;

/// A file that cannot be read as a Jungle position file, with where.
pub type PosFileError = zonal_core::record::FileError;

/// Reads a whole Jungle position file held in `text`; `source` names it in errors (the one
/// reader of every game, [`zonal_core::record::parse_file`]): every position, that ids are
/// unique and non-empty, and that `bm` and `am` operands are legal moves.
pub fn parse_str(text: &str, source: &str) -> Result<Vec<Record>, PosFileError> {
    zonal_core::record::parse_file::<File>(text, source)
}

/// Jungle's side of the one position-file reader.
pub struct File;

impl PositionFile for File {
    type Position = Position;
    type Stated = ();
    const NAME: &'static str = NAME;
    const GAME: &'static str = GAME;
    const FIELDS: usize = 2;

    fn parse_position(text: &str) -> Result<Position, (Option<usize>, String)> {
        text.parse().map_err(|e| match e {
            PositionError::Field {
                field,
                column,
                reason,
            } => (Some(column), format!("position string, {field}: {reason}")),
            other => zonal_core::record::unnamed_problem(NAME, other),
        })
    }

    fn check_move(pos: &Position, text: &str) -> Result<(), String> {
        pos.parse_move(text).map(|_| ()).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_read_and_write_back() {
        let text = "game jungle\n# J6\n6c/7/7/7/3L3/7/7/7/7 w id \"J6a\"; bm d5a5 d5g5; c0 \"lion jumps\";\n\nl5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1 id \"start\";\n";
        let records = parse_str(text, "t.pos").unwrap();
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].line, 3);
        assert_eq!(records[0].id(), Some("J6a"));
        assert_eq!(records[0].comment(), Some("lion jumps"));
        assert_eq!(records[1].position, Position::startpos());
        for r in &records {
            let again = parse_str(&write_record(r), "again").unwrap();
            assert_eq!(again[0].position, r.position);
            assert_eq!(again[0].ops, r.ops);
        }
        assert_eq!(stated_game(text), Some("jungle"));
    }

    #[test]
    fn errors_say_where_and_what() {
        for (text, at, words) in [
            ("game proryv\n", "f:1:6", "not jungle"),
            (
                "6c/7/7/7/3L3/7/7/7/7 w bm d5c5;\n",
                "f:1:23",
                "only the rat enters water",
            ),
            (
                "6c/7/7/7/3L3/7/7/7/7 w id \"a\";\n6c/7/7/7/3L3/7/7/7/7 b id \"a\";\n",
                "f:2:",
                "duplicate id",
            ),
            ("6c/7/7/7/3L3/7/7/7/7 w id \"\";\n", "f:1:", "non-empty"),
            ("6c/7/7/7/3L3/7/7/7/7 w bm;\n", "f:1:", "at least one move"),
            ("6c/7/7/7/3L3/7/7/7/7 w id \"x\"\n", "f:1:24", "end with"),
            ("  6c/7/7/7/3L9/7/7/7/7 w\n", "f:1:14", "1 to 7"),
            ("6c/7/7/7/3L3/7/7/7/7 x\n", "f:1:22", "not w or b"),
            ("6c/7/7/7/3L3/7/7/7/7 w c0 \"open;\n", "f:1:", "not closed"),
            ("6c/7/7/7/3L3/7/7/7/7\n", "f:1:1", "2 to 4 fields"),
        ] {
            let err = parse_str(text, "f").unwrap_err().to_string();
            assert!(
                err.starts_with(at) && err.contains(words),
                "{text:?}: {err}"
            );
        }
    }
}
