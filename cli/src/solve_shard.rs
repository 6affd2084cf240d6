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
use std::sync::atomic::AtomicBool;

use scramble::Puzzle;
use scramble::output::shown_path;
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
    stop: &scramble::Stop,
    interrupted: &Arc<AtomicBool>,
) -> anyhow::Result<Exit> {
    refuse_paths(shape)?;
    if let Some(done) = shape.output.and_then(|path| done(path, shape, puzzle)) {
        note(&format!(
            "{}: shard {} is already done\n",
            shown_path(done),
            shape.shard
        ));
        // A run killed between writing the result and removing its
        // checkpoint left the checkpoint: the shard is done, it goes.
        if let Some(path) = shape.checkpoint {
            remove(path)?;
        }
        return Ok(Exit::Success);
    }
    let resume = shape.checkpoint.filter(|path| path.exists()).map(read).transpose()?;
    if let (Some(path), Some(checkpoint)) = (shape.checkpoint, &resume) {
        if let Some(what) = mismatch(checkpoint, shape, puzzle) {
            anyhow::bail!(
                "{}: a checkpoint of {what}, not of this run: give this run another --checkpoint, \
                 or run it as that checkpoint was run",
                shown_path(path)
            );
        }
        note(&format!(
            "{}: shard {} continues from its checkpoint ({} subtrees done)\n",
            shown_path(path),
            shape.shard,
            checkpoint.covered.len()
        ));
    }
    // A first solution searches identical cards once, as `solve --first`.
    let solver = match shape.mode {
        Mode::First => Solver::counting(puzzle, shape.strategy, shape.seed)?,
        Mode::All => Solver::with_strategy(puzzle, shape.strategy, shape.seed)?,
    };
    let Some(cut) = solver.cut(shape.shard.count, &scramble::Context::new().until(stop)) else {
        let why = super::signals::why_stopped(interrupted);
        note(&format!(
            "shard {} stopped ({why}) while cutting the search, before any subtree; nothing was written\n",
            shape.shard
        ));
        return Ok(Exit::Stopped);
    };
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
        context: scramble::Context::new().until(stop).reporting(&bar),
        resume,
        every: shape.every,
        save: &mut save,
    };
    let report = solver.run_shard(&cut, &mut job);
    bar.finish_and_clear();
    let report = report?;
    if !report.complete {
        let why = super::signals::why_stopped(interrupted);
        let saved = shape
            .checkpoint
            .map(|p| format!("; its checkpoint {} continues it", shown_path(p)))
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

/// Before any work: the report and the checkpoint may not replace an input
/// (the puzzle) nor stand where no regular file can go (a FIFO would block
/// the read of a finished result), and they may not be one file: the
/// checkpoint is removed once the shard is done, with the result in it.
fn refuse_paths(shape: &Shape) -> anyhow::Result<()> {
    for path in shape.output.iter().chain(&shape.checkpoint) {
        scramble::output::inputs::refuse_over_input(path)?;
        scramble::output::refuse_where_no_file_goes(path)?;
    }
    if let (Some(output), Some(checkpoint)) = (shape.output, shape.checkpoint)
        && scramble::output::inputs::same_place(output, checkpoint)
    {
        anyhow::bail!(
            "-o {} and --checkpoint {} are one file: the checkpoint is removed once the shard is done, \
             which would remove its result; give them different names",
            shown_path(output),
            shown_path(checkpoint)
        );
    }
    Ok(())
}

/// The report as the JSON document a shard writes.
fn document(report: &ShardReport) -> Vec<u8> {
    let mut text = serde_json::to_vec_pretty(report).expect("a report serializes");
    text.push(b'\n');
    text
}

/// Reads a checkpoint or result file.
fn read(path: &Path) -> anyhow::Result<ShardReport> {
    let bytes = super::input::read_file(path)?;
    Ok(shards::read(&shown_path(path), &bytes)?)
}

/// What makes `report` (a checkpoint or result) another run's than this
/// one, named by the option that differs; `None` when it is this run's.
fn mismatch(report: &ShardReport, shape: &Shape, puzzle: &Puzzle) -> Option<String> {
    let named = Named::new(
        puzzle,
        (shape.strategy, shape.seed),
        shape.mode,
        (shape.keep, shape.list),
    );
    let theirs = &report.search;
    let puzzle_of = |n: &Named| (n.puzzle.clone(), n.fingerprint.clone(), n.size);
    let what = if puzzle_of(theirs) != puzzle_of(&named) {
        format!("another puzzle (`{}`)", scramble::output::excerpt(&theirs.puzzle))
    } else if theirs.strategy != named.strategy {
        "another --order, --cells, --pieces or --symmetry".to_string()
    } else if theirs.seed != named.seed {
        format!("--seed {}", theirs.seed)
    } else if theirs.mode != named.mode {
        let first = if theirs.mode == Mode::First { "with" } else { "without" };
        format!("a run {first} --first")
    } else if (theirs.keep, theirs.list) != (named.keep, named.list) {
        "another --list or --list-limit".to_string()
    } else if report.shard != shape.shard {
        format!("shard {}", report.shard)
    } else {
        return None;
    };
    Some(what)
}

/// `path` when it holds this shard's complete result.
fn done<'a>(path: &'a Path, shape: &Shape, puzzle: &Puzzle) -> Option<&'a Path> {
    let report = read(path).ok()?;
    (mismatch(&report, shape, puzzle).is_none() && report.complete).then_some(path)
}

/// Removes a checkpoint whose shard is done (none there is fine), and the
/// temporary files of checkpoints whose writer was killed outright.
fn remove(path: &Path) -> anyhow::Result<()> {
    scramble::output::remove_leftovers(path);
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            anyhow::bail!(
                "{}: cannot remove the finished shard's checkpoint: {e}",
                shown_path(path)
            )
        }
        _ => Ok(()),
    }
}
