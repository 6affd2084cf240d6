//! Open question 4.1: which conditions of Theorem 2.1 fail on 2x2 puzzles
//! with repetitions, and how often? Its [`Options`], run as
//! [`Study::Repetitions`](super::Study::Repetitions).
//!
//! Every puzzle is judged by [`analyse`]: all 256 four-color subgraphs by
//! Theorem 2.1, by the twisted-graph criterion and by the judge (the plain
//! backtracker). Puzzles come from two sources, in this order:
//! every 2x2 puzzle over `1..=exhaustive` patterns (every multiset of four
//! rotation classes of pieces, repetitions allowed), then planted 2x2
//! puzzles (repetitions allowed) over each of `planted` patterns. Puzzles
//! are grouped as repetition-free (the theorem's hypothesis, a control),
//! with repetitions only on opposite sides, or with a loop (a picture on
//! two adjacent sides). A disagreement is either a solution graph the
//! theorem rejects (with the conditions that fail) or a subgraph it accepts
//! that is no solution graph. The smallest puzzle of each kind and number
//! of loops in the subgraph is kept as an example: fewest loops in G(P)
//! (which also keeps its picture readable), then fewest patterns, then
//! fewest pictures, then first drawn.
//!
//! The study also tries a candidate repair, `relaxed_accepts`: Theorem
//! 2.1 with condition (3) asked only of paths whose two edges are no loops,
//! and counts where it disagrees with the judge.
//!
//! The census ([`crate::census`]) then counts the same things exhaustively,
//! over every 2x2 puzzle with repetitions on `1..=census` patterns,
//! without pictures or examples.
//!
//! Cost: one plain 2x2 backtracking per puzzle; the census takes about a
//! second for 3 patterns.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use itertools::Itertools;
use serde::Serialize;

use super::plot::Plot;
use super::report::{Document, Finished, Report, plots_text};
use super::{map_indexed_until, recipe};
use crate::context::{Context, Stop};
use crate::theorem::analysis::{Analysis, analyse};
use crate::theorem::{Condition, SubEdge, Subgraph, evaluate_edges};
use crate::{Piece, Puzzle, RecordingGraph, Result};

/// Which kind of puzzle a tally counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Group {
    /// No piece repeats a picture.
    RepetitionFree,
    /// Repeated pictures, never on adjacent sides (no loop in G(P)).
    OppositeOnly,
    /// Some piece shows a picture on two adjacent sides (a loop in G(P)).
    Loops,
}

impl Group {
    /// The group of a puzzle.
    pub fn of(puzzle: &Puzzle) -> Group {
        let has_loop = puzzle.pieces().iter().any(|p| p.corners().any(|(_, a, b)| a == b));
        match (puzzle.is_repetition_free(), has_loop) {
            (true, _) => Group::RepetitionFree,
            (false, false) => Group::OppositeOnly,
            (false, true) => Group::Loops,
        }
    }

    /// `repetition-free`, `opposite-only` or `loops`.
    pub fn name(self) -> &'static str {
        ["repetition-free", "opposite-only", "loops"][self as usize]
    }
}

/// Counts over the puzzles of one group.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub(crate) struct Tally {
    /// Puzzles in the group.
    pub puzzles: usize,
    /// Puzzles with at least one solution.
    pub solvable: usize,
    /// Subgraphs that are solution graphs (the judge).
    pub solution_graphs: usize,
    /// Subgraphs meeting conditions (1)-(4).
    pub theorem_accepted: usize,
    /// Solution graphs the theorem rejects.
    pub rejected_solution_graphs: usize,
    /// Subgraphs the theorem accepts that are no solution graph.
    pub accepted_non_solution_graphs: usize,
    /// Puzzles with at least one disagreement.
    pub puzzles_with_disagreement: usize,
    /// Per condition (1)-(4): solution graphs on which it fails.
    pub fails_on_solution_graphs: [usize; 4],
    /// Rejected solution graphs by the exact set of failing conditions.
    pub rejected_by_failing: BTreeMap<String, usize>,
    /// Rejected solution graphs by the number of loops among their edges.
    pub rejected_by_loops: BTreeMap<usize, usize>,
    /// Subgraphs where the twisted criterion disagrees with the judge.
    pub twisted_disagreements: usize,
    /// Solution graphs `relaxed_accepts` rejects.
    pub relaxed_rejected_solution_graphs: usize,
    /// Subgraphs `relaxed_accepts` accepts that are no solution graph.
    pub relaxed_accepted_non_solution_graphs: usize,
}

