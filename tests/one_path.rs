//! The seams users met between chess-t1 and the other games (issue 28), one test each: every
//! game answers the same input the same way.

use crate::common;

use common::zonal;

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Each game with its start position file.
const STARTS: [(&str, &str); 4] = [
    ("chess-t1", "positions/start.t1"),
    ("proryv", "positions/proryv/start.pos"),
    ("hnefatafl", "positions/hnefatafl/start.pos"),
    ("jungle", "positions/jungle/start.pos"),
];

#[test]
fn id_and_index_pick_from_a_position_file_only_in_every_game() {
    for (game, _) in STARTS {
        for pick in [["--id", "start"], ["--index", "1"]] {
            let out = zonal(&["moves", "--game", game, "startpos", pick[0], pick[1]]);
            assert_eq!(
                out.status.code(),
                Some(2),
                "{game} {pick:?}: {}",
                stdout(&out)
            );
            assert!(
                stderr(&out).contains("an id or index chooses a position in a position file"),
                "{game} {pick:?}: {}",
                stderr(&out)
            );
        }
    }
}

#[test]
fn a_byte_order_mark_before_a_position_file_changes_nothing() {
    for (game, file) in STARTS {
        let text = std::fs::read(file).expect("the start file");
        let marked =
            std::env::temp_dir().join(format!("zonal-bom-{}-{game}.pos", std::process::id()));
        let mut bytes = b"\xef\xbb\xbf".to_vec();
        bytes.extend_from_slice(&text);
        std::fs::write(&marked, bytes).expect("a temporary file");
        let marked = marked.to_str().expect("a UTF-8 path");
        let plain = zonal(&["moves", "--game", game, file]);
        assert!(plain.status.success(), "{game}: {}", stderr(&plain));
        // With the game named, and found on the file's `game` line.
        for args in [vec!["moves", "--game", game, marked], vec!["moves", marked]] {
            let out = zonal(&args);
            assert!(out.status.success(), "{args:?}: {}", stderr(&out));
            assert_eq!(stdout(&out), stdout(&plain), "{args:?}");
        }
        let _ = std::fs::remove_file(marked);
    }
}

#[test]
fn perft_parallel_counts_the_same_on_all_cores_in_every_game() {
    // The starts and, for a second opinion away from them, each game's suite positions.
    let cases = [
        ("chess-t1", "startpos", "", "3"),
        ("proryv", "startpos", "", "3"),
        ("proryv", "positions/proryv/suite.pos", "7", "3"),
        ("hnefatafl", "seed9", "", "3"),
        ("hnefatafl", "positions/hnefatafl/suite.pos", "3", "2"),
        ("jungle", "startpos", "", "4"),
        ("jungle", "positions/jungle/suite.pos", "5", "3"),
    ];
    for (game, pos, index, depth) in cases {
        let mut args = vec!["perft", depth, "--game", game, pos];
        if !index.is_empty() {
            args.extend(["--index", index]);
        }
        let serial = zonal(&args);
        assert!(serial.status.success(), "{args:?}: {}", stderr(&serial));
        args.push("--parallel");
        let parallel = zonal(&args);
        assert!(parallel.status.success(), "{args:?}: {}", stderr(&parallel));
        assert_eq!(stdout(&parallel), stdout(&serial), "{args:?}");
        assert!(stderr(&parallel).contains("all cores"), "{args:?}");
        assert!(stderr(&serial).contains("one core"), "{args:?}");
    }
}

