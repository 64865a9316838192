//! `zonal review`: a game reviewed move by move. A blunder is found and explained in zones; the
//! JSON follows `schema/review.schema.json` and agrees with itself (each move's score after is
//! the next one's before, the judgements follow the thresholds, the tally counts them); the
//! annotated record plays back to the same game; the graph has a point a move; bad input is
//! refused.

use crate::common;

use common::{zonal, zonal_with_input};
use serde_json::Value;
use std::process::Output;

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).expect("utf-8")
}

fn validator() -> jsonschema::Validator {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/schema/review.schema.json");
    let text = std::fs::read_to_string(path).expect("the schema");
    let schema: Value = serde_json::from_str(&text).expect("JSON");
    jsonschema::draft202012::meta::validate(&schema).expect("a valid 2020-12 schema");
    jsonschema::draft202012::new(&schema).expect("the schema compiles")
}

/// The attackers to move; the king on a6 runs to a1 unless d3-a3 blocks the file.
const KING_RUNS: &str = "11/11/11/11/a10/ka9/11/11/3a7/11/11 a copenhagen";

#[test]
fn a_move_that_lets_the_king_escape_is_a_blunder_explained_by_its_zone() {
    let args = ["--game", "hnefatafl", "review", KING_RUNS, "d3d4", "a6a1"];
    let json: Value = serde_json::from_str(&stdout(&zonal(
        &[&args[..], &["--depth", "3", "--format", "json"]].concat(),
    )))
    .expect("JSON");
    assert!(validator().is_valid(&json));
    let first = &json["moves"][0];
    assert_eq!(
        (&first["played"], &first["judgement"], &first["best"]),
        (&"d3d4".into(), &"blunder".into(), &"d3a3".into())
    );
    let why = first["why"].as_str().expect("a reason");
    assert!(why.starts_with("it walks into a forced loss"), "{why}");
    assert!(
        why.contains("lets through zone 0: king a6 -> a1 (1 move)"),
        "{why}"
    );
    assert!(
        why.contains("better d3a3: attacker d3: stops zone 0"),
        "{why}"
    );
    let second = &json["moves"][1];
    assert_eq!(
        (&second["judgement"], &second["best"], &second["why"]),
        (&"best".into(), &Value::Null, &Value::Null)
    );
    assert_eq!(json["summary"][1]["blunders"], 1);
    assert_eq!(json["end"], "defenders win (the king reached a corner)");
    let text = stdout(&zonal(&[&args[..], &["--depth", "3"]].concat()));
    assert!(text.contains("  1. attackers d3-d4??"), "{text}");
    assert!(text.contains("blunder (loss 300), best d3a3"), "{text}");
}

/// A game of each game on the core (a short match between two depth-1 players, recorded),
/// reviewed: the JSON is valid and consistent, the annotated record plays back, the graph has
/// a point a move.
#[test]
fn reviews_of_every_game_are_consistent_and_play_back() {
    let validator = validator();
    let dir = std::env::temp_dir().join(format!("zonal-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    for game in ["chess-t1", "proryv", "hnefatafl", "jungle"] {
        let record = dir.join(format!("{game}.pos"));
        let record = record.to_str().expect("a UTF-8 path");
        let spec = "depth=1";
        let _ = stdout(&zonal(&[
            "--game",
            game,
            "match",
            "--engine1",
            spec,
            "--engine2",
            spec,
            "--games",
            "1",
            "--max-plies",
            "40",
            "--out",
            record,
        ]));
        let review = |format: &str| {
            stdout(&zonal(&[
                "--game", game, "review", record, "--index", "1", "--depth", "2", "--format",
                format,
            ]))
        };
        let json: Value = serde_json::from_str(&review("json")).expect("JSON");
        let errors: Vec<String> = validator
            .iter_errors(&json)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{game}: {errors:?}");
        let moves = json["moves"].as_array().expect("moves");
        assert!(moves.len() >= 8, "{game}: {} moves", moves.len());
        let played = stdout(&zonal(&[
            "--game", game, "play", record, "--index", "1", "--json",
        ]));
        let played: Value = serde_json::from_str(&played).expect("JSON");
        let records: Vec<&Value> = moves.iter().map(|m| &m["record"]).collect();
        // Every game's `play --json` lists the moves in their record form (chess-t1: the books'
        // notation), as the review does.
        let list = played["moves"].as_array().expect("play's moves");
        assert_eq!(records, list.iter().collect::<Vec<_>>(), "{game}");
        for (i, m) in moves.iter().enumerate() {
            assert_eq!(m["ply"], i + 1, "{game}");
            if let Some(next) = moves.get(i + 1) {
                assert_eq!(m["after"], next["before"], "{game} ply {}", i + 1);
            }
            let loss = m["loss"].as_i64().expect("loss");
            let expected = match loss {
                _ if m["best"].is_null() => "best",
                l if l >= 300 => "blunder",
                l if l >= 150 => "mistake",
                l if l >= 50 => "inaccuracy",
                _ => "good",
            };
            assert_eq!(m["judgement"], expected, "{game} ply {}", i + 1);
            assert_eq!(
                m["why"].is_string(),
                ["inaccuracy", "mistake", "blunder"].contains(&expected)
            );
        }
        for side in json["summary"].as_array().expect("summary") {
            let mine = moves.iter().filter(|m| m["side"] == side["side"]);
            let blunders = mine.filter(|m| m["judgement"] == "blunder").count();
            assert_eq!(side["blunders"], blunders, "{game}");
        }
        // The annotated record is a position file `zonal play` reads back to the same game.
        let annotated = dir.join(format!("{game}-annotated.pos"));
        std::fs::write(&annotated, review("record")).expect("write");
        let again = stdout(&zonal(&[
            "--game",
            game,
            "play",
            annotated.to_str().expect("UTF-8"),
            "--json",
        ]));
        let again: Value = serde_json::from_str(&again).expect("JSON");
        assert_eq!(again["position"], played["position"], "{game}");
        // The graph: a point a move, numbered by ply.
        let svg = review("svg");
        let doc = roxmltree::Document::parse(&svg).expect("SVG is XML");
        let plies: Vec<&str> = doc
            .descendants()
            .filter_map(|n| n.attribute("data-ply"))
            .collect();
        let expected: Vec<String> = (1..=moves.len()).map(|i| i.to_string()).collect();
        assert_eq!(plies, expected, "{game}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A move that is not legal names its number (chess-t1 too); chess-t1 has no records files; a
/// records file without the game asked for says so.
#[test]
fn bad_input_is_refused_with_where_and_what() {
    let out = zonal(&["--game", "jungle", "review", "startpos", "a3a4", "a9a9"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 2 (a9a9)"), "{err}");
    let out = zonal(&["review", "startpos", "b1c3", "a1a5"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 2 (a1a5)"), "{err}");
    let out = zonal(&["review", "startpos", "--records"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--records"), "{err}");
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/hnefatafl/tests/data/tafl/copenhagen.csv"
    );
    let out = zonal_with_input(
        &[
            "--game",
            "hnefatafl",
            "review",
            path,
            "--records",
            "--index",
            "999999",
        ],
        None,
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("no finished game 999999"),
        "{err}"
    );
}
