//! The look counts judged by a brute force: every solution arrangement by
//! the plain judge, mapped to its picture grid, canonicalised over the four
//! whole-grid turns, the distinct ones counted.

use std::collections::BTreeSet;

use super::*;
use crate::puzzle::grid::opposite;
use crate::rng::Rng;
use crate::solve::{Goal, Search, plain};

/// The brute force: the distinct canonical looks of every solution.
fn brute_force(puzzle: &Puzzle) -> BTreeSet<Look> {
    plain::all_arrangements(puzzle)
        .iter()
        .map(|a| Look::of(puzzle, a).canonical())
        .collect()
}

/// A solved picture grid, each picture drawn by `draw`, whose pictures a turn of
/// `4 / order` quarter turns keeps (`order` 1: no symmetry asked, 2: a half
/// turn, 4: a quarter turn): each position's picture is drawn once and
/// copied to its turns, its neighbour across an inner boundary gets the
/// complement. `None` when the copies disagree.
pub(crate) fn symmetric_grid(
    n: usize,
    order: usize,
    rng: &mut Rng,
    draw: impl Fn(&mut Rng) -> Picture,
) -> Option<Vec<[Picture; 4]>> {
    let grid = Grid::new(n);
    let step =
        |(cell, d): (usize, usize)| (0..4 / order).fold((cell, d), |(c, d), _| (grid.turned_cell(c), (d + 1) % 4));
    let mut shown: Vec<[Option<Picture>; 4]> = vec![[None; 4]; n * n];
    for cell in grid.cells() {
        for d in 0..4 {
            if shown[cell][d].is_some() {
                continue;
            }
            let mut todo = vec![((cell, d), draw(rng))];
            while let Some(((c, d), picture)) = todo.pop() {
                match shown[c][d] {
                    Some(old) if old != picture => return None,
                    Some(_) => continue,
                    None => shown[c][d] = Some(picture),
                }
                todo.push((step((c, d)), picture));
                if let Some(nb) = grid.neighbour(c, d) {
                    todo.push(((nb, opposite(d)), picture.complement()));
                }
            }
        }
    }
    Some(
        shown
            .into_iter()
            .map(|sides| sides.map(|p| p.expect("every side drawn")))
            .collect(),
    )
}

/// The cards of `look`, each turned at random, shuffled, with every other
/// card of the first half copied onto the second half when `copies` is set.
fn puzzle_of(look: &[[Picture; 4]], copies: bool, rng: &mut Rng) -> Puzzle {
    let mut pieces: Vec<Piece> = look
        .iter()
        .map(|&sides| Piece::new(sides).rotated(rng.below(4)))
        .collect();
    if copies {
        let half = pieces.len() / 2;
        for i in (0..half).step_by(2) {
            pieces[half + i] = pieces[i].rotated(rng.below(4));
        }
    }
    rng.shuffle(&mut pieces);
    Puzzle::new(pieces).expect("a square")
}

/// Generated puzzles of every kind the tests need: 2x2 and 3x3, one to
/// three patterns, picture grids kept by no turn, a half turn or a quarter
/// turn, with and without copied cards.
fn generated(count: u64) -> impl Iterator<Item = Puzzle> {
    (0..count).filter_map(|i| {
        let mut rng = Rng::stream(28, i);
        let n = 2 + (i % 2) as usize;
        let patterns = 1 + (i / 2 % 3) as usize + usize::from(n == 3);
        let order = [1, 2, 4][(i / 6 % 3) as usize];
        let look = symmetric_grid(n, order, &mut rng, |rng| Picture::from_dense(rng.below(2 * patterns)))?;
        Some(puzzle_of(&look, i / 18 % 2 == 1, &mut rng))
    })
}

