//! `scramble verify`: the exhaustive 2x2 census that checks Theorem 2.1 and
//! the twisted-graph criterion on every puzzle over `K` patterns.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::bail;
use scramble::Context;
use scramble::census::corners::CornerReport;
use scramble::census::engine::{self, Engine, Run};
use scramble::census::shard::{Report, Shard};
use scramble::census::{Census, Outcome};
use scramble::render::Renderer;

use scramble::output::{Owns, write_set};

use super::census_report::{exit_code, nxn_table, report_table};
use super::exit_codes::Exit;
use super::{PicturesArg, print_json, print_report, print_text, progress};

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
    /// `--keep`, 10 when not given.
    fn keep(&self) -> usize {
        self.keep.unwrap_or(10)
    }
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.self_matching > 0 {
        return run_mixed(&args);
    }
    if args.size != 2 {
        return run_nxn(&args);
    }
    if args.check {
        bail!("--check goes with --size 3");
    }
    if args.time_limit.is_some() && args.exact {
        bail!("--exact computes the totals from closed forms at once: --time-limit does not apply to it");
    }
    if args.exact {
        return run_exact(&args);
    }
    let census = Census {
        patterns: args.patterns as usize,
        repetition_free: !args.repetitions,
    };
    let engine = engine(&args, &census)?;
    let started = Instant::now();
    let (stop, interrupted) = super::signals::interruptible(args.time_limit);
    let counted = (!args.corners_only)
        .then(|| census_until(&args, &census, engine, &stop))
        .transpose()?;
    let corners = (args.corners || args.corners_only).then(|| corner_report(&census, &stop));
    let outcome = counted.as_ref().and_then(|c| c.outcome.as_ref());
    let complete = counted.as_ref().is_none_or(Run::complete) && corners.as_ref().is_none_or(Option::is_some);
    let report = Report {
        patterns: census.patterns,
        repetition_free: census.repetition_free,
        seconds: started.elapsed().as_secs_f64(),
        totals: outcome.map(|o| o.tally.totals()),
        condition_failures: outcome
            .filter(|_| !census.repetition_free)
            .map(|o| o.tally.subgraphs.condition_failures()),
        corners: corners.flatten(),
        shard: args.shard,
    };
    let written = match outcome {
        Some(o) if complete && args.pictures.writes() => write_disagreements(&args, &census, o)?,
        _ => Vec::new(),
    };
    if complete && args.time_limit.is_none() {
        if args.json {
            print_json(&report)?;
        } else {
            print_text(&(report_table(&report) + &disagreement_lines(&written)))?;
        }
        return Ok(exit_code(&report));
    }
    let partial = PartialReport {
        report,
        complete,
        stopped: (!complete).then(|| super::signals::why_stopped(&interrupted)),
        first_pieces: counted.as_ref().and_then(|c| c.first_pieces.clone()),
    };
    let whole = counted.map(|c| c.whole);
    let corners_asked = args.corners || args.corners_only;
    print_report(args.json, &partial, |p| {
        report_table(&p.report) + &partial_line(p, whole.as_ref(), corners_asked) + &disagreement_lines(&written)
    })?;
    Ok(if complete {
        exit_code(&partial.report)
    } else {
        Exit::Stopped.into()
    })
}

/// What `verify --json` prints when a time limit was given or the run was
/// stopped: the report of the puzzles done, marked complete or not.
#[derive(serde::Serialize)]
struct PartialReport {
    #[serde(flatten)]
    report: Report,
    /// False when the run stopped before the end: the totals then cover
    /// only the puzzles whose first piece is in `first_pieces` (none on the
    /// symmetric path, whose partial sums count no set of puzzles), and a
    /// corner check stopped early is left out.
    complete: bool,
    /// Why an incomplete run stopped: `interrupted` or `time-limit`.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<&'static str>,
    /// The first pieces (piece classes in enumeration order, from 0, end
    /// excluded) whose puzzles the totals cover (the direct and plain
    /// paths).
    #[serde(skip_serializing_if = "Option::is_none")]
    first_pieces: Option<std::ops::Range<usize>>,
}

