//! The stacked count: [`Kernel::run_from`]'s tree, node for node, for a
//! static order, over a stack of candidates instead of one frame per depth
//! (the model is the edge-matching fast path, `crate::puzzle::edge::bits`).
//!
//! Each depth's cell has its own table ([`Stacked`]), keyed by the
//! pictures *every* placed neighbour shows (not only two: no candidate
//! is checked one by one), whose buckets hold their candidates as a bit
//! set of pieces; a piece that fits one key in several turns has its
//! later turns in *layers* 1 to 3 of the key. The candidates still free
//! under a key are `mask & !blocked`: the used pieces and, for the other
//! central cells of an even grid, those ranked up to the anchor's.
//!
//! Trying a cell's free candidates reads, for each, its next cell's key
//! (the part the candidate shows towards that cell is kept beside it) and
//! the pieces still free there; every candidate counts as a node, its
//! next key's kernel bucket (the two-key bucket of [`super::Step`]) as
//! tested, and only those whose next cell has a free candidate go on the
//! stack, the first in bucket order on top. A dead end thus costs no
//! branch that depends on it. Taking a candidate off the stack places it
//! and tries its next cell's candidates, known exactly already; the used
//! pieces are kept per depth, so that taking it off undoes every deeper
//! cell at once.
//!
//! The counts are the kernel's: nodes per depth (for observers that read
//! them, [`Observer::COUNTS`]), the tests of every bucket entered (the
//! kernel checks every window of a bucket it does not leave early), the
//! states of the depth limit in search order ([`Observer::reached`], with
//! the board and the used pieces set), and a poll every [`POLL_EVERY`]
//! placements that went deeper. It runs only for observers that never
//! break at a reached state, watch no events and read no position at polls
//! ([`Observer::stackable`]), and only where its tables apply
//! ([`Stacked::new`]) on a grid of 5x5 or more (a smaller count takes
//! less time than building them); elsewhere the kernel runs. A stop at a poll leaves
//! lower bounds, as the kernel's does.

use std::ops::ControlFlow;

use super::super::tables::{PLANS, Tables, key_of};
use super::{Chooser, Control, Geometry, Kernel, NONE, Observer, POLL_EVERY, State, Step};
use crate::puzzle::grid::opposite;

/// The candidates under one key of a cell's table.
#[derive(Clone, Copy, Debug, Default)]
struct Key {
    /// The pieces of the first layer.
    mask: u64,
    /// Where the first layer's entries start (an entry per piece bit).
    offset: u32,
    /// The index of the key's layers 1 to 3 in `layers` (0: none).
    extra: u16,
    /// The candidates of the kernel's bucket for this key: its tests.
    tests: u16,
}

/// A neighbour of a cell read from the board: its cell ([`NONE`]: none),
/// the shift of the side it shows, the shift of that picture's complement
/// in the key, and `0xFF` (0 for none).
#[derive(Clone, Copy, Debug, Default)]
struct Link {
    cell: u8,
    from: u8,
    shift: u8,
    keep: u8,
}

impl Link {
    /// This neighbour's part of a key when the board holds `placed`.
    #[inline(always)]
    fn part(self, grid: &Geometry, placed: &[super::Candidate; 256]) -> u32 {
        let shown = placed[usize::from(self.cell)].sides >> self.from;
        (grid.complements.packed(shown) & u32::from(self.keep)) << self.shift
    }
}

/// What the search reads at one depth.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(32))]
struct Depth {
    /// The cell filled at this depth.
    cell: u8,
    /// Where this cell's keys start in `keys`.
    base: u32,
    /// The neighbours of this cell filled before the depth just above
    /// (that one's part of the key is kept with its candidates); a cell
    /// with four of them is left to the kernel.
    others: [Link; 3],
    /// The neighbour filled at the depth just above, if any.
    above: Link,
    /// One of the other central cells of an even grid, and whether the
    /// anchor is filled at the depth just above.
    central: bool,
    anchor_above: bool,
}

/// The tables of the stacked count for one static order.
#[derive(Clone, Debug)]
pub(crate) struct Stacked {
    depths: Vec<Depth>,
    keys: Vec<Key>,
    layers: Vec<[(u64, u32); 3]>,
    /// Per entry slot: the candidate's index in the kernel's tables (low
    /// 16 bits) and its part of the next depth's key (high 16 bits).
    entries: Vec<u32>,
}

