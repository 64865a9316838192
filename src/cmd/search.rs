//! `zonal search`: a position searched within a depth, a time or a node count.

use crate::args::{GameName, PosArg, SearchArgs, position};
use crate::output::CliError;
use zonal_analysis::ZoneDef;

/// `search` for chess-t1.
pub(crate) mod chess {
    use crate::output::CliError;
    use crate::output::spinner;
    use crate::output::write_stdout;
    use chess_t1::position::Position;
    use std::time::Instant;

    pub(crate) fn search_cmd(
        pos: &Position,
        player: &zonal_games::chess_t1::player::ChessConfig,
        limits: &zonal_core::Limits,
        json: bool,
    ) -> Result<(), CliError> {
        let start = Instant::now();
        // Each finished iteration is shown on a terminal while the search runs.
        let progress = spinner("{elapsed_precise} {spinner} {msg}");
        progress.set_message("searching");
        let result = zonal_games::chess_t1::player::Player::new(player.clone()).search(
            pos,
            &[],
            limits,
            None,
            &std::sync::atomic::AtomicBool::new(false),
            &mut |info| {
                let pv: Vec<String> = info.pv.iter().take(6).map(|m| m.uci()).collect();
                progress.set_message(format!(
                    "depth {} score {} nodes {} pv {}",
                    info.depth,
                    chess_t1::search::cp_text(info.score_cp),
                    info.nodes,
                    pv.join(" ")
                ));
            },
        );
        progress.finish_and_clear();
        let micros = start.elapsed().as_micros() as u64;
        let (out, err) = zonal_games::chess_t1::report::search::report(
            pos,
            &player.to_string(),
            &result,
            micros,
            json,
        )
        .map_err(|message| CliError { message, code: 1 })?;
        write_stdout(&out)?;
        eprint!("{err}");
        Ok(())
    }
}

/// `search` for the games on the core's search, over [`ZoneDef`](zonal_analysis::ZoneDef).
pub(crate) mod generic {
    use crate::output::CliError;
    use crate::output::print_json;
    use std::time::Instant;
    use zonal_analysis::ZoneDef;
    use zonal_analysis::analyse::{AnalysisSearch, score_text};
    use zonal_analysis::status;

    pub(crate) fn search_cmd<G: ZoneDef>(
        pos: &G::Position,
        mode: &AnalysisSearch,
        json: bool,
    ) -> Result<(), CliError> {
        let start = Instant::now();
        let (r, name) = mode.search::<G>(pos);
        let micros = start.elapsed().as_micros() as u64;
        if json {
            return print_json(&serde_json::json!({
                "game": G::ID,
                "position": pos.to_string(),
                "search": name,
                "best": r.best.map(|m| m.to_string()),
                "score_cp": r.score,
                "line": r.line.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "depth": r.depth,
                "nodes": r.nodes,
                "micros": micros,
            }));
        }
        match r.best {
            Some(best) => {
                outln!(
                    "best {best} score {} nodes {} depth {}",
                    score_text(r.score),
                    r.nodes,
                    r.depth
                );
                let line: Vec<String> = r.line.iter().map(ToString::to_string).collect();
                outln!("line {}", line.join(" "));
            }
            None => outln!("no move (status: {})", status::<G>(pos)),
        }
        eprintln!(
            "search ({name}): {:.1} ms, {} nodes/s",
            micros as f64 / 1000.0,
            r.nodes * 1_000_000 / micros.max(1)
        );
        Ok(())
    }
}

/// Runs `zonal search` for `game`.
pub fn run(game: GameName, args: SearchArgs) -> Result<(), CliError> {
    let SearchArgs {
        pos,
        depth,
        bounds,
        full,
        horizon,
        engine,
        json,
    } = args;
    with_game!(
        game,
        chess => {
            let pos = pos.resolve()?;
            let limits = bounds.limits(depth, 4);
            let mode = if full {
                chess_t1::search::Mode::Full
            } else {
                chess_t1::search::Mode::Zones
            };
            let horizon = horizon.unwrap_or(4);
            // Play's style, the engine's default.
            let style = chess_t1::search::EngineConfig::default().zone_style;
            chess::search_cmd(&pos, &engine.player(mode, horizon, depth, style), &limits, json)
        },
        G => core::<G>(&pos, full, horizon, &bounds.limits(depth, 4), json),
    )
}

/// `zonal search` for a game of the core's search.
pub(crate) fn core<G: ZoneDef>(
    pos: &PosArg,
    full: bool,
    horizon: Option<i32>,
    limits: &zonal_core::Limits,
    json: bool,
) -> Result<(), CliError> {
    let mode = zonal_analysis::analyse::AnalysisSearch::new::<G>(full, horizon, limits, false);
    generic::search_cmd::<G>(&position::<G>(pos)?, &mode, json)
}