/// The `partial:` line of a stopped run (nothing for a complete one):
/// what the totals cover (`whole`: the first pieces of the census run,
/// `None` without one) and whether an asked corner check is left out.
fn partial_line(p: &PartialReport, whole: Option<&std::ops::Range<usize>>, corners_asked: bool) -> String {
    let Some(why) = p.stopped else {
        return String::new();
    };
    let mut covers = Vec::new();
    match (whole, &p.first_pieces) {
        (Some(whole), Some(done)) => covers.push(format!(
            "the totals cover only the puzzles whose first piece is {} to {} of {} to {}",
            done.start, done.end, whole.start, whole.end
        )),
        (Some(_), None) => covers.push(
            "no totals: the partial orbit sums of the symmetric path count no set of puzzles \
             (up to 5 patterns --time-limit takes the direct path, which stops with totals)"
                .to_string(),
        ),
        (None, _) => {}
    }
    if corners_asked && p.report.corners.is_none() {
        covers.push("the corner check was not finished and is left out".to_string());
    }
    format!("partial: stopped ({why}); {}, no pictures written\n", covers.join("; "))
}

/// One line per disagreement written: its puzzle file and its pictures.
fn disagreement_lines(written: &[Vec<PathBuf>]) -> String {
    let mut text = String::new();
    for files in written {
        let names: Vec<String> = files.iter().skip(1).map(|p| scramble::output::shown_path(p)).collect();
        text += &format!(
            "disagreement: {} ({})\n",
            scramble::output::shown_path(&files[0]),
            names.join(", ")
        );
    }
    text
}

/// The library's census engine for the options, refused (naming
/// `--patterns`) when it cannot hold the census.
fn engine(args: &Args, census: &Census) -> anyhow::Result<Engine> {
    let split = args.no_symmetry || args.shard.is_some();
    let engine = Engine::choose(census, args.plain, split, args.time_limit.is_some());
    let checked = if args.corners_only { Engine::Symmetric } else { engine };
    let used_by = if checked == Engine::Symmetric {
        ""
    } else {
        "; --plain, --no-symmetry and --shard run them"
    };
    checked
        .check(census)
        .map_err(|e| anyhow::anyhow!("--patterns {}: {e}{used_by}", census.patterns))?;
    Ok(engine)
}

/// `--self-matching L`: the 2x2 census over K signed and L self-matching
/// patterns (the library's mixed census); exit 0 when the claims of
/// docs/notes/self-matching.md hold on it, 1 when not.
fn run_mixed(args: &Args) -> anyhow::Result<ExitCode> {
    use scramble::census::mixed;
    let refused = [
        (args.size != 2, "--size 3"),
        (args.corners, "--corners"),
        (args.corners_only, "--corners-only"),
        (args.exact, "--exact"),
        (args.plain, "--plain"),
        (args.no_symmetry, "--no-symmetry"),
        (args.shard.is_some(), "--shard"),
        (args.check, "--check"),
        (args.keep.is_some(), "--keep (it writes no disagreements)"),
    ];
    if let Some((_, flag)) = refused.iter().find(|(given, _)| *given) {
        bail!(
            "--self-matching {}: the mixed census is a 2x2 census that takes --patterns, --repetitions, --time-limit and --json only, not {flag}",
            args.self_matching
        );
    }
    let (k, l) = (args.patterns as usize, args.self_matching as usize);
    let (stop, interrupted) = super::signals::interruptible(args.time_limit);
    let bar = progress::bar(0, "mixed census: puzzles");
    let context = scramble::Context::new().until(&stop).reporting(&bar);
    let report =
        mixed::run(k, l, !args.repetitions, &context).map_err(|e| anyhow::anyhow!("--self-matching {l}: {e}"))?;
    bar.finish_and_clear();
    if report.complete && args.time_limit.is_none() {
        print_report(args.json, &report, mixed_table)?;
        return Ok(Exit::found(report.holds()).into());
    }
    let partial = MixedPartial {
        complete: report.complete,
        stopped: (!report.complete).then(|| super::signals::why_stopped(&interrupted)),
        report,
    };
    print_report(args.json, &partial, |p| match p.stopped {
        Some(why) => format!(
            "{}partial: stopped ({why}) after the first {} puzzles in enumeration order: the totals and the claims cover those only\n",
            mixed_table(&p.report),
            p.report.totals.puzzles
        ),
        None => mixed_table(&p.report),
    })?;
    Ok(match partial.stopped {
        Some(_) => Exit::Stopped.into(),
        None => Exit::found(partial.report.holds()).into(),
    })
}

