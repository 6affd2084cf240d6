//! `solve --method graph` against the backtracker: every solution of each
//! puzzle counted both ways, best wall-clock time of `REPEATS` runs each,
//! in one process (no start-up cost), as a Markdown table. The counts must
//! agree (the program stops otherwise).
//!
//! ```sh
//! cargo run --release --example solve_methods -- fixtures/real/*.txt PUZZLE...
//! ```
//! Times are wall-clock on whatever else the machine is doing; the nodes
//! (backtracker: pieces placed; graph: circuits placed) do not depend on it.

use std::time::{Duration, Instant};

use scramble::solve::{Goal, Method, Order, Search, Solver};
use scramble::{Puzzle, read_puzzle};

const REPEATS: usize = 5;

/// The best time of `REPEATS` runs of `count`, with its solutions and nodes.
fn best(count: impl Fn() -> (u64, u64)) -> (Duration, u64, u64) {
    let mut best = Duration::MAX;
    let mut result = (0, 0);
    for _ in 0..REPEATS {
        let started = Instant::now();
        result = count();
        best = best.min(started.elapsed());
    }
    (best, result.0, result.1)
}

fn main() {
    println!(
        "| puzzle | n | solutions | backtrack ms | backtrack nodes | graph ms | graph nodes | graph / backtrack |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for path in std::env::args().skip(1) {
        let puzzle: Puzzle = read_puzzle(path.as_ref(), Default::default()).expect("a puzzle file");
        let (bt, solutions, bt_nodes) = best(|| {
            let c = Solver::new(&puzzle, Order::Spiral, 0).expect("solver").count();
            (c.solutions, c.stats.nodes_per_depth.iter().sum())
        });
        let (gr, graph_solutions, gr_nodes) = best(|| {
            let count = Search::new(Goal::Count { keep: 0 });
            let c = scramble::solve::run(&puzzle, Method::Graph, &count).expect("the graph method counts");
            (c.solutions, c.stats.nodes_per_depth.iter().sum())
        });
        assert_eq!(solutions, graph_solutions, "{path}: the two methods disagree");
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "| {} | {} | {solutions} | {:.3} | {bt_nodes} | {:.3} | {gr_nodes} | {:.1} |",
            puzzle.name(),
            puzzle.size(),
            ms(bt),
            ms(gr),
            gr.as_secs_f64() / bt.as_secs_f64()
        );
    }
}
