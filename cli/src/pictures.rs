//! Pictures of the commands that draw subgraphs and solved grids
//! (`subgraphs`, `inspect`, `inspect --subgraph`): drawn first, then written
//! as one set through [`scramble::output::FileSet`]; and the lines that
//! report what was written.

use std::path::{Path, PathBuf};

use itertools::Itertools;
use petgraph::graph::EdgeIndex;
use scramble::output::{FileSet, Owns};
use scramble::render::{Drawing, Renderer, Selection, UsedRenderer, pieces_svg};
use scramble::{Arrangement, Puzzle, RecordingGraph};

use super::plural;

/// Says on stderr when `auto` had to do without Graphviz.
pub fn note_fallback(asked: Renderer, used: UsedRenderer) {
    if asked == Renderer::Auto && used == UsedRenderer::Embedded {
        super::note("scramble: Graphviz not found; drawing with the embedded renderer\n");
    }
}

/// Draws subgraphs and solved grids; nothing is written until every
/// picture is drawn.
pub struct Pictures<'a> {
    puzzle: &'a Puzzle,
    graph: &'a RecordingGraph,
    renderer: Renderer,
    used: std::cell::Cell<Option<UsedRenderer>>,
}

/// A file to write: path and contents.
pub type File = (PathBuf, String);

impl<'a> Pictures<'a> {
    pub fn new(puzzle: &'a Puzzle, graph: &'a RecordingGraph, renderer: Renderer) -> Self {
        Pictures {
            puzzle,
            graph,
            renderer,
            used: std::cell::Cell::new(None),
        }
    }

    /// Who drew the graph pictures, if any was drawn; says on stderr when
    /// `auto` had to do without Graphviz.
    pub fn used(&self) -> Option<UsedRenderer> {
        let used = self.used.get();
        if let Some(u) = used {
            note_fallback(self.renderer, u);
        }
        used
    }

    /// The puzzle drawn.
    pub fn puzzle(&self) -> &'a Puzzle {
        self.puzzle
    }

    /// `<stem>-alone.svg` and `<stem>-highlighted.svg` of `edges`, from one
    /// layout.
    pub fn edges(&self, edges: &[EdgeIndex], title: &str, dir: &Path, stem: &str) -> anyhow::Result<Vec<File>> {
        let drawing = Drawing::new(self.puzzle, self.graph, title);
        [
            ("alone", Selection::Alone(edges)),
            ("highlighted", Selection::Highlighted(edges)),
        ]
        .into_iter()
        .map(|(kind, selection)| {
            let picture = drawing.svg(selection, self.renderer, &scramble::Context::new())?;
            self.used.set(Some(picture.renderer));
            Ok((dir.join(format!("{stem}-{kind}.svg")), picture.svg))
        })
        .collect()
    }

    /// The solved grid as pieces.
    pub fn grid(&self, arrangement: &Arrangement, title: &str, path: PathBuf) -> File {
        (path, pieces_svg(self.puzzle, Some(arrangement), title))
    }
}

/// Writes `files` (paths inside `folder`) as the one set of `folder`,
/// replacing an earlier run's; returns the paths.
pub fn write_all(folder: &Path, files: Vec<File>) -> anyhow::Result<Vec<PathBuf>> {
    write_owned(folder, files, Owns::Folder)
}

/// Refuses, before any work, a run whose files planned under
/// `<out>/<puzzle>/<sub>` (replacing what `owns` names there) would replace
/// one of its inputs, by path, spelling or device and inode, existing or
/// not yet: the one check every command that writes a puzzle's files makes
/// as soon as its inputs are read (the output layer checks again when it
/// writes). Nothing to check with `--no-pictures`.
pub fn refuse_over_inputs(pictures: &super::PicturesArg, puzzle: &Puzzle, sub: &str, owns: Owns) -> anyhow::Result<()> {
    if pictures.writes() {
        let folder = super::puzzle_folder(&pictures.out, puzzle)?;
        FileSet::new(&folder.join(sub), owns).refuse()?;
    }
    Ok(())
}

/// Writes `files` (paths inside `folder`) as one set that replaces what
/// `owns` names, in one step; returns the paths.
pub fn write_owned(folder: &Path, files: Vec<File>, owns: Owns) -> anyhow::Result<Vec<PathBuf>> {
    let relative = files
        .into_iter()
        .map(|(path, text)| Ok((path.strip_prefix(folder)?.to_path_buf(), text)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(FileSet::new(folder, owns).write(&relative)?)
}

/// An arrangement as rows of `piece@rotation` with the puzzle's labels.
pub fn grid_rows(puzzle: &Puzzle, arrangement: &Arrangement) -> Vec<Vec<String>> {
    arrangement.rows(puzzle)
}

/// `pictures: 3 files in out/x/solutions/` for every folder written to.
pub fn pictures_text(pictures: &[PathBuf]) -> String {
    let folders = pictures.iter().filter_map(|p| p.parent()).dedup_with_count();
    folders
        .map(|(n, dir)| {
            format!(
                "pictures: {} in {}/\n",
                plural(n, "file"),
                scramble::output::shown_path(dir)
            )
        })
        .collect()
}
