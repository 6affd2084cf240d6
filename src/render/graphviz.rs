//! Running Graphviz: `neato -n2 -Tsvg`, DOT on stdin, SVG on stdout.
//!
//! `-n2` makes neato keep every node position and edge spline given in the
//! DOT, so the picture is the layout computed in [`super::layout`].

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use super::children::{self, Polled};
use crate::{Error, Result};

/// The program run, and its arguments.
const PROGRAM: &str = "neato";
const ARGUMENTS: [&str; 2] = ["-n2", "-Tsvg"];

/// Whether `neato` is an executable file in a folder of `PATH`.
pub(crate) fn graphviz_available() -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| is_executable(&dir.join(PROGRAM))))
}

fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.with_extension("exe").is_file() || path.is_file()
    }
}

/// The command line, as shown in errors.
pub(crate) fn command_line() -> String {
    format!("{PROGRAM} {}", ARGUMENTS.join(" "))
}

/// How long Graphviz may take before it is stopped: far beyond any picture
/// scramble draws (an 8x8 recording graph takes well under a second).
pub(crate) const TIMEOUT: Duration = Duration::from_secs(60);

/// Draws `dot` with Graphviz and returns the SVG.
///
/// Fails with [`Error::Graphviz`] naming the command when neato cannot be
/// started (with how to install it), exits with an error (with what it
/// printed on stderr), prints something that is not an SVG document (an
/// empty or garbled output is never written as a picture), or runs longer
/// than [`TIMEOUT`] (it is then killed).
/// Graphviz is killed once `stop` is reached or
/// [`super::Renderer::stop_graphviz`] runs (then [`Error::Interrupted`]).
pub(crate) fn neato_svg_until(dot: &str, stop: &crate::context::Stop) -> Result<String> {
    run(PROGRAM.as_ref(), dot, TIMEOUT, stop)
}

fn run(program: &Path, dot: &str, timeout: Duration, stop: &crate::context::Stop) -> Result<String> {
    let fail = |message: String| Error::Graphviz {
        command: command_line(),
        message,
    };
    let mut command = Command::new(program);
    command
        .args(ARGUMENTS)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let child = children::spawn(&mut command)
        .ok_or(Error::Interrupted)?
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => fail(format!(
                "`{PROGRAM}` is not on PATH: install Graphviz (`apt-get install graphviz`) or draw with `--renderer embedded`"
            )),
            _ => fail(format!("cannot start `{PROGRAM}`: {e}")),
        })?;
    let mut stdin = child.stdin.expect("stdin is piped");
    let mut stdout = child.stdout.expect("stdout is piped");
    let mut stderr = child.stderr.expect("stderr is piped");
    // Feed stdin and drain the outputs on other threads, so that no full
    // pipe blocks, while this thread watches the clock.
    let (status, out, err) = std::thread::scope(|scope| {
        scope.spawn(move || {
            // A write error means neato stopped early; its exit status says why.
            let _ = stdin.write_all(dot.as_bytes());
        });
        let out = scope.spawn(move || read_all(&mut stdout));
        let err = scope.spawn(move || read_all(&mut stderr));
        let status = wait_or_kill(child.id, timeout, stop);
        (status, out.join().unwrap_or_default(), err.join().unwrap_or_default())
    });
    let status = match status.map_err(|e| fail(format!("cannot wait for it: {e}")))? {
        Ended::Exited(status) => status,
        Ended::Stopped => return Err(Error::Interrupted),
        Ended::TimedOut => {
            return Err(fail(format!(
                "it did not finish within {} s and was stopped",
                timeout.as_secs_f64()
            )));
        }
    };
    if !status.success() {
        let stderr = String::from_utf8_lossy(&err);
        return Err(fail(format!("{} ({status})", stderr.trim())));
    }
    let svg = String::from_utf8(out).map_err(|_| fail("its output is not UTF-8".into()))?;
    if !(svg.contains("<svg") && svg.trim_end().ends_with("</svg>")) {
        return Err(fail(format!(
            "it exited 0 but printed no SVG document ({} bytes): nothing was written",
            svg.len()
        )));
    }
    Ok(svg)
}

fn read_all(source: &mut impl Read) -> Vec<u8> {
    let mut bytes = Vec::new();
    let _ = source.read_to_end(&mut bytes);
    bytes
}

/// How a Graphviz run ended.
enum Ended {
    Exited(ExitStatus),
    /// Killed at `stop`, or by [`children::stop_graphviz`].
    Stopped,
    /// Killed at the timeout.
    TimedOut,
}

/// Waits for child `id`, killing (and reaping) it once it runs past
/// `timeout` or `stop`.
fn wait_or_kill(id: u64, timeout: Duration, stop: &crate::context::Stop) -> std::io::Result<Ended> {
    let started = Instant::now();
    loop {
        match children::poll(id)? {
            Polled::Exited(status) => return Ok(Ended::Exited(status)),
            Polled::Stopped => return Ok(Ended::Stopped),
            Polled::Running => {}
        }
        let timed_out = started.elapsed() >= timeout;
        if timed_out || stop.reached() {
            children::kill(id)?;
            return Ok(if stop.reached() {
                Ended::Stopped
            } else {
                Ended::TimedOut
            });
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_graph_fails_with_the_command_and_neatos_message() {
        if !crate::render::tests::neato_or_note() {
            return;
        }
        let err = neato_svg_until("digraph { a -> }", &crate::context::Stop::never())
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("graphviz: `neato -n2 -Tsvg` failed: "), "{err}");
        assert!(err.contains("syntax error"), "{err}");
    }

    /// An executable shell script standing in for neato.
    fn fake_neato(dir: &Path, body: &str) -> std::path::PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join("neato");
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    #[test]
    fn an_empty_or_garbled_output_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        for body in [
            "cat >/dev/null",
            "cat >/dev/null; echo garbage",
            "cat >/dev/null; echo '<svg>'",
        ] {
            let neato = fake_neato(dir.path(), body);
            let err = run(&neato, "digraph {}", TIMEOUT, &crate::context::Stop::never())
                .unwrap_err()
                .to_string();
            assert!(err.contains("exited 0 but printed no SVG document"), "{body}: {err}");
        }
        let neato = fake_neato(dir.path(), "cat >/dev/null; echo '<svg></svg>'");
        assert_eq!(
            run(&neato, "digraph {}", TIMEOUT, &crate::context::Stop::never()).unwrap(),
            "<svg></svg>\n"
        );
    }

    #[test]
    fn a_graphviz_that_never_ends_is_stopped() {
        let dir = tempfile::tempdir().unwrap();
        let neato = fake_neato(dir.path(), "exec sleep 30");
        let started = Instant::now();
        let err = run(
            &neato,
            "digraph {}",
            Duration::from_millis(300),
            &crate::context::Stop::never(),
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("did not finish within 0.3 s and was stopped"), "{err}");
        assert!(started.elapsed() < Duration::from_secs(10));
    }
}
