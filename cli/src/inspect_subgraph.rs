//! `scramble inspect PUZZLE --subgraph FILE`: a subgraph H of G(P) judged
//! first by the conditions on H alone, then by the arrangement form, which
//! decides, condition by condition with witnesses; drawn alone and
//! highlighted in G(P), the first failing condition's witness edges drawn
//! too, with the grid of every solution whose kept subgraph it is. The
//! library's report (`Inspection::subgraph`) judges and draws; this reads
//! the file, writes the pictures and prints.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use scramble::output::{FileSet, Owns};
use scramble::render::Renderer;
use scramble::render::inspect::Inspection;
use scramble::{Context, Error, Puzzle, RecordingGraph};

use super::pictures::note_fallback;
use super::print_report;

/// The options of `inspect` that `--subgraph` uses.
pub struct Options {
    pub json: bool,
    pub out: PathBuf,
    pub no_pictures: bool,
    pub renderer: Renderer,
}

/// The inspection of the subgraph in `file`, or `None` when the context
/// stopped the framed search before its end.
pub fn run(
    options: &Options,
    puzzle: &Puzzle,
    graph: &RecordingGraph,
    file: &Path,
    context: &Context,
) -> anyhow::Result<Option<ExitCode>> {
    // The same size cap as puzzle files: `/dev/zero` is refused at once.
    scramble::output::mark_input(file);
    let bytes = super::input::read_file(file)?;
    let text = String::from_utf8(bytes).map_err(|_| Error::Read {
        path: file.to_path_buf(),
        reason: std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8 text: expected an edge list"),
    })?;
    let Some(mut report) = Inspection::subgraph(puzzle, &text, file, context)? else {
        return Ok(None);
    };
    let dir = super::puzzle_folder(&options.out, puzzle)?.join("inspect-subgraph");
    let files = report.pictures(puzzle, graph, options.renderer, None)?;
    if !options.no_pictures {
        report.written(FileSet::new(&dir, Owns::Folder).write(&files)?);
    }
    if let Some(used) = report.renderer() {
        note_fallback(options.renderer, used);
    }
    print_report(options.json, &report, Inspection::text)?;
    Ok(Some(super::exit_codes::Exit::found(report.found()).into()))
}
