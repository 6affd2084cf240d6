//! Reliability under hostile conditions: signals at random moments, links
//! planted where output goes, concurrent runs into one folder, memory
//! limits with hostile inputs, and property campaigns for `merge` and the
//! puzzle parser. Every loop is bounded; the whole module takes seconds.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use proptest::prelude::*;

use crate::cpu::run_within;

/// The built binary (run directly: signals must reach it, not a wrapper).
fn binary() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_scramble"));
    cmd.current_dir(crate::ROOT)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

/// Every file under `dir` (hidden ones included), with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    crate::common::snapshot(dir, true)
}

/// Hidden names (staging folders, temporary files) anywhere under `dir`.
fn hidden(dir: &Path) -> Vec<PathBuf> {
    snapshot(dir)
        .into_keys()
        .filter(|p| p.components().any(|c| c.as_os_str().to_string_lossy().starts_with('.')))
        .collect()
}

/// `name.txt` holding `source`'s puzzle, in a fresh folder `dir`.
fn puzzle_copy(dir: &Path, source: &str, name: &str) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join(format!("{name}.txt"));
    let root = Path::new(crate::ROOT);
    std::fs::copy(root.join(source), &path).unwrap();
    path
}

/// A small deterministic generator for the random moments.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n.max(1)
    }
}

fn signal(child: &Child, number: i32) {
    let pid = rustix::process::Pid::from_child(child);
    let signal = match number {
        2 => rustix::process::Signal::INT,
        15 => rustix::process::Signal::TERM,
        _ => rustix::process::Signal::HUP,
    };
    let _ = rustix::process::kill_process(pid, signal);
}

/// One command that writes a set, and the two sets it can leave.
struct Case {
    name: &'static str,
    old: Vec<String>,
    new: Vec<String>,
    /// The folder the set lives in, under the test's `out`.
    set: &'static str,
}

/// Runs `args` with `--out out` to completion, expecting exit 0.
fn run_to_end(args: &[String], out: &Path) {
    run_expecting(args, out, 0);
}

/// Runs `args` with `--out out` to completion, expecting exit `code`.
fn run_expecting<S: AsRef<std::ffi::OsStr>>(args: &[S], out: &Path, code: i32) {
    let output = binary().args(args).arg("--out").arg(out).output().unwrap();
    crate::common::assert_exit(&output, code);
}

/// Signals the child at random moments: afterwards the set is the old one
/// or the new one (never a mix, never empty), nothing hidden is left, and
/// the exit code and the message agree. Returns the rounds tried (more
/// than `rounds` when none of the first was stopped mid-run).
fn signal_campaign(case: &Case, dir: &Path, rounds: u64, seed: u64) -> u64 {
    let (old_out, new_out) = (dir.join("old"), dir.join("new"));
    run_to_end(&case.old, &old_out);
    run_to_end(&case.new, &new_out);
    let old = snapshot(&old_out.join(case.set));
    let new = snapshot(&new_out.join(case.set));
    assert!(
        !old.is_empty() && !new.is_empty() && old != new,
        "{}: two distinct sets",
        case.name
    );
    let started = Instant::now();
    run_to_end(&case.new, &dir.join("timing"));
    let span = started.elapsed().as_micros() as u64 + 1;
    let mut random = Lcg(seed);
    // Rounds stopped by the handler, ended by the default action, finished.
    let mut outcomes = [0u64; 3];
    // Up to three times the rounds while none was stopped mid-run (a busy
    // machine can shift every random moment before or after the run).
    let mut tried = 0;
    for round in 0..rounds * 3 {
        if round >= rounds && outcomes[0] > 0 {
            break;
        }
        tried += 1;
        let out = dir.join(format!("run{round}"));
        run_to_end(&case.old, &out);
        let number = [2, 15, 1][random.below(3) as usize];
        let delay = Duration::from_micros(random.below(span + span / 4));
        let child = binary().args(&case.new).arg("--out").arg(&out).spawn().unwrap();
        std::thread::sleep(delay);
        signal(&child, number);
        let output = child.wait_with_output().unwrap();
        let after = snapshot(&out.join(case.set));
        let stderr = String::from_utf8_lossy(&output.stderr);
        let what = format!(
            "{} round {round} (signal {number} after {delay:?}): {stderr}",
            case.name
        );
        assert!(after == old || after == new, "a mix or an empty set: {what}");
        assert!(hidden(&out).is_empty(), "staging left {:?}: {what}", hidden(&out));
        use std::os::unix::process::ExitStatusExt;
        match (output.status.code(), output.status.signal()) {
            (Some(0), _) => {
                outcomes[2] += 1;
                assert_eq!(after, new, "exit 0 with the old set: {what}");
                assert!(!stderr.contains("stopped"), "{what}");
            }
            (Some(code), _) => {
                outcomes[0] += 1;
                assert_eq!(code, 128 + number, "{what}");
                let name = ["", "SIGHUP", "SIGINT"]
                    .get(number as usize)
                    .copied()
                    .unwrap_or("SIGTERM");
                assert!(
                    stderr.contains(&format!("stopped by {name}; no output was left half written")),
                    "{what}"
                );
            }
            // Killed before the handlers were installed: nothing was written.
            (None, Some(s)) => {
                outcomes[1] += 1;
                assert_eq!(s, number, "{what}");
                assert_eq!(after, old, "{what}");
            }
            (None, None) => panic!("no exit status: {what}"),
        }
    }
    eprintln!(
        "{}: stopped by the handler, killed before it, finished: {outcomes:?}",
        case.name
    );
    assert!(
        outcomes[0] > 0,
        "{}: no round was stopped mid-run: {outcomes:?}",
        case.name
    );
    tried
}

