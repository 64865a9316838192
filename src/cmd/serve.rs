//! `zonal serve`: the analysis board in the browser ([`zonal_serve`]).

use crate::args::ServeArgs;
use crate::output::CliError;

/// Runs `zonal serve`: the address on stdout, then the server until the process is stopped.
pub fn run(args: ServeArgs) -> Result<(), CliError> {
    let announce = |url: &str| {
        use std::io::Write as _;
        let mut stdout = std::io::stdout().lock();
        writeln!(stdout, "zonal serve: listening on {url}").and_then(|()| stdout.flush())
    };
    zonal_serve::run(args.port, args.open, crate::registry::boards(), announce).map_err(|e| match e
    {
        zonal_serve::Error::Announce(e) => CliError::output(e),
        other => CliError {
            message: other.to_string(),
            code: 1,
        },
    })
}
