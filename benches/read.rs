//! Criterion bench: reading puzzle files with many distinct pattern names
//! (reading must stay linear in the number of names).
//!
//! Run: `cargo bench --bench read`. Linear reading shows as a time that
//! doubles (not quadruples) from 40,000 to 80,000 names.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use scramble::Format;

/// A puzzle of `side * side` pieces whose every picture has its own name
/// (`4 * side * side` distinct names).
fn many_names(side: usize) -> String {
    (0..side * side)
        .map(|i| {
            let names: Vec<String> = (0..4).map(|s| format!("p{}+", 4 * i + s)).collect();
            names.join(" ") + "\n"
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse distinct names");
    group.sample_size(10);
    for side in [100, 141] {
        let text = many_names(side);
        let names = 4 * side * side;
        group.throughput(Throughput::Elements(names as u64));
        group.bench_with_input(BenchmarkId::from_parameter(names), &text, |b, text| {
            b.iter(|| Format::Spec.parse(text, "bench.txt").expect("reads").pieces().len())
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
