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
use std::collections::HashSet;
use thiserror::Error;

/// The game name a file states (`game hnefatafl`).
pub const GAME: &str = "hnefatafl";

pub use zonal_core::record::Operation;
use zonal_core::record::parse_operations;

/// One position of a Hnefatafl position file and its operations.
pub type Record = zonal_core::record::Record<Position>;

/// A file that cannot be read as a Hnefatafl position file, with where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{file}:{line}:{column}: Hnefatafl: {problem}")]
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

/// The game a position file states, if its first content line is `game NAME [RULESET]` (the
/// name only).
pub fn stated_game(text: &str) -> Option<&str> {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .and_then(|l| l.strip_prefix("game "))
        .and_then(|rest| rest.split_whitespace().next())
}

/// Reads a whole Hnefatafl position file held in `text`; `source` names it in errors. Checks
/// every position, the stated ruleset, that ids are unique and non-empty, and that `bm` and `am`
/// operands are legal moves.
pub fn parse_str(text: &str, source: &str) -> Result<Vec<Record>, PosFileError> {
    let mut records = Vec::new();
    let mut ids = HashSet::new();
    let mut stated: Option<Variant> = None;
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
            let mut words = game.split_whitespace();
            let name = words.next().unwrap_or("");
            if name != GAME {
                return Err(fail(
                    indent + 6,
                    format!("the file states the game {name:?}, not {GAME}"),
                ));
            }
            if let Some(rules) = words.next() {
                let column = indent + 1 + raw.trim_start()[..].find(rules).unwrap_or(5);
                stated = Some(Variant::parse(rules).ok_or_else(|| {
                    fail(
                        column,
                        format!("expected the ruleset seed or copenhagen, found {rules:?}"),
                    )
                })?);
            }
            if let Some(extra) = words.next() {
                return Err(fail(
                    indent + 1,
                    format!("unexpected {extra:?} after the ruleset"),
                ));
            }
            if !records.is_empty() {
                return Err(fail(1, "`game` comes before the first position".into()));
            }
            continue;
        }
        // The position: 3 fields, then up to two counters if they are numbers.
        let mut fields = Vec::new();
        let mut rest = trimmed;
        for i in 0..5 {
            let t = rest.trim_start();
            let end = t.find(char::is_whitespace).unwrap_or(t.len());
            let word = &t[..end];
            if word.is_empty() || (i >= 3 && !word.bytes().all(|b| b.is_ascii_digit())) {
                break;
            }
            fields.push(word);
            rest = &t[end..];
        }
        let joined = fields.join(" ");
        let position: Position = joined.parse().map_err(|e: PositionError| {
            // Columns in the joined string are those of the line after the indent when the
            // fields are separated by single spaces, which position files use.
            fail(
                indent + e.column,
                format!("position string, {}: {}", e.field, e.reason),
            )
        })?;
        if let Some(v) = stated
            && position.rules().variant() != v
        {
            return Err(fail(
                indent + 1,
                format!(
                    "the file states the ruleset {}, this position is {}",
                    v.name(),
                    position.rules().variant().name()
                ),
            ));
        }
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
            if operand.is_empty() || operand.contains([' ', ';', '"']) || operand.trim() != operand
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
