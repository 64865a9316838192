//! The engine protocol of `zonal engine`: a line protocol modelled on UCI, so that match
//! programs (and `zonal match --cmd1 ...`) can play the engine.
//!
//! The dialect differs from UCI where chess-t1 differs from chess:
//!
//! - `position fen <position>` takes chess-t1's position string (docs/chess-t1-rules.md §9.3: placement, side,
//!   Prince rights, then the optional quiet-move counter and move number), not a FEN;
//! - moves are chess-t1 coordinate moves (docs/chess-t1-rules.md §9.1: `e2e4`, `g7g8c`; a Scout exchange is
//!   written like a move);
//! - scores are `cp N` with 100 cp = 1 unit (a Knecht), and `mate N` means the side to move
//!   captures the enemy King or castle in N of its own moves (negative: it loses so);
//! - `bestmove 0000` when the side to move has no move (the game is over).
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `setoption name N value V`, `position startpos|fen
//! ... [moves ...]`, `go [depth N] [movetime MS] [nodes N] [wtime MS btime MS winc MS binc MS
//! movestogo N] [infinite]`, `stop`, `quit`. The search runs on its own thread, so `stop` and
//! `isready` are answered while it searches. Bad input is answered with `info string error: ...`
//! and leaves the engine as it was; unknown commands with `info string unknown command: ...`.
//!
//! ```
//! use chess_t1::protocol::{run, SharedBuffer};
//! let out = SharedBuffer::default();
//! let input = "uci\nposition startpos moves e2e4\ngo depth 2\n";
//! run(std::io::Cursor::new(input), out.clone()).unwrap();
//! let text = String::from_utf8(out.contents()).unwrap();
//! assert!(text.contains("uciok\n"));
//! assert!(text.lines().last().unwrap().starts_with("bestmove "));
//! ```

use crate::eval::Evaluation;
use crate::game::Game;
use crate::player::{Player, PlayerSpec};
use crate::position::Position;
use crate::search::{Clock, DEFAULT_CONTEMPT, Info, Limits, Mode, ZoneStyle, protocol_score};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

/// The engine's name as `uci` reports it.
pub const ENGINE_NAME: &str = concat!("zonal ", env!("CARGO_PKG_VERSION"));

// The machine's bound on a table is the engine's (`zonal_core`): one rule for every game.
pub use zonal_core::search::{
    FALLBACK_HASH_MB, MAX_HASH_MB, check_hash_mb, max_hash_mb, total_memory_mb,
};

/// The output shared by the command loop and the search thread: one line at a time, flushed;
/// the first write error is kept and ends the session.
struct Out<W: Write> {
    writer: Mutex<W>,
    failed: Mutex<Option<io::Error>>,
    broken: AtomicBool,
}

impl<W: Write> Out<W> {
    fn new(writer: W) -> Out<W> {
        Out {
            writer: Mutex::new(writer),
            failed: Mutex::new(None),
            broken: AtomicBool::new(false),
        }
    }

    fn lock_writer(&self) -> MutexGuard<'_, W> {
        self.writer.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes `line` and a newline; `before` runs under the lock just before the write.
    fn line_after(&self, line: &str, before: impl FnOnce()) {
        let mut w = self.lock_writer();
        before();
        if self.broken.load(Ordering::Relaxed) {
            return;
        }
        let result = w
            .write_all(line.as_bytes())
            .and_then(|()| w.write_all(b"\n"))
            .and_then(|()| w.flush());
        if let Err(e) = result {
            self.broken.store(true, Ordering::Relaxed);
            let mut failed = self.failed.lock().unwrap_or_else(|e| e.into_inner());
            failed.get_or_insert(e);
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

    /// The session's end: a broken pipe ends it quietly, other write errors are returned.
    fn result(&self) -> io::Result<()> {
        let mut failed = self.failed.lock().unwrap_or_else(|e| e.into_inner());
        match failed.take() {
            Some(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e),
            _ => Ok(()),
        }
    }
}

/// A search on its thread.
struct Running {
    stop: Arc<AtomicBool>,
    /// Set (under the output lock) just before `bestmove` is written.
    done: Arc<AtomicBool>,
    infinite: bool,
    handle: JoinHandle<Player>,
}

/// One session of the protocol.
struct Session<W: Write + Send + 'static> {
    out: Arc<Out<W>>,
    spec: PlayerSpec,
    /// The player, built lazily from `spec`; `None` after an option changed.
    player: Option<Player>,
    running: Option<Running>,
    game: Game,
    /// Repetition keys of the game's positions before the current one.
    keys: Vec<u64>,
}

impl<W: Write + Send + 'static> Session<W> {
    fn new(out: W) -> Session<W> {
        Session {
            out: Arc::new(Out::new(out)),
            spec: PlayerSpec::default(),
            player: None,
            running: None,
            game: Game::new(Position::startpos()),
            keys: Vec::new(),
        }
    }

