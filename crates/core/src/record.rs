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
