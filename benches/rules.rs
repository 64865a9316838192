//! Criterion benchmarks of the rules core: move generation, force maps, perft.
//!
//! Run with `cargo bench --bench rules`. Positions: the start, the spec's book examples and
//! random middlegames (`chess_t1::sample::middlegames`).

use chess_t1::force::ForceMap;
use chess_t1::perft::perft;
use chess_t1::{Bitboard, Position, sample};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// The allocator of the `zonal` binary, so that the figures match it.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const BOOK_EXAMPLES: &[&str] = &[
    "8/8/8/3vP3/8/6N1/8/8 w - 0 1",
    "3k4/2SVp3/7V/8/8/5N2/1N6/8 w - 0 1",
    "8/8/8/8/8/3RvN2/8/2K4p w - 0 1",
    "1n1k4/1V1Vn3/4V3/n7/N5n1/6vN/5KN1/8 w - 0 1",
    "8/8/sn6/N7/6s1/2R1p1N1/8/8 w - 0 1",
    "8/5r2/8/n4nN1/N2c1N1S/1S6/8/8 w - 0 1",
    "3k1P2/8/8/8/8/K7/8/2c2C2 w - 0 1",
    "8/8/8/5R2/8/4s3/2v5/5P2 b - 0 1",
];

fn positions() -> Vec<(&'static str, Vec<Position>)> {
    let book = BOOK_EXAMPLES
        .iter()
        .map(|s| s.parse().expect("book example"))
        .collect();
    vec![
        ("start", vec![Position::startpos()]),
        ("book", book),
        ("middlegame", sample::middlegames(32, 2024)),
    ]
}

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("movegen");
    for (name, set) in positions() {
        group.throughput(Throughput::Elements(set.len() as u64));
        group.bench_function(format!("generate/{name}"), |b| {
            b.iter(|| {
                set.iter()
                    .map(|p| black_box(p).generate_moves().len())
                    .sum::<usize>()
            })
        });
        group.bench_function(format!("count/{name}"), |b| {
            b.iter(|| set.iter().map(|p| black_box(p).count_moves()).sum::<u64>())
        });
    }
    group.finish();
}

fn force_maps(c: &mut Criterion) {
    let mut group = c.benchmark_group("force");
    let middle = sample::middlegames(32, 2024);
    group.throughput(Throughput::Elements(middle.len() as u64));
    group.bench_function("scratch/middlegame", |b| {
        b.iter(|| {
            middle
                .iter()
                .map(|p| {
                    ForceMap::new(black_box(p).board())
                        .raw(chess_t1::Color::White, chess_t1::Square::new(27))
                })
                .sum::<i32>()
        })
    });
    // One move from each middlegame: update vs rebuild.
    let steps: Vec<(Position, Position, Bitboard)> = middle
        .iter()
        .filter_map(|p| {
            p.generate_moves()
                .first()
                .map(|m| (*p, p.play(m), m.changed()))
        })
        .collect();
    group.throughput(Throughput::Elements(steps.len() as u64));
    group.bench_function("update/middlegame", |b| {
        let maps: Vec<ForceMap> = steps
            .iter()
            .map(|(p, _, _)| ForceMap::new(p.board()))
            .collect();
        b.iter(|| {
            for ((before, after, changed), map) in steps.iter().zip(&maps) {
                let mut map = *map;
                map.update(before.board(), after.board(), *changed);
                black_box(&map);
            }
        })
    });
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let start = Position::startpos();
    let nodes = perft(&start, 4);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("start/4", |b| b.iter(|| perft(black_box(&start), 4)));
    let middle = sample::middlegames(8, 7);
    let nodes: u64 = middle.iter().map(|p| perft(p, 3)).sum();
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("middlegame/3", |b| {
        b.iter(|| middle.iter().map(|p| perft(black_box(p), 3)).sum::<u64>())
    });
    group.finish();
}

criterion_group!(benches, movegen, force_maps, perft_bench);
criterion_main!(benches);
