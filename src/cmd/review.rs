//! `zonal review`: a game reviewed move by move ([`zonal_analysis::review`]).

use crate::args::{GameName, ReviewArgs};
use crate::cmd::not_available;
use crate::cmd::play::start_and_moves;
use crate::output::{CliError, write_stdout};
use zonal_analysis::GameDef;
use zonal_analysis::positions::record;
use zonal_core::Limits;

/// Runs `zonal review` for `game`.
pub fn run(game: GameName, args: ReviewArgs) -> Result<(), CliError> {
    with_game!(game, chess => Err(not_available(game, "review")), G => core::<G>(args))
}

/// `zonal review` for a game of the core's search: the N-th finished game of a records file
/// (`--records`), or a start and its moves (given, or a position file record's `moves`).
fn core<G: GameDef>(args: ReviewArgs) -> Result<(), CliError> {
    let (start, moves) = if args.records {
        let n = args.pos.index.unwrap_or(1);
        record::<G>(&args.pos.pos, n).map_err(CliError::input)?
    } else {
        start_and_moves::<G>(&args.pos, args.moves, args.record)?
    };
    let fixed = args.depth.is_some() || args.nodes.is_some();
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime_ms: (!fixed).then_some(args.movetime),
    };
    let bar = crate::output::bar(moves.len() as u64 + 1, "positions");
    let horizon = args.horizon.unwrap_or(G::HORIZON);
    let done = || bar.inc(1);
    let r = zonal_analysis::review::review::<G>(start, &moves, &limits, horizon, &done)
        .map_err(CliError::input)?;
    bar.finish_and_clear();
    write_stdout(&match args.format.as_str() {
        "json" => serde_json::to_string_pretty(&r).map_err(CliError::input)? + "\n",
        "record" => r.annotated_record(start),
        "svg" => r.graph_svg(),
        _ => r.text(),
    })
}
