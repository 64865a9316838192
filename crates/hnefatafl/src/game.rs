//! A game: a start position and the moves played, with the repetition rule, which needs the
//! history (spec §7.2): the third occurrence of a position (placement and side to move) ends the
//! game and the defenders lose. The order of the checks after a move is §7.3 / §9.6.

use crate::moves::{Move, MoveError, clip};
use crate::play::Hnefatafl;
use crate::position::{Key, Outcome, Position};
use zonal_core::game::GameRules;

/// A game in progress: the core's record ([`zonal_core::game`]) under Hnefatafl's ends.
pub type Game = zonal_core::game::Game<Hnefatafl>;

impl GameRules for Hnefatafl {
    type Position = Position;
    type Move = Move;
    type Key = Key;
    type End = Outcome;
    type Error = MoveError;

    /// Placement and side to move.
    fn key(pos: &Position) -> Key {
        pos.key()
    }

    fn end_at_start(pos: &Position) -> Option<Outcome> {
        pos.outcome()
    }

    /// A capture of the king or an escape first, then the third repetition (the defenders
    /// lose), then the rest of the position's ends (§7.3).
    fn end_after(pos: &Position, occurrences: u32) -> Option<Outcome> {
        match pos.decided() {
            Some(o) => Some(o),
            None if occurrences >= 3 => Some(Outcome::Repetition),
            None => pos.outcome(),
        }
    }

    /// Coordinate or record form; listed captures are checked.
    fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
        pos.parse_move(text)
    }

    fn play(pos: &Position, mv: &Move) -> Position {
        pos.play(*mv)
    }

    fn game_over(text: &str, end: Outcome) -> MoveError {
        MoveError::Illegal {
            text: clip(text),
            reason: format!("the game is over: {end}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ruleset;

    #[test]
    fn over_games_refuse_moves() {
        let mut game = Game::new("9/9/9/9/9/3a5/9/9/6k2 d seed".parse().unwrap());
        game.play("g1i1").unwrap();
        assert_eq!(game.end(), Some(Outcome::KingEscaped));
        let err = game.play("d4d5").unwrap_err().to_string();
        assert!(err.contains("the game is over"), "{err}");
        // A move that is not legal is refused, in words.
        let mut game = Game::new("9/9/9/9/9/3a5/9/9/6k2 d seed".parse().unwrap());
        for text in ["g1g1", "g1h2", "d4d5", "z9a1", ""] {
            assert!(game.play(text).is_err(), "{text}");
        }
        assert_eq!(game.play("g1h1"), Ok(Move::new(6, 7, 9)));
        assert_eq!(game.moves(), &[Move::new(6, 7, 9)]);
    }

    #[test]
    fn the_seed_move_limit_draws_after_checking_moves() {
        let mut game = Game::new("9/9/6k2/9/9/9/9/a8/9 a seed 199 50".parse().unwrap());
        game.play("a2a3").unwrap();
        assert_eq!(game.end(), Some(Outcome::MoveLimit));
        // copenhagen has no limit.
        let mut game = Game::new(
            "11/11/11/11/11/11/7k3/11/11/a10/11 a copenhagen 500 300"
                .parse()
                .unwrap(),
        );
        game.play("a2a3").unwrap();
        assert_eq!(game.end(), None);
        assert_eq!(game.start().rules(), Ruleset::COPENHAGEN);
    }
}
