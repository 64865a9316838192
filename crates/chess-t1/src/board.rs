//! Piece placement: bitboards per colour and kind plus a square-indexed mailbox.
//!
//! ```
//! use chess_t1::{Board, Color, Piece, PieceKind, Square};
//! let mut board = Board::empty();
//! let e4: Square = "e4".parse().unwrap();
//! board.put(e4, Piece::new(Color::White, PieceKind::Prince));
//! assert_eq!(board.piece_at(e4), Some(Piece::new(Color::White, PieceKind::Prince)));
//! assert_eq!(board.occupied().len(), 1);
//! ```

use crate::bitboard::Bitboard;
use crate::piece::{Piece, PieceKind};
use crate::square::{Color, Square};

/// Where the pieces stand. Keeps bitboards and the mailbox in step.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board {
    by_kind: [Bitboard; 7],
    by_color: [Bitboard; 2],
    mailbox: [Option<Piece>; 64],
}

/// Hashes the bitboards only: they determine the mailbox, and nine words hash much faster than
/// 64 optional pieces.
impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.by_kind.hash(state);
        self.by_color.hash(state);
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    /// A board with no pieces.
    pub const fn empty() -> Board {
        Board {
            by_kind: [Bitboard::EMPTY; 7],
            by_color: [Bitboard::EMPTY; 2],
            mailbox: [None; 64],
        }
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.mailbox[sq.index()]
    }

    /// Puts `piece` on `sq`, replacing whatever stood there.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.take(sq);
        self.mailbox[sq.index()] = Some(piece);
        self.by_kind[piece.kind.index()].insert(sq);
        self.by_color[piece.color.index()].insert(sq);
    }

    /// Removes and returns the piece on `sq`, if any.
    #[inline]
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.mailbox[sq.index()].take()?;
        self.by_kind[piece.kind.index()].remove(sq);
        self.by_color[piece.color.index()].remove(sq);
        Some(piece)
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Squares holding pieces of `color`.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Squares holding pieces of `kind`, both colours.
    #[inline]
    pub fn by_kind(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// Squares holding `color`'s pieces of `kind`.
    #[inline]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// Squares holding royal pieces (King, Konnet, Prince) of `color`.
    #[inline]
    pub fn royals(&self, color: Color) -> Bitboard {
        (self.by_kind[PieceKind::King.index()]
            | self.by_kind[PieceKind::Konnet.index()]
            | self.by_kind[PieceKind::Prince.index()])
            & self.by_color[color.index()]
    }

    /// Squares holding Knechts and Ver Knechts of `color`.
    #[inline]
    pub fn knechts(&self, color: Color) -> Bitboard {
        (self.by_kind[PieceKind::Knecht.index()] | self.by_kind[PieceKind::VerKnecht.index()])
            & self.by_color[color.index()]
    }

    /// The square of `color`'s King, if it has one.
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.pieces(color, PieceKind::King).first()
    }

    /// Whether `color` has captured the enemy castle: it has a royal piece in the enemy castle and
    /// the enemy has none there (docs/chess-t1-rules.md §8.2).
    #[inline]
    pub fn castle_captured_by(&self, color: Color) -> bool {
        let enemy_castle = Bitboard::castle(color.other());
        self.royals(color).intersects(enemy_castle)
            && !self.royals(color.other()).intersects(enemy_castle)
    }

    /// Every piece with its square, a1 first.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied().map(move |sq| {
            (
                sq,
                self.mailbox[sq.index()].expect("bitboards match mailbox"),
            )
        })
    }

    /// Zobrist key of the placement alone.
    pub fn placement_key(&self) -> u64 {
        self.iter()
            .fold(0, |key, (sq, piece)| key ^ zobrist::piece(piece, sq))
    }
}

impl std::fmt::Debug for Board {
    /// Draws the board, rank 8 on top, letters as in the position notation.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).expect("on board");
                let c = self.piece_at(sq).map_or('.', Piece::char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Zobrist keys for repetition detection: placement, side to move and Prince->Konnet rights.
pub mod zobrist {
    use crate::piece::Piece;
    use crate::square::{Color, Square};

    const fn splitmix(mut x: u64) -> u64 {
        x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    }

    const KEYS: [u64; 14 * 64 + 3] = {
        let mut keys = [0u64; 14 * 64 + 3];
        let mut i = 0;
        while i < keys.len() {
            keys[i] = splitmix(i as u64 ^ 0x005e_ed0f_7a1e);
            i += 1;
        }
        keys
    };

    /// Key of `piece` standing on `sq`.
    #[inline]
    pub fn piece(piece: Piece, sq: Square) -> u64 {
        KEYS[(piece.color.index() * 7 + piece.kind.index()) * 64 + sq.index()]
    }

    /// Key toggled when Black is to move.
    #[inline]
    pub fn black_to_move() -> u64 {
        KEYS[14 * 64]
    }

    /// Key present while `color` still has its Prince->Konnet right.
    #[inline]
    pub fn prince_right(color: Color) -> u64 {
        KEYS[14 * 64 + 1 + color.index()]
    }
}
