//! Cross-checks the fast Proryv rules against the deliberately simple
//! reference implementation in `tests/reference/mod.rs`, and both against the
//! counts of the spec (`shared/spec/proryv.md` §9, §10).

use crate::reference;

use reference::{Pos, perft as ref_perft, perft_detail};
use zonal_core::rng::Rng;
use zonal_proryv::{Ply, Position};

const START: &str = "7k/8/8/8/8/8/8/K7 w 8:8 0 1";
const T1: &str = "7k/5R2/3rrR2/2r1RK2/3r1R2/2r3R1/8/8 w 0:0 0 30";
const T2: &str = "5r2/5r2/R3rk2/R3R3/1R2R3/R2K4/2r5/2R1rrr1 w 0:0 5 24";
const T3: &str = "rr1R4/2r5/5k2/7r/2RKR2r/1R1R4/4R3/2R3r1 w 0:0 21 24";

fn fast(text: &str) -> Position {
    text.parse()
        .unwrap_or_else(|e| panic!("fast parser rejects {text}: {e}"))
}

fn fast_plies(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_plies().iter().map(Ply::to_string).collect();
    v.sort();
    v
}

fn ref_plies(pos: &Pos) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_plies().iter().map(|p| p.to_string()).collect();
    v.sort();
    v
}

fn fast_find(pos: &Position, text: &str) -> Ply {
    pos.legal_plies()
        .into_iter()
        .find(|p| p.to_string() == text)
        .unwrap_or_else(|| panic!("fast: {text} not legal in {pos}"))
}

fn sorted(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// Plies `a` has and `b` lacks.
fn missing(a: &[String], b: &[String]) -> Vec<String> {
    a.iter().filter(|x| !b.contains(x)).cloned().collect()
}

/// Compares the two implementations on one position. `Err` describes every
/// difference found.
fn compare(r: &Pos, f: &Position) -> Result<(), String> {
    let mut problems = Vec::new();
    let text = r.to_string();
    if f.to_string() != text {
        problems.push(format!("printed: fast {} / reference {}", f, text));
    }
    let rp = ref_plies(r);
    let fp = fast_plies(f);
    if rp != fp {
        problems.push(format!(
            "legal plies differ\n  only fast ({}): {:?}\n  only reference ({}): {:?}\n  fast all: {}\n  reference all: {}",
            missing(&fp, &rp).len(),
            missing(&fp, &rp),
            missing(&rp, &fp).len(),
            missing(&rp, &fp),
            fp.join(" "),
            rp.join(" ")
        ));
    }
    if f.is_over() != r.is_over() {
        problems.push(format!(
            "is_over: fast {} / reference {}",
            f.is_over(),
            r.is_over()
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("position {text}:\n{}", problems.join("\n")))
    }
}

// ---------------------------------------------------------------------------
// 1. The reference reproduces the spec's counts (§9, §10); so does the fast one.

/// (position, perft at depths 1, 2, 3, ...) from §10.
const PERFT_TABLE: &[(&str, &[u64])] = &[
    (START, &[44, 1932, 82914, 3551016]),
    (T1, &[23, 713, 17388, 565011]),
    (T2, &[34, 1021, 36696]),
    (T3, &[33, 1358, 44477]),
    // E3
    ("7k/8/7r/8/3R4/8/8/K7 w 7:7 0 2", &[48, 2009, 93379]),
    // E5
    ("7k/3r4/8/1r6/4K3/8/8/8 w 0:0 0 20", &[3, 69, 400]),
    // E6
    ("8/3k4/8/R7/3K1R1r/8/8/3R4 w 0:0 0 20", &[21, 268, 7100]),
    // E7
    ("4r2k/8/8/2rRr3/3K4/8/8/8 w 0:0 0 20", &[5, 114, 968]),
    // E8
    ("8/8/8/2r2kr1/5K2/8/8/8 w 0:0 0 20", &[4, 75, 438]),
    // E9
    (
        "7k/8/3r4/2RrR3/5R2/8/8/K2RRRR1 w 0:0 5 30",
        &[43, 534, 23363],
    ),
    // E10
    ("3k4/2rr4/3R4/8/8/4R3/8/K7 w 0:0 0 30", &[27, 289, 7215]),
    // E11
    ("7k/8/4R3/3RrR2/8/3K4/8/8 w 0:0 0 30", &[26, 194, 5803]),
    // E12, E13, E14 (D18)
    ("7k/8/5K2/8/8/8/8/8 w 0:0 0 30", &[8, 21, 164]),
    ("8/6Kk/8/8/8/8/8/8 b 0:0 0 30", &[4, 21, 99]),
    ("8/6K1/8/8/8/8/1k6/8 w 0:0 0 30", &[8, 56, 308]),
];

#[test]
fn reference_perft_matches_spec() {
    for &(text, counts) in PERFT_TABLE {
        let pos = Pos::parse(text);
        assert_eq!(pos.to_string(), text, "reference printer round trip");
        for (i, &want) in counts.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(
                ref_perft(&pos, depth),
                want,
                "reference perft({depth}) of {text}"
            );
        }
    }
    // §10: the breakdown (total, captures, removals, game ends) at the last depth.
    let details: &[(&str, [[u64; 4]; 3])] = &[
        (T1, [[23, 0, 2, 0], [713, 0, 0, 0], [17388, 76, 748, 62]]),
        (T2, [[34, 1, 0, 0], [1021, 0, 35, 0], [36696, 572, 447, 0]]),
        (T3, [[33, 0, 0, 0], [1358, 0, 35, 0], [44477, 37, 470, 0]]),
    ];
    for (text, rows) in details {
        let pos = Pos::parse(text);
        for (i, want) in rows.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(
                &perft_detail(&pos, depth),
                want,
                "breakdown at depth {depth} of {text}"
            );
        }
    }
    // §10: 2 of the 82 914 sequences of depth 3 from the start remove a rook (E4).
    assert_eq!(perft_detail(&Pos::startpos(), 3), [82914, 0, 2, 0]);
}

