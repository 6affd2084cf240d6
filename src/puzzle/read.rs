//! Reading puzzle files: the text format, the CodeProject card format and
//! (in `puzzle::legespiel`) Legespiel-Solver XML.
//!
//! text format: one piece per line, four pictures clockwise from the top,
//! separated by whitespace, an optional `name:` prefix, `#` comments. A
//! picture is a pattern and a sign: `3+`, `star-`, or `moon=` for a picture
//! that matches itself. Names may use any Unicode letters and digits; they
//! are normalised to NFC, so two spellings of `Bär` are one name.
//! Card format: `0 | HEAD-VIOLET | TAIL-BLUE | HEAD-VIOLET | HEAD-YELLOW`
//! (HEAD is `+`, TAIL is `-`, the color is the pattern).
//!
//! Every error names the file, the 1-based line and column (in characters)
//! and what was expected. Reading is linear in the size of the file.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use unicode_normalization::UnicodeNormalization;

use super::{Pattern, Picture, Piece, Puzzle, Sign, grid_size, nearest_square_counts};
use crate::{Error, Result};

/// Which notation a file uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Format {
    /// Legespiel XML when the file starts with `<`, else card format when
    /// the first piece's line holds a `|`, text format otherwise.
    #[default]
    Auto,
    /// `name: 1+ 2- 3+ 4-`.
    Spec,
    /// `0 | HEAD-VIOLET | TAIL-BLUE | HEAD-VIOLET | HEAD-YELLOW`.
    Card,
    /// A Legespiel-Solver XML configuration (`<legespielConfiguration>`).
    Legespiel,
    /// An edge-matching puzzle with a grey frame: the eternity2.dev Puzzle
    /// JSON, `U R D L` lines of colour numbers, or Heule's `em` format
    /// (docs/edge-matching.md); `auto` knows them by a first `{` or lines of
    /// numbers only.
    Edge,
}

impl Format {
    /// Reads a puzzle from `text` in this notation; `file` names it in
    /// error messages. Linear in the length of `text`.
    ///
    /// ```
    /// use scramble::Format;
    /// let xml = r#"<legespielConfiguration><numberOfRows>2</numberOfRows><numberOfColumns>2</numberOfColumns>
    /// <pictures><picture id="1" name="Rot" matchWithIds="1"/><picture id="2" name="Kopf" matchWithIds="3"/>
    /// <picture id="3" name="Schwanz" matchWithIds="2"/></pictures>
    /// <cards><card north="1" east="2" south="3" west="1"/><card north="1" east="2" south="3" west="1"/>
    /// <card north="1" east="2" south="3" west="1"/><card north="1" east="2" south="3" west="1"/></cards>
    /// </legespielConfiguration>"#;
    /// let puzzle = Format::Legespiel.parse(xml, "x.xml").unwrap();
    /// assert_eq!(puzzle.piece_text(0), "Rot= Kopf_Schwanz+ Kopf_Schwanz- Rot=");
    /// let error = Format::Spec.parse("1+ 2+ 3+", "short.txt").unwrap_err();
    /// assert!(error.to_string().contains("short.txt"), "{error}");
    /// ```
    pub fn parse(self, text: &str, file: &str) -> Result<Puzzle> {
        parse(text, file, self)
    }
}

/// The largest file [`read_puzzle`] reads: 16 MiB, far beyond any real
/// puzzle (a 64x64 puzzle takes about 100 KB), small enough that a wrong
/// path such as `/dev/zero` is refused at once instead of filling memory.
pub(crate) const MAX_FILE_BYTES: u64 = 16 << 20;

/// Reads the puzzle in `path` (`-` is standard input); the puzzle is named
/// after the file stem, made safe as a folder name by `safe_name`
/// (`stdin` for standard input). Files beyond `MAX_FILE_BYTES` are
/// refused.
///
/// ```no_run
/// let puzzle = scramble::read_puzzle("fixtures/paper2x2.txt".as_ref(), Default::default()).unwrap();
/// assert_eq!(puzzle.name(), "paper2x2");
/// ```
pub fn read_puzzle(path: &Path, format: Format) -> Result<Puzzle> {
    let (text, file, name) = read_text(path)?;
    if format == Format::Edge || (format == Format::Auto && is_edge_text(&text)) {
        return Err(Error::Unsupported(format!(
            "{file}: an edge-matching puzzle: `solve`, `estimate`, `show`, `export` and `graph` read it (docs/edge-matching.md), this command reads Scramble Squares puzzles"
        )));
    }
    Ok(parse(&text, &file, format)?.with_name(name))
}

