//! A count with its files, as `solve` runs one: one shard of the count,
//! or the whole count as a shard of one, its document written to the
//! output file whole once done, and its checkpoint refused, continued,
//! saved and removed here, so that the front-ends only translate their
//! flags and print what comes back.

use std::path::Path;
use std::time::Duration;

use super::EdgePuzzle;
use super::shard::EdgeShard;
use crate::context::{Context, Shard};
use crate::error::shown_path;
use crate::output::Target;
use crate::{Error, Result};

impl EdgeShard {
    /// Counts `shard` of `puzzle`'s search (`None`: the whole count, as
    /// one shard of one; every rotation or the first corner pinned, row
    /// by row or frame first), as [`EdgeShard::count`] does, with its files:
    /// nothing when `output` already holds this shard's complete document
    /// (which comes back); else from the checkpoint in `checkpoint.0` when
    /// that file holds one, saving it there every `checkpoint.1` and when
    /// stopped. A complete document is written to `output`, then the
    /// checkpoint is removed. Returns the document (complete, or the
    /// checkpoint of a stopped count) and the notes for the user.
    ///
    /// # Errors
    /// Those of [`EdgeShard::count`]; `output` or the checkpoint where no
    /// file goes or over an input, both one file, a checkpoint file that
    /// is not a checkpoint of this search; a write or removal that fails.
    ///
    /// ```
    /// use scramble::Context;
    /// use scramble::puzzle::edge::{EdgePuzzle, EdgeShard};
    /// let pieces = vec![[0, 1, 2, 0], [0, 0, 3, 1], [2, 4, 0, 0], [3, 0, 0, 4]];
    /// let puzzle = EdgePuzzle::new(2, 2, pieces, vec![]).unwrap();
    /// let dir = tempfile::tempdir().unwrap();
    /// let checkpoint = dir.path().join("count.ckpt");
    /// let every = std::time::Duration::from_secs(60);
    /// let (done, notes) = EdgeShard::run(&puzzle, true, false, None, None, Some((&checkpoint, every)), &Context::new()).unwrap();
    /// assert!(done.complete() && notes.is_empty() && !checkpoint.exists());
    /// assert_eq!(done.counted(&puzzle).arrangements, puzzle.count(true, 1, &Context::new()).arrangements);
    /// ```
    pub fn run(
        puzzle: &EdgePuzzle,
        every_rotation: bool,
        frame_first: bool,
        shard: Option<Shard>,
        output: Option<&Path>,
        checkpoint: Option<(&Path, Duration)>,
        context: &Context,
    ) -> Result<(EdgeShard, String)> {
        let who = who(shard);
        let asked = shard;
        let shard = shard.unwrap_or(Shard::WHOLE);
        let checkpoint_path = checkpoint.map(|(path, _)| path);
        refuse_paths(output, checkpoint_path)?;
        if let Some(path) = output
            && let Some(done) = read(path)
                .ok()
                .filter(|d| d.answers(puzzle, every_rotation, frame_first, shard))
        {
            // A run killed between writing the result and removing its
            // checkpoint left the checkpoint: the shard is done, it goes.
            checkpoint_path.map_or(Ok(()), remove)?;
            return Ok((done, format!("{}: shard {shard} is already done\n", shown_path(path))));
        }
        let mut notes = String::new();
        let resume = match checkpoint_path.filter(|path| path.exists()) {
            Some(path) => Some(resume(path, puzzle, (every_rotation, frame_first), asked, &mut notes)?),
            None => None,
        };
        let save = |doc: &EdgeShard| checkpoint_path.map_or(Ok(()), |path| Target::new(path).write(&doc.bytes()));
        let saving = checkpoint.map(|(_, every)| (every, &save as _));
        let counted = EdgeShard::count(
            puzzle,
            every_rotation,
            frame_first,
            shard,
            resume.as_ref(),
            saving,
            context,
        )?;
        if !counted.complete() {
            let why = context.stop().reason();
            let after = match (checkpoint_path, output) {
                (Some(path), _) => {
                    save(&counted)?;
                    format!("; its checkpoint {} continues it", shown_path(path))
                }
                (None, Some(_)) => "; nothing was written".into(),
                (None, None) => return Ok((counted, notes)),
            };
            notes += &format!("{who} stopped ({why}) before its end{after}\n");
            return Ok((counted, notes));
        }
        if let Some(path) = output {
            Target::new(path).write(&counted.bytes())?;
        }
        // The result is out: the checkpoint has nothing more to give.
        checkpoint_path.map_or(Ok(()), remove)?;
        Ok((counted, notes))
    }

