//! # Hnefatafl
//!
//! The rules of Hnefatafl as `shared/spec/hnefatafl.md` gives them: the `seed` ruleset (the
//! Russian source restated, on 9x9 with the Tablut set-up or 11x11) and `copenhagen`
//! (Copenhagen Hnefatafl 11x11). Every piece moves like a chess rook; soldiers are captured
//! between two hostile squares by the moving piece; the king wins on a corner and is captured by
//! four attackers (three plus the empty throne next to it; in `seed` two next to a corner); in
//! `copenhagen` also shieldwalls, exit forts and encirclement. Where the rulesets differ the code
//! asks the [`Ruleset`] value.
//!
//! Positions hold the pieces as `u128` square sets (`index = rank * size + file`, a1 = 0) and the
//! king's square; moves slide set-wise along precomputed rays.
//!
//! ```
//! use zonal_hnefatafl::{Position, Ruleset, perft};
//!
//! let start = Position::start(Ruleset::SEED_9);
//! assert_eq!(start.legal_moves().len(), 72);
//! let mv = start.parse_move("d1d3").unwrap();
//! let next = start.play(mv);
//! assert_eq!(start.record(mv), "d1-d3");
//! assert_eq!(next.to_string(), "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/3ad4/4a4/4aa3 d seed 1 1");
//! assert_eq!(perft(&start, 2), 3944);
//! ```

#![warn(missing_docs)]

pub mod eval;
mod game;
pub mod geometry;
mod moves;
mod perft;
pub mod play;
pub mod posfile;
mod position;
mod ruleset;
pub mod zones;

pub use game::Game;
pub use moves::{Move, MoveError, square_name};
pub use perft::{divide, perft};
pub use position::{ATTACKERS, DEFENDERS, Key, Outcome, Position, PositionError, squares};
pub use ruleset::{Ruleset, SEED_MOVE_LIMIT, Variant};
pub use zonal_board::Side;

/// The game's name as the command line and errors show it.
pub const NAME: &str = "Hnefatafl";

/// The positions of `games` random games for the unit tests, from the start of each ruleset in
/// turn, up to `plies` positions a game (the start included), drawn with `seed`.
#[cfg(test)]
pub(crate) fn random_positions(seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = zonal_core::rng::Rng::new(seed);
    let mut out = Vec::new();
    for rules in Ruleset::ALL.into_iter().cycle().take(games) {
        let mut pos = Position::start(rules);
        for _ in 0..plies {
            out.push(pos);
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.decided().is_some() {
                break;
            }
            pos = pos.play(moves[rng.below(moves.len())]);
        }
    }
    out
}
