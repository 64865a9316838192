//! Finds Прорыв tactics for `positions/proryv/suite.pos` (positions with one best ply) and
//! checks such a file.
//!
//! ```sh
//! # generate (seed 1, depth 5, 800 games, ~40 min): the whole file on stdout, progress on stderr
//! nice -n 10 cargo run --release --example make_proryv_suite > positions/proryv/suite.pos
//! cargo run --release --example make_proryv_suite -- --seed 7 --depth 3 --games 200 --per-kind 3
//! # check every record of a file (exit code 1 if one fails)
//! cargo run --release --example make_proryv_suite -- --check positions/proryv/suite.pos
//! ```
//!
//! **Generate** (default). Plays `--games` random legal games with a seeded xorshift generator:
//! from the start position, random drops through the placement phase (spec §2, §4.2), then
//! phase 2 where each ply is, with a probability drawn per game and per side from [0, 0.9), a
//! King step that brings the King closer to its target (so that the Kings race and meet; a side
//! with a low value keeps its King at home, where it can be beaten by contact), otherwise any
//! legal ply drawn uniformly. A game stops when it is over, at a third repetition, after 100
//! quiet plies, or after 200 plies. Every phase-2 position (hands 0:0, game not over, quiet
//! counter + depth < 100 so that the 100-ply draw cannot interfere) where a King is close enough
//! for the depth to matter (or a side has at most 6 legal plies: blockades) is searched with
//! [`zonal_core::search`] at depth `--depth` (D = 3 or 5: wins in 1, 2 or 3 own plies) and kept
//! when
//!
//! - **win**: the score is a forced win (> `WIN_BOUND`) and exactly one root move wins: every
//!   root move is scored exactly at depth D (play it, search the child at D - 1 without the
//!   table, negate), because `search` stops deepening as soon as it finds a game end, so its own
//!   root list comes from the shallower iteration of the fastest win;
//! - **defence**: no root move wins, exactly one does not lose by force within D plies, and every
//!   other root move (at least 2 of them) loses by force.
//!
//! Each kept position is confirmed by [`zonal_core::search_without_table`] at the same depth: the
//! same best move and the same score as the search with the table. The themes come from the ply
//! and the principal line of the search without the table (whose line is never cut short by a
//! table hit): how the line ends (contact with the enemy King at home, reaching the target, the
//! loser left without a legal ply) and what the first ply does (King step, King capture of an
//! unprotected rook, removal of surrounded rooks: the rook counts drop after the ply, rook move).
//! Defences name the threat (the opponent's win if the side to move could pass) and say whether
//! the defending rook occupies a square the threat needs or guards a square the threatening King
//! steps to. So that the themes vary: at most `--per-kind` (3) positions per theme, i.e. per
//! (plies to the win, ending, kind of first ply) and per (threat met, kind of defending ply); at
//! most two positions a game, of different themes; positions deduplicated by placement and side
//! to move. Records are printed sorted by theme, ids `proryv-01`, `proryv-02`, ... in that order,
//! after a header that counts them by theme.
//!
//! **Check** (`--check FILE`): for every record, parses the position, checks that the `bm` ply
//! is legal, that both searches at the depth the `c0` states ("confirmed depth D") choose it with
//! the same score and rank it strictly above every other root move, and that the exact depth-D
//! scores of all root moves agree with the `c0` ("win in N": only `bm` wins, in N own plies;
//! "defence": only `bm` does not lose). Also checks the `game proryv` line and unique ids.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::process::ExitCode;
use std::time::Instant;
use zonal_core::{Limits, Rules, WIN, WIN_BOUND, search, search_without_table};
use zonal_proryv::geometry::{distance, rook_attacks};
use zonal_proryv::play::Proryv;
use zonal_proryv::{Outcome, Ply, Position, QUIET_LIMIT, Side};