/// The bits of the most keys one cell's table has (pictures of every
/// neighbour).
const KEY_BITS: u32 = 16;

impl Stacked {
    /// The tables of the static order of `steps` (one per depth), or
    /// `None` where they do not apply: twins, a cell keyed by more than
    /// [`KEY_BITS`] bits or more than 2^20 keys in all, a cell with four
    /// neighbours filled before the depth above, or buckets not in piece
    /// order (pieces ranked other than by number).
    pub(crate) fn new(grid: &Geometry, tables: &Tables, steps: &[Step]) -> Option<Stacked> {
        if !grid.twins.is_empty() || steps.is_empty() || steps.len() > 64 {
            return None;
        }
        let bits = grid.key_bits;
        let total: u64 = steps.iter().map(|s| 1u64 << (bits * s.mask.count_ones()).min(63)).sum();
        if total > 1 << 20 {
            return None;
        }
        let pictures = 1u32 << bits;
        let mut stacked = Stacked {
            depths: Vec::new(),
            keys: Vec::new(),
            layers: vec![[(0, 0); 3]],
            entries: Vec::new(),
        };
        // Per depth: the directions of its placed neighbours (in order).
        let directions: Vec<Vec<usize>> = steps
            .iter()
            .map(|s| (0..4).filter(|d| s.mask >> d & 1 != 0).collect())
            .collect();
        for (d, step) in steps.iter().enumerate() {
            let dirs = &directions[d];
            if bits * dirs.len() as u32 > KEY_BITS {
                return None;
            }
            let above = d.checked_sub(1).map(|a| steps[a].cell);
            let none = Link {
                cell: NONE,
                ..Link::default()
            };
            let (mut others, mut above_link) = ([none; 3], none);
            let mut slots = others.iter_mut();
            for (i, &dir) in dirs.iter().enumerate() {
                let link = Link {
                    cell: grid.neighbours[usize::from(step.cell)][dir],
                    from: (8 * opposite(dir)) as u8,
                    shift: (bits * i as u32) as u8,
                    keep: 0xFF,
                };
                if Some(link.cell) == above {
                    above_link = link;
                } else {
                    *slots.next()? = link;
                }
            }
            stacked.depths.push(Depth {
                cell: step.cell,
                base: stacked.keys.len() as u32,
                others,
                above: above_link,
                central: step.central,
                anchor_above: step.central && above == Some(grid.anchor as u8),
            });
            // The next depth's part of the key, from a candidate here.
            let part = |sides: u32| -> u32 {
                let Some(next) = steps.get(d + 1) else { return 0 };
                let ahead = &directions[d + 1];
                ahead
                    .iter()
                    .enumerate()
                    .find(|&(_, &dir)| grid.neighbours[usize::from(next.cell)][dir] == step.cell)
                    .map_or(0, |(i, &dir)| {
                        let shown = (sides >> (8 * opposite(dir)) & 0xFF) as u8;
                        u32::from(grid.complements.of(shown)) << (bits * i as u32)
                    })
            };
            let plan = PLANS[usize::from(step.mask)];
            for full in 0..1u32 << (bits * dirs.len() as u32) {
                let wanted = |i: usize| full >> (bits * i as u32) & (pictures - 1);
                // Keys of pictures the puzzle lacks are never read.
                let shown = dirs.iter().enumerate().fold(0u32, |shown, (i, &dir)| {
                    shown | u32::from(grid.complements.of(wanted(i) as u8)) << (8 * dir)
                });
                let at = step.base as usize + key_of(plan, shown, bits);
                let (start, end) = match tables.offsets.get(at..at + 2) {
                    Some(&[start, end]) if start <= end => (start, end),
                    _ => (0, 0),
                };
                let mut layers = [(0u64, 0u32); 4];
                let mut lists: [Vec<usize>; 4] = Default::default();
                let mut last = None;
                for i in start as usize..end as usize {
                    let c = tables.candidates[i];
                    if dirs
                        .iter()
                        .enumerate()
                        .any(|(j, &dir)| (c.sides >> (8 * dir) & 0xFF) != wanted(j))
                    {
                        continue;
                    }
                    if last.is_some_and(|p| p > c.piece) {
                        return None;
                    }
                    last = Some(c.piece);
                    let bit = 1u64 << c.piece;
                    let layer = (0..4).find(|&l| layers[l].0 & bit == 0)?;
                    layers[layer].0 |= bit;
                    lists[layer].push(i);
                }
                for (layer, list) in layers.iter_mut().zip(&lists) {
                    layer.1 = stacked.entries.len() as u32;
                    let slots = 64 - layer.0.leading_zeros() as usize;
                    stacked.entries.resize(stacked.entries.len() + slots, 0);
                    for &i in list {
                        let c = tables.candidates[i];
                        let index = u32::from(u16::try_from(i).ok()?);
                        stacked.entries[layer.1 as usize + usize::from(c.piece)] = index | part(c.sides) << 16;
                    }
                }
                let extra = if layers[1].0 == 0 {
                    0
                } else {
                    stacked.layers.push([layers[1], layers[2], layers[3]]);
                    stacked.layers.len() - 1
                };
                stacked.keys.push(Key {
                    mask: layers[0].0,
                    offset: layers[0].1,
                    extra: u16::try_from(extra).ok()?,
                    tests: u16::try_from(end - start).ok()?,
                });
            }
        }
        Some(stacked)
    }

