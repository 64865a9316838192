//! Position files (docs/chess-t1-rules.md §9.3): one position per line, each optionally followed by EPD-style
//! operations.
//!
//! ```text
//! # The start position.
//! rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1 id "start"; c0 "a comment";
//! 8/8/8/3vP3/8/6N1/8/8 w - id "E1"; bm e5f5;
//! ```
//!
//! # Format
//!
//! - The text is UTF-8; a leading byte-order mark is ignored. Lines end with `\n` or `\r\n`.
//! - A line that is empty or holds only whitespace is ignored, and so is a line whose first
//!   non-whitespace character is `#` (a comment). `#` elsewhere is not a comment.
//! - Otherwise the line holds one record: the **position** (docs/chess-t1-rules.md §9.3), then **operations**.
//!   The position is 3 to 5 whitespace-separated fields, `<placement> <side> <prince-rights>
//!   [<quiet-half-moves> [<move-number>]]`: after the 3 mandatory fields, up to two more fields
//!   that consist only of ASCII digits are the counters; whatever follows is operations.
//! - An operation is `opcode operand... ;`: the opcode is an ASCII letter followed by ASCII
//!   letters, digits or `_`; the operands (zero or more) are separated by whitespace; the `;`
//!   that ends it is required, also for the last operation of a line.
//! - An operand is a bare token (any characters but whitespace, `;` and `"`) or a double-quoted
//!   string, in which `\"` stands for `"` and `\\` for `\` (no other escapes). A closing quote
//!   must be followed by whitespace or `;`.
//! - The `id` operation, if present, takes exactly one operand, and ids are unique in a file
//!   (so that [`select`] by id is never ambiguous). Other opcodes are not checked: `bm`, `c0`,
//!   `pv` ... are kept as text.
//!
//! Errors ([`PosFileError`]) name the file, the 1-based line and the 1-based column (counted
//! in characters, a tab counting as one) and say what was expected. No input makes the parser
//! panic.
//!
//! ```
//! use chess_t1::posfile;
//!
//! let text = "# two positions\n\
//!             rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1 id \"start\";\n\
//!             \n\
//!             8/8/8/3vP3/8/6N1/8/8 w - id \"E1\"; c0 \"13 Prince moves\"; bm e5f5;\n";
//! let records = posfile::parse_str(text, "example.t1").unwrap();
//! assert_eq!(records.len(), 2);
//! assert_eq!(records[1].line, 4);
//! assert_eq!(records[1].id(), Some("E1"));
//! assert_eq!(records[1].comment(), Some("13 Prince moves"));
//! assert_eq!(records[1].operands("bm").unwrap(), ["e5f5"]);
//!
//! // Pick a record by id or by its 1-based index among the records.
//! let e1 = posfile::select(&records, Some("E1"), None).unwrap();
//! assert_eq!(posfile::select(&records, None, Some(2)).unwrap(), e1);
//! assert_eq!(
//!     posfile::write_record(e1),
//!     "8/8/8/3vP3/8/6N1/8/8 w - 0 1 id E1; c0 \"13 Prince moves\"; bm e5f5;"
//! );
//!
//! // Errors say where and what.
//! let err = posfile::parse_str("8/8/8/8/8/8/8/4X3 w -\n", "x.t1").unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "x.t1:1:16: unknown character 'X' in placement \
//!      (expected K C P R S N V, k c p r s n v or a digit 1-8)"
//! );
//! assert_eq!((err.line(), err.column()), (Some(1), Some(16)));
//!
//! // The CLI's <POS> argument: `startpos`, a position string or a position file.
//! let pos = posfile::resolve("8/8/8/3vP3/8/6N1/8/8 w -", None, None).unwrap();
//! assert_eq!(pos, e1.position);
//! ```

use crate::excerpt::{EXCERPT_CHARS, excerpt};
use crate::position::Position;
use crate::setup::PositionError;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::{fs, io};

pub use zonal_core::record::Operation;

/// One position of a position file with its operations.
pub type Record = zonal_core::record::Record<Position>;

