//! The four conditions of Theorem 2.1, each with a witness when it fails.
//!
//! Every check takes any four edges (not only four-color ones) and runs in
//! constant time: a subgraph has four edges and at most eight vertices.

use itertools::Itertools;

use crate::partition::partition;
use crate::recording::subgraph::{SubEdge, edge_label};
use crate::{Picture, Puzzle};

/// Condition 1 fails: two edges of one color (one piece used twice).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SameColor {
    /// The first edge of that color.
    pub first: SubEdge,
    /// Another edge of the same color.
    pub second: SubEdge,
}

/// Condition 2 fails: `in-degree(vertex) != out-degree(complement)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unbalanced {
    /// The vertex whose in-degree is off.
    pub vertex: Picture,
    /// Its in-degree in the subgraph.
    pub in_degree: usize,
    /// The out-degree of its complement in the subgraph.
    pub complement_out_degree: usize,
}

/// Condition 3 fails: a path `X -> A -> Y` of two distinct edges with `Y`
/// not the complement of `X`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadPath {
    /// `X -> A`.
    pub first: SubEdge,
    /// `A -> Y`.
    pub second: SubEdge,
}

/// Condition 4 fails: the connected components (ignoring direction) fall
/// into several pseudo-classes that no pseudo-path joins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotPseudoConnected {
    /// The pseudo-classes; each is a list of components, each component its
    /// vertices in increasing order.
    pub classes: Vec<Vec<Vec<Picture>>>,
}

/// Condition 1: each edge has a different color.
pub(crate) fn distinct_colors(edges: &[SubEdge; 4]) -> Result<(), SameColor> {
    match edges
        .iter()
        .array_combinations()
        .find(|[a, b]| a.corner.piece == b.corner.piece)
    {
        Some([&first, &second]) => Err(SameColor { first, second }),
        None => Ok(()),
    }
}

/// Condition 2: for every vertex `v`, `in-degree(v) = out-degree(v^c)`,
/// checked on every picture the subgraph touches and on their complements.
pub(crate) fn degrees_match(edges: &[SubEdge; 4]) -> Result<(), Unbalanced> {
    let in_degree = |v: Picture| edges.iter().filter(|e| e.head == v).count();
    let out_degree = |v: Picture| edges.iter().filter(|e| e.tail == v).count();
    let witness = touched(edges)
        .flat_map(|v| [v, v.complement()])
        .sorted()
        .dedup()
        .map(|vertex| Unbalanced {
            vertex,
            in_degree: in_degree(vertex),
            complement_out_degree: out_degree(vertex.complement()),
        })
        .find(|u| u.in_degree != u.complement_out_degree);
    witness.map_or(Ok(()), Err)
}

/// Condition 3: every directed path `X -> A -> Y` of two distinct edges has
/// `Y = X^c`.
pub(crate) fn paths_turn_back(edges: &[SubEdge; 4]) -> Result<(), BadPath> {
    bad_path(edges, |_, _| true)
}

/// Condition 3', the replacement of condition 3 that makes the theorem
/// exact with repetitions (RESULTS.md, question 4.1) and self-matching
/// pictures (docs/notes/self-matching.md): every directed path
/// `X -> A -> Y` of two distinct edges has `Y = X^c`, unless the subgraph has
/// a loop `A^c -> A^c` or `A` matches itself. Without loops and self-matching
/// pictures it is condition 3.
pub(crate) fn paths_turn_back_unless_loop(edges: &[SubEdge; 4]) -> Result<(), BadPath> {
    let loop_at = |v: Picture| edges.iter().any(|e| e.tail == v && e.head == v);
    bad_path(edges, |a, _| {
        !a.head.is_self_matching() && !loop_at(a.head.complement())
    })
}

/// The first path `X -> A -> Y` of two distinct edges with `Y != X^c` that
/// `counts`.
fn bad_path(edges: &[SubEdge; 4], counts: impl Fn(&SubEdge, &SubEdge) -> bool) -> Result<(), BadPath> {
    let witness = edges
        .iter()
        .cartesian_product(edges)
        .filter(|(a, b)| a.id != b.id && a.head == b.tail && counts(a, b))
        .find(|(a, b)| b.head != a.tail.complement());
    match witness {
        Some((&first, &second)) => Err(BadPath { first, second }),
        None => Ok(()),
    }
}

