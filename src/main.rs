//! The `zonal` binary: see `zonal --help`.

#[macro_use]
mod registry;
#[macro_use]
mod output;
mod args;
mod cli;
mod cmd;

use clap::Parser;
use std::io::IsTerminal;
use tracing_subscriber::EnvFilter;

/// Building a projection allocates many small vectors; mimalloc makes that 15-25% faster than
/// the system allocator (NOTES.md, "Dependencies").
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("warn")),
        )
        .init();
    // A bug must not end in a backtrace and exit code 101: one line, exit code 1.
    std::panic::set_hook(Box::new(|info| {
        let location = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        eprintln!("error: internal error{location}: {what} (a bug in zonal: please report it)");
        std::process::exit(1);
    }));
    let cli = match args::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => std::process::exit(output::parse_failure(&e)),
    };
    if let Err(e) = cli::run(cli) {
        // A closed stdout (`zonal perft 5 --divide | head -1`) ends quietly.
        if e.code == 0 {
            return;
        }
        eprintln!("error: {}", e.message);
        std::process::exit(e.code);
    }
}
