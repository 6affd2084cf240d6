//! `scramble verify --exact`: census totals from the polynomials in K.

use num_bigint::BigUint;
use predicates::prelude::*;

use crate::verify::KEYS;
use crate::{json_report, scramble};

#[test]
fn exact_totals_equal_the_enumerated_census() {
    let out = tempfile::tempdir().unwrap();
    for flags in [&["--patterns", "2"][..], &["--patterns", "2", "--repetitions"]] {
        let census = json_report(&[&["verify"], flags].concat(), out.path());
        let exact = json_report(&[&["verify", "--exact"], flags].concat(), out.path());
        for key in &KEYS[3..] {
            assert_eq!(exact[key], census[key], "{key} {flags:?}");
        }
        assert_eq!(exact["exact"], true);
    }
}

/// Big K: the number of puzzles is `C(p + 3, 4)` for `p` piece classes,
/// far beyond 128 bits, printed whole.
#[test]
fn k_10000_prints_whole_integers() {
    let output = scramble()
        .args(["verify", "--exact", "--patterns", "10000", "--repetitions", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let n = BigUint::from(20_000u32);
    let p = (n.pow(4) + n.pow(2) + &n * 2u32) / 4u32;
    let puzzles = (&p + 3u32) * (&p + 2u32) * (&p + 1u32) * &p / 24u32;
    assert!(text.contains(&format!("\"puzzles\": {puzzles},")), "{text}");
    assert!(text.contains("\"repaired_mismatches\": 0,"));
}

#[test]
fn polynomial_prints_the_coefficients() {
    scramble()
        .args(["verify", "--exact", "--patterns", "8", "--polynomial"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "2x2 census over K = 8 patterns, repetition-free, exact\n",
        ))
        .stdout(predicate::str::contains("\nsolvable = "))
        .stdout(predicate::str::contains("C(K,12)"));
    scramble()
        .args(["verify", "--patterns", "0", "--exact"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--patterns 0: expected at least 1"));
}

/// Tiny probabilities keep their significant digits (six decimals would
/// print 0 at K = 1000).
#[test]
fn k_1000_prints_its_small_probabilities() {
    let output = scramble()
        .args(["verify", "--exact", "--patterns", "1000"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    let line = text.lines().find(|l| l.starts_with("P(solvable)")).unwrap();
    let p_solvable: f64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!(p_solvable > 9e-11 && p_solvable < 1e-10, "{line}");
    assert!(line.contains("e-11"), "{line}");
}