/// What `verify --self-matching L --json` prints when a time limit was
/// given or the run was stopped, as `PartialReport` for the signed census.
#[derive(serde::Serialize)]
struct MixedPartial {
    #[serde(flatten)]
    report: scramble::census::mixed::MixedReport,
    /// False when the run stopped before the end: the totals cover the
    /// first puzzles in enumeration order.
    complete: bool,
    /// Why an incomplete run stopped: `interrupted` or `time-limit`.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<&'static str>,
}

/// The mixed census as the signed census's table, headed by its palette.
fn mixed_table(r: &scramble::census::mixed::MixedReport) -> String {
    let as_signed = Report {
        patterns: r.patterns,
        repetition_free: r.repetition_free,
        seconds: r.seconds,
        totals: Some(r.totals.clone()),
        condition_failures: Some(r.condition_failures.clone()),
        corners: None,
        shard: None,
    };
    let table = report_table(&as_signed);
    let body = table.split_once('\n').map_or("", |(_, rest)| rest).replace(
        "theorem 2.1 with repetitions:",
        "theorem 2.1 (stated for signed pictures) on the mixed palette:",
    );
    let kind = if r.repetition_free {
        "repetition-free"
    } else {
        "with repetitions"
    };
    let claims = if r.holds() {
        "holds: no criterion accepts a non-solution; the repaired (3') and the twisted criterion agree with brute force"
    } else {
        "FAILS: a criterion disagrees with brute force where docs/notes/self-matching.md says it cannot"
    };
    format!(
        "2x2 census over K = {} signed and L = {} self-matching patterns ({} pictures), {kind}\n{body}claims: {claims}\n",
        r.patterns,
        r.self_matching,
        2 * r.patterns + r.self_matching
    )
}

