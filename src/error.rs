//! The library's one error type.
//!
//! Every message names the place (file, line and column where there is one)
//! and what was expected, so a user can fix the input without reading code.
//! Messages carry no trailing period; the binary prints them with `{:#}`.

use std::path::PathBuf;

pub(crate) mod place;

/// Everything that can go wrong in `scramble`.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A puzzle file that does not follow the format: `file:line:column: what`.
    #[error("{file}:{line}:{column}: {message}")]
    Parse {
        /// The file as the user named it.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column, counted in characters.
        column: usize,
        /// What was found and what was expected.
        message: String,
    },
    /// A file that cannot be read at all.
    #[error("{}: cannot read the file: {reason}", shown_path(path))]
    Read {
        /// The path as given.
        path: PathBuf,
        /// The operating system's reason.
        reason: std::io::Error,
    },
    /// The process is stopping (a signal): an output set not yet installed
    /// was given up and what it had staged removed.
    #[error("stopped before the output was installed; nothing partial was left")]
    Interrupted,
    /// An output file or folder that cannot be written.
    #[error("{}: cannot write: {reason}", shown_path(path))]
    Write {
        /// The path being written.
        path: PathBuf,
        /// The operating system's reason.
        reason: std::io::Error,
    },
    /// A puzzle built in code that breaks a rule of the model.
    #[error("invalid puzzle: {0}")]
    InvalidPuzzle(String),
    /// Graphviz was asked for but could not be run or failed.
    #[error("graphviz: `{command}` failed: {message}")]
    Graphviz {
        /// The command line that was run.
        command: String,
        /// What it printed on stderr, or why it could not start.
        message: String,
    },
    /// A puzzle beyond what an algorithm handles (e.g. the solver's 8x8).
    #[error("{0}")]
    Unsupported(String),
    /// A backtracking count passed 2^64 solutions (the frontier counter,
    /// `solve::frontier`, counts past it).
    #[error("{puzzle} has more than 18446744073709551615 solutions: the count does not fit in 64 bits")]
    TooManySolutions {
        /// The puzzle's name.
        puzzle: String,
    },
    /// A command that studies 2x2 puzzles was given another size.
    #[error("{puzzle}: a {size}x{size} puzzle; this command needs a 2x2 puzzle (4 pieces)")]
    NotTwoByTwo {
        /// The puzzle's name.
        puzzle: String,
        /// Its `n`.
        size: usize,
    },
    /// A plot that plotters could not draw.
    #[error("plot `{title}`: {message}")]
    Plot {
        /// The plot's title.
        title: String,
        /// What plotters said.
        message: String,
    },
    /// A shard report that no run could have written (a bad `I/N`, a
    /// mismatch between shards, a shard missing, sums that break the
    /// census's invariants).
    #[error("{0}")]
    Shard(String),
    /// A request no puzzle can meet: options that contradict each other or
    /// the grid (too few patterns for repetition-free pieces, a grid too
    /// small), or a sampler that found nothing in its allotted draws.
    #[error("{0}")]
    Impossible(String),
}

/// `Result` with [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// `n` and `noun`, with an `s` unless `n` is 1: `1 piece`, `2 pieces`.
///
/// ```
/// assert_eq!(scramble::output::plural(1, "piece"), "1 piece");
/// assert_eq!(scramble::output::plural(0, "field"), "0 fields");
/// ```
pub fn plural(n: impl std::fmt::Display, noun: &str) -> String {
    let n = n.to_string();
    format!("{n} {noun}{}", if n == "1" { "" } else { "s" })
}

/// A file name as a message shows it: control characters escaped as
/// [`excerpt`] escapes them (an escape sequence, a bell or a newline in a
/// name never reaches the terminal raw), bytes that are not UTF-8 shown as
/// `\u{fffd}`; never cut. Linear in the name.
///
/// ```
/// use scramble::output::shown_path;
/// assert_eq!(shown_path("a\u{1b}[2Jb\n.txt".as_ref()), "a\\u{1b}[2Jb\\u{a}.txt");
/// assert_eq!(shown_path("fixtures/paper2x2.txt".as_ref()), "fixtures/paper2x2.txt");
/// ```
pub fn shown_path(path: &std::path::Path) -> String {
    escape_controls(&path.to_string_lossy())
}

