//! `zonal analyse`: zones with outcomes, recommended moves with reasons, principal lines; a
//! position file's positions scored against their `bm` / `am`.

use crate::args::{AnalyseArgs, GameName, Loaded, PosArg, material_arg, positions};
use crate::output::{CliError, print_json};
use zonal_analysis::GameDef;
use zonal_analysis::analyse::{AnalysisSearch, Suite, analyse};
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
        GameName::Proryv => core::<Proryv>(args),
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

/// `zonal analyse` for a game of the core's search: every position the arguments name (all
/// read before any is analysed), one report each, then the suite's score.
pub(crate) fn core<G: GameDef>(args: AnalyseArgs) -> Result<(), CliError> {
    let limits = args.bounds.limits(args.depth, 4);
    let search = AnalysisSearch::new::<G>(args.full, args.horizon, &limits, true);
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
