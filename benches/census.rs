//! Criterion benches of the 2x2 census: the fast path on K = 2 and 3, the
//! corner table for K = 4, and the plain reference on K = 2.

use criterion::{Criterion, criterion_group, criterion_main};
use scramble::census::corners::{CornerSet, CornerTable};
use scramble::census::shard::Shard;
use scramble::census::{Census, fast, plain};

fn census(c: &mut Criterion) {
    let mut group = c.benchmark_group("census");
    group.sample_size(10);
    for patterns in [2, 3] {
        let census = Census {
            patterns,
            repetitions: false,
        };
        group.bench_function(format!("fast K={patterns}"), |b| {
            b.iter(|| fast::run(&census, Shard::WHOLE, 10, &()))
        });
    }
    let k2 = Census {
        patterns: 2,
        repetitions: false,
    };
    group.bench_function("plain K=2", |b| b.iter(|| plain::run(&k2, Shard::WHOLE, 10, &())));
    group.bench_function("corner table K=4", |b| {
        b.iter(|| CornerTable::build(CornerSet::new(4, false)))
    });
    group.finish();
}

criterion_group!(benches, census);
criterion_main!(benches);