#[test]
fn a_signal_leaves_the_old_set_or_the_new_one() {
    let dir = tempfile::tempdir().unwrap();
    let a = puzzle_copy(&dir.path().join("a"), "fixtures/paper2x2.txt", "p");
    let b = puzzle_copy(&dir.path().join("b"), "fixtures/several2x2.txt", "p");
    let arg = |p: &Path| p.display().to_string();
    let cases = [
        // A whole folder swapped in: `<out>/p/solutions/`.
        Case {
            name: "subgraphs",
            old: vec!["subgraphs".into(), arg(&a), "--renderer".into(), "embedded".into()],
            new: vec!["subgraphs".into(), arg(&b), "--renderer".into(), "embedded".into()],
            set: "p/solutions",
        },
        // Names in a shared folder, under its lock: `<out>/p/`.
        Case {
            name: "graph",
            old: vec!["graph".into(), arg(&a), "--renderer".into(), "embedded".into()],
            new: vec![
                "graph".into(),
                arg(&b),
                "--renderer".into(),
                "embedded".into(),
                "--format".into(),
                "svg".into(),
            ],
            set: "p",
        },
    ];
    let mut tried = 0;
    for (k, case) in cases.iter().enumerate() {
        tried += signal_campaign(case, &dir.path().join(case.name), 10, k as u64 + 7);
    }
    assert!((20..=60).contains(&tried), "{tried} rounds");
}

#[test]
fn links_planted_at_output_and_temporary_names_are_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let outside = dir.path().join("outside");
    std::fs::create_dir(&outside).unwrap();
    std::fs::write(outside.join("keep.svg"), "precious").unwrap();
    let before = snapshot(&outside);
    let puzzle = puzzle_copy(&dir.path().join("in"), "fixtures/paper2x2.txt", "p");
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    // A link where the puzzle's folder goes.
    std::os::unix::fs::symlink(&outside, out.join("p")).unwrap();
    for command in ["graph", "explore", "solve", "inspect", "subgraphs"] {
        let output = binary()
            .arg(command)
            .arg(&puzzle)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{command}: {stderr}");
        assert!(stderr.contains("symbolic link"), "{command}: {stderr}");
    }
    // Links where output files go, and at temporary names of the old,
    // predictable kind for the next process ids.
    std::fs::remove_file(out.join("p")).unwrap();
    std::fs::create_dir(out.join("p")).unwrap();
    std::os::unix::fs::symlink(outside.join("keep.svg"), out.join("p/recording.svg")).unwrap();
    run_expecting(&[std::ffi::OsStr::new("graph"), puzzle.as_os_str()], &out, 2);
    std::fs::remove_file(out.join("p/recording.svg")).unwrap();
    let next = std::process::id();
    for pid in next..next + 400 {
        std::os::unix::fs::symlink(outside.join("keep.svg"), out.join(format!("p/.explore.html.tmp-{pid}"))).unwrap();
    }
    run_expecting(&[std::ffi::OsStr::new("explore"), puzzle.as_os_str()], &out, 0);
    assert!(
        std::fs::read_to_string(out.join("p/explore.html"))
            .unwrap()
            .starts_with("<!DOCTYPE html>")
    );
    // Special files given to `-o`.
    for target in ["/dev/null", "/dev/zero"] {
        let output = binary()
            .args(["explore"])
            .arg(&puzzle)
            .args(["-o", target])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{target}");
    }
    let fifo = dir.path().join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let output = binary()
        .args(["explore"])
        .arg(&puzzle)
        .arg("-o")
        .arg(&fifo)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    let output = binary()
        .args(["explore"])
        .arg(&puzzle)
        .arg("-o")
        .arg(&outside)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(snapshot(&outside), before, "the outside target stays byte-identical");
}

