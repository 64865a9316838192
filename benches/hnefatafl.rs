//! Criterion benchmarks of Hnefatafl's rules: perft from the `copenhagen` start and from three
//! middle-game positions of real games, side by side with the crates.io `hnefatafl` crate
//! (bunburya/hnefatafl-rs 0.0.2, preset Copenhagen) on the same positions. Before measuring, the
//! bench checks that both count the same nodes there.
//!
//! Run with `cargo bench --bench hnefatafl`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hnefatafl::aliases::{MediumBasicGameLogic, MediumBasicGameState};
use hnefatafl::board::state::BoardState;
use hnefatafl::game::{Game as TheirGame, GameStatus};
use hnefatafl::pieces::Side as TheirSide;
use hnefatafl::preset::{boards, rules};
use std::hint::black_box;
use zonal_hnefatafl::{ATTACKERS, Position, Ruleset, perft};

/// The allocator of the `zonal` binary, so that the figures match it.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const GAMES: &str = include_str!("../crates/hnefatafl/tests/data/tafl/copenhagen.csv");

/// Perft with the `hnefatafl` crate: its legal plays per piece, its `do_valid_play`; a finished
/// game has no plays; the last ply is counted without playing it, as ours does.
fn their_perft(logic: &MediumBasicGameLogic, state: &MediumBasicGameState, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if matches!(state.status, GameStatus::Over(_)) {
        return 0;
    }
    let mut total = 0;
    for tile in state.board.occupied_by_side(state.side_to_play) {
        let plays = logic.iter_plays(tile, state).expect("a piece on the tile");
        if depth == 1 {
            total += plays.count() as u64;
        } else {
            for play in plays {
                let next = logic.do_valid_play(play, *state).new_state;
                total += their_perft(logic, &next, depth - 1);
            }
        }
    }
    total
}

/// Our position and the crate's state for the same placement and side to move. Both read the
/// same placement string (the crate writes `t`, `T`, `K` for `a`, `d`, `k`).
fn both(pos: &Position) -> (Position, MediumBasicGameLogic, MediumBasicGameState) {
    let theirs = pos
        .placement()
        .replace('a', "t")
        .replace('d', "T")
        .replace('k', "K");
    let mut game: TheirGame<_> =
        TheirGame::new(rules::COPENHAGEN, boards::COPENHAGEN).expect("the preset board");
    let side = if pos.side_to_move() == ATTACKERS {
        TheirSide::Attacker
    } else {
        TheirSide::Defender
    };
    game.state = MediumBasicGameState::new(&theirs, side).expect("a placement the crate reads");
    (*pos, game.logic, game.state)
}

/// The start and the positions after 20 plies of three real games.
fn positions() -> Vec<(String, Position)> {
    let mut out = vec![("start".to_string(), Position::start(Ruleset::COPENHAGEN))];
    for (n, line) in GAMES
        .lines()
        .enumerate()
        .filter(|(n, _)| [99, 599, 1199].contains(n))
    {
        let mut pos = Position::start(Ruleset::COPENHAGEN);
        for token in line.split(',').next().unwrap_or("").split(' ').take(20) {
            let mv = pos.parse_move(token).expect("a legal recorded move");
            pos = pos.play(mv);
        }
        out.push((format!("game {} ply 20", n + 1), pos));
    }
    out
}

fn perft_bench(c: &mut Criterion) {
    let positions: Vec<_> = positions()
        .iter()
        .map(|(name, p)| (name.clone(), both(p)))
        .collect();
    // Both must count the same nodes before their speeds are compared.
    for (name, (ours, logic, state)) in &positions {
        for depth in 1..=3 {
            let (a, b) = (perft(ours, depth), their_perft(logic, state, depth));
            assert_eq!(
                a, b,
                "{name}: perft({depth}) zonal {a}, hnefatafl crate {b}"
            );
        }
    }
    let mut group = c.benchmark_group("hnefatafl_perft");
    group.sample_size(10);
    let (_, (start, logic, state)) = &positions[0];
    group.throughput(Throughput::Elements(perft(start, 3)));
    group.bench_function("zonal, copenhagen start, depth 3", |b| {
        b.iter(|| perft(black_box(start), 3))
    });
    group.bench_function("hnefatafl crate, copenhagen start, depth 3", |b| {
        b.iter(|| their_perft(logic, black_box(state), 3))
    });
    let total: u64 = positions[1..]
        .iter()
        .map(|(_, (p, _, _))| perft(p, 3))
        .sum();
    group.throughput(Throughput::Elements(total));
    group.bench_function("zonal, 3 real middle games, depth 3", |b| {
        b.iter(|| {
            positions[1..]
                .iter()
                .map(|(_, (p, _, _))| perft(black_box(p), 3))
                .sum::<u64>()
        })
    });
    group.bench_function("hnefatafl crate, 3 real middle games, depth 3", |b| {
        b.iter(|| {
            positions[1..]
                .iter()
                .map(|(_, (_, l, s))| their_perft(l, black_box(s), 3))
                .sum::<u64>()
        })
    });
    group.throughput(Throughput::Elements(perft(start, 4)));
    group.bench_function("zonal, copenhagen start, depth 4", |b| {
        b.iter(|| perft(black_box(start), 4))
    });
    group.finish();
}

criterion_group!(benches, perft_bench);
criterion_main!(benches);
