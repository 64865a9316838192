//! SVG pictures (`zonal render`, `report::svg`): the documents are parsed as XML and checked
//! element by element: squares, castles, pieces, force sums, one path per trajectory with the
//! style of its level and camp, alpha dots, beta crosses, labels, the highlighted move, and the
//! command line's files and errors.

use crate::common;

use chess_t1::posfile;
use chess_t1::rules::ChessT1;
use chess_t1::zone::{Camp, Projection, ZoneConfig};
use chess_t1::{Color, Position, Square};
use common::zonal;
use roxmltree::{Document, Node};
use std::collections::{BTreeMap, BTreeSet};
use zonal_games::chess_t1::report::svg::{self, Highlight, SvgOptions, ZoneFilter};

const SVG_NS: &str = "http://www.w3.org/2000/svg";

fn position(file: &str, id: &str) -> Position {
    let path = format!("{}/positions/{file}", env!("CARGO_MANIFEST_DIR"));
    posfile::resolve(&path, Some(id), None).expect("position in the file")
}

fn projection(pos: &Position) -> Projection {
    Projection::build(&ChessT1, pos, &ZoneConfig::default())
}

fn zones_opts(force: bool) -> SvgOptions {
    SvgOptions {
        force,
        zones: Some(ZoneFilter::default()),
        ..SvgOptions::default()
    }
}

fn parse(text: &str) -> Document<'_> {
    let doc = Document::parse(text).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some(SVG_NS));
    assert_eq!(root.attribute("version"), Some("1.1"));
    assert!(root.attribute("viewBox").is_some());
    // Every element is an SVG element; no number went wrong.
    assert!(
        doc.descendants()
            .filter(|n| n.is_element())
            .all(|n| n.tag_name().namespace() == Some(SVG_NS))
    );
    assert!(
        !text.contains("NaN") && !text.contains("922337203685477"),
        "bad number in the SVG"
    );
    doc
}

fn has_class(n: &Node, class: &str) -> bool {
    n.attribute("class")
        .is_some_and(|c| c.split_whitespace().any(|x| x == class))
}

fn by_class<'a, 'i>(doc: &'a Document<'i>, class: &str) -> Vec<Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| n.is_element() && has_class(n, class))
        .collect()
}

fn text_of(n: &Node) -> String {
    n.descendants()
        .filter(|d| d.is_text())
        .filter_map(|d| d.text())
        .collect()
}

fn rgb(hex: &str) -> (u32, u32, u32) {
    let h = hex.strip_prefix('#').expect("a #rrggbb colour");
    let c = |i: usize| u32::from_str_radix(&h[i..i + 2], 16).expect("hex");
    (c(0), c(2), c(4))
}

fn luminance(hex: &str) -> u32 {
    let (r, g, b) = rgb(hex);
    r * 3 + g * 6 + b
}

fn sq(s: &str) -> Square {
    s.parse().expect("square")
}

