//! Criterion benchmarks of the mathematical projection (all zones of a position).
//!
//! Run with `cargo bench --bench zones`. Single-threaded figures use a one-thread rayon pool.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use zonal::rules::ChessT1;
use zonal::zone::{Projection, ZoneConfig};
use zonal::{Position, sample};

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
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("pool");
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

criterion_group!(benches, projection);
criterion_main!(benches);
