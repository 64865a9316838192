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
use std::collections::HashSet;
use thiserror::Error;

/// The game name a file states (`game jungle`).
pub const GAME: &str = "jungle";

pub use zonal_core::record::Operation;
use zonal_core::record::parse_operations;

/// One position of a Jungle position file and its operations.
pub type Record = zonal_core::record::Record<Position>;

/// A file that cannot be read as a Jungle position file, with where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{file}:{line}:{column}: {NAME}: {problem}")]
pub struct PosFileError {
    /// The file's name.
    pub file: String,
    /// Line (1-based).
    pub line: usize,
    /// Column (1-based, in characters).
    pub column: usize,
    /// What is wrong.
    pub problem: String,
}

/// The game a position file states, if its first content line is `game NAME`.
pub fn stated_game(text: &str) -> Option<&str> {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .and_then(|l| l.strip_prefix("game "))
        .map(str::trim)
}

/// Reads a whole Jungle position file held in `text`; `source` names it in errors. Checks every
/// position, that ids are unique and non-empty, and that `bm` and `am` operands are legal moves.
pub fn parse_str(text: &str, source: &str) -> Result<Vec<Record>, PosFileError> {
    let mut records = Vec::new();
    let mut ids = HashSet::new();
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let fail = |column: usize, problem: String| PosFileError {
            file: source.to_string(),
            line,
            column,
            problem,
        };
        let trimmed = raw.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let indent = raw.chars().count() - trimmed.chars().count();
        if let Some(game) = trimmed.strip_prefix("game ") {
            if game.trim() != GAME {
                return Err(fail(
                    indent + 6,
                    format!("the file states the game {:?}, not {GAME}", game.trim()),
                ));
            }
            if !records.is_empty() {
                return Err(fail(1, "`game` comes before the first position".into()));
            }
            continue;
        }
        // The position: placement and side, then up to two counters if they are numbers.
        let mut fields = Vec::new();
        let mut rest = trimmed;
        for i in 0..4 {
            let t = rest.trim_start();
            let end = t.find(char::is_whitespace).unwrap_or(t.len());
            let word = &t[..end];
            if word.is_empty() || (i >= 2 && !word.bytes().all(|b| b.is_ascii_digit())) {
                break;
            }
            fields.push(word);
            rest = &t[end..];
        }
        // The position parser's columns count from the trimmed line; the file's from the line.
        let position_text = &trimmed[..trimmed.len() - rest.len()];
        let position: Position = position_text.parse().map_err(|e| match e {
            PositionError::Field {
                field,
                column,
                reason,
            } => fail(
                indent + column,
                format!("position string, {field}: {reason}"),
            ),
            other => {
                let text = other.to_string();
                let problem = text.strip_prefix(&format!("{NAME}: ")).unwrap_or(&text);
                fail(indent + 1, problem.to_string())
            }
        })?;
        let ops_offset = raw.chars().count() - rest.chars().count() + 1;
        let ops = parse_operations(rest, ops_offset).map_err(|(c, p)| fail(c, p))?;
        let record = Record {
            line,
            position,
            ops,
        };
        for op in &record.ops {
            match op.opcode.as_str() {
                "id" => {
                    let [id] = op.operands.as_slice() else {
                        return Err(fail(ops_offset, "`id` takes exactly one operand".into()));
                    };
                    if id.is_empty() {
                        return Err(fail(ops_offset, "an `id` must be non-empty".into()));
                    }
                    if !ids.insert(id.clone()) {
                        return Err(fail(ops_offset, format!("duplicate id {id:?}")));
                    }
                }
                "bm" | "am" => {
                    if op.operands.is_empty() {
                        return Err(fail(
                            ops_offset,
                            format!("`{}` needs at least one move", op.opcode),
                        ));
                    }
                    for mv in &op.operands {
                        record
                            .position
                            .parse_move(mv)
                            .map_err(|e| fail(ops_offset, format!("{}: {e}", op.opcode)))?;
                    }
                }
                _ => {}
            }
        }
        records.push(record);
    }
    Ok(records)
}

/// The record as a line of a position file (reads back as the same record).
pub fn write_record(record: &Record) -> String {
    let mut line = record.position.to_string();
    for op in &record.ops {
        line.push(' ');
        line.push_str(&op.opcode);
        for operand in &op.operands {
            if operand.is_empty()
                || operand.contains([' ', ';', '"'])
                || operand.chars().any(char::is_whitespace)
            {
                line.push_str(&format!(" \"{operand}\""));
            } else {
                line.push(' ');
                line.push_str(operand);
            }
        }
        line.push(';');
    }
    line
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
