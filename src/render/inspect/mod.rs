//! The reports of the commands that judge subgraphs of G(P): one
//! [`Inspection`] for the 256 four-color subgraphs of a 2x2 puzzle
//! ([`Inspection::subgraphs`], `scramble subgraphs`), for the subgraph a
//! solution keeps ([`Inspection::solution`], `scramble inspect`) and for a
//! subgraph given as an edge list ([`Inspection::subgraph`], `scramble
//! inspect --subgraph`). Each gives its text, its JSON document (its
//! `Serialize`, without `schema`), the pictures to write and whether what
//! it judged holds; the front-end parses flags, writes the files it is
//! given and prints.
//!
//! Edges of G(P) in the JSON are the graph export's own edge (its `id`,
//! `source`, `target`, `key`, `piece`, `corner`, `color` and `name`, as
//! [`crate::render::export::NodeLink::new`] writes it) with the text's `label`
//! beside it, so that a report's edge is found in the export by its `id`.
//! A report repeats an edge once per subgraph, so it keeps a piece's `name`
//! only when labels show it (at most `puzzle::LABEL_LIMIT`, 64,
//! characters).

mod solution;
mod subgraph;
mod subgraphs;

use std::path::{Path, PathBuf};

use itertools::Itertools;
use petgraph::graph::EdgeIndex;
use serde::Serialize;

use super::export::{EdgeData, NodeLink};
use super::{Drawing, Renderer, Selection, UsedRenderer, pieces_svg};
use crate::context::Context;
use crate::error::{plural, shown_path};
use crate::puzzle::LABEL_LIMIT;
use crate::{Arrangement, Puzzle, RecordingGraph, Result};

/// What `subgraphs`, `inspect` or `inspect --subgraph` found, ready to show.
#[derive(Clone, Debug)]
pub struct Inspection {
    body: Body,
}

#[derive(Clone, Debug)]
enum Body {
    Subgraphs(Box<subgraphs::Report>),
    Solution(Box<solution::Report>),
    Subgraph(Box<subgraph::Report>),
}

/// A file to write: its path (relative to the folder the command owns) and
/// its contents.
type File = (PathBuf, String);

impl Inspection {
    /// The report as text, as the command prints it (naming the pictures
    /// of [`Inspection::written`]).
    pub fn text(&self) -> String {
        match &self.body {
            Body::Subgraphs(r) => r.text(),
            Body::Solution(r) => r.text(),
            Body::Subgraph(r) => r.text(),
        }
    }

    /// Whether what was judged holds: no claim refuted on the 256
    /// subgraphs, the subgraph kept by a solution; always for a solution's
    /// kept subgraph.
    pub fn found(&self) -> bool {
        match &self.body {
            Body::Subgraphs(r) => !r.counterexample,
            Body::Solution(_) => true,
            Body::Subgraph(r) => r.accepted,
        }
    }

    /// The pictures, drawn by `renderer`, to write as one set: paths
    /// relative to the folder the command owns (`<puzzle>/` for the
    /// subgraphs, with `solutions/` and, for `draw`, `subgraphs/`;
    /// `<puzzle>/inspect/`; `<puzzle>/inspect-subgraph/`). `draw`: also
    /// subgraph number `draw` of the 256. The report then names who drew
    /// them ([`Inspection::renderer`]).
    pub fn pictures(
        &mut self,
        puzzle: &Puzzle,
        graph: &RecordingGraph,
        renderer: Renderer,
        draw: Option<usize>,
    ) -> Result<Vec<(PathBuf, String)>> {
        let pictures = Pictures::new(puzzle, graph, renderer);
        let files = match &self.body {
            Body::Subgraphs(r) => r.pictures(&pictures, draw)?,
            Body::Solution(r) => r.pictures(&pictures)?,
            Body::Subgraph(r) => r.pictures(&pictures)?,
        };
        *self.written_and_renderer().1 = pictures.used.get();
        Ok(files)
    }

    /// Who drew the graphs of [`Inspection::pictures`]; `None` when none
    /// was drawn.
    pub fn renderer(&self) -> Option<UsedRenderer> {
        match &self.body {
            Body::Subgraphs(r) => r.renderer,
            Body::Solution(r) => r.renderer,
            Body::Subgraph(r) => r.renderer,
        }
    }

    /// Records the pictures as written: their paths, for the text and the
    /// JSON.
    pub fn written(&mut self, paths: Vec<PathBuf>) {
        *self.written_and_renderer().0 = paths;
    }

