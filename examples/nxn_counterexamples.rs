//! Searches 3x3 puzzles for subgraphs H that meet a weaker form of the
//! `n x n` theorem's gluing condition (C) but are kept by no solution: the
//! fixtures of `fixtures/nxn/` (RESULTS.md, open question 4.2).
//!
//! Puzzles: every 3x3 multiset of repetition-free pieces over K patterns
//! (K = 2: 2002 puzzles), in the census's enumeration order. In each, H is
//! built by a *pseudo-gluing*: every color gets a role (a cell of the grid,
//! or a slot of a non-grid incidence) and every kept corner a circuit, such
//! that the four edges of every circuit form a twisted circuit. Forms:
//!
//! - `no-circuit-order` (drop C3): colors in cells, each turned (so (C1) and
//!   (C2) hold), every circuit twisted in *some* order;
//! - `no-orientation` (drop C2): colors in cells, every circuit twisted in
//!   the counterclockwise order round its point ((C1) and (C3) hold), but
//!   the corners of a color may sit at its cell's points in any order;
//! - `separate-bijections`: either of the two above, where (C2) and (C3)
//!   each hold under some bijection, never both under one;
//! - `shared-pair` (the issue's example): no grid at all; the centre color
//!   in all four circuits, two two-edge colors joining circuits 0 and 1,
//!   two joining 2 and 3, a one-edge color in each circuit: (A) and (B)
//!   hold, (C1) cannot.
//!
//! A find counts only when `theorem::arrangement_form::evaluate` says H is not kept
//! and names the expected failure, H has fewer than `grid::SPLITS` splits
//! (so the weaker-form verdicts looked at every split), and the plain
//! backtracker confirms that no solution keeps H. Puzzles without any
//! solution are preferred; among them the first in enumeration order wins.
//!
//! ```sh
//! cargo run --release --example nxn_counterexamples -- 2 [--write fixtures/nxn]
//! ```

use std::collections::BTreeSet;

use itertools::Itertools;
use scramble::census::Census;
use scramble::census::nxn::check::kept as kept_subgraph;
use scramble::puzzle::grid::Grid;
use scramble::theorem::arrangement_form::{ArrangementVerdict, SPLITS, evaluate, splits};
use scramble::theorem::edge_list;
use scramble::{Picture, Puzzle};

const FORMS: [&str; 4] = [
    "shared-pair",
    "no-orientation",
    "no-circuit-order",
    "separate-bijections",
];
/// Distinct subgraphs judged per puzzle and template.
const PER_PUZZLE: usize = 400;

/// Roles (each a list of `(direction, circuit)` slots: the direction is
/// the vertex of the role's cell, clockwise, where the slot's corner sits)
/// and, for every circuit, its slots `(role, slot)` in counterclockwise
/// order.
struct Template {
    roles: Vec<Vec<(usize, usize)>>,
    circuits: Vec<Vec<(usize, usize)>>,
    /// Only maps of corners to slots that turn the piece ((C2)).
    turned: bool,
    /// Circuits twisted in the listed order ((C3)), not just in some order.
    in_order: bool,
}

impl Template {
    /// The 3x3 grid: roles are cells, circuits interior points.
    fn grid(turned: bool, in_order: bool) -> Self {
        let grid = Grid::new(3);
        let points: Vec<_> = grid.lattice_points().collect();
        let roles = (0..9)
            .map(|cell| {
                (0..4)
                    .filter_map(|d| {
                        grid.corner_point(cell, d)
                            .map(|p| (d, points.iter().position(|&q| q == p).unwrap()))
                    })
                    .collect()
            })
            .collect::<Vec<Vec<_>>>();
        let circuits = points
            .iter()
            .map(|&p| {
                grid.round(p)
                    .iter()
                    .map(|&(cell, d)| (cell, roles[cell].iter().position(|&(e, _)| e == d).unwrap()))
                    .collect()
            })
            .collect();
        Template {
            roles,
            circuits,
            turned,
            in_order,
        }
    }

    /// The issue's incidence: two two-edge colors join circuits 0 and 1,
    /// two join 2 and 3.
    fn shared_pair() -> Self {
        let mut roles: Vec<Vec<(usize, usize)>> = vec![(0..4).map(|k| (k, k)).collect()];
        roles.extend([[0, 1], [0, 1], [2, 3], [2, 3]].map(|[a, b]| vec![(0, a), (1, b)]));
        roles.extend((0..4).map(|k| vec![(0, k)]));
        let circuits = (0..4)
            .map(|k| {
                roles
                    .iter()
                    .enumerate()
                    .filter_map(|(r, slots)| slots.iter().position(|&(_, c)| c == k).map(|s| (r, s)))
                    .collect()
            })
            .collect();
        Template {
            roles,
            circuits,
            turned: false,
            in_order: false,
        }
    }

