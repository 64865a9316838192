//! Trajectories (docs/zones.md §1): shortest trajectory bundles as layered graphs, path counts,
//! enumeration on demand, and admissible trajectories of degree 2.
//!
//! A trajectory of a piece is a sequence of squares a0 (where it stands), a1, ..., ak (the goal),
//! each reached from the previous by one step. Its **alpha-squares** are a1..ak; its
//! **beta-squares** the squares its non-jumping steps pass over.
//!
//! ```
//! use chess_t1::rules::ChessT1;
//! use chess_t1::trajectory::Bundle;
//! use chess_t1::{Bitboard, Color, Piece, PieceKind};
//! let king = Piece::new(Color::White, PieceKind::King);
//! let (a1, c3) = ("a1".parse().unwrap(), "c3".parse().unwrap());
//! let bundle = Bundle::shortest(&ChessT1, king, a1, c3, Bitboard::EMPTY).unwrap();
//! assert_eq!(bundle.length(), 2);
//! assert_eq!(bundle.count(), 1); // a1-b2-c3
//! let prince = Piece::new(Color::White, PieceKind::Prince);
//! let bundle = Bundle::shortest(&ChessT1, prince, a1, c3, Bitboard::EMPTY).unwrap();
//! assert_eq!((bundle.length(), bundle.count()), (1, 1));
//! assert_eq!(bundle.paths(10)[0].beta_squares(), vec!["b2".parse().unwrap()]);
//! ```
//!
//! Trajectories and bundles are the core's (`zonal_core::force::trajectory`); this module names
//! them for chess-t1.

use crate::rules::ChessT1;

pub use zonal_core::force::trajectory::{admissible, shortest_from_map};

/// A trajectory of a chess-t1 piece.
pub type Trajectory = zonal_core::force::trajectory::Trajectory<ChessT1>;
/// The shortest trajectories of a chess-t1 piece between two squares.
pub type Bundle = zonal_core::force::trajectory::Bundle<ChessT1>;
