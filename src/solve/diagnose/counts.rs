//! Narrowing the fixes down by counting pictures on the real cards.
//!
//! A one-picture typo changes two counts by one: the picture typed occurs
//! once more than on the cards, the picture meant once less; every other
//! picture occurs as often as on the cards. So the true fix leaves each
//! picture as often as the cards show it, and a fix that does not is not
//! the true one. A user who counts one picture on the cards ([`Count`])
//! drops every fix that disagrees ([`Edits::counted`]).
//!
//! Which picture to count ([`Ask`]): the fixes' scores read as a
//! conditional logit (docs/typos.md), each fix's chance proportional to
//! `exp(-score)`; a count splits the fixes into those that take one of the
//! picture away, add one or leave it, and the picture asked for is the one
//! whose count leaves the first three fixes holding the most chance, on
//! average over the answers. None is asked for when no count would do
//! better than the first three fixes as they stand.

use serde::Serialize;

use super::explain::FIXES_SHOWN;
use super::{Diagnosis, Edit, Edits};
use crate::{Error, Picture, Puzzle, Result};

/// How often a picture shows on the real cards, as the user counted it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Count {
    /// The picture, as the file writes it (`3+`, `star-`).
    pub(crate) picture: String,
    /// How often the user counted it on the cards.
    pub(crate) count: usize,
    /// How often it occurs in the puzzle as typed.
    pub(crate) typed: usize,
}

/// The picture worth counting next, and how often it occurs as typed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Ask {
    /// The picture, as the file writes it.
    pub(crate) picture: String,
    /// How often it occurs in the puzzle as typed.
    pub(crate) typed: usize,
}

/// Every picture of the puzzle's patterns (each picture that occurs and its
/// complement), in order.
pub(super) fn palette(puzzle: &Puzzle) -> Vec<Picture> {
    let mut palette: Vec<Picture> = puzzle.pictures().flat_map(|p| [p, p.complement()]).collect();
    palette.sort_unstable();
    palette.dedup();
    palette
}

/// `counts` (`(picture as the file writes it, count)`) for `puzzle`. An
/// error names the pictures the puzzle has when a picture is none of them,
/// refuses a picture counted twice and a count above the number of sides.
fn checked(puzzle: &Puzzle, counts: &[(String, usize)]) -> Result<Vec<Count>> {
    let palette = palette(puzzle);
    let labels: Vec<String> = palette.iter().map(|&p| puzzle.picture_label(p)).collect();
    let sides = 4 * puzzle.pieces().len();
    let mut out: Vec<Count> = Vec::new();
    for (picture, count) in counts {
        let Some(at) = labels.iter().position(|l| l == picture) else {
            return Err(Error::Impossible(format!(
                "count of `{}`: not a picture of {}; expected one of {}",
                crate::error::excerpt(picture),
                puzzle.name(),
                labels.join(", ")
            )));
        };
        if *count > sides {
            return Err(Error::Impossible(format!(
                "count of {picture}: {count} is more than the {sides} sides of the {} cards of {}",
                puzzle.pieces().len(),
                puzzle.name()
            )));
        }
        if out.iter().any(|c| c.picture == *picture) {
            return Err(Error::Impossible(format!(
                "count of {picture}: counted twice; give each picture once"
            )));
        }
        out.push(Count {
            picture: picture.clone(),
            count: *count,
            typed: puzzle.index(palette[at]),
        });
    }
    Ok(out)
}

/// How `edit` changes the count of `picture`: -1, 0 or +1.
fn shift(edit: &Edit, picture: &str) -> i64 {
    i64::from(edit.to == picture) - i64::from(edit.from == picture)
}

/// Whether the edits together leave every counted picture as counted.
fn fits(edits: &[&Edit], counts: &[Count]) -> bool {
    counts.iter().all(|c| {
        let after = c.typed as i64 + edits.iter().map(|e| shift(e, &c.picture)).sum::<i64>();
        after == c.count as i64
    })
}

/// The picture whose count would narrow `one` (ranked single fixes, lowest
/// score first, so that the first three of any part of the list hold the
/// most chance) most, if any: see the module's documentation. `O(P F)`
/// for `P` pictures and `F` fixes.
pub(super) fn ask(puzzle: &Puzzle, one: &[Edit]) -> Option<Ask> {
    if one.len() <= FIXES_SHOWN {
        return None;
    }
    let low = one.first()?.score;
    let chance = |e: &Edit| (low - e.score).exp();
    let top = |kept: &mut dyn Iterator<Item = &Edit>| kept.take(FIXES_SHOWN).map(chance).sum::<f64>();
    let now = top(&mut one.iter());
    let mut best: Option<(f64, Picture)> = None;
    for picture in palette(puzzle) {
        let label = puzzle.picture_label(picture);
        let held: f64 = (-1..=1)
            .map(|answer| top(&mut one.iter().filter(|e| shift(e, &label) == answer)))
            .sum();
        if held > best.map_or(now * (1.0 + 1e-9), |(b, _)| b) {
            best = Some((held, picture));
        }
    }
    best.map(|(_, picture)| Ask {
        picture: puzzle.picture_label(picture),
        typed: puzzle.index(picture),
    })
}

