//! Distance maps (docs/zones.md §1): how many moves a piece needs to reach each square as the board
//! stands, by breadth-first search over its steps with the other pieces as obstacles.
//!
//! The search expands whole frontiers at once with the set-wise steps of [`Rules::expand`]; the
//! other pieces block (a square holding a piece may be the last square of a path, never a square
//! passed through), and squares the piece may never stop on are left out.
//!
//! ```
//! use zonal::distance::distance_map;
//! use zonal::rules::ChessT1;
//! use zonal::{Bitboard, Color, Piece, PieceKind};
//! let scout = Piece::new(Color::White, PieceKind::Scout);
//! let map = distance_map(&ChessT1, scout, "a1".parse().unwrap(), Bitboard::EMPTY);
//! assert_eq!(map.get("h8".parse().unwrap()), Some(6)); // the Scout is the chess knight
//! assert_eq!(map.get("d1".parse().unwrap()), None); // never to an empty castle square
//! ```
//!
//! The maps are the core's (`zonal_core::force::distance`); this module names them for chess-t1.

use crate::rules::ChessT1;

pub use zonal_core::force::distance::{distance_map, reverse_map};

/// A distance map of a chess-t1 piece.
pub type DistanceMap = zonal_core::force::distance::DistanceMap<ChessT1>;
