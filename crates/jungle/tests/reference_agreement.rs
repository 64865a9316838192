//! Cross-checks the fast Jungle rules against the deliberately simple reference implementation
//! in `tests/reference/mod.rs`: perft from the start and from the spec's examples, and legal
//! moves, resulting positions and results along thousands of random games (which are made to
//! reach rats in water, blocked jumps, trap captures, den entries and last-piece wins).

use crate::reference;

use reference::{Mv, Over, Pos, perft as ref_perft};
use std::collections::HashMap;
use zonal_core::rng::Rng;
use zonal_jungle::{
    Animal, End, Game, Move, Outcome, Position, QUIET_LIMIT, Side, geometry, perft,
};

const START: &str = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w";

/// Every position of the spec's worked examples (§10).
const EXAMPLES: &[&str] = &[
    "c6/7/7/7/R6/7/7/7/7 w",
    "c6/7/7/7/2R4/7/7/7/7 w",
    "6c/7/7/7/7/3e3/3R3/7/7 w",
    "6c/7/7/7/7/3e3/3R3/7/7 b",
    "6c/7/7/7/7/2Re3/7/7/7 w",
    "c6/7/7/2r4/2R4/7/7/7/7 w",
    "c6/7/7/7/2rR3/7/7/7/7 w",
    "C6/7/7/7/2rR3/7/7/7/7 b",
    "6c/7/7/7/3L3/7/7/7/7 w",
    "6c/7/7/7/3Lr2/7/7/7/7 w",
    "6c/7/7/7/1R1Lr2/7/7/7/7 w",
    "6c/7/2p4/7/7/7/2T4/7/7 w",
    "6c/7/2l4/7/7/7/2T4/7/7 w",
    "6c/7/2p4/7/2r4/7/2T4/7/7 w",
    "6c/7/7/7/7/T6/7/7/7 w",
    "6c/7/7/3T3/7/7/7/7/7 w",
    "6c/7/7/7/7/7/7/2Ce3/7 w",
    "6c/7/7/7/7/7/7/3rE2/7 w",
    "7/7/7/7/7/7/3c3/3E3/7 b",
    "7/2cLt2/7/7/7/7/7/7/6R b",
    "7/2cLt2/7/7/7/7/7/7/6R w",
    "c6/3D3/7/7/7/7/7/7/7 w",
    "c6/7/7/7/7/7/7/3D3/2C4 w",
    "cL5/W6/7/7/7/7/7/7/7 b",
    "7/7/7/7/7/3e3/3R3/7/7 w",
];

fn fast(text: &str) -> Position {
    text.parse()
        .unwrap_or_else(|e| panic!("fast parser rejects {text}: {e}"))
}

fn reference(text: &str) -> Pos {
    Pos::parse(text).unwrap_or_else(|| panic!("reference parser rejects {text}"))
}

fn fast_moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(Move::to_string).collect();
    v.sort();
    v
}

fn ref_moves(pos: &Pos) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(Mv::to_string).collect();
    v.sort();
    v
}

fn over_of(o: Outcome) -> Over {
    match o {
        Outcome::Den { winner } => Over::Den(winner == Side::White),
        Outcome::NoPieces { loser } => Over::NoPieces(loser == Side::White),
        Outcome::NoMove { loser } => Over::NoMove(loser == Side::White),
    }
}

/// Compares the two implementations on one position and on the positions after each move.
fn compare(r: &Pos, f: &Position) {
    let text = r.to_string();
    assert_eq!(f.to_string(), text, "printed");
    let rm = ref_moves(r);
    let fm = fast_moves(f);
    assert_eq!(fm, rm, "legal moves of {text}");
    assert_eq!(f.outcome().map(over_of), r.over(), "outcome of {text}");
    assert_eq!(f.count_legal_moves(), rm.len() as u64);
    let mut after = Vec::new();
    f.for_each_legal(|mv, next| after.push((mv.to_string(), next.to_string())));
    for m in r.legal_moves() {
        let name = m.to_string();
        let mut expected = r.play(m).to_string();
        let fast_after = f.parse_move(&name).map(|mv| f.play(&mv).to_string());
        assert_eq!(
            fast_after.as_deref(),
            Ok(expected.as_str()),
            "{name} in {text}"
        );
        let found = after
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, p)| p.clone());
        expected.truncate(expected.len());
        assert_eq!(found, Some(expected), "for_each_legal: {name} in {text}");
    }
}

// ---------------------------------------------------------------------------
// 1. Perft.

#[test]
fn perft_from_the_start() {
    let r = reference(START);
    let f = fast(START);
    let counts = [24, 576, 12240, 260099, 5_111_620];
    for (d, &n) in counts.iter().enumerate() {
        let depth = d as u32 + 1;
        assert_eq!(ref_perft(&r, depth), n, "reference, depth {depth}");
        assert_eq!(perft(&f, depth), n, "fast, depth {depth}");
    }
    // Deeper, the fast generator alone (the reference agrees: `perft_from_the_start_deep`).
    assert_eq!(perft(&f, 6), 100_453_636);
}

