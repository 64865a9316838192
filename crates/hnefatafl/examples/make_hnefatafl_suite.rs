//! Finds Hnefatafl tactics for `positions/hnefatafl/suite.pos` (positions with one best move)
//! and checks such a file.
//!
//! ```sh
//! # generate (seed 1, depth 3): the whole file on stdout, progress on stderr
//! cargo run --release -p zonal-hnefatafl --example make_hnefatafl_suite > positions/hnefatafl/suite.pos
//! cargo run --release -p zonal-hnefatafl --example make_hnefatafl_suite -- --seed 7 --games 300 --per-kind 2
//! # check every record of a file (exit code 1 if one fails)
//! cargo run --release -p zonal-hnefatafl --example make_hnefatafl_suite -- --check positions/hnefatafl/suite.pos
//! ```
//!
//! **Generate** (default). Plays `--games` random games, cycling through the three rulesets
//! (seed 9x9, seed 11x11, copenhagen), with a seeded generator. Each ply is, with probabilities
//! drawn per game and side: a capture (if there is one); for the defenders a king move that
//! brings the king closer to a corner (rook moves through empty squares); for the attackers a
//! move that ends next to or two steps from the king; otherwise any legal move. A game stops
//! when it is over, at a third repetition, or after 160 plies. Positions where something can
//! happen within the depth (the king within 3 moves of a corner, two attackers next to him, or
//! a capture on the board) are searched with [`zonal_core::search`] at depth `--depth` (3: wins
//! in 1 or 2 own moves, defences against a win on the opponent's next move) and kept when
//!
//! - **win**: the score is a forced win and exactly one root move wins;
//! - **defence**: no root move wins, exactly one does not lose within the depth, and every other
//!   root move (at least 2) loses.
//!
//! Every root move is scored exactly (played, the child searched at depth - 1 without the
//! table, negated), because `search` stops deepening at the first game end; and the position is
//! confirmed by [`zonal_core::search_without_table`] at the full depth: the same best move and
//! score. Themes: the ruleset, how the line ends (escape, king captured, ...) and the kind of the
//! first move (king move, capture, other); defences name the opponent's threat (its win if the
//! side to move could pass). At most `--per-kind` positions a theme, two a game; records sorted
//! by theme, ids `hnef-01`, `hnef-02`, ...
//!
//! **Check** (`--check FILE`): for every record, the `bm` move is legal; both searches at the
//! depth the `c0` states (`confirmed depth D`) choose it, strictly above every other root move,
//! with the same score; the exact root scores agree with the `c0` ("win in N": only `bm` wins, in
//! N own moves; "defence": only `bm` does not lose). Ids must be unique.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::process::ExitCode;
use std::time::Instant;
use zonal_core::rng::Rng;
use zonal_core::{Limits, Rules, WIN, WIN_BOUND, search, search_without_table};
use zonal_hnefatafl::eval::king_corner_distance;
use zonal_hnefatafl::geometry::Geometry;
use zonal_hnefatafl::play::Hnefatafl;
use zonal_hnefatafl::{DEFENDERS, Key, Move, Outcome, Position, Ruleset, posfile};

fn limits(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

fn unit(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Plies to the end of a game-end score.
fn plies_to_end(score: i32) -> i32 {
    WIN - score.abs()
}

/// A child's score seen from the parent: game ends are one ply further away.
fn one_ply_further(score: i32) -> i32 {
    if score > WIN_BOUND {
        score - 1
    } else if score < -WIN_BOUND {
        score + 1
    } else {
        score
    }
}

/// Every legal move of `pos` with its exact score at `depth` (at least 2), best first, ties by
/// notation.
fn exact_scores(pos: &Position, depth: u32) -> Vec<(Move, i32)> {
    let rules = Hnefatafl::new(pos.rules());
    let key = rules.key(pos);
    let mut out: Vec<(Move, i32)> = pos
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let child = pos.play(mv);
            let score = match rules.terminal(&child) {
                Some(zonal_core::Terminal::Loss) => WIN - 1,
                Some(zonal_core::Terminal::Win) => -(WIN - 1),
                Some(zonal_core::Terminal::Draw) => 0,
                None => {
                    let history = if rules.irreversible(pos, mv, &child) {
                        vec![]
                    } else {
                        vec![key]
                    };
                    let r = search_without_table(&rules, &child, &history, &limits(depth - 1));
                    one_ply_further(-r.score)
                }
            };
            (mv, score)
        })
        .collect();
    out.sort_by(|a, b| {
        b.1.cmp(&a.1)
            .then_with(|| a.0.to_string().cmp(&b.0.to_string()))
    });
    out
}

