//! `zonal analyse`: zones with outcomes, recommended moves with reasons, principal lines; a
//! position file's positions scored against their `bm` / `am`.

use crate::args::{AnalyseArgs, GameName, Loaded, PosArg, material_arg, positions};
use crate::output::{CliError, print_json};
use zonal_analysis::GameDef;
use zonal_games::hnefatafl::Hnefatafl;
use zonal_games::jungle::Jungle;
use zonal_games::proryv::Proryv;

/// `analyse` for chess-t1.
pub(crate) mod chess {
    use crate::output::CliError;
    use crate::output::indent;
    use crate::output::spinner;
    use chess_t1::posfile;
    use chess_t1::position::Position;
    use chess_t1::report::analysis::{AnalysisJson, Expected};
    use chess_t1::rules::ChessT1;
    use chess_t1::zone::{Projection, ZoneConfig};

    /// One position to analyse, with its expected answers, or why it could not be read.
    pub(crate) type AnalyseInput = Result<(Position, Expected), CliError>;

    /// The positions named by `analyse`'s arguments, with their expected answers, read lazily:
    /// a position file a record at a time.
    pub(crate) fn analyse_inputs<'a>(
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
                        .map_err(CliError::input);
                    return Box::new(std::iter::once(one));
                }
                let reader = match posfile::open(path) {
                    Ok(reader) => reader,
                    Err(e) => return Box::new(std::iter::once(Err(CliError::input(e)))),
                };
                if id.is_some() || index.is_some() {
                    let one = posfile::select_from(reader, id, index)
                        .map(|r| (r.position, expected(&r)))
                        .map_err(|e| CliError::input(format!("{arg}: {e}")));
                    return Box::new(std::iter::once(one));
                }
                Box::new(reader.map(move |r| {
                    r.map(|r| (r.position, expected(&r)))
                        .map_err(CliError::input)
                }))
            })
    }

    /// Positions analysed together, in parallel, before their results are written.
    pub(crate) const ANALYSE_CHUNK: usize = 16;

    pub(crate) fn analyse_cmd(
        args: &[String],
        id: Option<&str>,
        index: Option<usize>,
        cfg: &chess_t1::analysis::AnalysisConfig,
        json: bool,
        jobs: Option<usize>,
        svg: Option<&std::path::Path>,
    ) -> Result<(), CliError> {
        let mut inputs = analyse_inputs(args, id, index).peekable();
        // A batch when there is more than one position: look at the first two.
        let first = inputs.next().transpose()?;
        let batch = inputs.peek().is_some();
        let mut inputs = first.map(Ok).into_iter().chain(inputs);
        // A counter on stderr for batches (drawn only on a terminal).
        let progress = if batch {
            spinner("{elapsed_precise} {pos} positions analysed ({per_sec})")
        } else {
            spinner("{elapsed_precise} {spinner} analysing")
        };
        let mut pictures = svg.map(SvgFolder::new).transpose()?;
        let mut summary = chess_t1::report::analysis::SummaryJson::default();
        if json && batch {
            outln!(
                "{{\n  \"schema_version\": {},\n  \"game\": \"{}\",\n  \"analyses\": [",
                chess_t1::report::analysis::SCHEMA_VERSION,
                chess_t1::report::zones::GAME
            );
        }
        let mut written = 0usize;
        // A bad record ends the run, after the records before it are analysed and printed.
        let mut pending_error = None;
        while pending_error.is_none() {
            let mut chunk: Vec<(Position, Expected)> = Vec::with_capacity(ANALYSE_CHUNK);
            for input in inputs.by_ref().take(ANALYSE_CHUNK) {
                match input {
                    Ok(item) => chunk.push(item),
                    Err(e) => {
                        pending_error = Some(e);
                        break;
                    }
                }
            }
            if chunk.is_empty() {
                break;
            }
            let positions: Vec<Position> = chunk.iter().map(|(p, _)| *p).collect();
            let results =
                chess_t1::analysis::analyse_all(&positions, cfg, jobs, || progress.inc(1));
            for (analysis, (_, expected)) in results.iter().zip(&chunk) {
                written += 1;
                if let Some(folder) = pictures.as_mut() {
                    folder.write(analysis, expected, written, cfg)?;
                }
                let object = AnalysisJson::new(analysis, expected);
                summary.add(&object);
                if json {
                    let text = serde_json::to_string_pretty(&object).map_err(|e| CliError {
                        message: format!("cannot write JSON: {e}"),
                        code: 1,
                    })?;
                    if batch {
                        let sep = if written > 1 { "," } else { "" };
                        outln!("{sep}{}", indent(&text, "    "));
                    } else {
                        outln!("{text}");
                    }
                } else {
                    outln!(
                        "{}",
                        chess_t1::report::analysis::to_text(analysis, expected)
                    );
                }
            }
        }
        progress.finish_and_clear();
        if let Some(e) = pending_error {
            return Err(e);
        }
        if batch {
            if json {
                let text = serde_json::to_string_pretty(&summary).map_err(|e| CliError {
                    message: format!("cannot write JSON: {e}"),
                    code: 1,
                })?;
                outln!(
                    "  ],\n  \"summary\": {}\n}}",
                    indent(&text, "  ").trim_start()
                );
            } else {
                outln!(
                    "Suite: {} positions, {} with bm/am, first recommendation matches {} ({} nodes)",
                    summary.positions,
                    summary.with_answer,
                    summary.matched,
                    summary.nodes
                );
            }
        }
        Ok(())
    }

    /// The folder of `analyse --svg`: one picture per analysed position, `<id>.svg` (or
    /// `position-<n>.svg`), the id made safe for a file name; two ids that come out the same get
    /// `-<n>` (the position's number) so that no picture overwrites another.
    pub(crate) struct SvgFolder {
        pub(crate) dir: std::path::PathBuf,
        pub(crate) used: std::collections::HashSet<String>,
    }

    impl SvgFolder {
        pub(crate) fn new(dir: &std::path::Path) -> Result<SvgFolder, CliError> {
            if dir.exists() && !dir.is_dir() {
                return Err(CliError::input(format!(
                    "--svg: {} exists and is not a folder (give a folder for the pictures)",
                    dir.display()
                )));
            }
            std::fs::create_dir_all(dir).map_err(|e| CliError {
                message: format!("--svg: cannot create the folder {}: {e}", dir.display()),
                code: 1,
            })?;
            Ok(SvgFolder {
                dir: dir.to_path_buf(),
                used: std::collections::HashSet::new(),
            })
        }

        pub(crate) fn write(
            &mut self,
            analysis: &chess_t1::analysis::Analysis,
            expected: &Expected,
            n: usize,
            cfg: &chess_t1::analysis::AnalysisConfig,
        ) -> Result<(), CliError> {
            use chess_t1::report::svg::{Highlight, SvgOptions, ZoneFilter, render};
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
            std::fs::write(&path, render(pos, Some(&mp), &options)).map_err(|e| CliError {
                message: format!("--svg: cannot write {}: {e}", path.display()),
                code: 1,
            })?;
            tracing::info!("wrote {}", path.display());
            Ok(())
        }
    }
}

