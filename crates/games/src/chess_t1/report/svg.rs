//! SVG pictures of a position: the board, its pieces, force sums and zones drawn as arrows.
//!
//! [`render`] writes a standalone SVG 1.1 document (no scripts, no external assets, fonts by
//! family name only) that browsers and `rsvg-convert` draw alike:
//!
//! - 64 squares (`<rect class="square" data-square="e4">`), the castle squares tinted
//!   (`<rect class="castle">`), files a-h and ranks 1-8 around the board;
//! - every piece as a disc with its letter (`<g class="piece" data-piece="R" data-color="white">`):
//!   White light with a dark letter, Black dark with a light letter, royal pieces (King, Konnet,
//!   Prince) with an inner ring;
//! - with [`SvgOptions::force`], the effective sums White:Black in units on each square where
//!   either is non-zero (`<text class="force">3½:1½</text>`);
//! - with [`SvgOptions::zones`], each shown zone in its own `<g class="zone" data-zone="N">`: one
//!   `<path class="trajectory">` per trajectory through its squares' centres with an arrowhead,
//!   solid for the root, dashed for first negations, dotted for deeper ones, blue for (+) and red
//!   for (-) (a slightly different hue per zone), bolder where a first negation holds; its
//!   alpha-squares as dots (`class="alpha"`), its beta-squares as crosses (`class="beta"`) and its
//!   Botvinnik label (`(-, 0.1)`) in a box near its start. Trajectories that share a stretch of
//!   the board are drawn side by side;
//! - with [`SvgOptions::highlight`], a thick green arrow for a move (e.g. a recommended one);
//! - a `<title>`, a caption and a legend (with one line per shown zone).
//!
//! Arrows are drawn under the pieces and end at their rims, so letters stay readable; dots,
//! crosses and labels are drawn on top.
//!
//! ```
//! use chess_t1::Position;
//! use zonal_games::chess_t1::report::svg::{self, SvgOptions, ZoneFilter};
//! use chess_t1::rules::ChessT1;
//! use chess_t1::zone::{Projection, ZoneConfig};
//! let pos: Position = "8/8/8/4n3/8/4R3/8/8 w - 0 1".parse().unwrap();
//! let mp = Projection::build(&ChessT1, &pos, &ZoneConfig::default());
//! let opts = SvgOptions { zones: Some(ZoneFilter::default()), ..SvgOptions::default() };
//! let picture = svg::render(&pos, Some(&mp), &opts);
//! assert!(picture.starts_with("<?xml"));
//! assert_eq!(picture.matches("class=\"square\"").count(), 64);
//! assert!(picture.contains("data-label=\"(+, 0.0)\""));
//! ```

use crate::chess_t1::report::units;
use ::chess_t1::force::ForceMap;
use ::chess_t1::position::Position;
use ::chess_t1::rules::Aim;
use ::chess_t1::square::{Color, Square};
use ::chess_t1::zone::{Camp, ForceZone, Projection, Role, ZoneKind, ZoneTrajectory};
use std::collections::HashMap;
use std::fmt::Write as _;

mod labels;
use labels::*;

mod geometry;
use geometry::*;

/// Which zones of a projection to draw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ZoneFilter {
    /// Only the zone with this index (as `zonal zones` numbers them).
    pub zone: Option<usize>,
    /// Only zones whose (+) side (the side of the root piece) is this one.
    pub side: Option<Color>,
}

impl ZoneFilter {
    /// Whether `zone` is drawn.
    pub fn shows(&self, zone: &ForceZone) -> bool {
        self.zone.is_none_or(|n| n == zone.index) && self.side.is_none_or(|s| s == zone.side)
    }
}

/// An extra arrow for one move (e.g. a recommended move): green, thick, labelled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Highlight {
    /// Where the move starts.
    pub from: Square,
    /// Where it ends.
    pub to: Square,
    /// The label next to the arrow (`None`: the move as `e2-e4`).
    pub label: Option<String>,
}

impl Highlight {
    /// A highlight of the move `from`-`to`, labelled with the move.
    pub fn new(from: Square, to: Square) -> Highlight {
        Highlight {
            from,
            to,
            label: None,
        }
    }

