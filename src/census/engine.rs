//! Which way a 2x2 census runs, chosen here for every front-end (the
//! command line's `verify`, Python's `census`): the plain reference, the
//! direct partial sums or one orbit of pieces at a time; what each may
//! hold in memory, refused before any work; and one run that says what it
//! covered when it is stopped.

use std::ops::Range;

use super::shard::{self, Shard, first_piece_work};
use super::{Census, MAX_PATTERNS, Outcome, fast, plain, symmetric};
use crate::context::Context;
use crate::{Error, Result};

/// How a 2x2 census goes through its puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Engine {
    /// Puzzle by puzzle with the recording graph ([`plain`]): the
    /// reference the others are judged by.
    Plain,
    /// From the table of verdicts on every 4-tuple of corners, by partial
    /// sums ([`fast`]): it runs shards, and a stopped run covers a prefix
    /// of the first pieces.
    Direct,
    /// One orbit of pieces at a time ([`symmetric`]): the fastest whole
    /// census; a stopped run reports nothing.
    Symmetric,
}

impl Engine {
    /// The engine for a census: [`Engine::Plain`] when asked; else
    /// [`Engine::Direct`] when the run is split (a shard, or the symmetry
    /// declined) or may be stopped and must then say which puzzles it
    /// covered, as far as the direct table fits
    /// (`shard::MAX_PATTERNS`); else [`Engine::Symmetric`].
    pub(crate) fn choose(census: &Census, plain: bool, split: bool, stoppable: bool) -> Engine {
        if plain {
            Engine::Plain
        } else if split || (stoppable && census.patterns <= shard::MAX_PATTERNS) {
            Engine::Direct
        } else {
            Engine::Symmetric
        }
    }

    /// Refuses, before any work, a census this engine cannot hold: more
    /// than `MAX_PATTERNS` patterns for any engine, more than
    /// `shard::MAX_PATTERNS` for the plain and direct ones (the direct
    /// table holds `C^4` bytes for `C` corners: 9.8e7 for `K = 5` with
    /// repetitions, 4.3e8 for `K = 6`).
    pub(crate) fn check(self, census: &Census) -> Result<()> {
        let k = census.patterns;
        if !(1..=MAX_PATTERNS).contains(&k) {
            return Err(Error::Unsupported(format!("expected 1 to {MAX_PATTERNS} patterns")));
        }
        if self != Engine::Symmetric && k > shard::MAX_PATTERNS {
            return Err(Error::Unsupported(format!(
                "the plain and direct censuses go up to {} patterns (the direct table holds C^4 bytes for C corners)",
                shard::MAX_PATTERNS
            )));
        }
        Ok(())
    }
}

/// A 2x2 census run, maybe stopped.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Run {
    /// What it counted: `None` when the symmetric engine was stopped (its
    /// orbit sums over part of the orbits count no set of puzzles).
    pub outcome: Option<Outcome>,
    /// The plain and direct engines: the first pieces (piece classes in
    /// enumeration order, end excluded) whose puzzles `outcome` covers.
    pub first_pieces: Option<Range<usize>>,
    /// The first pieces of the shard asked for.
    pub whole: Range<usize>,
}

impl Run {
    /// Whether the run covered every puzzle it was asked for.
    pub(crate) fn complete(&self) -> bool {
        self.outcome.is_some() && self.first_pieces.as_ref().is_none_or(|done| *done == self.whole)
    }
}

/// The puzzles of `census` whose first piece is in `shard`, by `engine`,
/// with up to `keep` disagreements, until the context's stop; the
/// symmetric engine runs the whole census (it cannot run a shard). Refused
/// as [`Engine::check`] says.
pub(crate) fn run(census: &Census, engine: Engine, shard: Shard, keep: usize, context: &Context) -> Result<Run> {
    engine.check(census)?;
    let whole = shard.range(&first_piece_work(census.pieces().len()));
    let (outcome, first_pieces) = match engine {
        Engine::Plain => {
            let (outcome, done) = plain::run(census, shard, keep, context);
            (Some(outcome), Some(done))
        }
        Engine::Direct => {
            let (outcome, done) = fast::run(census, shard, keep, context);
            (Some(outcome), Some(done))
        }
        Engine::Symmetric if shard != Shard::WHOLE => {
            return Err(Error::Unsupported(
                "the symmetric census runs whole: a shard needs the direct census".into(),
            ));
        }
        Engine::Symmetric => (symmetric::run(census, keep, context), None),
    };
    Ok(Run {
        outcome,
        first_pieces,
        whole,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn choose_as_documented() {
        use crate::census::{Census, engine::Engine};
        let k5 = Census {
            patterns: 5,
            repetition_free: true,
        };
        let k6 = Census {
            patterns: 6,
            repetition_free: true,
        };
        assert_eq!(Engine::choose(&k5, false, false, false), Engine::Symmetric);
        assert_eq!(Engine::choose(&k5, false, false, true), Engine::Direct);
        assert_eq!(Engine::choose(&k6, false, false, true), Engine::Symmetric);
        assert_eq!(Engine::choose(&k6, true, false, false), Engine::Plain);
    }

    #[test]
    fn check_as_documented() {
        use crate::census::{Census, engine::Engine};
        let k6 = Census {
            patterns: 6,
            repetition_free: false,
        };
        assert!(Engine::Symmetric.check(&k6).is_ok());
        assert!(Engine::Direct.check(&k6).is_err());
        assert!(
            Engine::Symmetric
                .check(&Census {
                    patterns: 9,
                    repetition_free: true
                })
                .is_err()
        );
    }

    #[test]
    fn run_as_documented() {
        use crate::census::{
            Census,
            engine::{Engine, run},
            shard::Shard,
        };
        use crate::context::{Context, Stop};
        let census = Census {
            patterns: 2,
            repetition_free: true,
        };
        let whole = run(&census, Engine::Symmetric, Shard::WHOLE, 0, &Context::new()).unwrap();
        let direct = run(&census, Engine::Direct, Shard::WHOLE, 0, &Context::new()).unwrap();
        assert!(whole.complete() && direct.complete());
        assert_eq!(whole.outcome, direct.outcome);
        let stopped = Stop::never().after(std::time::Duration::ZERO);
        let cut = run(
            &census,
            Engine::Direct,
            Shard::WHOLE,
            0,
            &Context::new().until(&stopped),
        )
        .unwrap();
        assert!(!cut.complete() && cut.first_pieces == Some(0..0));
        let half = Shard { index: 1, count: 2 };
        assert!(run(&census, Engine::Symmetric, half, 0, &Context::new()).is_err());
    }
}
