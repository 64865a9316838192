//! The `zonal` binary end to end: outputs, JSON shapes, exit codes on bad input.

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

#[test]
fn moves_of_the_start_file_sorted() {
    let out = zonal(&["moves", "positions/start.t1"]);
    assert!(out.status.success());
    let lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert_eq!(lines.len(), 23);
    assert_eq!(lines[..4], ["a1a3", "a2a3", "a2a4", "b1a3"]);
}

#[test]
fn moves_json_shape() {
    let v = json(&["moves", "8/8/8/5R2/8/4s3/2v5/5P2 b - 0 1", "--json"]);
    assert_eq!(v["side"], "black");
    assert_eq!(v["position"], "8/8/8/5R2/8/4s3/2v5/5P2 b - 0 1");
    let moves = v["moves"].as_array().unwrap();
    let scout: Vec<(&str, &str)> = moves
        .iter()
        .filter(|m| m["from"] == "e3")
        .map(|m| (m["uci"].as_str().unwrap(), m["kind"].as_str().unwrap()))
        .collect();
    assert_eq!(
        scout,
        [
            ("e3c4", "move"),
            ("e3d5", "move"),
            ("e3f1", "exchange"),
            ("e3f5", "capture"),
            ("e3g2", "move"),
            ("e3g4", "move"),
        ]
    );
    let exchange = moves.iter().find(|m| m["uci"] == "e3f1").unwrap();
    assert_eq!(exchange["piece"], "S");
    assert_eq!(exchange["book"], "Рк e3÷f1");
    assert_eq!(exchange["promotion"], Value::Null);
    // The Ver Knecht on c2 steps into the empty White castle square c1 with a choice.
    let promo: Vec<&str> = moves
        .iter()
        .filter(|m| m["to"] == "c1")
        .map(|m| m["promotion"].as_str().unwrap())
        .collect();
    assert_eq!(promo, ["C", "P"]); // sorted by coordinate text: c2c1c, c2c1p
}

#[test]
fn force_json_has_all_squares_in_half_units() {
    let v = json(&[
        "force",
        "positions/book-examples.t1",
        "--id",
        "E4",
        "--json",
    ]);
    assert_eq!(v["unit"], "half");
    let squares = v["squares"].as_object().unwrap();
    assert_eq!(squares.len(), 64);
    assert_eq!(squares["d2"]["white_effective"], 7);
    assert_eq!(squares["e3"]["white"], 6);
    assert_eq!(squares["e3"]["black"], 3);
    assert_eq!(squares["f3"]["white_effective"], 6);
    assert_eq!(squares["f3"]["black_effective"], 6);
}

#[test]
fn force_table_in_units() {
    let out = zonal(&["force", "positions/book-examples.t1", "--id", "E4"]);
    let text = stdout(&out);
    let rank3 = text.lines().find(|l| l.starts_with("3 ")).unwrap();
    assert!(rank3.contains("R 2:1½*"), "{rank3}");
    assert!(rank3.contains("v 3:1½*"), "{rank3}");
    assert!(rank3.contains("N 3:3 "), "{rank3}");
}

#[test]
fn play_reports_status_and_checks() {
    let v = json(&["play", "startpos", "e2e4", "e7e5", "--json"]);
    assert_eq!(
        v["position"],
        "rspckpsr/nnnn1nnn/8/4n3/4N3/8/NNNN1NNN/RSPCKPSR w Pp 2 2"
    );
    assert_eq!(v["status"], "ongoing");
    assert_eq!(v["reason"], Value::Null);
    assert_eq!(v["moves_played"], 2);
    assert_eq!(v["in_check"]["white"], false);
    // docs/chess-t1-rules.md §10 E9: the Kings-only blockade.
    let v = json(&[
        "play",
        "8/8/8/8/8/5k2/8/3K4 w - 0 1",
        "--book",
        "1.Кр d1-e2 Кр f3-f2 2.Кр e2-e1 Кр f2-f1 3.Кр e1-d1 Кр f1-e1 4.Кр d1-c1 Кр e1-d1",
        "--json",
    ]);
    assert_eq!(v["status"], "black_wins");
    assert_eq!(v["reason"], "blockade");
    assert_eq!(v["moves_played"], 8);
}

#[test]
fn play_king_capture_and_repetition() {
    // A Scout takes the King.
    let v = json(&["play", "8/8/8/8/3k4/8/2S5/4K3 w - 0 1", "c2d4", "--json"]);
    assert_eq!(v["status"], "white_wins");
    assert_eq!(v["reason"], "king_captured");
    let v = json(&[
        "play", "startpos", "b1c3", "b8c6", "c3b1", "c6b8", "b1c3", "b8c6", "c3b1", "c6b8",
        "--json",
    ]);
    assert_eq!(v["status"], "draw");
    assert_eq!(v["reason"], "repetition");
}

