//! Criterion benchmarks of distance maps and trajectory bundles.
//!
//! Run with `cargo bench --bench trajectory`.

use chess_t1::distance::distance_map;
use chess_t1::rules::ChessT1;
use chess_t1::trajectory::Bundle;
use chess_t1::{Position, sample};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// The allocator of the `zonal` binary, so that the figures match it.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Distance maps of every piece of a position (the piece's own square excluded from obstacles).
fn all_maps(pos: &Position) -> u32 {
    let occ = pos.board().occupied();
    pos.board()
        .iter()
        .map(|(sq, piece)| distance_map(&ChessT1, piece, sq, occ).max_distance())
        .sum()
}

fn maps(c: &mut Criterion) {
    let mut group = c.benchmark_group("distance");
    let start = Position::startpos();
    group.throughput(Throughput::Elements(32));
    group.bench_function("all_pieces/start(32)", |b| {
        b.iter(|| all_maps(black_box(&start)))
    });
    // Middlegames that still have (nearly) all 32 pieces.
    let full: Vec<Position> = sample::middlegames(64, 3)
        .into_iter()
        .filter(|p| p.board().occupied().len() >= 30)
        .take(8)
        .collect();
    let pieces: u64 = full.iter().map(|p| p.board().occupied().len() as u64).sum();
    group.throughput(Throughput::Elements(pieces));
    group.bench_function(
        format!("all_pieces/middlegame({} positions)", full.len()),
        |b| b.iter(|| full.iter().map(|p| all_maps(black_box(p))).sum::<u32>()),
    );
    group.finish();
}

fn bundles(c: &mut Criterion) {
    let mut group = c.benchmark_group("bundle");
    let positions = sample::middlegames(8, 5);
    // For each position: every piece to every enemy piece it can reach.
    let mut jobs = Vec::new();
    for pos in &positions {
        let occ = pos.board().occupied();
        for (from, piece) in pos.board().iter() {
            let map = distance_map(&ChessT1, piece, from, occ);
            for to in pos.board().by_color(piece.color.other()) {
                if map.distance(to).is_some_and(|d| d <= 4) {
                    jobs.push((piece, from, to, occ));
                }
            }
        }
    }
    group.throughput(Throughput::Elements(jobs.len() as u64));
    group.bench_function(
        format!("shortest_to_enemies({} bundles)", jobs.len()),
        |b| {
            b.iter(|| {
                jobs.iter()
                    .map(|&(p, f, t, o)| {
                        Bundle::shortest(&ChessT1, p, f, t, o).map_or(0, |b| b.count())
                    })
                    .sum::<u128>()
            })
        },
    );
    group.finish();
}

criterion_group!(benches, maps, bundles);
criterion_main!(benches);
