//! One file per command. Each command's `run` takes the game and the command's arguments and
//! sends them to the game's implementation: chess-t1's (`chess`), the games of the core's search
//! written once over [`GameDef`](zonal_analysis::GameDef) (`generic`), or Прорыв's own (`proryv`).

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

use crate::args::GameName;
use crate::output::CliError;
use zonal_analysis::GameDef;

/// The name errors and reports show for `game`.
pub fn game_name(game: GameName) -> &'static str {
    with_game!(game, chess => "chess-t1", G => G::NAME)
}

/// The commands a game of the core's search has, as `zonal games` and errors list them.
pub fn commands<G: GameDef>() -> String {
    let paths = if G::PATH_REPORTS {
        "distance, trajectories, "
    } else {
        ""
    };
    format!(
        "moves, play (--record), perft (--divide, --parallel), {paths}zones (--after, --json, \
         --dot), render (--zones), search, analyse, review, engine, match (--cmd1/--cmd2), bench, \
         datagen, fit"
    )
}

/// The error of a command `game` does not have.
pub fn not_available(game: GameName, command: &str) -> CliError {
    let has = with_game!(game, chess => String::from("every command"), G => commands::<G>());
    CliError::input(format!(
        "{}: `zonal {command}` is not available for this game yet (it has {has}; \
         `zonal games` lists what each game supports)",
        game_name(game)
    ))
}
