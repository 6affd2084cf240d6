//! A [`Diagnosis`] in words: the lines `scramble solve` prints under
//! `why:` and the page shows, one text for both.

use super::{Diagnosis, Edit, Edits, Misfit, Shortage};

/// One line of the explanation: its depth (1 a finding, 2 a detail under
/// it) and its text.
pub type Line = (usize, String);

/// The diagnosis as lines. `longer` says how to give the edit search more
/// time (`--time-limit gives it longer` on the command line); it is shown
/// when the search stopped before it judged every candidate.
///
/// ```
/// use scramble::{diagnose, solve::Stop};
/// let puzzle: scramble::Puzzle = "3- 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// let found = diagnose::diagnose(&puzzle, &Stop::never()).unwrap();
/// let lines = diagnose::explain::lines(&found, None);
/// assert!(lines[0].1.starts_with("one picture changed makes it solvable"), "{lines:?}");
/// assert!(lines.iter().any(|(depth, line)| *depth == 2 && line == "card #1, top side: 3- -> 3+"));
/// ```
pub fn lines(diagnosis: &Diagnosis, longer: Option<&str>) -> Vec<Line> {
    let mut out = Vec::new();
    if let Some(shortage) = &diagnosis.shortage {
        out.extend(shortage_lines(shortage));
    }
    out.extend(diagnosis.misfits.iter().map(|m| (1, misfit_line(m))));
    out.extend(edits_lines(&diagnosis.edits, longer));
    out
}

fn shortage_lines(s: &Shortage) -> Vec<Line> {
    let head = format!(
        "counting: the {} inner boundaries each need a matching pair, but the pictures make only {} pairs; \
         the {} pictures without a partner do not fit on the {} border sides:",
        s.inner_boundaries, s.pairs, s.unpaired, s.border_sides
    );
    let details = s.patterns.iter().map(|p| {
        let line = match &p.complement {
            Some(c) => format!(
                "{} {} times, {} {} times: {} without a partner",
                p.picture, p.count, c, p.complement_count, p.unpaired
            ),
            None => format!(
                "{} (matches itself) {} times: {} without a partner",
                p.picture, p.count, p.unpaired
            ),
        };
        (2, line)
    });
    std::iter::once((1, head)).chain(details).collect()
}

fn misfit_line(m: &Misfit) -> String {
    let sides = match m.matched_sides.as_slice() {
        [] => "none of its sides".to_string(),
        [one] => format!("its {one} side only"),
        sides => format!("its {} sides only", sides.join(" and ")),
    };
    format!(
        "card {}: another card matches {sides}; every cell needs two neighbouring sides that match",
        m.label
    )
}

/// `card a, top side: 3- -> 3+`.
pub(crate) fn edit_text(e: &Edit) -> String {
    format!("card {}, {} side: {} -> {}", e.label, e.direction, e.from, e.to)
}

fn edits_lines(edits: &Edits, longer: Option<&str>) -> Vec<Line> {
    let stopped = if edits.complete {
        String::new()
    } else {
        let hint = longer.map_or(String::new(), |h| format!("; {h}"));
        format!(" (the search stopped after {} puzzles tried{hint})", edits.searched)
    };
    if !edits.one.is_empty() {
        let ways = edits.one.len();
        let head = format!(
            "one picture changed makes it solvable ({ways} way{}{stopped}):",
            if ways == 1 { "" } else { "s" }
        );
        let details = edits.one.iter().map(|e| (2, edit_text(e)));
        return std::iter::once((1, head)).chain(details).collect();
    }
    if !edits.two.is_empty() {
        let head = format!("no single picture changed makes it solvable; two changed do, for example{stopped}:");
        let details = edits
            .two
            .iter()
            .map(|[a, b]| (2, format!("{}  and  {}", edit_text(a), edit_text(b))));
        return std::iter::once((1, head)).chain(details).collect();
    }
    let none = if edits.complete {
        "no change of one or two pictures makes it solvable".to_string()
    } else {
        format!("no change of one or two pictures found to make it solvable{stopped}")
    };
    vec![(1, none)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Stop;

    #[test]
    fn a_shortage_explains_itself_with_its_numbers_and_a_hint_only_when_stopped() {
        let puzzle: crate::Puzzle = "1+ 2+ 2+ 1+\n1+ 2+ 2+ 1+\n1+ 2+ 2- 1+\n1+ 2+ 2- 1-".parse().unwrap();
        let found = super::super::diagnose(&puzzle, &Stop::never()).unwrap();
        let lines = lines(&found, Some("give it longer"));
        assert!(lines[0].1.starts_with("counting: the 4 inner boundaries"), "{lines:?}");
        assert!(
            lines
                .iter()
                .any(|(d, l)| *d == 2 && l.starts_with("1- 1 times, 1+ 7 times")),
            "{lines:?}"
        );
        assert!(lines.iter().all(|(_, l)| !l.contains("give it longer")));
        let mut stopped = found.clone();
        stopped.edits.complete = false;
        let stopped = super::lines(&stopped, Some("give it longer"));
        assert!(
            stopped
                .iter()
                .any(|(d, l)| *d == 1 && l.contains("puzzles tried; give it longer)")),
            "{stopped:?}"
        );
    }
}
