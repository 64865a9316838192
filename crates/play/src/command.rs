//! The engine protocol's commands: each input line is parsed into a [`Command`] (or a typed
//! [`ParseError`]) before the session acts on it.
//!
//! ```
//! use zonal_play::command::{Command, GoParams, ParseError, Setup};
//! assert_eq!(Command::parse("isready"), Ok(Some(Command::IsReady)));
//! assert_eq!(Command::parse("   "), Ok(None));
//! let go = Command::parse("go depth 3 wtime 1000 btime 900").unwrap().unwrap();
//! let Command::Go(params) = go else { panic!() };
//! assert_eq!(params.depth, Some(3));
//! assert_eq!(params.clock.map(|c| c.remaining_ms), Some([1000, 900]));
//! assert_eq!(
//!     Command::parse("position startpos moves e2e4"),
//!     Ok(Some(Command::Position { setup: Setup::Start("startpos".into()), moves: vec!["e2e4".into()] }))
//! );
//! assert_eq!(
//!     Command::parse("go depth 0").unwrap_err().to_string(),
//!     "go: depth \"0\": expected 1-64"
//! );
//! assert!(matches!(Command::parse("hello"), Err(ParseError::Unknown(_))));
//! ```

use std::fmt;
use zonal_core::excerpt::excerpt;

/// A game clock as `go` gives it: White's and Black's time left and increment (index 0 White,
/// 1 Black; in Hnefatafl White is the defenders), and the moves to the next time control.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Milliseconds left, White then Black.
    pub remaining_ms: [u64; 2],
    /// Milliseconds added after each move, White then Black.
    pub increment_ms: [u64; 2],
    /// Moves until the next time control, if the clock has one.
    pub moves_to_go: Option<u32>,
}

/// The limits of a `go` command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// Deepest iteration, plies (1-64).
    pub depth: Option<u32>,
    /// Most milliseconds.
    pub movetime_ms: Option<u64>,
    /// Most nodes.
    pub nodes: Option<u64>,
    /// A game clock (`wtime btime winc binc movestogo`).
    pub clock: Option<Clock>,
    /// Search until `stop` (also a bare `go`): `bestmove` waits for `stop`.
    pub infinite: bool,
}

impl GoParams {
    /// The parameters of `go`'s arguments.
    pub fn parse(args: &[&str]) -> Result<GoParams, ParseError> {
        let mut go = GoParams::default();
        let mut clock = Clock::default();
        let mut clocked = false;
        let mut i = 0;
        let bad = |key: &str, value: &str, expected: &str| ParseError::BadValue {
            command: "go",
            key: key.to_string(),
            value: excerpt(value),
            expected: expected.to_string(),
        };
        while i < args.len() {
            let key = args[i];
            if key == "infinite" {
                go.infinite = true;
                i += 1;
                continue;
            }
            let Some(&value) = args.get(i + 1) else {
                return Err(ParseError::MissingValue {
                    command: "go",
                    key: excerpt(key),
                });
            };
            let number = |min: u64| {
                value
                    .parse::<u64>()
                    .ok()
                    .filter(|v| *v >= min)
                    .ok_or_else(|| bad(key, value, &format!("a whole number >= {min}")))
            };
            match key {
                "depth" => {
                    go.depth = Some(
                        value
                            .parse::<u32>()
                            .ok()
                            .filter(|d| (1..=64).contains(d))
                            .ok_or_else(|| bad(key, value, "1-64"))?,
                    )
                }
                "movetime" => go.movetime_ms = Some(number(1)?),
                "nodes" => go.nodes = Some(number(1)?),
                "wtime" | "btime" | "winc" | "binc" => {
                    // A clock may run below zero in some programs: taken as 0.
                    let ms = value
                        .parse::<i64>()
                        .map_err(|_| bad(key, value, "milliseconds"))?
                        .max(0) as u64;
                    clocked = true;
                    match key {
                        "wtime" => clock.remaining_ms[0] = ms,
                        "btime" => clock.remaining_ms[1] = ms,
                        "winc" => clock.increment_ms[0] = ms,
                        _ => clock.increment_ms[1] = ms,
                    }
                }
                "movestogo" => {
                    clock.moves_to_go = Some(
                        value
                            .parse::<u32>()
                            .ok()
                            .filter(|m| *m >= 1)
                            .ok_or_else(|| bad(key, value, "a number >= 1"))?,
                    )
                }
                _ => {
                    return Err(ParseError::UnknownParameter {
                        command: "go",
                        parameter: excerpt(key),
                    });
                }
            }
            i += 2;
        }
        if clocked {
            go.clock = Some(clock);
        }
        if go.depth.is_none() && go.movetime_ms.is_none() && go.nodes.is_none() && !clocked {
            go.infinite = true;
        }
        Ok(go)
    }

