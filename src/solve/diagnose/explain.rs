//! A [`Diagnosis`] in words: the lines `scramble solve` prints under
//! `why:` and the page shows, one text for both.

use serde::Serialize;

use super::{Ask, Diagnosis, Edit, Edits, Misfit, Place, Shortage};

/// One line of the explanation: its depth (1 a finding, 2 a detail under
/// it) and its text.
pub(crate) type Line = (usize, String);

/// The diagnosis as lines, said as `wording` says.
pub(crate) fn lines(diagnosis: &Diagnosis, wording: &Wording) -> Vec<Line> {
    let mut out = findings(diagnosis);
    out.extend(fixes(&diagnosis.edits, wording).lines(wording));
    out
}

/// What rules a solution out before any edit is tried: the counting
/// argument with its numbers (details at depth 2) and the misfits.
pub(crate) fn findings(diagnosis: &Diagnosis) -> Vec<Line> {
    let mut out = Vec::new();
    if let Some(shortage) = &diagnosis.shortage {
        out.extend(shortage_lines(shortage));
    }
    out.extend(diagnosis.misfits.iter().map(|m| (1, misfit_line(m))));
    out
}

/// Edits that change the answer, in words: a heading and every edit, the
/// most plausible first; the first `shown` are the ones to show at once,
/// the rest are less likely (`FIXES_SHOWN`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Fixes {
    /// What the edits are (`one picture changed makes it solvable (12 ways, ...):`).
    pub(crate) head: String,
    /// Every edit, `card #1, top side: 3- -> 3+ (then 1 solution)`, in the
    /// library's order: single changes the likeliest first.
    pub(crate) fixes: Vec<String>,
    /// How many of them to show first.
    pub(crate) shown: usize,
    /// Whether the rest are less likely than the first (ranked single
    /// changes), rather than more examples of the same (pairs).
    pub(crate) ranked: bool,
    /// The picture worth counting on the cards to narrow the fixes down
    /// ([`super::counts`]); said in words when the wording has a way to
    /// give a count ([`Wording::count`]).
    pub(crate) ask: Option<Ask>,
}

impl Fixes {
    /// The heading at depth 1, the first [`Fixes::shown`] edits under it, the
    /// rest as `wording` says: counted with its hint, or listed under a
    /// finding of their own; when not [`Fixes::ranked`], all of them under
    /// the heading.
    pub(crate) fn lines(&self, wording: &Wording) -> Vec<Line> {
        let mut out = vec![(1, self.head.clone())];
        out.extend(self.fixes[..self.shown].iter().map(|f| (2, f.clone())));
        let rest = &self.fixes[self.shown..];
        if !self.ranked {
            out.extend(rest.iter().map(|f| (2, f.clone())));
        } else if !rest.is_empty() {
            let ways = crate::error::plural(rest.len(), "less likely way");
            match wording.more {
                Some(more) => out.push((1, format!("{ways}: {more}"))),
                None => {
                    out.push((1, format!("{ways}:")));
                    out.extend(rest.iter().map(|f| (2, f.clone())));
                }
            }
        }
        out.extend(ask_text(self.ask.as_ref(), wording).map(|a| (1, a)));
        out
    }
}

/// At most this many single-picture fixes are shown first, the most
/// plausible (`diagnose::rank`); the rest follow on request.
pub(crate) const FIXES_SHOWN: usize = 3;

/// How the lines speak of what they leave out.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Wording<'a> {
    /// How to give the edit search more time (`--time-limit gives it
    /// longer` on the command line); shown when the search stopped before
    /// it judged every candidate.
    pub(crate) longer: Option<&'a str>,
    /// How to list every fix (`--all-fixes lists them`): with it, only the
    /// first three fixes are listed and the rest counted; without
    /// it, the rest follow under a finding of their own (the page folds
    /// it).
    pub(crate) more: Option<&'a str>,
    /// List every fix under the first finding.
    pub(crate) all: bool,
    /// How to give a count of a picture on the cards (`--count`, followed
    /// by `PICTURE=N`): with it, the picture worth counting is named.
    pub(crate) count: Option<&'a str>,
}