    /// The key of the cell at `depth` whose neighbours filled before the
    /// depth above show what `placed` holds, less the part of the depth
    /// above's candidate.
    #[inline(always)]
    fn others(&self, grid: &Geometry, depth: &Depth, placed: &[super::Candidate; 256]) -> u32 {
        depth
            .others
            .iter()
            .fold(depth.base, |key, &link| key + link.part(grid, placed))
    }

    /// The candidates a key's first layer's free pieces `free` and its
    /// layers `extra` hold: each free piece once per turn it fits in.
    #[inline(always)]
    fn tried(&self, extra: u16, free: u64) -> u64 {
        if extra == 0 {
            return u64::from(free.count_ones());
        }
        let later: u32 = self.layers[usize::from(extra)]
            .iter()
            .map(|layer| (layer.0 & free).count_ones())
            .sum();
        u64::from(free.count_ones() + later)
    }
}

/// One candidate waiting on the stack: the candidate of index `index`
/// (of piece `piece`) goes into the cell of `depth`, and the next cell's
/// key has its first layer's free pieces `free` (read when the candidate
/// was tried), its entries at `offset` and its layers `extra`.
#[derive(Clone, Copy, Default)]
struct Item {
    free: u64,
    offset: u32,
    extra: u16,
    index: u16,
    depth: u8,
    piece: u8,
}

/// The most candidates one cell stacks: 64 pieces in 4 turns.
const WIDE: usize = 256;

