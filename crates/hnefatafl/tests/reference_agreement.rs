//! Cross-checks the fast rules against the deliberately simple reference implementation in
//! `tests/reference/mod.rs`: perft from the three starts and from the spec's examples, and the
//! legal moves, captures, resulting positions and game ends of thousands of positions from
//! random games (from the starts and from random sparse positions) under all three rulesets.

use crate::reference;

use reference::{End, Mv, Pos, RefGame, perft as ref_perft};
use zonal_core::rng::Rng;
use zonal_hnefatafl::{
    DEFENDERS, Game, Move, Outcome, Position, Ruleset, divide, perft, square_name,
};

fn fast(text: &str) -> Position {
    text.parse()
        .unwrap_or_else(|e| panic!("fast parser rejects {text}: {e}"))
}

fn reference(text: &str) -> Pos {
    Pos::parse(text).unwrap_or_else(|| panic!("reference parser rejects {text}"))
}

/// The position string with both counters, whatever the printer omits.
fn full(p: &Position) -> String {
    format!(
        "{} {} {} {} {}",
        p.placement(),
        if p.side_to_move() == DEFENDERS {
            "d"
        } else {
            "a"
        },
        p.rules().variant().name(),
        p.quiet_plies(),
        p.move_number()
    )
}

fn end_of(o: Option<Outcome>) -> Option<End> {
    o.map(|o| {
        let (attackers_win, reason) = match o {
            Outcome::KingEscaped => (Some(false), "escaped"),
            Outcome::KingCaptured => (Some(true), "captured"),
            Outcome::ExitFort => (Some(false), "fort"),
            Outcome::Encircled => (Some(true), "encircled"),
            Outcome::Repetition => (Some(true), "repetition"),
            Outcome::NoMoves { loser } => (Some(loser == DEFENDERS), "no-moves"),
            Outcome::MoveLimit => (None, "limit"),
        };
        End {
            attackers_win,
            reason,
        }
    })
}

fn sorted_moves_fast(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(Move::to_string).collect();
    v.sort();
    v
}

fn sorted_moves_ref(p: &Pos) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(Mv::to_string).collect();
    v.sort();
    v
}

/// Statistics of what the comparisons met.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    moves: usize,
    captures: usize,
    multi_captures: usize,
    /// Moves that captured a soldier not next to the moved piece (shieldwalls).
    shieldwalls: usize,
    ends: std::collections::BTreeMap<&'static str, usize>,
}

/// Compares one position and every move from it; returns the reference's moves.
fn compare(r: &Pos, f: &Position, seen: &mut Seen) -> Vec<Mv> {
    assert_eq!(full(f), r.full(), "printed");
    assert_eq!(end_of(f.outcome()), r.outcome(), "outcome of {}", r.full());
    let ref_moves = r.legal_moves();
    let fast_list = sorted_moves_fast(f);
    assert_eq!(
        fast_list,
        sorted_moves_ref(r),
        "legal moves of {}",
        r.full()
    );
    assert_eq!(f.count_moves() as usize, ref_moves.len());
    seen.positions += 1;
    for &m in &ref_moves {
        let fm = f
            .parse_move(&m.to_string())
            .unwrap_or_else(|e| panic!("{}: {e}", r.full()));
        let (fp, fcap) = f.play_with_captures(fm);
        let (rp, rcap) = r.play(m);
        let fcaps: Vec<String> = zonal_hnefatafl::squares(fcap)
            .map(|s| square_name(s, f.rules().size()))
            .collect();
        let rcaps: Vec<String> = rcap.iter().map(|&s| reference::name(s)).collect();
        assert_eq!(fcaps, rcaps, "captures of {m} in {}", r.full());
        assert_eq!(full(&fp), rp.full(), "after {m} in {}", r.full());
        assert_eq!(
            end_of(fp.decided()),
            rp.decided,
            "end after {m} in {}",
            r.full()
        );
        // The record form names the same captures and reads back.
        let rec = f.record(fm);
        assert_eq!(f.parse_move(&rec), Ok(fm), "{rec}");
        seen.moves += 1;
        if !rcap.is_empty() {
            seen.captures += 1;
        }
        if rcap.len() > 1 {
            seen.multi_captures += 1;
        }
        if rcap
            .iter()
            .any(|c| (c.0 - m.to.0).abs() + (c.1 - m.to.1).abs() > 1)
        {
            seen.shieldwalls += 1;
        }
        if let Some(e) = rp.decided {
            *seen.ends.entry(e.reason).or_default() += 1;
        }
    }
    ref_moves
}

