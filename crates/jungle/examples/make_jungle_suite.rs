//! Finds Jungle tactics for `positions/jungle/suite.pos` (positions with one best move) and
//! checks such a file.
//!
//! ```sh
//! # generate: the whole file on stdout, progress on stderr
//! cargo run --release -p zonal-jungle --example make_jungle_suite -- --seed 1 --depth 5 --games 300 > positions/jungle/suite.pos
//! # check every record of a file (exit code 1 if one fails)
//! cargo run --release -p zonal-jungle --example make_jungle_suite -- --check positions/jungle/suite.pos
//! ```
//!
//! **Generate.** Plays `--games` random games from the start position with a seeded generator:
//! each ply is, with a probability drawn per game and side from [0.3, 0.9), a move that brings
//! a piece closer to the enemy den (counted along its own way, [`den_distance`]) or a capture, and
//! otherwise any legal move. Every position from ply 8 on that is not over, whose quiet counter
//! leaves room for the depth, and where some piece stands within four steps of the enemy den or
//! a capture is possible, is searched with [`zonal_core::search`] at depth `--depth` (D) and kept
//! when
//!
//! - **win**: the score is a forced win and exactly one root move wins within D plies: every
//!   other root move is played and its child searched at D - 1 (the search stops deepening at the
//!   first game end it finds, so its own root list comes from a shallower iteration);
//! - **defence**: no root move wins, exactly one does not lose within D plies, and every other
//!   root move (at least two) loses (the last iteration is D, where every root move is scored
//!   with a full window).
//!
//! Each kept position is confirmed by [`zonal_core::search_without_table`] at the same depth:
//! the same best move and the same score. Themes come from the best move (den entry, capture,
//! trap capture, jump, rat into the water, step onto an enemy trap, other step) and from how the
//! principal line ends (den, last piece, no move); at most `--per-kind` positions a theme, two a
//! game, deduplicated. Records are sorted by theme, ids `jungle-01`, ...
//!
//! **Check** (`--check FILE`): for every record the `bm` move is legal, both searches at the
//! depth of `c1` (`depth D`) choose it with the same score, and the exact depth-D scores agree
//! with `c0` ("win in N": only `bm` wins, in N own moves; "defence": only `bm` does not lose).

use std::collections::{BTreeMap, HashSet};
use std::process::ExitCode;
use zonal_core::guided::ZoneNarrowing;
use zonal_core::rng::Rng;
use zonal_core::{Limits, Rules, WIN, WIN_BOUND, search, search_narrowed, search_without_table};
use zonal_jungle::eval::den_distance;
use zonal_jungle::geometry::{JUMPS, TRAPS, WATER, bit, enemy_den};
use zonal_jungle::play::Jungle;
use zonal_jungle::posfile;
use zonal_jungle::{Animal, Move, Outcome, Position, QUIET_LIMIT, Side};

fn limits(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

/// Own moves to the game's end for a game-end score.
fn moves_to_end(score: i32) -> i32 {
    (WIN - score.abs() + 1) / 2
}

/// The exact depth-`depth` score of every root move: each child searched at `depth - 1`.
fn exact_scores(pos: &Position, depth: u32) -> Vec<(Move, i32)> {
    let rules = Jungle::default();
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let next = pos.play(&mv);
            let score = match rules.terminal(&next) {
                Some(zonal_core::Terminal::Loss) => WIN - 1,
                Some(zonal_core::Terminal::Win) => -(WIN - 1),
                Some(zonal_core::Terminal::Draw) => 0,
                None if depth <= 1 => -rules.evaluate(&next),
                None => {
                    let r = search(&rules, &next, &[], &limits(depth - 1));
                    // One ply further from the root.
                    let s = -r.score;
                    if s > WIN_BOUND {
                        s - 1
                    } else if s < -WIN_BOUND {
                        s + 1
                    } else {
                        s
                    }
                }
            };
            (mv, score)
        })
        .collect()
}

/// What a move does, in a few words.
fn move_kind(pos: &Position, mv: Move) -> &'static str {
    let us = pos.side_to_move();
    let (from, to) = (mv.from(), mv.to());
    let jump = JUMPS[from as usize]
        .iter()
        .any(|j| j.over != 0 && j.to == to);
    let mover = pos.piece_at(from).map(|(_, a)| a);
    if enemy_den(us) & bit(to) != 0 {
        "den entry"
    } else if pos.is_capture(mv) {
        if jump {
            "jump capture"
        } else if TRAPS[us as usize] & bit(to) != 0 {
            "trap capture"
        } else if mover == Some(Animal::Rat) {
            "rat capture"
        } else {
            "capture"
        }
    } else if jump {
        "jump"
    } else if mover == Some(Animal::Rat) && WATER & bit(to) != 0 && WATER & bit(from) == 0 {
        "rat into the water"
    } else if TRAPS[us.other() as usize] & bit(to) != 0 {
        "step onto an enemy trap"
    } else {
        "step"
    }
}

