//! The progress bar of long commands: drawn on stderr when it is a
//! terminal, hidden otherwise (pipes, CI, tests).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar of `len` steps labelled `message`.
pub fn bar(len: u64, message: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{msg} {wide_bar} {pos}/{len} {elapsed} (eta {eta})").expect("a valid template"),
    );
    bar.set_message(message.to_string());
    bar
}