    /// The `go` command of these limits (a clock's fields as given; `go infinite` without any).
    pub fn to_command(&self) -> String {
        let mut go = String::from("go");
        if let Some(d) = self.depth {
            go += &format!(" depth {d}");
        }
        if let Some(ms) = self.movetime_ms {
            go += &format!(" movetime {ms}");
        }
        if let Some(n) = self.nodes {
            go += &format!(" nodes {n}");
        }
        if let Some(c) = self.clock {
            go += &format!(
                " wtime {} btime {} winc {} binc {}",
                c.remaining_ms[0], c.remaining_ms[1], c.increment_ms[0], c.increment_ms[1]
            );
            if let Some(m) = c.moves_to_go {
                go += &format!(" movestogo {m}");
            }
        }
        if go == "go" {
            go += " infinite";
        }
        go
    }
}

/// Where `position` starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setup {
    /// A start position by name (`startpos`, `seed9`, ...).
    Start(String),
    /// `fen` and the game's position string (its fields joined by single spaces).
    Fen(String),
}

/// One command of the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify and list the options.
    Uci,
    /// `isready`: answered with `readyok`.
    IsReady,
    /// `ucinewgame`: a new game begins (the engine forgets the old one).
    NewGame,
    /// `setoption name <NAME> value <VALUE>`.
    SetOption {
        /// The option's name as given (words joined by single spaces).
        name: String,
        /// Its value as given.
        value: String,
    },
    /// `position <setup> [moves ...]`.
    Position {
        /// The start.
        setup: Setup,
        /// The moves from it, as given.
        moves: Vec<String>,
    },
    /// `go ...`.
    Go(GoParams),
    /// `stop`: end the search now.
    Stop,
    /// `quit`: end the session.
    Quit,
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The first word is no command (the line, cut).
    Unknown(String),
    /// A parameter the command does not take.
    UnknownParameter {
        /// The command.
        command: &'static str,
        /// The parameter, cut.
        parameter: String,
    },
    /// A parameter without its value.
    MissingValue {
        /// The command.
        command: &'static str,
        /// The parameter, cut.
        key: String,
    },
    /// A value out of range or of the wrong kind.
    BadValue {
        /// The command.
        command: &'static str,
        /// The parameter.
        key: String,
        /// The value, cut.
        value: String,
        /// What was expected.
        expected: String,
    },
    /// `setoption` not of the form `name <NAME> value <VALUE>`.
    SetOptionForm,
    /// `setoption name` without a name.
    MissingOptionName,
    /// `setoption name <NAME>` without a value (the name, cut).
    MissingOptionValue(String),
    /// `position` without `startpos`, a start's name or `fen`.
    MissingSetup,
    /// `position fen` without a position string.
    MissingFen,
    /// Words after a start's name that are not `moves ...` (the start, the words cut).
    AfterStart(String, String),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Unknown(line) => write!(f, "unknown command: {line}"),
            ParseError::UnknownParameter { command, parameter } => {
                write!(f, "{command}: unknown parameter {parameter:?}")
            }
            ParseError::MissingValue { command, key } => {
                write!(f, "{command}: {key} needs a value")
            }
            ParseError::BadValue {
                command,
                key,
                value,
                expected,
            } => write!(f, "{command}: {key} {value:?}: expected {expected}"),
            ParseError::SetOptionForm => {
                write!(
                    f,
                    "setoption: expected `setoption name <NAME> value <VALUE>`"
                )
            }
            ParseError::MissingOptionName => {
                write!(f, "setoption: missing option name after `name`")
            }
            ParseError::MissingOptionValue(name) => {
                write!(f, "setoption: missing `value <VALUE>` for option {name:?}")
            }
            ParseError::MissingSetup => write!(f, "position: expected startpos or fen"),
            ParseError::MissingFen => write!(f, "position: fen needs a position string"),
            ParseError::AfterStart(start, words) => write!(
                f,
                "position: unexpected {words:?} after {start} (expected `moves` or the end)"
            ),
        }
    }
}

impl std::error::Error for ParseError {}

impl Command {
    /// The command of one input line; `None` for an empty line.
    pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = tokens.split_first() else {
            return Ok(None);
        };
        let command = match command {
            "uci" => Command::Uci,
            "isready" => Command::IsReady,
            "ucinewgame" => Command::NewGame,
            "setoption" => parse_setoption(args)?,
            "position" => parse_position(args)?,
            "go" => Command::Go(GoParams::parse(args)?),
            "stop" => Command::Stop,
            "quit" => Command::Quit,
            _ => return Err(ParseError::Unknown(excerpt(line.trim()))),
        };
        Ok(Some(command))
    }
}

/// `name <N...> value <V...>` of `setoption`.
fn parse_setoption(args: &[&str]) -> Result<Command, ParseError> {
    if args.first() != Some(&"name") {
        return Err(ParseError::SetOptionForm);
    }
    let rest = &args[1..];
    let (name, value) = match rest.iter().position(|t| *t == "value") {
        Some(i) => (rest[..i].join(" "), rest[i + 1..].join(" ")),
        None => (rest.join(" "), String::new()),
    };
    if name.is_empty() {
        return Err(ParseError::MissingOptionName);
    }
    if value.is_empty() {
        return Err(ParseError::MissingOptionValue(excerpt(&name)));
    }
    Ok(Command::SetOption { name, value })
}

