//! Reports of `zonal analyse`: text for players and JSON (schema `schema/analysis.schema.json`).
//!
//! One position gives one [`AnalysisJson`] object; a position file gives a [`BatchJson`] with one
//! object per position and the score on the file's `bm` / `am` operations.

use crate::chess_t1::report::units;
use ::chess_t1::analysis::Analysis;
use ::chess_t1::square::{Color, Square};
use serde::{Deserialize, Serialize};

/// Version of the analysis JSON layout; bumped on any incompatible change.
pub const SCHEMA_VERSION: u32 = 3;

/// A recommended move in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecommendationJson {
    /// Coordinate form.
    pub uci: String,
    /// Book notation.
    pub book: String,
    /// Score for the side to move, half-units.
    pub score: i32,
    /// The same score in cp (100 cp = 1 unit; game ends ±(10,000,000 − half-moves)).
    pub score_cp: i32,
    /// Whether the score is exact (false: an upper bound).
    pub exact: bool,
    /// `"win"`, `"loss"` or `"draw"` when the search proves the result, else null.
    pub outcome: Option<String>,
    /// Why the move is recommended.
    pub reason: String,
    /// Principal line, coordinate form, starting with the move.
    pub line: Vec<String>,
}

/// A zone in one line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneLineJson {
    /// Index in the projection (as in `zonal zones`).
    pub index: usize,
    /// `"attack"`, `"control"`, `"deblockade"`, `"retreat"`.
    pub kind: String,
    /// The (+) side.
    pub side: String,
    /// Botvinnik's label of the root, e.g. `(+, 3.0)`.
    pub label: String,
    /// Root square.
    pub root: Square,
    /// Root piece letter (K C P R S N V).
    pub piece: String,
    /// Target square.
    pub target: Square,
    /// Letter of the piece on the target, if any.
    pub target_piece: Option<String>,
    /// `"capture"`, `"king"`, `"castle"`.
    pub aim: String,
    /// Root trajectory length in moves.
    pub length: usize,
    /// Whether nothing stops the root in time.
    pub open: bool,
    /// Outcome for (+) in half-units with the actual side to move.
    pub outcome: i32,
    /// Outcome for (+) were the other side to move (null if the zone does not exist then).
    pub outcome_other: Option<i32>,
    /// The one-line summary.
    pub text: String,
}

/// A hot spot in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HotSpotJson {
    /// The square.
    pub square: Square,
    /// Letter of the piece on it (upper case White), if any.
    pub piece: Option<String>,
    /// Effective force of White there, half-units.
    pub white: i32,
    /// Effective force of Black there, half-units.
    pub black: i32,
    /// Whether the piece could be taken now.
    pub attacked: bool,
}

/// Search statistics.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchJson {
    /// `"zones"` or `"full"`.
    pub mode: String,
    /// Depth in half-moves.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
}

/// Check flags.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChecksJson {
    /// White's King is in check.
    pub white: bool,
    /// Black's King is in check.
    pub black: bool,
}

/// Material of both sides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaterialJson {
    /// White's material, half-units.
    pub white: i32,
    /// Black's material, half-units.
    pub black: i32,
    /// White minus Black.
    pub balance: i32,
}

/// The analysis of one position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisJson {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The game: `chess-t1`.
    pub game: String,
    /// The position.
    pub position: String,
    /// `id` of the record in a position file, if any.
    pub id: Option<String>,
    /// Side to move.
    pub side: String,
    /// `"ongoing"`, `"white_wins"`, `"black_wins"`, `"draw"`.
    pub status: String,
    /// Why the game ended, if it did.
    pub reason: Option<String>,
    /// Check flags.
    pub in_check: ChecksJson,
    /// Material.
    pub material: MaterialJson,
    /// Horizon in half-moves.
    pub horizon: i32,
    /// Hot spots: pieces en prise and evenly contested pieces.
    pub hot_spots: Vec<HotSpotJson>,
    /// Recommended moves, best first.
    pub recommended: Vec<RecommendationJson>,
    /// Zones with outcomes.
    pub zones: Vec<ZoneLineJson>,
    /// Search statistics.
    pub search: SearchJson,
    /// Best moves from the file's `bm`, if any.
    pub bm: Option<Vec<String>>,
    /// Moves to avoid from the file's `am`, if any.
    pub am: Option<Vec<String>>,
    /// Whether the first recommendation matches `bm` (and avoids `am`); null without them.
    pub matched: Option<bool>,
    /// Time taken, microseconds.
    pub micros: u64,
}

