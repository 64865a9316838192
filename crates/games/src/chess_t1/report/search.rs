//! `zonal search` for chess-t1: the result of a search as text or JSON.

use crate::json_text;
use ::chess_t1::book;
use ::chess_t1::position::Position;
use ::chess_t1::search::{Mode, SearchReport};
use serde::Serialize;

/// The report of `result`, a search of `pos` by `engine` that took `micros`: what goes to
/// stdout (text or JSON) and, for text, what goes to stderr (speed and zone counts).
pub fn report(
    pos: &Position,
    engine: &str,
    result: &SearchReport,
    micros: u64,
    json: bool,
) -> Result<(String, String), String> {
    let (mut out, mut err) = (String::new(), String::new());
    if json {
        #[derive(Serialize)]
        struct Out {
            position: String,
            engine: String,
            mode: &'static str,
            depth: u32,
            seldepth: u32,
            best: Option<String>,
            book: Option<String>,
            score: i32,
            score_cp: i32,
            line: Vec<String>,
            nodes: u64,
            micros: u64,
        }
        return Ok((
            json_text(&Out {
                position: pos.to_string(),
                engine: engine.to_string(),
                mode: result.mode.name(),
                depth: result.depth,
                seldepth: result.seldepth,
                best: result.best.map(|m| m.uci()),
                book: result.best.map(|m| book::write_move(pos, &m)),
                score: result.score,
                score_cp: result.score_cp,
                line: result.line.iter().map(|m| m.uci()).collect(),
                nodes: result.nodes,
                micros,
            })?,
            String::new(),
        ));
    }
    match result.best {
        Some(mv) => {
            let line: Vec<String> = result.line.iter().map(|m| m.uci()).collect();
            wline!(
                out,
                "best {} ({}) score {} nodes {} depth {} mode {}",
                mv.uci(),
                book::write_move(pos, &mv),
                ::chess_t1::search::cp_text(result.score_cp),
                result.nodes,
                result.depth,
                result.mode.name()
            );
            wline!(out, "line {}", line.join(" "));
        }
        None => wline!(out, "no move (status: {})", pos.status()),
    }
    wline!(
        err,
        "search: {:.1} ms, {} nodes/s, seldepth {}",
        micros as f64 / 1000.0,
        result.nodes * 1_000_000 / micros.max(1),
        result.seldepth
    );
    if result.mode == Mode::Zones {
        let z = result.zone_stats;
        wline!(
            err,
            "zones: {} attack zones built, {} taken over from nearby nodes, {} linked zones built; {} projections in {} ms",
            z.rebuilt,
            z.reused,
            z.linked,
            result.projections,
            result.projection_ms
        );
    }
    Ok((out, err))
}
