//! What a study gives its front-end: the [`Report`] (the text to print, the
//! JSON documents, whether it ran to the end, the files to write), and
//! the parts every study's report shares: the `complete` and `stopped`
//! keys, the `plots:` line, the `partial:` line.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::plot::Plot;
use crate::Result;
use crate::context::Stop;

/// A study's report, assembled whole: a front-end prints [`Report::text`]
/// or [`Report::documents`], writes [`Report::files`] into the folder it
/// gave [`run`](super::run), and tells a partial report
/// ([`Report::complete`]) apart.
#[derive(Debug)]
pub struct Report {
    pub(super) text: String,
    pub(super) documents: Vec<Document>,
    pub(super) complete: bool,
    pub(super) files: Files,
}

impl Report {
    /// A report of one JSON document.
    pub(super) fn of(text: String, document: Document, finished: Finished, files: Files) -> Report {
        Report {
            text,
            documents: vec![document],
            complete: finished.complete,
            files,
        }
    }

    /// The report as text: its tables, the `plots:` line of a study that
    /// draws plots and, when stopped, a `partial:` line saying what it
    /// covers.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The report as JSON objects: one, or one per puzzle file for the
    /// heuristics study on files. Each carries `complete` and, when
    /// stopped, `stopped` (`interrupted` when the stop's flag was raised,
    /// else `time-limit`).
    pub fn documents(&self) -> &[impl Serialize] {
        &self.documents
    }

    /// False when the context's stop came first: the report covers what
    /// was finished and has no files.
    pub fn complete(&self) -> bool {
        self.complete
    }

    /// The files to write into the folder, as one set (names relative to
    /// it, SVG or text contents): the plots first, then any other file.
    /// Empty when stopped, without a folder, or for a study that writes
    /// none; the report names them at their paths in the folder.
    pub fn files(&self) -> &[(PathBuf, String)] {
        &self.files
    }
}

/// Files to write into a folder: names inside it, contents.
type Files = Vec<(PathBuf, String)>;

/// One JSON document of a report, whichever study made it.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(super) enum Document {
    Heuristics(super::heuristics::Json),
    PuzzleFile(super::heuristics::FileRun),
    Factorial(super::heuristics::factorial::Json),
    Uniqueness(super::uniqueness::Json),
    Repetitions(super::repetitions::Json),
}

/// Whether a study finished, and why not: the `complete` and `stopped`
/// keys of every study's report.
#[derive(Clone, Copy, Debug, Serialize)]
pub(super) struct Finished {
    /// False when the run was stopped before the end.
    pub complete: bool,
    /// Why an incomplete run stopped: `interrupted` or `time-limit`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<&'static str>,
}

impl Finished {
    /// `complete`, and when not, why `stop` was reached.
    pub(super) fn new(complete: bool, stop: &Stop) -> Finished {
        let why = || if stop.cancelled() { "interrupted" } else { "time-limit" };
        Finished {
            complete,
            stopped: (!complete).then(why),
        }
    }

    /// The text line of a partial report: `partial: stopped (why); covers`.
    pub(super) fn text(&self, covers: &str) -> String {
        self.stopped
            .map(|why| format!("partial: stopped ({why}); {covers}, no files written\n"))
            .unwrap_or_default()
    }

    /// The files `draw` makes (names inside the folder, contents) with
    /// their paths in `folder`, when the study writes there: it is
    /// complete and has a folder. Otherwise none, and nothing is drawn.
    pub(super) fn files(
        &self,
        folder: Option<&Path>,
        draw: impl FnOnce() -> Result<Vec<Plot>>,
    ) -> Result<(Files, Vec<PathBuf>)> {
        let Some(folder) = folder.filter(|_| self.complete) else {
            return Ok((Vec::new(), Vec::new()));
        };
        let files: Files = draw()?.into_iter().map(|(name, text)| (name.into(), text)).collect();
        let paths = files.iter().map(|(name, _)| folder.join(name)).collect();
        Ok((files, paths))
    }
}

/// `plots: a.svg b.svg`, the paths as shown to a reader.
pub(super) fn plots_text(plots: &[PathBuf]) -> String {
    let names: Vec<String> = plots.iter().map(|p| crate::error::shown_path(p)).collect();
    format!("plots: {}\n", names.join(" "))
}

/// Whether a number is 0 (for `skip_serializing_if`).
pub(super) fn is_zero(n: &u32) -> bool {
    *n == 0
}
