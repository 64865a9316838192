//! Criterion benchmarks of the engine: the evaluation of a position, and fixed-depth searches
//! (full-width and zone-guided) of random middlegames, with nodes per second as throughput.
//!
//! Run with `cargo bench --bench search`.

use chess_t1::eval::{Evaluation, Weights, evaluate};
use chess_t1::search::{Engine, EngineConfig, Mode};
use chess_t1::{Position, sample};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use zonal_core::Limits;

/// The allocator of the `zonal` binary, so that the figures match it.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn positions() -> Vec<Position> {
    sample::middlegames(8, 2024)
}

fn evaluation(c: &mut Criterion) {
    let positions = positions();
    let weights = Weights::default();
    let mut group = c.benchmark_group("evaluation");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("full", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(evaluate(black_box(p), Evaluation::Full, &weights));
            }
        })
    });
    group.finish();
}

fn search(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, mode, depth) in [
        ("full_depth6", Mode::Full, 6),
        ("zones_depth6", Mode::Zones, 6),
    ] {
        // Nodes of one pass, for the throughput in nodes per second.
        let nodes: u64 = positions
            .iter()
            .map(|p| {
                Engine::new(EngineConfig {
                    mode,
                    ..EngineConfig::default()
                })
                .search(p, &[], &Limits::depth(depth))
                .nodes
            })
            .sum();
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            b.iter(|| {
                for p in &positions {
                    let mut engine = Engine::new(EngineConfig {
                        mode,
                        ..EngineConfig::default()
                    });
                    black_box(engine.search(p, &[], &Limits::depth(depth)));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, evaluation, search);
criterion_main!(benches);
