//! Running the factorial study: drawing each puzzle and solving it every way
//! the design asks, chunk by chunk, until the stop.

use std::collections::BTreeMap;

use rayon::prelude::*;
use serde::Serialize;

use crate::context::{Context, Stop, Threads};
use crate::solve::{Cells, Goal, Pieces, Search, Solver, Strategy, Symmetry};
use crate::study::Progress;
use crate::study::population::{Population, Source, Stream, random_order_seed};
use crate::{Puzzle, Result};

use super::*;

/// One puzzle solved by every strategy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct PuzzleRuns {
    /// The puzzle's index in its population's draws.
    pub index: u64,
    /// Solutions modulo rotation.
    pub solutions: u64,
    /// Per strategy of [`strategies`]: one entry, or `R` for random pieces.
    pub nodes: Vec<Vec<Run>>,
}

/// Nodes of one search of one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Run {
    /// To the first solution.
    pub first: u64,
    /// To exhaustion; `None` for random orders after the first under
    /// `order` symmetry (not run: each would need its own tree).
    pub all: Option<u64>,
    /// Wall time, when measured ([`Options::time`]).
    pub time: Option<Time>,
}

/// The wall time of one search (one thread, the machine's load included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Time {
    /// Building the solver: the candidate tables, the piece ranks.
    pub setup: std::time::Duration,
    /// The search to the first solution ([`crate::context::Stats::elapsed`]).
    pub first: std::time::Duration,
}

/// Runs every strategy of `strategies` on `puzzle`, timing each search
/// when `time`; `None` when the context's stop cut a search short.
pub(crate) fn solve_every_way(
    puzzle: &Puzzle,
    seed: u64,
    index: u64,
    random_seeds: usize,
    strategies: &[Strategy],
    context: &Context,
    time: bool,
) -> Result<Option<PuzzleRuns>> {
    let mut exhaustive: BTreeMap<(Cells, Symmetry), u64> = BTreeMap::new();
    let mut solutions = None;
    let mut nodes = Vec::new();
    for &strategy in strategies {
        let seeds: Vec<u64> = match strategy.pieces {
            Pieces::Random => (0..random_seeds).map(|r| random_order_seed(seed, index, r)).collect(),
            _ => vec![0],
        };
        let mut runs = Vec::with_capacity(seeds.len());
        for order_seed in seeds {
            let started = web_time::Instant::now();
            let solver = Solver::with_strategy(puzzle, strategy, order_seed)?;
            let setup = started.elapsed();
            let first = solver.run(&Search::within(Goal::First, context).on(Threads::One)).stats;
            if first.stopped {
                return Ok(None);
            }
            // The exhaustive tree depends on the piece order only through
            // `order` symmetry under random pieces: that one is counted
            // for the first random order alone.
            let key = (strategy.cells, strategy.symmetry);
            let shared = !(strategy.symmetry == Symmetry::Order && strategy.pieces == Pieces::Random);
            let all = match exhaustive.get(&key) {
                Some(&all) if shared => Some(all),
                _ if !shared && !runs.is_empty() => None,
                _ => {
                    let count = solver.run(&Search::within(Goal::Count { keep: 0 }, context).on(Threads::One));
                    if count.stats.stopped {
                        return Ok(None);
                    }
                    solutions.get_or_insert(count.solutions);
                    if shared {
                        exhaustive.insert(key, count.stats.nodes());
                    }
                    Some(count.stats.nodes())
                }
            };
            runs.push(Run {
                first: first.nodes(),
                all,
                time: time.then_some(Time {
                    setup,
                    first: first.elapsed,
                }),
            });
        }
        nodes.push(runs);
    }
    Ok(Some(PuzzleRuns {
        index,
        solutions: solutions.unwrap_or(0),
        nodes,
    }))
}