/// Condition 4: the subgraph is pseudo-connected. Components are taken on
/// the touched vertices ignoring direction; two are linked when they share
/// a pattern.
pub(crate) fn pseudo_connected(edges: &[SubEdge; 4]) -> Result<(), NotPseudoConnected> {
    let components = components(edges);
    let shares_pattern =
        |a: &Vec<Picture>, b: &Vec<Picture>| a.iter().any(|p| b.iter().any(|q| p.pattern() == q.pattern()));
    let links = (0..components.len())
        .array_combinations()
        .filter(|&[i, j]| shares_pattern(&components[i], &components[j]))
        .map(|[i, j]| (i, j));
    let classes: Vec<Vec<Vec<Picture>>> = partition(components.len(), links)
        .into_iter()
        .map(|class| class.into_iter().map(|i| components[i].clone()).collect())
        .collect();
    if classes.len() <= 1 {
        Ok(())
    } else {
        Err(NotPseudoConnected { classes })
    }
}

/// The pictures the edges touch, in increasing order, each once.
pub fn touched(edges: &[SubEdge]) -> impl Iterator<Item = Picture> + '_ {
    edges.iter().flat_map(|e| [e.tail, e.head]).sorted().dedup()
}

/// Connected components of the subgraph ignoring direction, each sorted,
/// ordered by their smallest vertex.
pub fn components(edges: &[SubEdge; 4]) -> Vec<Vec<Picture>> {
    let vertices: Vec<Picture> = touched(edges).collect();
    let at = |p: Picture| vertices.binary_search(&p).expect("touched vertex");
    let links = edges.iter().map(|e| (at(e.tail), at(e.head)));
    partition(vertices.len(), links)
        .into_iter()
        .map(|c| c.into_iter().map(|i| vertices[i]).collect())
        .collect()
}

impl SameColor {
    /// The witness in words, with the puzzle's labels.
    pub(crate) fn describe(&self, puzzle: &Puzzle) -> String {
        format!(
            "{} and {} have the same color",
            edge_label(puzzle, &self.first),
            edge_label(puzzle, &self.second)
        )
    }
}

impl Unbalanced {
    /// The witness in words, with the puzzle's labels.
    pub(crate) fn describe(&self, puzzle: &Puzzle) -> String {
        format!(
            "in-degree of {} is {} but out-degree of {} is {}",
            puzzle.picture_label(self.vertex),
            self.in_degree,
            puzzle.picture_label(self.vertex.complement()),
            self.complement_out_degree
        )
    }
}

impl BadPath {
    /// The witness in words, with the puzzle's labels.
    pub fn describe(&self, puzzle: &Puzzle) -> String {
        let label = |p: Picture| puzzle.picture_label(p);
        format!(
            "path {} -> {} -> {} ({}, {}) ends at {}, not at {}",
            label(self.first.tail),
            label(self.first.head),
            label(self.second.head),
            puzzle.piece_label(self.first.corner.piece),
            puzzle.piece_label(self.second.corner.piece),
            label(self.second.head),
            label(self.first.tail.complement())
        )
    }
}

