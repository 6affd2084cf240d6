//! Condition (H6) *ring and core*: the exact condition on H alone for
//! `3 x 3` puzzles (RESULTS.md, open question 4.2, has the theorem and its
//! proof).
//!
//! For `n = 3` a subgraph H with the shapes (H1) is a frame
//! ([`super::frame::Frame`]): 4 corner pieces, 4 border pieces and one
//! inner piece, each frame piece with one *start* side and one *end* side
//! (and a border piece one *full* side). H is kept by a solution exactly
//! when
//!
//! - **ring**: the 8 frame pieces have a cyclic order `p0 .. p7` that
//!   alternates corner and border pieces and in which the end side of each
//!   shows the complement of the start side of the next (read backwards,
//!   it is an Eulerian circuit of the ring graph R(H), one edge per frame
//!   piece from its end picture to the complement of its start picture);
//! - **core**: the border pieces' full sides, in that order
//!   (`p1, p3, p5, p7`), are the complements of the inner piece's four sides
//!   in their clockwise order, starting at one of them.
//!
//! Every such order with `p0` the lowest-numbered corner piece, together
//! with the inner piece's turn, is one solution keeping H modulo rotation
//! (`RingOrder::arrangement`). `ring_orders` enumerates the alternating
//! circuits of R(H) only; it never places a piece in a cell.

use std::collections::BTreeSet;

use super::frame_shape::{Check, Frame, Kind, SideType};
#[cfg(test)]
use crate::puzzle::grid::Grid;
use crate::puzzle::grid::unturned_side;
#[cfg(test)]
use crate::{Arrangement, Placement};
use crate::{Picture, Puzzle};

/// The condition's name.
pub(crate) const RING_AND_CORE: &str = "(H6) ring and core";

/// The cells of the `3 x 3` frame clockwise from the top-left corner.
#[cfg(test)]
const RING_CELLS: [usize; 8] = [0, 1, 2, 5, 8, 7, 6, 3];

/// One way to meet (H6): the frame pieces in their cyclic order, clockwise
/// from the lowest-numbered corner piece, and the inner piece's turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RingOrder {
    /// `p0 .. p7`: corner, border, corner, ... clockwise.
    pub ring: [usize; 8],
    /// The inner piece.
    pub inner: usize,
    /// Its quarter turns clockwise: side `s[(d - turn) mod 4]` faces the
    /// border piece `p(2d+1)`.
    pub turn: usize,
}

impl RingOrder {
    /// The arrangement it stands for: `p0` in the top-left corner, the ring
    /// clockwise, every frame piece turned as its frame says, the inner
    /// piece in the middle turned [`RingOrder::turn`].
    #[cfg(test)]
    pub fn arrangement(&self, h: &BTreeSet<usize>) -> Arrangement {
        let grid = Grid::new(3);
        let mut cells = vec![
            Placement {
                piece: self.inner,
                rotation: self.turn
            };
            9
        ];
        for (&piece, &cell) in self.ring.iter().zip(&RING_CELLS) {
            let interior: BTreeSet<usize> = grid.inner_corner_directions(cell).collect();
            let rotation = (0..4)
                .find(|r| {
                    let at: BTreeSet<usize> = (0..4)
                        .filter(|c| h.contains(&(4 * piece + c)))
                        .map(|c| (c + r) % 4)
                        .collect();
                    at == interior
                })
                .expect("a frame piece of the cell's kind");
            cells[cell] = Placement { piece, rotation };
        }
        Arrangement::new(3, cells)
    }
}

/// A frame piece's pictures on its start, end and full sides.
#[derive(Clone, Copy, Debug)]
struct Sides {
    piece: usize,
    kind: Kind,
    start: Picture,
    end: Picture,
    full: Option<Picture>,
}

fn sides_of(puzzle: &Puzzle, frame: &Frame, piece: usize) -> Sides {
    let find = |t: SideType| (0..4).find(|&k| frame.side(piece, k) == t);
    let picture = |k: usize| puzzle.pieces()[piece].side(k);
    Sides {
        piece,
        kind: frame.kind(piece),
        start: picture(find(SideType::Start).expect("a frame piece has a start side")),
        end: picture(find(SideType::End).expect("a frame piece has an end side")),
        full: find(SideType::Full).map(picture),
    }
}

