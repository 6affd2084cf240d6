//! One search split into shards that run anywhere, resumed from
//! checkpoints, and added back up.
//!
//! **The cut.** The search tree is cut at one depth into many more subtrees
//! than shards (`SUBTREES_PER_SHARD` per shard): Knuth's estimate of the
//! nodes per depth ([`super::Estimate`], a fixed seed) picks the first depth
//! expected to hold that many nodes, and the search enumerates its
//! partial states there, in search order: subtree `j` is the `j`-th of
//! them. Each subtree's work is estimated by probes from its root, and the
//! subtrees are dealt to shards by the longest-first rule (the heaviest
//! subtree goes to the least loaded shard, ties to the lower subtree and
//! shard), so shards get about equal estimated work. Everything is
//! deterministic: every shard computes the same cut and deal on its own.
//!
//! **A shard** searches its subtrees in search order on one thread and
//! records, for each one it covered, the nodes and solutions below the
//! root; it keeps the first `keep` solutions it met, each with its
//! subtree (a `first` shard stops at its first solution). The nodes above
//! the cut (`prefix_nodes`) are the same for every shard.
//!
//! **Checkpoints** are shard reports that are not complete: the subtrees
//! covered so far and the position inside the current one (the candidates
//! taken below its root, the nodes and solutions counted there). They are
//! written at the search's polls once `every` has passed, between
//! subtrees, and when the search is stopped; a shard given one continues
//! from it and reports exactly what an uninterrupted run reports.
//!
//! **Merging** ([`merge`]) checks what files can be checked: the same
//! puzzle (fingerprint), strategy, seed, goal and cut; every shard `1..=N`
//! once; every shard complete; each shard's covered subtrees in search
//! order, its sums equal to its totals, its solutions inside its covered
//! subtrees; the shards' covers disjoint and together every subtree (for a
//! count) or every subtree before the earliest solution (for `first`).
//! The count, the node count and the first `keep` solutions are then those
//! of the single run. What no file can show is a subtree's own count
//! changed together with its shard's sums: only searching that subtree
//! again tells (`subtrees` and `covered` say which).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::estimate::Probe;
use super::fast::{Chooser, Control, Kernel, Observer, State};
use super::{Strategy, Walker};
pub(crate) use crate::context::Shard;
use crate::{Error, Puzzle, Result};

mod report;
pub use report::{Merged, merge};
#[cfg(feature = "fs")]
pub use report::{Options, ShardRun, run};

/// The most shards a search is cut for: `SUBTREES_PER_SHARD` subtrees
/// each stay well under `MAX_SUBTREES`, and the cut of that many is
/// built in seconds.
pub(crate) const MAX_SOLVE_SHARDS: usize = 4096;
/// Subtrees per shard the cut aims at.
pub(crate) const SUBTREES_PER_SHARD: usize = 64;
/// The most subtrees a cut enumerates.
pub(crate) const MAX_SUBTREES: usize = 1 << 22;
/// Probes of the estimate that picks the cut's depth, and its seed.
const CUT_PROBES: u64 = 4096;
const CUT_SEED: u64 = 0x5eed_c075;
/// Probes from each subtree's root that estimate its work.
const WEIGHT_PROBES: u64 = 32;

/// The search tree cut at one depth into subtrees, dealt to shards.
#[derive(Clone, Debug)]
pub(crate) struct Cut {
    /// Pieces placed at the subtrees' roots.
    pub(crate) depth: usize,
    /// Nodes above the cut, the roots included.
    pub(crate) prefix_nodes: u64,
    /// Each root as the candidates taken from the top.
    roots: Vec<Vec<u32>>,
    /// Estimated nodes below each root (the root counted).
    #[cfg(test)]
    weights: Vec<f64>,
    /// The shard (from 0) each subtree is dealt to.
    owners: Vec<usize>,
}

impl Cut {
    /// How many subtrees the tree was cut into.
    pub(crate) fn subtrees(&self) -> usize {
        self.roots.len()
    }

    /// The subtrees dealt to `shard`, in search order.
    pub(crate) fn of(&self, shard: Shard) -> Vec<usize> {
        (0..self.subtrees())
            .filter(|&j| self.owners[j] == shard.index - 1)
            .collect()
    }

    #[cfg(test)]
    /// The estimated nodes below the roots dealt to `shard`.
    pub(crate) fn estimated_work(&self, shard: Shard) -> f64 {
        self.of(shard).iter().map(|&j| self.weights[j]).sum()
    }
}

/// Deals subtrees of estimated `weights` to `shards` shards: heaviest first,
/// each to the least loaded shard (ties: lower subtree, lower shard).
/// `O(M log M + M log N)` for `M` subtrees (the loads in a heap).
pub(crate) fn deal(weights: &[f64], shards: usize) -> Vec<usize> {
    use std::cmp::Reverse;
    /// A shard's load, ordered as `f64::total_cmp` orders it.
    #[derive(PartialEq)]
    struct Load(f64);
    impl Eq for Load {}
    impl PartialOrd for Load {
        fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
            Some(self.cmp(other))
        }
    }
    impl Ord for Load {
        fn cmp(&self, other: &Self) -> std::cmp::Ordering {
            self.0.total_cmp(&other.0)
        }
    }
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|&a, &b| weights[b].total_cmp(&weights[a]).then(a.cmp(&b)));
    let mut load: std::collections::BinaryHeap<Reverse<(Load, usize)>> =
        (0..shards.max(1)).map(|s| Reverse((Load(0.0), s))).collect();
    let mut owners = vec![0; weights.len()];
    for j in order {
        let Reverse((Load(lightest_load), lightest)) = load.pop().expect("at least one shard");
        owners[j] = lightest;
        load.push(Reverse((Load(lightest_load + weights[j]), lightest)));
    }
    owners
}

/// The roots of a cut at `depth`, with the nodes above it; `None` when
/// there are more than [`MAX_SUBTREES`].
pub(super) fn roots<C: Chooser>(search: &Kernel<'_, C>, depth: usize) -> Option<(u64, Vec<Vec<u32>>)> {
    let mut state = State::new();
    let mut observer = Roots(Vec::new());
    let flow = search.enter_and_run(&mut state, depth, &mut observer);
    let nodes = state.nodes()[..depth].iter().sum();
    flow.is_continue().then_some((nodes, observer.0))
}