/// `analyse` for the games on the core's search, over [`GameDef`](zonal_analysis::GameDef).
pub(crate) mod generic {
    use crate::args::Loaded;
    use crate::cmd::search::generic::Mode;
    use crate::cmd::search::generic::score_text;
    use crate::output::CliError;
    use crate::output::print_json;
    use zonal_analysis::GameDef;
    use zonal_analysis::reason::{Explainer, Words};
    use zonal_analysis::status;

    pub(crate) fn analyse<G: GameDef>(
        all: &[Loaded<G::Position>],
        mode: &Mode,
        top: usize,
        json: bool,
    ) -> Result<(), CliError> {
        let (mut with_answer, mut matched, mut nodes) = (0usize, 0usize, 0u64);
        let mut values = Vec::new();
        for (i, (pos, record)) in all.iter().enumerate() {
            let (r, name) = mode.search::<G>(pos);
            nodes += r.nodes;
            let operands = |op: &str| -> Vec<String> {
                record
                    .as_ref()
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
            with_answer += usize::from(verdict.is_some());
            matched += usize::from(verdict == Some(true));
            let id = record.as_ref().and_then(|r| r.id()).map(str::to_string);
            let rules = G::rules(pos);
            let zones = G::zone_game();
            let words = Words {
                piece: G::piece_name,
                terms: G::eval_terms,
            };
            let explainer = Explainer::new(&rules, &zones, pos, mode.horizon, words);
            let recommended: Vec<(String, i32, String)> = r
                .root
                .iter()
                .take(top)
                .map(|r| (r.mv.to_string(), r.score, explainer.explain(r.mv)))
                .collect();
            if json {
                values.push(serde_json::json!({
                "game": G::ID,
                "position": pos.to_string(),
                "id": id,
                "status": status::<G>(pos),
                "search": name,
                "depth": r.depth,
                "nodes": r.nodes,
                "matches": verdict,
                "recommended": recommended
                    .iter()
                    .map(|(m, s, why)| serde_json::json!({"move": m, "score_cp": s, "reason": why}))
                    .collect::<Vec<_>>(),
                "line": r.line.iter().map(ToString::to_string).collect::<Vec<_>>(),
            }));
                continue;
            }
            if i > 0 {
                outln!();
            }
            match &id {
                Some(id) => outln!("Position: {pos} (id {})", chess_t1::excerpt::printable(id)),
                None => outln!("Position: {pos}"),
            }
            outln!("{}", G::diagram(pos));
            outln!("Status: {}", status::<G>(pos));
            if recommended.is_empty() {
                continue;
            }
            outln!(
                "Recommended ({name}, depth {}, {} nodes; score for the side to move):",
                r.depth,
                r.nodes
            );
            for (m, s, why) in &recommended {
                outln!("  {m:<8} {:<10} {why}", score_text(*s));
            }
            let line: Vec<String> = r.line.iter().map(ToString::to_string).collect();
            outln!("Line: {}", line.join(" "));
            if let Some(good) = verdict {
                outln!(
                    "Expected: bm {}{}: {}",
                    bm.join(" "),
                    if am.is_empty() {
                        String::new()
                    } else {
                        format!(" am {}", am.join(" "))
                    },
                    if good { "matches" } else { "differs" }
                );
            }
        }
        if json {
            return match (values.len(), values.pop()) {
                (1, Some(one)) => print_json(&one),
                (_, last) => {
                    values.extend(last);
                    print_json(&serde_json::json!({
                        "game": G::ID,
                        "analyses": values,
                        "summary": {
                            "positions": all.len(),
                            "with_answer": with_answer,
                            "matched": matched,
                            "nodes": nodes,
                        }
                    }))
                }
            };
        }
        if all.len() > 1 {
            outln!(
                "\nSuite: {} positions, {with_answer} with bm/am, first recommendation matches {matched} ({nodes} nodes)",
                all.len()
            );
        }
        Ok(())
    }
}

/// `analyse` for Прорыв.
pub(crate) mod proryv {
    use crate::cmd::search::generic::Mode;
    use crate::cmd::search::generic::score_text;
    use crate::output::CliError;
    use serde::Serialize;
    use zonal_analysis::reason::{Explainer, Words};
    use zonal_board::Shape;
    use zonal_games::proryv::ZONE_HORIZON;
    use zonal_games::proryv::diagram;
    use zonal_games::proryv::side_name;
    use zonal_proryv::measures::{Cost, approach_cost};
    use zonal_proryv::play::{Proryv, Terms};
    use zonal_proryv::{Ply, Position, Side, posfile};

