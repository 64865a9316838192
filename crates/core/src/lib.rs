//! # zonal-core
//!
//! The game-independent core of zonal. A game implements [`Rules`] (its positions, moves, game
//! ends, evaluation and position keys) and gets [`search`]: iterative deepening, alpha-beta with a
//! principal-variation window, a transposition table, killer moves, repetition inside the tree,
//! and game ends scored by their distance. Nothing here names a game's pieces or board size.
//!
//! This crate grows as the rest of the zone machinery (zones, negations, the incremental
//! projection) moves out of the first game's crate onto [`zonal_board`] shapes: see NOTES.md,
//! "Layout".

#![warn(missing_docs)]

pub mod distance;
pub mod horizon;
pub mod picture;
pub mod record;
pub mod search;

pub use distance::{Bundle, DistanceMap, Steps};
pub use search::{
    Limits, Rules, SearchResult, Terminal, WIN, WIN_BOUND, search, search_without_table,
};