/// The path of every state of the cut's depth, up to [`MAX_SUBTREES`].
struct Roots(Vec<Vec<u32>>);

impl Observer for Roots {
    const COUNTS: bool = true;

    fn reached(&mut self, state: &State) -> Control {
        self.0.push(state.path(0));
        if self.0.len() > MAX_SUBTREES {
            Control::Break(())
        } else {
            Control::Continue(())
        }
    }
}

/// The cut for `shards` shards: the depth from `nodes_per_depth` (an
/// estimate), made shallower while the roots are too many; `None` when
/// `stop` is reached first (it is looked at before each subtree's probes).
pub(super) fn cut<C: Chooser>(
    search: &Kernel<'_, C>,
    probe: &Probe,
    shards: usize,
    stop: &crate::context::Stop,
) -> Option<Cut> {
    let cells = search.grid.n * search.grid.n;
    let wanted = SUBTREES_PER_SHARD.saturating_mul(shards).min(MAX_SUBTREES) as f64;
    let estimate = probe.run(search, CUT_PROBES, CUT_SEED, &crate::context::Context::new());
    let mut depth = (1..cells)
        .find(|&d| estimate.nodes_per_depth[d - 1] >= wanted)
        .unwrap_or(cells - 1)
        .max(1);
    let (prefix_nodes, roots) = loop {
        match roots(search, depth) {
            Some(found) => break found,
            None => depth -= 1,
        }
    };
    if stop.reached() {
        return None;
    }
    let weights: Vec<f64> = roots
        .iter()
        .enumerate()
        .map(|(j, root)| {
            let mut state = rebuild(search, root).expect("a root of this search");
            (!stop.reached()).then(|| 1.0 + probe.below_state(search, &mut state, WEIGHT_PROBES, j as u64))
        })
        .collect::<Option<_>>()?;
    let owners = deal(&weights, shards);
    Some(Cut {
        depth,
        prefix_nodes,
        roots,
        #[cfg(test)]
        weights,
        owners,
    })
}

/// The state at the end of `path` (candidates taken from the top), its
/// frames as the search left them; `None` if `path` is not one of this
/// search's.
fn rebuild<C: Chooser>(search: &Kernel<'_, C>, path: &[u32]) -> Option<State> {
    let mut state = State::new();
    for &index in path {
        search.retake(&mut state, index)?;
    }
    Some(state)
}

/// What a shard looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Mode {
    /// Count every solution, keeping the first `keep`.
    All,
    /// Stop at the first solution.
    First,
}

/// The rows of a solution, `label@rotation` per cell.
pub(crate) type Rows = Vec<Vec<String>>;

/// A subtree a shard searched to its end (for `first`: to its solution).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Covered {
    /// Its number in search order.
    pub(crate) subtree: usize,
    /// Nodes below its root.
    pub(crate) nodes: u64,
    /// Solutions below its root (modulo rotation).
    pub(crate) solutions: u64,
}

/// A solution kept, with the subtree it lies in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Found {
    /// Its subtree.
    pub(crate) subtree: usize,
    /// Its rows.
    pub(crate) solution: Rows,
}

/// Where a checkpoint stopped inside a subtree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Position {
    /// The subtree searched when the checkpoint was saved.
    pub(crate) subtree: usize,
    /// The candidates taken below the root (table indices).
    pub(crate) path: Vec<u32>,
    /// Nodes per depth below the root counted so far.
    pub(crate) nodes_per_depth: Vec<u64>,
    /// Solutions met so far in this subtree.
    pub(crate) solutions: u64,
    /// Those kept, in search order.
    pub(crate) found: Vec<Rows>,
}

/// What names a sharded search: the puzzle, the strategy and seed, the
/// goal; equal in every shard and checkpoint of one search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Named {
    /// The puzzle's name.
    pub(crate) puzzle: String,
    /// 16 hex digits of FNV-1a over the puzzle's text ([`fingerprint`]).
    pub(crate) fingerprint: String,
    /// `n`.
    pub(crate) size: usize,
    /// The cell, piece and symmetry rules.
    pub(crate) strategy: Strategy,
    /// Seed of random piece orders.
    pub(crate) seed: u64,
    /// What the search looks for.
    pub(crate) mode: Mode,
    /// Solutions kept (1 for `first`).
    pub(crate) keep: u64,
    /// Whether `solve --list` asked for the kept solutions.
    pub(crate) list: bool,
}

impl Named {
    /// The search of `puzzle` by `strategy` (`seed` drives random orders)
    /// for `mode`, keeping `keep` solutions, listed when `list`.
    pub(crate) fn new(
        puzzle: &Puzzle,
        (strategy, seed): (Strategy, u64),
        mode: Mode,
        (keep, list): (u64, bool),
    ) -> Self {
        Named {
            puzzle: puzzle.name().to_string(),
            fingerprint: fingerprint(puzzle),
            size: puzzle.size(),
            strategy,
            seed,
            mode,
            keep,
            list,
        }
    }
}

/// What `solve --shard I/N` writes: one shard's result, or with
/// `complete: false` a checkpoint to resume from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ShardReport {
    /// The JSON schema, [`crate::JSON_SCHEMA`].
    pub(crate) schema: u32,
    /// Always `solve-shard`.
    pub(crate) kind: String,
    /// The search: puzzle, strategy, seed and goal.
    pub(crate) search: Named,
    /// Which shard.
    pub(crate) shard: Shard,
    /// The cut: its depth, its subtrees, the nodes above it.
    pub(crate) depth: usize,
    /// Subtrees of the cut.
    pub(crate) subtrees: usize,
    /// Nodes above the cut, the roots included.
    pub(crate) prefix_nodes: u64,
    /// The subtrees searched, in search order.
    pub(crate) covered: Vec<Covered>,
    /// Solutions in the covered subtrees.
    pub(crate) solutions: u64,
    /// The first `keep` of them in search order.
    pub(crate) found: Vec<Found>,
    /// Nodes in the covered subtrees (not counting `prefix_nodes`).
    pub(crate) nodes: u64,
    /// Whether the shard ran to its end; `false`: stopped (a checkpoint).
    pub(crate) complete: bool,
    /// Seconds of work.
    pub(crate) seconds: f64,
    /// A checkpoint's position inside its next subtree.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) position: Option<Position>,
}

