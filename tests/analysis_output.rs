//! `zonal analyse --json` through the binary: the output validates against
//! `schema/analysis.schema.json` (a single analysis or a batch), round-trips through the
//! `Deserialize` structs of `zonal_games::chess_t1::report::analysis`, and means what it says (recommended moves
//! legal and sorted by score, lines that replay, nodes counted, the batch summary consistent
//! with the per-position `matched`). Also `zonal search --json` and the exit code 2 on bad input.

use crate::common;

use chess_t1::Position;
use chess_t1::posfile::{self, Record};
use chess_t1::search::PROVEN;
use common::zonal;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::OnceLock;
use zonal_games::chess_t1::report::analysis::{AnalysisJson, BatchJson, Expected, SCHEMA_VERSION};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// E9's end: White to move has no legal move (blockade), so the game is over.
const OVER: &str = "8/8/8/8/8/8/8/2Kk4 w - 0 1";

fn schema() -> &'static Value {
    static SCHEMA: OnceLock<Value> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let text = std::fs::read_to_string(format!("{ROOT}/schema/analysis.schema.json"))
            .expect("read the schema");
        serde_json::from_str(&text).expect("the schema is JSON")
    })
}

fn validator() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| jsonschema::draft202012::new(schema()).expect("the schema compiles"))
}

fn schema_errors(doc: &Value) -> Vec<String> {
    validator()
        .iter_errors(doc)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

/// Runs a command that must succeed and print JSON.
fn json_of(args: &[&str]) -> Value {
    let out = zonal(args);
    assert!(
        out.status.success(),
        "zonal {args:?} failed ({:?}): {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("zonal {args:?}: output is not JSON: {e}"))
}

fn tactics() -> Vec<Record> {
    posfile::read_file(Path::new(&format!("{ROOT}/positions/tactics.t1"))).expect("tactics.t1")
}

/// The single-position runs: arguments, and the horizon each uses.
const SINGLE: &[(&[&str], i32)] = &[
    (&["analyse", "startpos", "--json"], 4),
    (
        &[
            "analyse",
            "positions/book-examples.t1",
            "--id",
            "E4",
            "--json",
        ],
        4,
    ),
    (
        &[
            "analyse",
            "positions/book-examples.t1",
            "--id",
            "E5",
            "--json",
        ],
        4,
    ),
    (
        &[
            "analyse",
            "positions/book-examples.t1",
            "--id",
            "E7",
            "--json",
            "--horizon",
            "2",
        ],
        2,
    ),
    (
        &[
            "analyse",
            "positions/book-examples.t1",
            "--id",
            "E8",
            "--json",
        ],
        4,
    ),
    (
        &[
            "analyse",
            "positions/book-examples.t1",
            "--id",
            "E11",
            "--json",
        ],
        4,
    ),
    (
        &[
            "analyse",
            "positions/book-examples.t1",
            "--index",
            "9",
            "--json",
            "--top",
            "2",
        ],
        4,
    ),
    (
        &[
            "analyse",
            "positions/tactics.t1",
            "--id",
            "overload",
            "--json",
        ],
        4,
    ),
    (
        &[
            "analyse",
            "positions/tactics.t1",
            "--id",
            "scout-check",
            "--json",
            "--full",
        ],
        4,
    ),
    (&["analyse", OVER, "--json"], 4),
];

/// Every single-position output, run once.
fn singles() -> &'static [(Vec<String>, i32, Value)] {
    static OUT: OnceLock<Vec<(Vec<String>, i32, Value)>> = OnceLock::new();
    OUT.get_or_init(|| {
        SINGLE
            .iter()
            .map(|(args, h)| {
                let owned = args.iter().map(|a| a.to_string()).collect();
                (owned, *h, json_of(args))
            })
            .collect()
    })
}

/// The batch over positions/tactics.t1.
fn batch() -> &'static Value {
    static OUT: OnceLock<Value> = OnceLock::new();
    OUT.get_or_init(|| json_of(&["analyse", "positions/tactics.t1", "--json"]))
}

