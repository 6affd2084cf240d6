//! Time bounds that hold on a loaded machine. A bound on wall-clock time
//! measures the other processes as much as the command (a 0.3 s run took
//! 25 s at load 10); a bound on the command's processor time (user and
//! system, every thread) does not. A command that ignores its
//! `--time-limit` or a signal keeps computing, so its processor time
//! passes the bound: it is then killed and the test fails at once.

use std::io::Read;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use rustix::process::{Pid, WaitId, WaitIdOptions, waitid};

/// A command that has not ended after this long is hung (it computes
/// nothing, so no processor-time bound ends it): killed, and the test
/// fails.
const HUNG: Duration = Duration::from_secs(600);

/// Processor time process `pid` has used so far, its ended threads
/// included, from `/proc/PID/stat` (clock ticks of 1/100 s: Linux's
/// `USER_HZ`); also readable while it is a zombie, not once it is reaped.
pub fn used(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// Runs `command` (standard input empty, outputs captured) to its end;
/// see [`finish_within`].
pub fn run_within(command: &mut Command, cpu: Duration) -> (Output, Duration) {
    let child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    finish_within(child, cpu)
}

/// Waits for `child` to end and returns its output and the processor time
/// it used in all (read while it is a zombie, then reaped). Fails, killing
/// it, once it has used more than `cpu`, or runs longer than [`HUNG`].
pub fn finish_within(mut child: Child, cpu: Duration) -> (Output, Duration) {
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());
    let pid = Pid::from_child(&child);
    let started = Instant::now();
    let (used, over) = loop {
        let ended = waitid(
            WaitId::Pid(pid),
            WaitIdOptions::EXITED | WaitIdOptions::NOWAIT | WaitIdOptions::NOHANG,
        )
        .unwrap()
        .is_some();
        let used = used(child.id()).unwrap_or_default();
        if ended {
            break (used, false);
        }
        if used > cpu || started.elapsed() > HUNG {
            let _ = child.kill();
            break (used, true);
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let status = child.wait().unwrap();
    let output = Output {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    };
    assert!(
        !over,
        "killed after {used:?} of processor time (bound {cpu:?}) and {:?}: {}",
        started.elapsed(),
        String::from_utf8_lossy(&output.stderr)
    );
    (output, used)
}

/// Reads a pipe to its end on a thread of its own.
fn drain(pipe: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut bytes);
        }
        bytes
    })
}
