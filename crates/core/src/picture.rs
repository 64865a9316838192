//! Pictures of a board of any shape as SVG: squares (with a game's special squares shaded and
//! named in a legend), pieces as letters in discs, and trajectories as arrows with labels. A
//! game fills a [`Picture`]; nothing here knows a game.

use crate::zone::Zone;
use zonal_board::{Shape, Side};

/// Size of a square in pixels.
const CELL: u32 = 64;
/// Margin for the coordinates.
const MARGIN: u32 = 28;

/// A kind of special square with its fill colour and its name in the legend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Special {
    /// The squares.
    pub squares: Vec<u32>,
    /// Fill colour (SVG).
    pub fill: String,
    /// What they are, for the legend.
    pub name: String,
}

/// A piece to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceMark {
    /// Its square.
    pub square: u32,
    /// Its side (White: a light disc, Black: a dark one).
    pub side: Side,
    /// The letter shown.
    pub letter: char,
    /// What it is, shown on hover.
    pub title: String,
    /// A small mark in the disc's corner (a rank), if any.
    pub badge: Option<String>,
    /// A royal piece (a King): drawn with a gold ring.
    pub royal: bool,
}

/// An arrow along squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// The squares, start first.
    pub path: Vec<u32>,
    /// Whether it belongs to the root's side (blue) or the other (red).
    pub plus: bool,
    /// Dashed (a negation) or solid (a root).
    pub dashed: bool,
    /// The label written at its head (Botvinnik's label).
    pub label: String,
    /// What it is, shown on hover.
    pub title: String,
    /// The zone it belongs to, if any (the page picks a zone's arrows by it).
    pub zone: Option<usize>,
}

/// Everything a picture shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The board.
    pub shape: Shape,
    /// The title (the position).
    pub title: String,
    /// Special squares.
    pub specials: Vec<Special>,
    /// Pieces.
    pub pieces: Vec<PieceMark>,
    /// Arrows, drawn in order.
    pub arrows: Vec<Arrow>,
    /// Lines of the legend after the special squares: what the pieces' letters and marks are,
    /// pieces in hand.
    pub notes: Vec<String>,
}