/// What is wrong on a line of a position file. The column is held by [`PosFileError::Line`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// A `game NAME` line naming another game than chess-t1, or coming after a position.
    #[error("{}", game_message(.game, *.after_positions))]
    Game {
        /// The game the line names.
        game: String,
        /// Whether positions came before it.
        after_positions: bool,
    },
    /// The file is not valid UTF-8 here.
    #[error("invalid UTF-8 (a position file must be UTF-8 text)")]
    InvalidUtf8,
    /// The line ends before the 3 mandatory position fields.
    #[error("expected {expected}, found the end of the line")]
    MissingField {
        /// The field that is missing.
        expected: &'static str,
    },
    /// The position fields do not make a valid position. Its column, if any, is relative to the
    /// position text; the column of [`PosFileError::Line`] is relative to the line.
    #[error("{}", position_message(.0))]
    Position(PositionError),
    /// Not an opcode where an operation should start.
    #[error(
        "expected {}an operation opcode (a letter, then letters, digits or '_'), found {found:?}",
        if *.counter_allowed { "a counter (digits only) or " } else { "" }
    )]
    BadOpcode {
        /// The text found (up to the next whitespace or `;`).
        found: String,
        /// Whether a counter field could also have stood here.
        counter_allowed: bool,
    },
    /// A `#` after the position: comments need a line of their own.
    #[error("expected an operation, found '#': a comment must be on a line of its own")]
    CommentNotAtStart,
    /// The line ends inside an operation.
    #[error("expected ';' to end the operation {:?}, found the end of the line", excerpt(.opcode))]
    MissingSemicolon {
        /// The opcode of the unfinished operation.
        opcode: String,
    },
    /// The line ends inside a quoted operand (the column is that of the opening quote).
    #[error("unterminated quoted operand: expected a closing '\"' before the end of the line")]
    UnterminatedString,
    /// A backslash in a quoted operand not followed by `"` or `\`.
    #[error("unknown escape {found:?} in a quoted operand (expected \\\" or \\\\)")]
    BadEscape {
        /// The backslash and the character after it.
        found: String,
    },
    /// A closing quote not followed by whitespace or `;`.
    #[error("expected whitespace or ';' after the closing '\"', found {found:?}")]
    AfterQuote {
        /// The character found.
        found: char,
    },
    /// A `"` inside a bare operand.
    #[error("'\"' inside the unquoted operand {:?}: quote the whole operand", excerpt(.operand))]
    QuoteInBareOperand {
        /// The operand up to the quote.
        operand: String,
    },
    /// An `id` operation without exactly one operand.
    #[error("the operation \"id\" takes exactly one operand, found {found}")]
    IdOperands {
        /// Operands found.
        found: usize,
    },
    /// An `id` whose operand is empty.
    #[error("the operation \"id\" needs a non-empty operand")]
    EmptyId,
    /// A `bm` or `am` operation without moves.
    #[error("the operation {:?} needs at least one move", excerpt(.opcode))]
    NoMoves {
        /// `bm` or `am`.
        opcode: String,
    },
    /// A `bm` or `am` operand that is not a legal move of the record's position.
    #[error("{opcode} expects legal coordinate moves of this position: {reason}")]
    BadMove {
        /// `bm` or `am`.
        opcode: String,
        /// Why the operand is not one (quoting at most [`EXCERPT_CHARS`] characters of it).
        reason: String,
    },
    /// The line is longer than [`MAX_LINE_BYTES`].
    #[error(
        "the line is longer than {limit} bytes (a position line is short: is this a position file?)"
    )]
    TooLong {
        /// The limit.
        limit: usize,
    },
    /// The same id on two records.
    #[error("duplicate id {id:?}: already used on line {first_line}")]
    DuplicateId {
        /// The id.
        id: String,
        /// The line of its first use.
        first_line: usize,
    },
}

/// [`PositionError`]'s message without its `column N: ` prefix (the column is reported in the
/// `file:line:column` form instead).
fn position_message(err: &PositionError) -> String {
    let text = err.to_string();
    match err.column() {
        Some(column) => match text.strip_prefix(&format!("column {column}: ")) {
            Some(rest) => rest.to_string(),
            None => text,
        },
        None => text,
    }
}

/// Why [`select`] found no record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SelectError {
    /// There are no records at all.
    #[error("no positions to choose from (only blank or comment lines)")]
    Empty,
    /// Both an id and an index were given.
    #[error("give an id or an index to choose a position, not both")]
    IdAndIndex,
    /// No record has the id.
    #[error("no position with id {id:?} (ids present: {})", list_ids(.known, *.total))]
    UnknownId {
        /// The id asked for.
        id: String,
        /// The first ids present, in file order (at most [`IDS_SHOWN`]).
        known: Vec<String>,
        /// How many ids there are in all.
        total: usize,
    },
    /// The index is 0 or larger than the number of records.
    #[error(
        "index {index} is out of range: the positions are numbered 1 to {count} (comment and blank lines do not count)"
    )]
    IndexOutOfRange {
        /// The index asked for.
        index: usize,
        /// How many records there are.
        count: usize,
    },
}