/// Whether `text` is an edge-matching file (`crate::puzzle::edge`): its first line
/// (without `#` comments) starts with `{` or holds colour numbers only. The
/// first line decides, so that a typo further down is reported on its line.
pub(crate) fn is_edge_text(text: &str) -> bool {
    let first = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .find(|l| !l.is_empty());
    first.is_some_and(|l| l.starts_with('{') || l.chars().all(|c| c.is_ascii_digit() || c.is_whitespace() || c == ','))
}

/// The text of `path` (`-`: standard input), the file as messages name it
/// and the puzzle's name (the file stem, made safe, or `stdin`).
pub(crate) fn read_text(path: &Path) -> Result<(String, String, String)> {
    let stdin = path == Path::new("-");
    let bytes = read_limited(path)?;
    let file = if stdin {
        "<stdin>".to_string()
    } else {
        crate::error::shown_path(path)
    };
    let text = String::from_utf8(bytes).map_err(|e| not_utf8(&file, e.as_bytes(), e.utf8_error()))?;
    Ok((text, file, name_of(path)))
}

/// [`Puzzle::name_for_file`].
pub(crate) fn name_of(path: &Path) -> String {
    match path.file_stem() {
        Some(stem) if path != Path::new("-") => safe_name(&stem.to_string_lossy()),
        _ => "stdin".to_string(),
    }
}

/// The bytes of `path` (`-` is standard input), refused beyond
/// `MAX_FILE_BYTES` with a message naming the file and the limit; a UTF-8
/// byte order mark at the start (which some editors write) is dropped, so
/// every format reads such a file as it reads one without.
pub fn read_limited(path: &Path) -> Result<Vec<u8>> {
    use std::io::Read;
    let read_error = |reason| Error::Read {
        path: path.to_path_buf(),
        reason,
    };
    let source: Box<dyn Read> = if path == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(path).map_err(read_error)?)
    };
    let mut bytes = Vec::new();
    source
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(read_error)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(read_error(std::io::Error::other(format!(
            "larger than {} MiB, the most scramble reads: expected a puzzle file",
            MAX_FILE_BYTES >> 20
        ))));
    }
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    Ok(bytes)
}