#[test]
fn start_position_board_and_pieces() {
    let pos = Position::startpos();
    let text = svg::render(&pos, None, &SvgOptions::default());
    let doc = parse(&text);
    let title = doc
        .root_element()
        .children()
        .find(|n| n.has_tag_name("title"))
        .expect("a title");
    assert!(text_of(&title).contains(&pos.to_string()));

    let squares = by_class(&doc, "square");
    assert_eq!(squares.len(), 64);
    let names: BTreeSet<&str> = squares
        .iter()
        .map(|n| n.attribute("data-square").expect("data-square"))
        .collect();
    assert_eq!(names.len(), 64);
    assert!(squares.iter().all(|n| n.has_tag_name("rect")));
    // a1 is dark, h1 light.
    let fill = |name: &str| {
        squares
            .iter()
            .find(|n| n.attribute("data-square") == Some(name))
            .and_then(|n| n.attribute("fill"))
            .expect("fill")
    };
    assert!(luminance(fill("a1")) < luminance(fill("h1")));
    assert_eq!(fill("a1"), fill("h8"));

    let castles: BTreeSet<&str> = by_class(&doc, "castle")
        .iter()
        .map(|n| n.attribute("data-square").expect("data-square"))
        .collect();
    assert_eq!(
        castles,
        BTreeSet::from(["c1", "d1", "e1", "f1", "c8", "d8", "e8", "f8"])
    );

    let coords: Vec<String> = by_class(&doc, "coord").iter().map(text_of).collect();
    for label in ["a", "h", "1", "8"] {
        assert!(coords.iter().any(|c| c == label), "coordinate {label}");
    }

    let pieces = by_class(&doc, "piece");
    assert_eq!(pieces.len(), 32);
    let mut white_fill = BTreeSet::new();
    let mut black_fill = BTreeSet::new();
    for n in &pieces {
        let at = sq(n.attribute("data-square").expect("data-square"));
        let expected = pos.piece_at(at).expect("a piece there");
        let letter = n.attribute("data-piece").expect("data-piece");
        assert_eq!(letter, expected.kind.letter().to_string(), "{at}");
        assert_eq!(
            n.attribute("data-color"),
            Some(expected.color.name()),
            "{at}"
        );
        let shown = n
            .descendants()
            .find(|d| has_class(d, "piece-letter"))
            .expect("a letter");
        assert_eq!(text_of(&shown), letter);
        let disc = n
            .descendants()
            .find(|d| d.has_tag_name("circle"))
            .expect("a disc");
        let fill = disc.attribute("fill").expect("fill");
        let ink = shown.attribute("fill").expect("ink");
        match expected.color {
            Color::White => {
                white_fill.insert(fill);
                assert!(
                    luminance(fill) > luminance(ink),
                    "white piece: light disc, dark letter"
                );
            }
            Color::Black => {
                black_fill.insert(fill);
                assert!(
                    luminance(fill) < luminance(ink),
                    "black piece: dark disc, light letter"
                );
            }
        }
    }
    assert_eq!((white_fill.len(), black_fill.len()), (1, 1));
    let piece_at = |name: &str| {
        pieces
            .iter()
            .find(|n| n.attribute("data-square") == Some(name))
            .map(|n| (n.attribute("data-piece"), n.attribute("data-color")))
    };
    assert_eq!(piece_at("e1"), Some((Some("K"), Some("white"))));
    assert_eq!(piece_at("d8"), Some((Some("C"), Some("black"))));
    assert_eq!(piece_at("b1"), Some((Some("S"), Some("white"))));
    assert_eq!(piece_at("e7"), Some((Some("N"), Some("black"))));
    assert_eq!(piece_at("e4"), None);
    // Nothing else asked for: no zones, no force sums, no highlight.
    assert!(by_class(&doc, "trajectory").is_empty());
    assert!(by_class(&doc, "force").is_empty());
    assert!(by_class(&doc, "highlight").is_empty());
}

