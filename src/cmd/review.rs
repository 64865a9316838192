//! `zonal review`: a game reviewed move by move ([`zonal_analysis::review`]).

use crate::args::{GameName, ReviewArgs};
use crate::cmd::play::{given_moves, start_and_moves};
use crate::output::{CliError, write_stdout};
use zonal_analysis::ZoneDef;
use zonal_analysis::positions::record;
use zonal_core::Limits;

/// Runs `zonal review` for `game`.
pub fn run(game: GameName, args: ReviewArgs) -> Result<(), CliError> {
    with_game!(game, chess => chess(args), G => core::<G>(args))
}

/// `zonal review` for chess-t1: a start and its coordinate moves (given, or a position file
/// record's `moves`), searched by chess-t1's player.
fn chess(args: ReviewArgs) -> Result<(), CliError> {
    if args.records {
        return Err(CliError::input(
            "chess-t1: --records reads files of people's games (Hnefatafl's); give a position \
             and the moves, or a position file whose record has `moves`",
        ));
    }
    let (start, file_record) = args.pos.resolve_record()?;
    let limits = limits(&args);
    let given = given_moves(args.moves, args.record, "moves")?;
    let moves = match file_record.as_ref().and_then(|r| r.operands("moves")) {
        Some(list) if given.is_empty() => list.to_vec(),
        _ => given,
    };
    let bar = crate::output::bar(moves.len() as u64 + 1, "positions");
    let horizon = args
        .horizon
        .unwrap_or(chess_t1::analysis::AnalysisConfig::default().horizon);
    let done = || bar.inc(1);
    let r = zonal_games::chess_t1::review::review(start, &moves, &limits, horizon, &done)
        .map_err(CliError::input)?;
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

/// `zonal review` for a game of the core's search: the N-th finished game of a records file
/// (`--records`), or a start and its moves (given, or a position file record's `moves`).
fn core<G: ZoneDef>(args: ReviewArgs) -> Result<(), CliError> {
    let limits = limits(&args);
    let (start, moves) = if args.records {
        let n = args.pos.index.unwrap_or(1);
        record::<G>(&args.pos.pos, n).map_err(CliError::input)?
    } else {
        start_and_moves::<G>(&args.pos, args.moves, args.record)?
    };
    let bar = crate::output::bar(moves.len() as u64 + 1, "positions");
    let horizon = args.horizon.unwrap_or(G::HORIZON);
    let done = || bar.inc(1);
    let r = zonal_analysis::review::review::<G>(start, &moves, &limits, horizon, &done)
        .map_err(CliError::input)?;
    bar.finish_and_clear();
    write(&r, &start, &args.format)
}
