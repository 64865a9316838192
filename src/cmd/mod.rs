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
pub mod search;
pub mod serve;
pub mod trajectories;
pub mod zones;

use crate::args::GameName;
use crate::output::CliError;

/// The name errors and reports show for `game`.
pub fn game_name(game: GameName) -> &'static str {
    use zonal_analysis::GameDef;
    match game {
        GameName::ChessT1 => "chess-t1",
        GameName::Proryv => zonal_games::proryv::Proryv::NAME,
        GameName::Hnefatafl => zonal_games::hnefatafl::Hnefatafl::NAME,
        GameName::Jungle => zonal_games::jungle::Jungle::NAME,
    }
}

/// The error of a command `game` does not have.
pub fn not_available(game: GameName, command: &str) -> CliError {
    let has = match game {
        GameName::Proryv => {
            "moves, play, perft, distance, trajectories, zones, render, search, analyse, engine, match, bench, datagen, fit"
        }
        _ => {
            "moves, play, perft, zones, render, search, analyse, engine, match, bench, datagen, fit"
        }
    };
    CliError::input(format!(
        "{}: `zonal {command}` is not available for this game yet (it has {has}; \
         `zonal games` lists what each game supports)",
        game_name(game)
    ))
}
