//! Makes `positions/openings.t1`, the openings of `zonal match`.
//!
//! ```sh
//! cargo run --release --example make_openings > positions/openings.t1
//! cargo run --release --example make_openings -- --count 60 --seed 7 --depth 5 --margin 40
//! ```
//!
//! Plays random moves from the start (2 to 6 half-moves, deterministic for a seed) and keeps
//! the positions where the full-width search (`mode=full`, the full evaluation) to `--depth`
//! (4) scores within ±`--margin` cp (50: half a unit) for the side to move: balanced openings.
//! Positions are kept once, and at most `--per-first` (3) share a first move, so that the
//! openings are varied. Prints `--count` (48) records: the position, `id "open-N"` and a `c0`
//! with the moves in book notation and the score.

use chess_t1::eval::Evaluation;
use chess_t1::sample::Rng;
use chess_t1::search::{Engine, EngineConfig, Mode};
use chess_t1::{Game, Position, book};
use std::collections::{HashMap, HashSet};
use std::process::ExitCode;

struct Args {
    count: usize,
    seed: u64,
    depth: u32,
    margin: i32,
    per_first: usize,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        count: 48,
        seed: 1,
        depth: 4,
        margin: 50,
        per_first: 3,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = |_| format!("{flag} {value:?}: expected a whole number");
        match flag.as_str() {
            "--count" => args.count = value.parse().map_err(bad)?,
            "--seed" => args.seed = value.parse().map_err(bad)?,
            "--depth" => args.depth = value.parse().map_err(bad)?,
            "--margin" => args.margin = value.parse().map_err(bad)?,
            "--per-first" => args.per_first = value.parse().map_err(bad)?,
            _ => {
                return Err(format!(
                    "unknown option {flag} (options: --count --seed --depth --margin --per-first)"
                ));
            }
        }
    }
    if !(1..=12).contains(&args.depth) {
        return Err(format!("--depth {}: expected 1-12", args.depth));
    }
    Ok(args)
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("make_openings: {e}");
            return ExitCode::from(2);
        }
    };
    // The full-width engine with the full evaluation, a fresh table for every position.
    let config = EngineConfig {
        mode: Mode::Full,
        evaluation: Evaluation::Full,
        ..EngineConfig::default()
    };
    let mut rng = Rng::new(args.seed);
    let start = Position::startpos();
    let mut seen = HashSet::new();
    let mut per_first: HashMap<String, usize> = HashMap::new();
    let mut kept = Vec::new();
    let mut tries = 0;
    while kept.len() < args.count && tries < 100_000 {
        tries += 1;
        let plies = 2 + rng.below(5);
        let mut game = Game::new(start);
        while game.moves().len() < plies && game.end().is_none() {
            let moves = game.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play_move(moves[rng.below(moves.len())]);
        }
        let pos = *game.position();
        if game.moves().len() != plies || game.end().is_some() {
            continue;
        }
        let first = game.moves()[0].uci();
        if per_first.get(&first).copied().unwrap_or(0) >= args.per_first
            || !seen.insert(pos.repetition_key())
        {
            continue;
        }
        let result =
            Engine::new(config.clone()).search(&pos, &[], &zonal_core::Limits::depth(args.depth));
        if result.score_cp.abs() > args.margin {
            continue;
        }
        *per_first.entry(first).or_insert(0) += 1;
        kept.push((pos, book::write_game(&start, game.moves()), result.score_cp));
    }
    if kept.len() < args.count {
        eprintln!(
            "make_openings: only {} balanced openings in {tries} tries",
            kept.len()
        );
    }
    println!("# Openings of `zonal match`: balanced positions 2 to 6 half-moves from the start.");
    println!("#");
    println!(
        "# Made by `cargo run --release --example make_openings -- --count {} --seed {} --depth {} \
         --margin {} --per-first {}`:",
        args.count, args.seed, args.depth, args.margin, args.per_first
    );
    println!(
        "# random moves from the start, kept where the full-width search to depth {} scores within \
         ±{} cp",
        args.depth, args.margin
    );
    println!("# (100 cp = 1 unit) for the side to move. Each `c0` gives the moves and that score.");
    for (i, (pos, moves, cp)) in kept.iter().enumerate() {
        println!("{pos} id \"open-{}\"; c0 \"{moves} ({cp:+} cp)\";", i + 1);
    }
    ExitCode::SUCCESS
}
