//! Theorem 2.1, the twisted-graph criterion, the reconstruction and the
//! judge compared: exhaustively on abstract four-edge subgraphs and on
//! fixtures and generated 2x2 puzzles.

use std::collections::BTreeSet;

use itertools::Itertools;
use petgraph::graph::EdgeIndex;
use proptest::prelude::*;

use super::twisted::is_twisted;
use super::*;
use crate::judge::{Judgement, judge};
use crate::recording::Corner;
use crate::{Picture, Piece};

/// Every picture of patterns `1..=k`.
fn pictures(k: u32) -> Vec<Picture> {
    (1..=k).flat_map(|n| [Picture::minus(n), Picture::plus(n)]).collect()
}

/// Four edges of four colors from `(tail, head)` pairs.
fn abstract_edges(pairs: [(Picture, Picture); 4]) -> [SubEdge; 4] {
    std::array::from_fn(|k| SubEdge {
        id: EdgeIndex::new(4 * k),
        tail: pairs[k].0,
        head: pairs[k].1,
        corner: Corner { piece: k, corner: 0 },
    })
}

/// Four-edge subgraphs on the pictures of four patterns (more patterns
/// cannot meet condition 2 nor the twisted balance), one at least from
/// every orbit of the symmetries that both criteria respect (renaming
/// patterns, swapping `+` and `-` of a pattern, recoloring): color 0 takes
/// `1+ -> 1+`, `1+ -> 1-` or `1+ -> 2+`, colors 1-3 any multiset of edges.
fn subgraphs_up_to_symmetry(loops: bool) -> impl Iterator<Item = [SubEdge; 4]> {
    let all = pictures(4);
    let edges: Vec<(Picture, Picture)> = all
        .iter()
        .cartesian_product(&all)
        .map(|(&a, &b)| (a, b))
        .filter(|(a, b)| loops || a != b)
        .collect();
    let (one, two) = (Picture::plus(1), Picture::plus(2));
    let firsts = [(one, one), (one, one.complement()), (one, two)];
    let firsts: Vec<_> = firsts.into_iter().filter(|(a, b)| loops || a != b).collect();
    firsts
        .into_iter()
        .cartesian_product(edges.into_iter().combinations_with_replacement(3).collect::<Vec<_>>())
        .map(|(first, rest)| abstract_edges([first, rest[0], rest[1], rest[2]]))
}

#[test]
fn theorem_and_twisted_criterion_agree_on_every_loop_free_subgraph() {
    let mut accepted = 0;
    for edges in subgraphs_up_to_symmetry(false) {
        let theorem = evaluate_edges(&edges).accepted();
        assert_eq!(theorem, is_twisted(&edges), "{edges:?}");
        accepted += usize::from(theorem);
    }
    assert!(accepted > 0);
}

#[test]
fn with_loops_the_theorem_only_misses_solution_graphs_through_condition_3() {
    let mut mismatches = 0;
    for edges in subgraphs_up_to_symmetry(true) {
        let verdict = evaluate_edges(&edges);
        if verdict.accepted() != is_twisted(&edges) {
            mismatches += 1;
            assert!(is_twisted(&edges), "theorem accepts a non-solution: {edges:?}");
            assert_eq!(verdict.failing(), vec![Condition::Paths], "{edges:?}");
            assert!(edges.iter().any(|e| e.tail == e.head), "no loop: {edges:?}");
        }
    }
    assert!(mismatches > 0);
}

/// Any picture of patterns `1..=k`.
fn picture(k: u32) -> impl Strategy<Value = Picture> {
    (1..=k, any::<bool>()).prop_map(|(n, plus)| if plus { Picture::plus(n) } else { Picture::minus(n) })
}

/// Four pieces of pictures of `k` patterns, repetitions allowed.
fn random_puzzle(k: u32) -> impl Strategy<Value = Puzzle> {
    proptest::collection::vec(proptest::array::uniform4(picture(k)), 4).prop_map(puzzle_of)
}

