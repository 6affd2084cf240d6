//! The native half of the Python package `scramble`: thin bindings over the
//! library's public API. Results cross as Python values or as the JSON the
//! command line prints (the Python half, `scramble/__init__.py`, turns them
//! into networkx graphs and dicts). Long calls run on a worker thread with
//! the interpreter lock released; the calling thread polls for signals and
//! sets the work's stop flag on Ctrl-C, which raises `KeyboardInterrupt`.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use scramble::puzzle::edge;
use scramble::render::inspect::Inspection;
use scramble::solve::diagnose;
use scramble::solve::frontier::FrontierCount;
use scramble::solve::{Goal, Method, Order, Search};
use scramble::{Arrangement, Context, Format, RecordingGraph, Stop};

// Named `scramble.ScrambleError`, the public name it is raised and caught by.
create_exception!(
    scramble,
    ScrambleError,
    PyException,
    "An error of scramble; `file`, `line` and `column` say where a bad puzzle file is wrong."
);

/// The library's error as a Python exception, with `file`, `line` and
/// `column` set (`None` when the error is not about a place in a file). A
/// file that cannot be opened is Python's own `OSError` for its errno
/// (`FileNotFoundError`, `PermissionError`, ...), `filename` set.
fn error(py: Python<'_>, e: scramble::Error) -> PyErr {
    if let scramble::Error::Read { path, reason } = &e
        && let Some(errno) = reason.raw_os_error()
    {
        let strerror = py
            .import("os")
            .and_then(|os| os.call_method1("strerror", (errno,)))
            .and_then(|s| s.extract::<String>())
            .unwrap_or_else(|_| reason.to_string());
        return pyo3::exceptions::PyOSError::new_err((errno, strerror, path.as_os_str().to_os_string()));
    }
    let err = ScrambleError::new_err(e.to_string());
    let (file, line, column) = match &e {
        scramble::Error::Parse { file, line, column, .. } => (Some(file.clone()), Some(*line), Some(*column)),
        _ => (None, None, None),
    };
    let value = err.value(py);
    let set = value
        .setattr("file", file)
        .and_then(|()| value.setattr("line", line))
        .and_then(|()| value.setattr("column", column));
    match set {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// Runs `work` on a worker thread inside a context stopped by a flag, with
/// the interpreter lock released; polls for signals every 20 ms and on one
/// (Ctrl-C) sets the flag, waits for the work to return and raises.
fn interruptible<R: Send>(py: Python<'_>, work: impl FnOnce(&Context) -> R + Send) -> PyResult<R> {
    interruptible_within(py, None, work)
}

/// [`interruptible`], the work's context also stopped after `limit`.
fn interruptible_within<R: Send>(
    py: Python<'_>,
    limit: Option<Duration>,
    work: impl FnOnce(&Context) -> R + Send,
) -> PyResult<R> {
    let flag = Arc::new(AtomicBool::new(false));
    let stop = Stop::never().cancelled_by(flag.clone());
    let stop = match limit {
        Some(limit) => stop.after(limit),
        None => stop,
    };
    std::thread::scope(|scope| {
        let handle = scope.spawn(|| work(&Context::new().until(&stop)));
        loop {
            if handle.is_finished() {
                return Ok(handle.join().expect("the work does not panic"));
            }
            if let Err(signal) = py.check_signals() {
                flag.store(true, Ordering::Relaxed);
                py.detach(|| handle.join()).expect("the work does not panic");
                return Err(signal);
            }
            py.detach(|| std::thread::sleep(Duration::from_millis(20)));
        }
    })
}

/// A puzzle read from a file or from text.
#[pyclass(module = "scramble._scramble", frozen)]
struct Puzzle {
    inner: scramble::Puzzle,
}

/// A solved grid as Python sees it: rows of `(piece, turn)`.
type Rows = Vec<Vec<(usize, usize)>>;

/// The rows of an arrangement: `(piece, turn)` per cell, pieces numbered
/// from 1 as in every export, turns clockwise quarter turns 0 to 3.
fn rows(arrangement: &Arrangement) -> Rows {
    arrangement
        .cells()
        .chunks(arrangement.size())
        .map(|row| row.iter().map(|p| (p.piece + 1, p.rotation)).collect())
        .collect()
}

impl Puzzle {
    /// Runs the default backtracker (spiral order, seed 0, as `scramble
    /// solve`) for `goal`, stoppable by Ctrl-C.
    fn search(&self, py: Python<'_>, goal: Goal) -> PyResult<scramble::solve::Outcome> {
        let puzzle = &self.inner;
        let method = Method::Backtrack {
            strategy: Order::Spiral.strategy(),
            seed: 0,
        };
        let outcome = interruptible(py, |context| {
            scramble::solve::run(puzzle, method, &Search::within(goal, context).without_stats())
        })?
        .map_err(|e| error(py, e))?;
        if outcome.stats.stopped {
            return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("stopped"));
        }
        Ok(outcome)
    }

    /// `work`'s JSON as Python values, run within `time_limit` seconds
    /// (a `ValueError` when that is not a positive number) with `counts`
    /// (`{picture: count}`, as pairs in the dict's order, which the library
    /// checks against the puzzle), when whether the puzzle has a solution is
    /// `solvable`; `None` otherwise.
    fn when_solvable<'py>(
        &self,
        py: Python<'py>,
        (solvable, time_limit): (bool, Option<f64>),
        counts: Option<&Bound<'py, PyDict>>,
        work: impl FnOnce(&scramble::Puzzle, &Context, &[(String, usize)]) -> scramble::Result<serde_json::Result<String>>
        + Send,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let limit = seconds(time_limit)?;
        let counts: Vec<(String, usize)> = counts.map_or(Ok(Vec::new()), |counts| {
            counts
                .iter()
                .map(|(p, n)| Ok((p.extract()?, n.extract()?)))
                .collect::<PyResult<_>>()
        })?;
        if self.search(py, Goal::First)?.found().is_some() != solvable {
            return Ok(None);
        }
        let puzzle = &self.inner;
        let found =
            interruptible_within(py, limit, |context| work(puzzle, context, &counts))?.map_err(|e| error(py, e))?;
        json_loads(py, &found.expect("a report serialises")).map(Some)
    }
}

