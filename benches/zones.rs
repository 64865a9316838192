//! Criterion benchmarks of the mathematical projection (all zones of a position), and of its
//! incremental update along lines of play against rebuilding every position.
//!
//! Run with `cargo bench --bench zones`. Single-threaded figures use a one-thread rayon pool.
//! The update/rebuild ratio is the time of `incremental/rebuild` over `incremental/update`.

use chess_t1::incremental::ZoneCache;
use chess_t1::rules::ChessT1;
use chess_t1::zone::{Projection, ZoneConfig};
use chess_t1::{Position, sample};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// The allocator of the `zonal` binary, so that the figures match it.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A rayon pool of one thread, for the single-threaded figures.
fn one_thread_pool() -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("pool")
}

fn full_positions() -> Vec<Position> {
    sample::middlegames(64, 3)
        .into_iter()
        .filter(|p| p.board().occupied().len() >= 30)
        .take(8)
        .collect()
}

fn projection(c: &mut Criterion) {
    let mut group = c.benchmark_group("projection");
    let positions = full_positions();
    let one = one_thread_pool();
    for h in [2, 4, 6] {
        let config = ZoneConfig {
            horizon: h,
            ..ZoneConfig::default()
        };
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(format!("middlegame/H{h}/one-thread"), |b| {
            b.iter(|| {
                one.install(|| {
                    positions
                        .iter()
                        .map(|p| {
                            Projection::build(&ChessT1, black_box(p), &config)
                                .zones
                                .len()
                        })
                        .sum::<usize>()
                })
            })
        });
    }
    let config = ZoneConfig::default();
    group.bench_function("middlegame/H4/all-threads", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| {
                    Projection::build(&ChessT1, black_box(p), &config)
                        .zones
                        .len()
                })
                .sum::<usize>()
        })
    });
    let start = Position::startpos();
    group.throughput(Throughput::Elements(1));
    group.bench_function("start/H4/one-thread", |b| {
        b.iter(|| {
            one.install(|| {
                Projection::build(&ChessT1, black_box(&start), &config)
                    .zones
                    .len()
            })
        })
    });
    group.finish();
}

/// Lines of 8 random moves from the middlegames: the positions of each line in order.
fn lines() -> Vec<Vec<Position>> {
    let mut rng = sample::Rng::new(7);
    full_positions()
        .into_iter()
        .map(|start| {
            let mut line = vec![start];
            for _ in 0..8 {
                let last = line[line.len() - 1];
                let legal = last.legal_moves();
                if legal.is_empty() {
                    break;
                }
                line.push(last.play(&legal[rng.below(legal.len())]));
            }
            line
        })
        .collect()
}

fn incremental(c: &mut Criterion) {
    let mut group = c.benchmark_group("incremental");
    let lines = lines();
    let positions: usize = lines.iter().map(Vec::len).sum();
    let config = ZoneConfig::default();
    let one = one_thread_pool();
    group.throughput(Throughput::Elements(positions as u64));
    // Each line: the first position from scratch, then one update per move.
    group.bench_function("update/H4/one-thread", |b| {
        b.iter(|| {
            one.install(|| {
                lines
                    .iter()
                    .map(|line| {
                        let mut cache = ZoneCache::new(&ChessT1, config.clone());
                        line.iter()
                            .map(|p| cache.project(black_box(p)).zones.len())
                            .sum::<usize>()
                    })
                    .sum::<usize>()
            })
        })
    });
    group.bench_function("rebuild/H4/one-thread", |b| {
        b.iter(|| {
            one.install(|| {
                lines
                    .iter()
                    .flatten()
                    .map(|p| {
                        Projection::build(&ChessT1, black_box(p), &config)
                            .zones
                            .len()
                    })
                    .sum::<usize>()
            })
        })
    });
    group.finish();
}

criterion_group!(benches, projection, incremental);
criterion_main!(benches);
