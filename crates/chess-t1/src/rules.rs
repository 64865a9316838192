//! chess-t1 as the core sees it: [`ChessT1`] implements the core's [`ForceGame`], the interface of
//! the projection by force sums (`zonal_core::force`): how one piece steps from a square given the
//! occupancy (set-wise, forwards and backwards), which squares it may pass through or end on,
//! which squares a step passes over, force on a square and the squares that can change it, what
//! a root aims at ([`Aim`]) and how to make a move.
//!
//! ```
//! use chess_t1::rules::{ChessT1, ForceGame};
//! use chess_t1::{Bitboard, Color, Piece, PieceKind, Square};
//! let scout = Piece::new(Color::White, PieceKind::Scout);
//! let a1: Square = "a1".parse().unwrap();
//! let steps = ChessT1.expand(scout, Bitboard::from_square(a1), Bitboard::EMPTY);
//! assert_eq!(steps.len(), 2); // b3 and c2
//! ```

use crate::bitboard::Bitboard;
use crate::force;
use crate::geometry;
use crate::moves::Move;
use crate::piece::{Piece, PieceKind};
use crate::position::Position;
use crate::square::{Color, Square};
use zonal_board::Shape;
pub use zonal_core::force::ForceGame;

/// What a root piece aims at (the target of an attack zone).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Aim {
    /// An enemy piece to capture (or exchange).
    Capture,
    /// The enemy King: its capture wins.
    King,
    /// A square whose occupation or capture wins by capturing the enemy castle.
    Castle,
}

/// The rules of chess-t1 (docs/chess-t1-rules.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ChessT1;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_B: u64 = FILE_A << 1;
const FILE_G: u64 = FILE_A << 6;
const FILE_H: u64 = FILE_A << 7;

#[inline]
fn north(b: u64) -> u64 {
    b << 8
}
#[inline]
fn south(b: u64) -> u64 {
    b >> 8
}
#[inline]
fn east(b: u64) -> u64 {
    (b & !FILE_H) << 1
}
#[inline]
fn west(b: u64) -> u64 {
    (b & !FILE_A) >> 1
}

/// The four diagonal one-square shifts.
const DIAGONAL_SHIFTS: [fn(u64) -> u64; 4] = [
    |b| (b & !FILE_H) << 9,
    |b| (b & !FILE_A) << 7,
    |b| (b & !FILE_H) >> 7,
    |b| (b & !FILE_A) >> 9,
];

#[inline]
fn ortho1(b: u64) -> u64 {
    north(b) | south(b) | east(b) | west(b)
}

#[inline]
fn ortho2(b: u64) -> u64 {
    (b << 16) | (b >> 16) | ((b & !(FILE_G | FILE_H)) << 2) | ((b & !(FILE_A | FILE_B)) >> 2)
}

#[inline]
fn king(b: u64) -> u64 {
    let sides = east(b) | west(b);
    let row = b | sides;
    north(row) | south(row) | sides
}

#[inline]
fn scout(b: u64) -> u64 {
    let l1 = (b >> 1) & !FILE_H;
    let l2 = (b >> 2) & !(FILE_G | FILE_H);
    let r1 = (b << 1) & !FILE_A;
    let r2 = (b << 2) & !(FILE_A | FILE_B);
    let h1 = l1 | r1;
    let h2 = l2 | r2;
    (h1 << 16) | (h1 >> 16) | (h2 << 8) | (h2 >> 8)
}

/// Diagonal slides of 1-3 squares from every square of `b`, each stopping at (and including)
/// the first occupied square. Symmetric, so it is its own inverse.
#[inline]
fn diagonal3(b: u64, occupied: u64) -> u64 {
    let empty = !occupied;
    let mut out = 0;
    for shift in DIAGONAL_SHIFTS {
        let r1 = shift(b);
        let r2 = shift(r1 & empty);
        let r3 = shift(r2 & empty);
        out |= r1 | r2 | r3;
    }
    out
}

/// Knecht / Ver Knecht two-steps of `color` from `b` (start and end in own territory, middle
/// empty).
#[inline]
fn two_steps(color: Color, b: u64, occupied: u64) -> u64 {
    match color {
        Color::White => north(north(b & 0xffff) & !occupied),
        Color::Black => south(south(b & (0xffff << 48)) & !occupied),
    }
}

/// Origins of Knecht two-steps of `color` landing on `b`.
#[inline]
fn two_step_origins(color: Color, b: u64, occupied: u64) -> u64 {
    match color {
        Color::White => south(south(b & (0xffff << 16)) & !occupied),
        Color::Black => north(north(b & (0xffff << 32)) & !occupied),
    }
}

