//! `zonal trajectories`: shortest and admissible trajectories of a piece.

use crate::args::{GameName, TrajectoriesArgs, parse_square, position};
use crate::cmd::not_available;
use crate::output::{CliError, write_stdout};
use zonal_games::chess_t1::report::Subject;
use zonal_games::chess_t1::report::trajectories::trajectories;
use zonal_games::proryv::{Proryv, paths};

/// Runs `zonal trajectories` for `game` (chess-t1 and Прорыв).
pub fn run(game: GameName, args: TrajectoriesArgs) -> Result<(), CliError> {
    let TrajectoriesArgs {
        pos,
        from,
        to,
        piece,
        max_len,
        limit,
        json,
    } = args;
    match game {
        GameName::ChessT1 => {
            let pos = pos.resolve()?;
            let subject = Subject::new(&pos, &from, piece.piece, piece.own_removable)
                .map_err(CliError::input)?;
            let to = parse_square(&to, "--to")?;
            write_stdout(
                &trajectories(&pos, &subject, to, max_len, limit, json).map_err(CliError::input)?,
            )
        }
        GameName::Proryv => {
            let p = position::<Proryv>(&pos)?;
            let (from, to) = (
                paths::square(&from, "--from").map_err(CliError::input)?,
                paths::square(&to, "--to").map_err(CliError::input)?,
            );
            write_stdout(&paths::trajectories(&p, from, to, limit, json).map_err(CliError::input)?)
        }
        other => Err(not_available(other, "trajectories")),
    }
}
