//! `scramble merge` of `solve --shard I/N` documents: the single run's
//! count, nodes and solutions, as text or JSON (`solve --json`'s keys).

use std::process::ExitCode;

use scramble::solve::shards::{Merged, Mode, merge, read};

use super::exit_codes::Exit;
use super::{print_json, print_text};

/// Merges the shard documents `files` (name, bytes) and prints the answer;
/// exit 1 when there is no solution.
pub fn run(files: &[(String, Vec<u8>)], json: bool) -> anyhow::Result<ExitCode> {
    let reports = files
        .iter()
        .map(|(name, bytes)| Ok((name.clone(), read(name, bytes)?)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let merged = merge(&reports)?;
    if json {
        print_json(&merged)?;
    } else {
        print_text(&text(&merged))?;
    }
    Ok(Exit::found(merged.solution.is_some()).into())
}

fn text(m: &Merged) -> String {
    let rows = |rows: &Vec<Vec<String>>| rows.iter().map(|r| r.join(" ")).collect::<Vec<_>>().join(" / ");
    let whence = format!(
        "{} strategy, {} shards over {} subtrees, {} nodes",
        m.search.strategy.name(),
        m.shards,
        m.subtrees,
        m.nodes
    );
    let mut out = match (m.search.mode, &m.solution) {
        (_, None) => format!("{}: no solution ({whence})\n", m.search.puzzle),
        (Mode::First, Some(s)) => format!("{}: a solution ({whence}):\n  {}\n", m.search.puzzle, rows(s)),
        (Mode::All, Some(s)) => format!(
            "{}: {} solution{} modulo rotation ({} arrangements; {whence}); the first:\n  {}\n",
            m.search.puzzle,
            m.solutions,
            if m.solutions == 1 { "" } else { "s" },
            m.arrangements.unwrap_or_default(),
            rows(s)
        ),
    };
    if let Some(listed) = &m.listed {
        out += &format!("solutions in search order (the first {}):\n", listed.len());
        for (i, solution) in listed.iter().enumerate() {
            out += &format!("  {:>4}  {}\n", i + 1, rows(solution));
        }
    }
    out
}
