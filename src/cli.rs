//! The `zonal` command line: each command to its file in [`crate::cmd`], with the game the
//! command line or the position file names.
//!
//! Every command writes its result to stdout (text, or JSON with `--json`) and logs to stderr
//! through `tracing` (`RUST_LOG=debug` for more). Bad input ends with a message naming what and
//! where, and exit code 2.

use crate::args::{Cli, Command, stated_game};
use crate::cmd;
use crate::output::CliError;

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), CliError> {
    let game = match (&cli.command, cli.game) {
        (Command::Games | Command::Serve(_), _) => crate::args::GameName::ChessT1,
        (_, Some(game)) => game,
        (command, None) => stated_game(command)?,
    };
    match cli.command {
        Command::Games => cmd::games::run(),
        Command::Serve(args) => cmd::serve::run(args),
        Command::Moves(args) => for_game!(game, G => cmd::moves::run::<G>(args)),
        Command::Force(args) => for_game!(game, G => cmd::force::run::<G>(args)),
        Command::Play(args) => for_game!(game, G => cmd::play::run::<G>(args)),
        Command::Review(args) => for_game!(game, G => cmd::review::run::<G>(args)),
        Command::Distance(args) => for_game!(game, G => cmd::distance::run::<G>(args)),
        Command::Trajectories(args) => for_game!(game, G => cmd::trajectories::run::<G>(args)),
        Command::Zones(args) => for_game!(game, G => cmd::zones::run::<G>(args)),
        Command::Exchange(args) => for_game!(game, G => cmd::exchange::run::<G>(args)),
        Command::Analyse(args) => for_game!(game, G => cmd::analyse::run::<G>(args)),
        Command::Search(args) => for_game!(game, G => cmd::search::run::<G>(args)),
        Command::Render(args) => for_game!(game, G => cmd::render::run::<G>(args)),
        Command::Bench(args) => for_game!(game, G => cmd::bench::run::<G>(args)),
        Command::Perft(args) => for_game!(game, G => cmd::perft::run::<G>(args)),
        Command::Engine => for_game!(game, G => cmd::engine::run::<G>()),
        Command::Match(args) => for_game!(game, G => cmd::matches::run::<G>(args)),
        Command::Datagen(args) => for_game!(game, G => cmd::learn::datagen::<G>(args)),
        Command::Fit(args) => for_game!(game, G => cmd::learn::fit::<G>(args)),
    }
}
