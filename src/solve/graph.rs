//! The graph solver: solutions found by gluing twisted circuits of G(P) at
//! the interior lattice points ([`crate::theorem::gluing`]) instead of
//! placing pieces cell by cell. Driven by the `n x n` theorem
//! ([`crate::theorem::arrangement_form`]): a gluing is exactly a solution, so the
//! count needs no side checks. Judged by [`super::plain`] and the fast
//! backtracker ([`super::Solver`]) in the tests.

use super::Count;
use crate::theorem::gluing::Gluer;
use crate::{Arrangement, Puzzle};

/// Counts the solutions of `puzzle` modulo rotation by gluing circuits.
/// Nodes are circuits placed, one depth per interior lattice point.
///
/// ```
/// let puzzle: scramble::Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// let count = scramble::solve::graph::count(&puzzle);
/// assert_eq!(count.solutions, scramble::solve::plain::count_solutions(&puzzle));
/// ```
///
/// # Complexity
/// Exponential in `(n - 1)^2` in the worst case; see [`Gluer::all`].
pub fn count(puzzle: &Puzzle) -> Count {
    let (solutions, first, stats) = Gluer::new(puzzle, None).count();
    Count::new(solutions, first.map(|g| g.arrangement), stats)
}

/// The first solution the gluing search finds, with the work it took.
pub fn first(puzzle: &Puzzle) -> (Option<Arrangement>, super::Stats) {
    let (found, stats) = Gluer::new(puzzle, None).first();
    (found.map(|g| g.arrangement), stats)
}

#[cfg(test)]
mod tests {
    use super::*;
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
            assert_eq!(count(&puzzle).solutions, backtracked, "{}", puzzle.name());
            let (found, _) = first(&puzzle);
            assert_eq!(found.is_some(), backtracked > 0);
            assert_eq!(count(&puzzle).first, found);
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
                    let recipe = crate::generate::Recipe {
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
                prop_assert_eq!(count(&p).solutions, backtracked, "{}", p);
            }
        }
    }
}