/// Checks every drawn trajectory against the projection: one path each, with its label, level,
/// camp, dash style and colour; alpha dots and beta crosses on its squares; a label naming it.
fn check_zones(doc: &Document, mp: &Projection, shown: &[usize]) {
    let paths = by_class(doc, "trajectory");
    let expected: usize = shown.iter().map(|&z| mp.zones[z].trajectories.len()).sum();
    assert_eq!(paths.len(), expected, "one path per trajectory");
    let groups: Vec<usize> = by_class(doc, "zone")
        .iter()
        .map(|g| {
            g.attribute("data-zone")
                .expect("data-zone")
                .parse()
                .expect("number")
        })
        .collect();
    assert_eq!(groups, shown);
    let labels = by_class(doc, "label");
    for &z in shown {
        let zone = &mp.zones[z];
        let group = by_class(doc, "zone")
            .into_iter()
            .find(|g| g.attribute("data-zone") == Some(&z.to_string()))
            .expect("zone group");
        for (t, zt) in zone.trajectories.iter().enumerate() {
            let mine = |n: &Node| {
                n.attribute("data-zone") == Some(&z.to_string())
                    && n.attribute("data-trajectory") == Some(&t.to_string())
            };
            let path: Vec<Node> = paths.iter().copied().filter(|n| mine(n)).collect();
            assert_eq!(path.len(), 1, "zone {z} trajectory {t}");
            let path = path[0];
            assert!(
                path.ancestors().any(|a| a == group),
                "inside its zone's group"
            );
            assert!(path.has_tag_name("path"));
            assert_eq!(path.attribute("data-label"), Some(zone.label(t).as_str()));
            assert_eq!(
                path.attribute("data-level"),
                Some(zt.level.to_string().as_str())
            );
            assert_eq!(path.attribute("data-camp"), Some(zt.camp.sign()));
            let squares: Vec<String> = zt
                .trajectory
                .squares
                .iter()
                .map(|s| s.to_string())
                .collect();
            assert_eq!(
                path.attribute("data-squares"),
                Some(squares.join(" ").as_str())
            );
            let dash = path.attribute("stroke-dasharray");
            match zt.level {
                0 => assert_eq!(dash, None, "root solid"),
                1 => assert_eq!(dash, Some("10 6"), "first negation dashed"),
                _ => {
                    assert_eq!(dash, Some("0.5 7"), "deeper negation dotted");
                    assert_eq!(path.attribute("stroke-linecap"), Some("round"));
                }
            }
            let (r, _, b) = rgb(path.attribute("stroke").expect("stroke"));
            match zt.camp {
                Camp::Plus => assert!(b > r, "(+) is blue"),
                Camp::Minus => assert!(r > b, "(-) is red"),
            }
            assert!(path.attribute("d").is_some_and(|d| d.starts_with('M')));
            let marks = |class: &str| -> Vec<String> {
                by_class(doc, class)
                    .iter()
                    .filter(|n| mine(n))
                    .map(|n| n.attribute("data-square").expect("data-square").to_string())
                    .collect()
            };
            let alpha: Vec<String> = zt
                .trajectory
                .alpha()
                .iter()
                .map(|s| s.to_string())
                .collect();
            assert_eq!(
                marks("alpha"),
                alpha,
                "alpha dots of zone {z} trajectory {t}"
            );
            let beta: Vec<String> = zt
                .trajectory
                .beta_squares()
                .iter()
                .map(|s| s.to_string())
                .collect();
            assert_eq!(
                marks("beta"),
                beta,
                "beta crosses of zone {z} trajectory {t}"
            );
            let named: Vec<&Node> = labels
                .iter()
                .filter(|l| {
                    l.attribute("data-zone") == Some(&z.to_string())
                        && l.attribute("data-trajectories")
                            .is_some_and(|ids| ids.split(' ').any(|id| id == t.to_string()))
                })
                .collect();
            assert_eq!(named.len(), 1, "one label names zone {z} trajectory {t}");
            assert_eq!(text_of(named[0]), zone.label(t));
        }
    }
}

