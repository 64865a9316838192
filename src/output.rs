//! What every command writes: stdout (a closed pipe ends quietly), JSON, progress bars, and
//! the error a failed command ends with.

use serde::Serialize;
use std::time::Duration;

/// Writes a line to stdout; a closed pipe ends the command quietly, another write error (a
/// full disk) is reported. Use inside functions returning `Result<_, CliError>`.
macro_rules! outln {
    () => {
        $crate::output::write_out(format_args!("\n"))?
    };
    ($($arg:tt)*) => {
        $crate::output::write_out(format_args!("{}\n", format_args!($($arg)*)))?
    };
}

/// As [`outln!`], without the line end.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::write_out(format_args!($($arg)*))?
    };
}

/// Writes to stdout; see [`outln!`].
pub(crate) fn write_out(args: std::fmt::Arguments<'_>) -> Result<(), CliError> {
    use std::io::Write as _;
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_fmt(args)
        .and_then(|()| stdout.flush())
        .map_err(CliError::output)
}

/// What a command line clap did not run gives: `--help` and `--version` written to stdout (exit
/// code 0, or 1 when stdout cannot be written, as for any output), an error to stderr with its
/// long words cut (a 100 kB argument is not echoed whole; exit code 2). Returns the exit code.
pub fn parse_failure(e: &clap::Error) -> i32 {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            match write_out(format_args!("{}", e.render())) {
                Ok(()) => 0,
                Err(failed) => {
                    if failed.code != 0 {
                        eprintln!("error: {}", failed.message);
                    }
                    failed.code
                }
            }
        }
        _ => {
            let text = e.render().to_string();
            let cut: Vec<String> = text
                .split('\n')
                .map(|line| {
                    line.split(' ')
                        .map(|word| chess_t1::excerpt::excerpt(&chess_t1::excerpt::printable(word)))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            eprint!("{}", cut.join("\n"));
            e.exit_code()
        }
    }
}

/// A failed command: the message and the process exit code.
#[derive(Debug)]
pub struct CliError {
    /// What went wrong, for the user.
    pub message: String,
    /// Exit code (2 for bad input).
    pub code: i32,
}

impl CliError {
    /// A failed write to stdout: a closed pipe (the reader has seen enough: not an error, exit
    /// code 0 and no message) or another error such as a full disk (exit code 1).
    pub fn output(e: std::io::Error) -> CliError {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            CliError {
                message: String::new(),
                code: 0,
            }
        } else {
            CliError {
                message: format!("cannot write the output: {e}"),
                code: 1,
            }
        }
    }

    /// Bad input from the user: exit code 2.
    pub fn input(e: impl std::fmt::Display) -> CliError {
        CliError {
            message: e.to_string(),
            code: 2,
        }
    }
}

pub(crate) fn print_json(value: &impl Serialize) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(value).map_err(|e| CliError {
        message: format!("cannot write JSON: {e}"),
        code: 1,
    })?;
    outln!("{text}");
    Ok(())
}

/// Writes a (possibly long) output to stdout; a reader that stops early (`| head`) is not an
/// error.
pub(crate) fn write_stdout(text: &str) -> Result<(), CliError> {
    write_out(format_args!("{text}"))
}

/// A bar of `len` games on stderr, drawn only when stderr is a terminal (matches, datagen).
pub(crate) fn games_bar(len: u64) -> indicatif::ProgressBar {
    bar(len, "games")
}

/// A bar of `len` things (`what`) on stderr, drawn only when stderr is a terminal.
pub(crate) fn bar(len: u64, what: &str) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len);
    if let Ok(style) = indicatif::ProgressStyle::with_template(&format!(
        "{{bar:30}} {{pos}}/{{len}} {what}, {{msg}} [{{elapsed_precise}} < {{eta}}]"
    )) {
        bar.set_style(style);
    }
    bar
}

/// A progress line on stderr with `template`, ticking by itself; drawn only when stderr is a
/// terminal (indicatif hides it otherwise), so pipes and files never see it.
pub(crate) fn spinner(template: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new_spinner();
    if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}