/// Condition (3) asked only of paths without loops: every path
/// `X -> A -> Y` of two distinct edges, neither of them a loop, has
/// `Y = X^c`. Constant time.
pub(crate) fn paths_without_loops_turn_back(edges: &[SubEdge; 4]) -> bool {
    let plain = |e: &&SubEdge| e.tail != e.head;
    edges
        .iter()
        .filter(plain)
        .cartesian_product(edges.iter().filter(plain))
        .filter(|(a, b)| a.id != b.id && a.head == b.tail)
        .all(|(a, b)| b.head == a.tail.complement())
}

/// Theorem 2.1 with condition (3) replaced by
/// [`paths_without_loops_turn_back`]: a candidate criterion for puzzles
/// with repetitions, tested by the study, not a theorem.
pub(crate) fn relaxed_accepts(edges: &[SubEdge; 4]) -> bool {
    let verdict = evaluate_edges(edges);
    verdict.colors.is_ok()
        && verdict.degrees.is_ok()
        && verdict.pseudo_connected.is_ok()
        && paths_without_loops_turn_back(edges)
}

/// The number of loops among four edges.
pub(crate) fn loops(edges: &[SubEdge; 4]) -> usize {
    edges.iter().filter(|e| e.tail == e.head).count()
}

/// A disagreement kind: which way, and which conditions fail.
pub(crate) fn kind(solution_graph: bool, failing: &[Condition]) -> String {
    let names: Vec<String> = failing.iter().map(ToString::to_string).collect();
    if solution_graph {
        format!("solution graph rejected: {} fails", names.join(" and "))
    } else {
        "non-solution graph accepted".to_string()
    }
}

impl Tally {
    fn add(&mut self, analysis: &Analysis, graph: &RecordingGraph) {
        self.puzzles += 1;
        self.solvable += usize::from(analysis.judgement.count() > 0);
        self.solution_graphs += analysis.solution_graphs();
        self.theorem_accepted += analysis.theorem_accepted();
        self.twisted_disagreements += analysis.twisted_mismatches();
        self.puzzles_with_disagreement += usize::from(analysis.theorem_mismatches() > 0);
        for row in analysis.rows.iter().filter(|r| r.judge()) {
            let failing = row.verdict.failing();
            for c in &failing {
                self.fails_on_solution_graphs[c.number() - 1] += 1;
            }
            if !failing.is_empty() {
                self.rejected_solution_graphs += 1;
                *self.rejected_by_failing.entry(kind(true, &failing)).or_default() += 1;
                *self
                    .rejected_by_loops
                    .entry(loops(&row.subgraph.resolve(graph)))
                    .or_default() += 1;
            }
        }
        self.accepted_non_solution_graphs += analysis.rows.iter().filter(|r| r.theorem() && !r.judge()).count();
        for row in &analysis.rows {
            let relaxed = relaxed_accepts(&row.subgraph.resolve(graph));
            self.relaxed_rejected_solution_graphs += usize::from(row.judge() && !relaxed);
            self.relaxed_accepted_non_solution_graphs += usize::from(!row.judge() && relaxed);
        }
    }
}

/// The smallest puzzle showing one kind of disagreement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Example {
    /// From [`kind`].
    pub kind: String,
    /// Which group the puzzle falls into.
    pub group: Group,
    /// Where it came from, e.g. `all 2x2 over 1 pattern, puzzle 17`.
    pub source: String,
    /// The puzzle (in JSON, its file notation).
    pub puzzle: Puzzle,
    /// Position of the subgraph among the 256, as `scramble subgraphs` numbers them.
    #[serde(rename = "subgraph")]
    pub index: usize,
    /// The subgraph itself.
    #[serde(skip)]
    pub subgraph: Subgraph,
    /// The subgraph with the puzzle's labels.
    pub edges: String,
    /// Theorem 2.1's verdict in words.
    pub verdict: String,
    /// Failing conditions.
    pub failing: Vec<Condition>,
    /// Loops among the subgraph's edges.
    pub loops: usize,
    /// (loops in G(P), patterns used, distinct pictures, source number,
    /// index): smaller is smaller.
    #[serde(skip)]
    pub rank: (usize, usize, usize, usize, u64),
}

