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
use super::{Edit, Edits};
use crate::{Error, Picture, Puzzle, Result};

impl Count {
    /// Whether the cards show the picture as often as the puzzle as typed.
    pub fn as_typed(&self) -> bool {
        self.count == self.typed
    }
}

/// How often a picture shows on the real cards, as the user counted it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Count {
    /// The picture, as the file writes it (`3+`, `star-`).
    pub(crate) picture: String,
    /// How often the user counted it on the cards.
    pub(crate) count: usize,
    /// How often it occurs in the puzzle as typed.
    pub(crate) typed: usize,
}

/// The picture worth counting next, and how often it occurs as typed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ask {
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

impl Count {
    /// `count` of `picture` (as the file writes it: `3+`, `star-`) on the
    /// cards of `puzzle`. An error names the pictures the puzzle has when
    /// `picture` is none of them, and refuses a count above the number of
    /// sides.
    ///
    /// ```
    /// use scramble::solve::diagnose::Count;
    /// let puzzle: scramble::Puzzle = "3- 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
    /// assert!(Count::new(&puzzle, "3+", 3).is_ok());
    /// let wrong = Count::new(&puzzle, "5+", 1).unwrap_err().to_string();
    /// assert!(wrong.contains("expected one of 1+, 1-, 2+"), "{wrong}");
    /// assert!(Count::new(&puzzle, "3+", 17).is_err());
    /// ```
    pub fn new(puzzle: &Puzzle, picture: &str, count: usize) -> Result<Count> {
        let palette = palette(puzzle);
        let labels: Vec<String> = palette.iter().map(|&p| puzzle.picture_label(p)).collect();
        let Some(at) = labels.iter().position(|l| l == picture) else {
            return Err(Error::Impossible(format!(
                "count of `{}`: not a picture of {}; expected one of {}",
                crate::output::excerpt(picture),
                puzzle.name(),
                labels.join(", ")
            )));
        };
        let sides = 4 * puzzle.pieces().len();
        if count > sides {
            return Err(Error::Impossible(format!(
                "count of {picture}: {count} is more than the {sides} sides of {}'s cards",
                puzzle.name()
            )));
        }
        Ok(Count {
            picture: picture.to_string(),
            count,
            typed: puzzle.index(palette[at]),
        })
    }
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

/// The picture whose count would narrow `one` (ranked single fixes) most,
/// if any: see the module's documentation. `O(P F log F)` for `P`
/// pictures and `F` fixes.
pub(super) fn ask(puzzle: &Puzzle, one: &[Edit]) -> Option<Ask> {
    if one.len() <= FIXES_SHOWN {
        return None;
    }
    let low = one.iter().map(|e| e.score).fold(f64::INFINITY, f64::min);
    let chance: Vec<f64> = one.iter().map(|e| (low - e.score).exp()).collect();
    let top = |kept: &mut Vec<f64>| {
        kept.sort_by(|a, b| b.total_cmp(a));
        kept.iter().take(FIXES_SHOWN).sum::<f64>()
    };
    let now = top(&mut chance.clone());
    let mut best: Option<(f64, Picture)> = None;
    for picture in palette(puzzle) {
        let label = puzzle.picture_label(picture);
        let held: f64 = (-1..=1)
            .map(|answer| {
                let mut kept: Vec<f64> = one
                    .iter()
                    .zip(&chance)
                    .filter(|(e, _)| shift(e, &label) == answer)
                    .map(|(_, &c)| c)
                    .collect();
                top(&mut kept)
            })
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

impl Edits {
    /// The edits that leave every counted picture as `counts` say the
    /// cards show it, with the next picture worth counting; `counts` (for
    /// `puzzle`, [`Count::new`]) are kept with them. The ranked single
    /// changes keep their order.
    ///
    /// ```
    /// use scramble::{Context, solve::diagnose::{self, Count}};
    /// // The paper's puzzle with the top of card 1 changed from 3+ to 3-:
    /// // 3- now occurs 6 times, 3+ 4 times; the cards show 3- 5 times.
    /// let puzzle: scramble::Puzzle = "3- 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
    /// let found = diagnose::diagnose(&puzzle, &Context::new()).unwrap();
    /// let counted = found.edits.counted(&puzzle, vec![Count::new(&puzzle, "3-", 5).unwrap()]);
    /// let text = counted.text(true);
    /// assert!(text.contains("card #1, top side: 3- -> 3+"), "{text}");
    /// assert!(!text.contains("-> 3-"), "{text}");
    /// ```
    pub fn counted(&self, puzzle: &Puzzle, counts: Vec<Count>) -> Edits {
        let one: Vec<Edit> = self.one.iter().filter(|e| fits(&[e], &counts)).cloned().collect();
        let two: Vec<[Edit; 2]> = self
            .two
            .iter()
            .filter(|[a, b]| fits(&[a, b], &counts))
            .cloned()
            .collect();
        Edits {
            dropped: self.dropped + self.one.len() - one.len() + self.two.len() - two.len(),
            ask: ask(puzzle, &one),
            one,
            two,
            counts: self.counts.iter().cloned().chain(counts).collect(),
            ..self.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::Context;

    /// The paper's puzzle with the top of card 1 typed 3- for 3+.
    fn typo() -> Puzzle {
        "3- 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap()
    }

    #[test]
    fn a_count_keeps_exactly_the_fixes_that_leave_it_as_counted() {
        let puzzle = typo();
        let found = super::super::diagnose(&puzzle, &Context::new()).unwrap().edits;
        for picture in palette(&puzzle) {
            let label = puzzle.picture_label(picture);
            let typed = puzzle.index(picture);
            for count in typed.saturating_sub(2)..=typed + 2 {
                let counted = found.counted(&puzzle, vec![Count::new(&puzzle, &label, count).unwrap()]);
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
        let counted = found.counted(&puzzle, vec![Count::new(&puzzle, &ask.picture, ask.typed).unwrap()]);
        assert_ne!(counted.ask.map(|a| a.picture), Some(ask.picture));
    }

    fn ask_of(puzzle: &Puzzle, edits: &Edits) -> Option<Ask> {
        ask(puzzle, &edits.one)
    }

    #[test]
    fn a_count_of_no_picture_or_too_many_is_refused_with_the_pictures_named() {
        let puzzle = typo();
        let e = Count::new(&puzzle, "9+", 2).unwrap_err().to_string();
        assert!(e.contains("not a picture of") && e.contains("4-"), "{e}");
        let e = Count::new(&puzzle, "1+", 99).unwrap_err().to_string();
        assert!(e.contains("more than the 16 sides"), "{e}");
        // A picture that occurs only as the complement of one that does.
        let one_sided: Puzzle = "1+ 1+ 1+ 1+\n1+ 1+ 1+ 1+\n1+ 1+ 1+ 1+\n1+ 1+ 1+ 1+".parse().unwrap();
        assert_eq!(Count::new(&one_sided, "1-", 0).unwrap().typed, 0);
    }
}
