//! chess-t1's moves as JSON (`zonal moves --json`, the analysis board).

use chess_t1::book;
use chess_t1::moves::Move;
use chess_t1::position::Position;
use chess_t1::square::Square;
use serde::Serialize;

/// A move as `zonal moves --json` writes it.
#[derive(Serialize)]
pub struct MoveJson {
    pub uci: String,
    pub from: Square,
    pub to: Square,
    pub piece: String,
    pub kind: &'static str,
    pub promotion: Option<String>,
    pub book: String,
}

impl MoveJson {
    /// The move `mv` of `pos`.
    pub fn new(pos: &Position, mv: &Move) -> MoveJson {
        MoveJson {
            uci: mv.uci(),
            from: mv.from,
            to: mv.to,
            piece: mv.piece.letter().to_string(),
            kind: mv.kind.name(),
            promotion: mv.promotion.map(|k| k.letter().to_string()),
            book: book::write_move(pos, mv),
        }
    }
}

/// Legal moves sorted by their coordinate text.
pub fn sorted_moves(pos: &Position) -> Vec<Move> {
    let mut moves = pos.legal_moves();
    moves.sort_by_cached_key(Move::uci);
    moves
}
