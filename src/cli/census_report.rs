//! A census report as `verify` and `merge` print it, and the exit code it
//! implies.

use std::process::ExitCode;

use scramble::census::shard::Report;

use super::exit_codes::Exit;

/// Exit 1 when the report holds a counterexample to the paper.
pub fn exit_code(report: &Report) -> ExitCode {
    Exit::found(!report.counterexample()).into()
}

/// The report as a table.
pub fn report_table(report: &Report) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let kind = if report.repetitions {
        "with repetitions"
    } else {
        "repetition-free"
    };
    let shard = report.shard.map(|s| format!(", shard {s}")).unwrap_or_default();
    let _ = writeln!(out, "2x2 census over K = {} patterns, {kind}{shard}", report.patterns);
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
pub fn rows_table(out: &mut String, indent: &str, rows: &[(&str, u64)]) {
    use std::fmt::Write;
    let width = rows.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    for (name, value) in rows {
        let _ = writeln!(out, "{indent}{name:<width$}  {value:>16}");
    }
}