    /// The document as written: one JSON line.
    fn bytes(&self) -> Vec<u8> {
        let mut bytes = serde_json::to_vec(self).expect("a shard's document is JSON");
        bytes.push(b'\n');
        bytes
    }
}

/// Before any work: the output and the checkpoint may not replace an input
/// nor stand where no regular file goes, and they may not be one file: the
/// checkpoint is removed once the count is done, with its result.
fn refuse_paths(output: Option<&Path>, checkpoint: Option<&Path>) -> Result<()> {
    for path in output.iter().chain(&checkpoint) {
        Target::new(path).refuse()?;
    }
    match (output, checkpoint) {
        (Some(output), Some(checkpoint)) if crate::output::same_place(output, checkpoint) => {
            Err(Error::Shard(format!(
                "-o {} and --checkpoint {} are one file: the checkpoint is removed once the shard is done, \
                 give them two names",
                shown_path(output),
                shown_path(checkpoint)
            )))
        }
        _ => Ok(()),
    }
}

/// What the notes call the count of `shard` (`None`: the whole count).
fn who(shard: Option<Shard>) -> String {
    shard.map_or("the count".to_string(), |s| format!("shard {s}"))
}

/// The checkpoint in `path`, refused unless it continues `shard` of
/// `puzzle`'s search (`None`: the whole count; every rotation or not,
/// frame first or not); says so in `notes`.
fn resume(
    path: &Path,
    puzzle: &EdgePuzzle,
    (every_rotation, frame_first): (bool, bool),
    shard: Option<Shard>,
    notes: &mut String,
) -> Result<EdgeShard> {
    let shown = shown_path(path);
    let checkpoint = read(path)?;
    if !checkpoint.continues(puzzle, every_rotation, frame_first, shard.unwrap_or(Shard::WHOLE)) {
        let of = shard.map_or("this count".to_string(), |s| format!("shard {s} of this search"));
        return Err(Error::Shard(format!(
            "{shown}: a checkpoint of another run, not of {of}: give this run another --checkpoint, \
             or run it as that checkpoint was run"
        )));
    }
    *notes += &format!("{shown}: {} continues from its checkpoint\n", who(shard));
    Ok(checkpoint)
}

/// The document in `path`.
fn read(path: &Path) -> Result<EdgeShard> {
    let bytes = crate::puzzle::read::read_limited(path)?;
    serde_json::from_slice(&bytes).map_err(|e| {
        Error::Shard(crate::error::json_fault(
            &shown_path(path),
            "not a checkpoint of an edge count",
            &e,
        ))
    })
}

