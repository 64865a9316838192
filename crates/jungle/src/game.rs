//! A game: a start position and the moves played, with the ends that need the history (§7):
//! the third occurrence of a position, and 200 plies without a capture.

use crate::moves::{Move, MoveError};
use crate::play::Jungle;
use crate::position::{Outcome, Position};
use zonal_core::game::GameRules;

/// Plies without a capture after which the game is drawn (§7 rule 5).
pub const QUIET_LIMIT: u32 = 200;

impl zonal_core::game::Won for Outcome {
    const QUIET_LIMIT: u32 = QUIET_LIMIT;
    const QUIET_WITHOUT: &'static str = "a capture";
    fn result(self) -> &'static str {
        Outcome::result(self)
    }
}

/// How a game ended: won as the position shows (§7 rules 1-3), or drawn by the third
/// repetition of a position (placement and side to move) or after 200 plies without a capture.
pub type End = zonal_core::game::End<Outcome>;

/// A game in progress: the core's record ([`zonal_core::game`]) under Jungle's ends.
pub type Game = zonal_core::game::Game<Jungle>;

impl GameRules for Jungle {
    type Position = Position;
    type Move = Move;
    type Key = Position;
    type End = End;
    type Error = MoveError;

    fn key(pos: &Position) -> Position {
        pos.repetition_key()
    }

    /// Over at once only if a side has no pieces or the side to move has no legal move (§9:
    /// counters of a loaded string end nothing by themselves).
    fn end_at_start(pos: &Position) -> Option<End> {
        pos.outcome().map(End::Won)
    }

    /// In the order of §7: den, no pieces, no legal move, repetition, limit.
    fn end_after(pos: &Position, occurrences: u32) -> Option<End> {
        End::after(pos.outcome(), occurrences, pos.quiet_plies())
    }

    fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
        pos.parse_move(text)
    }

    fn play(pos: &Position, mv: &Move) -> Position {
        pos.play(mv)
    }

    fn game_over(text: &str, end: End) -> MoveError {
        MoveError::Illegal {
            mv: text.chars().take(60).collect(),
            reason: format!("the game is over: {end}"),
        }
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
        assert_eq!(game.end(), Some(End::QuietPlies));
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
