//! Tests that no printed interval has zero width: the formatter
//! ([`Share::percent`]) on shares of every size, and the figures written
//! into RESULTS.md, README.md and the notes under `docs/`.
//!
//! An interval `(A-B)` whose two ends print alike says nothing about its
//! width: it must take more decimals (`(0.00-0.02)`), or say `(no spread)`
//! when it truly is a point.

use std::path::{Path, PathBuf};

use super::rates::Share;

/// Every `(A-B)` in `text`, `A` and `B` numbers (digits, `.` and `,`)
/// each possibly followed by `%`, whose ends are written alike.
fn zero_width_intervals(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let number = |from: usize| {
        let len = bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit() || **b == b'.' || **b == b',')
            .count();
        (from + len, &text[from..from + len])
    };
    let percent = |at: usize| at + usize::from(bytes.get(at) == Some(&b'%'));
    let mut found = Vec::new();
    for (open, _) in text.match_indices('(') {
        let (end, low) = number(open + 1);
        let dash = percent(end);
        if low.is_empty() || bytes.get(dash) != Some(&b'-') {
            continue;
        }
        let (end, high) = number(dash + 1);
        let close = percent(end);
        if low == high && bytes.get(close) == Some(&b')') {
            found.push(text[open..=close].to_string());
        }
    }
    found
}

/// RESULTS.md, README.md and every Markdown file under `docs/`.
fn documents() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("RESULTS.md"), root.join("README.md")];
    let mut folders = vec![root.join("docs")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files
}

#[test]
fn the_scanner_finds_intervals_without_width() {
    let text = "0.0% (0.0-0.0%), 50.0 (50.0-50.0), 1.2% (0.9-1.5%), (1-2), (3-3), (9% 4-4), 80.0% (no spread)";
    assert_eq!(zero_width_intervals(text), ["(0.0-0.0%)", "(50.0-50.0)", "(3-3)"]);
}

#[test]
fn the_formatter_never_prints_an_interval_without_width() {
    let mut shares = Vec::new();
    for n in [1usize, 2, 10, 500, 3_000, 40_000, 1_000_000] {
        for hits in [0, 1, 2, 3, n / 2, n.saturating_sub(2), n.saturating_sub(1), n] {
            shares.push(Share::wilson(hits.min(n), n));
        }
    }
    // A cluster interval of 1,000 shares of 0.5 but one of 0.45: a width
    // of about 0.02 points near 49.995%.
    shares.push(Share::clustered((0..1000).map(|i| if i == 0 { 0.45 } else { 0.5 })));
    shares.push(Share::clustered(
        (0..500).map(|i| if i == 0 { 1.0 / 30.0 } else { 0.0 }),
    ));
    for share in shares {
        for decimals in 0..3 {
            let printed = share.percent(decimals, "%");
            assert!(zero_width_intervals(&printed).is_empty(), "{share:?}: {printed}");
            let rounds_to_zero = format!("{:.decimals$}", 100.0 * share.estimate).parse::<f64>() == Ok(0.0);
            if share.estimate > 0.0 && rounds_to_zero {
                assert!(printed.starts_with("< "), "{share:?}: {printed}");
            }
        }
    }
    assert_eq!(Share::wilson(2, 40_000).percent(1, "%"), "< 0.1% (0.00-0.02%)");
    assert_eq!(Share::wilson(0, 40_000).percent(1, "%"), "0.0% (0.00-0.01%)");
    assert_eq!(Share::wilson(1, 100_000).percent(2, ""), "< 0.01% (0.00-0.01)");
}

#[test]
fn no_document_prints_an_interval_without_width() {
    let mut found = Vec::new();
    for path in documents() {
        let text = std::fs::read_to_string(&path).unwrap();
        for (number, line) in text.lines().enumerate() {
            for interval in zero_width_intervals(line) {
                found.push(format!("{}:{}: {interval}", path.display(), number + 1));
            }
        }
    }
    assert!(found.is_empty(), "intervals without width:\n{}", found.join("\n"));
}