#[pymethods]
impl Puzzle {
    /// The puzzle's name (the file's stem, or `text`).
    #[getter]
    fn name(&self) -> String {
        self.inner.name().to_string()
    }

    /// `n` of the `n x n` grid.
    #[getter]
    fn size(&self) -> usize {
        self.inner.size()
    }

    /// The pieces in the file's notation, one string per piece.
    fn pieces(&self) -> Vec<String> {
        (0..self.inner.pieces().len())
            .map(|p| self.inner.piece_text(p))
            .collect()
    }

    /// The name of piece `piece` (numbered from 1), if the file gives one.
    fn piece_name(&self, piece: usize) -> Option<String> {
        piece
            .checked_sub(1)
            .and_then(|p| self.inner.piece_name(p))
            .map(str::to_string)
    }

    /// The number of solutions modulo rotation (`scramble solve`'s count).
    fn count(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.search(py, Goal::Count { keep: 0 })?.solutions)
    }

    /// The number of distinct-looking solutions (`scramble solve`'s
    /// "looks"): solutions that differ only by swapping identical cards, or
    /// by turning a card that looks the same turned, or by turning the
    /// whole board, count once.
    fn looks(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.search(py, Goal::Count { keep: 0 })?.looks(&self.inner))
    }

    /// The exact count by the frontier (`scramble solve --method
    /// frontier`), for puzzles whose cards come in a few kinds: a dict with
    /// `solutions`, `arrangements`, `looks` (`None` when a quarter turn could
    /// keep a look), `kinds`, `states` and `primes` (0, or how many primes
    /// the dense route counted modulo), the counts as Python ints of any
    /// size. Held to the command line's 1 GiB of states: a puzzle that
    /// would pass it raises `ScrambleError`.
    fn frontier<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let puzzle = &self.inner;
        let counted = interruptible(py, |context| scramble::solve::frontier::count(puzzle, 1 << 30, context))?
            .map_err(|e| error(py, e))?
            .ok_or_else(|| pyo3::exceptions::PyKeyboardInterrupt::new_err("stopped"))?;
        frontier_dict(py, &counted)
    }

    /// The first solution in search order, as rows of `(piece, turn)`, or
    /// `None`.
    fn first(&self, py: Python<'_>) -> PyResult<Option<Rows>> {
        Ok(self.search(py, Goal::First)?.found().map(rows))
    }

    /// The first `limit` solutions in search order (`scramble solve --list`).
    /// `limit` runs from 1 to `scramble::solve::MAX_LIST` (100,000): more is
    /// a `ValueError` before any search.
    fn solutions(&self, py: Python<'_>, limit: u64) -> PyResult<Vec<Rows>> {
        let most = scramble::solve::MAX_LIST;
        if !(1..=most).contains(&limit) {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "limit {limit}: expected 1 to {most}"
            )));
        }
        Ok(self.search(py, Goal::List { limit })?.kept.iter().map(rows).collect())
    }

    /// Why the puzzle has no solution, as the dict `diagnosis` of `scramble
    /// solve --json` (`shortage`, `misfits`, `edits`: the single-picture
    /// changes that make it solvable, the likeliest typo first), or `None`
    /// when it has a solution. The search for changes stops after
    /// `time_limit` seconds (the command line's 10 by default; `None`: no
    /// limit), and then says `complete: False`. `counts`, a dict of
    /// pictures counted on the real cards (`{"purple-": 6}`, as `scramble
    /// solve --count purple-=6`), drops the changes that disagree.
    #[pyo3(signature = (time_limit = Some(diagnose::BUDGET.as_secs_f64()), counts = None))]
    fn diagnosis<'py>(
        &self,
        py: Python<'py>,
        time_limit: Option<f64>,
        counts: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.when_solvable(py, (false, time_limit), counts, |puzzle, context, counts| {
            let found = diagnose::diagnose(puzzle, context)?.counted(puzzle, counts)?;
            Ok(serde_json::to_string(&found))
        })
    }

    /// For a puzzle whose answer fails on the cards (a picture typed
    /// wrong): the dict `alternatives` of `scramble solve --wrong --json`
    /// (`one`: the single-picture changes after which the puzzle has an
    /// answer it did not have, the likeliest first), or `None` when it has
    /// no solution (see `diagnosis`). `time_limit` and `counts` as there.
    #[pyo3(signature = (time_limit = Some(diagnose::BUDGET.as_secs_f64()), counts = None))]
    fn alternatives<'py>(
        &self,
        py: Python<'py>,
        time_limit: Option<f64>,
        counts: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.when_solvable(py, (true, time_limit), counts, |puzzle, context, counts| {
            let found = diagnose::alternatives(puzzle, context)?.counted(puzzle, counts)?;
            Ok(serde_json::to_string(&found))
        })
    }

    /// G(P) as the node-link JSON of `scramble graph --format json`.
    fn node_link_json(&self) -> String {
        scramble::NodeLink::new(&self.inner, &RecordingGraph::new(&self.inner)).json()
    }

    /// G(P) as a `networkx.MultiDiGraph` with the node and edge attributes
    /// of the node-link export.
    fn recording_graph<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let data = json_loads(py, &self.node_link_json())?;
        let networkx = py.import("networkx")?;
        let named = |key: &str| -> PyResult<Bound<'py, PyDict>> {
            let kwargs = PyDict::new(py);
            kwargs.set_item(key, "edges")?;
            Ok(kwargs)
        };
        match networkx.call_method("node_link_graph", (&data,), Some(&named("edges")?)) {
            // networkx before 3.4 names the edge list "links".
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyTypeError>(py) => {
                networkx.call_method("node_link_graph", (&data,), Some(&named("link")?))
            }
            graph => graph,
        }
    }

    /// The 256 four-color subgraphs of a 2x2 puzzle as dicts (see
    /// [`Puzzle::subgraphs_json`]).
    fn subgraphs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_loads(py, &self.subgraphs_json(py)?)
    }

    /// The 256 four-color subgraphs of a 2x2 puzzle as JSON: per subgraph
    /// its edges (`4 * (piece - 1) + corner`, the exports' edge order), the
    /// four conditions with their witnesses (the shape of `scramble
    /// subgraphs --json`), Theorem 2.1's verdict, the twisted criterion and
    /// the judge.
    fn subgraphs_json(&self, py: Python<'_>) -> PyResult<String> {
        let puzzle = &self.inner;
        let graph = RecordingGraph::new(puzzle);
        let report = py
            .detach(|| Inspection::subgraphs(puzzle, &graph, false, None))
            .map_err(|e| error(py, e))?;
        let report = serde_json::to_value(&report).expect("a report serialises");
        let listed = report["listed"].as_array().map_or(&[][..], Vec::as_slice);
        let rows: Vec<serde_json::Value> = listed
            .iter()
            .map(|row| {
                let edges = row["edges"].as_array().map_or(&[][..], Vec::as_slice);
                serde_json::json!({
                    "index": row["index"],
                    "edges": edges.iter().map(|e| &e["id"]).collect::<Vec<_>>(),
                    "conditions": row["conditions"],
                    "theorem": row["theorem"],
                    "twisted": row["twisted"],
                    "judge": row["judge"],
                })
            })
            .collect();
        Ok(serde_json::Value::Array(rows).to_string())
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "<scramble.Puzzle {} ({}x{})>",
            self.inner.name(),
            self.inner.size(),
            self.inner.size()
        )
    }
}