/// The kind every shard report carries.
pub(crate) const KIND: &str = "solve-shard";

/// 16 hex digits of FNV-1a (64 bits) over the puzzle in file notation
/// (names included): shards and checkpoints of another puzzle are told
/// apart. `O(size of the puzzle)`.
///
pub(crate) fn fingerprint(puzzle: &Puzzle) -> String {
    let hash = puzzle.to_string().bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    format!("{hash:016x}")
}

impl ShardReport {
    /// The fields that name the search and its goal, the cut aside.
    fn goal(&self) -> (&str, u32, &Named, usize) {
        (&self.kind, self.schema, &self.search, self.shard.count)
    }

    /// The fields equal in every shard and checkpoint of one search.
    fn search(&self) -> impl PartialEq + '_ {
        (self.goal(), (self.depth, self.subtrees, self.prefix_nodes))
    }
}

/// What a shard run needs besides the solver and its cut.
pub(crate) struct Job<'a> {
    /// The puzzle's name.
    pub(crate) puzzle: &'a Puzzle,
    /// Which shard.
    pub(crate) shard: Shard,
    /// What the search looks for.
    pub(crate) mode: Mode,
    /// Solutions to keep (1 for `first`).
    pub(crate) keep: u64,
    /// Whether the kept solutions are listed.
    pub(crate) list: bool,
    /// Seed of random piece orders.
    pub(crate) seed: u64,
    /// When to stop early (a checkpoint is then saved), and whom to tell
    /// of the shard's subtrees, then of each one done.
    pub(crate) context: crate::context::Context<'a>,
    /// A checkpoint of this shard to continue from.
    pub(crate) resume: Option<ShardReport>,
    /// How often to save a checkpoint.
    pub(crate) every: Duration,
    /// Saves a checkpoint (whole or not at all).
    pub(crate) save: &'a mut dyn FnMut(&ShardReport) -> Result<()>,
}

/// The report of `job` before any search: no subtree covered.
pub(super) fn empty(job: &Job, strategy: Strategy, cut: &Cut) -> ShardReport {
    ShardReport {
        schema: crate::JSON_SCHEMA,
        kind: KIND.into(),
        search: Named::new(job.puzzle, (strategy, job.seed), job.mode, (job.keep, job.list)),
        shard: job.shard,
        depth: cut.depth,
        subtrees: cut.subtrees(),
        prefix_nodes: cut.prefix_nodes,
        covered: Vec::new(),
        solutions: 0,
        found: Vec::new(),
        nodes: 0,
        complete: false,
        seconds: 0.0,
        position: None,
    }
}

/// Runs `job`'s shard of `cut`, from its checkpoint if it has one.
pub(super) fn search<C: Chooser>(
    search: &Kernel<'_, C>,
    cut: &Cut,
    job: &mut Job,
    fresh: ShardReport,
) -> Result<ShardReport> {
    let mine = cut.of(job.shard);
    let (mut report, mut position) = match job.resume.take() {
        Some(checkpoint) => resumed(job.puzzle, fresh, checkpoint, &mine)?,
        None => (fresh, None),
    };
    let started = Instant::now();
    let before = report.seconds;
    job.context.progress().start(mine.len() as u64);
    job.context.progress().advance(report.covered.len() as u64);
    let mut saved = Instant::now();
    for &subtree in &mine[report.covered.len()..] {
        if job.mode == Mode::First && !report.found.is_empty() {
            break;
        }
        let at = position.take();
        let mut watch = Watch {
            walker: Walker::new(
                search.grid.n,
                0..job.keep - report.found.len() as u64,
                end_after(job.mode),
            ),
            earlier: Vec::new(),
            subtree,
            floor: cut.depth,
            job: &mut *job,
            report: &report,
            saved: &mut saved,
            clock: (before, started),
            error: None,
        };
        let mut state = watch.start(search, &cut.roots[subtree], at)?;
        let _ = search.resume(&mut state, cut.depth as u8, search.grid.n * search.grid.n, &mut watch);
        if let Some(error) = watch.error.take() {
            return Err(error);
        }
        if state.stopped {
            let checkpoint = watch.checkpoint(&state);
            (job.save)(&checkpoint)?;
            return Ok(ShardReport {
                position: None,
                ..checkpoint
            });
        }
        let (walker, earlier) = (watch.walker, watch.earlier);
        let nodes: u64 = state.nodes()[..search.grid.n * search.grid.n].iter().sum();
        report.covered.push(Covered {
            subtree,
            nodes,
            solutions: walker.solutions,
        });
        report.solutions += walker.solutions;
        report.nodes += nodes;
        let kept = earlier
            .into_iter()
            .chain(walker.kept.iter().map(|a| a.rows(job.puzzle)));
        report.found.extend(kept.map(|solution| Found { subtree, solution }));
        job.context.progress().advance(1);
        report.seconds = before + started.elapsed().as_secs_f64();
        if saved.elapsed() >= job.every {
            (job.save)(&report)?;
            saved = Instant::now();
        }
    }
    report.complete = true;
    report.seconds = before + started.elapsed().as_secs_f64();
    Ok(report)
}

/// After how many solutions a subtree's search ends.
fn end_after(mode: Mode) -> u64 {
    match mode {
        Mode::All => u64::MAX,
        Mode::First => 1,
    }
}

