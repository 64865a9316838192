//! A game: a start position and the moves played, with the draw by repetition (docs/chess-t1-rules.md §8.4).
//!
//! ```
//! use chess_t1::{Game, Position, Status};
//! let mut game = Game::new(Position::startpos());
//! for mv in ["b1c3", "b8c6", "c3b1", "c6b8", "b1c3", "b8c6", "c3b1", "c6b8"] {
//!     game.play_uci(mv).unwrap();
//! }
//! assert_eq!(game.status().name(), "draw");
//! ```

use crate::moves::{Move, MoveError};
use crate::position::{Position, Reason, Status};

/// Occurrences of the same position that draw the game.
pub const REPETITION_LIMIT: usize = 3;

/// The positions of a game from its start, and the moves between them.
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl Game {
    /// A game starting from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game has a position")
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position before the first move.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// How often the current position (placement, side to move, rights) has occurred.
    pub fn occurrences(&self) -> usize {
        let key = self.position().repetition_key();
        self.positions
            .iter()
            .filter(|p| p.repetition_key() == key)
            .count()
    }

    /// The status with the game's history: a King or castle capture, blockade, then the draws by
    /// repetition and by 80 quiet half-moves (docs/chess-t1-rules.md §8, in that order).
    pub fn status(&self) -> Status {
        let status = self.position().status();
        match status {
            Status::Won { .. } => status,
            _ if self.occurrences() >= REPETITION_LIMIT => Status::Drawn {
                reason: Reason::Repetition,
            },
            _ => status,
        }
    }

    /// Legal moves of the current position; none once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.status().is_over() {
            Vec::new()
        } else {
            self.position().legal_moves()
        }
    }

    /// Plays a move that must be legal now; returns an error if the game is over or it is not.
    pub fn play(&mut self, mv: &Move) -> Result<(), MoveError> {
        let status = self.status();
        if status.is_over() {
            return Err(MoveError::GameOver {
                text: mv.uci(),
                status: status.to_string(),
            });
        }
        if !self.position().legal_moves().contains(mv) {
            return Err(MoveError::Illegal {
                text: mv.uci(),
                reason: "not a legal move in this position".to_string(),
            });
        }
        let next = self.position().play(mv);
        self.positions.push(next);
        self.moves.push(*mv);
        Ok(())
    }

    /// Reads a coordinate move and plays it.
    pub fn play_uci(&mut self, text: &str) -> Result<Move, MoveError> {
        let status = self.status();
        if status.is_over() {
            return Err(MoveError::GameOver {
                text: text.to_string(),
                status: status.to_string(),
            });
        }
        let mv = self.position().parse_uci(text)?;
        self.play(&mv)?;
        Ok(mv)
    }
}
