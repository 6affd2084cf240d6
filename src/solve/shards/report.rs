//! One shard as the front-ends run it: [`Options`] (the flags of `solve
//! --shard I/N`), [`run`] (the result file that is already there, the
//! checkpoint to continue from, the cut, the search, the checkpoints and
//! the result written), and [`merge`] of the documents into the single
//! run's answer ([`Merged`]: its text and its JSON).
//!
//! The front-ends only translate: the command line parses its flags into
//! [`Options`], builds the context (stop, progress), prints the document
//! and the notes, and chooses the exit code.

#[cfg(feature = "fs")]
use std::path::{Path, PathBuf};
#[cfg(feature = "fs")]
use std::time::Duration;

use serde::Serialize;

#[cfg(feature = "fs")]
use super::{Job, MAX_SOLVE_SHARDS, ShardReport, read};
use super::{Mode, Named, Rows, merge_reports};
use crate::Result;
#[cfg(feature = "fs")]
use crate::context::{Context, Shard};
#[cfg(feature = "fs")]
use crate::error::shown_path;
#[cfg(feature = "fs")]
use crate::solve::{Solver, Strategy};
#[cfg(feature = "fs")]
use crate::{Error, Puzzle};

/// One shard of one puzzle's backtracking search, as `scramble solve
/// --shard I/N` describes it.
#[cfg(feature = "fs")]
#[derive(Clone, Debug)]
pub struct Options {
    /// Which shard (`N` at most 4096).
    pub shard: Shard,
    /// The cell, piece and symmetry rules.
    pub strategy: Strategy,
    /// Seed of random piece orders.
    pub seed: u64,
    /// Stop at the first solution (identical cards searched once) instead
    /// of counting every solution.
    pub first: bool,
    /// Solutions kept (1 with `first`).
    pub keep: u64,
    /// Whether the kept solutions are listed by the merge.
    pub list: bool,
    /// The file the complete document goes to, whole or not at all; a run
    /// that finds this shard's complete document there does nothing.
    pub output: Option<PathBuf>,
    /// The file the search's position is saved to every `every` and when
    /// the shard is stopped; a run that finds it there continues from it.
    /// It is removed once the shard is done.
    pub checkpoint: Option<PathBuf>,
    /// How often the checkpoint is saved.
    pub every: Duration,
}

/// What a shard run did: the document to show, whether the shard is done,
/// and what to tell the user about it.
#[cfg(feature = "fs")]
#[derive(Clone, Debug)]
pub struct ShardRun {
    shard: Shard,
    ended: Ended,
    /// The note of a run that continued from its checkpoint.
    resumed: Option<String>,
    /// The JSON document, when the search ran.
    document: Option<Vec<u8>>,
}

/// How a shard run ended.
#[cfg(feature = "fs")]
#[derive(Clone, Debug)]
enum Ended {
    /// The output file already held the shard's complete document.
    AlreadyDone(PathBuf),
    /// Stopped while cutting the search, before any subtree.
    WhileCutting,
    /// Stopped inside its subtrees; the checkpoint (if any) continues it.
    Stopped(Option<PathBuf>),
    /// Ran to its end.
    Complete,
}

#[cfg(feature = "fs")]
impl ShardRun {
    /// Whether the shard is done (now or by an earlier run); `false`: it
    /// was stopped.
    pub fn complete(&self) -> bool {
        matches!(self.ended, Ended::AlreadyDone(_) | Ended::Complete)
    }

    /// The shard's JSON document (a checkpoint's when stopped), as written
    /// to the output file; `None` when no search ran (already done, or
    /// stopped while cutting).
    pub fn document(&self) -> Option<&[u8]> {
        self.document.as_deref()
    }

    /// The notes for the user, `why` naming what stopped a stopped run
    /// (`time-limit`, `interrupted`).
    pub fn notes(&self, why: &str) -> String {
        let shard = self.shard;
        let ended = match &self.ended {
            Ended::AlreadyDone(path) => format!("{}: shard {shard} is already done\n", shown_path(path)),
            Ended::WhileCutting => format!(
                "shard {shard} stopped ({why}) while cutting the search, before any subtree; nothing was written\n"
            ),
            Ended::Stopped(checkpoint) => {
                let saved = checkpoint
                    .as_ref()
                    .map(|p| format!("; its checkpoint {} continues it", shown_path(p)))
                    .unwrap_or_default();
                format!("shard {shard} stopped ({why}) before its end{saved}\n")
            }
            Ended::Complete => String::new(),
        };
        self.resumed.clone().unwrap_or_default() + &ended
    }
}