/// `time_limit` in seconds as a duration, or a `ValueError` when it is not
/// a positive finite number.
fn seconds(time_limit: Option<f64>) -> PyResult<Option<Duration>> {
    time_limit
        .map(|s| {
            Duration::try_from_secs_f64(s)
                .ok()
                .filter(|d| !d.is_zero())
                .ok_or_else(|| {
                    pyo3::exceptions::PyValueError::new_err(format!(
                        "time_limit {s}: expected a positive number of seconds"
                    ))
                })
        })
        .transpose()
}

/// Python's own int, of any size, from `value`'s decimal digits.
fn int<'py>(py: Python<'py>, value: impl ToString) -> PyResult<Bound<'py, PyAny>> {
    py.get_type::<pyo3::types::PyInt>().call1((value.to_string(),))
}

/// A frontier count as the dict of `Puzzle.frontier()` and
/// `EdgePuzzle.frontier()`.
fn frontier_dict<'py>(py: Python<'py>, counted: &FrontierCount) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("solutions", int(py, &counted.solutions)?)?;
    dict.set_item("arrangements", int(py, &counted.arrangements)?)?;
    let looks = counted.looks.as_ref().map(|l| int(py, l)).transpose()?;
    dict.set_item("looks", looks)?;
    dict.set_item("kinds", counted.kinds)?;
    dict.set_item("states", counted.states)?;
    dict.set_item("primes", counted.primes)?;
    Ok(dict)
}

