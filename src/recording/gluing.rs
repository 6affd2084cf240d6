//! Gluing twisted circuits into an `n x n` solution: the constructive half
//! of the `n x n` theorem ([`crate::theorem::arrangement_form`]) and the engine of the graph
//! solver ([`crate::solve::graph`]).
//!
//! Around an interior lattice point `(i, j)` of a solved grid the four
//! corners that touch it, taken counterclockwise (top-left, bottom-left,
//! bottom-right, top-right cell), form a *twisted circuit*: each corner
//! `X -> Y` is followed by the corner whose tail `Y^c` meets `Y` across the
//! side between the two cells. A *gluing* puts one twisted circuit, in one
//! of its cyclic orders, at every interior point so that every color lands
//! in one cell with one rotation. The search here places circuits point by
//! point in row-major order; the cell to the top-left of every point after
//! the first is already filled, so the circuit must start with the corner
//! that cell shows at the point, and only circuits starting there are
//! tried. Gluings and solution arrangements are in one-to-one
//! correspondence (RESULTS.md, open question 4.2), so the search counts
//! solutions without ever comparing two sides.
//!
//! Edges are numbered as in the recording graph: `4 * piece + corner`.

use std::ops::ControlFlow;

use crate::context::{Context, POLL_EVERY, Stats, Stop};
use crate::puzzle::grid::{Grid, rotation_bringing, unturned_side};
use crate::{Arrangement, Picture, Placement, Puzzle};

/// An interior lattice point `(row, column)`, `1 <= row, column < n`.
pub(crate) type Point = (usize, usize);

/// Tails, heads and colors of the recording graph's edges, by edge number.
#[derive(Clone, Debug)]
pub(crate) struct Edges {
    tail: Vec<Picture>,
    head: Vec<Picture>,
}

impl Edges {
    /// The `4 * pieces` corners of a puzzle.
    pub fn new(puzzle: &Puzzle) -> Self {
        let corners: Vec<(Picture, Picture)> = puzzle
            .pieces()
            .iter()
            .flat_map(|p| p.corners().map(|(_, t, h)| (t, h)))
            .collect();
        Edges {
            tail: corners.iter().map(|c| c.0).collect(),
            head: corners.iter().map(|c| c.1).collect(),
        }
    }

    /// The edge's tail.
    pub fn tail(&self, e: usize) -> Picture {
        self.tail[e]
    }

    /// The edge's head.
    pub fn head(&self, e: usize) -> Picture {
        self.head[e]
    }

    /// Number of edges.
    pub fn len(&self) -> usize {
        self.tail.len()
    }

    /// Whether `b` follows `a` in a twisted circuit: `tail(b) = head(a)^c`.
    pub fn follows(&self, a: usize, b: usize) -> bool {
        self.tail[b] == self.head[a].complement()
    }

    /// Whether four edges in this cyclic order are a twisted circuit of
    /// four colors.
    pub fn is_circuit(&self, c: &[usize; 4]) -> bool {
        let colors_differ = (0..4).all(|a| (a + 1..4).all(|b| c[a] / 4 != c[b] / 4));
        colors_differ && (0..4).all(|k| self.follows(c[k], c[(k + 1) % 4]))
    }
}

/// Every twisted four-color circuit among the allowed edges, once per
/// starting edge (a circuit of four edges appears four times, and a set of
/// four edges with two Eulerian orders, a figure eight, eight times).
///
/// # Complexity
/// `O(E d^3)` for `E` allowed edges and `d` the most allowed edges leaving
/// one picture.
#[derive(Clone, Debug)]
pub(crate) struct Circuits {
    by_start: Vec<Vec<[usize; 4]>>,
}

impl Circuits {
    /// How many four-edge walks [`Circuits::new`] examines for `allowed`
    /// (each a candidate circuit): its work, and a bound on the circuits it
    /// keeps. Counted without walking, class by class, in `O(E)`.
    pub(crate) fn walks(edges: &Edges, allowed: &[bool]) -> u128 {
        let allowed_edges = || (0..edges.len()).filter(|&e| allowed[e]);
        // walks[e] of length j: the walks of j more edges after e.
        let mut after = vec![1u128; edges.len()];
        for _ in 0..3 {
            let mut by_tail: std::collections::BTreeMap<Picture, u128> = Default::default();
            for e in allowed_edges() {
                *by_tail.entry(edges.tail(e)).or_default() += after[e];
            }
            for e in allowed_edges() {
                after[e] = by_tail.get(&edges.head(e).complement()).copied().unwrap_or(0);
            }
        }
        allowed_edges().map(|e| after[e]).sum()
    }

