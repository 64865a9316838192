//! `zonal trajectories`: shortest and admissible trajectories of a piece.

use crate::args::{GameName, TrajectoriesArgs, parse_square, position};
use crate::cmd::not_available;
use crate::output::{CliError, write_stdout};
use zonal_analysis::GameDef;
use zonal_games::chess_t1::report::Subject;
use zonal_games::chess_t1::report::trajectories::trajectories;

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
    with_game!(
        game,
        chess => {
            let pos = pos.resolve()?;
            let subject = Subject::new(&pos, &from, piece.piece, piece.own_removable)
                .map_err(CliError::input)?;
            let to = parse_square(&to, "--to")?;
            write_stdout(
                &trajectories(&pos, &subject, to, max_len, limit, json).map_err(CliError::input)?,
            )
        },
        G => {
            let p = position::<G>(&pos)?;
            match G::trajectories_report(&p, &from, &to, limit, json) {
                Some(report) => write_stdout(&report.map_err(CliError::input)?),
                None => Err(not_available(game, "trajectories")),
            }
        },
    )
}
