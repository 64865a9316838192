//! `zonal match --game proryv`: two built-in Прорыв players (the core's search with the game's
//! evaluation, each with its own limits and weights) play every opening of a position file with
//! both colours; W/D/L, the Elo difference with its 95% interval, how the games ended, and every
//! game as a position-file record that `zonal play --game proryv FILE --id game-N` replays.

use super::{CliError, MatchArgs, print_json, write_out};
use rayon::prelude::*;
use serde::Serialize;
use std::fmt::Write as _;
use zonal_core::rating::elo_interval;
use zonal_core::{Limits, search};
use zonal_proryv::play::{Proryv, Weights};
use zonal_proryv::{End, NAME, Ply, Position, Side, posfile};

/// The openings used when `--openings` is left at chess-t1's default.
const DEFAULT_OPENINGS: &str = "positions/proryv/openings.pos";

/// One built-in player: the search's limits and the evaluation's weights.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Player {
    limits: Limits,
    weights: Weights,
    /// An external engine's command line (`--cmd1`/`--cmd2`): it plays instead of the search.
    command: Option<String>,
}

impl Player {
    /// Reads `key=value,...` (keys depth, nodes, movetime, race, rook, freedom, tempo) over the
    /// match's own limits.
    fn parse(spec: &str, base: &Limits) -> Result<Player, CliError> {
        let mut p = Player {
            limits: *base,
            weights: Weights::default(),
            command: None,
        };
        for entry in spec.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let bad = |why: &str| {
                CliError::input(format!(
                    "{NAME}: player {:?}: {why} (keys: depth, nodes, movetime, race, rook, freedom, tempo; e.g. depth=4,rook=60)",
                    zonal::excerpt::excerpt(spec)
                ))
            };
            let (key, value) = entry
                .split_once('=')
                .ok_or_else(|| bad(&format!("{entry:?} is not KEY=VALUE")))?;
            let number = || -> Result<i64, CliError> {
                value
                    .trim()
                    .parse()
                    .map_err(|_| bad(&format!("{:?} is not a whole number", value.trim())))
            };
            let positive = |n: i64| {
                u64::try_from(n)
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| bad(&format!("{key} must be at least 1")))
            };
            let weight = |n: i64| {
                i32::try_from(n)
                    .ok()
                    .filter(|n| n.abs() <= 100_000)
                    .ok_or_else(|| bad(&format!("{key} must lie within ±100000")))
            };
            match key.trim() {
                "depth" => {
                    p.limits.depth = Some(u32::try_from(positive(number()?)?.min(64)).unwrap_or(64))
                }
                "nodes" => p.limits.nodes = Some(positive(number()?)?),
                "movetime" => p.limits.movetime_ms = Some(positive(number()?)?),
                "race" => p.weights.race = weight(number()?)?,
                "rook" => p.weights.rook = weight(number()?)?,
                "freedom" => p.weights.freedom = weight(number()?)?,
                "tempo" => p.weights.tempo = weight(number()?)?,
                other => return Err(bad(&format!("unknown key {other:?}"))),
            }
        }
        if p.limits.depth.is_none() && p.limits.nodes.is_none() && p.limits.movetime_ms.is_none() {
            return Err(CliError::input(format!(
                "{NAME}: player {:?} has no limit: give --depth, --nodes or --movetime, or depth=N in the spec",
                zonal::excerpt::excerpt(spec)
            )));
        }
        Ok(p)
    }

    /// The spec in full, as reports show it.
    fn describe(&self) -> String {
        let mut s = String::new();
        if let Some(command) = &self.command {
            let _ = write!(s, "cmd={command:?},");
        }
        if let Some(d) = self.limits.depth {
            let _ = write!(s, "depth={d},");
        }
        if let Some(n) = self.limits.nodes {
            let _ = write!(s, "nodes={n},");
        }
        if let Some(ms) = self.limits.movetime_ms {
            let _ = write!(s, "movetime={ms},");
        }
        let w = &self.weights;
        if self.command.is_some() {
            s.pop();
            return s;
        }
        let _ = write!(
            s,
            "race={},rook={},freedom={},tempo={}",
            w.race, w.rook, w.freedom, w.tempo
        );
        s
    }
}