/// A seeded xorshift64 generator.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        // Spread small seeds over the state; xorshift must not start at 0.
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x2545_f491_4f6c_dd1d | 1)
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A number in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn square(sq: u8) -> String {
    format!("{}{}", (b'a' + sq % 8) as char, sq / 8 + 1)
}

fn squares(set: u64) -> String {
    let mut out = Vec::new();
    let mut s = set;
    while s != 0 {
        out.push(square(s.trailing_zeros() as u8));
        s &= s - 1;
    }
    out.join(" ")
}

fn limits(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
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

/// Every legal ply of `pos` with its exact score at `depth` (at least 2): the child searched at
/// `depth - 1` without the table, with the same repetition history the root search gives it.
/// Sorted best first, ties by notation.
fn exact_scores(pos: &Position, depth: u32) -> Vec<(Ply, i32)> {
    let rules = Proryv::default();
    let key = rules.key(pos);
    let mut out: Vec<(Ply, i32)> = pos
        .legal_plies()
        .into_iter()
        .map(|ply| {
            let child = pos.play(&ply);
            let history = if rules.irreversible(pos, ply, &child) {
                vec![]
            } else {
                vec![key]
            };
            let r = search_without_table(&rules, &child, &history, &limits(depth - 1));
            (ply, one_ply_further(-r.score))
        })
        .collect();
    out.sort_by(|a, b| {
        b.1.cmp(&a.1)
            .then_with(|| a.0.to_string().cmp(&b.0.to_string()))
    });
    out
}

/// What a ply does besides moving a piece.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Effect {
    /// The enemy rook the King takes.
    captured: Option<u8>,
    /// Rooks removed as surrounded: the mover's, the opponent's.
    removed_own: u64,
    removed_enemy: u64,
    /// Whether the moving piece is the King.
    king: bool,
}

fn effect(pos: &Position, ply: Ply) -> Effect {
    let us = pos.side_to_move();
    let them = us.other();
    let next = pos.play(&ply);
    let to = ply.to();
    let king = ply.from() == Some(pos.king(us));
    let captured = (king && pos.rooks(them) & (1 << to) != 0).then_some(to);
    let mut own = pos.rooks(us);
    match ply.from() {
        None => own |= 1 << to,
        Some(from) if !king => own ^= (1 << from) | (1 << to),
        Some(_) => {}
    }
    let enemy = pos.rooks(them) & !captured.map_or(0, |sq| 1 << sq);
    let e = Effect {
        captured,
        removed_own: own & !next.rooks(us),
        removed_enemy: enemy & !next.rooks(them),
        king,
    };
    // The rook counts drop by exactly the captured and removed rooks.
    assert_eq!(
        rook_count(pos) + u32::from(ply.is_drop()) - rook_count(&next),
        u32::from(captured.is_some()) + (e.removed_own | e.removed_enemy).count_ones(),
        "{pos} {ply}"
    );
    e
}

fn rook_count(pos: &Position) -> u32 {
    (pos.rooks(Side::White) | pos.rooks(Side::Black)).count_ones()
}

/// The kind of a first ply: King step, capture, removal, rook move.
fn ply_kind(e: &Effect) -> &'static str {
    if e.captured.is_some() {
        "capture"
    } else if e.removed_own | e.removed_enemy != 0 {
        "removal"
    } else if e.king {
        "King step"
    } else {
        "rook move"
    }
}

fn ending(o: Option<Outcome>) -> &'static str {
    match o {
        Some(Outcome::ContactAtHome { .. }) => "contact",
        Some(Outcome::TargetReached { .. }) => "target",
        Some(Outcome::NoLegalPly { .. }) => "no legal ply",
        None => "game end",
    }
}

fn ending_words(o: Option<Outcome>) -> &'static str {
    match o {
        Some(Outcome::ContactAtHome { .. }) => "contact with the enemy King at home",
        Some(Outcome::TargetReached { .. }) => "reaching the target",
        Some(Outcome::NoLegalPly { .. }) => "leaving the opponent no legal ply",
        None => "a game end",
    }
}

