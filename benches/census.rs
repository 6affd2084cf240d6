//! Criterion benches of the 2x2 census through its one entry point, as
//! `scramble verify` runs it: the direct fast path on K = 2 and 3
//! (`--no-symmetry`), the symmetric path on K = 3 and 4, the plain
//! reference on K = 2 and the corner check for K = 4 (`--corners-only`);
//! the exact totals (`--exact`) at K = 10,000, and the coefficients
//! computed again from the solved grids over at most 2 patterns and the
//! Burnside subgraph totals.

use criterion::{Criterion, criterion_group, criterion_main};
use scramble::Context;
use scramble::census::{Options, exact, run};

/// The repetition-free census over `patterns` patterns, keeping 10
/// disagreements and drawing none.
fn options(patterns: u64) -> Options {
    Options {
        patterns,
        keep: Some(10),
        ..Options::default()
    }
}

fn census(c: &mut Criterion) {
    let mut group = c.benchmark_group("census");
    group.sample_size(10);
    let runs = [
        (
            "direct K=2",
            Options {
                no_symmetry: true,
                ..options(2)
            },
        ),
        (
            "direct K=3",
            Options {
                no_symmetry: true,
                ..options(3)
            },
        ),
        ("symmetric K=3", options(3)),
        ("symmetric K=4", options(4)),
        (
            "plain K=2",
            Options {
                plain: true,
                ..options(2)
            },
        ),
        (
            "corner check K=4",
            Options {
                corners_only: true,
                ..options(4)
            },
        ),
    ];
    for (name, options) in runs {
        group.bench_function(name, |b| b.iter(|| run(&options, &Context::new())));
    }
    group.finish();
}

fn exact(c: &mut Criterion) {
    let mut group = c.benchmark_group("exact");
    group.sample_size(10);
    let totals = Options {
        exact: true,
        ..options(10_000)
    };
    group.bench_function("totals K=10000", |b| b.iter(|| run(&totals, &Context::new())));
    group.bench_function("coefficients, shapes j<=2", |b| b.iter(|| exact::data_file(2)));
    group.finish();
}

criterion_group!(benches, census, exact);
criterion_main!(benches);
