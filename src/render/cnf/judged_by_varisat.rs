//! The CNF export judged by a SAT solver (varisat) and the plain
//! backtracker: every model decodes to a solution, and the models (blocked
//! one by one on their placement variables) are exactly the solutions
//! modulo rotation, on generated puzzles and the paper's 2x2 puzzle.

use std::collections::BTreeSet;

use crate::puzzle::generate::{PlantOptions, planted};
use crate::render::cnf::Cnf;
use crate::rng::Rng;
use crate::solve::plain;
use crate::{Arrangement, Puzzle};
use varisat::{ExtendFormula, Lit, Solver};

/// Every model of the puzzle's CNF as an arrangement, each checked to be a
/// solution, blocking each one's placements before asking for the next.
fn models(puzzle: &Puzzle) -> Vec<Arrangement> {
    let cnf = Cnf::new(puzzle);
    let mut solver = Solver::new();
    solver
        .add_dimacs_cnf(cnf.dimacs().as_bytes())
        .expect("the export is valid DIMACS");
    let mut found = Vec::new();
    while solver.solve().expect("solvable formula") {
        let model: Vec<i32> = solver
            .model()
            .expect("a model")
            .iter()
            .map(|l| l.to_dimacs() as i32)
            .collect();
        let arrangement = cnf.decode(&model).expect("one piece per cell");
        assert!(arrangement.is_solution(puzzle), "model is no solution of\n{puzzle}");
        let block: Vec<Lit> = model
            .iter()
            .filter(|&&l| l > 0 && cnf.placement(l as u32).is_some())
            .map(|&l| !Lit::from_dimacs(l as isize))
            .collect();
        solver.add_clause(&block);
        found.push(arrangement);
    }
    found
}

fn check(puzzle: &Puzzle) -> usize {
    let found = models(puzzle);
    let classes: BTreeSet<Arrangement> = found.iter().map(Arrangement::canonical).collect();
    assert_eq!(classes.len(), found.len(), "one model per rotation class");
    assert_eq!(found.len() as u64, plain::count_solutions(puzzle), "{puzzle}");
    found.len()
}

#[test]
fn models_are_the_solutions_modulo_rotation() {
    let mut total = 0;
    for seed in 0..12 {
        for (size, patterns) in [(2, 1), (2, 2), (2, 3), (3, 2), (3, 3)] {
            let options = PlantOptions {
                repetition_free: seed % 2 == 0 && patterns >= 2,
                identical: 0,
            };
            let (puzzle, _) = planted(size, patterns, &mut Rng::new(seed), options).expect("plantable");
            total += check(&puzzle);
        }
    }
    assert!(total > 60, "the puzzles have solutions to compare: {total}");
}

#[test]
fn an_unsolvable_puzzle_has_no_model() {
    let path = std::path::Path::new("fixtures/unsolvable2x2.txt");
    let puzzle = crate::read_puzzle(path, Default::default()).unwrap();
    assert_eq!(check(&puzzle), 0);
}

#[test]
fn the_header_names_every_placement_variable() {
    let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
    let cnf = Cnf::new(&puzzle);
    let text = cnf.dimacs();
    let named: Vec<(u32, usize, usize, usize)> = text
        .lines()
        .filter_map(|l| l.strip_prefix("c place "))
        .filter_map(|l| {
            // The legend line (`c place VAR PIECE ...`) has no numbers.
            let f: Vec<usize> = l.split(' ').map(|x| x.parse().ok()).collect::<Option<_>>()?;
            (f.len() == 4).then(|| (f[0] as u32, f[1], f[2], f[3]))
        })
        .collect();
    assert_eq!(named.len(), 4 * 4 * 4);
    for (var, piece, cell, rotation) in named {
        let (c, p) = cnf.placement(var).unwrap();
        assert_eq!((p.piece, c, p.rotation), (piece, cell, rotation));
    }
    let header = text.lines().find(|l| l.starts_with("p cnf")).unwrap();
    assert_eq!(header, format!("p cnf {} {}", cnf.variables(), cnf.clauses().len()));
}