/// The census's exhaustive counts over every 2x2 puzzle (repetitions
/// allowed) on `patterns` patterns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Exhaustive {
    /// Number of patterns `K`.
    pub patterns: usize,
    /// The census totals.
    pub totals: crate::census::Totals,
    /// Which conditions fail on rejected solution graphs, and wrong acceptances.
    pub failures: crate::census::ConditionFailures,
}

/// The census with repetitions on `1..=max_patterns` patterns, until
/// `stop`: the rows finished before it (`K = 1` up), each whole.
fn census_counts(max_patterns: usize, stop: &Stop, progress: &dyn crate::Progress) -> Vec<Exhaustive> {
    let context = crate::context::Context::new().until(stop).reporting(progress);
    (1..=max_patterns)
        .map_while(|patterns| {
            let census = crate::census::Census {
                patterns,
                repetition_free: false,
            };
            let outcome = crate::census::symmetric::run(&census, 0, &context)?;
            Some(Exhaustive {
                patterns,
                totals: outcome.tally.totals(),
                failures: outcome.tally.subgraphs.condition_failures(),
            })
        })
        .collect()
}

/// What the study found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Repetitions {
    /// Each source with its puzzles drawn.
    pub sources: Vec<(String, usize)>,
    /// The tallies per group.
    pub groups: BTreeMap<Group, Tally>,
    /// The smallest puzzle per disagreement kind and number of loops.
    pub examples: Vec<Example>,
    /// The census's exhaustive counts, by number of patterns.
    pub census: Vec<Exhaustive>,
    /// Puzzles judged, the sources taken in order: all of them unless
    /// stopped, when the tallies and examples cover only these first ones.
    pub judged: usize,
    /// False when the run was stopped: then `judged` may fall short of the
    /// sources' puzzles, and the census may lack its last rows.
    pub complete: bool,
}

/// What the repetitions study judges: every 2x2 puzzle over a few
/// patterns, planted ones, and the census's counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Every 2x2 puzzle over `1..=exhaustive` patterns (0: none).
    pub exhaustive: u32,
    /// Planted 2x2 puzzles over each of these numbers of patterns.
    pub planted: Vec<u32>,
    /// Planted puzzles per number of patterns.
    pub count: usize,
    /// The seed every random draw derives from.
    pub seed: u64,
    /// The census on `1..=census` patterns (0: none).
    pub census: usize,
}

/// The rotation classes of pieces over patterns `1..=patterns` (the
/// smallest rotation of each), repetitions allowed, sorted: the census's
/// pieces, `census::pieces::piece_classes`.
fn piece_classes(patterns: u32) -> Vec<Piece> {
    crate::census::pieces::piece_classes(patterns as usize, false)
}

/// Every 2x2 puzzle over patterns `1..=patterns`: each multiset of four
/// piece classes, in lexicographic order.
#[cfg(test)]
pub(crate) fn all_2x2(patterns: u32) -> Vec<Puzzle> {
    let listing = Listing::new(patterns);
    listing.puzzles(0..listing.len())
}

/// Every 2x2 puzzle over a number of patterns, made a range at a time: the
/// listing over three patterns holds 4.6e8 puzzles, so it is never built
/// whole (a time limit or a signal then stops the study at once).
struct Listing {
    patterns: u32,
    classes: Vec<Piece>,
}

impl Listing {
    fn new(patterns: u32) -> Self {
        Listing {
            patterns,
            classes: piece_classes(patterns),
        }
    }

    /// Multisets of four classes: `C(c + 3, 4)`.
    fn len(&self) -> usize {
        multisets(self.classes.len(), 4)
    }

    /// Puzzles `range` of the lexicographic listing, named by their place
    /// in it (from 1). `O(c + range length)`.
    fn puzzles(&self, range: std::ops::Range<usize>) -> Vec<Puzzle> {
        let mut classes = nth_multiset(range.start, self.classes.len());
        range
            .map(|i| {
                let pieces = classes.iter().map(|&c| self.classes[c]).collect();
                next_multiset(&mut classes, self.classes.len());
                Puzzle::new(pieces)
                    .expect("four pieces")
                    .with_name(format!("all-k{}-{:06}", self.patterns, i + 1))
            })
            .collect()
    }
}

