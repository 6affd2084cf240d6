//! The library as a newcomer uses it: read a puzzle, count and find its
//! solutions on a context with a time limit and two threads, look at its
//! recording graph, judge its 2x2 subgraphs by Theorem 2.1, and add up a
//! small census.
//!
//! ```sh
//! cargo run --example first_steps -- fixtures/paper2x2.txt
//! ```

use std::num::NonZeroUsize;
use std::time::Duration;

use scramble::{Context, Format, Goal, Method, NodeLink, Order, RecordingGraph, Search, Stop, analyse, read_puzzle};

fn main() -> scramble::Result<()> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "fixtures/paper2x2.txt".into());
    let puzzle = read_puzzle(path.as_ref(), Format::Auto)?;
    println!(
        "{}: {} pieces on a {n}x{n} grid",
        puzzle.name(),
        puzzle.pieces().len(),
        n = puzzle.size()
    );

    // One context for long work: stop after ten seconds, on two threads.
    let stop = Stop::never().after(Duration::from_secs(10));
    let two = NonZeroUsize::new(2).expect("2 > 0");
    let context = Context::new().until(&stop).on_threads(two);
    let method = Method::Backtrack {
        strategy: Order::Spiral.strategy(),
        seed: 0,
    };
    let count = context
        .install(|| scramble::solve::run(&puzzle, method, &Search::within(Goal::Count { keep: 1 }, &context)))??;
    let partial = if count.stats.stopped {
        " (stopped: a lower bound)"
    } else {
        ""
    };
    println!(
        "{} solutions modulo rotation{partial}, {} nodes",
        count.solutions,
        count.stats.nodes()
    );
    if let Some(first) = count.found() {
        println!("the first, as (piece, turn) per cell: {first:?}");
    }

    // The recording graph G(P), and its node-link export.
    let graph = RecordingGraph::new(&puzzle);
    let data = NodeLink::new(&puzzle, &graph);
    println!("G(P): {} pictures, {} edges", data.nodes.len(), data.edges.len());

    // Theorem 2.1 on the 256 four-color subgraphs of a 2x2 puzzle.
    if puzzle.size() == 2 {
        let analysis = analyse(&puzzle, &graph)?;
        println!(
            "Theorem 2.1 accepts {} subgraphs; the judge finds {} solution centres",
            analysis.theorem_accepted(),
            analysis.solution_graphs()
        );
    }

    // Every 2x2 puzzle over two patterns, as `scramble verify --patterns 2`
    // prints it.
    let options = scramble::census::Options {
        patterns: 2,
        ..Default::default()
    };
    let report = scramble::census::run(&options, &context)?;
    print!("{}", report.text());
    Ok(())
}