/// Score on a suite.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SummaryJson {
    /// Positions analysed.
    pub positions: usize,
    /// Positions with `bm` or `am`.
    pub with_answer: usize,
    /// Of those, how many the first recommendation matches.
    pub matched: usize,
    /// Nodes over all positions.
    pub nodes: u64,
}

/// The analyses of several positions (a position file).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BatchJson {
    /// [`SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The game: `chess-t1`.
    pub game: String,
    /// One analysis a position, in input order.
    pub analyses: Vec<AnalysisJson>,
    /// The score on `bm` / `am`.
    pub summary: SummaryJson,
}

/// The expected answers of a record: `bm` and `am` operands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expected {
    /// The record's `id`.
    pub id: Option<String>,
    /// Best moves.
    pub bm: Option<Vec<String>>,
    /// Moves to avoid.
    pub am: Option<Vec<String>>,
}

impl Expected {
    /// Whether the move `uci` satisfies `bm` and `am` (`None` if neither is given).
    pub fn matches(&self, uci: Option<&str>) -> Option<bool> {
        if self.bm.is_none() && self.am.is_none() {
            return None;
        }
        let Some(uci) = uci else {
            return Some(false);
        };
        let good = self
            .bm
            .as_ref()
            .is_none_or(|bm| bm.iter().any(|m| m == uci));
        let bad = self
            .am
            .as_ref()
            .is_some_and(|am| am.iter().any(|m| m == uci));
        Some(good && !bad)
    }
}

fn letter(p: ::chess_t1::Piece) -> String {
    p.char().to_string()
}

impl AnalysisJson {
    /// The JSON form of an analysis, with the record's expected answers.
    pub fn new(a: &Analysis, expected: &Expected) -> AnalysisJson {
        let pos = &a.position;
        let first = a.recommended.first().map(|r| r.mv.uci());
        AnalysisJson {
            schema_version: SCHEMA_VERSION,
            game: crate::chess_t1::report::zones::GAME.to_string(),
            position: pos.to_string(),
            id: expected.id.clone(),
            side: pos.side_to_move().name().to_string(),
            status: a.status.name().to_string(),
            reason: a.status.reason().map(|r| r.name().to_string()),
            in_check: ChecksJson {
                white: a.in_check[0],
                black: a.in_check[1],
            },
            material: MaterialJson {
                white: a.material[0],
                black: a.material[1],
                balance: a.material[0] - a.material[1],
            },
            horizon: a.horizon,
            hot_spots: a
                .hot_spots
                .iter()
                .map(|h| HotSpotJson {
                    square: h.square,
                    piece: h.piece.map(letter),
                    white: h.sums[0],
                    black: h.sums[1],
                    attacked: h.attacked,
                })
                .collect(),
            recommended: a
                .recommended
                .iter()
                .map(|r| RecommendationJson {
                    uci: r.mv.uci(),
                    book: r.book.clone(),
                    score: r.score,
                    score_cp: r.score_cp,
                    exact: r.exact,
                    outcome: r.outcome.map(str::to_string),
                    reason: r.reason.clone(),
                    line: r.line.iter().map(|m| m.uci()).collect(),
                })
                .collect(),
            zones: a
                .zones
                .iter()
                .map(|z| ZoneLineJson {
                    index: z.index,
                    kind: serde_name(&z.kind),
                    side: z.side.name().to_string(),
                    label: format!("(+, {}.0)", z.index),
                    root: z.root.0,
                    piece: z.root.1.kind.letter().to_string(),
                    target: z.target.0,
                    target_piece: z.target.1.map(letter),
                    aim: serde_name(&z.target.2),
                    length: z.length,
                    open: z.open,
                    outcome: z.outcome,
                    outcome_other: z.outcome_other,
                    text: z.text.clone(),
                })
                .collect(),
            search: SearchJson {
                mode: a.search_mode.name().to_string(),
                depth: a.depth,
                nodes: a.nodes,
            },
            bm: expected.bm.clone(),
            am: expected.am.clone(),
            matched: expected.matches(first.as_deref()),
            micros: a.micros.min(u64::MAX as u128) as u64,
        }
    }
}

/// snake_case name of a unit enum through serde.
fn serde_name<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