/// Candidate `index` of a population (uniform: before the solvability
/// test): planted and balanced puzzles from their [`Source::planted`]
/// streams, uniform ones from `Stream::Solvable` (a uniform multiset,
/// pieces shuffled). The commercial population is refused.
pub(crate) fn candidate(source: &Source, index: u64) -> Result<Puzzle> {
    match source.population {
        Population::Planted | Population::Balanced => source.planted(index),
        Population::Uniform => {
            let mut rng = Stream::Solvable.rng(source.seed, index);
            let mut pieces = source.direct(&mut rng)?.pieces().to_vec();
            rng.shuffle(&mut pieces);
            Ok(Puzzle::new(pieces)?)
        }
        Population::Commercial => Err(crate::Error::Impossible(
            "the factorial study draws planted, uniform and balanced puzzles only".into(),
        )),
    }
}

/// Puzzles drawn and solved at once: the drawn puzzles of a sample are
/// held one chunk at a time, so memory grows with the runs kept only.
const CHUNK: usize = 4096;

/// The next at most `want` puzzles of one sample from candidate `next` on,
/// with their indices, and the candidate to draw after them: every
/// candidate for planted and balanced puzzles, solvable ones only (up to
/// candidate `max_draws`, in parallel batches, kept in index order) for
/// uniform solvable ones; none once `stop` is reached.
pub(super) fn puzzles(
    source: &Source,
    want: usize,
    mut next: u64,
    max_draws: u64,
    stop: &Stop,
) -> Result<(Vec<(u64, Puzzle)>, u64)> {
    let draw = |i| candidate(source, i);
    if stop.reached() {
        return Ok((Vec::new(), next));
    }
    if source.population != Population::Uniform {
        let end = next + want as u64;
        let chunk = (next..end)
            .into_par_iter()
            .map(|i| Ok((i, draw(i)?)))
            .collect::<Result<Vec<_>>>()?;
        return Ok((chunk, end));
    }
    let batch = 256 * rayon::current_num_threads().max(1) as u64;
    let mut kept = Vec::new();
    while kept.len() < want && next < max_draws && !stop.reached() {
        let end = (next + batch).min(max_draws);
        let tested: Vec<Option<(u64, Puzzle)>> = (next..end)
            .into_par_iter()
            .map(|i| {
                let puzzle = draw(i)?;
                let solver = Solver::with_strategy(&puzzle, CHECK, 0)?;
                let only_stop = Context::new().until(stop);
                let first = Search::within(Goal::First, &only_stop).on(Threads::One).without_stats();
                Ok((solver.run(&first).solutions > 0).then_some((i, puzzle)))
            })
            .collect::<Result<_>>()?;
        for found in tested.into_iter().flatten() {
            if kept.len() == want {
                break;
            }
            next = found.0 + 1;
            kept.push(found);
        }
        if kept.len() < want {
            next = end;
        }
    }
    Ok((kept, next))
}

/// Bytes one solved puzzle of a sample holds until the study ends (its
/// runs, each strategy with random pieces once per random order, and the
/// summary's copy): what a caller multiplies by the puzzles asked for to
/// bound the study's memory before it starts.
pub(crate) fn bytes_per_puzzle(strategies: &[Strategy], random_seeds: usize) -> u64 {
    let runs: usize = strategies
        .iter()
        .map(|s| match s.pieces {
            Pieces::Random => random_seeds,
            _ => 1,
        })
        .sum();
    let held = std::mem::size_of::<PuzzleRuns>()
        + strategies.len() * std::mem::size_of::<Vec<Run>>()
        + runs * std::mem::size_of::<Run>();
    2 * held as u64
}

/// Runs the study: every population on every shape, every puzzle by every
/// strategy, puzzles on every core. The context's stop ends it early: the
/// samples keep the puzzles solved before (a prefix in index order) and
/// say they are not complete. Its progress counts puzzles solved.
pub(crate) fn run(design: &Design, context: &Context) -> Result<Factorial> {
    let progress = context.progress();
    progress.start(
        design.options.shapes.iter().map(|s| s.count as u64).sum::<u64>() * design.options.populations.len() as u64,
    );
    let samples = samples(design, context)?;
    Ok(Factorial {
        seed: design.options.seed,
        repetition_free: design.options.repetition_free,
        random_seeds: design.options.random_seeds,
        baseline: BASELINE,
        complete: samples.iter().all(|s| s.complete),
        samples,
    })
}