/// Four repetition-free pieces: four distinct pictures each, in any order.
fn repetition_free_puzzle(k: u32) -> impl Strategy<Value = Puzzle> {
    let piece = proptest::sample::subsequence(pictures(k), 4).prop_shuffle();
    proptest::collection::vec(piece, 4)
        .prop_map(|pieces| puzzle_of(pieces.into_iter().map(|p| [p[0], p[1], p[2], p[3]]).collect()))
}

fn puzzle_of(sides: Vec<[Picture; 4]>) -> Puzzle {
    Puzzle::new(sides.into_iter().map(Piece::new).collect()).expect("four pieces")
}

/// A solved 2x2 grid on `k` patterns: the four inner boundaries `a b c d`
/// (top-left right / top-right left, top-left bottom / bottom-left top,
/// top-right bottom / bottom-right top, bottom-left right / bottom-right
/// left), eight random outer sides, then every piece turned and the pieces
/// shuffled. With `repetition_free`, outer sides that repeat a picture of
/// their piece become fresh patterns, and inner pairs that would repeat are
/// rejected.
fn planted_puzzle(k: u32, repetition_free: bool) -> impl Strategy<Value = Puzzle> {
    let inner = proptest::array::uniform4(picture(k)).prop_filter("inner sides repeat", move |&[a, b, c, d]| {
        !repetition_free || (a != b && a.complement() != c && b.complement() != d && c != d)
    });
    let outer = proptest::array::uniform8(picture(k));
    let turns = proptest::array::uniform4(0..4usize);
    let order = Just(vec![0usize, 1, 2, 3]).prop_shuffle();
    (inner, outer, turns, order).prop_map(move |([a, b, c, d], o, turns, order)| {
        let solved = [
            [o[0], a, b, o[1]],
            [o[2], o[3], c, a.complement()],
            [b.complement(), d, o[4], o[5]],
            [c.complement(), o[6], o[7], d.complement()],
        ];
        let pieces = order
            .iter()
            .zip(turns)
            .map(|(&cell, r)| {
                let sides = if repetition_free {
                    refresh(solved[cell], cell)
                } else {
                    solved[cell]
                };
                Piece::new(sides).rotated(r)
            })
            .collect();
        Puzzle::new(pieces).expect("four pieces")
    })
}

/// Replaces every outer side that repeats another picture of the piece (an
/// inner side or an earlier outer side) with a picture of a pattern no
/// other side uses. Inner sides stay, so the planted solution stays.
fn refresh(mut sides: [Picture; 4], cell: usize) -> [Picture; 4] {
    let inner = crate::puzzle::grid::Grid::new(2).inner_directions(cell);
    for d in (0..4).filter(|&d| !inner[d]) {
        if (0..4).any(|j| j != d && sides[j] == sides[d] && (inner[j] || j < d)) {
            sides[d] = Picture::plus(100 + 4 * cell as u32 + d as u32);
        }
    }
    sides
}

fn any_puzzle() -> impl Strategy<Value = Puzzle> {
    prop_oneof![
        (1u32..=4).prop_flat_map(random_puzzle),
        (1u32..=4).prop_flat_map(|k| planted_puzzle(k, false)),
        (2u32..=4).prop_flat_map(|k| planted_puzzle(k, true)),
    ]
}

fn repetition_free() -> impl Strategy<Value = Puzzle> {
    prop_oneof![
        (2u32..=4).prop_flat_map(repetition_free_puzzle),
        (2u32..=4).prop_flat_map(|k| planted_puzzle(k, true)),
    ]
}

