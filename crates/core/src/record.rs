//! Records of position files, for every game: a position and its EPD-style operations
//! (`id "E4"; bm d4d7; c0 "comment";`). Each game reads its own position notation; the
//! operations and what `id`, `bm`, `am` and `c0` mean are shared.

/// One EPD-style operation: `opcode operand...;`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Operation {
    /// The opcode, e.g. `id`, `bm`, `c0`.
    pub opcode: String,
    /// The operands, unquoted and unescaped.
    pub operands: Vec<String>,
}

/// One position of a position file with its operations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record<P> {
    /// The 1-based line of the file the record was read from.
    pub line: usize,
    /// The position.
    pub position: P,
    /// The operations, in the order written.
    pub ops: Vec<Operation>,
}

impl<P> Record<P> {
    /// The operands of the first operation with `opcode`, if there is one.
    pub fn operands(&self, opcode: &str) -> Option<&[String]> {
        self.ops
            .iter()
            .find(|op| op.opcode == opcode)
            .map(|op| op.operands.as_slice())
    }

    /// The record's id: the operand of its `id` operation.
    pub fn id(&self) -> Option<&str> {
        self.first_operand("id")
    }

    /// The record's comment: the first operand of its `c0` operation.
    pub fn comment(&self) -> Option<&str> {
        self.first_operand("c0")
    }

    fn first_operand(&self, opcode: &str) -> Option<&str> {
        self.operands(opcode)?.first().map(String::as_str)
    }
}

/// Splits `text` (what follows the position on a line) into operations `opcode operand...;`
/// (operands may be quoted); `offset` is the column of `text`'s start. An error gives the column
/// and what is wrong.
pub fn parse_operations(text: &str, offset: usize) -> Result<Vec<Operation>, (usize, String)> {
    let mut ops = Vec::new();
    let mut chars = text.char_indices().peekable();
    let column = |i: usize| offset + text[..i].chars().count();
    loop {
        while chars.next_if(|(_, c)| c.is_whitespace()).is_some() {}
        let Some(&(start, _)) = chars.peek() else {
            return Ok(ops);
        };
        let mut words: Vec<String> = Vec::new();
        let mut ended = false;
        while let Some((i, c)) = chars.next() {
            match c {
                ';' => {
                    ended = true;
                    break;
                }
                c if c.is_whitespace() => {}
                '"' => {
                    let mut word = String::new();
                    let mut closed = false;
                    for (_, c) in chars.by_ref() {
                        if c == '"' {
                            closed = true;
                            break;
                        }
                        word.push(c);
                    }
                    if !closed {
                        return Err((column(i), "a quoted operand is not closed".into()));
                    }
                    words.push(word);
                }
                c => {
                    let mut word = c.to_string();
                    while let Some((_, c)) =
                        chars.next_if(|(_, c)| !c.is_whitespace() && *c != ';' && *c != '"')
                    {
                        word.push(c);
                    }
                    words.push(word);
                }
            }
        }
        if !ended {
            return Err((column(start), "an operation must end with `;`".into()));
        }
        let mut words = words.into_iter();
        let Some(opcode) = words.next() else {
            return Err((column(start), "an empty operation".into()));
        };
        if !opcode
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
            || !opcode.starts_with(|c: char| c.is_ascii_alphabetic())
        {
            return Err((
                column(start),
                format!(
                    "{:?} is not an opcode",
                    opcode.chars().take(16).collect::<String>()
                ),
            ));
        }
        ops.push(Operation {
            opcode,
            operands: words.collect(),
        });
    }
}

/// A position string's error as [`PositionFile::parse_position`] gives it when the error has no
/// column: its text without the game's name in front (`NAME: `), since the file's error names
/// the game once.
pub fn unnamed_problem(name: &str, error: impl std::fmt::Display) -> (Option<usize>, String) {
    let text = error.to_string();
    let problem = text
        .strip_prefix(name)
        .and_then(|rest| rest.strip_prefix(": "))
        .unwrap_or(&text);
    (None, problem.to_string())
}

