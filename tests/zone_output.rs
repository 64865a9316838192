//! Zone outputs (`zonal zones`): the JSON validates against `schema/zones.schema.json` and
//! round-trips through the `Deserialize` structs, the DOT has one cluster per zone with balanced
//! braces and declared nodes only, and the text mentions every zone; plus the command line.

use crate::common;

use chess_t1::Position;
use chess_t1::rules::ChessT1;
use chess_t1::zone::{Projection, ZoneConfig};
use common::zonal;
use serde_json::Value;
use std::collections::HashSet;
use std::process::Output;
use std::sync::OnceLock;
use zonal_games::chess_t1::report::zones::{self, EdgeJson, NodeJson, SCHEMA_VERSION, ZonesJson};

const HORIZONS: [i32; 3] = [2, 3, 4];

fn schema() -> &'static Value {
    static SCHEMA: OnceLock<Value> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/schema/zones.schema.json");
        let text = std::fs::read_to_string(path).expect("read the schema");
        serde_json::from_str(&text).expect("the schema is JSON")
    })
}

fn validator() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| jsonschema::draft202012::new(schema()).expect("the schema compiles"))
}

/// Schema errors of `doc`, one line each (instance path: message).
fn schema_errors(doc: &Value) -> Vec<String> {
    validator()
        .iter_errors(doc)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

/// The positions the outputs are checked on, with a name for messages.
fn positions() -> Vec<(String, Position)> {
    let mut out = vec![("startpos".to_string(), Position::startpos())];
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/positions/book-examples.t1");
    let records = chess_t1::posfile::read_file(std::path::Path::new(path)).expect("book examples");
    for r in &records {
        out.push((r.id().unwrap_or("?").to_string(), r.position));
    }
    for (i, pos) in chess_t1::sample::middlegames(20, 1).into_iter().enumerate() {
        out.push((format!("middlegame {i}"), pos));
    }
    out
}

fn config(horizon: i32) -> ZoneConfig {
    ZoneConfig {
        horizon,
        ..ZoneConfig::default()
    }
}

/// Every (name, position, horizon) with its report, built once.
fn reports() -> &'static [(String, Position, i32, ZonesJson)] {
    static REPORTS: OnceLock<Vec<(String, Position, i32, ZonesJson)>> = OnceLock::new();
    REPORTS.get_or_init(|| {
        let mut out = Vec::new();
        for (name, pos) in positions() {
            for h in HORIZONS {
                let mp = Projection::build(&ChessT1, &pos, &config(h));
                out.push((name.clone(), pos, h, ZonesJson::new(&mp, &pos)));
            }
        }
        out
    })
}

#[test]
fn the_schema_is_a_valid_draft_2020_12_schema() {
    if let Err(e) = jsonschema::draft202012::meta::validate(schema()) {
        panic!("schema/zones.schema.json is not a valid 2020-12 schema: {e}");
    }
}