    /// The circuits whose four edges are all allowed.
    pub(crate) fn new(edges: &Edges, allowed: &[bool]) -> Self {
        let mut by_tail: std::collections::BTreeMap<Picture, Vec<usize>> = Default::default();
        for e in (0..edges.len()).filter(|&e| allowed[e]) {
            by_tail.entry(edges.tail(e)).or_default().push(e);
        }
        let next = |e: usize| by_tail.get(&edges.head(e).complement()).map_or(&[][..], Vec::as_slice);
        let by_start = (0..edges.len())
            .map(|a| {
                if !allowed[a] {
                    return Vec::new();
                }
                let mut found = Vec::new();
                for &b in next(a) {
                    for &c in next(b) {
                        for &d in next(c) {
                            let circuit = [a, b, c, d];
                            if edges.is_circuit(&circuit) {
                                found.push(circuit);
                            }
                        }
                    }
                }
                found
            })
            .collect();
        Circuits { by_start }
    }

    /// The circuits starting with edge `e`.
    pub(crate) fn starting(&self, e: usize) -> &[[usize; 4]] {
        &self.by_start[e]
    }

    /// Every circuit, once per starting edge.
    pub(crate) fn all(&self) -> impl Iterator<Item = &[usize; 4]> {
        self.by_start.iter().flatten()
    }
}

/// One gluing: the circuit at every interior point (counterclockwise from
/// the top-left cell) and the arrangement it builds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gluing {
    /// `(point, edges)` in row-major point order.
    pub circuits: Vec<(Point, [usize; 4])>,
    /// The arrangement: every color in its cell with its rotation.
    pub arrangement: Arrangement,
}

/// The gluing search over the circuits of a set of allowed edges.
///
/// With `symmetry` on, only one of the four whole-grid rotations of every
/// gluing is visited, by the rotation-class rule of
/// [`Grid::keeps_rotation_class`] with pieces ranked by number, so counts
/// are modulo rotation. A search polls its stop (see [`Gluer::within`])
/// every 16,384 circuits placed.
///
/// ```
/// use scramble::Puzzle;
/// use scramble::recording::gluing::Gluer;
/// let puzzle: Puzzle = "3+ 1+ 2+ 3-\n3+ 3- 4+ 1-\n2- 4- 3+ 3-\n4- 3- 3+ 4+".parse().unwrap();
/// let gluer = Gluer::new(&puzzle, None);
/// let (gluings, _) = gluer.all();
/// assert!(!gluings.is_empty());
/// assert!(gluings.iter().all(|g| g.arrangement.is_solution(&puzzle)));
/// ```
#[derive(Clone, Debug)]
pub struct Gluer {
    size: usize,
    pieces: usize,
    circuits: Circuits,
    symmetry: bool,
    stop: Stop,
}

struct State {
    cells: Vec<Option<Placement>>,
    used: Vec<bool>,
    stack: Vec<(Point, [usize; 4])>,
    stats: Stats,
    /// Placements until the next poll of the stop.
    countdown: u32,
}

impl Gluer {
    /// The search over every edge of G(P) (`allowed = None`) or over the
    /// edges marked in `allowed` (a subgraph H), modulo rotation.
    pub fn new(puzzle: &Puzzle, allowed: Option<&[bool]>) -> Self {
        let edges = Edges::new(puzzle);
        let all = vec![true; edges.len()];
        Gluer {
            size: puzzle.size(),
            pieces: puzzle.pieces().len(),
            circuits: Circuits::new(&edges, allowed.unwrap_or(&all)),
            symmetry: true,
            stop: Stop::never(),
        }
    }

    /// Stops every search at the context's stop, with [`Stats::stopped`]
    /// set: counts are then lower bounds.
    pub fn within(mut self, context: &Context) -> Self {
        self.stop = context.stop().clone();
        self
    }

    /// Visits every rotation, not one per rotation class.
    #[cfg(test)]
    fn with_every_rotation(mut self) -> Self {
        self.symmetry = false;
        self
    }