/// One finished game.
#[derive(Clone, Debug)]
struct Played {
    number: u64,
    start: Position,
    /// Whether engine1 had White.
    engine1_white: bool,
    plies: Vec<Ply>,
    end: Option<End>,
    /// Half points of engine1 (2 win, 1 draw, 0 loss).
    points: u32,
    /// A loss by an external engine's timeout, crash or illegal move.
    forfeit: Option<super::game_engine::Forfeit>,
}

impl Played {
    /// How the game ended, in words.
    fn reason(&self) -> String {
        if let Some(f) = &self.forfeit {
            return f.reason.to_string();
        }
        self.end
            .map_or_else(|| "move_limit".to_string(), |e| end_name(e).to_string())
    }
}

/// A game end's name in reports.
fn end_name(end: End) -> &'static str {
    match end {
        End::Won(outcome) => match outcome {
            zonal_proryv::Outcome::ContactAtHome { .. } => "contact_at_home",
            zonal_proryv::Outcome::TargetReached { .. } => "target_reached",
            zonal_proryv::Outcome::NoLegalPly { .. } => "no_legal_ply",
        },
        End::Repetition => "repetition",
        End::QuietPlies => "quiet_plies",
    }
}

/// Plays game `number` from `start`, `players[0]` with White (an external player through the
/// engine protocol): its plies, its end, and the forfeit that ended it, if one did.
fn play_game(
    number: u64,
    start: Position,
    players: [&Player; 2],
    max_plies: u32,
) -> (Vec<Ply>, Option<End>, Option<super::game_engine::Forfeit>) {
    let external = players.map(|p| p.command.as_deref().map(|c| (c, p.limits)));
    let (game, forfeit) = super::game_engine::play_with::<super::game_engine::ProryvEngine>(
        number,
        start,
        external,
        max_plies,
        |i, pos, history| {
            // A position with no ply ends the game by the rules (its end is set already), so a
            // missing ply here means the search was stopped before its first move.
            let rules = Proryv {
                weights: players[i].weights,
            };
            search(&rules, pos, history, &players[i].limits)
                .best
                .map(|ply| ply.to_string())
        },
    );
    (game.plies().to_vec(), game.end(), forfeit)
}

/// Half points of White in a finished game (1 for a draw or an unfinished game).
fn white_points(end: Option<End>) -> u32 {
    match end {
        Some(End::Won(outcome)) if outcome.winner() == Side::White => 2,
        Some(End::Won(_)) => 0,
        _ => 1,
    }
}

/// The match's report.
#[derive(Serialize)]
struct Report {
    game: &'static str,
    engine1: String,
    engine2: String,
    games: u64,
    wins: u64,
    draws: u64,
    losses: u64,
    score: f64,
    elo: f64,
    elo_low: f64,
    elo_high: f64,
    ends: std::collections::BTreeMap<String, u64>,
    average_plies: f64,
}

