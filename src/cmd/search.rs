//! `zonal search`: a position searched within a depth, a time or a node count, by the game's
//! engine ([`GameDef::search_report`]).

use crate::args::{SearchArgs, position};
use crate::output::{CliError, spinner, write_stdout};
use zonal_analysis::GameDef;
use zonal_analysis::analyse::SearchRequest;

/// Runs `zonal search` for the game `G`.
pub fn run<G: GameDef>(args: SearchArgs) -> Result<(), CliError> {
    let SearchArgs {
        pos,
        depth,
        bounds,
        full,
        horizon,
        engine,
        json,
    } = args;
    let pos = position::<G>(&pos)?;
    let request = SearchRequest {
        full,
        horizon,
        limits: bounds.limits(depth, 4),
        engine: engine.keys(),
        json,
    };
    // Each finished iteration is shown on a terminal while the search runs.
    let progress = spinner("{elapsed_precise} {spinner} {msg}");
    progress.set_message("searching");
    let report = G::search_report(&pos, &request, &mut |message| progress.set_message(message));
    progress.finish_and_clear();
    let (out, err) = report.map_err(CliError::input)?;
    write_stdout(&out)?;
    eprint!("{err}");
    Ok(())
}