/// A puzzle name that is safe as one folder name inside `--out`: letters
/// and digits of any language (normalised to NFC), `_`, `-` and `.` are
/// kept, anything else becomes `_`, leading dots are dropped (no `..`, no
/// hidden folder), and an empty result becomes `puzzle`.
pub(crate) fn safe_name(stem: &str) -> String {
    let kept: String = nfc(stem)
        .chars()
        .map(|c| {
            if is_name_char(c) || matches!(c, '_' | '-' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    match kept.trim_start_matches('.') {
        "" => "puzzle".to_string(),
        name => name.to_string(),
    }
}

/// Likely typos in a puzzle that reads fine, one line each, for warnings
/// (not errors): pictures whose complement never occurs (no side can ever
/// match them), and pattern names that differ only by case, by compatibility
/// form (`ﬁsh` and `fish`, full-width letters) or by one letter (`fx` and
/// `fox`). Names are compared by their deletion neighbourhoods, so
/// this is `O(P L^2)` for `P` names of length at most `L`, not `O(P^2)`.
/// [`Puzzle::warnings`] gives them.
pub(crate) fn warnings(puzzle: &Puzzle) -> Vec<String> {
    let indices = puzzle.picture_indices();
    let lonely: Vec<String> = indices
        .keys()
        .filter(|p| !indices.contains_key(&p.complement()))
        .map(|&p| shown(&puzzle.picture_label(p)))
        .collect();
    let mut found = Vec::new();
    if !lonely.is_empty() {
        found.push(format!(
            "no side can match {}: the complement never occurs (a typo?)",
            listed(&lonely, " ", false)
        ));
    }
    if puzzle.has_pattern_names() {
        let names: Vec<String> = puzzle.patterns().into_iter().map(|p| puzzle.pattern_label(p)).collect();
        let pairs: Vec<String> = near_names(&names)
            .into_iter()
            .map(|(a, b)| format!("`{}` and `{}`", shown(&names[a]), shown(&names[b])))
            .collect();
        if !pairs.is_empty() {
            found.push(format!(
                "pattern names that differ only by case or one letter (a typo?): {}",
                listed(&pairs, ", ", pairs.len() >= MAX_PAIRS)
            ));
        }
    }
    found
}

/// The most items one warning lists; the rest are counted.
const MAX_LISTED: usize = 8;

/// Names compared for typos are at most this long (longer ones are no
/// typing slip, and comparing them would cost their length squared).
const MAX_TYPO_NAME: usize = 64;

/// The most near pairs [`near_names`] looks for: enough to say "many".
const MAX_PAIRS: usize = 100;

/// `a b c and 7 more`: at most [`MAX_LISTED`] items, then a count (`at
/// least` when the search for items stopped at its cap).
fn listed(items: &[String], separator: &str, at_least: bool) -> String {
    let shown = items[..items.len().min(MAX_LISTED)].join(separator);
    match (items.len().saturating_sub(MAX_LISTED), at_least) {
        (0, _) => shown,
        (more, false) => format!("{shown} and {more} more"),
        (more, true) => format!("{shown} and at least {more} more"),
    }
}

/// Pairs of names (indices, first < second) equal up to case or one letter
/// inserted, deleted or changed, ignoring case (a digit for a digit, or a
/// digit more, is a numbered name, not a slip): at most [`MAX_PAIRS`] of
/// them, names longer than [`MAX_TYPO_NAME`] skipped, so the work is linear
/// in the total length of the names.
fn near_names(names: &[String]) -> std::collections::BTreeSet<(usize, usize)> {
    let lower: Vec<Vec<char>> = names
        .iter()
        .map(|n| match n.chars().count() {
            // Compatibility forms (`ﬁ`, full-width letters) look like
            // their plain letters: compared as NFKC, ignoring case.
            0..=MAX_TYPO_NAME => n.nfkc().collect::<String>().to_lowercase().chars().collect(),
            _ => Vec::new(),
        })
        .collect();
    let deleted = |s: &[char], i: usize| -> String { s[..i].iter().chain(&s[i + 1..]).collect() };
    // Ordered maps: which pairs are found before MAX_PAIRS must not depend on
    // a hash seed.
    let mut whole: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut minus_one: BTreeMap<(usize, String), Vec<usize>> = BTreeMap::new();
    for (k, s) in lower.iter().enumerate().filter(|(_, s)| !s.is_empty()) {
        whole.entry(s.iter().collect()).or_default().push(k);
        for i in 0..s.len() {
            minus_one.entry((i, deleted(s, i))).or_default().push(k);
        }
    }
    let mut pairs = std::collections::BTreeSet::new();
    // Adds a pair; false once MAX_PAIRS are found (the warning lists a few).
    let mut add = |a: usize, b: usize| {
        if a != b {
            pairs.insert((a.min(b), a.max(b)));
        }
        pairs.len() < MAX_PAIRS
    };
    // Numbered names (`p1`, `p2`, `p12`) differ in a digit on purpose.
    let digit = |k: usize, i: usize| lower[k][i].is_numeric();
    // Same up to case, or one letter changed (same deletion at the same place).
    let same = whole.values().map(|group| (None, group));
    let changed = minus_one.iter().map(|((i, _), group)| (Some(*i), group));
    for (at, group) in same.chain(changed) {
        for (x, &a) in group.iter().enumerate() {
            for &b in &group[x + 1..] {
                if at.is_some_and(|i| digit(a, i) && digit(b, i)) {
                    continue;
                }
                if !add(a, b) {
                    return pairs;
                }
            }
        }
    }
    // One letter more: deleting it gives the other name.
    for ((i, shorter), group) in &minus_one {
        for &b in whole.get(shorter).into_iter().flatten() {
            for &a in group.iter().filter(|&&a| !digit(a, *i)) {
                if !add(a, b) {
                    return pairs;
                }
            }
        }
    }
    pairs
}

/// Parses `text`; `file` is the name used in error messages
/// ([`Format::parse`]).
pub(crate) fn parse(text: &str, file: &str, format: Format) -> Result<Puzzle> {
    // A byte order mark (Notepad writes one) is no part of the first name.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if format == Format::Legespiel || (format == Format::Auto && super::legespiel::looks_like_xml(text)) {
        return super::legespiel::parse(text, file);
    }
    let card = match format {
        // The first piece decides: one stray `|` further down is an error on
        // its own line, not a switch of the whole file.
        Format::Auto => text
            .lines()
            .map(strip_comment)
            .find(|l| !l.trim().is_empty())
            .is_some_and(|l| l.contains('|')),
        Format::Spec => false,
        Format::Card | Format::Legespiel => true,
        Format::Edge => false,
    };
    let mut reader = Reader::new(file);
    for (i, line) in text.lines().enumerate() {
        let content = strip_comment(line);
        if content.trim().is_empty() {
            continue;
        }
        let line_no = i + 1;
        if card {
            reader.card_line(line_no, content)?
        } else {
            reader.spec_line(line_no, content)?
        }
    }
    reader.finish()
}

/// Parses one piece in text notation (`1+ 2- 3+ 4-`).
pub(super) fn parse_piece(text: &str) -> Result<Piece> {
    let mut reader = Reader::new("<piece>");
    reader.spec_line(1, strip_comment(text))?;
    Ok(reader.pieces[0].1)
}

/// Where a piece was read, for messages that point back at it.
#[derive(Clone, Copy)]
struct Place {
    line: usize,
    column: usize,
}

struct Reader<'a> {
    file: &'a str,
    patterns: PatternTable,
    /// Whether each pattern was first used self-matching, and where.
    kinds: HashMap<Pattern, (bool, Place, String)>,
    names: HashMap<String, usize>,
    pieces: Vec<(Place, Piece)>,
    piece_names: Vec<Option<String>>,
}

impl<'a> Reader<'a> {
    fn new(file: &'a str) -> Self {
        Reader {
            file,
            patterns: PatternTable::default(),
            kinds: HashMap::new(),
            names: HashMap::new(),
            pieces: vec![],
            piece_names: vec![],
        }
    }

    fn error(&self, place: Place, message: impl Into<String>) -> Error {
        Error::Parse {
            file: self.file.to_string(),
            line: place.line,
            column: place.column,
            message: message.into(),
        }
    }

    fn spec_line(&mut self, line: usize, content: &str) -> Result<()> {
        let mut tokens: Vec<(usize, &str)> = tokens(content).collect();
        let mut name = None;
        if let Some(&(column, first)) = tokens.first()
            && let Some((n, rest)) = first.split_once(':')
        {
            name = Some((Place { line, column }, n.to_string()));
            tokens.remove(0);
            if !rest.is_empty() {
                tokens.insert(0, (column + n.chars().count() + 1, rest));
            }
        }
        let end = content.chars().count() + 1;
        // Each token is judged before the count, so that a wrong token (a
        // name without its colon, a stray space) is blamed, not the 5th.
        let mut pictures = Vec::with_capacity(4);
        for (i, &(column, token)) in tokens.iter().enumerate() {
            let place = Place { line, column };
            match self.picture(place, token) {
                Ok(picture) => pictures.push(picture),
                Err(_) if i == 0 && name.is_none() && tokens.len() == 5 && is_piece_name(token) => {
                    return Err(self.error(
                        place,
                        format!("`{0}` has no sign: if it names the piece, write `{0}:`", shown(token)),
                    ));
                }
                Err(e) => return Err(e),
            }
        }
        self.check_count(line, tokens.len(), tokens.get(4).map_or(end, |t| t.0), "pictures")?;
        let sides = [pictures[0], pictures[1], pictures[2], pictures[3]];
        self.push(Place { line, column: 1 }, name, Piece::new(sides))
    }

    fn card_line(&mut self, line: usize, content: &str) -> Result<()> {
        let fields: Vec<(usize, &str)> = fields(content).collect();
        let end = content.chars().count() + 1;
        if fields.len() != 5 {
            let column = fields.get(5).map_or(end, |f| f.0);
            return Err(self.error(
                Place { line, column },
                format!(
                    "a card has {}, expected 5: `name | HEAD-COLOR | TAIL-COLOR | ...` (top right bottom left)",
                    crate::error::plural(fields.len(), "field")
                ),
            ));
        }
        let (name_column, name) = fields[0];
        let name = (!name.is_empty()).then(|| {
            (
                Place {
                    line,
                    column: name_column,
                },
                name.to_string(),
            )
        });
        let mut sides = [Picture::plus(1); 4];
        for (side, &(column, field)) in sides.iter_mut().zip(&fields[1..]) {
            *side = self.card_side(Place { line, column }, field)?;
        }
        self.push(Place { line, column: 1 }, name, Piece::new(sides))
    }

    fn check_count(&self, line: usize, count: usize, column: usize, what: &str) -> Result<()> {
        if count == 4 {
            return Ok(());
        }
        let found = if count > 4 {
            format!("a {}th picture", count.min(5))
        } else {
            format!("only {}", crate::error::plural(count, what.trim_end_matches('s')))
        };
        Err(self.error(
            Place { line, column },
            format!("{found}: a piece has exactly 4 pictures, clockwise from the top (top right bottom left)"),
        ))
    }

    fn picture(&mut self, place: Place, token: &str) -> Result<Picture> {
        let Some(sign) = token.chars().last().and_then(sign_of) else {
            return Err(self.unsigned(place, token));
        };
        let name = &token[..token.len() - 1];
        let pattern = self
            .patterns
            .get(name)
            .map_err(|m| self.error(place, format!("`{}`: {m}", shown(token))))?;
        self.kind(place, token, pattern, sign)?;
        Ok(Picture::new(pattern, sign))
    }

    /// Checks that `pattern` is used either self-matching or signed, never
    /// both: the error points at the second kind of use.
    fn kind(&mut self, place: Place, token: &str, pattern: Pattern, sign: Sign) -> Result<()> {
        let same = sign == Sign::Same;
        match self.kinds.get(&pattern) {
            Some((first, at, seen)) if *first != same => {
                let (now, before) = if same {
                    ("self-matching", "signed")
                } else {
                    ("signed", "self-matching")
                };
                let message = format!(
                    "`{}` uses its pattern {now}, but `{}` (line {}, column {}) used it {before}: \
                     a pattern either has `+` and `-` halves or matches itself (`=`) everywhere",
                    shown(token),
                    shown(seen),
                    at.line,
                    at.column
                );
                Err(self.error(place, message))
            }
            Some(_) => Ok(()),
            None => {
                self.kinds.insert(pattern, (same, place, token.to_string()));
                Ok(())
            }
        }
    }

    /// What is wrong with a token that does not end in `+` or `-`, said at
    /// the character that is wrong.
    fn unsigned(&self, place: Place, token: &str) -> Error {
        let at = |i: usize| Place {
            column: place.column + i,
            ..place
        };
        let chars: Vec<char> = token.chars().collect();
        let last = chars.len() - 1;
        if let Some(ascii) = sign_lookalike(chars[last]) {
            let fixed: String = chars[..last].iter().chain([&ascii]).collect();
            return self.error(
                at(last),
                format!(
                    "`{}` (U+{:04X}) is not a sign: write `{fixed}` with the ASCII `{ascii}`",
                    chars[last],
                    u32::from(chars[last])
                ),
            );
        }
        if let Some(i) = chars.iter().position(|&c| sign_of(c).is_some()) {
            let picture: String = chars[..=i].iter().collect();
            return self.error(
                at(i + 1),
                format!(
                    "unexpected `{}` after `{}`: a picture ends with its sign; separate pictures with spaces",
                    shown(&chars[i + 1].to_string()),
                    shown(&picture)
                ),
            );
        }
        if let Some(i) = chars.iter().position(|&c| c == '|') {
            return self.error(
                at(i),
                "unexpected `|`: this file is in the text format (its first piece has no `|`); \
                 a card file has a `|` on every line",
            );
        }
        if token.bytes().all(|b| b.is_ascii_digit()) || is_identifier(token) {
            return self.error(
                place,
                format!(
                    "`{0}` has no sign: expected a picture such as `{0}+` or `{0}-`, or `{0}=` for one that matches itself",
                    shown(token)
                ),
            );
        }
        self.error(
            place,
            format!(
                "`{}` is not a picture: expected a pattern and a sign, such as `3+`, `star-` or `moon=`",
                shown(token)
            ),
        )
    }

    fn card_side(&mut self, place: Place, field: &str) -> Result<Picture> {
        let expected = "expected HEAD-COLOR or TAIL-COLOR, e.g. `HEAD-VIOLET`";
        let Some((part, color)) = field.split_once('-') else {
            return Err(self.error(place, format!("`{}` is not a card side: {expected}", shown(field))));
        };
        let sign = match part.to_ascii_uppercase().as_str() {
            "HEAD" => Sign::Plus,
            "TAIL" => Sign::Minus,
            _ => {
                let message = format!("`{}` is neither HEAD nor TAIL: {expected}", shown(part));
                return Err(self.error(place, message));
            }
        };
        let column = place.column + part.chars().count() + 1;
        // Colors ignore case, as HEAD and TAIL do: `red` is `RED`.
        let pattern = self
            .patterns
            .get(&color.to_uppercase())
            .map_err(|m| self.error(Place { column, ..place }, format!("`{}`: {m}", shown(color))))?;
        Ok(Picture::new(pattern, sign))
    }

    fn push(&mut self, place: Place, name: Option<(Place, String)>, piece: Piece) -> Result<()> {
        let most = super::MAX_GRID * super::MAX_GRID;
        if self.pieces.len() == most {
            let message = format!(
                "more than {most} pieces: scramble reads grids up to {0}x{0}",
                super::MAX_GRID
            );
            return Err(self.error(place, message));
        }
        let name = name.map(|(at, n)| (at, nfc(&n)));
        if let Some((name_place, name)) = &name {
            if !is_piece_name(name) {
                return Err(self.error(
                    *name_place,
                    format!(
                        "`{}` is not a piece name: expected letters, digits, `_` or `-` before the `:`",
                        shown(name)
                    ),
                ));
            }
            if let Some(&first) = self.names.get(name) {
                return Err(self.error(
                    *name_place,
                    format!(
                        "the piece name `{}` is used twice (first on line {first}): give each piece its own name",
                        shown(name)
                    ),
                ));
            }
            self.names.insert(name.clone(), name_place.line);
        }
        self.piece_names.push(name.map(|(_, n)| n));
        self.pieces.push((place, piece));
        Ok(())
    }

    fn finish(self) -> Result<Puzzle> {
        let count = self.pieces.len();
        let Some(&(last, _)) = self.pieces.last() else {
            return Err(self.error(
                Place { line: 1, column: 1 },
                "no pieces: expected one piece per line, four pictures clockwise from the top, e.g. `1+ 2- 3+ 4-`",
            ));
        };
        if grid_size(count).is_none() {
            return Err(self.error(
                last,
                format!(
                    "{} {} not fill a square grid: expected {}",
                    crate::error::plural(count, "piece"),
                    if count == 1 { "does" } else { "do" },
                    nearest_square_counts(count)
                ),
            ));
        }
        let pieces = self.pieces.iter().map(|&(_, p)| p).collect();
        Ok(Puzzle::new(pieces)?
            .with_piece_names(self.piece_names)
            .with_pattern_names(self.patterns.names()))
    }
}

/// Pattern names seen so far: all numbers, or all identifiers numbered in
/// order of first appearance.
#[derive(Default)]
struct PatternTable {
    identifiers: Vec<String>,
    /// Each identifier's position in `identifiers`: `get` is `O(1)`.
    index: HashMap<String, usize>,
    numbers: bool,
}

impl PatternTable {
    fn get(&mut self, name: &str) -> std::result::Result<Pattern, String> {
        let name = &nfc(name);
        if name.is_empty() {
            return Err("a picture needs a pattern before its sign: a number (`3+`) or a name (`star+`)".into());
        }
        if name.bytes().all(|b| b.is_ascii_digit()) {
            if !self.identifiers.is_empty() {
                return Err(format!(
                    "pattern names are all numbers or all identifiers, and this file already named `{}`",
                    self.identifiers[0]
                ));
            }
            let n: u32 = name
                .parse()
                .map_err(|_| "the pattern number is too large (at most 4294967295)".to_string())?;
            if n == 0 {
                return Err("pattern numbers start at 1".into());
            }
            self.numbers = true;
            return Ok(Pattern::new(n));
        }
        if !is_identifier(name) {
            return Err(
                "expected a pattern name: a number, or a letter (of any language) followed by letters, digits or `_`"
                    .into(),
            );
        }
        if name.chars().nth(super::LABEL_LIMIT).is_some() {
            return Err(format!(
                "the pattern name is {} characters long: expected at most {}",
                name.chars().count(),
                super::LABEL_LIMIT
            ));
        }
        if self.numbers {
            return Err("pattern names are all numbers or all identifiers, and this file already used numbers".into());
        }
        let index = match self.index.get(name) {
            Some(&i) => i,
            None => {
                self.identifiers.push(name.to_string());
                self.index.insert(name.to_string(), self.identifiers.len() - 1);
                self.identifiers.len() - 1
            }
        };
        Ok(Pattern::new(index as u32 + 1))
    }

    fn names(self) -> BTreeMap<Pattern, String> {
        (1..).map(Pattern::new).zip(self.identifiers).collect()
    }
}

fn sign_of(c: char) -> Option<Sign> {
    match c {
        '+' => Some(Sign::Plus),
        '-' => Some(Sign::Minus),
        '=' => Some(Sign::Same),
        _ => None,
    }
}

/// The ASCII sign a look-alike character (Unicode minus, dashes, full-width
/// signs) was probably meant to be.
fn sign_lookalike(c: char) -> Option<char> {
    match c {
        '\u{2212}' | '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{FE63}' | '\u{FF0D}' => {
            Some('-')
        }
        '\u{FF0B}' | '\u{FE62}' => Some('+'),
        _ => None,
    }
}

/// Text for a message: a short excerpt, control characters escaped.
fn shown(text: &str) -> String {
    crate::error::excerpt(text)
}

/// A pattern name: a letter of any language, then letters, digits or `_`
/// (marks such as the accent of a decomposed `é` count as part of a letter).
pub(crate) fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(char::is_alphabetic) && chars.all(|c| is_name_char(c) || c == '_')
}

