//! `--game hnefatafl` and `--game jungle` from the command line: perft, moves, play (real
//! records), search, analyse, match, and the errors.

use crate::common;

use common::zonal;

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn json(out: &std::process::Output) -> serde_json::Value {
    assert!(out.status.success(), "{}", stderr(out));
    serde_json::from_slice(&out.stdout).expect("one JSON document")
}

#[test]
fn perft_from_the_starts() {
    // The spec's counts (hnefatafl.md §11, jungle.md §9).
    for (game, start, depth, count) in [
        ("hnefatafl", "startpos", 3, "806344"),
        ("hnefatafl", "seed11", 2, "6788"),
        ("hnefatafl", "seed9", 3, "285728"),
        ("jungle", "startpos", 4, "260099"),
    ] {
        let out = zonal(&["perft", &depth.to_string(), "--game", game, start]);
        assert!(out.status.success(), "{game} {start}: {}", stderr(&out));
        assert_eq!(stdout(&out).trim(), count, "{game} {start}");
    }
    let out = zonal(&["perft", "1", "--game", "jungle", "startpos", "--divide"]);
    let text = stdout(&out);
    assert_eq!(text.lines().filter(|l| l.contains(": 1")).count(), 24);
    assert!(text.trim_end().ends_with("24"), "{text}");
}

#[test]
fn moves_and_the_game_ends() {
    // J10 (a): entering the enemy den wins; the legal moves are the spec's.
    let out = zonal(&["moves", "--game", "jungle", "c6/3D3/7/7/7/7/7/7/7 w"]);
    assert_eq!(stdout(&out), "d8c8\nd8d7\nd8d9\nd8e8\n");
    let out = zonal(&[
        "play",
        "--game",
        "jungle",
        "c6/3D3/7/7/7/7/7/7/7 w",
        "d8d9",
        "--json",
    ]);
    let v = json(&out);
    assert_eq!(v["winner"], "white");
    assert_eq!(v["game"], "jungle");
    // A king on the edge next to a free corner escapes.
    let out = zonal(&[
        "play",
        "--game",
        "hnefatafl",
        "9/9/9/9/9/3a5/9/9/6k2 d seed",
        "g1i1",
        "--json",
    ]);
    let v = json(&out);
    assert_eq!(v["status"], "defenders win (the king reached a corner)");
    assert_eq!(v["winner"], "white");
    assert_eq!(v["moves"][0], "g1-i1");
}