#[test]
fn concurrent_runs_into_one_folder_leave_one_whole_set() {
    let dir = tempfile::tempdir().unwrap();
    let a = puzzle_copy(&dir.path().join("a"), "fixtures/paper2x2.txt", "p");
    let b = puzzle_copy(&dir.path().join("b"), "fixtures/several2x2.txt", "p");
    let sets = |command: &str, set: &str| {
        let mut whole = Vec::new();
        for (k, puzzle) in [&a, &b].iter().enumerate() {
            let out = dir.path().join(format!("{command}-alone{k}"));
            run_to_end(
                &[
                    command.into(),
                    puzzle.display().to_string(),
                    "--renderer".into(),
                    "embedded".into(),
                ],
                &out,
            );
            whole.push(snapshot(&out.join(set)));
        }
        whole
    };
    let mut pairs = 0;
    for (command, set) in [("graph", "p"), ("subgraphs", "p/solutions")] {
        let whole = sets(command, set);
        for round in 0..6 {
            let out = dir.path().join(format!("{command}-both{round}"));
            let children: Vec<Child> = [&a, &b]
                .iter()
                .map(|puzzle| {
                    binary()
                        .args([command, "--renderer", "embedded", "--out"])
                        .arg(&out)
                        .arg(puzzle)
                        .spawn()
                        .unwrap()
                })
                .collect();
            for child in children {
                let output = child.wait_with_output().unwrap();
                assert_eq!(
                    output.status.code(),
                    Some(0),
                    "{}",
                    String::from_utf8_lossy(&output.stderr)
                );
            }
            let after = snapshot(&out.join(set));
            assert!(whole.contains(&after), "{command} round {round}: a mix of two runs");
            assert!(hidden(&out).is_empty(), "{command} round {round}: staging left");
            pairs += 1;
        }
    }
    assert_eq!(pairs, 12);
}

/// Runs the binary with its address space capped (`prlimit --as`, which
/// sets the limit with `setrlimit` and execs the binary in its place),
/// returning the output; fails once it has used 10 s of processor time.
fn capped(args: &[&str], megabytes: u64) -> Output {
    let mut cmd = Command::new("prlimit");
    cmd.arg(format!("--as={}", megabytes << 20))
        .arg("--")
        .arg(env!("CARGO_BIN_EXE_scramble"))
        .args(args)
        .current_dir(crate::ROOT);
    run_within(&mut cmd, Duration::from_secs(10)).0
}

