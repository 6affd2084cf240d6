//! `-j/--threads N` on every command that runs in parallel: accepted by
//! each, the answers unchanged by the number, 0 refused.

use crate::scramble;

/// The JSON document `scramble args` prints on stdout.
fn json(args: &[&str]) -> serde_json::Value {
    let out = scramble().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn every_parallel_command_takes_threads() {
    for command in [
        &["solve"][..],
        &["verify"],
        &["generate"],
        &["study", "heuristics"],
        &["study", "uniqueness"],
        &["study", "repetitions"],
    ] {
        let out = scramble().args(command).arg("--help").output().unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(help.contains("-j, --threads <N>"), "{command:?}:\n{help}");
    }
}

#[test]
fn counts_do_not_depend_on_the_threads() {
    let puzzle = "fixtures/cards3x3.txt";
    let counts: Vec<_> = ["1", "2", "3"]
        .map(|j| json(&["solve", puzzle, "--json", "--no-pictures", "-j", j])["solutions"].clone())
        .into();
    assert!(counts[0].as_u64().is_some(), "{counts:?}");
    assert!(counts.iter().all(|c| *c == counts[0]), "{counts:?}");
    let census: Vec<_> = ["1", "3"]
        .map(|j| {
            let mut report = json(&["verify", "--patterns", "2", "--json", "--no-pictures", "--threads", j]);
            report["seconds"] = serde_json::Value::Null;
            report
        })
        .into();
    assert_eq!(census[0], census[1]);
    assert!(census[0]["puzzles"].as_u64().is_some_and(|n| n > 0), "{census:?}");
}

#[test]
fn zero_threads_is_refused() {
    scramble()
        .args(["solve", "fixtures/cards3x3.txt", "-j", "0"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--threads"));
}

#[test]
fn thread_counts_beyond_the_cap_are_refused_before_any_thread_starts() {
    let started = std::time::Instant::now();
    for n in ["257", "100000", "99999999999999999999999"] {
        scramble()
            .args(["solve", "fixtures/cards3x3.txt", "-j", n])
            .assert()
            .code(2)
            .stderr(predicates::str::contains("from 1 to 256"));
    }
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    scramble()
        .args(["solve", "fixtures/cards3x3.txt", "-j", "256", "--time-limit", "1"])
        .assert()
        .code(0);
}
