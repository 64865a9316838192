//! `zonal zones`: the mathematical projection as text, JSON or DOT, after moves if asked
//! ([`GameDef::zones_report`]).

use crate::args::{ZonesArgs, position};
use crate::output::{CliError, write_stdout};
use zonal_analysis::GameDef;
use zonal_analysis::report::ZonesRequest;

/// Runs `zonal zones` for the game `G`: the log of the moves played first (on stderr under
/// JSON or DOT), then the projection.
pub fn run<G: GameDef>(args: ZonesArgs) -> Result<(), CliError> {
    let ZonesArgs {
        pos,
        horizon,
        side,
        level,
        json,
        dot,
        text: _,
        after,
    } = args;
    let pos = position::<G>(&pos)?;
    let request = ZonesRequest {
        horizon,
        side: side.side(),
        level,
        after,
        json,
        dot,
    };
    let (log, report) = G::zones_report(&pos, &request).map_err(CliError::input)?;
    if json || dot {
        eprint!("{log}");
    } else {
        out!("{log}");
    }
    write_stdout(&report)
}