/// The number of multisets of `size` elements of `0..n`: `C(n + size - 1, size)`
/// (saturating; the listings here hold at most about 10^9).
fn multisets(n: usize, size: usize) -> usize {
    (0..size).fold(1usize, |acc, i| acc.saturating_mul(n + i) / (i + 1))
}

/// The multiset of rank `rank` (four classes of `0..n`, non-decreasing) in
/// lexicographic order.
fn nth_multiset(mut rank: usize, n: usize) -> [usize; 4] {
    let mut out = [0; 4];
    let mut low = 0;
    for (slot, class) in out.iter_mut().enumerate() {
        let rest = 3 - slot;
        let mut first = low;
        while first + 1 < n && rank >= multisets(n - first, rest) {
            rank -= multisets(n - first, rest);
            first += 1;
        }
        (*class, low) = (first, first);
    }
    out
}

/// The multiset after `classes` in lexicographic order (unchanged after
/// the last one).
fn next_multiset(classes: &mut [usize; 4], n: usize) {
    if let Some(at) = classes.iter().rposition(|&c| c + 1 < n) {
        let value = classes[at] + 1;
        classes[at..].fill(value);
    }
}

/// Runs the study on every core, until the context's stop, polled before
/// each census row and between chunks of puzzles: what was finished, with
/// `complete` false when stopped.
fn run(plan: &Options, context: &Context) -> Result<Repetitions> {
    let (stop, progress) = (context.stop(), context.progress());
    let mut sources: Vec<(String, Puzzles)> = (1..=plan.exhaustive)
        .map(|k| {
            (
                format!("all 2x2 puzzles over {k} pattern(s)"),
                Puzzles::Listed(Listing::new(k)),
            )
        })
        .collect();
    for &k in &plan.planted {
        sources.push((
            format!("planted 2x2 puzzles over {k} patterns, seed {}", plan.seed),
            Puzzles::Planted(recipe(2, k, plan.seed, false), plan.count),
        ));
    }
    let sources_len: Vec<(String, usize)> = sources.iter().map(|(name, p)| (name.clone(), p.len())).collect();
    progress.start(puzzles_in(&sources_len) as u64);
    let mut study = Repetitions {
        sources: sources_len,
        groups: BTreeMap::new(),
        examples: Vec::new(),
        census: census_counts(plan.census, stop, &()),
        judged: 0,
        complete: true,
    };
    let mut examples: BTreeMap<(String, usize), Example> = BTreeMap::new();
    'sources: for (number, (name, puzzles)) in sources.iter().enumerate() {
        // Chunks keep memory bounded: an analysis holds 256 rows, and
        // planted puzzles are drawn one chunk at a time.
        for first in (0..puzzles.len()).step_by(CHUNK) {
            if stop.reached() {
                break 'sources;
            }
            let chunk = puzzles.chunk(first..(first + CHUNK).min(puzzles.len()))?;
            let analyses = map_indexed_until(chunk.len() as u64, stop, progress, |i| {
                let puzzle = &chunk[i as usize];
                analyse(puzzle, &RecordingGraph::new(puzzle)).map(Some)
            })?;
            let Some(analyses) = analyses else {
                break 'sources;
            };
            tally_chunk(
                &mut study,
                &mut examples,
                &chunk,
                &analyses,
                (name, number, first as u64),
            );
            study.judged += chunk.len();
        }
    }
    study.complete = study.census.len() == plan.census && study.judged == puzzles_in(&study.sources);
    study.examples = examples.into_values().collect();
    Ok(study)
}

/// The puzzles of one source: listed (every 2x2 puzzle over a few
/// patterns), or planted ones drawn a chunk at a time when judged.
enum Puzzles {
    Listed(Listing),
    Planted(crate::puzzle::generate::Recipe, usize),
}

impl Puzzles {
    fn len(&self) -> usize {
        match self {
            Puzzles::Listed(listing) => listing.len(),
            Puzzles::Planted(_, count) => *count,
        }
    }

    /// Puzzles `range` of the source.
    fn chunk(&self, range: std::ops::Range<usize>) -> Result<Vec<Puzzle>> {
        match self {
            Puzzles::Listed(listing) => Ok(listing.puzzles(range)),
            Puzzles::Planted(recipe, _) => range.map(|i| Ok(recipe.draw(i as u64)?.puzzle)).collect(),
        }
    }
}