/// The report and position to go on from: `checkpoint`, checked against
/// the shard's own search (`fresh`) and subtrees (`mine`), held to what
/// real shards write ([`consistent`]), and every solution it keeps one
/// of `puzzle`'s.
fn resumed(
    puzzle: &Puzzle,
    fresh: ShardReport,
    checkpoint: ShardReport,
    mine: &[usize],
) -> Result<(ShardReport, Option<Position>)> {
    let bad = |what: &str| {
        Err(Error::Shard(format!(
            "checkpoint: {what}: it belongs to another search"
        )))
    };
    if checkpoint.search() != fresh.search() || checkpoint.shard != fresh.shard {
        return bad("its puzzle, strategy, goal, shard or cut differ");
    }
    if checkpoint.complete {
        return Err(Error::Shard(
            "checkpoint: it says its shard is complete: a checkpoint never does".into(),
        ));
    }
    consistent("checkpoint", &checkpoint)?;
    let labels: HashMap<String, usize> = (0..puzzle.pieces().len()).map(|i| (puzzle.piece_label(i), i)).collect();
    let kept = checkpoint.found.iter().map(|f| &f.solution);
    if !kept
        .chain(checkpoint.position.iter().flat_map(|p| &p.found))
        .all(|rows| solves(puzzle, &labels, rows))
    {
        return Err(Error::Shard(
            "checkpoint: a solution it keeps is not one of this puzzle's: not a checkpoint of a real shard".into(),
        ));
    }
    let covered: Vec<usize> = checkpoint.covered.iter().map(|c| c.subtree).collect();
    if covered.len() > mine.len() || covered[..] != mine[..covered.len()] {
        return bad("its subtrees are not this shard's");
    }
    if checkpoint.found.len() as u64 > checkpoint.search.keep {
        return bad("it keeps more solutions than its goal");
    }
    if let Some(p) = &checkpoint.position {
        let cells = fresh.search.size * fresh.search.size;
        let next = mine.get(covered.len());
        if next != Some(&p.subtree) || p.nodes_per_depth.len() > cells || fresh.depth + p.path.len() >= cells {
            return bad("its position is not in this shard's next subtree");
        }
    }
    let position = checkpoint.position.clone();
    Ok((
        ShardReport {
            position: None,
            ..checkpoint
        },
        position,
    ))
}

/// The observer of one subtree of a shard: counts and keeps solutions
/// ([`Walker`]) and saves checkpoints at polls.
struct Watch<'a, 'j> {
    walker: Walker,
    /// Solutions kept in this subtree before a checkpoint resumed it.
    earlier: Vec<Rows>,
    subtree: usize,
    floor: usize,
    job: &'a mut Job<'j>,
    /// The subtrees covered before this one.
    report: &'a ShardReport,
    /// When a checkpoint was last saved.
    saved: &'a mut Instant,
    /// The seconds of the runs before this one, and when this one started.
    clock: (f64, Instant),
    error: Option<Error>,
}

impl Watch<'_, '_> {
    /// The state at the subtree's root, or at the checkpoint's position
    /// `at` inside it (with its counts), ready to search on.
    fn start<C: Chooser>(&mut self, search: &Kernel<'_, C>, root: &[u32], at: Option<Position>) -> Result<State> {
        let mut state = rebuild(search, root).expect("a root of this search");
        if let Some(at) = at {
            let lost = || Error::Shard("checkpoint: its path is not one of this search's".into());
            for &index in &at.path {
                search.retake(&mut state, index).ok_or_else(lost)?;
            }
            state.set_nodes(&at.nodes_per_depth);
            let solutions_fit = at.found.len() as u64 <= at.solutions.min(self.walker.keep.end);
            if !solutions_fit || self.walker.end_after <= at.solutions {
                return Err(lost());
            }
            self.walker.solutions = at.solutions;
            self.earlier = at.found;
        }
        Ok(state)
    }

    /// The checkpoint at `state`'s position.
    fn checkpoint(&self, state: &State) -> ShardReport {
        let cells = self.report.search.size * self.report.search.size;
        let found = self.earlier.iter().cloned();
        let position = Position {
            subtree: self.subtree,
            path: state.path(self.floor),
            nodes_per_depth: state.nodes()[..cells].to_vec(),
            solutions: self.walker.solutions,
            found: found
                .chain(self.walker.kept.iter().map(|a| a.rows(self.job.puzzle)))
                .collect(),
        };
        ShardReport {
            position: Some(position),
            seconds: self.clock.0 + self.clock.1.elapsed().as_secs_f64(),
            ..self.report.clone()
        }
    }
}

impl Observer for Watch<'_, '_> {
    const COUNTS: bool = true;

    #[inline(always)]
    fn reached(&mut self, state: &State) -> Control {
        self.walker.reached(state)
    }

    fn polled(&mut self, state: &State, _placements: u64) -> Control {
        if self.saved.elapsed() < self.job.every {
            return Control::Continue(());
        }
        let checkpoint = self.checkpoint(state);
        match (self.job.save)(&checkpoint) {
            Ok(()) => {
                *self.saved = Instant::now();
                Control::Continue(())
            }
            Err(error) => {
                self.error = Some(error);
                Control::Break(())
            }
        }
    }
}

/// Reads a shard report from the bytes of file `name`: one JSON object of
/// exactly the keys `solve --shard I/N` writes. Linear in its size.
///
pub(crate) fn read(name: &str, bytes: &[u8]) -> Result<ShardReport> {
    serde_json::from_slice(bytes).map_err(|e| {
        Error::Shard(crate::error::json_fault(
            name,
            "not the JSON of `scramble solve --shard I/N`",
            &e,
        ))
    })
}

/// Whether `bytes` look like a `solve` shard report (a JSON object whose
/// `kind` is `solve-shard`) rather than a census shard.
pub(crate) fn is_solve_shard(bytes: &[u8]) -> bool {
    #[derive(Deserialize)]
    struct Kind {
        kind: Option<String>,
    }
    serde_json::from_slice::<Kind>(bytes).is_ok_and(|k| k.kind.as_deref() == Some(KIND))
}

