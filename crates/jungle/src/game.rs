//! A game: a start position and the moves played, with the ends that need the history (§7):
//! the third occurrence of a position, and 200 plies without a capture.

use crate::moves::{Move, MoveError};
use crate::position::{Outcome, Position};
use std::collections::HashMap;
use std::fmt;

/// Plies without a capture after which the game is drawn (§7 rule 5).
pub const QUIET_LIMIT: u32 = 200;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// Won: the position shows it (§7 rules 1-3).
    Won(Outcome),
    /// Drawn: the same position (placement and side to move) for the third time.
    Repetition,
    /// Drawn: 200 plies without a capture.
    MoveLimit,
}

impl End {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub const fn result(self) -> &'static str {
        match self {
            End::Won(o) => o.result(),
            End::Repetition | End::MoveLimit => "1/2-1/2",
        }
    }
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::Won(o) => write!(f, "{o}"),
            End::Repetition => f.write_str("1/2-1/2 (third repetition)"),
            End::MoveLimit => write!(f, "1/2-1/2 ({QUIET_LIMIT} plies without a capture)"),
        }
    }
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// Occurrences of each position (placement, side to move) since the start.
    seen: HashMap<Position, u32>,
    end: Option<End>,
}

impl Game {
    /// A game from `start`; over at once only if a side has no pieces or the side to move has
    /// no legal move (§9: counters of a loaded string end nothing by themselves).
    pub fn new(start: Position) -> Game {
        let mut seen = HashMap::new();
        seen.insert(start.repetition_key(), 1);
        Game {
            start,
            position: start,
            moves: Vec::new(),
            seen,
            end: start.outcome().map(End::Won),
        }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Plays the move written `text`; refused after the end of the game.
    pub fn play(&mut self, text: &str) -> Result<Move, MoveError> {
        if let Some(end) = self.end {
            return Err(MoveError::Illegal {
                mv: text.chars().take(60).collect(),
                reason: format!("the game is over: {end}"),
            });
        }
        let mv = self.position.parse_move(text)?;
        self.play_move(mv);
        Ok(mv)
    }

    /// Plays the legal move `mv` (from [`Position::legal_moves`] of the current position) and
    /// decides the end in the order of §7: den, no pieces, no legal move, repetition, limit.
    ///
    /// # Panics
    /// If the game is over or `mv` is not legal.
    pub fn play_move(&mut self, mv: Move) {
        assert!(self.end.is_none(), "the game is over");
        self.position = self.position.play(&mv);
        self.moves.push(mv);
        let count = self.seen.entry(self.position.repetition_key()).or_insert(0);
        *count += 1;
        self.end = if let Some(outcome) = self.position.outcome() {
            Some(End::Won(outcome))
        } else if *count >= 3 {
            Some(End::Repetition)
        } else if self.position.quiet_plies() >= QUIET_LIMIT {
            Some(End::MoveLimit)
        } else {
            None
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_third_repetition_draws() {
        let mut game = Game::new("c6/7/7/7/7/7/7/7/6R w".parse().unwrap());
        for mv in ["g1g2", "a9a8", "g2g1", "a8a9", "g1g2", "a9a8", "g2g1"] {
            game.play(mv).unwrap();
            assert_eq!(game.end(), None, "{mv}");
        }
        game.play("a8a9").unwrap();
        assert_eq!(game.end(), Some(End::Repetition));
        assert_eq!(game.end().unwrap().result(), "1/2-1/2");
        let err = game.play("g1g2").unwrap_err().to_string();
        assert!(err.contains("the game is over"), "{err}");
    }

    #[test]
    fn two_hundred_quiet_plies_draw() {
        let mut game = Game::new("c6/7/7/7/7/7/7/7/6R w 198 50".parse().unwrap());
        game.play("g1g2").unwrap();
        assert_eq!(game.end(), None);
        game.play("a9a8").unwrap();
        assert_eq!(game.end(), Some(End::MoveLimit));
        assert_eq!(game.position().quiet_plies(), 200);
        assert_eq!(game.position().move_number(), 51);
    }

    #[test]
    fn a_den_entry_beats_the_move_limit() {
        let mut game = Game::new("c6/3D3/7/7/7/7/7/7/7 w 199".parse().unwrap());
        game.play("d8d9").unwrap();
        assert_eq!(
            game.end(),
            Some(End::Won(Outcome::Den {
                winner: crate::Side::White
            }))
        );
        assert_eq!(game.end().unwrap().result(), "1-0");
    }

    #[test]
    fn a_string_at_the_limit_is_ongoing() {
        let game = Game::new("c6/7/7/7/7/7/7/7/6R w 250".parse().unwrap());
        assert_eq!(game.end(), None);
    }
}