/// The arrows of `zones` with Botvinnik's labels: each root solid (+, z.0), each first negation
/// dashed (-, z.1) (a piece already in place that controls or protects: along its line onto the
/// square), each answer dashed (+, z.2). `square` names a square, `piece` the piece standing on
/// one.
pub fn zone_arrows(
    zones: &[Zone],
    square: impl Fn(u32) -> String,
    piece: impl Fn(u32) -> String,
) -> Vec<Arrow> {
    let mut arrows = Vec::new();
    for z in zones {
        arrows.push(Arrow {
            path: z.root.clone(),
            plus: true,
            dashed: false,
            label: format!("(+, {}.0)", z.index),
            title: format!(
                "zone {}: the {}'s root trajectory",
                z.index,
                piece(z.root[0])
            ),
            zone: Some(z.index),
        });
        for n in &z.negations {
            let path: Vec<u32> = if n.path.len() >= 2 {
                n.path.clone()
            } else if n.from != n.attached {
                vec![n.from, n.attached]
            } else {
                continue;
            };
            arrows.push(Arrow {
                path,
                plus: false,
                dashed: true,
                label: format!("(-, {}.1)", z.index),
                title: format!(
                    "zone {}: {} of {} by the {} {}",
                    z.index,
                    n.role.name(),
                    square(n.attached),
                    piece(n.from),
                    square(n.from)
                ),
                zone: Some(z.index),
            });
            for a in n.answers.iter().filter(|a| a.path.len() >= 2) {
                arrows.push(Arrow {
                    path: a.path.clone(),
                    plus: true,
                    dashed: true,
                    label: format!("(+, {}.2)", z.index),
                    title: format!(
                        "zone {}: {} of {} by the {} {}, answering the {} {}",
                        z.index,
                        a.role.name(),
                        square(a.attached),
                        piece(a.from),
                        square(a.from),
                        piece(n.from),
                        square(n.from)
                    ),
                    zone: Some(z.index),
                });
            }
        }
    }
    arrows
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl Picture {
    /// The centre of `sq` in pixels (rank 1 at the bottom).
    fn centre(&self, sq: u32) -> (u32, u32) {
        let (f, r) = (self.shape.file(sq), self.shape.rank(sq));
        (
            MARGIN + f * CELL + CELL / 2,
            MARGIN + (self.shape.ranks() - 1 - r) * CELL + CELL / 2,
        )
    }

    /// The picture as an SVG document.
    pub fn to_svg(&self) -> String {
        let (w, h) = (
            2 * MARGIN + self.shape.files() * CELL,
            2 * MARGIN
                + self.shape.ranks() * CELL
                + 24 * (self.specials.len() + self.notes.len()) as u32
                + 8,
        );
        let mut s = format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n<title>{}</title>\n",
            escape(&self.title)
        );
        s.push_str("<defs><marker id=\"head-plus\" markerWidth=\"4\" markerHeight=\"4\" refX=\"3\" refY=\"2\" orient=\"auto\"><path d=\"M0,0 L4,2 L0,4 z\" fill=\"#1f5fbf\"/></marker><marker id=\"head-minus\" markerWidth=\"4\" markerHeight=\"4\" refX=\"3\" refY=\"2\" orient=\"auto\"><path d=\"M0,0 L4,2 L0,4 z\" fill=\"#c0392b\"/></marker></defs>\n");
        s.push_str(&format!(
            "<rect class=\"background\" width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n"
        ));
        for sq in 0..self.shape.len() {
            let (cx, cy) = self.centre(sq);
            let (x, y) = (cx - CELL / 2, cy - CELL / 2);
            let light = (self.shape.file(sq) + self.shape.rank(sq)) % 2 == 1;
            let fill = self
                .specials
                .iter()
                .find(|sp| sp.squares.contains(&sq))
                .map_or(if light { "#f0e6d2" } else { "#d9c7a7" }, |sp| {
                    sp.fill.as_str()
                });
            s.push_str(&format!(
                "<rect class=\"square\" data-square=\"{name}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"><title>{name}</title></rect>\n",
                name = self.shape.name(sq)
            ));
        }
        for f in 0..self.shape.files() {
            let (cx, _) = self.centre(f);
            let y = MARGIN + self.shape.ranks() * CELL + 18;
            s.push_str(&format!(
                "<text class=\"coordinate\" x=\"{cx}\" y=\"{y}\" text-anchor=\"middle\" font-size=\"14\">{}</text>\n",
                (b'a' + f as u8) as char
            ));
        }
        for r in 0..self.shape.ranks() {
            let (_, cy) = self.centre(r * self.shape.files());
            s.push_str(&format!(
                "<text class=\"coordinate\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"14\">{}</text>\n",
                MARGIN / 2,
                cy + 5,
                r + 1
            ));
        }
        for p in &self.pieces {
            let (cx, cy) = self.centre(p.square);
            let (disc, ink) = match p.side {
                Side::White => ("#fdfdfd", "#222222"),
                Side::Black => ("#2b2b2b", "#f5f5f5"),
            };
            let ring = if p.royal {
                format!(
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"none\" stroke=\"#c9a227\" stroke-width=\"5\"/>",
                    CELL * 2 / 5 - 3
                )
            } else {
                String::new()
            };
            let badge = p.badge.as_ref().map_or(String::new(), |b| {
                format!(
                    "<text class=\"badge\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\" fill=\"{ink}\">{}</text>",
                    cx + 15,
                    cy - 8,
                    escape(b)
                )
            });
            s.push_str(&format!(
                "<g class=\"piece\" data-square=\"{}\"><title>{}</title><circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{disc}\" stroke=\"#222222\" stroke-width=\"2\"/>{ring}<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"28\" font-weight=\"bold\" fill=\"{ink}\">{}</text>{badge}</g>\n",
                self.shape.name(p.square),
                escape(&p.title),
                CELL * 2 / 5,
                if p.badge.is_some() { cx - 4 } else { cx },
                cy + 10,
                escape(&p.letter.to_string())
            ));
        }
        // Labels ending on one square are stacked in rows inside it (the same text once), so
        // that none covers another: at most four rows, the fourth "+N" when more end there.
        let mut labels_at: std::collections::HashMap<u32, Vec<&str>> =
            std::collections::HashMap::new();
        for a in &self.arrows {
            if let Some(&last) = a.path.last() {
                let labels = labels_at.entry(last).or_default();
                if !labels.contains(&a.label.as_str()) {
                    labels.push(&a.label);
                }
            }
        }
        let mut drawn: std::collections::HashSet<(u32, &str)> = std::collections::HashSet::new();
        for a in &self.arrows {
            let points: Vec<String> = a
                .path
                .iter()
                .map(|&sq| {
                    let (x, y) = self.centre(sq);
                    format!("{x},{y}")
                })
                .collect();
            let (colour, head) = if a.plus {
                ("#1f5fbf", "head-plus")
            } else {
                ("#c0392b", "head-minus")
            };
            let dash = if a.dashed {
                " stroke-dasharray=\"8,5\""
            } else {
                ""
            };
            let zone = a
                .zone
                .map_or(String::new(), |z| format!(" data-zone=\"{z}\""));
            s.push_str(&format!(
                "<g class=\"arrow\"{zone}><title>{}</title><polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"4\" stroke-opacity=\"0.8\"{dash} marker-end=\"url(#{head})\"/>",
                escape(&a.title),
                points.join(" ")
            ));
            if let Some(&last) = a.path.last()
                && drawn.insert((last, a.label.as_str()))
            {
                let labels = labels_at.get(&last).map_or(&[][..], Vec::as_slice);
                let row = labels.iter().position(|l| *l == a.label).unwrap_or(0);
                let text = match row {
                    0..=2 => Some(a.label.clone()),
                    3 if labels.len() == 4 => Some(a.label.clone()),
                    3 => Some(format!("+{} more", labels.len() - 3)),
                    _ => None,
                };
                if let Some(text) = text {
                    let (x, y) = self.centre(last);
                    s.push_str(&format!(
                        "<text class=\"label-text\" x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\" fill=\"{colour}\" stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">{}</text>",
                        y + 14 * row as u32 - 20,
                        escape(&text)
                    ));
                }
            }
            s.push_str("</g>\n");
        }
        let mut y = MARGIN + self.shape.ranks() * CELL + 40;
        for sp in &self.specials {
            s.push_str(&format!(
                "<g class=\"legend\"><rect x=\"{MARGIN}\" y=\"{}\" width=\"16\" height=\"16\" fill=\"{}\"/><text x=\"{}\" y=\"{}\" font-size=\"13\">{}</text></g>\n",
                y - 13,
                sp.fill,
                MARGIN + 24,
                y,
                escape(&sp.name)
            ));
            y += 24;
        }
        for note in &self.notes {
            s.push_str(&format!(
                "<g class=\"legend\"><text x=\"{MARGIN}\" y=\"{y}\" font-size=\"13\">{}</text></g>\n",
                escape(note)
            ));
            y += 24;
        }
        s.push_str("</svg>\n");
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_eleven_by_eleven_board_with_a_piece_and_an_arrow() {
        let shape = Shape::new(11, 11).unwrap();
        let picture = Picture {
            shape,
            title: "a <test>".into(),
            specials: vec![Special {
                squares: vec![0, 10, 110, 120],
                fill: "#999999".into(),
                name: "corner".into(),
            }],
            pieces: vec![PieceMark {
                square: 60,
                side: Side::White,
                letter: 'K',
                title: "King f6".into(),
                badge: Some("9".into()),
                royal: true,
            }],
            arrows: vec![Arrow {
                path: vec![60, 5, 0],
                plus: true,
                dashed: false,
                label: "(+, 0.0)".into(),
                title: "root".into(),
                zone: Some(0),
            }],
            notes: vec!["K the King".into()],
        };
        let svg = picture.to_svg();
        assert_eq!(svg.matches("class=\"square\"").count(), 121);
        // The page finds squares, pieces and a zone's arrows by their attributes.
        assert!(svg.contains("<rect class=\"square\" data-square=\"f6\""));
        assert!(svg.contains("<g class=\"piece\" data-square=\"f6\">"));
        assert!(svg.contains("<g class=\"arrow\" data-zone=\"0\">"));
        // The royal ring, the badge and the legend's note.
        assert_eq!(svg.matches("stroke=\"#c9a227\"").count(), 1);
        assert!(svg.contains("class=\"badge\""));
        assert!(svg.contains(">9</text>"));
        assert!(svg.contains(">K the King</text>"));
        // Two labels ending on one square stand in two rows; the same label twice, once.
        let mut crowded = picture.clone();
        crowded.arrows = ["(+, 0.0)", "(-, 0.1)", "(-, 0.1)"]
            .iter()
            .map(|label| Arrow {
                path: vec![60, 61],
                plus: true,
                dashed: false,
                label: (*label).into(),
                title: "root".into(),
                zone: Some(0),
            })
            .collect();
        let svg = crowded.to_svg();
        let rows: Vec<&str> = svg
            .split("class=\"label-text\"")
            .skip(1)
            .filter_map(|t| t.split("y=\"").nth(1)?.split('"').next())
            .collect();
        assert_eq!(rows.len(), 2, "{svg}");
        assert_ne!(rows[0], rows[1]);
        // Six labels on one square: three rows, and the fourth says how many more.
        crowded.arrows = (0..6)
            .map(|i| Arrow {
                label: format!("(+, {i}.0)"),
                ..crowded.arrows[0].clone()
            })
            .collect();
        let svg = crowded.to_svg();
        assert_eq!(svg.matches("class=\"label-text\"").count(), 4, "{svg}");
        assert!(svg.contains(">+3 more</text>"), "{svg}");
        assert_eq!(
            svg.matches("fill=\"#999999\"").count(),
            5,
            "four corners and the legend"
        );
        assert!(svg.contains("<title>a &lt;test&gt;</title>"));
        assert!(svg.contains("(+, 0.0)"));
        assert!(svg.ends_with("</svg>\n"));
    }
}
