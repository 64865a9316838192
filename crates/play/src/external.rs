//! External engines of a match: programs speaking the engine protocol, read in bounds
//! ([`zonal_core::engine_lines`]: a line longer than 1 MiB or more than 5,000 lines while one
//! answer is awaited fails; the deadline holds however many lines come; memory stays bounded).

use crate::command::GoParams;
use std::io::Write;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};
use zonal_core::engine_lines::{EngineLines, StartFailure};
use zonal_core::excerpt::excerpt;

/// How long an external engine may take to answer `uci` or `isready` (ms).
pub const HANDSHAKE_MS: u64 = 10_000;
/// Extra time an external engine gets beyond its move's time before it loses (ms).
pub const MOVE_GRACE_MS: u64 = 5_000;
/// Time an external engine gets for a move limited by depth or nodes only (ms).
pub const UNTIMED_MOVE_MS: u64 = 60_000;

/// The reason of a loss by a player's failure (a crash, a closed input, no move, output beyond
/// the bounds).
pub const ENGINE_ERROR: &str = "engine_error";
/// The reason of a loss on time (a flag fall, or no `bestmove` by the deadline).
pub const TIME_FORFEIT: &str = "time_forfeit";
/// The reason of a loss by a move the game's rules refuse.
pub const ILLEGAL_MOVE: &str = "illegal_move";

/// Splits a command line into words: whitespace separates, `'...'` keeps everything literally,
/// `"..."` keeps all but `\"` and `\\`, and `\` outside quotes escapes the next character.
///
/// ```
/// use zonal_play::external::split_command;
/// assert_eq!(
///     split_command(r#"zonal engine --x "a b" 'c d' e\ f"#).unwrap(),
///     ["zonal", "engine", "--x", "a b", "c d", "e f"]
/// );
/// assert!(split_command("a 'b").is_err());
/// ```
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    let unclosed = |q: char| format!("unclosed {q} in command {:?}", excerpt(text));
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(unclosed('\'')),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(unclosed('"')),
                        },
                        Some(c) => word.push(c),
                        None => return Err(unclosed('"')),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err(format!("a lone \\ ends command {:?}", excerpt(text))),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// An external engine's process.
pub struct External {
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: EngineLines,
}

impl External {
    /// Starts `argv` (`name`: the command line as given) and waits for its `uciok` and
    /// `readyok`. [`StartFailure::runs`] tells a program that cannot start or exits at once
    /// from one that runs but breaks a bound of its handshake.
    pub fn start(argv: &[String], name: &str) -> Result<External, StartFailure> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| StartFailure::not_run("the engine command is empty".into()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| StartFailure::not_run(format!("cannot start engine {name:?}: {e}")))?;
        let stdin = child.stdin.take();
        let Some(stdout) = child.stdout.take() else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(StartFailure::not_run(format!(
                "engine {name:?} has no output"
            )));
        };
        let mut engine = External {
            name: name.to_string(),
            child,
            stdin,
            lines: EngineLines::spawn(stdout),
        };
        for (command, answer) in [("uci", "uciok"), ("isready", "readyok")] {
            engine.send(command).map_err(StartFailure::not_run)?;
            engine
                .lines
                .wait_for(answer, HANDSHAKE_MS)
                .map_err(|e| StartFailure::handshake(&e, name, answer))?;
        }
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        let name = &self.name;
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| format!("engine {name:?} is closed"))?;
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .map_err(|e| format!("engine {name:?} does not read its input ({e})"))
    }

    /// A new game begins: `ucinewgame`, then `isready` answered.
    pub fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.lines
            .wait_for("readyok", HANDSHAKE_MS)
            .map(|_| ())
            .map_err(|e| e.describe(&self.name, "readyok"))
    }

    /// The engine's move, as it wrote it, after `moves` from the position string `start`
    /// within `go`; `time_ms` is the time the move may take at most (a movetime, or the
    /// clock's time left), if any: no `bestmove` by then plus [`MOVE_GRACE_MS`] (or
    /// [`UNTIMED_MOVE_MS`] without one) loses. Otherwise why it gave none: [`ENGINE_ERROR`]
    /// or [`TIME_FORFEIT`], and what happened.
    pub fn choose(
        &mut self,
        start: &str,
        moves: &[String],
        go: &GoParams,
        time_ms: Option<u64>,
    ) -> Result<String, (&'static str, String)> {
        let mut position = format!("position fen {start}");
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        let error = |e| (ENGINE_ERROR, e);
        self.send(&position).map_err(error)?;
        self.send(&go.to_command()).map_err(error)?;
        let timeout = time_ms.map_or(UNTIMED_MOVE_MS, |ms| ms.saturating_add(MOVE_GRACE_MS));
        let line = self.lines.wait_for("bestmove", timeout).map_err(|e| {
            let reason = if e.is_time() {
                TIME_FORFEIT
            } else {
                ENGINE_ERROR
            };
            (reason, e.describe(&self.name, "bestmove"))
        })?;
        match line.split_whitespace().nth(1) {
            Some(text) if text != "0000" => Ok(text.to_string()),
            _ => Err(error(format!(
                "engine {:?} answered {:?} in a game that is not over",
                self.name,
                excerpt(&line)
            ))),
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