/// Adds up the reports of every shard of one `solve --shard I/N` search
/// into the single run's answer, refusing what real shards cannot have
/// written (see the module's doc). `names` label the reports in messages.
/// `O(M + S)` for `M` subtrees and `S` solutions kept.
pub(crate) fn merge_reports(reports: &[(String, ShardReport)]) -> Result<Merged> {
    let (first_name, first) = reports
        .first()
        .ok_or_else(|| Error::Shard("merge: no shard files given".into()))?;
    let count = first.shard.count;
    if count != reports.len() {
        return Err(Error::Shard(format!(
            "{first_name}: shard {} of {count}, but {} given: merge needs every shard exactly once",
            first.shard,
            crate::error::plural(reports.len(), "file")
        )));
    }
    let mut seen = vec![None::<&str>; count];
    let mut owner = vec![None::<&str>; first.subtrees.min(MAX_SUBTREES)];
    let overflow = |name: &str| Error::Shard(format!("{name}: the sums overflow: not the output of real shards"));
    let (mut solutions, mut nodes, mut seconds) = (0u64, first.prefix_nodes, 0.0);
    for (name, report) in reports {
        checked(name, report)?;
        if report.search() != first.search() {
            return Err(Error::Shard(format!(
                "{name}: shard {} of another search than {first_name}: the puzzle, strategy, seed, goal or cut differ",
                report.shard
            )));
        }
        if let Some(other) = seen[report.shard.index - 1].replace(name) {
            return Err(Error::Shard(format!(
                "{name}: shard {} was already given by {other}",
                report.shard
            )));
        }
        for c in &report.covered {
            if let Some(other) = owner[c.subtree].replace(name) {
                return Err(Error::Shard(format!(
                    "{name}: subtree {} was also searched by {other}: not the output of real shards",
                    c.subtree
                )));
            }
        }
        solutions = solutions.checked_add(report.solutions).ok_or_else(|| overflow(name))?;
        nodes = nodes.checked_add(report.nodes).ok_or_else(|| overflow(name))?;
        seconds += report.seconds;
        if !seconds.is_finite() {
            return Err(overflow(name));
        }
    }
    let mut found: Vec<&Found> = reports.iter().flat_map(|(_, r)| &r.found).collect();
    found.sort_by_key(|f| f.subtree);
    let needed = match first.search.mode {
        Mode::All => first.subtrees,
        Mode::First => found.first().map_or(first.subtrees, |f| f.subtree),
    };
    if let Some(missing) = owner[..needed].iter().position(Option::is_none) {
        return Err(Error::Shard(format!(
            "subtree {missing} was searched by no shard: not the output of real shards"
        )));
    }
    found.truncate(usize::try_from(first.search.keep).unwrap_or(usize::MAX));
    if first.search.mode == Mode::First {
        solutions = u64::from(!found.is_empty());
    }
    Ok(Merged {
        search: first.search.clone(),
        shards: count,
        subtrees: first.subtrees,
        complete: true,
        solutions,
        arrangements: (first.search.mode == Mode::All).then(|| 4 * u128::from(solutions)),
        nodes,
        seconds,
        solution: found.first().map(|f| f.solution.clone()),
        listed: first
            .search
            .list
            .then(|| found.iter().map(|f| f.solution.clone()).collect()),
    })
}

/// One report's own consistency: a complete shard of a real cut, its
/// subtrees in search order, its sums its totals, its solutions inside
/// its covered subtrees, as many kept as its goal keeps.
fn checked(name: &str, r: &ShardReport) -> Result<()> {
    if !r.complete || r.position.is_some() {
        return Err(Error::Shard(format!(
            "{name}: shard {} stopped before its end (a checkpoint): run it again to finish it",
            r.shard
        )));
    }
    consistent(name, r)
}

/// What [`checked`] asks of a report besides being complete: a real cut,
/// subtrees in search order, sums that are its totals, solutions kept
/// inside its covered subtrees, as many as its goal keeps. A checkpoint
/// is held to the same.
fn consistent(name: &str, r: &ShardReport) -> Result<()> {
    let bad = |what: String| Err(Error::Shard(format!("{name}: {what}: not the output of a real shard")));
    let cells = r.search.size * r.search.size;
    if r.schema != crate::JSON_SCHEMA {
        return bad(format!(
            "schema {}; this scramble reads schema {}",
            r.schema,
            crate::JSON_SCHEMA
        ));
    }
    if r.kind != KIND || !(2..=8).contains(&r.search.size) || r.depth == 0 || r.depth >= cells {
        return bad(format!(
            "kind {}, size {}, cut depth {}",
            crate::error::excerpt(&r.kind),
            r.search.size,
            r.depth
        ));
    }
    if !is_puzzle_name(&r.search.puzzle) || !is_fingerprint(&r.search.fingerprint) {
        return bad(format!(
            "puzzle `{}`, fingerprint `{}`",
            crate::error::excerpt(&r.search.puzzle),
            crate::error::excerpt(&r.search.fingerprint)
        ));
    }
    if !r.shard.is_valid() || r.shard.count > MAX_SOLVE_SHARDS || r.subtrees > MAX_SUBTREES {
        return bad(format!("shard {} of a cut into {} subtrees", r.shard, r.subtrees));
    }
    if !r.seconds.is_finite()
        || r.seconds < 0.0
        || r.search.keep == 0
        || (r.search.mode == Mode::First && r.search.keep != 1)
    {
        return bad(format!("seconds {}, keep {}", r.seconds, r.search.keep));
    }
    let ordered = r.covered.windows(2).all(|w| w[0].subtree < w[1].subtree);
    let inside = r.covered.last().is_none_or(|c| c.subtree < r.subtrees);
    if !ordered || !inside || r.covered.iter().any(|c| c.solutions > c.nodes) {
        return bad("its subtrees are not in search order, or not of its cut".into());
    }
    let sum = |f: fn(&Covered) -> u64| r.covered.iter().try_fold(0u64, |a, c| a.checked_add(f(c)));
    if sum(|c| c.solutions) != Some(r.solutions) || sum(|c| c.nodes) != Some(r.nodes) {
        return bad("its solutions or nodes are not the sums over its subtrees".into());
    }
    checked_found(r).map_or(Ok(()), bad)
}

