//! `analyse` written once over [`ZoneDef`]: a position's status, the game's own measures, the
//! recommended moves with their reasons in words, the principal line, and the verdict against a
//! position file's `bm` / `am`; a suite's score over many positions. Text and JSON.

use crate::game::{ZoneDef, status};
use crate::play::Searching;
use crate::reason::{Explainer, Words};
use serde_json::{Map, Value, json};
use zonal_core::excerpt::printable;
use zonal_core::record::Record;
use zonal_core::{Control, Limits, SearchResult, WIN, WIN_BOUND};

/// How `search` and `analyse` search: the one engine ([`Searching`]) within the core's limits.
/// `analyse` ranks every root move exactly ([`zonal_core::Techniques::exact`]); `search` plays.
pub struct AnalysisSearch {
    /// The engine's settings.
    pub searching: Searching,
    /// The zones' horizon, half-moves.
    pub horizon: i32,
    /// The search's limits.
    pub limits: Limits,
}

impl AnalysisSearch {
    /// The search of `G`: full-width or zone-guided, at `horizon` (the game's default when
    /// `None`), every root move exact when `analyse`.
    pub fn new<G: ZoneDef>(
        full: bool,
        horizon: Option<i32>,
        limits: &Limits,
        analyse: bool,
    ) -> AnalysisSearch {
        let horizon = horizon.unwrap_or(G::HORIZON);
        let mut searching = Searching::engine(horizon);
        searching.full = full;
        if analyse {
            searching.techniques = searching.techniques.exact();
        }
        AnalysisSearch {
            searching,
            horizon,
            limits: *limits,
        }
    }

    /// The search's name: `full-width`, or `zone-guided` where the zones narrow it.
    pub fn name(&self) -> &'static str {
        if self.searching.full {
            "full-width"
        } else {
            "zone-guided"
        }
    }

    /// The search of `pos` and its name.
    pub fn search<G: ZoneDef>(&self, pos: &G::Position) -> (SearchResult<G::Move>, &'static str) {
        let (r, _) =
            self.searching
                .run::<G>(&G::rules(pos), pos, &[], &self.limits, &Control::default());
        (r, self.name())
    }
}

/// A score for the side to move: units with two decimals, or the distance to a game end.
pub fn score_text(score: i32) -> String {
    if score > WIN_BOUND {
        format!("wins in {}", WIN - score)
    } else if score < -WIN_BOUND {
        format!("loses in {}", WIN + score)
    } else {
        format!("{:+.2}", f64::from(score) / 100.0)
    }
}

