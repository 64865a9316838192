//! The picture's geometry: points, rectangles, lanes of parallel arrows, line styles and the zone lines' paths.

use super::*;

pub(super) type Pt = (f64, f64);

pub(super) fn add(a: Pt, b: Pt) -> Pt {
    (a.0 + b.0, a.1 + b.1)
}

pub(super) fn sub(a: Pt, b: Pt) -> Pt {
    (a.0 - b.0, a.1 - b.1)
}

pub(super) fn mul(a: Pt, k: f64) -> Pt {
    (a.0 * k, a.1 * k)
}

pub(super) fn norm(a: Pt) -> f64 {
    a.0.hypot(a.1)
}

pub(super) fn unit(a: Pt) -> Pt {
    let n = norm(a);
    if n < 1e-9 {
        (0.0, 0.0)
    } else {
        mul(a, 1.0 / n)
    }
}

pub(super) fn cross(a: Pt, b: Pt) -> f64 {
    a.0 * b.1 - a.1 * b.0
}

/// A coordinate with at most one decimal.
pub(super) fn num(x: f64) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

pub(super) fn pt(p: Pt) -> String {
    format!("{} {}", num(p.0), num(p.1))
}

/// Text escaped for XML content and attribute values.
pub(super) fn esc(text: &str) -> String {
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
pub(super) fn text_width(text: &str, size: f64) -> f64 {
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
pub(super) fn centre(sq: Square) -> Pt {
    (
        BX + (f64::from(sq.file()) + 0.5) * S,
        BY + (f64::from(7 - sq.rank()) + 0.5) * S,
    )
}

/// A box: left, top, width, height.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rect {
    pub(super) x: f64,
    pub(super) y: f64,
    pub(super) w: f64,
    pub(super) h: f64,
}

impl Rect {
    pub(super) fn around(c: Pt, w: f64, h: f64) -> Rect {
        Rect {
            x: c.0 - w / 2.0,
            y: c.1 - h / 2.0,
            w,
            h,
        }
    }

    pub(super) fn overlaps(&self, o: &Rect, margin: f64) -> bool {
        self.x < o.x + o.w + margin
            && o.x < self.x + self.w + margin
            && self.y < o.y + o.h + margin
            && o.y < self.y + self.h + margin
    }

    pub(super) fn hits_circle(&self, c: Pt, r: f64) -> bool {
        let d = sub(
            c,
            (
                c.0.clamp(self.x, self.x + self.w),
                c.1.clamp(self.y, self.y + self.h),
            ),
        );
        d.0 * d.0 + d.1 * d.1 < r * r
    }

    pub(super) fn inside_board(&self) -> bool {
        self.x >= BX + 1.0
            && self.y >= BY + 1.0
            && self.x + self.w <= BX + 8.0 * S - 1.0
            && self.y + self.h <= BY + 8.0 * S - 1.0
    }
}

/// Lanes on each side of a square's middle: the widest offset, `MAX_LANE · LANE_GAP`, keeps an
/// arrow inside its squares.
pub(super) const MAX_LANE: i32 = 4;
/// Lanes in the order they are taken: 0, 1, -1, 2, -2, ...
pub(super) const LANE_ORDER: [i32; 2 * MAX_LANE as usize + 1] = [0, 1, -1, 2, -2, 3, -3, 4, -4];

/// The stretches of the board each arrow uses, so that arrows sharing one are drawn side by side.
#[derive(Default)]
pub(super) struct Lanes(pub(super) HashMap<(usize, usize), [u32; LANE_ORDER.len()]>);

impl Lanes {
    /// Unit stretches of a step: a straight step is split into one-square stretches; a leap is one.
    pub(super) fn stretches(a: Square, b: Square) -> Vec<(usize, usize)> {
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
    pub(super) fn assign(&mut self, squares: &[Square]) -> i32 {
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
pub(super) struct Style {
    pub(super) colour: &'static str,
    pub(super) width: f64,
    /// `stroke-dasharray`, if not solid.
    pub(super) dash: Option<&'static str>,
    /// Round caps (needed for dotted lines).
    pub(super) round: bool,
}

impl Style {
    pub(super) fn attrs(&self) -> String {
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

    pub(super) fn head(&self) -> (f64, f64) {
        (9.0 + 1.6 * self.width, 3.5 + 1.3 * self.width)
    }
}

/// Dash pattern of a negation level: root solid, first negations dashed, deeper ones dotted.
pub(super) fn level_style(level: u8, colour: &'static str, holds: bool) -> Style {
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
pub(super) struct Geometry {
    /// The drawn polyline, from the rim of the start piece to the base of the arrowhead.
    pub(super) line: Vec<Pt>,
    /// Tip and the two back corners of the arrowhead.
    pub(super) head: Option<[Pt; 3]>,
    /// Alpha-squares' marks a1..ak.
    pub(super) alpha: Vec<(Square, Pt)>,
    /// Beta-squares' marks.
    pub(super) beta: Vec<(Square, Pt)>,
}

/// Lays out an arrow through `squares`, in lane `lane`; `passed[j]` are the squares step j passes
/// over.
pub(super) fn geometry(
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
pub(super) fn on_board(p: Pt) -> Pt {
    (
        p.0.clamp(BX + 1.0, BX + 8.0 * S - 1.0),
        p.1.clamp(BY + 1.0, BY + 8.0 * S - 1.0),
    )
}

pub(super) fn polyline_d(points: &[Pt]) -> String {
    let mut d = String::new();
    for (i, &p) in points.iter().enumerate() {
        let _ = write!(d, "{}{}", if i == 0 { "M" } else { " L" }, pt(p));
    }
    d
}

pub(super) fn write_head(out: &mut String, head: Option<[Pt; 3]>, colour: &str) {
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
