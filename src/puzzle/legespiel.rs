//! Reading Legespiel-Solver XML configurations as they are.
//!
//! A configuration names the grid (`numberOfRows`, `numberOfColumns`), its
//! pictures (`<picture id="1" name="Pippi 1" matchWithIds="2"/>`) and its
//! cards (`<card north="4" east="6" south="1" west="1"/>`, read clockwise
//! from the top). Two pictures that match each other become one pattern (the
//! first in the file is `+`, the other `-`); a picture that matches itself
//! becomes a self-matching pattern (`=`); a picture that matches nothing
//! becomes a pattern whose other half never occurs. A picture matching two
//! pictures, or one that does not match it back, cannot be written as
//! patterns and is an error naming the picture.
//!
//! Pattern names come from the picture names: the words two halves share
//! (`Pippi 1` and `Pippi 2` give `Pippi`), otherwise both names joined, with
//! anything but letters and digits turned into `_`, so that the text format
//! writes and reads them back, cut to 48 characters (`MAX_DERIVED_NAME`)
//! (so that a `_2` added to keep two apart stays within the text format's
//! [`LABEL_LIMIT`](super::LABEL_LIMIT)). Picture ids longer than 64 characters (`MAX_ID_CHARS`) are refused.
//! Reading is linear in the size of the file (plus sorting the pictures);
//! text from the file is quoted in messages escaped and cut
//! ([`crate::error::excerpt`]).

use std::collections::{BTreeMap, HashMap, HashSet};

use roxmltree::{Document, Node};

use super::read::{is_identifier, nfc};
use super::{Pattern, Picture, Piece, Puzzle, Sign};
use crate::error::excerpt;
use crate::{Error, Result};

/// The most characters of a picture id.
pub(crate) const MAX_ID_CHARS: usize = 64;
/// The most characters of a pattern name made from picture names, before a
/// `_k` that keeps two apart.
pub(crate) const MAX_DERIVED_NAME: usize = 48;
/// The characters of a picture name read (the rest cannot reach the first
/// [`MAX_DERIVED_NAME`] characters of its pattern's name).
const NAME_READ: usize = 256;

/// Whether `text` looks like an XML document (its first non-blank
/// character is `<`), the sign that [`Format::Auto`](super::read::Format)
/// reads it as a Legespiel configuration.
pub(crate) fn looks_like_xml(text: &str) -> bool {
    text.trim_start().starts_with('<')
}

/// Parses a Legespiel configuration; `file` names it in error messages
/// (`Format::Legespiel.parse`).
pub(crate) fn parse(text: &str, file: &str) -> Result<Puzzle> {
    let doc = Document::parse(text).map_err(|e| {
        let pos = e.pos();
        let said = e.to_string();
        let what = said
            .strip_suffix(&format!(" at {}:{}", pos.row, pos.col))
            .unwrap_or(&said);
        // The parser places an early end at 1:1: it is where the text ends.
        let (line, column) = match e {
            roxmltree::Error::UnexpectedEndOfStream | roxmltree::Error::UnclosedRootNode => {
                crate::error::place::line_column(text, text.len())
            }
            _ => (pos.row as usize, pos.col as usize),
        };
        parse_error(file, line, column, format!("not a valid XML file: {what}"))
    })?;
    let cx = XmlFile { file, doc: &doc };
    let root = doc.root_element();
    if root.tag_name().name() != "legespielConfiguration" {
        return Err(cx.at(
            root.range().start,
            format!(
                "`<{}>`: expected a Legespiel configuration `<legespielConfiguration>`",
                excerpt(root.tag_name().name())
            ),
        ));
    }
    let rows = cx.number(root, "numberOfRows")?;
    let columns = cx.number(root, "numberOfColumns")?;
    if rows != columns || rows < 2 {
        let at = cx.child(root, "numberOfColumns")?.range().start;
        return Err(cx.at(
            at,
            format!("a {rows}x{columns} grid: scramble solves square grids of 2x2 or more"),
        ));
    }
    let pictures = cx.pictures(cx.child(root, "pictures")?)?;
    let cards = cx.child(root, "cards")?;
    let pieces = cx.cards(cards, &pictures.by_id)?;
    if pieces.len() != rows * columns {
        return Err(cx.at(
            cards.range().start,
            format!(
                "{} for a {rows}x{columns} grid: expected {} cards",
                crate::error::plural(pieces.len(), "card"),
                rows * columns
            ),
        ));
    }
    Ok(Puzzle::new(pieces)?.with_pattern_names(pictures.names))
}

