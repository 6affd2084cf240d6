//! Theorem 2.1 with self-matching pictures (`X=`), judged against the
//! arrangements: the tables of docs/notes/self-matching.md.
//!
//! ```sh
//! cargo run --release --example self_matching            # every table (about a minute)
//! cargo run --release --example self_matching -- --quick # the small families only
//! ```
//!
//! Prints three markdown tables: every 2x2 puzzle of the mixed families
//! (K signed and L self-matching patterns, with and without repetitions);
//! every multiset of four corners over the mixes of 4 patterns, which by
//! the 4-pattern lemma covers every 2x2 puzzle over any number of patterns;
//! and the smallest puzzles on which Theorem 2.1 rejects a solution graph.
//! Exits 1 if a claim of the note fails on any table.

use scramble::census::self_matching::{Family, Record, Table, corner_table, smallest_counterexample, tabulate};

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let mut ok = true;
    println!("## Every 2x2 puzzle of a mixed family\n");
    println!(
        "| K signed | L self-matching | pieces | puzzles | solvable | solution graphs | rejected by (1)-(4) | rejected by (3') as stated | failing | accepted non-solutions (any) | repaired (3') mismatches | twisted mismatches |"
    );
    println!("|---:|---:|---|---:|---:|---:|---:|---:|---|---:|---:|---:|");
    let mut families = vec![
        (0, 1, true),
        (0, 2, true),
        (1, 1, true),
        (0, 3, true),
        (1, 2, false),
        (0, 4, false),
        (2, 1, false),
        (1, 3, false),
        (0, 5, false),
    ];
    if !quick {
        families.extend([(1, 2, true), (0, 4, true), (2, 2, false), (1, 4, false)]);
    }
    for (signed, self_matching, repetitions) in families {
        let family = Family {
            signed,
            self_matching,
            repetitions,
        };
        let t = tabulate(&family);
        ok &= holds(&t);
        let pieces = if repetitions { "any" } else { "repetition-free" };
        println!(
            "| {signed} | {self_matching} | {pieces} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            n(t.puzzles),
            n(t.solvable),
            n(t.solution_graphs),
            n(t.theorem.rejected_solution_graphs),
            n(t.signed_repair.rejected_solution_graphs),
            failing(&t),
            n(accepted_wrongly(&t)),
            n(t.repaired.mismatches()),
            n(t.twisted.mismatches()),
        );
    }
    println!("\n## Every multiset of four corners over 4 patterns (ordered 4-tuples counted)\n");
    println!(
        "| K signed | L self-matching | loops | tuples | solution tuples | rejected by (1)-(4) | rejected by (3') as stated | failing | accepted non-solutions (any) | repaired (3') mismatches | twisted mismatches |"
    );
    println!("|---:|---:|---|---:|---:|---:|---:|---|---:|---:|---:|");
    let mixes = if quick { 3..=4 } else { 0..=4 };
    for self_matching in mixes {
        for loops in [false, true] {
            let t = corner_table(4 - self_matching, self_matching, loops);
            ok &= holds(&t);
            println!(
                "| {} | {self_matching} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                4 - self_matching,
                if loops { "yes" } else { "no" },
                n(t.puzzles),
                n(t.solution_graphs),
                n(t.theorem.rejected_solution_graphs),
                n(t.signed_repair.rejected_solution_graphs),
                failing(&t),
                n(accepted_wrongly(&t)),
                n(t.repaired.mismatches()),
                n(t.twisted.mismatches()),
            );
        }
    }
    println!("\n## Smallest puzzles on which a criterion rejects a solution graph\n");
    for (signed_repair, repetitions) in [(false, true), (false, false), (true, true), (true, false)] {
        let criterion = if signed_repair { "(3') as stated" } else { "Theorem 2.1" };
        let pieces = if repetitions { "any pieces" } else { "repetition-free" };
        match smallest_counterexample(4, repetitions, signed_repair) {
            Some(c) => {
                let edges: Vec<String> = c.edges().iter().map(|e| format!("{} -> {}", e.tail, e.head)).collect();
                let lines: Vec<String> = c.pieces.iter().map(|p| p.to_string()).collect();
                println!(
                    "- {criterion}, {pieces}: K = {}, L = {}: pieces `{}`; solution graph `{}`",
                    c.family.signed,
                    c.family.self_matching,
                    lines.join(" / "),
                    edges.join(", ")
                );
            }
            None => println!("- {criterion}, {pieces}: none up to 4 patterns"),
        }
    }
    if !ok {
        eprintln!("a claim of docs/notes/self-matching.md failed");
        std::process::exit(1);
    }
}

/// The note's claims on one table.
fn holds(t: &Table) -> bool {
    t.twisted.mismatches() == 0 && t.repaired.mismatches() == 0 && accepted_wrongly(t) == 0
}

fn accepted_wrongly(t: &Table) -> u64 {
    let records: [&Record; 4] = [&t.theorem, &t.signed_repair, &t.repaired, &t.twisted];
    records.iter().map(|r| r.accepted_non_solutions).sum()
}

fn failing(t: &Table) -> String {
    if t.rejected_by.is_empty() {
        return "none".into();
    }
    let parts: Vec<String> = t.rejected_by.keys().map(|k| format!("({k})")).collect();
    format!("only {}", parts.join(", "))
}

fn n(x: u64) -> String {
    let s = x.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
