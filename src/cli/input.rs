//! Reading a puzzle from standard input under the run's stop: a slow or
//! silent producer (`producer | scramble solve -`) cannot hold the run past
//! its `--time-limit`, and a signal ends it (the watcher thread of
//! `signals` ends the process, naming the signal).

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
#[error("stopped by --time-limit while reading standard input; nothing was done")]
pub struct StoppedReading;

/// How often the main thread looks at the clock and the signal flag while
/// another thread reads.
const POLL: Duration = Duration::from_millis(20);

/// Reads the puzzle in `path` (`-`: standard input, read on a helper
/// thread while this one watches the deadline and the signal flag).
pub fn read_puzzle(path: &Path, format: Format) -> anyhow::Result<Puzzle> {
    scramble::output::inputs::mark_input(path);
    if path != Path::new("-") {
        return Ok(scramble::read_puzzle(path, format)?);
    }
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || sender.send(scramble::read_puzzle(Path::new("-"), format)));
    loop {
        match receiver.recv_timeout(POLL) {
            Ok(read) => return Ok(read?),
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                anyhow::bail!("standard input: the reading thread ended without a puzzle")
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
        }
        super::signals::end_if_signalled();
        if DEADLINE.get().is_some_and(|at| Instant::now() >= *at) {
            return Err(StoppedReading.into());
        }
    }
}