/// Runs shard `options.shard` of `puzzle`'s search under `context` (its
/// stop, its progress over the shard's subtrees): nothing when the output
/// file already holds this shard's complete document, else from the
/// checkpoint when there is one, saving checkpoints as it goes; a complete
/// document is written to the output file, then the checkpoint removed.
/// Refused: more than 4096 shards, an output or checkpoint over an input
/// or where no file goes, both one file, a checkpoint of another run.
///
/// # Complexity
/// The cut and the search of the shard's subtrees.
///
/// ```
/// use scramble::Context;
/// use scramble::solve::{Order, shards};
/// let puzzle: scramble::Puzzle = "1+ 1+ 1- 1-\n1+ 1+ 1- 1-\n1+ 1+ 1- 1-\n1+ 1+ 1- 1-".parse().unwrap();
/// let shard = |index| {
///     let options = shards::Options {
///         shard: scramble::census::Shard { index, count: 2 },
///         strategy: Order::Spiral.strategy(),
///         seed: 0,
///         first: false,
///         keep: 1,
///         list: false,
///         output: None,
///         checkpoint: None,
///         every: std::time::Duration::MAX,
///     };
///     let ran = shards::run(&puzzle, &options, &Context::new()).unwrap();
///     assert!(ran.complete() && ran.notes("").is_empty());
///     (format!("{index}.json"), ran.document().unwrap().to_vec())
/// };
/// let merged = shards::merge(&[shard(1), shard(2)]).unwrap().expect("solve shards");
/// assert!(merged.found());
/// assert!(merged.text().contains("solutions modulo rotation"), "{}", merged.text());
/// ```
#[cfg(feature = "fs")]
pub fn run(puzzle: &Puzzle, options: &Options, context: &Context) -> Result<ShardRun> {
    let shard = options.shard;
    if shard.count > MAX_SOLVE_SHARDS {
        return Err(Error::Shard(format!(
            "--shard {shard}: solve takes I/N with N <= {MAX_SOLVE_SHARDS}"
        )));
    }
    refuse_paths(options)?;
    let ran = |ended, resumed, document| ShardRun {
        shard,
        ended,
        resumed,
        document,
    };
    let named = options.named(puzzle);
    if let Some(path) = &options.output
        && read_file(path).is_ok_and(|done| mismatch(&done, &named, shard).is_none() && done.complete)
    {
        // A run killed between writing the result and removing its
        // checkpoint left the checkpoint: the shard is done, it goes.
        if let Some(checkpoint) = &options.checkpoint {
            remove(checkpoint)?;
        }
        return Ok(ran(Ended::AlreadyDone(path.clone()), None, None));
    }
    let resume = match &options.checkpoint {
        Some(path) if path.exists() => Some((path, read_file(path)?)),
        _ => None,
    };
    let resumed = match &resume {
        Some((path, checkpoint)) => {
            if let Some(what) = mismatch(checkpoint, &named, shard) {
                return Err(Error::Shard(format!(
                    "{}: a checkpoint of {what}, not of this run: give this run another --checkpoint, \
                     or run it as that checkpoint was run",
                    shown_path(path)
                )));
            }
            Some(format!(
                "{}: shard {shard} continues from its checkpoint ({} subtrees done)\n",
                shown_path(path),
                checkpoint.covered.len()
            ))
        }
        None => None,
    };
    // A first solution searches identical cards once, as `solve --first`.
    let solver = if options.first {
        Solver::counting(puzzle, options.strategy, options.seed)?
    } else {
        Solver::with_strategy(puzzle, options.strategy, options.seed)?
    };
    let Some(cut) = solver.cut(shard.count, &Context::new().until(context.stop())) else {
        return Ok(ran(Ended::WhileCutting, resumed, None));
    };
    let mut save = |checkpoint: &ShardReport| match &options.checkpoint {
        Some(path) => crate::output::Target::new(path).write(&document(checkpoint)),
        None => Ok(()),
    };
    let mut job = Job {
        puzzle,
        shard,
        mode: named.mode,
        keep: options.keep,
        list: options.list,
        seed: options.seed,
        context: *context,
        resume: resume.map(|(_, checkpoint)| checkpoint),
        every: options.every,
        save: &mut save,
    };
    let report = solver.run_shard(&cut, &mut job)?;
    let written = document(&report);
    if !report.complete {
        return Ok(ran(Ended::Stopped(options.checkpoint.clone()), resumed, Some(written)));
    }
    if let Some(path) = &options.output {
        crate::output::Target::new(path).write(&written)?;
    }
    if let Some(path) = &options.checkpoint {
        remove(path)?;
    }
    Ok(ran(Ended::Complete, resumed, Some(written)))
}

