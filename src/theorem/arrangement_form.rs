//! The arrangement form of the `n x n` question (open question 4.2): a
//! reformulation of "some solution keeps exactly H" as a gluing of twisted
//! circuits. It is not a condition on H alone: (C) asks for a cell and a
//! turn for every color, that is for an arrangement, and checks it; (A) and
//! (B) speak of H alone but are not sufficient. The conditions on H alone,
//! and why H carries no more than a frame, are in [`super::frame`].
//!
//! The conditions (RESULTS.md, open question 4.2, has the proof that they
//! are equivalent to solvability with kept subgraph H):
//!
//! - **(A) shapes**: 4 colors keep one edge, `4(n-2)` colors two consecutive
//!   corners, `(n-2)^2` colors their whole 4-cycle, and no color keeps
//!   anything else.
//! - **(B) circuits**: H splits into `(n-1)^2` twisted four-color circuits.
//! - **(C) gluing**: for such a split there is a bijection ψ from circuits
//!   to interior lattice points and χ from colors to cells such that
//!   - (C1) *incidence*: color `c` has an edge in circuit `K` exactly when
//!     ψ(K) is a corner of χ(c);
//!   - (C2) *orientation*: each color's kept corners, in their cyclic
//!     order, lie in circuits whose points follow one another clockwise
//!     round its cell;
//!   - (C3) *circuit order*: round every point, counterclockwise, the
//!     colors' edges in its circuit follow one another as a twisted
//!     circuit.
//!
//! [`evaluate`] reports (A), (B), (C1), (C1)+(C2), (C1)+(C3) and the whole
//! of (C), each with a witness; H is a solution's kept subgraph exactly when
//! (A), (B) and (C) hold ([`ArrangementVerdict::accepted`]).

use std::collections::{BTreeMap, BTreeSet};

use crate::puzzle::grid::Grid;
use crate::recording::gluing::{Circuits, Edges, Gluer, Point};
use crate::{Arrangement, Placement, Puzzle};

/// What one condition found: `Ok` with what satisfies it, `Err` with why
/// not, in words with the puzzle's labels.
pub(crate) type Finding = Result<String, String>;

/// The verdicts of the arrangement form's conditions on one subgraph.
#[derive(Clone, Debug)]
pub struct ArrangementVerdict {
    /// (A) the color shapes.
    pub shapes: Finding,
    /// (B) a split into `(n-1)^2` twisted four-color circuits.
    pub circuits: Finding,
    /// (C1) alone: some split and bijection match the grid's incidence.
    pub incidence: Finding,
    /// (C1) and (C2) under one bijection.
    pub orientation: Finding,
    /// (C1) and (C3) under one bijection.
    pub circuit_order: Finding,
    /// (C1), (C2) and (C3) under one bijection: the gluing.
    pub gluing: Finding,
    /// The solutions (modulo rotation) whose kept subgraph is H, rebuilt
    /// from the gluings that satisfy (C).
    pub solutions: Vec<Arrangement>,
}

impl ArrangementVerdict {
    /// Whether H is the kept subgraph of a solution: (A), (B) and (C).
    pub fn accepted(&self) -> bool {
        self.shapes.is_ok() && self.circuits.is_ok() && self.gluing.is_ok()
    }