/// How the principal line ends.
fn line_end(pos: &Position, line: &[Move]) -> &'static str {
    let mut p = *pos;
    for mv in line {
        match p.try_play(*mv) {
            Some(next) => p = next,
            None => return "?",
        }
    }
    // The line stops at the horizon; the last move may be the quiescence's den entry or capture.
    if p.outcome().is_none() {
        let finish = p.legal_moves().into_iter().find(|&m| {
            p.play(&m)
                .outcome()
                .is_some_and(|o| o.winner() == p.side_to_move())
        });
        if let Some(m) = finish {
            p = p.play(&m);
        }
    }
    match p.outcome() {
        Some(Outcome::Den { .. }) => "den",
        Some(Outcome::NoPieces { .. }) => "last piece",
        Some(Outcome::NoMove { .. }) => "no move",
        None => "material",
    }
}

/// A kept position.
struct Found {
    theme: String,
    pos: Position,
    bm: Move,
    c0: String,
}

fn examine(pos: &Position, depth: u32) -> Option<Found> {
    let rules = Jungle::default();
    let r = search(&rules, pos, &[], &limits(depth));
    let bm = r.best?;
    let (kind, c0) = if r.score > WIN_BOUND {
        let n = moves_to_end(r.score);
        let scores = exact_scores(pos, depth);
        if scores.iter().filter(|(_, s)| *s > WIN_BOUND).count() != 1 {
            return None;
        }
        let ending = line_end(pos, &r.line);
        (
            format!("win in {n} by {ending}, {}", move_kind(pos, bm)),
            format!("win in {n} by {ending}; bm: {}", move_kind(pos, bm)),
        )
    } else if r.score >= -WIN_BOUND {
        let losing = r.root.iter().filter(|r| r.score < -WIN_BOUND).count();
        if r.depth != depth || losing + 1 != r.root.len() || losing < 2 {
            return None;
        }
        // The threat: what the opponent would do if we could pass.
        let other = pos.with_side_to_move(pos.side_to_move().other());
        let threat = search(&rules, &other, &[], &limits(depth - 1));
        let against = if threat.score > WIN_BOUND {
            line_end(&other, &threat.line)
        } else {
            "loss"
        };
        (
            format!("defence against {against}, {}", move_kind(pos, bm)),
            format!(
                "defence against {against}; {losing} other moves lose; bm: {}",
                move_kind(pos, bm)
            ),
        )
    } else {
        return None;
    };
    let plain = search_without_table(&rules, pos, &[], &limits(depth));
    if plain.best != Some(bm) || plain.score != r.score {
        return None;
    }
    Some(Found {
        theme: kind,
        pos: *pos,
        bm,
        c0,
    })
}

fn worth_searching(pos: &Position, depth: u32) -> bool {
    if pos.is_over() || pos.quiet_plies() + depth + 2 >= QUIET_LIMIT {
        return false;
    }
    let near = Side::BOTH.iter().any(|&side| {
        Animal::ALL.iter().any(|&a| {
            let set = pos.pieces(side, a);
            set != 0 && den_distance(side, a, set.trailing_zeros() as u8) <= 4
        })
    });
    near || pos.legal_moves().iter().any(|&m| pos.is_capture(m))
}

fn random_game(rng: &mut Rng) -> Vec<Position> {
    let greed = [30 + rng.below(60) as u64, 30 + rng.below(60) as u64];
    let mut pos = Position::startpos();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for ply in 0..160 {
        if pos.is_over() || !seen.insert(pos.repetition_key()) {
            break;
        }
        if ply >= 8 {
            out.push(pos);
        }
        let moves = pos.legal_moves();
        let us = pos.side_to_move();
        let keen: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                pos.is_capture(m) || {
                    let a = pos.piece_at(m.from()).map_or(Animal::Cat, |(_, a)| a);
                    den_distance(us, a, m.to()) < den_distance(us, a, m.from())
                }
            })
            .collect();
        let mv = if !keen.is_empty() && (rng.below(100) as u64) < greed[us as usize] {
            keen[rng.below(keen.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        pos = pos.play(&mv);
    }
    out
}

struct Options {
    seed: u64,
    depth: u32,
    games: usize,
    per_kind: usize,
    check: Option<String>,
    compare: Option<String>,
    horizon: i32,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        seed: 1,
        depth: 5,
        games: 300,
        per_kind: 3,
        check: None,
        compare: None,
        horizon: 5,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args
            .get(i + 1)
            .ok_or_else(|| format!("{} needs a value", args[i]))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|e| format!("{}: {e}", args[i]))
        };
        match args[i].as_str() {
            "--seed" => o.seed = number()?,
            "--depth" => o.depth = number()?.clamp(1, 9) as u32,
            "--games" => o.games = number()? as usize,
            "--per-kind" => o.per_kind = number()? as usize,
            "--check" => o.check = Some(value.clone()),
            "--compare" => o.compare = Some(value.clone()),
            "--horizon" => o.horizon = number()?.clamp(1, 12) as i32,
            other => return Err(format!("unknown option {other}")),
        }
        i += 2;
    }
    Ok(o)
}

