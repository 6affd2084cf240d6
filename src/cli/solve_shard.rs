//! `scramble solve --shard I/N`: one shard of a backtracking search, for a
//! job list run by GNU parallel or a Slurm array, added up by
//! `scramble merge`.
//!
//! The shard prints one JSON document (`-o FILE`: writes it there, whole
//! or not at all, and a rerun that finds FILE holding this shard's
//! complete result does nothing). `--checkpoint FILE` saves the search's
//! position every `--checkpoint-every` seconds, and when the shard is
//! stopped; a run that finds FILE continues from it. Exit 0 when the
//! shard is done (whether or not its subtrees hold a solution: the merge
//! says), 3 when it was stopped, 2 on an error.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use scramble::Puzzle;
use scramble::solve::shards::{self, Job, Mode, Named, Shard, ShardReport};
use scramble::solve::{Solver, Strategy};

use super::exit_codes::Exit;
use super::{note, print_text, progress};

/// What a shard run takes from `solve`'s arguments.
pub struct Shape<'a> {
    pub shard: Shard,
    pub strategy: Strategy,
    pub seed: u64,
    pub mode: Mode,
    pub keep: u64,
    pub list: bool,
    pub output: Option<&'a Path>,
    pub checkpoint: Option<&'a Path>,
    pub every: std::time::Duration,
}

/// Runs one shard of `puzzle`'s search and writes its report.
pub fn run(
    shape: &Shape,
    puzzle: &Puzzle,
    stop: &scramble::solve::Stop,
    interrupted: &Arc<AtomicBool>,
) -> anyhow::Result<Exit> {
    // Before any work: the report may not replace an input (the puzzle).
    if let Some(path) = shape.output {
        scramble::output::inputs::refuse_over_input(path)?;
    }
    if let Some(done) = shape.output.and_then(|path| done(path, shape, puzzle)) {
        note(&format!("{}: shard {} is already done\n", done.display(), shape.shard));
        return Ok(Exit::Success);
    }
    let resume = shape.checkpoint.filter(|path| path.exists()).map(read).transpose()?;
    if let (Some(path), Some(checkpoint)) = (shape.checkpoint, &resume) {
        note(&format!(
            "{}: shard {} continues from its checkpoint ({} subtrees done)\n",
            path.display(),
            shape.shard,
            checkpoint.covered.len()
        ));
    }
    // A first solution searches identical cards once, as `solve --first`.
    let solver = match shape.mode {
        Mode::First => Solver::counting(puzzle, shape.strategy, shape.seed)?,
        Mode::All => Solver::with_strategy(puzzle, shape.strategy, shape.seed)?,
    };
    let cut = solver.cut(shape.shard.count);
    let bar = progress::bar(0, &format!("shard {}: subtrees", shape.shard));
    let mut save = |checkpoint: &ShardReport| -> scramble::Result<()> {
        match shape.checkpoint {
            Some(path) => scramble::output::write_atomic(path, &document(checkpoint)),
            None => Ok(()),
        }
    };
    let mut job = Job {
        puzzle,
        shard: shape.shard,
        mode: shape.mode,
        keep: shape.keep,
        list: shape.list,
        seed: shape.seed,
        stop,
        progress: &bar,
        resume,
        every: shape.every,
        save: &mut save,
    };
    let report = solver.run_shard(&cut, &mut job);
    bar.finish_and_clear();
    let report = report?;
    if !report.complete {
        let why = if interrupted.load(Ordering::Relaxed) {
            "interrupted"
        } else {
            "time-limit"
        };
        let saved = shape
            .checkpoint
            .map(|p| format!("; its checkpoint {} continues it", p.display()))
            .unwrap_or_default();
        note(&format!(
            "shard {} stopped ({why}) before its end{saved}\n",
            shape.shard
        ));
    }
    match shape.output {
        Some(path) if report.complete => scramble::output::write_atomic(path, &document(&report))?,
        Some(_) => {}
        None => print_text(&String::from_utf8_lossy(&document(&report)))?,
    }
    if report.complete
        && let Some(path) = shape.checkpoint
    {
        remove(path)?;
    }
    Ok(if report.complete { Exit::Success } else { Exit::Stopped })
}

/// The report as the JSON document a shard writes.
fn document(report: &ShardReport) -> Vec<u8> {
    let mut text = serde_json::to_vec_pretty(report).expect("a report serializes");
    text.push(b'\n');
    text
}

/// Reads a checkpoint or result file.
fn read(path: &Path) -> anyhow::Result<ShardReport> {
    let bytes = scramble::puzzle::read::read_limited(path)?;
    Ok(shards::read(&path.display().to_string(), &bytes)?)
}

/// `path` when it holds this shard's complete result.
fn done<'a>(path: &'a Path, shape: &Shape, puzzle: &Puzzle) -> Option<&'a Path> {
    let report = read(path).ok()?;
    let named = Named::new(
        puzzle,
        (shape.strategy, shape.seed),
        shape.mode,
        (shape.keep, shape.list),
    );
    let same = report.search == named && report.shard == shape.shard;
    (same && report.complete).then_some(path)
}

/// Removes a checkpoint whose shard is done (none there is fine).
fn remove(path: &Path) -> anyhow::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            anyhow::bail!("{}: cannot remove the finished shard's checkpoint: {e}", path.display())
        }
        _ => Ok(()),
    }
}
