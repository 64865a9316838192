//! `zonal force`: chess-t1's force sums on every square.

use crate::args::{ForceArgs, GameName};
use crate::cmd::not_available;
use crate::output::{CliError, write_stdout};
use zonal_games::chess_t1::report::force::force;

/// Runs `zonal force` for `game` (chess-t1's: the other games have no force sums).
pub fn run(game: GameName, args: ForceArgs) -> Result<(), CliError> {
    let ForceArgs { pos, raw, json } = args;
    match game {
        GameName::ChessT1 => {
            write_stdout(&force(&pos.resolve()?, raw, json).map_err(CliError::input)?)
        }
        other => Err(not_available(other, "force")),
    }
}
