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
