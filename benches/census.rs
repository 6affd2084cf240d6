//! Criterion benches of the 2x2 census: the direct fast path on K = 2 and
//! 3, the symmetric path on K = 3 and 4, the plain reference on K = 2 and
//! the corner table for K = 4; the exact totals (`exact`): evaluating the
//! polynomials at K = 10,000, the Burnside subgraph totals for K <= 16 and
//! the solved grids over at most 2 patterns.

use criterion::{Criterion, criterion_group, criterion_main};
use scramble::Context;
use scramble::census::corners::{CornerSet, CornerTable};
use scramble::census::shard::Shard;
use scramble::census::{Census, fast, plain, symmetric};

fn repetition_free(patterns: usize) -> Census {
    Census {
        patterns,
        repetition_free: true,
    }
}

fn census(c: &mut Criterion) {
    let mut group = c.benchmark_group("census");
    group.sample_size(10);
    for patterns in [2, 3] {
        let census = repetition_free(patterns);
        group.bench_function(format!("direct K={patterns}"), |b| {
            b.iter(|| fast::run(&census, Shard::WHOLE, 10, &Context::new()))
        });
    }
    for patterns in [3, 4] {
        let census = repetition_free(patterns);
        group.bench_function(format!("symmetric K={patterns}"), |b| {
            b.iter(|| symmetric::run(&census, 10, &Context::new()))
        });
    }
    let k2 = repetition_free(2);
    group.bench_function("plain K=2", |b| {
        b.iter(|| plain::run(&k2, Shard::WHOLE, 10, &Context::new()))
    });
    group.bench_function("corner table K=4", |b| {
        b.iter(|| CornerTable::build(CornerSet::new(4, true), &Context::new()))
    });
    group.finish();
}

fn exact(c: &mut Criterion) {
    use scramble::census::exact::{shapes, subgraphs, totals};
    let mut group = c.benchmark_group("exact");
    group.sample_size(10);
    group.bench_function("totals K=10000", |b| b.iter(|| totals(10_000, false)));
    group.bench_function("subgraph totals K<=16", |b| {
        b.iter(|| subgraphs::subgraph_totals(false, 16))
    });
    group.bench_function("shapes j<=2", |b| b.iter(|| shapes::shape_sums(2)));
    group.finish();
}

criterion_group!(benches, census, exact);
criterion_main!(benches);
