//! The design of the factorial study: the strategies compared, the baseline,
//! the populations and how the study is sized.

use serde::Serialize;

use crate::solve::{Cells, Pieces, Strategy, Symmetry};
use crate::study::population::Population;

/// Brandt et al.'s random backtracking: the spiral, random piece orders.
pub(crate) const BASELINE: Strategy = Strategy {
    cells: Cells::Spiral,
    pieces: Pieces::Random,
    symmetry: Symmetry::Number,
};

/// Section 3.1 as the paper writes it ([`crate::solve::Order::Paper`]).
pub(crate) const PAPER: Strategy = Strategy {
    cells: Cells::Paper,
    pieces: Pieces::Value,
    symmetry: Symmetry::Value,
};

/// The spiral in file order: the test for a solution.
pub(super) const CHECK: Strategy = Strategy {
    cells: Cells::Spiral,
    pieces: Pieces::File,
    symmetry: Symmetry::Number,
};

/// The populations the factorial study can draw: planted, uniform
/// (kept when solvable) and balanced. The commercial population is a
/// uniqueness-study population only.
pub(crate) const POPULATIONS: [Population; 3] = [Population::Planted, Population::Uniform, Population::Balanced];

/// The name of a population in this study's reports: `uniform-solvable`
/// for the uniform population, since only its solvable puzzles are kept.
pub(crate) fn population_label(population: Population) -> &'static str {
    match population {
        Population::Uniform => "uniform-solvable",
        other => other.name(),
    }
}

/// One grid size and number of patterns, with its sample size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Shape {
    /// Grid size `n`.
    pub size: usize,
    /// Number of patterns `K`.
    pub patterns: u32,
    /// Puzzles to draw per population.
    pub count: usize,
}

/// What the factorial study runs: every population on every shape, each
/// puzzle by every strategy of `cells` x every piece rule x (even grids)
/// every symmetry rule, against random backtracking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The grid shapes.
    pub shapes: Vec<Shape>,
    /// The populations, each run on every shape (the commercial one is a
    /// uniqueness-study population only: an error here).
    pub populations: Vec<Population>,
    /// The seed every random draw derives from.
    pub seed: u64,
    /// Random piece orders per puzzle (`R`).
    pub random_seeds: usize,
    /// Uniform solvable: the most candidates drawn per puzzle wanted.
    pub max_draws_per_puzzle: u64,
    /// Only pieces without a picture twice, in every population.
    pub repetition_free: bool,
    /// The cell rules; they must include the spiral, the baseline's.
    pub cells: Vec<Cells>,
    /// Whether to measure the wall time of every search and compare it as
    /// the nodes are: not deterministic, so off unless asked.
    pub time: bool,
}

impl Options {
    /// Bytes the study holds until it ends (the runs of every puzzle of
    /// every shape and population in every strategy): what a caller bounds
    /// before it starts.
    pub fn bytes_held(&self) -> u64 {
        let design = Design::of(self);
        let per_population: u64 = self
            .shapes
            .iter()
            .map(|s| s.count as u64 * super::bytes_per_puzzle(&design.strategies(s.size), self.random_seeds))
            .sum();
        per_population.saturating_mul(self.populations.len() as u64)
    }
}

/// What the factorial study runs: [`Options`], and what the heuristics
/// study's preset sets beside them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Design {
    /// The shapes, populations, seed, cell rules and measures.
    pub options: Options,
    /// `L`: self-matching patterns beside each shape's `K` signed ones
    /// (planted and uniform populations only).
    pub self_matching: u32,
    /// The strategies to run (they must include `BASELINE`); `None`: every
    /// strategy of `strategies_of` over the options' cell rules.
    pub strategies: Option<Vec<Strategy>>,
}

impl Design {
    /// The design of `options`: every strategy over its cell rules, signed
    /// patterns only.
    pub(crate) fn of(options: &Options) -> Design {
        Design {
            options: options.clone(),
            self_matching: 0,
            strategies: None,
        }
    }

    /// The strategies run on an `n x n` grid.
    pub fn strategies(&self, size: usize) -> Vec<Strategy> {
        self.strategies
            .clone()
            .unwrap_or_else(|| strategies_of(&self.options.cells, size))
    }
}

/// The distinct strategies run on an `n x n` grid, in report order.
#[cfg(test)]
pub(crate) fn strategies(size: usize) -> Vec<Strategy> {
    strategies_of(&Cells::STUDIED, size)
}

/// The distinct strategies of the cell rules `cells` x every piece rule x
/// (even grids) every symmetry rule, in report order.
pub(crate) fn strategies_of(cells: &[Cells], size: usize) -> Vec<Strategy> {
    let symmetries: &[Symmetry] = if size.is_multiple_of(2) {
        &Symmetry::ALL
    } else {
        &[Symmetry::Number]
    };
    let mut all: Vec<Strategy> = itertools::iproduct!(cells.iter().copied(), Pieces::ALL, symmetries.iter().copied())
        .map(|(cells, pieces, symmetry)| {
            Strategy {
                cells,
                pieces,
                symmetry,
            }
            .canonical()
        })
        .collect();
    let mut seen = std::collections::BTreeSet::new();
    all.retain(|s| seen.insert(*s));
    all
}

/// The label of a strategy on an `n x n` grid: `cells/pieces/symmetry`,
/// without the symmetry on odd grids.
pub(crate) fn label(strategy: &Strategy, size: usize) -> String {
    if size.is_multiple_of(2) {
        strategy.name()
    } else {
        format!("{}/{}", strategy.cells.name(), strategy.pieces.name())
    }
}

#[cfg(test)]
mod examples {
    #[test]
    fn the_example_of_strategies_holds() {
        use crate::study::heuristics::factorial::strategies;
        assert_eq!(strategies(3).len(), 12); // 4 cell rules x 3 piece rules
        assert_eq!(strategies(4).len(), 28); // x 3 symmetry rules, 7 distinct
    }

    #[test]
    fn the_example_of_strategies_of_holds() {
        use crate::solve::Cells;
        use crate::study::heuristics::factorial::strategies_of;
        assert_eq!(strategies_of(&[Cells::Spiral, Cells::PaperLast], 3).len(), 6);
    }
}
