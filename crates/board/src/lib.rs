//! # zonal-board
//!
//! The types every game of zonal is built on, and nothing game-specific: board [`Shape`]s up to
//! 11x11 with their square names, [`SquareSet`]s as a trait over `u64` (boards of up to 64
//! squares) and `u128` (up to 128: 9x9, 11x11, Jungle's 7x9 fits either), and the two [`Side`]s
//! with per-side arrays ([`PerSide`]).
//!
//! Squares are numbered from the bottom-left corner, file by file within a rank:
//! `index = rank * files + file` (a1 = 0).
//!
//! ```
//! use zonal_board::{Shape, SquareSet};
//!
//! let shape = Shape::new(11, 11).unwrap();
//! let k11 = shape.parse_square("k11").unwrap();
//! assert_eq!(k11, 120);
//! assert_eq!(shape.name(k11), "k11");
//! let corners: u128 = shape.corners();
//! assert_eq!(corners.count(), 4);
//! assert!(corners.has(k11));
//! ```

#![warn(missing_docs)]

mod set;
mod shape;
mod side;

pub use set::{SquareIter, SquareSet};
pub use shape::{Shape, ShapeError, SquareError};
pub use side::{PerSide, Side};