impl Diagnosis {
    /// The diagnosis with its edits narrowed by `counts` ([`Edits::counted`]).
    ///
    /// ```
    /// use scramble::{Context, solve::diagnose};
    /// // The paper's puzzle with the bottom of card 2 typed 4- for 4+: no
    /// // solution; 4- now occurs 3 times, and the cards show it twice.
    /// let puzzle: scramble::Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4- 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
    /// let found = diagnose::diagnose(&puzzle, &Context::new()).unwrap();
    /// let text = found.counted(&puzzle, &[("4-".into(), 2)]).unwrap().text(true);
    /// assert!(text.contains("card #2, bottom side: 4- -> 4+"), "{text}");
    /// assert!(text.contains("more dropped by your counts"), "{text}");
    /// // Every fix left takes one 4- away.
    /// let mut fixes = text.lines().filter(|l| l.starts_with("    card "));
    /// assert!(fixes.all(|l| l.contains(": 4- -> ")), "{text}");
    /// // A picture the puzzle does not have is refused, the others named.
    /// let wrong = found.counted(&puzzle, &[("5+".into(), 1)]).unwrap_err().to_string();
    /// assert!(wrong.contains("expected one of 1-, 1+, 2-"), "{wrong}");
    /// ```
    pub fn counted(&self, puzzle: &Puzzle, counts: &[(String, usize)]) -> Result<Diagnosis> {
        Ok(Diagnosis {
            edits: self.edits.counted(puzzle, counts)?,
            ..self.clone()
        })
    }
}

impl Edits {
    /// The edits that leave every counted picture as often as `counts`
    /// (`(picture as the file writes it, how often the cards show it)`)
    /// say, with the next picture worth counting; the counts are kept
    /// with them, and the ranked single changes keep their order. An
    /// error names a picture `puzzle` does not have, one counted twice, or
    /// a count above the number of sides.
    pub fn counted(&self, puzzle: &Puzzle, counts: &[(String, usize)]) -> Result<Edits> {
        let counts = checked(puzzle, counts)?;
        let one: Vec<Edit> = self.one.iter().filter(|e| fits(&[e], &counts)).cloned().collect();
        let two: Vec<[Edit; 2]> = self
            .two
            .iter()
            .filter(|[a, b]| fits(&[a, b], &counts))
            .cloned()
            .collect();
        Ok(Edits {
            dropped: self.dropped + self.one.len() - one.len() + self.two.len() - two.len(),
            ask: ask(puzzle, &one),
            one,
            two,
            searched: self.searched,
            complete: self.complete,
            counts: self.counts.iter().cloned().chain(counts).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::Context;

    /// The paper's puzzle with the bottom of card 2 typed 4- for 4+: no
    /// solution.
    fn typo() -> Puzzle {
        "3+ 1+ 2+ 3-\n3+ 3- 4- 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap()
    }

    #[test]
    fn a_count_keeps_exactly_the_fixes_that_leave_it_as_counted() {
        let puzzle = typo();
        let found = super::super::diagnose(&puzzle, &Context::new()).unwrap().edits;
        for picture in palette(&puzzle) {
            let label = puzzle.picture_label(picture);
            let typed = puzzle.index(picture);
            for count in typed.saturating_sub(2)..=typed + 2 {
                let counted = found.counted(&puzzle, &[(label.clone(), count)]).unwrap();
                let kept: Vec<&Edit> = found
                    .one
                    .iter()
                    .filter(|e| {
                        let after = super::super::changed(&puzzle, &[(e.at.card, e.at.side, to(&puzzle, e))]);
                        after.index(picture) == count
                    })
                    .collect();
                assert_eq!(counted.one.iter().collect::<Vec<_>>(), kept, "{label} {count}");
                assert_eq!(counted.dropped, found.one.len() - kept.len());
                assert_eq!(counted.counts.len(), 1);
            }
        }
    }

    /// The picture `edit` writes.
    fn to(puzzle: &Puzzle, edit: &Edit) -> Picture {
        palette(puzzle)
            .into_iter()
            .find(|&p| puzzle.picture_label(p) == edit.to)
            .unwrap()
    }

    #[test]
    fn the_picture_asked_for_splits_the_fixes_and_none_is_asked_of_three_or_fewer() {
        let puzzle = typo();
        let found = super::super::diagnose(&puzzle, &Context::new()).unwrap().edits;
        assert!(found.one.len() > FIXES_SHOWN, "{}", found.one.len());
        let ask = found.ask.clone().expect("a count narrows the fixes");
        let answers: std::collections::BTreeSet<i64> = found.one.iter().map(|e| shift(e, &ask.picture)).collect();
        assert!(answers.len() > 1, "{ask:?}");
        let few = Edits {
            one: found.one[..FIXES_SHOWN].to_vec(),
            ..found.clone()
        };
        assert_eq!(ask_of(&puzzle, &few), None);
        // Counted as typed, the picture asked for is not asked again.
        let counted = found.counted(&puzzle, &[(ask.picture.clone(), ask.typed)]).unwrap();
        assert_ne!(counted.ask.map(|a| a.picture), Some(ask.picture));
    }

    fn ask_of(puzzle: &Puzzle, edits: &Edits) -> Option<Ask> {
        ask(puzzle, &edits.one)
    }

    #[test]
    fn a_count_of_no_picture_twice_or_too_many_is_refused_with_the_pictures_named() {
        let puzzle = typo();
        let refused = |counts: &[(&str, usize)]| {
            let counts: Vec<(String, usize)> = counts.iter().map(|&(p, n)| (p.to_string(), n)).collect();
            checked(&puzzle, &counts).unwrap_err().to_string()
        };
        let e = refused(&[("9+", 2)]);
        assert!(e.contains("not a picture of") && e.contains("4-"), "{e}");
        assert!(refused(&[("1+", 99)]).contains("more than the 16 sides"));
        assert!(refused(&[("1+", 1), ("1+", 2)]).contains("counted twice"));
        // A picture that occurs only as the complement of one that does.
        let one_sided: Puzzle = "1+ 1+ 1+ 1+\n1+ 1+ 1+ 1+\n1+ 1+ 1+ 1+\n1+ 1+ 1+ 1+".parse().unwrap();
        assert_eq!(checked(&one_sided, &[("1-".into(), 0)]).unwrap()[0].typed, 0);
    }
}