    /// The label drawn next to the arrow.
    pub fn text(&self) -> String {
        self.label
            .clone()
            .unwrap_or_else(|| format!("{}-{}", self.from, self.to))
    }
}

/// What to draw besides the board and the pieces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SvgOptions {
    /// Write the effective force sums White:Black (units) on every square where one is non-zero.
    pub force: bool,
    /// Draw the zones of the projection that pass this filter (`None`: no zones).
    pub zones: Option<ZoneFilter>,
    /// Draw this move as a thick green arrow.
    pub highlight: Option<Highlight>,
    /// A heading above the board (`None`: a default one).
    pub title: Option<String>,
    /// Of the zones that pass [`SvgOptions::zones`], only these indices (`None`: all).
    pub only_zones: Option<Vec<usize>>,
}

/// Side of a square, in px.
const S: f64 = 80.0;
/// Left edge of the board.
const BX: f64 = 36.0;
/// Top edge of the board.
const BY: f64 = 64.0;
/// Radius of a piece's disc.
const R: f64 = 24.0;
/// Distance between arrows drawn side by side.
const LANE_GAP: f64 = 8.0;
/// Left edge of the legend.
const LX: f64 = BX + 8.0 * S + 28.0;
/// Width of the whole picture.
const WIDTH: f64 = LX + 350.0;
/// Font-size of the trajectory labels.
const LABEL_FONT: f64 = 11.0;
/// Height of a label's box.
const LABEL_H: f64 = 16.0;
/// Lines of one label along which its places are sought.
const LABEL_LINES_TRIED: usize = 3;
/// Font-size of the force sums.
const FORCE_FONT: f64 = 11.0;

const FONT: &str = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif";
const LIGHT: &str = "#f0ebe0";
const DARK: &str = "#cbbd9e";
const CASTLE: &str = "#e0a526";
const INK: &str = "#27272a";
const HIGHLIGHT: &str = "#15963c";
/// Stroke colours of (+), one per shown zone in turn (all blues).
pub const PLUS_COLOURS: [&str; 8] = [
    "#1d4ed8", "#0e7490", "#7c3aed", "#0284c7", "#1e3a8a", "#4f46e5", "#0f766e", "#6d28d9",
];
/// Stroke colours of (-), one per shown zone in turn (all reds).
pub const MINUS_COLOURS: [&str; 8] = [
    "#d42020", "#c2410c", "#be123c", "#b45309", "#9f1239", "#ea580c", "#dc2650", "#a11b1b",
];

fn kind_name(kind: ZoneKind) -> &'static str {
    match kind {
        ZoneKind::Attack => "attack",
        ZoneKind::Control => "control",
        ZoneKind::Deblockade => "deblockade",
        ZoneKind::Retreat => "retreat",
    }
}

