//! `zonal exchange`: the exchange on a square.

use crate::args::{ExchangeArgs, GameName, material_arg, parse_square};
use crate::cmd::not_available;
use crate::output::{CliError, write_stdout};
use zonal_games::chess_t1::report::exchange::exchange;

/// Runs `zonal exchange` for `game` (chess-t1's: the other games have no exchange rule).
pub fn run(game: GameName, args: ExchangeArgs) -> Result<(), CliError> {
    let ExchangeArgs {
        pos,
        square,
        material,
        json,
    } = args;
    match game {
        GameName::ChessT1 => {
            let position = pos.resolve()?;
            let square = parse_square(&square, "<SQUARE>")?;
            let material = material_arg(material.as_deref())?;
            write_stdout(&exchange(&position, square, &material, json).map_err(CliError::input)?)
        }
        other => Err(not_available(other, "exchange")),
    }
}