/// How many ids an unknown-id error lists.
pub const IDS_SHOWN: usize = 10;

fn list_ids(ids: &[String], total: usize) -> String {
    if ids.is_empty() {
        return "none".to_string();
    }
    let mut text = ids
        .iter()
        .map(|id| format!("{:?}", excerpt(id)))
        .collect::<Vec<_>>()
        .join(", ");
    if total > ids.len() {
        text.push_str(&format!(" and {} more", total - ids.len()));
    }
    text
}

/// An error reading a position file, choosing a record or resolving a `<POS>` argument.
#[derive(Debug, thiserror::Error)]
pub enum PosFileError {
    /// The file could not be read.
    #[error("{}: cannot read the file: {source}", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The OS's reason.
        source: io::Error,
    },
    /// A line is malformed.
    #[error("{file}:{line}:{column}: {problem}")]
    Line {
        /// The file name given to [`parse_str`] (the path for [`read_file`]).
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// What is wrong.
        problem: LineError,
    },
    /// [`select`] found no record.
    #[error("{}{problem}", .file.as_ref().map(|f| format!("{f}: ")).unwrap_or_default())]
    Select {
        /// The file, when known ([`resolve`] fills it in; [`select`] does not know it).
        file: Option<String>,
        /// Why.
        problem: SelectError,
    },
    /// The argument is not `startpos`, not a file and not a position string.
    #[error(
        "cannot use {:?} as a position: it is not `startpos`, not a readable file ({reason}), and not a position string either ({position_error})",
        excerpt(.arg)
    )]
    Unresolved {
        /// The argument.
        arg: String,
        /// Why it could not be opened as a file.
        reason: io::Error,
        /// Why it is not a position string.
        position_error: PositionError,
    },
    /// The argument looks like a position string (it has a `/` and several fields) but is
    /// invalid, and no file of that name exists.
    #[error("{:?} is not a file, and as a position string it is invalid: {source}", excerpt(.arg))]
    BadPositionString {
        /// The argument.
        arg: String,
        /// What is wrong with it; its column is relative to `arg`.
        source: PositionError,
    },
    /// An id or index was given, but the argument is not a position file.
    #[error(
        "an id or index chooses a position in a position file, but {:?} is {what}, not a file",
        excerpt(.arg)
    )]
    SelectorWithoutFile {
        /// The argument.
        arg: String,
        /// `startpos` or a position string.
        what: &'static str,
    },
}

impl PosFileError {
    /// The 1-based line of a [`PosFileError::Line`] error.
    pub fn line(&self) -> Option<usize> {
        match self {
            PosFileError::Line { line, .. } => Some(*line),
            _ => None,
        }
    }

    /// The 1-based column of a [`PosFileError::Line`] error, or of a bad position string.
    pub fn column(&self) -> Option<usize> {
        match self {
            PosFileError::Line { column, .. } => Some(*column),
            PosFileError::BadPositionString { source, .. } => source.column(),
            _ => None,
        }
    }

    fn in_file(self, name: &str) -> PosFileError {
        match self {
            PosFileError::Select {
                file: None,
                problem,
            } => PosFileError::Select {
                file: Some(name.to_string()),
                problem,
            },
            other => other,
        }
    }
}

/// A parsing error: 1-based column within the line, and the problem.
type LineFailure = (usize, LineError);

/// An operation with the 1-based column of its opcode.
struct ParsedOp {
    column: usize,
    op: Operation,
}

