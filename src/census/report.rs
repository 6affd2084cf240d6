//! One census run as the report every front-end shows: [`Options`]
//! describe the run (`scramble verify`'s flags), [`run`] checks them,
//! chooses the engine, counts and assembles the [`Report`]: the table to
//! print, the JSON document (its `Serialize`), whether the run went to its
//! end, whether the paper's claims hold on it, and the pictures of the
//! first disagreements to write as one set. [`merge`] adds up the JSON
//! documents of sharded runs into the report of the whole census.
//!
//! The front-ends only translate: the command line parses its flags into
//! [`Options`], builds the [`Context`] (stop, progress, threads), writes the
//! files through `output`, prints and chooses the exit code; Python reads
//! the totals.

use std::fmt::Write as _;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Instant;

use num_bigint::BigUint;
use serde::Serialize;
use serde_json::value::{RawValue, to_raw_value};

use super::corners::{CornerReport, CornerSet};
use super::engine::{self, Engine, Run};
use super::nxn::{self, NxnReport, NxnTotals, check, count};
use super::shard::{self, Shard};
use super::{Census, Judged, Outcome, exact, mixed};
use crate::context::Context;
use crate::error::shown_path;
use crate::render::Renderer;
use crate::{Error, Result};

/// One census run, as `scramble verify`'s flags describe it.
///
/// ```
/// use scramble::census::Options;
/// let options = Options { patterns: 2, ..Options::default() };
/// assert_eq!((options.size, options.repetition_free, options.keep), (2, true, None));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `n`: 2 for the census of Theorem 2.1, 3 for every 3x3 puzzle.
    pub size: usize,
    /// `K`: pieces use the pictures of patterns `1..=K`.
    pub patterns: u64,
    /// `L`: also patterns `K+1..=K+L`, each one self-matching picture (the
    /// mixed 2x2 census).
    pub self_matching: u64,
    /// Only repetition-free pieces (no picture twice on a piece), as
    /// Theorem 2.1 assumes.
    pub repetition_free: bool,
    /// The first disagreements (mismatches) kept, in enumeration order;
    /// `None`: 10.
    pub keep: Option<usize>,
    /// Also check every ordered 4-tuple of corners.
    pub corners: bool,
    /// Only the corner check, no puzzle census.
    pub corners_only: bool,
    /// The 2x2 totals from the exact polynomials in `K`, no enumeration.
    pub exact: bool,
    /// With `exact`: each total as a polynomial in `K` as well.
    pub polynomial: bool,
    /// Judge puzzle by puzzle with the recording graph (slow reference).
    pub plain: bool,
    /// Enumerate every puzzle instead of one orbit of pieces at a time.
    pub no_symmetry: bool,
    /// Only this shard of the puzzles (split by first piece).
    pub shard: Option<Shard>,
    /// With `size` 3: also check every puzzle one by one.
    pub check: bool,
    /// Whether the context's stop carries a time limit: the 2x2 census then
    /// takes a path that stops with totals (up to 5 patterns), and the
    /// report always says whether it is complete.
    pub time_limit: bool,
    /// The folder under which the disagreements' pictures go
    /// (`<pictures>/verify-k<K>[-repetitions][-shard-I-of-N]/`); `None`:
    /// no pictures.
    pub pictures: Option<PathBuf>,
    /// Who draws those pictures.
    pub renderer: Renderer,
}

impl Default for Options {
    /// The repetition-free 2x2 census over one pattern, nothing else asked.
    fn default() -> Self {
        Options {
            size: 2,
            patterns: 1,
            self_matching: 0,
            repetition_free: true,
            keep: None,
            corners: false,
            corners_only: false,
            exact: false,
            polynomial: false,
            plain: false,
            no_symmetry: false,
            shard: None,
            check: false,
            time_limit: false,
            pictures: None,
            renderer: Renderer::Auto,
        }
    }
}

impl Options {
    /// `keep`, 10 when not given.
    fn kept(&self) -> usize {
        self.keep.unwrap_or(10)
    }

    fn census(&self) -> Census {
        Census {
            patterns: self.patterns as usize,
            repetition_free: self.repetition_free,
        }
    }
}