#[test]
fn fast_perft_matches_spec() {
    for &(text, counts) in PERFT_TABLE {
        let pos = fast(text);
        for (i, &want) in counts.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(
                zonal_proryv::perft(&pos, depth),
                want,
                "fast perft({depth}) of {text}"
            );
        }
    }
    assert_eq!(Position::startpos().to_string(), START);
}

/// §9 and §7.2: legal ply lists, results of single plies, finished positions.
/// Checked for both implementations.
#[test]
fn examples_match_spec() {
    // (position, expected sorted legal plies, or only a count when the list is "")
    let squares = |files: &str, ranks: std::ops::RangeInclusive<u8>| -> Vec<String> {
        let mut v = Vec::new();
        for f in files.chars() {
            for r in ranks.clone() {
                v.push(format!("R@{f}{r}"));
            }
        }
        v
    };
    let e1: Vec<String> = [
        squares("ab", 3..=7),
        squares("cdef", 1..=7),
        squares("g", 1..=6),
    ]
    .concat();
    let e2: Vec<String> = [
        squares("b", 3..=8),
        squares("cef", 2..=8),
        squares("d", 2..=3),
        squares("d", 5..=8),
        squares("gh", 2..=6),
    ]
    .concat();
    let e3: Vec<String> = [
        squares("ab", 3..=7),
        squares("cef", 1..=7),
        squares("d", 1..=3),
        squares("d", 5..=7),
        squares("g", 1..=6),
        squares("h", 1..=5),
    ]
    .concat();
    let lists: Vec<(&str, Vec<String>)> = vec![
        (START, e1.clone()),
        ("7k/8/8/8/3R4/8/8/K7 b 7:8 0 1", e2),
        ("7k/8/7r/8/3R4/8/8/K7 w 7:7 0 2", e3),
        (
            "7k/3r4/8/1r6/4K3/8/8/8 w 0:0 0 20",
            sorted("e4e3 e4f3 e4f4"),
        ),
        (
            "8/3k4/8/R7/3K1R1r/8/8/3R4 w 0:0 0 20",
            sorted(
                "a5a3 a5a4 a5a6 a5a8 a5b5 a5c5 a5e5 a5f5 a5g5 a5h5 d1c1 d1d2 d1d3 d1e1 d1f1 d1g1 d1h1 d4d3 d4d5 f4e4 f4g4",
            ),
        ),
        (
            "4r2k/8/8/2rRr3/3K4/8/8/8 w 0:0 0 20",
            sorted("d4c5 d4d3 d5d6 d5d7 d5d8"),
        ),
        (
            "8/8/8/2r2kr1/5K2/8/8/8 w 0:0 0 20",
            sorted("f4e3 f4e4 f4f3 f4g5"),
        ),
        (
            "7k/8/3r4/2RrR3/5R2/8/8/K2RRRR1 w 0:0 5 30",
            sorted(
                "a1a2 a1b1 a1b2 c5a5 c5b5 c5c1 c5c2 c5c3 c5c4 c5c6 c5c7 d1c1 d1d2 d1d3 d1d4 e1e2 e1e3 e1e4 e5e2 e5e3 e5e4 e5e6 e5e7 e5f5 e5g5 f1f2 f1f3 f4a4 f4b4 f4c4 f4d4 f4e4 f4f2 f4f3 f4f5 f4f6 f4f7 f4g4 g1g2 g1g3 g1g4 g1g5 g1g6",
            ),
        ),
        (
            "3k4/2rr4/3R4/8/8/4R3/8/K7 w 0:0 0 30",
            sorted(
                "a1a2 a1b1 a1b2 d6a6 d6b6 d6c6 d6d1 d6d2 d6d3 d6d4 d6d5 d6e6 d6f6 d6g6 d6h6 e3a3 e3b3 e3c3 e3d3 e3e1 e3e2 e3e4 e3e5 e3e6 e3f3 e3g3 e3h3",
            ),
        ),
        (
            "7k/8/4R3/3RrR2/8/3K4/8/8 w 0:0 0 30",
            sorted(
                "d3c2 d3c3 d3c4 d3d2 d3d4 d3e4 d5a5 d5b5 d5c5 d5d4 d5d6 d5d7 e6a6 e6b6 e6c6 e6d6 e6e7 e6f6 e6g6 f5f1 f5f2 f5f3 f5f4 f5f6 f5f7 f5g5",
            ),
        ),
        (
            "7k/8/5K2/8/8/8/8/8 w 0:0 0 30",
            sorted("f6e5 f6e6 f6e7 f6f5 f6f7 f6g5 f6g6 f6g7"),
        ),
        (
            "8/6Kk/8/8/8/8/8/8 b 0:0 0 30",
            sorted("h7g6 h7g8 h7h6 h7h8"),
        ),
        (
            "r7/6K1/8/8/8/8/1k6/8 w 0:0 0 30",
            sorted("g7f6 g7f7 g7g6 g7h6 g7h7"),
        ),
        ("7k/8/8/8/8/1r6/2r5/K7 w 0:0 0 30", Vec::new()),
        // Finished positions have no legal plies (D18, §7.3).
        ("7k/6K1/8/8/8/8/8/8 w 0:0 1 31", Vec::new()),
        ("7k/6K1/8/8/8/8/8/8 b 0:0 1 30", Vec::new()),
    ];
    assert_eq!(e1.len(), 44);
    for (text, want) in &lists {
        let mut want = want.clone();
        want.sort();
        let r = Pos::parse(text);
        let f = fast(text);
        assert_eq!(ref_plies(&r), want, "reference plies of {text}");
        assert_eq!(fast_plies(&f), want, "fast plies of {text}");
        assert_eq!(r.is_over(), want.is_empty(), "reference is_over of {text}");
        assert_eq!(f.is_over(), want.is_empty(), "fast is_over of {text}");
    }

    // Counts only.
    let counts: &[(&str, usize)] = &[
        ("7k/8/8/8/R7/8/8/K7 b 7:8 0 1", 48),
        ("7k/8/8/8/8/8/2R5/K1RR4 w 0:0 0 30", 21),
        ("8/8/8/8/8/1k6/8/K7 b 0:0 0 30", 8),
        ("8/6K1/8/8/8/8/1k6/8 w 0:0 0 30", 8),
    ];
    for &(text, want) in counts {
        assert_eq!(
            Pos::parse(text).legal_plies().len(),
            want,
            "reference count of {text}"
        );
        assert_eq!(fast(text).legal_plies().len(), want, "fast count of {text}");
    }
    // E9: the rook c1 has no move and stays.
    for p in ref_plies(&Pos::parse("7k/8/8/8/8/8/2R5/K1RR4 w 0:0 0 30")) {
        assert!(!p.starts_with("c1"), "{p}");
    }

    // Sequences of plies and the positions they lead to: (start, plies,
    // expected position string after them, finished?).
    let lines: &[(&str, &str, &str, bool)] = &[
        (START, "R@d4 R@h6", "7k/8/7r/8/3R4/8/8/K7 w 7:7 0 2", false),
        (
            START,
            "R@a7 R@b8 R@a8",
            "1r5k/R7/8/8/8/8/8/K7 b 6:7 0 2",
            false,
        ),
        (
            START,
            "R@g1 R@h2 R@h1",
            "7k/8/8/8/8/8/7r/K5R1 b 6:7 0 2",
            false,
        ),
        (
            "4r2k/8/8/2rRr3/3K4/8/8/8 w 0:0 0 20",
            "d4c5",
            "4r2k/8/8/2KRr3/8/8/8/8 b 0:0 0 20",
            false,
        ),
        (
            "7k/8/3r4/2RrR3/5R2/8/8/K2RRRR1 w 0:0 5 30",
            "d1d4",
            "7k/8/3r4/2R1R3/3R1R2/8/8/K3RRR1 b 0:0 0 30",
            false,
        ),
        (
            "7k/8/3r4/2RrR3/5R2/8/8/K2RRRR1 w 0:0 5 30",
            "f4d4",
            "7k/8/3r4/2R1R3/3R4/8/8/K2RRRR1 b 0:0 0 30",
            false,
        ),
        (
            "7k/8/3r4/2RrR3/5R2/8/8/K2RRRR1 w 0:0 5 30",
            "f4f2",
            "7k/8/3r4/2RrR3/8/8/5R2/K2RR1R1 b 0:0 0 30",
            false,
        ),
        (
            "7k/8/3r4/2RrR3/5R2/8/8/K2RRRR1 w 0:0 5 30",
            "g1g2",
            "7k/8/3r4/2RrR3/5R2/8/6R1/K2RRR2 b 0:0 6 30",
            false,
        ),
        (
            "7k/8/4R3/3RrR2/8/3K4/8/8 w 0:0 0 30",
            "d3e4",
            "7k/8/4R3/3R1R2/4K3/8/8/8 b 0:0 0 30",
            false,
        ),
        (
            "7k/8/5K2/8/8/8/8/8 w 0:0 0 30",
            "f6g7",
            "7k/6K1/8/8/8/8/8/8 b 0:0 1 30",
            true,
        ),
        (
            "8/8/8/8/8/1k6/8/K7 b 0:0 0 30",
            "b3a2",
            "8/8/8/8/8/8/k7/K7 w 0:0 1 31",
            true,
        ),
        (
            "8/8/8/8/8/1k6/8/K7 b 0:0 0 30",
            "b3b2",
            "8/8/8/8/8/8/1k6/K7 w 0:0 1 31",
            true,
        ),
        (
            "8/6Kk/8/8/8/8/8/8 b 0:0 0 30",
            "h7h8",
            "7k/6K1/8/8/8/8/8/8 w 0:0 1 31",
            true,
        ),
        (
            "8/6Kk/8/8/8/8/8/8 b 0:0 0 30",
            "h7g6",
            "8/6K1/6k1/8/8/8/8/8 w 0:0 1 31",
            false,
        ),
        (
            "8/6K1/8/8/8/8/1k6/8 w 0:0 0 30",
            "g7h8",
            "7K/8/8/8/8/8/1k6/8 b 0:0 1 30",
            true,
        ),
        (
            "r7/6K1/8/8/8/8/1k6/8 w 0:0 0 30",
            "g7h7 b2a1",
            "r7/7K/8/8/8/8/8/k7 w 0:0 2 31",
            true,
        ),
    ];
    for &(text, plies, want, over) in lines {
        let mut r = Pos::parse(text);
        let mut f = fast(text);
        for ply in plies.split_whitespace() {
            let rp = r
                .find_ply(ply)
                .unwrap_or_else(|| panic!("reference: {ply} not legal in {r}"));
            r = r.play(&rp);
            f = f.play(&fast_find(&f, ply));
        }
        assert_eq!(r.to_string(), want, "reference after {plies} from {text}");
        assert_eq!(f.to_string(), want, "fast after {plies} from {text}");
        assert_eq!(
            r.is_over(),
            over,
            "reference is_over after {plies} from {text}"
        );
        assert_eq!(f.is_over(), over, "fast is_over after {plies} from {text}");
    }
    // E12 (Black): of the eight King moves only b3a2 and b3b2 end the game.
    let r = Pos::parse("8/8/8/8/8/1k6/8/K7 b 0:0 0 30");
    let enders: Vec<String> = r
        .legal_plies()
        .iter()
        .filter(|p| r.play(p).decided().is_some())
        .map(|p| p.to_string())
        .collect();
    assert_eq!(sorted(&enders.join(" ")), sorted("b3a2 b3b2"));
}