#[test]
fn burnside_counts_the_looks_of_the_brute_force() {
    let (mut judged, mut identical, mut symmetric_cards, mut kept_by_turns) = (0, 0, 0, 0);
    for puzzle in generated(400) {
        let counted = count(&puzzle, &Context::new()).unwrap();
        if counted.solutions > 3000 {
            continue; // The brute force would keep every arrangement.
        }
        let looks = brute_force(&puzzle);
        assert_eq!(counted.looks, Some(looks.len() as u64), "{puzzle}");
        assert_eq!(counted.solutions, plain::count_solutions(&puzzle), "{puzzle}");
        judged += 1;
        let classes = Classes::of(&puzzle);
        identical += usize::from(classes.cards.values().any(|cards| cards.len() > 1));
        symmetric_cards += usize::from(classes.cards.keys().any(|p| symmetries(p.sides()) > 1));
        kept_by_turns += usize::from(counted.symmetric.half_turn > 0);
    }
    assert!(judged >= 200, "{judged} puzzles judged");
    assert!(
        identical >= 50 && symmetric_cards >= 20 && kept_by_turns >= 20,
        "{identical} with identical cards, {symmetric_cards} with symmetric cards, {kept_by_turns} with symmetric grids"
    );
}

#[test]
fn the_listed_representatives_are_one_per_look() {
    let mut judged = 0;
    for puzzle in generated(200) {
        if count(&puzzle, &Context::new()).unwrap().solutions > 3000 {
            continue;
        }
        let looks = brute_force(&puzzle);
        let listed = list(&puzzle, &Context::new(), usize::MAX).unwrap();
        assert!(!listed.stats.stopped);
        let shown: BTreeSet<Look> = listed.kept.iter().map(|a| Look::of(&puzzle, a).canonical()).collect();
        assert_eq!(shown, looks, "{puzzle}");
        assert_eq!(
            (listed.kept.len(), listed.solutions),
            (looks.len(), looks.len() as u64),
            "{puzzle}"
        );
        assert!(listed.kept.iter().all(|a| a.is_solution(&puzzle)));
        let first = list(&puzzle, &Context::new(), 1).unwrap();
        assert_eq!(first.kept[..], listed.kept[..listed.kept.len().min(1)]);
        judged += 1;
    }
    assert!(judged >= 100, "{judged} puzzles judged");
}

#[test]
fn the_graph_method_and_every_core_tally_the_same_symmetric_solutions() {
    use crate::context::Threads;
    use crate::solve::{Method, run};
    let mut judged = 0;
    for puzzle in generated(120) {
        let one = Solver::new(&puzzle, Order::Spiral, 0).unwrap().count();
        if one.solutions > 500 {
            continue; // The gluer takes seconds on the largest counts.
        }
        judged += 1;
        let all = Solver::new(&puzzle, Order::Spiral, 0)
            .unwrap()
            .run(&Search::new(Goal::Count { keep: 1 }).on(Threads::All));
        let graph = run(&puzzle, Method::Graph, &Search::new(Goal::Count { keep: 1 })).unwrap();
        assert_eq!(all.symmetric, one.symmetric, "{puzzle}");
        assert_eq!(graph.symmetric, one.symmetric, "{puzzle}");
    }
    assert!(judged >= 60, "{judged} puzzles judged");
}

#[test]
fn identical_cards_and_a_symmetric_card_make_fewer_looks() {
    // Four copies of one card with two turns that keep it.
    let puzzle: Puzzle = "1+ 1- 1+ 1-\n1+ 1- 1+ 1-\n1+ 1- 1+ 1-\n1+ 1- 1+ 1-".parse().unwrap();
    assert_eq!(Classes::of(&puzzle).arrangements_per_look(), 24 * 16);
    // Two checkerboards (the card upright or turned in the top-left cell),
    // each kept by every turn.
    assert_eq!(brute_force(&puzzle).len(), 2);
    // The paper's puzzle: four different cards, one look per solution.
    let paper: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
    assert_eq!(Classes::of(&paper).arrangements_per_look(), 1);
}