/// What a game shows of a position beyond the shared report ([`ZoneDef::measures`]): lines of
/// text after the status, and the same as JSON fields.
#[derive(Debug, Clone, Default)]
pub struct Measures {
    /// Lines of the text report, after `Status:`.
    pub lines: Vec<String>,
    /// Fields of the JSON report.
    pub fields: Vec<(&'static str, Value)>,
}

/// One recommended move: its notation, score for the side to move and reason.
#[derive(Debug, Clone)]
pub struct Recommended {
    /// The move in the game's notation.
    pub mv: String,
    /// Centipawn-like units for the side to move (proven results near [`WIN`]).
    pub score: i32,
    /// Why, in words.
    pub reason: String,
}

/// The analysis of one position.
#[derive(Debug, Clone)]
pub struct PositionAnalysis {
    game: &'static str,
    position: String,
    id: Option<String>,
    diagram: String,
    status: String,
    measures: Measures,
    search: &'static str,
    depth: u32,
    nodes: u64,
    bm: Vec<String>,
    am: Vec<String>,
    verdict: Option<bool>,
    recommended: Vec<Recommended>,
    line: Vec<String>,
}

/// Analyses `pos` (read from `record` when it came from a position file, whose `bm` / `am` it
/// is scored against): `top` recommended moves with reasons at the search's horizon.
pub fn analyse<G: ZoneDef>(
    pos: &G::Position,
    record: Option<&Record<G::Position>>,
    search: &AnalysisSearch,
    top: usize,
) -> PositionAnalysis {
    let (r, name) = search.search::<G>(pos);
    let operands = |op: &str| -> Vec<String> {
        record
            .and_then(|rec| rec.operands(op))
            .map(<[String]>::to_vec)
            .unwrap_or_default()
    };
    let (bm, am) = (operands("bm"), operands("am"));
    let first = r.best.map(|m| m.to_string());
    let verdict = (!bm.is_empty() || !am.is_empty()).then(|| {
        first
            .as_ref()
            .is_some_and(|f| (bm.is_empty() || bm.contains(f)) && !am.contains(f))
    });
    let rules = G::rules(pos);
    let zones = G::zone_game();
    let words = Words {
        piece: G::piece_name,
        terms: G::eval_terms,
    };
    let explainer = Explainer::new(&rules, &zones, pos, search.horizon, words);
    PositionAnalysis {
        game: G::ID,
        position: pos.to_string(),
        id: record.and_then(|r| r.id()).map(str::to_string),
        diagram: G::diagram(pos),
        status: status::<G>(pos),
        measures: G::measures(pos),
        search: name,
        depth: r.depth,
        nodes: r.nodes,
        bm,
        am,
        verdict,
        recommended: r
            .root
            .iter()
            .take(top)
            .map(|r| Recommended {
                mv: r.mv.to_string(),
                score: r.score,
                reason: explainer.explain(r.mv),
            })
            .collect(),
        line: r.line.iter().map(ToString::to_string).collect(),
    }
}

impl PositionAnalysis {
    /// The report as text (no trailing newline).
    pub fn text(&self) -> String {
        let mut out = match &self.id {
            Some(id) => format!("Position: {} (id {})\n", self.position, printable(id)),
            None => format!("Position: {}\n", self.position),
        };
        out.push_str(&self.diagram);
        out.push_str(&format!("\nStatus: {}", self.status));
        for line in &self.measures.lines {
            out.push('\n');
            out.push_str(line);
        }
        if self.recommended.is_empty() {
            return out;
        }
        out.push_str(&format!(
            "\nRecommended ({}, depth {}, {} nodes; score for the side to move):",
            self.search, self.depth, self.nodes
        ));
        for r in &self.recommended {
            out.push_str(&format!(
                "\n  {:<8} {:<10} {}",
                r.mv,
                score_text(r.score),
                r.reason
            ));
        }
        out.push_str(&format!("\nLine: {}", self.line.join(" ")));
        if let Some(good) = self.verdict {
            let mut expected = String::new();
            if !self.bm.is_empty() {
                expected.push_str(&format!(" bm {}", self.bm.join(" ")));
            }
            if !self.am.is_empty() {
                expected.push_str(&format!(" am {}", self.am.join(" ")));
            }
            out.push_str(&format!(
                "\nExpected:{expected}: {}",
                if good { "matches" } else { "differs" }
            ));
        }
        out
    }

    /// The report as JSON (`schema/analysis.schema.json`, the core games' analyses).
    pub fn json(&self) -> Value {
        let mut object = Map::new();
        object.insert("game".into(), json!(self.game));
        object.insert("position".into(), json!(self.position));
        object.insert("id".into(), json!(self.id));
        object.insert("status".into(), json!(self.status));
        for (key, value) in &self.measures.fields {
            object.insert((*key).into(), value.clone());
        }
        object.insert("search".into(), json!(self.search));
        object.insert("depth".into(), json!(self.depth));
        object.insert("nodes".into(), json!(self.nodes));
        object.insert("matches".into(), json!(self.verdict));
        object.insert(
            "recommended".into(),
            self.recommended
                .iter()
                .map(|r| json!({"move": r.mv, "score_cp": r.score, "reason": r.reason}))
                .collect(),
        );
        object.insert("line".into(), json!(self.line));
        Value::Object(object)
    }
}

/// A suite's score: positions analysed, those with `bm` / `am`, those whose first
/// recommendation matches, nodes searched.
#[derive(Debug, Clone, Copy, Default)]
pub struct Suite {
    /// Positions analysed.
    pub positions: usize,
    /// Positions with a `bm` or `am`.
    pub with_answer: usize,
    /// Positions whose first recommendation is a `bm` and no `am`.
    pub matched: usize,
    /// Nodes searched in all.
    pub nodes: u64,
}

impl Suite {
    /// Counts one analysis.
    pub fn add(&mut self, a: &PositionAnalysis) {
        self.positions += 1;
        self.nodes += a.nodes;
        self.with_answer += usize::from(a.verdict.is_some());
        self.matched += usize::from(a.verdict == Some(true));
    }

