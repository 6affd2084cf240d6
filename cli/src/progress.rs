//! The progress bar of long commands, the one adapter from the library's
//! [`scramble::Progress`] to indicatif: drawn on stderr when it is a
//! terminal, hidden otherwise (pipes, CI, tests).
//!
//! The estimated time left is shown only once it can be trusted (see
//! [`eta`]): indicatif's own `{eta}`, weighted towards the first steps,
//! said "eta 47m" at the start of a 2.6 s `verify` run.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{HumanDuration, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// The bar's template: `{left}` is `eta`'s text (empty early on).
const TEMPLATE: &str = "{msg} {wide_bar} {human_pos}/{human_len} {elapsed}{left}";

/// The template while the work has not said its length: a spinner, not a
/// bar (indicatif draws a bar of length 0 full) nor `0/0`.
const WAITING: &str = "{spinner} {msg} {elapsed}";

/// The shortest run, and the least share of the steps (one in
/// `ETA_AFTER.1`), after which a time left is shown.
const ETA_AFTER: (Duration, u64) = (Duration::from_secs(3), 10);

/// A bar on stderr, hidden off a terminal: the indicatif bar, and for a
/// bar of steps the style it shows once its length is known.
pub struct Bar(ProgressBar, Option<ProgressStyle>);

impl Bar {
    /// A bar of `len` steps labelled `message` (`len` may be set later by
    /// `scramble::Progress::start`); a spinner while the length is 0.
    pub fn new(len: u64, message: &str) -> Bar {
        if !std::io::stderr().is_terminal() {
            return Bar(ProgressBar::hidden(), None);
        }
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
        let steps = ProgressStyle::with_template(TEMPLATE)
            .expect("a valid template")
            .with_key("left", |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let left = eta(state.pos(), state.len().unwrap_or(0), state.elapsed());
                let _ = w.write_str(&left.map_or_else(String::new, |d| format!(" (eta {:#})", HumanDuration(d))));
            });
        let bar = Bar(bar, Some(steps));
        bar.show_length(len);
        bar.0.set_message(message.to_string());
        // The spinner and the elapsed time move while nothing advances.
        bar.0.enable_steady_tick(Duration::from_millis(200));
        bar
    }

    /// A spinner labelled `message` with the time elapsed, for work of
    /// unknown length.
    pub fn spinner(message: &str) -> Bar {
        if !std::io::stderr().is_terminal() {
            return Bar(ProgressBar::hidden(), None);
        }
        let spinner = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        spinner.set_style(ProgressStyle::with_template(WAITING).expect("a valid template"));
        spinner.set_message(message.to_string());
        spinner.enable_steady_tick(Duration::from_millis(200));
        Bar(spinner, None)
    }

    /// A spinner that counts what the work reports as nodes, with their
    /// rate (a search's placements); hidden when stderr is not a terminal.
    pub fn nodes(message: &str) -> Bar {
        let bar = Bar::spinner(message);
        let rate = |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.1} M nodes/s", state.per_sec() / 1e6);
        };
        bar.0.set_style(
            ProgressStyle::with_template("{spinner} {msg} {elapsed}: {human_pos} nodes, {rate}")
                .expect("a valid template")
                .with_key("rate", rate),
        );
        bar
    }

    /// Removes the bar from the terminal.
    pub fn finish_and_clear(&self) {
        self.0.finish_and_clear();
    }

    /// A bar of steps shows its steps once it has a length, a spinner
    /// before (`shows_steps`).
    fn show_length(&self, len: u64) {
        if let Some(steps) = &self.1 {
            let style = if shows_steps(len) {
                steps.clone()
            } else {
                ProgressStyle::with_template(WAITING).expect("a valid template")
            };
            self.0.set_style(style);
        }
    }
}

impl scramble::Progress for Bar {
    fn start(&self, total: u64) {
        self.0.set_length(total);
        self.show_length(total);
    }
    fn advance(&self, n: u64) {
        self.0.inc(n);
    }
    fn phase(&self, name: &str) {
        self.0.reset();
        self.0.set_length(0);
        self.show_length(0);
        self.0.set_message(name.to_string());
    }
}

/// Whether a bar of `len` steps draws them: not while its length is 0
/// (not said yet), when a full bar and `0/0` would mislead.
fn shows_steps(len: u64) -> bool {
    len > 0
}

/// A bar of `len` steps labelled `message`.
pub fn bar(len: u64, message: &str) -> Bar {
    Bar::new(len, message)
}

/// A node-counting spinner: `Bar::nodes`.
pub fn nodes(message: &str) -> Bar {
    Bar::nodes(message)
}

/// The time left after `done` of `total` steps in `elapsed`, at the average
/// rate so far; `None` until at least `ETA_AFTER` (3 s and 10% of the
/// steps) has passed, and when there is nothing left to do. Early steps say
/// little about the rest of a census or a study, so no estimate is better
/// than a wild one.
fn eta(done: u64, total: u64, elapsed: Duration) -> Option<Duration> {
    let (min_elapsed, share) = ETA_AFTER;
    if done == 0 || done >= total || elapsed < min_elapsed || done.saturating_mul(share) < total {
        return None;
    }
    let left = elapsed.as_nanos() * u128::from(total - done) / u128::from(done);
    Some(Duration::from_nanos(u64::try_from(left).unwrap_or(u64::MAX)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fmt::Write as _;

    #[test]
    fn no_steps_before_the_work_says_how_many() {
        assert!(!shows_steps(0));
        assert!(shows_steps(1));
    }

    #[test]
    fn no_eta_early_in_a_run() {
        // A 2.6 s verify run once said "eta 47m" at once.
        for (done, total, ms) in [(1, 1000, 50), (0, 1000, 5000), (99, 1000, 20_000), (900, 1000, 2600)] {
            assert_eq!(
                eta(done, total, Duration::from_millis(ms)),
                None,
                "{done}/{total} {ms} ms"
            );
        }
        assert_eq!(eta(5, 0, Duration::from_secs(9)), None, "no length yet");
        assert_eq!(eta(10, 10, Duration::from_secs(9)), None, "done");
    }

    #[test]
    fn eta_at_the_average_rate_once_shown() {
        let left = eta(250, 1000, Duration::from_secs(4)).unwrap();
        assert_eq!(left, Duration::from_secs(12));
        let left = eta(100, 1000, Duration::from_secs(3)).unwrap();
        assert_eq!(left, Duration::from_secs(27));
    }

    #[test]
    fn the_template_has_no_indicatif_eta() {
        assert!(!TEMPLATE.contains("{eta"), "{TEMPLATE}");
        let mut text = String::new();
        let _ = write!(text, "{:#}", HumanDuration(Duration::from_secs(27)));
        assert_eq!(text, "27s");
    }
}
