//! A census report as `verify` and `merge` print it, and the exit code it
//! implies.

use std::process::ExitCode;

use scramble::census::Judged;
use scramble::census::nxn::NxnReport;
use scramble::census::shard::{Report, Shard};

use super::exit_codes::Exit;

/// Exit 1 when the report holds a counterexample to the paper.
pub fn exit_code(report: &Report) -> ExitCode {
    Exit::found(!report.counterexample()).into()
}

/// The report as a table.
pub fn report_table(report: &Report) -> String {
    use std::fmt::Write;
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
    use std::fmt::Write;
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

/// The `verify --size 3` report as a table.
pub fn nxn_table(r: &NxnReport) -> String {
    use std::fmt::Write;
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
