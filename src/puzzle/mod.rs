//! The domain: pictures, pieces, puzzles and arrangements, and the grid's
//! geometry ([`grid`]: cells, directions, turning, lattice points and the
//! rotation-class rule every search uses).
//!
//! A [`Puzzle`] is `n*n` [`Piece`]s, each four [`Picture`]s clockwise from
//! the top. Pieces are told apart by their position in the list (their
//! *color* in the recording graph), even when two look the same.
//! `Display` writes the puzzle file notation of docs/format.md, so messages, DOT
//! labels and files read the same.

mod arrangement;
pub mod edge;
pub mod generate;
pub mod grid;
mod legespiel;
mod picture;
mod piece;
pub mod read;

use std::collections::BTreeMap;
use std::fmt;

pub use arrangement::{Arrangement, Placement};
pub use picture::{Pattern, Picture, Sign};
pub(crate) use piece::DIRECTIONS;
pub use piece::Piece;

use crate::{Error, Result};

/// The longest piece name shown as a piece's label ([`Puzzle::piece_label`]);
/// longer names are shown as `#k`.
pub(crate) const LABEL_LIMIT: usize = 64;

/// The largest grid a puzzle file may describe, `MAX_GRID x MAX_GRID`
/// (4,096 pieces), in every reader: far beyond what any command solves or
/// draws, and refused while reading, before the rest of a large file is.
pub(crate) const MAX_GRID: usize = 64;

/// `n*n` pieces for an `n x n` grid, `n >= 2`.
///
/// ```
/// use scramble::Puzzle;
/// let puzzle: Puzzle = "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+".parse().unwrap();
/// assert_eq!(puzzle.size(), 2);
/// assert!(puzzle.is_repetition_free());
/// assert_eq!(puzzle.index(scramble::Picture::plus(1)), 4);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    name: String,
    size: usize,
    /// The rows of a board that is not square (a rectangle's pictures,
    /// drawn and never searched): `size` is then its columns.
    rows: Option<usize>,
    pieces: Vec<Piece>,
    piece_names: Vec<Option<String>>,
    pattern_names: BTreeMap<Pattern, String>,
}

impl Puzzle {
    /// A puzzle of `pieces`, named `puzzle`, with no piece or pattern names.
    ///
    /// Fails unless the count is `n*n` with `n >= 2`, and when a pattern is
    /// both self-matching (`X=`) and signed (`X+` or `X-`).
    pub fn new(pieces: Vec<Piece>) -> Result<Self> {
        Puzzle::on_board(pieces, None)
    }

    /// The pieces of a `columns x rows` board, for G(P) and the drawings
    /// alone when it is not square ([`Puzzle::size`] panics on it).
    ///
    /// # Errors
    /// The pieces do not fill the board, or a pattern is both
    /// self-matching and signed.
    pub(crate) fn rectangle(pieces: Vec<Piece>, columns: usize, rows: usize) -> Result<Self> {
        if columns * rows != pieces.len() || columns < 2 || rows < 2 {
            return Err(Error::InvalidPuzzle(format!(
                "{} pieces do not fill a {columns} x {rows} board",
                pieces.len()
            )));
        }
        Puzzle::on_board(pieces, Some((columns, rows)))
    }

    /// A puzzle of `pieces` on a `columns x rows` board, or on the square
    /// they fill.
    fn on_board(pieces: Vec<Piece>, shape: Option<(usize, usize)>) -> Result<Self> {
        if let Some(pattern) = mixed_pattern(&pieces) {
            return Err(Error::InvalidPuzzle(format!(
                "pattern {pattern} is both self-matching ({pattern}=) and signed ({pattern}+ or {pattern}-): \
                 a pattern's pictures either match themselves or come in + and - halves"
            )));
        }
        let count = pieces.len();
        let (size, rows) = match shape {
            Some((columns, rows)) if columns != rows => (columns, Some(rows)),
            _ => {
                let size = grid_size(count).ok_or_else(|| {
                    Error::InvalidPuzzle(format!(
                        "{count} pieces do not fill a square grid: expected {}",
                        nearest_square_counts(count)
                    ))
                })?;
                (size, None)
            }
        };
        Ok(Puzzle {
            name: "puzzle".to_string(),
            size,
            rows,
            piece_names: vec![None; count],
            pieces,
            pattern_names: BTreeMap::new(),
        })
    }