    /// The score of a suite of positions against their `bm` / `am`.
    #[derive(Default)]
    pub(crate) struct Suite {
        pub(crate) positions: usize,
        pub(crate) with_answer: usize,
        pub(crate) matched: usize,
        pub(crate) nodes: u64,
    }

    pub(crate) fn analyse_cmd(
        pos: &Position,
        record: Option<&posfile::Record>,
        mode: &Mode,
        top: usize,
        json: Option<&mut Vec<serde_json::Value>>,
        suite: &mut Suite,
    ) -> Result<(), CliError> {
        let terms = Terms::of(pos);
        let cost = |side: Side, k: u32| approach_cost(pos, side, k);
        let (r, search_name) = mode.search::<zonal_games::proryv::Proryv>(pos);
        let rules = Proryv::default();
        let zone_game = zonal_proryv::zones::Proryv;
        let words = Words {
            piece: |p, sq| zonal_proryv::zones::piece_name(p, sq).to_string(),
            terms: |p| Proryv::default().terms(p),
        };
        let explainer = Explainer::new(&rules, &zone_game, pos, mode.horizon, words);
        suite.positions += 1;
        suite.nodes += r.nodes;
        let operands = |op: &str| -> Vec<String> {
            record
                .and_then(|rec| rec.operands(op))
                .map(<[String]>::to_vec)
                .unwrap_or_default()
        };
        let (bm, am) = (operands("bm"), operands("am"));
        let first = r.best.map(|p| p.to_string());
        let verdict = if bm.is_empty() && am.is_empty() {
            None
        } else {
            suite.with_answer += 1;
            let good = first
                .as_ref()
                .is_some_and(|f| (bm.is_empty() || bm.contains(f)) && !am.contains(f));
            suite.matched += usize::from(good);
            Some(good)
        };
        let status = pos
            .outcome()
            .map_or_else(|| "ongoing".to_string(), |o| o.to_string());
        let cost_text = |c: Cost| match c {
            Cost::Plies(n) => n.to_string(),
            Cost::Unreachable => "-".to_string(),
            Cost::Unknown => "?".to_string(),
        };
        if let Some(sink) = json {
            #[derive(Serialize)]
            struct SideJson {
                distance: u32,
                freedom: u32,
                rooks: u32,
                approach_cost_1: Option<u32>,
                approach_cost_2: Option<u32>,
                /// Whether a cost search met its budget (the cost is then unknown, not absent).
                approach_cost_unknown: bool,
            }
            #[derive(Serialize)]
            struct Rec {
                ply: String,
                score_cp: i32,
                reason: String,
            }
            #[derive(Serialize)]
            struct Out {
                game: &'static str,
                position: String,
                id: Option<String>,
                status: String,
                matches: Option<bool>,
                white: SideJson,
                black: SideJson,
                search: &'static str,
                depth: u32,
                nodes: u64,
                recommended: Vec<Rec>,
                line: Vec<String>,
            }
            let side = |s: Side, i: usize| SideJson {
                distance: terms.distance[i],
                freedom: terms.freedom[i],
                rooks: terms.rooks[i],
                approach_cost_1: cost(s, 1).plies(),
                approach_cost_2: cost(s, 2).plies(),
                approach_cost_unknown: cost(s, 1) == Cost::Unknown || cost(s, 2) == Cost::Unknown,
            };
            let value = serde_json::to_value(Out {
                game: "proryv",
                position: pos.to_string(),
                id: record.and_then(|r| r.id()).map(str::to_string),
                status,
                matches: verdict,
                white: side(Side::White, 0),
                black: side(Side::Black, 1),
                search: search_name,
                depth: r.depth,
                nodes: r.nodes,
                recommended: r
                    .root
                    .iter()
                    .take(top)
                    .map(|r| Rec {
                        ply: r.mv.to_string(),
                        score_cp: r.score,
                        reason: explainer.explain(r.mv),
                    })
                    .collect(),
                line: r.line.iter().map(Ply::to_string).collect(),
            })
            .map_err(|e| CliError {
                message: format!("cannot write JSON: {e}"),
                code: 1,
            })?;
            sink.push(value);
            return Ok(());
        }
        match record.and_then(|r| r.id()) {
            Some(id) => outln!("Position: {pos} (id {})", chess_t1::excerpt::printable(id)),
            None => outln!("Position: {pos}"),
        }
        outln!("{}", diagram(pos));
        outln!("Status: {status}");
        outln!("The source's measures (docs/proryv.md §8):");
        for (s, i, name) in [(Side::White, 0, "White"), (Side::Black, 1, "Black")] {
            outln!(
                "  {name}: King {} steps from its target, degree of freedom {}, approach cost 1/2 steps {}/{} plies, rooks {}",
                terms.distance[i],
                terms.freedom[i],
                cost_text(cost(s, 1)),
                cost_text(cost(s, 2)),
                terms.rooks[i]
            );
        }
        if terms.distance[0] == terms.distance[1] {
            outln!(
                "  equal distances: the freer King (degree of freedom) stands better by the source's criterion"
            );
        }
        // The open zones of the default horizon: the plans nothing stops in time (the parts of an
        // immobilisation count as one plan, the complex).
        use zonal_proryv::zones::AimKind;
        let built = zonal_proryv::zones::project(pos, ZONE_HORIZON);
        let name = |sq: u32| Shape::EIGHT.name(sq);
        let plans: Vec<_> = built
            .zones
            .iter()
            .filter(|z| z.aim.kind != AimKind::Occupy)
            .collect();
        let mut open: Vec<String> = plans
            .iter()
            .filter(|z| z.is_open())
            .map(|z| {
                let path: Vec<String> = z.root.iter().map(|&s| name(s)).collect();
                let aim = if z.aim.kind == AimKind::Goal {
                    "target"
                } else {
                    "rook"
                };
                format!(
                    "{} King -> {aim} {} ({})",
                    side_name(z.side),
                    name(*z.root.last().unwrap_or(&0)),
                    path.join("-")
                )
            })
            .collect();
        open.extend(
            built
                .complexes
                .iter()
                .filter(|c| built.complex_is_open(c))
                .map(|c| {
                    format!(
                        "{} immobilises rook {} in {}",
                        side_name(c.side),
                        name(c.target),
                        c.length
                    )
                }),
        );
        outln!(
            "Zones (horizon {ZONE_HORIZON}): {}, open: {}",
            plans.len() + built.complexes.len(),
            if open.is_empty() {
                "none".to_string()
            } else {
                open.join("; ")
            }
        );
        if r.root.is_empty() {
            return Ok(());
        }
        outln!(
            "Recommended ({}, depth {}, {} nodes; score for the side to move):",
            search_name,
            r.depth,
            r.nodes
        );
        for (p, s) in r.root.iter().take(top).map(|r| (r.mv, r.score)) {
            outln!("  {p:<6} {:<10} {}", score_text(s), explainer.explain(p));
        }
        let line: Vec<String> = r.line.iter().map(Ply::to_string).collect();
        outln!("Line: {}", line.join(" "));
        if let Some(good) = verdict {
            let mut expected = String::new();
            if !bm.is_empty() {
                expected.push_str(&format!(" bm {}", bm.join(" ")));
            }
            if !am.is_empty() {
                expected.push_str(&format!(" am {}", am.join(" ")));
            }
            outln!(
                "Expected{expected}: {}",
                if good { "MATCH" } else { "MISS" }
            );
        }
        Ok(())
    }
}

/// Runs `zonal analyse` for `game`.
pub fn run(game: GameName, args: AnalyseArgs) -> Result<(), CliError> {
    match game {
        GameName::ChessT1 => {
            let AnalyseArgs {
                pos,
                id,
                index,
                horizon,
                depth,
                bounds,
                full,
                top,
                engine,
                material,
                json,
                jobs,
                svg,
            } = args;
            let material = material_arg(material.as_deref())?;
            let horizon = horizon.unwrap_or(4);
            let mode = if full {
                chess_t1::search::Mode::Full
            } else {
                chess_t1::search::Mode::Zones
            };
            let limits = bounds.limits(depth, chess_t1::analysis::DEFAULT_DEPTH);
            let player = engine.player(mode, horizon, depth);
            let cfg = chess_t1::analysis::AnalysisConfig {
                horizon,
                depth: limits.depth,
                limits,
                mode,
                material,
                top: top as usize,
                baseline: (player.kind == zonal_games::chess_t1_player::Kind::Baseline)
                    .then(|| player.baseline_config()),
                engine: player.config,
            };
            chess::analyse_cmd(
                &pos,
                id.as_deref(),
                index,
                &cfg,
                json,
                jobs.map(|j| j as usize),
                svg.as_deref(),
            )
        }
        GameName::Proryv => proryv_run(args),
        GameName::Hnefatafl => core::<Hnefatafl>(args),
        GameName::Jungle => core::<Jungle>(args),
    }
}

/// Every position the arguments name, in order (all read before any is analysed).
fn named<G: GameDef>(args: &AnalyseArgs) -> Result<Vec<Loaded<G::Position>>, CliError> {
    let mut all = Vec::new();
    for text in &args.pos {
        all.extend(positions::<G>(&PosArg {
            pos: text.clone(),
            id: args.id.clone(),
            index: args.index,
        })?);
    }
    Ok(all)
}

/// `zonal analyse` for a game of the core's search.
pub(crate) fn core<G: GameDef>(args: AnalyseArgs) -> Result<(), CliError> {
    let limits = args.bounds.limits(args.depth, 4);
    let mode = crate::cmd::search::generic::Mode::new::<G>(args.full, args.horizon, &limits, true);
    generic::analyse::<G>(&named::<G>(&args)?, &mode, args.top as usize, args.json)
}

/// `zonal analyse` for Прорыв.
pub(crate) fn proryv_run(args: AnalyseArgs) -> Result<(), CliError> {
    let (top, json) = (args.top as usize, args.json);
    let limits = args.bounds.limits(args.depth, 4);
    let mode =
        crate::cmd::search::generic::Mode::new::<Proryv>(args.full, args.horizon, &limits, true);
    let mut suite = proryv::Suite::default();
    let mut first = true;
    let mut values = Vec::new();
    for (p, record) in named::<Proryv>(&args)? {
        if !first && !json {
            outln!();
        }
        first = false;
        let sink = json.then_some(&mut values);
        proryv::analyse_cmd(&p, record.as_ref(), &mode, top, sink, &mut suite)?;
    }
    if json {
        // One object for one position; several make a batch with the suite's score.
        return match (values.len(), values.pop()) {
            (1, Some(one)) => print_json(&one),
            (_, last) => {
                values.extend(last);
                print_json(&serde_json::json!({
                    "game": "proryv",
                    "analyses": values,
                    "summary": {
                        "positions": suite.positions,
                        "with_answer": suite.with_answer,
                        "matched": suite.matched,
                        "nodes": suite.nodes,
                    }
                }))
            }
        };
    }
    if suite.positions > 1 {
        outln!(
            "\nSuite: {} positions, {} with bm/am, first recommendation matches {} ({} nodes)",
            suite.positions,
            suite.with_answer,
            suite.matched,
            suite.nodes
        );
    }
    Ok(())
}
