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
use std::collections::HashSet;
use thiserror::Error;

/// The game name a file states (`game proryv`).
pub const GAME: &str = "proryv";

pub use zonal_core::record::Operation;
use zonal_core::record::parse_operations;

/// One position of a Прорыв position file and its operations.
pub type Record = zonal_core::record::Record<Position>;

/// A file that cannot be read as a Прорыв position file, with where.
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

/// Reads a whole Прорыв position file held in `text`; `source` names it in errors. Checks every
/// position, that ids are unique and non-empty, and that `bm` and `am` operands are legal plies.
pub fn parse_str(text: &str, source: &str) -> Result<Vec<Record>, PosFileError> {
    let mut records = Vec::new();
    let mut ids = HashSet::new();
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        // The game's name is said once, by the error itself.
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
        // The position: 3 fields, and the two counters if both are numbers.
        let mut fields = Vec::new();
        let mut rest = trimmed;
        for i in 0..5 {
            let t = rest.trim_start();
            let end = t.find(char::is_whitespace).unwrap_or(t.len());
            let word = &t[..end];
            if i >= 3 && (word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit())) {
                break;
            }
            if word.is_empty() {
                break;
            }
            fields.push(word);
            rest = &t[end..];
        }
        if fields.len() == 4 {
            // One counter without the other: let the position parser say so.
            fields.push("");
        }
        let position: Position =
            fields
                .join(" ")
                .trim()
                .parse()
                .map_err(|e: crate::PositionError| {
                    let text = e.to_string();
                    let problem = text
                        .strip_prefix(&format!("{NAME}: "))
                        .unwrap_or(&text)
                        .to_string();
                    fail(indent + 1, problem)
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
                            format!("`{}` needs at least one ply", op.opcode),
                        ));
                    }
                    for ply in &op.operands {
                        record
                            .position
                            .parse_ply(ply)
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
            if operand.is_empty() || operand.contains([' ', ';', '"']) {
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