fn parse_error(file: &str, line: usize, column: usize, message: String) -> Error {
    Error::Parse {
        file: file.to_string(),
        line,
        column,
        message,
    }
}

/// The pictures of a configuration as scramble sees them.
struct Pictures {
    /// Each picture id's picture.
    by_id: HashMap<String, Picture>,
    names: BTreeMap<Pattern, String>,
}

/// One `<picture>` element, read.
struct Declared<'a, 'input> {
    node: Node<'a, 'input>,
    id: String,
    name: String,
    matches: Vec<String>,
}

/// The file being read: its name for messages and its parsed document.
struct XmlFile<'a, 'input> {
    file: &'a str,
    doc: &'a Document<'input>,
}

impl<'a, 'input> XmlFile<'a, 'input> {
    /// An error at byte `offset` of the file.
    fn at(&self, offset: usize, message: String) -> Error {
        let pos = self.doc.text_pos_at(offset);
        parse_error(self.file, pos.row as usize, pos.col as usize, message)
    }

    /// The one `<name>` element inside `parent`: none, or a second, is an
    /// error (at the parent, or at the second).
    fn child(&self, parent: Node<'a, 'input>, name: &str) -> Result<Node<'a, 'input>> {
        let mut found = parent
            .children()
            .filter(|n| n.is_element() && n.tag_name().name() == name);
        let first = found.next().ok_or_else(|| {
            self.at(
                parent.range().start,
                format!(
                    "`<{}>` has no `<{name}>`: expected one",
                    excerpt(parent.tag_name().name())
                ),
            )
        })?;
        if let Some(second) = found.next() {
            let line = self.doc.text_pos_at(first.range().start).row;
            return Err(self.at(
                second.range().start,
                format!("a second `<{name}>` (the first is on line {line}): expected one"),
            ));
        }
        Ok(first)
    }

    fn number(&self, parent: Node<'a, 'input>, name: &str) -> Result<usize> {
        let node = self.child(parent, name)?;
        let text = node.text().unwrap_or("").trim();
        text.parse::<usize>()
            .ok()
            .filter(|&n| n <= super::MAX_GRID)
            .ok_or_else(|| {
                self.at(
                    node.range().start,
                    format!(
                        "`<{name}>` is `{}`: expected a number up to {}",
                        excerpt(text),
                        super::MAX_GRID
                    ),
                )
            })
    }

    /// The value of attribute `name` and its byte offset.
    fn attribute(&self, node: Node<'a, 'input>, name: &str) -> Result<(&'a str, usize)> {
        node.attribute_node(name)
            .map(|a| (a.value(), a.range_value().start))
            .ok_or_else(|| {
                self.at(
                    node.range().start,
                    format!(
                        "`<{}>` has no `{name}` attribute: expected one",
                        excerpt(node.tag_name().name())
                    ),
                )
            })
    }

    fn elements(&self, parent: Node<'a, 'input>, name: &str) -> Vec<Node<'a, 'input>> {
        parent
            .children()
            .filter(|n| n.is_element() && n.tag_name().name() == name)
            .collect()
    }

