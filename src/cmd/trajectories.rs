//! `zonal trajectories`: shortest and admissible trajectories of a piece, where the game has
//! the report ([`GameDef::trajectories_report`]).

use crate::args::{TrajectoriesArgs, position};
use crate::cmd::not_available;
use crate::output::{CliError, write_stdout};
use zonal_analysis::{GameDef, PathQuery};

/// Runs `zonal trajectories` for the game `G`.
pub fn run<G: GameDef>(args: TrajectoriesArgs) -> Result<(), CliError> {
    let TrajectoriesArgs {
        pos,
        from,
        to,
        piece,
        max_len,
        limit,
        json,
    } = args;
    let pos = position::<G>(&pos)?;
    let query = PathQuery {
        from,
        to: Some(to),
        piece: piece.piece,
        own_removable: piece.own_removable,
        max_len,
        limit,
        json,
    };
    match G::trajectories_report(&pos, &query) {
        Some(report) => write_stdout(&report.map_err(CliError::input)?),
        None => Err(not_available::<G>("trajectories")),
    }
}