    /// The same puzzle with another name (used for `out/<name>/`).
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// The same puzzle with piece names (one optional name per piece).
    ///
    /// # Panics
    /// If the count differs from the number of pieces.
    pub(crate) fn with_piece_names(mut self, names: Vec<Option<String>>) -> Self {
        assert_eq!(names.len(), self.pieces.len(), "one name per piece");
        self.piece_names = names;
        self
    }

    /// The same puzzle with names for its patterns (`1` is `star`, ...).
    pub(crate) fn with_pattern_names(mut self, names: BTreeMap<Pattern, String>) -> Self {
        self.pattern_names = names;
        self
    }

    /// The puzzle's name: the file stem when read from a file.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The name a puzzle read from `path` gets: the file's stem made safe
    /// as a folder name (what is not a letter, digit, `_`, `-` or `.`
    /// becomes `_`), `stdin` for `-`. Pictures go to `<out>/<name>/`, so
    /// two files of one name share that folder.
    ///
    /// ```
    /// use scramble::Puzzle;
    /// assert_eq!(Puzzle::name_for_file("boxes/wizards.txt".as_ref()), "wizards");
    /// assert_eq!(Puzzle::name_for_file("a b.txt".as_ref()), Puzzle::name_for_file("a_b.txt".as_ref()));
    /// assert_eq!(Puzzle::name_for_file("-".as_ref()), "stdin");
    /// ```
    pub fn name_for_file(path: &std::path::Path) -> String {
        read::name_of(path)
    }

    /// `n` for an `n x n` grid.
    ///
    /// # Panics
    /// On the pictures of a rectangular edge-matching board
    /// ([`crate::puzzle::edge::EdgePuzzle::pictures`]): they are drawn,
    /// and no `n x n` search takes them; the solver, the frontier count,
    /// the diagnosis, the judge and the page refuse them with an error.
    pub fn size(&self) -> usize {
        assert!(
            self.rows.is_none(),
            "{}: the pictures of a rectangular board are drawn, not searched",
            self.name
        );
        self.size
    }

    /// `n` for an `n x n` grid, or an error on a rectangle's pictures: the
    /// entry points of long work ask this first, so that they refuse such a
    /// puzzle rather than reach [`Puzzle::size`]'s panic.
    pub(crate) fn square(&self) -> Result<usize> {
        match self.rows {
            None => Ok(self.size),
            Some(rows) => Err(Error::InvalidPuzzle(format!(
                "{}: the pictures of a {} x {rows} board are drawn, not searched (an n x n grid is)",
                self.name, self.size
            ))),
        }
    }

    /// The board the pieces stand on, `(columns, rows)`: `(n, n)`, or a
    /// rectangle's.
    pub(crate) fn shape(&self) -> (usize, usize) {
        (self.size, self.rows.unwrap_or(self.size))
    }

    /// The pieces in file order; the index is the piece's color.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The name given in the file, if any.
    pub fn piece_name(&self, piece: usize) -> Option<&str> {
        self.piece_names[piece].as_deref()
    }

    /// The name to show for a piece: its own name, or `#k` (1-based) when it
    /// has none or a name longer than 64 characters (`LABEL_LIMIT`; labels are
    /// repeated in every report line, witness and picture; the whole name
    /// stays in [`Puzzle::piece_name`] and the puzzle's text).
    pub fn piece_label(&self, piece: usize) -> String {
        self.piece_name(piece)
            .filter(|name| name.chars().count() <= LABEL_LIMIT)
            .map_or_else(|| format!("#{}", piece + 1), str::to_string)
    }

    /// The pattern's name as the file wrote it (`star` or `3`).
    pub fn pattern_label(&self, pattern: Pattern) -> String {
        self.pattern_names
            .get(&pattern)
            .cloned()
            .unwrap_or_else(|| pattern.to_string())
    }