    /// The corner maps of a role: slot `s` gets corner `map[s]`; the
    /// corners are consecutive, and with `turned` they follow the
    /// directions (corner `d - r` at direction `d`).
    fn maps(&self, role: usize) -> Vec<Vec<usize>> {
        let slots = &self.roles[role];
        if self.turned {
            return (0..4)
                .map(|r| slots.iter().map(|&(d, _)| (d + 4 - r) % 4).collect())
                .collect();
        }
        (0..4)
            .permutations(slots.len())
            .filter(|m| {
                let set: BTreeSet<usize> = m.iter().copied().collect();
                (0..4).any(|start| (0..m.len()).all(|k| set.contains(&((start + k) % 4))))
            })
            .collect()
    }
}

struct Search<'a> {
    template: &'a Template,
    puzzle: &'a Puzzle,
    edges: Vec<(Picture, Picture)>,
    maps: Vec<Vec<Vec<usize>>>,
    piece_of: Vec<Option<usize>>,
    corners: Vec<Vec<usize>>,
    found: BTreeSet<BTreeSet<usize>>,
}

impl Search<'_> {
    fn run(template: &Template, puzzle: &Puzzle) -> BTreeSet<BTreeSet<usize>> {
        let roles = template.roles.len();
        let mut search = Search {
            template,
            puzzle,
            edges: puzzle
                .pieces()
                .iter()
                .flat_map(|p| p.corners().map(|(_, t, h)| (t, h)))
                .collect(),
            maps: (0..roles).map(|r| template.maps(r)).collect(),
            piece_of: vec![None; roles],
            corners: vec![Vec::new(); roles],
            found: BTreeSet::new(),
        };
        // Roles in an order that closes circuits early: the one with most
        // slots first, then circuit by circuit.
        let mut order = vec![0usize];
        order[0] = (0..roles).max_by_key(|&r| template.roles[r].len()).unwrap();
        for circuit in &template.circuits {
            order.extend(
                circuit
                    .iter()
                    .map(|&(r, _)| r)
                    .filter(|r| !order.contains(r))
                    .collect::<Vec<_>>(),
            );
        }
        search.place(&order, 0);
        search.found
    }

    fn place(&mut self, order: &[usize], depth: usize) {
        if self.found.len() >= PER_PUZZLE {
            return;
        }
        let Some(&role) = order.get(depth) else {
            let h = (0..self.corners.len())
                .flat_map(|r| self.corners[r].iter().map(move |&c| (r, c)))
                .map(|(r, c)| 4 * self.piece_of[r].unwrap() + c)
                .collect();
            self.found.insert(h);
            return;
        };
        let mut tried = BTreeSet::new();
        for (piece, look) in self.puzzle.pieces().iter().enumerate() {
            // One piece of every look: identical pieces give isomorphic H.
            if self.piece_of.contains(&Some(piece)) || !tried.insert(*look) {
                continue;
            }
            self.piece_of[role] = Some(piece);
            for m in 0..self.maps[role].len() {
                self.corners[role] = self.maps[role][m].clone();
                if self.circuits_hold(role) {
                    self.place(order, depth + 1);
                }
            }
            self.piece_of[role] = None;
            self.corners[role].clear();
        }
    }

    /// Every circuit through `role` whose slots are all filled is twisted
    /// (in order, or in some order).
    fn circuits_hold(&self, role: usize) -> bool {
        self.template
            .circuits
            .iter()
            .filter(|c| c.iter().any(|&(r, _)| r == role))
            .all(|circuit| {
                let edges: Option<Vec<usize>> = circuit
                    .iter()
                    .map(|&(r, s)| self.piece_of[r].map(|p| 4 * p + self.corners[r][s]))
                    .collect();
                let Some(e) = edges else { return true };
                if self.template.in_order {
                    return self.is_circuit(&[e[0], e[1], e[2], e[3]]);
                }
                [[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]]
                    .iter()
                    .any(|[a, b, c]| self.is_circuit(&[e[0], e[*a], e[*b], e[*c]]))
            })
    }

    /// Whether four edges (`4 * piece + corner`, tail and head in
    /// `edges`) in this cyclic order are a twisted circuit of four colors:
    /// each edge's head is the complement of the next edge's tail.
    fn is_circuit(&self, c: &[usize; 4]) -> bool {
        let colors_differ = (0..4).all(|a| (a + 1..4).all(|b| c[a] / 4 != c[b] / 4));
        let follows = |a: usize, b: usize| self.edges[b].0 == self.edges[a].1.complement();
        colors_differ && (0..4).all(|k| follows(c[k], c[(k + 1) % 4]))
    }
}