/// Parses one line: `Ok(None)` for a blank or comment line.
fn parse_line(line: &str) -> Result<Option<(Position, Vec<ParsedOp>)>, LineFailure> {
    let chars: Vec<char> = line.chars().collect();
    let n = chars.len();
    let skip_ws = |mut i: usize| {
        while i < n && chars[i].is_whitespace() {
            i += 1;
        }
        i
    };
    let mut i = skip_ws(0);
    if i == n || chars[i] == '#' {
        return Ok(None);
    }

    // The position: 3 fields, then up to 2 all-digit counters. Fields as [start, end).
    let mut fields: Vec<(usize, usize)> = Vec::with_capacity(5);
    loop {
        i = skip_ws(i);
        if i == n {
            break;
        }
        let start = i;
        while i < n && !chars[i].is_whitespace() {
            i += 1;
        }
        let is_counter = chars[start..i].iter().all(char::is_ascii_digit);
        if fields.len() < 3 || (fields.len() < 5 && is_counter) {
            fields.push((start, i));
        } else {
            i = start;
            break;
        }
    }
    let (first, last) = match (fields.first(), fields.last()) {
        (Some(&first), Some(&last)) if fields.len() >= 3 => (first, last),
        (_, last) => {
            let expected = if fields.len() == 1 {
                "the side to move ('w' or 'b') after the placement"
            } else {
                "the prince-rights field ('Pp', 'P', 'p' or '-') after the side to move"
            };
            let column = last.map_or(n, |&(_, end)| end) + 1;
            return Err((column, LineError::MissingField { expected }));
        }
    };
    let text: String = chars[first.0..last.1].iter().collect();
    let position = text.parse::<Position>().map_err(|err| {
        let column = first.0 + err.column().unwrap_or(1);
        (column, LineError::Position(err))
    })?;
    let counter_allowed = fields.len() < 5;

    // The operations.
    let mut ops = Vec::new();
    loop {
        i = skip_ws(i);
        if i == n {
            break;
        }
        let op_start = i;
        while i < n && !chars[i].is_whitespace() && chars[i] != ';' {
            i += 1;
        }
        let opcode: String = chars[op_start..i].iter().collect();
        let valid = opcode
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
            && opcode
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid {
            let problem = if chars[op_start] == '#' {
                LineError::CommentNotAtStart
            } else {
                LineError::BadOpcode {
                    found: if opcode.is_empty() {
                        chars[op_start].to_string()
                    } else {
                        opcode
                    },
                    counter_allowed: counter_allowed && ops.is_empty(),
                }
            };
            return Err((op_start + 1, problem));
        }
        let mut operands = Vec::new();
        let mut operand_columns = Vec::new();
        loop {
            i = skip_ws(i);
            if i == n {
                // Point just past the last non-blank character, where the ';' belongs.
                let end = chars
                    .iter()
                    .rposition(|c| !c.is_whitespace())
                    .map_or(0, |p| p + 1);
                return Err((end + 1, LineError::MissingSemicolon { opcode }));
            }
            match chars[i] {
                ';' => {
                    i += 1;
                    break;
                }
                '"' => {
                    let open = i;
                    operand_columns.push(open + 1);
                    i += 1;
                    let mut operand = String::new();
                    loop {
                        match chars.get(i) {
                            None => return Err((open + 1, LineError::UnterminatedString)),
                            Some('"') => {
                                i += 1;
                                break;
                            }
                            Some('\\') => match chars.get(i + 1) {
                                Some(&c @ ('"' | '\\')) => {
                                    operand.push(c);
                                    i += 2;
                                }
                                Some(&c) => {
                                    return Err((
                                        i + 1,
                                        LineError::BadEscape {
                                            found: format!("\\{c}"),
                                        },
                                    ));
                                }
                                None => return Err((open + 1, LineError::UnterminatedString)),
                            },
                            Some(&c) => {
                                operand.push(c);
                                i += 1;
                            }
                        }
                    }
                    if let Some(&c) = chars.get(i)
                        && !c.is_whitespace()
                        && c != ';'
                    {
                        return Err((i + 1, LineError::AfterQuote { found: c }));
                    }
                    operands.push(operand);
                }
                _ => {
                    let start = i;
                    operand_columns.push(start + 1);
                    while i < n && !chars[i].is_whitespace() && chars[i] != ';' && chars[i] != '"' {
                        i += 1;
                    }
                    let operand: String = chars[start..i].iter().collect();
                    if chars.get(i) == Some(&'"') {
                        return Err((i + 1, LineError::QuoteInBareOperand { operand }));
                    }
                    operands.push(operand);
                }
            }
        }
        if opcode == "id" && operands.len() != 1 {
            return Err((
                op_start + 1,
                LineError::IdOperands {
                    found: operands.len(),
                },
            ));
        }
        check_operands(
            &position,
            &opcode,
            &operands,
            &operand_columns,
            op_start + 1,
        )?;
        ops.push(ParsedOp {
            column: op_start + 1,
            op: Operation { opcode, operands },
        });
    }
    Ok(Some((position, ops)))
}

