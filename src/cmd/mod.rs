//! One file per command. A command written once over [`GameDef`](zonal_analysis::GameDef) is
//! `run::<G>` for every game ([`for_game!`]); the others still send chess-t1 (`chess`) and the
//! games of the core's zones ([`ZoneDef`](zonal_analysis::ZoneDef), `generic`) their own ways.

pub mod analyse;
pub mod bench;
pub mod distance;
pub mod engine;
pub mod exchange;
pub mod force;
pub mod games;
pub mod learn;
pub mod matches;
pub mod moves;
pub mod perft;
pub mod play;
pub mod render;
pub mod review;
pub mod search;
pub mod serve;
pub mod trajectories;
pub mod zones;

use crate::output::CliError;
use zonal_analysis::GameDef;

/// The commands a game has, as `zonal games` and errors list them.
pub fn commands<G: GameDef>() -> String {
    let paths = if G::PATH_REPORTS {
        "distance, trajectories, "
    } else {
        ""
    };
    let force = if G::FORCE_REPORTS {
        "force, exchange, "
    } else {
        ""
    };
    format!(
        "moves, play (--record), perft (--divide, --parallel), {paths}{force}zones (--after, \
         --json, --dot), render (--zones), search, analyse, review, engine, match (--cmd1/--cmd2), \
         bench, datagen, fit"
    )
}

/// The error of a command the game `G` does not have.
pub fn not_available<G: GameDef>(command: &str) -> CliError {
    CliError::input(format!(
        "{}: `zonal {command}` is not available for this game yet (it has {}; `zonal games` lists \
         what each game supports)",
        G::NAME,
        commands::<G>()
    ))
}
