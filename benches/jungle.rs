//! Criterion benchmarks of Jungle's rules: perft from the start position and from positions of
//! the spec's worked examples (shared/spec/jungle.md §10) with more pieces added.
//!
//! Run with `cargo bench --bench jungle`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use zonal_jungle::{Position, perft};

/// The allocator of the `zonal` binary, so that the figures match it.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("jungle_perft");
    group.sample_size(10);
    let start = Position::startpos();
    group.throughput(Throughput::Elements(perft(&start, 5)));
    group.bench_function("start, depth 5", |b| b.iter(|| perft(black_box(&start), 5)));
    let middle: Vec<Position> = [
        // Rats in the ponds, lions and tigers at the banks: jumps and blocks.
        "l5t/1d3c1/2p1w1e/1r5/3L3/4R2/E1W1P2/1C3D1/T6 w",
        "2t4/1d1l1c1/r1p1w1e/7/2RT3/7/E1W1P2/1C1L1D1/7 b",
    ]
    .iter()
    .map(|s| s.parse().expect("a benchmark position"))
    .collect();
    let total: u64 = middle.iter().map(|p| perft(p, 4)).sum();
    group.throughput(Throughput::Elements(total));
    group.bench_function("middle games, depth 4", |b| {
        b.iter(|| middle.iter().map(|p| perft(black_box(p), 4)).sum::<u64>())
    });
    group.finish();
}

criterion_group!(benches, perft_bench);
criterion_main!(benches);
