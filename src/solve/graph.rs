//! The graph solver: solutions found by gluing twisted circuits of G(P) at
//! the interior lattice points ([`crate::recording::gluing`]) instead of
//! placing pieces cell by cell. Driven by the `n x n` theorem
//! ([`crate::theorem::arrangement_form`]): a gluing is exactly a solution, so the
//! count needs no side checks. Judged by [`super::plain`] and the fast
//! backtracker ([`super::Solver`]) in the tests.

use super::{Goal, Outcome, Search, Symmetric};
use crate::recording::gluing::{Circuits, Edges, Gluer, Gluing};
use crate::{Error, Puzzle, Result};

/// The most four-edge walks the graph method examines to list a puzzle's
/// circuits ([`Circuits::walks`]) before it searches; above it, the circuits
/// alone would take seconds to list and gigabytes to keep, and
/// [`run`] refuses the puzzle (a random 10x10 puzzle over 4 patterns is
/// under it, 11x11 over it; more patterns allow larger grids).
pub(crate) const WALK_LIMIT: u128 = 100_000_000;

/// Runs `search` on `puzzle` by gluing circuits: the first solution or a
/// count (keeping the first `keep` solutions in the gluer's order), on one
/// thread, until `search.stop`. Nodes are circuits placed, one depth per
/// interior lattice point. No candidate tables; grids whose circuits would
/// take more than `WALK_LIMIT` walks to list are refused
/// ([`Error::Unsupported`]).
///
/// # Complexity
/// Exponential in `(n - 1)^2` in the worst case; see [`Gluer::all`].
pub(crate) fn run(puzzle: &Puzzle, search: &Search) -> Result<Outcome> {
    let edges = Edges::new(puzzle);
    let walks = Circuits::walks(&edges, &vec![true; edges.len()]);
    if walks > WALK_LIMIT {
        return Err(Error::Unsupported(format!(
            "the graph method would examine {walks} four-edge walks to list the circuits of this {size}x{size} \
             puzzle, more than its limit of {WALK_LIMIT} (time and memory): use the backtracker",
            size = puzzle.size()
        )));
    }
    let gluer = Gluer::new(puzzle, None).within(&search.context);
    let mut symmetric = Symmetric::default();
    let (solutions, kept, stats): (u64, Vec<Gluing>, _) = match search.goal {
        Goal::First => {
            let (found, stats) = gluer.first();
            (u64::from(found.is_some()), found.into_iter().collect(), stats)
        }
        Goal::Count { keep } => {
            let (solutions, first, stats) = gluer.count_with(|gluing| {
                symmetric = symmetric.merged(Symmetric::of_arrangement(puzzle, &gluing.arrangement));
            });
            (
                solutions,
                first.into_iter().take(usize::from(keep > 0)).collect(),
                stats,
            )
        }
        Goal::Nth(_) | Goal::List { .. } => {
            return Err(Error::Unsupported(
                "the graph method finds the first solution or counts them".into(),
            ));
        }
    };
    Ok(Outcome {
        solutions,
        kept: kept.into_iter().map(|g| g.arrangement).collect(),
        stats,
        runs: None,
        symmetric,
        too_many: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::Stop;
    use crate::solve::{Order, Solver};
    use proptest::prelude::*;

    fn real() -> Vec<Puzzle> {
        let dir = std::path::Path::new("fixtures/real");
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("real puzzles")
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        files.sort();
        files
            .iter()
            .map(|f| crate::read_puzzle(f, Default::default()).expect("real puzzle"))
            .collect()
    }

    #[test]
    fn counts_equal_the_backtracker_on_every_real_puzzle() {
        let puzzles = real();
        assert!(puzzles.len() >= 10);
        for puzzle in puzzles {
            let backtracked = Solver::new(&puzzle, Order::Spiral, 0).unwrap().count().solutions;
            let counted = run(&puzzle, &Search::new(Goal::Count { keep: 1 })).unwrap();
            assert_eq!(counted.solutions, backtracked, "{}", puzzle.name());
            let found = run(&puzzle, &Search::new(Goal::First)).unwrap().kept.pop();
            assert_eq!(found.is_some(), backtracked > 0);
            assert_eq!(counted.found(), found.as_ref());
            assert!(found.is_none_or(|a| a.is_solution(&puzzle)));
        }
    }

    /// Puzzles of `size x size` over `patterns` patterns, half of them
    /// planted (so that they have solutions). The pattern counts keep the
    /// expected number of solutions small: a random 4x4 puzzle over 2
    /// patterns has about 10^8 of them, which both solvers would enumerate.
    fn puzzle(size: usize, patterns: std::ops::RangeInclusive<u32>) -> impl Strategy<Value = Puzzle> {
        let (low, high) = (*patterns.start(), *patterns.end());
        let picture = (1u32..=high, any::<bool>()).prop_map(|(n, plus)| format!("{n}{}", if plus { '+' } else { '-' }));
        (
            any::<u64>(),
            proptest::collection::vec(proptest::array::uniform4(picture), size * size),
        )
            .prop_map(move |(seed, sides)| {
                if seed % 2 == 0 {
                    let recipe = crate::puzzle::generate::Recipe {
                        size,
                        patterns: low + (seed / 2 % u64::from(high - low + 1)) as u32,
                        seed,
                        options: Default::default(),
                    };
                    return recipe.draw(0).expect("planted").puzzle;
                }
                let text: Vec<String> = sides.iter().map(|s| s.join(" ")).collect();
                text.join("\n").parse().expect("puzzle")
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]
        #[test]
        fn counts_equal_the_backtracker_on_3x3_and_4x4(p3 in puzzle(3, 2..=3), p4 in puzzle(4, 4..=5)) {
            for p in [p3, p4] {
                let backtracked = Solver::new(&p, Order::Spiral, 0).unwrap().count().solutions;
                let counted = run(&p, &Search::new(Goal::Count { keep: 0 })).unwrap();
                prop_assert_eq!(counted.solutions, backtracked, "{}", p);
            }
        }
    }

    #[test]
    fn a_reached_stop_ends_the_gluing_search() {
        let puzzle = crate::read_puzzle("fixtures/hard/s8-k7-seed13-0001.txt".as_ref(), Default::default()).unwrap();
        let stop = Stop::never().after(std::time::Duration::ZERO);
        let context = crate::context::Context::new().until(&stop);
        let search = Search::within(Goal::Count { keep: 1 }, &context);
        let outcome = run(&puzzle, &search).unwrap();
        assert!(outcome.stats.stopped);
        assert_eq!(outcome.stats.nodes(), u64::from(crate::context::POLL_EVERY));
        assert!(run(&puzzle, &Search::new(Goal::Nth(0))).is_err());
    }

    #[test]
    fn a_puzzle_whose_circuits_would_not_fit_is_refused_at_once() {
        let recipe = crate::puzzle::generate::Recipe {
            size: 40,
            patterns: 4,
            seed: 1,
            options: Default::default(),
        };
        let puzzle = recipe.draw(0).expect("planted").puzzle;
        let started = web_time::Instant::now();
        let refused = run(&puzzle, &Search::new(Goal::First)).unwrap_err();
        assert!(started.elapsed() < std::time::Duration::from_secs(2));
        assert!(
            matches!(&refused, Error::Unsupported(m) if m.contains("limit of 100000000")),
            "{refused}"
        );
    }

    #[test]
    fn the_graph_method_has_no_8x8_limit() {
        let recipe = crate::puzzle::generate::Recipe {
            size: 9,
            patterns: 60,
            seed: 2,
            options: Default::default(),
        };
        let puzzle = recipe.draw(0).expect("planted").puzzle;
        assert!(
            Solver::new(&puzzle, Order::Spiral, 0).is_err(),
            "the backtracker stops at 8x8"
        );
        let found = run(&puzzle, &Search::new(Goal::First)).unwrap();
        assert!(found.found().expect("a planted solution").is_solution(&puzzle));
    }
}