    /// The suite's line of text.
    pub fn text(&self) -> String {
        format!(
            "Suite: {} positions, {} with bm/am, first recommendation matches {} ({} nodes)",
            self.positions, self.with_answer, self.matched, self.nodes
        )
    }

    /// The suite's JSON object.
    pub fn json(&self) -> Value {
        json!({
            "positions": self.positions,
            "with_answer": self.with_answer,
            "matched": self.matched,
            "nodes": self.nodes,
        })
    }
}

/// What `zonal search` asks of a game's engine, as the command line gives it.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    /// Full-width instead of zone-guided.
    pub full: bool,
    /// The zones' horizon in half-moves (`None`: the game's).
    pub horizon: Option<i32>,
    /// The search's limits.
    pub limits: Limits,
    /// The engine's settings beyond the kind of search.
    pub engine: EngineKeys,
    /// JSON output.
    pub json: bool,
}

/// The engine settings of `search` and `analyse` beyond the kind of search: chess-t1's engine
/// takes them all, the core's search the table's size alone.
#[derive(Clone, Debug)]
pub struct EngineKeys {
    /// The evaluation: `full` or `material` (`--eval`).
    pub eval: String,
    /// The transposition table's size in MiB (`--hash`).
    pub hash_mb: usize,
    /// How the zones shape the tree (`--style`; `None`: the command's default).
    pub style: Option<String>,
    /// The baseline search (`--baseline`).
    pub baseline: bool,
    /// The baseline's zones taken over from nearby nodes (`--reuse-zones`).
    pub reuse_zones: bool,
}

impl Default for EngineKeys {
    fn default() -> Self {
        EngineKeys {
            eval: "full".to_string(),
            hash_mb: 16,
            style: None,
            baseline: false,
            reuse_zones: false,
        }
    }
}

impl EngineKeys {
    /// Refuses, naming them, the settings only chess-t1's engine takes (before, the other
    /// games' searches ignored them: an answer to another question).
    pub fn core_only(&self, game: &str) -> Result<(), String> {
        crate::game::refuse_given(
            &[
                (self.eval != "full", "--eval"),
                (self.style.is_some(), "--style"),
                (self.baseline, "--baseline"),
                (self.reuse_zones, "--reuse-zones"),
            ],
            |given| {
                format!(
                    "{game}: {given} set chess-t1's engine; this game's search takes --full, \
                     --horizon and --hash (its players take more keys in a player spec: `zonal \
                     match --help`)"
                )
            },
        )
    }
}

/// `zonal search` for a game on the core's zones: `pos` searched as `request` asks; the text or
/// JSON for stdout, and the time and speed for stderr.
pub fn search_report<G: ZoneDef>(
    pos: &G::Position,
    request: &SearchRequest,
) -> Result<(String, String), String> {
    request.engine.core_only(G::NAME)?;
    let mut mode = AnalysisSearch::new::<G>(request.full, request.horizon, &request.limits, false);
    mode.searching.techniques.table_mb = request.engine.hash_mb;
    let start = std::time::Instant::now();
    let (r, name) = mode.search::<G>(pos);
    let micros = start.elapsed().as_micros() as u64;
    if request.json {
        let value = serde_json::json!({
            "game": G::ID,
            "position": pos.to_string(),
            "search": name,
            "best": r.best.map(|m| m.to_string()),
            "score_cp": r.score,
            "line": r.line.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "depth": r.depth,
            "nodes": r.nodes,
            "micros": micros,
        });
        let text = serde_json::to_string_pretty(&value).map_err(|e| e.to_string())?;
        return Ok((text + "\n", String::new()));
    }
    let out = match r.best {
        Some(best) => {
            let line: Vec<String> = r.line.iter().map(ToString::to_string).collect();
            format!(
                "best {best} score {} nodes {} depth {}\nline {}\n",
                score_text(r.score),
                r.nodes,
                r.depth,
                line.join(" ")
            )
        }
        None => format!("no move (status: {})\n", status::<G>(pos)),
    };
    let err = format!(
        "search ({name}): {:.1} ms, {} nodes/s\n",
        micros as f64 / 1000.0,
        r.nodes * 1_000_000 / micros.max(1)
    );
    Ok((out, err))
}

