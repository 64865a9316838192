//! `--game proryv` from the command line: moves, play, perft, the game list and the errors.

use crate::common;

use common::zonal;

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn perft_from_the_start_is_the_spec_count() {
    let out = zonal(&["perft", "4", "--game", "proryv", "startpos"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), "3551016");
    let out = zonal(&["--game", "proryv", "perft", "2", "--divide"]);
    let text = stdout(&out);
    assert_eq!(text.lines().filter(|l| l.starts_with("R@")).count(), 44);
    assert!(
        text.contains("R@a3: 49\n") && text.contains("R@d4: 43\n"),
        "{text}"
    );
    assert_eq!(text.lines().last(), Some("1932"));
}

#[test]
fn moves_and_play_follow_the_rules() {
    let out = zonal(&[
        "moves",
        "--game",
        "proryv",
        "7k/3r4/8/1r6/4K3/8/8/8 w 0:0 0 20",
    ]);
    assert_eq!(stdout(&out), "e4e3\ne4f3\ne4f4\n");
    let out = zonal(&[
        "play", "--game", "proryv", "startpos", "R@a7", "R@b8", "R@a8", "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["game"], "proryv");
    assert_eq!(json["position"], "1r5k/R7/8/8/8/8/8/K7 b 6:7 0 2");
    assert_eq!(json["status"], "ongoing");
    let out = zonal(&[
        "play",
        "--game",
        "proryv",
        "7k/8/5K2/8/8/8/8/8 w 0:0 0 30",
        "f6g7",
    ]);
    let text = stdout(&out);
    assert!(
        text.contains("status: 1-0 (Black King touched at home)"),
        "{text}"
    );
    // A finished game: `moves` says so.
    let out = zonal(&[
        "moves",
        "--game",
        "proryv",
        "7k/8/8/8/8/1r6/2r5/K7 w 0:0 0 30",
    ]);
    assert!(out.status.success());
    assert!(stdout(&out).is_empty());
    assert!(stderr(&out).contains("the game is over: 0-1 (White has no legal ply)"));
}

#[test]
fn errors_name_the_game_and_its_rule() {
    let out = zonal(&["play", "--game", "proryv", "startpos", "R@d4", "R@g7"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains(
            "ply 2 (R@g7): Прорыв: R@g7 is not legal here: a rook may not be dropped on g7"
        ),
        "{err}"
    );
    let out = zonal(&["moves", "--game", "proryv", "7k/8/8/8/8/8/8/K6r w 0:0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("Прорыв: position string, placement: the King on a1 is in check")
    );
    let out = zonal(&["exchange", "--game", "proryv", "startpos", "e4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("Прорыв: `zonal exchange` is not available for this game yet"));
    let out = zonal(&["zones", "--game", "proryv", "startpos", "--after", "R@h8"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--after: ply 1 (R@h8): "),
        "{}",
        stderr(&out)
    );
    let out = zonal(&["moves", "--game", "tablut", "startpos"]);
    assert_eq!(out.status.code(), Some(2));
    let out = zonal(&["games"]);
    assert!(stdout(&out).contains("chess-t1") && stdout(&out).contains("proryv"));
    // chess-t1 stays the default.
    let out = zonal(&["perft", "2"]);
    assert_eq!(stdout(&out).trim(), "529");
}

#[test]
fn search_and_analyse_find_the_wins() {
    // E14: reaching h8 first wins.
    let out = zonal(&[
        "search",
        "--game",
        "proryv",
        "8/6K1/8/8/8/8/1k6/8 w 0:0 0 30",
        "--depth",
        "3",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("best g7h8 score wins in 1"),
        "{}",
        stdout(&out)
    );
    // The §8 position: the measures as the spec gives them, and a recommendation.
    let out = zonal(&[
        "analyse",
        "--game",
        "proryv",
        "8/1r6/8/5K2/2k5/6R1/8/3R4 w 0:0 0 30",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["white"]["freedom"], 7);
    assert_eq!(json["black"]["freedom"], 2);
    assert_eq!(json["white"]["approach_cost_2"], 3);
    assert_eq!(json["black"]["approach_cost_1"], 3);
    assert_eq!(json["black"]["approach_cost_2"], 4);
    assert!(
        json["recommended"]
            .as_array()
            .is_some_and(|r| !r.is_empty())
    );
    let out = zonal(&["analyse", "--game", "proryv", "startpos", "--depth", "2"]);
    let text = stdout(&out);
    assert!(text.contains("approach cost 1/2 steps -/- plies"), "{text}");
    assert!(text.contains("Zones (horizon 4): 0, open: none"), "{text}");
    let out = zonal(&[
        "analyse",
        "--game",
        "proryv",
        "8/6K1/8/8/8/8/1k6/8 w 0:0 0 30",
        "--depth",
        "2",
    ]);
    let text = stdout(&out);
    assert!(
        text.contains("open: white King -> target h8 (g7-h8); black King -> target a1 (b2-a1)"),
        "{text}"
    );
}

#[test]
fn position_files_state_their_game() {
    // No --game: the file's `game proryv` line decides.
    let out = zonal(&["perft", "3", "positions/proryv/examples.pos", "--id", "T1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), "17388");
    let out = zonal(&["analyse", "positions/proryv/examples.pos", "--depth", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("Suite: 21 positions, 4 with bm/am, first recommendation matches 4"),
        "{text}"
    );
    // Several positions in JSON: one document, with the suite's score.
    let out = zonal(&[
        "analyse",
        "positions/proryv/examples.pos",
        "--depth",
        "2",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(json["analyses"].as_array().map(Vec::len), Some(21));
    assert_eq!(json["summary"]["matched"], 4);
    // A chess-t1 command on a Прорыв file says which game it holds.
    let out = zonal(&["moves", "--game", "chess-t1", "positions/proryv/start.pos"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("start.pos:2:1: the file holds positions of \"proryv\""));
    // An unknown game.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("tablut.pos");
    std::fs::write(&path, "# x\ngame tablut\n").expect("write");
    let out = zonal(&["moves", path.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("tablut.pos:2:6: unknown game \"tablut\""),
        "{}",
        stderr(&out)
    );
}

#[test]
fn distance_maps_and_trajectories() {
    let out = zonal(&["distance", "--game", "proryv", "startpos", "--from", "a1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("8   7  7  7  7  7  7  7  -"), "{text}");
    let out = zonal(&[
        "trajectories",
        "--game",
        "proryv",
        "8/1r6/8/5K2/2k5/6R1/8/3R4 w 0:0 0 30",
        "--from",
        "g3",
        "--to",
        "c8",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["length"], 3);
    assert_eq!(json["count"], 4);
    assert_eq!(
        json["trajectories"][1]["squares"],
        serde_json::json!(["g3", "d3", "d8", "c8"])
    );
    assert_eq!(
        json["trajectories"][1]["beta"],
        serde_json::json!(["e3", "f3", "d4", "d5", "d6", "d7"])
    );
    let out = zonal(&["distance", "--game", "proryv", "startpos", "--from", "e4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("Прорыв: no piece on e4"));
}

#[test]
fn zones_of_the_race_and_the_captures() {
    let out = zonal(&[
        "zones",
        "positions/proryv/examples.pos",
        "--id",
        "E7",
        "--horizon",
        "2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains(
            "Zone 0 (capture, White): King d4 -> rook c5 in 1 (d4-c5; 1 of 1 shortest): OPEN"
        ),
        "{text}"
    );
    assert!(text.contains(
        "Zone 1 (capture, White): King d4 -> rook e5 in 1 (d4-e5; 1 of 1 shortest): STOPPED"
    ));
    assert!(
        text.contains("(-, 1.1) rook e8  protection of e5  e8 (0 moves, budget 0)"),
        "{text}"
    );
    let out = zonal(&[
        "zones",
        "--game",
        "proryv",
        "r7/6K1/8/8/8/8/1k6/8 b 0:0 0 30",
    ]);
    let text = stdout(&out);
    assert!(
        text.contains("King g7 -> target h8 in 1 (g7-h8; 1 of 1 shortest): STOPPED"),
        "{text}"
    );
    assert!(
        text.contains("rook a8  control of h8  a8 (0 moves"),
        "{text}"
    );
}

#[test]
fn pictures_of_the_board_and_the_zones() {
    let out = zonal(&[
        "render",
        "positions/proryv/examples.pos",
        "--id",
        "E7",
        "--zones",
        "--horizon",
        "2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = stdout(&out);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let count = |class: &str| {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .count()
    };
    assert_eq!(count("square"), 64);
    assert_eq!(count("piece"), 6);
    // Two roots (d4-c5, d4-e5) and the protection e8-e5.
    assert_eq!(count("arrow"), 3, "{svg}");
    assert!(svg.contains("protection of e5 by the rook e8"));
    // An answer (+, 1.2) is drawn beside the negation it answers: e5-e4 blocks d4-f4.
    let out = zonal(&[
        "render",
        "--game",
        "proryv",
        "7k/8/4R3/3RrR2/8/3K4/8/8 w 0:0 0 30",
        "--zone",
        "1",
        "--horizon",
        "6",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = stdout(&out);
    assert!(
        svg.contains("zone 1: blockade of f4 by the rook e5, answering the rook d5"),
        "{svg}"
    );
    assert!(svg.contains("(+, 1.2)"));
    let out = zonal(&["render", "--game", "proryv", "startpos", "--zone", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--zone 3: no such zone"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn zones_as_json_and_dot() {
    let args = [
        "zones",
        "positions/proryv/examples.pos",
        "--id",
        "E7",
        "--horizon",
        "2",
    ];
    let out = zonal(&[&args[..], &["--json"]].concat());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["game"], "proryv");
    let zones = json["zones"].as_array().expect("zones");
    assert_eq!(zones.len(), 2);
    assert_eq!(zones[0]["root"], serde_json::json!(["d4", "c5"]));
    assert_eq!(zones[0]["open"], true);
    assert_eq!(zones[1]["negations"][0]["role"], "protection");
    assert_eq!(zones[1]["negations"][0]["piece"], "rook");
    assert_eq!(zones[1]["negations"][0]["from"], "e8");
    assert_eq!(json["schema_version"], 5);
    let out = zonal(&[&args[..], &["--dot"]].concat());
    let dot = stdout(&out);
    assert!(dot.starts_with("digraph mp {") && dot.trim_end().ends_with('}'));
    assert!(dot.contains("(+, 0.0) King d4-c5\\nroot (1 move)"), "{dot}");
    assert!(
        dot.contains("protection of e5 (0 moves, budget 0)"),
        "{dot}"
    );
}

/// `zones --json` of every bundled Прорыв position, at three horizons, validates against
/// `schema/zones.schema.json`, the core games' one schema.
#[test]
fn zones_json_follows_its_schema() {
    let root = env!("CARGO_MANIFEST_DIR");
    let text = std::fs::read_to_string(format!("{root}/schema/zones.schema.json"))
        .expect("read the schema");
    let schema: serde_json::Value = serde_json::from_str(&text).expect("the schema is JSON");
    jsonschema::draft202012::meta::validate(&schema).expect("a valid 2020-12 schema");
    let validator = jsonschema::draft202012::new(&schema).expect("the schema compiles");
    let mut checked = 0;
    for file in ["examples.pos", "suite.pos"] {
        let path = format!("positions/proryv/{file}");
        for index in [1, 4, 8, 13, 21] {
            for h in ["2", "4", "6"] {
                let i = index.to_string();
                let out = zonal(&["zones", &path, "--index", &i, "--horizon", h, "--json"]);
                assert!(out.status.success(), "{path} {index}: {}", stderr(&out));
                let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
                let errors: Vec<String> = validator
                    .iter_errors(&json)
                    .map(|e| format!("{}: {e}", e.instance_path()))
                    .collect();
                assert!(errors.is_empty(), "{path} {index} H={h}: {errors:?}");
                checked += json["zones"].as_array().map_or(0, Vec::len);
            }
        }
    }
    assert!(checked > 50, "only {checked} zones checked");
}

/// `zones --after`: the projection kept up to date ply by ply, what it reused, and the zones of
/// the last position (E7: the King takes c5, Black's e8 rook steps to e7).
#[test]
fn zones_after_plies() {
    let out = zonal(&[
        "zones",
        "--game",
        "proryv",
        "4r2k/8/8/2rRr3/3K4/8/8/8 w 0:0 0 20",
        "--horizon",
        "4",
        "--after",
        "d4c5",
        "e8e7",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "after d4c5: 1 zones; distance maps: 5 taken over, 3 built\n\
             after e8e7: 2 zones; distance maps: 3 taken over, 5 built\n\
             Position: 7k/4r3/8/2KRr3/8/8/8/8 w 0:0 1 21\n"
        ),
        "{text}"
    );
    assert!(text.contains("(-, 0.1) rook e7  protection of e5  e7 (0 moves, budget 1)"));
}

/// `match --game proryv`: two built-in players over the bundled openings, the tally, the Elo,
/// the game ends, and games written so that `play` replays them to the same result.
#[test]
fn a_match_between_two_players() {
    let dir = std::env::temp_dir().join(format!("zonal-proryv-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let out_file = dir.join("games.pos");
    let out_path = out_file.to_str().expect("utf-8 path");
    let out = zonal(&[
        "match",
        "--game",
        "proryv",
        "--engine1",
        "depth=2",
        "--engine2",
        "depth=1,rook=10",
        "--games",
        "4",
        "--jobs",
        "2",
        "--max-plies",
        "60",
        "--out",
        out_path,
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["game"], "proryv");
    assert_eq!(json["games"], 4);
    let tally = ["wins", "draws", "losses"].map(|k| json[k].as_u64().expect("count"));
    assert_eq!(tally.iter().sum::<u64>(), 4);
    let ends: u64 = json["reasons"]
        .as_object()
        .expect("ends")
        .values()
        .map(|v| v.as_u64().expect("count"))
        .sum();
    assert_eq!(ends, 4);
    // The players are the generic match's (the engine zone-guided by default, the root's steer
    // among the game's defaults), with Прорыв's weights.
    assert_eq!(
        json["engine2"],
        "mode=zones,horizon=5,plies=1,depth=1,rook=10"
    );
    let games = std::fs::read_to_string(&out_file).expect("the games file");
    assert_eq!(
        games.lines().filter(|l| l.contains("id \"game-")).count(),
        4
    );
    // Game 1: the first opening, engine1 White; the record replays.
    let out = zonal(&["play", out_path, "--id", "game-1", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let replay: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let line = games
        .lines()
        .find(|l| l.contains("id \"game-1\""))
        .expect("game 1");
    let plies = replay["plies"].as_array().expect("plies").len();
    assert!(plies > 0 && plies <= 60, "{plies} plies");
    let result = replay["result"].as_str().unwrap_or("*");
    let told = if result == "*" {
        ": unfinished (move limit)".to_string()
    } else {
        format!(": {result} (")
    };
    assert!(line.contains(&told), "{line} vs {result}");
    std::fs::remove_dir_all(&dir).ok();
    // A bad weight, and an unknown key, are refused (a player without a limit plays 100 ms a
    // move, as in every game's match).
    let out = zonal(&[
        "match",
        "--game",
        "proryv",
        "--engine1",
        "rook=x",
        "--engine2",
        "depth=1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("rook=\"x\": a whole number within"),
        "{}",
        stderr(&out)
    );
    let out = zonal(&[
        "match",
        "--game",
        "proryv",
        "--engine1",
        "depth=1,colour=white",
        "--engine2",
        "depth=1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown key \"colour\""),
        "{}",
        stderr(&out)
    );
}

/// `bench --game proryv --quick --json`: the one bench of the games on the core (Прорыв's own
/// report is gone): perft from the start, the engine's figures, the evaluation's cost, and the
/// projection's on the middle games of random games too (after the placement).
#[test]
fn bench_of_the_second_game() {
    let out = zonal(&["bench", "--game", "proryv", "--quick", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["game"], "proryv");
    let start = &json["starts"][0];
    assert_eq!(start["start"], "startpos");
    let perft = [1, 44, 1_932, 82_914, 3_551_016];
    let depth = start["depth"].as_u64().expect("depth") as usize;
    if depth < perft.len() {
        assert_eq!(start["nodes"], perft[depth], "perft {depth}");
    }
    // The start, four of the suite and four middle games.
    assert_eq!(json["positions"], 9);
    assert!(json["eval_ns"].as_u64() > Some(0));
    for p in json["projection"].as_array().expect("projection") {
        assert!(p["build_us"].as_u64() > Some(0), "{p}");
        assert!(p["reused_percent"].as_u64() <= Some(100), "{p}");
    }
}