/// What a census run (or a merge of shards) found, ready to show: the
/// JSON document is its `Serialize` (without `schema`, which the front-end
/// puts first).
#[derive(Clone, Debug)]
pub struct Report {
    text: String,
    body: Body,
    complete: bool,
    holds: bool,
    files: Option<(PathBuf, Vec<(PathBuf, String)>)>,
}

impl Report {
    /// The report as a table, as `scramble verify` prints it (naming the
    /// files of [`Report::files`] as written).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether the run went to its end (false: stopped by the context's
    /// stop, and the report says what it covers).
    pub fn complete(&self) -> bool {
        self.complete
    }

    /// Whether the claims the run checks hold on what it covered: no
    /// counterexample to Theorem 2.1 on repetition-free pieces or corners,
    /// no mismatch of the `n x n` check, the claims of the mixed census.
    pub fn holds(&self) -> bool {
        self.holds
    }

    /// The folder of the disagreements' pictures and its files (names
    /// relative to it), to be written as one set that owns the folder (no
    /// file at all: the folder of an earlier run goes); `None` when no
    /// pictures are written.
    pub fn files(&self) -> Option<(&Path, &[(PathBuf, String)])> {
        self.files
            .as_ref()
            .map(|(folder, files)| (folder.as_path(), files.as_slice()))
    }

    /// The 2x2 census totals alone as JSON, with the keys of the document:
    /// `None` when the report holds none (a corner check alone, a stopped
    /// run that counts no set of puzzles, another census).
    pub fn totals_json(&self) -> Option<String> {
        let report = match &self.body {
            Body::Census(r) => r,
            Body::Partial(p) if p.complete => &p.report,
            _ => return None,
        };
        let totals = report.totals.as_ref()?;
        Some(serde_json::to_string(totals).expect("totals serialize"))
    }
}

impl Serialize for Report {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        match &self.body {
            Body::Census(r) => r.serialize(serializer),
            Body::Partial(r) => r.serialize(serializer),
            Body::Mixed(r) => r.serialize(serializer),
            Body::MixedPartial(r) => r.serialize(serializer),
            Body::Nxn(r) => r.serialize(serializer),
            Body::Exact(r) => r.serialize(serializer),
        }
    }
}

/// The JSON document of each kind of run.
#[derive(Clone, Debug)]
enum Body {
    Census(shard::Report),
    Partial(PartialReport),
    Mixed(mixed::MixedReport),
    MixedPartial(MixedPartial),
    Nxn(NxnReport),
    Exact(JsonObject),
}

/// The census `options` describe, until the context's stop: checked as
/// `scramble verify` checks its flags (the messages name them), the engine
/// chosen by the library, each pass reported to the context's progress
/// under its own name.
///
/// ```
/// use scramble::{Context, census::{Options, run}};
/// let report = run(&Options { patterns: 2, ..Options::default() }, &Context::new()).unwrap();
/// assert!(report.complete() && report.holds());
/// let puzzles = report.text().lines().nth(1).unwrap();
/// assert!(puzzles.starts_with("puzzles ") && puzzles.ends_with(" 126"), "{puzzles}");
/// assert!(report.totals_json().unwrap().starts_with(r#"{"puzzles":126,"#));
/// let refused = run(&Options { patterns: 9, ..Options::default() }, &Context::new()).unwrap_err();
/// assert_eq!(refused.to_string(), "--patterns 9: expected 1 to 8 patterns");
/// ```
pub fn run(options: &Options, context: &Context) -> Result<Report> {
    if options.self_matching > 0 {
        return run_mixed(options, context);
    }
    if options.size != 2 {
        return run_nxn(options, context);
    }
    if options.check {
        return Err(refused("--check goes with --size 3"));
    }
    if options.time_limit && options.exact {
        return Err(refused(
            "--exact computes the totals from closed forms at once: --time-limit does not apply to it",
        ));
    }
    if options.exact {
        return run_exact(options);
    }
    run_census(options, context)
}

/// A refusal of the options, before any work.
fn refused(message: &str) -> Error {
    Error::Unsupported(message.to_string())
}