impl<C: Chooser> Kernel<'_, C> {
    /// Searches below `state` (fresh or a prefix, its cell not entered) to
    /// `limit` placed pieces on the stack of candidates with `stacked`'s
    /// tables; the counts and the calls of `observer` are those of
    /// [`Kernel::enter_and_run`]'s kernel for a static order
    /// ([`super::Chooser::STATIC`]) and an observer that may run here
    /// ([`Observer::stackable`]).
    pub(super) fn stacked<O: Observer>(
        &self,
        stacked: &Stacked,
        state: &mut State,
        limit: usize,
        observer: &mut O,
    ) -> Control {
        debug_assert!(C::STATIC && !O::EVENTS && usize::from(state.depth) < limit);
        if self.halted(state) {
            return ControlFlow::Break(());
        }
        let grid = self.grid;
        let floor = state.depth;
        let last = limit as u8 - 1;
        // `used[d]`: the pieces used above depth `d`.
        let mut used = [0u64; 256];
        used[usize::from(floor)] = state.used;
        let mut stack = vec![Item::default(); 4 * WIDE];
        let mut tests = 0;
        let depths = &stacked.depths;
        // The pieces a central cell other than the anchor cannot take,
        // the anchor's piece being `anchor`.
        let blocked = |depth: &Depth, anchor: u16| {
            if depth.central {
                grid.up_to[usize::from(anchor) & 63]
            } else {
                0
            }
        };
        let root = &depths[usize::from(floor)];
        let at = stacked.others(grid, root, &state.placed) + root.above.part(grid, &state.placed);
        let key = stacked.keys[at as usize];
        tests += u64::from(key.tests);
        let free = key.mask & !(state.used | blocked(root, state.placed[grid.anchor].piece));
        let mut sp = 0;
        let mut to_go = (floor, free, key.offset, key.extra, state.used);
        let mut countdown = POLL_EVERY;
        loop {
            let (depth, free, offset, extra, below) = to_go;
            if O::COUNTS {
                state.nodes[usize::from(depth)] += stacked.tried(extra, free);
            }
            if depth == last {
                let cell = usize::from(depths[usize::from(depth)].cell);
                let layers = &stacked.layers[usize::from(extra)];
                let mut rest = free;
                while rest != 0 {
                    let bit = rest.trailing_zeros();
                    rest &= rest - 1;
                    let slots = std::iter::once(offset).chain(
                        layers
                            .iter()
                            .filter(|layer| layer.0 >> bit & 1 != 0)
                            .map(|layer| layer.1),
                    );
                    for slot in slots {
                        let index = stacked.entries[(slot + bit) as usize] & 0xFFFF;
                        state.placed[cell] = self.tables.candidates[index as usize];
                        (state.depth, state.used) = (depth + 1, below | 1 << bit);
                        if observer.reached(state).is_break() {
                            return Self::ended(state, tests, floor, used[usize::from(floor)], ControlFlow::Break(()));
                        }
                    }
                }
            } else {
                if stack.len() < sp + WIDE {
                    stack.resize(2 * stack.len(), Item::default());
                }
                let window = stack[sp..].first_chunk_mut::<WIDE>().expect("grown");
                let next = &depths[usize::from(depth) + 1];
                let others = stacked.others(grid, next, &state.placed);
                let fixed = blocked(next, state.placed[grid.anchor].piece);
                let mut n = 0;
                let mut push = |bit: u32, slot: u32| {
                    let entry = stacked.entries[slot as usize];
                    let key = stacked.keys[(others + (entry >> 16)) as usize];
                    tests += u64::from(key.tests);
                    let central = if next.anchor_above {
                        blocked(next, bit as u16)
                    } else {
                        fixed
                    };
                    let open = key.mask & !(below | 1 << bit | central);
                    window[n & (WIDE - 1)] = Item {
                        free: open,
                        offset: key.offset,
                        extra: key.extra,
                        index: entry as u16,
                        depth,
                        piece: bit as u8,
                    };
                    n += usize::from(open != 0);
                };
                let mut rest = free;
                if extra == 0 {
                    while rest != 0 {
                        let high = 63 - rest.leading_zeros();
                        rest ^= 1 << high;
                        push(high, offset + high);
                    }
                } else {
                    let layers = &stacked.layers[usize::from(extra)];
                    while rest != 0 {
                        let high = 63 - rest.leading_zeros();
                        rest ^= 1 << high;
                        for layer in layers.iter().rev() {
                            if layer.0 >> high & 1 != 0 {
                                push(high, layer.1 + high);
                            }
                        }
                        push(high, offset + high);
                    }
                }
                sp += n;
            }
            if sp == 0 {
                return Self::ended(state, tests, floor, used[usize::from(floor)], ControlFlow::Continue(()));
            }
            sp -= 1;
            let item = stack[sp];
            let d = usize::from(item.depth);
            state.placed[usize::from(depths[d].cell)] = self.tables.candidates[usize::from(item.index)];
            let below = used[d] | 1 << (item.piece & 63);
            used[(d + 1) & 255] = below;
            let depth = item.depth + 1;
            countdown -= 1;
            if countdown == 0 {
                countdown = POLL_EVERY;
                if self.polled(
                    state,
                    observer,
                    (depth, below, state.filled, std::mem::take(&mut tests)),
                ) {
                    return ControlFlow::Break(());
                }
            }
            to_go = (depth, item.free, item.offset, item.extra, below);
        }
    }

    /// Ends a stacked search: the tests told, the position back at
    /// `floor` with the pieces `used`.
    #[cold]
    fn ended(state: &mut State, tests: u64, floor: u8, used: u64, flow: Control) -> Control {
        state.tests += tests;
        (state.depth, state.used) = (floor, used);
        flow
    }
}