#[cfg(feature = "fs")]
impl Options {
    /// The search these options name.
    fn named(&self, puzzle: &Puzzle) -> Named {
        let mode = if self.first { Mode::First } else { Mode::All };
        Named::new(puzzle, (self.strategy, self.seed), mode, (self.keep, self.list))
    }
}

/// Before any work: the output and the checkpoint may not replace an input
/// (the puzzle) nor stand where no regular file can go (a FIFO would block
/// the read of a finished result), and they may not be one file: the
/// checkpoint is removed once the shard is done, with the result in it.
#[cfg(feature = "fs")]
fn refuse_paths(options: &Options) -> Result<()> {
    for path in options.output.iter().chain(&options.checkpoint) {
        crate::output::Target::new(path).refuse()?;
    }
    if let (Some(output), Some(checkpoint)) = (&options.output, &options.checkpoint)
        && crate::output::same_place(output, checkpoint)
    {
        return Err(Error::Shard(format!(
            "-o {} and --checkpoint {} are one file: the checkpoint is removed once the shard is done, \
             which would remove its result; give them different names",
            shown_path(output),
            shown_path(checkpoint)
        )));
    }
    Ok(())
}

/// The report as the JSON document a shard writes.
#[cfg(feature = "fs")]
fn document(report: &ShardReport) -> Vec<u8> {
    let mut text = serde_json::to_vec_pretty(report).expect("a report serializes");
    text.push(b'\n');
    text
}

/// Reads a checkpoint or result file.
#[cfg(feature = "fs")]
fn read_file(path: &Path) -> Result<ShardReport> {
    let bytes = crate::puzzle::read::read_limited(path)?;
    read(&shown_path(path), &bytes)
}

/// What makes `report` (a checkpoint or result) another run's than the one
/// of `named` and `shard`, named by the option that differs; `None` when
/// it is that run's.
#[cfg(feature = "fs")]
fn mismatch(report: &ShardReport, named: &Named, shard: Shard) -> Option<String> {
    let theirs = &report.search;
    let puzzle_of = |n: &Named| (n.puzzle.clone(), n.fingerprint.clone(), n.size);
    let what = if puzzle_of(theirs) != puzzle_of(named) {
        format!("another puzzle (`{}`)", crate::error::excerpt(&theirs.puzzle))
    } else if theirs.strategy != named.strategy {
        "another --order, --cells, --pieces or --symmetry".to_string()
    } else if theirs.seed != named.seed {
        format!("--seed {}", theirs.seed)
    } else if theirs.mode != named.mode {
        let first = if theirs.mode == Mode::First { "with" } else { "without" };
        format!("a run {first} --first")
    } else if (theirs.keep, theirs.list) != (named.keep, named.list) {
        "another --list or --list-limit".to_string()
    } else if report.shard != shard {
        format!("shard {}", report.shard)
    } else {
        return None;
    };
    Some(what)
}

/// Removes a checkpoint whose shard is done (none there is fine), and the
/// temporary files of checkpoints whose writer was killed outright.
#[cfg(feature = "fs")]
fn remove(path: &Path) -> Result<()> {
    crate::output::remove_done(path).map_err(|e| {
        Error::Shard(format!(
            "{}: cannot remove the finished shard's checkpoint: {e}",
            shown_path(path)
        ))
    })
}