#[test]
fn a_forfeit_names_the_side_as_the_game_does() {
    // A Jungle engine's moves are illegal in Hnefatafl: engine1 forfeits both games, once as
    // the attackers (who move first) and once as the defenders.
    let out_file = std::env::temp_dir().join(format!("zonal-forfeit-{}.pos", std::process::id()));
    let zonal_bin = env!("CARGO_BIN_EXE_zonal");
    let out = zonal(&[
        "--game",
        "hnefatafl",
        "match",
        "--cmd1",
        &format!("'{zonal_bin}' --game jungle engine"),
        "--engine2",
        "mode=full",
        "--depth",
        "1",
        "--games",
        "2",
        "--out",
        out_file.to_str().expect("a UTF-8 path"),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let records = std::fs::read_to_string(&out_file).expect("the records");
    let _ = std::fs::remove_file(&out_file);
    for side in ["attackers", "defenders"] {
        assert!(
            records.contains(&format!("forfeit by {side} (illegal_move)")),
            "{records}"
        );
    }
    assert!(!records.contains("White forfeits"), "{records}");
}

#[test]
fn match_help_names_every_games_player_keys() {
    let out = zonal(&["match", "--help"]);
    let help = stdout(&out);
    for key in [
        "engine=new|baseline",
        "eval=fitted|hand|FILE",
        "engine=engine|plain",
    ] {
        assert!(help.contains(key), "{key}: {help}");
    }
}

#[test]
fn another_games_openings_are_refused_not_replaced() {
    for game in ["proryv", "hnefatafl", "jungle"] {
        let out = zonal(&[
            "--game",
            game,
            "match",
            "--engine1",
            "depth=1",
            "--engine2",
            "depth=1",
            "--games",
            "2",
            "--openings",
            "positions/openings.t1",
        ]);
        assert_eq!(out.status.code(), Some(2), "{game}: {}", stdout(&out));
        assert!(
            stderr(&out).contains("positions/openings.t1:"),
            "{game}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn the_docs_say_every_game_is_implemented() {
    for file in [
        "docs/README.md",
        "docs/proryv.md",
        "docs/hnefatafl.md",
        "docs/jungle.md",
    ] {
        let text = std::fs::read_to_string(file).expect("the docs");
        assert!(!text.contains("Not yet implemented"), "{file}");
        assert!(!text.contains("Not yet\n  implemented"), "{file}");
    }
    let readme = std::fs::read_to_string("README.md").expect("the README");
    assert!(!readme.contains("Two games are implemented"));
    for flag in ["--game proryv", "--game hnefatafl", "--game jungle"] {
        assert!(readme.contains(flag), "{flag}");
    }
    assert!(readme.contains("Four games are implemented"));
}

/// The registry of games (`src/registry.rs`): every `--game` value `zonal --help` lists has its
/// line in `zonal games`, in the same order, with its defaults under it, and a game's line lists
/// `distance` exactly when
/// `zonal distance` works for it (otherwise the command is refused with the line's list).
#[test]
fn every_registered_game_has_its_line_and_its_commands() {
    let help = stdout(&zonal(&["--help"]));
    let values: Vec<String> = help
        .lines()
        .map(str::trim)
        .filter_map(|l| l.strip_prefix("- "))
        .filter_map(|l| l.split(':').next())
        .map(str::to_string)
        .collect();
    let ids: Vec<&str> = STARTS.iter().map(|(g, _)| *g).collect();
    assert_eq!(values, ids, "{help}");
    let games = stdout(&zonal(&["games"]));
    let lines: Vec<&str> = games.lines().filter(|l| !l.starts_with(' ')).collect();
    assert_eq!(lines.len(), ids.len(), "{games}");
    // Under each game's line, its defaults with the figures that chose them (issue 31).
    let defaults: Vec<&str> = games
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("Defaults: play "))
        .collect();
    assert_eq!(defaults.len(), ids.len(), "{games}");
    for d in &defaults {
        assert!(
            d.contains(" Elo, ") && d.contains("; analyse zone-guided"),
            "{d}"
        );
        assert!(d.contains("x fewer nodes)."), "{d}");
    }
    for (line, id) in lines.iter().zip(&ids) {
        assert_eq!(line.split_whitespace().next(), Some(*id), "{games}");
        if *id == "chess-t1" {
            continue;
        }
        let listed = line.contains(" distance,");
        let out = zonal(&["distance", "--game", id, "startpos", "--from", "a1"]);
        let refused = stderr(&out).contains("`zonal distance` is not available for this game");
        assert_eq!(listed, !refused, "{id}: {}", stderr(&out));
        if refused {
            let commands = line.split("Commands: ").nth(1).unwrap_or_default();
            assert!(stderr(&out).contains(commands), "{id}: {}", stderr(&out));
        } else {
            assert_eq!(out.status.code(), Some(0), "{id}: {}", stderr(&out));
        }
    }
}

/// Pieces a player of each game recognises (issue 30): Jungle's animals carry their ranks and
/// the legend names them; the tafl king and Прорыв's Kings wear a gold ring the soldiers do not;
/// Прорыв's rooks in hand are written during the placement; every square and piece carries
/// its name for the board page.
#[test]
fn the_pictures_show_ranks_kings_and_rooks_in_hand() {
    let svg = |args: &[&str]| stdout(&zonal(args));
    let jungle = svg(&["render", "--game", "jungle", "startpos"]);
    assert_eq!(
        jungle.matches("class=\"badge\" ").count(),
        16,
        "one badge a piece"
    );
    for rank in 1..=8 {
        assert_eq!(
            jungle
                .matches(&format!(
                    "font-weight=\"bold\" fill=\"#222222\">{rank}</text>"
                ))
                .count()
                + jungle
                    .matches(&format!(
                        "font-weight=\"bold\" fill=\"#f5f5f5\">{rank}</text>"
                    ))
                    .count(),
            2,
            "rank {rank}: one a side"
        );
    }
    assert!(jungle.contains("E elephant 8, L lion 7"), "{jungle}");
    let tafl = svg(&["render", "--game", "hnefatafl", "copenhagen"]);
    assert_eq!(
        tafl.matches("stroke=\"#c9a227\"").count(),
        1,
        "the king alone"
    );
    assert!(tafl.contains("K the king"));
    assert_eq!(tafl.matches("<g class=\"piece\" data-square=").count(), 37);
    let proryv = svg(&["render", "--game", "proryv", "startpos"]);
    assert_eq!(proryv.matches("stroke=\"#c9a227\"").count(), 2, "two Kings");
    assert!(
        proryv.contains("rooks in hand: white 8, black 8"),
        "{proryv}"
    );
    let moving = svg(&["render", "--game", "proryv", "7k/8/8/8/8/8/8/K7 w 0:0 0 30"]);
    assert!(
        !moving.contains("rooks in hand"),
        "none after the placement"
    );
}

#[test]
fn moves_and_play_answer_one_json_shape_in_every_game() {
    // `moves`, `perft` and `play` are one command each over the game trait (issue 28): chess-t1's
    // answers had no `game`, and its `play --json` neither the start, the moves nor the side.
    for (game, _) in STARTS {
        let out = zonal(&["--game", game, "moves", "startpos", "--json"]);
        assert!(out.status.success(), "{game}: {}", stderr(&out));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let mut keys: Vec<&str> = v
            .as_object()
            .expect("object")
            .keys()
            .map(|k| k.as_str())
            .collect();
        keys.sort();
        assert_eq!(
            keys,
            ["game", "moves", "position", "side", "status"],
            "{game}"
        );
        assert_eq!(v["game"], game);
        assert!(
            v["side"].as_str().is_some_and(|s| !s.is_empty()),
            "{game}: {v}"
        );
        assert_eq!(v["status"], "ongoing", "{game}");
        assert!(!v["moves"].as_array().expect("moves").is_empty(), "{game}");

        let first = stdout(&zonal(&["--game", game, "moves", "startpos"]));
        let first = first.lines().next().expect("a move");
        let out = zonal(&["--game", game, "play", "startpos", first, "--json"]);
        assert!(out.status.success(), "{game}: {}", stderr(&out));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        for key in ["game", "start", "moves", "position", "side", "status"] {
            assert!(!v[key].is_null(), "{game}: no {key} in {v}");
        }
        assert_eq!(v["moves"].as_array().map(Vec::len), Some(1), "{game}");
        assert_ne!(v["start"], v["position"], "{game}");
    }
}

#[test]
fn play_continues_a_records_moves_and_words_the_end_as_every_game() {
    let dir = std::env::temp_dir().join(format!("zonal-one-path-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("game.t1");
    std::fs::write(
        &file,
        "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1 id \"g\"; moves e2e4 e7e5;\n",
    )
    .expect("write");
    let path = file.to_str().expect("utf-8");
    // The record's two moves, then the one given (before, the given moves replaced the
    // record's in every game but chess-t1).
    let out = zonal(&["play", path, "d2d4", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["moves_played"], 3);
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(3));
    // A won game's status in words, as the other games and chess-t1's matches say it (before:
    // `white_wins (king_captured)`).
    let out = zonal(&["play", "8/8/8/8/3k4/8/2S5/4K3 w - 0 1", "c2d4"]);
    assert!(
        stdout(&out).contains("status: white wins (the black King is captured)"),
        "{}",
        stdout(&out)
    );
    // A record's moves that are not legal are named with the record.
    std::fs::write(
        &file,
        "rspckpsr/nnnnnnnn/8/8/8/8/NNNNNNNN/RSPCKPSR w Pp 0 1 id \"g\"; moves e2e4 e2e4;\n",
    )
    .expect("write");
    let out = zonal(&["play", path]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("record \"g\" (line 1): move 2 of its moves (e2e4)"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_path_report_refuses_the_options_it_does_not_take() {
    // Прорыв's distance and trajectories ignored --piece, --own-removable and --max-len (a
    // silently different answer); now they are refused, naming them.
    for args in [
        vec![
            "--game", "proryv", "distance", "startpos", "--from", "e1", "--piece", "R",
        ],
        vec![
            "--game",
            "proryv",
            "trajectories",
            "startpos",
            "--from",
            "e1",
            "--to",
            "e8",
            "--max-len",
            "6",
        ],
    ] {
        let out = zonal(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains("is chess-t1's"), "{args:?}: {err}");
    }
    // A game without force sums says so for force and exchange alike.
    for command in ["force", "exchange"] {
        let mut args = vec!["--game", "jungle", command, "startpos"];
        if command == "exchange" {
            args.push("d4");
        }
        let out = zonal(&args);
        assert_eq!(out.status.code(), Some(2), "{command}");
        let err = stderr(&out);
        assert!(
            err.contains(&format!("`zonal {command}` is not available")),
            "{err}"
        );
    }
}

#[test]
fn search_refuses_the_engine_settings_a_game_does_not_take() {
    // The other games' `search` ignored --eval, --style and --baseline (chess-t1's engine
    // settings): now it names them; --hash sets every game's table.
    for game in ["proryv", "hnefatafl", "jungle"] {
        for extra in [["--eval", "material"], ["--style", "cut"]] {
            let out = zonal(&[
                "--game", game, "search", "startpos", "--depth", "1", extra[0], extra[1],
            ]);
            assert_eq!(out.status.code(), Some(2), "{game} {extra:?}");
            let err = stderr(&out);
            assert!(
                err.contains(extra[0]) && err.contains("chess-t1's engine"),
                "{err}"
            );
        }
        let out = zonal(&[
            "--game", game, "search", "startpos", "--depth", "1", "--hash", "1",
        ]);
        assert!(out.status.success(), "{game}: {}", stderr(&out));
        assert!(
            stdout(&out).starts_with("best "),
            "{game}: {}",
            stdout(&out)
        );
    }
}

#[test]
fn a_starts_name_gives_random_openings_in_every_game() {
    // `match --openings startpos` played random 4-ply openings from the start in every game but
    // chess-t1, which looked for a file called `startpos`.
    let out = zonal(&[
        "match",
        "--openings",
        "startpos",
        "--games",
        "2",
        "--depth",
        "1",
        "--jobs",
        "1",
        "--engine1",
        "mode=full",
        "--engine2",
        "mode=full",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("ends: "), "{}", stdout(&out));
}

#[test]
fn zones_refuses_the_filters_a_games_projection_does_not_take() {
    // `zones --side` and `--level` choose among chess-t1's force zones; the other games'
    // projections ignored them (every zone shown as if they were not given).
    for game in ["proryv", "hnefatafl", "jungle"] {
        for extra in [["--side", "white"], ["--level", "1"]] {
            let out = zonal(&["--game", game, "zones", "startpos", extra[0], extra[1]]);
            assert_eq!(out.status.code(), Some(2), "{game} {extra:?}");
            assert!(
                stderr(&out).contains("--side and --level"),
                "{}",
                stderr(&out)
            );
        }
    }
    let out = zonal(&[
        "zones", "startpos", "--side", "white", "--level", "1", "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
}
