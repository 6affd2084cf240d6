//! The reduction that makes open question 4.2 NP-complete for every `n`
//! (the proof is in `docs/notes/np-complete.md`).
//!
//! **KEPT SUBGRAPH**: given `n`, an `n x n` puzzle P and a set H of its
//! corners, does some solution of P keep exactly H? It is in NP (a
//! solution is a certificate), and [`reduce`] maps an instance of *equal
//! bins*, "can `items` be split into `bins` groups each of sum `target`?"
//! (3-PARTITION, strongly NP-complete, is the special case of `3 * bins`
//! items between `target / 4` and `target / 2`), to a repetition-free
//! puzzle with H such that the answers agree:
//!
//! - the grid has `n = B + 2` with `B = c * target >= bins` (all numbers
//!   scaled by `c` when `target < bins`), an inner block of `B x B` cells;
//! - every item `a` becomes a *bar* of `c * a` inner pieces `T+ R T- L`:
//!   `L` is `E+` at the bar's left end and a joint `J-` otherwise, `R` is
//!   `E-` at its right end and the next joint `J+` otherwise, each joint a
//!   pattern of its own; `B - bins` filler bars of length `B` are added;
//! - the frame's pieces are chained round the ring by patterns of their
//!   own, and their sides facing the block show `T-` (top row), `T+`
//!   (bottom row), `E-` (left column) and `E+` (right column);
//! - H is the frame: the corners a solution keeps with the frame pieces in
//!   their cells and every bar piece inside the block.
//!
//! The top row of the frame forces every bar piece upright (its only `T+`
//! on top), the joints keep every bar whole and on one row, and the `E`
//! pictures make every row a sequence of whole bars of total length `B`:
//! a solution keeping H is a packing of the bars into rows, i.e. an
//! equal-bin split.

use std::collections::BTreeSet;

use crate::puzzle::grid::Grid;
use crate::recording::kept::kept_corners;
use crate::{Arrangement, Picture, Piece, Placement, Puzzle};

/// An instance of equal bins: split `items` into `bins` groups of sum
/// `target` each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EqualBins {
    /// The item sizes, each at least 1.
    pub items: Vec<usize>,
    /// The number of groups.
    pub bins: usize,
    /// The sum of every group.
    pub target: usize,
}

impl EqualBins {
    /// A split into `bins` groups of sum `target` (item indices), by brute
    /// force over the assignments of items to groups, or `None`.
    ///
    /// # Complexity
    /// `O(bins^items)` in the worst case; meant for small instances.
    pub fn split(&self) -> Option<Vec<Vec<usize>>> {
        if self.items.iter().sum::<usize>() != self.bins * self.target {
            return None;
        }
        let mut order: Vec<usize> = (0..self.items.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.items[i]));
        let mut groups = vec![Vec::new(); self.bins];
        let mut sums = vec![0; self.bins];
        self.place(&order, &mut groups, &mut sums).then_some(groups)
    }

    fn place(&self, order: &[usize], groups: &mut [Vec<usize>], sums: &mut [usize]) -> bool {
        let Some((&item, rest)) = order.split_first() else {
            return true;
        };
        for g in 0..groups.len() {
            // Empty groups are interchangeable: try only the first.
            if sums[g] + self.items[item] > self.target || (sums[g] == 0 && groups[..g].iter().any(Vec::is_empty)) {
                continue;
            }
            sums[g] += self.items[item];
            groups[g].push(item);
            if self.place(rest, groups, sums) {
                return true;
            }
            groups[g].pop();
            sums[g] -= self.items[item];
        }
        false
    }
}

/// The puzzle and subgraph of [`reduce`], with the layout that built them.
#[derive(Clone, Debug)]
pub(crate) struct Reduced {
    /// The `n x n` puzzle, `n = B + 2`.
    pub puzzle: Puzzle,
    /// H: the frame's kept corners and every bar piece's four corners
    /// (edge numbers `4 * piece + corner`).
    pub kept: BTreeSet<usize>,
    /// `B`, the side of the inner block (the target after scaling).
    pub block: usize,
    /// The bars, as piece numbers from left to right: the items' bars in
    /// item order, then the fillers.
    pub bars: Vec<Vec<usize>>,
    frame: Vec<(usize, usize)>,
}

/// The pattern of the bars' tops and bottoms.
const T: u32 = 1;
/// The pattern of the bars' ends.
const E: u32 = 2;
/// The pattern of the frame's outer sides.
pub(crate) const O: u32 = 3;

