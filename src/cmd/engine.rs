//! `zonal engine`: the engine protocol on stdin and stdout, for every game.

use crate::output::CliError;
use zonal_analysis::GameDef;
use zonal_play::PlayGame;

/// `zonal engine` for the game `G`, on stdin and stdout.
pub fn engine<G: PlayGame>() -> Result<(), CliError> {
    zonal_play::session::run::<G, _, _>(std::io::stdin().lock(), std::io::stdout()).map_err(|e| {
        CliError {
            message: format!("engine protocol: {e}"),
            code: 1,
        }
    })
}

/// Runs `zonal engine` for the game `G` (its player, [`GameDef::Player`]).
pub fn run<G: GameDef>() -> Result<(), CliError> {
    engine::<G::Player>()
}