    /// Handles one command line; `false` on `quit`.
    fn handle(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = tokens.split_first() else {
            return true;
        };
        match command {
            "uci" => {
                let out = &self.out;
                out.line(&format!("id name {ENGINE_NAME}"));
                out.line("id author the zonal authors");
                out.line("option name Mode type combo default zones var zones var full");
                out.line(&format!(
                    "option name Hash type spin default 16 min 0 max {}",
                    max_hash_mb()
                ));
                out.line("option name Horizon type spin default 2 min 1 max 12");
                out.line("option name Eval type combo default full var full var material");
                out.line("option name Style type combo default order var order var steer var cut");
                out.line(&format!(
                    "option name Contempt type spin default {DEFAULT_CONTEMPT} min -1000 max 1000"
                ));
                out.line("uciok");
            }
            "isready" => self.out.line("readyok"),
            "ucinewgame" => {
                if self.idle("ucinewgame") {
                    if let Some(p) = &mut self.player {
                        p.new_game();
                    }
                    self.set_game(Game::new(Position::startpos()), Vec::new());
                }
            }
            "setoption" => {
                if self.idle("setoption") {
                    self.setoption(args);
                }
            }
            "position" => match parse_position(args) {
                Ok((game, keys)) => self.set_game(game, keys),
                Err(message) => self.out.error(&format!("position: {message}")),
            },
            "go" => {
                if self.idle("go") {
                    match parse_go(args) {
                        Ok((limits, infinite)) => self.go(limits, infinite),
                        Err(message) => self.out.error(&format!("go: {message}")),
                    }
                }
            }
            "stop" => self.finish_search(true),
            "quit" => {
                self.finish_search(true);
                return false;
            }
            _ => self.out.line(&format!(
                "info string unknown command: {}",
                crate::excerpt::excerpt(line.trim())
            )),
        }
        true
    }

    fn set_game(&mut self, game: Game, keys: Vec<u64>) {
        self.game = game;
        self.keys = keys;
    }