/// The reference at depth 6 from the start (about fifteen seconds; run with `--ignored`).
#[test]
#[ignore]
fn perft_from_the_start_deep() {
    assert_eq!(ref_perft(&reference(START), 6), 100_453_636);
}

#[test]
fn perft_from_the_examples() {
    for text in EXAMPLES {
        let r = reference(text);
        let f = fast(text);
        for depth in 1..=4 {
            assert_eq!(
                perft(&f, depth),
                ref_perft(&r, depth),
                "{text}, depth {depth}"
            );
        }
    }
}

#[test]
fn perft_from_busy_middle_games() {
    for text in [
        "l5t/1d3c1/2p1w1e/1r5/3L3/4R2/E1W1P2/1C3D1/T6 w",
        "2t4/1d1l1c1/r1p1w1e/7/2RT3/7/E1W1P2/1C1L1D1/7 b",
        "2e4/1dLl1c1/2p1w2/1r5/3T3/t3R2/E1W1P2/1C3D1/7 w",
    ] {
        let r = reference(text);
        let f = fast(text);
        for depth in 1..=3 {
            assert_eq!(
                perft(&f, depth),
                ref_perft(&r, depth),
                "{text}, depth {depth}"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// 2. Random games.

/// A random valid position: a few animals a side on squares they may stand on, rats often in
/// the water, lions and tigers often on the banks.
fn random_position(rng: &mut Rng) -> String {
    let mut board = [[None::<char>; 7]; 9];
    let banks: Vec<u8> = (0..63u8)
        .filter(|&s| geometry::JUMP_FROM & geometry::bit(s) != 0)
        .collect();
    let water: Vec<u8> = (0..63u8)
        .filter(|&s| geometry::WATER & geometry::bit(s) != 0)
        .collect();
    for side in Side::BOTH {
        let n = 1 + rng.below(6);
        let mut animals: Vec<Animal> = Animal::ALL.to_vec();
        for _ in 0..n {
            let a = animals.remove(rng.below(animals.len()));
            for _ in 0..50 {
                let s = match a {
                    Animal::Rat if rng.below(2) == 0 => water[rng.below(water.len())],
                    Animal::Lion | Animal::Tiger if rng.below(2) == 0 => {
                        banks[rng.below(banks.len())]
                    }
                    _ => rng.below(63) as u8,
                };
                let b = geometry::bit(s);
                let (f, r) = ((s % 7) as usize, (s / 7) as usize);
                if board[r][f].is_some()
                    || (b & geometry::WATER != 0 && a != Animal::Rat)
                    || b & (geometry::DEN[0] | geometry::DEN[1]) != 0
                {
                    continue;
                }
                board[r][f] = Some(a.letter_of(side));
                break;
            }
        }
    }
    let mut rows = Vec::new();
    for rank in board.iter().rev() {
        let mut row = String::new();
        let mut run = 0;
        for square in rank {
            match *square {
                None => run += 1,
                Some(c) => {
                    if run > 0 {
                        row += &run.to_string();
                        run = 0;
                    }
                    row.push(c);
                }
            }
        }
        if run > 0 {
            row += &run.to_string();
        }
        rows.push(row);
    }
    let side = if rng.below(2) == 0 { "w" } else { "b" };
    format!("{} {side} {} 1", rows.join("/"), rng.below(3) * 90)
}

/// What the random games reached.
#[derive(Default, Debug)]
struct Seen {
    positions: u64,
    rat_in_water: u64,
    water_rat_captures: u64,
    blocked_jumps: u64,
    jump_captures: u64,
    trap_captures: u64,
    rat_takes_elephant: u64,
    den_wins: u64,
    last_piece_wins: u64,
    no_move_losses: u64,
    repetitions: u64,
    move_limits: u64,
}

/// Whether a lion or tiger of the side to move stands at a jump line with a rat on it.
fn has_blocked_jump(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let rats = pos.pieces(Side::White, Animal::Rat) | pos.pieces(Side::Black, Animal::Rat);
    [Animal::Lion, Animal::Tiger].iter().any(|&a| {
        let p = pos.pieces(us, a);
        p != 0
            && geometry::JUMPS[p.trailing_zeros() as usize]
                .iter()
                .any(|j| j.over & rats != 0)
    })
}

/// The end of the game after the latest position, by §7 in order, from the reference's view.
fn reference_end(pos: &Pos, history: &HashMap<String, u32>) -> Option<String> {
    if let Some(o) = pos.over() {
        return Some(if o.white_wins() { "1-0" } else { "0-1" }.into());
    }
    let text = pos.to_string();
    let key: Vec<&str> = text.split(' ').take(2).collect();
    if history.get(&key.join(" ")).copied().unwrap_or(0) >= 3 || pos.quiet >= QUIET_LIMIT {
        return Some("1/2-1/2".into());
    }
    None
}

fn play_game(start: &str, rng: &mut Rng, greedy: bool, seen: &mut Seen) {
    let mut r = reference(start);
    let mut game = Game::new(fast(start));
    let mut history: HashMap<String, u32> = HashMap::new();
    let key = |p: &Pos| {
        p.to_string()
            .split(' ')
            .take(2)
            .collect::<Vec<_>>()
            .join(" ")
    };
    *history.entry(key(&r)).or_insert(0) += 1;
    for _ in 0..400 {
        let f = *game.position();
        compare(&r, &f);
        seen.positions += 1;
        let us = f.side_to_move();
        if f.pieces(us, Animal::Rat) & geometry::WATER != 0 {
            seen.rat_in_water += 1;
        }
        if has_blocked_jump(&f) {
            seen.blocked_jumps += 1;
        }
        if game.end().is_some() {
            break;
        }
        let moves = f.legal_moves();
        let captures: Vec<Move> = moves.iter().copied().filter(|m| f.is_capture(*m)).collect();
        let mv = if greedy && !captures.is_empty() && rng.below(4) != 0 {
            captures[rng.below(captures.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        if f.is_capture(mv) {
            let (_, mover) = f.piece_at(mv.from()).expect("a mover");
            let (_, victim) = f.piece_at(mv.to()).expect("a victim");
            let to = geometry::bit(mv.to());
            if to & geometry::WATER != 0 {
                seen.water_rat_captures += 1;
            }
            if geometry::neighbours(geometry::bit(mv.from())) & to == 0 {
                seen.jump_captures += 1;
            }
            if to & geometry::TRAPS[us as usize] != 0 && !mover.may_take(victim) {
                seen.trap_captures += 1;
            }
            if mover == Animal::Rat && victim == Animal::Elephant {
                seen.rat_takes_elephant += 1;
            }
        }
        let rm = r
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == mv.to_string())
            .expect("the reference has the move");
        r = r.play(rm);
        *history.entry(key(&r)).or_insert(0) += 1;
        game.play(&mv.to_string()).expect("a legal move");
        let end = game.end();
        assert_eq!(
            end.map(End::result).map(str::to_string),
            reference_end(&r, &history),
            "end after {} from {start}",
            game.moves()
                .iter()
                .map(Move::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        );
        match end {
            Some(End::Won(Outcome::Den { .. })) => seen.den_wins += 1,
            Some(End::Won(Outcome::NoPieces { .. })) => seen.last_piece_wins += 1,
            Some(End::Won(Outcome::NoMove { .. })) => seen.no_move_losses += 1,
            Some(End::Repetition) => seen.repetitions += 1,
            Some(End::QuietPlies) => seen.move_limits += 1,
            None => {}
        }
    }
}

#[test]
fn random_games_agree() {
    let mut seen = Seen::default();
    for seed in 0..120u64 {
        let mut rng = Rng::new(seed);
        play_game(START, &mut rng, seed % 2 == 0, &mut seen);
    }
    for seed in 0..1500u64 {
        let mut rng = Rng::new(1_000 + seed);
        let start = random_position(&mut rng);
        play_game(&start, &mut rng, seed % 3 != 0, &mut seen);
    }
    for text in EXAMPLES {
        for seed in 0..5u64 {
            let mut rng = Rng::new(50_000 + seed);
            play_game(text, &mut rng, seed % 2 == 0, &mut seen);
        }
    }
    // One move from a blocked side: the lone black cat is shut in if the wolf steps to a8, or
    // the rat if the lion steps to g2.
    for text in ["cL5/7/W6/7/7/7/7/7/7 w", "7/7/7/7/7/7/7/4L2/4pDr w 0 9"] {
        for seed in 0..40u64 {
            let mut rng = Rng::new(90_000 + seed);
            play_game(text, &mut rng, false, &mut seen);
        }
    }
    eprintln!("{seen:?}");
    assert!(seen.positions >= 20_000, "{seen:?}");
    for (what, n) in [
        ("rat in water", seen.rat_in_water),
        ("rat takes rat in water", seen.water_rat_captures),
        ("blocked jump", seen.blocked_jumps),
        ("jump capture", seen.jump_captures),
        ("trap capture", seen.trap_captures),
        ("rat takes elephant", seen.rat_takes_elephant),
        ("den win", seen.den_wins),
        ("last-piece win", seen.last_piece_wins),
        ("no-move loss", seen.no_move_losses),
        ("repetition", seen.repetitions),
        ("move limit", seen.move_limits),
    ] {
        assert!(n >= 3, "{what}: {seen:?}");
    }
}
