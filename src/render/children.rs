//! The Graphviz processes this process runs, kept so that none outlives
//! it: [`stop_graphviz`] (called by a process about to end on a signal)
//! kills and reaps each one and refuses to start another, and on Linux
//! every child also gets `SIGKILL` from the kernel when the thread that
//! started it ends (`PR_SET_PDEATHSIG`), so even a process killed outright
//! leaves no Graphviz behind.

use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The children running now, by a number of their own.
struct Running {
    children: Vec<(u64, Child)>,
    next: u64,
    /// Set by [`stop_graphviz`]: no child starts any more.
    stopped: bool,
}

static RUNNING: Mutex<Running> = Mutex::new(Running {
    children: Vec::new(),
    next: 0,
    stopped: false,
});

fn running() -> MutexGuard<'static, Running> {
    RUNNING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Kills and reaps every Graphviz process still running and keeps any
/// other from starting: `Renderer::stop_graphviz`.
pub(crate) fn stop_graphviz() {
    let mut running = running();
    running.stopped = true;
    for (_, mut child) in running.children.drain(..) {
        let _ = child.kill();
        let _ = child.wait();
    }
}

/// A registered child's number and the pipes it was started with.
pub(crate) struct Spawned {
    pub id: u64,
    pub stdin: Option<ChildStdin>,
    pub stdout: Option<ChildStdout>,
    pub stderr: Option<ChildStderr>,
}

/// Starts `command` as a registered child; `None` once [`stop_graphviz`]
/// has run.
pub(crate) fn spawn(command: &mut Command) -> Option<std::io::Result<Spawned>> {
    die_with_parent(command);
    let mut running = running();
    if running.stopped {
        return None;
    }
    Some(command.spawn().map(|mut child| {
        let id = running.next;
        running.next += 1;
        let spawned = Spawned {
            id,
            stdin: child.stdin.take(),
            stdout: child.stdout.take(),
            stderr: child.stderr.take(),
        };
        running.children.push((id, child));
        spawned
    }))
}

/// On Linux, has the kernel send `SIGKILL` to the child when the thread
/// that starts it ends (the caller waits for the child, so only the end of
/// this process ends that thread first).
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn die_with_parent(command: &mut Command) {
    use rustix::process::{Signal, getpid, getppid, set_parent_process_death_signal};
    use std::os::unix::process::CommandExt;
    let parent = getpid();
    // SAFETY: the closure runs in the child between `fork` and `exec`; it
    // makes two system calls (async-signal-safe) and allocates nothing.
    unsafe {
        command.pre_exec(move || {
            set_parent_process_death_signal(Some(Signal::KILL))?;
            // The parent ended before the signal was asked for.
            if getppid() != Some(parent) {
                return Err(rustix::io::Errno::SRCH.into());
            }
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
fn die_with_parent(_: &mut Command) {}

/// What became of a registered child.
pub(crate) enum Polled {
    Running,
    Exited(ExitStatus),
    /// Killed by [`stop_graphviz`].
    Stopped,
}

/// Whether child `id` is still running (without blocking); a child that
/// ended is forgotten.
pub(crate) fn poll(id: u64) -> std::io::Result<Polled> {
    let mut running = running();
    let Some(at) = running.children.iter().position(|(i, _)| *i == id) else {
        return Ok(Polled::Stopped);
    };
    match running.children[at].1.try_wait()? {
        Some(status) => {
            running.children.swap_remove(at);
            Ok(Polled::Exited(status))
        }
        None => Ok(Polled::Running),
    }
}

/// Kills and reaps child `id` (when still registered) and forgets it.
pub(crate) fn kill(id: u64) -> std::io::Result<()> {
    let mut running = running();
    if let Some(at) = running.children.iter().position(|(i, _)| *i == id) {
        let (_, mut child) = running.children.swap_remove(at);
        child.kill()?;
        child.wait()?;
    }
    Ok(())
}