/// What `scramble merge` shows for `solve` shards: the single run's
/// answer. Its JSON (its `Serialize`) has the keys of `solve --json` where
/// they mean the same.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Merged {
    /// The search: puzzle, strategy, seed and goal.
    #[serde(flatten)]
    pub(crate) search: Named,
    /// Shards merged.
    pub(crate) shards: usize,
    /// Subtrees of the cut.
    pub(crate) subtrees: usize,
    /// Always true: merge takes complete shards only.
    pub(crate) complete: bool,
    /// Solutions modulo rotation (`all`), or 1 / 0 found (`first`).
    pub(crate) solutions: u64,
    /// 4 per solution (`all`; null for `first`): 128 bits, so never
    /// wrapped.
    pub(crate) arrangements: Option<u128>,
    /// Nodes of the whole search (`all`: those of the single run), above
    /// the cut and in every covered subtree.
    pub(crate) nodes: u64,
    /// Seconds summed over the shards.
    pub(crate) seconds: f64,
    /// The first solution in search order.
    pub(crate) solution: Option<Rows>,
    /// With `solve --list`: the first `keep` solutions in search order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) listed: Option<Vec<Rows>>,
}

impl Merged {
    /// Whether the search holds a solution.
    pub fn found(&self) -> bool {
        self.solution.is_some()
    }

    /// The answer as `scramble merge` prints it: the count or the first
    /// solution, and with `list` the solutions kept.
    pub fn text(&self) -> String {
        let rows = |rows: &Rows| rows.iter().map(|r| r.join(" ")).collect::<Vec<_>>().join(" / ");
        let whence = format!(
            "{} strategy, {} shards over {} subtrees, {} nodes",
            self.search.strategy.name(),
            self.shards,
            self.subtrees,
            self.nodes
        );
        let puzzle = &self.search.puzzle;
        let mut out = match (self.search.mode, &self.solution) {
            (_, None) => format!("{puzzle}: no solution ({whence})\n"),
            (Mode::First, Some(s)) => format!("{puzzle}: a solution ({whence}):\n  {}\n", rows(s)),
            (Mode::All, Some(s)) => format!(
                "{puzzle}: {} solution{} modulo rotation ({} arrangements; {whence}); the first:\n  {}\n",
                self.solutions,
                if self.solutions == 1 { "" } else { "s" },
                self.arrangements.unwrap_or_default(),
                rows(s)
            ),
        };
        if let Some(listed) = &self.listed {
            out += &format!("solutions in search order (the first {}):\n", listed.len());
            for (i, solution) in listed.iter().enumerate() {
                out += &format!("  {:>4}  {}\n", i + 1, rows(solution));
            }
        }
        out
    }
}

/// Adds up the documents `files` (name, bytes) of every shard of one
/// `solve --shard I/N` search into the single run's answer, refusing what
/// real shards cannot have written (see [`super`]); `None` when no file
/// is such a document (they may be another command's shards). `O(M + S)`
/// for `M` subtrees and `S` solutions kept, after reading.
///
/// ```
/// use scramble::solve::shards::merge;
/// assert!(merge(&[("a.json".into(), b"{}".to_vec())]).unwrap().is_none());
/// let shard = br#"{"kind": "solve-shard"}"#.to_vec();
/// let err = merge(&[("a.json".into(), b"{}".to_vec()), ("b.json".into(), shard)]).unwrap_err();
/// assert!(err.to_string().starts_with("a.json:1:2: not the JSON of `scramble solve --shard I/N`: missing field"));
/// ```
pub fn merge(files: &[(String, Vec<u8>)]) -> Result<Option<Merged>> {
    if !files.iter().any(|(_, bytes)| super::is_solve_shard(bytes)) {
        return Ok(None);
    }
    let reports = files
        .iter()
        .map(|(name, bytes)| Ok((name.clone(), super::read(name, bytes)?)))
        .collect::<Result<Vec<_>>>()?;
    merge_reports(&reports).map(Some)
}