#[test]
fn blockade_zone_arrows_marks_and_labels() {
    let pos = position("zones.t1", "blockade-b");
    let mp = projection(&pos);
    let text = svg::render(&pos, Some(&mp), &zones_opts(false));
    let doc = parse(&text);
    check_zones(&doc, &mp, &[0]);
    // The Prince a1-d4 passes b2 and c3; nothing else passes over a square.
    let beta: BTreeSet<&str> = by_class(&doc, "beta")
        .iter()
        .map(|n| n.attribute("data-square").expect("data-square"))
        .collect();
    assert_eq!(beta, BTreeSet::from(["b2", "c3"]));
    assert!(
        by_class(&doc, "beta")
            .iter()
            .all(|n| n.attribute("data-trajectory") == Some("0"))
    );
    // Crosses are crosses (two strokes), dots are circles.
    assert!(
        by_class(&doc, "alpha")
            .iter()
            .all(|n| n.has_tag_name("circle"))
    );
    let cross = by_class(&doc, "beta")[0];
    let d = cross
        .descendants()
        .find_map(|n| n.attribute("d"))
        .expect("a cross path");
    assert_eq!(d.matches('M').count(), 2);
    // The root is solid and blue, the six first negations dashed and red.
    let paths = by_class(&doc, "trajectory");
    let levels: BTreeMap<&str, usize> = paths.iter().fold(BTreeMap::new(), |mut m, n| {
        *m.entry(n.attribute("data-level").expect("level"))
            .or_default() += 1;
        m
    });
    assert_eq!(levels, BTreeMap::from([("0", 1), ("1", 6)]));
    let roles: BTreeSet<&str> = paths
        .iter()
        .filter_map(|n| n.attribute("data-role"))
        .collect();
    assert_eq!(
        roles,
        BTreeSet::from(["root", "reinforcement", "blockade", "retreat"])
    );
    // Labels: the root's, the Ritter's two and the Knecht's four retreats share theirs.
    let label_texts: BTreeSet<String> = by_class(&doc, "label-text").iter().map(text_of).collect();
    assert_eq!(
        label_texts,
        BTreeSet::from(["(+, 0.0)".to_string(), "(-, 0.1)".to_string()])
    );
    assert_eq!(by_class(&doc, "label").len(), 3);
    // The legend names the zone.
    let legend = by_class(&doc, "legend-zone");
    assert_eq!(legend.len(), 1);
    assert!(text_of(&legend[0]).contains("Prince a1 → Knecht d4"));
}

#[test]
fn second_negation_all_levels_and_filters() {
    let pos = position("zones.t1", "second-negation");
    let mp = projection(&pos);
    let all: Vec<usize> = (0..mp.zones.len()).collect();
    assert!(mp.zones.len() >= 2);
    let text = svg::render(&pos, Some(&mp), &zones_opts(false));
    let doc = parse(&text);
    check_zones(&doc, &mp, &all);
    // Second and third negations are there, dotted.
    let deep = by_class(&doc, "trajectory")
        .iter()
        .filter(|n| {
            n.attribute("data-level")
                .is_some_and(|l| l != "0" && l != "1")
        })
        .count();
    assert!(deep >= 2, "{deep} deeper negations");
    // Different zones get different hues.
    let root_colours: BTreeSet<&str> = by_class(&doc, "trajectory")
        .iter()
        .filter(|n| n.attribute("data-level") == Some("0"))
        .filter_map(|n| n.attribute("stroke"))
        .collect();
    assert_eq!(root_colours.len(), mp.zones.len());

    // One zone.
    let one = SvgOptions {
        zones: Some(ZoneFilter {
            zone: Some(1),
            side: None,
        }),
        ..SvgOptions::default()
    };
    let text = svg::render(&pos, Some(&mp), &one);
    check_zones(&parse(&text), &mp, &[1]);

    // Black's zones only.
    let black = SvgOptions {
        zones: Some(ZoneFilter {
            zone: None,
            side: Some(Color::Black),
        }),
        ..SvgOptions::default()
    };
    let shown: Vec<usize> = mp
        .zones
        .iter()
        .filter(|z| z.side == Color::Black)
        .map(|z| z.index)
        .collect();
    assert!(!shown.is_empty() && shown.len() < mp.zones.len());
    let text = svg::render(&pos, Some(&mp), &black);
    check_zones(&parse(&text), &mp, &shown);
}

#[test]
fn force_sums_in_units() {
    let pos = position("book-examples.t1", "E4");
    let text = svg::render(
        &pos,
        None,
        &SvgOptions {
            force: true,
            ..SvgOptions::default()
        },
    );
    let doc = parse(&text);
    let force: BTreeMap<&str, String> = by_class(&doc, "force")
        .iter()
        .map(|n| (n.attribute("data-square").expect("data-square"), text_of(n)))
        .collect();
    assert_eq!(force.get("d2").map(String::as_str), Some("3½:0"));
    assert_eq!(force.get("e3").map(String::as_str), Some("3:1½"));
    assert_eq!(force.get("f3").map(String::as_str), Some("3:3"));
    // 0:0 squares are left blank.
    assert!(force.values().all(|t| t != "0:0"));
    let board = pos.board();
    let map = chess_t1::force::ForceMap::new(board);
    let nonzero = Square::all()
        .filter(|&s| {
            map.effective(board, Color::White, s) != 0 || map.effective(board, Color::Black, s) != 0
        })
        .count();
    assert_eq!(force.len(), nonzero);
}