/// A game's side of its position files: what the one reader ([`parse_file`]) asks of it. A
/// file holds one position a line (the game's position string, then EPD-style operations);
/// blank lines and lines starting with `#` are skipped; a line `game NAME [WORDS]` before the
/// first position states the game (and, where the game has them, more, e.g. a ruleset).
pub trait PositionFile {
    /// A position.
    type Position: std::fmt::Display;
    /// What the `game` line states beyond the game's name ([`PositionFile::stated`]).
    type Stated: Copy;
    /// The game's name in errors.
    const NAME: &'static str;
    /// The word of the `game` line.
    const GAME: &'static str;
    /// Words every position string has; up to [`PositionFile::COUNTERS`] numbers may follow.
    const FIELDS: usize;
    /// Numeric counters that may follow the fields.
    const COUNTERS: usize = 2;
    /// What errors call a move of `bm` and `am` (`move`, or the game's own word).
    const MOVE_WORD: &'static str = "move";
    /// Reads a position string: the error's column within `text` (1-based; `None`: its
    /// start) and what is wrong.
    fn parse_position(text: &str) -> Result<Self::Position, (Option<usize>, String)>;
    /// Checks a move of `bm` or `am` in `pos`.
    fn check_move(pos: &Self::Position, text: &str) -> Result<(), String>;
    /// What the words after the game's name on its `game` line state, or which of them is
    /// wrong and why; by default nothing may follow the name.
    fn stated(words: &[&str]) -> Result<Option<Self::Stated>, (usize, String)> {
        match words.first() {
            None => Ok(None),
            Some(extra) => Err((0, format!("unexpected {extra:?} after the game's name"))),
        }
    }
    /// Whether `pos` agrees with what the `game` line stated.
    fn check_stated(stated: Self::Stated, pos: &Self::Position) -> Result<(), String> {
        let _ = (stated, pos);
        Ok(())
    }
}

/// A position file that cannot be read, with where and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// The game's name ([`PositionFile::NAME`]).
    pub game: &'static str,
    /// The file's name.
    pub file: String,
    /// Line (1-based).
    pub line: usize,
    /// Column (1-based, in characters).
    pub column: usize,
    /// What is wrong.
    pub problem: String,
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}: {}",
            self.file, self.line, self.column, self.game, self.problem
        )
    }
}

impl std::error::Error for FileError {}

/// The game a position file states, if its first content line is `game NAME [...]` (the name
/// only). A byte-order mark before the first line is skipped.
pub fn stated_game(text: &str) -> Option<&str> {
    text.strip_prefix('\u{feff}')
        .unwrap_or(text)
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .and_then(|l| l.strip_prefix("game "))
        .and_then(|rest| rest.split_whitespace().next())
}

/// Reads a whole position file of the game `G` held in `text`; `source` names it in errors.
/// Checks every position, what the `game` line states, that ids are unique and non-empty, and
/// that the `bm` and `am` operands are legal moves. A byte-order mark before the first line is
/// skipped.
pub fn parse_file<G: PositionFile>(
    text: &str,
    source: &str,
) -> Result<Vec<Record<G::Position>>, FileError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut records = Vec::new();
    let mut ids = std::collections::HashSet::new();
    let mut stated: Option<G::Stated> = None;
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let fail = |column: usize, problem: String| FileError {
            game: G::NAME,
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
            let words: Vec<&str> = game.split_whitespace().collect();
            let name = words.first().copied().unwrap_or("");
            if name != G::GAME {
                return Err(fail(
                    indent + 6,
                    format!("the file states the game {name:?}, not {}", G::GAME),
                ));
            }
            stated = G::stated(&words[1..]).map_err(|(wrong, problem)| {
                // The column of the word that is wrong (words are found left to right).
                let mut from = 0;
                let mut column = indent + 1;
                for (i, w) in words.iter().enumerate() {
                    let at = from + game[from..].find(w).unwrap_or(0);
                    from = at + w.len();
                    if i == wrong + 1 {
                        column = indent + 6 + game[..at].chars().count();
                    }
                }
                fail(column, problem)
            })?;
            if !records.is_empty() {
                return Err(fail(1, "`game` comes before the first position".into()));
            }
            continue;
        }
        // The position: its fields, then up to the counters if they are numbers.
        let mut rest = trimmed;
        for i in 0..G::FIELDS + G::COUNTERS {
            let t = rest.trim_start();
            let end = t.find(char::is_whitespace).unwrap_or(t.len());
            let word = &t[..end];
            if word.is_empty() || (i >= G::FIELDS && !word.bytes().all(|b| b.is_ascii_digit())) {
                break;
            }
            rest = &t[end..];
        }
        // The position's columns count from the trimmed line; the file's from the line.
        let position_text = &trimmed[..trimmed.len() - rest.len()];
        let position = G::parse_position(position_text)
            .map_err(|(column, problem)| fail(indent + column.unwrap_or(1), problem))?;
        if let Some(s) = stated {
            G::check_stated(s, &position).map_err(|problem| fail(indent + 1, problem))?;
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
                            format!("`{}` needs at least one {}", op.opcode, G::MOVE_WORD),
                        ));
                    }
                    for mv in &op.operands {
                        G::check_move(&record.position, mv)
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

/// The record as a line of a position file (reads back as the same record): operands that are
/// empty or hold a space, `;`, `"` or other whitespace are quoted.
pub fn write_record<P: std::fmt::Display>(record: &Record<P>) -> String {
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
