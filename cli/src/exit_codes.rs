//! The exit codes of `scramble`, named (as fd's `exit_codes.rs`): every
//! subcommand returns one of these, and README documents them.

use std::process::ExitCode;

/// Why the process ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// 0: the work was done and found what it looked for.
    Success = 0,
    /// 1: the answer is negative: no solution, or a counterexample to the
    /// paper's theorem was found.
    NotFound = 1,
    /// 2: an error (bad input, usage, I/O); a message names it.
    Error = 2,
    /// 3: stopped by `--time-limit` or Ctrl-C before the work was done; what
    /// was found so far is reported as partial.
    Stopped = 3,
}

impl Exit {
    /// `Exit::Success` when `found`, else `Exit::NotFound`.
    pub fn found(found: bool) -> Exit {
        if found { Exit::Success } else { Exit::NotFound }
    }

    /// A census's: `Stopped` when it did not go to its end, else
    /// `NotFound` when it holds a counterexample, else `Success`.
    pub fn of_census(report: &scramble::census::Report) -> Exit {
        if report.complete() {
            Exit::found(report.holds())
        } else {
            Exit::Stopped
        }
    }

    /// The graver of two outcomes, for a run over several puzzles: an
    /// error, then a stop, then a negative answer, then success.
    pub fn graver(self, other: Exit) -> Exit {
        let rank = |exit| match exit {
            Exit::Success => 0,
            Exit::NotFound => 1,
            Exit::Stopped => 2,
            Exit::Error => 3,
        };
        if rank(other) > rank(self) { other } else { self }
    }
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit as u8)
    }
}