fn side_title(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// `Ritter e3 -> Knecht e5`, in words.
fn zone_summary(zone: &ForceZone) -> String {
    let root = zone.root();
    let target = match zone.target.piece {
        Some(p) => format!("{} {}", p.kind.name(), zone.target.square),
        None if zone.target.aim == Aim::Castle => format!("castle {}", zone.target.square),
        None => zone.target.square.to_string(),
    };
    let status = if zone.is_open() {
        "open"
    } else if zone.target_defended {
        "defended"
    } else {
        "stopped"
    };
    format!(
        "{} {} → {target}, {status}",
        root.trajectory.piece.kind.name(),
        zone.root_square()
    )
}

/// What a trajectory does, for its tooltip.
fn describe(zone: &ForceZone, t: usize, zt: &ZoneTrajectory) -> String {
    let squares: Vec<String> = zt
        .trajectory
        .squares
        .iter()
        .map(|s| s.to_string())
        .collect();
    let at = zt
        .attached
        .map_or(String::new(), |a| format!(" at {}", a.square));
    format!(
        "{} {} {} {}{at}: {}",
        zone.label(t),
        side_title(zt.trajectory.piece.color),
        zt.trajectory.piece.kind.name(),
        Role::name(zt.role).replace('_', " "),
        squares.join("-")
    )
}

/// Draws `pos` as an SVG picture; zones come from `mp` (drawn only if `opts.zones` is set).
pub fn render(pos: &Position, mp: Option<&Projection>, opts: &SvgOptions) -> String {
    let board = pos.board();
    let mut body = String::new();
    let side = side_title(pos.side_to_move());

    // Heading.
    let heading = opts
        .title
        .clone()
        .unwrap_or_else(|| match (mp, opts.zones) {
            (Some(mp), Some(_)) => format!("{side} to move · zones, horizon {}", mp.horizon),
            _ => format!("{side} to move"),
        });
    let _ = writeln!(
        body,
        "<text class=\"heading\" x=\"{}\" y=\"26\" font-size=\"17\" font-weight=\"bold\" fill=\"{INK}\">{}</text>",
        num(BX),
        esc(&heading)
    );
    let _ = writeln!(
        body,
        "<text class=\"position\" x=\"{}\" y=\"48\" font-size=\"12\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" fill=\"#52525b\">{}</text>",
        num(BX),
        esc(&pos.to_string())
    );

    // Squares, castles, coordinates.
    let _ = writeln!(body, "<g class=\"board\">");
    let _ = writeln!(
        body,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#57534e\" stroke-width=\"2\"/>",
        num(BX - 1.0),
        num(BY - 1.0),
        num(8.0 * S + 2.0),
        num(8.0 * S + 2.0)
    );
    for sq in Square::all() {
        let (cx, cy) = centre(sq);
        let light = (sq.file() + sq.rank()) % 2 == 1;
        let _ = writeln!(
            body,
            "<rect class=\"square\" data-square=\"{sq}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
            num(cx - S / 2.0),
            num(cy - S / 2.0),
            num(S),
            num(S),
            if light { LIGHT } else { DARK }
        );
    }
    for sq in Square::all().filter(|s| s.is_castle()) {
        let (cx, cy) = centre(sq);
        let _ = writeln!(
            body,
            "<rect class=\"castle\" data-square=\"{sq}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{CASTLE}\" fill-opacity=\"0.38\" stroke=\"#a66f00\" stroke-opacity=\"0.7\" stroke-width=\"2\"/>",
            num(cx - S / 2.0 + 1.5),
            num(cy - S / 2.0 + 1.5),
            num(S - 3.0),
            num(S - 3.0)
        );
    }
    for i in 0..8i8 {
        let file = char::from(b'a' + i as u8);
        let _ = writeln!(
            body,
            "<text class=\"coord\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"14\" fill=\"#44403c\">{file}</text>",
            num(BX + (f64::from(i) + 0.5) * S),
            num(BY + 8.0 * S + 20.0)
        );
        let _ = writeln!(
            body,
            "<text class=\"coord\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"14\" fill=\"#44403c\">{}</text>",
            num(BX - 15.0),
            num(BY + (f64::from(7 - i) + 0.5) * S + 5.0),
            i + 1
        );
    }
    let _ = writeln!(body, "</g>");

    // Zones.
    let shown: Vec<&ForceZone> = match (mp, opts.zones) {
        (Some(mp), Some(filter)) => mp
            .zones
            .iter()
            .filter(|z| filter.shows(z))
            .filter(|z| {
                opts.only_zones
                    .as_ref()
                    .is_none_or(|o| o.contains(&z.index))
            })
            .collect(),
        _ => Vec::new(),
    };
    let mut lanes = Lanes::default();
    let mut labels: Vec<Label> = Vec::new();
    // Arrows of one zone that leave the same piece with the same label share one label.
    let mut label_of: HashMap<(usize, String, Square), usize> = HashMap::new();
    let mut obstacles = Obstacles::default();
    let mut marks = String::new();
    let highlight_geometry = opts.highlight.as_ref().map(|h| {
        let style = Style {
            colour: HIGHLIGHT,
            width: 7.0,
            dash: None,
            round: false,
        };
        let squares = [h.from, h.to];
        let lane = lanes.assign(&squares);
        (style, geometry(pos, &squares, &[], lane, &style))
    });
    for (ordinal, zone) in shown.iter().enumerate() {
        let plus = PLUS_COLOURS[ordinal % PLUS_COLOURS.len()];
        let minus = MINUS_COLOURS[ordinal % MINUS_COLOURS.len()];
        let _ = writeln!(
            body,
            "<g class=\"zone\" data-zone=\"{}\" data-side=\"{}\" data-kind=\"{}\" data-open=\"{}\">",
            zone.index,
            zone.side.name(),
            kind_name(zone.kind),
            zone.is_open()
        );
        let _ = writeln!(
            marks,
            "<g class=\"zone-marks\" data-zone=\"{}\">",
            zone.index
        );
        // Roots first, then level by level, so the root keeps the middle lane.
        let mut order: Vec<usize> = (0..zone.trajectories.len()).collect();
        order.sort_by_key(|&t| (zone.trajectories[t].level, t));
        for t in order {
            let zt = &zone.trajectories[t];
            let colour = match zt.camp {
                Camp::Plus => plus,
                Camp::Minus => minus,
            };
            let holds = zt.level == 1 && zone.holding.contains(&t);
            let style = level_style(zt.level, colour, holds);
            let path = &zt.trajectory;
            let passed: Vec<Vec<Square>> = path.passed.iter().map(|b| b.collect()).collect();
            let lane = lanes.assign(&path.squares);
            let g = geometry(pos, &path.squares, &passed, lane, &style);
            obstacles.add_arrow(&g);
            let label = zone.label(t);
            let squares: Vec<String> = path.squares.iter().map(|s| s.to_string()).collect();
            let attrs = format!(
                "data-zone=\"{}\" data-trajectory=\"{t}\" data-label=\"{}\"",
                zone.index,
                esc(&label)
            );
            let _ = writeln!(
                body,
                "<path class=\"trajectory\" {attrs} data-role=\"{}\" data-level=\"{}\" data-camp=\"{}\" data-color=\"{}\" data-squares=\"{}\" data-holds=\"{holds}\" d=\"{}\" {}><title>{}</title></path>",
                Role::name(zt.role),
                zt.level,
                zt.camp.sign(),
                path.piece.color.name(),
                squares.join(" "),
                polyline_d(&g.line),
                style.attrs(),
                esc(&describe(zone, t, zt))
            );
            write_head(&mut body, g.head, colour);
            for (sq, p) in &g.alpha {
                let _ = writeln!(
                    marks,
                    "<circle class=\"alpha\" {attrs} data-square=\"{sq}\" cx=\"{}\" cy=\"{}\" r=\"4.5\" fill=\"{colour}\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>",
                    num(p.0),
                    num(p.1)
                );
            }
            for (sq, p) in &g.beta {
                let (x, y) = *p;
                let d = format!(
                    "M{} L{} M{} L{}",
                    pt((x - 5.0, y - 5.0)),
                    pt((x + 5.0, y + 5.0)),
                    pt((x - 5.0, y + 5.0)),
                    pt((x + 5.0, y - 5.0))
                );
                let _ = writeln!(
                    marks,
                    "<g class=\"beta\" {attrs} data-square=\"{sq}\"><path d=\"{d}\" stroke=\"#ffffff\" stroke-width=\"5\" stroke-linecap=\"round\"/><path d=\"{d}\" stroke=\"{colour}\" stroke-width=\"2.6\" stroke-linecap=\"round\"/></g>"
                );
            }
            let key = (zone.index, label.clone(), path.start());
            match label_of.get(&key) {
                Some(&i) => {
                    labels[i].lines.push(g.line);
                    labels[i].trajectories.push(t);
                }
                None => {
                    label_of.insert(key, labels.len());
                    labels.push(Label {
                        text: label,
                        colour,
                        lines: vec![g.line],
                        anchor: centre(path.start()),
                        zone: Some(zone.index),
                        trajectories: vec![t],
                        level: zt.level,
                    });
                }
            }
        }
        let _ = writeln!(body, "</g>");
        let _ = writeln!(marks, "</g>");
    }

    // The highlighted move, over the zones and under the pieces.
    if let (Some(h), Some((style, g))) = (&opts.highlight, highlight_geometry) {
        let _ = writeln!(
            body,
            "<g class=\"highlight\" data-from=\"{}\" data-to=\"{}\" opacity=\"0.9\">",
            h.from, h.to
        );
        let _ = writeln!(
            body,
            "<path class=\"highlight-arrow\" data-label=\"{}\" d=\"{}\" {}/>",
            esc(&h.text()),
            polyline_d(&g.line),
            style.attrs()
        );
        write_head(&mut body, g.head, HIGHLIGHT);
        let _ = writeln!(body, "</g>");
        obstacles.add_arrow(&g);
        labels.insert(
            0,
            Label {
                text: h.text(),
                colour: HIGHLIGHT,
                lines: vec![g.line],
                anchor: centre(h.from),
                zone: None,
                trajectories: Vec::new(),
                level: 0,
            },
        );
    }

    // Force sums, over the arrows (with a light halo) and under the pieces.
    if opts.force {
        let map = ForceMap::new(board);
        let _ = writeln!(
            body,
            "<g class=\"force-sums\" font-size=\"{}\">",
            num(FORCE_FONT)
        );
        for sq in Square::all() {
            let w = map.effective(board, Color::White, sq);
            let b = map.effective(board, Color::Black, sq);
            if w == 0 && b == 0 {
                continue;
            }
            let (cx, cy) = centre(sq);
            let text = format!("{}:{}", units(w), units(b));
            let baseline = cy + S / 2.0 - 4.0;
            obstacles.add_text(Rect::around(
                (cx, baseline - 4.0),
                text_width(&text, FORCE_FONT),
                FORCE_FONT,
            ));
            let (x, y) = (num(cx), num(baseline));
            let _ = writeln!(
                body,
                "<text class=\"force-halo\" x=\"{x}\" y=\"{y}\" text-anchor=\"middle\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-opacity=\"0.8\" stroke-linejoin=\"round\">{text}</text>"
            );
            let _ = writeln!(
                body,
                "<text class=\"force\" data-square=\"{sq}\" data-white=\"{w}\" data-black=\"{b}\" x=\"{x}\" y=\"{y}\" text-anchor=\"middle\" fill=\"#292524\">{text}</text>"
            );
        }
        let _ = writeln!(body, "</g>");
    }

    // Pieces.
    let _ = writeln!(body, "<g class=\"pieces\">");
    for sq in Square::all() {
        let Some(p) = pos.piece_at(sq) else { continue };
        let c = centre(sq);
        obstacles.add_piece(c);
        let (fill, stroke, ink) = match p.color {
            Color::White => ("#fcfbf7", "#27272a", "#1c1917"),
            Color::Black => ("#292524", "#0c0a09", "#fafaf9"),
        };
        let _ = write!(
            body,
            "<g class=\"piece\" data-square=\"{sq}\" data-piece=\"{}\" data-color=\"{}\" data-royal=\"{}\"><title>{} {} on {sq}</title><circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"2\"/>",
            p.kind.letter(),
            p.color.name(),
            p.kind.is_royal(),
            side_title(p.color),
            p.kind.name(),
            num(c.0),
            num(c.1),
            num(R)
        );
        if p.kind.is_royal() {
            let _ = write!(
                body,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.3\"/>",
                num(c.0),
                num(c.1),
                num(R - 4.5),
                if p.color == Color::White {
                    "#78716c"
                } else {
                    "#d6d3d1"
                }
            );
        }
        let _ = writeln!(
            body,
            "<text class=\"piece-letter\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"26\" font-weight=\"bold\" fill=\"{ink}\">{}</text></g>",
            num(c.0),
            num(c.1 + 9.5),
            p.kind.letter()
        );
    }
    let _ = writeln!(body, "</g>");

    // Alpha- and beta-square marks, then labels, over everything on the board.
    if !marks.is_empty() {
        let _ = writeln!(body, "<g class=\"marks\">");
        body.push_str(&marks);
        let _ = writeln!(body, "</g>");
    }
    if !labels.is_empty() {
        // Roots' and the highlight's labels get their places first (the sort is stable).
        labels.sort_by_key(|l| l.zone.is_some() && l.level > 0);
        let rects = place_labels(&labels, &mut obstacles);
        let _ = writeln!(body, "<g class=\"labels\">");
        for (label, r) in labels.iter().zip(&rects) {
            write_label(&mut body, label, r);
        }
        let _ = writeln!(body, "</g>");
    }

    // Legend.
    let legend_bottom = legend(&mut body, mp, opts, &shown);
    let height = (BY + 8.0 * S + 40.0).max(legend_bottom + 20.0);

    let title = match (mp, opts.zones) {
        (Some(mp), Some(_)) => format!(
            "zonal: {} ({side} to move), zones at horizon {}",
            pos, mp.horizon
        ),
        _ => format!("zonal: {} ({side} to move)", pos),
    };
    let mut out = String::with_capacity(body.len() + 512);
    let _ = writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"{FONT}\">",
        w = num(WIDTH),
        h = num(height)
    );
    let _ = writeln!(out, "<title>{}</title>", esc(&title));
    let _ = writeln!(
        out,
        "<rect class=\"background\" x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
        num(WIDTH),
        num(height)
    );
    out.push_str(&body);
    let _ = writeln!(out, "</svg>");
    out
}