/// The puzzle and H of the reduction, or why the instance is not one (an
/// item of size 0, no bins, or a total other than `bins * target`).
///
/// # Complexity
/// `O(n^2)` pieces and pictures for `n = max(target, bins) + O(target)`:
/// polynomial in the instance written in unary.
pub(crate) fn reduce(instance: &EqualBins) -> Result<Reduced, String> {
    let (block, lengths) = bar_lengths(instance)?;
    let ring = ring_cells(block + 2);
    let first_joint = O + 1 + ring.len() as u32;
    // Every link of the ring a pattern of its own.
    let frame = frame_pieces(block, |link| O + 1 + link as u32, [Picture::plus(O), Picture::minus(O)]);
    let mut next_joint = first_joint;
    let bars = lengths
        .into_iter()
        .map(|length| {
            bar_pieces(length, |_| {
                next_joint += 1;
                next_joint - 1
            })
        })
        .collect();
    assemble(block, frame, bars)
}

/// `B` and the bars' lengths of an equal-bins instance: every item scaled
/// by `c = ceil(bins / target)`, so that `B = c * target >= bins`, then
/// `B - bins` fillers of length `B`. Refused as in [`reduce`].
pub(crate) fn bar_lengths(instance: &EqualBins) -> Result<(usize, Vec<usize>), String> {
    let EqualBins { items, bins, target } = instance;
    if *bins == 0 || *target == 0 || items.contains(&0) || items.iter().sum::<usize>() != bins * target {
        return Err("an equal-bins instance needs bins >= 1, items >= 1 and items summing to bins * target".into());
    }
    let scale = bins.div_ceil(*target);
    let block = scale * target;
    let lengths = items
        .iter()
        .map(|a| a * scale)
        .chain(std::iter::repeat_n(block, block - bins))
        .collect();
    Ok((block, lengths))
}

/// The pieces of a bar of `length`, left to right, upright: `T+` on top,
/// `T-` below, `E+` at the left end, `E-` at the right end, and between
/// positions `t` and `t + 1` the joint `joint(t)` (`+` on the left piece's
/// right side, `-` on the next piece's left side), `joint` called once for
/// `t = 1 .. length - 1` in order.
pub(crate) fn bar_pieces(length: usize, mut joint: impl FnMut(usize) -> u32) -> Vec<Piece> {
    let joints: Vec<u32> = (1..length).map(&mut joint).collect();
    (1..=length)
        .map(|t| {
            let left = if t == 1 {
                Picture::plus(E)
            } else {
                Picture::minus(joints[t - 2])
            };
            let right = if t == length {
                Picture::minus(E)
            } else {
                Picture::plus(joints[t - 1])
            };
            Piece::new([Picture::plus(T), right, Picture::minus(T), left])
        })
        .collect()
}

/// The frame pieces of the ring round a `block x block` block, ring cell by
/// ring cell (see [`frame_piece`]), link `i` (between ring cells `i` and
/// `i + 1`) showing pattern `link(i)`, the outer sides `outer[0]` (and
/// `outer[1]` on a corner's second outer side).
pub(crate) fn frame_pieces(block: usize, link: impl Fn(usize) -> u32, outer: [Picture; 2]) -> Vec<Piece> {
    let n = block + 2;
    let ring = ring_cells(n);
    (0..ring.len())
        .map(|i| frame_piece(Grid::new(n), &ring, i, &link, outer))
        .collect()
}

/// The puzzle of `frame` (the frame piece of ring cell `i` at index `i`)
/// and `bars` round and in a `block x block` block, and H: the corners kept
/// with every frame piece in its cell unturned and the bars anywhere in the
/// block.
pub(crate) fn assemble(block: usize, frame: Vec<Piece>, bars: Vec<Vec<Piece>>) -> Result<Reduced, String> {
    let ring = ring_cells(block + 2);
    let frame_cells: Vec<(usize, usize)> = ring.into_iter().enumerate().collect();
    let mut pieces = frame;
    let bars: Vec<Vec<usize>> = bars
        .into_iter()
        .map(|bar| {
            let first = pieces.len();
            pieces.extend(bar);
            (first..pieces.len()).collect()
        })
        .collect();
    let puzzle = Puzzle::new(pieces).map_err(|e| e.to_string())?;
    let mut reduced = Reduced {
        puzzle,
        kept: BTreeSet::new(),
        block,
        bars,
        frame: frame_cells,
    };
    let any_packing = reduced.layout(&(0..reduced.bars.len()).map(|b| vec![b]).collect::<Vec<_>>());
    reduced.kept = frame_kept(&any_packing);
    Ok(reduced)
}