/// `--size 3`: the totals from solved grids, and with `--check` puzzle by
/// puzzle.
fn run_nxn(args: &Args) -> anyhow::Result<ExitCode> {
    use scramble::census::nxn::{self, NxnReport, NxnTotals, check, count};
    if args.size != 3 {
        bail!("--size {}: expected 2 or 3", args.size);
    }
    if args.corners || args.corners_only || args.exact || args.plain || args.no_symmetry {
        bail!("--size 3 takes --patterns, --repetitions, --check, --shard, --keep, --time-limit and --json only");
    }
    let k = args.patterns as usize;
    let census = Census {
        patterns: k,
        repetition_free: !args.repetitions,
    };
    let puzzles = count::puzzle_count(&census, args.size).filter(|&p| p <= count::MAX_PUZZLES);
    let Some(puzzles) = puzzles.filter(|_| (1..=2).contains(&k)) else {
        let (expected, flag) = if args.repetitions {
            ("K = 1 with --repetitions", " --repetitions")
        } else {
            ("K = 1 or 2", "")
        };
        let over = count::puzzle_count(&census, args.size).map_or("more than 2^64".into(), |p| format!("{p}"));
        bail!(
            "--size 3 --patterns {k}{flag}: expected {expected} ({over} puzzles; the census takes at most {})",
            count::MAX_PUZZLES
        );
    };
    let (stop, interrupted) = super::signals::interruptible(args.time_limit);
    let started = Instant::now();
    let range = nxn::shard_range(puzzles as usize, args.shard.unwrap_or(Shard::WHOLE));
    let bar = progress::bar(0, "3x3 solved grids");
    let arrangements = count::arrangements(&census, args.size, &Context::new().until(&stop).reporting(&bar));
    bar.finish_and_clear();
    let mut report = NxnReport {
        size: args.size,
        patterns: k,
        repetition_free: census.repetition_free,
        seconds: 0.0,
        complete: arrangements.is_some(),
        stopped: None,
        totals: NxnTotals::default(),
        check: None,
        mismatches: Vec::new(),
        shard: args.shard,
    };
    if let Some(all) = &arrangements {
        report.totals = NxnTotals::of(all, range.clone());
        if args.check {
            let bar = progress::bar(0, "3x3 puzzle by puzzle");
            let outcome = check::run(
                &census,
                args.size,
                range,
                all,
                args.keep(),
                &Context::new().until(&stop).reporting(&bar),
            );
            bar.finish_and_clear();
            report.complete = outcome.checked.checked == report.totals.puzzles;
            report.check = Some(outcome.checked);
            report.mismatches = outcome.mismatches;
        }
    }
    report.seconds = started.elapsed().as_secs_f64();
    if !report.complete {
        report.stopped = Some(super::signals::why_stopped(&interrupted).to_string());
    }
    print_report(args.json, &report, nxn_table)?;
    Ok(if !report.complete {
        Exit::Stopped
    } else {
        Exit::found(!report.counterexample())
    }
    .into())
}

/// `--exact`: the totals (and with `--polynomial` the polynomials) from the
/// shipped coefficients.
fn run_exact(args: &Args) -> anyhow::Result<ExitCode> {
    use scramble::census::exact;
    if args.patterns == 0 {
        bail!("--patterns 0: expected at least 1");
    }
    let started = Instant::now();
    let repetition_free = !args.repetitions;
    let totals = exact::totals(args.patterns, repetition_free);
    let probabilities = exact::probabilities(args.patterns, repetition_free);
    let coefficients = exact::coefficients(repetition_free);
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        use serde_json::value::{RawValue, to_raw_value};
        let mut fields: Vec<(String, Box<RawValue>)> = vec![
            ("patterns".into(), to_raw_value(&args.patterns)?),
            ("repetition_free".into(), to_raw_value(&repetition_free)?),
            ("exact".into(), to_raw_value(&true)?),
            ("seconds".into(), to_raw_value(&seconds)?),
        ];
        for (key, value) in &totals {
            fields.push(((*key).into(), RawValue::from_string(value.to_string())?));
        }
        fields.push(("p_solvable".into(), to_raw_value(&probabilities.p_solvable)?));
        fields.push(("p_unique".into(), to_raw_value(&probabilities.p_unique)?));
        let given = probabilities.p_unique_given_solvable;
        fields.push(("p_unique_given_solvable".into(), to_raw_value(&given)?));
        if args.polynomial {
            let rows = exact::KEYS.iter().zip(coefficients);
            let rows: Vec<(String, Box<RawValue>)> = rows
                .map(|(k, row)| Ok(((*k).to_string(), RawValue::from_string(format!("{row:?}"))?)))
                .collect::<anyhow::Result<_>>()?;
            fields.push(("coefficients".into(), to_raw_value(&JsonObject(rows))?));
        }
        print_json(&JsonObject(fields))?;
    } else {
        print_text(&exact_table(args, &totals, &probabilities, coefficients, seconds))?;
    }
    Ok(Exit::Success.into())
}

/// Fields in order, some of them exact big integers.
struct JsonObject(Vec<(String, Box<serde_json::value::RawValue>)>);

