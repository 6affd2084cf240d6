//! Bounds decided before any work: what a run would hold in memory, or
//! write, is estimated from its arguments alone and refused (exit 2,
//! naming the option and the cap) when it would not fit. The caps are the
//! rows of the limits table in docs/output.md; a test here checks that the
//! table states these constants.

use anyhow::bail;

/// What a run may plan to hold for the part of its work that grows with
/// its arguments (the runs a study keeps per puzzle, the piece classes a
/// uniform population lists): 1 GiB, so that a run with its fixed costs
/// stays under a 3 GB memory cap.
pub const MEMORY: u64 = 1 << 30;

/// The most clauses `export --cnf` writes: 50,000,000 (about 1 GB of
/// DIMACS text; they are written as they are made, so memory stays flat).
pub const MAX_CLAUSES: u64 = 50_000_000;

/// The most pieces `graph --per-piece` draws: one copy of G(P) per piece,
/// so the picture grows with the square of the pieces (12x12: 144).
pub const MAX_PER_PIECE: usize = 144;

/// `n` with a comma every three digits: `1,073,741,824`.
pub fn thousands(n: impl std::fmt::Display) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Refuses `bytes` over `MEMORY`: `option: what would hold about N MiB,
/// more than the 1,024 MiB a run may hold; hint`.
pub fn refuse_memory(option: &str, what: &str, bytes: u64, hint: &str) -> anyhow::Result<()> {
    if bytes > MEMORY {
        bail!(
            "{option}: {what} would hold about {} MiB, more than the {} MiB a run may hold: {hint}",
            thousands(bytes.div_ceil(1 << 20)),
            thousands(MEMORY >> 20)
        );
    }
    Ok(())
}

/// Refuses a study whose uniform population would list more piece classes
/// over `patterns` than `MEMORY` holds, naming the most patterns that fit.
pub fn refuse_piece_classes(option: &str, patterns: u32, repetition_free: bool) -> anyhow::Result<()> {
    use scramble::study::Population;
    let fits = (1..=patterns)
        .take_while(|&k| Population::Uniform.piece_class_bytes(k, repetition_free) <= MEMORY)
        .last()
        .unwrap_or(0);
    let what = format!(
        "{patterns} patterns: the uniform population's {} piece classes",
        thousands(
            scramble::census::Census {
                patterns: patterns as usize,
                repetition_free,
            }
            .class_count()
        )
    );
    refuse_memory(
        option,
        &what,
        Population::Uniform.piece_class_bytes(patterns, repetition_free),
        &format!("use at most {fits} patterns for a uniform population"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The row of docs/output.md's tables that starts with `what`.
    fn row(what: &str) -> &'static str {
        include_str!("../../docs/output.md")
            .lines()
            .find(|l| l.starts_with(&format!("| {what}")))
            .unwrap_or_else(|| panic!("no row `{what}` in docs/output.md"))
    }

    /// Every cap in the limits table of docs/output.md is the code's.
    #[test]
    fn the_documented_caps_are_the_code_s() {
        let caps: [(&str, String); 7] = [
            ("`verify --keep`", thousands(super::super::verify::MAX_KEEP as u64)),
            (
                "Puzzles per study row or cell",
                thousands(super::super::study::MAX_COUNT as u64),
            ),
            ("Memory a run plans to hold", format!("{} GiB", MEMORY >> 30)),
            ("Clauses exported", thousands(MAX_CLAUSES)),
            ("Pieces drawn one by one", MAX_PER_PIECE.to_string()),
            (
                "Grid exported",
                format!("{0}x{0}", scramble::render::cnf::Cnf::MAX_SIZE),
            ),
            ("Patterns in a study", super::super::study::MAX_PATTERNS.to_string()),
        ];
        for (what, cap) in caps {
            assert!(
                row(what).contains(&format!("| {cap}")),
                "{what}: {cap} not in {}",
                row(what)
            );
        }
        assert_eq!(thousands(1_073_741_824), "1,073,741,824");
        assert_eq!(thousands(999), "999");
    }

    #[test]
    fn memory_refusals_name_the_option_and_the_cap() {
        assert!(refuse_memory("--count", "x", MEMORY, "fewer").is_ok());
        let err = refuse_memory("--count", "10 puzzles", MEMORY + 1, "fewer").unwrap_err();
        assert_eq!(
            err.to_string(),
            "--count: 10 puzzles would hold about 1,025 MiB, more than the 1,024 MiB a run may hold: fewer"
        );
        let err = refuse_piece_classes("--patterns", 128, false).unwrap_err().to_string();
        assert!(err.starts_with("--patterns: 128 patterns"), "{err}");
        let fits: u32 = err
            .rsplit("at most ")
            .next()
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(refuse_piece_classes("--patterns", fits, false).is_ok());
        assert!(refuse_piece_classes("--patterns", fits + 1, false).is_err());
    }
}