/// The kept solutions of a report: within its covered subtrees, no more in
/// a subtree than it holds, in search order, as many as the goal keeps,
/// each a grid of `size x size` cells. A message when not.
fn checked_found(r: &ShardReport) -> Option<String> {
    let wanted = r.solutions.min(r.search.keep);
    if r.found.len() as u64 != wanted {
        return Some(format!("{} solutions kept, expected {wanted}", r.found.len()));
    }
    if r.search.mode == Mode::First {
        let last = r.covered.last();
        let only_last = r.covered.iter().rev().skip(1).all(|c| c.solutions == 0);
        if r.solutions > 0 && (!only_last || last.is_none_or(|c| c.solutions != 1)) {
            return Some("a first solution that is not where its search stopped".into());
        }
    }
    let mut by_subtree = r.covered.iter().peekable();
    let mut taken = 0;
    let mut previous = None;
    for f in &r.found {
        while by_subtree.peek().is_some_and(|c| c.subtree < f.subtree) {
            by_subtree.next();
            taken = 0;
        }
        taken += 1;
        let fits = by_subtree
            .peek()
            .is_some_and(|c| c.subtree == f.subtree && taken <= c.solutions);
        if !fits || previous > Some(f.subtree) {
            return Some(format!("a solution kept in subtree {} beyond its solutions", f.subtree));
        }
        previous = Some(f.subtree);
        let grid = f.solution.len() == r.search.size && f.solution.iter().all(|row| row.len() == r.search.size);
        if !grid || f.solution.iter().flatten().any(|cell| !is_placement(cell)) {
            return Some(format!(
                "a solution that is not a {0}x{0} grid of label@rotation",
                r.search.size
            ));
        }
    }
    None
}

/// `label@r` with a rotation from 0 to 3, the label as
/// [`Puzzle::piece_label`] writes it: a piece name (letters, digits, `_`,
/// `-`) of at most [`crate::puzzle::LABEL_LIMIT`] characters, or `#k`.
fn is_placement(cell: &str) -> bool {
    let label = |l: &str| {
        let numbered = l
            .strip_prefix('#')
            .is_some_and(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()));
        let named = crate::puzzle::read::is_piece_name(l) && l.chars().nth(crate::puzzle::LABEL_LIMIT).is_none();
        numbered || named
    };
    cell.rsplit_once('@')
        .is_some_and(|(l, r)| label(l) && matches!(r, "0" | "1" | "2" | "3"))
}

/// Whether `rows` (cells `label@r`, as [`Arrangement::rows`] writes them)
/// lay out a solution of `puzzle`, whose pieces `labels` numbers by their
/// labels. `O(n^2)` for `n` cards.
///
/// [`Arrangement::rows`]: crate::Arrangement::rows
fn solves(puzzle: &Puzzle, labels: &HashMap<String, usize>, rows: &Rows) -> bool {
    let cell = |text: &String| {
        let (label, turn) = text.rsplit_once('@')?;
        let rotation = turn.parse::<usize>().ok().filter(|r| *r < 4)?;
        Some(crate::Placement {
            piece: *labels.get(label)?,
            rotation,
        })
    };
    let cells: Option<Vec<_>> = rows.iter().flatten().map(cell).collect();
    let square = rows.len() == puzzle.size() && rows.iter().all(|row| row.len() == puzzle.size());
    cells.is_some_and(|cells| square && crate::Arrangement::new(puzzle.size(), cells).is_solution(puzzle))
}

/// A puzzle name as a shard writes it: a file stem as
/// [`crate::puzzle::read::safe_name`] leaves it (letters, digits, `_`,
/// `-`, `.`), so that nothing in it can act on a terminal.
fn is_puzzle_name(name: &str) -> bool {
    crate::puzzle::read::safe_name(name) == name && name.len() <= MAX_PUZZLE_NAME_BYTES
}

