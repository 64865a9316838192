//! `zonal serve` (issue 16): the real binary on a free port of 127.0.0.1, each endpoint for each
//! game against the CLI's own answers, bad requests refused with a 4xx and a JSON message, the
//! analysis streamed as server-sent events and stoppable, and a bounded load test of `moves`
//! under 50 concurrent clients (its latency percentiles are printed).

use crate::common;
use crate::serve_support;

use serde_json::{Value, json};
use serve_support::{Conn, Server, encode, http, post};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Tests that load the CPU run one at a time (the load test measures latency).
static HEAVY: Mutex<()> = Mutex::new(());

fn heavy() -> std::sync::MutexGuard<'static, ()> {
    HEAVY.lock().unwrap_or_else(|e| e.into_inner())
}

/// The games with a start each: (API id, `--game` value, start name).
const GAMES: [(&str, &str, &str); 6] = [
    ("chess-t1", "chess-t1", "startpos"),
    ("proryv", "proryv", "startpos"),
    ("hnefatafl", "hnefatafl", "copenhagen"),
    ("hnefatafl", "hnefatafl", "seed11"),
    ("hnefatafl", "hnefatafl", "seed9"),
    ("jungle", "jungle", "startpos"),
];

/// The CLI's stdout for `args`.
fn cli(args: &[&str]) -> String {
    let out = common::zonal(args);
    assert!(
        out.status.success(),
        "zonal {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn cli_json(args: &[&str]) -> Value {
    serde_json::from_str(&cli(args)).expect("the CLI writes JSON")
}

#[test]
fn games_lists_every_game_and_the_hnefatafl_starts() {
    let server = Server::start();
    let a = http(&server.addr, "GET", "/api/games", None);
    assert_eq!(a.status, 200, "{}", a.body);
    let games = a.json()["games"].as_array().cloned().unwrap_or_default();
    let ids: Vec<&str> = games.iter().filter_map(|g| g["id"].as_str()).collect();
    assert_eq!(ids, ["chess-t1", "proryv", "hnefatafl", "jungle"]);
    let starts: Vec<&str> = games[2]["starts"]
        .as_array()
        .map(|s| s.iter().filter_map(|s| s["name"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(starts, ["copenhagen", "seed11", "seed9"]);
    assert_eq!(games[0]["force"], true);
    assert_eq!(games[3]["force"], false);
    // The page and its assets are served from the binary.
    let page = http(&server.addr, "GET", "/", None);
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<script src=\"/app.js\">"));
    assert!(page.body.contains("<script src=\"/board.js\">"));
    for asset in ["/app.js", "/board.js", "/style.css"] {
        let a = http(&server.addr, "GET", asset, None);
        assert_eq!(a.status, 200, "{asset}");
        assert!(a.body.len() > 500, "{asset}");
    }
}

#[test]
fn moves_from_each_start_are_the_clis_moves() {
    let server = Server::start();
    // The counts the issue names; chess-t1's is the CLI's own.
    let chess = cli(&["moves", "startpos"]).lines().count();
    let expected = [
        ("chess-t1", "startpos", chess),
        ("proryv", "startpos", 44),
        ("hnefatafl", "copenhagen", 116),
        ("jungle", "startpos", 24),
    ];
    for (game, start, count) in expected {
        let a = post(
            &server.addr,
            "/api/moves",
            &json!({"game": game, "position": start}),
        );
        assert_eq!(a.status, 200, "{game}: {}", a.body);
        let v = a.json();
        assert_eq!(v["squares"].as_array().map(Vec::len), Some(count), "{game}");
        assert_eq!(v["over"], false);
    }
    for (game, flag, start) in GAMES {
        let a = post(
            &server.addr,
            "/api/moves",
            &json!({"game": game, "position": start}),
        );
        let v = a.json();
        let listed: Vec<String> = v["squares"]
            .as_array()
            .map(|s| {
                s.iter()
                    .filter_map(|m| m["move"].as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        let by_cli: Vec<String> = cli(&["--game", flag, "moves", start])
            .lines()
            .map(str::to_string)
            .collect();
        assert_eq!(listed, by_cli, "{game} {start}");
        // The same JSON as `zonal moves --json`, with the page's fields besides.
        let mut cli_v = cli_json(&["--game", flag, "moves", start, "--json"]);
        let mut api_v = v.clone();
        for field in ["squares", "over", "placement"] {
            api_v.as_object_mut().map(|o| o.remove(field));
        }
        if game == "chess-t1" {
            cli_v.as_object_mut().map(|o| o.remove("game"));
            api_v.as_object_mut().map(|o| o.remove("game"));
        }
        assert_eq!(api_v, cli_v, "{game} {start}");
        // Each move's squares are named, a drop has no square it leaves.
        for m in v["squares"].as_array().into_iter().flatten() {
            assert!(m["to"].is_string(), "{m}");
            let text = m["move"].as_str().unwrap_or_default();
            assert_eq!(m["from"].is_null(), text.contains('@'), "{m}");
        }
    }
}

#[test]
fn play_accepts_legal_moves_and_refuses_an_illegal_one() {
    let server = Server::start();
    let cases = [
        ("chess-t1", "startpos", vec!["e2e4", "d7d5"]),
        ("proryv", "startpos", vec!["R@d4", "R@e5"]),
        ("hnefatafl", "copenhagen", vec!["d1d3"]),
        ("jungle", "startpos", vec!["a3a4", "g7g6"]),
    ];
    for (game, start, moves) in cases {
        let a = post(
            &server.addr,
            "/api/play",
            &json!({"game": game, "position": start, "moves": moves}),
        );
        assert_eq!(a.status, 200, "{game}: {}", a.body);
        let v = a.json();
        let mut args = vec!["--game", game, "play", start, "--json"];
        args.extend(moves.iter().copied());
        let by_cli = cli_json(&args);
        assert_eq!(v["position"], by_cli["position"], "{game}");
        assert_eq!(v["positions"].as_array().map(Vec::len), Some(moves.len()));
        assert_eq!(v["positions"][moves.len() - 1], v["position"]);
        assert_eq!(v["moves"], json!(moves), "{game}");
        // The same move again is illegal (the other side moves, or the square is taken).
        let mut twice = moves.clone();
        twice.push(moves[0]);
        let a = post(
            &server.addr,
            "/api/play",
            &json!({"game": game, "position": start, "moves": twice}),
        );
        assert_eq!(a.status, 422, "{game}: {}", a.body);
        let message = a.json()["error"].as_str().unwrap_or_default().to_string();
        assert!(
            message.contains(&format!("{}", moves.len() + 1)),
            "{message}"
        );
    }
    // Game texts: chess-t1's book notation, Hnefatafl's record form.
    let a = post(
        &server.addr,
        "/api/play",
        &json!({"game": "chess-t1", "position": "startpos", "moves": ["e2e4"]}),
    );
    let book = a.json()["export"].as_str().unwrap_or_default().to_string();
    assert!(book.starts_with("1."), "{book}");
    let again = post(
        &server.addr,
        "/api/play",
        &json!({"game": "chess-t1", "position": "startpos", "text": book}),
    );
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(again.json()["moves"], json!(["e2e4"]));
    let a = post(
        &server.addr,
        "/api/play",
        &json!({"game": "hnefatafl", "position": "copenhagen", "text": "d1-d3"}),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["moves"], json!(["d1d3"]));
    assert_eq!(a.json()["export"], "d1-d3");
}

/// A move that ends the game leaves a position the game's own reader refuses (a lion on the
/// den, the king on a corner): `moves`, `render` and `zones` answer it from the start and the
/// moves, as the game's end, instead of refusing it (issue 30: the board froze). A third
/// repetition, which no position string shows, is an end too.
#[test]
fn the_position_a_game_ends_in_is_answered_from_its_moves() {
    let server = Server::start();
    let cases = [
        (
            "jungle",
            "l5t/1d1L3/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T6 w 0 1",
            vec!["d8d9"],
            "den",
        ),
        (
            "hnefatafl",
            "11/11/11/5a5/11/k10/11/11/11/11/3a7 d copenhagen",
            vec!["a6a1"],
            "corner",
        ),
        (
            "jungle",
            "c6/7/7/7/7/7/7/7/6R w",
            vec![
                "g1g2", "a9a8", "g2g1", "a8a9", "g1g2", "a9a8", "g2g1", "a8a9",
            ],
            "repetition",
        ),
    ];
    for (game, start, moves, word) in cases {
        let played = post(
            &server.addr,
            "/api/play",
            &json!({"game": game, "position": start, "moves": moves}),
        );
        assert_eq!(played.status, 200, "{game}: {}", played.body);
        assert_eq!(played.json()["over"], true, "{game}: {}", played.body);
        // The final position string alone is refused, as the game's reader refuses it; the
        // repetition's is not (nothing in it shows the end).
        let alone = post(
            &server.addr,
            "/api/moves",
            &json!({"game": game, "position": played.json()["position"]}),
        );
        assert_eq!(
            alone.status == 200,
            word == "repetition",
            "{game}: {}",
            alone.body
        );
        if word == "repetition" {
            assert_eq!(alone.json()["over"], false, "{}", alone.body);
        }
        let body = json!({"game": game, "position": start, "moves": moves});
        let a = post(&server.addr, "/api/moves", &body);
        assert_eq!(a.status, 200, "{game}: {}", a.body);
        let v = a.json();
        assert_eq!(v["over"], true, "{}", a.body);
        assert_eq!(v["moves"], json!([]), "{}", a.body);
        assert_eq!(v["status"], played.json()["status"], "{}", a.body);
        assert_eq!(v["position"], played.json()["position"], "{}", a.body);
        let r = post(&server.addr, "/api/render", &body);
        assert_eq!(r.status, 200, "{game}: {}", r.body);
        assert!(
            r.json()["svg"]
                .as_str()
                .unwrap_or_default()
                .contains("<svg")
        );
        let z = post(&server.addr, "/api/zones", &body);
        assert_eq!(z.status, 200, "{game}: {}", z.body);
        // A move after the end, or one that is not legal, is refused with its number.
        let mut more = moves.clone();
        more.push("a1a2");
        let a = post(
            &server.addr,
            "/api/moves",
            &json!({"game": game, "position": start, "moves": more}),
        );
        assert_eq!(a.status, 422, "{game}: {}", a.body);
        assert!(
            a.json()["error"]
                .as_str()
                .unwrap_or_default()
                .contains(&format!("{} ", more.len())),
            "{}",
            a.body
        );
    }
    // A captured king is the end the moves made, not "the defenders have no legal move", which
    // is all the final position string alone says (issue 30).
    let body = json!({
        "game": "hnefatafl",
        "position": "11/11/11/2a8/11/11/11/11/1aka7/2a8/11 a copenhagen",
        "moves": ["c8c4"],
    });
    let a = post(&server.addr, "/api/moves", &body);
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(
        a.json()["status"],
        "attackers win (the king is captured)",
        "{}",
        a.body
    );
    // chess-t1 too: the moves reach the position, as `play` does.
    let body = json!({"game": "chess-t1", "position": "startpos", "moves": ["e2e4", "d7d5"]});
    let a = post(&server.addr, "/api/moves", &body);
    assert_eq!(a.status, 200, "{}", a.body);
    let by_cli = cli_json(&["play", "startpos", "e2e4", "d7d5", "--json"]);
    assert_eq!(a.json()["position"], by_cli["position"]);
}

/// The reasons of an analysis name the zones of the board's horizon (issue 30): each "zone N:
/// PIECE FROM -> TO" a reason cites (but one of a longer plan, which says its horizon) is zone N
/// of `/api/zones` at the horizon asked for, from FROM to TO.
#[test]
fn reasons_name_the_zones_of_the_horizon_asked() {
    let server = Server::start();
    for horizon in [3, 5] {
        let (status, events) = events(
            &server.addr,
            &format!("/api/analyse?game=hnefatafl&position=seed9&movetime=400&horizon={horizon}"),
        );
        assert_eq!(status, 200);
        let done = events
            .iter()
            .find(|(name, _)| name == "bestmove")
            .map(|(_, v)| v.clone())
            .unwrap_or_default();
        let zones = post(
            &server.addr,
            "/api/zones",
            &json!({"game": "hnefatafl", "position": "seed9", "horizon": horizon}),
        )
        .json()["zones"]["zones"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let mut cited = 0;
        for t in done["top"].as_array().cloned().unwrap_or_default() {
            let reason = t["reason"].as_str().unwrap_or_default();
            // "attacker d9: closes in on the defender e7 via d7 (complex 7, zone 14, ...)": the
            // mover's own zone, from its square through the square named.
            let mover = reason
                .split(':')
                .next()
                .and_then(|w| w.split_whitespace().last())
                .unwrap_or_default();
            for part in reason.split(" via ").skip(1) {
                let mut words = part.split_whitespace();
                let via = words.next().unwrap_or_default();
                let Some(index) = part
                    .split("zone ")
                    .nth(1)
                    .and_then(|z| z.split(',').next())
                    .and_then(|z| z.parse::<usize>().ok())
                else {
                    continue;
                };
                if part
                    .split(')')
                    .next()
                    .unwrap_or_default()
                    .contains("at horizon")
                {
                    continue;
                }
                let zone = &zones[index];
                assert_eq!(zone["root"][0], mover, "{reason}: zone {index} {zone}");
                let root: Vec<&str> = zone["root"]
                    .as_array()
                    .map(|r| r.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                assert!(root.contains(&via), "{reason}: zone {index} {zone}");
                cited += 1;
            }
            for part in reason.split("zone ").skip(1) {
                let Some((index, rest)) = part.split_once(": ") else {
                    continue;
                };
                let Ok(index) = index.parse::<usize>() else {
                    continue;
                };
                let words: Vec<&str> = rest.split_whitespace().collect();
                if part.contains(" at horizon ") || words.len() < 4 || words[2] != "->" {
                    continue;
                }
                let zone = &zones[index];
                assert_eq!(zone["root"][0], words[1], "{reason}: zone {index} {zone}");
                assert_eq!(
                    zone["target"],
                    words[3].trim_end_matches([',', ';', ')']),
                    "{reason}"
                );
                cited += 1;
            }
        }
        assert!(cited > 0, "horizon {horizon}: no zone cited in {done}");
    }
    let (status, _) = events(
        &server.addr,
        "/api/analyse?game=hnefatafl&position=seed9&movetime=100&horizon=40",
    );
    assert_eq!(status, 400);
}

/// The page sends the start as a position string, not `startpos`, with the moves apart: the
/// analysis of chess-t1 read the moves as more fields of the string and refused it.
#[test]
fn chess_analysis_from_a_position_string_and_moves() {
    let server = Server::start();
    let start = cli_json(&["play", "startpos", "--json"])["position"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let (status, events) = events(
        &server.addr,
        &format!(
            "/api/analyse?game=chess-t1&position={}&moves={}&movetime=300",
            encode(&start),
            encode("e2e4 d7d5")
        ),
    );
    assert_eq!(status, 200);
    let best = events
        .iter()
        .find(|(name, _)| name == "bestmove")
        .map(|(_, v)| v["best"].as_str().unwrap_or_default().to_string())
        .unwrap_or_default();
    let after = cli_json(&["play", "startpos", "e2e4", "d7d5", "--json"])["position"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let legal = cli_json(&["moves", &after, "--json"]);
    assert!(
        legal["moves"]
            .as_array()
            .is_some_and(|l| l.iter().any(|m| m["uci"] == best.as_str())),
        "{best:?} in {events:?}"
    );
}

#[test]
fn zones_are_the_clis_zones_with_the_board_and_its_arrows() {
    let _heavy = heavy();
    let server = Server::start();
    let chess_mid = "rspckpsr/nnn2nnn/3n4/8/3N4/8/NNN2NNN/RSPCKPSR w Pp 0 3";
    let cases = [
        ("chess-t1", "chess-t1", chess_mid, 4),
        ("proryv", "proryv", "startpos", 5),
        ("hnefatafl", "hnefatafl", "copenhagen", 3),
        ("jungle", "jungle", "startpos", 5),
    ];
    for (game, flag, position, horizon) in cases {
        let a = post(
            &server.addr,
            "/api/zones",
            &json!({"game": game, "position": position, "horizon": horizon}),
        );
        assert_eq!(a.status, 200, "{game}: {}", a.body);
        let v = a.json();
        let h = horizon.to_string();
        let by_cli = cli_json(&["--game", flag, "zones", position, "--horizon", &h, "--json"]);
        assert_eq!(v["zones"], by_cli, "{game}");
        let svg = v["svg"].as_str().unwrap_or_default();
        assert!(
            svg.contains("<svg") && svg.contains("class=\"square\""),
            "{game}"
        );
        let zones = by_cli["zones"].as_array().map_or(0, Vec::len);
        if zones > 0 {
            assert!(
                svg.contains("(+, 0.0)") || svg.contains("data-zone=\"0\""),
                "{game}: {zones} zones but no arrows"
            );
        }
        let r = post(
            &server.addr,
            "/api/render",
            &json!({"game": game, "position": position}),
        );
        assert_eq!(r.status, 200);
        assert!(r.json()["svg"].as_str().is_some_and(|s| s.contains("<svg")));
    }
    // Special squares: castles, throne and corners, dens, traps and water.
    let svg_of = |game: &str, position: &str| {
        post(
            &server.addr,
            "/api/render",
            &json!({"game": game, "position": position}),
        )
        .json()["svg"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    assert!(svg_of("chess-t1", "startpos").contains("class=\"castle\""));
    assert!(svg_of("hnefatafl", "copenhagen").contains("the throne"));
    let jungle = svg_of("jungle", "startpos").to_lowercase();
    assert!(jungle.contains("den") && jungle.contains("trap") && jungle.contains("water"));
    // Force sums, chess-t1's.
    let forced = post(
        &server.addr,
        "/api/render",
        &json!({"game": "chess-t1", "position": "startpos", "force": true}),
    );
    assert!(
        forced.json()["svg"]
            .as_str()
            .is_some_and(|s| s.contains("force-sums"))
    );
}

#[test]
fn bad_requests_get_a_4xx_with_a_json_message() {
    let server = Server::start();
    let addr = server.addr.clone();
    let cases: Vec<(&str, &str, Option<String>, u16)> = vec![
        ("POST", "/api/moves", Some("{not json".into()), 400),
        ("POST", "/api/moves", Some("".into()), 400),
        ("POST", "/api/moves", Some("[1, 2]".into()), 400),
        (
            "POST",
            "/api/moves",
            Some(r#"{"game":"go","position":"startpos"}"#.into()),
            400,
        ),
        (
            "POST",
            "/api/moves",
            Some(r#"{"game":"chess-t1","position":"xyz"}"#.into()),
            400,
        ),
        (
            "POST",
            "/api/moves",
            Some(r#"{"game":"hnefatafl","position":"/etc/passwd"}"#.into()),
            400,
        ),
        (
            "POST",
            "/api/moves",
            Some(r#"{"game":"jungle","position":"startpos","extra":1}"#.into()),
            400,
        ),
        (
            "POST",
            "/api/moves",
            Some(format!(
                r#"{{"game":"jungle","position":"{}"}}"#,
                "x".repeat(5000)
            )),
            400,
        ),
        (
            "POST",
            "/api/moves",
            Some(format!(
                r#"{{"game":"jungle","position":"{}"}}"#,
                "x".repeat(100_000)
            )),
            413,
        ),
        (
            "POST",
            "/api/play",
            Some(r#"{"game":"jungle","position":"startpos","moves":["zz"]}"#.into()),
            422,
        ),
        (
            "POST",
            "/api/play",
            Some(r#"{"game":"proryv","position":"startpos","moves":[1]}"#.into()),
            400,
        ),
        (
            "POST",
            "/api/zones",
            Some(r#"{"game":"jungle","position":"startpos","horizon":13}"#.into()),
            400,
        ),
        (
            "POST",
            "/api/zones",
            Some(r#"{"game":"jungle","position":"startpos","horizon":-1}"#.into()),
            400,
        ),
        ("POST", "/api/stop", Some(r#"{"id":987654}"#.into()), 404),
        ("GET", "/api/moves", None, 405),
        ("GET", "/api/nothing", None, 404),
        (
            "GET",
            "/api/analyse?game=jungle&position=startpos&movetime=20000",
            None,
            400,
        ),
        (
            "GET",
            "/api/analyse?game=jungle&position=startpos&movetime=0",
            None,
            400,
        ),
        (
            "GET",
            "/api/analyse?game=jungle&position=startpos&moves=a1a1",
            None,
            422,
        ),
        ("GET", "/api/analyse?game=jungle", None, 400),
        ("GET", "/api/analyse?game=nope&position=startpos", None, 400),
    ];
    for (method, path, body, status) in &cases {
        let a = http(&addr, method, path, body.as_deref());
        let shown: String = body.as_deref().unwrap_or("").chars().take(80).collect();
        assert_eq!(a.status, *status, "{method} {path} {shown}: {}", a.body);
        let message = a.json()["error"].as_str().map(str::to_string);
        assert!(
            message.is_some_and(|m| !m.is_empty()),
            "{method} {path}: {}",
            a.body
        );
    }
    // A request cut short and garbage on the wire do not hurt the server.
    for raw in [
        "POST /api/moves HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"game\"".to_string(),
        "\u{0}\u{1}garbage\r\n\r\n".to_string(),
    ] {
        if let Ok(mut s) = TcpStream::connect(&addr) {
            let _ = s.write_all(raw.as_bytes());
        }
    }
    let mut server = server;
    let a = post(
        &addr,
        "/api/moves",
        &json!({"game": "jungle", "position": "startpos"}),
    );
    assert_eq!(a.status, 200);
    assert!(server.alive());
}

/// The events of an analysis stream, read to its end: (name, data).
fn events(addr: &str, path: &str) -> (u16, Vec<(String, Value)>) {
    let a = http(addr, "GET", path, None);
    let mut out = Vec::new();
    let mut name = String::new();
    for line in a.body.lines() {
        if let Some(n) = line.strip_prefix("event:") {
            name = n.trim().to_string();
        } else if let Some(d) = line.strip_prefix("data:") {
            out.push((
                name.clone(),
                serde_json::from_str(d.trim()).unwrap_or(Value::Null),
            ));
        }
    }
    (a.status, out)
}

#[test]
fn analysis_streams_iterations_and_a_legal_best_move() {
    let _heavy = heavy();
    let server = Server::start();
    let cases = [
        ("chess-t1", "startpos", "e2e4"),
        ("proryv", "startpos", "R@d4"),
        ("hnefatafl", "copenhagen", "d1d3"),
        ("jungle", "startpos", "a3a4"),
    ];
    for (game, start, first) in cases {
        let started = Instant::now();
        let path = format!(
            "/api/analyse?game={game}&position={}&moves={}&movetime=600",
            encode(start),
            encode(first)
        );
        let (status, evs) = events(&server.addr, &path);
        assert_eq!(status, 200, "{game}");
        let names: Vec<&str> = evs.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names.first(), Some(&"start"), "{game}: {names:?}");
        assert_eq!(names.last(), Some(&"bestmove"), "{game}: {names:?}");
        assert!(names.contains(&"info"), "{game}: {names:?}");
        assert!(
            started.elapsed() < Duration::from_secs(8),
            "{game}: time bound"
        );
        let best = evs
            .last()
            .and_then(|(_, v)| v["best"].as_str().map(str::to_string))
            .unwrap_or_default();
        let after = post(
            &server.addr,
            "/api/play",
            &json!({"game": game, "position": start, "moves": [first]}),
        );
        let position = after.json()["position"].clone();
        let legal = post(
            &server.addr,
            "/api/moves",
            &json!({"game": game, "position": position}),
        )
        .json();
        let legal: Vec<&str> = legal["squares"]
            .as_array()
            .map(|s| s.iter().filter_map(|m| m["move"].as_str()).collect())
            .unwrap_or_default();
        assert!(legal.contains(&best.as_str()), "{game}: best {best:?}");
        // The best move's reason starts with the piece that moves (chess-t1: the piece's name;
        // the others: the piece and its square), and the listed moves have theirs.
        let last = evs.last().map(|(_, v)| v.clone()).unwrap_or_default();
        let reason = last["reason"].as_str().unwrap_or_default();
        assert!(reason.len() > 10, "{game}: reason {reason:?}");
        if game != "chess-t1" {
            let from = &best[..best.len().min(2)];
            assert!(
                reason.contains(from) || best.contains('@'),
                "{game}: {best}: {reason}"
            );
        }
        let top = last["top"].as_array().cloned().unwrap_or_default();
        assert!(!top.is_empty(), "{game}: {last}");
        assert!(
            top.iter()
                .all(|t| t["reason"].as_str().is_some_and(|r| !r.is_empty())),
            "{game}: {last}"
        );
        let info = &evs[1].1;
        assert!(info["depth"].as_u64().is_some_and(|d| d >= 1), "{info}");
        assert!(
            info["line"].as_array().is_some_and(|l| !l.is_empty()),
            "{info}"
        );
    }
}

/// Issue 30, multi-PV: `lines=K` gives the K best moves, each scored exactly, with its depth and
/// its line (the move first, every move legal in turn), best first, different moves; 0 and 6
/// lines are refused.
#[test]
fn analysis_gives_several_lines() {
    let _heavy = heavy();
    let server = Server::start();
    for (game, start) in [
        ("chess-t1", "startpos"),
        ("proryv", "startpos"),
        ("hnefatafl", "seed9"),
        ("jungle", "startpos"),
    ] {
        for bad in [0, 6] {
            let path =
                format!("/api/analyse?game={game}&position={start}&movetime=200&lines={bad}");
            let a = http(&server.addr, "GET", &path, None);
            assert_eq!(a.status, 400, "{game} lines={bad}: {}", a.body);
            assert!(a.body.contains("lines"), "{game}: {}", a.body);
        }
        let path = format!("/api/analyse?game={game}&position={start}&movetime=800&lines=3");
        let (status, evs) = events(&server.addr, &path);
        assert_eq!(status, 200, "{game}");
        let last = evs.last().map(|(_, v)| v.clone()).unwrap_or_default();
        let top = last["top"].as_array().cloned().unwrap_or_default();
        assert_eq!(top.len(), 3, "{game}: {last}");
        let firsts: std::collections::HashSet<&str> =
            top.iter().filter_map(|t| t["move"].as_str()).collect();
        assert_eq!(firsts.len(), 3, "{game}: {last}");
        assert_eq!(top[0]["move"], last["best"], "{game}: {last}");
        // After the best, by depth and score (a stopped iteration scores some a ply deeper).
        let ranks: Vec<(u64, i64)> = top[1..]
            .iter()
            .filter_map(|t| Some((t["depth"].as_u64()?, t["score"].as_i64()?)))
            .collect();
        assert!(
            ranks.windows(2).all(|w| w[0] >= w[1]),
            "{game}: {ranks:?} {last}"
        );
        for t in &top {
            assert!(t["depth"].as_u64().is_some_and(|d| d >= 1), "{game}: {t}");
            let line: Vec<String> = t["line"]
                .as_array()
                .map(|l| {
                    l.iter()
                        .filter_map(|m| m.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default();
            assert_eq!(
                line.first().map(String::as_str),
                t["move"].as_str(),
                "{game}: {t}"
            );
            let played = post(
                &server.addr,
                "/api/play",
                &json!({"game": game, "position": start, "moves": line}),
            );
            assert_eq!(played.status, 200, "{game}: {t}: {}", played.body);
        }
    }
}

/// Issue 30, long horizons: chess-t1 after 1.e2-e4 d7-d5 has too many zones at horizon 8 for a
/// whole answer (refused), but the page's answer (the zones listed briefly, only the open ones
/// and the ones asked for drawn) comes, lists them all and draws only those; in every game the
/// picture draws exactly the zones the answer says.
#[test]
fn zones_answers_draw_what_is_asked() {
    let _heavy = heavy();
    let server = Server::start();
    let moves = json!(["e2e4", "d7d5"]);
    let whole = post(
        &server.addr,
        "/api/zones",
        &json!({"game": "chess-t1", "position": "startpos", "moves": moves, "horizon": 8}),
    );
    assert_eq!(whole.status, 422, "{}", whole.body);
    let started = Instant::now();
    let brief = post(
        &server.addr,
        "/api/zones",
        &json!({"game": "chess-t1", "position": "startpos", "moves": moves, "horizon": 8,
                "brief": true, "draw": [2], "draw_open": true}),
    );
    println!(
        "chess-t1 horizon 8, brief, drawn by choice: {} bytes in {} ms",
        brief.body.len(),
        started.elapsed().as_millis()
    );
    assert_eq!(
        brief.status,
        200,
        "{}",
        &brief.body[..brief.body.len().min(300)]
    );
    let answer = brief.json();
    let zones = answer["zones"]["zones"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(zones.len() > 50, "{} zones", zones.len());
    assert!(zones.iter().all(|z| z["trajectories"] == json!([])));
    let open: Vec<u64> = zones
        .iter()
        .filter(|z| z["open"] == json!(true))
        .filter_map(|z| z["index"].as_u64())
        .collect();
    let mut expected: Vec<u64> = open.clone();
    expected.push(2);
    expected.sort_unstable();
    expected.dedup();
    assert_eq!(answer["drawn"], json!(expected));
    for (game, start, wanted) in [
        ("chess-t1", "startpos", 2u64),
        ("proryv", "startpos", 0),
        ("hnefatafl", "seed9", 1),
        ("jungle", "startpos", 1),
    ] {
        let answer = post(
            &server.addr,
            "/api/zones",
            &json!({"game": game, "position": start, "moves": [], "draw": [wanted]}),
        )
        .json();
        let drawn: Vec<u64> = answer["drawn"]
            .as_array()
            .map(|d| d.iter().filter_map(Value::as_u64).collect())
            .unwrap_or_default();
        let count = answer["zones"]["zones"].as_array().map_or(0, Vec::len) as u64;
        if count > wanted {
            assert_eq!(drawn, vec![wanted], "{game}: {}", answer["drawn"]);
        }
        let svg = answer["svg"].as_str().unwrap_or_default();
        let in_picture: std::collections::BTreeSet<u64> = svg
            .split(" data-zone=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next()?.parse().ok())
            .collect();
        let drawn: std::collections::BTreeSet<u64> = drawn.into_iter().collect();
        assert!(
            in_picture.is_subset(&drawn),
            "{game}: {in_picture:?} of {drawn:?}"
        );
    }
}

/// Opens an analysis stream and reads up to its `start` event: the connection and the id.
fn open_analysis(addr: &str, movetime: u64) -> (BufReader<TcpStream>, Option<u64>, u16) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .expect("timeout");
    let path = format!("/api/analyse?game=jungle&position=startpos&movetime={movetime}");
    let _ = write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    );
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    let _ = reader.read_line(&mut line);
    let status: u16 = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    if status != 200 {
        return (reader, None, status);
    }
    let mut id = None;
    for _ in 0..100 {
        line.clear();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
        if let Some(d) = line.trim().strip_prefix("data:")
            && let Ok(v) = serde_json::from_str::<Value>(d.trim())
        {
            id = v["id"].as_u64();
            break;
        }
    }
    (reader, id, status)
}

#[test]
fn analysis_stops_on_request_and_when_the_client_goes_away() {
    let _heavy = heavy();
    let server = Server::start();
    // Stopped by the stop endpoint: the best move comes long before the 10 s bound.
    let started = Instant::now();
    let (mut reader, id, status) = open_analysis(&server.addr, 10_000);
    assert_eq!(status, 200);
    let id = id.expect("a start event with the analysis id");
    std::thread::sleep(Duration::from_millis(300));
    let a = post(&server.addr, "/api/stop", &json!({ "id": id }));
    assert_eq!(a.status, 200, "{}", a.body);
    let mut rest = String::new();
    let mut line = String::new();
    while reader.read_line(&mut line).unwrap_or(0) > 0 {
        rest.push_str(&line);
        line.clear();
    }
    assert!(rest.contains("event: bestmove"), "{rest}");
    assert!(started.elapsed() < Duration::from_secs(5), "stopped late");
    // At most four at once; a client that goes away frees its slot.
    let open: Vec<_> = (0..4)
        .map(|_| open_analysis(&server.addr, 10_000))
        .collect();
    assert!(open.iter().all(|(_, id, s)| *s == 200 && id.is_some()));
    let (_, _, refused) = open_analysis(&server.addr, 10_000);
    assert_eq!(refused, 503, "a fifth analysis is refused");
    drop(open);
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let (_, id, status) = open_analysis(&server.addr, 200);
        if status == 200 && id.is_some() {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "closed streams did not stop their searches"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Latencies (µs) of `moves` from 50 concurrent clients, each on its own keep-alive connection,
/// 200 requests each, within 30 s; each client waits `pace` between its requests (none: as fast as
/// the server answers).
fn load(addr: &str, body: &str, pace: Option<Duration>) -> (Vec<u64>, Duration) {
    const CLIENTS: usize = 50;
    const REQUESTS: usize = 200;
    let deadline = Instant::now() + Duration::from_secs(30);
    let started = Instant::now();
    let threads: Vec<_> = (0..CLIENTS)
        .map(|_| {
            let (addr, body) = (addr.to_string(), body.to_string());
            std::thread::spawn(move || {
                let mut latencies = Vec::with_capacity(REQUESTS);
                let mut conn = Conn::open(&addr).expect("connect");
                for _ in 0..REQUESTS {
                    if Instant::now() > deadline {
                        break;
                    }
                    let t = Instant::now();
                    let a = conn
                        .send("POST", "/api/moves", Some(&body))
                        .expect("answer");
                    latencies.push(t.elapsed().as_micros() as u64);
                    assert_eq!(a.status, 200);
                    assert!(a.body.contains("\"squares\""));
                    if let Some(p) = pace {
                        std::thread::sleep(p);
                    }
                }
                latencies
            })
        })
        .collect();
    let mut all: Vec<u64> = threads
        .into_iter()
        .flat_map(|t| t.join().expect("client thread"))
        .collect();
    all.sort_unstable();
    assert_eq!(
        all.len(),
        CLIENTS * REQUESTS,
        "every client finished in time"
    );
    (all, started.elapsed())
}

/// The issue's load test: 50 concurrent clients asking `moves` for a position, bounded in count
/// and time; once as fast as the server answers (a saturating closed loop), once at one request
/// per client every 20 ms (50 busy tabs). Prints the latency percentiles; asserts that every
/// answer was right and a loose bound only (the issue's 5 ms target is reported, not asserted).
#[test]
fn load_moves_under_50_concurrent_clients() {
    let _heavy = heavy();
    let server = Server::start();
    let body = json!({
        "game": "chess-t1",
        "position": "rspckpsr/nnn2nnn/3n4/8/3N4/8/NNN2NNN/RSPCKPSR w Pp 0 3",
    });
    let expected = post(&server.addr, "/api/moves", &body).json()["squares"]
        .as_array()
        .map_or(0, Vec::len);
    assert!(expected > 0);
    for (name, pace) in [
        ("saturating", None),
        ("paced 20 ms", Some(Duration::from_millis(20))),
    ] {
        let (all, wall) = load(&server.addr, &body.to_string(), pace);
        let pct = |p: usize| all[(all.len() * p / 100).min(all.len() - 1)];
        let throughput = all.len() as u128 * 1000 / wall.as_millis().max(1);
        println!(
            "load ({name}): {} requests of moves from 50 concurrent clients in {} ms \
             ({throughput} requests/s); latency p50 {} us, p90 {} us, p99 {} us, max {} us",
            all.len(),
            wall.as_millis(),
            pct(50),
            pct(90),
            pct(99),
            all[all.len() - 1]
        );
        assert!(pct(99) < 500_000, "{name}: p99 {} us", pct(99));
    }
}