/// `count how often 3- shows on your cards (typed 6 times) and give it: --count 3-=N`.
fn ask_text(ask: Option<&Ask>, wording: &Wording) -> Option<String> {
    let (ask, how) = (ask?, wording.count?);
    Some(format!(
        "to narrow them down, count how often {} shows on your cards (typed {}) and give it: {how} {}=N",
        ask.picture,
        crate::error::plural(ask.typed, "time"),
        ask.picture
    ))
}

/// `; 8 more dropped by your counts` when counts dropped edits, else nothing.
fn dropped(edits: &Edits) -> String {
    if edits.counts.is_empty() {
        return String::new();
    }
    format!("; {} more dropped by your counts", edits.dropped)
}

/// `none of the 12 changes that make it solvable fits your counts (3- counted 5 times, typed 6 times); ...`.
fn none_fit(edits: &Edits, what: &str) -> Fixes {
    let counts: Vec<String> = edits
        .counts
        .iter()
        .map(|c| {
            format!(
                "{} counted {}, typed {}",
                c.picture,
                crate::error::plural(c.count, "time"),
                crate::error::plural(c.typed, "time")
            )
        })
        .collect();
    none(format!(
        "none of the {} that {what} fits your counts ({}); count again, or more than one picture is typed wrong",
        crate::error::plural(edits.dropped, "change"),
        counts.join("; ")
    ))
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

/// `card a, top side`.
fn place_text(p: &Place) -> String {
    format!("card {}, {} side", p.label, p.direction)
}

/// `card a, top side: 3- -> 3+`, with the other places that give the
/// same puzzle: `card a, top side (or card b, top side): 3- -> 3+`.
pub(crate) fn edit_text(e: &Edit) -> String {
    let also: Vec<String> = e.also.iter().map(place_text).collect();
    let also = if also.is_empty() {
        String::new()
    } else {
        format!(" (or {})", also.join(", or "))
    };
    format!("{}{also}: {} -> {}", place_text(&e.at), e.from, e.to)
}

/// `card a, top side: 3- -> 3+ (then 1 solution)`.
fn fix_text(e: &Edit) -> String {
    match e.solutions {
        Some(n) => format!("{} (then {})", edit_text(e), crate::error::plural(n, "solution")),
        None => edit_text(e),
    }
}

/// The single-picture fixes under `head`: the first [`FIXES_SHOWN`] shown,
/// all of them when `wording` says so.
fn ranked(edits: &Edits, head: String, wording: &Wording) -> Fixes {
    let one = &edits.one;
    Fixes {
        ask: edits.ask.clone(),
        head,
        fixes: one.iter().map(fix_text).collect(),
        shown: if wording.all {
            one.len()
        } else {
            one.len().min(FIXES_SHOWN)
        },
        ranked: true,
    }
}

/// The changes [`super::alternatives`] found, for a puzzle whose answer
/// failed on the table, as lines.
pub(crate) fn alternatives_lines(edits: &Edits, wording: &Wording) -> Vec<Line> {
    alternatives(edits, wording).lines(wording)
}

/// The changes [`super::alternatives`] found, in words.
pub(crate) fn alternatives(edits: &Edits, wording: &Wording) -> Fixes {
    let stopped = stopped(edits, wording);
    if edits.one.is_empty() && edits.dropped > 0 {
        return none_fit(edits, "give another answer");
    }
    if edits.one.is_empty() {
        return none(format!("no change of one picture gives another answer{stopped}"));
    }
    let head = format!(
        "if the answer fails on your cards, a picture may be typed wrong; one changed gives another answer ({}, the likeliest typo first{}{stopped}):",
        crate::error::plural(edits.one.len(), "way"),
        dropped(edits)
    );
    ranked(edits, head, wording)
}

/// `; the search stopped after N puzzles tried; HINT` when the search for
/// edits stopped, else nothing.
fn stopped(edits: &Edits, wording: &Wording) -> String {
    if edits.complete {
        return String::new();
    }
    let hint = wording.longer.map_or(String::new(), |h| format!("; {h}"));
    format!("; the search stopped after {} puzzles tried{hint}", edits.searched)
}

/// A heading with no edit under it.
fn none(head: String) -> Fixes {
    Fixes {
        head,
        fixes: Vec::new(),
        shown: 0,
        ranked: false,
        ask: None,
    }
}

/// The edits that make a puzzle without a solution solvable, in words:
/// single changes ranked, else pairs, else what was tried.
pub(crate) fn fixes(edits: &Edits, wording: &Wording) -> Fixes {
    let stopped = stopped(edits, wording);
    if !edits.one.is_empty() {
        let ways = edits.one.len();
        let order = if ways == 1 { "" } else { ", the likeliest typo first" };
        let head = format!(
            "one picture changed makes it solvable ({}{order}{}{stopped}):",
            crate::error::plural(ways, "way"),
            dropped(edits)
        );
        return ranked(edits, head, wording);
    }
    if edits.dropped > 0 && edits.two.is_empty() {
        return none_fit(edits, "make it solvable");
    }
    if !edits.two.is_empty() {
        let stopped = if stopped.is_empty() {
            String::new()
        } else {
            format!(" ({})", &stopped[2..])
        };
        let pairs: Vec<String> = edits
            .two
            .iter()
            .map(|[a, b]| format!("{}  and  {}", edit_text(a), edit_text(b)))
            .collect();
        return Fixes {
            head: format!("no single picture changed makes it solvable; two changed do, for example{stopped}:"),
            shown: pairs.len().min(FIXES_SHOWN),
            fixes: pairs,
            ranked: false,
            ask: None,
        };
    }
    none(if edits.complete {
        "no change of one or two pictures makes it solvable".to_string()
    } else {
        format!(
            "no change of one or two pictures found to make it solvable ({})",
            &stopped[2..]
        )
    })
}

/// The command line's wording: `all` lists every single-picture fix
/// (`--all-fixes`), else the likeliest few.
fn command_line(all: bool) -> Wording<'static> {
    Wording {
        longer: Some("--time-limit gives it longer"),
        more: Some("--all-fixes lists them"),
        all,
        count: Some("--count"),
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

impl Diagnosis {
    /// The diagnosis as `scramble solve` prints it: indented lines under
    /// `why:`, every single-picture fix when `all_fixes`, else the
    /// likeliest few.
    pub fn text(&self, all_fixes: bool) -> String {
        indented("why:", lines(self, &command_line(all_fixes)))
    }
}

impl Edits {
    /// The changes as `scramble solve --wrong` prints them: indented lines
    /// under `typo?`, every one when `all_fixes`, else the likeliest few.
    pub fn text(&self, all_fixes: bool) -> String {
        indented("typo?", alternatives_lines(self, &command_line(all_fixes)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::Context;

    #[test]
    fn a_shortage_explains_itself_with_its_numbers_and_a_hint_only_when_stopped() {
        let puzzle: crate::Puzzle = "1+ 2+ 2+ 1+\n1+ 2+ 2+ 1+\n1+ 2+ 2- 1+\n1+ 2+ 2- 1-".parse().unwrap();
        let found = super::super::diagnose(&puzzle, &Context::new()).unwrap();
        let wording = Wording {
            longer: Some("give it longer"),
            ..Default::default()
        };
        let lines = lines(&found, &wording);
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
        let stopped = super::lines(&stopped, &wording);
        assert!(
            stopped
                .iter()
                .any(|(d, l)| *d == 1 && l.contains("puzzles tried; give it longer)")),
            "{stopped:?}"
        );
    }
}
