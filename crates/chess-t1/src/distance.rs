//! Distance maps (docs/zones.md §1): how many moves a piece needs to reach each square as the board
//! stands, by breadth-first search over its steps with the other pieces as obstacles.
//!
//! The search expands whole frontiers at once with the set-wise steps of
//! [`ForceGame::expand`](crate::rules::ForceGame::expand); the
//! other pieces block (a square holding a piece may be the last square of a path, never a square
//! passed through), and squares the piece may never stop on are left out.
//!
//! ```
//! use chess_t1::distance::distance_map;
//! use chess_t1::rules::ChessT1;
//! use chess_t1::{Bitboard, Color, Piece, PieceKind, Square};
//! let scout = Piece::new(Color::White, PieceKind::Scout);
//! let sq = |name: &str| name.parse::<Square>().unwrap();
//! let map = distance_map(&ChessT1, scout, sq("a1"), Bitboard::EMPTY);
//! assert_eq!(map.distance(sq("h8")), Some(6)); // the Scout is the chess knight
//! assert_eq!(map.distance(sq("d1")), None); // never to an empty castle square
//! ```
//!
//! The maps are the core's (`zonal_core::DistanceMap`, grown by `zonal_core::force::distance`); this module names them for chess-t1.

use crate::bitboard::Bitboard;

pub use zonal_core::force::distance::{distance_map, observed, reverse_map};

/// A distance map of a chess-t1 piece: the core's, over chess-t1's square sets.
pub type DistanceMap = zonal_core::DistanceMap<Bitboard>;
