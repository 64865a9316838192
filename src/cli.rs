//! The `zonal` command line: each command to its file in [`crate::cmd`], with the game the
//! command line or the position file names.
//!
//! Every command writes its result to stdout (text, or JSON with `--json`) and logs to stderr
//! through `tracing` (`RUST_LOG=debug` for more). Bad input ends with a message naming what and
//! where, and exit code 2.

use crate::args::{Cli, Command, stated_game};
use crate::cmd;
use crate::output::CliError;
use zonal_analysis::GameDef;

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), CliError> {
    let game = match (&cli.command, cli.game) {
        (Command::Games | Command::Serve(_), _) => crate::args::GameName::ChessT1,
        (_, Some(game)) => game,
        (command, None) => stated_game(command)?,
    };
    for_game!(game, G => run_for::<G>(cli.command))
}

/// Runs `command` for the game `G` (chess-t1 for `games` and `serve`, which are about every
/// game).
fn run_for<G: GameDef>(command: Command) -> Result<(), CliError> {
    match command {
        Command::Games => cmd::games::run(),
        Command::Serve(args) => cmd::serve::run(args),
        Command::Moves(args) => cmd::moves::run::<G>(args),
        Command::Force(args) => cmd::force::run::<G>(args),
        Command::Play(args) => cmd::play::run::<G>(args),
        Command::Review(args) => cmd::review::run::<G>(args),
        Command::Distance(args) => cmd::distance::run::<G>(args),
        Command::Trajectories(args) => cmd::trajectories::run::<G>(args),
        Command::Zones(args) => cmd::zones::run::<G>(args),
        Command::Exchange(args) => cmd::exchange::run::<G>(args),
        Command::Analyse(args) => cmd::analyse::run::<G>(args),
        Command::Search(args) => cmd::search::run::<G>(args),
        Command::Render(args) => cmd::render::run::<G>(args),
        Command::Bench(args) => cmd::bench::run::<G>(args),
        Command::Perft(args) => cmd::perft::run::<G>(args),
        Command::Engine => cmd::engine::run::<G>(),
        Command::Match(args) => cmd::matches::run::<G>(args),
        Command::Datagen(args) => cmd::learn::datagen::<G>(args),
        Command::Fit(args) => cmd::learn::fit::<G>(args),
    }
}
