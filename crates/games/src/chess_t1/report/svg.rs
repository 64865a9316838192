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
use ::chess_t1::zone::{Camp, Projection, Role, Zone, ZoneKind, ZoneTrajectory};
use std::collections::HashMap;
use std::fmt::Write as _;

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
    pub fn shows(&self, zone: &Zone) -> bool {
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

type Pt = (f64, f64);

fn add(a: Pt, b: Pt) -> Pt {
    (a.0 + b.0, a.1 + b.1)
}

fn sub(a: Pt, b: Pt) -> Pt {
    (a.0 - b.0, a.1 - b.1)
}

fn mul(a: Pt, k: f64) -> Pt {
    (a.0 * k, a.1 * k)
}

fn norm(a: Pt) -> f64 {
    a.0.hypot(a.1)
}

fn unit(a: Pt) -> Pt {
    let n = norm(a);
    if n < 1e-9 {
        (0.0, 0.0)
    } else {
        mul(a, 1.0 / n)
    }
}

fn cross(a: Pt, b: Pt) -> f64 {
    a.0 * b.1 - a.1 * b.0
}

/// A coordinate with at most one decimal.
fn num(x: f64) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

fn pt(p: Pt) -> String {
    format!("{} {}", num(p.0), num(p.1))
}

/// Text escaped for XML content and attribute values.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// A rough width of `text` in a sans-serif font of `size` px (for boxes and layout).
fn text_width(text: &str, size: f64) -> f64 {
    text.chars()
        .map(|c| match c {
            'i' | 'l' | 'j' | '.' | ',' | ':' | ';' | '|' | '\'' | '!' => 0.32,
            '(' | ')' | ' ' | 'f' | 't' | 'r' | '-' => 0.42,
            'm' | 'w' | 'M' | 'W' | '½' | '→' => 0.92,
            c if c.is_ascii_uppercase() || c == '+' => 0.72,
            _ => 0.62,
        })
        .sum::<f64>()
        * size
}

/// Centre of a square on the picture (rank 8 on top).
fn centre(sq: Square) -> Pt {
    (
        BX + (f64::from(sq.file()) + 0.5) * S,
        BY + (f64::from(7 - sq.rank()) + 0.5) * S,
    )
}

/// A box: left, top, width, height.
#[derive(Clone, Copy, Debug)]
struct Rect {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

impl Rect {
    fn around(c: Pt, w: f64, h: f64) -> Rect {
        Rect {
            x: c.0 - w / 2.0,
            y: c.1 - h / 2.0,
            w,
            h,
        }
    }

    fn overlaps(&self, o: &Rect, margin: f64) -> bool {
        self.x < o.x + o.w + margin
            && o.x < self.x + self.w + margin
            && self.y < o.y + o.h + margin
            && o.y < self.y + self.h + margin
    }

    fn hits_circle(&self, c: Pt, r: f64) -> bool {
        let d = sub(
            c,
            (
                c.0.clamp(self.x, self.x + self.w),
                c.1.clamp(self.y, self.y + self.h),
            ),
        );
        d.0 * d.0 + d.1 * d.1 < r * r
    }

    fn inside_board(&self) -> bool {
        self.x >= BX + 1.0
            && self.y >= BY + 1.0
            && self.x + self.w <= BX + 8.0 * S - 1.0
            && self.y + self.h <= BY + 8.0 * S - 1.0
    }
}

/// Lanes on each side of a square's middle: the widest offset, `MAX_LANE · LANE_GAP`, keeps an
/// arrow inside its squares.
const MAX_LANE: i32 = 4;
/// Lanes in the order they are taken: 0, 1, -1, 2, -2, ...
const LANE_ORDER: [i32; 2 * MAX_LANE as usize + 1] = [0, 1, -1, 2, -2, 3, -3, 4, -4];

/// The stretches of the board each arrow uses, so that arrows sharing one are drawn side by side.
#[derive(Default)]
struct Lanes(HashMap<(usize, usize), [u32; LANE_ORDER.len()]>);

impl Lanes {
    /// Unit stretches of a step: a straight step is split into one-square stretches; a leap is one.
    fn stretches(a: Square, b: Square) -> Vec<(usize, usize)> {
        let (df, dr) = (b.file() - a.file(), b.rank() - a.rank());
        let straight = df == 0 || dr == 0 || df.abs() == dr.abs();
        let key = |x: Square, y: Square| (x.index().min(y.index()), x.index().max(y.index()));
        if !straight {
            return vec![key(a, b)];
        }
        let n = df.abs().max(dr.abs());
        let (sf, sr) = (df.signum(), dr.signum());
        (0..n)
            .filter_map(|k| {
                let x = a.offset(sf * k, sr * k)?;
                let y = a.offset(sf * (k + 1), sr * (k + 1))?;
                Some(key(x, y))
            })
            .collect()
    }

    /// Picks the first lane (0, 1, -1, 2, -2, ...) that no earlier arrow on any of these squares'
    /// stretches uses; when all are taken, the least crowded one. Records it.
    fn assign(&mut self, squares: &[Square]) -> i32 {
        let stretches: Vec<(usize, usize)> = squares
            .windows(2)
            .flat_map(|w| Lanes::stretches(w[0], w[1]))
            .collect();
        let crowd = |k: usize| {
            stretches
                .iter()
                .map(|s| self.0.get(s).map_or(0, |used| used[k]))
                .max()
                .unwrap_or(0)
        };
        let k = (0..LANE_ORDER.len()).min_by_key(|&k| crowd(k)).unwrap_or(0);
        for s in stretches {
            self.0.entry(s).or_default()[k] += 1;
        }
        LANE_ORDER[k]
    }
}

/// How an arrow is stroked.
#[derive(Clone, Copy, Debug)]
struct Style {
    colour: &'static str,
    width: f64,
    /// `stroke-dasharray`, if not solid.
    dash: Option<&'static str>,
    /// Round caps (needed for dotted lines).
    round: bool,
}

impl Style {
    fn attrs(&self) -> String {
        let mut s = format!(
            "fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linejoin=\"round\" stroke-linecap=\"{}\"",
            self.colour,
            num(self.width),
            if self.round { "round" } else { "butt" }
        );
        if let Some(d) = self.dash {
            let _ = write!(s, " stroke-dasharray=\"{d}\"");
        }
        s
    }

    fn head(&self) -> (f64, f64) {
        (9.0 + 1.6 * self.width, 3.5 + 1.3 * self.width)
    }
}

/// Dash pattern of a negation level: root solid, first negations dashed, deeper ones dotted.
fn level_style(level: u8, colour: &'static str, holds: bool) -> Style {
    let extra = if holds { 1.5 } else { 0.0 };
    match level {
        0 => Style {
            colour,
            width: 4.5,
            dash: None,
            round: false,
        },
        1 => Style {
            colour,
            width: 3.0 + extra,
            dash: Some("10 6"),
            round: false,
        },
        _ => Style {
            colour,
            width: 3.0 + extra,
            dash: Some("0.5 7"),
            round: true,
        },
    }
}

/// Where an arrow runs, once offset to its lane and trimmed at the pieces.
struct Geometry {
    /// The drawn polyline, from the rim of the start piece to the base of the arrowhead.
    line: Vec<Pt>,
    /// Tip and the two back corners of the arrowhead.
    head: Option<[Pt; 3]>,
    /// Alpha-squares' marks a1..ak.
    alpha: Vec<(Square, Pt)>,
    /// Beta-squares' marks.
    beta: Vec<(Square, Pt)>,
}

/// Lays out an arrow through `squares`, in lane `lane`; `passed[j]` are the squares step j passes
/// over.
fn geometry(
    pos: &Position,
    squares: &[Square],
    passed: &[Vec<Square>],
    lane: i32,
    style: &Style,
) -> Geometry {
    let occupied = |sq: Square| pos.piece_at(sq).is_some();
    let centres: Vec<Pt> = squares.iter().map(|&s| centre(s)).collect();
    if squares.len() < 2 {
        // No move: a ring around the piece.
        let c = centres.first().copied().unwrap_or((BX, BY));
        let ring: Vec<Pt> = (0..=24)
            .map(|k| {
                let a = f64::from(k) * std::f64::consts::TAU / 24.0;
                (c.0 + (R + 5.0) * a.cos(), c.1 + (R + 5.0) * a.sin())
            })
            .collect();
        return Geometry {
            line: ring,
            head: None,
            alpha: Vec::new(),
            beta: Vec::new(),
        };
    }
    // Offset of each step: the lane times the normal of the step taken from its lower-numbered
    // square, so that arrows in opposite directions still keep to different sides.
    let offsets: Vec<Pt> = squares
        .windows(2)
        .map(|w| {
            let (lo, hi) = if w[0].index() < w[1].index() {
                (w[0], w[1])
            } else {
                (w[1], w[0])
            };
            let d = unit(sub(centre(hi), centre(lo)));
            mul((-d.1, d.0), f64::from(lane) * LANE_GAP)
        })
        .collect();
    let n = centres.len();
    let vertices: Vec<Pt> = (0..n)
        .map(|i| {
            if i == 0 {
                return add(centres[0], offsets[0]);
            }
            if i == n - 1 {
                return add(centres[i], offsets[i - 1]);
            }
            let (o1, o2) = (offsets[i - 1], offsets[i]);
            let d1 = sub(centres[i], centres[i - 1]);
            let d2 = sub(centres[i + 1], centres[i]);
            let mean = add(centres[i], mul(add(o1, o2), 0.5));
            let det = cross(d1, d2);
            if det.abs() < 1e-6 * norm(d1) * norm(d2) {
                return mean;
            }
            // Where the two offset lines meet, unless that is far out (a very sharp turn).
            let t = cross(sub(o2, o1), d2) / det;
            let p = add(add(centres[i], o1), mul(d1, t));
            if norm(sub(p, centres[i])) > 2.5 * norm(o1).max(norm(o2)) + 0.5 {
                mean
            } else {
                p
            }
        })
        .collect();
    let (head_len, head_half) = style.head();
    let first_dir = unit(sub(vertices[1], vertices[0]));
    let last_dir = unit(sub(vertices[n - 1], vertices[n - 2]));
    let start_trim = if occupied(squares[0]) { R + 2.0 } else { 0.0 };
    let goal_occupied = occupied(squares[n - 1]);
    let end_trim = if goal_occupied { R + 5.0 } else { 7.0 };
    let last_len = norm(sub(vertices[n - 1], vertices[n - 2]));
    let room = last_len - end_trim - if n == 2 { start_trim } else { 0.0 };
    let head_len = head_len.min((room * 0.7).max(6.0));
    let tip = sub(vertices[n - 1], mul(last_dir, end_trim));
    let base = sub(tip, mul(last_dir, head_len));
    let mut line: Vec<Pt> = Vec::with_capacity(n);
    line.push(add(vertices[0], mul(first_dir, start_trim)));
    line.extend_from_slice(&vertices[1..n - 1]);
    line.push(base);
    let side = (-last_dir.1 * head_half, last_dir.0 * head_half);
    let head = Some([tip, add(base, side), sub(base, side)]);
    let alpha: Vec<(Square, Pt)> = (1..n)
        .map(|i| {
            let p = if occupied(squares[i]) {
                // On the rim of the piece, where the arrow arrives.
                let dir = unit(sub(vertices[i], vertices[i - 1]));
                sub(vertices[i], mul(dir, R))
            } else {
                vertices[i]
            };
            (squares[i], p)
        })
        .collect();
    let beta: Vec<(Square, Pt)> = passed
        .iter()
        .zip(&offsets)
        .flat_map(|(set, &o)| set.iter().map(move |&sq| (sq, add(centre(sq), o))))
        .collect();
    // Sharp turns of outer lanes could reach past the edge: everything stays on the board.
    Geometry {
        line: line.into_iter().map(on_board).collect(),
        head: head.map(|h| h.map(on_board)),
        alpha: alpha.into_iter().map(|(sq, p)| (sq, on_board(p))).collect(),
        beta: beta.into_iter().map(|(sq, p)| (sq, on_board(p))).collect(),
    }
}

/// The nearest point to `p` on the board (1 px inside its edge).
fn on_board(p: Pt) -> Pt {
    (
        p.0.clamp(BX + 1.0, BX + 8.0 * S - 1.0),
        p.1.clamp(BY + 1.0, BY + 8.0 * S - 1.0),
    )
}

fn polyline_d(points: &[Pt]) -> String {
    let mut d = String::new();
    for (i, &p) in points.iter().enumerate() {
        let _ = write!(d, "{}{}", if i == 0 { "M" } else { " L" }, pt(p));
    }
    d
}

fn write_head(out: &mut String, head: Option<[Pt; 3]>, colour: &str) {
    if let Some([a, b, c]) = head {
        let _ = writeln!(
            out,
            "<polygon class=\"arrowhead\" points=\"{} {} {}\" fill=\"{colour}\"/>",
            pt(a).replace(' ', ","),
            pt(b).replace(' ', ","),
            pt(c).replace(' ', ",")
        );
    }
}

/// A label waiting for its place: text, colour, the lines it names, and its attributes.
struct Label {
    text: String,
    colour: &'static str,
    /// The drawn lines of the arrows it names (all leave the same piece).
    lines: Vec<Vec<Pt>>,
    /// Centre of the square the arrows leave.
    anchor: Pt,
    /// The zone, or `None` for the highlighted move.
    zone: Option<usize>,
    /// The trajectories it names, in their zone.
    trajectories: Vec<usize>,
    /// Their negation level.
    level: u8,
}

impl Label {
    /// Roots and the highlighted move are written in bold.
    fn bold(&self) -> bool {
        self.level == 0
    }
}

/// Side of a cell of the raster that label placement scores, in px.
const CELL: f64 = 4.0;
/// Cells of the raster along each side of the board (labels stay on the board).
const CELLS: usize = (8.0 * S / CELL) as usize;
/// Cost of covering one px of an arrow's stroke with a label.
const STROKE_COST: f64 = 2.0;
/// Cost of covering an alpha- or beta-square's mark.
const MARK_COST: f64 = 20.0;
/// Cost of covering a piece's disc.
const PIECE_COST: f64 = 400.0;
/// Cost of covering a force text.
const TEXT_COST: f64 = 40.0;
/// Cost of covering one cell of a label placed earlier (a whole label: about 1000 per 16 cells).
const LABEL_CELL_COST: f64 = 64.0;

/// What labels should keep clear of, as costs on a raster of the board: strokes and marks are
/// summed into the cells they cross (then into a summed-area table, so a box's cost is four
/// look-ups), pieces and force texts are kept by square and tested exactly, placed labels mark
/// their cells. Placing n labels costs n · (candidates) · (cells of a label), whatever the
/// number of arrows.
struct Obstacles {
    /// Cost of each cell from strokes and marks (row-major, rank 8's edge first).
    ink: Vec<f64>,
    /// Summed-area table of `ink`, (CELLS + 1)² entries, built by [`Obstacles::seal`].
    sums: Vec<f64>,
    /// Labels placed so far covering each cell.
    labels: Vec<u16>,
    /// The disc centre on each square of the picture (index: row · 8 + column).
    pieces: [Option<Pt>; 64],
    /// The force text's box on each square.
    texts: [Option<Rect>; 64],
}

impl Default for Obstacles {
    fn default() -> Self {
        Obstacles {
            ink: vec![0.0; CELLS * CELLS],
            sums: Vec::new(),
            labels: vec![0; CELLS * CELLS],
            pieces: [None; 64],
            texts: [None; 64],
        }
    }
}

impl Obstacles {
    /// The cell holding a point, if it is on the board.
    fn cell(p: Pt) -> Option<usize> {
        let (x, y) = ((p.0 - BX) / CELL, (p.1 - BY) / CELL);
        let inside = (0.0..CELLS as f64).contains(&x) && (0.0..CELLS as f64).contains(&y);
        // Both are in 0..CELLS here.
        inside.then(|| y as usize * CELLS + x as usize)
    }

    /// The square of the picture (row · 8 + column) holding a point, if on the board.
    fn square(p: Pt) -> Option<usize> {
        let (x, y) = ((p.0 - BX) / S, (p.1 - BY) / S);
        let inside = (0.0..8.0).contains(&x) && (0.0..8.0).contains(&y);
        inside.then(|| y as usize * 8 + x as usize)
    }

    /// The columns and rows of cells a box touches (clipped to the board).
    fn cells_of(r: &Rect) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
        let span = |lo: f64, len: f64, origin: f64| {
            let a = ((lo - origin) / CELL).floor().clamp(0.0, CELLS as f64);
            let b = ((lo + len - origin) / CELL).ceil().clamp(0.0, CELLS as f64);
            // Whole numbers in 0..=CELLS.
            a as usize..b as usize
        };
        (span(r.x, r.w, BX), span(r.y, r.h, BY))
    }

    /// Adds a stroke: its length, px by px, to the cells it crosses.
    fn add_segment(&mut self, a: Pt, b: Pt) {
        let len = norm(sub(b, a));
        let steps = len.ceil().max(1.0) as usize;
        let per_step = STROKE_COST * len / steps as f64;
        for k in 0..steps {
            let p = add(a, mul(sub(b, a), (k as f64 + 0.5) / steps as f64));
            if let Some(c) = Obstacles::cell(p) {
                self.ink[c] += per_step;
            }
        }
    }

    /// Adds an arrow's strokes (line and head) and its marks.
    fn add_arrow(&mut self, g: &Geometry) {
        for w in g.line.windows(2) {
            self.add_segment(w[0], w[1]);
        }
        if let Some([tip, b, c]) = g.head {
            self.add_segment(b, c);
            self.add_segment(mul(add(b, c), 0.5), tip);
        }
        for &(_, p) in g.alpha.iter().chain(&g.beta) {
            if let Some(c) = Obstacles::cell(p) {
                self.ink[c] += MARK_COST;
            }
        }
    }

    /// Adds a piece's disc centred at `c`.
    fn add_piece(&mut self, c: Pt) {
        if let Some(sq) = Obstacles::square(c) {
            self.pieces[sq] = Some(c);
        }
    }

    /// Adds a force text's box.
    fn add_text(&mut self, r: Rect) {
        if let Some(sq) = Obstacles::square((r.x + r.w / 2.0, r.y + r.h / 2.0)) {
            self.texts[sq] = Some(r);
        }
    }

    /// Builds the summed-area table once every stroke and mark is in.
    fn seal(&mut self) {
        let n = CELLS + 1;
        self.sums = vec![0.0; n * n];
        for y in 0..CELLS {
            let mut row = 0.0;
            for x in 0..CELLS {
                row += self.ink[y * CELLS + x];
                self.sums[(y + 1) * n + x + 1] = self.sums[y * n + x + 1] + row;
            }
        }
    }

    /// Records a placed label (with a margin of 2 px).
    fn add_label(&mut self, r: &Rect) {
        let (cols, rows) = Obstacles::cells_of(&Rect {
            x: r.x - 2.0,
            y: r.y - 2.0,
            w: r.w + 4.0,
            h: r.h + 4.0,
        });
        for y in rows {
            for x in cols.clone() {
                self.labels[y * CELLS + x] = self.labels[y * CELLS + x].saturating_add(1);
            }
        }
    }

    /// The summed cost of what `r` covers.
    fn cost(&self, r: &Rect) -> f64 {
        let (cols, rows) = Obstacles::cells_of(r);
        let n = CELLS + 1;
        let mut total = self.sums[rows.end * n + cols.end]
            - self.sums[rows.start * n + cols.end]
            - self.sums[rows.end * n + cols.start]
            + self.sums[rows.start * n + cols.start];
        for y in rows {
            let row = &self.labels[y * CELLS + cols.start..y * CELLS + cols.end];
            total += LABEL_CELL_COST * row.iter().map(|&c| f64::from(c)).sum::<f64>();
        }
        // Pieces and texts on the squares the box touches.
        let first = ((r.x - BX) / S).floor().max(0.0) as usize;
        let last = (((r.x + r.w - BX) / S).floor().max(0.0) as usize).min(7);
        let top = ((r.y - BY) / S).floor().max(0.0) as usize;
        let bottom = (((r.y + r.h - BY) / S).floor().max(0.0) as usize).min(7);
        for row in top..=bottom.max(top).min(7) {
            for col in first..=last.max(first).min(7) {
                let sq = row * 8 + col;
                if self.pieces[sq].is_some_and(|c| r.hits_circle(c, R + 2.0)) {
                    total += PIECE_COST;
                }
                if self.texts[sq].is_some_and(|t| r.overlaps(&t, 0.0)) {
                    total += TEXT_COST;
                }
            }
        }
        total
    }
}

/// Places each label near the start of its arrows, at the spot that covers the least: other
/// labels, pieces, arrows, marks and force texts, in that order of cost.
fn place_labels(labels: &[Label], obstacles: &mut Obstacles) -> Vec<Rect> {
    obstacles.seal();
    let mut placed: Vec<Rect> = Vec::with_capacity(labels.len());
    for label in labels {
        let w = text_width(&label.text, LABEL_FONT) * if label.bold() { 1.1 } else { 1.0 } + 10.0;
        let h = LABEL_H;
        // (centre, preference): along each line from its start, on it and to either side; the
        // lines all leave one piece, so a few of them give the spots worth trying.
        let mut candidates: Vec<(Pt, f64)> = Vec::new();
        for line in label.lines.iter().take(LABEL_LINES_TRIED) {
            let mut walked = 0.0;
            for seg in line.windows(2) {
                let (a, b) = (seg[0], seg[1]);
                let d = unit(sub(b, a));
                let nrm = (-d.1, d.0);
                let clear = w / 2.0 * nrm.0.abs() + h / 2.0 * nrm.1.abs();
                let len = norm(sub(b, a));
                let mut s = 0.0;
                while s <= len && walked + s <= 3.0 * S {
                    let p = add(a, mul(d, s));
                    for k in [
                        0.0,
                        clear + 2.0,
                        -(clear + 2.0),
                        clear + 14.0,
                        -(clear + 14.0),
                    ] {
                        candidates.push((add(p, mul(nrm, k)), (walked + s) * 0.25 + k.abs() * 0.1));
                    }
                    s += 6.0;
                }
                walked += len;
            }
        }
        // Around the piece the arrows leave, for arrows too short to hold a label.
        for k in 0..16 {
            let a = f64::from(k) * std::f64::consts::TAU / 16.0;
            let d = (a.cos(), a.sin());
            let clear = w / 2.0 * d.0.abs() + h / 2.0 * d.1.abs();
            candidates.push((add(label.anchor, mul(d, R + 3.0 + clear)), 15.0));
        }
        let mut best: Option<(f64, Rect)> = None;
        for &(c, preference) in &candidates {
            let r = Rect::around(c, w, h);
            if !r.inside_board() {
                continue;
            }
            // The preference alone already loses: no need to look at the obstacles.
            if best.is_some_and(|(cost, _)| cost <= preference) {
                continue;
            }
            let cost = preference + obstacles.cost(&r);
            if best.is_none_or(|(b, _)| cost < b) {
                best = Some((cost, r));
            }
        }
        let rect = match best {
            Some((_, r)) => r,
            None => clamp_to_board(Rect::around(
                candidates.first().map_or(label.anchor, |c| c.0),
                w,
                h,
            )),
        };
        obstacles.add_label(&rect);
        placed.push(rect);
    }
    placed
}

/// Moves a box inside the board.
fn clamp_to_board(r: Rect) -> Rect {
    Rect {
        x: r.x.clamp(BX + 1.0, BX + 8.0 * S - 1.0 - r.w),
        y: r.y.clamp(BY + 1.0, BY + 8.0 * S - 1.0 - r.h),
        ..r
    }
}

fn write_label(out: &mut String, label: &Label, r: &Rect) {
    let attrs = match label.zone {
        Some(zone) => {
            let ids: Vec<String> = label.trajectories.iter().map(|t| t.to_string()).collect();
            format!(
                "data-zone=\"{zone}\" data-trajectories=\"{}\" data-level=\"{}\" data-label=\"{}\"",
                ids.join(" "),
                label.level,
                esc(&label.text)
            )
        }
        None => format!(
            "data-highlight=\"true\" data-label=\"{}\"",
            esc(&label.text)
        ),
    };
    let _ = writeln!(
        out,
        "<g class=\"label\" {}><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"4\" fill=\"#ffffff\" fill-opacity=\"0.9\" stroke=\"{c}\" stroke-width=\"1.2\"/><text class=\"label-text\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"{}\" font-weight=\"{}\" fill=\"{c}\">{}</text></g>",
        attrs,
        num(r.x),
        num(r.y),
        num(r.w),
        num(r.h),
        num(r.x + r.w / 2.0),
        num(r.y + r.h / 2.0 + LABEL_FONT * 0.36),
        num(LABEL_FONT),
        if label.bold() { "bold" } else { "normal" },
        esc(&label.text),
        c = label.colour,
    );
}

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
fn zone_summary(zone: &Zone) -> String {
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
fn describe(zone: &Zone, t: usize, zt: &ZoneTrajectory) -> String {
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
    let shown: Vec<&Zone> = match (mp, opts.zones) {
        (Some(mp), Some(filter)) => mp.zones.iter().filter(|z| filter.shows(z)).collect(),
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
fn legend(out: &mut String, mp: Option<&Projection>, opts: &SvgOptions, shown: &[&Zone]) -> f64 {
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
