//! A game: a start position and the plies played, with the draws that need the history (D14):
//! the third occurrence of a position, and 100 plies without a drop, capture or removal.

use crate::ply::{Ply, PlyError};
use crate::position::{Outcome, Position};
use std::collections::HashMap;
use std::fmt;

/// Plies without a drop, capture or removal after which the game is drawn.
pub const QUIET_LIMIT: u32 = 100;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// Won: the position shows it (§6 steps 1-3).
    Won(Outcome),
    /// Drawn: the same position for the third time.
    Repetition,
    /// Drawn: 100 plies without a drop, capture or removal.
    QuietPlies,
}

impl End {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub const fn result(self) -> &'static str {
        match self {
            End::Won(o) => o.result(),
            End::Repetition | End::QuietPlies => "1/2-1/2",
        }
    }
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::Won(o) => write!(f, "{o}"),
            End::Repetition => f.write_str("1/2-1/2 (third repetition)"),
            End::QuietPlies => write!(
                f,
                "1/2-1/2 ({QUIET_LIMIT} plies without a drop, capture or removal)"
            ),
        }
    }
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    plies: Vec<Ply>,
    /// Occurrences of each position (placement, side to move, hands) since the start.
    seen: HashMap<Position, u32>,
    end: Option<End>,
}

impl Game {
    /// A game from `start`.
    pub fn new(start: Position) -> Game {
        let mut seen = HashMap::new();
        seen.insert(start.repetition_key(), 1);
        Game {
            start,
            position: start,
            plies: Vec::new(),
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

    /// The plies played.
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Plays the ply written `text`; refused after the end of the game.
    pub fn play(&mut self, text: &str) -> Result<Ply, PlyError> {
        if let Some(end) = self.end {
            return Err(PlyError::Illegal {
                ply: text.chars().take(60).collect(),
                reason: format!("the game is over: {end}"),
            });
        }
        let ply = self.position.parse_ply(text)?;
        self.position = self.position.play(&ply);
        self.plies.push(ply);
        let count = self.seen.entry(self.position.repetition_key()).or_insert(0);
        *count += 1;
        self.end = if let Some(outcome) = self.position.outcome() {
            Some(End::Won(outcome))
        } else if *count >= 3 {
            Some(End::Repetition)
        } else if self.position.quiet_plies() >= QUIET_LIMIT {
            Some(End::QuietPlies)
        } else {
            None
        };
        Ok(ply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_third_repetition_draws() {
        let mut game: Game = Game::new("7k/8/8/8/8/8/8/K7 w 0:0 0 30".parse().unwrap());
        for ply in ["a1a2", "h8h7", "a2a1", "h7h8", "a1a2", "h8h7", "a2a1"] {
            game.play(ply).unwrap();
            assert_eq!(game.end(), None, "{ply}");
        }
        game.play("h7h8").unwrap();
        assert_eq!(game.end(), Some(End::Repetition));
        assert_eq!(game.end().unwrap().result(), "1/2-1/2");
        let err = game.play("a1a2").unwrap_err().to_string();
        assert!(err.contains("the game is over"), "{err}");
    }

    #[test]
    fn one_hundred_quiet_plies_draw() {
        let mut game = Game::new("7k/8/8/8/8/8/8/K7 w 0:0 98 30".parse().unwrap());
        game.play("a1b2").unwrap();
        assert_eq!(game.end(), None);
        game.play("h8g7").unwrap();
        assert_eq!(game.end(), Some(End::QuietPlies));
    }

    #[test]
    fn a_win_ends_the_game() {
        let mut game = Game::new("7k/8/5K2/8/8/8/8/8 w 0:0 0 30".parse().unwrap());
        game.play("f6g7").unwrap();
        assert_eq!(game.end().map(End::result), Some("1-0"));
    }
}