/// The 2x2 census (and the corner check).
fn run_census(options: &Options, context: &Context) -> Result<Report> {
    let census = options.census();
    let engine = choose_engine(options, &census)?;
    let started = Instant::now();
    let counted = match options.corners_only {
        true => None,
        false => {
            let name = if options.plain { "plain census" } else { "census" };
            context.progress().phase(name);
            let shard = options.shard.unwrap_or(Shard::WHOLE);
            Some(engine::run(&census, engine, shard, options.kept(), context)?)
        }
    };
    let corners_asked = options.corners || options.corners_only;
    let corners = corners_asked.then(|| {
        context.progress().phase("corners");
        context
            .progress()
            .start(CornerSet::new(census.patterns, census.repetition_free).len() as u64);
        CornerReport::check(census.patterns, census.repetition_free, context)
    });
    let outcome = counted.as_ref().and_then(|c| c.outcome.as_ref());
    let complete = counted.as_ref().is_none_or(Run::complete) && corners.as_ref().is_none_or(Option::is_some);
    let report = shard::Report {
        patterns: census.patterns,
        repetition_free: census.repetition_free,
        seconds: started.elapsed().as_secs_f64(),
        totals: outcome.map(|o| o.tally.totals()),
        condition_failures: outcome
            .filter(|_| !census.repetition_free)
            .map(|o| o.tally.subgraphs.condition_failures()),
        corners: corners.flatten(),
        shard: options.shard,
    };
    let files = match (outcome, &options.pictures) {
        (Some(o), Some(out)) if complete => Some(disagreement_files(options, &census, out, o)?),
        _ => None,
    };
    let written = files.as_ref().map(|(folder, files)| disagreement_lines(folder, files));
    let written = written.unwrap_or_default();
    let holds = !report.counterexample();
    if complete && !options.time_limit {
        return Ok(Report {
            text: report_table(&report) + &written,
            body: Body::Census(report),
            complete,
            holds,
            files,
        });
    }
    let partial = PartialReport {
        report,
        complete,
        stopped: (!complete).then(|| context.stop().reason()),
        first_pieces: counted.as_ref().and_then(|c| c.first_pieces.clone()),
    };
    let whole = counted.map(|c| c.whole);
    Ok(Report {
        text: report_table(&partial.report) + &partial_line(&partial, whole.as_ref(), corners_asked) + &written,
        body: Body::Partial(partial),
        complete,
        holds,
        files,
    })
}

/// The library's census engine for the options, refused (naming
/// `--patterns`) when it cannot hold the census.
fn choose_engine(options: &Options, census: &Census) -> Result<Engine> {
    let split = options.no_symmetry || options.shard.is_some();
    let engine = Engine::choose(census, options.plain, split, options.time_limit);
    let checked = if options.corners_only {
        Engine::Symmetric
    } else {
        engine
    };
    let used_by = if checked == Engine::Symmetric {
        ""
    } else {
        "; --plain, --no-symmetry and --shard run them"
    };
    checked
        .check(census)
        .map_err(|e| Error::Unsupported(format!("--patterns {}: {e}{used_by}", census.patterns)))?;
    Ok(engine)
}

/// What `verify --json` prints when a time limit was given or the run was
/// stopped: the report of the puzzles done, marked complete or not.
#[derive(Clone, Debug, Serialize)]
struct PartialReport {
    #[serde(flatten)]
    report: shard::Report,
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
    first_pieces: Option<Range<usize>>,
}

/// The `partial:` line of a stopped run (nothing for a complete one):
/// what the totals cover (`whole`: the first pieces of the census run,
/// `None` without one) and whether an asked corner check is left out.
fn partial_line(p: &PartialReport, whole: Option<&Range<usize>>, corners_asked: bool) -> String {
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

/// One line per disagreement written: its puzzle file and its pictures
/// (the first file of each set of disagreement files is its `.txt`).
fn disagreement_lines(folder: &Path, files: &[(PathBuf, String)]) -> String {
    let mut text = String::new();
    let mut sets = files.iter().map(|(name, _)| folder.join(name)).peekable();
    while let Some(puzzle) = sets.next() {
        let mut pictures = Vec::new();
        while let Some(next) = sets.next_if(|p| p.extension().is_none_or(|e| e != "txt")) {
            pictures.push(shown_path(&next));
        }
        let _ = writeln!(text, "disagreement: {} ({})", shown_path(&puzzle), pictures.join(", "));
    }
    text
}

/// The kept disagreements as one set of files into
/// `<out>/verify-k<K>[-repetitions][-shard-I-of-N]/`: the folder and the
/// files (names relative to it).
#[cfg(feature = "render")]
fn disagreement_files(
    options: &Options,
    census: &Census,
    out: &Path,
    outcome: &Outcome,
) -> Result<(PathBuf, Vec<(PathBuf, String)>)> {
    let mut name = format!("verify-k{}", census.patterns);
    if !census.repetition_free {
        name += "-repetitions";
    }
    if let Some(s) = options.shard {
        name += &format!("-shard-{}-of-{}", s.index, s.count);
    }
    let classes = census.pieces();
    let repetitions = if census.repetition_free { "" } else { " --repetitions" };
    let shard = options.shard.map(|s| format!(" --shard {s}")).unwrap_or_default();
    let flags = format!("{repetitions}{shard}");
    let sets = outcome
        .disagreements
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let heading = format!("verify --patterns {}{flags} #{}", census.patterns, i + 1);
            d.files(&format!("{:03}", i + 1), &classes, &heading, options.renderer)
        })
        .collect::<Result<Vec<_>>>()?;
    Ok((out.join(name), sets.into_iter().flatten().collect()))
}