/// A piece name: letters and digits of any language, `_` and `-`.
pub(crate) fn is_piece_name(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| is_name_char(c) || c == '_' || c == '-')
}

/// A letter, a digit, or a combining mark (the second half of a decomposed
/// letter, and part of many scripts' letters).
fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || unicode_normalization::char::is_combining_mark(c)
}

/// `name` in Unicode normalisation form C: `a` followed by a combining
/// diaeresis becomes `ä`, so two spellings that look the same are one name.
pub(crate) fn nfc(name: &str) -> String {
    name.nfc().collect()
}

fn strip_comment(line: &str) -> &str {
    line.split_once('#').map_or(line, |(before, _)| before)
}

/// Whitespace-separated tokens with their 1-based character columns.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut start = None;
    let mut out = vec![];
    for (byte, c) in line.char_indices().chain(std::iter::once((line.len(), ' '))) {
        column += 1;
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((column, byte)),
            (true, Some((col, b))) => {
                out.push((col, &line[b..byte]));
                start = None;
            }
            _ => {}
        }
    }
    out.into_iter()
}

/// `|`-separated fields, trimmed, with the 1-based column where each starts.
fn fields(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 1;
    line.split('|').map(move |field| {
        let lead = field.chars().take_while(|c| c.is_whitespace()).count();
        let start = column + lead;
        column += field.chars().count() + 1;
        (start, field.trim())
    })
}