#[test]
fn highlighted_move_is_a_green_labelled_arrow() {
    let pos = Position::startpos();
    let opts = SvgOptions {
        highlight: Some(Highlight::new(sq("e2"), sq("e4"))),
        ..SvgOptions::default()
    };
    let text = svg::render(&pos, None, &opts);
    let doc = parse(&text);
    let group = by_class(&doc, "highlight");
    assert_eq!(group.len(), 1);
    assert_eq!(group[0].attribute("data-from"), Some("e2"));
    assert_eq!(group[0].attribute("data-to"), Some("e4"));
    let arrow = by_class(&doc, "highlight-arrow");
    assert_eq!(arrow.len(), 1);
    let (r, g, b) = rgb(arrow[0].attribute("stroke").expect("stroke"));
    assert!(g > r && g > b, "green");
    let width: f64 = arrow[0]
        .attribute("stroke-width")
        .expect("width")
        .parse()
        .expect("number");
    assert!(width >= 6.0, "thick");
    let labels: Vec<String> = by_class(&doc, "label-text").iter().map(text_of).collect();
    assert_eq!(labels, ["e2-e4"]);

    // With a label of one's own, over zones.
    let pos = position("zones.t1", "blockade-b");
    let mp = projection(&pos);
    let opts = SvgOptions {
        highlight: Some(Highlight {
            from: sq("c5"),
            to: sq("c3"),
            label: Some("best: Рт c5-c3 <blockade>".to_string()),
        }),
        ..zones_opts(true)
    };
    let text = svg::render(&pos, Some(&mp), &opts);
    assert!(text.contains("&lt;blockade&gt;"), "escaped");
    let doc = parse(&text);
    check_zones(&doc, &mp, &[0]);
    let labels: Vec<String> = by_class(&doc, "label-text").iter().map(text_of).collect();
    assert!(labels.contains(&"best: Рт c5-c3 <blockade>".to_string()));
}

