//! `zonal engine --game hnefatafl|jungle|proryv` end to end: the binary driven through stdin as
//! a match program would drive it (every answer awaited with a timeout, so a hung engine fails
//! instead of hanging), each move it gives replayed with the game's own rules; and `zonal match
//! --cmd1` playing the engine against a built-in player.

use crate::common;

use common::{zonal, zonal_with_input};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// A running `zonal --game G engine`.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Engine {
    fn start(game: &str) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_zonal"))
            .args(["--game", game, "engine"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start zonal engine");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = mpsc::channel();
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
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write to the engine");
        self.stdin.flush().expect("flush");
    }

    /// Reads until a line starting with `prefix` (within `ms`); returns it and the lines before.
    fn expect_within(&mut self, prefix: &str, ms: u64) -> (String, Vec<String>) {
        let deadline = Instant::now() + Duration::from_millis(ms);
        let mut before = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.starts_with(prefix) {
                        return (line, before);
                    }
                    before.push(line);
                }
                Err(_) => panic!(
                    "no line starting with {prefix:?} within {ms} ms; lines so far: {:?}",
                    self.seen
                ),
            }
        }
    }

    fn expect(&mut self, prefix: &str) -> (String, Vec<String>) {
        self.expect_within(prefix, 5_000)
    }

    /// The move of the next `bestmove` and the lines before it.
    fn bestmove(&mut self) -> (String, Vec<String>) {
        let (line, before) = self.expect("bestmove ");
        (line["bestmove ".len()..].trim().to_string(), before)
    }

    fn quit(mut self) {
        self.send("quit");
        for _ in 0..300 {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(status.success(), "engine exited with {status}");
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        panic!("the engine did not quit within 3 s");
    }
}

/// What a test needs of a game.
struct Case {
    game: &'static str,
    /// A `position` command's arguments with moves.
    position: &'static str,
    /// Whether `moves` are legal after `position`'s setup (the game's own rules).
    replay: fn(setup: &str, moves: &[&str]) -> Result<(), String>,
    /// A position (string) where the side to move wins at once, and the only winning move.
    won: (&'static str, &'static str),
}

/// Splits `position` arguments into the setup and the moves.
fn split(position: &str) -> (String, Vec<&str>) {
    match position.split_once(" moves ") {
        Some((setup, moves)) => (setup.to_string(), moves.split_whitespace().collect()),
        None => (position.to_string(), Vec::new()),
    }
}