    /// Whether no search is running (joining one that has already written `bestmove`);
    /// otherwise answers that `what` waits for `stop`.
    fn idle(&mut self, what: &str) -> bool {
        match &self.running {
            None => true,
            Some(r) if r.done.load(Ordering::Acquire) => {
                self.finish_search(false);
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

    /// Ends the running search, if any: stops it when `stop`, waits for its `bestmove`, and
    /// takes the player back.
    fn finish_search(&mut self, stop: bool) {
        if let Some(r) = self.running.take() {
            if stop || r.infinite {
                r.stop.store(true, Ordering::Relaxed);
            }
            match r.handle.join() {
                Ok(player) => self.player = Some(player),
                Err(_) => {
                    self.out
                        .error("the search failed; the engine starts afresh");
                    self.player = None;
                }
            }
        }
    }

    fn setoption(&mut self, args: &[&str]) {
        let (name, value) = match parse_setoption(args) {
            Ok(nv) => nv,
            Err(message) => return self.out.error(&format!("setoption: {message}")),
        };
        let bad = |expected: &str| {
            format!(
                "setoption {name}: value {value_short:?} is not {expected}",
                value_short = crate::excerpt::excerpt(&value)
            )
        };
        let mut spec = self.spec.clone();
        let c = &mut spec.config;
        let lower = value.to_ascii_lowercase();
        let result = match name.to_ascii_lowercase().as_str() {
            "mode" => Mode::parse(&lower)
                .map(|m| c.mode = m)
                .ok_or_else(|| bad("zones or full")),
            "eval" => Evaluation::parse(&lower)
                .map(|e| c.evaluation = e)
                .ok_or_else(|| bad("full or material")),
            "style" => ZoneStyle::parse(&lower)
                .map(|s| c.zone_style = s)
                .ok_or_else(|| bad("order, steer or cut")),
            "horizon" => value
                .parse::<i32>()
                .ok()
                .filter(|h| (1..=12).contains(h))
                .map(|h| c.horizon = h)
                .ok_or_else(|| bad("a number 1-12")),
            "contempt" => value
                .parse::<i32>()
                .ok()
                .filter(|v| v.abs() <= 1_000)
                .map(|v| c.contempt = v)
                .ok_or_else(|| bad("a number of cp -1000 to 1000")),
            "hash" => match value.parse::<usize>().ok() {
                None => Err(bad(&format!("a number of MiB 0-{}", max_hash_mb()))),
                Some(mb) if check_hash_mb(mb).is_err() => Err(format!(
                    "setoption Hash: {}",
                    check_hash_mb(mb).err().unwrap_or_default()
                )),
                Some(mb) => match available_mb() {
                    Some(free) if mb > free => Err(format!(
                        "setoption Hash: {mb} MiB is more than the memory available ({free} MiB)"
                    )),
                    _ => {
                        c.hash_mb = mb;
                        Ok(())
                    }
                },
            },
            _ => Err(format!(
                "setoption: unknown option {:?} (options: Mode, Hash, Horizon, Eval, Style, Contempt)",
                crate::excerpt::excerpt(&name)
            )),
        };
        match result {
            Ok(()) => {
                self.spec = spec;
                self.player = None;
            }
            Err(message) => self.out.error(&message),
        }
    }

    fn go(&mut self, limits: Limits, infinite: bool) {
        let status = self.game.status();
        if status.is_over() {
            self.out.line(&format!("info string game over: {status}"));
            self.out.line("bestmove 0000");
            return;
        }
        let mut player = self
            .player
            .take()
            .unwrap_or_else(|| Player::new(self.spec.clone()));
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let (out, stop2, done2) = (self.out.clone(), stop.clone(), done.clone());
        let pos = *self.game.position();
        let keys = self.keys.clone();
        let handle = std::thread::spawn(move || {
            let result = player.search(&pos, &keys, &limits, &stop2, &mut |info| {
                out.line(&info_line(info));
                if out.is_broken() {
                    stop2.store(true, Ordering::Relaxed);
                }
            });
            // UCI: after `go infinite` the best move waits for `stop`.
            while infinite && !stop2.load(Ordering::Relaxed) && !out.is_broken() {
                std::thread::sleep(Duration::from_millis(2));
            }
            let best = result.best.map_or_else(|| "0000".to_string(), |m| m.uci());
            out.line_after(&format!("bestmove {best}"), || {
                done2.store(true, Ordering::Release)
            });
            player
        });
        self.running = Some(Running {
            stop,
            done,
            infinite,
            handle,
        });
    }
}

/// One `info` line of an iteration.
pub fn info_line(info: &Info) -> String {
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} hashfull {}",
        info.depth,
        info.seldepth,
        protocol_score(info.score_cp),
        info.nodes,
        info.nps(),
        info.time_ms,
        info.hashfull
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for mv in &info.pv {
            line.push(' ');
            line.push_str(&mv.uci());
        }
    }
    line
}

/// MiB of memory available, where the system says (Linux: `MemAvailable`).
fn available_mb() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// Reads `name <N...> value <V...>` of `setoption`.
fn parse_setoption(args: &[&str]) -> Result<(String, String), String> {
    if args.first() != Some(&"name") {
        return Err("expected `setoption name <NAME> value <VALUE>`".into());
    }
    let rest = &args[1..];
    let value_at = rest.iter().position(|t| *t == "value");
    let (name, value) = match value_at {
        Some(i) => (rest[..i].join(" "), rest[i + 1..].join(" ")),
        None => (rest.join(" "), String::new()),
    };
    if name.is_empty() {
        return Err("missing option name after `name`".into());
    }
    if value.is_empty() {
        return Err(format!(
            "missing `value <VALUE>` for option {:?}",
            crate::excerpt::excerpt(&name)
        ));
    }
    Ok((name, value))
}

/// Reads the arguments of `position`: the game it sets up and the repetition keys of its
/// positions before the last.
pub fn parse_position(args: &[&str]) -> Result<(Game, Vec<u64>), String> {
    let moves_at = args.iter().position(|t| *t == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let start = match setup.split_first() {
        Some((&"startpos", [])) => Position::startpos(),
        Some((&"startpos", extra)) => {
            return Err(format!(
                "unexpected {:?} after startpos (expected `moves` or the end)",
                crate::excerpt::excerpt(&extra.join(" "))
            ));
        }
        Some((&"fen", fields)) => {
            if !(3..=5).contains(&fields.len()) {
                return Err(format!(
                    "a position string has 3 to 5 fields (placement side rights [quiet \
                     [move]]), found {} in {:?}",
                    fields.len(),
                    crate::excerpt::excerpt(&fields.join(" "))
                ));
            }
            let text = fields.join(" ");
            text.parse::<Position>().map_err(|e| {
                format!(
                    "bad position string {text_short:?}: {e}",
                    text_short = crate::excerpt::excerpt(&text)
                )
            })?
        }
        Some((other, _)) => {
            return Err(format!(
                "expected startpos or fen, found {:?}",
                crate::excerpt::excerpt(other)
            ));
        }
        None => return Err("expected startpos or fen".into()),
    };
    let mut game = Game::new(start);
    let mut keys = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let before = game.position().repetition_key();
        game.play_uci(text).map_err(|e| {
            format!(
                "move {} ({text_short}): {e}",
                i + 1,
                text_short = crate::excerpt::excerpt(text)
            )
        })?;
        keys.push(before);
    }
    Ok((game, keys))
}

/// Reads the arguments of `go`: the limits, and whether the search is `infinite` (also a bare
/// `go`).
pub fn parse_go(args: &[&str]) -> Result<(Limits, bool), String> {
    let mut limits = Limits::default();
    let mut clock = Clock::default();
    let mut clocked = false;
    let mut infinite = false;
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        if key == "infinite" {
            infinite = true;
            i += 1;
            continue;
        }
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{key} needs a value"))?;
        let number = |min: u64| {
            value
                .parse::<u64>()
                .ok()
                .filter(|v| *v >= min)
                .ok_or_else(|| {
                    format!(
                        "{key} {value_short:?}: expected a whole number >= {min}",
                        value_short = crate::excerpt::excerpt(value)
                    )
                })
        };
        match key {
            "depth" => {
                limits.depth = Some(
                    value
                        .parse::<u32>()
                        .ok()
                        .filter(|d| (1..=64).contains(d))
                        .ok_or_else(|| {
                            format!(
                                "depth {value_short:?}: expected 1-64",
                                value_short = crate::excerpt::excerpt(value)
                            )
                        })?,
                )
            }
            "movetime" => limits.movetime_ms = Some(number(1)?),
            "nodes" => limits.nodes = Some(number(1)?),
            "wtime" | "btime" | "winc" | "binc" => {
                // A clock may run below zero in some programs: take it as 0.
                let ms = match value.parse::<i64>() {
                    Ok(v) => v.max(0) as u64,
                    Err(_) => {
                        return Err(format!(
                            "{key} {value_short:?}: expected milliseconds",
                            value_short = crate::excerpt::excerpt(value)
                        ));
                    }
                };
                clocked = true;
                match key {
                    "wtime" => clock.remaining_ms[0] = ms,
                    "btime" => clock.remaining_ms[1] = ms,
                    "winc" => clock.increment_ms[0] = ms,
                    _ => clock.increment_ms[1] = ms,
                }
            }
            "movestogo" => {
                clock.moves_to_go = Some(value.parse::<u32>().ok().filter(|m| *m >= 1).ok_or_else(
                    || {
                        format!(
                            "movestogo {value_short:?}: expected a number >= 1",
                            value_short = crate::excerpt::excerpt(value)
                        )
                    },
                )?)
            }
            _ => {
                return Err(format!(
                    "unknown parameter {:?}",
                    crate::excerpt::excerpt(key)
                ));
            }
        }
        i += 2;
    }
    if clocked {
        limits.clock = Some(clock);
    }
    if limits == Limits::default() {
        infinite = true;
    }
    Ok((limits, infinite))
}