/// Every alternating circuit of the ring (with `p0` the lowest-numbered
/// corner piece): cyclic orders of the frame pieces, corner and border in
/// turn, each end side facing the next start side with the complementary
/// picture. `frame` must be a `3 x 3` frame (4 corner, 4 border pieces).
///
/// # Complexity
/// A depth-first search over at most `3! * 4! = 144` orders, each step
/// `O(1)` for 8 frame pieces.
pub(crate) fn alternating_circuits(puzzle: &Puzzle, frame: &Frame) -> Vec<[usize; 8]> {
    let pieces: Vec<Sides> = (0..puzzle.pieces().len())
        .filter(|&p| frame.kind(p) != Kind::Inner)
        .map(|p| sides_of(puzzle, frame, p))
        .collect();
    let Some(first) = pieces.iter().position(|s| s.kind == Kind::Corner) else {
        return Vec::new();
    };
    let mut order = vec![first];
    let mut used = vec![false; pieces.len()];
    used[first] = true;
    let mut found = Vec::new();
    extend(&pieces, &mut order, &mut used, &mut found);
    found
        .into_iter()
        .map(|o: Vec<usize>| std::array::from_fn(|i| pieces[o[i]].piece))
        .collect()
}

fn extend(pieces: &[Sides], order: &mut Vec<usize>, used: &mut [bool], found: &mut Vec<Vec<usize>>) {
    let last = pieces[*order.last().expect("p0")];
    if order.len() == pieces.len() {
        if last.end == pieces[order[0]].start.complement() {
            found.push(order.clone());
        }
        return;
    }
    let kind = if order.len() % 2 == 1 {
        Kind::Border
    } else {
        Kind::Corner
    };
    for q in 0..pieces.len() {
        if used[q] || pieces[q].kind != kind || pieces[q].start != last.end.complement() {
            continue;
        }
        used[q] = true;
        order.push(q);
        extend(pieces, order, used, found);
        order.pop();
        used[q] = false;
    }
}

/// Every way to meet (H6) on a `3 x 3` frame: the alternating circuits of
/// the ring whose border pieces' full sides are the complements of the
/// inner piece's sides, in clockwise order from some side. One per
/// solution keeping H, modulo rotation.
///
/// # Complexity
/// [`alternating_circuits`] and four turns per circuit: constant for `3 x 3`.
pub(crate) fn ring_orders(puzzle: &Puzzle, frame: &Frame) -> Vec<RingOrder> {
    let Some(inner) = (0..puzzle.pieces().len()).find(|&p| frame.kind(p) == Kind::Inner) else {
        return Vec::new();
    };
    let s = puzzle.pieces()[inner];
    let mut out = Vec::new();
    for ring in alternating_circuits(puzzle, frame) {
        let full = |j: usize| sides_of(puzzle, frame, ring[2 * j + 1]).full;
        for turn in 0..4 {
            if (0..4).all(|d| full(d) == Some(s.side(unturned_side(turn, d)).complement())) {
                out.push(RingOrder { ring, inner, turn });
            }
        }
    }
    out
}