/// The checks of known opcodes: `id` non-empty; `bm` and `am` one or more legal coordinate
/// moves of `position`.
fn check_operands(
    position: &Position,
    opcode: &str,
    operands: &[String],
    columns: &[usize],
    op_column: usize,
) -> Result<(), LineFailure> {
    match opcode {
        "id" if operands.first().is_some_and(String::is_empty) => Err((
            columns.first().copied().unwrap_or(op_column),
            LineError::EmptyId,
        )),
        "bm" | "am" => {
            if operands.is_empty() {
                return Err((
                    op_column,
                    LineError::NoMoves {
                        opcode: opcode.to_string(),
                    },
                ));
            }
            for (operand, &column) in operands.iter().zip(columns) {
                if let Err(err) = position.parse_uci(operand) {
                    let reason = if operand.chars().count() > EXCERPT_CHARS {
                        format!("{:?} is not a coordinate move", excerpt(operand))
                    } else {
                        err.to_string()
                    };
                    return Err((
                        column,
                        LineError::BadMove {
                            opcode: opcode.to_string(),
                            reason,
                        },
                    ));
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

fn game_message(game: &str, after_positions: bool) -> String {
    if after_positions {
        "`game` comes before the first position".to_string()
    } else {
        format!(
            "the file holds positions of {:?}, not chess-t1: run with `--game {}` (`zonal games` lists them)",
            excerpt(game),
            excerpt(game)
        )
    }
}

/// Longest line a position file may have, in bytes (a position line is under 200).
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Reads a position file's records one at a time, a line at a time: memory is bounded by the
/// longest line ([`MAX_LINE_BYTES`]) and the ids seen (kept to check they are unique), not by
/// the file. After the first error the iterator ends.
///
/// Besides the syntax, it checks that every position is valid
/// ([`Position::from_str`](std::str::FromStr)), that ids are unique and non-empty, and that the
/// moves of `bm` and `am` are legal in their position.
pub struct Reader<R> {
    input: R,
    source: String,
    line: usize,
    ids: HashMap<Box<str>, usize>,
    buf: Vec<u8>,
    done: bool,
    /// Records read so far.
    records: usize,
}

impl<R: io::BufRead> Reader<R> {
    /// A reader of `input`; `source` names the file in errors.
    pub fn new(input: R, source: &str) -> Reader<R> {
        Reader {
            input,
            source: source.to_string(),
            line: 0,
            ids: HashMap::new(),
            buf: Vec::new(),
            done: false,
            records: 0,
        }
    }

    fn fail(&self, column: usize, problem: LineError) -> PosFileError {
        PosFileError::Line {
            file: self.source.clone(),
            line: self.line,
            column,
            problem,
        }
    }

    /// The next line's text without its line end; `None` at the end of the input.
    fn next_line(&mut self) -> Result<Option<String>, PosFileError> {
        use io::BufRead as _;
        self.buf.clear();
        let limit = MAX_LINE_BYTES as u64 + 1;
        let read = io::Read::take(&mut self.input, limit)
            .read_until(b'\n', &mut self.buf)
            .map_err(|source| PosFileError::Read {
                path: PathBuf::from(&self.source),
                source,
            })?;
        if read == 0 {
            return Ok(None);
        }
        self.line += 1;
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
            if self.buf.last() == Some(&b'\r') {
                self.buf.pop();
            }
        } else if self.buf.len() > MAX_LINE_BYTES {
            return Err(self.fail(
                1,
                LineError::TooLong {
                    limit: MAX_LINE_BYTES,
                },
            ));
        }
        let text = match std::str::from_utf8(&self.buf) {
            Ok(text) => text,
            Err(err) => {
                let valid = std::str::from_utf8(&self.buf[..err.valid_up_to()]).unwrap_or_default();
                return Err(self.fail(valid.chars().count() + 1, LineError::InvalidUtf8));
            }
        };
        let text = if self.line == 1 {
            text.strip_prefix('\u{feff}').unwrap_or(text)
        } else {
            text
        };
        Ok(Some(text.to_string()))
    }

    fn next_record(&mut self) -> Result<Option<Record>, PosFileError> {
        loop {
            let Some(text) = self.next_line()? else {
                return Ok(None);
            };
            // A file may state its game once, before its positions: `game chess-t1`.
            if let Some(game) = text.trim_start().strip_prefix("game ") {
                let game = game.trim();
                let after_positions = self.records > 0;
                if game != "chess-t1" || after_positions {
                    let column = text.len() - text.trim_start().len() + 1;
                    return Err(self.fail(
                        column,
                        LineError::Game {
                            game: game.to_string(),
                            after_positions,
                        },
                    ));
                }
                continue;
            }
            let Some((position, parsed)) =
                parse_line(&text).map_err(|(column, problem)| self.fail(column, problem))?
            else {
                continue;
            };
            for p in &parsed {
                if p.op.opcode == "id"
                    && let Some(id) = p.op.operands.first()
                {
                    if let Some(&first_line) = self.ids.get(id.as_str()) {
                        let column = p.column;
                        return Err(self.fail(
                            column,
                            LineError::DuplicateId {
                                id: excerpt(id),
                                first_line,
                            },
                        ));
                    }
                    self.ids.insert(id.as_str().into(), self.line);
                }
            }
            self.records += 1;
            return Ok(Some(Record {
                line: self.line,
                position,
                ops: parsed.into_iter().map(|p| p.op).collect(),
            }));
        }
    }
}

impl<R: io::BufRead> Iterator for Reader<R> {
    type Item = Result<Record, PosFileError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.next_record().transpose();
        if !matches!(next, Some(Ok(_))) {
            self.done = true;
        }
        next
    }
}

/// Reads the records of a position file's text. `source` names the file in errors.
///
/// Stops at the first malformed line; the checks are those of [`Reader`].
pub fn parse_str(text: &str, source: &str) -> Result<Vec<Record>, PosFileError> {
    Reader::new(text.as_bytes(), source).collect()
}

/// Opens a position file for reading record by record. A missing or unreadable file gives
/// [`PosFileError::Read`] with the path and the OS's reason.
pub fn open(path: &Path) -> Result<Reader<io::BufReader<fs::File>>, PosFileError> {
    let file = fs::File::open(path).map_err(|source| PosFileError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(Reader::new(
        io::BufReader::new(file),
        &path.display().to_string(),
    ))
}

/// Reads a whole position file: [`open`], then every record. Text that is not UTF-8 gives
/// [`LineError::InvalidUtf8`] at the first bad byte; otherwise as [`parse_str`], with the path
/// as the file name.
pub fn read_file(path: &Path) -> Result<Vec<Record>, PosFileError> {
    open(path)?.collect()
}

/// Chooses a record from a stream of records, reading no further than needed: by `id`, by
/// 1-based `index`, or the first. Errors of lines after the chosen record are not seen.
pub fn select_from(
    records: impl Iterator<Item = Result<Record, PosFileError>>,
    id: Option<&str>,
    index: Option<usize>,
) -> Result<Record, PosFileError> {
    let fail = |problem| PosFileError::Select {
        file: None,
        problem,
    };
    if id.is_some() && index.is_some() {
        return Err(fail(SelectError::IdAndIndex));
    }
    let mut count = 0;
    let mut known = Vec::new();
    let mut total = 0;
    for record in records {
        let record = record?;
        count += 1;
        match (id, index) {
            (Some(id), _) => {
                if record.id() == Some(id) {
                    return Ok(record);
                }
                if let Some(other) = record.id() {
                    total += 1;
                    if known.len() < IDS_SHOWN {
                        known.push(other.to_string());
                    }
                }
            }
            (None, Some(index)) if index == 0 || count < index => {}
            _ => return Ok(record),
        }
    }
    Err(fail(match (id, index) {
        _ if count == 0 => SelectError::Empty,
        (Some(id), _) => SelectError::UnknownId {
            id: excerpt(id),
            known,
            total,
        },
        (None, index) => SelectError::IndexOutOfRange {
            index: index.unwrap_or(0),
            count,
        },
    }))
}

/// Chooses one record: by `id` (the operand of its `id` operation), or by `index`, the 1-based
/// position of the record among the file's **records** (blank and comment lines do not count;
/// this is not a line number), or the first record when neither is given.
///
/// Errors: no records at all, both `id` and `index` given, an unknown id, an index of 0 or past
/// the last record. The error does not name the file ([`resolve`] adds it).
pub fn select<'a>(
    records: &'a [Record],
    id: Option<&str>,
    index: Option<usize>,
) -> Result<&'a Record, PosFileError> {
    let fail = |problem| PosFileError::Select {
        file: None,
        problem,
    };
    if records.is_empty() {
        return Err(fail(SelectError::Empty));
    }
    match (id, index) {
        (Some(_), Some(_)) => Err(fail(SelectError::IdAndIndex)),
        (Some(id), None) => records.iter().find(|r| r.id() == Some(id)).ok_or_else(|| {
            let ids = records.iter().filter_map(|r| r.id());
            fail(SelectError::UnknownId {
                id: excerpt(id),
                known: ids.clone().take(IDS_SHOWN).map(str::to_string).collect(),
                total: ids.count(),
            })
        }),
        (None, Some(index)) => index
            .checked_sub(1)
            .and_then(|i| records.get(i))
            .ok_or(fail(SelectError::IndexOutOfRange {
                index,
                count: records.len(),
            })),
        (None, None) => Ok(&records[0]),
    }
}

/// Turns the CLI's `<POS>` argument into a position, trying in this order:
///
/// 1. `startpos`: the start position (even if a file of that name exists);
/// 2. the path of an existing file: a position file, from which `id` / `index` choose a record
///    as in [`select`] (the first record if neither is given);
/// 3. a position string (docs/chess-t1-rules.md §9.3), e.g. `8/8/8/3vP3/8/6N1/8/8 w - 0 1`.
///
/// `id` and `index` are only allowed with a file. If the argument is neither a file nor a valid
/// position string, the error says both: [`PosFileError::BadPositionString`] when it looks
/// like a position (it has a `/` and whitespace), otherwise [`PosFileError::Unresolved`] with
/// the OS's reason for the file and the reason it is not a position.
pub fn resolve(
    arg: &str,
    id: Option<&str>,
    index: Option<usize>,
) -> Result<Position, PosFileError> {
    resolve_record(arg, id, index).map(|(position, _)| position)
}

/// [`resolve`], also returning the record when the position comes from a position file (so that
/// its operations, e.g. the `moves` of a game record, can be used).
pub fn resolve_record(
    arg: &str,
    id: Option<&str>,
    index: Option<usize>,
) -> Result<(Position, Option<Record>), PosFileError> {
    let no_selector = |what: &'static str| {
        if id.is_some() || index.is_some() {
            Err(PosFileError::SelectorWithoutFile {
                arg: arg.to_string(),
                what,
            })
        } else {
            Ok(())
        }
    };
    if arg == "startpos" {
        no_selector("`startpos`")?;
        return Ok((Position::startpos(), None));
    }
    let path = Path::new(arg);
    match fs::metadata(path) {
        Ok(_) => select_from(open(path)?, id, index)
            .map(|r| (r.position, Some(r)))
            .map_err(|e| e.in_file(arg)),
        Err(reason) => match arg.parse::<Position>() {
            Ok(position) => {
                no_selector("a position string")?;
                Ok((position, None))
            }
            Err(source) if arg.contains('/') && arg.trim().contains(char::is_whitespace) => {
                Err(PosFileError::BadPositionString {
                    arg: arg.to_string(),
                    source,
                })
            }
            Err(position_error) => Err(PosFileError::Unresolved {
                arg: arg.to_string(),
                reason,
                position_error,
            }),
        },
    }
}

/// Whether an operand must be quoted to be read back as it is.
fn needs_quotes(operand: &str) -> bool {
    operand.is_empty()
        || operand
            .chars()
            .any(|c| c.is_whitespace() || matches!(c, ';' | '"' | '\\'))
}

/// Writes a record as one line of a position file: the position (all 5 fields), then the
/// operations, ` opcode operand...;` each. Operands that are empty or contain whitespace, `;`,
/// `"` or `\` are quoted, with `\"` and `\\` escapes.
///
/// [`parse_str`] reads the line back to the same position and operations, provided the opcodes
/// are valid (this function writes them as they are) and no operand holds a `\n` (a record is
/// one line: `\n` in an operand is written as a space).
pub fn write_record(record: &Record) -> String {
    let mut out = record.position.to_string();
    for op in &record.ops {
        out.push(' ');
        out.push_str(&op.opcode);
        for operand in &op.operands {
            out.push(' ');
            if needs_quotes(operand) {
                out.push('"');
                for c in operand.chars() {
                    match c {
                        '"' | '\\' => {
                            out.push('\\');
                            out.push(c);
                        }
                        '\n' => out.push(' '),
                        _ => out.push(c),
                    }
                }
                out.push('"');
            } else {
                out.push_str(operand);
            }
        }
        out.push(';');
    }
    out
}

#[cfg(test)]
mod tests;
