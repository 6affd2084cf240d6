//! `-j/--threads N`, the same on every command that runs in parallel: the
//! command runs inside a [`scramble::Context`] on exactly that many threads
//! (by default every core).

use std::num::NonZeroUsize;

use scramble::Context;

/// How many threads a parallel command runs on.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct ThreadsArg {
    /// Run on exactly N threads (default: every core).
    #[arg(short = 'j', long = "threads", value_name = "N")]
    pub threads: Option<NonZeroUsize>,
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
