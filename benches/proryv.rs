//! Criterion benchmarks of Прорыв's rules: perft from the start (placement phase) and from the
//! spec's phase-2 positions T1-T3 (docs/proryv.md §10).
//!
//! Run with `cargo bench --bench proryv`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use zonal_proryv::{Position, perft};

/// The allocator of the `zonal` binary, so that the figures match it.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("proryv_perft");
    group.sample_size(10);
    let start = Position::startpos();
    group.throughput(Throughput::Elements(perft(&start, 4)));
    group.bench_function("start, depth 4", |b| b.iter(|| perft(black_box(&start), 4)));
    let phase2: Vec<Position> = [
        "7k/5R2/3rrR2/2r1RK2/3r1R2/2r3R1/8/8 w 0:0 0 30",
        "5r2/5r2/R3rk2/R3R3/1R2R3/R2K4/2r5/2R1rrr1 w 0:0 5 24",
        "rr1R4/2r5/5k2/7r/2RKR2r/1R1R4/4R3/2R3r1 w 0:0 21 24",
    ]
    .iter()
    .map(|s| s.parse().expect("a spec position"))
    .collect();
    let total: u64 = phase2.iter().map(|p| perft(p, 3)).sum();
    group.throughput(Throughput::Elements(total));
    group.bench_function("T1-T3, depth 3", |b| {
        b.iter(|| phase2.iter().map(|p| perft(black_box(p), 3)).sum::<u64>())
    });
    group.finish();
}

criterion_group!(benches, perft_bench);
criterion_main!(benches);