/// The twisted criterion and the reconstruction agree with the judge on
/// every four-color subgraph; returns the judgement for further checks.
fn twisted_agrees_with_judge(puzzle: &Puzzle) -> Result<Judgement, TestCaseError> {
    let graph = RecordingGraph::new(puzzle);
    let judgement = judge(puzzle, &graph).expect("2x2");
    let mut rebuilt = BTreeSet::new();
    for s in four_color_subgraphs(&graph) {
        let twisted = twisted_criterion(&graph, &s);
        prop_assert_eq!(
            twisted,
            judgement.is_solution_graph(&s),
            "{}",
            s.labeled(puzzle, &graph)
        );
        let arrangements = solution_arrangements(&graph, &s);
        let expected = judgement.solution_graphs.get(&s).cloned().unwrap_or_default();
        prop_assert_eq!(&arrangements, &expected);
        for a in arrangements {
            prop_assert!(a.is_solution(puzzle));
            rebuilt.insert(a);
        }
    }
    prop_assert_eq!(rebuilt.len(), judgement.count());
    Ok(judgement)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn twisted_criterion_and_reconstruction_match_the_judge_on_all_puzzles(puzzle in any_puzzle()) {
        twisted_agrees_with_judge(&puzzle)?;
    }

    #[test]
    fn theorem_matches_the_judge_on_repetition_free_puzzles(puzzle in repetition_free()) {
        prop_assert!(puzzle.is_repetition_free(), "{}", puzzle);
        let judgement = twisted_agrees_with_judge(&puzzle)?;
        let graph = RecordingGraph::new(&puzzle);
        for s in four_color_subgraphs(&graph) {
            let verdict = evaluate(&graph, &s);
            prop_assert_eq!(verdict.accepted(), judgement.is_solution_graph(&s), "{}", verdict.explain(&puzzle));
        }
    }
}

#[test]
fn generated_planted_puzzles_are_solvable() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for repetition_free in [false, true] {
        for _ in 0..20 {
            let puzzle = planted_puzzle(3, repetition_free)
                .new_tree(&mut runner)
                .unwrap()
                .current();
            assert!(
                !judge(&puzzle, &RecordingGraph::new(&puzzle))
                    .unwrap()
                    .solutions
                    .is_empty(),
                "{repetition_free} {puzzle}"
            );
            assert!(!repetition_free || puzzle.is_repetition_free(), "{puzzle}");
        }
    }
}

fn fixture(name: &str) -> Puzzle {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(name);
    crate::read_puzzle(&path, crate::Format::Auto).expect("fixture reads")
}

#[test]
fn every_2x2_fixture_agrees_with_the_judge() {
    let fixtures = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures")).unwrap();
    let names: Vec<String> = fixtures
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with("2x2.txt"))
        .sorted()
        .collect();
    assert!(names.len() >= 5, "{names:?}");
    for name in names {
        let puzzle = fixture(&name);
        let judgement = twisted_agrees_with_judge(&puzzle).unwrap_or_else(|e| panic!("{name}: {e}"));
        let graph = RecordingGraph::new(&puzzle);
        let in_scope = puzzle.is_repetition_free() && !puzzle.pictures().any(Picture::is_self_matching);
        for s in four_color_subgraphs(&graph) {
            let (verdict, truth) = (evaluate(&graph, &s), judgement.is_solution_graph(&s));
            assert_eq!(verdict.repaired_accepted(), truth, "{name}: (3')");
            assert!(!in_scope || verdict.accepted() == truth, "{name}: Theorem 2.1");
        }
    }
}

#[test]
fn the_repetition_fixture_has_a_solution_graph_that_fails_condition_3() {
    let puzzle = fixture("repetition_mismatch2x2.txt");
    assert!(!puzzle.is_repetition_free());
    let graph = RecordingGraph::new(&puzzle);
    let judgement = judge(&puzzle, &graph).unwrap();
    let mismatches: Vec<&Subgraph> = judgement
        .solution_graphs
        .keys()
        .filter(|s| !evaluate(&graph, s).accepted())
        .collect();
    assert_eq!(mismatches.len(), 1);
    let verdict = evaluate(&graph, mismatches[0]);
    assert_eq!(verdict.failing(), vec![Condition::Paths]);
    let edges = mismatches[0].resolve(&graph);
    assert!(edges.iter().any(|e| e.tail == e.head), "the solution graph uses a loop");
}
