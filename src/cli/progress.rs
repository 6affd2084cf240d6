//! The progress bar of long commands, the one adapter from the library's
//! [`scramble::Progress`] to indicatif: drawn on stderr when it is a
//! terminal, hidden otherwise (pipes, CI, tests).

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar on stderr, hidden off a terminal.
pub struct Bar(ProgressBar);

impl Bar {
    /// A bar of `len` steps labelled `message` (`len` may be set later by
    /// [`scramble::Progress::start`]).
    pub fn new(len: u64, message: &str) -> Bar {
        if !std::io::stderr().is_terminal() {
            return Bar(ProgressBar::hidden());
        }
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{msg} {wide_bar} {human_pos}/{human_len} {elapsed} (eta {eta})")
                .expect("a valid template"),
        );
        bar.set_message(message.to_string());
        Bar(bar)
    }

    /// A spinner labelled `message` with the time elapsed, for work of
    /// unknown length.
    pub fn spinner(message: &str) -> Bar {
        if !std::io::stderr().is_terminal() {
            return Bar(ProgressBar::hidden());
        }
        let spinner = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        spinner.set_style(ProgressStyle::with_template("{spinner} {msg} {elapsed}").expect("a valid template"));
        spinner.set_message(message.to_string());
        spinner.enable_steady_tick(std::time::Duration::from_millis(200));
        Bar(spinner)
    }

    /// One more step done.
    pub fn inc(&self, n: u64) {
        self.0.inc(n);
    }

    /// Removes the bar from the terminal.
    pub fn finish_and_clear(&self) {
        self.0.finish_and_clear();
    }
}

impl scramble::Progress for Bar {
    fn start(&self, total: u64) {
        self.0.set_length(total);
    }
    fn advance(&self, n: u64) {
        self.0.inc(n);
    }
}

/// A bar of `len` steps labelled `message`.
pub fn bar(len: u64, message: &str) -> Bar {
    Bar::new(len, message)
}

/// A spinner labelled `message` (see [`Bar::spinner`]).
pub fn spinner(message: &str) -> Bar {
    Bar::spinner(message)
}
