//! Finds tactics for `positions/tactics.t1` and checks position files.
//!
//! ```sh
//! cargo run --release --example make_tactics                      # 12 positions, seed 1
//! cargo run --release --example make_tactics -- --count 20 --seed 7
//! cargo run --release --example make_tactics -- --check positions/tactics.t1
//! ```
//!
//! **Generate** (default): plays random games from the start ([`chess_t1::sample::playout`], 14 to
//! 60 half-moves) and keeps positions where the full-width search at depth `--depth` (4) has a
//! **unique best move** that beats the next best root move by at least `--margin` (2) half-units
//! and gains material (best score minus the material balance now >= 2 half-units, or a proven
//! win). At most `--per-kind` (2) positions per (moving piece, kind of move), and as many game
//! wins in all, so that the output is varied. Prints records in position-file format: `id`,
//! `bm`, `am` (the greediest capture that scores at least the margin below the best, if any) and
//! a `c0` comment with the line and both scores.
//!
//! In full mode [`chess_t1::search::baseline::search`] scores only the best root move exactly (the others are
//! bounds), so every root move is scored here with its own full-window search: play the move,
//! search the child at depth - 1 in full mode, negate (and move proven game ends one half-move
//! further away, as the search from the root would count them).
//!
//! **Check** (`--check FILE`): prints the exact score of every legal move of each position of
//! the file (best first), whether `bm` holds all the equally best moves and nothing else, and
//! whether `am` avoids them.

use chess_t1::exchange::Material;
use chess_t1::sample::{Rng, playout};
use chess_t1::search::baseline::{BaselineConfig as SearchConfig, search};
use chess_t1::search::{Mode, PROVEN};
use chess_t1::{Move, MoveKind, Position};
use std::collections::{HashMap, HashSet};
use std::process::ExitCode;

/// Every legal move with its exact full-width score at `depth` (at least 2), best first (ties by
/// coordinates).
fn exact_scores(pos: &Position, depth: u32) -> Vec<(Move, i32)> {
    let cfg = SearchConfig {
        depth: depth.saturating_sub(1).max(1),
        mode: Mode::Full,
        ..SearchConfig::default()
    };
    let mut out: Vec<(Move, i32)> = pos
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let child = pos.play(&mv);
            (mv, one_ply_further(-search(&child, &cfg).score))
        })
        .collect();
    out.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.uci().cmp(&b.0.uci())));
    out
}

/// A score seen from the parent: proven game ends are one half-move further away.
fn one_ply_further(score: i32) -> i32 {
    if score >= PROVEN {
        score - 1
    } else if score <= -PROVEN {
        score + 1
    } else {
        score
    }
}

/// The full-width principal line at `depth` starting with `mv`, in coordinate form.
fn principal_line(pos: &Position, mv: &Move, depth: u32) -> Vec<String> {
    let cfg = SearchConfig {
        depth: depth.saturating_sub(1).max(1),
        mode: Mode::Full,
        ..SearchConfig::default()
    };
    let rest = search(&pos.play(mv), &cfg).line;
    std::iter::once(mv.uci())
        .chain(rest.iter().map(Move::uci))
        .collect()
}

fn score_text(score: i32) -> String {
    if score >= PROVEN {
        format!("{score} (win)")
    } else if score <= -PROVEN {
        format!("{score} (loss)")
    } else {
        score.to_string()
    }
}

/// A short description of a move: "White Ritter d3xe3 takes the Ver Knecht".
fn describe(pos: &Position, mv: &Move) -> String {
    let side = pos.side_to_move().name_capitalized();
    let what = match (mv.kind, mv.captured) {
        (MoveKind::Capture, Some(k)) => format!("{}x{} takes the {}", mv.from, mv.to, k.name()),
        (MoveKind::Exchange, Some(k)) => {
            format!("{}:{} exchanges the {}", mv.from, mv.to, k.name())
        }
        _ => format!("{}-{}", mv.from, mv.to),
    };
    let promo = mv
        .promotion
        .map_or(String::new(), |p| format!(", becoming a {}", p.name()));
    format!("{side} {} {what}{promo}", mv.piece.name())
}

struct Args {
    count: usize,
    seed: u64,
    depth: u32,
    margin: i32,
    per_kind: usize,
    check: Option<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        count: 12,
        seed: 1,
        depth: 4,
        margin: 2,
        per_kind: 2,
        check: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        let number = |v: String| v.parse::<u64>().map_err(|e| format!("{flag}: {e}"));
        match flag.as_str() {
            "--count" => args.count = number(value()?)? as usize,
            "--seed" => args.seed = number(value()?)?,
            "--depth" => args.depth = number(value()?)?.clamp(2, 8) as u32,
            "--margin" => args.margin = number(value()?)? as i32,
            "--per-kind" => args.per_kind = number(value()?)? as usize,
            "--check" => args.check = Some(value()?),
            other => {
                return Err(format!(
                    "unknown argument {other} (expected --count N, --seed S, --depth D, \
                     --margin M, --per-kind K or --check FILE)"
                ));
            }
        }
    }
    Ok(args)
}