    /// The picture as the file wrote it (`star+` or `3+`).
    pub fn picture_label(&self, picture: Picture) -> String {
        format!("{}{}", self.pattern_label(picture.pattern()), picture.sign().symbol())
    }

    /// Whether patterns have identifier names rather than numbers.
    pub(crate) fn has_pattern_names(&self) -> bool {
        !self.pattern_names.is_empty()
    }

    /// Whether `pattern`'s picture matches itself (`X=`, an unsigned colour).
    pub(crate) fn is_self_matching(&self, pattern: Pattern) -> bool {
        self.pieces
            .iter()
            .flat_map(Piece::sides)
            .any(|p| p.pattern() == pattern && p.is_self_matching())
    }

    #[cfg(test)]
    /// The self-matching patterns, in increasing order.
    pub(crate) fn self_matching_patterns(&self) -> Vec<Pattern> {
        self.pictures()
            .filter(|p| p.is_self_matching())
            .map(Picture::pattern)
            .collect()
    }

    /// The patterns that occur, in increasing order.
    pub fn patterns(&self) -> Vec<Pattern> {
        let mut patterns: Vec<Pattern> = self.pictures().map(Picture::pattern).collect();
        patterns.dedup();
        patterns
    }

    /// Every picture that occurs, with its index (how often it occurs),
    /// in increasing order.
    pub fn picture_indices(&self) -> BTreeMap<Picture, usize> {
        let mut counts = BTreeMap::new();
        for picture in self.pieces.iter().flat_map(Piece::sides) {
            *counts.entry(picture).or_insert(0) += 1;
        }
        counts
    }

    /// The pictures that occur, in increasing order.
    pub fn pictures(&self) -> impl Iterator<Item = Picture> {
        self.picture_indices().into_keys()
    }

    /// The index of a picture: how often it occurs on the pieces.
    pub fn index(&self, picture: Picture) -> usize {
        self.pieces
            .iter()
            .flat_map(Piece::sides)
            .filter(|&p| p == picture)
            .count()
    }

    /// Whether no piece has a repetition.
    pub fn is_repetition_free(&self) -> bool {
        !self.pieces.iter().any(Piece::has_repetition)
    }

    /// Likely typos, one line each, for warnings (not errors): pictures
    /// whose complement never occurs (no side can ever match them), and
    /// pattern names that differ only by case, by compatibility form
    /// (`ﬁsh` and `fish`, full-width letters) or by one letter (`fx` and
    /// `fox`). `O(P L^2)` for `P` names of length at most `L`.
    ///
    /// ```
    /// let puzzle: scramble::Puzzle = "fox+ cat- owl+ elk-\nfx+ cat+ owl- elk+\nfox- cat+ owl+ elk-\nfox- cat- owl- elk+".parse().unwrap();
    /// let warnings = puzzle.warnings();
    /// assert_eq!(warnings.len(), 2, "{warnings:?}");
    /// assert!(warnings[1].contains("`fox` and `fx`"));
    /// ```
    pub fn warnings(&self) -> Vec<String> {
        read::warnings(self)
    }

    /// `(piece, picture)` for every picture repeated on a piece.
    pub fn repetitions(&self) -> Vec<(usize, Picture)> {
        self.pieces
            .iter()
            .enumerate()
            .flat_map(|(i, piece)| piece.repeated().map(move |p| (i, p)))
            .collect()
    }

    /// The same puzzle with side `side` of piece `piece` showing `picture`
    /// (names kept).
    ///
    /// # Panics
    /// If `piece` or `side` is out of range.
    pub fn with_side(&self, piece: usize, side: usize, picture: Picture) -> Puzzle {
        let mut out = self.clone();
        let mut sides = out.pieces[piece].sides();
        sides[side] = picture;
        out.pieces[piece] = Piece::new(sides);
        out
    }