fn generate(o: &Options) -> ExitCode {
    let mut rng = Rng::new(o.seed);
    let mut kept: BTreeMap<String, Vec<Found>> = BTreeMap::new();
    let mut seen = HashSet::new();
    let (mut searched, mut total) = (0usize, 0usize);
    for game in 0..o.games {
        let mut themes_this_game: Vec<String> = Vec::new();
        for pos in random_game(&mut rng) {
            if themes_this_game.len() >= 2 || !worth_searching(&pos, o.depth) {
                continue;
            }
            if !seen.insert(pos.repetition_key()) {
                continue;
            }
            searched += 1;
            let Some(found) = examine(&pos, o.depth) else {
                continue;
            };
            let list = kept.entry(found.theme.clone()).or_default();
            if list.len() >= o.per_kind || themes_this_game.contains(&found.theme) {
                continue;
            }
            themes_this_game.push(found.theme.clone());
            list.push(found);
            total += 1;
        }
        if game % 10 == 9 {
            eprintln!(
                "{} games, {searched} positions searched, {total} kept",
                game + 1
            );
        }
    }
    println!(
        "# Jungle tactics: found by crates/jungle/examples/make_suite.rs (seed {}, depth {}, {} games), each confirmed by full-width search without the table.",
        o.seed, o.depth, o.games
    );
    println!(
        "# bm is the only winning move (\"win in N\": N own moves) or the only move that does not lose (\"defence\") at the depth of c1."
    );
    println!(
        "# Check: cargo run --release -p zonal-jungle --example make_jungle_suite -- --check positions/jungle/suite.pos"
    );
    println!("# Themes (count, theme):");
    for (theme, list) in &kept {
        println!("# {:4}  {theme}", list.len());
    }
    println!("game jungle");
    let mut n = 0;
    for list in kept.values() {
        for f in list {
            n += 1;
            println!(
                "{} id \"jungle-{n:02}\"; bm {}; c0 \"{}\"; c1 \"depth {}\";",
                f.pos, f.bm, f.c0, o.depth
            );
        }
    }
    ExitCode::SUCCESS
}

fn check_record(r: &posfile::Record) -> Result<String, String> {
    let id = r.id().unwrap_or("?").to_string();
    let bm_text = r
        .operands("bm")
        .and_then(|b| b.first())
        .ok_or_else(|| format!("{id}: no bm"))?;
    let bm = r
        .position
        .parse_move(bm_text)
        .map_err(|e| format!("{id}: {e}"))?;
    let c0 = r.comment().unwrap_or_default();
    let depth: u32 = r
        .operands("c1")
        .and_then(|c| c.first())
        .and_then(|c| c.strip_prefix("depth "))
        .and_then(|d| d.parse().ok())
        .ok_or_else(|| format!("{id}: no c1 \"depth D\""))?;
    let rules = Jungle::default();
    let a = search(&rules, &r.position, &[], &limits(depth));
    let b = search_without_table(&rules, &r.position, &[], &limits(depth));
    if a.best != Some(bm) || b.best != Some(bm) || a.score != b.score {
        return Err(format!(
            "{id}: searches choose {:?} ({}) and {:?} ({}), bm {bm}",
            a.best.map(|m| m.to_string()),
            a.score,
            b.best.map(|m| m.to_string()),
            b.score
        ));
    }
    let scores = exact_scores(&r.position, depth);
    if let Some(rest) = c0.strip_prefix("win in ") {
        let n: i32 = rest
            .split_whitespace()
            .next()
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| format!("{id}: c0 {c0:?}"))?;
        let winners: Vec<&(Move, i32)> = scores.iter().filter(|(_, s)| *s > WIN_BOUND).collect();
        if winners.len() != 1 || winners[0].0 != bm || moves_to_end(winners[0].1) != n {
            return Err(format!("{id}: winners {winners:?}, c0 {c0:?}"));
        }
    } else if c0.starts_with("defence") {
        let holding: Vec<&(Move, i32)> = scores.iter().filter(|(_, s)| *s >= -WIN_BOUND).collect();
        if holding.len() != 1 || holding[0].0 != bm || holding[0].1 > WIN_BOUND {
            return Err(format!("{id}: holding moves {holding:?}"));
        }
    } else {
        return Err(format!("{id}: c0 {c0:?} is neither a win nor a defence"));
    }
    Ok(format!("{id}: {bm} ok ({c0})"))
}