fn ruleset_name(r: Ruleset) -> &'static str {
    match (r.is_copenhagen(), r.size()) {
        (true, _) => "copenhagen",
        (false, 9) => "seed 9x9",
        _ => "seed 11x11",
    }
}

fn ending(o: Option<Outcome>) -> &'static str {
    match o {
        Some(Outcome::KingEscaped) => "escape",
        Some(Outcome::KingCaptured) => "king captured",
        Some(Outcome::ExitFort) => "exit fort",
        Some(Outcome::Encircled) => "encirclement",
        Some(Outcome::NoMoves { .. }) => "no moves",
        _ => "game end",
    }
}

/// The outcome at the end of `line` from `pos`; when the line stops before the end (the last
/// move was found by the quiescence search), the outcome of the first move that ends the game
/// there.
fn line_end(pos: &Position, line: &[Move]) -> Option<Outcome> {
    let mut p = *pos;
    for &mv in line {
        if p.outcome().is_some() {
            break;
        }
        p = p.play(mv);
    }
    p.outcome().or_else(|| {
        p.legal_moves()
            .into_iter()
            .find_map(|mv| p.play(mv).outcome().filter(|o| o.winner().is_some()))
    })
}

fn move_kind(pos: &Position, mv: Move) -> &'static str {
    let (_, captured) = pos.play_with_captures(mv);
    if captured != 0 {
        "capture"
    } else if mv.from() == pos.king() {
        "king move"
    } else {
        "other move"
    }
}

