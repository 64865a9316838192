//! Legal move generation (docs/chess-t1-rules.md §3, §5, §7) on bitboards.
//!
//! Check never restricts moves in chess-t1 and there are no pins, so every generated move is
//! legal. Captures are gated by superiority of force before the move, looked up per target square
//! ([`crate::force::sums_at`]); Scout captures and exchanges are never gated.
//!
//! ```
//! use chess_t1::Position;
//! // docs/chess-t1-rules.md §10 E1: the White Prince on e5 has 13 moves (d5 is 1½:1½; h2 lies behind the Knecht).
//! let pos: Position = "8/8/8/3vP3/8/6N1/8/8 w - 0 1".parse().unwrap();
//! let prince: Vec<String> = pos
//!     .legal_moves()
//!     .iter()
//!     .filter(|m| m.from.to_string() == "e5")
//!     .map(|m| m.to.to_string())
//!     .collect();
//! assert_eq!(prince.len(), 13);
//! ```

use crate::bitboard::Bitboard;
use crate::force;
use crate::geometry::{self, ORTHO1, SCOUT};
use crate::moves::{Move, MoveError, MoveKind};
use crate::piece::PieceKind;
use crate::position::Position;
use crate::square::{Color, Square};

/// Receives generated moves.
pub(crate) trait MoveSink {
    /// Takes one move. Returns `true` to stop generation early.
    fn push(&mut self, mv: Move) -> bool;
}

impl MoveSink for Vec<Move> {
    #[inline]
    fn push(&mut self, mv: Move) -> bool {
        Vec::push(self, mv);
        false
    }
}

/// Counts moves without storing them.
pub(crate) struct Counter(pub u64);

impl MoveSink for Counter {
    #[inline]
    fn push(&mut self, _: Move) -> bool {
        self.0 += 1;
        false
    }
}

/// Stops at the first move.
struct Any(bool);

impl MoveSink for Any {
    #[inline]
    fn push(&mut self, _: Move) -> bool {
        self.0 = true;
        true
    }
}

/// Kinds a Ver Knecht may choose on a non-castle square of its far rank, in output order.
const FAR_RANK_CHOICES: [PieceKind; 4] = [
    PieceKind::Ritter,
    PieceKind::Prince,
    PieceKind::Konnet,
    PieceKind::Scout,
];
/// Kinds a Ver Knecht may choose on entering the enemy castle.
const CASTLE_CHOICES: [PieceKind; 2] = [PieceKind::Prince, PieceKind::Konnet];
/// Most Princes (and, separately, Konnets) a side may have before promotions to it stop.
const ROYAL_PROMOTION_LIMIT: u32 = 3;

struct Gen<'a, S> {
    pos: &'a Position,
    sink: &'a mut S,
    us: Color,
    /// Enemy squares whose superiority has been computed.
    known: Bitboard,
    /// Enemy squares where we have superiority.
    superior: Bitboard,
    stopped: bool,
    /// Only captures, exchanges and moves into the enemy castle (what can decide the game or
    /// win material at once).
    tactical: bool,
}

