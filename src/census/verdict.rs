//! What the census decides about one four-colour subgraph of a 2x2 puzzle,
//! from its four edges (the centre corners) alone.
//!
//! A 2x2 solution touches only the two sides of each piece's centre corner:
//! the other sides lie on the boundary. So whether four corners, one per
//! piece, form a solution graph, and in how many ways, depends on those four
//! edges and nothing else; so do the conditions of Theorem 2.1 and the
//! twisted-graph criterion. [`verdict`] computes all three, each from its own
//! definition in docs/format.md: the arrangements are checked side by side in the
//! grid, not through the twisted graph, so the census can compare them.

use std::sync::OnceLock;

use itertools::Itertools;

use crate::Picture;
use crate::partition::{connected, partition};
use crate::puzzle::grid::{BLOCK_CENTRE_DIRECTIONS, opposite};

/// A corner seen as an edge of the recording graph: `tail -> head`, from a
/// picture to the one 90 degrees clockwise from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Edge {
    /// The picture the edge leaves.
    pub tail: Picture,
    /// The picture the edge enters.
    pub head: Picture,
}

impl Edge {
    /// `tail -> head`.
    pub(crate) fn new(tail: Picture, head: Picture) -> Self {
        Edge { tail, head }
    }
}

/// The conditions 2-4 of Theorem 2.1 that a subgraph breaks, as a bit set.
/// Condition 1 (one edge of each color) holds for every four-colour subgraph.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Failed(u8);

impl Failed {
    /// Nothing broken.
    pub(crate) const NONE: Failed = Failed(0);
    /// Condition 2: in-degree(v) = out-degree(complement of v).
    pub(crate) const DEGREES: Failed = Failed(1);
    /// Condition 3: a path `X -> A -> Y` of two distinct edges has `Y = X^c`.
    pub(crate) const PATHS: Failed = Failed(2);
    /// Condition 4: pseudo-connected.
    pub(crate) const PSEUDO_CONNECTED: Failed = Failed(4);

    /// The set from its bits (only the low three count).
    pub(crate) fn from_bits(bits: u8) -> Self {
        Failed(bits & 7)
    }

    /// The bits: 1 condition 2, 2 condition 3, 4 condition 4.
    pub(crate) fn bits(self) -> u8 {
        self.0
    }

    /// Whether every condition holds.
    pub(crate) fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// `self` with `other` added when `broken`.
    pub(crate) fn with(self, other: Failed, broken: bool) -> Self {
        if broken { Failed(self.0 | other.0) } else { self }
    }

    /// The numbers (2, 3, 4) of the broken conditions, increasing.
    pub(crate) fn conditions(self) -> impl Iterator<Item = u8> {
        (0..3).filter(move |bit| self.0 & (1 << bit) != 0).map(|bit| bit + 2)
    }

    /// The broken conditions in words, e.g. `condition 3 (paths)`.
    #[cfg(feature = "render")]
    pub(crate) fn describe(self) -> String {
        const NAMES: [&str; 3] = ["degrees", "paths", "pseudo-connected"];
        self.conditions()
            .map(|c| format!("condition {c} ({})", NAMES[usize::from(c) - 2]))
            .join(", ")
    }
}

/// The three verdicts on one four-colour subgraph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Verdict {
    /// Solutions (modulo whole-grid rotation) whose centre corners are these
    /// four edges: solution arrangements / 4, 0..=6.
    pub solutions: u8,
    /// The conditions of Theorem 2.1 that fail; empty when it accepts.
    pub failed: Failed,
    /// Whether the twisted-graph criterion accepts.
    pub twisted: bool,
    /// Whether conditions 1, 2, 3' and 4 hold: Theorem 2.1 with condition 3
    /// replaced by `paths_return_repaired`, exact with repetitions and
    /// self-matching pictures.
    pub repaired: bool,
}

/// Number of distinct [`Verdict::code`]s.
pub(crate) const CODES: usize = 256;

impl Verdict {
    /// Whether the edges form a solution graph (the judge's verdict).
    pub(crate) fn is_solution_graph(self) -> bool {
        self.solutions > 0
    }

    /// Whether Theorem 2.1 accepts (conditions 1-4 hold).
    pub(crate) fn theorem_accepts(self) -> bool {
        self.failed.is_empty()
    }

    /// Whether Theorem 2.1 and the judge disagree.
    pub(crate) fn theorem_mismatch(self) -> bool {
        self.theorem_accepts() != self.is_solution_graph()
    }

    /// Whether the twisted criterion and the judge disagree.
    pub(crate) fn twisted_mismatch(self) -> bool {
        self.twisted != self.is_solution_graph()
    }