/// Longest command line the protocol reads (a `position` with a few hundred moves fits).
pub const MAX_COMMAND_BYTES: usize = 1 << 20;

/// Runs the protocol: commands from `input`, answers to `output`, until `quit` or the end of
/// the input (which lets a search with limits finish and stops an infinite one). A broken pipe
/// on `output` ends the session quietly (`Ok`); other write errors and read errors are
/// returned.
pub fn run<R: BufRead, W: Write + Send + 'static>(mut input: R, output: W) -> io::Result<()> {
    let mut session = Session::new(output);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let limit = MAX_COMMAND_BYTES as u64 + 1;
        if io::Read::take(&mut input, limit).read_until(b'\n', &mut buf)? == 0 {
            session.finish_search(false);
            break;
        }
        if buf.len() > MAX_COMMAND_BYTES && buf.last() != Some(&b'\n') {
            // An endless or huge line: skipped whole, with one answer, in bounded memory.
            session.out.line(&format!(
                "info string error: a command line is longer than {MAX_COMMAND_BYTES} bytes; skipped"
            ));
            input.skip_until(b'\n')?;
            if session.out.is_broken() {
                session.finish_search(true);
                break;
            }
            continue;
        }
        let line = String::from_utf8_lossy(&buf);
        if !session.handle(&line) || session.out.is_broken() {
            session.finish_search(true);
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    /// Runs a session on `input` and returns its output lines.
    fn session(input: &str) -> Vec<String> {
        let out = SharedBuffer::default();
        run(Cursor::new(input.to_string()), out.clone()).expect("session");
        String::from_utf8(out.contents())
            .expect("utf-8")
            .lines()
            .map(str::to_string)
            .collect()
    }

    fn bestmove(lines: &[String]) -> Vec<&str> {
        lines
            .iter()
            .filter_map(|l| l.strip_prefix("bestmove "))
            .collect()
    }

    #[test]
    fn uci_lists_options_then_uciok() {
        let lines = session("uci\nisready\n");
        assert_eq!(lines[0], format!("id name {ENGINE_NAME}"));
        assert!(lines[1].starts_with("id author "));
        assert!(lines.contains(&format!(
            "option name Hash type spin default 16 min 0 max {}",
            max_hash_mb()
        )));
        assert!(
            lines.contains(&"option name Mode type combo default zones var zones var full".into())
        );
        assert_eq!(lines[lines.len() - 2], "uciok");
        assert_eq!(lines[lines.len() - 1], "readyok");
    }

    #[test]
    fn go_prints_info_then_a_legal_bestmove() {
        let lines = session("position startpos moves e2e4\ngo depth 2\n");
        let infos: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .collect();
        assert_eq!(infos.len(), 2, "{lines:?}");
        assert!(
            infos[0].contains(" score cp ") && infos[0].contains(" pv "),
            "{}",
            infos[0]
        );
        let best = bestmove(&lines);
        assert_eq!(best.len(), 1);
        let pos = Position::startpos();
        let pos = pos.play(&pos.parse_uci("e2e4").unwrap());
        assert!(pos.parse_uci(best[0]).is_ok(), "{best:?}");
    }

    #[test]
    fn bad_position_leaves_the_position_unchanged() {
        let lines = session(
            "position startpos moves e2e4\n\
             position startpos moves e2e4 e2e4\n\
             position fen 8/8/8/8 w\n\
             position fen 8/8/8/8/8/8/8/4X3 w - 0 1\n\
             position sideways\n\
             go depth 1\n",
        );
        let errors: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info string error: position: "))
            .collect();
        assert_eq!(errors.len(), 4, "{lines:?}");
        assert!(errors[0].contains("move 2 (e2e4)"), "{}", errors[0]);
        // Still Black to move after e2e4.
        let best = bestmove(&lines)[0];
        let pos = Position::startpos();
        let pos = pos.play(&pos.parse_uci("e2e4").unwrap());
        assert!(pos.parse_uci(best).is_ok(), "{best}");
    }

    #[test]
    fn setoption_errors_are_answered_and_good_values_taken() {
        let lines = session(
            "setoption name Hash value lots\n\
             setoption name Hash value 70000\n\
             setoption name Mode value sideways\n\
             setoption name Horizon value 13\n\
             setoption name Colour value red\n\
             setoption name Eval\n\
             setoption value 3\n\
             setoption name MODE value FULL\n\
             setoption name hash value 1\n\
             setoption name Style value cut\n\
             go depth 1\n",
        );
        let errors = lines
            .iter()
            .filter(|l| l.starts_with("info string error: setoption"))
            .count();
        assert_eq!(errors, 7, "{lines:?}");
        assert_eq!(bestmove(&lines).len(), 1);
    }

    #[test]
    fn stop_ends_an_infinite_search_with_a_bestmove() {
        let lines = session("go infinite\nisready\nstop\nisready\n");
        assert!(lines.contains(&"readyok".to_string()));
        let best = bestmove(&lines);
        assert_eq!(best.len(), 1);
        assert_ne!(best[0], "0000");
        // The second readyok comes after bestmove: stop waits for it.
        let b = lines
            .iter()
            .position(|l| l.starts_with("bestmove"))
            .unwrap();
        assert_eq!(lines.last().unwrap(), "readyok");
        assert!(b < lines.len() - 1);
    }

    #[test]
    fn game_over_gives_the_null_move() {
        let lines = session(
            "position startpos moves b1c3 b8c6 c3b1 c6b8 b1c3 b8c6 c3b1 c6b8\ngo depth 2\n",
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string game over: draw"))
        );
        assert_eq!(bestmove(&lines), ["0000"]);
    }

    #[test]
    fn unknown_commands_and_go_errors() {
        let lines = session("hello there\ngo depth x\ngo sideways 3\ngo movetime\n");
        assert_eq!(lines[0], "info string unknown command: hello there");
        assert!(lines[1].starts_with("info string error: go: depth \"x\""));
        assert!(lines[2].contains("unknown parameter \"sideways\""));
        assert!(lines[3].contains("movetime needs a value"));
        assert!(bestmove(&lines).is_empty());
    }

    #[test]
    fn an_overlong_line_is_skipped_with_one_answer() {
        let long = "x".repeat(MAX_COMMAND_BYTES + 10);
        let lines = session(&format!("{long}\nisready\n{}\nisready\n", "y".repeat(500)));
        assert_eq!(lines.len(), 4, "{:?}", &lines[..lines.len().min(4)]);
        assert!(lines[0].starts_with("info string error: a command line is longer than"));
        assert_eq!(lines[1], "readyok");
        // Echoes of bad input are excerpts.
        assert!(lines[2].starts_with("info string unknown command: yyy") && lines[2].len() < 200);
        assert_eq!(lines[3], "readyok");
    }

    #[test]
    fn go_reads_clocks_and_combinations() {
        let args = "wtime 1000 btime -5 winc 10 binc 20 movestogo 5 depth 3 nodes 999";
        let args: Vec<&str> = args.split(' ').collect();
        let (limits, infinite) = parse_go(&args).unwrap();
        assert!(!infinite);
        assert_eq!(limits.depth, Some(3));
        assert_eq!(limits.nodes, Some(999));
        assert_eq!(
            limits.clock,
            Some(Clock {
                remaining_ms: [1000, 0],
                increment_ms: [10, 20],
                moves_to_go: Some(5),
            })
        );
        assert!(parse_go(&[]).unwrap().1);
        assert!(parse_go(&["infinite"]).unwrap().1);
    }

    /// A writer whose reader has gone.
    struct Closed;

    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_broken_pipe_ends_quietly() {
        let input = "uci\ngo infinite\nisready\n".repeat(3);
        assert!(run(Cursor::new(input), Closed).is_ok());
    }
}
