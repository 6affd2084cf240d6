//! A census report as `verify` and `merge` print it, and the exit code it
//! implies.

use std::process::ExitCode;

use scramble::census::shard::{Report, Shard};

use super::exit_codes::Exit;

/// Exit 1 when the report holds a counterexample to the paper.
pub fn exit_code(report: &Report) -> ExitCode {
    Exit::found(!report.counterexample()).into()
}

/// The report as a table.
pub fn report_table(report: &Report) -> String {
    use std::fmt::Write;
    let mut out = heading(2, report.patterns, report.repetitions, report.shard);
    if let Some(t) = &report.totals {
        let rows = [
            ("puzzles", t.puzzles),
            ("solvable", t.solvable),
            ("unique", t.unique),
            ("solutions", t.solutions),
            ("solution_subgraphs", t.solution_subgraphs),
            ("theorem_accepted", t.theorem_accepted),
            ("theorem_mismatches", t.theorem_mismatches),
            ("twisted_accepted", t.twisted_accepted),
            ("twisted_mismatches", t.twisted_mismatches),
            ("repaired_accepted", t.repaired_accepted),
            ("repaired_mismatches", t.repaired_mismatches),
        ];
        rows_table(&mut out, "", &rows);
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
            ("theorem_accepted", c.theorem_accepted),
            ("theorem_mismatches", c.theorem_mismatches),
            ("twisted_accepted", c.twisted_accepted),
            ("twisted_mismatches", c.twisted_mismatches),
            ("repaired_accepted", c.repaired_accepted),
            ("repaired_mismatches", c.repaired_mismatches),
        ];
        rows_table(&mut out, "  ", &rows);
    }
    let _ = writeln!(out, "seconds: {:.2}", report.seconds);
    out
}

/// One aligned line per total, after `indent`.
fn rows_table(out: &mut String, indent: &str, rows: &[(&str, u64)]) {
    use std::fmt::Write;
    let width = rows.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    for (name, value) in rows {
        let _ = writeln!(out, "{indent}{name:<width$}  {value:>16}");
    }
}

/// `3x3 census over K = 2 patterns, repetition-free, shard 1/4`.
fn heading(size: usize, patterns: usize, repetitions: bool, shard: Option<Shard>) -> String {
    let kind = if repetitions {
        "with repetitions"
    } else {
        "repetition-free"
    };
    let shard = shard.map(|s| format!(", shard {s}")).unwrap_or_default();
    format!("{size}x{size} census over K = {patterns} patterns, {kind}{shard}\n")
}

/// The `verify --size 3` report as a table.
pub fn grid_table(r: &scramble::census::grid::GridReport) -> String {
    use std::fmt::Write;
    let mut out = heading(r.size, r.patterns, r.repetitions, r.shard);
    let t = &r.totals;
    let rows = [
        ("puzzles", t.puzzles),
        ("solvable", t.solvable),
        ("unique", t.unique),
        ("solutions", t.solutions),
        ("graph_compared", t.graph_compared),
        ("graph_solutions", t.graph_solutions),
        ("graph_mismatches", t.graph_mismatches),
        ("candidates", t.candidates),
        ("solution_subgraphs", t.solution_subgraphs),
        ("theorem_accepted", t.theorem_accepted),
        ("theorem_mismatches", t.theorem_mismatches),
    ];
    rows_table(&mut out, "", &rows);
    for m in &r.mismatches {
        let _ = writeln!(out, "mismatch: {m}");
    }
    let _ = writeln!(out, "seconds: {:.2}", r.seconds);
    out
}