fn line_text(line: &[Move]) -> String {
    line.iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The same placement with the other side to move.
fn passed(pos: &Position) -> Option<Position> {
    let side = if pos.side_to_move() == DEFENDERS {
        'a'
    } else {
        'd'
    };
    format!(
        "{} {side} {}",
        pos.placement(),
        pos.rules().variant().name()
    )
    .parse()
    .ok()
}

/// The opponent's fastest win if the side to move could pass.
fn threat(pos: &Position, depth: u32) -> Option<(Vec<Move>, Option<Outcome>)> {
    let p = passed(pos)?;
    let r = search_without_table(&Hnefatafl::new(p.rules()), &p, &[], &limits(depth));
    (r.score > WIN_BOUND).then(|| {
        let end = line_end(&p, &r.line);
        (r.line, end)
    })
}

struct Found {
    pos: Position,
    bm: Move,
    theme: String,
    comment: String,
}

fn examine(pos: &Position, depth: u32) -> Option<Found> {
    let rules = Hnefatafl::new(pos.rules());
    let with = search(&rules, pos, &[], &limits(depth));
    let best = with.best?;
    let win = with.score > WIN_BOUND;
    if !win {
        if with.score < -WIN_BOUND || with.root.len() < 3 {
            return None;
        }
        let losing = with.root.iter().filter(|r| r.score < -WIN_BOUND).count();
        if losing + 1 != with.root.len() {
            return None;
        }
    } else if with.root.iter().filter(|r| r.score > WIN_BOUND).count() != 1 {
        return None;
    }
    let without = search_without_table(&rules, pos, &[], &limits(depth));
    if without.best != Some(best) || without.score != with.score {
        return None;
    }
    let exact = exact_scores(pos, depth);
    if exact[0].0 != best || exact[0].1 != with.score {
        return None;
    }
    let rest = &exact[1..];
    if win && rest.iter().any(|(_, s)| *s > WIN_BOUND) {
        return None;
    }
    if !win && rest.iter().any(|(_, s)| *s >= -WIN_BOUND) {
        return None;
    }
    let kind = move_kind(pos, best);
    let who = if pos.side_to_move() == DEFENDERS {
        "defenders"
    } else {
        "attackers"
    };
    let rs = ruleset_name(pos.rules());
    if win {
        let n = (plies_to_end(with.score) + 1) / 2;
        let end = ending(line_end(pos, &without.line));
        Some(Found {
            pos: *pos,
            bm: best,
            theme: format!("{rs}: {who} win in {n} by {end}, {kind}"),
            comment: format!(
                "win in {n} by {end} ({rs}, {who}): {kind} {}; line {}; confirmed depth {depth}",
                pos.record(best),
                line_text(&without.line)
            ),
        })
    } else {
        let (threat_line, threat_end) = threat(pos, depth - 1)?;
        let end = ending(threat_end);
        Some(Found {
            pos: *pos,
            bm: best,
            theme: format!("{rs}: {who} defence against {end}, {kind}"),
            comment: format!(
                "defence against {end} ({rs}, {who}): {kind} {}; the threat {}; {} other moves lose; confirmed depth {depth}",
                pos.record(best),
                line_text(&threat_line),
                rest.len()
            ),
        })
    }
}

/// Whether something can happen within a few plies.
fn worth_searching(pos: &Position) -> bool {
    let g = Geometry::of(pos.rules().size());
    let next = g.spread(1u128 << pos.king()) & pos.attackers();
    if next.count_ones() >= 2 || king_corner_distance(pos, 3).is_some() {
        return true;
    }
    let mut t = Vec::new();
    Hnefatafl::new(pos.rules()).tactical_moves(pos, &mut t);
    !t.is_empty()
}

fn random_game(rng: &mut Rng, rules: Ruleset) -> Vec<Position> {
    let mut pos = Position::start(rules);
    let bias = [unit(rng) * 0.9, unit(rng) * 0.9];
    let take = [unit(rng), unit(rng)];
    let mut seen: HashMap<Key, u32> = HashMap::new();
    let mut out = Vec::new();
    let game = Hnefatafl::new(rules);
    let g = Geometry::of(rules.size());
    for _ in 0..160 {
        if pos.outcome().is_some() {
            break;
        }
        let n = seen.entry(pos.key()).or_insert(0);
        *n += 1;
        if *n >= 3 {
            break;
        }
        out.push(pos);
        let moves = pos.legal_moves();
        let side = usize::from(pos.side_to_move() == DEFENDERS);
        let mut tactical = Vec::new();
        game.tactical_moves(&pos, &mut tactical);
        let preferred: Vec<Move> = if pos.side_to_move() == DEFENDERS {
            let now = king_corner_distance(&pos, 4).unwrap_or(9);
            moves
                .iter()
                .copied()
                .filter(|&m| {
                    m.from() == pos.king()
                        && king_corner_distance(&pos.play(m), 4).unwrap_or(9) < now
                })
                .collect()
        } else {
            let near = g.spread(g.spread(1u128 << pos.king()));
            moves
                .iter()
                .copied()
                .filter(|&m| near & 1u128 << m.to() != 0)
                .collect()
        };
        let mv = if !tactical.is_empty() && unit(rng) < take[side] {
            tactical[rng.below(tactical.len())]
        } else if !preferred.is_empty() && unit(rng) < bias[side] {
            preferred[rng.below(preferred.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        pos = pos.play(mv);
    }
    out
}

struct Options {
    seed: u64,
    depth: u32,
    games: usize,
    per_kind: usize,
    check: Option<String>,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        seed: 1,
        depth: 3,
        games: 600,
        per_kind: 2,
        check: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{a} needs a value"));
        let number = |v: String| v.parse::<u64>().map_err(|e| format!("{a}: {e}"));
        match a.as_str() {
            "--seed" => o.seed = number(value()?)?,
            "--depth" => o.depth = number(value()?)? as u32,
            "--games" => o.games = number(value()?)? as usize,
            "--per-kind" => o.per_kind = number(value()?)? as usize,
            "--check" => o.check = Some(value()?),
            _ => return Err(format!("unknown argument {a}")),
        }
    }
    if !(2..=6).contains(&o.depth) {
        return Err("--depth must be 2 to 6 (3 intended)".into());
    }
    Ok(o)
}

fn generate(o: &Options) -> ExitCode {
    let started = Instant::now();
    let mut rng = Rng::new(o.seed);
    let mut seen: HashSet<Key> = HashSet::new();
    let mut kept: BTreeMap<String, Vec<Found>> = BTreeMap::new();
    let (mut positions, mut searched) = (0usize, 0usize);
    for game in 0..o.games {
        let rules = Ruleset::ALL[game % 3];
        let mut themes_of_game: HashSet<String> = HashSet::new();
        for pos in random_game(&mut rng, rules) {
            if themes_of_game.len() >= 2 {
                break;
            }
            positions += 1;
            if rules
                .move_limit()
                .is_some_and(|l| pos.quiet_plies() + 8 >= l)
                || !worth_searching(&pos)
                || !seen.insert(pos.key())
            {
                continue;
            }
            searched += 1;
            let Some(found) = examine(&pos, o.depth) else {
                continue;
            };
            let slot = kept.entry(found.theme.clone()).or_default();
            if slot.len() < o.per_kind && themes_of_game.insert(found.theme.clone()) {
                eprintln!(
                    "game {game}: {} | {} | {}",
                    found.pos, found.bm, found.comment
                );
                slot.push(found);
            }
        }
        if game % 30 == 29 {
            eprintln!(
                "{} games, {positions} positions, {searched} searched, {} kept, {:.0} s",
                game + 1,
                kept.values().map(Vec::len).sum::<usize>(),
                started.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "# Hnefatafl tactics: found by crates/hnefatafl/examples/make_suite.rs (seed {}, depth {}, {} games), each confirmed by full-width search without the table",
        o.seed, o.depth, o.games
    );
    println!(
        "# bm is the only winning move (\"win in N\": N own moves) or the only move that does not lose (\"defence\") at the stated depth."
    );
    println!(
        "# Check: cargo run --release -p zonal-hnefatafl --example make_hnefatafl_suite -- --check positions/hnefatafl/suite.pos"
    );
    println!("# Themes (count, theme):");
    for (theme, list) in &kept {
        println!("#   {:>2}  {theme}", list.len());
    }
    println!("game hnefatafl");
    let mut id = 0;
    for found in kept.values().flatten() {
        id += 1;
        println!(
            "{} id \"hnef-{id:02}\"; bm {}; c0 \"{}\";",
            found.pos, found.bm, found.comment
        );
    }
    eprintln!(
        "{id} positions from {} games ({positions} positions, {searched} searched) in {:.1} s",
        o.games,
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

fn check_record(r: &posfile::Record) -> Result<String, String> {
    let pos = r.position;
    if pos.outcome().is_some() {
        return Err("the game is over".into());
    }
    let bm_text = r.operands("bm").and_then(|o| o.first()).ok_or("no bm")?;
    let bm = pos.parse_move(bm_text).map_err(|e| format!("bm: {e}"))?;
    let c0 = r.comment().ok_or("no c0")?;
    let depth: u32 = c0
        .rsplit_once("confirmed depth ")
        .and_then(|(_, d)| d.trim().parse().ok())
        .ok_or("c0 does not state `confirmed depth D`")?;
    let rules = Hnefatafl::new(pos.rules());
    let with = search(&rules, &pos, &[], &limits(depth));
    let without = search_without_table(&rules, &pos, &[], &limits(depth));
    for (name, res) in [("search", &with), ("search_without_table", &without)] {
        if res.best != Some(bm) {
            return Err(format!(
                "{name} at depth {depth} chooses {:?}",
                res.best.map(|p| p.to_string())
            ));
        }
        let best = res.root.iter().find(|r| r.mv == bm).map(|r| r.score);
        if best != Some(res.score) || res.root.iter().filter(|r| r.score >= res.score).count() != 1
        {
            return Err(format!("{name}: bm is not the unique best root move"));
        }
    }
    if with.score != without.score {
        return Err(format!(
            "scores differ: {} with the table, {} without",
            with.score, without.score
        ));
    }
    let exact = exact_scores(&pos, depth);
    if exact[0] != (bm, with.score) {
        return Err(format!(
            "exact root scores put {} {} first",
            exact[0].0, exact[0].1
        ));
    }
    let rest = &exact[1..];
    if let Some(n) = c0
        .strip_prefix("win in ")
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse::<i32>().ok())
    {
        if with.score <= WIN_BOUND || (plies_to_end(with.score) + 1) / 2 != n {
            return Err(format!("c0 says win in {n}, score {}", with.score));
        }
        if rest.iter().any(|(_, s)| *s > WIN_BOUND) {
            return Err("another root move wins too".into());
        }
    } else if c0.starts_with("defence") {
        if with.score.abs() > WIN_BOUND {
            return Err(format!("c0 says defence, score {}", with.score));
        }
        if rest.is_empty() || rest.iter().any(|(_, s)| *s >= -WIN_BOUND) {
            return Err("another root move does not lose".into());
        }
    } else {
        return Err("c0 starts with neither `win in N` nor `defence`".into());
    }
    Ok(format!(
        "depth {depth}, score {}, {} root moves, nodes {} / {}",
        with.score,
        exact.len(),
        with.nodes,
        without.nodes
    ))
}

fn check(file: &str) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let records = match posfile::parse_str(&text, file) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let mut ids = HashSet::new();
    let mut failed = 0;
    for r in &records {
        let id = r.id().unwrap_or("-").to_string();
        let result = if ids.insert(id.clone()) {
            check_record(r)
        } else {
            Err("duplicate id".into())
        };
        match result {
            Ok(text) => println!("ok   {id} (line {}): {text}", r.line),
            Err(e) => {
                failed += 1;
                println!("FAIL {id} (line {}): {e}", r.line);
            }
        }
    }
    println!(
        "{} records, {failed} failed, {:.1} s",
        records.len(),
        started.elapsed().as_secs_f64()
    );
    if failed == 0 && !records.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn main() -> ExitCode {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    match &o.check {
        Some(file) => check(file),
        None => generate(&o),
    }
}
