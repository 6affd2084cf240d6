//! Whether a test that needs Graphviz can run; shared by the library's unit
//! tests and the CLI tests (which include this file by path), so that both
//! follow one rule: under `CI` Graphviz is required and its absence fails
//! the test, elsewhere the skip is said on stderr, never silent.

/// `available` (is `neato` on PATH?) as the test's go-ahead; panics when it
/// is missing under `CI`.
pub(crate) fn neato_or_note(available: bool) -> bool {
    if !available {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but `neato` (Graphviz) is not on PATH"
        );
        eprintln!("note: `neato` is not on PATH; skipping a Graphviz test");
    }
    available
}
