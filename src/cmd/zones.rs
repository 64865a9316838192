//! `zonal zones`: the mathematical projection as text, JSON or DOT, after moves if asked.

use crate::args::{GameName, ZonesArgs, position};
use crate::output::{CliError, print_json};
use zonal_analysis::GameDef;
use zonal_analysis::report::*;
use zonal_games::hnefatafl::Hnefatafl;
use zonal_games::jungle::Jungle;
use zonal_games::proryv::Proryv;

/// `zones` for chess-t1.
pub(crate) mod chess {
    use crate::output::CliError;
    use crate::output::write_stdout;
    use chess_t1::position::Position;
    use chess_t1::report::zones::ZonesJson;
    use chess_t1::rules::ChessT1;
    use chess_t1::zone::ZoneConfig;
    use std::time::Instant;

    pub(crate) fn zones_cmd(
        start_pos: &Position,
        config: &ZoneConfig,
        after: &[String],
        json: bool,
        dot: bool,
    ) -> Result<(), CliError> {
        use chess_t1::incremental::{FootprintIndex, Tracker};
        let start = Instant::now();
        let mut tracker = Tracker::new(&ChessT1, *start_pos, config.clone());
        let mut log = String::new();
        for (i, text) in after.iter().enumerate() {
            let pos = *tracker.position();
            if pos.status().is_over() {
                return Err(CliError::input(format!(
                    "--after: move {} ({}): the game is over ({})",
                    i + 1,
                    chess_t1::excerpt::excerpt(text),
                    pos.status()
                )));
            }
            let mv = pos.parse_uci(text).map_err(|e| {
                CliError::input(format!(
                    "--after: move {} ({}'s move {}): {e}",
                    i + 1,
                    pos.side_to_move(),
                    pos.fullmove()
                ))
            })?;
            let index = FootprintIndex::new(tracker.projection());
            let touched = index.touched_by([mv.from, mv.to]).len();
            tracker.play(&mv);
            let stats = tracker.stats();
            log += &format!(
                "after {}: the footprint rule (docs/zones.md §5) touches {touched} of {} zones; \
             the exact update took over {} attack zones, built {} and {} linked zones\n",
                mv.uci(),
                index.len(),
                stats.reused,
                stats.rebuilt,
                stats.linked
            );
        }
        let pos = tracker.position();
        let mp = tracker.projection();
        tracing::info!(
            "{} zones, {} complexes in {:.3} s",
            mp.zones.len(),
            mp.complexes.len(),
            start.elapsed().as_secs_f64()
        );
        if json || dot {
            eprint!("{log}");
        } else {
            write_stdout(&log)?;
        }
        let report = ZonesJson::new(mp, pos);
        if json {
            let text = serde_json::to_string_pretty(&report).map_err(|e| CliError {
                message: format!("cannot write JSON: {e}"),
                code: 1,
            })?;
            write_stdout(&(text + "\n"))
        } else if dot {
            write_stdout(&report.to_dot())
        } else {
            write_stdout(&report.to_text())
        }
    }
}

/// `zones` for Прорыв.
pub(crate) mod proryv {
    use crate::output::CliError;
    use zonal_proryv::{NAME, Position};

    /// Plays the plies of `--after` from `start`, keeping the projection up to date ply by ply (the
    /// rooks' distance maps are taken over while their lines stay as they were); returns the last
    /// position, its zones and a line a ply saying what was reused.
    pub(crate) fn zones_after(
        start: Position,
        horizon: i32,
        after: &[String],
    ) -> Result<(Position, zonal_proryv::zones::Built, String), CliError> {
        use zonal_proryv::zones::{IncrementalProjection, Proryv, changed_squares};
        let mut projection = IncrementalProjection::new();
        let mut pos = start;
        let mut zones = projection.project(&Proryv, &pos, horizon, 0);
        let mut log = String::new();
        for (i, text) in after.iter().enumerate() {
            if pos.is_over() {
                return Err(CliError::input(format!(
                    "{NAME}: --after: ply {} ({}): the game is over",
                    i + 1,
                    chess_t1::excerpt::excerpt(text)
                )));
            }
            let ply = pos.parse_ply(text).map_err(|e| {
                CliError::input(format!(
                    "--after: ply {} ({}): {e}",
                    i + 1,
                    chess_t1::excerpt::excerpt(text)
                ))
            })?;
            let next = pos.play(&ply);
            let before = projection.stats;
            zones = projection.project(&Proryv, &next, horizon, changed_squares(&pos, &next));
            log += &format!(
                "after {ply}: {} zones; the rooks' distance maps: {} taken over, {} built\n",
                zones.zones.len(),
                projection.stats.reused - before.reused,
                projection.stats.built - before.built
            );
            pos = next;
        }
        Ok((pos, zones, log))
    }
}

/// Runs `zonal zones` for `game`.
pub fn run(game: GameName, args: ZonesArgs) -> Result<(), CliError> {
    match game {
        GameName::ChessT1 => {
            let ZonesArgs {
                pos,
                horizon,
                side,
                level,
                json,
                dot,
                text: _,
                after,
            } = args;
            let position = pos.resolve()?;
            let config = chess_t1::zone::ZoneConfig {
                horizon,
                max_level: level,
                side: side.color(),
                ..chess_t1::zone::ZoneConfig::default()
            };
            chess::zones_cmd(&position, &config, &after, json, dot)
        }
        GameName::Proryv => {
            let horizon = args.horizon;
            let start = position::<Proryv>(&args.pos)?;
            let (p, zones, log) = proryv::zones_after(start, horizon, &args.after)?;
            show(
                &args,
                &log,
                || zonal_games::proryv::zones_json(&p, &zones, horizon),
                || zonal_games::proryv::zones_dot(&p, &zones.zones),
                || zonal_proryv::zones::to_text(&p, &zones, horizon),
            )
        }
        GameName::Hnefatafl => core::<Hnefatafl>(args),
        GameName::Jungle => core::<Jungle>(args),
    }
}

/// `zonal zones` for a game of the core's search.
pub(crate) fn core<G: GameDef>(args: ZonesArgs) -> Result<(), CliError> {
    let horizon = args.horizon;
    let start = position::<G>(&args.pos)?;
    let (p, built, log) = zones_after::<G>(start, horizon, &args.after).map_err(CliError::input)?;
    show(
        &args,
        &log,
        || zonal_analysis::report::game_zones_json::<G>(&p, &built, horizon),
        || zones_dot::<G>(&p, &built),
        || G::zones_text(&p, &built, horizon),
    )
}

/// The log of the moves played first (on stderr under JSON or DOT), then the projection as
/// JSON, DOT or text.
fn show(
    args: &ZonesArgs,
    log: &str,
    json: impl FnOnce() -> serde_json::Value,
    dot: impl FnOnce() -> String,
    text: impl FnOnce() -> String,
) -> Result<(), CliError> {
    if args.json || args.dot {
        eprint!("{log}");
    } else {
        out!("{log}");
    }
    if args.json {
        return print_json(&json());
    }
    out!("{}", if args.dot { dot() } else { text() });
    Ok(())
}
