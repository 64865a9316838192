//! The engine protocol (UCI-like, README "Engine protocol") for every game: each line is parsed
//! into a [`Command`], then acted on. One engine ([`PlayGame::Searcher`]) serves the whole
//! session: `ucinewgame` makes it forget the game, a changed option builds a new one.
//!
//! - `uci`: `id name`, `id author`, the game's options ([`Settings::options`]), `uciok`;
//! - `isready`: `readyok` (answered while a search runs);
//! - `setoption name N value V` ([`Settings::set_option`]);
//! - `position <start name>|fen <position string> [moves ...]`: the game's starts by name, its
//!   position string and its moves; the positions since the last irreversible move go into the
//!   search as its history, so that it sees repetitions;
//! - `go [depth N] [movetime MS] [nodes N] [wtime MS btime MS winc MS binc MS movestogo N]
//!   [infinite]`: `info` lines after each iteration, then `bestmove`, or `info string game
//!   over: ...` and `bestmove 0000` when the game is over; after `go infinite` (or a bare `go`)
//!   `bestmove` waits for `stop`;
//! - `stop`, `quit`.
//!
//! The search runs on its own thread. Bad input is answered with `info string error: ...`
//! (unknown commands with `info string unknown command: ...`) and leaves the engine as it was.
//! The end of the input lets a search with limits finish and stops an infinite one; a closed
//! output ends the session quietly.

use crate::command::{Command, ParseError, Setup};
use crate::game::{Budget, PlayGame, Searcher, Settings};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;
use zonal_core::excerpt::excerpt;

/// Longest command line the protocol reads (a `position` with a few hundred moves fits).
pub const MAX_COMMAND_BYTES: usize = 1 << 20;

/// The output shared by the command loop and the search thread: whole lines, flushed; the
/// first write error is kept and ends the session.
struct Out<W: Write> {
    writer: Mutex<W>,
    failed: Mutex<Option<io::Error>>,
    broken: AtomicBool,
}

impl<W: Write> Out<W> {
    fn writer(&self) -> MutexGuard<'_, W> {
        self.writer.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes `line`; `before` runs under the output's lock just before.
    fn line_after(&self, line: &str, before: impl FnOnce()) {
        let mut w = self.writer();
        before();
        if self.is_broken() {
            return;
        }
        let written = w
            .write_all(line.as_bytes())
            .and_then(|()| w.write_all(b"\n"))
            .and_then(|()| w.flush());
        if let Err(e) = written {
            self.broken.store(true, Ordering::Relaxed);
            self.failed
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert(e);
        }
    }

    fn line(&self, line: &str) {
        self.line_after(line, || {});
    }

    fn error(&self, message: &str) {
        self.line(&format!("info string error: {message}"));
    }

    fn is_broken(&self) -> bool {
        self.broken.load(Ordering::Relaxed)
    }

    /// The session's result: a broken pipe is a quiet end, other write errors are returned.
    fn result(&self) -> io::Result<()> {
        match self.failed.lock().unwrap_or_else(|e| e.into_inner()).take() {
            Some(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e),
            _ => Ok(()),
        }
    }
}

/// A search on its thread; the thread gives the engine back.
struct Running<S> {
    stop: Arc<AtomicBool>,
    /// Set (under the output's lock) just before `bestmove` is written.
    done: Arc<AtomicBool>,
    infinite: bool,
    handle: JoinHandle<S>,
}

/// One session of the protocol for the game `G`.
struct Session<G: PlayGame, W: Write + Send + 'static> {
    out: Arc<Out<W>>,
    settings: G::Settings,
    /// The engine, built from `settings` at the first `go`; `None` after an option changed.
    searcher: Option<G::Searcher>,
    running: Option<Running<G::Searcher>>,
    game: G::Game,
    /// Keys of the game's positions before the current one, since its last irreversible move.
    history: Vec<u64>,
}