/// Writes the legend to the right of the board; returns its bottom edge.
fn legend(
    out: &mut String,
    mp: Option<&Projection>,
    opts: &SvgOptions,
    shown: &[&ForceZone],
) -> f64 {
    let x = LX;
    let mut y = BY + 4.0;
    let text_x = x + 52.0;
    let _ = writeln!(out, "<g class=\"legend\" font-size=\"12\" fill=\"{INK}\">");
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\">Legend</text>",
        num(x),
        num(y)
    );
    y += 24.0;
    let line = |out: &mut String, y: f64, text: &str| {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\">{}</text>",
            num(text_x),
            num(y + 4.0),
            esc(text)
        );
    };
    // Pieces.
    for (i, (fill, ink)) in [("#fcfbf7", "#1c1917"), ("#292524", "#fafaf9")]
        .iter()
        .enumerate()
    {
        let cx = x + 12.0 + 22.0 * i as f64;
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"10\" fill=\"{fill}\" stroke=\"#27272a\" stroke-width=\"1.5\"/><text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"11\" font-weight=\"bold\" fill=\"{ink}\">R</text>",
            num(cx),
            num(y),
            num(cx),
            num(y + 4.0)
        );
    }
    line(out, y, "White, Black pieces");
    y += 18.0;
    line(out, y, "K King, C Konnet, P Prince,");
    y += 16.0;
    line(out, y, "R Ritter, S Scout, N Knecht,");
    y += 16.0;
    line(out, y, "V Ver Knecht; inner ring: royal");
    y += 24.0;
    let _ = writeln!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"40\" height=\"18\" fill=\"{CASTLE}\" fill-opacity=\"0.38\" stroke=\"#a66f00\" stroke-opacity=\"0.7\" stroke-width=\"2\"/>",
        num(x),
        num(y - 9.0)
    );
    line(out, y, "castle square");
    y += 24.0;
    if opts.force {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-weight=\"bold\">3½:1</text>",
            num(x + 20.0),
            num(y + 4.0)
        );
        line(out, y, "effective force White:Black");
        y += 16.0;
        line(out, y, "(units; ½ = half a unit)");
        y += 24.0;
    }
    if let Some(h) = &opts.highlight {
        sample_arrow(out, x, y, HIGHLIGHT, 6.0, None, false);
        line(out, y, &format!("move {}", h.text()));
        y += 24.0;
    }
    if opts.zones.is_some() {
        let grey = "#52525b";
        for (level, text) in [
            (0u8, "root trajectory (level 0)"),
            (1, "first negation (level 1)"),
            (2, "second and deeper negations"),
        ] {
            let st = level_style(level, grey, false);
            sample_arrow(out, x, y, grey, st.width, st.dash, st.round);
            line(out, y, text);
            y += 22.0;
        }
        sample_arrow(out, x, y, grey, 4.5, Some("10 6"), false);
        line(out, y, "thicker: a first negation that holds");
        y += 22.0;
        sample_arrow(out, x, y, PLUS_COLOURS[0], 4.0, None, false);
        line(out, y, "camp (+): the side of the root");
        y += 22.0;
        sample_arrow(out, x, y, MINUS_COLOURS[0], 4.0, None, false);
        line(out, y, "camp (-): the other side");
        y += 22.0;
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"4.5\" fill=\"{grey}\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>",
            num(x + 20.0),
            num(y)
        );
        line(out, y, "alpha-square (a stop)");
        y += 22.0;
        let _ = writeln!(
            out,
            "<path d=\"M{} L{} M{} L{}\" stroke=\"{grey}\" stroke-width=\"2.6\" stroke-linecap=\"round\"/>",
            pt((x + 15.0, y - 5.0)),
            pt((x + 25.0, y + 5.0)),
            pt((x + 15.0, y + 5.0)),
            pt((x + 25.0, y - 5.0))
        );
        line(out, y, "beta-square (passed over)");
        y += 22.0;
        line(out, y, "(camp, zone.level): Botvinnik's label");
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"44\" height=\"16\" rx=\"4\" fill=\"#ffffff\" stroke=\"{grey}\" stroke-width=\"1.2\"/><text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\" fill=\"{grey}\">(-, 0.1)</text>",
            num(x - 1.0),
            num(y - 8.0),
            num(x + 21.0),
            num(y + 3.6)
        );
        y += 30.0;
        let heading = match mp {
            None => "Zones: no projection given".to_string(),
            Some(_) if shown.is_empty() => "Zones: none shown".to_string(),
            Some(mp) => format!(
                "Zones ({} of {}, horizon {})",
                shown.len(),
                mp.zones.len(),
                mp.horizon
            ),
        };
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\">{}</text>",
            num(x),
            num(y),
            esc(&heading)
        );
        y += 22.0;
        for (ordinal, zone) in shown.iter().enumerate() {
            let plus = PLUS_COLOURS[ordinal % PLUS_COLOURS.len()];
            let minus = MINUS_COLOURS[ordinal % MINUS_COLOURS.len()];
            let _ = writeln!(
                out,
                "<g class=\"legend-zone\" data-zone=\"{}\"><rect x=\"{}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{plus}\"/><rect x=\"{}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{minus}\"/><text x=\"{}\" y=\"{}\" font-weight=\"bold\">{}</text><text x=\"{}\" y=\"{}\">{}</text></g>",
                zone.index,
                num(x),
                num(y - 10.0),
                num(x + 14.0),
                num(y - 10.0),
                num(x + 32.0),
                num(y),
                esc(&format!(
                    "zone {}: {} {}",
                    zone.index,
                    side_title(zone.side),
                    kind_name(zone.kind)
                )),
                num(x + 32.0),
                num(y + 15.0),
                esc(&zone_summary(zone))
            );
            y += 36.0;
        }
    }
    let _ = writeln!(out, "</g>");
    y
}

