//! Position files of Hnefatafl: one position a line (spec §10.4), followed by EPD-style
//! operations (`id "H7"; bm i5f5; c0 "comment";`); blank lines and lines starting with `#` are
//! ignored.
//!
//! A file states its game once, before its first position, on a line `game hnefatafl`. The
//! ruleset is part of every position string (`... a seed`, `... d copenhagen`), so a file may mix
//! rulesets; a file may also state one ruleset on its game line, `game hnefatafl copenhagen` (or
//! `seed`), and then every position of the file must use it.
//!
//! ```
//! use zonal_hnefatafl::posfile;
//!
//! let text = "# H7\ngame hnefatafl seed\n9/9/9/4a4/3ak3a/4a4/9/9/9 a seed id \"H7\"; bm i5f5;\n";
//! let records = posfile::parse_str(text, "suite.pos").unwrap();
//! assert_eq!(records[0].id(), Some("H7"));
//! assert_eq!(records[0].operands("bm"), Some(&["i5f5".to_string()][..]));
//! ```

use crate::{Position, PositionError, Variant};

/// The game name a file states (`game hnefatafl`).
pub const GAME: &str = "hnefatafl";

use zonal_core::record::PositionFile;
/// The game a position file states, and a record as a line of a position file.
pub use zonal_core::record::{Operation, stated_game, write_record};

/// One position of a Hnefatafl position file and its operations.
pub type Record = zonal_core::record::Record<Position>;

/// A file that cannot be read as a Hnefatafl position file, with where.
pub type PosFileError = zonal_core::record::FileError;

/// Reads a whole Hnefatafl position file held in `text`; `source` names it in errors (the one
/// reader of every game, [`zonal_core::record::parse_file`]): every position, the stated ruleset, that ids are
/// unique and non-empty, and that `bm` and `am` operands are legal moves.
pub fn parse_str(text: &str, source: &str) -> Result<Vec<Record>, PosFileError> {
    zonal_core::record::parse_file::<File>(text, source)
}

/// Hnefatafl's side of the one position-file reader.
pub struct File;

impl PositionFile for File {
    type Position = Position;
    type Stated = Variant;
    const NAME: &'static str = "Hnefatafl";
    const GAME: &'static str = GAME;
    const FIELDS: usize = 3;

    fn parse_position(text: &str) -> Result<Position, (Option<usize>, String)> {
        text.parse().map_err(|e: PositionError| {
            (
                Some(e.column),
                format!("position string, {}: {}", e.field, e.reason),
            )
        })
    }

    fn check_move(pos: &Position, text: &str) -> Result<(), String> {
        pos.parse_move(text).map(|_| ()).map_err(|e| e.to_string())
    }

    /// A ruleset (`seed` or `copenhagen`) may follow the game's name: every position of the
    /// file must then use it.
    fn stated(words: &[&str]) -> Result<Option<Variant>, (usize, String)> {
        match words {
            [] => Ok(None),
            [rules] => Variant::parse(rules).map(Some).ok_or_else(|| {
                let problem = format!("expected the ruleset seed or copenhagen, found {rules:?}");
                (0, problem)
            }),
            [_, extra, ..] => Err((1, format!("unexpected {extra:?} after the ruleset"))),
        }
    }

    fn check_stated(stated: Variant, pos: &Position) -> Result<(), String> {
        let variant = pos.rules().variant();
        if variant == stated {
            return Ok(());
        }
        Err(format!(
            "the file states the ruleset {}, this position is {}",
            stated.name(),
            variant.name()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_read_and_write_back() {
        let text = "game hnefatafl\n# H12\n9/9/9/9/9/3a5/9/9/6k2 d seed id \"H12\"; bm g1i1; c0 \"king escape\";\n\n3aaaaa3/5a5/11/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/11/5a5/3aaaaa3 a copenhagen 0 1 id \"start\";\n";
        let records = parse_str(text, "t.pos").unwrap();
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].line, 3);
        assert_eq!(records[0].id(), Some("H12"));
        assert_eq!(records[0].comment(), Some("king escape"));
        assert_eq!(
            records[1].position,
            Position::start(crate::Ruleset::COPENHAGEN)
        );
        for r in &records {
            let again = parse_str(&write_record(r), "again").unwrap();
            assert_eq!(again[0].position, r.position);
            assert_eq!(again[0].ops, r.ops);
        }
        assert_eq!(stated_game(text), Some("hnefatafl"));
        assert_eq!(
            stated_game("game hnefatafl copenhagen\n"),
            Some("hnefatafl")
        );
    }

    #[test]
    fn errors_say_where_and_what() {
        for (text, at, words) in [
            ("game chess\n", "f:1:6", "not hnefatafl"),
            ("game hnefatafl tablut\n", "f:1:16", "expected the ruleset"),
            (
                "game hnefatafl copenhagen\n9/9/9/9/9/3a5/9/9/6k2 d seed\n",
                "f:2:1",
                "states the ruleset copenhagen",
            ),
            (
                "9/9/9/9/9/3a5/9/9/6k2 d seed bm g1h2;\n",
                "f:1:29",
                "illegal",
            ),
            (
                "9/9/9/9/9/3a5/9/9/6k2 d seed bm g1-h1xh2;\n",
                "f:1:29",
                "lists captures",
            ),
            (
                "9/9/9/9/9/3a5/9/9/6k2 d seed id \"a\";\n9/9/9/9/9/3a5/9/9/6k2 a seed id \"a\";\n",
                "f:2:",
                "duplicate id",
            ),
            (
                "9/9/9/9/9/3a5/9/9/6k2 d seed id \"\";\n",
                "f:1:",
                "non-empty",
            ),
            (
                "9/9/9/9/9/3a5/9/9/6k2 d seed bm;\n",
                "f:1:",
                "at least one move",
            ),
            (
                "9/9/9/9/9/3a5/9/9/6k2 d seed id \"x\"\n",
                "f:1:30",
                "end with",
            ),
            ("  9/9/9/9/9/3a5/9/9/6k2 x seed\n", "f:1:25", "side"),
            (
                "9/9/9/9/9/3a5/9/9/6k2 d seed c0 \"open;\n",
                "f:1:",
                "not closed",
            ),
            (
                "9/9/9/9/9/3a5/9/9/6k1 d seed\n",
                "f:1:",
                "rank 1 has 8 squares",
            ),
        ] {
            let err = parse_str(text, "f").unwrap_err().to_string();
            assert!(
                err.starts_with(at) && err.contains(words),
                "{text:?}: {err}"
            );
        }
    }
}
