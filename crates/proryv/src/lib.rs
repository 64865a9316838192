//! # Прорыв (Proryv)
//!
//! The rules of Прорыв as `docs/proryv.md` gives them: each side has a King, fixed at first in
//! its corner (White a1, Black h8), and eight rooks in hand. The sides first drop their rooks one
//! a ply (phase 1), then move (phase 2); the first King to reach the enemy King's start square
//! wins. Rooks never capture and may never give check; a King takes an unprotected enemy rook it
//! touches; a rook whose four orthogonal neighbours are all occupied or off the board is removed.
//!
//! ```
//! use zonal_proryv::{Position, perft};
//!
//! let start = Position::startpos();
//! assert_eq!(start.legal_plies().len(), 44);
//! let pos = start.play(&start.parse_ply("R@d4").unwrap());
//! assert_eq!(pos.to_string(), "7k/8/8/8/3R4/8/8/K7 b 7:8 0 1");
//! assert_eq!(perft(&start, 2), 1932);
//! ```

#![warn(missing_docs)]

pub mod eval;
mod game;
pub mod geometry;
pub mod measures;
mod perft;
pub mod picture;
pub mod play;
mod ply;
pub mod posfile;
mod position;
pub mod steps;
pub mod zones;

pub use game::{End, Game, QUIET_LIMIT};
pub use perft::{divide, perft};
pub use ply::{Ply, PlyError};
pub use position::{Outcome, Position, PositionError};
pub use zonal_board::Side;

/// The game's name as the command line and errors show it.
pub const NAME: &str = "Прорыв";