fn check(file: &str) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let records = match posfile::parse_str(&text, file) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    if posfile::stated_game(&text) != Some(posfile::GAME) {
        eprintln!("{file}: no `game jungle` line");
        return ExitCode::FAILURE;
    }
    let mut failed = 0;
    for r in &records {
        match check_record(r) {
            Ok(line) => println!("{line}"),
            Err(e) => {
                failed += 1;
                println!("FAIL {e}");
            }
        }
    }
    println!("{} records, {failed} failed", records.len());
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The zone-guided search against the full-width one on every record of `file`, at the
/// record's depth, the projection at `horizon` half-moves: a markdown table.
fn compare(file: &str, horizon: i32) -> ExitCode {
    let Ok(text) = std::fs::read_to_string(file) else {
        eprintln!("{file}: cannot read");
        return ExitCode::FAILURE;
    };
    let records = match posfile::parse_str(&text, file) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let guide = ZoneNarrowing::new(&zonal_jungle::zones::JungleZones, horizon, usize::MAX);
    let rules = Jungle::default();
    println!("| id | theme | full nodes | guided nodes | ratio | bm found |");
    println!("|---|---|---|---|---|---|");
    let (mut found, mut full_total, mut guided_total) = (0, 0, 0);
    for r in &records {
        let depth = r
            .operands("c1")
            .and_then(|c| c.first())
            .and_then(|c| c.strip_prefix("depth "))
            .and_then(|d| d.parse().ok())
            .unwrap_or(5);
        let bm = r
            .operands("bm")
            .and_then(|b| b.first())
            .cloned()
            .unwrap_or_default();
        let full = search(&rules, &r.position, &[], &limits(depth));
        let counting = Counting {
            inner: &guide,
            seen: std::cell::Cell::new((0, 0, 0)),
        };
        let guided = search_narrowed(&rules, &counting, &r.position, &[], &limits(depth));
        let (n, b, a) = counting.seen.get();
        eprintln!(
            "{}: {n} narrowed nodes, {b} moves, {a} kept; guided score {}",
            r.id().unwrap_or("?"),
            guided.score
        );
        let ok = guided.best.map(|m| m.to_string()) == Some(bm.clone());
        found += usize::from(ok);
        full_total += full.nodes;
        guided_total += guided.nodes;
        println!(
            "| {} | {} | {} | {} | {:.1} | {} |",
            r.id().unwrap_or("?"),
            r.comment().unwrap_or_default(),
            full.nodes,
            guided.nodes,
            full.nodes as f64 / guided.nodes.max(1) as f64,
            if ok {
                "yes".to_string()
            } else {
                format!("no ({:?})", guided.best.map(|m| m.to_string()))
            }
        );
    }
    println!(
        "\n{found}/{} found; full-width {full_total} nodes, zone-guided {guided_total} ({:.1}x fewer)",
        records.len(),
        full_total as f64 / guided_total.max(1) as f64
    );
    ExitCode::SUCCESS
}

/// Counts the moves a narrowing sees and keeps.
struct Counting<'a, N> {
    inner: &'a N,
    seen: std::cell::Cell<(u64, u64, u64)>,
}

impl<N: zonal_core::Narrowing<Jungle>> zonal_core::Narrowing<Jungle> for Counting<'_, N> {
    fn narrow(&self, rules: &Jungle, pos: &Position, ply: usize, moves: &mut Vec<Move>) {
        let before = moves.len() as u64;
        self.inner.narrow(rules, pos, ply, moves);
        let (n, b, a) = self.seen.get();
        self.seen.set((n + 1, b + before, a + moves.len() as u64));
    }
    fn narrow_at(
        &self,
        rules: &Jungle,
        pos: &Position,
        ply: usize,
        depth: i32,
        moves: &mut Vec<Move>,
    ) {
        let before = moves.len() as u64;
        self.inner.narrow_at(rules, pos, ply, depth, moves);
        let (n, b, a) = self.seen.get();
        self.seen.set((n + 1, b + before, a + moves.len() as u64));
    }
}

fn main() -> ExitCode {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    match (&o.check, &o.compare) {
        (Some(file), _) => check(file),
        (None, Some(file)) => compare(file, o.horizon),
        (None, None) => generate(&o),
    }
}
