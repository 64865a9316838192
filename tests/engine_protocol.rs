//! `zonal engine` end to end: a real process driven through the protocol like a match program
//! would, with a timeout on every answer so that a hung engine fails the test instead of
//! hanging it.

use chess_t1::{Game, Position};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// A running `zonal engine`.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Every line read so far.
    seen: Vec<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_zonal"))
            .arg("engine")
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start zonal engine");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines: rx,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write to the engine");
        self.stdin.flush().expect("flush");
    }

    /// The next line, within `ms`.
    fn next_line(&mut self, ms: u64) -> Option<String> {
        let line = self.lines.recv_timeout(Duration::from_millis(ms)).ok()?;
        self.seen.push(line.clone());
        Some(line)
    }

    /// Reads until a line starting with `prefix` (within 5 s); returns it and the lines before.
    fn expect(&mut self, prefix: &str) -> (String, Vec<String>) {
        let mut before = Vec::new();
        loop {
            match self.next_line(5_000) {
                Some(line) if line.starts_with(prefix) => return (line, before),
                Some(line) => before.push(line),
                None => panic!(
                    "no line starting with {prefix:?} within 5 s; lines so far: {:?}",
                    self.seen
                ),
            }
        }
    }

    fn bestmove(&mut self) -> (String, Vec<String>) {
        let (line, infos) = self.expect("bestmove ");
        let mv = line["bestmove ".len()..]
            .split_whitespace()
            .next()
            .expect("a move after bestmove")
            .to_string();
        (mv, infos)
    }

    fn quit(mut self) {
        self.send("quit");
        for _ in 0..200 {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(status.success(), "engine exited with {status}");
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        panic!("the engine did not quit within 2 s");
    }
}

fn handshake(engine: &mut Engine) {
    engine.send("uci");
    let (_, before) = engine.expect("uciok");
    assert!(
        before.iter().any(|l| l.starts_with("id name zonal ")),
        "{before:?}"
    );
    assert!(
        before
            .iter()
            .any(|l| l == "option name Horizon type spin default 2 min 1 max 12"),
        "{before:?}"
    );
    engine.send("isready");
    engine.expect("readyok");
}

#[test]
fn plays_a_whole_short_game_with_legal_moves() {
    let mut engine = Engine::start();
    handshake(&mut engine);
    engine.send("ucinewgame");
    engine.send("isready");
    engine.expect("readyok");
    let mut game = Game::new(Position::startpos());
    let mut moves: Vec<String> = Vec::new();
    while game.end().is_none() && moves.len() < 60 {
        let position = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        engine.send(&position);
        engine.send(if moves.len().is_multiple_of(2) {
            "go nodes 2000"
        } else {
            "go depth 2"
        });
        let (mv, infos) = engine.bestmove();
        assert!(
            infos.iter().any(|l| l.starts_with("info depth ")),
            "no info line before bestmove {mv}: {infos:?}"
        );
        for info in infos.iter().filter(|l| l.starts_with("info depth ")) {
            for field in [
                " seldepth ",
                " score ",
                " nodes ",
                " nps ",
                " time ",
                " hashfull ",
            ] {
                assert!(info.contains(field), "{field:?} missing in {info}");
            }
        }
        if let Err(e) = game.play(&mv) {
            panic!(
                "move {} {mv} is not legal after {moves:?}: {e}",
                moves.len() + 1
            );
        }
        moves.push(mv);
    }
    if game.end().is_some() {
        // A finished game has no move.
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        engine.send("go depth 1");
        assert_eq!(engine.bestmove().0, "0000");
    }
    engine.quit();
}

#[test]
fn stop_ends_an_infinite_search() {
    let mut engine = Engine::start();
    handshake(&mut engine);
    engine.send("position startpos moves e2e4");
    engine.send("go infinite");
    // It searches: iterations are reported, but no bestmove comes by itself.
    engine.expect("info depth 1 ");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("isready");
    let (_, before) = engine.expect("readyok");
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "bestmove before stop: {before:?}"
    );
    engine.send("stop");
    let (mv, _) = engine.bestmove();
    let pos = Position::startpos();
    let pos = pos.play(&pos.parse_uci("e2e4").unwrap());
    assert!(pos.parse_uci(&mv).is_ok(), "{mv} is not a move of Black");
    // Still working afterwards.
    engine.send("go depth 1");
    engine.bestmove();
    engine.quit();
}

#[test]
fn bad_input_is_answered_and_the_engine_keeps_working() {
    let mut engine = Engine::start();
    handshake(&mut engine);
    engine.send("position startpos moves e2e4 d7d5");
    for bad in [
        "position startpos moves e2e4 e2e4",
        "position fen 8/8/8/8/8/8/8/4X3 w - 0 1",
        "position fen rspckpsr/nnnnnnnn w",
        "position",
    ] {
        engine.send(bad);
        let (line, _) = engine.expect("info string error: position: ");
        assert!(line.len() > "info string error: position: ".len(), "{line}");
    }
    for bad in [
        "setoption name Hash value -3",
        "setoption name Mode value sideways",
        "setoption name Horizon value 0",
        "setoption name Nonsense value 1",
        "setoption",
    ] {
        engine.send(bad);
        engine.expect("info string error: setoption");
    }
    engine.send("setoption name eval value Material");
    engine.send("frobnicate");
    engine.expect("info string unknown command: frobnicate");
    engine.send("go depth x");
    engine.expect("info string error: go: ");
    engine.send("isready");
    let (_, before) = engine.expect("readyok");
    assert!(before.is_empty(), "a good setoption answered: {before:?}");
    // The position is still the one after e2e4 d7d5: White to move.
    engine.send("go depth 2");
    let (mv, _) = engine.bestmove();
    let mut game = Game::new(Position::startpos());
    game.play("e2e4").unwrap();
    game.play("d7d5").unwrap();
    game.play(&mv).expect("a legal move of White");
    engine.quit();
}

#[test]
fn a_closed_output_ends_the_engine_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_zonal"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start zonal engine");
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("stdin");
    // Writing may fail once the engine has gone: that is fine.
    let _ = stdin.write_all(b"uci\nisready\nposition startpos\ngo depth 3\n");
    drop(stdin);
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success(), "{:?}", out.status);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}