impl<S: MoveSink> Gen<'_, S> {
    #[inline]
    fn superior(&mut self, sq: Square) -> bool {
        if !self.known.contains(sq) {
            self.known.insert(sq);
            if force::has_superiority(self.pos.board(), self.us, sq) {
                self.superior.insert(sq);
            }
        }
        self.superior.contains(sq)
    }

    #[inline]
    fn push(&mut self, mv: Move) {
        if !self.stopped {
            self.stopped = self.sink.push(mv);
        }
    }

    /// Emits a move of `piece` from `from` to `to`, expanding promotions.
    #[inline]
    fn emit(&mut self, from: Square, to: Square, piece: PieceKind, kind: MoveKind) {
        let board = self.pos.board();
        let us = self.us;
        let captured = match kind {
            MoveKind::Quiet => None,
            _ => board.piece_at(to).map(|p| p.kind),
        };
        let base = Move {
            from,
            to,
            piece,
            kind,
            captured,
            promotion: None,
            chosen: false,
        };
        match piece {
            PieceKind::Knecht if to.rank() == promotion_rank(us) => self.push(Move {
                promotion: Some(PieceKind::VerKnecht),
                ..base
            }),
            PieceKind::VerKnecht if to.rank() == far_rank(us) => {
                let choices: &[PieceKind] = if to.is_castle() {
                    &CASTLE_CHOICES
                } else {
                    &FAR_RANK_CHOICES
                };
                for &choice in choices {
                    if choice.is_royal() && board.pieces(us, choice).len() >= ROYAL_PROMOTION_LIMIT
                    {
                        continue;
                    }
                    self.push(Move {
                        promotion: Some(choice),
                        chosen: true,
                        ..base
                    });
                }
            }
            PieceKind::Prince
                if self.pos.prince_right(us)
                    && Bitboard::castle(us.other()).contains(to)
                    && !Bitboard::castle(us.other()).contains(from)
                    && board.pieces(us, PieceKind::Konnet).len() < ROYAL_PROMOTION_LIMIT =>
            {
                self.push(Move {
                    promotion: Some(PieceKind::Konnet),
                    ..base
                })
            }
            _ => self.push(base),
        }
    }

    fn run(&mut self) {
        let board = *self.pos.board();
        let us = self.us;
        let occ = board.occupied();
        let enemy = board.by_color(us.other());
        let confined = self.pos.confined_royal(us);
        for kind in [
            PieceKind::King,
            PieceKind::Konnet,
            PieceKind::Prince,
            PieceKind::Ritter,
            PieceKind::Knecht,
            PieceKind::VerKnecht,
        ] {
            for from in board.pieces(us, kind) {
                let mut reach = geometry::reach(kind, us, from, occ);
                if confined == Some(from) {
                    reach &= Bitboard::castle(us);
                }
                let mut quiet = reach & !occ;
                if self.tactical {
                    quiet &= Bitboard::castle(us.other());
                }
                let mut captures = reach & enemy;
                if !kind.is_royal() {
                    if kind == PieceKind::VerKnecht {
                        // The promotion step into an empty enemy castle square (docs/chess-t1-rules.md §7.3).
                        for to in ORTHO1[from.index()] & Bitboard::castle(us.other()) & quiet {
                            self.emit(from, to, kind, MoveKind::Quiet);
                        }
                    }
                    quiet = quiet.without(Bitboard::CASTLES);
                    captures = captures.without(Bitboard::CASTLES);
                }
                for to in quiet {
                    self.emit(from, to, kind, MoveKind::Quiet);
                }
                for to in captures {
                    if self.superior(to) {
                        self.emit(from, to, kind, MoveKind::Capture);
                    }
                }
                if self.stopped {
                    return;
                }
            }
        }
        for from in board.pieces(us, PieceKind::Scout) {
            let leaps = SCOUT[from.index()];
            if !self.tactical {
                for to in leaps.without(occ | Bitboard::CASTLES) {
                    self.emit(from, to, PieceKind::Scout, MoveKind::Quiet);
                }
            }
            for to in (leaps & enemy).without(Bitboard::CASTLES) {
                self.emit(from, to, PieceKind::Scout, MoveKind::Capture);
            }
            for to in leaps & enemy & Bitboard::CASTLES {
                self.emit(from, to, PieceKind::Scout, MoveKind::Exchange);
            }
        }
    }
}

/// The rank (0-based) on which a Knecht of `color` becomes a Ver Knecht.
#[inline]
pub const fn promotion_rank(color: Color) -> i8 {
    match color {
        Color::White => 5,
        Color::Black => 2,
    }
}

/// The far rank (0-based) of `color`.
#[inline]
pub const fn far_rank(color: Color) -> i8 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}

