//! `scramble completions SHELL` and `scramble man [COMMAND]`.

use predicates::prelude::*;

use crate::scramble;

fn stdout(args: &[&str]) -> String {
    let output = scramble().args(args).output().unwrap();
    crate::common::assert_exit(&output, 0);
    assert!(output.stderr.is_empty());
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn completions_name_every_command_in_every_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = stdout(&["completions", shell]);
        for command in ["solve", "graph", "explore", "heuristics", "completions", "renderer"] {
            assert!(script.contains(command), "{shell}: no `{command}`");
        }
    }
}

#[test]
fn the_bash_script_is_valid_bash() {
    let script = stdout(&["completions", "bash"]);
    assert!(script.contains("complete -F _scramble"), "registers itself");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("scramble.bash");
    std::fs::write(&file, &script).unwrap();
    let status = std::process::Command::new("bash").arg("-n").arg(&file).status();
    // bash is on every machine this suite runs on; say so if it is not.
    let status = status.expect("bash runs");
    assert!(status.success(), "bash -n rejects the script");
}

#[test]
fn an_unknown_shell_is_a_usage_error() {
    scramble()
        .args(["completions", "cmd.exe"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("possible values: bash"));
}

#[test]
fn man_pages_for_scramble_and_each_command() {
    let page = stdout(&["man"]);
    assert!(page.contains(".TH scramble 1"));
    for command in ["solve", "graph", "study", "completions", "man"] {
        assert!(page.contains(command), "the page lists `{command}`");
    }
    let solve = stdout(&["man", "solve"]);
    assert!(solve.contains(".TH scramble-solve 1"));
    assert!(solve.contains("time\\-limit"), "its options");
    assert!(solve.contains("Examples:"), "its examples");
    let study = stdout(&["man", "study", "heuristics"]);
    assert!(study.contains(".TH scramble-study-heuristics 1"));
}

#[test]
fn man_for_an_unknown_command_is_an_error() {
    scramble().args(["man", "solv"]).assert().code(2).stdout("").stderr(
        predicate::str::contains("no command `scramble solv`: expected one of").and(predicate::str::contains("solve")),
    );
}