/// Every object schema with `properties` is closed (`additionalProperties: false`, or a base in
/// `$defs` that each use closes with `unevaluatedProperties: false`) and requires all of its
/// properties: the schema describes the output exactly.
#[test]
fn the_schema_is_closed_and_requires_every_field() {
    /// The `$defs` names used as `allOf` bases, each with whether that use is closed.
    fn bases(v: &Value, out: &mut Vec<(String, bool)>) {
        match v {
            Value::Object(map) => {
                if let Some(Value::Array(all)) = map.get("allOf") {
                    // Closed, and naming what it requires of the base's fields and its own.
                    let closed = map.get("unevaluatedProperties") == Some(&Value::Bool(false))
                        && map.get("required").is_some_and(Value::is_array);
                    for r in all.iter().filter_map(|a| a["$ref"].as_str()) {
                        out.push((r.to_string(), closed));
                    }
                }
                map.values().for_each(|c| bases(c, out));
            }
            Value::Array(items) => items.iter().for_each(|c| bases(c, out)),
            _ => {}
        }
    }
    fn walk(v: &Value, at: &str, seen: &mut usize, bases: &[(String, bool)]) {
        match v {
            Value::Object(map) => {
                if let Some(Value::Object(props)) = map.get("properties")
                    && map.get("type") == Some(&Value::String("object".into()))
                {
                    *seen += 1;
                    let uses: Vec<bool> = bases
                        .iter()
                        .filter(|(r, _)| r == at)
                        .map(|&(_, closed)| closed)
                        .collect();
                    let closed_where_used = !uses.is_empty() && uses.iter().all(|&c| c);
                    assert!(
                        map.get("additionalProperties") == Some(&Value::Bool(false))
                            || closed_where_used,
                        "{at}: not closed"
                    );
                    if closed_where_used {
                        continue_walk(map, at, seen, bases);
                        return;
                    }
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
                continue_walk(map, at, seen, bases);
            }
            Value::Array(items) => {
                for (i, child) in items.iter().enumerate() {
                    walk(child, &format!("{at}/{i}"), seen, bases);
                }
            }
            _ => {}
        }
    }
    fn continue_walk(
        map: &serde_json::Map<String, Value>,
        at: &str,
        seen: &mut usize,
        bases: &[(String, bool)],
    ) {
        for (k, child) in map {
            walk(child, &format!("{at}/{k}"), seen, bases);
        }
    }
    let mut uses = Vec::new();
    bases(schema(), &mut uses);
    let mut seen = 0;
    walk(schema(), "#", &mut seen, &uses);
    assert!(seen >= 14, "only {seen} object schemas found");
}

#[test]
fn json_validates_against_the_schema() {
    let mut zones = 0;
    for (name, _, h, report) in reports() {
        let doc = serde_json::to_value(report).expect("serialize");
        let errors = schema_errors(&doc);
        assert!(
            errors.is_empty(),
            "{name} H={h}: {} schema errors:\n{}",
            errors.len(),
            errors[..errors.len().min(10)].join("\n")
        );
        assert_eq!(doc["schema_version"], SCHEMA_VERSION);
        assert_eq!(doc["horizon"], *h);
        zones += report.zones.len();
    }
    // The check is only worth something if there are zones to check.
    assert!(zones > 50, "only {zones} zones in all positions");
}

#[test]
fn json_round_trips_through_the_structs() {
    for (name, pos, h, report) in reports() {
        let mp = Projection::build(&ChessT1, pos, &config(*h));
        let value = zones::to_json(&mp, pos);
        assert_eq!(value, serde_json::to_value(report).expect("serialize"));
        let back: ZonesJson = serde_json::from_value(value.clone())
            .unwrap_or_else(|e| panic!("{name} H={h}: does not parse back: {e}"));
        assert_eq!(&back, report, "{name} H={h}");
        let text = serde_json::to_string_pretty(report).expect("serialize");
        let again: ZonesJson = serde_json::from_str(&text).expect("parse the text");
        assert_eq!(&again, report, "{name} H={h}");
        assert_eq!(
            serde_json::to_string_pretty(&again).expect("serialize"),
            text
        );
    }
}

#[test]
fn output_is_deterministic() {
    for (name, pos, h, report) in reports().iter().step_by(5) {
        let mp = Projection::build(&ChessT1, pos, &config(*h));
        assert_eq!(&ZonesJson::new(&mp, pos), report, "{name} H={h}");
        assert_eq!(zones::to_dot(&mp, pos), report.to_dot(), "{name} H={h}");
        assert_eq!(zones::to_text(&mp, pos), report.to_text(), "{name} H={h}");
    }
}

/// Internal consistency the schema cannot express: ids, references and orders.
#[test]
fn json_references_are_consistent() {
    for (name, pos, h, report) in reports() {
        let at = format!("{name} H={h}");
        assert_eq!(report.position, pos.to_string(), "{at}");
        for (i, zone) in report.zones.iter().enumerate() {
            let at = format!("{at} zone {i}");
            assert_eq!(zone.index, i, "{at}");
            assert_eq!(zone.label, format!("(+, {i}.0)"), "{at}");
            assert_eq!(
                zone.open,
                zone.holding.is_empty() && !zone.target_defended,
                "{at}"
            );
            let n = zone.trajectories.len();
            for (id, t) in zone.trajectories.iter().enumerate() {
                assert_eq!(t.id, id, "{at}");
                assert_eq!(t.length + 1, t.squares.len(), "{at} t{id}");
                assert_eq!(t.alpha, t.squares[1..], "{at} t{id}");
                let camp = t.camp.sign();
                assert_eq!(t.label, format!("({camp}, {i}.{})", t.level), "{at} t{id}");
                if let Some(att) = t.attached {
                    assert!(att.trajectory < n, "{at} t{id}");
                }
            }
            assert_eq!(zone.trajectories[0].squares[0], zone.root.square, "{at}");
            assert_eq!(
                zone.trajectories[0].squares.last(),
                Some(&zone.target.square),
                "{at}"
            );
            for &t in &zone.holding {
                assert!(
                    t < n && zone.trajectories[t].level == 1,
                    "{at}: holding {t}"
                );
            }
            if let Some(link) = zone.linked_to {
                assert!(link.zone < report.zones.len(), "{at}");
                assert!(
                    link.trajectory < report.zones[link.zone].trajectories.len(),
                    "{at}"
                );
            }
            let mut sorted = zone.footprint.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted, zone.footprint, "{at}: footprint not sorted");
            for (id, node) in zone.graph.nodes.iter().enumerate() {
                assert_eq!(node.id(), id, "{at}");
                if let NodeJson::Trajectory { trajectory, .. } = node {
                    assert!(*trajectory < n, "{at}");
                }
            }
            for edge in &zone.graph.edges {
                let (from, to) = edge.ends();
                assert!(
                    from < zone.graph.nodes.len() && to < zone.graph.nodes.len(),
                    "{at}"
                );
                if let EdgeJson::LinkedTo { zone: z, .. } = edge {
                    assert_eq!(zone.linked_to.map(|l| l.zone), Some(*z), "{at}");
                }
            }
        }
        for c in &report.complexes {
            assert!(c.zones.windows(2).all(|w| w[0] < w[1]), "{name} H={h}");
            assert!(
                c.zones.iter().all(|&z| z < report.zones.len()),
                "{name} H={h}"
            );
        }
    }
}