// ---------------------------------------------------------------------------
// 2. Random games: both implementations agree on every position reached.

/// Picks the next ply of a random game. In "biased" games half of the choices
/// go to plies that make things happen (captures, removals, drops into
/// crowded places, King steps towards the target) so that the rare rules get
/// exercised too.
fn choose(r: &Pos, plies: &[reference::Ply], rng: &mut Rng, biased: bool) -> usize {
    if biased && rng.below(2) == 0 {
        let me = r.white_to_move;
        let goal = reference::target(me);
        let dist = |s: reference::Sq| (s.0 - goal.0).abs().max((s.1 - goal.1).abs());
        let interesting: Vec<usize> = (0..plies.len())
            .filter(|&i| {
                let (next, eff) = r.apply(&plies[i]);
                if eff.captured || eff.removed > 0 {
                    return true;
                }
                match plies[i] {
                    reference::Ply::Drop(s) => {
                        let crowded = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                            .iter()
                            .filter(|d| {
                                let n = (s.0 + d.0, s.1 + d.1);
                                !reference::on_board(n) || r.get(n).is_some()
                            })
                            .count();
                        crowded >= 2
                    }
                    reference::Ply::Move(from, to) => {
                        r.get(from).is_some_and(|p| p.king)
                            && dist(to) < dist(from)
                            && next.decided().is_none_or(|w| w == me)
                    }
                }
            })
            .collect();
        if !interesting.is_empty() {
            return interesting[rng.below(interesting.len())];
        }
    }
    rng.below(plies.len())
}