    /// Every gluing, with the search's statistics (nodes: circuits placed,
    /// per point).
    ///
    /// # Complexity
    /// Exponential in `(n - 1)^2` in the worst case, like any solver; each
    /// node costs `O(c)` for the `c` circuits starting at the top-left
    /// cell's corner.
    pub fn all(&self) -> (Vec<Gluing>, Stats) {
        let mut found = Vec::new();
        let stats = self.search(|g| {
            found.push(g);
            ControlFlow::Continue(())
        });
        (found, stats)
    }

    /// The number of gluings (solutions modulo rotation with symmetry on)
    /// and the first one, as [`Gluer::first`] finds it.
    pub fn count(&self) -> (u64, Option<Gluing>, Stats) {
        self.count_with(|_| ())
    }

    /// [`Gluer::count`], showing every gluing to `seen` as it is found.
    pub(crate) fn count_with(&self, mut seen: impl FnMut(&Gluing)) -> (u64, Option<Gluing>, Stats) {
        let mut count = 0;
        let mut first = None;
        let stats = self.search(|g| {
            count += 1;
            seen(&g);
            first.get_or_insert(g);
            ControlFlow::Continue(())
        });
        (count, first, stats)
    }

    /// The first gluing found.
    pub fn first(&self) -> (Option<Gluing>, Stats) {
        let mut first = None;
        let stats = self.search(|g| {
            first = Some(g);
            ControlFlow::Break(())
        });
        (first, stats)
    }

    fn search(&self, mut visit: impl FnMut(Gluing) -> ControlFlow<()>) -> Stats {
        let start = web_time::Instant::now();
        let points: Vec<Point> = Grid::new(self.size).lattice_points().collect();
        let mut state = State {
            cells: vec![None; self.size * self.size],
            used: vec![false; self.pieces],
            stack: Vec::with_capacity(points.len()),
            stats: Stats::new(points.len()),
            countdown: POLL_EVERY,
        };
        if !points.is_empty() {
            let _ = self.place(&points, &mut state, &mut visit);
        }
        state.stats.elapsed = start.elapsed();
        state.stats
    }

