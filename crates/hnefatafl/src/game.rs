//! A game: a start position and the moves played, with the repetition rule, which needs the
//! history (spec §7.2): the third occurrence of a position (placement and side to move) ends the
//! game and the defenders lose. The order of the checks after a move is §7.3 / §9.6.

use crate::moves::{Move, MoveError, clip};
use crate::position::{Key, Outcome, Position};
use std::collections::HashMap;

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// Occurrences of each placement and side to move since the start.
    seen: HashMap<Key, u32>,
    end: Option<Outcome>,
}

impl Game {
    /// A game from `start` (its first occurrence counts for repetition).
    pub fn new(start: Position) -> Game {
        let mut seen = HashMap::new();
        seen.insert(start.key(), 1);
        Game {
            start,
            position: start,
            moves: Vec::new(),
            seen,
            end: start.outcome(),
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
    pub fn end(&self) -> Option<Outcome> {
        self.end
    }

    /// How many times the current position has occurred.
    pub fn occurrences(&self) -> u32 {
        self.seen.get(&self.position.key()).copied().unwrap_or(0)
    }

    /// Plays the move written `text` (coordinate or record form; listed captures are checked);
    /// refused after the end of the game.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        if let Some(end) = self.end {
            return Err(MoveError::Illegal {
                text: clip(text),
                reason: format!("the game is over: {end}"),
            });
        }
        let mv = self.position.parse_move(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Plays `mv` and returns the soldiers it captured; refused if the game is over or the move
    /// is not legal.
    pub fn play(&mut self, mv: Move) -> Result<u128, MoveError> {
        if let Some(end) = self.end {
            return Err(MoveError::Illegal {
                text: mv.to_string(),
                reason: format!("the game is over: {end}"),
            });
        }
        if !self.position.is_legal(mv) {
            return Err(MoveError::Illegal {
                text: mv.to_string(),
                reason: "not a legal move of the position".into(),
            });
        }
        let (next, captured) = self.position.play_with_captures(mv);
        self.position = next;
        self.moves.push(mv);
        let count = self.seen.entry(next.key()).or_insert(0);
        *count += 1;
        self.end = match next.decided() {
            Some(o) => Some(o),
            None if *count >= 3 => Some(Outcome::Repetition),
            None => next.outcome(),
        };
        Ok(captured)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ruleset;

    #[test]
    fn over_games_refuse_moves() {
        let mut game = Game::new("9/9/9/9/9/3a5/9/9/6k2 d seed".parse().unwrap());
        game.play_text("g1i1").unwrap();
        assert_eq!(game.end(), Some(Outcome::KingEscaped));
        let err = game.play_text("d4d5").unwrap_err().to_string();
        assert!(err.contains("the game is over"), "{err}");
        // A move that is not legal is refused, whatever its numbers.
        let mut game = Game::new("9/9/9/9/9/3a5/9/9/6k2 d seed".parse().unwrap());
        for mv in [
            Move::new(6, 7, 11),
            Move::new(200, 3, 9),
            Move::new(6, 6, 9),
            Move::new(30, 31, 9),
        ] {
            assert!(game.play(mv).is_err(), "{mv}");
        }
        assert_eq!(game.play(Move::new(6, 7, 9)), Ok(0));
    }

    #[test]
    fn the_seed_move_limit_draws_after_checking_moves() {
        let mut game = Game::new("9/9/6k2/9/9/9/9/a8/9 a seed 199 50".parse().unwrap());
        game.play_text("a2a3").unwrap();
        assert_eq!(game.end(), Some(Outcome::MoveLimit));
        // copenhagen has no limit.
        let mut game = Game::new(
            "11/11/11/11/11/11/7k3/11/11/a10/11 a copenhagen 500 300"
                .parse()
                .unwrap(),
        );
        game.play_text("a2a3").unwrap();
        assert_eq!(game.end(), None);
        assert_eq!(game.start().rules(), Ruleset::COPENHAGEN);
    }
}
