//! `zonal distance`: a piece's distance map, where the game has the report
//! ([`GameDef::distance_report`]).

use crate::args::{DistanceArgs, position};
use crate::cmd::not_available;
use crate::output::{CliError, write_stdout};
use zonal_analysis::{GameDef, PathQuery};

/// Runs `zonal distance` for the game `G`.
pub fn run<G: GameDef>(args: DistanceArgs) -> Result<(), CliError> {
    let DistanceArgs {
        pos,
        from,
        piece,
        json,
    } = args;
    let pos = position::<G>(&pos)?;
    let query = PathQuery {
        from,
        piece: piece.piece,
        own_removable: piece.own_removable,
        json,
        ..PathQuery::default()
    };
    match G::distance_report(&pos, &query) {
        Some(report) => write_stdout(&report.map_err(CliError::input)?),
        None => Err(not_available::<G>("distance")),
    }
}