#[test]
fn hostile_sizes_end_cleanly_within_seconds_under_a_memory_cap() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).display().to_string();
    // A 1000x1000 puzzle (12 MB, under the input cap).
    let big: String = "1+ 2- 3+ 4-\n".repeat(1_000_000);
    std::fs::write(path("big.txt"), &big).unwrap();
    // A piece name of 65,536 characters, a 60,000-character pattern name
    // next to near names, one 15 MB token.
    let long = "a".repeat(65_536);
    std::fs::write(
        path("longname.txt"),
        format!("{long}: 1+ 2- 3+ 4-\nb: 1- 2+ 3- 4+\nc: 1+ 2- 3+ 4-\nd: 1- 2+ 3- 4+\n"),
    )
    .unwrap();
    let word = "x".repeat(60_000);
    std::fs::write(
        path("typo.txt"),
        format!("{word}+ {word}y- {word}+ star-\nStar+ star- stars+ {word}-\nstar+ star- Star+ Star-\nstars- {word}y+ star+ star-\n"),
    )
    .unwrap();
    std::fs::write(path("token.txt"), "1".repeat(15 << 20)).unwrap();
    // A 40x40 grid over 2 patterns: billions of candidate circuits for the
    // graph method.
    std::fs::write(path("grid40.txt"), "1+ 2- 1- 2+\n".repeat(1600)).unwrap();
    // Four piece names of 2,000,000 characters, for every command that
    // repeats names per subgraph or solution.
    let huge = "n".repeat(2_000_000);
    let names: String = (0..4).map(|i| format!("{huge}{i}: 1+ 2- 1- 2+\n")).collect();
    std::fs::write(path("hugenames.txt"), names).unwrap();
    // 200,000 pieces, every side a pattern of its own: refused at the
    // first piece past 64x64, before the names are compared.
    let distinct: String = (0..200_000)
        .map(|i| format!("p{0}+ p{1}- p{2}+ p{3}-\n", 4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3))
        .collect();
    std::fs::write(path("distinct.txt"), distinct).unwrap();
    let out = path("out");
    let max = u64::MAX.to_string();
    let cases: Vec<(Vec<String>, &[i32])> = vec![
        (vec!["show".into(), path("distinct.txt")], &[2][..]),
        (
            vec!["solve".into(), path("distinct.txt"), "--no-pictures".into()],
            &[2][..],
        ),
        (
            vec![
                "estimate".into(),
                "fixtures/cards3x3.txt".into(),
                "--probes".into(),
                max.clone(),
            ],
            &[2][..],
        ),
        (
            vec![
                "generate".into(),
                "--unique".into(),
                "--max-draws".into(),
                max.clone(),
                "--no-pictures".into(),
            ],
            &[2][..],
        ),
        (
            vec![
                "verify".into(),
                "--size".into(),
                "3".into(),
                "--patterns".into(),
                "1000".into(),
            ],
            &[2][..],
        ),
        (
            vec!["graph".into(), path("big.txt"), "--out".into(), out.clone()],
            &[2][..],
        ),
        (
            vec!["explore".into(), path("big.txt"), "--out".into(), out.clone()],
            &[2][..],
        ),
        (vec!["export".into(), "--cnf".into(), path("big.txt")], &[2][..]),
        (
            vec![
                "inspect".into(),
                "fixtures/paper2x2.txt".into(),
                "--subgraph".into(),
                "/dev/zero".into(),
                "--out".into(),
                out.clone(),
            ],
            &[2][..],
        ),
        (vec!["show".into(), path("longname.txt")], &[0][..]),
        (
            vec!["solve".into(), path("longname.txt"), "--no-pictures".into()],
            &[0, 1][..],
        ),
        (vec!["show".into(), path("typo.txt")], &[0, 2][..]),
        (vec!["show".into(), path("token.txt")], &[2][..]),
        (
            vec![
                "solve".into(),
                path("grid40.txt"),
                "--method".into(),
                "graph".into(),
                "--no-pictures".into(),
            ],
            &[2][..],
        ),
        (
            vec![
                "subgraphs".into(),
                path("hugenames.txt"),
                "--no-pictures".into(),
                "--out".into(),
                out.clone(),
            ],
            &[0, 1][..],
        ),
        (
            vec![
                "solve".into(),
                "fixtures/paper2x2.txt".into(),
                "--list".into(),
                "--list-limit".into(),
                "1000000000000".into(),
            ],
            &[2][..],
        ),
        (
            vec![
                "study".into(),
                "uniqueness".into(),
                "--sizes".into(),
                "3".into(),
                "--patterns".into(),
                "999".into(),
                "--counts".into(),
                "1".into(),
                "--sampled".into(),
                "1".into(),
                "--out".into(),
                out.clone(),
            ],
            &[2][..],
        ),
        (
            vec![
                "study".into(),
                "uniqueness".into(),
                "--sizes".into(),
                "3".into(),
                "--counts".into(),
                u64::MAX.to_string(),
                "--sampled".into(),
                "1".into(),
                "--out".into(),
                out.clone(),
            ],
            &[2][..],
        ),
        (
            vec![
                "study".into(),
                "repetitions".into(),
                "--count".into(),
                u64::MAX.to_string(),
                "--out".into(),
                out.clone(),
            ],
            &[2][..],
        ),
    ];
    for (args, codes) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = capped(&args, 1024);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            codes.contains(&output.status.code().unwrap_or(-1)),
            "{:?}: {:?} {stderr}",
            &args[..2],
            output.status
        );
        assert!(
            stderr.len() < 4096,
            "{:?}: {} bytes on stderr",
            &args[..2],
            stderr.len()
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    assert_eq!(cases.len(), 19);
}