#[test]
fn illegal_move_exits_2_naming_the_move() {
    let out = zonal(&["play", "startpos", "e2e4", "e7e5", "e4e6"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("move 3") && err.contains("e4e6"), "{err}");
    let out = zonal(&["play", "startpos", "--book", "1.e2-e4 e7-e5 2.Кт d1-h5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("d1-h5"), "{}", stderr(&out));
    let out = zonal(&["play", "startpos", "zz"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bad_positions_exit_2() {
    for args in [
        &["moves", "no/such/file.t1"][..],
        &["moves", "8/8/8/8/8/8/8/4X3 w - 0 1"],
        &["moves", "8/8/8/8/8/8/8/2N5 w - 0 1"],
        &["moves", "positions/start.t1", "--id", "nope"],
        &["force", "positions/start.t1", "--index", "7"],
        &["perft", "2", "8/8 w"],
    ] {
        let out = zonal(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).starts_with("error: "),
            "{args:?}: {}",
            stderr(&out)
        );
        assert!(!stderr(&out).contains("panicked"), "{args:?}");
    }
}

#[test]
fn perft_and_divide() {
    let out = zonal(&["perft", "3"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out).trim(), "15121");
    assert!(stderr(&out).contains("nodes/s"));
    let out = zonal(&["perft", "2", "startpos", "--divide"]);
    let text = stdout(&out);
    assert!(text.lines().any(|l| l == "e2e4: 23"), "{text}");
    assert_eq!(text.lines().last(), Some("529"));
}

#[test]
fn distance_map_text_and_json() {
    let out = zonal(&[
        "distance",
        "8/8/8/8/8/8/8/8 w - 0 1",
        "--from",
        "a1",
        "--piece",
        "S",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let rank8 = text.lines().find(|l| l.starts_with("8 ")).unwrap();
    assert_eq!(
        rank8.split_whitespace().collect::<Vec<_>>(),
        ["8", "5", "4", "-", "-", "-", "-", "5", "6"]
    );
    let v = json(&["distance", "startpos", "--from", "b1", "--json"]);
    assert_eq!(v["piece"], "S");
    assert_eq!(v["color"], "white");
    assert_eq!(v["distances"]["b1"], 0);
    assert_eq!(v["distances"]["c3"], 1);
    assert_eq!(v["distances"]["d2"], 1); // an own piece: enterable as a goal, never passed
    assert_eq!(v["distances"]["d1"], 2); // b1-c3-d1: an occupied castle square (exchange)
    let v = json(&[
        "distance",
        "8/8/8/8/8/8/8/8 w - 0 1",
        "--from",
        "b1",
        "--piece",
        "S",
        "--json",
    ]);
    assert_eq!(v["distances"]["d1"], Value::Null); // an empty castle square: never
    assert_eq!(v["distances"].as_object().unwrap().len(), 64);
}

#[test]
fn trajectories_json() {
    let v = json(&[
        "trajectories",
        "startpos",
        "--from",
        "d1",
        "--to",
        "h5",
        "--json",
    ]);
    assert_eq!(v["shortest"]["length"], 3);
    assert_eq!(v["shortest"]["count"], "3");
    let layers: Vec<Vec<String>> = serde_json::from_value(v["shortest"]["layers"].clone()).unwrap();
    assert_eq!(
        layers,
        [vec!["d1"], vec!["d3"], vec!["f3", "f5", "g6"], vec!["h5"]]
    );
    let paths = v["shortest"]["paths"].as_array().unwrap();
    assert_eq!(paths.len(), 3);
    assert_eq!(
        paths[2]["squares"],
        serde_json::json!(["d1", "d3", "g6", "h5"])
    );
    assert_eq!(paths[2]["alpha"], serde_json::json!(["d3", "g6", "h5"]));
    assert_eq!(paths[2]["beta"], serde_json::json!(["e4", "f5"]));
    assert_eq!(v["admissible"]["max_len"], 4);
    assert!(v["admissible"]["listed"].as_u64().unwrap() > 0);
}

#[test]
fn trajectory_errors_exit_2() {
    for args in [
        &["distance", "startpos", "--from", "e9"][..],
        &["distance", "startpos", "--from", "e4"],
        &["distance", "startpos", "--from", "e4", "--piece", "X"],
        &[
            "trajectories",
            "8/8/8/8/8/8/8/8 w - 0 1",
            "--from",
            "b1",
            "--to",
            "d1",
            "--piece",
            "S",
        ],
        &["trajectories", "startpos", "--from", "b1", "--to", "zz"],
        &[
            "trajectories",
            "8/8/8/3rrr2/3rKr2/3rrr2/8/8 w - 0 1",
            "--from",
            "e4",
            "--to",
            "a1",
        ],
    ] {
        let out = zonal(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).starts_with("error: "),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

/// Batch analysis gives the same answers (timings aside) whatever the number of threads.
#[test]
fn batch_analysis_identical_for_any_thread_count() {
    let strip = |mut v: Value| {
        for a in v["analyses"].as_array_mut().unwrap() {
            a["micros"] = Value::Null;
        }
        v
    };
    let one = strip(json(&[
        "analyse",
        "positions/book-examples.t1",
        "--horizon",
        "3",
        "--jobs",
        "1",
        "--json",
    ]));
    let two = strip(json(&[
        "analyse",
        "positions/book-examples.t1",
        "--horizon",
        "3",
        "--jobs",
        "2",
        "--json",
    ]));
    assert_eq!(one["analyses"].as_array().unwrap().len(), 16);
    assert_eq!(one, two);
}

/// `analyse --svg DIR` writes one picture per position, named by id, with the recommended move.
#[test]
fn analyse_writes_pictures() {
    let dir = std::env::temp_dir().join(format!("zonal-svg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = zonal(&[
        "analyse",
        "positions/book-examples.t1",
        "--horizon",
        "2",
        "--svg",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 16);
    assert!(names.contains(&"E4.svg".to_string()), "{names:?}");
    let svg = std::fs::read_to_string(dir.join("E4.svg")).unwrap();
    assert!(
        svg.starts_with("<?xml") || svg.starts_with("<svg"),
        "{}",
        &svg[..40]
    );
    assert!(svg.contains("</svg>"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn search_with_reused_zones_prints_the_same_search() {
    let args = [
        "search",
        "positions/tactics.t1",
        "--index",
        "3",
        "--depth",
        "3",
        "--baseline",
    ];
    let plain = zonal(&args);
    assert!(plain.status.success(), "{}", stderr(&plain));
    let mut with = args.to_vec();
    with.push("--reuse-zones");
    let reused = zonal(&with);
    assert!(reused.status.success(), "{}", stderr(&reused));
    assert_eq!(stdout(&plain), stdout(&reused));
    assert!(stdout(&plain).starts_with("best "), "{}", stdout(&plain));
    // The zone statistics on stderr: nothing taken over without the flag.
    assert!(
        stderr(&plain).contains(" 0 taken over"),
        "{}",
        stderr(&plain)
    );
    let refused = zonal(&["search", "startpos", "--full", "--reuse-zones"]);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
}

#[test]
fn bench_quick_json_has_every_figure() {
    let v = json(&["bench", "--quick", "--json"]);
    assert_eq!(v["perft"][0], 4);
    assert_eq!(v["perft"][1], 431_531);
    assert_eq!(v["positions"], 4);
    for key in [
        "force_map_ns",
        "projection_us",
        "update_us",
        "rebuild_us",
        "update_ratio",
        "zone_search_ms",
        "zone_search_reuse_ms",
        "batch_one",
        "batch_all",
        "eval_ns",
        "engine_full_nps",
        "engine_zone_nps",
        "engine_zone_us_per_node",
        "engine_zone_projections",
    ] {
        let x = v[key].as_f64().unwrap_or(-1.0);
        assert!(x > 0.0, "{key} = {}", v[key]);
    }
    for key in ["reuse_share", "search_reuse_share"] {
        let x = v[key].as_f64().unwrap_or(-1.0);
        assert!((0.0..=1.0).contains(&x), "{key} = {}", v[key]);
    }
    assert!(v["zone_nodes"].as_u64().unwrap() < v["full_nodes"].as_u64().unwrap());
    // The engine within 50 ms a move, full-width then zone-guided, from the start and over the
    // 32 tactics.
    let timed = v["engine_timed"].as_array().expect("engine_timed");
    assert_eq!(timed.len(), 2);
    assert_eq!(
        (timed[0]["mode"].as_str(), timed[1]["mode"].as_str()),
        (Some("full"), Some("zones"))
    );
    for t in timed {
        assert_eq!(t["movetime_ms"], 50);
        assert!(t["start_depth"].as_u64().unwrap() >= 2, "{t}");
        assert!(t["suite_least"].as_u64().unwrap() >= 1, "{t}");
        assert!(
            t["suite_median"].as_u64().unwrap() >= t["suite_least"].as_u64().unwrap(),
            "{t}"
        );
        assert!(
            t["start_nps"].as_u64().unwrap() > 0 && t["suite_nps"].as_u64().unwrap() > 0,
            "{t}"
        );
    }
}

#[test]
fn zones_after_moves_equal_zones_of_the_position_reached() {
    let line = ["b1c3", "b8c6", "c3d5", "c6d4"];
    let mut args = vec!["zones", "positions/start.t1", "--json", "--after"];
    args.extend(line);
    let out = zonal(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let updated: Value = serde_json::from_str(&stdout(&out)).expect("valid JSON");
    // One report line per move on stderr (stdout is the JSON).
    let log = stderr(&out);
    for mv in line {
        assert!(
            log.contains(&format!("after {mv}: the footprint rule")),
            "{log}"
        );
    }
    let mut play = vec!["play", "positions/start.t1", "--json"];
    play.extend(line);
    let reached = json(&play)["position"].as_str().unwrap().to_string();
    let fresh = json(&["zones", &reached, "--json"]);
    assert_eq!(updated, fresh);
    assert!(!fresh["zones"].as_array().unwrap().is_empty());

    let bad = zonal(&["zones", "startpos", "--after", "b1c3", "b1c3"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("--after: move 2 (black's move 1)"),
        "{}",
        stderr(&bad)
    );
}
