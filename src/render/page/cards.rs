//! A puzzle as the page's card editor holds it: the patterns (each with its
//! name and whether its picture matches itself) and, per card, its name and
//! the picture on each side as a pattern and a sign. The editor writes the
//! text notation back from this and the library reads it again, so the
//! text stays the one source of truth; this is only the way in.

use serde::Serialize;

use crate::render::style::{pattern_colors, text_color_on};
use crate::{Pattern, Puzzle};

/// The puzzle's pictures and cards, for the card editor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Cards {
    /// `n` of the `n x n` grid.
    pub size: usize,
    /// The patterns in increasing order.
    pub patterns: Vec<CardPattern>,
    /// The cards in file order.
    pub cards: Vec<Card>,
    /// The pieces drawing's fill of the `k`-th pattern (`k` modulo the
    /// length) and the text color on it, for the editor's pictures.
    pub palette: Vec<[&'static str; 2]>,
}

/// A pattern of the puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct CardPattern {
    /// Its name as the file writes it (`3`, `star`).
    pub name: String,
    /// Whether its picture matches itself (`X=`) rather than coming in `+`
    /// and `-` halves.
    pub matches_itself: bool,
}

/// A card: its name and its four sides clockwise from the top.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Card {
    /// The name the file gives it, if any.
    pub name: Option<String>,
    /// Each side's picture: an index into [`Cards::patterns`] and its sign
    /// (`+`, `-` or `=`).
    pub sides: [(usize, char); 4],
}

impl Cards {
    /// The editor's view of `puzzle`. `O(N log P)` for `N` cards and `P`
    /// patterns.
    pub(crate) fn of(puzzle: &Puzzle) -> Cards {
        let patterns: Vec<Pattern> = puzzle.patterns();
        let cards = (0..puzzle.pieces().len())
            .map(|card| Card {
                name: puzzle.piece_name(card).map(str::to_string),
                sides: puzzle.pieces()[card].sides().map(|picture| {
                    let at = patterns
                        .binary_search(&picture.pattern())
                        .expect("a pattern of the puzzle");
                    (at, picture.sign().symbol())
                }),
            })
            .collect();
        Cards {
            size: puzzle.size(),
            patterns: patterns
                .iter()
                .map(|&pattern| CardPattern {
                    name: puzzle.pattern_label(pattern),
                    matches_itself: puzzle.is_self_matching(pattern),
                })
                .collect(),
            cards,
            palette: pattern_colors(puzzle)
                .into_iter()
                .map(|c| [c, text_color_on(c)])
                .collect(),
        }
    }

    /// The text notation the editor writes for these cards: one card per
    /// line, `name: ` when named.
    #[cfg(test)]
    pub(crate) fn text(&self) -> String {
        self.cards
            .iter()
            .map(|card| {
                let sides: Vec<String> = card
                    .sides
                    .iter()
                    .map(|&(pattern, sign)| format!("{}{sign}", self.patterns[pattern].name))
                    .collect();
                let name = card.name.as_ref().map_or(String::new(), |n| format!("{n}: "));
                format!("{name}{}\n", sides.join(" "))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_of_text_holds() {
        use crate::render::page::cards::Cards;
        let text = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+\n";
        assert_eq!(Cards::of(&text.parse().unwrap()).text(), text);
    }

    #[test]
    fn the_example_of_of_holds() {
        use crate::render::page::cards::Cards;
        let puzzle: crate::Puzzle =
            "a: star+ moon- sun= star-\nstar- moon+ sun= sun=\nsun= sun= moon- star+\nmoon+ star+ sun= moon-"
                .parse()
                .unwrap();
        let cards = Cards::of(&puzzle);
        let names: Vec<&str> = cards.patterns.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["star", "moon", "sun"]);
        assert!(cards.patterns[2].matches_itself);
        assert_eq!(cards.cards[0].name.as_deref(), Some("a"));
        assert_eq!(cards.cards[0].sides, [(0, '+'), (1, '-'), (2, '='), (0, '-')]);
    }

    use super::*;

    #[test]
    fn every_fixture_goes_through_the_editor_and_back_unchanged() {
        let dirs = [
            concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures"),
            concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/real"),
        ];
        let mut seen = 0;
        for dir in dirs {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_none_or(|e| e != "txt") {
                    continue;
                }
                let Ok(puzzle) = std::fs::read_to_string(&path).unwrap().parse::<Puzzle>() else {
                    continue;
                };
                let cards = Cards::of(&puzzle);
                assert_eq!(cards.text(), puzzle.to_string(), "{}", path.display());
                assert_eq!(cards.cards.len(), cards.size * cards.size);
                seen += 1;
            }
        }
        assert!(seen >= 15, "{seen} puzzles");
    }
}