impl Position {
    /// Runs the generator into `sink` (nothing once the game is decided): captures gated by
    /// `superior` when the side to move's superiority squares are known, else by force sums
    /// looked up square by square; only the tactical moves if `tactical`.
    fn run_generator<S: MoveSink>(&self, sink: &mut S, superior: Option<Bitboard>, tactical: bool) {
        if self.decided().is_some() {
            return;
        }
        Gen {
            pos: self,
            sink,
            us: self.side_to_move(),
            known: if superior.is_some() {
                Bitboard::FULL
            } else {
                Bitboard::EMPTY
            },
            superior: superior.unwrap_or(Bitboard::EMPTY),
            stopped: false,
            tactical,
        }
        .run();
    }

    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S) {
        self.run_generator(sink, None, false);
    }

    /// The moves of [`Position::generate_moves`] that capture, exchange or enter the enemy
    /// castle (a royal, or a Ver Knecht promoting there): what a quiescence search plays.
    pub fn tactical_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(16);
        self.run_generator(&mut moves, None, true);
        moves
    }

    /// The moves of [`Position::generate_moves`] (or, if `tactical`, of
    /// [`Position::tactical_moves`]) written into `out`, which is cleared first, with captures
    /// gated by `superior`: the squares where the side to move has superiority of force, as
    /// [`crate::force::ForceMap::superiority_both`] gives them. A search that carries the force
    /// map from node to node generates this way without summing force square by square, and
    /// reuses its move buffers.
    pub fn moves_given_superiority(&self, superior: Bitboard, tactical: bool, out: &mut Vec<Move>) {
        out.clear();
        self.run_generator(out, Some(superior), tactical);
    }

    /// [`Position::has_moves`] with the side to move's superiority squares known.
    pub fn has_moves_given_superiority(&self, superior: Bitboard) -> bool {
        let mut any = Any(false);
        self.run_generator(&mut any, Some(superior), false);
        any.0
    }

    /// Number of moves [`Position::generate_moves`] would return, without building the list.
    pub fn count_moves(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate(&mut counter);
        counter.0
    }

    /// Whether the side to move has any move by the rules of movement.
    pub fn has_moves(&self) -> bool {
        let mut any = Any(false);
        self.generate(&mut any);
        any.0
    }

    /// Reads a coordinate move (docs/chess-t1-rules.md §9.1) and checks it is legal here; the error says why not.
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        let malformed = || MoveError::Malformed {
            text: text.to_string(),
        };
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(malformed());
        }
        let from: Square = text[0..2].parse().map_err(|_| malformed())?;
        let to: Square = text[2..4].parse().map_err(|_| malformed())?;
        let promotion = match text.as_bytes().get(4) {
            None => None,
            Some(&c) => match PieceKind::from_letter(c as char) {
                Some(
                    k @ (PieceKind::Ritter
                    | PieceKind::Prince
                    | PieceKind::Konnet
                    | PieceKind::Scout),
                ) if c.is_ascii_lowercase() => Some(k),
                _ => return Err(malformed()),
            },
        };
        let status = self.status();
        if status.is_over() {
            return Err(MoveError::GameOver {
                text: text.to_string(),
                status: status.to_string(),
            });
        }
        let candidates: Vec<Move> = self
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == from && m.to == to)
            .collect();
        let illegal = |reason: String| MoveError::Illegal {
            text: text.to_string(),
            reason,
        };
        if candidates.is_empty() {
            return Err(illegal(self.why_illegal(from, to)));
        }
        let chosen = candidates.iter().any(|m| m.chosen);
        match promotion {
            None if chosen => {
                let letters: String = candidates
                    .iter()
                    .filter_map(|m| m.promotion)
                    .map(|k| k.letter().to_ascii_lowercase())
                    .collect();
                Err(illegal(format!(
                    "the Ver Knecht must choose what it becomes: add one of {letters:?}"
                )))
            }
            None => Ok(candidates[0]),
            Some(_) if !chosen => Err(illegal(
                "no promotion choice here: write the move without a letter".to_string(),
            )),
            Some(k) => candidates
                .iter()
                .find(|m| m.promotion == Some(k))
                .copied()
                .ok_or_else(|| {
                    illegal(format!(
                        "promotion to {} is not allowed here (3 of them on the board, or not a choice on this square)",
                        k.name()
                    ))
                }),
        }
    }

    /// Explains why no legal move goes from `from` to `to`.
    fn why_illegal(&self, from: Square, to: Square) -> String {
        let us = self.side_to_move();
        let board = self.board();
        let Some(piece) = board.piece_at(from) else {
            return format!("no piece on {from}");
        };
        if piece.color != us {
            return format!(
                "the piece on {from} is {}'s, and {us} is to move",
                piece.color
            );
        }
        let target = board.piece_at(to);
        if target.is_some_and(|t| t.color == us) {
            return format!("{to} holds {us}'s own piece");
        }
        let name = piece.kind.name();
        let occ = board.occupied();
        let reach = geometry::reach(piece.kind, us, from, occ);
        if !reach.contains(to) {
            return format!("a {name} cannot go from {from} to {to}");
        }
        if piece.kind == PieceKind::Scout && target.is_none() && to.is_castle() {
            return format!("a Scout never moves to an empty castle square ({to})");
        }
        if !piece.kind.is_royal() && to.is_castle() && piece.kind != PieceKind::Scout {
            return format!("a {name} may not enter the castle square {to}");
        }
        if let Some(sq) = self.confined_royal(us).filter(|&sq| sq == from) {
            return format!(
                "the {name} on {sq} is confined to its castle (an enemy royal is inside and it is the only own royal there)"
            );
        }
        if target.is_some() && piece.kind != PieceKind::Scout {
            let w = force::effective_at(board, Color::White, to);
            let b = force::effective_at(board, Color::Black, to);
            return format!(
                "no superiority of force on {to} ({}:{} White:Black)",
                crate::force::units(w),
                crate::force::units(b)
            );
        }
        if piece.kind == PieceKind::VerKnecht {
            return "no promotion is available on that square (3 Princes and 3 Konnets)"
                .to_string();
        }
        format!("{from}{to} is not a legal move here")
    }
}