impl Reduced {
    /// The arrangement with the frame in place and the bars packed row by
    /// row as `rows` says (bar numbers, left to right; rows may overflow,
    /// then the arrangement is not a solution), every bar piece upright.
    /// Missing rows are left to the remaining bars in order.
    pub(crate) fn layout(&self, rows: &[Vec<usize>]) -> Arrangement {
        let n = self.block + 2;
        let mut cells = vec![Placement { piece: 0, rotation: 0 }; n * n];
        for &(piece, cell) in &self.frame {
            cells[cell] = Placement { piece, rotation: 0 };
        }
        let pieces: Vec<usize> = rows
            .iter()
            .flatten()
            .flat_map(|&b| self.bars[b].iter().copied())
            .collect();
        for (k, piece) in pieces.into_iter().enumerate() {
            let (r, c) = (1 + k / self.block, 1 + k % self.block);
            cells[r * n + c] = Placement { piece, rotation: 0 };
        }
        Arrangement::new(n, cells)
    }

    #[cfg(test)]
    /// The layout of a split of the instance: its groups (item indices, as
    /// [`EqualBins::split`] gives them) one per row, then the fillers.
    pub(crate) fn solution_of(&self, split: &[Vec<usize>]) -> Arrangement {
        let fillers = split.iter().map(Vec::len).sum::<usize>()..self.bars.len();
        let rows: Vec<Vec<usize>> = split.iter().cloned().chain(fillers.map(|f| vec![f])).collect();
        self.layout(&rows)
    }

    #[cfg(test)]
    /// Whether `instance` (the one reduced) splits; when it does, asserts
    /// that its split's layout is a solution keeping exactly H.
    pub(crate) fn checked_split(&self, instance: &EqualBins) -> bool {
        let truth = instance.split();
        if let Some(split) = &truth {
            let witness = self.solution_of(split);
            assert!(witness.is_solution(&self.puzzle), "{instance:?}");
            assert_eq!(frame_kept(&witness), self.kept);
        }
        truth.is_some()
    }
}

/// H of an arrangement whose frame pieces sit in their cells: its kept
/// corners.
pub(crate) fn frame_kept(arrangement: &Arrangement) -> BTreeSet<usize> {
    kept_corners(arrangement).map(|(p, c)| 4 * p + c).collect()
}

/// The ring cells clockwise from the top-left corner: `4(n-1)` of them.
fn ring_cells(n: usize) -> Vec<usize> {
    let top = 0..n - 1;
    let right = (0..n - 1).map(|r| r * n + n - 1);
    let bottom = (1..n).rev().map(|c| (n - 1) * n + c);
    let left = (1..n).rev().map(|r| r * n);
    top.chain(right).chain(bottom).chain(left).collect()
}

