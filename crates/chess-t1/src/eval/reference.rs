//! The evaluation's features computed the slow, obviously correct way, for the tests that check
//! [`super::features_given`] against it on many positions.

use super::{TERM_COUNT, Term, material_term};
use crate::bitboard::Bitboard;
use crate::exchange::Material;
use crate::geometry;
use crate::piece::Piece;
use crate::piece::PieceKind;
use crate::position::Position;
use crate::square::{Color, Square};

/// Rank counted from `color`'s side (0 = its first rank).
#[inline]
fn relative_rank(color: Color, sq: Square) -> i32 {
    match color {
        Color::White => sq.rank() as i32,
        Color::Black => 7 - sq.rank() as i32,
    }
}

/// Squares a piece with `reach` may move to on an otherwise unchanged board, own pieces excluded
/// and, for a non-royal piece, castle squares excluded (a cheap mobility count: superiority is
/// not tested).
#[inline]
fn mobility(piece: Piece, reach: Bitboard, board: &crate::Board) -> Bitboard {
    let reach = reach.without(board.by_color(piece.color));
    if piece.kind.is_royal() {
        reach
    } else {
        reach.without(Bitboard::CASTLES)
    }
}

/// The feature vector of `pos` computed the plain way: a force table summed square by square,
/// every piece's reach, the two-move squares found move by move.
pub(super) fn features(pos: &Position) -> [i32; TERM_COUNT] {
    let board = pos.board();
    let us = pos.side_to_move();
    let mut f = [0i32; TERM_COUNT];
    let occ = board.occupied();
    // Force sums of both sides on every square, royal and non-royal apart (docs/chess-t1-rules.md §4.1), built in
    // one pass that also keeps each piece's reach for the mobility terms.
    let mut royal = [[0i16; 64]; 2];
    let mut non_royal = [[0i16; 64]; 2];
    let mut reaches = [(Bitboard::EMPTY, Square::new(0)); 64];
    let mut count = 0;
    for (sq, piece) in board.iter() {
        let reach = geometry::reach(piece.kind, piece.color, sq, occ);
        reaches[count] = (reach, sq);
        count += 1;
        if piece.kind == PieceKind::Scout {
            continue;
        }
        let strength = piece.kind.strength() as i16;
        let table = if piece.kind.is_royal() {
            &mut royal[piece.color.index()]
        } else {
            &mut non_royal[piece.color.index()]
        };
        for t in reach | Bitboard::from_square(sq) {
            table[t.index()] += strength;
        }
    }
    // Superiority: raw sums off the castles, the castle rule (docs/chess-t1-rules.md §4.2) on them.
    let mut superior = [Bitboard::EMPTY; 2];
    for i in 0..64 {
        let w = royal[0][i] + non_royal[0][i];
        let b = royal[1][i] + non_royal[1][i];
        superior[0].0 |= u64::from(w > b) << i;
        superior[1].0 |= u64::from(b > w) << i;
    }
    for sq in Bitboard::CASTLES {
        let i = sq.index();
        let occupant = board.piece_at(sq);
        let side = |c: usize| {
            crate::force::SideForce {
                royal: royal[c][i] as i32,
                non_royal: non_royal[c][i] as i32,
            }
            .effective(Color::BOTH[c], sq, occupant)
        };
        let (w, b) = (side(0), side(1));
        superior[0].remove(sq);
        superior[1].remove(sq);
        if w > b {
            superior[0].insert(sq);
        } else if b > w {
            superior[1].insert(sq);
        }
    }
    let mut threat = [0i32; 2];
    for &(reach, sq) in &reaches[..count] {
        let piece = board.piece_at(sq).expect("a piece stands there");
        let c = piece.color;
        let sign = if c == us { 1 } else { -1 };
        if let Some(t) = material_term(piece.kind) {
            f[t] += sign;
        }
        match piece.kind {
            PieceKind::Knecht => {
                let r = relative_rank(c, sq);
                f[Term::KnechtAdvance.index()] += sign * (r - 1).max(0);
                if r == 4 {
                    f[Term::KnechtPromotes.index()] += sign;
                }
            }
            PieceKind::VerKnecht => {
                if relative_rank(c, sq) == 6 {
                    f[Term::VerKnechtNearFar.index()] += sign;
                }
            }
            PieceKind::Prince | PieceKind::Konnet => {
                f[Term::MobilityRoyal.index()] += sign * mobility(piece, reach, board).len() as i32;
            }
            PieceKind::Ritter | PieceKind::Scout => {
                let one = mobility(piece, reach, board);
                let term = if piece.kind == PieceKind::Ritter {
                    Term::MobilityRitter
                } else {
                    Term::MobilityScout
                };
                f[term.index()] += sign * one.len() as i32;
                // Two moves over empty squares.
                let mut two = Bitboard::EMPTY;
                for s in one.without(occ) {
                    two |= geometry::reach(piece.kind, c, s, occ);
                }
                two = two.without(board.by_color(c) | Bitboard::CASTLES | one);
                f[Term::Reach2.index()] += sign * two.len() as i32;
            }
            PieceKind::King => {}
        }
        // Attacked by the enemy: superiority on its square, or an enemy Scout's leap (not onto a
        // castle square, where a Scout exchanges: counted the same).
        let enemy = c.other();
        let scout_attack =
            (geometry::SCOUT[sq.index()] & board.pieces(enemy, PieceKind::Scout)).nonempty();
        if superior[enemy.index()].contains(sq) || scout_attack {
            let value = if piece.kind == PieceKind::King {
                // A King en prise: the side to move takes it (qsearch); for the side to move,
                // the worst threat.
                20
            } else {
                Material::default().value(piece.kind)
            };
            threat[c.index()] = threat[c.index()].max(value);
        }
    }
    super::castle_and_control(pos, superior, &mut f);
    f[Term::Tempo.index()] = 1;
    f[Term::Threat.index()] = threat[us.index()] - threat[us.other().index()];
    f
}

#[cfg(test)]
mod tests {
    use crate::eval::features;
    use crate::position::Position;
    use crate::sample::{Rng, playout};

    /// The fast features agree with the plain ones on random positions of every stage.
    #[test]
    fn fast_features_agree_with_the_reference() {
        let mut rng = Rng::new(7);
        let start = Position::startpos();
        for i in 0..3000 {
            let pos = playout(&start, i % 120, &mut rng);
            assert_eq!(features(&pos), super::features(&pos), "{pos}");
        }
    }
}