/// An edge-matching puzzle (a grey frame, unsigned colours, hints, a w x h
/// board) read from a file.
#[pyclass(module = "scramble._scramble", frozen)]
struct EdgePuzzle {
    inner: edge::EdgePuzzle,
}

impl EdgePuzzle {
    /// `board` as rows of `(piece, turn)`, pieces numbered from 1.
    fn rows(&self, board: &[(usize, u8)]) -> Rows {
        board
            .chunks(self.inner.width())
            .map(|row| row.iter().map(|&(p, t)| (p + 1, usize::from(t))).collect())
            .collect()
    }

    /// `rows` (pieces numbered from 1) as a board, or a `ValueError` when it
    /// is not `height` rows of `width` cells holding pieces 1 to `n` and
    /// turns 0 to 3.
    fn board(&self, rows: Rows) -> PyResult<Vec<(usize, u8)>> {
        let (width, height, n) = (self.inner.width(), self.inner.height(), self.inner.pieces().len());
        let shaped = rows.len() == height && rows.iter().all(|r| r.len() == width);
        let cells: Vec<(usize, usize)> = rows.into_iter().flatten().collect();
        if !shaped || cells.iter().any(|&(p, t)| !(1..=n).contains(&p) || t > 3) {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "expected {height} rows of {width} (piece, turn) pairs, pieces 1 to {n}, turns 0 to 3"
            )));
        }
        Ok(cells.into_iter().map(|(p, t)| (p - 1, t as u8)).collect())
    }
}

#[pymethods]
impl EdgePuzzle {
    /// The puzzle's name (the file's stem).
    #[getter]
    fn name(&self) -> String {
        self.inner.name().to_string()
    }

