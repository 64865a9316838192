//! The seven kinds of chess-t1 piece, their letters, strengths and book abbreviations.
//!
//! ```
//! use chess_t1::{Color, Piece, PieceKind};
//! let p = Piece::from_char('c').unwrap();
//! assert_eq!(p, Piece::new(Color::Black, PieceKind::Konnet));
//! assert_eq!(p.kind.strength(), 6); // 3 units, in half-units
//! assert!(p.kind.is_royal());
//! ```

use crate::square::Color;
use std::fmt;

/// A kind of piece (docs/chess-t1-rules.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    /// Король: royal, 1 step in 8 directions, strength 1½.
    King = 0,
    /// Коннет: royal, 1-2 orthogonal (jumping), 1-3 diagonal, strength 3.
    Konnet = 1,
    /// Принц: royal, 1 orthogonal, 1-3 diagonal, strength 1½.
    Prince = 2,
    /// Риттер: 1-2 orthogonal (jumping), strength 2.
    Ritter = 3,
    /// Разведчик: the chess knight's leap, no defensive force, unlimited attack.
    Scout = 4,
    /// Кнехт: 1 step left, right, forward, backward; 2 forward in own territory; strength 1.
    Knecht = 5,
    /// Вер Кнехт: moves like a Knecht, strength 1½.
    VerKnecht = 6,
}

impl PieceKind {
    /// All kinds, in index order.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::King,
        PieceKind::Konnet,
        PieceKind::Prince,
        PieceKind::Ritter,
        PieceKind::Scout,
        PieceKind::Knecht,
        PieceKind::VerKnecht,
    ];

    /// Index 0..7.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Strength in half-units (the Scout's 0: it adds nothing to any sum).
    #[inline]
    pub const fn strength(self) -> i32 {
        match self {
            PieceKind::King | PieceKind::Prince | PieceKind::VerKnecht => 3,
            PieceKind::Konnet => 6,
            PieceKind::Ritter => 4,
            PieceKind::Knecht => 2,
            PieceKind::Scout => 0,
        }
    }

    /// Whether the piece is royal (King, Konnet, Prince).
    #[inline]
    pub const fn is_royal(self) -> bool {
        matches!(
            self,
            PieceKind::King | PieceKind::Konnet | PieceKind::Prince
        )
    }

    /// Upper-case letter of the position notation (K C P R S N V).
    pub const fn letter(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Konnet => 'C',
            PieceKind::Prince => 'P',
            PieceKind::Ritter => 'R',
            PieceKind::Scout => 'S',
            PieceKind::Knecht => 'N',
            PieceKind::VerKnecht => 'V',
        }
    }

    /// Kind from its letter, either case.
    pub fn from_letter(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'K' => PieceKind::King,
            'C' => PieceKind::Konnet,
            'P' => PieceKind::Prince,
            'R' => PieceKind::Ritter,
            'S' => PieceKind::Scout,
            'N' => PieceKind::Knecht,
            'V' => PieceKind::VerKnecht,
            _ => return None,
        })
    }

    /// English name.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::King => "King",
            PieceKind::Konnet => "Konnet",
            PieceKind::Prince => "Prince",
            PieceKind::Ritter => "Ritter",
            PieceKind::Scout => "Scout",
            PieceKind::Knecht => "Knecht",
            PieceKind::VerKnecht => "Ver Knecht",
        }
    }

    /// Abbreviation of the books' notation (docs/chess-t1-rules.md §9.2); empty for the Knecht.
    pub const fn book_abbrev(self) -> &'static str {
        match self {
            PieceKind::King => "Кр",
            PieceKind::Konnet => "Кт",
            PieceKind::Prince => "Пр",
            PieceKind::Ritter => "Рт",
            PieceKind::Scout => "Рк",
            PieceKind::Knecht => "",
            PieceKind::VerKnecht => "ВК",
        }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a kind and a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `color` and `kind`.
    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// Letter of the position notation: upper case White, lower case Black.
    pub const fn char(self) -> char {
        let c = self.kind.letter();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Piece from a position-notation letter.
    pub fn from_char(c: char) -> Option<Piece> {
        let kind = PieceKind::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, kind))
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
