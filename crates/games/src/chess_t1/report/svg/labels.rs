//! The zone labels of the picture: placed where they cover the least (pieces, marks, lines, other labels).

use super::*;

/// A label waiting for its place: text, colour, the lines it names, and its attributes.
pub(super) struct Label {
    pub(super) text: String,
    pub(super) colour: &'static str,
    /// The drawn lines of the arrows it names (all leave the same piece).
    pub(super) lines: Vec<Vec<Pt>>,
    /// Centre of the square the arrows leave.
    pub(super) anchor: Pt,
    /// The zone, or `None` for the highlighted move.
    pub(super) zone: Option<usize>,
    /// The trajectories it names, in their zone.
    pub(super) trajectories: Vec<usize>,
    /// Their negation level.
    pub(super) level: u8,
}

impl Label {
    /// Roots and the highlighted move are written in bold.
    pub(super) fn bold(&self) -> bool {
        self.level == 0
    }
}

/// Side of a cell of the raster that label placement scores, in px.
pub(super) const CELL: f64 = 4.0;
/// Cells of the raster along each side of the board (labels stay on the board).
pub(super) const CELLS: usize = (8.0 * S / CELL) as usize;
/// Cost of covering one px of an arrow's stroke with a label.
pub(super) const STROKE_COST: f64 = 2.0;
/// Cost of covering an alpha- or beta-square's mark.
pub(super) const MARK_COST: f64 = 20.0;
/// Cost of covering a piece's disc.
pub(super) const PIECE_COST: f64 = 400.0;
/// Cost of covering a force text.
pub(super) const TEXT_COST: f64 = 40.0;
/// Cost of covering one cell of a label placed earlier (a whole label: about 1000 per 16 cells).
pub(super) const LABEL_CELL_COST: f64 = 64.0;

/// What labels should keep clear of, as costs on a raster of the board: strokes and marks are
/// summed into the cells they cross (then into a summed-area table, so a box's cost is four
/// look-ups), pieces and force texts are kept by square and tested exactly, placed labels mark
/// their cells. Placing n labels costs n · (candidates) · (cells of a label), whatever the
/// number of arrows.
pub(super) struct Obstacles {
    /// Cost of each cell from strokes and marks (row-major, rank 8's edge first).
    pub(super) ink: Vec<f64>,
    /// Summed-area table of `ink`, (CELLS + 1)² entries, built by [`Obstacles::seal`].
    pub(super) sums: Vec<f64>,
    /// Labels placed so far covering each cell.
    pub(super) labels: Vec<u16>,
    /// The disc centre on each square of the picture (index: row · 8 + column).
    pub(super) pieces: [Option<Pt>; 64],
    /// The force text's box on each square.
    pub(super) texts: [Option<Rect>; 64],
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
    pub(super) fn cell(p: Pt) -> Option<usize> {
        let (x, y) = ((p.0 - BX) / CELL, (p.1 - BY) / CELL);
        let inside = (0.0..CELLS as f64).contains(&x) && (0.0..CELLS as f64).contains(&y);
        // Both are in 0..CELLS here.
        inside.then(|| y as usize * CELLS + x as usize)
    }

    /// The square of the picture (row · 8 + column) holding a point, if on the board.
    pub(super) fn square(p: Pt) -> Option<usize> {
        let (x, y) = ((p.0 - BX) / S, (p.1 - BY) / S);
        let inside = (0.0..8.0).contains(&x) && (0.0..8.0).contains(&y);
        inside.then(|| y as usize * 8 + x as usize)
    }

    /// The columns and rows of cells a box touches (clipped to the board).
    pub(super) fn cells_of(r: &Rect) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
        let span = |lo: f64, len: f64, origin: f64| {
            let a = ((lo - origin) / CELL).floor().clamp(0.0, CELLS as f64);
            let b = ((lo + len - origin) / CELL).ceil().clamp(0.0, CELLS as f64);
            // Whole numbers in 0..=CELLS.
            a as usize..b as usize
        };
        (span(r.x, r.w, BX), span(r.y, r.h, BY))
    }

    /// Adds a stroke: its length, px by px, to the cells it crosses.
    pub(super) fn add_segment(&mut self, a: Pt, b: Pt) {
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
    pub(super) fn add_arrow(&mut self, g: &Geometry) {
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
    pub(super) fn add_piece(&mut self, c: Pt) {
        if let Some(sq) = Obstacles::square(c) {
            self.pieces[sq] = Some(c);
        }
    }

    /// Adds a force text's box.
    pub(super) fn add_text(&mut self, r: Rect) {
        if let Some(sq) = Obstacles::square((r.x + r.w / 2.0, r.y + r.h / 2.0)) {
            self.texts[sq] = Some(r);
        }
    }

    /// Builds the summed-area table once every stroke and mark is in.
    pub(super) fn seal(&mut self) {
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
    pub(super) fn add_label(&mut self, r: &Rect) {
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
    pub(super) fn cost(&self, r: &Rect) -> f64 {
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
pub(super) fn place_labels(labels: &[Label], obstacles: &mut Obstacles) -> Vec<Rect> {
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
pub(super) fn clamp_to_board(r: Rect) -> Rect {
    Rect {
        x: r.x.clamp(BX + 1.0, BX + 8.0 * S - 1.0 - r.w),
        y: r.y.clamp(BY + 1.0, BY + 8.0 * S - 1.0 - r.h),
        ..r
    }
}

pub(super) fn write_label(out: &mut String, label: &Label, r: &Rect) {
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
