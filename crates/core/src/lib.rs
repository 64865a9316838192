//! # zonal-core
//!
//! The game-independent core of zonal. A game implements [`Rules`] (its positions, moves, game
//! ends, evaluation and position keys) and gets [`search()`]: iterative deepening, alpha-beta with a
//! principal-variation window, a transposition table, killer moves, repetition inside the tree,
//! and game ends scored by their distance. Nothing here names a game's pieces or board size.
//!
//! A game that implements [`zone::ZoneGame`] (how its pieces step, what a root aims at, what stops
//! it) gets [`zone`]: roots, first negations in time and the incremental projection, and with
//! [`guided::MoveSquares`] the zone-guided search ([`guided::ZoneNarrowing`] with
//! [`search_narrowed`]). A game whose control is a question of force sums implements
//! [`force::ForceGame`] instead and gets [`force`]: trajectories as layered graphs, zones with
//! negations of every level, supports, contests, linked and complex zones, and their incremental
//! projection. Both builders share the distance maps ([`DistanceMap`]) and the time budgets
//! ([`horizon`]).

#![warn(missing_docs)]

pub mod distance;
pub mod engine_lines;
pub mod excerpt;
pub mod force;
pub mod game;
pub mod guided;
pub mod horizon;
pub mod linear;
pub mod motive;
pub mod picture;
pub mod rating;
pub mod record;
pub mod rng;
pub mod search;
pub mod zone;

pub use distance::{Bundle, DistanceMap, Steps};
pub use search::{
    CLOCK_RESERVE_MS, Control, Engine, FullWidth, Limits, MAX_TABLE_MB, Narrowing, Progress,
    ProgressFn, RootScore, Rules, Schedule, SearchResult, Techniques, Terminal, WIN, WIN_BOUND,
    ZoneStyle, clock_budget, search, search_narrowed, search_narrowed_with, search_with,
    search_without_table,
};
