//! Running Graphviz: `neato -n2 -Tsvg`, DOT on stdin, SVG on stdout.
//!
//! `-n2` makes neato keep every node position and edge spline given in the
//! DOT, so the picture is the layout computed in [`super::layout`].

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::{Error, Result};

/// The program run, and its arguments.
const PROGRAM: &str = "neato";
const ARGUMENTS: [&str; 2] = ["-n2", "-Tsvg"];

/// Whether `neato` is an executable file in a folder of `PATH`.
pub fn graphviz_available() -> bool {
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
pub fn command_line() -> String {
    format!("{PROGRAM} {}", ARGUMENTS.join(" "))
}

/// Draws `dot` with Graphviz and returns the SVG.
///
/// Fails with [`Error::Graphviz`] naming the command when neato cannot be
/// started (with how to install it) or exits with an error (with what it
/// printed on stderr).
pub fn neato_svg(dot: &str) -> Result<String> {
    let fail = |message: String| Error::Graphviz {
        command: command_line(),
        message,
    };
    let mut child = Command::new(PROGRAM)
        .args(ARGUMENTS)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => fail(format!(
                "`{PROGRAM}` is not on PATH: install Graphviz (`apt-get install graphviz`) or draw with `--renderer embedded`"
            )),
            _ => fail(format!("cannot start `{PROGRAM}`: {e}")),
        })?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // Feed stdin from another thread so a full stdout pipe cannot block us.
    let output = std::thread::scope(|scope| {
        scope.spawn(move || {
            // A write error means neato stopped early; its exit status says why.
            let _ = stdin.write_all(dot.as_bytes());
        });
        child.wait_with_output()
    })
    .map_err(|e| fail(format!("cannot read its output: {e}")))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(fail(format!("{} ({})", stderr.trim(), output.status)));
    }
    String::from_utf8(output.stdout).map_err(|_| fail("its output is not UTF-8".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_graph_fails_with_the_command_and_neatos_message() {
        if !crate::render::tests::neato_or_note() {
            return;
        }
        let err = neato_svg("digraph { a -> }").unwrap_err().to_string();
        assert!(err.starts_with("graphviz: `neato -n2 -Tsvg` failed: "), "{err}");
        assert!(err.contains("syntax error"), "{err}");
    }
}
