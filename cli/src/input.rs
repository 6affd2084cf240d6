//! Reading a puzzle (a file, a FIFO, standard input) under the run's stop:
//! a slow or silent producer (`producer | scramble solve -`, `scramble
//! solve <(producer)`) or a file slow to parse cannot hold the run past its
//! `--time-limit`, and a signal ends it (the watcher thread of `signals`
//! ends the process, naming the signal).

use std::path::Path;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use scramble::{Format, Puzzle};

/// When reading the input must give up: the run's start plus its
/// `--time-limit`, if it has one.
static DEADLINE: OnceLock<Instant> = OnceLock::new();

/// Sets the deadline of reading input to `limit` from now (once; later
/// calls change nothing).
pub fn set_time_limit(limit: Option<Duration>) {
    if let Some(limit) = limit {
        let _ = DEADLINE.set(Instant::now() + limit);
    }
}

/// The run's time limit passed while its input was still being read:
/// nothing was done; exit 3.
#[derive(Debug, thiserror::Error)]
#[error("stopped by --time-limit while reading {0}; nothing was done")]
pub struct StoppedReading(String);

/// How often the main thread looks at the clock and the signal flag while
/// another thread reads.
const POLL: Duration = Duration::from_millis(20);

/// Reads the puzzle in `path` (`-`: standard input) under the run's stop
/// (`read_under_stop`).
pub fn read_puzzle(path: &Path, format: Format) -> anyhow::Result<Puzzle> {
    scramble::output::mark_input(path);
    read_under_stop(path, move |path| scramble::read_puzzle(path, format))
}

/// The puzzle in `path` of either kind, Scramble Squares or edge-matching
/// (`scramble::puzzle::edge::read_any`), read under the run's stop.
pub fn read_any(path: &Path, format: Format) -> anyhow::Result<scramble::puzzle::edge::AnyPuzzle> {
    scramble::output::mark_input(path);
    read_under_stop(path, move |path| scramble::puzzle::edge::AnyPuzzle::read(path, format))
}

/// The bytes of `path` (`-`: standard input), at most
/// the library's file cap (16 MiB), read under the run's stop.
pub fn read_file(path: &Path) -> anyhow::Result<Vec<u8>> {
    read_under_stop(path, scramble::puzzle::read::read_limited)
}

/// `read(path)` on a helper thread while this one watches the deadline and
/// the signal flag: a FIFO or a process substitution with a slow or silent
/// writer, or a file slow to parse, holds the run no longer than its
/// `--time-limit`, and a signal ends it at once.
fn read_under_stop<T: Send + 'static>(
    path: &Path,
    read: impl FnOnce(&Path) -> scramble::Result<T> + Send + 'static,
) -> anyhow::Result<T> {
    let (sender, receiver) = std::sync::mpsc::channel();
    let owned = path.to_path_buf();
    std::thread::spawn(move || sender.send(read(&owned)));
    loop {
        match receiver.recv_timeout(POLL) {
            Ok(read) => return Ok(read?),
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                anyhow::bail!("{}: the reading thread ended without its content", shown(path))
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
        }
        super::signals::end_if_signalled();
        if DEADLINE.get().is_some_and(|at| Instant::now() >= *at) {
            return Err(StoppedReading(shown(path)).into());
        }
    }
}

/// How a message names the input `path`.
fn shown(path: &Path) -> String {
    if path == Path::new("-") {
        "standard input".to_string()
    } else {
        scramble::output::shown_path(path)
    }
}
