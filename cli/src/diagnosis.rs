//! The text of a diagnosis (why a puzzle has no solution), shared by
//! `solve`: the library's lines (`scramble::solve::diagnose::explain`) under
//! `why:`, and `--wrong`'s changes under `typo?`; JSON prints
//! `scramble::solve::diagnose::Diagnosis` and `Edits` as they are.

use std::time::Duration;

use scramble::solve::diagnose::explain::{self, Line, Wording};
use scramble::solve::diagnose::{Diagnosis, Edits};

/// How long the search for an edit runs when `--time-limit` is not given.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(10);

/// The command line's wording: `all` lists every single-picture fix
/// (`--all-fixes`), else the likeliest few.
fn wording(all: bool) -> Wording<'static> {
    Wording {
        longer: Some("--time-limit gives it longer"),
        more: Some("--all-fixes lists them"),
        all,
    }
}

/// Lines indented by their depth under `head`.
fn indented(head: &str, lines: Vec<Line>) -> String {
    let mut out = format!("{head}\n");
    for (depth, line) in lines {
        out += &format!("{}{line}\n", "  ".repeat(depth));
    }
    out
}

/// The diagnosis as indented lines under `why:`.
pub fn text(diagnosis: &Diagnosis, all: bool) -> String {
    indented("why:", explain::lines(diagnosis, &wording(all)))
}

/// `--wrong`'s changes as indented lines under `typo?`.
pub fn alternatives_text(edits: &Edits, all: bool) -> String {
    indented("typo?", explain::alternatives_lines(edits, &wording(all)))
}