/// (H6) on a `3 x 3` frame, with a witness: the ring orders found, or the
/// frame piece no ring can continue, or the circuits whose borders do not
/// fit the inner piece.
pub(crate) fn check(puzzle: &Puzzle, h: &BTreeSet<usize>, frame: &Frame) -> Check {
    let orders = ring_orders(puzzle, frame);
    let label = |p: usize| puzzle.piece_label(p);
    let kept_of = |pieces: &mut dyn Iterator<Item = usize>| -> Vec<usize> {
        pieces
            .flat_map(|p| (0..4).map(move |c| 4 * p + c))
            .filter(|e| h.contains(e))
            .collect()
    };
    if let Some(o) = orders.first() {
        let ring: Vec<String> = o.ring.iter().map(|&p| label(p)).collect();
        return Check {
            condition: RING_AND_CORE,
            finding: Ok(format!(
                "{} ring order{} with the inner piece turned, one per solution modulo rotation; \
                 e.g. clockwise from the top-left corner {}, inner piece {} turned {}",
                orders.len(),
                if orders.len() == 1 { "" } else { "s" },
                ring.join(" "),
                label(o.inner),
                o.turn
            )),
            edges: Vec::new(),
        };
    }
    let circuits = alternating_circuits(puzzle, frame);
    let frame_pieces: Vec<Sides> = (0..puzzle.pieces().len())
        .filter(|&p| frame.kind(p) != Kind::Inner)
        .map(|p| sides_of(puzzle, frame, p))
        .collect();
    if circuits.is_empty() {
        let stuck = frame_pieces.iter().find(|p| {
            !frame_pieces
                .iter()
                .any(|q| q.kind != p.kind && q.start == p.end.complement())
        });
        let (finding, edges) = match stuck {
            Some(p) => (
                format!(
                    "no ring: the end side of {} {} shows {}, and no {} piece's start side shows {}",
                    p.kind.name(),
                    label(p.piece),
                    puzzle.picture_label(p.end),
                    if p.kind == Kind::Corner { "border" } else { "corner" },
                    puzzle.picture_label(p.end.complement())
                ),
                kept_of(&mut std::iter::once(p.piece)),
            ),
            None => (
                "no cyclic order of the 8 frame pieces alternates corner and border pieces with every end side \
                 facing the next start side (the ring graph has no alternating Eulerian circuit)"
                    .to_string(),
                kept_of(&mut frame_pieces.iter().map(|p| p.piece)),
            ),
        };
        return Check {
            condition: RING_AND_CORE,
            finding: Err(finding),
            edges,
        };
    }
    let inner = (0..puzzle.pieces().len())
        .find(|&p| frame.kind(p) == Kind::Inner)
        .expect("a 3x3 frame has an inner piece");
    let shows = |pictures: &mut dyn Iterator<Item = Picture>| -> String {
        pictures.map(|x| puzzle.picture_label(x)).collect::<Vec<_>>().join(" ")
    };
    let ring = circuits[0];
    let borders: Vec<usize> = (0..4).map(|j| ring[2 * j + 1]).collect();
    let fulls = shows(&mut borders.iter().filter_map(|&b| sides_of(puzzle, frame, b).full));
    let wanted = shows(&mut (0..4).map(|k| puzzle.pieces()[inner].side(k).complement()));
    Check {
        condition: RING_AND_CORE,
        finding: Err(format!(
            "{} alternating ring order{}, but in none do the border pieces' inner sides read, clockwise, a turn of \
             the complements of inner piece {}'s sides ({wanted}); e.g. borders {} show {fulls}",
            circuits.len(),
            if circuits.len() == 1 { "" } else { "s" },
            label(inner),
            borders.iter().map(|&b| label(b)).collect::<Vec<_>>().join(" "),
        )),
        edges: kept_of(&mut borders.into_iter().chain([inner])),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_of_ring_orders_holds() {
        use crate::puzzle::generate::{PlantOptions, Recipe};
        use crate::theorem::frame::Frame;
        use crate::theorem::ring_core::ring_orders;
        let options = PlantOptions {
            repetition_free: true,
            identical: 0,
        };
        let drawn = Recipe {
            size: 3,
            patterns: 4,
            seed: 1,
            options,
        }
        .draw(0)
        .unwrap();
        // The subgraph the planted solution keeps.
        let h = crate::census::nxn::check::kept(&drawn.solution);
        let frame = Frame::new(9, &h).unwrap();
        let orders = ring_orders(&drawn.puzzle, &frame);
        assert!(!orders.is_empty());
        assert!(orders.iter().all(|o| o.arrangement(&h).is_solution(&drawn.puzzle)));
    }

    use super::*;
    use crate::census::nxn::check::{candidates, keeping, kept};
    use crate::census::pieces::piece_classes;
    use crate::recording::gluing::tests::planted;
    use crate::rng::Rng;
    use crate::theorem::frame;

    /// Random 3x3 puzzles whose pieces are drawn uniformly from the piece
    /// classes over `k` patterns (with repetitions): many solutions, many
    /// coincidences of pictures.
    fn uniform(k: usize, count: u64) -> impl Iterator<Item = Puzzle> {
        let classes = piece_classes(k, false);
        (0..count).map(move |i| {
            let mut rng = Rng::stream(42, i);
            Puzzle::new((0..9).map(|_| classes[rng.below(classes.len())]).collect()).expect("9 pieces")
        })
    }

    /// Subgraphs round the puzzle's first solution and the identity, and
    /// random frames.
    fn subgraphs(puzzle: &Puzzle, rng: &mut Rng) -> BTreeSet<BTreeSet<usize>> {
        let solver = crate::solve::Solver::new(puzzle, crate::solve::Order::Spiral, 0).expect("square");
        let mut seeds = vec![Arrangement::random(3, rng)];
        seeds.extend(solver.run(&crate::solve::Search::new(crate::solve::Goal::First)).kept);
        let mut out = candidates(puzzle, &seeds);
        out.extend((0..20).map(|_| kept(&Arrangement::random(3, rng))));
        out
    }

    /// The theorem for n = 3, judged by brute force: (H1) and (H6) hold
    /// exactly when some solution keeps H, and the ring orders are, one
    /// for one, the solutions keeping H modulo rotation.
    #[test]
    fn on_3x3_ring_and_core_is_the_brute_force_verdict() {
        let (mut kept_count, mut total, mut many) = (0, 0, 0);
        let puzzles = planted(3, 2, 3)
            .chain(planted(3, 3, 2))
            .chain(uniform(1, 4))
            .chain(uniform(2, 2));
        for (i, puzzle) in puzzles.enumerate() {
            let mut rng = Rng::stream(7, i as u64);
            for h in subgraphs(&puzzle, &mut rng) {
                let truth: BTreeSet<Arrangement> = keeping(&puzzle, &h).into_iter().collect();
                let verdict = frame::check(&puzzle, &h);
                assert!(verdict.exact);
                assert_eq!(verdict.passes(), !truth.is_empty(), "{puzzle}\n{h:?}\n{verdict:?}");
                if let Some(frame) = Frame::new(9, &h).filter(|_| verdict.checks[0].finding.is_ok()) {
                    let orders = ring_orders(&puzzle, &frame);
                    let built: BTreeSet<Arrangement> = orders.iter().map(|o| o.arrangement(&h).canonical()).collect();
                    assert_eq!(built.len(), orders.len(), "distinct orders are distinct solutions");
                    assert_eq!(built, truth, "{puzzle}\n{h:?}");
                    let h6 = verdict
                        .checks
                        .iter()
                        .find(|c| c.condition == RING_AND_CORE)
                        .expect("n = 3");
                    assert_eq!(h6.finding.is_ok(), !truth.is_empty());
                }
                kept_count += usize::from(!truth.is_empty());
                many += usize::from(truth.len() > 1);
                total += 1;
            }
        }
        assert!(
            kept_count > 30 && many > 0 && total > 1000,
            "{kept_count} {many} {total}"
        );
    }

    /// The two redundancy proofs of RESULTS, judged on generated
    /// subgraphs: on 3x3, (H2) and (H5) give (H3); (H2), (H3) and (H5) give
    /// (H4) when the inner piece shows four different pictures.
    #[test]
    fn on_3x3_h3_and_h4_follow_from_the_others_as_proved() {
        let (mut h3_cases, mut h4_cases) = (0, 0);
        for (i, puzzle) in uniform(1, 12).chain(uniform(2, 8)).chain(planted(3, 2, 3)).enumerate() {
            let mut rng = Rng::stream(8, i as u64);
            for h in subgraphs(&puzzle, &mut rng) {
                let v = frame::check(&puzzle, &h);
                let holds = |i: usize| v.checks[i].finding.is_ok();
                if !(holds(0) && holds(1) && holds(4)) {
                    continue;
                }
                assert!(holds(2), "(H3) must follow: {puzzle}\n{h:?}");
                h3_cases += 1;
                let frame = Frame::new(9, &h).expect("(H1)");
                let inner = (0..9).find(|&p| frame.kind(p) == Kind::Inner).expect("one inner piece");
                let sides: BTreeSet<Picture> = (0..4).map(|k| puzzle.pieces()[inner].side(k)).collect();
                if sides.len() == 4 {
                    assert!(holds(3), "(H4) must follow: {puzzle}\n{h:?}");
                    h4_cases += 1;
                }
            }
        }
        assert!(h3_cases > 50 && h4_cases > 10, "{h3_cases} {h4_cases}");
    }

    #[test]
    fn a_failure_names_the_stuck_piece_or_the_core() {
        let puzzle = planted(3, 3, 1).next().expect("one puzzle");
        let solution = crate::solve::Solver::new(&puzzle, crate::solve::Order::Spiral, 0)
            .expect("square")
            .run(&crate::solve::Search::new(crate::solve::Goal::First))
            .kept
            .pop()
            .expect("planted");
        let h = kept(&solution);
        let frame = Frame::new(9, &h).expect("a solution's frame");
        assert!(check(&puzzle, &h, &frame).finding.is_ok());
        // Random frames: each failure is one of the three forms, with the
        // kept edges of the pieces it names.
        let mut rng = Rng::stream(3, 3);
        let mut forms = [0; 3];
        for _ in 0..300 {
            let h = kept(&Arrangement::random(3, &mut rng));
            let frame = Frame::new(9, &h).expect("an arrangement's frame");
            let c = check(&puzzle, &h, &frame);
            if let Err(why) = &c.finding {
                let form = ["no ring: the end side", "no cyclic order", "alternating ring order"]
                    .iter()
                    .position(|f| why.contains(f))
                    .unwrap_or_else(|| panic!("{why}"));
                forms[form] += 1;
                assert!(!c.edges.is_empty() && c.edges.iter().all(|e| h.contains(e)));
            }
        }
        assert!(
            forms.iter().sum::<usize>() > 250 && forms[0] > 0 && forms[1] + forms[2] > 0,
            "{forms:?}"
        );
    }
}