impl SummaryJson {
    /// Counts one more analysis.
    pub fn add(&mut self, analysis: &AnalysisJson) {
        self.positions += 1;
        self.with_answer += usize::from(analysis.matched.is_some());
        self.matched += usize::from(analysis.matched == Some(true));
        self.nodes += analysis.search.nodes;
    }
}

impl BatchJson {
    /// Collects analyses of a suite and scores them.
    pub fn new(analyses: Vec<AnalysisJson>) -> BatchJson {
        let mut summary = SummaryJson::default();
        analyses.iter().for_each(|a| summary.add(a));
        BatchJson {
            schema_version: SCHEMA_VERSION,
            game: crate::chess_t1::report::zones::GAME.to_string(),
            analyses,
            summary,
        }
    }
}

/// Signed units for a score: `+1½`, `-2`, `0`; proven results in words.
fn score_text(score: i32) -> String {
    match ::chess_t1::search::proven(score) {
        Some(true) => "wins".to_string(),
        Some(false) => "loses".to_string(),
        None if score > 0 => format!("+{}", units(score)),
        None => units(score),
    }
}

/// The analysis as text a player can follow.
pub fn to_text(a: &Analysis, expected: &Expected) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let pos = &a.position;
    let side = pos.side_to_move();
    if let Some(id) = &expected.id {
        let _ = writeln!(out, "== {}", ::chess_t1::excerpt::printable(id));
    }
    let _ = writeln!(out, "Position: {pos}");
    let _ = writeln!(
        out,
        "{}",
        crate::chess_t1::report::diagram(pos.board()).trim_end()
    );
    let balance = a.material[0] - a.material[1];
    let _ = writeln!(
        out,
        "{} to move. Status: {}. Material White {} : Black {} ({}).",
        side.name_capitalized(),
        a.status,
        units(a.material[0]),
        units(a.material[1]),
        match balance {
            0 => "even".to_string(),
            b if b > 0 => format!("White +{}", units(b)),
            b => format!("Black +{}", units(-b)),
        }
    );
    for color in Color::BOTH {
        if a.in_check[color.index()] {
            let _ = writeln!(out, "{} is in check.", color.name_capitalized());
        }
    }
    if !a.hot_spots.is_empty() {
        let spots: Vec<String> = a
            .hot_spots
            .iter()
            .map(|h| {
                let piece = h.piece.map_or(String::new(), |p| format!("{} ", p.char()));
                let mark = if h.attacked { " en prise" } else { "" };
                format!(
                    "{piece}{} {}:{}{mark}",
                    h.square,
                    units(h.sums[0]),
                    units(h.sums[1])
                )
            })
            .collect();
        let _ = writeln!(out, "Hot spots (White:Black): {}", spots.join(", "));
    }
    let _ = writeln!(
        out,
        "Zones (horizon {} half-moves): {}{}",
        a.horizon,
        a.zones.len(),
        if a.zones.is_empty() {
            ""
        } else {
            " (outcome: units the root's side (+) gains if the zone is played out; negative: it loses)"
        }
    );
    for z in &a.zones {
        let other = z.outcome_other.map_or(String::new(), |o| {
            format!("; were the other side to move: {}", score_text(o))
        });
        let _ = writeln!(out, "  zone {}: {}{other}", z.index, z.text);
    }
    if a.recommended.is_empty() {
        let _ = writeln!(out, "No move to recommend (the game is over).");
    } else {
        let _ = writeln!(out, "Recommended:");
        for (i, r) in a.recommended.iter().enumerate() {
            let line: Vec<String> = r.line.iter().map(|m| m.uci()).collect();
            let _ = writeln!(
                out,
                "  {}. {} ({}): {}\n     line: {}",
                i + 1,
                r.book,
                r.mv.uci(),
                r.reason,
                line.join(" ")
            );
        }
    }
    let _ = writeln!(
        out,
        "Search: {} to depth {}, {} nodes, {:.1} ms.",
        a.search_mode.name(),
        a.depth,
        a.nodes,
        a.micros as f64 / 1000.0
    );
    let first = a.recommended.first().map(|r| r.mv.uci());
    if let Some(m) = expected.matches(first.as_deref()) {
        let bm = expected
            .bm
            .as_ref()
            .map_or(String::new(), |b| format!(" bm {}", b.join(" ")));
        let am = expected
            .am
            .as_ref()
            .map_or(String::new(), |b| format!(" am {}", b.join(" ")));
        let _ = writeln!(
            out,
            "Expected{bm}{am}: {}",
            if m { "MATCH" } else { "MISS" }
        );
    }
    out
}