/// The schema is strict: it rejects what the structs would never write.
#[test]
fn the_schema_rejects_malformed_documents() {
    let (_, _, _, report) = reports()
        .iter()
        .find(|r| r.3.zones.first().is_some_and(|z| z.trajectories.len() > 1))
        .expect("a position whose zone 0 has negations");
    let good = serde_json::to_value(report).expect("serialize");
    assert!(schema_errors(&good).is_empty());
    type Mutation = fn(&mut Value);
    // What is wrong, how to make it wrong, and whether the structs refuse it too.
    let mutations: [(&str, Mutation, bool); 11] = [
        (
            "extra top-level field",
            |d| {
                d["extra"] = Value::Bool(true);
            },
            true,
        ),
        (
            "wrong schema version",
            |d| d["schema_version"] = 1.into(),
            false,
        ),
        ("another game", |d| d["game"] = "proryv".into(), false),
        (
            "missing complexes",
            |d| {
                d.as_object_mut().expect("object").remove("complexes");
            },
            true,
        ),
        ("bad side", |d| d["side_to_move"] = "red".into(), true),
        (
            "bad square",
            |d| d["zones"][0]["root"]["square"] = "i9".into(),
            true,
        ),
        (
            "bad role",
            |d| {
                d["zones"][0]["trajectories"][1]["role"] = "defence".into();
            },
            true,
        ),
        (
            "bad camp",
            |d| d["zones"][0]["trajectories"][0]["camp"] = "0".into(),
            true,
        ),
        (
            "numeric alternatives",
            |d| {
                d["zones"][0]["trajectories"][0]["alternatives"] = 1.into();
            },
            true,
        ),
        (
            "root with attachment",
            |d| {
                let att = d["zones"][0]["trajectories"][1]["attached"].clone();
                d["zones"][0]["trajectories"][0]["attached"] = att;
            },
            false,
        ),
        (
            "edge with an unknown kind",
            |d| {
                d["zones"][0]["graph"]["edges"][0]["kind"] = "touches".into();
            },
            true,
        ),
    ];
    for (what, mutate, structs_refuse) in mutations {
        let mut doc = good.clone();
        mutate(&mut doc);
        assert!(
            !schema_errors(&doc).is_empty(),
            "the schema accepts: {what}"
        );
        if structs_refuse {
            assert!(
                serde_json::from_value::<ZonesJson>(doc).is_err(),
                "the structs accept: {what}"
            );
        }
    }
}

