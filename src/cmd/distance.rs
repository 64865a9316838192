//! `zonal distance`: a piece's distance map.

use crate::args::{DistanceArgs, GameName, position};
use crate::cmd::not_available;
use crate::output::{CliError, write_stdout};
use zonal_analysis::GameDef;
use zonal_games::chess_t1::report::Subject;
use zonal_games::chess_t1::report::distance::distance;

/// Runs `zonal distance` for `game` (chess-t1 and Прорыв).
pub fn run(game: GameName, args: DistanceArgs) -> Result<(), CliError> {
    let DistanceArgs {
        pos,
        from,
        piece,
        json,
    } = args;
    with_game!(
        game,
        chess => {
            let pos = pos.resolve()?;
            let subject = Subject::new(&pos, &from, piece.piece, piece.own_removable)
                .map_err(CliError::input)?;
            write_stdout(&distance(&pos, &subject, json).map_err(CliError::input)?)
        },
        G => {
            let p = position::<G>(&pos)?;
            match G::distance_report(&p, &from, json) {
                Some(report) => write_stdout(&report.map_err(CliError::input)?),
                None => Err(not_available(game, "distance")),
            }
        },
    )
}