// The inputs and pictures of `zonal analyse` for chess-t1.

use ::chess_t1::posfile;
use ::chess_t1::position::Position;
use ::chess_t1::rules::ChessT1;
use ::chess_t1::zone::{Projection, ZoneConfig};

/// One position to analyse, with its expected answers, or why it could not be read.
pub type AnalyseInput = Result<(Position, Expected), String>;

/// The positions named by `analyse`'s arguments, with their expected answers, read lazily:
/// a position file a record at a time.
pub fn analyse_inputs<'a>(
    args: &'a [String],
    id: Option<&'a str>,
    index: Option<usize>,
) -> impl Iterator<Item = AnalyseInput> + 'a {
    let expected = |r: &posfile::Record| Expected {
        id: r.id().map(str::to_string),
        bm: r.operands("bm").map(<[String]>::to_vec),
        am: r.operands("am").map(<[String]>::to_vec),
    };
    args.iter()
        .flat_map(move |arg| -> Box<dyn Iterator<Item = AnalyseInput>> {
            let path = std::path::Path::new(arg);
            if arg == "startpos" || !path.is_file() {
                let one = posfile::resolve(arg, id, index)
                    .map(|p| (p, Expected::default()))
                    .map_err(|e| e.to_string());
                return Box::new(std::iter::once(one));
            }
            let reader = match posfile::open(path) {
                Ok(reader) => reader,
                Err(e) => return Box::new(std::iter::once(Err(e.to_string()))),
            };
            if id.is_some() || index.is_some() {
                let one = posfile::select_from(reader, id, index)
                    .map(|r| (r.position, expected(&r)))
                    .map_err(|e| format!("{arg}: {e}"));
                return Box::new(std::iter::once(one));
            }
            Box::new(reader.map(move |r| {
                r.map(|r| (r.position, expected(&r)))
                    .map_err(|e| e.to_string())
            }))
        })
}

/// The folder of `analyse --svg`: one picture per analysed position, `<id>.svg` (or
/// `position-<n>.svg`), the id made safe for a file name; two ids that come out the same get
/// `-<n>` (the position's number) so that no picture overwrites another.
pub struct SvgFolder {
    dir: std::path::PathBuf,
    used: std::collections::HashSet<String>,
}

impl SvgFolder {
    /// The folder `dir`, created if need be.
    pub fn new(dir: &std::path::Path) -> Result<SvgFolder, String> {
        if dir.exists() && !dir.is_dir() {
            return Err(format!(
                "--svg: {} exists and is not a folder (give a folder for the pictures)",
                dir.display()
            ));
        }
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("--svg: cannot create the folder {}: {e}", dir.display()))?;
        Ok(SvgFolder {
            dir: dir.to_path_buf(),
            used: std::collections::HashSet::new(),
        })
    }

    /// Writes the picture of `analysis` (the `n`-th position) with its best move marked.
    pub fn write(
        &mut self,
        analysis: &chess_t1::analysis::Analysis,
        expected: &Expected,
        n: usize,
        cfg: &chess_t1::analysis::AnalysisConfig,
    ) -> Result<(), String> {
        use crate::chess_t1::report::svg::{Highlight, SvgOptions, ZoneFilter, render};
        let pos = &analysis.position;
        let zone_cfg = ZoneConfig {
            horizon: cfg.horizon,
            ..ZoneConfig::default()
        };
        let mp = Projection::build(&ChessT1, pos, &zone_cfg);
        let highlight = analysis.recommended.first().map(|r| Highlight {
            from: r.mv.from,
            to: r.mv.to,
            label: Some(r.book.clone()),
        });
        let title = expected
            .id
            .clone()
            .unwrap_or_else(|| format!("position-{n}"));
        let options = SvgOptions {
            force: false,
            zones: Some(ZoneFilter {
                zone: None,
                side: Some(pos.side_to_move()),
            }),
            highlight,
            title: Some(title.clone()),
            only_zones: None,
        };
        let safe: String = title
            .chars()
            .take(100)
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let mut name = safe.clone();
        if !self.used.insert(name.clone()) {
            name = format!("{safe}-{n}");
            self.used.insert(name.clone());
        }
        let path = self.dir.join(format!("{name}.svg"));
        std::fs::write(&path, render(pos, Some(&mp), &options))
            .map_err(|e| format!("--svg: cannot write {}: {e}", path.display()))?;
        tracing::info!("wrote {}", path.display());
        Ok(())
    }
}