#[test]
fn real_records_replay_from_the_command_line() {
    // Lines of the shipped Copenhagen games: one won by the king's escape, one lost on time.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/hnefatafl/tests/data/tafl/copenhagen.csv"
    ))
    .expect("the records");
    let record = |line: usize| -> String {
        let l = text.lines().nth(line - 1).expect("a line");
        l.split(',').next().expect("the moves").to_string()
    };
    let out = zonal(&[
        "play",
        "--game",
        "hnefatafl",
        "startpos",
        "--record",
        &record(34),
        "--json",
    ]);
    let v = json(&out);
    assert_eq!(v["status"], "defenders win (the king reached a corner)");
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(34));
    let out = zonal(&[
        "play",
        "--game",
        "hnefatafl",
        "startpos",
        "--record",
        &record(43),
        "--json",
    ]);
    let v = json(&out);
    assert_eq!(v["status"], "ongoing (the record ends: timeout)");
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(106));
    // A capture written that the move does not make is a mismatch, named with its move.
    let out = zonal(&[
        "play",
        "--game",
        "hnefatafl",
        "startpos",
        "--record",
        "h1-h3 f8-i8xi9",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("move 2 (f8-i8xi9)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn search_and_analyse_find_the_wins() {
    let out = zonal(&[
        "search",
        "--game",
        "hnefatafl",
        "9/9/9/9/9/3a5/9/9/2a3k2 d seed",
        "--depth",
        "2",
    ]);
    assert!(
        stdout(&out).starts_with("best g1i1 score wins in 1"),
        "{}",
        stdout(&out)
    );
    let out = zonal(&[
        "search",
        "--game",
        "jungle",
        "c6/3D3/7/7/7/7/7/7/7 w",
        "--depth",
        "3",
        "--json",
    ]);
    let v = json(&out);
    assert_eq!(v["best"], "d8d9");
    // A position file with a bm: the suite line counts it.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("games_cli_suite.pos");
    std::fs::write(
        &path,
        "game jungle\nc6/3D3/7/7/7/7/7/7/7 w id \"den\"; bm d8d9;\n7/7/7/7/7/7/7/3D3/2C4 w id \"quiet\";\n",
    )
    .expect("write");
    let out = zonal(&["analyse", path.to_str().expect("utf-8"), "--depth", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("Suite: 2 positions, 1 with bm/am, first recommendation matches 1"),
        "{}",
        stdout(&out)
    );
}

/// The first recommendation of `zonal analyse FILE --index I --json` and its reason.
fn first_reason(file: &str, index: &str, depth: &str) -> (String, String) {
    let out = zonal(&[
        "analyse",
        file,
        "--index",
        index,
        "--depth",
        depth,
        "--nodes",
        "0",
        "--movetime",
        "0",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&out);
    let first = &v["recommended"][0];
    let text = |k: &str| first[k].as_str().unwrap_or_default().to_string();
    // Прорыв names its moves plies.
    let mv = first["move"].as_str().or(first["ply"].as_str());
    (mv.unwrap_or_default().to_string(), text("reason"))
}

#[test]
fn recommended_moves_give_their_reasons() {
    // Jungle: the tiger d7 takes the tiger c7 at once (zone 10 of the projection, horizon 5).
    let (mv, reason) = first_reason("positions/jungle/suite.pos", "1", "5");
    assert_eq!(mv, "d7c7");
    assert!(
        reason.starts_with("tiger d7: takes the tiger c7;")
            && reason.contains("goes for the tiger c7 (zone 10, 1 move, open)"),
        "{reason}"
    );
    // The zone named is the projection's own: root d7, aim c7.
    let out = zonal(&[
        "zones",
        "positions/jungle/suite.pos",
        "--index",
        "1",
        "--horizon",
        "5",
        "--json",
    ]);
    let zones = json(&out);
    let zone = &zones["zones"][10];
    assert_eq!(zone["root"][0], "d7", "{zone}");
    assert_eq!(zone["target"], "c7", "{zone}");
    assert_eq!(zone["open"], true, "{zone}");
    // Hnefatafl: the attacker closes the king's way to a11 (a negation of the king's zone).
    let (mv, reason) = first_reason("positions/hnefatafl/suite.pos", "1", "3");
    assert_eq!(mv, "f8a8");
    assert_eq!(
        reason,
        "attacker f8: stops zone 0: king a7 -> a11 by control of a11, now or never"
    );
    // Прорыв: the King steps onto its target.
    let (mv, reason) = first_reason("positions/proryv/suite.pos", "3", "5");
    assert_eq!(mv, "f6g7");
    assert!(
        reason.starts_with(
            "King f6: wins the game at once; goes for g7 (zone 0, 1 move, open, wins the game)"
        ),
        "{reason}"
    );
    // A quiet start: no zone names the move; the evaluation's terms it gains are named.
    let out = zonal(&[
        "analyse",
        "--game",
        "jungle",
        "startpos",
        "--depth",
        "2",
        "--nodes",
        "0",
        "--movetime",
        "0",
        "--json",
    ]);
    let v = json(&out);
    let reason = v["recommended"][0]["reason"].as_str().unwrap_or_default();
    assert!(
        reason.contains("no zone up to horizon 7 names it; best by search; it gains "),
        "{reason}"
    );
}

#[test]
fn a_match_between_two_players() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let games = dir.join("games_cli_match.pos");
    let out = zonal(&[
        "match",
        "--game",
        "jungle",
        "--engine1",
        "mode=full,depth=2",
        "--engine2",
        "mode=full,depth=1",
        "--games",
        "4",
        "--max-plies",
        "60",
        "--out",
        games.to_str().expect("utf-8"),
        "--json",
    ]);
    let v = json(&out);
    assert_eq!(v["games"], 4);
    let total = v["wins"].as_u64().unwrap_or(0)
        + v["draws"].as_u64().unwrap_or(0)
        + v["losses"].as_u64().unwrap_or(0);
    assert_eq!(total, 4);
    // Every game written replays.
    let out = zonal(&["play", games.to_str().expect("utf-8"), "--id", "game-2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // A start's name as the openings: random openings of that ruleset.
    let seed9 = dir.join("games_cli_seed9.pos");
    let out = zonal(&[
        "match",
        "--game",
        "hnefatafl",
        "--openings",
        "seed9",
        "--engine1",
        "depth=1",
        "--engine2",
        "mode=full,depth=1",
        "--games",
        "2",
        "--max-plies",
        "12",
        "--out",
        seed9.to_str().expect("utf-8"),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&seed9).expect("the games");
    let firsts: Vec<&str> = text.lines().filter(|l| l.contains("id \"game-")).collect();
    assert_eq!(firsts.len(), 2);
    for line in firsts {
        let placement = line.split_whitespace().next().unwrap_or_default();
        assert_eq!(placement.split('/').count(), 9, "{line}");
        assert!(line.contains(" seed "), "{line}");
    }
}

#[test]
fn bad_input_is_named() {
    for (args, expected) in [
        (
            vec!["moves", "--game", "hnefatafl", "9/9/9 a seed"],
            "Hnefatafl",
        ),
        (vec!["moves", "--game", "jungle", "x"], "Jungle"),
        (
            vec!["play", "--game", "jungle", "startpos", "a1a5"],
            "move 1 (a1a5)",
        ),
        (
            vec![
                "match",
                "--game",
                "jungle",
                "--engine1",
                "depth=0",
                "--engine2",
                "depth=1",
            ],
            "depth",
        ),
        (
            vec!["distance", "--game", "jungle", "startpos", "--from", "a1"],
            "not available for this game yet",
        ),
        (
            vec!["zones", "--game", "jungle", "startpos", "--after", "a1a9"],
            "--after: move 1 (a1a9)",
        ),
    ] {
        let out = zonal(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains(expected),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

/// `zones --json` of bundled positions of both games, at three horizons, validates against
/// `schema/zones.schema.json`; the schema is a valid 2020-12 schema; the zones are not empty.
#[test]
fn zones_json_follows_its_schema() {
    let root = env!("CARGO_MANIFEST_DIR");
    let text =
        std::fs::read_to_string(format!("{root}/schema/zones.schema.json")).expect("the schema");
    let schema: serde_json::Value = serde_json::from_str(&text).expect("the schema is JSON");
    jsonschema::draft202012::meta::validate(&schema).expect("a valid 2020-12 schema");
    let validator = jsonschema::draft202012::new(&schema).expect("the schema compiles");
    let (mut zones, mut answers, mut complexes) = (0, 0, 0);
    for game in ["hnefatafl", "jungle"] {
        let path = format!("positions/{game}/suite.pos");
        for index in [1, 5, 9, 14, 20, 27] {
            for h in ["2", "3", "4"] {
                let i = index.to_string();
                let out = zonal(&["zones", &path, "--index", &i, "--horizon", h, "--json"]);
                let v = json(&out);
                let errors: Vec<String> = validator
                    .iter_errors(&v)
                    .map(|e| format!("{}: {e}", e.instance_path()))
                    .collect();
                assert!(errors.is_empty(), "{path} {index} H={h}: {errors:?}");
                assert_eq!(v["game"], game);
                let list = v["zones"].as_array().cloned().unwrap_or_default();
                zones += list.len();
                answers += list
                    .iter()
                    .flat_map(|z| z["negations"].as_array().cloned().unwrap_or_default())
                    .map(|n| n["answers"].as_array().map_or(0, Vec::len))
                    .sum::<usize>();
                complexes += v["complexes"].as_array().map_or(0, Vec::len);
            }
        }
    }
    assert!(
        zones > 100 && answers > 10 && complexes > 10,
        "{zones} {answers} {complexes}"
    );
    // One schema for every game: `game` selects the shape, so a core game's zones that call
    // themselves chess-t1's, or chess-t1's that call themselves Jungle's, are refused.
    let core = json(&zonal(&["zones", "positions/jungle/suite.pos", "--json"]));
    let chess = json(&zonal(&[
        "zones",
        "positions/book-examples.t1",
        "--index",
        "1",
        "--json",
    ]));
    assert!(validator.is_valid(&core) && validator.is_valid(&chess));
    assert_eq!(
        (&core["schema_version"], &chess["schema_version"]),
        (&5.into(), &5.into())
    );
    for (mut doc, game) in [(core, "chess-t1"), (chess, "jungle")] {
        doc["game"] = game.into();
        assert!(!validator.is_valid(&doc), "{game}");
    }
}

/// The text, DOT and SVG of one position agree on the zones; `--after` keeps the projection
/// up to date and says so.
#[test]
fn zones_text_dot_and_pictures() {
    let pos = "c6/3D3/7/7/7/7/7/7/7 w";
    let v = json(&zonal(&["zones", "--game", "jungle", pos, "--json"]));
    let n = v["zones"].as_array().map_or(0, Vec::len);
    assert!(n > 0);
    // The dog's race to the den: one move, open.
    let den = v["zones"]
        .as_array()
        .and_then(|zs| {
            zs.iter()
                .find(|z| z["aim"] == "goal" && z["side"] == "white")
        })
        .cloned()
        .expect("the dog's zone to the den");
    assert_eq!(den["root"], serde_json::json!(["d8", "d9"]));
    assert_eq!(den["open"], true);
    assert_eq!(den["outcome"]["now"], "wins");
    let out = zonal(&["zones", "--game", "jungle", pos]);
    let text = stdout(&out);
    assert!(text.contains("d8-d9"), "{text}");
    let out = zonal(&["zones", "--game", "jungle", pos, "--dot"]);
    let dot = stdout(&out);
    assert!(dot.starts_with("digraph mp {"));
    assert_eq!(dot.matches("subgraph cluster_").count(), n);
    // The picture: the board's special squares in the legend, one arrow a root at least.
    let out = zonal(&["render", "--game", "hnefatafl", "seed9", "--zones"]);
    let svg = stdout(&out);
    assert!(
        svg.contains("the throne") && svg.contains("a corner"),
        "legend"
    );
    let out = zonal(&["render", "--game", "jungle", pos, "--zones"]);
    let svg = stdout(&out);
    let doc = roxmltree::Document::parse(&svg).expect("the SVG is XML");
    let titles: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("title"))
        .filter_map(|n| n.text())
        .collect();
    assert!(
        titles.iter().any(|t| t.contains("root trajectory")),
        "{titles:?}"
    );
    assert!(svg.contains("water") && svg.contains("trap") && svg.contains("den"));
    // --after: one move, the zones of the position after it.
    let out = zonal(&["zones", "--game", "jungle", "startpos", "--after", "a3a4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("after a3a4: "), "{}", stdout(&out));
}

/// `bench --quick --json` of the games on the core's search: each start's perft and engine
/// figures, the suite's, and the projection's cost at the game's horizon and at 2, counted in
/// the full-width engine's nodes (issue 31: what a projection costs the search).
#[test]
fn bench_reports_what_a_projection_costs() {
    // The starts, four of the suite and four middle games of random games.
    for (game, horizon, positions) in [("hnefatafl", 3, 12), ("jungle", 5, 9)] {
        let v = json(&zonal(&["bench", "--game", game, "--quick", "--json"]));
        assert_eq!(v["game"], game);
        let starts = v["starts"].as_array().cloned().unwrap_or_default();
        assert_eq!(starts.len() + 8, positions, "{game}");
        assert_eq!(v["positions"], positions, "{game}");
        assert!(v["eval_ns"].as_u64() > Some(0), "{game}");
        for s in &starts {
            let modes: Vec<&str> = s["search"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|m| m["mode"].as_str())
                .collect();
            assert_eq!(modes, ["full", "zones"], "{game}");
            // The zone-guided search narrows with projections, each built once a search.
            let built = |m: usize| s["search"][m]["projections_built"].as_u64();
            assert_eq!(built(0), Some(0), "{game}: {s}");
            assert!(built(1) > Some(0), "{game}: {s}");
            assert!(
                s["search"][1]["projections_read_again"].as_u64() > Some(0),
                "{game}: {s}"
            );
        }
        let p = v["projection"].as_array().cloned().unwrap_or_default();
        let horizons: Vec<i64> = p.iter().filter_map(|c| c["horizon"].as_i64()).collect();
        assert_eq!(horizons, [horizon, 2], "{game}");
        for c in &p {
            assert_eq!(c["positions"], positions, "{game}: {c}");
            assert!(c["zones_x100"].as_u64() > Some(0), "{game}: {c}");
            assert!(c["build_us"].as_u64() > Some(0), "{game}: {c}");
            // The carried projection is set beside a build at the same children.
            assert!(c["child_build_us"].as_u64() > Some(0), "{game}: {c}");
            assert!(c["reused_percent"].as_u64() <= Some(100), "{game}: {c}");
            assert!(c["build_in_nodes"].as_u64().is_some(), "{game}: {c}");
        }
    }
}
