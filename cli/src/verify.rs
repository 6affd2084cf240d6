//! `scramble verify`: the exhaustive 2x2 census that checks Theorem 2.1 and
//! the twisted-graph criterion on every puzzle over `K` patterns.

use std::process::ExitCode;

use scramble::census::{self, Options, Shard};
use scramble::output::{FileSet, Owns};
use scramble::render::Renderer;

use super::exit_codes::Exit;
use super::{PicturesArg, print_json, print_text, progress};

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  scramble verify --patterns 3\n  scramble verify --patterns 4 --exact --json")]
pub struct Args {
    /// `n`: 2 for the census of Theorem 2.1, 3 for the census of every 3x3
    /// puzzle (its totals counted from solved grids; with --check also puzzle
    /// by puzzle: backtracker, graph solver and the n x n theorem's checker;
    /// takes --check, --shard, --keep, --time-limit and --json only).
    #[arg(long, value_name = "N", default_value_t = 2)]
    size: usize,
    /// K: pieces use the pictures of patterns 1..=K.
    #[arg(long, value_name = "K")]
    patterns: u64,
    /// L: also patterns K+1..=K+L, each one self-matching picture `X=`:
    /// the 2x2 census of the mixed palette (every puzzle over the 2K + L
    /// pictures, judged against brute force; takes --repetitions and
    /// --json only, writes no pictures).
    #[arg(long, value_name = "L", default_value_t = 0)]
    self_matching: u64,
    /// Include pieces with a repeated picture (Theorem 2.1 does not claim them).
    #[arg(long)]
    repetitions: bool,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    json: bool,
    /// Keep (write out) the first N disagreements in enumeration order (at
    /// most 1,000: four files each). Default 10.
    #[arg(long, value_name = "N", value_parser = keep_at_most)]
    keep: Option<usize>,
    /// Also check every ordered 4-tuple of corners over K patterns.
    #[arg(long)]
    corners: bool,
    /// Only the corner check, no puzzle census.
    #[arg(long, conflicts_with_all = ["corners", "plain", "shard"])]
    corners_only: bool,
    /// The totals from the exact polynomials in K (any K, instantly), no
    /// enumeration.
    #[arg(long, conflicts_with_all = ["corners", "corners_only", "plain", "shard", "no_symmetry"])]
    exact: bool,
    /// With --exact: also print each total as a polynomial in K.
    #[arg(long, requires = "exact")]
    polynomial: bool,
    /// Judge puzzle by puzzle with the recording graph (slow reference).
    #[arg(long)]
    plain: bool,
    /// Enumerate every puzzle instead of one orbit of pieces at a time (the
    /// direct fast path; --shard always uses it).
    #[arg(long)]
    no_symmetry: bool,
    /// Run only shard I of N (split by first piece); add up with `scramble merge`.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    /// With --size 3: also check every puzzle one by one (the backtracker's
    /// count against the solved grids', the graph solver's count, the n x n
    /// theorem's checker on candidate subgraphs); hours for a whole census.
    #[arg(long)]
    check: bool,
    /// Stop after this many seconds and report the puzzles finished as
    /// partial (exit code 3; Ctrl-C does the same), writing no pictures of
    /// a partial run. Up to 5 patterns the 2x2 census then takes the
    /// direct path (as --no-symmetry) and its totals cover the first pieces
    /// finished; above, a stopped census reports no totals.
    #[arg(long, value_name = "SECONDS", value_parser = super::solve::seconds)]
    time_limit: Option<std::time::Duration>,
    /// Run on exactly N threads (default: every core).
    #[command(flatten)]
    pub threads: super::threads::ThreadsArg,
    /// Disagreements go to `<out>/verify-k<K>[-repetitions][-shard-I-of-N]/`,
    /// replacing an earlier run's.
    #[command(flatten)]
    pictures: PicturesArg,
    /// Who draws the SVG pictures of disagreements.
    #[arg(long, value_parser = crate::choices::renderer(), default_value = "auto")]
    renderer: Renderer,
}

impl Args {
    /// The library's options of the run the flags describe.
    fn options(&self) -> Options {
        Options {
            size: self.size,
            patterns: self.patterns,
            self_matching: self.self_matching,
            repetition_free: !self.repetitions,
            keep: self.keep,
            corners: self.corners,
            corners_only: self.corners_only,
            exact: self.exact,
            polynomial: self.polynomial,
            plain: self.plain,
            no_symmetry: self.no_symmetry,
            shard: self.shard,
            check: self.check,
            time_limit: self.time_limit.is_some(),
            pictures: self.pictures.writes().then(|| self.pictures.out.clone()),
            renderer: self.renderer,
        }
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (stop, _) = super::signals::interruptible(args.time_limit);
    let bar = progress::bar(0, "census");
    let context = scramble::Context::new().until(&stop).reporting(&bar);
    let report = census::run(&args.options(), &context);
    bar.finish_and_clear();
    let report = report?;
    if let Some((folder, files)) = report.files() {
        FileSet::new(folder, Owns::Folder).write(files)?;
    }
    if args.json {
        print_json(&report)?;
    } else {
        print_text(report.text())?;
    }
    Ok(Exit::of_census(&report).into())
}

/// The most disagreements `--keep` writes (four files each), decided
/// before any work.
pub const MAX_KEEP: usize = 1_000;

/// `--keep N`, refused over 1,000 (exit 2, naming the cap).
fn keep_at_most(text: &str) -> Result<usize, String> {
    let n: usize = text.parse().map_err(|e| format!("{e}: expected a whole number"))?;
    if n > MAX_KEEP {
        return Err(format!("at most {MAX_KEEP} disagreements are kept (four files each)"));
    }
    Ok(n)
}