impl ChessT1 {
    /// Geometric one-step reach of `piece` from every square of `b` (force lines), before any
    /// castle restriction.
    #[inline]
    fn reach_set(piece: Piece, b: u64, occupied: u64) -> u64 {
        match piece.kind {
            PieceKind::King => king(b),
            PieceKind::Konnet => ortho1(b) | ortho2(b) | diagonal3(b, occupied),
            PieceKind::Prince => ortho1(b) | diagonal3(b, occupied),
            PieceKind::Ritter => ortho1(b) | ortho2(b),
            PieceKind::Scout => scout(b),
            PieceKind::Knecht | PieceKind::VerKnecht => {
                ortho1(b) | two_steps(piece.color, b, occupied)
            }
        }
    }

    /// Squares `piece` may never enter, whatever stands there: castle squares for the Ritter;
    /// its own castle for a Knecht or Ver Knecht (which may step forward into the enemy castle
    /// only to promote there, when the square is empty: see [`Rules::goals`]).
    #[inline]
    fn forbidden(piece: Piece) -> Bitboard {
        match piece.kind {
            PieceKind::Ritter => Bitboard::CASTLES,
            PieceKind::Knecht | PieceKind::VerKnecht => Bitboard::castle(piece.color),
            _ => Bitboard::EMPTY,
        }
    }
}

impl ForceGame for ChessT1 {
    type Piece = Piece;
    type Position = Position;
    type Move = Move;
    type Aim = Aim;
    type Square = Square;
    type Set = Bitboard;
    const SHAPE: Shape = match Shape::new(8, 8) {
        Ok(shape) => shape,
        Err(_) => panic!("8x8 is a board shape"),
    };
    const CAPTURE: Aim = Aim::Capture;

    #[inline]
    fn side(&self, piece: Piece) -> Color {
        piece.color
    }

    #[inline]
    fn piece_at(&self, pos: &Position, sq: Square) -> Option<Piece> {
        pos.piece_at(sq)
    }

    #[inline]
    fn pieces_of(&self, pos: &Position, side: Color) -> Bitboard {
        pos.board().by_color(side)
    }

    #[inline]
    fn side_to_move(&self, pos: &Position) -> Color {
        pos.side_to_move()
    }

    #[inline]
    fn expand(&self, piece: Piece, frontier: Bitboard, occupied: Bitboard) -> Bitboard {
        Bitboard(ChessT1::reach_set(piece, frontier.0, occupied.0))
            .without(ChessT1::forbidden(piece))
    }

    #[inline]
    fn expand_reverse(&self, piece: Piece, targets: Bitboard, occupied: Bitboard) -> Bitboard {
        let t = targets.without(ChessT1::forbidden(piece)).0;
        let origins = match piece.kind {
            PieceKind::Knecht | PieceKind::VerKnecht => {
                ortho1(t) | two_step_origins(piece.color, t, occupied.0)
            }
            // Every other line is symmetric: u reaches t iff t reaches u.
            _ => ChessT1::reach_set(piece, t, occupied.0),
        };
        Bitboard(origins)
    }

    #[inline]
    fn waypoints(&self, piece: Piece, occupied: Bitboard) -> Bitboard {
        let mut stand = !occupied;
        stand = stand.without(ChessT1::forbidden(piece));
        match piece.kind {
            // A Scout never stops on an empty castle square.
            PieceKind::Scout => stand.without(Bitboard::CASTLES),
            // On its far rank (enemy castle included) a Knecht or Ver Knecht promotes: it ends
            // there.
            PieceKind::Knecht | PieceKind::VerKnecht => {
                stand.without(Bitboard::rank(crate::movegen::far_rank(piece.color)))
            }
            _ => stand,
        }
    }

    #[inline]
    fn goals(&self, piece: Piece, occupied: Bitboard) -> Bitboard {
        match piece.kind {
            // Empty castle squares are never a Scout's destination; occupied ones may be (exchange).
            PieceKind::Scout => Bitboard::FULL.without(Bitboard::CASTLES.without(occupied)),
            // A Knecht or Ver Knecht enters the enemy castle only by promoting on an empty square.
            PieceKind::Knecht | PieceKind::VerKnecht => Bitboard::FULL
                .without(ChessT1::forbidden(piece))
                .without(Bitboard::castle(piece.color.other()) & occupied),
            _ => Bitboard::FULL.without(ChessT1::forbidden(piece)),
        }
    }

