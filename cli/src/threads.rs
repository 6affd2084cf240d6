//! `-j/--threads N`, the same on every command that runs in parallel: the
//! command runs inside a [`scramble::Context`] on exactly that many threads
//! (by default every core).

use std::num::NonZeroUsize;

use scramble::Context;

/// How many threads a parallel command runs on.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct ThreadsArg {
    /// Run on exactly N threads, 1 to 256 (default: every core).
    #[arg(short = 'j', long = "threads", value_name = "N", value_parser = threads)]
    pub threads: Option<NonZeroUsize>,
}

/// A thread count from 1 to 256 (the library's thread cap), refused
/// (exit 2) before any thread starts.
fn threads(text: &str) -> Result<NonZeroUsize, String> {
    let max = scramble::Context::MAX_THREADS;
    text.parse::<NonZeroUsize>()
        .ok()
        .filter(|n| n.get() <= max)
        .ok_or_else(|| {
            format!(
                "expected a number of threads from 1 to {max}, found `{}`",
                scramble::output::excerpt(text)
            )
        })
}

impl ThreadsArg {
    /// The context of the command's long work: on the threads asked for.
    pub fn context(self) -> Context<'static> {
        match self.threads {
            Some(n) => Context::new().on_threads(n),
            None => Context::new(),
        }
    }

    /// Runs the whole command `work` on the threads asked for.
    pub fn install<R: Send>(self, work: impl FnOnce() -> anyhow::Result<R> + Send) -> anyhow::Result<R> {
        self.context().install(work)?
    }
}