fn assert_valid(what: &str, doc: &Value) {
    let errors = schema_errors(doc);
    assert!(
        errors.is_empty(),
        "{what}: {} schema errors:\n{}",
        errors.len(),
        errors[..errors.len().min(10)].join("\n")
    );
}

/// Replays `line` from `pos`; every move must be legal where it is played.
fn replay(what: &str, pos: &Position, line: &[String]) {
    let mut p = *pos;
    for (i, m) in line.iter().enumerate() {
        let mv = p
            .parse_uci(m)
            .unwrap_or_else(|e| panic!("{what}: line move {i} {m} is not legal: {e}"));
        p = p.play(&mv);
    }
}

/// What every analysis must satisfy, whatever the position.
fn check_analysis(what: &str, a: &AnalysisJson, horizon: i32, mode: &str) {
    let pos: Position = a
        .position
        .parse()
        .unwrap_or_else(|e| panic!("{what}: position {:?}: {e}", a.position));
    assert_eq!(a.schema_version, SCHEMA_VERSION, "{what}");
    assert_eq!(
        pos.to_string(),
        a.position,
        "{what}: position not in canonical form"
    );
    assert_eq!(a.side, pos.side_to_move().name(), "{what}: side");
    assert_eq!(a.status, pos.status().name(), "{what}: status");
    assert_eq!(
        a.reason.as_deref(),
        pos.status().reason().map(|r| r.name()),
        "{what}: reason"
    );
    assert_eq!(
        a.in_check.white,
        pos.in_check(chess_t1::Color::White),
        "{what}"
    );
    assert_eq!(
        a.in_check.black,
        pos.in_check(chess_t1::Color::Black),
        "{what}"
    );
    assert_eq!(
        a.material.balance,
        a.material.white - a.material.black,
        "{what}"
    );
    assert_eq!(a.horizon, horizon, "{what}: horizon");
    assert_eq!(a.search.mode, mode, "{what}: search mode");
    // The default depth, or less once the result is proven (or the game is over).
    let proven = a
        .recommended
        .first()
        .is_some_and(|r| r.score.abs() >= PROVEN || a.recommended.len() == 1);
    assert!(
        a.search.depth == chess_t1::analysis::DEFAULT_DEPTH
            || a.search.depth < chess_t1::analysis::DEFAULT_DEPTH
                && (proven || a.recommended.is_empty()),
        "{what}: depth {} without a proven result",
        a.search.depth
    );
    if pos.status().is_over() {
        assert!(
            a.recommended.is_empty(),
            "{what}: moves recommended after the game ended"
        );
    } else {
        assert!(!a.recommended.is_empty(), "{what}: nothing recommended");
        assert!(a.search.nodes > 0, "{what}: no nodes searched");
    }
    for pair in a.recommended.windows(2) {
        assert!(
            pair[0].score >= pair[1].score,
            "{what}: recommended not sorted by score: {} {} before {} {}",
            pair[0].uci,
            pair[0].score,
            pair[1].uci,
            pair[1].score
        );
    }
    let mut seen = BTreeSet::new();
    for r in &a.recommended {
        let mv = pos
            .parse_uci(&r.uci)
            .unwrap_or_else(|e| panic!("{what}: recommended {} is not legal: {e}", r.uci));
        assert!(
            seen.insert(r.uci.clone()),
            "{what}: {} recommended twice",
            r.uci
        );
        assert_eq!(
            r.book,
            chess_t1::book::write_move(&pos, &mv),
            "{what}: book of {}",
            r.uci
        );
        assert_eq!(
            r.line.first(),
            Some(&r.uci),
            "{what}: line of {} starts elsewhere",
            r.uci
        );
        replay(&format!("{what}, line of {}", r.uci), &pos, &r.line);
        let outcome = match r.score {
            s if s >= PROVEN => Some("win"),
            s if s <= -PROVEN => Some("loss"),
            _ => None,
        };
        assert_eq!(
            r.outcome.as_deref(),
            outcome,
            "{what}: outcome of {}",
            r.uci
        );
        assert!(!r.reason.is_empty(), "{what}: no reason for {}", r.uci);
        assert_eq!(
            r.score,
            chess_t1::search::cp_to_half_units(r.score_cp),
            "{what}: score and score_cp of {} disagree",
            r.uci
        );
    }
    for h in &a.hot_spots {
        let piece = pos.piece_at(h.square).map(|p| p.char().to_string());
        assert_eq!(h.piece, piece, "{what}: hot spot {}", h.square);
    }
    for (i, z) in a.zones.iter().enumerate() {
        assert_eq!(z.index, i, "{what}: zone indices");
        let root = pos
            .piece_at(z.root)
            .unwrap_or_else(|| panic!("{what}: zone {i}: empty root"));
        assert_eq!(root.color.name(), z.side, "{what}: zone {i}: root side");
        assert_eq!(
            root.kind.letter().to_string(),
            z.piece,
            "{what}: zone {i}: root piece"
        );
        let target = pos.piece_at(z.target).map(|p| p.char().to_string());
        assert_eq!(z.target_piece, target, "{what}: zone {i}: target piece");
    }
    let first = a.recommended.first().map(|r| r.uci.as_str());
    let expected = Expected {
        id: a.id.clone(),
        bm: a.bm.clone(),
        am: a.am.clone(),
    };
    assert_eq!(a.matched, expected.matches(first), "{what}: matched");
}

