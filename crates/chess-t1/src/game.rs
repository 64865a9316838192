//! A game: the core's record ([`zonal_core::game`]) under chess-t1's ends, with the draw by
//! repetition (docs/chess-t1-rules.md §8.4).
//!
//! ```
//! use chess_t1::{Game, Status};
//! let mut game = Game::new(chess_t1::Position::startpos());
//! for mv in ["b1c3", "b8c6", "c3b1", "c6b8", "b1c3", "b8c6", "c3b1", "c6b8"] {
//!     game.play(mv).unwrap();
//! }
//! assert_eq!(game.end().map(Status::name), Some("draw"));
//! assert!(game.play("b1c3").is_err());
//! ```

use crate::moves::{Move, MoveError};
use crate::position::{Position, Reason, Status};
use crate::rules::ChessT1;
use zonal_core::game::GameRules;

/// Occurrences of the same position that draw the game.
pub const REPETITION_LIMIT: u32 = 3;

/// A game in progress: its start, moves, repetitions and end.
pub type Game = zonal_core::game::Game<ChessT1>;

/// The status of `game`: its end, or [`Status::Ongoing`].
pub fn status(game: &Game) -> Status {
    game.end().unwrap_or(Status::Ongoing)
}

impl GameRules for ChessT1 {
    type Position = Position;
    type Move = Move;
    /// Placement, side to move and rights (the position's hash).
    type Key = u64;
    /// A won or drawn status.
    type End = Status;
    type Error = MoveError;

    fn key(pos: &Position) -> u64 {
        pos.repetition_key()
    }

    fn end_at_start(pos: &Position) -> Option<Status> {
        Some(pos.status()).filter(|s| s.is_over())
    }

    /// A King or castle capture and the blockade, then the draws by repetition and by 80 quiet
    /// half-moves (docs/chess-t1-rules.md §8, in that order).
    fn end_after(pos: &Position, occurrences: u32) -> Option<Status> {
        match pos.status() {
            won @ Status::Won { .. } => Some(won),
            _ if occurrences >= REPETITION_LIMIT => Some(Status::Drawn {
                reason: Reason::Repetition,
            }),
            Status::Ongoing => None,
            drawn => Some(drawn),
        }
    }

    /// A coordinate move, or one in the books' notation (`Рк b1-c3`, as `zonal review`'s
    /// annotated record and the book op write them); the coordinate error when neither reads.
    fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
        pos.parse_uci(text)
            .or_else(|e| crate::book::parse_move(pos, text).map_err(|_| e))
    }

    fn play(pos: &Position, mv: &Move) -> Position {
        pos.play(mv)
    }

    fn game_over(text: &str, end: Status) -> MoveError {
        MoveError::GameOver {
            text: text.to_string(),
            status: end.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_third_occurrence_draws_and_ends_the_game() {
        let mut game = Game::new(Position::startpos());
        for (i, mv) in ["b1c3", "b8c6", "c3b1", "c6b8", "b1c3", "b8c6", "c3b1"]
            .iter()
            .enumerate()
        {
            game.play(mv).unwrap();
            assert_eq!(status(&game), Status::Ongoing, "after {}", i + 1);
        }
        assert_eq!(game.occurrences(), 2);
        game.play("c6b8").unwrap();
        assert_eq!(game.occurrences(), 3);
        assert_eq!(
            status(&game),
            Status::Drawn {
                reason: Reason::Repetition
            }
        );
        let err = game.play("b1c3").unwrap_err();
        assert!(matches!(err, MoveError::GameOver { .. }), "{err}");
        assert_eq!(game.moves().len(), 8);
        assert_eq!(game.start(), &Position::startpos());
    }

    #[test]
    fn moves_read_in_coordinates_or_in_the_books_notation() {
        let mut game = Game::new(Position::startpos());
        let by_coordinates = game.play("b1c3").unwrap();
        let mut other = Game::new(Position::startpos());
        let by_book = other.play("Рк b1-c3").unwrap();
        assert_eq!(by_book, by_coordinates);
        assert_eq!(other.position(), game.position());
        let err = other.play("zz").unwrap_err().to_string();
        assert!(err.contains("not a coordinate move"), "{err}");
    }
}