/// The puzzles of every source.
fn puzzles_in(sources: &[(String, usize)]) -> usize {
    sources.iter().map(|s| s.1).sum()
}

/// Puzzles analysed at once.
const CHUNK: usize = 4096;

/// Adds analysed puzzles (the first being number `first` of its source)
/// to the tallies and examples.
fn tally_chunk(
    study: &mut Repetitions,
    examples: &mut BTreeMap<(String, usize), Example>,
    puzzles: &[Puzzle],
    analyses: &[Analysis],
    (name, number, first): (&str, usize, u64),
) {
    for (i, (puzzle, analysis)) in puzzles.iter().zip(analyses).enumerate() {
        let i = first as usize + i;
        let group = Group::of(puzzle);
        study
            .groups
            .entry(group)
            .or_default()
            .add(analysis, &RecordingGraph::new(puzzle));
        for example in disagreements(puzzle, analysis, group, (name, number, i as u64)) {
            let key = (example.kind.clone(), example.loops);
            match examples.get(&key) {
                Some(old) if old.rank <= example.rank => {}
                _ => {
                    examples.insert(key, example);
                }
            }
        }
    }
}

/// The disagreements of one puzzle, as examples.
fn disagreements<'a>(
    puzzle: &'a Puzzle,
    analysis: &'a Analysis,
    group: Group,
    (source, number, index): (&'a str, usize, u64),
) -> impl Iterator<Item = Example> + 'a {
    let graph = RecordingGraph::new(puzzle);
    let pictures = puzzle.picture_indices().len();
    let graph_loops = puzzle
        .pieces()
        .iter()
        .flat_map(|p| p.corners())
        .filter(|(_, a, b)| a == b)
        .count();
    analysis
        .rows
        .iter()
        .filter(|r| r.theorem() != r.judge())
        .map(move |row| Example {
            kind: kind(row.judge(), &row.verdict.failing()),
            group,
            source: format!("{source}, puzzle {}", index + 1),
            puzzle: puzzle.clone(),
            index: row.index,
            subgraph: row.subgraph,
            edges: row.subgraph.labeled(puzzle, &graph).to_string(),
            verdict: row.verdict.explain(puzzle).to_string(),
            failing: row.verdict.failing(),
            loops: loops(&row.subgraph.resolve(&graph)),
            rank: (graph_loops, puzzle.patterns().len(), pictures, number, index),
        })
}

/// The study's plot: the share of true solution graphs on which each
/// condition of Theorem 2.1 fails, per kind of puzzle.
fn plot(study: &Repetitions) -> Result<Plot> {
    let categories: Vec<String> = Condition::ALL.iter().map(ToString::to_string).collect();
    let series: Vec<(String, Vec<f64>)> = study
        .groups
        .iter()
        .map(|(group, tally)| {
            let n = tally.solution_graphs.max(1) as f64;
            let shares = tally.fails_on_solution_graphs.iter().map(|&f| f as f64 / n).collect();
            (
                format!("{} ({} solution graphs)", group.name(), tally.solution_graphs),
                shares,
            )
        })
        .collect();
    let svg = super::plot::bars(
        "Share of true 2x2 solution graphs on which a condition of Theorem 2.1 fails, by kind of puzzle",
        "condition of Theorem 2.1",
        "share of the kind's solution graphs failing it",
        &categories,
        &series,
    )?;
    Ok(("failing-conditions.svg".into(), svg))
}

/// One example as written.
#[derive(Debug, Serialize)]
struct WrittenExample {
    example: Example,
    /// The example as a puzzle file (none when not written).
    file: Option<PathBuf>,
    /// Its subgraph drawn (none when not written).
    svg: Option<PathBuf>,
}

/// The JSON document of the repetitions study.
#[derive(Debug, Serialize)]
pub(super) struct Json {
    sources: Vec<(String, usize)>,
    groups: Vec<(Group, Tally)>,
    census: Vec<Exhaustive>,
    examples: Vec<WrittenExample>,
    plots: Vec<PathBuf>,
    /// Puzzles judged: every source's unless stopped, when the tallies and
    /// examples cover the first `judged` (sources in order).
    judged: usize,
    #[serde(flatten)]
    finished: Finished,
}