impl NotPseudoConnected {
    /// The witness in words, with the puzzle's labels.
    pub(crate) fn describe(&self, puzzle: &Puzzle) -> String {
        let class = |components: &Vec<Vec<Picture>>| {
            components
                .iter()
                .map(|c| format!("{{{}}}", c.iter().map(|&p| puzzle.picture_label(p)).join(" ")))
                .join(" ~ ")
        };
        format!("no pseudo-path joins {}", self.classes.iter().map(class).join(" and "))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_of_distinct_colors_holds() {
        use crate::{
            Puzzle, RecordingGraph,
            theorem::{Subgraph, conditions},
        };
        let puzzle: Puzzle = "1+ 2+ 1- 2-\n2- 1+ 2+ 1-\n1- 2- 1+ 2+\n2+ 1- 2- 1+".parse().unwrap();
        let g = RecordingGraph::new(&puzzle);
        let twice = Subgraph::new([g.edge(0, 0), g.edge(0, 1), g.edge(1, 0), g.edge(2, 0)]);
        let witness = conditions::distinct_colors(&twice.resolve(&g)).unwrap_err();
        assert_eq!(witness.second.corner.corner, 1);
    }

    use super::*;
    use crate::recording::Corner;
    use petgraph::graph::EdgeIndex;

    /// Edge `k` of color `k` from `tail` to `head`, written `"1+"`, `"2-"`.
    fn edges(pairs: [(&str, &str); 4]) -> [SubEdge; 4] {
        let picture = |s: &str| format!("{s} {s} {s} {s}").parse::<crate::Piece>().unwrap().side(0);
        std::array::from_fn(|k| SubEdge {
            id: EdgeIndex::new(4 * k),
            tail: picture(pairs[k].0),
            head: picture(pairs[k].1),
            corner: Corner { piece: k, corner: 0 },
        })
    }

    fn puzzle() -> Puzzle {
        "1+ 2+ 3+ 4+\n1+ 2+ 3+ 4+\n1+ 2+ 3+ 4+\n1+ 2+ 3+ 4+".parse().unwrap()
    }

    /// The paper's first arrangement in the proof: A->B^c, B->C^c, C->D^c, D->A^c.
    const CYCLE: [(&str, &str); 4] = [("1+", "2-"), ("2+", "3-"), ("3+", "4-"), ("4+", "1-")];

    #[test]
    fn the_four_pattern_solution_of_the_proof_meets_all_four() {
        let e = edges(CYCLE);
        assert_eq!(distinct_colors(&e), Ok(()));
        assert_eq!(degrees_match(&e), Ok(()));
        assert_eq!(paths_turn_back(&e), Ok(()));
        assert_eq!(pseudo_connected(&e), Ok(()));
    }

    #[test]
    fn a_repeated_color_is_named() {
        let mut e = edges(CYCLE);
        e[3].corner.piece = 1;
        let w = distinct_colors(&e).unwrap_err();
        assert_eq!(w.describe(&puzzle()), "2+->3- #2 and 4+->1- #2 have the same color");
    }

    #[test]
    fn an_unbalanced_vertex_names_both_degrees() {
        let e = edges([("1+", "2-"), ("2+", "3-"), ("3+", "4-"), ("4+", "3-")]);
        let w = degrees_match(&e).unwrap_err();
        assert_eq!(w.describe(&puzzle()), "in-degree of 1- is 0 but out-degree of 1+ is 1");
    }

    #[test]
    fn a_path_that_does_not_turn_back_is_named() {
        let e = edges([("1+", "2+"), ("2+", "3+"), ("3-", "1-"), ("2-", "2-")]);
        let w = paths_turn_back(&e).unwrap_err();
        assert_eq!(
            w.describe(&puzzle()),
            "path 1+ -> 2+ -> 3+ (#1, #2) ends at 3+, not at 1-"
        );
        // A loop followed by itself is no path of two distinct edges.
        let one_loop = edges([("1+", "2-"), ("2+", "1-"), ("3+", "3+"), ("4+", "4-")]);
        assert!(paths_turn_back(&one_loop).is_ok());
    }

    #[test]
    fn two_separate_pattern_sets_are_not_pseudo_connected() {
        let e = edges([("1+", "2-"), ("2+", "1-"), ("3+", "4-"), ("4+", "3-")]);
        let w = pseudo_connected(&e).unwrap_err();
        assert_eq!(
            w.describe(&puzzle()),
            "no pseudo-path joins {1- 2+} ~ {1+ 2-} and {3- 4+} ~ {3+ 4-}"
        );
        assert_eq!(components(&e).len(), 4);
    }

    #[test]
    fn the_papers_pseudo_path_example_is_pseudo_connected() {
        // Like the paper's example: {1+ 3- 4-}, {2+ 3+}, {1- 4+}; the last
        // two share no pattern but both share one with the first.
        let e = edges([("1+", "3-"), ("3-", "4-"), ("2+", "3+"), ("1-", "4+")]);
        assert_eq!(components(&e).len(), 2 + 1);
        assert!(pseudo_connected(&e).is_ok());
    }
}