    /// Whether the repaired theorem (condition 3') and the judge disagree.
    pub(crate) fn repaired_mismatch(self) -> bool {
        self.repaired != self.is_solution_graph()
    }

    /// The verdict packed in 8 bits: solutions, failed conditions, twisted,
    /// repaired.
    pub(crate) fn code(self) -> u8 {
        self.solutions | self.failed.bits() << 3 | u8::from(self.twisted) << 6 | u8::from(self.repaired) << 7
    }

    /// The inverse of [`Verdict::code`].
    pub(crate) fn from_code(code: u8) -> Self {
        Verdict {
            solutions: code & 7,
            failed: Failed::from_bits(code >> 3),
            twisted: code & 64 != 0,
            repaired: code & 128 != 0,
        }
    }
}

/// The three verdicts on the four edges `edges` (one per piece).
///
/// Tries the 24 ways to put the four pieces in the four cells with these
/// corners at the centre, then checks conditions 2-4 and the twisted graph:
/// constant time.
pub(crate) fn verdict(edges: &[Edge; 4]) -> Verdict {
    Verdict {
        solutions: u8::try_from(solving_placements(edges) / 4).expect("at most 24 placements"),
        failed: theorem_failures(edges),
        twisted: twisted_accepts(edges),
        repaired: repaired_accepts(edges),
    }
}

/// The 2x2 grid as the census sees it: its inner boundaries and the 24
/// ways to give the four edges to the four cells.
struct TwoByTwo {
    /// `(cell, direction, neighbour)` from [`Grid::inner_boundaries`](crate::puzzle::grid::Grid::inner_boundaries).
    boundaries: Vec<(usize, usize, usize)>,
    /// `cells[cell]` is the edge put in `cell`.
    permutations: Vec<[usize; 4]>,
}

fn grid() -> &'static TwoByTwo {
    static GRID: OnceLock<TwoByTwo> = OnceLock::new();
    GRID.get_or_init(|| {
        let permutations = (0..4).permutations(4).map(|p| [p[0], p[1], p[2], p[3]]).collect();
        TwoByTwo {
            boundaries: crate::puzzle::grid::Grid::new(2).inner_boundaries().collect(),
            permutations,
        }
    })
}

/// How many of the 24 cell assignments, with each piece turned so its edge
/// is at the centre, make every inner boundary match.
fn solving_placements(edges: &[Edge; 4]) -> usize {
    let grid = grid();
    // The edge in `cell` has its tail at the cell's centre direction and
    // its head one direction further clockwise.
    let side = |cells: &[usize; 4], cell: usize, d: usize| {
        let edge = edges[cells[cell]];
        if d == BLOCK_CENTRE_DIRECTIONS[cell] {
            edge.tail
        } else {
            edge.head
        }
    };
    grid.permutations
        .iter()
        .filter(|cells| {
            grid.boundaries
                .iter()
                .all(|&(a, d, b)| side(cells, a, d).matches(side(cells, b, opposite(d))))
        })
        .count()
}

/// The conditions 2-4 of Theorem 2.1 that the four edges break.
pub(crate) fn theorem_failures(edges: &[Edge; 4]) -> Failed {
    Failed::NONE
        .with(Failed::DEGREES, !degrees_pair_up(edges))
        .with(Failed::PATHS, !paths_return(edges))
        .with(Failed::PSEUDO_CONNECTED, !pseudo_connected(edges))
}

/// Condition 2, read for every picture `v` (a picture that does not occur
/// has degree 0): in-degree(v) = out-degree(v^c).
fn degrees_pair_up(edges: &[Edge; 4]) -> bool {
    let in_degree = |v: Picture| edges.iter().filter(|e| e.head == v).count();
    let out_degree = |v: Picture| edges.iter().filter(|e| e.tail == v).count();
    edges
        .iter()
        .flat_map(|e| [e.tail, e.head])
        .flat_map(|v| [v, v.complement()])
        .all(|v| in_degree(v) == out_degree(v.complement()))
}

/// Condition 3: for every path `X -> A -> Y` of two distinct edges,
/// `Y = X^c`.
fn paths_return(edges: &[Edge; 4]) -> bool {
    (0..4).cartesian_product(0..4).all(|(i, j)| {
        let (first, second) = (edges[i], edges[j]);
        i == j || first.head != second.tail || second.head == first.tail.complement()
    })
}