/// The study's report, with its plot and examples (each as a puzzle file
/// and its subgraph drawn) for `folder`.
pub(super) fn report(options: &Options, folder: Option<&Path>, context: &Context) -> Result<Report> {
    let study = run(options, context)?;
    let finished = Finished::new(study.complete, context.stop());
    let (files, paths) = finished.files(folder, || {
        let mut files = vec![plot(&study)?];
        for (i, example) in study.examples.iter().enumerate() {
            files.extend(draw_example(i + 1, example)?);
        }
        Ok(files)
    })?;
    let mut paths = paths.into_iter();
    let plots = paths.next().into_iter().collect();
    let examples = study
        .examples
        .into_iter()
        .map(|example| WrittenExample {
            example,
            file: paths.next(),
            svg: paths.next(),
        })
        .collect();
    let json = Json {
        sources: study.sources,
        census: study.census,
        groups: study.groups.into_iter().collect(),
        examples,
        plots,
        judged: study.judged,
        finished,
    };
    Ok(Report::of(
        repetitions_text(&json),
        Document::Repetitions(json),
        finished,
        files,
    ))
}

/// Example `number` as a puzzle file and its subgraph drawn: names inside
/// the study's folder, and contents.
fn draw_example(number: usize, example: &Example) -> Result<[Plot; 2]> {
    let puzzle = example.puzzle.clone().with_name(format!("example-{number}"));
    let graph = RecordingGraph::new(&puzzle);
    let title = format!(
        "example {number}, subgraph [{}] ({} loop(s)): {}",
        example.index, example.loops, example.kind
    );
    let edges = example.subgraph.edges();
    let picture = crate::render::recording_svg(
        &puzzle,
        &graph,
        crate::render::Selection::Highlighted(&edges),
        &title,
        crate::render::Renderer::Embedded,
        &Context::new(),
    )?;
    let header = format!(
        "# example {number} of `scramble study repetitions`: {}\n# from {} ({})\n# subgraph [{}] {}\n# {}\n",
        example.kind,
        example.source,
        example.group.name(),
        example.index,
        example.edges,
        example.verdict
    );
    Ok([
        (format!("example-{number}.txt"), header + &example.puzzle.to_string()),
        (format!("example-{number}.svg"), picture.svg),
    ])
}

