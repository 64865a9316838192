//! The output of an external engine, read with bounds (issue 29): each line at most
//! [`MAX_LINE_BYTES`], at most [`MAX_LINES_PER_WAIT`] lines while one answer is awaited, and the
//! answer within a deadline. Whatever the program prints, the reader holds at most
//! [`QUEUED_LINES`] lines plus one being read, so its memory stays a few MiB.
//!
//! A thread reads the program's output into a bounded queue; [`EngineLines::wait_for`] takes
//! lines from it until the awaited one, and fails with a [`LineError`] when a bound is crossed.
//! `zonal match --cmd1/--cmd2` uses it for every game.

use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::{Duration, Instant};

/// Longest line an engine may write, in bytes (1 MiB).
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// Most lines an engine may write while one answer (`uciok`, `readyok`, `bestmove`) is awaited.
pub const MAX_LINES_PER_WAIT: u32 = 5_000;
/// Lines read ahead and not yet taken; the reader waits (and so does the engine) beyond that.
pub const QUEUED_LINES: usize = 8;

/// Why an awaited line did not come.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// A line longer than [`MAX_LINE_BYTES`].
    TooLong,
    /// More than [`MAX_LINES_PER_WAIT`] lines without the awaited one.
    TooMany,
    /// The deadline passed (milliseconds allowed).
    Deadline(u64),
    /// The program closed its output (it exited).
    Closed,
}

impl LineError {
    /// Whether it is the deadline (a time forfeit) rather than a misbehaving program.
    pub fn is_time(&self) -> bool {
        matches!(self, LineError::Deadline(_))
    }

    /// The failure in words, for engine `name` awaited to answer `word`.
    pub fn describe(&self, name: &str, word: &str) -> String {
        match self {
            LineError::TooLong => format!(
                "engine {name:?} wrote a line longer than {MAX_LINE_BYTES} bytes while {word} was awaited"
            ),
            LineError::TooMany => {
                format!("engine {name:?} wrote more than {MAX_LINES_PER_WAIT} lines without {word}")
            }
            LineError::Deadline(ms) => {
                format!("engine {name:?} did not answer {word} within {ms} ms")
            }
            LineError::Closed => format!("engine {name:?} exited while {word} was awaited"),
        }
    }
}

/// Why an external engine did not become a player: it cannot be run, or exited during its
/// handshake (`runs` false: a match refuses the command before its first game), or it runs but
/// broke a bound of its handshake (`runs` true: each of its games is lost, with this reason).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartFailure {
    /// What happened, in words.
    pub message: String,
    /// Whether the program runs.
    pub runs: bool,
}

impl StartFailure {
    /// A program that cannot be started or spoken to.
    pub fn not_run(message: String) -> StartFailure {
        StartFailure {
            message,
            runs: false,
        }
    }

    /// A handshake that failed with `e` while engine `name` was to answer `word`.
    pub fn handshake(e: &LineError, name: &str, word: &str) -> StartFailure {
        StartFailure {
            message: e.describe(name, word),
            runs: *e != LineError::Closed,
        }
    }
}

/// The lines of a program's output, read by a thread of their own.
pub struct EngineLines {
    lines: Receiver<Result<String, LineError>>,
}

impl EngineLines {
    /// Starts reading `output` (a child's stdout). The thread ends at the end of the output, at
    /// a line too long, or when this value is dropped and the queue is full or written to.
    pub fn spawn(output: impl Read + Send + 'static) -> EngineLines {
        let (tx, lines) = sync_channel(QUEUED_LINES);
        std::thread::spawn(move || read_lines(output, &tx));
        EngineLines { lines }
    }