/// The samples of [`run`], the context's progress advanced per puzzle
/// solved (not started: a caller running several designs sets its total
/// once).
pub(crate) fn samples(design: &Design, context: &Context) -> Result<Vec<Sample>> {
    let (stop, progress) = (context.stop(), context.progress());
    let mut samples = Vec::new();
    for &population in &design.options.populations {
        for &shape in &design.options.shapes {
            let max_draws = design.options.max_draws_per_puzzle.saturating_mul(shape.count as u64);
            let source = Source::new_until(
                population,
                shape.size,
                shape.patterns,
                design.options.repetition_free,
                design.options.seed,
                stop,
            )?;
            let source = source.map(|s| s.with_self_matching(design.self_matching)).transpose()?;
            let Some(source) = source else {
                samples.push(summarise(
                    population,
                    shape,
                    &design.strategies(shape.size),
                    0,
                    Vec::new(),
                ));
                continue;
            };
            let every = design.strategies(shape.size);
            if !every.contains(&BASELINE) {
                return Err(crate::Error::Impossible(format!(
                    "the strategies must include the baseline {}",
                    BASELINE.name()
                )));
            }
            let (mut runs, mut drawn) = (Vec::new(), 0);
            while runs.len() < shape.count {
                let want = CHUNK.min(shape.count - runs.len());
                let (chunk, next) = puzzles(&source, want, drawn, max_draws, stop)?;
                drawn = next;
                let solved = solve_chunk(design, &every, &chunk, stop, progress)?;
                let whole = solved.len() == want;
                runs.extend(solved);
                if !whole {
                    break;
                }
            }
            samples.push(summarise(population, shape, &every, drawn, runs));
        }
    }
    Ok(samples)
}

/// Every strategy on each puzzle of `chunk`, in parallel: the runs of the
/// prefix solved before `stop` (in index order).
fn solve_chunk(
    design: &Design,
    every: &[Strategy],
    chunk: &[(u64, Puzzle)],
    stop: &Stop,
    progress: &dyn Progress,
) -> Result<Vec<PuzzleRuns>> {
    let only_stop = Context::new().until(stop);
    let solved: Vec<Option<PuzzleRuns>> = chunk
        .par_iter()
        .map(|(index, puzzle)| {
            let runs = solve_every_way(
                puzzle,
                design.options.seed,
                *index,
                design.options.random_seeds,
                every,
                &only_stop,
                design.options.time,
            )?;
            progress.advance(1);
            Ok(runs)
        })
        .collect::<Result<_>>()?;
    Ok(solved.into_iter().map_while(|r| r).collect())
}

#[cfg(test)]
mod examples {
    #[test]
    fn the_examples_of_candidate_and_bytes_per_puzzle_hold() {
        use crate::study::heuristics::factorial::{bytes_per_puzzle, candidate, strategies};
        use crate::study::population::{Population, Source};
        let source = Source::new(Population::Planted, 3, 4, false, 7).unwrap();
        let planted = candidate(&source, 0).unwrap();
        assert_eq!(planted.pieces(), source.recipe().draw(0).unwrap().puzzle.pieces());
        let every = strategies(3);
        assert!(bytes_per_puzzle(&every, 5) > bytes_per_puzzle(&every, 1));
    }

    #[test]
    fn the_example_of_solve_every_way_holds() {
        use crate::study::heuristics::factorial::{solve_every_way, strategies};
        let puzzle = crate::read_puzzle("fixtures/paper2x2.txt".as_ref(), Default::default()).unwrap();
        let every = strategies(2);
        let runs = solve_every_way(&puzzle, 0, 0, 3, &every, &crate::Context::new(), false)
            .unwrap()
            .unwrap();
        assert_eq!(runs.nodes.len(), every.len());
        assert_eq!(runs.solutions, 3);
    }
}