/// Condition 3' as stated for signed pictures (RESULTS.md, question 4.1):
/// for every path `X -> A -> Y` of two distinct edges, `Y = X^c`, unless the
/// subgraph has a loop `A^c -> A^c`. Without loops it is condition 3. Exact
/// for signed pictures; with a self-matching middle `A = A^c` it can reject
/// a solution graph, which `paths_return_repaired` excuses.
pub(crate) fn paths_return_unless_loop(edges: &[Edge; 4]) -> bool {
    paths_return_excusing(edges, |_| false)
}

/// The repaired condition 3, exact for every 2x2 puzzle with repetitions
/// and self-matching pictures (docs/notes/self-matching.md): for every path
/// `X -> A -> Y` of two distinct edges, `Y = X^c`, unless `A` matches
/// itself or the subgraph has a loop `A^c -> A^c`. Without self-matching
/// pictures it is [`paths_return_unless_loop`].
pub(crate) fn paths_return_repaired(edges: &[Edge; 4]) -> bool {
    paths_return_excusing(edges, Picture::is_self_matching)
}

/// Condition 3 with a path `X -> A -> Y` excused when the subgraph has a loop
/// at `A^c` or `excused(A)`.
fn paths_return_excusing(edges: &[Edge; 4], excused: impl Fn(Picture) -> bool) -> bool {
    let loop_at = |v: Picture| edges.iter().any(|e| e.tail == v && e.head == v);
    (0..4).cartesian_product(0..4).all(|(i, j)| {
        let (first, second) = (edges[i], edges[j]);
        let middle = first.head;
        i == j
            || middle != second.tail
            || second.head == first.tail.complement()
            || excused(middle)
            || loop_at(middle.complement())
    })
}

/// Conditions 1, 2, 3' and 4, with 3' excusing self-matching middles
/// (`paths_return_repaired`): the repaired Theorem 2.1, exact for every
/// 2x2 puzzle with or without repetitions and self-matching pictures
/// (RESULTS.md, question 4.1).
pub(crate) fn repaired_accepts(edges: &[Edge; 4]) -> bool {
    degrees_pair_up(edges) && paths_return_repaired(edges) && pseudo_connected(edges)
}

/// Condition 4: the connected components (ignoring direction) are all
/// joined by links between components that share a pattern.
fn pseudo_connected(edges: &[Edge; 4]) -> bool {
    let components = components(edges.iter().map(|e| (e.tail, e.head)));
    let links = components.iter().enumerate().flat_map(|(i, c)| {
        components.iter().enumerate().skip(i + 1).filter_map(move |(j, d)| {
            let shared = c.iter().any(|v| d.iter().any(|w| v.pattern() == w.pattern()));
            shared.then_some((i, j))
        })
    });
    let links: Vec<(usize, usize)> = links.collect();
    joins_all(components.len(), &links)
}

/// The twisted-graph criterion: with each `X -> Y` replaced by
/// `X -> Y^c`, every vertex is balanced and the edges are connected.
pub(crate) fn twisted_accepts(edges: &[Edge; 4]) -> bool {
    let twisted: Vec<(Picture, Picture)> = edges.iter().map(|e| (e.tail, e.head.complement())).collect();
    let balanced = twisted.iter().flat_map(|&(t, h)| [t, h]).all(|v| {
        let out = twisted.iter().filter(|e| e.0 == v).count();
        let into = twisted.iter().filter(|e| e.1 == v).count();
        out == into
    });
    balanced && components(twisted.iter().copied()).len() == 1
}

/// The connected components (ignoring direction) of a graph given by its
/// edges, as lists of vertices.
fn components(edges: impl Iterator<Item = (Picture, Picture)> + Clone) -> Vec<Vec<Picture>> {
    let vertices: Vec<Picture> = edges.clone().flat_map(|(t, h)| [t, h]).sorted().dedup().collect();
    let index = |v: Picture| vertices.binary_search(&v).expect("an endpoint");
    let links = edges.map(|(t, h)| (index(t), index(h)));
    partition(vertices.len(), links)
        .into_iter()
        .map(|class| class.into_iter().map(|i| vertices[i]).collect())
        .collect()
}