    /// One `<picture>`: its id (at most [`MAX_ID_CHARS`] characters), name
    /// and the ids it matches, each once. Linear in its text.
    fn declared(&self, node: Node<'a, 'input>) -> Result<Declared<'a, 'input>> {
        let (id, at) = self.attribute(node, "id")?;
        if id.trim().chars().nth(MAX_ID_CHARS).is_some() {
            return Err(self.at(
                at,
                format!(
                    "picture id `{}` is too long: expected at most {MAX_ID_CHARS} characters",
                    excerpt(id.trim())
                ),
            ));
        }
        // The pattern name keeps the first MAX_DERIVED_NAME characters:
        // a longer name is read no further than NAME_READ.
        let name = node.attribute("name").unwrap_or("");
        let name = name
            .char_indices()
            .nth(NAME_READ)
            .map_or(name, |(cut, _)| &name[..cut])
            .to_string();
        let (list, _) = self.attribute(node, "matchWithIds")?;
        let mut matches: Vec<String> = Vec::new();
        let mut seen = HashSet::new();
        for m in list
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|m| !m.is_empty())
        {
            if seen.insert(m) {
                matches.push(m.to_string());
            }
        }
        Ok(Declared {
            node,
            id: id.trim().to_string(),
            name,
            matches,
        })
    }

    /// Reads `<pictures>`: every picture's pattern and sign, and the
    /// patterns' names.
    fn pictures(&self, parent: Node<'a, 'input>) -> Result<Pictures> {
        let declared = self
            .elements(parent, "picture")
            .into_iter()
            .map(|node| self.declared(node))
            .collect::<Result<Vec<_>>>()?;
        let mut index: HashMap<&str, usize> = HashMap::new();
        for (i, d) in declared.iter().enumerate() {
            if index.insert(&d.id, i).is_some() {
                return Err(self.at(
                    d.node.range().start,
                    format!("picture id `{}` is used twice", excerpt(&d.id)),
                ));
            }
        }
        let mut by_id = HashMap::new();
        let mut names = BTreeMap::new();
        let mut taken = Taken::default();
        for (i, d) in declared.iter().enumerate() {
            if by_id.contains_key(&d.id) {
                continue;
            }
            let pattern = Pattern::new(names.len() as u32 + 1);
            let partner = self.partner(&declared, &index, i)?;
            let name = match partner {
                Some(j) if j != i => pattern_name(&d.name, &declared[j].name, &d.id),
                _ => pattern_name(&d.name, "", &d.id),
            };
            names.insert(pattern, unique(name, &mut taken));
            match partner {
                Some(j) if j == i => {
                    by_id.insert(d.id.clone(), Picture::new(pattern, Sign::Same));
                }
                Some(j) => {
                    by_id.insert(d.id.clone(), Picture::new(pattern, Sign::Plus));
                    by_id.insert(declared[j].id.clone(), Picture::new(pattern, Sign::Minus));
                }
                None => {
                    by_id.insert(d.id.clone(), Picture::new(pattern, Sign::Plus));
                }
            }
        }
        Ok(Pictures { by_id, names })
    }

    /// The one picture that picture `i` matches (itself included), `None`
    /// when it matches nothing; an error when it matches several, an
    /// unknown id, or one that does not match it back.
    fn partner(&self, declared: &[Declared], index: &HashMap<&str, usize>, i: usize) -> Result<Option<usize>> {
        let d = &declared[i];
        let named = |d: &Declared| format!("picture `{}` (id {})", excerpt(&d.name), excerpt(&d.id));
        let at = d
            .node
            .attribute_node("matchWithIds")
            .map_or(d.node.range().start, |a| a.range_value().start);
        match d.matches.as_slice() {
            [] => Ok(None),
            [one] => {
                let Some(&j) = index.get(one.as_str()) else {
                    return Err(self.at(
                        at,
                        format!("{} matches id {}, which no picture has", named(d), excerpt(one)),
                    ));
                };
                if declared[j].matches.as_slice() != [d.id.as_str()] {
                    return Err(self.at(
                        at,
                        format!(
                            "{} matches {}, which does not match it back (it matches `{}`): \
                             scramble needs matching to go both ways",
                            named(d),
                            named(&declared[j]),
                            excerpt(&declared[j].matches.join(","))
                        ),
                    ));
                }
                Ok(Some(j))
            }
            many => Err(self.at(
                at,
                format!(
                    "{} matches {} pictures (ids {}): scramble can only express a picture that matches \
                     exactly one other picture, or only itself",
                    named(d),
                    many.len(),
                    excerpt(&many.join(", "))
                ),
            )),
        }
    }

    /// Reads `<cards>`: one piece per card, north east south west.
    fn cards(&self, parent: Node<'a, 'input>, by_id: &HashMap<String, Picture>) -> Result<Vec<Piece>> {
        self.elements(parent, "card")
            .into_iter()
            .map(|card| {
                let mut sides = [Picture::plus(1); 4];
                for (side, name) in sides.iter_mut().zip(["north", "east", "south", "west"]) {
                    let (id, at) = self.attribute(card, name)?;
                    *side = *by_id.get(id.trim()).ok_or_else(|| {
                        self.at(
                            at,
                            format!(
                                "`{name}` is picture id `{}`, which no `<picture>` declares",
                                excerpt(id)
                            ),
                        )
                    })?;
                }
                Ok(Piece::new(sides))
            })
            .collect()
    }
}