/// A real shard of the K = 2 census with its corner check, made once.
fn real_shard() -> serde_json::Value {
    static SHARD: std::sync::OnceLock<serde_json::Value> = std::sync::OnceLock::new();
    SHARD
        .get_or_init(|| {
            let output = binary()
                .args([
                    "verify",
                    "--patterns",
                    "2",
                    "--corners",
                    "--shard",
                    "1/1",
                    "--json",
                    "--no-pictures",
                ])
                .output()
                .unwrap();
            assert_eq!(output.status.code(), Some(0));
            serde_json::from_slice(&output.stdout).unwrap()
        })
        .clone()
}

fn merge_one(dir: &Path, text: &str) -> Output {
    let file = dir.join("shard.json");
    std::fs::write(&file, text).unwrap();
    binary().arg("merge").arg(&file).output().unwrap()
}

/// Every key path of a JSON object (`corners.tuples`), numbers only.
fn number_keys(value: &serde_json::Value, at: &str, out: &mut Vec<String>) {
    if let Some(map) = value.as_object() {
        for (k, v) in map {
            let path = if at.is_empty() { k.clone() } else { format!("{at}.{k}") };
            if v.is_number() {
                out.push(path.clone());
            }
            number_keys(v, &path, out);
        }
    }
}

fn edit(value: &mut serde_json::Value, path: &str, new: serde_json::Value) {
    let mut at = value;
    let parts: Vec<&str> = path.split('.').collect();
    for part in &parts[..parts.len() - 1] {
        at = &mut at[*part];
    }
    at[parts[parts.len() - 1]] = new;
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    /// A shard with one structural fault (unknown, missing or doubled key,
    /// a count that is no whole number in range) is refused with exit 2,
    /// naming the file and the key, quoting keys escaped.
    #[test]
    fn merge_refuses_structural_faults(fault in 0..6usize, pick in 0..100usize, junk in "[a-z\u{1b}\u{7}]{1,12}") {
        let dir = tempfile::tempdir().unwrap();
        let mut shard = real_shard();
        let mut keys = Vec::new();
        number_keys(&shard, "", &mut keys);
        // Any number of seconds from 0 to 10^9 is a fine value, and a shard
        // may leave out its schema version (it is then read as version 1).
        keys.retain(|k| k != "seconds" && k != "schema");
        let key = keys[pick % keys.len()].clone();
        let text = match fault {
            0 => { shard[junk.as_str()] = 1.into(); shard.to_string() }
            1 => {
                let (parent, leaf) = key.rsplit_once('.').unwrap_or(("", key.as_str()));
                let object = parent.split('.').filter(|p| !p.is_empty()).fold(&mut shard, |v, p| &mut v[p]);
                object.as_object_mut().unwrap().remove(leaf);
                shard.to_string()
            }
            2 => { let t = shard.to_string(); format!("{{\"patterns\": 2, {}", &t[1..]) }
            3 => { edit(&mut shard, &key, (-1).into()); shard.to_string() }
            4 => { edit(&mut shard, &key, serde_json::json!(2.5)); shard.to_string() }
            _ => { let t = shard.to_string(); t.replacen(&format!("\"{}\":", key.rsplit('.').next().unwrap()), &format!("\"{}\":18446744073709551616,\"x{junk}\":", key.rsplit('.').next().unwrap()), 1) }
        };
        let output = merge_one(dir.path(), &text);
        let stderr = String::from_utf8_lossy(&output.stderr);
        prop_assert_eq!(output.status.code(), Some(2), "{} {}", fault, stderr);
        // Every such fault is named by the file, its line and its column.
        let placed = stderr.split_once("shard.json:").is_some_and(|(_, rest)| {
            let mut place = rest.splitn(3, ':');
            place.next().is_some_and(|l| l.parse::<usize>().is_ok())
                && place.next().is_some_and(|c| c.parse::<usize>().is_ok())
        });
        prop_assert!(placed, "{}", stderr);
        prop_assert!(!stderr.contains('\u{1b}') && !stderr.contains('\u{7}'), "raw escapes: {}", stderr);
        prop_assert!(!stderr.contains("no census totals"), "{}", stderr);
    }

    /// A shard with one count changed to another value never crashes
    /// `merge`; a changed count that a census fixes (puzzles, corners,
    /// tuples, K, the shard) is always refused with exit 2.
    #[test]
    fn merge_refuses_changed_fixed_counts(pick in 0..100usize, value in prop_oneof![0u64..2000, Just(u64::MAX), 0u64..u64::MAX]) {
        let dir = tempfile::tempdir().unwrap();
        let mut shard = real_shard();
        let mut keys = Vec::new();
        number_keys(&shard, "", &mut keys);
        let key = keys[pick % keys.len()].clone();
        let original = key.split('.').fold(&shard, |v, k| &v[k]).as_u64();
        edit(&mut shard, &key, value.into());
        let output = merge_one(dir.path(), &shard.to_string());
        let code = output.status.code();
        prop_assert!(matches!(code, Some(0..=2)), "{} = {}: {:?}", key, value, code);
        let fixed = ["puzzles", "patterns", "corners.corners", "corners.tuples", "shard.index", "shard.count"];
        if fixed.contains(&key.as_str()) && original != Some(value) {
            prop_assert_eq!(code, Some(2), "{} = {} accepted", key, value);
        }
    }

    /// Any text made of puzzle-like tokens gives a puzzle or a short error
    /// with exit 2: never a panic, never a flood.
    #[test]
    fn the_parser_answers_every_text_briefly(lines in prop::collection::vec("[0-9a-zA-Z#:+\\- |\u{feff}\u{7}]{0,40}", 0..12)) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("p.txt");
        std::fs::write(&file, lines.join("\n")).unwrap();
        let output = binary().arg("show").arg(&file).output().unwrap();
        let code = output.status.code();
        prop_assert!(code == Some(0) || code == Some(2), "{:?}", code);
        prop_assert!(output.stderr.len() < 2048);
    }
}