    /// The piece's sides as the file wrote them.
    pub fn piece_text(&self, piece: usize) -> String {
        self.pieces[piece]
            .sides()
            .iter()
            .map(|&p| self.picture_label(p))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A puzzle serializes as its file notation (its `Display`), so JSON
/// reports carry puzzles that `scramble` reads back.
impl serde::Serialize for Puzzle {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl fmt::Display for Puzzle {
    /// The puzzle file notation: one piece per line, `name: ` when named.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..self.pieces.len() {
            if let Some(name) = self.piece_name(i) {
                write!(f, "{name}: ")?;
            }
            writeln!(f, "{}", self.piece_text(i))?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Puzzle {
    type Err = Error;

    /// Reads the puzzle file notation (either format) from a string.
    fn from_str(text: &str) -> Result<Self> {
        read::parse(text, "<string>", read::Format::Auto)
    }
}

/// A pattern used both self-matching and signed, if any.
fn mixed_pattern(pieces: &[Piece]) -> Option<Pattern> {
    let mut seen: BTreeMap<Pattern, bool> = BTreeMap::new();
    for picture in pieces.iter().flat_map(Piece::sides) {
        let same = picture.is_self_matching();
        if *seen.entry(picture.pattern()).or_insert(same) != same {
            return Some(picture.pattern());
        }
    }
    None
}

/// `n` when `count == n*n` and `n >= 2`.
pub(crate) fn grid_size(count: usize) -> Option<usize> {
    let n = count.isqrt();
    (n >= 2 && n * n == count).then_some(n)
}

/// The square counts nearest to `count`, as "`a` or `b`" for messages.
pub(crate) fn nearest_square_counts(count: usize) -> String {
    let n = count.isqrt().max(2);
    let below = (n * n < count).then_some(n * n);
    let above = if n * n > count { n * n } else { (n + 1) * (n + 1) };
    match below {
        Some(b) if b >= 4 => format!("{b} or {above} pieces (n*n for an n x n grid, n >= 2)"),
        _ => format!("{above} pieces (n*n for an n x n grid, n >= 2)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_sizes() {
        assert_eq!(grid_size(4), Some(2));
        assert_eq!(grid_size(9), Some(3));
        assert_eq!(grid_size(64), Some(8));
        assert_eq!(grid_size(1), None);
        assert_eq!(grid_size(10), None);
    }

    #[test]
    fn nearest_counts_name_both_neighbours() {
        assert!(nearest_square_counts(10).starts_with("9 or 16 pieces"));
        assert!(nearest_square_counts(3).starts_with("4 pieces"));
        assert!(nearest_square_counts(8).starts_with("4 or 9 pieces"));
        assert!(nearest_square_counts(1).starts_with("4 pieces"));
    }

    #[test]
    fn a_pattern_is_either_self_matching_or_signed() {
        let same = Picture::new(Pattern::new(1), Sign::Same);
        let piece = |a| Piece::new([a, Picture::plus(2), Picture::minus(2), Picture::plus(2)]);
        let ok = Puzzle::new(vec![piece(same); 4]).unwrap();
        assert!(ok.is_self_matching(Pattern::new(1)) && !ok.is_self_matching(Pattern::new(2)));
        assert_eq!(ok.self_matching_patterns(), vec![Pattern::new(1)]);
        let mixed = vec![piece(same), piece(same), piece(same), piece(Picture::plus(1))];
        let e = Puzzle::new(mixed).unwrap_err().to_string();
        assert!(e.contains("pattern 1 is both self-matching (1=) and signed"), "{e}");
    }

    #[test]
    fn display_round_trips() {
        let text = "a: 1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\nd: 2+ 1- 2- 1+\n";
        let puzzle: Puzzle = text.parse().unwrap();
        assert_eq!(puzzle.to_string(), text);
        assert_eq!(puzzle.piece_label(1), "#2");
        assert_eq!(puzzle.piece_label(3), "d");
        let long = "n".repeat(LABEL_LIMIT + 1);
        let named: Puzzle = format!("{long}: 1+ 1- 1+ 1-\nb: 1+ 1- 1+ 1-\nc: 1+ 1- 1+ 1-\nd: 1+ 1- 1+ 1-")
            .parse()
            .unwrap();
        assert_eq!(named.piece_label(0), "#1");
        assert_eq!(named.piece_name(0), Some(long.as_str()));
        assert!(named.to_string().starts_with(&format!("{long}: ")));
    }
}
