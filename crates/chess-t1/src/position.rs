//! A validated chess-t1 position: placement, side to move, Prince->Konnet rights, counters and
//! the outcome of the move that led to it.
//!
//! ```
//! use chess_t1::{Position, Status};
//! let pos = Position::startpos();
//! assert_eq!(pos.to_string(), "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1");
//! let mv = pos.parse_uci("e2e4").unwrap();
//! let next = pos.play(&mv);
//! assert_eq!(next.to_string(), "rspckpsr/nnnnnnnn/8/8/4N3/8/NNNN1NNN/RSPCKPSR b Pp 1 1");
//! assert_eq!(next.status(), Status::Ongoing);
//! ```

use crate::bitboard::Bitboard;
use crate::board::{Board, zobrist};
use crate::force;
use crate::geometry;
use crate::moves::{Move, MoveKind};
use crate::piece::{Piece, PieceKind};
use crate::setup::{self, PositionError, Setup};
use crate::square::{Color, Square};
use std::fmt;
use std::str::FromStr;

/// Why a game ended (docs/chess-t1-rules.md §8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// A King was captured or exchanged.
    KingCaptured,
    /// A royal piece holds the enemy castle and no enemy royal is left in it.
    CastleCaptured,
    /// The side to move has no legal move and loses.
    Blockade,
    /// The same position (placement, side, rights) occurred for the third time.
    Repetition,
    /// 80 half-moves in a row without a capture or exchange.
    QuietMoves,
}

impl Reason {
    /// snake_case name as used in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Reason::KingCaptured => "king_captured",
            Reason::CastleCaptured => "castle_captured",
            Reason::Blockade => "blockade",
            Reason::Repetition => "repetition",
            Reason::QuietMoves => "quiet_moves",
        }
    }
}

/// The state of the game in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// `winner` has won.
    Won {
        /// The side that won.
        winner: Color,
        /// How.
        reason: Reason,
    },
    /// The game is drawn.
    Drawn {
        /// Repetition or quiet moves.
        reason: Reason,
    },
}

impl Status {
    /// `"ongoing"`, `"white_wins"`, `"black_wins"` or `"draw"`.
    pub const fn name(self) -> &'static str {
        match self {
            Status::Ongoing => "ongoing",
            Status::Won {
                winner: Color::White,
                ..
            } => "white_wins",
            Status::Won {
                winner: Color::Black,
                ..
            } => "black_wins",
            Status::Drawn { .. } => "draw",
        }
    }

    /// The reason, unless the game goes on.
    pub const fn reason(self) -> Option<Reason> {
        match self {
            Status::Ongoing => None,
            Status::Won { reason, .. } | Status::Drawn { reason } => Some(reason),
        }
    }

    /// Whether the game is over.
    pub const fn is_over(self) -> bool {
        !matches!(self, Status::Ongoing)
    }

    /// The end in words, as the other games say theirs: "white wins (the black King is
    /// captured)", "black wins (white has no legal move: blockade)", "draw (third
    /// repetition)"; `"ongoing"` while the game goes on.
    pub fn words(self) -> String {
        match self {
            Status::Ongoing => "ongoing".to_string(),
            Status::Won { winner, reason } => {
                let loser = winner.other().name();
                let why = match reason {
                    Reason::KingCaptured => format!("the {loser} King is captured"),
                    Reason::CastleCaptured => format!("the {loser} castle is captured"),
                    Reason::Blockade => format!("{loser} has no legal move: blockade"),
                    Reason::Repetition | Reason::QuietMoves => reason.name().to_string(),
                };
                format!("{} wins ({why})", winner.name())
            }
            Status::Drawn { reason } => match reason {
                Reason::Repetition => "draw (third repetition)".to_string(),
                Reason::QuietMoves => {
                    format!("draw ({QUIET_MOVE_LIMIT} half-moves without a capture or exchange)")
                }
                other => format!("draw ({})", other.name()),
            },
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.reason() {
            None => f.write_str(self.name()),
            Some(r) => write!(f, "{} ({})", self.name(), r.name()),
        }
    }
}

/// Number of quiet half-moves (no capture or exchange) after which the game is drawn.
pub const QUIET_MOVE_LIMIT: u32 = 80;

/// A position that could arise in a game of chess-t1.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    board: Board,
    side: Color,
    prince_rights: [bool; 2],
    quiet: u32,
    fullmove: u32,
    hash: u64,
    /// Set when the move that led here captured a King or the castle.
    decided: Option<(Color, Reason)>,
}

