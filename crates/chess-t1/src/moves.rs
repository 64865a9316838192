//! Moves and the coordinate notation of docs/chess-t1-rules.md §9.1.
//!
//! `<from><to>[<promotion>]`, e.g. `e2e4`, `d1g4`, `g7g8c`: the lower-case promotion letter is
//! written only where the mover chooses (a Ver Knecht on the far rank or entering the enemy
//! castle). A Scout exchange is written like a move.
//!
//! ```
//! use chess_t1::Position;
//! let pos = Position::startpos();
//! let mv = pos.parse_uci("b1c3").unwrap();
//! assert_eq!(mv.to_string(), "b1c3");
//! assert!(pos.parse_uci("b1c4").is_err());
//! ```

use crate::excerpt::excerpt;
use crate::piece::PieceKind;
use crate::square::Square;
use std::fmt;

/// What a move does to the square it goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveKind {
    /// To an empty square.
    Quiet,
    /// Takes the enemy piece on the square.
    Capture,
    /// Scout exchange (`÷`): the Scout and the enemy piece on a castle square both leave.
    Exchange,
}

impl MoveKind {
    /// `"move"`, `"capture"` or `"exchange"`, as in the JSON output.
    pub const fn name(self) -> &'static str {
        match self {
            MoveKind::Quiet => "move",
            MoveKind::Capture => "capture",
            MoveKind::Exchange => "exchange",
        }
    }
}

/// A move in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the piece starts.
    pub from: Square,
    /// Where it goes (for an exchange: the square of the exchanged piece).
    pub to: Square,
    /// The moving piece's kind before the move.
    pub piece: PieceKind,
    /// Quiet move, capture or exchange.
    pub kind: MoveKind,
    /// The kind of the piece taken or exchanged.
    pub captured: Option<PieceKind>,
    /// What the piece becomes, if it changes (automatic or chosen).
    pub promotion: Option<PieceKind>,
    /// Whether the promotion is the mover's choice (written as a letter in coordinate form).
    pub chosen: bool,
}

impl Move {
    /// All of the move in one word, never 0: equal codes for equal moves and only for them (a
    /// search compares killer moves this way).
    #[inline]
    pub fn code(&self) -> u32 {
        let kind = match self.kind {
            MoveKind::Quiet => 0,
            MoveKind::Capture => 1,
            MoveKind::Exchange => 2,
        };
        let optional = |k: Option<PieceKind>| match k {
            Some(k) => k.index() as u32 + 1,
            None => 0,
        };
        1 << 31
            | (self.from.index() as u32)
            | (self.to.index() as u32) << 6
            | (self.piece.index() as u32) << 12
            | kind << 15
            | optional(self.captured) << 17
            | optional(self.promotion) << 21
            | (self.chosen as u32) << 25
    }

    /// The coordinate notation, e.g. `e2e4` or `g7g8c`.
    pub fn uci(&self) -> String {
        self.to_string()
    }

    /// The squares whose contents the move changes: its from and to squares.
    #[inline]
    pub fn changed(&self) -> crate::Bitboard {
        crate::Bitboard::from_square(self.from) | crate::Bitboard::from_square(self.to)
    }

    /// Whether the move takes a piece (capture or exchange).
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.kind != MoveKind::Quiet
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if self.chosen
            && let Some(p) = self.promotion
        {
            write!(f, "{}", p.letter().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

/// Why a move text was not accepted in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not of the form `<from><to>[r|p|c|s]`.
    #[error("{:?} is not a coordinate move (expected e.g. e2e4 or g7g8c)", excerpt(.text))]
    Malformed {
        /// The text.
        text: String,
    },
    /// The game is already over.
    #[error("{}: the game is over ({status})", excerpt(.text))]
    GameOver {
        /// The move text.
        text: String,
        /// The final status.
        status: String,
    },
    /// The move is not legal here; `reason` says why.
    #[error("{}: illegal: {reason}", excerpt(.text))]
    Illegal {
        /// The move text.
        text: String,
        /// Why it is illegal.
        reason: String,
    },
}