/// Whether the checker's verdict on a non-kept H shows `form`.
fn shows(v: &ArrangementVerdict, form: &str) -> bool {
    let base = v.shapes.is_ok() && v.circuits.is_ok() && !v.accepted();
    base && match form {
        "shared-pair" => v
            .incidence
            .as_ref()
            .is_err_and(|e| e.contains("join the same two circuits")),
        "no-orientation" => v.circuit_order.is_ok() && v.orientation.is_err(),
        "no-circuit-order" => v.orientation.is_ok() && v.circuit_order.is_err(),
        _ => v.orientation.is_ok() && v.circuit_order.is_ok(),
    }
}

/// Every 3x3 multiset of repetition-free pieces over `k` patterns.
fn puzzles(k: usize) -> impl Iterator<Item = Puzzle> {
    let classes = Census {
        patterns: k,
        repetition_free: true,
    }
    .pieces();
    (0..classes.len())
        .combinations_with_replacement(9)
        .map(move |idx| Puzzle::new(idx.iter().map(|&i| classes[i]).collect()).expect("9 pieces"))
}

struct Find {
    puzzle: Puzzle,
    index: usize,
    solutions: u64,
    h: BTreeSet<usize>,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let k: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2);
    let write = args.iter().position(|a| a == "--write").map(|i| args[i + 1].clone());
    let templates = [
        (Template::shared_pair(), vec![0]),
        (Template::grid(false, true), vec![1, 3]),
        (Template::grid(true, false), vec![2, 3]),
    ];
    let mut best: [Option<Find>; 4] = Default::default();
    let (mut judged, mut puzzles_seen) = (0u64, 0u64);
    for (index, puzzle) in puzzles(k).enumerate() {
        if best.iter().all(|b| b.as_ref().is_some_and(|f| f.solutions == 0)) {
            break;
        }
        puzzles_seen += 1;
        let solutions = scramble::solve::plain::count_solutions(&puzzle);
        for (template, forms) in &templates {
            let open: Vec<usize> = forms
                .iter()
                .copied()
                .filter(|&f| best[f].as_ref().is_none_or(|b| b.solutions > 0 && solutions == 0))
                .collect();
            if open.is_empty() {
                continue;
            }
            for h in Search::run(template, &puzzle) {
                judged += 1;
                let verdict = evaluate(&puzzle, &h);
                for &f in &open {
                    let better = best[f].as_ref().is_none_or(|b| b.solutions > 0 && solutions == 0);
                    if better && shows(&verdict, FORMS[f]) && complete(&puzzle, &h) && !kept(&puzzle, &h) {
                        let name = FORMS[f].to_string();
                        best[f] = Some(Find {
                            puzzle: puzzle.clone().with_name(name),
                            index,
                            solutions,
                            h: h.clone(),
                        });
                    }
                }
            }
        }
    }
    println!("K = {k}: {puzzles_seen} puzzles searched, {judged} subgraphs judged");
    for (slot, form) in best.iter().zip(FORMS) {
        let Some(f) = slot else {
            println!("== {form}: none found");
            continue;
        };
        println!(
            "== {form}: puzzle {} of the K = {k} enumeration, {} solutions\n{}\n{}",
            f.index,
            f.solutions,
            f.puzzle,
            edge_list::write(&f.puzzle, &f.h)
        );
        for (name, finding) in evaluate(&f.puzzle, &f.h).findings() {
            println!("  {name}: {finding:?}");
        }
        if let Some(dir) = &write {
            let header = format!(
                "# {form}: puzzle {} of the 3x3 repetition-free K = {k} enumeration ({} solutions modulo rotation)\n\
                 # found by `cargo run --release --example nxn_counterexamples -- {k} --write {dir}`\n",
                f.index, f.solutions
            );
            std::fs::write(format!("{dir}/{form}.txt"), format!("{header}{}\n", f.puzzle)).expect("write puzzle");
            std::fs::write(format!("{dir}/{form}.edges"), edge_list::write(&f.puzzle, &f.h)).expect("write H");
        }
    }
}

/// Fewer splits than the checker looks at, so its weaker-form verdicts are
/// complete.
fn complete(puzzle: &Puzzle, h: &BTreeSet<usize>) -> bool {
    splits(puzzle, h, SPLITS).len() < SPLITS
}

/// Whether some solution of the plain backtracker keeps exactly H.
fn kept(puzzle: &Puzzle, h: &BTreeSet<usize>) -> bool {
    let all = scramble::solve::plain::all_arrangements(puzzle);
    all.iter().any(|a| kept_subgraph(a) == *h)
}