#[test]
fn cli_writes_the_file() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("render-cli");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("blockade.svg");
    let _ = std::fs::remove_file(&file);
    let path = file.to_str().expect("utf-8 path");
    let out = zonal(&[
        "render",
        "positions/zones.t1",
        "--id",
        "blockade-b",
        "--zones",
        "--force",
        "-o",
        path,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    let text = std::fs::read_to_string(&file).expect("the file was written");
    let doc = parse(&text);
    let pos = position("zones.t1", "blockade-b");
    check_zones(&doc, &projection(&pos), &[0]);
    assert!(!by_class(&doc, "force").is_empty());

    // No -o: stdout. --zone implies --zones; --highlight draws the move.
    let out = zonal(&[
        "render",
        "positions/zones.t1",
        "--id",
        "second-negation",
        "--zone",
        "1",
        "--highlight",
        "f4e4",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let doc = parse(&text);
    let pos = position("zones.t1", "second-negation");
    check_zones(&doc, &projection(&pos), &[1]);
    assert_eq!(by_class(&doc, "highlight-arrow").len(), 1);

    // --side black: Black's zones only; the start position: no zones at all.
    let out = zonal(&[
        "render",
        "positions/zones.t1",
        "--id",
        "second-negation",
        "--side",
        "black",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let doc = parse(&text);
    assert!(
        by_class(&doc, "zone")
            .iter()
            .all(|g| g.attribute("data-side") == Some("black"))
    );
    let out = zonal(&["render", "startpos", "--zones", "--horizon", "2"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(by_class(&parse(&text), "square").len(), 64);
}

#[test]
fn cli_errors_exit_2() {
    for args in [
        // No zone 99.
        &[
            "render",
            "positions/zones.t1",
            "--id",
            "blockade-b",
            "--zone",
            "99",
        ][..],
        // No zones at all in the start position.
        &["render", "startpos", "--zone", "0"],
        // Zone 3 is Black's.
        &[
            "render",
            "positions/zones.t1",
            "--id",
            "second-negation",
            "--zone",
            "3",
            "--side",
            "white",
        ],
        &["render", "positions/zones.t1", "--id", "no-such-id"],
        &["render", "8/8/8 w - 0 1"],
        &["render", "startpos", "--highlight", "e9e4"],
        &["render", "startpos", "--highlight", "e"],
        &["render", "startpos", "--horizon", "0"],
    ] {
        let out = zonal(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.trim().is_empty(), "{args:?}: a message");
        assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
    }
    let out = zonal(&[
        "render",
        "positions/zones.t1",
        "--id",
        "blockade-b",
        "--zone",
        "99",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--zone 99"), "{err}");
}

/// Numbers in an attribute such as `d="M1,2 L3,4"` or `points="1,2 3,4"`, as (x, y) pairs.
fn points(attr: &str) -> Vec<(f64, f64)> {
    let nums: Vec<f64> = attr
        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().expect("a number"))
        .collect();
    nums.chunks(2).map(|c| (c[0], c[1])).collect()
}

/// Issue 17, defect 2: in a busy position every arrow, arrowhead, mark and label stays on the
/// board (72 of ~990 arrows fell outside it before), and an illegal highlight is refused.
#[test]
fn busy_pictures_stay_on_the_board() {
    let pos: Position = "r3k2r/2n2n2/1sp2ps1/8/4N3/1SNP1N2/2P2P2/R2CK2R w Pp 0 1"
        .parse()
        .expect("position");
    let config = ZoneConfig {
        horizon: 4,
        ..ZoneConfig::default()
    };
    let mp = Projection::build(&ChessT1, &pos, &config);
    let text = svg::render(&pos, Some(&mp), &zones_opts(true));
    let doc = parse(&text);
    let squares = by_class(&doc, "square");
    let coord = |n: &Node, a: &str| -> f64 { n.attribute(a).expect(a).parse().expect("number") };
    let (mut left, mut top, mut right, mut bottom) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for s in &squares {
        let (x, y) = (coord(s, "x"), coord(s, "y"));
        left = left.min(x);
        top = top.min(y);
        right = right.max(x + coord(s, "width"));
        bottom = bottom.max(y + coord(s, "height"));
    }
    let inside = |(x, y): (f64, f64)| x >= left && x <= right && y >= top && y <= bottom;
    let arrows = by_class(&doc, "trajectory");
    assert!(
        arrows.len() > 300,
        "a busy picture: {} arrows",
        arrows.len()
    );
    for a in &arrows {
        let d = a.attribute("d").expect("d");
        assert!(points(d).into_iter().all(inside), "arrow {d}");
    }
    for h in by_class(&doc, "arrowhead") {
        let p = h.attribute("points").expect("points");
        assert!(points(p).into_iter().all(inside), "arrowhead {p}");
    }
    for dot in by_class(&doc, "alpha") {
        assert!(inside((coord(&dot, "cx"), coord(&dot, "cy"))));
    }
    for label in by_class(&doc, "label") {
        let r = label
            .children()
            .find(|n| n.has_tag_name("rect"))
            .expect("a box");
        let (x, y) = (coord(&r, "x"), coord(&r, "y"));
        assert!(inside((x, y)) && inside((x + coord(&r, "width"), y + coord(&r, "height"))));
    }

    let out = zonal(&[
        "render",
        "r3k2r/2n2n2/1sp2ps1/8/4N3/1SNP1N2/2P2P2/R2CK2R w Pp 0 1",
        "--highlight",
        "e2e5",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("e2-e5 is not a legal move"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
