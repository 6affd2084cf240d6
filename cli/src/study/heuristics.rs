//! `scramble study heuristics`: open question 4.4.

use std::path::PathBuf;
use std::process::ExitCode;

use scramble::study::heuristics::{self, factorial};
use scramble::study::{Population, Study};

use super::run_study;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  scramble study heuristics --size 3 --count 200\n  scramble study heuristics --factorial --json"
)]
pub(super) struct HeuristicsArgs {
    /// `n` of the `n x n` grid (not with --factorial: see --shapes).
    #[arg(long, visible_alias = "sizes", default_value_t = 3, conflicts_with = "factorial", value_parser = clap::value_parser!(u64).range(2..=8))]
    size: u64,
    /// Number of patterns (not with --factorial: see --shapes).
    #[arg(long, default_value_t = 4, conflicts_with = "factorial", value_parser = clap::value_parser!(u32).range(1..=128))]
    patterns: u32,
    /// L: also self-matching patterns K+1..=K+L (pictures `X=`), every
    /// planted side uniform over the 2K + L pictures (not with --factorial
    /// or --puzzles).
    #[arg(long, value_name = "L", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=128))]
    self_matching: u32,
    /// Puzzles (not with --factorial: see --shapes).
    #[arg(
        long,
        visible_alias = "counts",
        default_value_t = 10_000,
        conflicts_with = "factorial"
    )]
    count: usize,
    /// Seed of the puzzles (puzzle i is `scramble generate --seed S` candidate i).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Random piece orders per puzzle.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=1000))]
    random_seeds: u64,
    /// Only pieces without repetitions (every population; not with --puzzles).
    #[arg(long)]
    repetition_free: bool,
    /// Instead of generated puzzles, solve these puzzle files in every order (a table per puzzle, no plots).
    #[arg(long, num_args = 1.., value_name = "FILE", conflicts_with = "repetition_free")]
    puzzles: Vec<PathBuf>,
    /// Also sweep over sizes and numbers of patterns.
    #[arg(long)]
    sweep: bool,
    /// Sweep: grid sizes.
    #[arg(long, value_delimiter = ',', default_value = "3,4", requires = "sweep")]
    sweep_sizes: Vec<usize>,
    /// Sweep: numbers of patterns.
    #[arg(long, value_delimiter = ',', default_value = "3,4,5,6", requires = "sweep")]
    sweep_patterns: Vec<u32>,
    /// Sweep: puzzles per cell, one number per size.
    #[arg(long, value_delimiter = ',', default_value = "2000,100", requires = "sweep")]
    sweep_counts: Vec<usize>,
    /// Run the factorial study instead: every cell rule x piece rule x
    /// symmetry rule against random backtracking, on every population and
    /// shape (see `--shapes`, `--populations`).
    #[arg(long, conflicts_with_all = ["sweep", "puzzles"])]
    factorial: bool,
    /// Factorial: `size:K:puzzles` per shape.
    #[arg(
        long,
        value_delimiter = ',',
        value_parser = shape,
        default_value = "3:3:3000,3:4:3000,3:5:3000,3:6:3000,4:4:1000,4:5:1000,4:6:1000",
        requires = "factorial"
    )]
    shapes: Vec<factorial::Shape>,
    /// Factorial: the populations.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "planted,uniform-solvable,balanced",
        requires = "factorial"
    )]
    populations: Vec<FactorialPopulation>,
    /// Factorial: the cell rules, each crossed with every piece rule and (even grids) every symmetry
    /// rule; `spiral`, the baseline's, is required. `paper-last` reads step 6 literally (only the
    /// two pieces placed last choose the next cell).
    #[arg(
        long,
        value_parser = crate::choices::cells(),
        value_delimiter = ',',
        default_value = "spiral,paper,neighbours,most-constrained",
        requires = "factorial"
    )]
    cells: Vec<scramble::solve::Cells>,
    /// Factorial: also measure the wall time of every search and compare it as the nodes are (adds
    /// the `time` keys and columns; times depend on the machine and its load, so the output is no
    /// longer the same for the same seed).
    #[arg(long, requires = "factorial")]
    time: bool,
    /// Factorial, uniform solvable: give up after this many candidates per puzzle wanted.
    #[arg(long, default_value_t = 20_000, requires = "factorial")]
    max_draws: u64,
    #[command(flatten)]
    pub(super) run: super::StudyRun,
}

/// The populations `--factorial` draws from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum FactorialPopulation {
    /// SPEC's planted puzzles.
    Planted,
    /// Uniform multisets of piece classes, kept when solvable.
    #[value(alias = "uniform")]
    UniformSolvable,
    /// The commercial style generalised.
    Balanced,
}

impl FactorialPopulation {
    fn population(self) -> Population {
        match self {
            FactorialPopulation::Planted => Population::Planted,
            FactorialPopulation::UniformSolvable => Population::Uniform,
            FactorialPopulation::Balanced => Population::Balanced,
        }
    }
}