    /// Cells per row.
    #[getter]
    fn width(&self) -> usize {
        self.inner.width()
    }

    /// Rows.
    #[getter]
    fn height(&self) -> usize {
        self.inner.height()
    }

    /// The pieces as `[up, right, down, left]` colours, grey `0`.
    fn pieces(&self) -> Vec<[u32; 4]> {
        // u32, not u8: pyo3 would hand a `[u8; 4]` over as `bytes`.
        self.inner.pieces().iter().map(|p| p.map(u32::from)).collect()
    }

    /// The hints as `(row, column, piece, turn)`, pieces numbered from 1.
    fn hints(&self) -> Vec<(usize, usize, usize, u8)> {
        let width = self.inner.width();
        self.inner
            .hints()
            .iter()
            .map(|h| (h.cell / width, h.cell % width, h.piece + 1, h.turn))
            .collect()
    }

    /// The row-scan count (`scramble solve`): a dict with `solutions`
    /// (boards modulo the board's turns), `arrangements` (every board),
    /// `symmetries`, `every_rotation`, `nodes` and `candidate_tests`, the
    /// keys of `scramble solve --json`. `every_rotation` searches every
    /// turn of the board, as the field's published node counts do.
    #[pyo3(signature = (every_rotation = false))]
    fn count<'py>(&self, py: Python<'py>, every_rotation: bool) -> PyResult<Bound<'py, PyDict>> {
        let puzzle = &self.inner;
        let counted = interruptible(py, |context| puzzle.count(every_rotation, 0, context))?;
        if counted.stats.stopped {
            return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("stopped"));
        }
        let dict = PyDict::new(py);
        dict.set_item("solutions", int(py, counted.solutions)?)?;
        dict.set_item("arrangements", int(py, counted.arrangements)?)?;
        dict.set_item("symmetries", counted.symmetries)?;
        dict.set_item("every_rotation", counted.every_rotation)?;
        dict.set_item("nodes", counted.stats.nodes())?;
        dict.set_item("candidate_tests", counted.stats.candidate_tests)?;
        Ok(dict)
    }

    /// The first board in row-scan order, as rows of `(piece, turn)`, or
    /// `None`.
    fn first(&self, py: Python<'_>) -> PyResult<Option<Rows>> {
        let puzzle = &self.inner;
        let counted = interruptible(py, |context| puzzle.first(context))?;
        match counted.boards.first() {
            Some(board) => Ok(Some(self.rows(board))),
            None if counted.stats.stopped => Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("stopped")),
            None => Ok(None),
        }
    }

    /// The exact count by the frontier (`scramble solve --method
    /// frontier`), as the dict of `Puzzle.frontier()`, held to 1 GiB of
    /// states.
    fn frontier<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let puzzle = &self.inner;
        let counted = interruptible(py, |context| {
            scramble::solve::frontier::count_framed(puzzle, 1 << 30, context)
        })?
        .map_err(|e| error(py, e))?
        .ok_or_else(|| pyo3::exceptions::PyKeyboardInterrupt::new_err("stopped"))?;
        frontier_dict(py, &counted)
    }

    /// Whether `rows` (of `(piece, turn)`) is a solved board.
    fn is_solution(&self, rows: Rows) -> PyResult<bool> {
        Ok(self.inner.is_solution(&self.board(rows)?))
    }

    /// The community's `board_edges` string of `rows`: four letters per
    /// cell (`'a' + colour`, up, right, down, left), row by row.
    fn board_edges(&self, rows: Rows) -> PyResult<String> {
        Ok(self.inner.board_edges(&self.board(rows)?))
    }

    /// The community viewer's link to `rows`.
    fn viewer_link(&self, rows: Rows) -> PyResult<String> {
        Ok(self.inner.viewer_link(&self.board(rows)?))
    }

    fn __repr__(&self) -> String {
        format!(
            "<scramble.EdgePuzzle {} ({}x{}, {} hints)>",
            self.inner.name(),
            self.inner.width(),
            self.inner.height(),
            self.inner.hints().len()
        )
    }
}