#[test]
fn long_commands_honour_the_time_limit_and_signals() {
    let dir = tempfile::tempdir().unwrap();
    let hard = "fixtures/hard/s6-k5-seed13-0002.txt";
    let out = dir.path().join("out").display().to_string();
    let limited: [&[&str]; 5] = [
        &["solve", hard, "--no-pictures", "--time-limit", "0.3"],
        &[
            "solve",
            hard,
            "--no-pictures",
            "--method",
            "graph",
            "--time-limit",
            "0.3",
        ],
        // The first solution takes about 0.25 s on an idle machine.
        &["explore", hard, "--out", &out, "--time-limit", "0.02"],
        &[
            "inspect",
            hard,
            "--out",
            &out,
            "--solution",
            "1000000",
            "--time-limit",
            "0.3",
        ],
        &["estimate", hard, "--probes", "100000000", "--time-limit", "0.05"],
    ];
    // Without a limit, each computes for over 14 s of processor time
    // (explore: 0.3 s, so its exit code is its check); with one, under
    // 0.3 s (measured at load 7).
    for args in limited {
        let (output, _) = run_within(binary().args(args), Duration::from_secs(5));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(3), "{args:?}: {stderr}");
    }
    // The graph method polls its stop too: a signal ends it with a report.
    let child = binary()
        .args(["solve", hard, "--no-pictures", "--method", "graph"])
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    signal(&child, 2);
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Ctrl-C during `generate` reports the candidates drawn so far as partial
/// (exit 3), writing no puzzle file.
#[test]
fn ctrl_c_stops_generate_with_a_partial_report() {
    let dir = tempfile::tempdir().unwrap();
    let child = binary()
        .args(["generate", "--json", "--count", "500000", "--out"])
        .arg(dir.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    signal(&child, 2);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{stderr}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["complete"], false);
    assert_eq!(report["stopped"], "interrupted");
    assert!(!dir.path().join("generated").exists());
}

/// The keys of a stopped run's report, as `verify --time-limit` and
/// `generate` name them, and no output folder made.
fn assert_partial(output: &Output, why: &str, out: &Path, args: &[&str]) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{args:?}: {stderr}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["complete"], false, "{args:?}");
    assert_eq!(report["stopped"], why, "{args:?}");
    assert!(!out.exists(), "{args:?}: a partial run wrote {}", out.display());
}

