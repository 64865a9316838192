//! `zonal force`: the force sums on every square, where the game has them
//! ([`GameDef::force_report`]).

use crate::args::{ForceArgs, position};
use crate::cmd::not_available;
use crate::output::{CliError, write_stdout};
use zonal_analysis::GameDef;

/// Runs `zonal force` for the game `G`.
pub fn run<G: GameDef>(args: ForceArgs) -> Result<(), CliError> {
    let ForceArgs { pos, raw, json } = args;
    match G::force_report(&position::<G>(&pos)?, raw, json) {
        Some(report) => write_stdout(&report.map_err(CliError::input)?),
        None => Err(not_available::<G>("force")),
    }
}