/// `<start name>|fen <fields...> [moves ...]` of `position`.
fn parse_position(args: &[&str]) -> Result<Command, ParseError> {
    let (setup, moves) = match args.iter().position(|t| *t == "moves") {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let setup = match setup.split_first() {
        None => return Err(ParseError::MissingSetup),
        Some((&"fen", [])) => return Err(ParseError::MissingFen),
        Some((&"fen", fields)) => Setup::Fen(fields.join(" ")),
        Some((name, [])) => Setup::Start(name.to_string()),
        Some((name, extra)) => {
            return Err(ParseError::AfterStart(
                excerpt(name),
                excerpt(&extra.join(" ")),
            ));
        }
    };
    Ok(Command::Position {
        setup,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(line: &str) -> String {
        Command::parse(line).expect_err(line).to_string()
    }

    #[test]
    fn every_command_parses() {
        let cases = [
            ("uci", Command::Uci),
            ("isready", Command::IsReady),
            ("ucinewgame", Command::NewGame),
            ("stop", Command::Stop),
            ("quit\n", Command::Quit),
            (
                "setoption name Move Overhead value 30 ms",
                Command::SetOption {
                    name: "Move Overhead".into(),
                    value: "30 ms".into(),
                },
            ),
            (
                "position fen 9/9 a seed moves d9-d8 e1-e3xe2",
                Command::Position {
                    setup: Setup::Fen("9/9 a seed".into()),
                    moves: vec!["d9-d8".into(), "e1-e3xe2".into()],
                },
            ),
            (
                "position seed9",
                Command::Position {
                    setup: Setup::Start("seed9".into()),
                    moves: vec![],
                },
            ),
            (
                "go",
                Command::Go(GoParams {
                    infinite: true,
                    ..GoParams::default()
                }),
            ),
        ];
        for (line, expected) in cases {
            assert_eq!(Command::parse(line), Ok(Some(expected)), "{line}");
        }
        assert_eq!(Command::parse(""), Ok(None));
    }

    #[test]
    fn go_reads_clocks_and_combinations() {
        let Ok(Some(Command::Go(go))) = Command::parse(
            "go wtime 1000 btime -5 winc 10 binc 20 movestogo 5 depth 3 nodes 999 movetime 7",
        ) else {
            panic!("go");
        };
        assert_eq!(
            go,
            GoParams {
                depth: Some(3),
                movetime_ms: Some(7),
                nodes: Some(999),
                clock: Some(Clock {
                    remaining_ms: [1000, 0],
                    increment_ms: [10, 20],
                    moves_to_go: Some(5),
                }),
                infinite: false,
            }
        );
        assert_eq!(
            go.to_command(),
            "go depth 3 movetime 7 nodes 999 wtime 1000 btime 0 winc 10 binc 20 movestogo 5"
        );
        assert_eq!(GoParams::default().to_command(), "go infinite");
        let Ok(Some(Command::Go(go))) = Command::parse("go infinite depth 9") else {
            panic!("go");
        };
        assert!(go.infinite && go.depth == Some(9));
    }

    #[test]
    fn errors_name_the_command_the_parameter_and_the_value() {
        let cases = [
            ("hello there", "unknown command: hello there"),
            ("go depth x", "go: depth \"x\": expected 1-64"),
            ("go depth 65", "go: depth \"65\": expected 1-64"),
            ("go sideways 3", "go: unknown parameter \"sideways\""),
            ("go movetime", "go: movetime needs a value"),
            (
                "go movetime 0",
                "go: movetime \"0\": expected a whole number >= 1",
            ),
            ("go wtime soon", "go: wtime \"soon\": expected milliseconds"),
            (
                "go movestogo 0",
                "go: movestogo \"0\": expected a number >= 1",
            ),
            (
                "setoption value 3",
                "setoption: expected `setoption name <NAME> value <VALUE>`",
            ),
            (
                "setoption name value 3",
                "setoption: missing option name after `name`",
            ),
            (
                "setoption name Eval",
                "setoption: missing `value <VALUE>` for option \"Eval\"",
            ),
            ("position", "position: expected startpos or fen"),
            ("position fen", "position: fen needs a position string"),
            ("position moves e2e4", "position: expected startpos or fen"),
            (
                "position startpos e2e4",
                "position: unexpected \"e2e4\" after startpos (expected `moves` or the end)",
            ),
        ];
        for (line, expected) in cases {
            assert_eq!(err(line), expected, "{line}");
        }
        // Echoes of input are excerpts.
        let long = format!("go depth {}", "9".repeat(500));
        assert!(err(&long).len() < 120, "{}", err(&long));
        assert_eq!(
            Command::parse(&"y".repeat(500)),
            Err(ParseError::Unknown(format!("{}...", "y".repeat(60))))
        );
    }
}
