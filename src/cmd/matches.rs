//! `zonal match`: a match between two players, for every game.

use crate::args::{GameName, MatchArgs};
use crate::output::write_stdout;
use crate::output::{CliError, print_json};
use std::io::Write;
use zonal_core::Limits;
use zonal_play::PlayGame;
use zonal_play::game::Settings;
use zonal_play::matches::{
    ClockControl, MatchConfig, MatchReport, Opening, PlayerDef, SprtConfig, run_match,
};
use zonal_play::spec::PlayerSpec;

/// `matches` for chess-t1.
pub(crate) mod chess {
    use crate::args::DEFAULT_OPENINGS;
    use crate::args::DEFAULT_OPENINGS_TEXT;
    use crate::args::MatchArgs;
    use crate::output::CliError;
    use chess_t1::posfile;

    pub(crate) fn match_cmd(args: &MatchArgs) -> Result<(), CliError> {
        // The default openings are built into the binary: `match` works outside the repository.
        let records = match &args.openings {
            None => posfile::parse_str(DEFAULT_OPENINGS_TEXT, DEFAULT_OPENINGS),
            Some(path) => posfile::read_file(path),
        }
        .map_err(|e| CliError::input(format!("--openings: {e}")))?;
        let openings: Vec<zonal_play::matches::Opening<chess_t1::Position>> = records
            .iter()
            .enumerate()
            .map(|(i, r)| zonal_play::matches::Opening {
                id: r.id().map_or_else(|| format!("#{}", i + 1), str::to_string),
                position: r.position,
            })
            .collect();
        if openings.is_empty() {
            return Err(CliError::input(format!(
                "--openings: {} holds no positions",
                args.openings
                    .as_deref()
                    .unwrap_or(DEFAULT_OPENINGS.as_ref())
                    .display()
            )));
        }
        crate::cmd::matches::play_match::<zonal_games::chess_t1::ChessT1Game>(args, openings)
    }
}

/// `matches` for the games on the core's search, over [`ZoneDef`](zonal_analysis::ZoneDef).
pub(crate) mod generic {
    use crate::args::MatchArgs;
    use crate::output::CliError;
    use zonal_analysis::ZoneDef;
    use zonal_analysis::Zoned;

    /// The positions of an openings file's text.
    pub(crate) fn read_openings<G: ZoneDef>(
        text: &str,
        source: &str,
    ) -> Result<Vec<G::Position>, CliError> {
        Ok(G::parse_file(text, source)
            .map_err(CliError::input)?
            .into_iter()
            .map(|r| r.position)
            .collect())
    }

    pub(crate) fn match_cmd<G: ZoneDef>(args: &MatchArgs) -> Result<(), CliError>
    where
        G::Zones: Default + 'static,
    {
        // No --openings: the game's own openings file (built in), or 16 random 4-ply openings from
        // its first start; a start's name: 16 random 4-ply openings from that start.
        let (shown, openings): (String, Vec<G::Position>) = match (&args.openings, G::OPENINGS) {
            (None, Some((file, text))) => (file.to_string(), read_openings::<G>(text, file)?),
            (None, None) => {
                let first = G::STARTS.first().and_then(|s| G::start(s.0));
                let shown = G::STARTS.first().map_or("", |s| s.0).to_string();
                (
                    shown,
                    first.map_or_else(Vec::new, |p| {
                        zonal_analysis::positions::random_openings::<G>(p, 16, 4)
                    }),
                )
            }
            (Some(path), _) => {
                let shown = path.display().to_string();
                match path.to_str().and_then(G::start) {
                    Some(start) => (
                        shown,
                        zonal_analysis::positions::random_openings::<G>(start, 16, 4),
                    ),
                    None => {
                        let text = std::fs::read_to_string(path).map_err(|e| {
                            CliError::input(format!(
                                "--openings: {shown}: cannot read the file: {e}"
                            ))
                        })?;
                        let read = read_openings::<G>(&text, &shown)?;
                        (shown, read)
                    }
                }
            }
        };
        if openings.is_empty() {
            return Err(CliError::input(format!(
                "{}: --openings {}: no positions",
                G::NAME,
                shown
            )));
        }
        let openings = openings
            .into_iter()
            .enumerate()
            .map(|(i, position)| zonal_play::matches::Opening {
                id: format!("#{}", i + 1),
                position,
            })
            .collect();
        crate::cmd::matches::play_match::<Zoned<G>>(args, openings)
    }
}

/// Runs `zonal match` for `game`.
pub fn run(game: GameName, args: MatchArgs) -> Result<(), CliError> {
    with_game!(
        game,
        chess => chess::match_cmd(&args),
        G => generic::match_cmd::<G>(&args),
    )
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
