//! `zonal engine` and `zonal match` for every game through [`zonal_play`]: the command line's
//! side (stdin and stdout, the progress bar, `--out`), and each game's implementation of the
//! library's traits (`chess_t1.rs` with its player keys in `chess_t1_player.rs`; `core_game.rs`
//! for the games of the generic commands, with their search settings [`core_game::Searching`]).

pub mod chess_t1;
pub mod chess_t1_player;
pub mod core_game;

use crate::cli::{CliError, MatchArgs, print_json, write_stdout};
use std::io::Write;
use zonal_core::Limits;
use zonal_play::PlayGame;
use zonal_play::game::Settings;
use zonal_play::matches::{
    ClockControl, MatchConfig, MatchReport, Opening, PlayerDef, SprtConfig, run_match,
};
use zonal_play::spec::PlayerSpec;

/// `zonal engine` for the game `G`, on stdin and stdout.
pub fn engine<G: PlayGame>() -> Result<(), CliError> {
    zonal_play::session::run::<G, _, _>(std::io::stdin().lock(), std::io::stdout()).map_err(|e| {
        CliError {
            message: format!("engine protocol: {e}"),
            code: 1,
        }
    })
}

/// `zonal match` for the game `G` over `openings`.
pub fn match_cmd<G: PlayGame>(
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
    let bar = crate::cli::games_bar(games as u64);
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