pub(super) fn run_heuristics(args: HeuristicsArgs) -> anyhow::Result<ExitCode> {
    let (stop, _) = crate::signals::interruptible(args.run.time_limit);
    super::check_bounds(
        &[("--count", &[args.count]), ("--sweep-counts", &args.sweep_counts)],
        &[("--sweep-patterns", &args.sweep_patterns)],
    )?;
    if let Some(bad) = args.sweep_sizes.iter().find(|s| !(2..=8).contains(*s)) {
        anyhow::bail!("--sweep-sizes: {bad} is out of range: use sizes 2 to 8");
    }
    if args.self_matching > 0 && (args.factorial || !args.puzzles.is_empty()) {
        let with = if args.factorial { "--factorial" } else { "--puzzles" };
        anyhow::bail!(
            "--self-matching draws planted puzzles over signed and self-matching patterns: it does not go with {with} \
             (the factorial study's populations and shapes are signed; puzzle files bring their own pictures)"
        );
    }
    if args.factorial {
        return run_factorial(&args, &stop);
    }
    let mut options = heuristics::Options {
        size: args.size as usize,
        patterns: args.patterns,
        self_matching: args.self_matching,
        count: args.count,
        seed: args.seed,
        random_seeds: args.random_seeds as usize,
        repetition_free: args.repetition_free,
        sweep: args.sweep,
        sweep_sizes: args.sweep_sizes.clone(),
        sweep_patterns: args.sweep_patterns.clone(),
        sweep_counts: args.sweep_counts.clone(),
        puzzles: Vec::new(),
    };
    if !args.puzzles.is_empty() {
        // Every file in every order, in file order: a table row and a JSON
        // document per puzzle, no bar and no files.
        args.puzzles.iter().for_each(|file| scramble::output::mark_input(file));
        for file in &args.puzzles {
            let puzzle = crate::input::read_puzzle(file, Default::default())?;
            options.puzzles.push((file.clone(), puzzle));
        }
        return run_study(&Study::Heuristics(options), "heuristics", &args.run, &stop, None);
    }
    let held = |count: usize| count as u64 * options.bytes_per_puzzle();
    let hint = "use fewer puzzles or random orders (--random-seeds)";
    crate::bounds::refuse_memory("--count", &format!("{} puzzles", args.count), held(args.count), hint)?;
    for &count in args.sweep.then_some(&args.sweep_counts).into_iter().flatten() {
        crate::bounds::refuse_memory("--sweep-counts", &format!("{count} puzzles"), held(count), hint)?;
    }
    if args.sweep && args.sweep_counts.len() != args.sweep_sizes.len() {
        anyhow::bail!(
            "--sweep-counts has {} numbers for {} sizes: give one number per size",
            args.sweep_counts.len(),
            args.sweep_sizes.len()
        );
    }
    run_study(
        &Study::Heuristics(options),
        "heuristics",
        &args.run,
        &stop,
        Some("solving"),
    )
}

/// `size:K:puzzles`, e.g. `4:5:1000`.
fn shape(text: &str) -> Result<factorial::Shape, String> {
    let parts: Vec<&str> = text.split(':').collect();
    let bad = || format!("expected size:patterns:puzzles such as 4:5:1000, found `{text}`");
    let [size, patterns, count] = parts[..] else {
        return Err(bad());
    };
    let shape = factorial::Shape {
        size: size.parse().map_err(|_| bad())?,
        patterns: patterns.parse().map_err(|_| bad())?,
        count: count.parse().map_err(|_| bad())?,
    };
    if !(2..=8).contains(&shape.size) || !(1..=128).contains(&shape.patterns) {
        return Err(format!("{text}: sizes go from 2 to 8 and patterns from 1 to 128"));
    }
    Ok(shape)
}

/// `study heuristics --factorial`.
fn run_factorial(args: &HeuristicsArgs, stop: &scramble::Stop) -> anyhow::Result<ExitCode> {
    if !args.cells.contains(&scramble::solve::Cells::Spiral) {
        anyhow::bail!("--cells must include spiral: the baseline, random backtracking, walks the spiral");
    }
    let counts: Vec<usize> = args.shapes.iter().map(|s| s.count).collect();
    super::check_bounds(&[("--shapes", &counts)], &[])?;
    let options = factorial::Options {
        shapes: args.shapes.clone(),
        populations: args.populations.iter().map(|p| p.population()).collect(),
        seed: args.seed,
        random_seeds: args.random_seeds as usize,
        max_draws_per_puzzle: args.max_draws,
        repetition_free: args.repetition_free,
        cells: args.cells.clone(),
        time: args.time,
    };
    refuse_factorial(&options)?;
    run_study(
        &Study::Factorial(options),
        "heuristics",
        &args.run,
        stop,
        Some("solving"),
    )
}

/// Refuses, before any work, a factorial study whose runs (every puzzle
/// of every shape and population, kept to the end) or uniform piece
/// classes would not fit in the memory bound (`bounds::MEMORY`).
fn refuse_factorial(options: &factorial::Options) -> anyhow::Result<()> {
    let puzzles: usize = options.shapes.iter().map(|s| s.count).sum::<usize>() * options.populations.len();
    crate::bounds::refuse_memory(
        "--shapes",
        &format!("the runs of {puzzles} puzzles in every strategy"),
        options.bytes_held(),
        "use fewer puzzles per shape, populations or random orders (--random-seeds)",
    )?;
    if options.populations.contains(&Population::Uniform) {
        for shape in &options.shapes {
            crate::bounds::refuse_piece_classes("--shapes", shape.patterns, options.repetition_free)?;
        }
    }
    Ok(())
}