    /// The next line whose first word is `word`, within `timeout_ms`, the lines before it
    /// skipped (at most [`MAX_LINES_PER_WAIT`] of them).
    pub fn wait_for(&self, word: &str, timeout_ms: u64) -> Result<String, LineError> {
        let deadline = Instant::now() + Duration::from_millis(timeout_ms);
        let mut seen = 0u32;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(LineError::Deadline(timeout_ms));
            }
            match self.lines.recv_timeout(left) {
                Ok(Ok(line)) => {
                    if line.split_whitespace().next() == Some(word) {
                        return Ok(line);
                    }
                    seen += 1;
                    if seen > MAX_LINES_PER_WAIT {
                        return Err(LineError::TooMany);
                    }
                }
                Ok(Err(e)) => return Err(e),
                Err(RecvTimeoutError::Timeout) => return Err(LineError::Deadline(timeout_ms)),
                Err(RecvTimeoutError::Disconnected) => return Err(LineError::Closed),
            }
        }
    }
}

/// Reads `output` line by line into `tx` until its end, a line too long, or a closed queue.
fn read_lines(output: impl Read, tx: &SyncSender<Result<String, LineError>>) {
    const KEEP: usize = 64 * 1024;
    let mut reader = BufReader::with_capacity(KEEP, output);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if buf.capacity() > KEEP {
            buf.shrink_to(KEEP);
        }
        let limit = MAX_LINE_BYTES as u64 + 1;
        match (&mut reader).take(limit).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
        } else if buf.len() > MAX_LINE_BYTES {
            let _ = tx.send(Err(LineError::TooLong));
            return;
        }
        if tx
            .send(Ok(String::from_utf8_lossy(&buf).into_owned()))
            .is_err()
        {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader of `n` copies of `item`, without end when `n` is `None`.
    struct Repeat {
        item: &'static [u8],
        left: Option<usize>,
        at: usize,
    }

    impl Read for Repeat {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let mut n = 0;
            while n < out.len() {
                if self.at == self.item.len() {
                    match &mut self.left {
                        Some(0) => break,
                        Some(k) => *k -= 1,
                        None => {}
                    }
                    self.at = 0;
                }
                out[n] = self.item[self.at];
                self.at += 1;
                n += 1;
            }
            Ok(n)
        }
    }

    fn repeat(item: &'static [u8], n: Option<usize>) -> EngineLines {
        EngineLines::spawn(Repeat {
            item,
            left: n,
            at: item.len(),
        })
    }

    #[test]
    fn the_awaited_line_after_others() {
        let lines = EngineLines::spawn(&b"id name x\r\ninfo depth 1\nuciok\nbestmove a1a2\n"[..]);
        assert_eq!(lines.wait_for("uciok", 1000), Ok("uciok".into()));
        assert_eq!(lines.wait_for("bestmove", 1000), Ok("bestmove a1a2".into()));
        assert_eq!(lines.wait_for("bestmove", 1000), Err(LineError::Closed));
    }

    #[test]
    fn a_flood_of_lines_is_cut_off() {
        let lines = repeat(b"y\n", None);
        assert_eq!(lines.wait_for("uciok", 60_000), Err(LineError::TooMany));
        // A flood within the bound: the answer after it still comes.
        let lines = EngineLines::spawn(
            Repeat {
                item: b"info\n",
                left: Some(MAX_LINES_PER_WAIT as usize - 1),
                at: 5,
            }
            .chain(&b"bestmove x\n"[..]),
        );
        assert_eq!(lines.wait_for("bestmove", 60_000), Ok("bestmove x".into()));
    }

    #[test]
    fn an_endless_line_is_cut_off() {
        let lines = repeat(b"x", None);
        assert_eq!(lines.wait_for("bestmove", 60_000), Err(LineError::TooLong));
        // A line just under the limit is read.
        let lines = repeat(b"x", Some(MAX_LINE_BYTES));
        assert_eq!(lines.wait_for("bestmove", 60_000), Err(LineError::Closed));
    }

    #[test]
    fn silence_meets_the_deadline() {
        let (rx, _keep) = std::io::pipe().expect("a pipe");
        let lines = EngineLines::spawn(rx);
        let began = Instant::now();
        assert_eq!(lines.wait_for("bestmove", 50), Err(LineError::Deadline(50)));
        assert!(began.elapsed() < Duration::from_secs(5));
        assert!(LineError::Deadline(50).is_time());
        assert!(
            LineError::TooMany
                .describe("e", "bestmove")
                .contains("more than 5000 lines without bestmove")
        );
    }
}