/// Without the renderer no picture is drawn: asking for them is refused.
#[cfg(not(feature = "render"))]
fn disagreement_files(_: &Options, _: &Census, _: &Path, _: &Outcome) -> Result<(PathBuf, Vec<(PathBuf, String)>)> {
    Err(Error::Unsupported(
        "the pictures of disagreements need the feature `render`".into(),
    ))
}

/// `self_matching > 0`: the 2x2 census over K signed and L self-matching
/// patterns; its claims are those of docs/notes/self-matching.md.
fn run_mixed(options: &Options, context: &Context) -> Result<Report> {
    let refusals = [
        (options.size != 2, "--size 3"),
        (options.corners, "--corners"),
        (options.corners_only, "--corners-only"),
        (options.exact, "--exact"),
        (options.plain, "--plain"),
        (options.no_symmetry, "--no-symmetry"),
        (options.shard.is_some(), "--shard"),
        (options.check, "--check"),
        (options.keep.is_some(), "--keep (it writes no disagreements)"),
    ];
    if let Some((_, flag)) = refusals.iter().find(|(given, _)| *given) {
        return Err(Error::Unsupported(format!(
            "--self-matching {}: the mixed census is a 2x2 census that takes --patterns, --repetitions, --time-limit and --json only, not {flag}",
            options.self_matching
        )));
    }
    let (k, l) = (options.patterns as usize, options.self_matching as usize);
    context.progress().phase("mixed census: puzzles");
    let report = mixed::run(k, l, options.repetition_free, context)
        .map_err(|e| Error::Impossible(format!("--self-matching {l}: {e}")))?;
    let (complete, holds) = (report.complete, report.holds());
    if complete && !options.time_limit {
        return Ok(Report {
            text: mixed_table(&report),
            body: Body::Mixed(report),
            complete,
            holds,
            files: None,
        });
    }
    let partial = MixedPartial {
        complete,
        stopped: (!complete).then(|| context.stop().reason()),
        report,
    };
    let text = match partial.stopped {
        Some(why) => format!(
            "{}partial: stopped ({why}) after the first {} puzzles in enumeration order: the totals and the claims cover those only\n",
            mixed_table(&partial.report),
            partial.report.totals.puzzles
        ),
        None => mixed_table(&partial.report),
    };
    Ok(Report {
        text,
        body: Body::MixedPartial(partial),
        complete,
        holds,
        files: None,
    })
}

/// What `verify --self-matching L --json` prints when a time limit was
/// given or the run was stopped, as `PartialReport` for the signed census.
#[derive(Clone, Debug, Serialize)]
struct MixedPartial {
    #[serde(flatten)]
    report: mixed::MixedReport,
    /// False when the run stopped before the end: the totals cover the
    /// first puzzles in enumeration order.
    complete: bool,
    /// Why an incomplete run stopped: `interrupted` or `time-limit`.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<&'static str>,
}