/// The position at the end of `line` from `pos` and its outcome.
fn line_end(pos: &Position, line: &[Ply]) -> Option<Outcome> {
    let mut p = *pos;
    for ply in line {
        if p.is_over() {
            break;
        }
        p = p.play(ply);
    }
    p.outcome()
}

fn line_text(line: &[Ply]) -> String {
    line.iter()
        .map(Ply::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn describe_effect(pos: &Position, ply: Ply, e: &Effect) -> String {
    let mut parts = Vec::new();
    if let Some(sq) = e.captured {
        parts.push(format!(
            "the King takes the unprotected rook on {}",
            square(sq)
        ));
    }
    let us = pos.side_to_move();
    let name = |s: Side| match s {
        Side::White => "white",
        Side::Black => "black",
    };
    if e.removed_enemy != 0 {
        parts.push(format!(
            "removes the surrounded {} rook {}",
            name(us.other()),
            squares(e.removed_enemy)
        ));
    }
    if e.removed_own != 0 {
        parts.push(format!(
            "removes the surrounded {} rook {}",
            name(us),
            squares(e.removed_own)
        ));
    }
    if parts.is_empty() {
        parts.push(format!("{} {ply}", ply_kind(e)));
    }
    parts.join(", ")
}

/// The opponent's fastest win if the side to move could pass, searched to `depth`.
fn threat(pos: &Position, depth: u32) -> Option<(Vec<Ply>, Option<Outcome>, i32)> {
    let passed = pos.with_side_to_move(pos.side_to_move().other())?;
    let r = search_without_table(&Proryv::default(), &passed, &[], &limits(depth));
    (r.score > WIN_BOUND).then(|| {
        let end = line_end(&passed, &r.line);
        (r.line, end, plies_to_end(r.score))
    })
}

/// One kept position.
struct Found {
    pos: Position,
    bm: Ply,
    depth: u32,
    /// Sort key and quota key.
    theme: String,
    comment: String,
}

/// The theme of `pos` if it is a win with one winning ply or a defence with one saving ply at
/// `depth`, confirmed by the search without the table; `None` otherwise.
fn examine(pos: &Position, depth: u32) -> Option<Found> {
    let rules = Proryv::default();
    let with = search(&rules, pos, &[], &limits(depth));
    let best = with.best?;
    let win = with.score > WIN_BOUND;
    if !win {
        if with.score < -WIN_BOUND || with.root.len() < 3 {
            return None;
        }
        // The iteration reached `depth` (no game end stopped it): exact root scores.
        let losing = with.root.iter().filter(|r| r.score < -WIN_BOUND).count();
        if losing + 1 != with.root.len() {
            return None;
        }
    } else if with.root.iter().filter(|r| r.score > WIN_BOUND).count() != 1 {
        return None;
    }
    let without = search_without_table(&rules, pos, &[], &limits(depth));
    if without.best != Some(best) || without.score != with.score {
        eprintln!(
            "note: the searches disagree on {pos}: {best} {} vs {:?} {}",
            with.score,
            without.best.map(|p| p.to_string()),
            without.score
        );
        return None;
    }
    let exact = exact_scores(pos, depth);
    if exact[0].0 != best || exact[0].1 != with.score {
        eprintln!(
            "note: exact root scores disagree on {pos}: {} {} vs {best} {}",
            exact[0].0, exact[0].1, with.score
        );
        return None;
    }
    let rest = &exact[1..];
    if win && rest.iter().any(|(_, s)| *s > WIN_BOUND) {
        return None;
    }
    if !win && rest.iter().any(|(_, s)| *s >= -WIN_BOUND) {
        return None;
    }
    let e = effect(pos, best);
    if win {
        let n = (plies_to_end(with.score) + 1) / 2;
        let end = line_end(pos, &without.line);
        let race = threat(pos, depth - 1)
            .map(|(line, o, p)| {
                format!(
                    "; race: the opponent threatens {} ({} in {})",
                    line.first().map(Ply::to_string).unwrap_or_default(),
                    ending(o),
                    (p + 1) / 2
                )
            })
            .unwrap_or_default();
        let theme = format!("1 win in {n} by {}, {}", ending(end), ply_kind(&e));
        let comment = format!(
            "win in {n} by {}: {}{race}; line {}; confirmed depth {depth}",
            ending_words(end),
            describe_effect(pos, best, &e),
            line_text(&without.line)
        );
        Some(Found {
            pos: *pos,
            bm: best,
            depth,
            theme,
            comment,
        })
    } else {
        // A loss 1 ply away is a step home next to the enemy King (D11); a loss 2k plies away
        // is the opponent's win on its k-th ply.
        let at_once = rest.iter().filter(|(_, s)| plies_to_end(*s) == 1).count();
        let later: Vec<i32> = rest
            .iter()
            .map(|(_, s)| plies_to_end(*s))
            .filter(|&p| p > 1)
            .collect();
        let mut span = Vec::new();
        if let (Some(lo), Some(hi)) = (later.iter().min(), later.iter().max()) {
            let moves = if lo == hi {
                format!("{}", lo / 2)
            } else {
                format!("{}-{}", lo / 2, hi / 2)
            };
            span.push(format!(
                "{} to a win of the opponent in {moves}",
                later.len()
            ));
        }
        if at_once > 0 {
            span.push(format!(
                "{at_once} at once (King home next to the enemy King)"
            ));
        }
        let span = span.join(", ");
        let mut how = describe_effect(pos, best, &e);
        let (threat_text, threat_end) = match threat(pos, depth - 1) {
            Some((line, o, p)) => {
                // The threatening side's own plies (the opponent passed first, so they are
                // plies 0, 2, 4, ... of the line) and the squares its King steps to.
                let them = pos.side_to_move().other();
                let own: Vec<Ply> = line.iter().copied().step_by(2).collect();
                let mut king = pos.king(them);
                let mut king_squares = 0u64;
                for ply in &own {
                    if ply.from() == Some(king) {
                        king = ply.to();
                        king_squares |= 1 << king;
                    }
                }
                let threat_squares = own.iter().fold(0u64, |acc, p| acc | 1 << p.to());
                if ply_kind(&e) == "rook move" {
                    let after = pos.play(&best);
                    let attacks = rook_attacks(best.to(), after.occupied());
                    if threat_squares & (1 << best.to()) != 0 {
                        how = format!(
                            "rook {best} occupies {}, a square the threat needs",
                            square(best.to())
                        );
                    } else if attacks & king_squares != 0 {
                        how = format!(
                            "rook {best} guards {} on the enemy King's way",
                            squares(attacks & king_squares)
                        );
                    }
                }
                (
                    format!(
                        "; threat {} ({} in {})",
                        line_text(&own),
                        ending(o),
                        (p + 1) / 2
                    ),
                    ending(o),
                )
            }
            None => (String::new(), "none"),
        };
        let theme = format!("2 defence against {threat_end}, {}", ply_kind(&e));
        let comment = format!(
            "defence: {how}, the only ply that does not lose; the other {} lose: {span}{threat_text}; line {}; confirmed depth {depth}",
            rest.len(),
            line_text(&without.line)
        );
        Some(Found {
            pos: *pos,
            bm: best,
            depth,
            theme,
            comment,
        })
    }
}

/// How near `side` is to winning by itself: King steps to the target or to contact with the
/// enemy King at home.
fn nearness(pos: &Position, side: Side) -> u32 {
    let k = pos.king(side);
    let to_target = distance(k, Position::target(side));
    let enemy = pos.king(side.other());
    if enemy == Position::home(side.other()) {
        to_target.min(distance(k, enemy).saturating_sub(1))
    } else {
        to_target
    }
}

/// Whether a search to `depth` could find a win or a defence here (cheap pre-filter).
fn worth_searching(pos: &Position, depth: u32) -> bool {
    let us = pos.side_to_move();
    let own = depth.div_ceil(2);
    if nearness(pos, us) <= own || nearness(pos, us.other()) < own {
        return true;
    }
    let few = |p: &Position| p.count_legal_plies() <= 6;
    few(pos) || pos.with_side_to_move(us.other()).is_some_and(|p| few(&p))
}

/// A random game from the start: its phase-2 positions that are not over.
fn random_game(rng: &mut Rng) -> Vec<Position> {
    let mut pos = Position::startpos();
    // Per side: how often its King steps towards the target. A low value keeps that King at
    // home longer, where the enemy King can win by contact.
    let bias = [0.9 * rng.unit(), 0.9 * rng.unit()];
    let mut seen: HashMap<Position, u32> = HashMap::new();
    let mut out = Vec::new();
    for _ in 0..200 {
        if pos.is_over() || pos.quiet_plies() >= QUIET_LIMIT {
            break;
        }
        let n = seen.entry(pos.repetition_key()).or_insert(0);
        *n += 1;
        if *n >= 3 {
            break;
        }
        let plies = pos.legal_plies();
        if !pos.in_placement() {
            out.push(pos);
        }
        let us = pos.side_to_move();
        let target = Position::target(us);
        let k = pos.king(us);
        let closer: Vec<Ply> = plies
            .iter()
            .copied()
            .filter(|p| p.from() == Some(k) && distance(p.to(), target) < distance(k, target))
            .collect();
        let ply = if !pos.in_placement() && !closer.is_empty() && rng.unit() < bias[us as usize] {
            closer[rng.below(closer.len())]
        } else {
            plies[rng.below(plies.len())]
        };
        pos = pos.play(&ply);
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
        depth: 5,
        games: 800,
        per_kind: 3,
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
    if !(2..=9).contains(&o.depth) {
        return Err("--depth must be 2 to 9 (3 or 5 intended)".into());
    }
    Ok(o)
}

fn generate(o: &Options) -> ExitCode {
    let started = Instant::now();
    let mut rng = Rng::new(o.seed);
    let mut seen: HashSet<Position> = HashSet::new();
    let mut kept: BTreeMap<String, Vec<Found>> = BTreeMap::new();
    let (mut positions, mut searched) = (0usize, 0usize);
    for game in 0..o.games {
        // At most two positions a game, of different themes: consecutive positions of one
        // game are often the same tactic.
        let mut themes_of_game: HashSet<String> = HashSet::new();
        for pos in random_game(&mut rng) {
            if themes_of_game.len() >= 2 {
                continue;
            }
            positions += 1;
            if pos.quiet_plies() + o.depth >= QUIET_LIMIT
                || !worth_searching(&pos, o.depth)
                || !seen.insert(pos.repetition_key())
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
                    "game {game}: {} | {} | {} | {}",
                    found.pos, found.bm, found.theme, found.comment
                );
                slot.push(found);
            }
        }
        if game % 20 == 19 {
            eprintln!(
                "{} games, {positions} positions, {searched} searched, {} kept, {:.0} s",
                game + 1,
                kept.values().map(Vec::len).sum::<usize>(),
                started.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "# Прорыв tactics: found by examples/make_proryv_suite.rs (seed {}, depth {}), each confirmed by full-width search without the table",
        o.seed, o.depth
    );
    println!(
        "# {} games; bm is the only winning ply (\"win in N\": N own plies) or the only ply that does not lose (\"defence\") at the stated depth.",
        o.games
    );
    println!(
        "# Check: cargo run --release --example make_proryv_suite -- --check positions/proryv/suite.pos"
    );
    println!(
        "# Themes (count, theme: how the win ends or what the defence meets, and the kind of the bm ply):"
    );
    for (theme, list) in &kept {
        println!("#   {:>2}  {}", list.len(), &theme[2..]);
    }
    println!("game proryv");
    let mut id = 0;
    for found in kept.values().flatten() {
        id += 1;
        println!(
            "{} id \"proryv-{id:02}\"; bm {}; c0 \"{}\";",
            found.pos, found.bm, found.comment
        );
    }
    eprintln!(
        "{id} positions from {} games ({positions} positions, {searched} searched) in {:.1} s",
        o.games,
        started.elapsed().as_secs_f64()
    );
    for (theme, list) in &kept {
        eprintln!("  {:>2}  {theme}", list.len());
        debug_assert!(list.iter().all(|f| f.depth == o.depth));
    }
    ExitCode::SUCCESS
}

/// One record of a position file: line number, position text, operations.
struct Record {
    line: usize,
    position: String,
    ops: Vec<(String, Vec<String>)>,
}

impl Record {
    fn operand(&self, opcode: &str) -> Option<&str> {
        self.ops
            .iter()
            .find(|(o, _)| o == opcode)
            .and_then(|(_, v)| v.first())
            .map(String::as_str)
    }
}

/// Operations `opcode operand ...;` with quoted operands.
fn parse_ops(text: &str) -> Result<Vec<(String, Vec<String>)>, String> {
    let mut ops = Vec::new();
    let mut words: Vec<String> = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ';' => {
                if words.is_empty() {
                    return Err("an empty operation".into());
                }
                let opcode = words.remove(0);
                ops.push((opcode, std::mem::take(&mut words)));
            }
            '"' => {
                let mut w = String::new();
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some(c) => w.push(c),
                        None => return Err("a quoted operand is not closed".into()),
                    }
                }
                words.push(w);
            }
            c if c.is_whitespace() => {}
            c => {
                let mut w = c.to_string();
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() || c == ';' || c == '"' {
                        break;
                    }
                    w.push(c);
                    chars.next();
                }
                words.push(w);
            }
        }
    }
    if !words.is_empty() {
        return Err("an operation without its closing `;`".into());
    }
    Ok(ops)
}