    #[inline]
    fn passed_over(&self, piece: Piece, from: Square, to: Square) -> Bitboard {
        geometry::passed_over(piece.kind, from, to)
    }

    #[inline]
    fn force_on(&self, pos: &Position, side: Color, sq: Square) -> i32 {
        force::effective_at(pos.board(), side, sq)
    }

    /// `sq` and every square a piece could act on it from or across (orthogonal 1-2, diagonal
    /// 1-3, the King's neighbours).
    #[inline]
    fn force_region(sq: Square) -> Bitboard {
        let i = sq.index();
        Bitboard::from_square(sq) | geometry::ORTHO12[i] | geometry::DIAG3[i] | geometry::KING[i]
    }

    fn aims(&self, pos: &Position, piece: Piece, from: Square) -> Vec<(Square, Aim)> {
        let board = pos.board();
        let enemy = piece.color.other();
        let enemy_castle = Bitboard::castle(enemy);
        let enemy_royals_home = board.royals(enemy) & enemy_castle;
        let mut aims = Vec::new();
        for sq in board.by_color(enemy) {
            let victim = board.piece_at(sq).expect("occupied");
            let aim = if victim.kind == PieceKind::King {
                Aim::King
            } else if piece.kind.is_royal() && enemy_royals_home == Bitboard::from_square(sq) {
                // Taking the last enemy royal in its castle with a royal captures the castle.
                Aim::Castle
            } else {
                Aim::Capture
            };
            aims.push((sq, aim));
        }
        // A royal entering the empty castle, or a Knecht / Ver Knecht promoting on an empty castle
        // square (docs/chess-t1-rules.md §8.2 decision), captures it when no enemy royal is home.
        let can_take_castle =
            piece.kind.is_royal() || matches!(piece.kind, PieceKind::Knecht | PieceKind::VerKnecht);
        if can_take_castle && enemy_royals_home.is_empty() {
            for sq in enemy_castle.without(board.occupied()) {
                aims.push((sq, Aim::Castle));
            }
        }
        aims.retain(|&(sq, _)| sq != from);
        aims.sort();
        aims
    }

    #[inline]
    fn strength(&self, piece: Piece) -> i32 {
        piece.kind.strength()
    }

    #[inline]
    fn capture_needs_superiority(&self, piece: Piece) -> bool {
        piece.kind != PieceKind::Scout
    }

    fn sums_after(&self, pos: &Position, relocations: &[(Square, Square)], sq: Square) -> [i32; 2] {
        let mut board = *pos.board();
        for &(from, to) in relocations {
            if let Some(p) = board.take(from) {
                board.put(to, p);
            }
        }
        [
            force::effective_at(&board, Color::White, sq),
            force::effective_at(&board, Color::Black, sq),
        ]
    }

    fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        pos.legal_moves()
    }

    fn changed_squares(&self, _pos: &Position, mv: &Move) -> Bitboard {
        mv.changed()
    }

    fn play(&self, pos: &Position, mv: &Move) -> Position {
        pos.play(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The set-wise expansion equals the union of per-square reach (minus forbidden squares),
    /// and the reverse expansion is its exact inverse, on random occupancies.
    #[test]
    fn setwise_expansion_matches_geometry() {
        let mut rng = crate::sample::Rng::new(5);
        for _ in 0..300 {
            let occ = Bitboard(rng.next_u64() & rng.next_u64());
            for kind in PieceKind::ALL {
                for color in Color::BOTH {
                    let piece = Piece::new(color, kind);
                    for from in Square::all() {
                        let single = Bitboard::from_square(from);
                        let expected = geometry::reach(kind, color, from, occ)
                            .without(ChessT1::forbidden(piece));
                        assert_eq!(
                            ChessT1.expand(piece, single, occ),
                            expected,
                            "{piece} {from}"
                        );
                        // A union of two squares expands to the union of their steps.
                        let other = Square::new((from.index() as u8 + 9) % 64);
                        assert_eq!(
                            ChessT1.expand(piece, single | Bitboard::from_square(other), occ),
                            expected | ChessT1.expand(piece, Bitboard::from_square(other), occ)
                        );
                        for to in Square::all() {
                            let back =
                                ChessT1.expand_reverse(piece, Bitboard::from_square(to), occ);
                            assert_eq!(
                                back.contains(from),
                                expected.contains(to),
                                "{piece} {from}->{to}"
                            );
                        }
                    }
                }
            }
        }
    }
}