#[test]
fn the_schema_is_a_valid_draft_2020_12_schema() {
    if let Err(e) = jsonschema::draft202012::meta::validate(schema()) {
        panic!("schema/analysis.schema.json is not a valid 2020-12 schema: {e}");
    }
}

/// Every object schema is closed and requires all of its properties.
#[test]
fn the_schema_is_closed_and_requires_every_field() {
    fn walk(v: &Value, at: &str, seen: &mut usize) {
        match v {
            Value::Object(map) => {
                if let Some(Value::Object(props)) = map.get("properties") {
                    *seen += 1;
                    assert_eq!(
                        map.get("type"),
                        Some(&Value::String("object".into())),
                        "{at}"
                    );
                    assert_eq!(
                        map.get("additionalProperties"),
                        Some(&Value::Bool(false)),
                        "{at}: not closed"
                    );
                    let mut required: Vec<&str> = map["required"]
                        .as_array()
                        .unwrap_or_else(|| panic!("{at}: no required list"))
                        .iter()
                        .map(|r| r.as_str().expect("a name"))
                        .collect();
                    let mut names: Vec<&str> = props.keys().map(String::as_str).collect();
                    required.sort_unstable();
                    names.sort_unstable();
                    assert_eq!(required, names, "{at}: required != properties");
                }
                for (k, child) in map {
                    walk(child, &format!("{at}/{k}"), seen);
                }
            }
            Value::Array(items) => {
                for (i, child) in items.iter().enumerate() {
                    walk(child, &format!("{at}/{i}"), seen);
                }
            }
            _ => {}
        }
    }
    let mut seen = 0;
    walk(schema(), "#", &mut seen);
    // analysis, batch, summary, search, zone, recommendation, hot_spot, material, checks.
    assert_eq!(seen, 9, "object schemas found");
}

