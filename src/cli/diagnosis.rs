//! The text of a diagnosis (why a puzzle has no solution), shared by
//! `solve`; JSON prints `scramble::diagnose::Diagnosis` as it is.

use std::time::Duration;

use scramble::diagnose::{Diagnosis, Edit, Edits, Misfit, Shortage};

/// How long the search for an edit runs when `--time-limit` is not given.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(10);

/// The diagnosis as indented lines under `why:`.
pub fn text(diagnosis: &Diagnosis) -> String {
    let mut out = String::from("why:\n");
    if let Some(shortage) = &diagnosis.shortage {
        out += &shortage_text(shortage);
    }
    for misfit in &diagnosis.misfits {
        out += &misfit_text(misfit);
    }
    out += &edits_text(&diagnosis.edits);
    out
}

fn shortage_text(s: &Shortage) -> String {
    let mut out = format!(
        "  counting: the {} inner boundaries each need a matching pair, but the pictures make only {} pairs; \
         the {} pictures without a partner do not fit on the {} border sides:\n",
        s.inner_boundaries, s.pairs, s.unpaired, s.border_sides
    );
    for p in &s.patterns {
        out += &match &p.complement {
            Some(c) => format!(
                "    {} {} times, {} {} times: {} without a partner\n",
                p.picture, p.count, c, p.complement_count, p.unpaired
            ),
            None => format!(
                "    {} (matches itself) {} times: {} without a partner\n",
                p.picture, p.count, p.unpaired
            ),
        };
    }
    out
}

fn misfit_text(m: &Misfit) -> String {
    let sides = match m.matched_sides.as_slice() {
        [] => "none of its sides".to_string(),
        [one] => format!("its {one} side only"),
        sides => format!("its {} sides only", sides.join(" and ")),
    };
    format!(
        "  card {}: another card matches {sides}; every cell needs two neighbouring sides that match\n",
        m.label
    )
}

fn edit_text(e: &Edit) -> String {
    format!("card {}, {} side: {} -> {}", e.label, e.direction, e.from, e.to)
}

fn edits_text(edits: &Edits) -> String {
    let stopped = if edits.complete {
        String::new()
    } else {
        format!(
            " (the search stopped after {} puzzles tried; --time-limit gives it longer)",
            edits.searched
        )
    };
    if !edits.one.is_empty() {
        let ways = edits.one.len();
        let mut out = format!(
            "  one picture changed makes it solvable ({ways} way{}{stopped}):\n",
            if ways == 1 { "" } else { "s" }
        );
        for e in &edits.one {
            out += &format!("    {}\n", edit_text(e));
        }
        return out;
    }
    if !edits.two.is_empty() {
        let mut out = format!("  no single picture changed makes it solvable; two changed do, for example{stopped}:\n");
        for [a, b] in &edits.two {
            out += &format!("    {}  and  {}\n", edit_text(a), edit_text(b));
        }
        return out;
    }
    if edits.complete {
        "  no change of one or two pictures makes it solvable\n".to_string()
    } else {
        format!("  no change of one or two pictures found to make it solvable{stopped}\n")
    }
}