/// `zonal match --game proryv`.
pub fn match_cmd(args: &MatchArgs) -> Result<(), CliError> {
    if args.clock.is_some() || args.sprt.is_some() {
        return Err(CliError::input(format!(
            "{NAME}: --clock and --sprt are not available for this game yet; use --movetime, --nodes or --depth"
        )));
    }
    let base = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime_ms: args.movetime,
    };
    let spec = |s: &Option<String>| s.clone().unwrap_or_default();
    let player = |engine: &Option<String>, cmd: &Option<String>| match cmd {
        Some(command) => {
            super::game_engine::check_external(NAME, command, &base)?;
            let mut p = Player::parse("", &base)?;
            p.command = Some(command.clone());
            Ok(p)
        }
        None => Player::parse(&spec(engine), &base),
    };
    let players = [
        player(&args.engine1, &args.cmd1)?,
        player(&args.engine2, &args.cmd2)?,
    ];
    let path = if args.openings == std::path::Path::new("positions/openings.t1") {
        std::path::PathBuf::from(DEFAULT_OPENINGS)
    } else {
        args.openings.clone()
    };
    let text = std::fs::read_to_string(&path).map_err(|e| {
        CliError::input(format!(
            "--openings: {}: cannot read the file: {e}",
            path.display()
        ))
    })?;
    let records =
        posfile::parse_str(&text, &path.display().to_string()).map_err(CliError::input)?;
    let openings: Vec<Position> = records.iter().map(|r| r.position).collect();
    if openings.is_empty() {
        return Err(CliError::input(format!(
            "{NAME}: --openings {}: no positions",
            path.display()
        )));
    }
    // The games file is created before the games are played, so that a wrong path fails at once.
    let mut games_file = match &args.out {
        Some(out) => Some(std::fs::File::create(out).map_err(|e| CliError {
            message: format!("cannot write {}: {e}", out.display()),
            code: 1,
        })?),
        None => None,
    };
    let total = args.games.unwrap_or(openings.len() as u64 * 2);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs as usize)
        .build()
        .map_err(|e| CliError {
            message: format!("cannot start the match's threads: {e}"),
            code: 1,
        })?;
    let mut played: Vec<Played> = pool.install(|| {
        (0..total)
            .into_par_iter()
            .map(|n| {
                let start = openings[(n / 2) as usize % openings.len()];
                // Each opening twice: engine1 White, then Black.
                let engine1_white = n % 2 == 0;
                let order = if engine1_white {
                    [&players[0], &players[1]]
                } else {
                    [&players[1], &players[0]]
                };
                // The side to move of an opening may be Black: White is whoever has White.
                let (plies, end, forfeit) = play_game(n + 1, start, order, args.max_plies);
                let white = match &forfeit {
                    Some(f) if f.loser == Side::White => 0,
                    Some(_) => 2,
                    None => white_points(end),
                };
                let points = if engine1_white { white } else { 2 - white };
                Played {
                    number: n + 1,
                    start,
                    engine1_white,
                    plies,
                    end,
                    points,
                    forfeit,
                }
            })
            .collect()
    });
    played.sort_by_key(|g| g.number);
    if let (Some(out), Some(file)) = (&args.out, games_file.as_mut()) {
        let mut text = format!(
            "# zonal match --game proryv: engine1 {} against engine2 {}\ngame {}\n",
            players[0].describe(),
            players[1].describe(),
            posfile::GAME
        );
        for g in &played {
            let plies: Vec<String> = g.plies.iter().map(Ply::to_string).collect();
            let (white, black) = if g.engine1_white {
                ("engine1", "engine2")
            } else {
                ("engine2", "engine1")
            };
            let result = match &g.forfeit {
                Some(f) if f.loser == Side::White => "0-1",
                Some(_) => "1-0",
                None => g.end.map_or("*", End::result),
            };
            let _ = writeln!(
                text,
                "{} id \"game-{}\"; moves {}; c0 \"White {white}, Black {black}: {result} ({})\";",
                g.start,
                g.number,
                plies.join(" "),
                g.reason()
            );
        }
        std::io::Write::write_all(file, text.as_bytes()).map_err(|e| CliError {
            message: format!("cannot write {}: {e}", out.display()),
            code: 1,
        })?;
    }
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut ends = std::collections::BTreeMap::new();
    for g in &played {
        match g.points {
            2 => wins += 1,
            1 => draws += 1,
            _ => losses += 1,
        }
        *ends.entry(g.reason()).or_insert(0) += 1;
    }
    let (elo, low, high) = elo_interval(wins, draws, losses);
    let plies: usize = played.iter().map(|g| g.plies.len()).sum();
    let report = Report {
        game: "proryv",
        engine1: players[0].describe(),
        engine2: players[1].describe(),
        games: played.len() as u64,
        wins,
        draws,
        losses,
        score: zonal_core::rating::score(wins, draws, losses),
        elo,
        elo_low: low,
        elo_high: high,
        ends,
        average_plies: plies as f64 / played.len().max(1) as f64,
    };
    if args.json {
        return print_json(&report);
    }
    let elo_text = |x: f64| {
        if x.is_finite() {
            format!("{x:+.1}")
        } else if x > 0.0 {
            "+inf".to_string()
        } else {
            "-inf".to_string()
        }
    };
    let ends: Vec<String> = report
        .ends
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect();
    write_out(format_args!(
        "{NAME} match\nengine1: {}\nengine2: {}\ngames {}: engine1 +{wins} ={draws} -{losses}, score {:.1}%\nelo {} (95% interval {} .. {})\nends: {}\naverage length: {:.1} plies\n",
        report.engine1,
        report.engine2,
        report.games,
        report.score * 100.0,
        elo_text(elo),
        elo_text(low),
        elo_text(high),
        ends.join(", "),
        report.average_plies
    ))
}