/// 16 lowercase hex digits, as [`fingerprint`] writes them.
fn is_fingerprint(text: &str) -> bool {
    text.len() == 16 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The longest puzzle name a shard holds: a file stem (255 bytes on common
/// file systems).
const MAX_PUZZLE_NAME_BYTES: usize = 255;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Arrangement;
    use crate::context::{Context, Stop, Threads};
    use crate::puzzle::generate::{PlantOptions, planted};
    use crate::rng::Rng;
    use crate::solve::{Goal, Order, Search, Solver};

    fn puzzles() -> impl Iterator<Item = Puzzle> {
        let mut rng = Rng::new(31);
        (0..24).map(move |i| {
            let (size, patterns) = [(2, 2), (3, 2), (3, 3), (4, 3), (4, 4), (5, 6)][i % 6];
            planted(size, patterns, &mut rng, PlantOptions::default()).unwrap().0
        })
    }

    /// Shard `index` of `count`, saving checkpoints into `saved` every
    /// `every`, from `resume`.
    /// Shard `(index, count)` run to its end, with no checkpoint.
    fn uninterrupted(
        solver: &Solver,
        puzzle: &Puzzle,
        cut: &Cut,
        at: (usize, usize),
        goal: (Mode, u64),
    ) -> ShardReport {
        shard(solver, puzzle, cut, at, goal, (Duration::MAX, None, &mut Vec::new()))
    }

    fn shard(
        solver: &Solver,
        puzzle: &Puzzle,
        cut: &Cut,
        at: (usize, usize),
        goal: (Mode, u64),
        saving: (Duration, Option<ShardReport>, &mut Vec<ShardReport>),
    ) -> ShardReport {
        try_shard(solver, puzzle, cut, at, goal, saving).unwrap()
    }

    fn try_shard(
        solver: &Solver,
        puzzle: &Puzzle,
        cut: &Cut,
        (index, count): (usize, usize),
        (mode, keep): (Mode, u64),
        (every, resume, saved): (Duration, Option<ShardReport>, &mut Vec<ShardReport>),
    ) -> Result<ShardReport> {
        let mut save = |r: &ShardReport| {
            saved.push(r.clone());
            Ok(())
        };
        let mut job = Job {
            puzzle,
            shard: Shard { index, count },
            mode,
            keep,
            list: keep > 1,
            seed: 0,
            context: Context::new(),
            resume,
            every,
            save: &mut save,
        };
        solver.run_shard(cut, &mut job)
    }

    fn merged(solver: &Solver, puzzle: &Puzzle, count: usize, goal: (Mode, u64)) -> Merged {
        let cut = solver.cut(count, &Context::new()).unwrap();
        let reports: Vec<(String, ShardReport)> = (1..=count)
            .map(|i| {
                let r = uninterrupted(solver, puzzle, &cut, (i, count), goal);
                (format!("{i}.json"), r)
            })
            .collect();
        merge_reports(&reports).unwrap()
    }

    #[test]
    fn shards_add_up_to_the_single_run() {
        for (p, puzzle) in puzzles().enumerate() {
            let order = [Order::Spiral, Order::MostConstrained, Order::CenterMax][p % 3];
            let solver = Solver::new(&puzzle, order, 0).unwrap();
            let single = solver.run(&Search::new(Goal::Count { keep: 5 }).on(Threads::One));
            let first = solver.run(&Search::new(Goal::First).on(Threads::One));
            let as_rows = |kept: &[Arrangement]| kept.iter().map(|a| a.rows(&puzzle)).collect::<Vec<_>>();
            for count in [1, 2, 3, 7] {
                let all = merged(&solver, &puzzle, count, (Mode::All, 5));
                assert_eq!(all.solutions, single.solutions, "{puzzle} N={count}");
                assert_eq!(all.nodes, single.stats.nodes(), "{puzzle} N={count}");
                assert_eq!(all.listed.unwrap(), as_rows(&single.kept), "{puzzle} N={count}");
                let one = merged(&solver, &puzzle, count, (Mode::First, 1));
                assert_eq!(
                    one.solution,
                    first.found().map(|a| a.rows(&puzzle)),
                    "{puzzle} N={count}"
                );
                assert_eq!(one.solutions, first.solutions);
            }
        }
    }

    #[test]
    fn shards_get_about_equal_estimated_work() {
        let puzzle = puzzles().nth(5).unwrap();
        let cut = Solver::new(&puzzle, Order::Spiral, 0)
            .unwrap()
            .cut(4, &Context::new())
            .unwrap();
        assert!(
            cut.subtrees() >= 4 * SUBTREES_PER_SHARD / 2,
            "{} subtrees",
            cut.subtrees()
        );
        let work: Vec<f64> = (1..=4)
            .map(|index| cut.estimated_work(Shard { index, count: 4 }))
            .collect();
        let mean = work.iter().sum::<f64>() / 4.0;
        assert!(work.iter().all(|&w| w <= 1.25 * mean), "{work:?}");
    }

    /// The 5x5 puzzle of the checkpoint tests: long enough to be stopped
    /// inside a subtree.
    fn five_by_five() -> Puzzle {
        planted(5, 5, &mut Rng::new(7), PlantOptions::default()).unwrap().0
    }

    /// Resuming from every checkpoint a shard saved (one at each poll, one
    /// between subtrees) gives the uninterrupted report.
    #[test]
    fn every_checkpoint_resumes_to_the_same_report() {
        let puzzle = five_by_five();
        let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
        let cut = solver.cut(2, &Context::new()).unwrap();
        for goal in [(Mode::All, 3), (Mode::First, 1)] {
            let mut saved = Vec::new();
            let whole = shard(&solver, &puzzle, &cut, (2, 2), goal, (Duration::ZERO, None, &mut saved));
            let inside = saved.iter().filter(|c| c.position.is_some()).count();
            assert!(
                inside > 0 && saved.len() > inside,
                "{} checkpoints, {inside} inside a subtree",
                saved.len()
            );
            for checkpoint in saved.into_iter().step_by(3) {
                let resumed = shard(
                    &solver,
                    &puzzle,
                    &cut,
                    (2, 2),
                    goal,
                    (Duration::MAX, Some(checkpoint), &mut Vec::new()),
                );
                assert_eq!(
                    ShardReport {
                        seconds: 0.0,
                        ..resumed
                    },
                    ShardReport {
                        seconds: 0.0,
                        ..whole.clone()
                    }
                );
            }
        }
    }

    /// A checkpoint that real shards cannot have written (complete, sums
    /// that are not its subtrees', a kept solution that is none) is
    /// refused, not resumed.
    #[test]
    fn a_forged_checkpoint_is_refused() {
        let puzzle = five_by_five();
        let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
        let cut = solver.cut(2, &Context::new()).unwrap();
        let mut saved = Vec::new();
        let goal = (Mode::All, 3);
        shard(&solver, &puzzle, &cut, (2, 2), goal, (Duration::ZERO, None, &mut saved));
        let with = |kept: fn(&ShardReport) -> bool| saved.iter().find(|c| kept(c)).expect("such a checkpoint").clone();
        let kept = with(|c| !c.found.is_empty());
        let inside = with(|c| c.position.as_ref().is_some_and(|p| !p.found.is_empty()));
        let resume = |c: &ShardReport| {
            try_shard(
                &solver,
                &puzzle,
                &cut,
                (2, 2),
                goal,
                (Duration::MAX, Some(c.clone()), &mut Vec::new()),
            )
        };
        assert!(resume(&kept).is_ok() && resume(&inside).is_ok());
        let other = |cell: &mut String| *cell = if cell.as_str() == "#1@0" { "#1@1" } else { "#1@0" }.into();
        type Forgery<'a> = (&'a ShardReport, &'a dyn Fn(&mut ShardReport));
        let forgeries: [Forgery; 5] = [
            (&kept, &|c| c.complete = true),
            (&kept, &|c| c.nodes = u64::MAX),
            (&kept, &|c| c.found[0].solution[0][0] = "#99@2".into()),
            (&kept, &|c| other(&mut c.found[0].solution[0][0])),
            (&inside, &|c| other(&mut c.position.as_mut().unwrap().found[0][1][1])),
        ];
        for (i, (real, forge)) in forgeries.into_iter().enumerate() {
            let mut forged = real.clone();
            forge(&mut forged);
            let err = resume(&forged).expect_err(&format!("forgery {i} resumed"));
            assert!(err.to_string().starts_with("checkpoint: "), "{err}");
        }
    }

    #[test]
    fn a_stopped_shard_saves_where_it_stopped() {
        let puzzle = five_by_five();
        let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
        let cut = solver.cut(1, &Context::new()).unwrap();
        let mut saved = Vec::new();
        let mut save = |r: &ShardReport| {
            saved.push(r.clone());
            Ok(())
        };
        let stopped = Stop::never().after(Duration::ZERO);
        let mut job = Job {
            puzzle: &puzzle,
            shard: Shard { index: 1, count: 1 },
            mode: Mode::All,
            keep: 1,
            list: false,
            seed: 0,
            context: Context::new().until(&stopped),
            resume: None,
            every: Duration::MAX,
            save: &mut save,
        };
        let stopped = solver.run_shard(&cut, &mut job).unwrap();
        assert!(!stopped.complete && stopped.covered.is_empty());
        assert_eq!(saved.len(), 1);
        let whole = uninterrupted(&solver, &puzzle, &cut, (1, 1), (Mode::All, 1));
        let resumed = shard(
            &solver,
            &puzzle,
            &cut,
            (1, 1),
            (Mode::All, 1),
            (Duration::MAX, saved.pop(), &mut Vec::new()),
        );
        assert_eq!(resumed.solutions, whole.solutions);
        assert_eq!(resumed.nodes, whole.nodes);
    }

    #[test]
    fn merge_refuses_what_real_shards_cannot_write() {
        let puzzle = puzzles().nth(4).unwrap();
        let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
        let cut = solver.cut(2, &Context::new()).unwrap();
        let part = |i| {
            let r = uninterrupted(&solver, &puzzle, &cut, (i, 2), (Mode::All, 1));
            (format!("{i}.json"), r)
        };
        let (a, b) = (part(1), part(2));
        let refused = |reports: &[(String, ShardReport)], says: &str| {
            let err = merge_reports(reports).unwrap_err().to_string();
            assert!(err.contains(says), "{err}");
        };
        refused(std::slice::from_ref(&a), "merge needs every shard exactly once");
        refused(&[a.clone(), a.clone()], "already given");
        let mut forged = b.clone();
        forged.1.solutions += 1;
        refused(&[a.clone(), forged], "not the sums");
        let mut forged = b.clone();
        forged.1.found.clear();
        refused(&[a.clone(), forged], "solutions kept");
        let mut forged = b.clone();
        let empty = forged.1.covered.iter().find(|c| c.solutions == 0).unwrap().subtree;
        forged.1.found[0].subtree = empty;
        refused(&[a.clone(), forged], "beyond its solutions");
        let mut moved = b.clone();
        moved.1.covered[0].subtree = a.1.covered[0].subtree;
        moved.1.covered.sort_by_key(|c| c.subtree);
        refused(&[a.clone(), moved], "subtree");
        let mut dropped = b.clone();
        let gone = dropped.1.covered.pop().unwrap();
        dropped.1.nodes -= gone.nodes;
        dropped.1.solutions -= gone.solutions;
        dropped.1.found.retain(|f| f.subtree != gone.subtree);
        if dropped.1.found.len() as u64 == dropped.1.solutions.min(1) {
            refused(&[a.clone(), dropped], "searched by no shard");
        }
        let mut other = b.clone();
        other.1.search.fingerprint = "0".repeat(16);
        refused(&[a.clone(), other], "another search");
        let mut stopped = b.clone();
        stopped.1.complete = false;
        refused(&[a.clone(), stopped], "stopped before its end");
        assert!(merge_reports(&[b, a]).is_ok(), "in any order");
    }

    #[test]
    fn reports_read_back_and_unknown_keys_are_refused() {
        let puzzle = puzzles().nth(2).unwrap();
        let solver = Solver::new(&puzzle, Order::Spiral, 0).unwrap();
        let cut = solver.cut(1, &Context::new()).unwrap();
        let r = uninterrupted(&solver, &puzzle, &cut, (1, 1), (Mode::All, 1));
        let text = serde_json::to_string(&r).unwrap();
        assert!(is_solve_shard(text.as_bytes()));
        assert_eq!(read("r.json", text.as_bytes()).unwrap(), r);
        let extra = text.replacen('{', r#"{"extra": 1, "#, 1);
        assert!(
            read("r.json", extra.as_bytes())
                .unwrap_err()
                .to_string()
                .contains("extra")
        );
        assert!(!is_solve_shard(br#"{"patterns": 2}"#));
    }

    #[test]
    fn fingerprints_tell_puzzles_apart() {
        let a: Puzzle = "1+ 2+ 1- 2-\n1+ 1- 2+ 2-\n2+ 1+ 2- 1-\n1- 2- 1+ 2+".parse().unwrap();
        let b: Puzzle = "1+ 2+ 1- 2-\n1+ 1- 2+ 2-\n2+ 1+ 2- 1-\n1- 2- 2+ 1+".parse().unwrap();
        assert_ne!(fingerprint(&a), fingerprint(&b));
        assert_eq!(fingerprint(&a).len(), 16);
        let err = read("a.json", b"{}").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("a.json:1:2: not the JSON of `scramble solve --shard I/N`: missing field")
        );
    }

    #[test]
    fn the_deal_is_the_least_loaded_rule_and_scales() {
        // The rule as a scan of every shard: the first least loaded.
        fn scanned(weights: &[f64], shards: usize) -> Vec<usize> {
            let mut order: Vec<usize> = (0..weights.len()).collect();
            order.sort_by(|&a, &b| weights[b].total_cmp(&weights[a]).then(a.cmp(&b)));
            let mut load = vec![0.0f64; shards.max(1)];
            let mut owners = vec![0; weights.len()];
            for j in order {
                let lightest = (0..load.len()).fold(0, |best, s| if load[s] < load[best] { s } else { best });
                owners[j] = lightest;
                load[lightest] += weights[j];
            }
            owners
        }
        let mut rng = Rng::new(5);
        for shards in [1, 2, 3, 7, 64] {
            // Small integer weights: many ties, broken by the lower shard.
            let weights: Vec<f64> = (0..500).map(|_| 1.0 + rng.below(4) as f64).collect();
            assert_eq!(deal(&weights, shards), scanned(&weights, shards), "{shards} shards");
        }
        let most = MAX_SOLVE_SHARDS;
        let weights: Vec<f64> = (0..SUBTREES_PER_SHARD * most).map(|j| 1.0 + (j % 97) as f64).collect();
        let started = Instant::now();
        let owners = deal(&weights, most);
        assert_eq!(owners.iter().max(), Some(&(most - 1)));
        assert!(started.elapsed() < Duration::from_secs(20), "{:?}", started.elapsed());
    }
}
