//! `zonal bench`: headline figures on a fixed set of positions ([`GameDef::bench_report`]).

use crate::args::BenchArgs;
use crate::output::{CliError, write_stdout};
use zonal_analysis::GameDef;

/// Runs `zonal bench` for the game `G`.
pub fn run<G: GameDef>(args: BenchArgs) -> Result<(), CliError> {
    let BenchArgs { quick, json } = args;
    write_stdout(&G::bench_report(quick, json).map_err(CliError::input)?)
}