    fn written_and_renderer(&mut self) -> (&mut Vec<PathBuf>, &mut Option<UsedRenderer>) {
        match &mut self.body {
            Body::Subgraphs(r) => (&mut r.pictures, &mut r.renderer),
            Body::Solution(r) => (&mut r.pictures, &mut r.renderer),
            Body::Subgraph(r) => (&mut r.pictures, &mut r.renderer),
        }
    }
}

impl Serialize for Inspection {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        match &self.body {
            Body::Subgraphs(r) => r.serialize(serializer),
            Body::Solution(r) => r.serialize(serializer),
            Body::Subgraph(r) => r.serialize(serializer),
        }
    }
}

/// One edge as a report gives it.
#[derive(Clone, Debug, Serialize)]
struct EdgeReport {
    #[serde(flatten)]
    edge: EdgeData,
    /// `3+->1+ #1`, as the text shows it.
    label: String,
}

/// The edges of one puzzle's G(P), as the node-link export numbers them.
struct Edges<'a> {
    puzzle: &'a Puzzle,
    exported: Vec<EdgeData>,
}

impl<'a> Edges<'a> {
    fn new(puzzle: &'a Puzzle, graph: &RecordingGraph) -> Self {
        Edges {
            puzzle,
            exported: NodeLink::new(puzzle, graph).edges,
        }
    }

    /// Edge `id` of G(P), labelled `3+->1+ #1` (tail, head, piece).
    fn report(&self, id: EdgeIndex) -> EdgeReport {
        let mut edge = self.exported[id.index()].clone();
        let label = format!(
            "{}->{} {}",
            edge.source,
            edge.target,
            self.puzzle.piece_label(edge.piece - 1)
        );
        edge.name = edge.name.take().filter(|name| name.chars().count() <= LABEL_LIMIT);
        EdgeReport { edge, label }
    }
}

/// The labels of `edges`, joined by commas, as the text shows them.
fn labels(edges: &[EdgeReport]) -> String {
    edges.iter().map(|e| e.label.as_str()).join(", ")
}

/// An arrangement as rows of `piece@rotation` with the puzzle's labels.
fn grid_rows(puzzle: &Puzzle, arrangement: &Arrangement) -> Vec<Vec<String>> {
    arrangement.rows(puzzle)
}

/// `pictures: 3 files in out/x/solutions/` for every folder written to.
fn pictures_text(pictures: &[PathBuf]) -> String {
    let folders = pictures.iter().filter_map(|p| p.parent()).dedup_with_count();
    folders
        .map(|(n, dir)| format!("pictures: {} in {}/\n", plural(n, "file"), shown_path(dir)))
        .collect()
}

/// Draws subgraphs and solved grids.
struct Pictures<'a> {
    puzzle: &'a Puzzle,
    graph: &'a RecordingGraph,
    renderer: Renderer,
    used: std::cell::Cell<Option<UsedRenderer>>,
}

impl<'a> Pictures<'a> {
    fn new(puzzle: &'a Puzzle, graph: &'a RecordingGraph, renderer: Renderer) -> Self {
        Pictures {
            puzzle,
            graph,
            renderer,
            used: std::cell::Cell::new(None),
        }
    }

    /// `<stem>-alone.svg` and `<stem>-highlighted.svg` of `edges` in `dir`,
    /// from one layout.
    fn edges(&self, edges: &[EdgeIndex], title: &str, dir: &Path, stem: &str) -> Result<Vec<File>> {
        let drawing = Drawing::new(self.puzzle, self.graph, title);
        [
            ("alone", Selection::Alone(edges)),
            ("highlighted", Selection::Highlighted(edges)),
        ]
        .into_iter()
        .map(|(kind, selection)| {
            let picture = drawing.svg(selection, self.renderer, &Context::new())?;
            self.used.set(Some(picture.renderer));
            Ok((dir.join(format!("{stem}-{kind}.svg")), picture.svg))
        })
        .collect()
    }

    /// The solved grid as pieces.
    fn grid(&self, arrangement: &Arrangement, title: &str, path: PathBuf) -> File {
        (path, pieces_svg(self.puzzle, Some(arrangement), title))
    }

    /// `<stem>-grid-<k>.svg` of every solution in `dir`, titled by `title`
    /// from the solution's rows.
    fn grids(&self, solutions: &[Arrangement], dir: &Path, stem: &str, title: impl Fn(&str) -> String) -> Vec<File> {
        let numbered = solutions.iter().enumerate();
        numbered
            .map(|(k, solution)| {
                let rows = grid_rows(self.puzzle, solution).iter().map(|r| r.join(" ")).join(" / ");
                self.grid(solution, &title(&rows), dir.join(format!("{stem}-grid-{}.svg", k + 1)))
            })
            .collect()
    }
}
