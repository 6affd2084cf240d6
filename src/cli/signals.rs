//! SIGINT, SIGTERM and SIGHUP. The signal handlers only set a flag (through
//! `signal-hook`, whose handler writes to a pipe); a watcher thread then
//! either raises the run's stop flag, for commands that stop at their next
//! poll and report what they found as partial (exit 3), or ends the
//! process: it first stops every output write that has not installed its
//! set (the writing thread removes what it staged at its next safe point)
//! and waits until no write is in progress, so each set is whole or
//! untouched; then it exits 128 + the signal number (130, 143, 129).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

/// What a signal does to this run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnSignal {
    /// End the process once no output write is in progress.
    Exit,
    /// Raise the stop flag; the command reports partial results. A second
    /// signal ends the process as `OnSignal::Exit` does.
    Report,
}

/// Installs the handlers; returns the flag a signal raises (for a
/// `Stop::cancelled_by`).
pub fn install(on: OnSignal) -> Arc<AtomicBool> {
    let raised = Arc::new(AtomicBool::new(false));
    let flag = raised.clone();
    // Fails only when signals cannot be handled at all; they then keep
    // their default action (the process ends, staging stays for the next
    // run to remove).
    if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) {
        std::thread::spawn(move || {
            for signal in signals.forever() {
                let again = flag.swap(true, Ordering::SeqCst);
                if on == OnSignal::Exit || again {
                    exit(signal);
                }
            }
        });
    }
    raised
}

/// Ends the process for `signal` once every output set is whole.
fn exit(signal: i32) -> ! {
    let _no_writes = scramble::output::stop_writing();
    let name = match signal {
        SIGINT => "SIGINT",
        SIGTERM => "SIGTERM",
        _ => "SIGHUP",
    };
    super::note(&format!(
        "scramble: stopped by {name}; no output was left half written (files written before stay whole)\n"
    ));
    std::process::exit(128 + signal)
}

/// For the main thread when a write gave up because a signal arrived: the
/// watcher thread ends the process; wait for it.
pub fn wait_for_exit() -> ! {
    loop {
        std::thread::park();
    }
}

/// The `scramble::solve::Stop` of a command that reports what it
/// finished as partial: raised by a signal (after `install` with
/// `OnSignal::Report`) or, with `limit`, by the clock. Also returns the
/// signal flag, for `why_stopped`.
pub fn interruptible(limit: Option<std::time::Duration>) -> (scramble::solve::Stop, Arc<AtomicBool>) {
    let interrupted = install(OnSignal::Report);
    let stop = scramble::solve::Stop::never().cancelled_by(interrupted.clone());
    (limit.map_or(stop.clone(), |limit| stop.after(limit)), interrupted)
}

/// Why a run stopped early: `"interrupted"` (a signal) or `"time-limit"`.
pub fn why_stopped(interrupted: &AtomicBool) -> &'static str {
    if interrupted.load(Ordering::Relaxed) {
        "interrupted"
    } else {
        "time-limit"
    }
}
