//! `zonal zones`: the mathematical projection as text, JSON or DOT, after moves if asked.

use crate::args::{GameName, ZonesArgs, position};
use crate::output::{CliError, write_stdout};
use zonal_analysis::ZoneDef;
use zonal_analysis::report::*;
use zonal_games::chess_t1::report::zones::{ZonesJson, zones_after as zones_after_t1};
use zonal_games::json_text;

/// Runs `zonal zones` for `game`.
pub fn run(game: GameName, args: ZonesArgs) -> Result<(), CliError> {
    with_game!(
        game,
        chess => {
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
            let (pos, mp, log) =
                zones_after_t1(&position, &config, &after).map_err(CliError::input)?;
            tracing::info!("{} zones, {} complexes", mp.zones.len(), mp.complexes.len());
            let report = ZonesJson::new(&mp, &pos);
            show(
                json,
                dot,
                &log,
                || json_text(&report),
                || report.to_dot(),
                || report.to_text(),
            )
        },
        G => core::<G>(args),
    )
}

/// `zonal zones` for a game of the core's search.
pub(crate) fn core<G: ZoneDef>(args: ZonesArgs) -> Result<(), CliError> {
    let horizon = args.horizon;
    let start = position::<G>(&args.pos)?;
    let (p, built, log) = zones_after::<G>(start, horizon, &args.after).map_err(CliError::input)?;
    show(
        args.json,
        args.dot,
        &log,
        || {
            json_text(&zonal_analysis::report::zones_json::<G>(
                &p, &built, horizon,
            ))
        },
        || G::zones_dot(&p, &built),
        || G::zones_text(&p, &built, horizon),
    )
}

/// The log of the moves played first (on stderr under JSON or DOT), then the projection as
/// JSON, DOT or text.
fn show(
    json: bool,
    dot: bool,
    log: &str,
    json_report: impl FnOnce() -> Result<String, String>,
    dot_report: impl FnOnce() -> String,
    text_report: impl FnOnce() -> String,
) -> Result<(), CliError> {
    if json || dot {
        eprint!("{log}");
    } else {
        out!("{log}");
    }
    if json {
        return write_stdout(&json_report().map_err(|message| CliError { message, code: 1 })?);
    }
    out!("{}", if dot { dot_report() } else { text_report() });
    Ok(())
}