/// Checks a DOT text; returns the number of clusters.
fn check_dot(dot: &str, at: &str) -> usize {
    assert!(dot.starts_with("digraph mp {\n"), "{at}");
    assert!(dot.trim_end().ends_with('}'), "{at}");
    // Braces balance outside quoted strings, and quotes close on every line.
    let mut depth = 0i32;
    for line in dot.lines() {
        let mut quoted = false;
        let mut escaped = false;
        for c in line.chars() {
            match c {
                _ if escaped => escaped = false,
                '\\' if quoted => escaped = true,
                '"' => quoted = !quoted,
                '{' if !quoted => depth += 1,
                '}' if !quoted => {
                    depth -= 1;
                    assert!(depth >= 0, "{at}: unbalanced '}}' in {line:?}");
                }
                _ => {}
            }
        }
        assert!(!quoted, "{at}: unclosed quote in {line:?}");
    }
    assert_eq!(depth, 0, "{at}: unbalanced braces");
    // Declared nodes (unique) and edges between declared nodes.
    let mut nodes = HashSet::new();
    let mut edges = Vec::new();
    let mut clusters = Vec::new();
    for line in dot.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("subgraph cluster_") {
            clusters.push(rest.trim_end_matches(" {").to_string());
            continue;
        }
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else { continue };
        if !first.starts_with('z') || !first.contains("_n") {
            continue;
        }
        if words.next() == Some("->") {
            let to = words.next().expect("edge target");
            edges.push((first.to_string(), to.to_string()));
        } else {
            assert!(
                nodes.insert(first.to_string()),
                "{at}: node {first} declared twice"
            );
        }
    }
    for (from, to) in &edges {
        assert!(nodes.contains(from), "{at}: edge from undeclared {from}");
        assert!(nodes.contains(to), "{at}: edge to undeclared {to}");
    }
    let unique: HashSet<&String> = clusters.iter().collect();
    assert_eq!(
        unique.len(),
        clusters.len(),
        "{at}: a cluster appears twice"
    );
    clusters.len()
}

#[test]
fn dot_has_one_cluster_per_zone_and_declared_nodes() {
    for (name, _, h, report) in reports() {
        let at = format!("{name} H={h}");
        let dot = report.to_dot();
        assert_eq!(check_dot(&dot, &at), report.zones.len(), "{at}");
        for zone in &report.zones {
            assert!(
                dot.contains(&format!("subgraph cluster_{} {{", zone.index)),
                "{at}"
            );
            let declared = dot
                .lines()
                .filter(|l| l.trim_start().starts_with(&format!("z{}_n", zone.index)))
                .filter(|l| !l.contains(" -> "))
                .count();
            assert_eq!(declared, zone.graph.nodes.len(), "{at} zone {}", zone.index);
        }
    }
}

#[test]
fn dot_escapes_and_styles() {
    let (_, _, _, report) = reports()
        .iter()
        .find(|r| {
            r.3.zones
                .iter()
                .any(|z| z.trajectories.iter().any(|t| t.level >= 2))
        })
        .expect("a position with second negations");
    let dot = report.to_dot();
    assert!(dot.contains("color=blue"));
    assert!(dot.contains("color=red"));
    assert!(dot.contains("style=solid"));
    assert!(dot.contains("style=dashed"));
    assert!(dot.contains("style=dotted"));
    assert!(dot.contains("label=\"root of\""));
    // A quote in a label is escaped.
    let mut odd = report.clone();
    odd.position = "a \"quoted\" \\ position".to_string();
    let dot = odd.to_dot();
    assert!(dot.contains("a \\\"quoted\\\" \\\\ position"));
    check_dot(&dot, "escaped");
}

