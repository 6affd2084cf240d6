//! The text of a diagnosis (why a puzzle has no solution), shared by
//! `solve`: the library's lines (`scramble::diagnose::explain`) under
//! `why:`; JSON prints `scramble::diagnose::Diagnosis` as it is.

use std::time::Duration;

use scramble::diagnose::Diagnosis;

/// How long the search for an edit runs when `--time-limit` is not given.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(10);

/// The diagnosis as indented lines under `why:`.
pub fn text(diagnosis: &Diagnosis) -> String {
    let mut out = String::from("why:\n");
    for (depth, line) in scramble::diagnose::explain::lines(diagnosis, Some("--time-limit gives it longer")) {
        out += &format!("{}{line}\n", "  ".repeat(depth));
    }
    out
}