fn repetitions_text(report: &Json) -> String {
    let mut out = String::from("puzzles judged (256 four-color subgraphs each, by Theorem 2.1 and by brute force):\n");
    for (name, count) in &report.sources {
        out += &format!("  {count:>7}  {name}\n");
    }
    out += &format!(
        "\n{:<16} {:>7} {:>8} {:>9} {:>9} {:>9} {:>9} {:>9} | solution graphs failing\n",
        "group", "puzzles", "solvable", "solution", "accepted", "rejected", "accepted", "puzzles"
    );
    out += &format!(
        "{:<16} {:>7} {:>8} {:>9} {:>9} {:>9} {:>9} {:>9} | {:>6} {:>6} {:>6} {:>6}\n",
        "", "", "", "graphs", "by 2.1", "sol. gr.", "wrongly", "disagree", "(1)", "(2)", "(3)", "(4)"
    );
    for (group, t) in &report.groups {
        out += &format!(
            "{:<16} {:>7} {:>8} {:>9} {:>9} {:>9} {:>9} {:>9} | {}\n",
            group.name(),
            t.puzzles,
            t.solvable,
            t.solution_graphs,
            t.theorem_accepted,
            t.rejected_solution_graphs,
            t.accepted_non_solution_graphs,
            t.puzzles_with_disagreement,
            t.fails_on_solution_graphs.map(|f| format!("{f:>6}")).join(" ")
        );
    }
    out += "\n";
    for (group, t) in &report.groups {
        for (kind, count) in &t.rejected_by_failing {
            out += &format!("{}: {count} x {kind}\n", group.name());
        }
        let by_loops: Vec<String> = t
            .rejected_by_loops
            .iter()
            .map(|(l, c)| format!("{c} with {l} loop(s)"))
            .collect();
        if !by_loops.is_empty() {
            out += &format!("{}: rejected solution graphs: {}\n", group.name(), by_loops.join(", "));
        }
        out += &format!(
            "{}: twisted criterion disagrees with the judge on {} subgraph(s); (3) without loops rejects {} solution graph(s) and accepts {} non-solution graph(s)\n",
            group.name(),
            t.twisted_disagreements,
            t.relaxed_rejected_solution_graphs,
            t.relaxed_accepted_non_solution_graphs
        );
    }
    if !report.census.is_empty() {
        out += "\nthe census, every 2x2 puzzle with repetitions (scramble verify --patterns K --repetitions):\n";
        out += &format!(
            "{:>3} {:>12} {:>14} {:>12} {:>12} {:>10} {:>9} | rejected by failing conditions\n",
            "K", "puzzles", "sol. graphs", "accepted", "rejected", "wrongly", "twisted"
        );
        for e in &report.census {
            let f = &e.failures;
            let by: Vec<String> = f
                .rejected_by_combination
                .iter()
                .map(|(k, n)| format!("{{{k}}}: {n}"))
                .collect();
            out += &format!(
                "{:>3} {:>12} {:>14} {:>12} {:>12} {:>10} {:>9} | {}\n",
                e.patterns,
                e.totals.puzzles,
                e.totals.solution_subgraphs,
                e.totals.theorem.accepted,
                f.rejected_solution_graphs,
                f.accepted_non_solutions,
                e.totals.twisted.mismatches,
                by.join(", ")
            );
        }
    }
    out += "\nsmallest examples:\n";
    for w in &report.examples {
        out += &format!(
            "  {}: {} ({} loop(s) in the subgraph)\n    {}\n    {}\n",
            match (&w.file, &w.svg) {
                (Some(file), Some(svg)) =>
                    format!("{} ({})", crate::error::shown_path(file), crate::error::shown_path(svg)),
                _ => "example (not written)".to_string(),
            },
            w.example.kind,
            w.example.loops,
            w.example.source,
            w.example.verdict
        );
    }
    let covers = format!(
        "the tallies and examples cover the first {} puzzles, the census the rows shown",
        report.judged
    );
    out + &plots_text(&report.plots) + &report.finished.text(&covers)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_examples_of_piece_classes_and_run_hold() {
        use crate::context::{Context, Stop};
        use crate::study::repetitions::{Group, Options, piece_classes, run};
        assert_eq!(piece_classes(1).len(), 6); // Burnside: (16 + 2 + 4 + 2) / 4
        assert_eq!(piece_classes(2).len(), 70);
        let plan = Options {
            exhaustive: 1,
            planted: vec![],
            count: 0,
            seed: 0,
            census: 1,
        };
        let study = run(&plan, &Context::new()).unwrap();
        assert_eq!(study.sources[0].1, 126); // C(6 + 3, 4) multisets
        assert_eq!(study.groups[&Group::Loops].twisted_disagreements, 0);
        // The census counts the same 126 puzzles.
        let rejected: usize = study.groups.values().map(|t| t.rejected_solution_graphs).sum();
        assert_eq!(study.census[0].failures.rejected_solution_graphs, rejected as u64);
        assert_eq!(study.census[0].totals.puzzles, 126);
        assert_eq!(study.census[0].failures.accepted_non_solutions, 0);
        let stopped = Stop::never().after(std::time::Duration::ZERO);
        let study = run(&plan, &Context::new().until(&stopped)).unwrap();
        assert!(!study.complete && study.judged == 0 && study.census.is_empty());
    }

    #[test]
    fn the_example_of_paths_without_loops_turn_back_holds() {
        use crate::study::repetitions::paths_without_loops_turn_back;
        use crate::{Puzzle, RecordingGraph, theorem::Subgraph};
        // Corner 0 of every piece is a loop: 1- -> 1- on #1 and #2, 1+ -> 1+ on #3 and #4.
        let puzzle: Puzzle = "1- 1- 1+ 1+\n1- 1- 1+ 1+\n1+ 1+ 1- 1-\n1+ 1+ 1- 1-".parse().unwrap();
        let g = RecordingGraph::new(&puzzle);
        let edges = Subgraph::from_corners(&g, [0, 0, 0, 0]).resolve(&g);
        // Condition (3) fails on the path 1- -> 1- -> 1-; without loops no path is left.
        assert!(crate::theorem::conditions::paths_turn_back(&edges).is_err());
        assert!(paths_without_loops_turn_back(&edges));
        // Corners 1 and 3 of #3 and #4 are 1+ -> 1- and 1- -> 1+: a path 1+ -> 1- -> 1+ that fails.
        let edges = Subgraph::from_corners(&g, [0, 0, 1, 3]).resolve(&g);
        assert!(!paths_without_loops_turn_back(&edges));
    }

    use super::*;
    use crate::judge::judge;
    use crate::theorem::{evaluate, four_color_subgraphs};

    #[test]
    fn puzzle_counts_are_multisets_of_classes() {
        // C(6 + 3, 4) = 126 over one pattern.
        assert_eq!(all_2x2(1).len(), 126);
        // Made a range at a time, the listing is the lexicographic one.
        let listing = Listing::new(2);
        let whole: Vec<Vec<Piece>> = piece_classes(2).into_iter().combinations_with_replacement(4).collect();
        assert_eq!(listing.len(), whole.len());
        for range in [0..5, 1000..1010, whole.len() - 3..whole.len()] {
            let made: Vec<Vec<Piece>> = listing
                .puzzles(range.clone())
                .iter()
                .map(|p| p.pieces().to_vec())
                .collect();
            assert_eq!(made, whole[range].to_vec());
        }
        let classes = piece_classes(2);
        assert!(classes.iter().all(|p| (0..4).all(|r| p <= &p.rotated(r))));
    }

    #[test]
    fn groups_follow_the_pieces() {
        let of = |text: &str| Group::of(&text.parse().unwrap());
        assert_eq!(
            of("1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+"),
            Group::RepetitionFree
        );
        assert_eq!(
            of("1+ 2+ 1+ 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+"),
            Group::OppositeOnly
        );
        assert_eq!(of("1+ 1+ 2+ 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+"), Group::Loops);
    }

    /// The study of `count` planted puzzles over 2 patterns, after every
    /// puzzle over `1..=exhaustive` patterns, without the census.
    fn planted_on_two_patterns(exhaustive: u32, count: usize, seed: u64) -> Repetitions {
        let plan = Options {
            exhaustive,
            planted: vec![2],
            count,
            seed,
            census: 0,
        };
        run(&plan, &Context::new()).unwrap()
    }

    #[test]
    fn tallies_match_direct_judging() {
        let study = planted_on_two_patterns(0, 25, 3);
        let recipe = recipe(2, 2, 3, false);
        let (mut solution_graphs, mut rejected, mut accepted_wrongly) = (0, 0, 0);
        for i in 0..25 {
            let puzzle = recipe.draw(i).unwrap().puzzle;
            let graph = RecordingGraph::new(&puzzle);
            let judgement = judge(&puzzle, &graph).unwrap();
            for subgraph in four_color_subgraphs(&graph) {
                let truth = judgement.is_solution_graph(&subgraph);
                let theorem = evaluate(&graph, &subgraph).accepted();
                solution_graphs += usize::from(truth);
                rejected += usize::from(truth && !theorem);
                accepted_wrongly += usize::from(!truth && theorem);
            }
        }
        let total = |f: fn(&Tally) -> usize| study.groups.values().map(f).sum::<usize>();
        assert_eq!(total(|t| t.puzzles), 25);
        assert_eq!(total(|t| t.solvable), 25, "planted puzzles are solvable");
        assert_eq!(total(|t| t.solution_graphs), solution_graphs);
        assert_eq!(total(|t| t.rejected_solution_graphs), rejected);
        assert_eq!(total(|t| t.accepted_non_solution_graphs), accepted_wrongly);
        let by_kind: usize = study.groups.values().flat_map(|t| t.rejected_by_failing.values()).sum();
        assert_eq!(by_kind, rejected);
    }

    #[test]
    fn examples_are_the_smallest_and_really_disagree() {
        let study = planted_on_two_patterns(1, 40, 1);
        for example in &study.examples {
            let puzzle = &example.puzzle;
            let graph = RecordingGraph::new(puzzle);
            let subgraph = four_color_subgraphs(&graph).nth(example.index).unwrap();
            assert_eq!(subgraph, example.subgraph);
            let truth = judge(puzzle, &graph).unwrap().is_solution_graph(&subgraph);
            assert_ne!(truth, evaluate(&graph, &subgraph).accepted(), "{example:?}");
            assert_eq!(example.failing, evaluate(&graph, &subgraph).failing());
        }
        assert!(
            !study.examples.is_empty(),
            "loops over one pattern make the theorem miss solution graphs"
        );
    }
}