/// The mixed census as the signed census's table, headed by its palette.
fn mixed_table(r: &mixed::MixedReport) -> String {
    let as_signed = shard::Report {
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

/// `size` 3: the totals from solved grids, and with `check` puzzle by
/// puzzle.
fn run_nxn(options: &Options, context: &Context) -> Result<Report> {
    if options.size != 3 {
        return Err(Error::Unsupported(format!("--size {}: expected 2 or 3", options.size)));
    }
    if options.corners || options.corners_only || options.exact || options.plain || options.no_symmetry {
        return Err(refused(
            "--size 3 takes --patterns, --repetitions, --check, --shard, --keep, --time-limit and --json only",
        ));
    }
    let census = options.census();
    let k = census.patterns;
    // The puzzles are counted from the census's pieces, which are not
    // listed over 4 patterns: from 5 on the puzzles outnumber 2^64, and
    // for K in the thousands the pieces would not fit in memory.
    let counted = || (k <= 4).then(|| count::puzzle_count(&census, options.size)).flatten();
    let puzzles = (1..=2).contains(&k).then(counted).flatten();
    let Some(puzzles) = puzzles.filter(|&p| p <= count::MAX_PUZZLES) else {
        let (expected, flag) = if options.repetition_free {
            ("K = 1 or 2", "")
        } else {
            ("K = 1 with --repetitions", " --repetitions")
        };
        let over = counted().map_or("more than 2^64".into(), |p| format!("{p}"));
        return Err(Error::Unsupported(format!(
            "--size 3 --patterns {k}{flag}: expected {expected} ({over} puzzles; the census takes at most {})",
            count::MAX_PUZZLES
        )));
    };
    let started = Instant::now();
    let range = nxn::shard_range(puzzles as usize, options.shard.unwrap_or(Shard::WHOLE));
    context.progress().phase("3x3 solved grids");
    let arrangements = count::arrangements(&census, options.size, context);
    let mut report = NxnReport {
        size: options.size,
        patterns: k,
        repetition_free: census.repetition_free,
        seconds: 0.0,
        complete: arrangements.is_some(),
        stopped: None,
        totals: NxnTotals::default(),
        check: None,
        mismatches: Vec::new(),
        shard: options.shard,
    };
    if let Some(all) = &arrangements {
        report.totals = NxnTotals::of(all, range.clone());
        if options.check {
            context.progress().phase("3x3 puzzle by puzzle");
            let outcome = check::run(&census, options.size, range, all, options.kept(), context);
            report.complete = outcome.checked.checked == report.totals.puzzles;
            report.check = Some(outcome.checked);
            report.mismatches = outcome.mismatches;
        }
    }
    report.seconds = started.elapsed().as_secs_f64();
    if !report.complete {
        report.stopped = Some(context.stop().reason().to_string());
    }
    Ok(Report {
        text: nxn_table(&report),
        complete: report.complete,
        holds: !report.counterexample(),
        body: Body::Nxn(report),
        files: None,
    })
}

/// `exact`: the totals (and with `polynomial` the polynomials) from the
/// shipped coefficients.
fn run_exact(options: &Options) -> Result<Report> {
    if options.patterns == 0 {
        return Err(refused("--patterns 0: expected at least 1"));
    }
    let started = Instant::now();
    let repetition_free = options.repetition_free;
    let totals = exact::totals(options.patterns, repetition_free);
    let probabilities = exact::probabilities(options.patterns, repetition_free);
    let coefficients = exact::coefficients(repetition_free);
    let seconds = started.elapsed().as_secs_f64();
    let mut fields: Vec<(String, Box<RawValue>)> = vec![
        ("patterns".into(), raw(&options.patterns)),
        ("repetition_free".into(), raw(&repetition_free)),
        ("exact".into(), raw(&true)),
        ("seconds".into(), raw(&seconds)),
    ];
    for (key, value) in &totals {
        fields.push(((*key).into(), number(value.to_string())));
    }
    fields.push(("p_solvable".into(), raw(&probabilities.p_solvable)));
    fields.push(("p_unique".into(), raw(&probabilities.p_unique)));
    let given = probabilities.p_unique_given_solvable;
    fields.push(("p_unique_given_solvable".into(), raw(&given)));
    if options.polynomial {
        let rows = exact::KEYS.iter().zip(coefficients);
        let rows = rows.map(|(k, row)| ((*k).to_string(), number(format!("{row:?}"))));
        fields.push(("coefficients".into(), raw(&JsonObject(rows.collect()))));
    }
    Ok(Report {
        text: exact_table(options, &totals, &probabilities, coefficients, seconds),
        body: Body::Exact(JsonObject(fields)),
        complete: true,
        holds: true,
        files: None,
    })
}

/// JSON text that is valid by construction (digits, a list of numbers).
fn number(text: String) -> Box<RawValue> {
    RawValue::from_string(text).expect("valid JSON")
}

/// A value as raw JSON.
fn raw(value: &impl Serialize) -> Box<RawValue> {
    to_raw_value(value).expect("serializes")
}

/// Fields in order, some of them exact big integers.
#[derive(Clone, Debug)]
struct JsonObject(Vec<(String, Box<RawValue>)>);

impl Serialize for JsonObject {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

fn exact_table(
    options: &Options,
    totals: &[(&str, BigUint)],
    p: &exact::Probabilities,
    coefficients: &exact::Coefficients,
    seconds: f64,
) -> String {
    let kind = if options.repetition_free {
        "repetition-free"
    } else {
        "with repetitions"
    };
    let mut out = format!("2x2 census over K = {} patterns, {kind}, exact\n", options.patterns);
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
    if options.polynomial {
        out.push_str("as polynomials in K (N_j = puzzles using exactly patterns 1..j):\n");
        for (key, row) in exact::KEYS.iter().zip(coefficients) {
            let _ = writeln!(out, "{key} = {}", exact::polynomial(row));
        }
    }
    let _ = writeln!(out, "seconds: {seconds:.4}");
    out
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

/// Adds up the JSON documents of `scramble verify --shard I/N --json` runs
/// (`files`: each file's name, for messages, and its bytes) into the report
/// of the whole census. Every file is read strictly (no unknown or
/// repeated key, every count a whole number) and every shard checked
/// against the census it claims to be part of, as `census::shard` says.
///
/// ```
/// use scramble::{Context, census::{Options, Shard, merge, run}};
/// let part = |index| {
///     let options = Options { patterns: 2, shard: Some(Shard { index, count: 2 }), ..Options::default() };
///     let json = serde_json::to_vec(&run(&options, &Context::new()).unwrap()).unwrap();
///     (format!("shard-{index}.json"), json)
/// };
/// let whole = merge(&[part(1), part(2)]).unwrap();
/// assert!(whole.complete() && whole.holds());
/// assert!(whole.text().starts_with("2x2 census over K = 2 patterns, repetition-free\npuzzles "));
/// let refused = merge(&[part(1)]).unwrap_err().to_string();
/// assert!(refused.contains("merge needs every shard exactly once"), "{refused}");
/// ```
pub fn merge(files: &[(String, Vec<u8>)]) -> Result<Report> {
    let reports = files
        .iter()
        .map(|(name, bytes)| Ok((name.clone(), shard::read(name, bytes)?)))
        .collect::<Result<Vec<_>>>()?;
    let merged = shard::merge(&reports)?;
    Ok(Report {
        text: report_table(&merged),
        holds: !merged.counterexample(),
        body: Body::Census(merged),
        complete: true,
        files: None,
    })
}

/// The 2x2 report as a table.
fn report_table(report: &shard::Report) -> String {
    let mut out = heading(2, report.patterns, report.repetition_free, report.shard);
    if let Some(t) = &report.totals {
        let rows = [
            ("puzzles", t.puzzles),
            ("solvable", t.solvable),
            ("unique", t.unique),
            ("solutions", t.solutions),
            ("solution_subgraphs", t.solution_subgraphs),
        ];
        rows_table(
            &mut out,
            "",
            &[&rows[..], &judged_rows(&t.theorem, &t.twisted, &t.repaired)].concat(),
        );
    }
    if let Some(f) = &report.condition_failures {
        out.push_str("theorem 2.1 with repetitions:\n");
        let mut rows = vec![("rejected_solution_graphs", f.rejected_solution_graphs)];
        rows.extend(f.rejected_by_condition.iter().map(|(k, v)| (k.as_str(), *v)));
        rows.push(("accepted_non_solutions", f.accepted_non_solutions));
        rows.push(("twisted_rejected_solution_graphs", f.twisted_rejected_solution_graphs));
        rows.push(("twisted_accepted_non_solutions", f.twisted_accepted_non_solutions));
        rows_table(&mut out, "  ", &rows);
        let combos: Vec<String> = f
            .rejected_by_combination
            .iter()
            .map(|(k, v)| format!("{{{k}}}: {v}"))
            .collect();
        let _ = writeln!(out, "  rejected, by failing conditions: {}", combos.join(", "));
    }
    if let Some(c) = &report.corners {
        let _ = writeln!(out, "corner check: every ordered 4-tuple of the {} corners", c.corners);
        let rows = [
            ("tuples", c.tuples),
            ("solution_tuples", c.solution_tuples),
            ("solutions", c.solutions),
        ];
        rows_table(
            &mut out,
            "  ",
            &[&rows[..], &judged_rows(&c.theorem, &c.twisted, &c.repaired)].concat(),
        );
    }
    let _ = writeln!(out, "seconds: {:.2}", report.seconds);
    out
}

/// The rows of the three criteria: accepted and mismatches of each.
fn judged_rows(theorem: &Judged, twisted: &Judged, repaired: &Judged) -> [(&'static str, u64); 6] {
    [
        ("theorem_accepted", theorem.accepted),
        ("theorem_mismatches", theorem.mismatches),
        ("twisted_accepted", twisted.accepted),
        ("twisted_mismatches", twisted.mismatches),
        ("repaired_accepted", repaired.accepted),
        ("repaired_mismatches", repaired.mismatches),
    ]
}

/// One aligned line per total, after `indent`.
fn rows_table(out: &mut String, indent: &str, rows: &[(&str, u64)]) {
    let width = rows.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    for (name, value) in rows {
        let _ = writeln!(out, "{indent}{name:<width$}  {value:>16}");
    }
}

/// `3x3 census over K = 2 patterns, repetition-free, shard 1/4`.
fn heading(size: usize, patterns: usize, repetition_free: bool, shard: Option<Shard>) -> String {
    let kind = if repetition_free {
        "repetition-free"
    } else {
        "with repetitions"
    };
    let shard = shard.map(|s| format!(", shard {s}")).unwrap_or_default();
    format!("{size}x{size} census over K = {patterns} patterns, {kind}{shard}\n")
}

/// The `size` 3 report as a table.
fn nxn_table(r: &NxnReport) -> String {
    let mut out = heading(r.size, r.patterns, r.repetition_free, r.shard);
    let t = &r.totals;
    let mut rows = vec![
        ("puzzles", t.puzzles),
        ("solvable", t.solvable),
        ("unique", t.unique),
        ("solutions", t.solutions),
    ];
    if let Some(c) = &r.check {
        rows.extend([
            ("checked", c.checked),
            ("count_mismatches", c.count_mismatches),
            ("graph_compared", c.graph_compared),
            ("graph_solutions", c.graph_solutions),
            ("graph_mismatches", c.graph_mismatches),
            ("candidates", c.candidates),
            ("solution_subgraphs", c.solution_subgraphs),
            ("theorem_accepted", c.theorem.accepted),
            ("theorem_mismatches", c.theorem.mismatches),
        ]);
    }
    rows_table(&mut out, "", &rows);
    for m in &r.mismatches {
        let _ = writeln!(out, "mismatch: {m}");
    }
    if let Some(why) = &r.stopped {
        let _ = writeln!(
            out,
            "stopped ({why}) before the end: {}",
            if r.check.is_some() {
                "the check covers only the puzzles counted as checked"
            } else {
                "no totals"
            }
        );
    }
    let _ = writeln!(out, "seconds: {:.2}", r.seconds);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(patterns: u64) -> Options {
        Options {
            patterns,
            ..Options::default()
        }
    }

    #[test]
    fn options_that_do_not_go_together_are_refused_before_any_work() {
        let refusal = |o: Options| run(&o, &Context::new()).unwrap_err().to_string();
        let check = Options {
            check: true,
            ..options(2)
        };
        assert_eq!(refusal(check), "--check goes with --size 3");
        assert_eq!(refusal(Options { size: 4, ..options(2) }), "--size 4: expected 2 or 3");
        let timed = Options {
            exact: true,
            time_limit: true,
            ..options(2)
        };
        assert!(refusal(timed).ends_with("--time-limit does not apply to it"));
        let mixed = Options {
            self_matching: 1,
            keep: Some(1),
            ..options(1)
        };
        assert!(refusal(mixed).ends_with("not --keep (it writes no disagreements)"));
        let direct = Options {
            no_symmetry: true,
            ..options(6)
        };
        assert!(refusal(direct).starts_with("--patterns 6: the plain and direct censuses go up to 5 patterns"));
        let big = Options { size: 3, ..options(3) };
        assert!(refusal(big).starts_with("--size 3 --patterns 3: expected K = 1 or 2"));
        // At once, its pieces not listed: they would not fit in memory.
        let huge = Options {
            size: 3,
            ..options(1000)
        };
        assert!(refusal(huge).contains("(more than 2^64 puzzles"));
        // Listed up to 4 patterns; from 5 on (more patterns, more pieces)
        // the puzzles outnumber 2^64.
        for repetition_free in [false, true] {
            let five = Census {
                patterns: 5,
                repetition_free,
            };
            assert_eq!(count::puzzle_count(&five, 3), None);
        }
    }

    #[test]
    fn a_stopped_run_says_what_its_totals_cover() {
        let stopped = crate::context::Stop::never().after(std::time::Duration::ZERO);
        let context = Context::new().until(&stopped);
        let timed = |o: Options| run(&Options { time_limit: true, ..o }, &context).unwrap();
        let direct = timed(options(2));
        assert!(!direct.complete() && direct.files().is_none());
        assert!(
            direct.text().contains(
                "partial: stopped (time-limit); the totals cover only the puzzles whose first piece is 0 to 0 of 0 to 6, no pictures written"
            ),
            "{}",
            direct.text()
        );
        let corners = timed(Options {
            corners_only: true,
            ..options(2)
        });
        assert!(
            corners
                .text()
                .contains("the corner check was not finished and is left out")
        );
        assert_eq!(corners.totals_json(), None);
        let symmetric = timed(options(6));
        assert!(symmetric.text().contains("no totals: the partial orbit sums"));
        let json = serde_json::to_value(&symmetric).unwrap();
        assert_eq!(
            (json["complete"].as_bool(), json["stopped"].as_str()),
            (Some(false), Some("time-limit"))
        );
    }

    #[test]
    fn a_complete_run_with_a_time_limit_says_so_and_draws_nothing_without_a_folder() {
        let report = run(
            &Options {
                time_limit: true,
                ..options(1)
            },
            &Context::new(),
        )
        .unwrap();
        assert!(report.complete() && report.holds() && report.files().is_none());
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["complete"], true);
        assert!(json.get("stopped").is_none() && json["first_pieces"].is_object());
    }

    #[test]
    fn each_disagreement_is_one_line_naming_its_puzzle_file_and_its_pictures() {
        let files: Vec<(PathBuf, String)> = ["001.txt", "001.dot", "001.svg", "002.txt", "002.svg"]
            .into_iter()
            .map(|name| (PathBuf::from(name), String::new()))
            .collect();
        assert_eq!(
            disagreement_lines(Path::new("out/v"), &files),
            "disagreement: out/v/001.txt (out/v/001.dot, out/v/001.svg)\ndisagreement: out/v/002.txt (out/v/002.svg)\n"
        );
        assert_eq!(disagreement_lines(Path::new("out"), &[]), "");
    }

    #[test]
    fn small_probabilities_keep_six_significant_digits() {
        assert_eq!(probability(0.0), "0.000000");
        assert_eq!(probability(0.741376), "0.741376");
        assert_eq!(probability(9.6e-11), "9.60000e-11");
    }

    #[test]
    fn the_exact_document_keeps_big_integers_whole_and_its_keys_in_order() {
        let options = Options {
            exact: true,
            polynomial: true,
            ..options(10_000)
        };
        let report = run(&options, &Context::new()).unwrap();
        let text = serde_json::to_string(&report).unwrap();
        assert!(
            text.starts_with(r#"{"patterns":10000,"repetition_free":true,"exact":true,"seconds":"#),
            "{text}"
        );
        let puzzles = text.split(r#""puzzles":"#).nth(1).unwrap().split(',').next().unwrap();
        assert!(
            puzzles.len() > 20 && puzzles.bytes().all(|b| b.is_ascii_digit()),
            "{puzzles}"
        );
        assert!(text.contains(r#""coefficients":{"puzzles":["#), "{text}");
        assert!(report.text().contains("as polynomials in K"));
    }
}
