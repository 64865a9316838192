//! `zonal review`: a game reviewed move by move ([`zonal_analysis::review`]).

use crate::args::ReviewArgs;
use crate::cmd::play::start_and_moves;
use crate::output::{CliError, write_stdout};
use zonal_analysis::GameDef;
use zonal_core::Limits;

/// Runs `zonal review` for the game `G`: the N-th finished game of a file of people's games
/// (`--records`, where the game has such files), or a start and its moves (given, or a position
/// file record's `moves`), each position searched by the game's analysis
/// ([`GameDef::review`]).
pub fn run<G: GameDef>(args: ReviewArgs) -> Result<(), CliError> {
    let limits = limits(&args);
    let (start, moves) = if args.records {
        let n = args.pos.index.unwrap_or(1);
        G::people_game(&args.pos.pos, n).map_err(CliError::input)?
    } else {
        start_and_moves::<G>(&args.pos, args.moves, args.record)?
    };
    let bar = crate::output::bar(moves.len() as u64 + 1, "positions");
    let horizon = args.horizon.unwrap_or(G::HORIZON);
    let done = || bar.inc(1);
    let r = G::review(start, &moves, &limits, horizon, &done).map_err(CliError::input)?;
    bar.finish_and_clear();
    write(&r, &start, &args.format)
}

/// The limits of each position's search: `--depth` or `--nodes` if given, else `--movetime`.
fn limits(args: &ReviewArgs) -> Limits {
    let fixed = args.depth.is_some() || args.nodes.is_some();
    Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime_ms: (!fixed).then_some(args.movetime),
    }
}

/// The review in the `--format` asked for.
fn write(
    r: &zonal_analysis::review::Review,
    start: &impl std::fmt::Display,
    format: &str,
) -> Result<(), CliError> {
    write_stdout(&match format {
        "json" => serde_json::to_string_pretty(r).map_err(CliError::input)? + "\n",
        "record" => r.annotated_record(start),
        "svg" => r.graph_svg(),
        _ => r.text(),
    })
}
