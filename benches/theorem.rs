//! Criterion benches: the brute-force judge of a 2x2 puzzle (6144
//! arrangements) against Theorem 2.1 and the twisted-graph criterion on its
//! 256 four-color subgraphs.
//!
//! Run: `cargo bench --bench theorem`.

use criterion::{Criterion, criterion_group, criterion_main};
use scramble::theorem::{evaluate, four_color_subgraphs, twisted_criterion};
use scramble::{Format, RecordingGraph, judge, read_puzzle};

fn bench(c: &mut Criterion) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/several2x2.txt");
    let puzzle = read_puzzle(path.as_ref(), Format::Auto).expect("fixture reads");
    let graph = RecordingGraph::new(&puzzle);
    c.bench_function("judge 2x2 (6144 arrangements)", |b| {
        b.iter(|| judge(&puzzle, &graph).unwrap().solutions.len())
    });
    c.bench_function("theorem 2.1 on 256 subgraphs", |b| {
        b.iter(|| {
            four_color_subgraphs(&graph)
                .filter(|s| evaluate(&graph, s).accepted())
                .count()
        })
    });
    c.bench_function("twisted criterion on 256 subgraphs", |b| {
        b.iter(|| {
            four_color_subgraphs(&graph)
                .filter(|s| twisted_criterion(&graph, s))
                .count()
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
