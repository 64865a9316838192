//! `zonal distance`: a piece's distance map.

use crate::args::{DistanceArgs, GameName, position};
use crate::cmd::not_available;
use crate::output::{CliError, write_stdout};
use zonal_games::chess_t1::report::Subject;
use zonal_games::chess_t1::report::distance::distance;
use zonal_games::proryv::{Proryv, paths};

/// Runs `zonal distance` for `game` (chess-t1 and Прорыв).
pub fn run(game: GameName, args: DistanceArgs) -> Result<(), CliError> {
    let DistanceArgs {
        pos,
        from,
        piece,
        json,
    } = args;
    match game {
        GameName::ChessT1 => {
            let pos = pos.resolve()?;
            let subject = Subject::new(&pos, &from, piece.piece, piece.own_removable)
                .map_err(CliError::input)?;
            write_stdout(&distance(&pos, &subject, json).map_err(CliError::input)?)
        }
        GameName::Proryv => {
            let p = position::<Proryv>(&pos)?;
            let from = paths::square(&from, "--from").map_err(CliError::input)?;
            write_stdout(&paths::distance(&p, from, json).map_err(CliError::input)?)
        }
        other => Err(not_available(other, "distance")),
    }
}