/// Reads a puzzle file (`path`) in any format `scramble` reads, with the
/// interpreter lock released and Ctrl-C heard ([`read_releasing`]): a
/// `Puzzle`, or an `EdgePuzzle` for an edge-matching file.
#[pyfunction]
fn read_file(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Py<PyAny>> {
    match read_releasing(py, move || edge::AnyPuzzle::read(Path::new(&path), Format::Auto))? {
        edge::AnyPuzzle::Squares(inner) => Ok(Py::new(py, Puzzle { inner })?.into_any()),
        edge::AnyPuzzle::Edge(inner) => Ok(Py::new(py, EdgePuzzle { inner })?.into_any()),
    }
}

/// Reads a puzzle from `text`, named `name` in errors and as the puzzle's
/// name ([`read_releasing`]).
#[pyfunction]
fn read_text(py: Python<'_>, text: String, name: String) -> PyResult<Puzzle> {
    let inner = read_releasing(py, move || Format::Auto.parse(&text, &name).map(|p| p.with_name(name)))?;
    Ok(Puzzle { inner })
}

/// Runs `read` on a thread of its own while this one, the interpreter lock
/// released, polls for signals every 20 ms: other Python threads run, and
/// Ctrl-C raises at once. A read that cannot be cancelled (the open of a
/// FIFO with no writer) is left to its thread, which ends with it.
fn read_releasing<T: Send + 'static>(
    py: Python<'_>,
    read: impl FnOnce() -> scramble::Result<T> + Send + 'static,
) -> PyResult<T> {
    let (sender, mut receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || sender.send(read()));
    loop {
        // The receiver goes to the detached closure and back (it is `Send`,
        // not `Sync`).
        let (got, back) = py.detach(move || (receiver.recv_timeout(Duration::from_millis(20)), receiver));
        receiver = back;
        match got {
            Ok(read) => return read.map_err(|e| error(py, e)),
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                return Err(pyo3::exceptions::PyRuntimeError::new_err(
                    "the reading thread ended without a puzzle",
                ));
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => py.check_signals()?,
        }
    }
}

/// The totals of the census of every 2x2 puzzle over `patterns` patterns
/// (repetition-free pieces only, unless `repetition_free` is false) as the
/// JSON of `scramble verify --json`'s `totals`.
#[pyfunction]
#[pyo3(signature = (patterns, repetition_free = true))]
fn census_json(py: Python<'_>, patterns: usize, repetition_free: bool) -> PyResult<String> {
    // The library's one census entry point, as for `scramble verify`: it
    // chooses the engine and refuses what no engine holds.
    let options = scramble::census::Options {
        patterns: patterns as u64,
        repetition_free,
        keep: Some(0),
        ..scramble::census::Options::default()
    };
    let report = interruptible(py, |context| scramble::census::run(&options, context))?;
    let report = report.map_err(|e| match e {
        // `--patterns 9: expected 1 to 8 patterns`, named as Python names
        // the argument.
        scramble::Error::Unsupported(message) => {
            pyo3::exceptions::PyValueError::new_err(message.trim_start_matches("--").to_string())
        }
        e => error(py, e),
    })?;
    report
        .totals_json()
        .filter(|_| report.complete())
        .ok_or_else(|| pyo3::exceptions::PyKeyboardInterrupt::new_err("stopped"))
}

/// `json.loads(text)`.
fn json_loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

/// The totals of [`census_json`] as a dict.
#[pyfunction]
#[pyo3(signature = (patterns, repetition_free = true))]
fn census(py: Python<'_>, patterns: usize, repetition_free: bool) -> PyResult<Bound<'_, PyAny>> {
    json_loads(py, &census_json(py, patterns, repetition_free)?)
}

/// The native module.
#[pymodule]
fn _scramble(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Puzzle>()?;
    m.add_class::<EdgePuzzle>()?;
    m.add_function(wrap_pyfunction!(read_file, m)?)?;
    m.add_function(wrap_pyfunction!(read_text, m)?)?;
    m.add_function(wrap_pyfunction!(census_json, m)?)?;
    m.add_function(wrap_pyfunction!(census, m)?)?;
    m.add("ScrambleError", m.py().get_type::<ScrambleError>())?;
    m.add("JSON_SCHEMA", scramble::JSON_SCHEMA)?;
    Ok(())
}