impl<G: PlayGame, W: Write + Send + 'static> Session<G, W> {
    fn new(output: W) -> Option<Self> {
        let start = G::starts().first().and_then(|n| G::start(n))?;
        Some(Session {
            out: Arc::new(Out {
                writer: Mutex::new(output),
                failed: Mutex::new(None),
                broken: AtomicBool::new(false),
            }),
            settings: G::settings(),
            searcher: None,
            running: None,
            game: G::new_game(start),
            history: Vec::new(),
        })
    }

    /// Handles one command line; `false` on `quit`.
    fn handle(&mut self, line: &str) -> bool {
        let command = match Command::parse(line) {
            Ok(Some(command)) => command,
            Ok(None) => return true,
            Err(ParseError::Unknown(text)) => {
                self.out
                    .line(&format!("info string unknown command: {text}"));
                return true;
            }
            Err(e) => {
                self.out.error(&e.to_string());
                return true;
            }
        };
        match command {
            Command::Uci => {
                self.out.line(&format!("id name {}", G::engine_name()));
                self.out.line("id author the zonal authors");
                for option in self.settings.options() {
                    self.out.line(&option);
                }
                self.out.line("uciok");
            }
            Command::IsReady => self.out.line("readyok"),
            Command::NewGame => {
                if self.idle("ucinewgame")
                    && let Some(start) = G::starts().first().and_then(|n| G::start(n))
                {
                    if let Some(s) = &mut self.searcher {
                        s.new_game();
                    }
                    self.game = G::new_game(start);
                    self.history.clear();
                }
            }
            Command::SetOption { name, value } => {
                if self.idle("setoption") {
                    match self.settings.set_option(&name, &value) {
                        Ok(()) => self.searcher = None,
                        Err(message) => self.out.error(&message),
                    }
                }
            }
            // A position given during a search is for the next `go`.
            Command::Position { setup, moves } => match set_up::<G>(&setup, &moves) {
                Ok((game, history)) => {
                    self.game = game;
                    self.history = history;
                }
                Err(message) => self.out.error(&format!("position: {message}")),
            },
            Command::Go(go) => {
                if self.idle("go") {
                    self.go(&go);
                }
            }
            Command::Stop => self.finish(true),
            Command::Quit => {
                self.finish(true);
                return false;
            }
        }
        true
    }

    /// Whether no search is running (one that has written its `bestmove` is joined); otherwise
    /// answers that `what` waits for `stop`.
    fn idle(&mut self, what: &str) -> bool {
        match &self.running {
            None => true,
            Some(r) if r.done.load(Ordering::Acquire) => {
                self.finish(false);
                true
            }
            Some(_) => {
                self.out.error(&format!(
                    "{what} ignored: a search is running (send stop first)"
                ));
                false
            }
        }
    }

    /// Ends the running search, if any (stopping it when `stop` or when it is infinite), waits
    /// for its `bestmove` and takes the engine back.
    fn finish(&mut self, stop: bool) {
        if let Some(r) = self.running.take() {
            if stop || r.infinite {
                r.stop.store(true, Ordering::Relaxed);
            }
            match r.handle.join() {
                Ok(searcher) => self.searcher = Some(searcher),
                Err(_) => {
                    self.out
                        .error("the search failed; the engine starts afresh");
                    self.searcher = None;
                }
            }
        }
    }

    fn go(&mut self, go: &crate::command::GoParams) {
        if let Some(end) = G::end(&self.game) {
            self.out
                .line(&format!("info string game over: {}", end.text));
            self.out.line("bestmove 0000");
            return;
        }
        let pos = G::current(&self.game);
        let budget = Budget::of_go(go, G::side(&pos));
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| G::searcher(&self.settings));
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let (out, stop2, done2) = (self.out.clone(), stop.clone(), done.clone());
        let history = self.history.clone();
        let infinite = go.infinite;
        let handle = std::thread::spawn(move || {
            let result = searcher.search(&pos, &history, &budget, &stop2, &mut |info| {
                out.line(&info.line());
                if out.is_broken() {
                    stop2.store(true, Ordering::Relaxed);
                }
            });
            // After `go infinite` the best move waits for `stop` (or the end of the input).
            while infinite && !stop2.load(Ordering::Relaxed) && !out.is_broken() {
                std::thread::sleep(Duration::from_millis(2));
            }
            let best = result
                .best
                .map_or_else(|| "0000".to_string(), |m| m.to_string());
            out.line_after(&format!("bestmove {best}"), || {
                done2.store(true, Ordering::Release)
            });
            searcher
        });
        self.running = Some(Running {
            stop,
            done,
            infinite,
            handle,
        });
    }
}

/// The game a `position` command sets up, and the keys of its positions before the current one
/// since the last irreversible move; or what is wrong.
pub fn set_up<G: PlayGame>(setup: &Setup, moves: &[String]) -> Result<(G::Game, Vec<u64>), String> {
    let start = match setup {
        Setup::Fen(text) => G::parse_position(text)
            .map_err(|e| format!("bad position string {:?}: {e}", excerpt(text)))?,
        Setup::Start(name) => G::start(name).ok_or_else(|| {
            format!(
                "expected fen or a start ({}), found {:?}",
                G::starts().join(", "),
                excerpt(name)
            )
        })?,
    };
    let mut game = G::new_game(start);
    let mut history = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        if let Some(end) = G::end(&game) {
            return Err(format!(
                "move {} ({}): the game is over: {}",
                i + 1,
                excerpt(text),
                end.text
            ));
        }
        let before = G::current(&game);
        G::play_text(&mut game, text)
            .map_err(|e| format!("move {} ({}): {e}", i + 1, excerpt(text)))?;
        if G::irreversible(&before, &G::current(&game)) {
            history.clear();
        } else {
            history.push(G::key(&before));
        }
    }
    Ok((game, history))
}

/// Runs the protocol for the game `G`: commands from `input`, answers to `output`, until `quit`
/// or the end of the input (which lets a search with limits finish and stops an infinite
/// one). A broken pipe on `output` ends the session quietly; other write errors and read
/// errors are returned.
pub fn run<G: PlayGame, R: BufRead, W: Write + Send + 'static>(
    mut input: R,
    output: W,
) -> io::Result<()> {
    let Some(mut session) = Session::<G, W>::new(output) else {
        return Err(io::Error::other(format!("{}: no start position", G::NAME)));
    };
    let max = MAX_COMMAND_BYTES;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if io::Read::take(&mut input, max as u64 + 1).read_until(b'\n', &mut buf)? == 0 {
            session.finish(false);
            break;
        }
        if buf.len() > max && buf.last() != Some(&b'\n') {
            // An endless or huge line: skipped whole, with one answer, in bounded memory.
            session.out.error(&format!(
                "a command line is longer than {max} bytes; skipped"
            ));
            input.skip_until(b'\n')?;
        } else if !session.handle(&String::from_utf8_lossy(&buf)) {
            break;
        }
        if session.out.is_broken() {
            session.finish(true);
            break;
        }
    }
    session.out.result()
}

/// A byte buffer that clones share: an output for [`run`] (which moves it to the search
/// thread) that the caller can still read, for tests and examples.
#[derive(Clone, Debug, Default)]
pub struct SharedBuffer(Arc<Mutex<Vec<u8>>>);

impl SharedBuffer {
    /// The bytes written so far.
    pub fn contents(&self) -> Vec<u8> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

impl Write for SharedBuffer {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