/// Every study and every path of the 2x2 census stops at `--time-limit`
/// with a partial report (exit 3, `complete` false, `stopped`), within
/// seconds, and writes no file.
#[test]
fn time_limited_studies_and_censuses_report_partial_results() {
    let runs: [&[&str]; 11] = [
        &["study", "heuristics"],
        &["study", "heuristics", "--sweep"],
        &["study", "heuristics", "--factorial"],
        &["study", "uniqueness"],
        &["study", "repetitions", "--exhaustive", "2"],
        &["verify", "--patterns", "3", "--plain"],
        &["verify", "--patterns", "5", "--no-symmetry"],
        &["verify", "--patterns", "8", "--corners-only"],
        &["verify", "--patterns", "3", "--corners"],
        // Above 5 patterns the symmetric path stops (with no totals).
        &["verify", "--patterns", "6"],
        // The uniqueness check of each candidate polls the stop too.
        &["generate", "--unique", "--size", "6", "--patterns", "2", "--count", "5"],
    ];
    // Each used under 0.35 s of processor time with its limit (`study
    // repetitions --exhaustive 2` too, since its listing of 1.1e6 puzzles
    // is made a chunk at a time; 1.6 s when it was built whole before the
    // first poll), and over 5.7 s without one
    // (`verify --patterns 3 --corners`: 0.2 s, so its exit code is its
    // check), measured at load 7.
    for args in runs {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        let mut command = binary();
        command
            .args(args)
            .args(["--time-limit", "0.05", "--json", "--out"])
            .arg(&out);
        let (output, _) = run_within(&mut command, Duration::from_secs(4));
        assert_partial(&output, "time-limit", &out, args);
    }
    // Where stopping cannot apply, the refusal says why.
    let output = binary()
        .args(["verify", "--patterns", "3", "--exact", "--time-limit", "1"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("does not apply"));
}

/// Ctrl-C (SIGINT) during a study, `verify --plain` or the default census
/// path stops it with a partial report that says so (exit 3), and no
/// output set is written; the text names the stop.
#[test]
fn ctrl_c_stops_studies_and_every_census_path_with_a_partial_report() {
    let runs: [&[&str]; 5] = [
        &["study", "uniqueness", "--json"],
        &["study", "repetitions", "--exhaustive", "2", "--json"],
        &["study", "heuristics", "--json"],
        &["verify", "--patterns", "3", "--plain", "--json"],
        &["verify", "--patterns", "5", "--json"],
    ];
    for args in runs {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        let child = binary().args(args).arg("--out").arg(&out).spawn().unwrap();
        std::thread::sleep(Duration::from_millis(400));
        signal(&child, 2);
        let output = child.wait_with_output().unwrap();
        assert_partial(&output, "interrupted", &out, args);
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        if args[0] == "verify" {
            // The direct and plain paths cover a prefix of first pieces;
            // the symmetric path's partial sums count no puzzles.
            let plain = args.contains(&"--plain");
            assert_eq!(report["first_pieces"].is_object(), plain, "{args:?}");
            assert_eq!(report["puzzles"].is_u64(), plain, "{args:?}");
        }
    }
    let child = binary()
        .args(["verify", "--patterns", "3", "--plain", "--no-pictures"])
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(400));
    signal(&child, 15);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(3));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("partial: stopped (interrupted)"), "{text}");
}

/// `inspect --subgraph` stops its framed search at `--time-limit`: a
/// subgraph whose search runs for minutes is reported as stopped (exit 3,
/// nothing inspected) within the limit.
#[test]
fn inspect_stops_a_long_subgraph_search_at_its_time_limit() {
    let started = Instant::now();
    let output = binary()
        .args([
            "inspect",
            "fixtures/nxn/no-split-7x7.txt",
            "--subgraph",
            "fixtures/nxn/no-split-7x7.edges",
            "--no-pictures",
            "--time-limit",
            "0.3",
            "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(started.elapsed() < Duration::from_secs(20));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["stopped"], "time-limit");
    assert_eq!(report["complete"], false);
    assert_eq!(report["puzzle"], "no-split-7x7");
}
