//! # zonal-analysis
//!
//! What zonal's tools do with a game played on the core's search, written once over one trait
//! ([`ZoneDef`]: a game's names, starts, notation, records, moves, zone builder, pictures and
//! evaluation's weights): `analyse`'s report ([`analyse`]), the engine's settings and the play library's and the learning
//! library's traits for it ([`play`]), the reasons for a recommended move in words ([`reason`]),
//! and the reports of the projection ([`report`]: the zones after moves, JSON, DOT). It names
//! no game; `zonal-games` implements [`ZoneDef`] for each.

pub mod analyse;
pub mod bench;
pub mod game;
pub mod play;
pub mod positions;
pub mod reason;
pub mod report;
pub mod review;

pub use game::{
    Failure, GameDef, GameEnd, GameOf, PathQuery, ZoneDef, Zoned, move_between, play_on, read_file,
    replay, side_word, status,
};
pub use play::Searching;

/// The crates [`zone_game_items!`]'s expansion names.
#[doc(hidden)]
pub mod deps {
    pub use zonal_board;
    pub use zonal_core;
}