/// Plays a random game from `text`, comparing every position, every move from it and the game's
/// end (repetition included) after every move. Moves that capture or end the game are preferred
/// half of the time so that the special rules come up.
fn random_game(text: &str, rng: &mut Rng, plies: usize, seen: &mut Seen) {
    let mut history: Vec<Mv> = Vec::new();
    // Some games shuffle back and forth so that repetitions come up.
    let shuffle = rng.below(4) == 0;
    let mut rg = RefGame::new(reference(text));
    let mut fg = Game::new(fast(text));
    assert_eq!(end_of(fg.end()), rg.end, "{text}");
    for _ in 0..plies {
        if rg.end.is_some() {
            break;
        }
        let moves = compare(&rg.pos, fg.position(), seen);
        let sharp: Vec<Mv> = moves
            .iter()
            .copied()
            .filter(|&m| {
                let (p, c) = rg.pos.play(m);
                !c.is_empty() || p.decided.is_some()
            })
            .collect();
        let back = history
            .len()
            .checked_sub(2)
            .map(|i| history[i])
            .map(|h: Mv| Mv {
                from: h.to,
                to: h.from,
                n: h.n,
            })
            .filter(|b| moves.contains(b));
        let m = if let Some(b) = back.filter(|_| shuffle && rng.below(3) != 0) {
            b
        } else if !sharp.is_empty() && rng.below(2) == 0 {
            sharp[rng.below(sharp.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        history.push(m);
        rg.play(m);
        fg.play(&m.to_string()).unwrap();
        assert_eq!(end_of(fg.end()), rg.end, "game end after {m}");
        if let Some(e) = rg.end {
            *seen
                .ends
                .entry(if e.reason == "repetition" {
                    "game: repetition"
                } else {
                    "game: other"
                })
                .or_default() += 1;
        }
    }
}

/// A random legal position string: `density` in 1..=4 sets how full the board is; pieces gather
/// around the king half of the time.
fn random_position(rules: Ruleset, rng: &mut Rng) -> String {
    let n = rules.size() as i32;
    let c = n / 2;
    loop {
        let mut cells = vec!['.'; (n * n) as usize];
        let corner = |f: i32, r: i32| (f == 0 || f == n - 1) && (r == 0 || r == n - 1);
        // Modes: 0 anywhere, 1 near the king, 2 a fort-like pocket on an edge, 3 a nearly closed
        // ring of attackers around the king and his defenders.
        let mode = rng.below(4);
        let (kf, kr) = match mode {
            2 => {
                let along = 1 + rng.below(n as usize - 2) as i32;
                match rng.below(4) {
                    0 => (along, 0),
                    1 => (along, n - 1),
                    2 => (0, along),
                    _ => (n - 1, along),
                }
            }
            3 => (
                3 + rng.below(n as usize - 6) as i32,
                3 + rng.below(n as usize - 6) as i32,
            ),
            _ => (rng.below(n as usize) as i32, rng.below(n as usize) as i32),
        };
        if corner(kf, kr) {
            continue;
        }
        cells[(kr * n + kf) as usize] = 'k';
        let (attackers, defenders) = match mode {
            0 => (1 + rng.below(20), rng.below(10)),
            1 => (1 + rng.below(8), rng.below(5)),
            2 => (1 + rng.below(4), 4 + rng.below(6)),
            _ => (11 + rng.below(6), rng.below(4)),
        };
        for (piece, count) in [('a', attackers), ('d', defenders)] {
            let mut placed = 0;
            let mut tries = 0;
            while placed < count && tries < 1000 {
                tries += 1;
                let (df, dr) = (rng.below(7) as i32 - 3, rng.below(7) as i32 - 3);
                let (f, r) = match (mode, piece) {
                    (0, _) => (rng.below(n as usize) as i32, rng.below(n as usize) as i32),
                    (1, _) => (kf + df, kr + dr),
                    (2, 'd') => (kf + df / 2 + df.signum(), kr + dr / 2 + dr.signum()),
                    (2, _) => (rng.below(n as usize) as i32, rng.below(n as usize) as i32),
                    (_, 'd') => (kf + df.signum(), kr + dr.signum()),
                    _ => {
                        // On the square ring at distance 2 (16 squares).
                        let ring = 2;
                        let t = rng.below(2 * ring as usize + 1) as i32 - ring;
                        match rng.below(4) {
                            0 => (kf + t, kr + ring),
                            1 => (kf + t, kr - ring),
                            2 => (kf + ring, kr + t),
                            _ => (kf - ring, kr + t),
                        }
                    }
                };
                if f < 0 || r < 0 || f >= n || r >= n || corner(f, r) {
                    continue;
                }
                if rules.is_copenhagen() && f == c && r == c {
                    continue;
                }
                let i = (r * n + f) as usize;
                if cells[i] == '.' {
                    cells[i] = piece;
                    placed += 1;
                }
            }
        }
        let placement = placement_of(&cells, n);
        let side = if rng.below(2) == 0 { 'a' } else { 'd' };
        // Sometimes close to the seed move limit.
        let quiet = if rng.below(4) == 0 {
            195 + rng.below(5)
        } else {
            rng.below(20)
        };
        return format!(
            "{placement} {side} {} {quiet} {}",
            rules.variant().name(),
            1 + rng.below(50)
        );
    }
}

/// A position with a row of one side's pieces along an edge, the other side's pieces in front
/// of it and on one end, and a piece of the other side that may close the row: shieldwalls.
fn shieldwall_position(rules: Ruleset, rng: &mut Rng) -> String {
    let n = rules.size() as i32;
    let mut cells = vec!['.'; (n * n) as usize];
    // Build along rank 1, then turn the board.
    let len = 2 + rng.below(4) as i32;
    let start = 1 + rng.below((n - len - 1) as usize) as i32;
    let defenders_row = rng.below(2) == 0;
    let (row, front) = if defenders_row {
        ('d', 'a')
    } else {
        ('a', 'd')
    };
    let put = |cells: &mut Vec<char>, f: i32, r: i32, c: char| {
        if f >= 0 && r >= 0 && f < n && r < n {
            cells[(r * n + f) as usize] = c;
        }
    };
    for f in start..start + len {
        put(&mut cells, f, 0, row);
        if rng.below(6) != 0 {
            put(&mut cells, f, 1, front);
        }
    }
    // One bracket (or the corner when the row starts at b1), the closer two ranks up.
    if start > 1 {
        put(&mut cells, start - 1, 0, front);
    }
    let closer = start + len;
    put(&mut cells, closer, 2 + rng.below(3) as i32, front);
    // The king: in the row (defenders' row), or somewhere free.
    let mut king_placed = false;
    if defenders_row && rng.below(3) == 0 {
        let f = start + rng.below(len as usize) as i32;
        put(&mut cells, f, 0, 'k');
        king_placed = true;
    }
    while !king_placed {
        let (f, r) = (
            1 + rng.below(n as usize - 2) as i32,
            4 + rng.below(n as usize - 5) as i32,
        );
        if cells[(r * n + f) as usize] == '.' && !(f == n / 2 && r == n / 2) {
            put(&mut cells, f, r, 'k');
            king_placed = true;
        }
    }
    // Turn the board a random number of quarter turns.
    for _ in 0..rng.below(4) {
        let mut turned = vec!['.'; cells.len()];
        for r in 0..n {
            for f in 0..n {
                // (f, r) -> (r, n - 1 - f)
                turned[((n - 1 - f) * n + r) as usize] = cells[(r * n + f) as usize];
            }
        }
        cells = turned;
    }
    let side = if defenders_row { 'a' } else { 'd' };
    format!(
        "{} {side} {}",
        placement_of(&cells, n),
        rules.variant().name()
    )
}

fn placement_of(cells: &[char], n: i32) -> String {
    {
        let mut placement = String::new();
        for r in (0..n).rev() {
            let mut run = 0;
            for f in 0..n {
                let ch = cells[(r * n + f) as usize];
                if ch == '.' {
                    run += 1;
                } else {
                    if run > 0 {
                        placement += &run.to_string();
                        run = 0;
                    }
                    placement.push(ch);
                }
            }
            if run > 0 {
                placement += &run.to_string();
            }
            if r > 0 {
                placement.push('/');
            }
        }
        placement
    }
}

const EXAMPLES: [&str; 24] = [
    "9/9/6k2/9/9/9/2ad3a1/9/9 a seed",
    "4a4/9/9/2ad1da2/9/9/9/2k6/9 a seed",
    "9/4d4/6k2/9/9/9/3a1a3/9/9 d seed",
    "9/9/1k7/9/9/4d4/a8/9/9 a seed",
    "9/6k2/a8/9/5a3/9/9/9/9 d seed",
    "9/9/8d/4a4/4k4/4d4/a8/9/9 a seed",
    "9/9/6k2/9/2a6/9/9/9/1d7 a seed",
    "9/9/a5k2/9/9/9/4d4/8a/9 d seed",
    "9/9/9/4a4/3ak3a/4a4/9/9/9 a seed",
    "9/9/9/9/9/3aka3/9/9/4a4 a seed",
    "9/9/9/9/4d4/3aka3/9/9/4a4 a seed",
    "4a4/9/9/9/4k4/3a1a3/4a4/9/9 d seed",
    "9/9/9/9/1a7/9/9/9/1ka6 a seed",
    "9/9/9/9/2a6/9/9/1a7/1k7 a seed",
    "11/11/11/11/11/11/1a9/11/11/11/1ka8 a copenhagen",
    "9/7d1/9/9/9/9/9/a8/3aka3 a seed",
    "9/9/9/9/9/3a5/9/9/6k2 d seed",
    "11/11/5d5/11/11/11/11/11/2k6a1/11/11 d seed",
    "11/11/5d5/11/11/11/11/11/2k6a1/11/11 d copenhagen",
    "11/11/11/7k3/11/11/6a4/11/11/3aaa5/2addd5 a copenhagen",
    "11/11/11/11/11/11/6a4/11/11/3aaa5/2adkd5 a copenhagen",
    "11/11/11/11/11/11/11/11/11/4ddd4/3dk3a2 d copenhagen",
    "11/11/11/11/4a6/11/11/2aa7/1ak8/2aa7/11 a copenhagen",
    "11/11/11/7k3/11/11/5a5/11/11/3aa1aa3/2add1dda2 a copenhagen",
];

#[test]
fn perft_agrees_from_the_starts() {
    for (rules, counts) in [
        (Ruleset::SEED_9, [72, 3944, 285_728]),
        (Ruleset::SEED_11, [116, 6788, 806_344]),
        (Ruleset::COPENHAGEN, [116, 6788, 806_344]),
    ] {
        let f = Position::start(rules);
        let r = reference(rules.start_string());
        for (d, &count) in counts.iter().enumerate() {
            let depth = d as u32 + 1;
            assert_eq!(perft(&f, depth), count, "{rules} fast perft({depth})");
            assert_eq!(
                ref_perft(&r, depth),
                count,
                "{rules} reference perft({depth})"
            );
        }
    }
}

#[test]
fn perft_of_the_fast_generator_deeper() {
    // Checked by the reference at depth 3 above; these are the fast generator's own figures.
    assert_eq!(perft(&Position::start(Ruleset::SEED_9), 4), 15_951_824);
    assert_eq!(perft(&Position::start(Ruleset::COPENHAGEN), 4), 50_456_804);
    // Divide splits the count by the first move, in the order of the legal moves.
    let start = Position::start(Ruleset::SEED_9);
    let split = divide(&start, 3);
    assert_eq!(
        split.iter().map(|(m, _)| *m).collect::<Vec<_>>(),
        start.legal_moves()
    );
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 285_728);
    let r = reference(Ruleset::SEED_9.start_string());
    for (m, n) in split.iter().take(8) {
        let rm = r
            .legal_moves()
            .into_iter()
            .find(|x| x.to_string() == m.to_string())
            .expect("the same move");
        assert_eq!(ref_perft(&r.play(rm).0, 2), *n, "{m}");
    }
}

#[test]
fn perft_agrees_from_the_examples() {
    for text in EXAMPLES {
        let f = fast(text);
        let r = reference(text);
        for depth in 1..=3 {
            assert_eq!(
                perft(&f, depth),
                ref_perft(&r, depth),
                "{text} perft({depth})"
            );
        }
    }
}

#[test]
fn random_games_from_the_starts_agree() {
    let mut seen = Seen::default();
    let mut rng = Rng::new(1);
    for rules in Ruleset::ALL {
        for _ in 0..12 {
            random_game(rules.start_string(), &mut rng, 160, &mut seen);
        }
    }
    assert!(seen.positions >= 2_000, "{seen:?}");
    assert!(seen.captures >= 1_000, "{seen:?}");
    eprintln!("{seen:?}");
}

#[test]
fn random_games_from_random_positions_agree() {
    let mut seen = Seen::default();
    let mut rng = Rng::new(2);
    for rules in Ruleset::ALL {
        for _ in 0..300 {
            let text = if rng.below(5) == 0 {
                shieldwall_position(rules, &mut rng)
            } else {
                random_position(rules, &mut rng)
            };
            random_game(&text, &mut rng, 16, &mut seen);
        }
    }
    eprintln!("{seen:?}");
    assert!(seen.positions >= 3_000, "{seen:?}");
    assert!(seen.shieldwalls >= 5, "{seen:?}");
    for reason in [
        "escaped",
        "captured",
        "fort",
        "encircled",
        "game: repetition",
    ] {
        assert!(
            seen.ends.get(reason).copied().unwrap_or(0) >= 5,
            "{reason}: {seen:?}"
        );
    }
}

#[test]
fn both_parsers_agree_on_random_strings() {
    let mut rng = Rng::new(3);
    for rules in Ruleset::ALL {
        for _ in 0..300 {
            let text = random_position(rules, &mut rng);
            // Break one character now and then.
            let mut bytes = text.clone().into_bytes();
            if rng.below(2) == 0 {
                let i = rng.below(bytes.len());
                bytes[i] = b"adk123/ x0"[rng.below(10)];
            }
            let text = String::from_utf8(bytes).unwrap();
            let f = text.parse::<Position>().ok();
            let r = Pos::parse(&text);
            assert_eq!(f.is_some(), r.is_some(), "{text}");
            if let (Some(f), Some(r)) = (f, r) {
                assert_eq!(full(&f), r.full());
            }
        }
    }
}
