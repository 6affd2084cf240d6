//! SIGINT, SIGTERM and SIGHUP. The signal handlers only set a flag (through
//! `signal-hook`, whose handler writes to a pipe); a watcher thread then
//! either raises the run's stop flag, for commands that stop at their next
//! poll and report what they found as partial (exit 3), or ends the
//! process: it first kills and reaps every Graphviz process it runs, then
//! stops every output write that has not installed its
//! set (the writing thread removes what it staged at its next safe point)
//! and waits until no write is in progress, so each set is whole or
//! untouched; then it exits 128 + the signal number (130, 143, 129).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU8, Ordering};

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

/// The flag a signal raises in `OnSignal::Report` mode.
static RAISED: std::sync::LazyLock<Arc<AtomicBool>> = std::sync::LazyLock::new(|| Arc::new(AtomicBool::new(false)));

/// What a signal does now: `OnSignal::Exit` until a command that reports
/// partial results switches to `OnSignal::Report`.
static REPORTS: AtomicBool = AtomicBool::new(false);

/// Installs the handlers and their watcher thread, once, for every
/// command, before any input is read: until a command switches to
/// reporting (installing the report handlers) a signal ends the process, so a
/// run still reading its input (a slow standard input) ends at once.
///
/// Returns once the watcher runs: a thread still starting (its stack and
/// signal stack mapped beside the work) would otherwise slow the first
/// search of the run, which for a small puzzle takes microseconds.
fn start() {
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        // Fails only when signals cannot be handled at all; they then keep
        // their default action (the process ends, staging stays for the
        // next run to remove).
        if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) {
            let (ready, started) = std::sync::mpsc::sync_channel(1);
            std::thread::spawn(move || {
                let _ = ready.send(());
                for signal in signals.forever() {
                    LAST.store(signal, Ordering::SeqCst);
                    let again = RAISED.swap(true, Ordering::SeqCst);
                    if !REPORTS.load(Ordering::SeqCst) || again {
                        exit(signal);
                    }
                }
            });
            // Err only if the thread ended before sending, which it does not.
            let _ = started.recv();
        }
    });
}

/// For a command that reports partial results, once its work is whole and
/// its set is about to be written: from now on a signal ends the process as
/// in `OnSignal::Exit` (the set not yet installed is given up and its
/// staging removed, exit 128 + the signal) instead of waiting for a write
/// that may take minutes; a signal already received ends it now.
pub fn before_writing() {
    REPORTS.store(false, Ordering::SeqCst);
    end_if_signalled();
}

/// The last signal received (0: none).
static LAST: AtomicI32 = AtomicI32::new(0);

/// Ends the process, as a signal in `OnSignal::Exit` mode does, when a
/// signal has been received: for a thread that polls while it waits for
/// input before any work.
pub fn end_if_signalled() {
    let signal = LAST.load(Ordering::SeqCst);
    if signal != 0 {
        exit(signal);
    }
}

/// Sets what a signal does from now on; returns the flag a signal raises
/// (for a `Stop::cancelled_by`).
pub fn install(on: OnSignal) -> Arc<AtomicBool> {
    start();
    REPORTS.store(on == OnSignal::Report, Ordering::SeqCst);
    RAISED.clone()
}

/// Who ends the process: nobody yet, the main thread with its own exit
/// code, or the signal watcher with 128 + the signal. Whoever claims it
/// first wins, so the exit code and the message always agree.
static ENDING: AtomicU8 = AtomicU8::new(RUNNING);
const RUNNING: u8 = 0;
const MAIN_ENDS: u8 = 1;
const SIGNAL_ENDS: u8 = 2;

fn claim_end(by: u8) -> bool {
    ENDING
        .compare_exchange(RUNNING, by, Ordering::SeqCst, Ordering::SeqCst)
        .is_ok()
}

/// For the main thread on its way out: `code`, unless a signal already
/// claimed the end of the process (then its watcher ends it, with 128 +
/// the signal and its message, once no write is in progress).
pub fn main_ends(code: std::process::ExitCode) -> std::process::ExitCode {
    if !claim_end(MAIN_ENDS) {
        wait_for_exit();
    }
    code
}

/// Ends the process for `signal` once every output set is whole; if the
/// main thread is already returning its own exit code, lets it.
fn exit(signal: i32) -> ! {
    if !claim_end(SIGNAL_ENDS) {
        wait_for_exit();
    }
    scramble::render::Renderer::stop_graphviz();
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

/// The `scramble::Stop` of a command that reports what it
/// finished as partial: raised by a signal (after `install` with
/// `OnSignal::Report`) or, with `limit`, by the clock. Also returns the
/// signal flag, for `why_stopped`.
pub fn interruptible(limit: Option<std::time::Duration>) -> (scramble::Stop, Arc<AtomicBool>) {
    let interrupted = install(OnSignal::Report);
    (stop(limit, Some(&interrupted)), interrupted)
}

/// The one way the command line builds a `scramble::Stop`: `limit` from
/// now, if any, and the signal flag `install` returned, if any.
pub fn stop(limit: Option<std::time::Duration>, flag: Option<&Arc<AtomicBool>>) -> scramble::Stop {
    let stop = scramble::Stop::never();
    let stop = flag.map_or(stop.clone(), |flag| stop.cancelled_by(flag.clone()));
    limit.map_or(stop.clone(), |limit| stop.after(limit))
}

/// Why a run stopped early: `"interrupted"` (a signal) or `"time-limit"`.
pub fn why_stopped(interrupted: &AtomicBool) -> &'static str {
    if interrupted.load(Ordering::Relaxed) {
        "interrupted"
    } else {
        "time-limit"
    }
}