/// Hashes the Zobrist key only (placement, side to move, Prince rights): equal positions have
/// equal keys, and one word hashes much faster than the board (positions key the exchange memo).
impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl Position {
    /// The start position.
    pub fn startpos() -> Position {
        Position::from_setup(Setup::start()).expect("start position is valid")
    }

    /// Validates a setup (docs/chess-t1-rules.md §9.3): at most one King a side, no Knecht where it can never stand,
    /// no Ver Knecht on its far rank, no non-royal piece in a castle, no castle already captured.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let board = setup.board;
        for color in Color::BOTH {
            let kings = board.pieces(color, PieceKind::King).len();
            if kings > 1 {
                return Err(PositionError::TooManyKings {
                    color,
                    count: kings,
                });
            }
            let (knecht_forbidden, far_rank) = match color {
                Color::White => (Bitboard(0xffff_ff00_0000_0000), Bitboard::rank(7)),
                Color::Black => (Bitboard(0x0000_0000_00ff_ffff), Bitboard::rank(0)),
            };
            if let Some(square) =
                (board.pieces(color, PieceKind::Knecht) & knecht_forbidden).first()
            {
                return Err(PositionError::KnechtOutOfRange { color, square });
            }
            if let Some(square) = (board.pieces(color, PieceKind::VerKnecht) & far_rank).first() {
                return Err(PositionError::VerKnechtOnFarRank { color, square });
            }
        }
        let non_royal_in_castle = board
            .occupied()
            .without(board.royals(Color::White) | board.royals(Color::Black))
            & Bitboard::CASTLES;
        if let Some(square) = non_royal_in_castle.first() {
            let piece = board.piece_at(square).expect("occupied");
            return Err(PositionError::NonRoyalOnCastle {
                piece_name: format!("{} {}", piece.color, piece.kind),
                square,
            });
        }
        for color in Color::BOTH {
            if board.castle_captured_by(color) {
                return Err(PositionError::CastleCaptured {
                    by: color,
                    victim: color.other(),
                });
            }
        }
        let mut pos = Position {
            board,
            side: setup.side,
            prince_rights: setup.prince_rights,
            quiet: setup.quiet,
            fullmove: setup.fullmove,
            hash: 0,
            decided: None,
        };
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    fn compute_hash(&self) -> u64 {
        let mut key = self.board.placement_key();
        if self.side == Color::Black {
            key ^= zobrist::black_to_move();
        }
        for color in Color::BOTH {
            if self.prince_rights[color.index()] {
                key ^= zobrist::prince_right(color);
            }
        }
        key
    }

    /// The unvalidated form of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            side: self.side,
            prince_rights: self.prince_rights,
            quiet: self.quiet,
            fullmove: self.fullmove,
        }
    }

    /// Where the pieces stand.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Whether `color` still has its Prince->Konnet right (docs/chess-t1-rules.md §7.5).
    #[inline]
    pub fn prince_right(&self, color: Color) -> bool {
        self.prince_rights[color.index()]
    }

    /// Half-moves since the last capture or exchange.
    #[inline]
    pub fn quiet_half_moves(&self) -> u32 {
        self.quiet
    }

    /// The move number.
    #[inline]
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// Zobrist key of placement, side to move and rights: equal keys mean a repeated position.
    #[inline]
    pub fn repetition_key(&self) -> u64 {
        self.hash
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    /// The win decided by the move that led here (King or castle captured), if any.
    #[inline]
    pub fn decided(&self) -> Option<(Color, Reason)> {
        self.decided
    }

    /// The royal piece of `color` held in its castle by the confinement rule (docs/chess-t1-rules.md §3): some enemy
    /// royal stands in `color`'s castle and exactly one of `color`'s royals does.
    #[inline]
    pub fn confined_royal(&self, color: Color) -> Option<Square> {
        let castle = Bitboard::castle(color);
        let own = self.board.royals(color) & castle;
        if own.len() == 1 && self.board.royals(color.other()).intersects(castle) {
            own.first()
        } else {
            None
        }
    }

    /// Whether `by`, were it to move now, would have a legal capture or exchange of the piece on
    /// `sq` (which must hold a piece of the other side).
    pub fn can_capture_on(&self, by: Color, sq: Square) -> bool {
        self.can_capture_given(by, sq, || force::has_superiority(&self.board, by, sq))
    }

    /// [`Position::can_capture_on`] with `by`'s superiority squares known (from
    /// [`force::ForceMap::superiority_both`]).
    pub fn can_capture_on_given(&self, by: Color, sq: Square, superior: Bitboard) -> bool {
        self.can_capture_given(by, sq, || superior.contains(sq))
    }

    /// Whether `color`'s King is in check, `color`'s opponent's superiority squares known.
    pub fn in_check_given(&self, color: Color, enemy_superior: Bitboard) -> bool {
        self.board
            .king(color)
            .is_some_and(|k| self.can_capture_on_given(color.other(), k, enemy_superior))
    }

    #[inline]
    fn can_capture_given(&self, by: Color, sq: Square, superior: impl Fn() -> bool) -> bool {
        let board = &self.board;
        if (geometry::SCOUT[sq.index()] & board.pieces(by, PieceKind::Scout)).nonempty() {
            return true;
        }
        if !superior() {
            return false;
        }
        let occ = board.occupied();
        let confined = self.confined_royal(by);
        PieceKind::ALL.iter().any(|&kind| {
            if kind == PieceKind::Scout || (sq.is_castle() && !kind.is_royal()) {
                return false;
            }
            let origins = geometry::reach_origins(kind, by, sq, occ) & board.pieces(by, kind);
            origins
                .into_iter()
                .any(|o| Some(o) != confined || Bitboard::castle(by).contains(sq))
        })
    }

    /// Whether `color`'s King is in check (docs/chess-t1-rules.md §6): the opponent, were it to move now, could
    /// capture or exchange it. False for a side without a King.
    pub fn in_check(&self, color: Color) -> bool {
        self.board
            .king(color)
            .is_some_and(|k| self.can_capture_on(color.other(), k))
    }

    /// Plays `mv`, which must be one of this position's moves, and returns the new position
    /// (copy-make). The result records a King or castle capture; see [`Position::status`].
    pub fn play(&self, mv: &Move) -> Position {
        let mut next = *self;
        next.make(mv);
        next
    }

    /// Plays `mv`, one of this position's moves, in place ([`Position::play`] without the copy:
    /// a search that copies a larger node once makes the move in the copy).
    pub fn make(&mut self, mv: &Move) {
        let next = self;
        let us = next.side;
        let mover = Piece::new(us, mv.piece);
        let board = &mut next.board;
        board.take(mv.from);
        next.hash ^= zobrist::piece(mover, mv.from);
        if let Some(victim) = board.take(mv.to) {
            next.hash ^= zobrist::piece(victim, mv.to);
        }
        if mv.kind != MoveKind::Exchange {
            let arriving = Piece::new(us, mv.promotion.unwrap_or(mv.piece));
            board.put(mv.to, arriving);
            next.hash ^= zobrist::piece(arriving, mv.to);
        }
        if mv.piece == PieceKind::Prince && mv.promotion == Some(PieceKind::Konnet) {
            next.prince_rights[us.index()] = false;
            next.hash ^= zobrist::prince_right(us);
        }
        next.quiet = if mv.kind == MoveKind::Quiet {
            next.quiet.saturating_add(1)
        } else {
            0
        };
        if us == Color::Black {
            next.fullmove = next.fullmove.saturating_add(1);
        }
        next.side = us.other();
        next.hash ^= zobrist::black_to_move();
        next.decided = if mv.captured == Some(PieceKind::King) {
            Some((us, Reason::KingCaptured))
        } else if next.board.castle_captured_by(us) {
            Some((us, Reason::CastleCaptured))
        } else {
            None
        };
    }

    /// The same placement with the other side to move, as if the side to move had passed (which
    /// the rules do not allow: the search's null move). `None` once the game is decided.
    pub fn pass(&self) -> Option<Position> {
        if self.decided.is_some() {
            return None;
        }
        let mut next = *self;
        next.side = self.side.other();
        next.hash ^= zobrist::black_to_move();
        next.quiet = self.quiet.saturating_add(1);
        Some(next)
    }

    /// Moves by the rules of movement, ignoring the draw rules: empty after a King or castle
    /// capture, or when the side to move is blockaded. This is what perft counts.
    pub fn generate_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.generate(&mut moves);
        moves
    }

    /// Legal moves: [`Position::generate_moves`], and none once the game is over by the
    /// 80-quiet-half-move rule (repetition needs the game's history: see [`crate::Game`]).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.quiet >= QUIET_MOVE_LIMIT {
            Vec::new()
        } else {
            self.generate_moves()
        }
    }

    /// The game status of this position, history aside (docs/chess-t1-rules.md §8): King or castle captured by the
    /// last move, blockade of the side to move, or a draw by the 80-quiet-half-move rule.
    pub fn status(&self) -> Status {
        if let Some((winner, reason)) = self.decided {
            return Status::Won { winner, reason };
        }
        if !self.has_moves() {
            return Status::Won {
                winner: self.side.other(),
                reason: Reason::Blockade,
            };
        }
        if self.quiet >= QUIET_MOVE_LIMIT {
            return Status::Drawn {
                reason: Reason::QuietMoves,
            };
        }
        Status::Ongoing
    }
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Position, PositionError> {
        Position::from_setup(text.parse()?)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        setup::write_placement(&self.board, f)?;
        let side = if self.side == Color::White { 'w' } else { 'b' };
        write!(
            f,
            " {side} {} {} {}",
            setup::rights_text(self.prince_rights),
            self.quiet,
            self.fullmove
        )
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}