fn replay_jungle(setup: &str, moves: &[&str]) -> Result<(), String> {
    let start = match setup {
        "startpos" => zonal_jungle::Position::startpos(),
        _ => setup
            .trim_start_matches("fen ")
            .parse()
            .map_err(|e: zonal_jungle::PositionError| e.to_string())?,
    };
    let mut game = zonal_jungle::Game::new(start);
    for mv in moves {
        game.play(mv).map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn replay_hnefatafl(setup: &str, moves: &[&str]) -> Result<(), String> {
    let start = match setup {
        "startpos" | "copenhagen" => {
            zonal_hnefatafl::Position::start(zonal_hnefatafl::Ruleset::COPENHAGEN)
        }
        "seed9" => zonal_hnefatafl::Position::start(zonal_hnefatafl::Ruleset::SEED_9),
        _ => setup
            .trim_start_matches("fen ")
            .parse()
            .map_err(|e: zonal_hnefatafl::PositionError| e.to_string())?,
    };
    let mut game = zonal_hnefatafl::Game::new(start);
    for mv in moves {
        game.play(mv).map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn replay_proryv(setup: &str, moves: &[&str]) -> Result<(), String> {
    let start = match setup {
        "startpos" => zonal_proryv::Position::startpos(),
        _ => setup
            .trim_start_matches("fen ")
            .parse()
            .map_err(|e: zonal_proryv::PositionError| e.to_string())?,
    };
    let mut game = zonal_proryv::Game::new(start);
    for mv in moves {
        game.play(mv).map_err(|e| e.to_string())?;
    }
    Ok(())
}

const CASES: [Case; 3] = [
    Case {
        game: "jungle",
        position: "startpos moves a3a4 g7g6 a4a5",
        replay: replay_jungle,
        won: ("7/3Pt2/2p1w2/E6/7/7/1lW1Re1/2T1L2/7 w 0 26", "d8d9"),
    },
    Case {
        game: "hnefatafl",
        // The record form (`d9-d8`) is read too.
        position: "seed9 moves d9-d8 e4b4",
        replay: replay_hnefatafl,
        won: (
            "2kd1daa1/1aa5a/4d1d2/1d7/a8/aad5a/5d3/6a2/3a1a3 d seed 5 18",
            "c9a9",
        ),
    },
    Case {
        game: "proryv",
        position: "startpos moves R@a3 R@h6",
        replay: replay_proryv,
        won: ("r1Rr3k/8/5K2/1Rr5/7r/R3R3/2r2R2/5RR1 w 0:0 27 68", "f6g7"),
    },
];

fn handshake(engine: &mut Engine, game: &str) {
    engine.send("uci");
    let (_, before) = engine.expect("uciok");
    assert_eq!(
        before[0],
        format!("id name zonal {} ({game})", env!("CARGO_PKG_VERSION"))
    );
    // Each game's default mode is the one that measured stronger (NOTES.md, issue 31): the
    // zone-guided one in every game.
    assert!(
        before
            .contains(&"option name Mode type combo default zones var zones var full".to_string()),
        "{before:?}"
    );
    engine.send("isready");
    engine.expect("readyok");
}

#[test]
fn each_game_plays_a_legal_move_after_moves() {
    for case in &CASES {
        let mut engine = Engine::start(case.game);
        handshake(&mut engine, case.game);
        let (setup, moves) = split(case.position);
        (case.replay)(&setup, &moves).expect("the test's own moves are legal");
        for mode in ["zones", "full"] {
            engine.send(&format!("setoption name Mode value {mode}"));
            engine.send(&format!("position {}", case.position));
            engine.send("go depth 2");
            let (mv, infos) = engine.bestmove();
            let depths: Vec<&String> = infos
                .iter()
                .filter(|l| l.starts_with("info depth "))
                .collect();
            assert_eq!(depths.len(), 2, "{}: {infos:?}", case.game);
            assert!(
                depths[1].starts_with("info depth 2 score ") && depths[1].contains(" pv "),
                "{}: {}",
                case.game,
                depths[1]
            );
            // The principal variation starts with the best move.
            assert!(depths[1].contains(&format!(" pv {mv}")), "{}", depths[1]);
            let mut with_best = moves.clone();
            with_best.push(&mv);
            assert_eq!(
                (case.replay)(&setup, &with_best),
                Ok(()),
                "{}: {mv}",
                case.game
            );
        }
        engine.quit();
    }
}

#[test]
fn each_game_finds_the_winning_move_and_knows_a_finished_game() {
    for case in &CASES {
        let mut engine = Engine::start(case.game);
        let (fen, win) = case.won;
        engine.send(&format!("position fen {fen}"));
        engine.send("go depth 3");
        let (mv, infos) = engine.bestmove();
        assert_eq!(mv, win, "{}: {infos:?}", case.game);
        let last = infos.last().expect("an info line");
        assert!(last.contains(" score mate 1 "), "{}: {last}", case.game);
        // After the winning move the game is over.
        engine.send(&format!("position fen {fen} moves {win}"));
        engine.send("go depth 2");
        let (mv, infos) = engine.bestmove();
        assert_eq!(mv, "0000", "{}", case.game);
        assert!(
            infos[0].starts_with("info string game over: "),
            "{}: {infos:?}",
            case.game
        );
        // Moves after the end are refused.
        engine.send(&format!("position fen {fen} moves {win} {win}"));
        let (line, _) = engine.expect("info string");
        assert!(
            line.starts_with("info string error: position: move 2 ")
                && line.contains("the game is over"),
            "{}: {line}",
            case.game
        );
        engine.quit();
    }
}

#[test]
fn stop_ends_an_infinite_search_promptly() {
    for case in &CASES {
        let mut engine = Engine::start(case.game);
        engine.send(&format!("position {}", case.position));
        engine.send("go infinite");
        std::thread::sleep(Duration::from_millis(150));
        engine.send("isready");
        engine.expect("readyok");
        // No bestmove before stop.
        assert!(
            !engine.seen.iter().any(|l| l.starts_with("bestmove")),
            "{}: {:?}",
            case.game,
            engine.seen
        );
        let asked = Instant::now();
        engine.send("stop");
        let (mv, _) = engine.expect_within("bestmove ", 2_000);
        assert!(asked.elapsed() < Duration::from_millis(1_500));
        let mv = mv["bestmove ".len()..].trim().to_string();
        let (setup, mut moves) = split(case.position);
        moves.push(&mv);
        assert_eq!((case.replay)(&setup, &moves), Ok(()), "{}: {mv}", case.game);
        engine.quit();
    }
}

#[test]
fn bad_input_is_answered_and_the_engine_goes_on() {
    for case in &CASES {
        let mut engine = Engine::start(case.game);
        engine.send(&format!("position {}", case.position));
        for bad in [
            "position fen garbage here",
            "position startpos moves zz99",
            "position nowhere",
            "position startpos extra",
            "position fen",
            "go depth x",
            "go sideways 3",
            "setoption name Mode value sideways",
            "setoption name Horizon value 13",
            "setoption name Colour value red",
        ] {
            engine.send(bad);
            let (line, _) = engine.expect("info string");
            assert!(
                line.starts_with("info string error: "),
                "{}: {bad}: {line}",
                case.game
            );
        }
        engine.send("hello there");
        let (line, _) = engine.expect("info string");
        assert_eq!(line, "info string unknown command: hello there");
        engine.send("setoption name horizon value 2");
        engine.send("isready");
        let (_, before) = engine.expect("readyok");
        assert!(before.is_empty(), "{}: {before:?}", case.game);
        // The position is still the good one.
        engine.send("go depth 1");
        let (mv, _) = engine.bestmove();
        let (setup, mut moves) = split(case.position);
        moves.push(&mv);
        assert_eq!((case.replay)(&setup, &moves), Ok(()), "{}: {mv}", case.game);
        engine.quit();
    }
}

#[test]
fn the_end_of_the_input_ends_the_session() {
    for case in &CASES {
        let out = zonal_with_input(
            &["--game", case.game, "engine"],
            Some(b"isready\ngo depth 1\n"),
        );
        assert!(out.status.success(), "{}", case.game);
        let text = String::from_utf8(out.stdout).expect("utf-8");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "readyok");
        assert!(lines[lines.len() - 1].starts_with("bestmove "), "{lines:?}");
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// `zonal match` with the engine as an external player, as JSON.
fn match_json(game: &str, cmd1: &str) -> serde_json::Value {
    let out = zonal(&[
        "--game",
        game,
        "match",
        "--cmd1",
        cmd1,
        "--engine2",
        "mode=full",
        "--depth",
        "1",
        "--games",
        "2",
        "--max-plies",
        "40",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn match_plays_the_engine_as_an_external_player() {
    let zonal = env!("CARGO_BIN_EXE_zonal");
    let report = match_json("jungle", &format!("'{zonal}' --game jungle engine"));
    assert_eq!(report["games"], 2);
    let total = ["wins", "draws", "losses"]
        .iter()
        .map(|k| report[k].as_u64().expect("a count"))
        .sum::<u64>();
    assert_eq!(total, 2);
    let ends = report["reasons"].as_object().expect("ends");
    for bad in ["engine_error", "time_forfeit", "illegal_move"] {
        assert!(!ends.contains_key(bad), "{report}");
    }
    assert!(
        report["engine1"]
            .as_str()
            .is_some_and(|s| s.starts_with("cmd=")),
        "{report}"
    );
    // Прорыв too, the engine as engine1 with White and Black.
    let report = match_json("proryv", &format!("'{zonal}' --game proryv engine"));
    assert_eq!(report["games"], 2);
    let ends = report["reasons"].as_object().expect("ends");
    for bad in ["engine_error", "time_forfeit", "illegal_move"] {
        assert!(!ends.contains_key(bad), "{report}");
    }
    // An engine of another game plays moves that are illegal here: it loses both games.
    let report = match_json("jungle", &format!("'{zonal}' --game hnefatafl engine"));
    assert_eq!(report["losses"], 2, "{report}");
    assert_eq!(report["reasons"]["illegal_move"], 2, "{report}");
}

#[test]
fn match_refuses_an_engine_that_does_not_start() {
    let out = zonal(&[
        "--game",
        "jungle",
        "match",
        "--cmd1",
        "/nonexistent/engine",
        "--engine2",
        "mode=full",
        "--depth",
        "1",
        "--games",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot start engine"), "{err}");
}

/// The one match runner gives every game a clock and the SPRT (issue 26): a Jungle match on a
/// game clock (built in, and the engine as an external player told `wtime btime winc binc`),
/// and an SPRT that stops a fixed-depth match as soon as it decides.
#[test]
fn a_core_game_plays_on_a_clock_and_stops_by_the_sprt() {
    let zonal_bin = env!("CARGO_BIN_EXE_zonal");
    for cmd1 in [None, Some(format!("'{zonal_bin}' --game jungle engine"))] {
        let mut args = vec!["--game", "jungle", "match", "--engine2", "mode=full"];
        match &cmd1 {
            Some(cmd) => args.extend(["--cmd1", cmd.as_str()]),
            None => args.extend(["--engine1", "mode=full"]),
        }
        args.extend([
            "--clock",
            "2+0.01",
            "--games",
            "2",
            "--max-plies",
            "16",
            "--json",
        ]);
        let out = zonal(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(report["games"], 2, "{report}");
        assert_eq!(report["reasons"], serde_json::json!({"move_limit": 2}));
        assert_eq!(report["average_plies"], 16.0);
    }
    let out = zonal(&[
        "--game",
        "jungle",
        "match",
        "--engine1",
        "mode=full,depth=2,eval=hand",
        "--engine2",
        "mode=full,depth=1,eval=hand",
        "--sprt",
        "0,400",
        "--games",
        "8",
        "--max-plies",
        "100",
    ]);
    assert!(out.status.success());
    // The worker may finish a game more before the decision reaches it (games under way are
    // counted): the first two games decide, engine1 losing one and drawing one (with the
    // hand-set table and full-width, which this scenario was found with).
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..2],
        [
            "engine1: mode=full,depth=2,eval=hand",
            "engine2: mode=full,depth=1,eval=hand"
        ]
    );
    assert!(lines[2].ends_with("(stopped early by the SPRT)"), "{text}");
    assert!(
        lines[5].starts_with("sprt elo0 0 elo1 400 alpha 0.05 beta 0.05: llr -")
            && lines[5].ends_with("(bounds -2.944 .. 2.944) -> H0 accepted"),
        "{text}"
    );
    // A bad clock is named.
    let out = zonal(&[
        "--game",
        "jungle",
        "match",
        "--engine1",
        "depth=1",
        "--engine2",
        "depth=1",
        "--clock",
        "1+x",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--clock: clock \"1+x\""));
}
