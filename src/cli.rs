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
        Command::Moves(args) => cmd::moves::run(game, args),
        Command::Force(args) => cmd::force::run(game, args),
        Command::Play(args) => cmd::play::run(game, args),
        Command::Review(args) => cmd::review::run(game, args),
        Command::Distance(args) => cmd::distance::run(game, args),
        Command::Trajectories(args) => cmd::trajectories::run(game, args),
        Command::Zones(args) => cmd::zones::run(game, args),
        Command::Exchange(args) => cmd::exchange::run(game, args),
        Command::Analyse(args) => cmd::analyse::run(game, args),
        Command::Search(args) => cmd::search::run(game, args),
        Command::Render(args) => cmd::render::run(game, args),
        Command::Bench(args) => cmd::bench::run(game, args),
        Command::Perft(args) => cmd::perft::run(game, args),
        Command::Engine => cmd::engine::run(game),
        Command::Match(args) => cmd::matches::run(game, args),
        Command::Datagen(args) => cmd::learn::datagen(game, args),
        Command::Fit(args) => cmd::learn::fit(game, args),
    }
}