    fn place(
        &self,
        points: &[Point],
        state: &mut State,
        visit: &mut impl FnMut(Gluing) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let depth = state.stack.len();
        let Some(&point) = points.get(depth) else {
            let arrangement = Arrangement::new(self.size, state.cells.iter().map(|c| c.expect("filled")).collect());
            return visit(Gluing {
                circuits: state.stack.clone(),
                arrangement,
            });
        };
        let round = Grid::new(self.size).round(point);
        let candidates: Box<dyn Iterator<Item = &[usize; 4]>> = match state.cells[round[0].0] {
            Some(p) => Box::new(self.circuits.starting(edge_at(p, round[0].1)).iter()),
            None => Box::new(self.circuits.all()),
        };
        for circuit in candidates {
            state.stats.candidate_tests += 1;
            let Some(placed) = self.fits(state, &round, circuit) else {
                continue;
            };
            state.stats.nodes_per_depth[depth] += 1;
            state.countdown -= 1;
            if state.countdown == 0 {
                state.countdown = POLL_EVERY;
                if self.stop.reached() {
                    state.stats.stopped = true;
                    return ControlFlow::Break(());
                }
            }
            for &(cell, placement) in &placed {
                state.cells[cell] = Some(placement);
                state.used[placement.piece] = true;
            }
            state.stack.push((point, *circuit));
            let flow = self.place(points, state, visit);
            state.stack.pop();
            for &(cell, placement) in &placed {
                state.cells[cell] = None;
                state.used[placement.piece] = false;
            }
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// The new placements a circuit makes at `point`, or `None` when it
    /// disagrees with a filled cell, reuses a color or breaks symmetry.
    fn fits(
        &self,
        state: &State,
        round: &[(usize, usize); 4],
        circuit: &[usize; 4],
    ) -> Option<Vec<(usize, Placement)>> {
        let mut placed = Vec::with_capacity(4);
        for (&(cell, d), &e) in round.iter().zip(circuit) {
            let placement = Placement {
                piece: e / 4,
                rotation: rotation_bringing(e % 4, d),
            };
            match state.cells[cell] {
                Some(p) if p == placement => {}
                Some(_) => return None,
                None if state.used[placement.piece] => return None,
                None => placed.push((cell, placement)),
            }
        }
        self.keeps_symmetry(state, &placed).then_some(placed)
    }

    /// Whether the cells filled with `placed` added keep the
    /// rotation-class rule (always, with symmetry off).
    fn keeps_symmetry(&self, state: &State, placed: &[(usize, Placement)]) -> bool {
        let at = |cell| {
            let new = placed.iter().find(|&&(c, _)| c == cell);
            new.map(|&(_, p)| p).or(state.cells[cell])
        };
        !self.symmetry || Grid::new(self.size).keeps_rotation_class(at, |piece| piece)
    }
}

/// The edge a placed piece shows at the corner starting at direction `d`.
fn edge_at(p: Placement, d: usize) -> usize {
    4 * p.piece + unturned_side(p.rotation, d)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::puzzle::generate::{PlantOptions, Recipe};

    /// Planted puzzles of every size and a few pattern counts, with and
    /// without repetitions.
    pub(crate) fn planted(size: usize, patterns: u32, count: u64) -> impl Iterator<Item = Puzzle> {
        [false, true].into_iter().flat_map(move |repetition_free| {
            let recipe = Recipe {
                size,
                patterns,
                seed: 5,
                options: PlantOptions {
                    repetition_free,
                    identical: 0,
                },
            };
            (0..count).map(move |i| recipe.draw(i).expect("planted").puzzle)
        })
    }

    #[test]
    fn walks_on_one_pattern_follow_every_complement() {
        let puzzle: Puzzle = "1+ 1+ 1- 1-\n1+ 1+ 1- 1-\n1+ 1+ 1- 1-\n1+ 1+ 1- 1-".parse().unwrap();
        let edges = Edges::new(&puzzle);
        let all = vec![true; edges.len()];
        // 16 edges; after any edge, the 8 edges leaving the complement of its head.
        assert_eq!(Circuits::walks(&edges, &all), 16 * 8 * 8 * 8);
    }

    #[test]
    fn walks_counts_the_walks_new_examines() {
        let mut rng = crate::rng::Rng::new(3);
        for (size, patterns) in [(2, 2), (3, 2), (4, 3), (5, 4)] {
            for puzzle in planted(size, patterns, 2) {
                let edges = Edges::new(&puzzle);
                let all = vec![true; edges.len()];
                let some: Vec<bool> = (0..edges.len()).map(|_| rng.below(3) > 0).collect();
                for allowed in [all, some] {
                    let next = |e: usize| -> Vec<usize> {
                        (0..edges.len())
                            .filter(|&f| allowed[f] && edges.follows(e, f))
                            .collect()
                    };
                    let mut walked = 0u128;
                    for a in (0..edges.len()).filter(|&a| allowed[a]) {
                        for b in next(a) {
                            for c in next(b) {
                                walked += next(c).len() as u128;
                            }
                        }
                    }
                    assert_eq!(Circuits::walks(&edges, &allowed), walked, "{puzzle}");
                }
            }
        }
    }

    #[test]
    fn the_geometry_agrees_with_the_judge() {
        for n in 2..=4 {
            for point in Grid::new(n).lattice_points() {
                for (cell, d) in Grid::new(n).round(point) {
                    assert_eq!(Grid::new(n).corner_point(cell, d), Some(point));
                    assert!(crate::recording::kept::inner_corners(n, cell, 0).contains(&d));
                }
            }
        }
    }

    #[test]
    fn gluings_are_the_solutions_of_generated_puzzles() {
        for (size, patterns) in [(2, 2), (3, 2), (3, 3)] {
            for puzzle in planted(size, patterns, 8) {
                let (gluings, _) = Gluer::new(&puzzle, None).with_every_rotation().all();
                let mut glued: Vec<Arrangement> = gluings.into_iter().map(|g| g.arrangement).collect();
                glued.sort();
                let mut plain = crate::solve::plain::all_arrangements(&puzzle);
                plain.sort();
                assert_eq!(glued, plain, "{puzzle}");
                let (modulo, _, _) = Gluer::new(&puzzle, None).count();
                assert_eq!(4 * modulo, plain.len() as u64);
            }
        }
    }
}