fn not_utf8(file: &str, bytes: &[u8], e: std::str::Utf8Error) -> Error {
    let valid = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default();
    let line = valid.matches('\n').count() + 1;
    let column = valid.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Error::Parse {
        file: file.to_string(),
        line,
        column,
        message: format!(
            "byte 0x{:02x} is not UTF-8: expected a text file in UTF-8",
            bytes[e.valid_up_to()]
        ),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_of_safe_name_holds() {
        use crate::puzzle::read::safe_name;
        assert_eq!(safe_name("paper2x2"), "paper2x2");
        assert_eq!(safe_name(".."), "puzzle");
        assert_eq!(safe_name("a/b c"), "a_b_c");
        assert_eq!(safe_name("GlücksschweinSpiel"), "GlücksschweinSpiel");
    }

    use super::*;

    fn err(text: &str) -> String {
        parse(text, "t.txt", Format::Auto).unwrap_err().to_string()
    }

    const SQUARE: &str = "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+\n";

    #[test]
    fn reads_numbers_names_and_comments() {
        let text = format!("# a comment\n\nred: {SQUARE}");
        let p = parse(&text, "t", Format::Auto).unwrap();
        assert_eq!(p.pieces().len(), 4);
        assert_eq!(p.piece_name(0), Some("red"));
        assert_eq!(p.pieces()[0].side(1), Picture::plus(2));
    }

    #[test]
    fn reads_identifiers_in_order_of_appearance() {
        let p = parse(
            "star+ moon- sun+ cat-\na+ b+ c+ d+\na- b- c- d-\ncat+ sun- moon+ star-",
            "t",
            Format::Auto,
        )
        .unwrap();
        assert_eq!(p.picture_label(p.pieces()[0].side(1)), "moon-");
        assert_eq!(p.pieces()[0].side(1), Picture::minus(2));
        assert_eq!(p.to_string().lines().next(), Some("star+ moon- sun+ cat-"));
    }

    #[test]
    fn reads_cards() {
        let text = "0 | HEAD-VIOLET | TAIL-BLUE | HEAD-VIOLET | HEAD-YELLOW\n1 | tail-RED | HEAD-BLUE | TAIL-VIOLET | HEAD-RED\n2 | HEAD-RED | HEAD-RED | HEAD-RED | HEAD-RED\n3 | TAIL-RED | TAIL-RED | TAIL-RED | TAIL-RED\n";
        let p = parse(text, "t", Format::Auto).unwrap();
        assert_eq!(p.piece_text(0), "VIOLET+ BLUE- VIOLET+ YELLOW+");
        assert_eq!(p.piece_label(1), "1");
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(
            err("1+ 2+ 3+\n"),
            "t.txt:1:9: only 3 pictures: a piece has exactly 4 pictures, clockwise from the top (top right bottom left)"
        );
        assert!(err("1+ 2+ 3+ 4+ 5+\n").starts_with("t.txt:1:13: a 5th picture"));
        assert!(err("# c\n1+ 2 3+ 4+\n").starts_with("t.txt:2:4: `2` has no sign"));
        assert!(err("").starts_with("t.txt:1:1: no pieces"));
        assert!(
            err(&SQUARE.repeat(2)[..SQUARE.len() * 2 - 12])
                .contains("7 pieces do not fill a square grid: expected 4 or 9 pieces")
        );
        let most = super::super::MAX_GRID.pow(2);
        assert_eq!(
            err(&"1+ 2+ 3- 4-\n".repeat(10 * most)),
            format!(
                "t.txt:{}:1: more than {most} pieces: scramble reads grids up to 64x64",
                most + 1
            )
        );
        assert!(
            err("a: 1+ 2+ 3+ 4+\na: 1+ 2+ 3+ 4+\n")
                .starts_with("t.txt:2:1: the piece name `a` is used twice (first on line 1)")
        );
        assert!(err("1+ x+ 3+ 4+").starts_with("t.txt:1:4: `x+`: pattern names are all numbers"));
        assert!(err("0 | HEAD-A | FOO-B | HEAD-C | HEAD-D").starts_with("t.txt:1:14: `FOO` is neither HEAD nor TAIL"));
    }

    #[test]
    fn reads_self_matching_pictures() {
        let p = parse(
            "rot= a+ rot= a-\na- a+ rot= rot=\na+ a+ a- a-\nrot= rot= rot= rot=",
            "t",
            Format::Auto,
        )
        .unwrap();
        let same = p.pieces()[0].side(0);
        assert!(same.is_self_matching() && same.matches(same));
        assert_eq!(p.picture_label(same), "rot=");
        assert_eq!(p.to_string().lines().next(), Some("rot= a+ rot= a-"));
        assert_eq!(parse(&p.to_string(), "t", Format::Auto).unwrap(), p);
        assert!(
            err("1+ 2= 3+ 4+\n1= 2+ 3+ 4+").starts_with(
                "t.txt:2:1: `1=` uses its pattern self-matching, but `1+` (line 1, column 1) used it signed"
            )
        );
        assert!(err("1= 2= 3+ 4+\n1= 2- 3+ 4+").starts_with("t.txt:2:4: `2-` uses its pattern signed, but `2=`"));
        assert!(err("1+ 2 3+ 4+").contains("or `2=` for one that matches itself"));
    }

    #[test]
    fn names_in_any_language_are_normalised() {
        let decomposed = "Ba\u{308}r";
        let text =
            format!("Käfer: Bär+ 猫- {decomposed}- x+\nb: 猫+ Bär- x- Käfer=\nc: Käfer= Käfer= x+ x-\nd: x+ x- x+ x-");
        let p = parse(&text, "t", Format::Auto).unwrap();
        assert_eq!(p.piece_name(0), Some("Käfer"));
        assert_eq!(
            p.pieces()[0].side(2),
            Picture::minus(1),
            "NFD and NFC `Bär` are one pattern"
        );
        assert_eq!(p.picture_label(p.pieces()[0].side(1)), "猫-");
        assert_eq!(parse(&p.to_string(), "t", Format::Auto).unwrap(), p);
        // Columns count characters, not bytes.
        assert!(err("Bär+ 猫- ü x+").starts_with("t.txt:1:9: `ü` has no sign"));
        let twins: Puzzle = "ﬁsh+ fish- a+ a-\nﬁsh- fish+ a+ a-\na+ a- a+ a-\na+ a- a+ a-"
            .parse()
            .unwrap();
        let w = warnings(&twins);
        assert!(w.iter().any(|w| w.contains("`ﬁsh` and `fish`")), "{w:?}");
    }

    #[test]
    fn numbered_names_are_no_typo_but_case_still_is() {
        let named = |text: &str| near_names(&text.split(' ').map(String::from).collect::<Vec<_>>());
        assert!(named("p1 p2 p3 p12 p0_1 p0_2").is_empty());
        assert_eq!(
            named("p1 P1 cat cot cat2").into_iter().collect::<Vec<_>>(),
            [(0, 1), (2, 3)]
        );
    }

    #[test]
    fn name_glued_to_the_first_picture() {
        let p = parse(&format!("a:{SQUARE}"), "t", Format::Spec).unwrap();
        assert_eq!(p.piece_name(0), Some("a"));
        assert!(err("a:1+ 2 3+ 4+").starts_with("t.txt:1:6: `2` has no sign"));
    }

    #[test]
    fn bad_utf8_points_at_the_byte() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.txt");
        std::fs::write(&path, b"1+ 2+\n3+ \xff").unwrap();
        let e = read_puzzle(&path, Format::Auto).unwrap_err().to_string();
        assert!(
            e.ends_with("f.txt:2:4: byte 0xff is not UTF-8: expected a text file in UTF-8"),
            "{e}"
        );
    }
}
