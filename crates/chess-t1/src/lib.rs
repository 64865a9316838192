//! # zonal
//!
//! An engine for the board game **chess-t1** that analyses positions the way M. M. Botvinnik's
//! PIONEER analysed chess: by the *mathematical projection* of a position (trajectories, zones,
//! negations) rather than by brute-force search.
//!
//! This crate's foundation is the rules core: positions ([`Setup`] -> [`Position`]), legal moves
//! ([`Position::legal_moves`]), force sums ([`force`]), game status ([`Status`]) and perft.
//!
//! ```
//! use chess_t1::{force, Color, Position};
//!
//! let pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 23);
//!
//! // e3 in the start position: only the Knecht on e2 acts there (1 unit = 2 half-units).
//! let e3 = "e3".parse().unwrap();
//! assert_eq!(force::effective_at(pos.board(), Color::White, e3), 2);
//!
//! let next = pos.play(&pos.parse_uci("e2e4").unwrap());
//! assert_eq!(next.side_to_move(), Color::Black);
//! ```

#![warn(missing_docs)]

pub mod analysis;
pub mod bitboard;
pub mod board;
pub mod book;
pub mod distance;
pub mod eval;
pub mod excerpt;
pub mod exchange;
pub mod force;
pub mod game;
pub mod geometry;
pub use zonal_core::horizon;
pub mod incremental;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod piece;
pub mod posfile;
pub mod position;
pub mod rules;
pub mod sample;
pub mod search;
pub mod setup;
pub mod square;
pub mod trajectory;
pub mod zone;

pub use bitboard::Bitboard;
pub use board::Board;
pub use game::Game;
pub use moves::{Move, MoveError, MoveKind};
pub use piece::{Piece, PieceKind};
pub use position::{Position, Reason, Status};
pub use setup::{PositionError, Setup};
pub use square::{Color, Square};
