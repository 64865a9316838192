//! `zonal analyse` for chess-t1: its positions (starts, position strings, position files read
//! lazily) analysed in chunks on the cores asked for, each report given out as it is done.

use crate::chess_t1::report::analysis::{AnalysisJson, Expected, SvgFolder, analyse_inputs};
use ::chess_t1::position::Position;
use zonal_analysis::Failure;
use zonal_analysis::analyse::AnalyseRequest;

/// Positions analysed together, in parallel, before their results are written.
pub const ANALYSE_CHUNK: usize = 16;

/// `zonal analyse` for chess-t1 ([`zonal_analysis::GameDef::analyse_report`]).
pub fn analyse_report(
    request: &AnalyseRequest,
    out: &mut dyn FnMut(&str) -> Result<(), Failure>,
    progress: &(dyn Fn() + Sync),
) -> Result<(), Failure> {
    let material = match request.material.as_deref() {
        Some(text) => ::chess_t1::exchange::Material::parse(text)
            .map_err(|e| Failure::input(format!("--material: {e}")))?,
        None => ::chess_t1::exchange::Material::default(),
    };
    let horizon = request
        .horizon
        .unwrap_or(<crate::chess_t1::ChessT1Game as zonal_analysis::GameDef>::HORIZON);
    let mode = crate::chess_t1::search_mode(request.full);
    let limits = request.limits;
    let player = crate::chess_t1::player::ChessConfig::from_keys(
        &request.engine,
        mode,
        horizon,
        request.depth,
        ::chess_t1::analysis::DEFAULT_STYLE,
    );
    let cfg = ::chess_t1::analysis::AnalysisConfig {
        horizon,
        depth: limits.depth,
        limits,
        mode,
        material,
        top: request.top,
        baseline: (player.kind == crate::chess_t1::player::Kind::Baseline)
            .then(|| player.baseline_config()),
        engine: player.config,
    };
    analyse_cmd(request, &cfg, out, progress)
}

/// Lines of `text`, each after `prefix`.
fn indent(text: &str, prefix: &str) -> String {
    text.lines()
        .map(|l| format!("{prefix}{l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The positions of `request` analysed under `cfg`, chunk by chunk, each report given to `out`.
fn analyse_cmd(
    request: &AnalyseRequest,
    cfg: &chess_t1::analysis::AnalysisConfig,
    out: &mut dyn FnMut(&str) -> Result<(), Failure>,
    progress: &(dyn Fn() + Sync),
) -> Result<(), Failure> {
    let (json, jobs) = (request.json, request.jobs);
    let mut inputs = analyse_inputs(&request.positions, request.id.as_deref(), request.index)
        .map(|r| r.map_err(Failure::input))
        .peekable();
    // A batch when there is more than one position: look at the first two.
    let first = inputs.next().transpose()?;
    let batch = inputs.peek().is_some();
    let mut inputs = first.map(Ok).into_iter().chain(inputs);
    let mut pictures = request
        .svg
        .as_deref()
        .map(SvgFolder::new)
        .transpose()
        .map_err(Failure::input)?;
    let mut summary = crate::chess_t1::report::analysis::SummaryJson::default();
    if json && batch {
        out(&format!(
            "{{\n  \"schema_version\": {},\n  \"game\": \"{}\",\n  \"analyses\": [\n",
            crate::chess_t1::report::analysis::SCHEMA_VERSION,
            crate::chess_t1::report::zones::GAME
        ))?;
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
        let results = chess_t1::analysis::analyse_all(&positions, cfg, jobs, progress);
        for (analysis, (_, expected)) in results.iter().zip(&chunk) {
            written += 1;
            if let Some(folder) = pictures.as_mut() {
                folder
                    .write(analysis, expected, written, cfg)
                    .map_err(Failure::output)?;
            }
            let object = AnalysisJson::new(analysis, expected);
            summary.add(&object);
            if json {
                let text = serde_json::to_string_pretty(&object)
                    .map_err(|e| Failure::output(format!("cannot write JSON: {e}")))?;
                if batch {
                    let sep = if written > 1 { "," } else { "" };
                    out(&format!("{sep}{}\n", indent(&text, "    ")))?;
                } else {
                    out(&format!("{text}\n"))?;
                }
            } else {
                out(&format!(
                    "{}\n",
                    crate::chess_t1::report::analysis::to_text(analysis, expected)
                ))?;
            }
        }
    }
    if let Some(e) = pending_error {
        return Err(e);
    }
    if batch {
        if json {
            let text = serde_json::to_string_pretty(&summary)
                .map_err(|e| Failure::output(format!("cannot write JSON: {e}")))?;
            out(&format!(
                "  ],\n  \"summary\": {}\n}}\n",
                indent(&text, "  ").trim_start()
            ))?;
        } else {
            out(&format!(
                "Suite: {} positions, {} with bm/am, first recommendation matches {} ({} nodes)\n",
                summary.positions, summary.with_answer, summary.matched, summary.nodes
            ))?;
        }
    }
    Ok(())
}