    /// Each condition's name with its finding, in order.
    pub fn findings(&self) -> [(&'static str, &Finding); 6] {
        [
            ("(A) shapes", &self.shapes),
            ("(B) circuits", &self.circuits),
            ("(C1) incidence", &self.incidence),
            ("(C1)+(C2) orientation", &self.orientation),
            ("(C1)+(C3) circuit order", &self.circuit_order),
            ("(C) gluing", &self.gluing),
        ]
    }
}

/// What a color keeps: its kept corners, in corner order.
fn kept_corners(size: usize, pieces: usize, h: &BTreeSet<usize>) -> Vec<Vec<usize>> {
    let _ = size;
    (0..pieces)
        .map(|piece| (0..4).filter(|c| h.contains(&(4 * piece + c))).collect())
        .collect()
}

/// Whether corners are one cyclic run of consecutive corners.
fn consecutive(corners: &[usize]) -> bool {
    match corners.len() {
        0 | 3 => false,
        1 | 4 => true,
        _ => (corners[1] + 4 - corners[0]) % 4 == 1 || (corners[0] + 4 - corners[1]) % 4 == 1,
    }
}

/// (A): every color keeps one edge, two consecutive corners or all four, in
/// the grid's numbers.
pub(crate) fn shapes(puzzle: &Puzzle, h: &BTreeSet<usize>) -> Finding {
    let n = puzzle.size();
    let kept = kept_corners(n, puzzle.pieces().len(), h);
    if let Some((piece, corners)) = kept.iter().enumerate().find(|(_, c)| !consecutive(c)) {
        return Err(format!(
            "color {} keeps {} edge{} (corners {:?}); a color keeps 1 edge, 2 consecutive corners or 4",
            puzzle.piece_label(piece),
            corners.len(),
            if corners.len() == 1 { "" } else { "s" },
            corners
        ));
    }
    let count = |k: usize| kept.iter().filter(|c| c.len() == k).count();
    let wanted = if n == 2 {
        [4, 0, 0]
    } else {
        [4, 4 * (n - 2), (n - 2) * (n - 2)]
    };
    let found = [count(1), count(2), count(4)];
    if found != wanted {
        return Err(format!(
            "colors keeping 1, 2, 4 edges: {found:?}; a {n}x{n} solution keeps {wanted:?}"
        ));
    }
    Ok(format!(
        "{} colors keep 1 edge, {} two, {} four",
        found[0], found[1], found[2]
    ))
}

/// How many splits of H the weaker forms of (C) look at when H is kept by
/// no solution (the verdict on H itself never depends on it).
pub const SPLITS: usize = 64;

/// The solutions keeping H, canonical, found by gluing the circuits of H
/// ([`Gluer`] restricted to H): exactly the pairs (ψ, χ) meeting (C).
fn glue(puzzle: &Puzzle, h: &BTreeSet<usize>) -> Vec<Arrangement> {
    let allowed: Vec<bool> = (0..4 * puzzle.pieces().len()).map(|e| h.contains(&e)).collect();
    let (gluings, _) = Gluer::new(puzzle, Some(&allowed)).all();
    let wanted = 4 * (puzzle.size() - 1) * (puzzle.size() - 1);
    if h.len() != wanted {
        return Vec::new();
    }
    gluings
        .into_iter()
        .map(|g| g.arrangement.canonical())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect()
}

/// The verdict on a subgraph that `solutions` keep (not empty; found by
/// any exact search, e.g. [`super::framed::decide`]): every condition
/// holds, witnessed by the first solution. `O(n^2)`.
pub(crate) fn kept_verdict(puzzle: &Puzzle, h: &BTreeSet<usize>, solutions: Vec<Arrangement>) -> ArrangementVerdict {
    glued_verdict(puzzle, &Edges::new(puzzle), shapes(puzzle, h), solutions)
}

/// The verdict when a gluing exists: every condition holds, witnessed by
/// the first gluing.
fn glued_verdict(puzzle: &Puzzle, edges: &Edges, shapes: Finding, solutions: Vec<Arrangement>) -> ArrangementVerdict {
    let graph = crate::RecordingGraph::new(puzzle);
    let first = &solutions[0];
    let split: Split = crate::recording::kept::blocks(&graph, first)
        .into_iter()
        .map(|(_, b)| {
            let mut set = b.edges().map(|e| e.index());
            set.sort_unstable();
            set
        })
        .collect();
    let rows: Vec<String> = (0..puzzle.size())
        .map(|r| {
            let row = &first.cells()[r * puzzle.size()..(r + 1) * puzzle.size()];
            row.iter()
                .map(|p| format!("{}@{}", puzzle.piece_label(p.piece), p.rotation))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let placed = format!("the first solution's bijection: {}", rows.join(" / "));
    ArrangementVerdict {
        shapes,
        circuits: Ok(format!(
            "{} circuits: {}",
            split.len(),
            split_text(puzzle, edges, &split)
        )),
        incidence: Ok(placed.clone()),
        orientation: Ok(placed.clone()),
        circuit_order: Ok(placed),
        gluing: Ok(format!(
            "{} solution{} modulo rotation",
            solutions.len(),
            if solutions.len() == 1 { "" } else { "s" }
        )),
        solutions,
    }
}

/// A split of H into circuits: each circuit a sorted set of four edges.
pub(crate) type Split = Vec<[usize; 4]>;

/// Every split of `h` into twisted four-color circuits (as edge sets), up
/// to `limit` of them.
///
/// # Complexity
/// Exact cover by backtracking: exponential in `|H| / 4` in the worst
/// case, a few hundred steps for real subgraphs.
pub fn splits(puzzle: &Puzzle, h: &BTreeSet<usize>, limit: usize) -> Vec<Split> {
    split_edges(&Edges::new(puzzle), h, limit)
}

/// [`splits`] with the edges already read.
fn split_edges(edges: &Edges, h: &BTreeSet<usize>, limit: usize) -> Vec<Split> {
    let allowed: Vec<bool> = (0..edges.len()).map(|e| h.contains(&e)).collect();
    let circuits = Circuits::new(edges, &allowed);
    let mut sets: BTreeMap<usize, BTreeSet<[usize; 4]>> = BTreeMap::new();
    for c in circuits.all() {
        let mut set = *c;
        set.sort_unstable();
        sets.entry(set[0]).or_default().insert(set);
    }
    let mut found = Vec::new();
    let mut chosen = Vec::new();
    cover(&sets, h, &mut BTreeSet::new(), &mut chosen, &mut found, limit);
    found
}

fn cover(
    sets: &BTreeMap<usize, BTreeSet<[usize; 4]>>,
    h: &BTreeSet<usize>,
    covered: &mut BTreeSet<usize>,
    chosen: &mut Split,
    found: &mut Vec<Split>,
    limit: usize,
) {
    if found.len() >= limit {
        return;
    }
    let Some(&lowest) = h.iter().find(|e| !covered.contains(e)) else {
        found.push(chosen.clone());
        return;
    };
    for set in sets.get(&lowest).into_iter().flatten() {
        if set.iter().any(|e| covered.contains(e)) {
            continue;
        }
        covered.extend(set);
        chosen.push(*set);
        cover(sets, h, covered, chosen, found, limit);
        chosen.pop();
        for e in set {
            covered.remove(e);
        }
    }
}

/// (B) on its own: the splits, or why there is none.
fn circuits_finding(puzzle: &Puzzle, edges: &Edges, h: &BTreeSet<usize>, splits: &[Split]) -> Finding {
    let n = puzzle.size();
    if let Some(split) = splits.first() {
        let more = if splits.len() > 1 {
            format!(" ({} splits)", splits.len())
        } else {
            String::new()
        };
        return Ok(format!(
            "{} circuits{more}: {}",
            split.len(),
            split_text(puzzle, edges, split)
        ));
    }
    let allowed: Vec<bool> = (0..edges.len()).map(|e| h.contains(&e)).collect();
    let circuits = Circuits::new(edges, &allowed);
    let in_some: BTreeSet<usize> = circuits.all().flatten().copied().collect();
    if let Some(&lonely) = h.iter().find(|e| !in_some.contains(e)) {
        return Err(format!(
            "edge {} lies in no twisted four-color circuit of H",
            edge_text(puzzle, edges, lonely)
        ));
    }
    Err(format!(
        "H has {} edges, every one in some twisted circuit, but no {} disjoint circuits cover it",
        h.len(),
        (n - 1) * (n - 1)
    ))
}

/// `X->Y #c` for an edge.
pub(crate) fn edge_text(puzzle: &Puzzle, edges: &Edges, e: usize) -> String {
    format!(
        "{}->{} {}",
        puzzle.picture_label(edges.tail(e)),
        puzzle.picture_label(edges.head(e)),
        puzzle.piece_label(e / 4)
    )
}

fn split_text(puzzle: &Puzzle, edges: &Edges, split: &Split) -> String {
    let circuit = |c: &[usize; 4]| {
        let inner: Vec<String> = c.iter().map(|&e| edge_text(puzzle, edges, e)).collect();
        format!("{{{}}}", inner.join(", "))
    };
    split.iter().map(circuit).collect::<Vec<_>>().join(" ")
}

/// One bijection ψ (circuit at each point) with χ (color at each cell)
/// matching the incidence, and which of (C2), (C3) it meets.
struct Candidate {
    at_point: BTreeMap<Point, usize>,
    cell_of: Vec<usize>,
    rotations: Vec<Option<usize>>,
    order: Result<(), String>,
}

/// Evaluates every condition of the `n x n` theorem on `h` (edge numbers
/// `4 * piece + corner`).
///
/// ```
/// use std::collections::BTreeSet;
/// use scramble::{Puzzle, RecordingGraph};
/// use scramble::theorem::arrangement_form::evaluate;
/// let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// // The centre corners of the planted solution: piece i keeps corner [1, 2, 0, 3][i].
/// let h: BTreeSet<usize> = [1, 6, 8, 15].into();
/// let verdict = evaluate(&puzzle, &h);
/// assert!(verdict.accepted());
/// assert_eq!(verdict.solutions.len(), 1);
/// ```
///
/// # Complexity
/// The splits of H times the bijections of circuits to points that keep
/// the incidence (pruned as they are built): instant for 3x3 and 4x4.
pub fn evaluate(puzzle: &Puzzle, h: &BTreeSet<usize>) -> ArrangementVerdict {
    let edges = Edges::new(puzzle);
    let shapes = shapes(puzzle, h);
    let glued = glue(puzzle, h);
    if let (Ok(_), false) = (&shapes, glued.is_empty()) {
        return glued_verdict(puzzle, &edges, shapes, glued);
    }
    let splits = split_edges(&edges, h, SPLITS);
    let circuits = circuits_finding(puzzle, &edges, h, &splits);
    let mut candidates = Vec::new();
    if shapes.is_ok() {
        for (index, split) in splits.iter().enumerate() {
            candidates.extend(bijections(puzzle, &edges, split).into_iter().map(|c| (index, c)));
        }
    }
    conclude(puzzle, &edges, h, shapes, circuits, &splits, &candidates)
}

fn conclude(
    puzzle: &Puzzle,
    edges: &Edges,
    h: &BTreeSet<usize>,
    shapes: Finding,
    circuits: Finding,
    splits: &[Split],
    candidates: &[(usize, Candidate)],
) -> ArrangementVerdict {
    let blocked = shapes.is_err() || circuits.is_err();
    let skip = || Err("not evaluated: (A) or (B) fails".to_string());
    let first = |keep: &dyn Fn(&Candidate) -> bool| candidates.iter().find(|(_, c)| keep(c));
    let capped = if splits.len() >= SPLITS {
        format!(" (among the first {SPLITS} splits)")
    } else {
        String::new()
    };
    let incidence = if blocked {
        skip()
    } else {
        match candidates.first() {
            Some((s, c)) => Ok(placement_text(puzzle, &splits[*s], c)),
            None => Err(incidence_failure(puzzle, edges, h, splits) + &capped),
        }
    };
    let orientation = if blocked {
        skip()
    } else {
        match (first(&|c| c.rotations.iter().all(Option::is_some)), candidates.first()) {
            (Some(_), _) => Ok("each color's corners run clockwise round its cell".to_string()),
            (None, Some((s, c))) => Err(orientation_failure(puzzle, &splits[*s], c) + &capped),
            (None, None) => Err("no bijection keeps the incidence (C1)".to_string()),
        }
    };
    let circuit_order = if blocked {
        skip()
    } else {
        match (first(&|c| c.order.is_ok()), candidates.first()) {
            (Some(_), _) => Ok("every circuit runs counterclockwise round its point".to_string()),
            (None, Some((_, c))) => Err(c.order.clone().err().unwrap_or_default() + &capped),
            (None, None) => Err("no bijection keeps the incidence (C1)".to_string()),
        }
    };
    let glued: Vec<Arrangement> = candidates
        .iter()
        .filter_map(|(_, c)| arrangement(puzzle.size(), c))
        .map(|a| a.canonical())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let gluing = if blocked {
        skip()
    } else if !glued.is_empty() {
        Ok(format!(
            "{} solution{} modulo rotation",
            glued.len(),
            if glued.len() == 1 { "" } else { "s" }
        ))
    } else if orientation.is_ok() && circuit_order.is_ok() {
        Err("(C2) and (C3) each hold under some bijection, never both under one".to_string())
    } else {
        Err(format!("no bijection meets (C1), (C2) and (C3){capped}"))
    };
    ArrangementVerdict {
        shapes,
        circuits,
        incidence,
        orientation,
        circuit_order,
        gluing,
        solutions: glued,
    }
}

/// The arrangement of a candidate meeting (C2) and (C3).
fn arrangement(size: usize, c: &Candidate) -> Option<Arrangement> {
    let rotations: Vec<usize> = c.rotations.iter().copied().collect::<Option<_>>()?;
    c.order.as_ref().ok()?;
    let mut cells = vec![Placement { piece: 0, rotation: 0 }; size * size];
    for (piece, &cell) in c.cell_of.iter().enumerate() {
        cells[cell] = Placement {
            piece,
            rotation: rotations[piece],
        };
    }
    Some(Arrangement::new(size, cells))
}

/// The interior points of `cell`, as a sorted list.
fn cell_points(size: usize, cell: usize) -> Vec<Point> {
    let mut points: Vec<Point> = (0..4).filter_map(|d| Grid::new(size).corner_point(cell, d)).collect();
    points.sort_unstable();
    points
}

/// Every (ψ, χ) keeping the incidence for one split, with (C2) and (C3)
/// judged.
fn bijections(puzzle: &Puzzle, edges: &Edges, split: &Split) -> Vec<Candidate> {
    let n = puzzle.size();
    let pieces = puzzle.pieces().len();
    let circuit_of: BTreeMap<usize, usize> = split
        .iter()
        .enumerate()
        .flat_map(|(k, c)| c.iter().map(move |&e| (e, k)))
        .collect();
    let circuits_of_color: Vec<Vec<usize>> = (0..pieces)
        .map(|p| (0..4).filter_map(|c| circuit_of.get(&(4 * p + c)).copied()).collect())
        .collect();
    let points: Vec<Point> = Grid::new(n).lattice_points().collect();
    let mut out = Vec::new();
    let mut psi: Vec<Option<Point>> = vec![None; split.len()];
    let context = Scope {
        puzzle,
        edges,
        split,
        circuits_of_color: &circuits_of_color,
        points: &points,
    };
    assign_points(&context, 0, &mut psi, &mut vec![false; split.len()], &mut out);
    out
}

struct Scope<'a> {
    puzzle: &'a Puzzle,
    edges: &'a Edges,
    split: &'a Split,
    circuits_of_color: &'a [Vec<usize>],
    points: &'a [Point],
}

fn assign_points(
    cx: &Scope,
    depth: usize,
    psi: &mut Vec<Option<Point>>,
    used: &mut Vec<bool>,
    out: &mut Vec<Candidate>,
) {
    let n = cx.puzzle.size();
    if depth == cx.points.len() {
        let psi: Vec<Point> = psi.iter().map(|p| p.expect("assigned")).collect();
        assign_cells(cx, &psi, out);
        return;
    }
    for k in 0..cx.split.len() {
        if used[k] {
            continue;
        }
        psi[k] = Some(cx.points[depth]);
        used[k] = true;
        let possible = cx.circuits_of_color.iter().all(|ks| {
            let mapped: Option<Vec<Point>> = ks.iter().map(|&k| psi[k]).collect();
            mapped.is_none_or(|mut m| {
                m.sort_unstable();
                (0..n * n).any(|cell| cell_points(n, cell) == m)
            })
        });
        if possible {
            assign_points(cx, depth + 1, psi, used, out);
        }
        psi[k] = None;
        used[k] = false;
    }
}

/// χ: every way to give each color a distinct cell whose interior points
/// are its circuits' points (one way for `n >= 3`).
fn assign_cells(cx: &Scope, psi: &[Point], out: &mut Vec<Candidate>) {
    let n = cx.puzzle.size();
    let options: Vec<Vec<usize>> = cx
        .circuits_of_color
        .iter()
        .map(|ks| {
            let mut m: Vec<Point> = ks.iter().map(|&k| psi[k]).collect();
            m.sort_unstable();
            (0..n * n).filter(|&cell| cell_points(n, cell) == m).collect()
        })
        .collect();
    let mut chosen = Vec::with_capacity(options.len());
    choose_cells(cx, psi, &options, &mut chosen, out);
}

fn choose_cells(cx: &Scope, psi: &[Point], options: &[Vec<usize>], chosen: &mut Vec<usize>, out: &mut Vec<Candidate>) {
    let Some(these) = options.get(chosen.len()) else {
        out.push(judge_candidate(cx, psi, chosen));
        return;
    };
    for &cell in these {
        if chosen.contains(&cell) {
            continue;
        }
        chosen.push(cell);
        choose_cells(cx, psi, options, chosen, out);
        chosen.pop();
    }
}

fn judge_candidate(cx: &Scope, psi: &[Point], cell_of: &[usize]) -> Candidate {
    let n = cx.puzzle.size();
    let circuit_at = |e: usize| cx.split.iter().position(|c| c.contains(&e));
    let rotation = |piece: usize| {
        (0..4).find(|&r| {
            (0..4).all(|k| {
                let e = 4 * piece + k;
                let at = Grid::new(n).corner_point(cell_of[piece], crate::puzzle::grid::turned_direction(r, k));
                match circuit_at(e) {
                    Some(c) => at == Some(psi[c]),
                    None => at.is_none(),
                }
            })
        })
    };
    let rotations: Vec<Option<usize>> = (0..cell_of.len()).map(rotation).collect();
    let at_point: BTreeMap<Point, usize> = psi.iter().enumerate().map(|(k, &p)| (p, k)).collect();
    let order = at_point
        .iter()
        .try_for_each(|(&p, &k)| circuit_order(cx, n, p, &cx.split[k], cell_of));
    Candidate {
        at_point,
        cell_of: cell_of.to_vec(),
        rotations,
        order,
    }
}

/// (C3) at one point: the circuit's edges, taken cell by cell
/// counterclockwise, follow one another.
fn circuit_order(cx: &Scope, n: usize, p: Point, circuit: &[usize; 4], cell_of: &[usize]) -> Result<(), String> {
    let seq: Vec<usize> = Grid::new(n)
        .round(p)
        .iter()
        .map(|&(cell, _)| {
            let piece = cell_of.iter().position(|&c| c == cell).expect("every cell has a color");
            *circuit.iter().find(|&&e| e / 4 == piece).expect("incidence")
        })
        .collect();
    match (0..4).find(|&k| !cx.edges.follows(seq[k], seq[(k + 1) % 4])) {
        None => Ok(()),
        Some(k) => {
            let (a, b) = (seq[k], seq[(k + 1) % 4]);
            let colors: Vec<String> = seq.iter().map(|&e| cx.puzzle.piece_label(e / 4)).collect();
            Err(format!(
                "round point {p:?} the colors come counterclockwise as {}, but head {} of {} does not meet tail {} of {}",
                colors.join(" "),
                cx.puzzle.picture_label(cx.edges.head(a)),
                cx.puzzle.piece_label(a / 4),
                cx.puzzle.picture_label(cx.edges.tail(b)),
                cx.puzzle.piece_label(b / 4)
            ))
        }
    }
}

fn placement_text(puzzle: &Puzzle, _split: &Split, c: &Candidate) -> String {
    let n = puzzle.size();
    let rows: Vec<String> = (0..n)
        .map(|r| {
            (0..n)
                .map(|col| {
                    let piece = c.cell_of.iter().position(|&x| x == r * n + col).expect("filled");
                    puzzle.piece_label(piece)
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    format!(
        "colors in cells {} ({} circuits placed)",
        rows.join(" / "),
        c.at_point.len()
    )
}

fn orientation_failure(puzzle: &Puzzle, _split: &Split, c: &Candidate) -> String {
    let n = puzzle.size();
    let piece = c.rotations.iter().position(Option::is_none).unwrap_or(0);
    let cell = c.cell_of[piece];
    format!(
        "no bijection keeping the incidence turns every color so that its corners run clockwise round its cell (the first one fails at color {} in cell ({}, {}))",
        puzzle.piece_label(piece),
        cell / n,
        cell % n
    )
}

fn incidence_failure(puzzle: &Puzzle, edges: &Edges, h: &BTreeSet<usize>, splits: &[Split]) -> String {
    let n = puzzle.size();
    let _ = (edges, h);
    for split in splits {
        let mut pair_of: BTreeMap<Vec<usize>, usize> = BTreeMap::new();
        for piece in 0..puzzle.pieces().len() {
            let ks: Vec<usize> = (0..split.len())
                .filter(|&k| split[k].iter().any(|e| e / 4 == piece))
                .collect();
            if ks.len() != 2 {
                continue;
            }
            if let Some(&other) = pair_of.get(&ks) {
                return format!(
                    "colors {} and {} both keep two edges and join the same two circuits; in a {n}x{n} grid two border cells never share two lattice points",
                    puzzle.piece_label(other),
                    puzzle.piece_label(piece)
                );
            }
            pair_of.insert(ks, piece);
        }
    }
    format!(
        "no split and no bijection of circuits to the {} interior points maps every color's circuits onto a cell's corners",
        (n - 1) * (n - 1)
    )
}

/// Every subgraph one kept corner of `h` away: an edge of `h` moved to
/// another corner of its color that `h` does not hold (at most `3|H|`).
pub fn corner_moves(h: &BTreeSet<usize>) -> impl Iterator<Item = BTreeSet<usize>> + '_ {
    h.iter().flat_map(move |&e| {
        (0..4)
            .map(move |c| 4 * (e / 4) + c)
            .filter(|o| !h.contains(o))
            .map(move |other| {
                let mut moved = h.clone();
                moved.remove(&e);
                moved.insert(other);
                moved
            })
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::RecordingGraph;
    use crate::recording::gluing::Gluer;
    use crate::recording::gluing::tests::planted;
    use crate::recording::kept::kept_edges;

    /// Every solution's kept subgraph, with the solutions (canonical) that
    /// keep it, from the plain backtracker.
    fn truth(puzzle: &Puzzle) -> BTreeMap<BTreeSet<usize>, BTreeSet<Arrangement>> {
        let graph = RecordingGraph::new(puzzle);
        let mut kept: BTreeMap<BTreeSet<usize>, BTreeSet<Arrangement>> = BTreeMap::new();
        for a in crate::solve::plain::all_arrangements(puzzle) {
            let h = kept_edges(&graph, &a).into_iter().map(|e| e.index()).collect();
            kept.entry(h).or_default().insert(a.canonical());
        }
        kept
    }

    /// Kept subgraphs and every subgraph one corner away from one.
    fn candidates(kept: &BTreeMap<BTreeSet<usize>, BTreeSet<Arrangement>>) -> BTreeSet<BTreeSet<usize>> {
        let mut out = BTreeSet::new();
        for h in kept.keys() {
            out.insert(h.clone());
            out.extend(corner_moves(h));
        }
        out
    }

    #[test]
    fn the_verdict_is_the_backtrackers_on_kept_and_nearby_subgraphs() {
        let mut checked = 0;
        for (size, patterns, count) in [(2, 2, 3), (3, 3, 1)] {
            for puzzle in planted(size, patterns, count) {
                let kept = truth(&puzzle);
                assert!(!kept.is_empty());
                for h in candidates(&kept) {
                    let verdict = evaluate(&puzzle, &h);
                    let expected: Vec<Arrangement> = kept.get(&h).into_iter().flatten().cloned().collect();
                    assert_eq!(verdict.accepted(), !expected.is_empty(), "{puzzle}\n{h:?}\n{verdict:?}");
                    assert_eq!(verdict.solutions, expected, "{puzzle}\n{h:?}");
                    let allowed: Vec<bool> = (0..4 * puzzle.pieces().len()).map(|e| h.contains(&e)).collect();
                    let (glued, _, _) = Gluer::new(&puzzle, Some(&allowed)).count();
                    assert_eq!(glued, expected.len() as u64);
                    checked += 1;
                }
            }
        }
        assert!(checked > 50, "{checked}");
    }

    #[test]
    fn a_figure_eight_centre_holds_two_solutions() {
        let puzzle: Puzzle = "1+ 1- 3+ 4+\n1+ 1- 3- 4-\n1+ 2- 3+ 4-\n2+ 1- 3- 4+".parse().unwrap();
        let verdict = evaluate(&puzzle, &[0, 4, 8, 12].into());
        assert!(verdict.accepted());
        assert_eq!(verdict.solutions.len(), 2);
    }

    #[test]
    fn shapes_name_the_color_that_breaks_them() {
        let puzzle: Puzzle = std::iter::repeat_n("1+ 2+ 3+ 4+\n", 9)
            .collect::<String>()
            .parse()
            .unwrap();
        let err = shapes(&puzzle, &[0, 2].into()).unwrap_err();
        assert!(err.starts_with("color #1 keeps 2 edges (corners [0, 2])"), "{err}");
        let err = shapes(&puzzle, &(0..9).map(|p| 4 * p).collect()).unwrap_err();
        assert!(err.starts_with("colors keeping 1, 2, 4 edges: [9, 0, 0]"), "{err}");
    }
}
