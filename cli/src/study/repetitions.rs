//! `scramble study repetitions`: open question 4.1.

use std::path::PathBuf;
use std::process::ExitCode;

use scramble::RecordingGraph;
use scramble::render::{Renderer, Selection, recording_svg};
use scramble::study::repetitions::{self, Group};
use serde::Serialize;

use super::{Finished, Stopping, plots_text};
use crate::{print_report, progress};

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  scramble study repetitions --count 500 --json")]
pub(super) struct RepetitionsArgs {
    /// Every 2x2 puzzle over 1..=N patterns (N = 2 takes about a million puzzles: slow).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(0..=2))]
    exhaustive: u32,
    /// Planted 2x2 puzzles (repetitions allowed) over each of these numbers of patterns.
    #[arg(long, value_delimiter = ',', default_value = "2,3,4")]
    planted: Vec<u32>,
    /// Planted puzzles per number of patterns.
    #[arg(long, default_value_t = 5000)]
    count: usize,
    /// Also the exhaustive census with repetitions on 1..=N patterns (counts only; 0: none).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(0..=4))]
    census: u64,
    /// Seed of the planted puzzles.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    pub(super) run: super::StudyRun,
}

/// One example as written.
#[derive(Serialize)]
struct WrittenExample {
    example: repetitions::Example,
    /// The example as a puzzle file (none with `--no-pictures`).
    file: Option<PathBuf>,
    /// Its subgraph drawn (none with `--no-pictures`).
    svg: Option<PathBuf>,
}

/// What `study repetitions --json` prints.
#[derive(Serialize)]
struct RepetitionsReport {
    sources: Vec<(String, usize)>,
    groups: Vec<(Group, repetitions::Tally)>,
    census: Vec<repetitions::Exhaustive>,
    examples: Vec<WrittenExample>,
    plots: Vec<PathBuf>,
    /// Puzzles judged: every source's unless stopped, when the tallies and
    /// examples cover the first `judged` (sources in order).
    judged: usize,
    #[serde(flatten)]
    finished: Finished,
}

pub(super) fn run_repetitions(mut args: RepetitionsArgs) -> anyhow::Result<ExitCode> {
    let stopping = Stopping::new(args.run.time_limit);
    args.run.pictures.out = args.run.pictures.out.join("study-repetitions");
    super::check_bounds(&[("--count", &[args.count])], &[("--planted", &args.planted)])?;
    let plan = repetitions::Plan {
        exhaustive: args.exhaustive,
        planted: args.planted.clone(),
        count: args.count,
        seed: args.seed,
        census: args.census as usize,
    };
    let exhaustive: usize = (1..=args.exhaustive)
        .map(|k| scramble::census::pieces::multisets_of_four(repetitions::piece_classes(k).len() as u64) as usize)
        .sum();
    let bar = progress::bar((exhaustive + args.count * args.planted.len()) as u64, "judging");
    let study = repetitions::run(&plan, &scramble::Context::new().until(&stopping.stop).reporting(&bar))?;
    bar.finish_and_clear();
    let finished = stopping.finished(study.complete);
    let mut files = Vec::new();
    let mut examples = Vec::new();
    for (i, e) in study.examples.iter().enumerate() {
        let (example, text, svg) = draw_example(i + 1, e)?;
        let written = (args.run.pictures.writes() && finished.complete).then(|| args.run.pictures.out.clone());
        examples.push(WrittenExample {
            example: example.clone(),
            file: written.as_ref().map(|out| out.join(&text.0)),
            svg: written.as_ref().map(|out| out.join(&svg.0)),
        });
        files.extend([text, svg]);
    }
    let plots = finished.write_study(&args.run.pictures, || Ok(vec![repetitions::plot(&study)?]), files)?;
    let plots = plots.into_iter().take(1).collect();
    let report = RepetitionsReport {
        sources: study.sources,
        census: study.census,
        groups: study.groups.into_iter().collect(),
        examples,
        plots,
        judged: study.judged,
        finished,
    };
    print_report(args.run.json, &report, repetitions_text)?;
    Ok(report.finished.exit(ExitCode::SUCCESS))
}

/// The example as a puzzle file and its subgraph drawn (names inside the
/// study's folder, and contents).
type ExampleFiles<'e> = (&'e repetitions::Example, (PathBuf, String), (PathBuf, String));

fn draw_example(number: usize, example: &repetitions::Example) -> anyhow::Result<ExampleFiles<'_>> {
    let puzzle = example.puzzle.clone().with_name(format!("example-{number}"));
    let graph = RecordingGraph::new(&puzzle);
    let title = format!(
        "example {number}, subgraph [{}] ({} loop(s)): {}",
        example.index, example.loops, example.kind
    );
    let edges = example.subgraph.edges();
    let picture = recording_svg(
        &puzzle,
        &graph,
        Selection::Highlighted(&edges),
        &title,
        Renderer::Embedded,
        &scramble::Context::new(),
    )?;
    let file = PathBuf::from(format!("example-{number}.txt"));
    let header = format!(
        "# example {number} of `scramble study repetitions`: {}\n# from {} ({})\n# subgraph [{}] {}\n# {}\n",
        example.kind,
        example.source,
        example.group.name(),
        example.index,
        example.edges,
        example.verdict
    );
    let svg = PathBuf::from(format!("example-{number}.svg"));
    Ok((
        example,
        (file, header + &example.puzzle.to_string()),
        (svg, picture.svg),
    ))
}

fn repetitions_text(report: &RepetitionsReport) -> String {
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
                (Some(file), Some(svg)) => format!(
                    "{} ({})",
                    scramble::output::shown_path(file),
                    scramble::output::shown_path(svg)
                ),
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
