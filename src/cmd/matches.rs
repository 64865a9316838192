//! `zonal match`: a match between two players, for every game.

use crate::args::MatchArgs;
use crate::output::write_stdout;
use crate::output::{CliError, print_json};
use std::io::Write;
use zonal_analysis::GameDef;
use zonal_core::Limits;
use zonal_play::PlayGame;
use zonal_play::game::Settings;
use zonal_play::matches::{
    ClockControl, MatchConfig, MatchReport, Opening, PlayerDef, SprtConfig, run_match,
};
use zonal_play::spec::PlayerSpec;

/// The openings of an openings file's text, each named by its record's id, else by its number.
fn read_openings<G: GameDef>(
    text: &str,
    source: &str,
) -> Result<Vec<Opening<G::Position>>, CliError> {
    let records =
        G::parse_file(text, source).map_err(|e| CliError::input(format!("--openings: {e}")))?;
    Ok(records
        .into_iter()
        .enumerate()
        .map(|(i, r)| Opening {
            id: r.id().map_or_else(|| format!("#{}", i + 1), str::to_string),
            position: r.position,
        })
        .collect())
}

/// Openings named by their number.
fn numbered<P>(positions: Vec<P>) -> Vec<Opening<P>> {
    positions
        .into_iter()
        .enumerate()
        .map(|(i, position)| Opening {
            id: format!("#{}", i + 1),
            position,
        })
        .collect()
}

/// Runs `zonal match` for the game `G`. No `--openings`: the game's own openings file (built
/// in), or 16 random 4-ply openings from its first start; a start's name: 16 random 4-ply
/// openings from that start; else a position file.
pub fn run<G: GameDef>(args: MatchArgs) -> Result<(), CliError> {
    let random = |start| {
        numbered(zonal_analysis::positions::random_openings::<G>(
            start, 16, 4,
        ))
    };
    let (shown, openings) = match (&args.openings, G::OPENINGS) {
        (None, Some((file, text))) => (file.to_string(), read_openings::<G>(text, file)?),
        (None, None) => {
            let first = G::STARTS.first().and_then(|s| G::start(s.0));
            let shown = G::STARTS.first().map_or("", |s| s.0).to_string();
            (shown, first.map_or_else(Vec::new, random))
        }
        (Some(path), _) => {
            let shown = path.display().to_string();
            match path.to_str().and_then(G::start) {
                Some(start) => (shown, random(start)),
                None => {
                    let text = std::fs::read_to_string(path).map_err(|e| {
                        CliError::input(format!("--openings: {shown}: cannot read the file: {e}"))
                    })?;
                    let read = read_openings::<G>(&text, &shown)?;
                    (shown, read)
                }
            }
        }
    };
    if openings.is_empty() {
        return Err(CliError::input(format!(
            "{}: --openings {shown}: no positions",
            G::NAME
        )));
    }
    play_match::<G::Player>(&args, openings)
}

/// `zonal match` for the game `G` over `openings`.
pub fn play_match<G: PlayGame>(
    args: &MatchArgs,
    openings: Vec<Opening<G::Position>>,
) -> Result<(), CliError> {
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime_ms: args.movetime,
    };
    let player = |n: usize, spec: &Option<String>, cmd: &Option<String>| match (spec, cmd) {
        (Some(text), _) => PlayerSpec::<G>::parse(text, &limits)
            .map(PlayerDef::Builtin)
            .map_err(|e| CliError::input(format!("--engine{n}: {e}"))),
        (None, Some(command)) => {
            PlayerDef::external(command).map_err(|e| CliError::input(format!("--cmd{n}: {e}")))
        }
        (None, None) => Err(CliError::input(format!("give --engine{n} or --cmd{n}"))),
    };
    let mut players = [
        player(1, &args.engine1, &args.cmd1)?,
        player(2, &args.engine2, &args.cmd2)?,
    ];
    for p in &mut players {
        if let PlayerDef::Builtin(spec) = p {
            spec.settings.share_hash(args.jobs as usize);
        }
    }
    let clock = args
        .clock
        .as_deref()
        .map(ClockControl::parse)
        .transpose()
        .map_err(|e| CliError::input(format!("--clock: {e}")))?;
    let sprt = args
        .sprt
        .as_deref()
        .map(|t| SprtConfig::parse(t, args.alpha, args.beta))
        .transpose()
        .map_err(CliError::input)?;
    let games = args.games.map_or(2 * openings.len(), |g| g as usize);
    let mut cfg = MatchConfig {
        players,
        openings,
        games,
        limits,
        clock,
        jobs: args.jobs as usize,
        max_plies: args.max_plies,
        sprt,
    };
    cfg.default_limits();
    let mut out = match &args.out {
        Some(path) => {
            let mut file = std::io::BufWriter::new(std::fs::File::create(path).map_err(|e| {
                CliError::input(format!("--out: cannot create {}: {e}", path.display()))
            })?);
            let header = G::records_header(&cfg.players[0].name(), &cfg.players[1].name());
            file.write_all(header.as_bytes()).map_err(|e| CliError {
                message: format!("--out: cannot write {}: {e}", path.display()),
                code: 1,
            })?;
            Some((file, path))
        }
        None => None,
    };
    let mut write_error = None;
    let bar = crate::output::games_bar(games as u64);
    let (records, stopped) = run_match(&cfg, |record, tally| {
        bar.inc(1);
        bar.set_message(format!(
            "engine1 +{} ={} -{}",
            tally.wins, tally.draws, tally.losses
        ));
        if let Some(e) = &record.error {
            tracing::warn!("game {}: {} ({e})", record.number, record.reason);
        }
        if let Some((file, path)) = &mut out
            && write_error.is_none()
            && let Err(e) = writeln!(file, "{}", G::record_line(record)).and_then(|()| file.flush())
        {
            write_error = Some(format!("--out: cannot write {}: {e}", path.display()));
        }
    })
    .map_err(|e| CliError::input(e.to_string()))?;
    bar.finish_and_clear();
    if let Some(message) = write_error {
        return Err(CliError { message, code: 1 });
    }
    let report = MatchReport::new(&cfg, &records, stopped);
    if args.json {
        print_json(&report)
    } else {
        write_stdout(&report.to_text())
    }
}