fn read_records(text: &str) -> Result<Vec<Record>, String> {
    let mut records = Vec::new();
    let mut game_seen = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if !game_seen {
            if line != "game proryv" {
                return Err(format!(
                    "line {}: the first content line must be `game proryv`",
                    i + 1
                ));
            }
            game_seen = true;
            continue;
        }
        let fields: Vec<&str> = line.splitn(6, ' ').collect();
        if fields.len() < 6 {
            return Err(format!(
                "line {}: expected 5 position fields and operations",
                i + 1
            ));
        }
        let ops = parse_ops(fields[5]).map_err(|e| format!("line {}: {e}", i + 1))?;
        records.push(Record {
            line: i + 1,
            position: fields[..5].join(" "),
            ops,
        });
    }
    Ok(records)
}

/// Checks one record; `Err` says what fails.
fn check_record(r: &Record) -> Result<String, String> {
    let pos: Position = r.position.parse().map_err(|e| format!("position: {e}"))?;
    if pos.in_placement() || pos.is_over() {
        return Err("not an ongoing phase-2 position".into());
    }
    let bm_text = r.operand("bm").ok_or("no bm")?;
    let bm = pos.parse_ply(bm_text).map_err(|e| format!("bm: {e}"))?;
    let c0 = r.operand("c0").ok_or("no c0")?;
    let depth: u32 = c0
        .rsplit_once("confirmed depth ")
        .and_then(|(_, d)| d.trim().parse().ok())
        .ok_or("c0 does not state `confirmed depth D`")?;
    let rules = Proryv::default();
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
        "depth {depth} ({}), score {}, {} root moves, nodes {} / {}",
        with.depth,
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
    let records = match read_records(&text) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let mut ids = HashSet::new();
    let mut failed = 0;
    for r in &records {
        let id = r.operand("id").unwrap_or("-").to_string();
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