/// Whether `links` join all of `0..n` into one class.
fn joins_all(n: usize, links: &[(usize, usize)]) -> bool {
    connected(n, links.iter().copied())
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Piece, Puzzle};
    use proptest::prelude::*;

    #[test]
    fn verdict_as_documented() {
        use crate::Picture;
        use crate::census::verdict::{Edge, verdict};
        let (a, b) = (Picture::plus(1), Picture::plus(2));
        // 1+ -> 2- and 2+ -> 1-, twice: two ways round the centre.
        let e = [Edge::new(a, b.complement()), Edge::new(b, a.complement())];
        let v = verdict(&[e[0], e[1], e[0], e[1]]);
        assert_eq!(v.solutions, 2);
        assert!(v.theorem_accepts() && v.twisted);
    }

    fn p(s: &str) -> Picture {
        let piece: Piece = format!("{s} {s} {s} {s}").parse().unwrap();
        piece.side(0)
    }

    fn e(t: &str, h: &str) -> Edge {
        Edge::new(p(t), p(h))
    }

    /// The obviously-correct judge: four real pieces carrying the edges,
    /// every other side a picture whose complement never occurs, and every
    /// one of the 6144 arrangements checked with `Arrangement::is_solution`.
    fn brute_force_arrangements(edges: &[Edge; 4]) -> usize {
        let filler = |n: u32| Picture::plus(100 + n);
        let pieces: Vec<Piece> = (0..4u32)
            .map(|i| {
                Piece::new([
                    edges[i as usize].tail,
                    edges[i as usize].head,
                    filler(2 * i),
                    filler(2 * i + 1),
                ])
            })
            .collect();
        let puzzle = Puzzle::new(pieces).unwrap();
        crate::judge::arrangements_2x2()
            .filter(|a| a.is_solution(&puzzle))
            .count()
    }

    fn picture() -> impl Strategy<Value = Picture> {
        (1u32..=3, any::<bool>()).prop_map(|(n, plus)| if plus { Picture::plus(n) } else { Picture::minus(n) })
    }

    fn edges() -> impl Strategy<Value = [Edge; 4]> {
        proptest::array::uniform4((picture(), picture()).prop_map(|(t, h)| Edge::new(t, h)))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]
        /// The census's judge counts exactly the solution arrangements of
        /// real pieces carrying these corners.
        #[test]
        fn judge_agrees_with_brute_force_arrangements(edges in edges()) {
            prop_assert_eq!(solving_placements(&edges), brute_force_arrangements(&edges));
        }

        #[test]
        fn codes_round_trip(edges in edges()) {
            let v = verdict(&edges);
            prop_assert_eq!(Verdict::from_code(v.code()), v);
            prop_assert!(usize::from(v.code()) < CODES);
        }

        /// Verdicts do not depend on the order of the edges.
        #[test]
        fn verdicts_are_symmetric(edges in edges(), turn in 0usize..4) {
            let mut shuffled = edges;
            shuffled.rotate_left(turn);
            shuffled.swap(0, 1);
            prop_assert_eq!(verdict(&shuffled), verdict(&edges));
        }
    }

    #[test]
    fn a_four_pattern_cycle_is_a_solution_graph_for_both() {
        // A -> B^c, B -> C^c, C -> D^c, D -> A^c (the paper's first case).
        let edges = [e("1+", "2-"), e("2+", "3-"), e("3+", "4-"), e("4+", "1-")];
        let v = verdict(&edges);
        assert_eq!(v.solutions, 1);
        assert!(v.theorem_accepts() && v.twisted);
    }

    #[test]
    fn each_condition_can_fail_alone() {
        // Degrees: 1+ -> 2- twice and 2+ -> 1- once... plus a 3-pattern edge.
        let degrees = [e("1+", "2-"), e("1+", "2-"), e("2+", "1-"), e("3+", "3-")];
        assert!(theorem_failures(&degrees).bits() & Failed::DEGREES.bits() != 0);
        // Paths: 1+ -> 2+ -> 3+ where 3+ is not 1-.
        let paths = [e("1+", "2+"), e("2+", "3+"), e("3-", "2-"), e("2-", "1-")];
        assert!(!paths_return(&paths));
        // Pseudo-connected: two loops of patterns 1 and 2 never meet.
        let apart = [e("1+", "1-"), e("1-", "1+"), e("2+", "2-"), e("2-", "2+")];
        assert!(!pseudo_connected(&apart));
        assert!(degrees_pair_up(&apart));
        assert_eq!(
            Failed::from_bits(5).describe(),
            "condition 2 (degrees), condition 4 (pseudo-connected)"
        );
    }

    #[test]
    fn twisted_needs_balance_and_connection() {
        // Twisted: 1+ -> 2+, 2+ -> 1+ and 3+ -> 4+, 4+ -> 3+: balanced, two parts.
        let two_circuits = [e("1+", "2-"), e("2+", "1-"), e("3+", "4-"), e("4+", "3-")];
        assert!(!twisted_accepts(&two_circuits));
        assert_eq!(verdict(&two_circuits).solutions, 0);
    }
}