/// Plays one random game in both implementations, comparing at every step.
/// Returns the positions visited (reference), or the first disagreement.
fn play_game(
    start: &str,
    seed: u64,
    max_plies: usize,
    biased: bool,
    stats: &mut [u64; 6],
) -> Result<Vec<Pos>, String> {
    let mut rng = Rng::new(seed);
    let mut r = Pos::parse(start);
    let mut f = fast(start);
    let mut visited = Vec::new();
    for _ in 0..max_plies {
        compare(&r, &f)?;
        // The fast parser reads back what it printed.
        let reparsed = fast(&r.to_string());
        if reparsed.to_string() != r.to_string() || fast_plies(&reparsed) != fast_plies(&f) {
            return Err(format!("fast parse/print round trip differs on {r}"));
        }
        stats[0] += 1;
        visited.push(r.clone());
        let plies = r.legal_plies();
        if plies.is_empty() {
            if r.decided().is_some() {
                stats[4] += 1;
            } else {
                stats[5] += 1;
            }
            return Ok(visited);
        }
        let mut ordered = plies.clone();
        ordered.sort_by_key(|p| p.to_string());
        let ply = ordered[choose(&r, &ordered, &mut rng, biased)];
        let (next, eff) = r.apply(&ply);
        stats[1] += u64::from(eff.captured);
        stats[2] += u64::from(eff.removed > 0);
        stats[3] += u64::from(matches!(ply, reference::Ply::Drop(_)) && eff.removed > 0);
        f = f.play(&fast_find(&f, &ply.to_string()));
        r = next;
    }
    compare(&r, &f)?;
    visited.push(r);
    Ok(visited)
}

