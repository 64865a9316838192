//! A game: a start position and the plies played, with the draws that need the history (D14):
//! the third occurrence of a position, and 100 plies without a drop, capture or removal.

use crate::play::Proryv;
use crate::ply::{Ply, PlyError};
use crate::position::{Outcome, Position};
use zonal_core::game::GameRules;

/// Plies without a drop, capture or removal after which the game is drawn.
pub const QUIET_LIMIT: u32 = 100;

impl zonal_core::game::Won for Outcome {
    const QUIET_LIMIT: u32 = QUIET_LIMIT;
    const QUIET_WITHOUT: &'static str = "a drop, capture or removal";
    fn result(self) -> &'static str {
        Outcome::result(self)
    }
}

/// How a game ended: won as the position shows (§6 steps 1-3), or drawn by the third
/// repetition of a position or after 100 plies without a drop, capture or removal.
pub type End = zonal_core::game::End<Outcome>;

/// A game in progress: the core's record ([`zonal_core::game`]) under Прорыв's ends.
pub type Game = zonal_core::game::Game<Proryv>;

impl GameRules for Proryv {
    type Position = Position;
    type Move = Ply;
    type Key = Position;
    type End = End;
    type Error = PlyError;

    /// Placement, side to move and hands.
    fn key(pos: &Position) -> Position {
        pos.repetition_key()
    }

    fn end_at_start(pos: &Position) -> Option<End> {
        pos.outcome().map(End::Won)
    }

    fn end_after(pos: &Position, occurrences: u32) -> Option<End> {
        End::after(pos.outcome(), occurrences, pos.quiet_plies())
    }

    fn parse(pos: &Position, text: &str) -> Result<Ply, PlyError> {
        pos.parse_ply(text)
    }

    fn play(pos: &Position, ply: &Ply) -> Position {
        pos.play(ply)
    }

    fn game_over(text: &str, end: End) -> PlyError {
        PlyError::Illegal {
            ply: text.chars().take(60).collect(),
            reason: format!("the game is over: {end}"),
        }
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
