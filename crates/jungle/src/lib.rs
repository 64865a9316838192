//! # Dou Shou Qi (Jungle)
//!
//! The rules of Jungle as `shared/spec/jungle.md` gives them: on a 7x9 board with two ponds,
//! each side's eight animals (elephant, lion, tiger, leopard, wolf, dog, cat, rat) step one
//! square orthogonally; the stronger takes the weaker, the rat takes the elephant, a piece in an
//! enemy trap can be taken by anyone; only the rat swims, and the lion and tiger jump across the
//! ponds unless a rat swims in the way. Entering the enemy den, or taking the last enemy piece,
//! wins; a side without a legal move loses; the third repetition and 200 plies without a capture
//! draw.
//!
//! ```
//! use zonal_jungle::{Position, perft};
//!
//! let start = Position::startpos();
//! assert_eq!(start.legal_moves().len(), 24);
//! let pos = start.play(&start.parse_move("a3a4").unwrap());
//! assert_eq!(pos.to_string(), "l5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L b 1 1");
//! assert_eq!(perft(&start, 2), 576);
//! ```

#![warn(missing_docs)]

mod animal;
pub mod eval;
mod game;
pub mod geometry;
mod moves;
mod perft;
pub mod play;
pub mod posfile;
mod position;
pub mod zones;

pub use animal::Animal;
pub use game::{End, Game, QUIET_LIMIT};
pub use moves::{Move, MoveError};
pub use perft::{divide, perft};
pub use play::Jungle;
pub use position::{Outcome, Position, PositionError};
pub use zonal_board::Side;

/// The game's name as the command line and errors show it.
pub const NAME: &str = "Jungle";