/// A short sample arrow for the legend, its middle at height `y`.
fn sample_arrow(
    out: &mut String,
    x: f64,
    y: f64,
    colour: &str,
    width: f64,
    dash: Option<&str>,
    round: bool,
) {
    let head = 8.0 + 1.2 * width;
    let half = 3.0 + 1.1 * width;
    let _ = writeln!(
        out,
        "<path d=\"M{} L{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\" stroke-linecap=\"{}\"{}/><polygon points=\"{},{} {},{} {},{}\" fill=\"{colour}\"/>",
        pt((x, y)),
        pt((x + 44.0 - head, y)),
        num(width),
        if round { "round" } else { "butt" },
        dash.map_or(String::new(), |d| format!(" stroke-dasharray=\"{d}\"")),
        num(x + 44.0),
        num(y),
        num(x + 44.0 - head),
        num(y - half),
        num(x + 44.0 - head),
        num(y + half)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_escapes() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(-0.01), "0");
        assert_eq!(num(2.25), "2.3");
        assert_eq!(esc("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }

    #[test]
    fn lanes_separate_shared_stretches() {
        let sq = |s: &str| s.parse::<Square>().expect("square");
        let mut lanes = Lanes::default();
        assert_eq!(lanes.assign(&[sq("e3"), sq("e5")]), 0);
        // e4-e5 is part of e3-e5: next lane.
        assert_eq!(lanes.assign(&[sq("e5"), sq("e4")]), 1);
        assert_eq!(lanes.assign(&[sq("e4"), sq("e5"), sq("d5")]), -1);
        // Nothing shared.
        assert_eq!(lanes.assign(&[sq("a1"), sq("b3")]), 0);
        // Lanes are bounded: the tenth arrow on a1-a2 shares the least crowded, the first.
        let taken: Vec<i32> = (0..10)
            .map(|_| lanes.assign(&[sq("a1"), sq("a2")]))
            .collect();
        assert_eq!(taken, [0, 1, -1, 2, -2, 3, -3, 4, -4, 0]);
    }
}