/// Removes a finished count's checkpoint (none there is fine).
fn remove(path: &Path) -> Result<()> {
    crate::output::remove_done(path).map_err(|e| Error::Shard(format!("{}: {e}", shown_path(path))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::edge::tests::planted;

    fn every() -> Duration {
        Duration::ZERO
    }

    #[test]
    fn a_whole_count_stopped_and_resumed_ends_as_one_run_and_removes_its_checkpoint() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("count.ckpt");
        let stop = crate::Stop::never().after(Duration::ZERO);
        for (seed, every_rotation, frame_first) in [(8, false, false), (7, true, false), (8, true, true)] {
            let puzzle = planted(seed, 5, 5, 3, false);
            let whole = match frame_first {
                false => puzzle.count(every_rotation, 1, &Context::new()),
                true => puzzle.count_frame_first(every_rotation, 1, &Context::new()),
            };
            let run = |context: &Context| {
                let checkpoint = Some((path.as_path(), every()));
                EdgeShard::run(&puzzle, every_rotation, frame_first, None, None, checkpoint, context).unwrap()
            };
            let (stopped, notes) = run(&Context::new().until(&stop));
            assert!(!stopped.complete() && path.exists(), "{notes}");
            let said = "the count stopped (time-limit) before its end; its checkpoint";
            assert!(notes.starts_with(said), "{notes}");
            let (done, notes) = run(&Context::new());
            assert!(notes.contains("the count continues from its checkpoint"), "{notes}");
            assert!(done.complete() && !path.exists());
            let counted = done.counted(&puzzle);
            assert_eq!(
                (
                    counted.arrangements,
                    counted.solutions,
                    counted.every_rotation,
                    counted.frame_first
                ),
                (whole.arrangements, whole.solutions, whole.every_rotation, frame_first)
            );
            assert_eq!(counted.stats.nodes_per_depth, whole.stats.nodes_per_depth);
            assert_eq!(counted.stats.candidate_tests, whole.stats.candidate_tests);
            assert_eq!(counted.boards, whole.boards, "the same first board");
            assert!(!counted.stats.stopped);
        }
    }

    #[test]
    fn a_checkpoint_of_another_search_or_one_file_for_both_is_refused_before_any_work() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("count.ckpt");
        let puzzle = planted(8, 5, 5, 3, false);
        let stop = crate::Stop::never().after(Duration::ZERO);
        let stopped = Context::new().until(&stop);
        EdgeShard::run(&puzzle, false, false, None, None, Some((&path, every())), &stopped).unwrap();
        let refused = |puzzle: &EdgePuzzle, every_rotation, shard| {
            let run = EdgeShard::run(
                puzzle,
                every_rotation,
                false,
                shard,
                None,
                Some((&path, every())),
                &stopped,
            );
            run.unwrap_err().to_string()
        };
        assert!(refused(&puzzle, true, None).contains("a checkpoint of another run, not of this count"));
        assert!(refused(&planted(9, 5, 5, 3, false), false, None).contains("another run"));
        let half = Some(Shard { index: 1, count: 2 });
        assert!(refused(&puzzle, false, half).contains("not of shard 1/2 of this search"));
        // A whole count is shard 1/1: either continues the other.
        let (_, notes) = EdgeShard::run(
            &puzzle,
            false,
            false,
            Some(Shard::WHOLE),
            None,
            Some((&path, every())),
            &stopped,
        )
        .unwrap();
        assert!(notes.contains("shard 1/1 continues from its checkpoint"), "{notes}");
        std::fs::write(&path, "{}").unwrap();
        assert!(refused(&puzzle, false, None).contains("not a checkpoint of an edge count"));
        let both = EdgeShard::run(
            &puzzle,
            false,
            false,
            half,
            Some(&path),
            Some((&path, every())),
            &stopped,
        );
        assert!(both.unwrap_err().to_string().contains("are one file"));
        assert!(std::fs::read(&path).unwrap() == b"{}", "nothing was touched");
    }

    #[test]
    fn a_shard_done_is_written_once_and_a_rerun_finds_it_done() {
        let dir = tempfile::tempdir().unwrap();
        let (output, path) = (dir.path().join("s.json"), dir.path().join("s.ckpt"));
        let puzzle = planted(4, 4, 4, 3, false);
        let shard = Some(Shard { index: 2, count: 3 });
        let run = |context: &Context| {
            EdgeShard::run(
                &puzzle,
                true,
                false,
                shard,
                Some(&output),
                Some((&path, every())),
                context,
            )
            .unwrap()
        };
        let (done, notes) = run(&Context::new());
        assert!(done.complete() && notes.is_empty() && !path.exists());
        assert_eq!(std::fs::read(&output).unwrap(), done.bytes());
        std::fs::write(&path, "left by a killed run").unwrap();
        let (again, notes) = run(&Context::new());
        assert_eq!(again, done);
        assert!(notes.ends_with("s.json: shard 2/3 is already done\n"), "{notes}");
        assert!(!path.exists(), "the leftover checkpoint goes");
        std::fs::remove_file(&output).unwrap();
        let stop = crate::Stop::never().after(Duration::ZERO);
        let no_checkpoint = EdgeShard::run(
            &puzzle,
            true,
            false,
            shard,
            Some(&output),
            None,
            &Context::new().until(&stop),
        );
        let (stopped, notes) = no_checkpoint.unwrap();
        assert!(!stopped.complete() && !output.exists());
        assert_eq!(
            notes,
            "shard 2/3 stopped (time-limit) before its end; nothing was written\n"
        );
    }
}
