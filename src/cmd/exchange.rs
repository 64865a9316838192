//! `zonal exchange`: the exchange on a square, where the game has the exchange rule
//! ([`GameDef::exchange_report`]).

use crate::args::{ExchangeArgs, position};
use crate::cmd::not_available;
use crate::output::{CliError, write_stdout};
use zonal_analysis::GameDef;

/// Runs `zonal exchange` for the game `G`.
pub fn run<G: GameDef>(args: ExchangeArgs) -> Result<(), CliError> {
    let ExchangeArgs {
        pos,
        square,
        material,
        json,
    } = args;
    let pos = position::<G>(&pos)?;
    match G::exchange_report(&pos, &square, material.as_deref(), json) {
        Some(report) => write_stdout(&report.map_err(CliError::input)?),
        None => Err(not_available::<G>("exchange")),
    }
}