#[cfg(test)]
mod tests {
    use crate::context::NEVER;
    use crate::puzzle::generate::{PlantOptions, planted};
    use crate::rng::Rng;
    use crate::solve::fast::{Halt, Observer, State};
    use crate::solve::stats::Counters;
    use crate::solve::{Cells, Pieces, Solver, Strategy, Symmetry, Walker};
    use crate::{Arrangement, Puzzle};

    /// An observer the stacked count never runs for: the kernel's judge.
    struct Kernel;

    impl Observer for Kernel {}

    /// What a count on `solver` gives: solutions, the first two kept, the
    /// symmetric tally and twins' weights (as text), nodes per depth and
    /// candidate tests.
    type Counted = (u64, Vec<Arrangement>, String, Vec<u64>, u64);

    fn count(solver: &Solver, judge: impl Observer) -> Counted {
        let n = solver.grid.n;
        let walker = Walker::new(n, 0..2, u64::MAX).weighing(solver.twins.as_ref());
        let mut observer = ((walker, Counters), judge);
        let mut state = State::new();
        solver.walk(&mut state, Halt::on(&NEVER), &mut observer);
        let ((walker, _), _) = observer;
        let tally = format!("{:?} {:?}", walker.symmetric, walker.weighed);
        (
            walker.solutions,
            walker.kept,
            tally,
            state.nodes()[..n * n].to_vec(),
            state.tests(),
        )
    }

    /// Counts `puzzle` in static orders (every piece order and symmetry
    /// rule when `every`, a few otherwise), with and without breaking
    /// twins, on the stacked count and on the kernel; how many counts ran
    /// stacked.
    fn agree(puzzle: &Puzzle, seed: u64, every: bool) -> usize {
        let mut stacked = 0;
        let strategies = itertools::iproduct!([Cells::Spiral, Cells::RowMajor], Pieces::ALL, Symmetry::ALL)
            .map(|(cells, pieces, symmetry)| Strategy {
                cells,
                pieces,
                symmetry,
            })
            .filter(|s| {
                every || (s.pieces == Pieces::File && s.cells == Cells::Spiral && s.symmetry != Symmetry::Value)
            });
        for strategy in strategies {
            for solver in [
                Solver::with_strategy(puzzle, strategy, seed).unwrap().stacking(),
                Solver::counting(puzzle, strategy, seed).unwrap().stacking(),
            ] {
                let fast = count(&solver, ());
                assert_eq!(fast, count(&solver, Kernel), "{} on\n{puzzle}", strategy.name());
                assert!(fast.0 >= 1, "the planted solution");
                stacked += usize::from(solver.stacked.is_some());
            }
        }
        stacked
    }

    #[test]
    fn the_stacked_count_is_the_kernels_node_for_node() {
        let mut stacked = 0;
        let shapes = [
            (2, 1, 0),
            (2, 2, 1),
            (3, 2, 0),
            (3, 3, 2),
            (3, 4, 0),
            (4, 4, 1),
            (4, 6, 0),
            (5, 7, 2),
            (5, 8, 0),
            (6, 8, 3),
            (6, 8, 0),
        ];
        for seed in 0..8 {
            for (size, patterns, identical) in shapes {
                if size >= 5 && seed >= 2 {
                    continue;
                }
                let options = PlantOptions {
                    repetition_free: seed % 2 == 1 && patterns >= 2,
                    identical,
                };
                let (puzzle, _) = planted(size, patterns, &mut Rng::new(seed), options).unwrap();
                stacked += agree(&puzzle, seed, size <= 4);
            }
        }
        assert!(stacked > 150, "the stacked count ran ({stacked})");
    }

    #[test]
    fn a_stop_ends_the_stacked_count_at_once() {
        let (puzzle, _) = planted(4, 3, &mut Rng::new(1), PlantOptions::default()).unwrap();
        let solver = Solver::new(&puzzle, crate::solve::Order::Spiral, 0).unwrap().stacking();
        assert!(solver.stacked.is_some());
        let stop = crate::context::Stop::never().after(std::time::Duration::ZERO);
        let mut observer = (Walker::new(4, 0..1, u64::MAX), Counters);
        let mut state = State::new();
        solver.walk(&mut state, Halt::on(&stop), &mut observer);
        assert!(state.stopped);
        assert_eq!((observer.0.solutions, state.tests()), (0, 0));
    }
}