/// What `zonal analyse` asks, as the command line gives it.
#[derive(Clone, Debug)]
pub struct AnalyseRequest {
    /// The position arguments (starts' names, position strings, position files).
    pub positions: Vec<String>,
    /// In a position file: the position with this id.
    pub id: Option<String>,
    /// In a position file: the N-th position (1-based).
    pub index: Option<usize>,
    /// The zones' horizon in half-moves (`None`: the game's).
    pub horizon: Option<i32>,
    /// The depth given (`--depth`), if any.
    pub depth: Option<u32>,
    /// The search's limits.
    pub limits: Limits,
    /// Full-width instead of zone-guided.
    pub full: bool,
    /// How many moves are ranked.
    pub top: usize,
    /// The engine's settings beyond the kind of search.
    pub engine: EngineKeys,
    /// Piece values (chess-t1's `--material`).
    pub material: Option<String>,
    /// JSON output.
    pub json: bool,
    /// Threads for a batch.
    pub jobs: Option<usize>,
    /// A folder for one SVG picture per position (chess-t1's).
    pub svg: Option<std::path::PathBuf>,
}

/// `zonal analyse` for a game on the core's zones: every position the request names (all read
/// before any is analysed), one report each given to `out`, then the suite's score; chess-t1's
/// engine settings, piece values and pictures are refused, not ignored.
pub fn analyse_report<G: ZoneDef>(
    request: &AnalyseRequest,
    out: &mut dyn FnMut(&str) -> Result<(), crate::game::Failure>,
    progress: &(dyn Fn() + Sync),
) -> Result<(), crate::game::Failure> {
    use crate::game::Failure;
    request.engine.core_only(G::NAME).map_err(Failure::input)?;
    crate::game::refuse_given(
        &[
            (request.material.is_some(), "--material"),
            (request.svg.is_some(), "--svg"),
        ],
        |given| format!("{}: {given} is chess-t1's analysis's alone so far", G::NAME),
    )
    .map_err(Failure::input)?;
    let mut search = AnalysisSearch::new::<G>(request.full, request.horizon, &request.limits, true);
    search.searching.techniques.table_mb = request.engine.hash_mb;
    let mut all = Vec::new();
    for text in &request.positions {
        all.extend(G::select(text, request.id.as_deref(), request.index).map_err(Failure::input)?);
    }
    let mut suite = Suite::default();
    let mut values = Vec::new();
    let json_text = |value: &Value| {
        serde_json::to_string_pretty(value)
            .map(|t| t + "\n")
            .map_err(|e| Failure::output(format!("cannot write JSON: {e}")))
    };
    for (i, (pos, record)) in all.iter().enumerate() {
        let analysis = analyse::<G>(pos, record.as_ref(), &search, request.top);
        progress();
        suite.add(&analysis);
        if request.json {
            values.push(analysis.json());
            continue;
        }
        if i > 0 {
            out("\n")?;
        }
        out(&format!("{}\n", analysis.text()))?;
    }
    if request.json {
        // One object for one position; several make a batch with the suite's score.
        return match (values.len(), values.pop()) {
            (1, Some(one)) => out(&json_text(&one)?),
            (_, last) => {
                values.extend(last);
                out(&json_text(&json!({
                    "game": G::ID,
                    "analyses": values,
                    "summary": suite.json(),
                }))?)
            }
        };
    }
    if all.len() > 1 {
        out(&format!("\n{}\n", suite.text()))?;
    }
    Ok(())
}