#[test]
fn single_analyses_validate_and_round_trip() {
    for (args, horizon, doc) in singles() {
        let what = format!("zonal {}", args.join(" "));
        assert_valid(&what, doc);
        assert!(
            doc.get("analyses").is_none(),
            "{what}: a batch for one position"
        );
        let a: AnalysisJson = serde_json::from_value(doc.clone())
            .unwrap_or_else(|e| panic!("{what}: does not parse as AnalysisJson: {e}"));
        assert_eq!(
            &serde_json::to_value(&a).expect("serialize"),
            doc,
            "{what}: round trip"
        );
        let mode = if args.iter().any(|a| a == "--full") {
            "full"
        } else {
            "zones"
        };
        check_analysis(&what, &a, *horizon, mode);
        let top: usize = args
            .iter()
            .position(|a| a == "--top")
            .map_or(5, |i| args[i + 1].parse().expect("a number"));
        assert!(
            a.recommended.len() <= top,
            "{what}: more than {top} recommended"
        );
        // A record chosen from a file carries its id; bm/am only where the file has them.
        if let Some(i) = args.iter().position(|a| a == "--id") {
            assert_eq!(a.id.as_deref(), Some(args[i + 1].as_str()), "{what}: id");
        }
        if args[1] == "startpos" || args[1] == OVER {
            assert_eq!(
                (&a.id, &a.bm, &a.am, a.matched),
                (&None, &None, &None, None),
                "{what}"
            );
        }
    }
    // The game-over position: nothing searched.
    let over = &singles().last().expect("runs").2;
    assert_eq!(over["status"], "black_wins");
    assert_eq!(over["reason"], "blockade");
    assert_eq!(over["search"]["nodes"], 0);
}

#[test]
fn the_tactics_batch_validates_round_trips_and_scores_consistently() {
    let doc = batch();
    assert_valid("analyse positions/tactics.t1", doc);
    let b: BatchJson = serde_json::from_value(doc.clone()).expect("parses as BatchJson");
    assert_eq!(
        &serde_json::to_value(&b).expect("serialize"),
        doc,
        "round trip"
    );
    assert_eq!(b.schema_version, SCHEMA_VERSION);
    let records = tactics();
    assert_eq!(b.analyses.len(), records.len(), "one analysis per record");
    for (a, r) in b.analyses.iter().zip(&records) {
        let what = format!("tactics {}", r.id().unwrap_or("?"));
        check_analysis(&what, a, 4, "zones");
        assert_eq!(a.position, r.position.to_string(), "{what}: file order");
        assert_eq!(a.id.as_deref(), r.id(), "{what}: id");
        assert_eq!(a.bm.as_deref(), r.operands("bm"), "{what}: bm");
        assert_eq!(a.am.as_deref(), r.operands("am"), "{what}: am");
        assert!(
            a.matched.is_some(),
            "{what}: has bm, so matched is not null"
        );
    }
    let s = &b.summary;
    assert_eq!(s.positions, b.analyses.len());
    assert_eq!(
        s.with_answer,
        b.analyses.iter().filter(|a| a.matched.is_some()).count()
    );
    assert_eq!(
        s.matched,
        b.analyses
            .iter()
            .filter(|a| a.matched == Some(true))
            .count()
    );
    assert_eq!(
        s.nodes,
        b.analyses.iter().map(|a| a.search.nodes).sum::<u64>()
    );
    assert_eq!(s.with_answer, records.len());
}

/// Several positions on the command line make a batch too, without bm / am.
#[test]
fn several_positions_make_a_batch() {
    let e4 = "8/8/8/8/8/3RvN2/8/2K4p w - 0 1";
    let doc = json_of(&["analyse", "startpos", e4, OVER, "--horizon", "2", "--json"]);
    assert_valid("analyse startpos E4 OVER", &doc);
    let b: BatchJson = serde_json::from_value(doc.clone()).expect("parses as BatchJson");
    assert_eq!(serde_json::to_value(&b).expect("serialize"), doc);
    assert_eq!(b.analyses.len(), 3);
    for a in &b.analyses {
        check_analysis("batch of three", a, 2, "zones");
    }
    assert_eq!(
        (
            b.summary.positions,
            b.summary.with_answer,
            b.summary.matched
        ),
        (3, 0, 0)
    );
}

