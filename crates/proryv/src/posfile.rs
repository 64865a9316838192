//! Position files of Прорыв: one position a line, followed by EPD-style operations
//! (`id "E4"; bm R@d4; c0 "comment";`); blank lines and lines starting with `#` are ignored. A
//! file states its game once, on a line `game proryv` before its first position.
//!
//! ```
//! use zonal_proryv::posfile;
//!
//! let text = "# a suite\ngame proryv\n7k/8/5K2/8/8/8/8/8 w 0:0 0 30 id \"E12\"; bm f6g7;\n";
//! let records = posfile::parse_str(text, "suite.pos").unwrap();
//! assert_eq!(records[0].id(), Some("E12"));
//! assert_eq!(records[0].operands("bm"), Some(&["f6g7".to_string()][..]));
//! ```

use crate::{NAME, Position};

/// The game name a file states (`game proryv`).
pub const GAME: &str = "proryv";

use zonal_core::record::PositionFile;
/// The game a position file states, and a record as a line of a position file.
pub use zonal_core::record::{Operation, stated_game, write_record};

/// One position of a Прорыв position file and its operations.
pub type Record = zonal_core::record::Record<Position>;

/// A file that cannot be read as a Прорыв position file, with where.
pub type PosFileError = zonal_core::record::FileError;

/// Reads a whole Прорыв position file held in `text`; `source` names it in errors (the one
/// reader of every game, [`zonal_core::record::parse_file`]): every position, that ids are
/// unique and non-empty, and that `bm` and `am` operands are legal plies.
pub fn parse_str(text: &str, source: &str) -> Result<Vec<Record>, PosFileError> {
    zonal_core::record::parse_file::<File>(text, source)
}

/// Прорыв's side of the one position-file reader.
pub struct File;

impl PositionFile for File {
    type Position = Position;
    type Stated = ();
    const NAME: &'static str = NAME;
    const GAME: &'static str = GAME;
    const FIELDS: usize = 3;
    const MOVE_WORD: &'static str = "ply";

    fn parse_position(text: &str) -> Result<Position, (Option<usize>, String)> {
        // The game's name is said once, by the file's error itself.
        text.parse()
            .map_err(|e: crate::PositionError| zonal_core::record::unnamed_problem(NAME, e))
    }

    fn check_move(pos: &Position, text: &str) -> Result<(), String> {
        pos.parse_ply(text).map(|_| ()).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_read_and_write_back() {
        let text = "game proryv\n# E5\n7k/3r4/8/1r6/4K3/8/8/8 w 0:0 0 20 id \"E5\"; bm e4f4; c0 \"King may not step into check\";\n\n7k/8/8/8/8/8/8/K7 w 8:8 id \"start\";\n";
        let records = parse_str(text, "t.pos").unwrap();
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].line, 3);
        assert_eq!(records[0].id(), Some("E5"));
        assert_eq!(records[1].position, Position::startpos());
        for r in &records {
            let again = parse_str(&write_record(r), "again").unwrap();
            assert_eq!(again[0].position, r.position);
            assert_eq!(again[0].ops, r.ops);
        }
        assert_eq!(stated_game(text), Some("proryv"));
    }

    #[test]
    fn errors_say_where_and_what() {
        for (text, at, words) in [
            ("game chess-t1\n", "f:1:6", "not proryv"),
            ("7k/8/8/8/8/8/8/K7 w 8:8 bm R@g7;\n", "f:1:", "corner"),
            (
                "7k/8/8/8/8/8/8/K7 w 8:8 id \"a\"; \n7k/8/8/8/8/8/8/K7 w 8:8 id \"a\";\n",
                "f:2:",
                "duplicate id",
            ),
            ("7k/8/8/8/8/8/8/K7 w 8:8 id \"\";\n", "f:1:", "non-empty"),
            ("7k/8/8/8/8/8/8/K7 w 8:8 bm;\n", "f:1:", "at least one ply"),
            ("7k/8/8/8/8/8/8/K7 w 8:8 id \"x\"\n", "f:1:25", "end with"),
            ("7k/8/8/8/8/8/8/K7 w 9:9\n", "f:1:1", "at most 8"),
            ("7k/8/8/8/8/8/8/K7 w 8:8 0\n", "f:1:1", "3 or 5 fields"),
            ("7k/8/8/8/8/8/8/K7 w 8:8 c0 \"open;\n", "f:1:", "not closed"),
        ] {
            let err = parse_str(text, "f").unwrap_err().to_string();
            assert!(
                err.starts_with(at) && err.contains(words),
                "{text:?}: {err}"
            );
        }
    }
}
