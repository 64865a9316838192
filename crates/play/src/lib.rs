//! # zonal-play
//!
//! Play for every game of zonal, written once over [`PlayGame`]: the engine protocol session
//! ([`session`], each line parsed into a [`command::Command`]), the match runner
//! ([`matches`]: built-in players and external engines, clocks, SPRT, the move limit,
//! openings, records, a progress callback) and the player spec ([`spec`]: `key=value,...`
//! with the core engine's techniques and the game's own keys). It names no game: a game
//! supplies its positions, moves, ends and records ([`PlayGame`]), its player settings
//! ([`Settings`]) and its engine ([`Searcher`]), which answers with the core's
//! [`zonal_core::SearchResult`] within the core's [`zonal_core::Limits`].

#![warn(missing_docs)]

pub mod command;
pub mod external;
pub mod game;
pub mod matches;
pub mod session;
pub mod spec;

pub use game::{Budget, GameEnd, Info, PlayGame, Score, Searcher, Settings};
