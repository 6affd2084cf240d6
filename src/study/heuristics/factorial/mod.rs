//! Open question 4.4, measured fairly: every cell rule x piece rule x
//! symmetry rule against Brandt et al.'s random backtracking, on three
//! populations of puzzles. Its [`Options`], run as
//! [`Study::Factorial`](crate::study::Study::Factorial).
//!
//! **Strategies.** Cell rules [`Cells::STUDIED`](crate::solve::Cells::STUDIED) (spiral, paper,
//! neighbours, most-constrained; [`Options::cells`] chooses others, such as
//! `paper-last`, the literal step 6) x piece rules [`Pieces::ALL`](crate::solve::Pieces::ALL) (file,
//! random, value) x, on even grids, symmetry rules [`Symmetry::ALL`](crate::solve::Symmetry::ALL)
//! (number, value, order); odd grids fix the centre piece's rotation, so
//! there is no symmetry rule to choose. Strategies that search identically
//! ([`Strategy::canonical`](crate::solve::Strategy::canonical)) are run once. The baseline is `BASELINE`:
//! Brandt et al.'s spiral with random piece orders (piece-number symmetry
//! on even grids, the solver's default).
//!
//! **Populations** (`POPULATIONS`, drawn by `candidate`): planted
//! puzzles (SPEC's planted population, puzzle `i` is `scramble generate
//! --seed S` candidate `i`); uniformly random solvable puzzles (uniform
//! multisets of piece classes over patterns `1..=K`, pieces shuffled and
//! turned, kept when the solver finds a solution: rejection sampling, so
//! every solvable multiset is equally likely); balanced puzzles
//! (`balanced` in `puzzle::generate`, the commercial style generalised, the
//! same generator as `generate --style commercial` on 3x3 over 4 patterns,
//! from its own stream). [`Options::repetition_free`] restricts all three to
//! repetition-free pieces.
//!
//! **Measures.** Solver nodes to the first solution and to exhaustion.
//! Random piece orders `r = 0..R` use the seeds
//! `random_order_seed(seed, index, r)`, the same for every
//! strategy with random pieces. A strategy without random pieces is
//! compared with each of the baseline's `R` orders; one with random pieces
//! compares its order `r` with the baseline's orders `s != r` only, so that
//! the two random orders compared are independent. Per puzzle the shares of
//! fewer nodes and of ties among its comparisons are taken (ties are
//! reported apart, not split), and the reported shares are their means
//! over puzzles with the cluster interval of `Share::clustered` (the
//! orders of one puzzle are one cluster). Every row also gives the same
//! share on the puzzles with a unique solution alone (the paper's setting)
//! and the per-puzzle reading (`Expected`: the strategy's mean against
//! the mean of the baseline's `R` orders, the expected cost of random
//! backtracking, with a Wilson interval over puzzles); with
//! [`Options::time`] it compares wall times as it compares nodes.
//!
//! To exhaustion the tree depends on the cell rule and the symmetry ranks
//! only, never on the order the pieces are tried in (the next cell is a
//! function of the placed pieces for every cell rule): exhaustion is run
//! once per (cell rule, symmetry rule); for `order` symmetry under random
//! pieces, whose ranks change with the order, once for the first random
//! order only (one random tree per puzzle). A test checks the independence.
//!
//! Cost: per 4x4 puzzle `4 * (4 + 3 R)` searches to the first solution and
//! `4 * 3` to exhaustion; per 3x3 puzzle `4 * (2 + R)` and 4.

mod design;
mod plots;
mod report;
mod runs;
mod summary;
#[cfg(test)]
mod tests;

pub use self::design::{Options, Shape};
pub(crate) use self::report::{Json, report};
// The study's items keep their paths (`factorial::BASELINE`, ...).
pub(crate) use self::{design::*, plots::*, runs::*, summary::*};