/// A pattern name from its pictures' names: the words they share, or both
/// names joined (one name for a self-matching or unmatched picture), made an
/// identifier of the text format; `picture<id>` when nothing is left.
fn pattern_name(first: &str, second: &str, id: &str) -> String {
    let words = |name: &str| -> Vec<String> {
        nfc(name)
            .split(|c: char| !(c.is_alphanumeric() || unicode_normalization::char::is_combining_mark(c)))
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    let (a, b) = (words(first), words(second));
    let shared: Vec<String> = a
        .iter()
        .zip(&b)
        .take_while(|(x, y)| x == y)
        .map(|(x, _)| x.clone())
        .collect();
    let chosen = if !shared.is_empty() && shared.iter().any(|w| w.chars().any(char::is_alphabetic)) {
        shared
    } else {
        a.into_iter().chain(b).collect()
    };
    let joined = chosen.join("_");
    let name = match joined.as_str() {
        "" if is_identifier(&format!("p{id}")) => format!("picture{id}"),
        "" => "picture".to_string(),
        name if is_identifier(name) => joined,
        _ => format!("p{joined}"),
    };
    match name.char_indices().nth(MAX_DERIVED_NAME) {
        Some((cut, _)) => name[..cut].to_string(),
        None => name,
    }
}

/// The pattern names given so far (as the look-alike warning compares
/// them: ignoring case), and for each name the next `_k` to try.
#[derive(Default)]
struct Taken {
    names: HashSet<String>,
    next: HashMap<String, usize>,
}

/// `name`, or `name_2`, `name_3`, ... when taken. Each name's next `k`
/// is remembered, so `m` pictures of one name take `O(m)` tries, not
/// `O(m^2)`.
fn unique(name: String, taken: &mut Taken) -> String {
    let key = name.to_lowercase();
    if taken.names.insert(key.clone()) {
        return name;
    }
    let k = taken.next.entry(key).or_insert(2);
    loop {
        let candidate = format!("{name}_{k}");
        *k += 1;
        if taken.names.insert(candidate.to_lowercase()) {
            return candidate;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(pictures: &str, cards: &str, n: usize) -> String {
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<legespielConfiguration xmlns=\"http://whatsoftwarecando.org\">\n\
             <numberOfRows>{n}</numberOfRows>\n<numberOfColumns>{n}</numberOfColumns>\n\
             <pictures>\n{pictures}</pictures>\n<cards>\n{cards}</cards>\n</legespielConfiguration>\n"
        )
    }

    const PAIRS: &str = "<picture id=\"1\" name=\"Bär 1\" matchWithIds=\"2\" />\n\
                         <picture id=\"2\" name=\"Bär 2\" matchWithIds=\"1\" />\n\
                         <picture id=\"3\" name=\"0-0\" matchWithIds=\"3\" />\n";

    fn card(n: &str, e: &str, s: &str, w: &str) -> String {
        format!("<card north=\"{n}\" west=\"{w}\" east=\"{e}\" south=\"{s}\" />\n")
    }

    fn err(text: &str) -> String {
        parse(text, "p.xml").unwrap_err().to_string()
    }

    #[test]
    fn pairs_become_patterns_and_a_self_match_a_self_matching_one() {
        let cards = card("1", "2", "3", "3").repeat(4);
        let puzzle = parse(&config(PAIRS, &cards, 2), "p.xml").unwrap();
        assert_eq!(puzzle.piece_text(0), "Bär+ Bär- p0_0= p0_0=");
        assert!(puzzle.pieces()[0].side(2).is_self_matching());
        let again: Puzzle = puzzle.to_string().parse().unwrap();
        assert_eq!(again, puzzle, "the text format reads the names back");
    }

    #[test]
    fn names_that_share_nothing_are_joined_and_kept_apart() {
        assert_eq!(pattern_name("Kopf", "Schwanz", "1"), "Kopf_Schwanz");
        assert_eq!(
            pattern_name("Rot (nach links) oben", "Rot (nach links) unten", "1"),
            "Rot_nach_links"
        );
        assert_eq!(pattern_name("", "", "7"), "picture7");
        let mut taken = Taken::default();
        assert_eq!(unique("Rot".into(), &mut taken), "Rot");
        assert_eq!(unique("rot".into(), &mut taken), "rot_2");
        assert_eq!(unique("Rot_3".into(), &mut taken), "Rot_3");
        assert_eq!(unique("ROT".into(), &mut taken), "ROT_4", "the next k skips one taken");
    }

    #[test]
    fn a_file_cut_short_is_named_where_it_ends() {
        let whole = config(PAIRS, &card("1", "2", "3", "3").repeat(4), 2);
        let cut = &whole[..whole.find("<cards>").unwrap() + 3];
        let line = cut.matches('\n').count() + 1;
        let mid_value = &whole[..whole.find("Bär 2").unwrap()];
        assert!(
            err(mid_value).ends_with(": unexpected end of stream"),
            "{}",
            err(mid_value)
        );
        assert!(err(mid_value).starts_with(&format!("p.xml:{}:", mid_value.matches('\n').count() + 1)));
        assert_eq!(
            err(cut),
            format!("p.xml:{line}:4: not a valid XML file: the root node was opened but never closed")
        );
    }

    #[test]
    fn a_second_element_of_one_kind_is_refused_where_it_stands() {
        let cards = card("1", "2", "3", "3").repeat(4);
        let good = config(PAIRS, &cards, 2);
        let rows = good.replace(
            "<numberOfRows>2</numberOfRows>",
            "<numberOfRows>2</numberOfRows><numberOfRows>3</numberOfRows>",
        );
        assert_eq!(
            err(&rows),
            "p.xml:3:31: a second `<numberOfRows>` (the first is on line 3): expected one"
        );
        let twice = good.replace("</cards>\n", &format!("</cards>\n<cards>\n{cards}</cards>\n"));
        assert!(
            err(&twice).contains("a second `<cards>` (the first is on line 10)"),
            "{}",
            err(&twice)
        );
        let pictures = good.replace("<cards>", &format!("<pictures>{PAIRS}</pictures>\n<cards>"));
        assert!(err(&pictures).contains("a second `<pictures>`"), "{}", err(&pictures));
    }

    #[test]
    fn a_picture_matching_nothing_is_allowed() {
        let pictures =
            "<picture id=\"1\" name=\"A\" matchWithIds=\"\" />\n<picture id=\"2\" name=\"B\" matchWithIds=\"2\" />\n";
        let puzzle = parse(&config(pictures, &card("1", "2", "2", "2").repeat(4), 2), "p.xml").unwrap();
        assert_eq!(puzzle.piece_text(0), "A+ B= B= B=");
    }

    #[test]
    fn relations_scramble_cannot_express_name_the_picture() {
        let cards = card("1", "2", "3", "3").repeat(4);
        let two = PAIRS.replace("matchWithIds=\"3\"", "matchWithIds=\"3,1\"");
        let e = err(&config(&two, &cards, 2));
        assert!(
            e.starts_with("p.xml:8:42: picture `0-0` (id 3) matches 2 pictures (ids 3, 1): scramble can only express"),
            "{e}"
        );
        let one_way = PAIRS.replace("matchWithIds=\"1\"", "matchWithIds=\"3\"");
        assert!(
            err(&config(&one_way, &cards, 2))
                .contains("picture `Bär 1` (id 1) matches picture `Bär 2` (id 2), which does not match it back")
        );
        let unknown = PAIRS.replace("matchWithIds=\"2\"", "matchWithIds=\"9\"");
        assert!(err(&config(&unknown, &cards, 2)).contains("matches id 9, which no picture has"));
    }

    #[test]
    fn every_fixture_reads_as_it_is_and_round_trips_through_the_text_format() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/legespiel");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "xml"))
            .collect();
        files.sort();
        assert_eq!(files.len(), 93);
        let mut self_matching = 0;
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let puzzle = parse(&text, &path.display().to_string()).unwrap();
            let rows: usize = text
                .split("<numberOfRows>")
                .nth(1)
                .unwrap()
                .split('<')
                .next()
                .unwrap()
                .trim()
                .parse()
                .unwrap();
            assert_eq!(puzzle.size(), rows, "{}", path.display());
            self_matching += usize::from(!puzzle.self_matching_patterns().is_empty());
            // Read back, the text names the same picture on the same side of
            // the same card (the internal pattern numbers may differ).
            let again: Puzzle = puzzle.to_string().parse().unwrap();
            assert_eq!(again.to_string(), puzzle.to_string(), "{}", path.display());
        }
        assert_eq!(self_matching, 13, "the files with a picture that matches itself");
    }

    #[test]
    fn bad_files_get_file_line_and_column() {
        let cards = card("1", "2", "3", "3").repeat(4);
        let e = err(&config(PAIRS, &cards.replace("south=\"3\"", "south=\"8\""), 2));
        assert!(
            e.starts_with("p.xml:11:42: `south` is picture id `8`, which no `<picture>` declares"),
            "{e}"
        );
        assert!(err(&config(PAIRS, &cards, 3)).starts_with("p.xml:10:1: 4 cards for a 3x3 grid: expected 9 cards"));
        let e = err("<a></b>");
        assert_eq!(e, "p.xml:1:4: not a valid XML file: expected 'a' tag, not 'b'");
        assert!(err("<puzzle/>").starts_with("p.xml:1:1: `<puzzle>`: expected a Legespiel configuration"));
        let no_cards = config(PAIRS, &cards, 2)
            .replace("<cards>", "<kards>")
            .replace("</cards>", "</kards>");
        assert!(err(&no_cards).contains("`<legespielConfiguration>` has no `<cards>`"));
        let oblong = config(PAIRS, &cards, 2).replace("<numberOfRows>2<", "<numberOfRows>3<");
        assert!(err(&oblong).contains("a 3x2 grid: scramble solves square grids"));
    }
}