/// `text` with every character that could change what a terminal shows
/// around it ([`is_hidden`]) written `\u{...}`.
fn escape_controls(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        if is_hidden(c) {
            shown.extend(c.escape_unicode());
        } else {
            shown.push(c);
        }
    }
    shown
}

/// Whether a message escapes `c`: a control character (an escape
/// sequence, a newline that would forge a second message line), a format
/// character (the bidirectional overrides such as U+202E, zero-width
/// spaces and joiners, the byte order mark, tags) or a line or paragraph
/// separator: none of them shows as itself.
fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{ad}'
                | '\u{600}'..='\u{605}'
                | '\u{61c}'
                | '\u{6dd}'
                | '\u{70f}'
                | '\u{890}'..='\u{891}'
                | '\u{8e2}'
                | '\u{180e}'
                | '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{206f}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
                | '\u{110bd}'
                | '\u{110cd}'
                | '\u{13430}'..='\u{1343f}'
                | '\u{1bca0}'..='\u{1bca3}'
                | '\u{1d173}'..='\u{1d17a}'
                | '\u{e0001}'
                | '\u{e0020}'..='\u{e007f}'
        )
}

/// The most characters of user data a message quotes ([`excerpt`]).
pub(crate) const EXCERPT_CHARS: usize = 40;

/// User data as a message quotes it: control characters escaped
/// (`\u{7}`, never printed raw) and at most 40
/// characters, longer text cut with its length said. Linear in the
/// characters quoted.
///
/// ```
/// use scramble::output::excerpt;
/// assert_eq!(excerpt("star\u{7}"), "star\\u{7}");
/// assert_eq!(excerpt(&"x".repeat(100_000)), format!("{}... (100000 characters)", "x".repeat(40)));
/// ```
pub fn excerpt(text: &str) -> String {
    excerpt_of(text, EXCERPT_CHARS)
}

/// The most characters of a reader's own message ([`excerpt_of`]) quoted
/// in ours: a JSON parser's message quotes the key or value it stopped
/// at, whole.
pub(crate) const QUOTED_MESSAGE_CHARS: usize = 200;

/// The JSON parser's own message, which may quote a whole value of the
/// input, cut to [`QUOTED_MESSAGE_CHARS`], without the position it ends
/// with (` at line L column C`): messages put that first.
pub(crate) fn json_said(error: &serde_json::Error) -> String {
    let full = error.to_string();
    let position = format!(" at line {} column {}", error.line(), error.column());
    excerpt_of(full.strip_suffix(&position).unwrap_or(&full), QUOTED_MESSAGE_CHARS)
}

/// The JSON parser's fault in file `name` as a message: `name:line:column:
/// what: ` and [`json_said`]; `name: ...` for a fault found after parsing,
/// which has no position.
pub(crate) fn json_fault(name: &str, what: &str, error: &serde_json::Error) -> String {
    let place = match (error.line(), error.column()) {
        (0, _) => String::new(),
        (line, column) => format!(":{line}:{column}"),
    };
    format!("{name}{place}: {what}: {}", json_said(error))
}

/// [`excerpt`] cut at `chars` characters.
pub(crate) fn excerpt_of(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        Some((cut, _)) => format!(
            "{}... ({} characters)",
            escape_controls(&text[..cut]),
            text.chars().count()
        ),
        None => escape_controls(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_could_act_on_a_terminal_is_escaped() {
        for c in [
            '\u{1b}',
            '\u{7}',
            '\n',
            '\u{202e}',
            '\u{200b}',
            '\u{2028}',
            '\u{feff}',
            '\u{e0041}',
        ] {
            assert!(is_hidden(c), "{c:?}");
        }
        for c in ['a', 'é', ' ', '-', '\u{4e2d}'] {
            assert!(!is_hidden(c), "{c:?}");
        }
        assert_eq!(excerpt("a\u{202e}b"), "a\\u{202e}b");
        assert_eq!(
            excerpt_of("unknown field `\u{1b}[2J`", 200),
            "unknown field `\\u{1b}[2J`"
        );
        assert_eq!(excerpt_of("abcdef", 3), "abc... (6 characters)");
    }
}