const GAME_STARTS: [(&str, u64); 4] = [(START, 150), (T1, 50), (T2, 50), (T3, 50)];

#[test]
fn random_games_agree() {
    // positions, captures, plies with removals, drops with removals,
    // games decided by §6 steps 1-2, games ended by no legal ply
    let mut stats = [0u64; 6];
    let mut failures = Vec::new();
    for (k, &(start, games)) in GAME_STARTS.iter().enumerate() {
        for g in 0..games {
            let seed = 1000 * k as u64 + g + 1;
            if let Err(e) = play_game(start, seed, 120, g % 2 == 1, &mut stats) {
                failures.push(format!("game {g} from {start} (seed {seed}): {e}"));
            }
        }
    }
    println!(
        "positions {} captures {} removal plies {} (drops {}) decided games {} no-ply games {}",
        stats[0], stats[1], stats[2], stats[3], stats[4], stats[5]
    );
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    // Make sure the games did exercise the rare rules.
    assert!(stats[0] > 20_000, "{stats:?}");
    assert!(
        stats[1] > 0 && stats[2] > 0 && stats[3] > 0 && stats[4] > 0,
        "{stats:?}"
    );
}

// ---------------------------------------------------------------------------
// 3. perft(3) agreement on positions from random games.

#[test]
fn random_positions_perft_agree() {
    let mut stats = [0u64; 6];
    let mut picked = Vec::new();
    let mut rng = Rng::new(77);
    for (k, &(start, _)) in GAME_STARTS.iter().enumerate() {
        for g in 0..5u64 {
            let seed = 50_000 + 100 * k as u64 + g;
            let visited = play_game(start, seed, 60, g % 2 == 1, &mut stats)
                .unwrap_or_else(|e| panic!("{e}"));
            let pos = visited[rng.below(visited.len())].clone();
            picked.push(pos);
        }
    }
    let mut failures = Vec::new();
    for r in &picked {
        let text = r.to_string();
        let f = fast(&text);
        let want = ref_perft(r, 3);
        let got = zonal_proryv::perft(&f, 3);
        if want != got {
            // Locate the first differing ply.
            let mut detail = Vec::new();
            for ply in r.legal_plies() {
                let s = ply.to_string();
                let a = ref_perft(&r.play(&ply), 2);
                let b = f
                    .legal_plies()
                    .into_iter()
                    .find(|p| p.to_string() == s)
                    .map(|p| zonal_proryv::perft(&f.play(&p), 2));
                if b != Some(a) {
                    detail.push(format!("{s}: reference {a} fast {b:?}"));
                }
            }
            failures.push(format!(
                "perft(3) of {text}: reference {want} fast {got}; {}",
                detail.join(", ")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(picked.len(), 20);
}