fn check(path: &str, depth: u32) -> Result<bool, String> {
    let records =
        chess_t1::posfile::read_file(std::path::Path::new(path)).map_err(|e| e.to_string())?;
    let mut all_good = true;
    for r in &records {
        let scores = exact_scores(&r.position, depth);
        let best = scores.first().map_or(i32::MIN, |s| s.1);
        let best_moves: Vec<String> = scores
            .iter()
            .filter(|s| s.1 == best)
            .map(|s| s.0.uci())
            .collect();
        let next = scores.iter().find(|s| s.1 < best).map(|s| s.1);
        let mut bm: Vec<String> = r.operands("bm").map(<[String]>::to_vec).unwrap_or_default();
        bm.sort();
        let am: Vec<String> = r.operands("am").map(<[String]>::to_vec).unwrap_or_default();
        let bm_ok = bm == best_moves;
        let am_ok = am.iter().all(|m| !best_moves.contains(m));
        all_good &= bm_ok && am_ok;
        println!(
            "== {} line {}: best {} {:?}, next best {}: bm {} am {}",
            r.id().unwrap_or("?"),
            r.line,
            score_text(best),
            best_moves,
            next.map_or("none".to_string(), score_text),
            if bm_ok { "ok" } else { "WRONG" },
            if am_ok { "ok" } else { "WRONG" },
        );
        if let Some((mv, _)) = scores.first() {
            println!(
                "   line {}",
                principal_line(&r.position, mv, depth).join(" ")
            );
        }
        let shown: Vec<String> = scores
            .iter()
            .take(8)
            .map(|(m, s)| format!("{m} {}", score_text(*s)))
            .collect();
        println!("   {}", shown.join(", "));
    }
    Ok(all_good)
}

fn generate(args: &Args) {
    let material = Material::default();
    let start = Position::startpos();
    let mut rng = Rng::new(args.seed);
    let mut per_kind: HashMap<String, usize> = HashMap::new();
    let mut seen = HashSet::new();
    let mut found = 0;
    let mut tried = 0;
    println!(
        "# make_tactics --seed {} --depth {} --margin {}",
        args.seed, args.depth, args.margin
    );
    while found < args.count && tried < 20_000 {
        tried += 1;
        let plies = 14 + rng.below(47);
        let pos = playout(&start, plies, &mut rng);
        if pos.status().is_over() || pos.quiet_half_moves() > 40 || !seen.insert(pos) {
            continue;
        }
        // Cheap filter first: the root search's best score is exact.
        let cfg = SearchConfig {
            depth: args.depth,
            mode: Mode::Full,
            ..SearchConfig::default()
        };
        let quick = search(&pos, &cfg);
        let balance = material.balance(&pos, pos.side_to_move());
        let wins = quick.score >= PROVEN;
        if quick.score - balance < 2 && !wins {
            continue;
        }
        let scores = exact_scores(&pos, args.depth);
        let [(best_mv, best), (second_mv, second), ..] = scores[..] else {
            continue;
        };
        if best != quick.score {
            eprintln!(
                "warning: {pos}: root search {} but exact best {best}",
                quick.score
            );
        }
        if best - second < args.margin || second >= PROVEN {
            continue;
        }
        // Variety: at most `per_kind` positions per (moving piece, what the move does); all
        // game-winning moves count as one class whatever the piece.
        let class = if wins {
            "win".to_string()
        } else {
            format!(
                "{:?} {:?} {}",
                best_mv.piece,
                best_mv.kind,
                best_mv.promotion.is_some()
            )
        };
        let n = per_kind.entry(class).or_default();
        if *n >= args.per_kind {
            continue;
        }
        *n += 1;
        found += 1;
        let gain = if wins {
            "wins the game".to_string()
        } else {
            format!("gains {} half-units", best - balance)
        };
        let line = principal_line(&pos, &best_mv, args.depth);
        // `am`: the greediest capture that fails (most material at once, scoring at least
        // `margin` below the best), if there is one.
        let am = scores
            .iter()
            .filter(|(m, s)| m.is_capture() && *s <= best - args.margin)
            .max_by_key(|(m, s)| (material.gain(m), *s))
            .map(|(m, s)| (*m, *s));
        let (am_op, am_text) = match am {
            Some((m, s)) => (
                format!(" am {};", m.uci()),
                format!(" The greedy {} scores only {s}.", describe(&pos, &m)),
            ),
            None => (String::new(), String::new()),
        };
        println!(
            "{pos} id \"auto-{}-{tried}\"; bm {};{am_op} c0 \"Random game (make_tactics --seed {}, game {tried}): {}, which {gain} (line {}).{am_text} Confirmed by full-width search at depth {}: best score {best}, next best {second} ({}).\";",
            args.seed,
            best_mv.uci(),
            args.seed,
            describe(&pos, &best_mv),
            line.join(" "),
            args.depth,
            second_mv.uci(),
        );
    }
    eprintln!("{found} positions from {tried} games");
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("make_tactics: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(path) = &args.check {
        return match check(path, args.depth) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::FAILURE,
            Err(e) => {
                eprintln!("make_tactics: {e}");
                ExitCode::from(2)
            }
        };
    }
    generate(&args);
    ExitCode::SUCCESS
}
