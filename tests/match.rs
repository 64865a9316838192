//! `zonal match` end to end: the summary, the game records and their replay by `zonal play`,
//! external engines (a real `zonal engine` and a broken one).

use crate::common;

use common::zonal;
use serde_json::Value;
use std::process::Output;

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("utf-8 stdout")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn json(args: &[&str]) -> Value {
    let out = zonal(args);
    assert!(out.status.success(), "{args:?} failed: {}", stderr(&out));
    serde_json::from_str(&stdout(&out)).expect("valid JSON")
}

/// A temporary file path unique to this test process and `name`.
fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("zonal-match-{}-{name}", std::process::id()))
}

#[test]
fn match_records_replay_to_their_results() {
    let path = temp_path("records.t1");
    let file = path.to_str().expect("utf-8 temp path");
    let report = json(&[
        "match",
        "--engine1",
        "mode=full,depth=1",
        "--engine2",
        "engine=baseline,mode=full,depth=1",
        "--games",
        "4",
        "--max-plies",
        "60",
        "--out",
        file,
        "--json",
    ]);
    let count = |key: &str| report[key].as_u64().expect(key);
    assert_eq!(count("games"), 4);
    assert_eq!(count("wins") + count("draws") + count("losses"), 4);
    assert!(report["engine1"].as_str().unwrap().contains("mode=full"));
    assert!(
        report["engine2"]
            .as_str()
            .unwrap()
            .contains("engine=baseline")
    );
    let reasons: u64 = report["reasons"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(reasons, 4);
    assert!(report["average_plies"].as_f64().unwrap() <= 60.0);
    assert!(report["conversion"]["games"].as_u64().is_some());

    let text = std::fs::read_to_string(&path).expect("records written");
    let records = chess_t1::posfile::parse_str(&text, file).expect("records parse");
    assert_eq!(records.len(), 4);
    let mut engine1_points = 0;
    for (i, record) in records.iter().enumerate() {
        let id = format!("game-{}", i + 1);
        assert_eq!(record.id(), Some(id.as_str()));
        let moves = record.operands("moves").expect("moves").len();
        let result = record.operands("result").expect("result")[0].as_str();
        let reason = record.operands("reason").expect("reason")[0].as_str();
        assert!(record.operands("book").is_some());
        let white = &record.operands("white").expect("white")[0];
        // Game 1 gives engine1 White, game 2 Black, and so on; openings come in pairs.
        assert_eq!(white.contains("baseline"), i % 2 == 1, "{white}");
        if i % 2 == 1 {
            assert_eq!(record.position, records[i - 1].position);
        }
        let played = json(&["play", file, "--id", &id, "--json"]);
        assert_eq!(played["moves_played"].as_u64().unwrap() as usize, moves);
        let expected = match (result, reason) {
            ("1-0", _) => "white_wins",
            ("0-1", _) => "black_wins",
            ("1/2-1/2", "move_limit") => "ongoing",
            ("1/2-1/2", _) => "draw",
            other => panic!("bad result {other:?}"),
        };
        assert_eq!(played["status"], expected, "{id}: {result} {reason}");
        if reason == "move_limit" {
            assert_eq!(moves, 60);
        } else {
            assert_eq!(played["reason"], reason, "{id}");
        }
        let engine1_white = i % 2 == 0;
        engine1_points += match (result, engine1_white) {
            ("1/2-1/2", _) => 1,
            ("1-0", true) | ("0-1", false) => 2,
            _ => 0,
        };
    }
    assert_eq!(engine1_points, 2 * count("wins") + count("draws"));
    // The text replay names the recorded result.
    let out = zonal(&["play", file, "--index", "1"]);
    assert!(
        stdout(&out).contains("recorded result: "),
        "{}",
        stdout(&out)
    );
    std::fs::remove_file(&path).ok();
}

#[test]
fn an_external_engine_plays_through_the_protocol() {
    let command = format!("{} engine", env!("CARGO_BIN_EXE_zonal"));
    let out = zonal(&[
        "match",
        "--cmd1",
        &command,
        "--engine2",
        "mode=full",
        "--depth",
        "1",
        "--games",
        "2",
        "--max-plies",
        "30",
        "--openings",
        "positions/start.t1",
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("games 2: engine1"), "{text}");
    assert!(!text.contains("engine_error"), "{text}");
}

#[test]
fn a_misbehaving_engine_loses_every_game() {
    // Answers the handshake, then plays a move that does not exist.
    let script = "while read l; do case $l in uci) echo uciok;; isready) echo readyok;; \
                  go*) echo bestmove a1a1;; quit) exit 0;; esac; done";
    let command = format!("sh -c '{script}'");
    let report = json(&[
        "match",
        "--cmd1",
        &command,
        "--engine2",
        "mode=full,depth=1",
        "--games",
        "2",
        "--json",
    ]);
    assert_eq!(report["losses"], 2);
    assert_eq!(report["reasons"]["illegal_move"], 2);
}

#[test]
fn match_input_errors_exit_2() {
    for (args, needle) in [
        (
            vec![
                "match",
                "--engine1",
                "mode=sideways",
                "--engine2",
                "mode=full",
            ],
            "--engine1",
        ),
        (
            vec![
                "match",
                "--cmd1",
                "/no/such/engine",
                "--engine2",
                "mode=full",
            ],
            "engine1: cannot start engine",
        ),
        (
            vec![
                "match",
                "--engine1",
                "mode=full",
                "--engine2",
                "mode=full",
                "--openings",
                "positions/no-such-file.t1",
            ],
            "--openings",
        ),
        (
            vec![
                "match",
                "--engine1",
                "mode=full",
                "--engine2",
                "mode=full",
                "--sprt",
                "10,0",
            ],
            "--sprt",
        ),
        (
            vec![
                "match",
                "--engine1",
                "mode=full",
                "--engine2",
                "mode=full",
                "--clock",
                "1+x",
            ],
            "--clock",
        ),
    ] {
        let out = zonal(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn sprt_is_reported_and_can_stop_the_match() {
    let report = json(&[
        "match",
        "--engine1",
        "mode=full,depth=2",
        "--engine2",
        "engine=baseline,mode=full,depth=1",
        "--games",
        "8",
        "--max-plies",
        "40",
        "--sprt",
        "0,5",
        "--alpha",
        "0.2",
        "--beta",
        "0.2",
        "--jobs",
        "2",
        "--json",
    ]);
    let sprt = &report["sprt"];
    let (llr, lower, upper) = (
        sprt["llr"].as_f64().unwrap(),
        sprt["lower"].as_f64().unwrap(),
        sprt["upper"].as_f64().unwrap(),
    );
    assert!((upper - (0.8f64 / 0.2).ln()).abs() < 1e-9 && (lower + upper).abs() < 1e-9);
    let decision = sprt["decision"].as_str().unwrap();
    match decision {
        "H1" => assert!(llr >= upper),
        "H0" => assert!(llr <= lower),
        _ => assert!(llr > lower && llr < upper),
    }
    assert!(report["games"].as_u64().unwrap() <= 8);
}

#[test]
fn play_replays_the_moves_of_a_record() {
    let path = temp_path("replay.t1");
    let file = path.to_str().expect("utf-8 temp path");
    std::fs::write(
        &path,
        "# two game records\n\
         rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1 id \"game-1\"; \
         moves b1c3 b8c6 c3b1 c6b8 b1c3 b8c6 c3b1 c6b8; result \"1/2-1/2\"; reason \"repetition\";\n\
         rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1 id \"game-2\"; moves e2e4 e2e4;\n\
         rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1 id \"game-3\"; moves e2e4;\n",
    )
    .expect("write records");
    let played = json(&["play", file, "--id", "game-1", "--json"]);
    assert_eq!(played["status"], "draw");
    assert_eq!(played["reason"], "repetition");
    assert_eq!(played["moves_played"], 8);
    let out = zonal(&["play", file, "--index", "1"]);
    let text = stdout(&out);
    assert!(text.contains("status: draw (third repetition)"), "{text}");
    assert!(
        text.contains("recorded result: 1/2-1/2 repetition"),
        "{text}"
    );
    // Moves on the command line continue the record's game.
    let played = json(&["play", file, "--id", "game-3", "d7d5", "--json"]);
    assert_eq!(played["moves_played"], 2);
    assert_eq!(played["status"], "ongoing");
    // A bad move in a record: exit 2 naming the record and the move.
    let out = zonal(&["play", file, "--id", "game-2"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("record \"game-2\" (line 3): move 2 of its moves (e2e4)"),
        "{err}"
    );
    std::fs::remove_file(&path).ok();
}