/// The schema is strict: it rejects what the structs would not produce.
#[test]
fn the_schema_rejects_altered_output() {
    let single = &singles()[1].2;
    let mut altered: Vec<(&str, Value)> = Vec::new();
    let mut extra = single.clone();
    extra["extra"] = Value::from(1);
    altered.push(("an unknown field", extra));
    let mut missing = single.clone();
    missing.as_object_mut().expect("object").remove("micros");
    altered.push(("a missing field", missing));
    let mut status = single.clone();
    status["status"] = Value::from("lost");
    altered.push(("an unknown status", status));
    let mut uci = single.clone();
    uci["recommended"][0]["uci"] = Value::from("e2-e4");
    altered.push(("a move not in coordinate form", uci));
    let mut version = single.clone();
    version["schema_version"] = Value::from(1);
    altered.push(("another schema version", version));
    let mut mixed = batch().clone();
    mixed["position"] = single["position"].clone();
    altered.push(("a batch with an analysis field", mixed));
    let mut summary = batch().clone();
    summary["summary"]["matched"] = Value::from(-1);
    altered.push(("a negative count", summary));
    for (what, doc) in altered {
        assert!(!validator().is_valid(&doc), "the schema accepts {what}");
    }
}

#[test]
fn search_command_json_and_text() {
    for full in [false, true] {
        let mut args = vec![
            "search",
            "positions/tactics.t1",
            "--id",
            "E4-sums",
            "--depth",
            "2",
            "--eval",
            "material",
        ];
        if full {
            args.push("--full");
        }
        args.push("--json");
        let doc = json_of(&args);
        let keys: BTreeSet<&str> = doc
            .as_object()
            .expect("an object")
            .keys()
            .map(String::as_str)
            .collect();
        let expected: BTreeSet<&str> = [
            "position", "engine", "mode", "depth", "seldepth", "best", "book", "score", "score_cp",
            "line", "nodes", "micros",
        ]
        .into_iter()
        .collect();
        assert_eq!(keys, expected, "search --json fields");
        assert_eq!(doc["mode"], if full { "full" } else { "zones" });
        assert_eq!(doc["depth"], 2);
        assert!(doc["nodes"].as_u64().is_some_and(|n| n > 0), "nodes");
        let pos: Position = doc["position"]
            .as_str()
            .expect("position")
            .parse()
            .expect("a position");
        let best = doc["best"].as_str().expect("a best move");
        let mv = pos.parse_uci(best).expect("best is legal");
        assert_eq!(doc["book"], chess_t1::book::write_move(&pos, &mv));
        let line: Vec<String> = serde_json::from_value(doc["line"].clone()).expect("a line");
        assert_eq!(line.first().map(String::as_str), Some(best));
        replay("search line", &pos, &line);
        // E4: taking the Ver Knecht on e3 (d3 or f3) wins 1½ at depth 2 as well.
        assert_eq!(doc["score"], 3, "search {args:?}");
    }
    let out = zonal(&["search", "startpos", "--depth", "2"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("best "), "search text: {text}");
    assert!(text.contains("\nline "), "search text: {text}");
    // A finished game: no best move, still a success.
    let doc = json_of(&["search", OVER, "--depth", "2", "--json"]);
    assert_eq!(doc["best"], Value::Null);
    assert_eq!(doc["line"], Value::Array(Vec::new()));
}

#[test]
fn bad_input_exits_with_code_2() {
    let cases: &[&[&str]] = &[
        &["analyse", "startpos", "--horizon", "0"],
        &["analyse", "startpos", "--horizon", "13"],
        &["analyse", "startpos", "--horizon", "four"],
        &["analyse", "no/such/file.t1"],
        &["analyse", "positions/tactics.t1", "--id", "no-such-id"],
        &["analyse", "positions/tactics.t1", "--index", "0"],
        &["analyse", "8/8/8/8/8/8/8/4X3 w -"],
        &["analyse", "startpos", "--material", "K=3"],
        &["analyse", "startpos", "--depth", "0"],
        &["search", "no/such/file.t1", "--depth", "2"],
        &[
            "search",
            "positions/tactics.t1",
            "--id",
            "no-such-id",
            "--depth",
            "2",
        ],
        &["search", "startpos", "--depth", "0"],
        &["search", "startpos", "--horizon", "13"],
    ];
    for args in cases {
        let out = zonal(args);
        assert_eq!(out.status.code(), Some(2), "zonal {args:?}");
        assert!(out.stdout.is_empty(), "zonal {args:?} printed to stdout");
        assert!(!out.stderr.is_empty(), "zonal {args:?} gave no message");
    }
}