impl serde::Serialize for JsonObject {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

fn exact_table(
    args: &Args,
    totals: &[(&str, num_bigint::BigUint)],
    p: &scramble::census::exact::Probabilities,
    coefficients: &scramble::census::exact::Coefficients,
    seconds: f64,
) -> String {
    use std::fmt::Write;
    let kind = if args.repetitions {
        "with repetitions"
    } else {
        "repetition-free"
    };
    let mut out = format!("2x2 census over K = {} patterns, {kind}, exact\n", args.patterns);
    let width = totals
        .iter()
        .map(|(_, v)| v.to_string().len())
        .max()
        .unwrap_or(0)
        .max(16);
    for (key, value) in totals {
        let _ = writeln!(out, "{key:<24}  {:>width$}", value.to_string());
    }
    let _ = writeln!(
        out,
        "P(solvable) {}  P(unique) {}  P(unique | solvable) {}",
        probability(p.p_solvable),
        probability(p.p_unique),
        probability(p.p_unique_given_solvable)
    );
    if args.polynomial {
        out.push_str("as polynomials in K (N_j = puzzles using exactly patterns 1..j):\n");
        for (key, row) in scramble::census::exact::KEYS.iter().zip(coefficients) {
            let _ = writeln!(out, "{key} = {}", scramble::census::exact::polynomial(row));
        }
    }
    let _ = writeln!(out, "seconds: {seconds:.4}");
    out
}

/// The census by `engine` over the options' shard, until `stop`.
fn census_until(args: &Args, census: &Census, engine: Engine, stop: &scramble::Stop) -> anyhow::Result<Run> {
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let bar = progress::bar(0, if args.plain { "plain census" } else { "census" });
    let run = engine::run(
        census,
        engine,
        shard,
        args.keep(),
        &Context::new().until(stop).reporting(&bar),
    );
    bar.finish_and_clear();
    Ok(run?)
}

/// The corner check until `stop` (`None` when it came first).
fn corner_report(census: &Census, stop: &scramble::Stop) -> Option<CornerReport> {
    let corners = scramble::census::corners::CornerSet::new(census.patterns, census.repetition_free).len();
    let bar = progress::bar(corners as u64, "corners");
    let report = CornerReport::check(
        census.patterns,
        census.repetition_free,
        &Context::new().until(stop).reporting(&bar),
    );
    bar.finish_and_clear();
    report
}

/// Writes the kept disagreements as one set into
/// `<out>/verify-k<K>[-repetitions][-shard-I-of-N]/`, replacing that
/// folder's earlier run (removing it when there is none to keep).
fn write_disagreements(args: &Args, census: &Census, outcome: &Outcome) -> anyhow::Result<Vec<Vec<PathBuf>>> {
    let mut name = format!("verify-k{}", census.patterns);
    if !census.repetition_free {
        name += "-repetitions";
    }
    if let Some(s) = args.shard {
        name += &format!("-shard-{}-of-{}", s.index, s.count);
    }
    let dir = args.pictures.out.join(name);
    let classes = census.pieces();
    let repetitions = if census.repetition_free { "" } else { " --repetitions" };
    let shard = args.shard.map(|s| format!(" --shard {s}")).unwrap_or_default();
    let flags = format!("{repetitions}{shard}");
    let sets = outcome
        .disagreements
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let heading = format!("verify --patterns {}{flags} #{}", census.patterns, i + 1);
            d.files(&format!("{:03}", i + 1), &classes, &heading, args.renderer)
        })
        .collect::<scramble::Result<Vec<_>>>()?;
    let all: Vec<_> = sets.iter().flatten().cloned().collect();
    let mut written = write_set(&dir, &all, Owns::Folder)?.into_iter();
    Ok(sets
        .iter()
        .map(|set| written.by_ref().take(set.len()).collect())
        .collect())
}

/// Six decimals, or six significant digits below 0.001 (at K = 1000,
/// `P(solvable)` is about 1e-10 and six decimals would print 0).
fn probability(p: f64) -> String {
    if p == 0.0 || p >= 1e-3 {
        format!("{p:.6}")
    } else {
        format!("{p:.5e}")
    }
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