#[test]
fn text_mentions_every_zone() {
    for (name, pos, h, report) in reports() {
        let at = format!("{name} H={h}");
        let text = report.to_text();
        assert!(text.contains(&pos.to_string()), "{at}");
        assert!(text.contains(&format!("horizon {h} half-moves")), "{at}");
        for zone in &report.zones {
            let line = text
                .lines()
                .find(|l| l.starts_with(&format!("Zone {} (", zone.index)))
                .unwrap_or_else(|| panic!("{at}: zone {} not in the text", zone.index));
            let status = if zone.open { "OPEN" } else { "STOPPED" };
            assert!(line.contains(status), "{at}: {line}");
            for t in &zone.trajectories[1..] {
                assert!(text.contains(&t.label), "{at}");
            }
        }
        for c in &report.complexes {
            let zones: Vec<String> = c.zones.iter().map(usize::to_string).collect();
            assert!(
                text.contains(&format!("zones {}:", zones.join(", "))),
                "{at}"
            );
        }
    }
}

#[test]
fn text_of_a_small_attack() {
    // A White Ritter one jump from a Black Knecht, which attacks the Ritter in turn.
    let pos: Position = "8/3n4/8/4n3/8/4R3/8/8 w - 0 1".parse().expect("position");
    let mp = Projection::build(&ChessT1, &pos, &config(4));
    let text = zones::to_text(&mp, &pos);
    assert!(
        text.starts_with("Position: 8/3n4/8/4n3/8/4R3/8/8 w - 0 1\n"),
        "{text}"
    );
    assert!(
        text.contains("White to move; horizon 4 half-moves;"),
        "{text}"
    );
    assert!(
        text.contains("(attack, White): Ritter e3 -> Knecht e5 in 1 (e3-e5)"),
        "{text}"
    );
    assert!(
        text.contains("(attack, Black): Knecht e5 -> Ritter e3 in 2"),
        "{text}"
    );
    assert!(text.contains("force (+):(-): e3 2:0"), "{text}");
    assert!(text.contains("  (-, 1.1) Ritter"), "{text}");
}

// The command line.

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("utf-8 stdout")
}

#[test]
fn cli_zones_json() {
    let out = zonal(&["zones", "startpos", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(doc["schema_version"], 5);
    assert_eq!(doc["game"], "chess-t1");
    assert_eq!(doc["horizon"], 4);
    assert_eq!(doc["side_to_move"], "white");
    assert!(schema_errors(&doc).is_empty());
    serde_json::from_value::<ZonesJson>(doc).expect("parses back");

    let out = zonal(&[
        "zones",
        "positions/book-examples.t1",
        "--id",
        "E4",
        "--horizon",
        "3",
        "--side",
        "black",
        "--level",
        "2",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert!(schema_errors(&doc).is_empty());
    assert_eq!(doc["horizon"], 3);
    let report: ZonesJson = serde_json::from_value(doc).expect("parses back");
    assert!(!report.zones.is_empty());
    assert!(
        report
            .zones
            .iter()
            .all(|z| z.side == zones::SideJson::Black)
    );
    assert!(
        report
            .zones
            .iter()
            .flat_map(|z| &z.trajectories)
            .all(|t| t.level <= 2)
    );
}

#[test]
fn cli_zones_dot_and_text() {
    let out = zonal(&["zones", "startpos", "--horizon", "6", "--dot"]);
    assert!(out.status.success());
    let dot = stdout(&out);
    assert!(dot.starts_with("digraph"));
    assert!(check_dot(&dot, "cli") > 0);
    let out = zonal(&["zones", "startpos", "--horizon", "6"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.starts_with("Position: "));
    assert!(text.contains("Zone 0 ("));
    let explicit = zonal(&["zones", "startpos", "--horizon", "6", "--text"]);
    assert_eq!(stdout(&explicit), text);
}

#[test]
fn cli_zones_bad_input_exits_2() {
    for args in [
        &["zones", "startpos", "--horizon", "0"][..],
        &["zones", "startpos", "--horizon", "13"],
        &["zones", "startpos", "--horizon", "-2"],
        &["zones", "startpos", "--horizon", "four"],
        &["zones", "startpos", "--side", "red"],
        &["zones", "startpos", "--level", "0"],
        &["zones", "startpos", "--json", "--dot"],
        &["zones", "startpos", "--dot", "--text"],
        &["zones", "no/such/position w"],
        &["zones", "positions/book-examples.t1", "--id", "E99"],
    ] {
        let out = zonal(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}