/// The frame piece of ring cell `i`, as it shows in its cell unturned:
/// outer sides `outer[0]` then `outer[1]` (in direction order), the side towards the next ring cell the
/// link `link(i)+`, towards the previous one `link(i-1)-`, towards the
/// block `T-`, `E+`, `T+` or `E-` (top, right, bottom, left row of the
/// frame).
fn frame_piece(grid: Grid, ring: &[usize], i: usize, link: impl Fn(usize) -> u32, outer: [Picture; 2]) -> Piece {
    let len = ring.len();
    let cell = ring[i];
    let mut outer = outer.into_iter();
    let sides: [Picture; 4] = std::array::from_fn(|d| match grid.neighbour(cell, d) {
        None => outer.next().expect("a ring cell has at most two outer sides"),
        Some(nb) if nb == ring[(i + 1) % len] => Picture::plus(link(i)),
        Some(nb) if nb == ring[(i + len - 1) % len] => Picture::minus(link((i + len - 1) % len)),
        // Towards the block: the picture a bar piece must answer.
        Some(_) => [Picture::minus(T), Picture::plus(E), Picture::plus(T), Picture::minus(E)][(d + 2) % 4],
    });
    Piece::new(sides)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::recording::gluing::Gluer;
    use crate::rng::Rng;
    use crate::theorem::{brute, framed};

    /// Instances without a split: parity, an item too large, items that
    /// cannot be combined.
    const NO: [(&[usize], usize, usize); 10] = [
        (&[2, 2, 2], 2, 3),
        (&[2, 2, 2, 2, 2], 2, 5),
        (&[4, 1, 1], 2, 3),
        (&[3, 1, 1, 1], 3, 2),
        (&[3, 3, 2], 2, 4),
        (&[2, 2, 2, 2, 1], 3, 3),
        (&[1, 3], 2, 2),
        (&[3, 3, 3, 3], 3, 4),
        (&[4, 4, 2], 2, 5),
        (&[3, 3, 3, 3, 3], 3, 5),
    ];

    /// Random small instances: a split into equal groups (yes), and for
    /// every other one a unit moved from one item to another (sometimes
    /// no); then [`NO`].
    pub(crate) fn instances(count: usize, seed: u64) -> Vec<EqualBins> {
        let mut rng = Rng::new(seed);
        let fixed = NO.iter().map(|&(items, bins, target)| EqualBins {
            items: items.to_vec(),
            bins,
            target,
        });
        (0..count)
            .map(|i| {
                let target = 1 + rng.below(4);
                let bins = 1 + rng.below(3);
                let mut items = Vec::new();
                for _ in 0..bins {
                    compose(target, &mut rng, &mut items);
                }
                let (from, to) = (rng.below(items.len()), rng.below(items.len()));
                if i % 2 == 1 && from != to && items[from] > 1 {
                    items[from] -= 1;
                    items[to] += 1;
                }
                rng.shuffle(&mut items);
                EqualBins { items, bins, target }
            })
            .chain(fixed)
            .collect()
    }

    /// Random positive parts summing to `total`.
    fn compose(total: usize, rng: &mut Rng, out: &mut Vec<usize>) {
        let mut left = total;
        while left > 0 {
            let part = 1 + rng.below(left);
            out.push(part);
            left -= part;
        }
    }

    #[test]
    fn the_frame_is_kept_exactly_when_the_items_split_into_equal_bins() {
        let (mut yes, mut no) = (0, 0);
        let mut brute_judged = [0; 2];
        for instance in instances(120, 7) {
            let reduced = reduce(&instance).unwrap();
            let puzzle = &reduced.puzzle;
            assert!(puzzle.is_repetition_free());
            let splits = reduced.checked_split(&instance);
            let fast = framed::kept(puzzle, &reduced.kept);
            assert_eq!(fast, splits, "{instance:?}");
            if splits {
                yes += 1;
            } else {
                no += 1;
            }
            // The plain exhaustive judge, written apart from every solver
            // of the project, on the grids up to 6x6 (127 of the 130
            // instances, 12 of them without a split).
            if puzzle.size() <= 6 {
                assert_eq!(brute::decide(puzzle, Some(&reduced.kept)), splits, "{instance:?}");
                brute_judged[usize::from(splits)] += 1;
            }
            // The arrangement form's gluing search, which shares no code
            // with the framed search, on the smaller grids.
            if puzzle.size() <= 5 {
                let allowed: Vec<bool> = (0..4 * puzzle.pieces().len())
                    .map(|e| reduced.kept.contains(&e))
                    .collect();
                let (glued, _) = Gluer::new(puzzle, Some(&allowed)).first();
                assert_eq!(glued.is_some(), splits, "{instance:?}");
            }
        }
        assert!(yes >= 10 && no >= 10, "yes {yes}, no {no}");
        assert!(
            brute_judged.iter().all(|&k| k >= 10),
            "no- and yes-instances judged by the exhaustive judge: {brute_judged:?}"
        );
    }

    #[test]
    fn not_an_instance_is_refused() {
        assert!(
            reduce(&EqualBins {
                items: vec![1, 2],
                bins: 2,
                target: 2
            })
            .is_err()
        );
        assert!(
            reduce(&EqualBins {
                items: vec![0, 2],
                bins: 1,
                target: 2
            })
            .is_err()
        );
    }
}

#[cfg(test)]
mod examples {
    #[test]
    fn the_example_of_split_holds() {
        use crate::theorem::reduction::EqualBins;
        assert!(
            EqualBins {
                items: vec![2, 1, 1, 2],
                bins: 2,
                target: 3
            }
            .split()
            .is_some()
        );
        assert!(
            EqualBins {
                items: vec![2, 2, 2],
                bins: 2,
                target: 3
            }
            .split()
            .is_none()
        );
    }

    #[test]
    fn the_example_of_reduce_holds() {
        use crate::theorem::{
            framed,
            reduction::{EqualBins, reduce},
        };
        let yes = reduce(&EqualBins {
            items: vec![1, 1, 2],
            bins: 2,
            target: 2,
        })
        .unwrap();
        assert_eq!(yes.puzzle.size(), 4);
        assert!(yes.puzzle.is_repetition_free());
        assert!(framed::decide(&yes.puzzle, &yes.kept, &crate::Context::new()).kept());
        let no = reduce(&EqualBins {
            items: vec![3, 1],
            bins: 2,
            target: 2,
        })
        .unwrap();
        assert!(!framed::decide(&no.puzzle, &no.kept, &crate::Context::new()).kept());
    }
}
