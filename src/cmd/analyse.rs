//! `zonal analyse`: zones with outcomes, recommended moves with reasons, principal lines; a
//! position file's positions scored against their `bm` / `am`.

use crate::args::{AnalyseArgs, GameName, Loaded, PosArg, material_arg, positions};
use crate::output::{CliError, print_json};
use zonal_analysis::ZoneDef;
use zonal_analysis::analyse::{AnalysisSearch, Suite, analyse};

/// `analyse` for chess-t1.
pub(crate) mod chess {
    use crate::output::CliError;
    use crate::output::indent;
    use crate::output::spinner;
    use chess_t1::position::Position;
    use zonal_games::chess_t1::report::analysis::{
        AnalysisJson, Expected, SvgFolder, analyse_inputs,
    };

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
        let mut inputs = analyse_inputs(args, id, index)
            .map(|r| r.map_err(CliError::input))
            .peekable();
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
        let mut pictures = svg
            .map(SvgFolder::new)
            .transpose()
            .map_err(CliError::input)?;
        let mut summary = zonal_games::chess_t1::report::analysis::SummaryJson::default();
        if json && batch {
            outln!(
                "{{\n  \"schema_version\": {},\n  \"game\": \"{}\",\n  \"analyses\": [",
                zonal_games::chess_t1::report::analysis::SCHEMA_VERSION,
                zonal_games::chess_t1::report::zones::GAME
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
                    folder
                        .write(analysis, expected, written, cfg)
                        .map_err(|message| CliError { message, code: 1 })?;
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
                        zonal_games::chess_t1::report::analysis::to_text(analysis, expected)
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
}

/// Runs `zonal analyse` for `game`.
pub fn run(game: GameName, args: AnalyseArgs) -> Result<(), CliError> {
    with_game!(
        game,
        chess => {
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
            let player =
                engine.player(mode, horizon, depth, chess_t1::analysis::DEFAULT_STYLE);
            let cfg = chess_t1::analysis::AnalysisConfig {
                horizon,
                depth: limits.depth,
                limits,
                mode,
                material,
                top: top as usize,
                baseline: (player.kind == zonal_games::chess_t1::player::Kind::Baseline)
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
        },
        G => core::<G>(args),
    )
}

/// Every position the arguments name, in order (all read before any is analysed).
fn named<G: ZoneDef>(args: &AnalyseArgs) -> Result<Vec<Loaded<G::Position>>, CliError> {
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

/// `zonal analyse` for a game of the core's search: every position the arguments name (all
/// read before any is analysed), one report each, then the suite's score.
pub(crate) fn core<G: ZoneDef>(args: AnalyseArgs) -> Result<(), CliError> {
    let limits = args.bounds.limits(args.depth, 4);
    // chess-t1's engine settings and piece values are refused, not ignored; --hash is the
    // table's size; --svg pictures are chess-t1's so far.
    let keys = args.engine.keys();
    keys.core_only(G::NAME).map_err(CliError::input)?;
    for (given, option) in [
        (args.material.is_some(), "--material"),
        (args.svg.is_some(), "--svg"),
    ] {
        if given {
            return Err(CliError::input(format!(
                "{}: {option} is chess-t1's analysis's alone so far",
                G::NAME
            )));
        }
    }
    let mut search = AnalysisSearch::new::<G>(args.full, args.horizon, &limits, true);
    search.searching.techniques.table_mb = keys.hash_mb;
    let all = named::<G>(&args)?;
    let mut suite = Suite::default();
    let mut values = Vec::new();
    for (i, (pos, record)) in all.iter().enumerate() {
        let analysis = analyse::<G>(pos, record.as_ref(), &search, args.top as usize);
        suite.add(&analysis);
        if args.json {
            values.push(analysis.json());
            continue;
        }
        if i > 0 {
            outln!();
        }
        outln!("{}", analysis.text());
    }
    if args.json {
        // One object for one position; several make a batch with the suite's score.
        return match (values.len(), values.pop()) {
            (1, Some(one)) => print_json(&one),
            (_, last) => {
                values.extend(last);
                print_json(&serde_json::json!({
                    "game": G::ID,
                    "analyses": values,
                    "summary": suite.json(),
                }))
            }
        };
    }
    if all.len() > 1 {
        outln!("\n{}", suite.text());
    }
    Ok(())
}
