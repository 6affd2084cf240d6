//! Exact counting by a frontier (a transfer matrix), for puzzles whose
//! cards come in few kinds.
//!
//! Cells are filled in row-major order. After `t` cells the work keeps, for
//! every **state** — the pictures the unfilled cells must show towards the
//! filled ones (one per column, plus the left side of the next cell) and
//! how many cards of each kind are used — the number of ways to reach it,
//! each card kind `k` told apart by its turns only. The count of a full
//! board with exactly the puzzle's cards is then multiplied by `prod m_k!`
//! (identical cards told apart, as docs/format.md counts) and divided by
//! the four whole-board turns. On an even board the work stops at the
//! middle row: the bottom half turned half round is a top half of the same
//! cards, so the count is the sum, over the middle's states, of a top half
//! times its partner (meeting in the middle), and only half the cells are
//! ever filled.
//!
//! The states grow with the kinds of card, not with the solutions: Ant
//! Trails' 36 cards of 12 kinds have about 2.6e33 solutions and a few
//! hundred million states. Every card told apart (`m_k = 1`), the used
//! kinds are a subset and the states grow as `2^cells`: the backtracker is
//! the route there. Memory is held to a budget given before the work
//! starts, and the count stops with an error naming the states reached
//! when it would pass it.
//!
//! **Looks** (the distinct-looking solutions, [`crate::solve::looks`]) follow by
//! Burnside's lemma: every look grid is made by the same number `F` of
//! arrangements, so the look grids number `arrangements / F`. A look that
//! a whole-board turn keeps needs its cards paired (half turn) or in fours
//! (quarter turn), which the kinds' counts often rule out. On an even
//! board where only a half turn could keep one, a second fill counts the
//! top halves' look grids (each distinct side list once), and those whose
//! partner is themselves are the kept ones. A quarter turn, or the centre
//! of an odd board, leaves looks to the backtracker.
//!
//! Judged against the backtracker in the tests: every counted real puzzle,
//! the 2x2 census population and generated puzzles with identical cards,
//! self-matching pictures and every size from 2x2 to 5x5.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use num_bigint::BigUint;
use rayon::prelude::*;
use serde::Serialize;

use crate::context::Context;
use crate::puzzle::edge::{EdgePuzzle, GREY};
use crate::puzzle::grid::{symmetries, turned};
use crate::{Error, Picture, Puzzle, Result};

/// What a frontier count found. In JSON a count is a number up to 2^53
/// (where every reader reads a number exactly) and a decimal string above.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FrontierCount {
    /// Solutions modulo the whole-board turns: `arrangements / 4` (a
    /// rectangular edge-matching board: `/ 2`).
    #[serde(serialize_with = "exact")]
    pub solutions: BigUint,
    /// Solution arrangements (identical cards told apart, every turn).
    #[serde(serialize_with = "exact")]
    pub arrangements: BigUint,
    /// Distinct-looking solutions, unless a quarter turn (or an odd
    /// board's centre) could keep a look (see the module's notes).
    #[serde(serialize_with = "exact_or_null")]
    pub looks: Option<BigUint>,
    /// Kinds of card (cards equal up to a turn are one kind).
    pub kinds: usize,
    /// The most states held at once (on the dense route: the entries of
    /// its two largest tables, empty ones included).
    pub states: u64,
    /// 0 when counted in exact integers (hashed tables); otherwise the
    /// number of primes whose residues the dense route's count was rebuilt
    /// from.
    pub primes: usize,
}

impl FrontierCount {
    /// The count in a hobbyist's words, as [`crate::solve::looks::count_words`]
    /// says a count of Scramble Squares solutions, at any size.
    ///
    /// ```
    /// let puzzle: scramble::Puzzle = "1= 1= 2= 2=\n1= 1= 2= 2=\n1= 1= 2= 2=\n1= 1= 2= 2=".parse().unwrap();
    /// let counted = scramble::solve::frontier::count(&puzzle, 1 << 20, &scramble::Context::new()).unwrap().unwrap();
    /// assert_eq!(counted.words(), "96 solutions (384 counting the board's turns); looks not counted");
    /// let big = scramble::solve::frontier::FrontierCount { solutions: num_bigint::BigUint::from(10u32).pow(30), ..counted };
    /// assert!(big.words().starts_with("1000000000000000000000000000000 solutions (4000000000000000000000000000000 counting"));
    /// ```
    pub fn words(&self) -> String {
        crate::solve::looks::words(
            self.solutions.to_string(),
            (&self.solutions * 4u32).to_string(),
            self.looks.as_ref().map(ToString::to_string),
        )
    }
}

/// A count as JSON: a number up to 2^53, a decimal string above.
fn exact<S: serde::Serializer>(n: &BigUint, serializer: S) -> std::result::Result<S::Ok, S::Error> {
    match u64::try_from(n) {
        Ok(small) if small <= 1 << 53 => serializer.serialize_u64(small),
        _ => serializer.serialize_str(&n.to_string()),
    }
}

fn exact_or_null<S: serde::Serializer>(n: &Option<BigUint>, serializer: S) -> std::result::Result<S::Ok, S::Error> {
    match n {
        Some(n) => exact(n, serializer),
        None => serializer.serialize_none(),
    }
}

/// The bytes one state takes in the tables, counted against the budget:
/// a 24-byte entry and its control byte, in a table that grows by
/// doubling (up to half of it spare, and the old table beside the new one
/// while it grows).
const STATE_BYTES: u64 = 72;

/// Counts `puzzle`'s solutions by the frontier, holding at most `memory`
/// bytes of states. `Ok(None)` when the context's stop came first.
///
/// # Errors
/// [`Error::Unsupported`] when a state does not fit in 64 bits (too many
/// kinds of card or pictures for this counter), when the states would pass
/// `memory`, or when a count passes 2^128 ways on the way.
///
/// # Complexity
/// `O(cells * S * k)` time for `S` states in the largest layer and `k`
/// card turns fitting two given sides; `O(S)` memory.
///
/// ```
/// use scramble::solve::frontier;
/// let puzzle: scramble::Puzzle = "1= 1= 2= 2=\n1= 1= 2= 2=\n1= 1= 2= 2=\n1= 1= 2= 2=".parse().unwrap();
/// let counted = frontier::count(&puzzle, 1 << 20, &scramble::Context::new()).unwrap().unwrap();
/// assert_eq!(counted.kinds, 1);
/// // 16 turnings of the four cards fit, and 4! ways to lay them: 384
/// // arrangements, 96 solutions modulo the board's turns.
/// assert_eq!(counted.solutions.to_string(), "96");
/// // Four identical cards can show a look that a half turn keeps, so
/// // looks are left to the backtracker.
/// assert_eq!(counted.looks, None);
/// ```
pub fn count(puzzle: &Puzzle, memory: u64, context: &Context) -> Result<Option<FrontierCount>> {
    run(&Model::new(puzzle)?, 4, memory, context)
}

/// Counts the filled boards of a framed edge-matching puzzle by the
/// frontier, as [`count`] does: `arrangements` are the filled boards with
/// every piece told apart and every turn of a piece that a turn keeps
/// counted, as [`crate::puzzle::edge::EdgePuzzle::count`] counts them with every rotation;
/// `solutions` are these modulo the board's rotations (4 on a square, 2
/// on a rectangle); `looks` is `None`. The rim must carry grey, and grey
/// stands inside only where the pieces carry more grey sides than the rim
/// has (as the search's frame rules). Pinned pieces (hints) hold their
/// cell in their turn: the board is then filled whole (no meeting in the
/// middle, whose halves would need their own pins) and the boards count
/// alone (`solutions` equals `arrangements`), as the search counts them.
///
/// ```
/// use scramble::puzzle::edge::{EdgePuzzle, Hint};
/// use scramble::solve::frontier;
/// let corners = vec![[0, 1, 1, 0], [0, 0, 1, 1], [1, 0, 0, 1], [1, 1, 0, 0]];
/// // Piece 2 pinned top left, turned twice: the other three fill 3! ways.
/// let pinned = EdgePuzzle::new(2, 2, corners, vec![Hint { cell: 0, piece: 2, turn: 2 }]).unwrap();
/// let counted = frontier::count_framed(&pinned, 1 << 20, &scramble::Context::new()).unwrap().unwrap();
/// assert_eq!((counted.arrangements.to_string(), counted.solutions.to_string()), ("6".into(), "6".into()));
/// ```
///
/// ```
/// use scramble::puzzle::edge::EdgePuzzle;
/// use scramble::solve::frontier;
/// // A 2x2 frame of four copies of one corner piece (grey outside, colour
/// // 1 inside): each corner takes any copy, turned the one way that fits,
/// // so 4! = 24 boards, 6 modulo the board's four turns.
/// let corners = vec![[0, 1, 1, 0], [0, 0, 1, 1], [1, 0, 0, 1], [1, 1, 0, 0]];
/// let puzzle = EdgePuzzle::new(2, 2, corners, vec![]).unwrap();
/// let counted = frontier::count_framed(&puzzle, 1 << 20, &scramble::Context::new()).unwrap().unwrap();
/// assert_eq!((counted.arrangements.to_string(), counted.solutions.to_string()), ("24".into(), "6".into()));
/// assert_eq!(counted.kinds, 1);
/// ```
///
/// # Errors
/// As [`count`].
pub fn count_framed(puzzle: &EdgePuzzle, memory: u64, context: &Context) -> Result<Option<FrontierCount>> {
    run(&Model::framed(puzzle)?, puzzle.symmetries() as u32, memory, context)
}

/// The bytes the hashed tables may always take before the dense route is
/// tried.
const HASHED_FLOOR: u64 = 256 << 20;

/// The count of `model`, whose board has `symmetries` whole-board turns.
fn run(model: &Model, symmetries: u32, memory: u64, context: &Context) -> Result<Option<FrontierCount>> {
    run_with(model, symmetries, (memory, HASHED_FLOOR), context)
}

/// [`run`], the hashed tables going first: when the dense route
/// ([`dense`]) fits the budget, they are held to an eighth of its bytes
/// (or `floor`, if more), and past that the dense route counts.
fn run_with(
    model: &Model,
    symmetries: u32,
    (memory, floor): (u64, u64),
    context: &Context,
) -> Result<Option<FrontierCount>> {
    let (cells, half) = model.cells_to_fill();
    let kept = model.kept();
    let passes = if kept == Kept::HalfTurn { 2 } else { 1 };
    let plan = dense::Plan::new(model, cells, !half);
    let dense_bytes = plan.as_ref().map(|plan| plan.bytes);
    let plan = plan.filter(|plan| plan.bytes <= memory);
    let hashed_memory = plan
        .as_ref()
        .map_or(memory, |plan| memory.min((plan.bytes / 8).max(floor)));
    context.progress().start((passes * cells) as u64);
    match hashed(model, (cells, half, kept), hashed_memory, context) {
        Err(Over(_)) if plan.is_some() => {
            let plan = plan.expect("checked");
            let primes = dense::primes_for(model).len();
            context.progress().start((passes * cells * primes) as u64);
            Ok(
                by_dense(model, &plan, (cells, half, kept), context).map(|(arrangements, looks)| {
                    FrontierCount::new(model, symmetries, (arrangements, looks), (plan.entries, primes))
                }),
            )
        }
        Err(Over(Error::Unsupported(e))) => Err(Error::Unsupported(match dense_bytes {
            Some(bytes) => format!("{e}; its dense tables would take {} MiB", bytes.div_ceil(1 << 20)),
            None => e,
        })),
        Err(Over(e) | Other(e)) => Err(e),
        Ok(found) => Ok(found.map(|(arrangements, looks, states)| {
            FrontierCount::new(model, symmetries, (arrangements, looks), (states, 0))
        })),
    }
}

impl FrontierCount {
    fn new(
        model: &Model,
        symmetries: u32,
        (arrangements, looks): (BigUint, Option<BigUint>),
        (states, primes): (u64, usize),
    ) -> FrontierCount {
        FrontierCount {
            solutions: &arrangements / symmetries,
            arrangements,
            looks,
            kinds: model.kinds.len(),
            states,
            primes,
        }
    }
}

/// Why the hashed tables gave up: over their budget, or another error.
enum Failure {
    Over(Error),
    Other(Error),
}
use Failure::{Other, Over};

/// The arrangements and looks by the hashed tables, with the most states
/// held.
#[allow(clippy::type_complexity)]
fn hashed(
    model: &Model,
    (cells, half, kept): (usize, bool, Kept),
    memory: u64,
    context: &Context,
) -> std::result::Result<Option<(BigUint, Option<BigUint>, u64)>, Failure> {
    let mut work = Work {
        model,
        most: (memory / STATE_BYTES).max(1),
        states: 0,
        layers: Vec::new(),
        looks: false,
        over: false,
        context,
    };
    let failed = |work: &Work, e: Error| if work.over { Over(e) } else { Other(e) };
    let filled = context.install(|| work.fill(cells, !half)).map_err(Other)?;
    let Some(layer) = filled.map_err(|e| failed(&work, e))? else {
        return Ok(None);
    };
    let ways = if half {
        model.meet(&layer).map_err(Other)?
    } else {
        BigUint::from(
            layer[group_of(model.full, layer.len())]
                .get(&model.full)
                .map_or(0, |v| value(*v)),
        )
    };
    let arrangements = ways * model.factorials();
    let looks = match kept {
        Kept::Never => Some(model.look_classes(&arrangements, &BigUint::ZERO)),
        Kept::HalfTurn => {
            work.looks = true;
            work.layers.clear();
            let filled = context.install(|| work.fill(cells, false)).map_err(Other)?;
            let Some(layer) = filled.map_err(|e| failed(&work, e))? else {
                return Ok(None);
            };
            Some(model.look_classes(&arrangements, &model.self_partnered(&layer)))
        }
        Kept::Unknown => None,
    };
    Ok(Some((arrangements, looks, work.states)))
}

/// The arrangements and looks by the dense route; `None` when stopped.
fn by_dense(
    model: &Model,
    plan: &dense::Plan,
    (cells, half, kept): (usize, bool, Kept),
    context: &Context,
) -> Option<(BigUint, Option<BigUint>)> {
    let end = if half { dense::End::Meet } else { dense::End::Full };
    let ways = context
        .install(|| dense::count(model, plan, cells, !half, (end, false), context))
        .ok()??;
    let arrangements = ways * model.factorials();
    let looks = match kept {
        Kept::Never => Some(model.look_classes(&arrangements, &BigUint::ZERO)),
        Kept::HalfTurn => {
            let own = context
                .install(|| dense::count(model, plan, cells, false, (dense::End::SelfPartnered, true), context))
                .ok()??;
            Some(model.look_classes(&arrangements, &own))
        }
        Kept::Unknown => None,
    };
    Some((arrangements, looks))
}

/// A kind of card: how many copies, and its distinct turned side lists
/// (as picture indices) with how many of the four turns give each.
struct Kind {
    copies: u32,
    turns: Vec<([u8; 4], u8)>,
}

/// One way to fill a cell: the kind, the needs it leaves to its right and
/// below, and its weight (turns giving these sides).
#[derive(Clone, Copy)]
struct Move {
    kind: u8,
    right: u8,
    bottom: u8,
    weight: u8,
}

/// The puzzle as the counter sees it, and the layout of a state's key:
/// `n` column needs and the left need, `bits` each, then each kind's
/// used count in its own field.
struct Model {
    width: usize,
    height: usize,
    kinds: Vec<Kind>,
    /// The complement's index of every picture index.
    complement: Vec<u8>,
    /// The need that any side meets.
    free: u8,
    /// The need on the board's rim: `free` for Scramble Squares, the
    /// border colour for a framed puzzle.
    rim: u8,
    /// The rim's colour may not stand inside (grey only on the rim).
    rim_only: bool,
    bits: u32,
    /// Bit offset and width of each kind's used count.
    fields: Vec<(u32, u32)>,
    /// Moves by `top_need * (free + 1) + left_need`.
    moves: Vec<Vec<Move>>,
    /// The key of a full board: every need the rim's, every card used.
    full: u64,
    /// Pinned cells (row-major), each with the one move allowed there and
    /// the top and left sides it shows, and how many cards of each kind are
    /// pinned; empty without hints.
    pins: Vec<Option<(Move, u8, u8)>>,
    pinned: Vec<u32>,
}

impl Model {
    fn new(puzzle: &Puzzle) -> Result<Model> {
        let n = puzzle.square()?;
        let mut pictures: Vec<Picture> = puzzle.pictures().flat_map(|p| [p, p.complement()]).collect();
        pictures.sort_unstable();
        pictures.dedup();
        let index = |p: Picture| pictures.binary_search(&p).expect("listed") as u8;
        let complement = pictures.iter().map(|p| index(p.complement())).collect();
        let free = pictures.len() as u8;
        let kinds = kinds_of(
            puzzle
                .pieces()
                .iter()
                .map(|piece| piece.canonical().sides().map(&index)),
        );
        Model::build(puzzle.name(), (n, n), kinds, complement, (free, free, false))
    }

    /// A framed edge-matching puzzle: colours match themselves, the rim
    /// needs grey.
    fn framed(puzzle: &EdgePuzzle) -> Result<Model> {
        let colours = puzzle
            .pieces()
            .iter()
            .flatten()
            .max()
            .map_or(1, |&c| usize::from(c) + 1);
        let free = u8::try_from(colours).map_err(|_| Error::Unsupported("over 255 colours".into()))?;
        let kinds = kinds_of(puzzle.pieces().iter().map(least_turn));
        // A quarter turn of the whole board turns every piece alike, so the
        // turned board (width and height swapped) has as many filled boards:
        // fill the one whose height is even (meeting in the middle), then
        // the narrower (fewer needs on the frontier).
        let (w, h) = (puzzle.width(), puzzle.height());
        // Pinned cells keep the board as given (the whole board is filled).
        let size = [(w, h), (h, w)]
            .into_iter()
            .filter(|&size| puzzle.hints().is_empty() || size == (w, h))
            .min_by_key(|&(w, h)| (h % 2, w))
            .expect("one");
        let mut model = Model::build(
            puzzle.name(),
            size,
            kinds,
            (0..free).collect(),
            (free, GREY, puzzle.grey_only_on_rim()),
        )?;
        model.pin(puzzle);
        Ok(model)
    }

    /// Holds each hint's cell to its piece in its turn: the one move
    /// allowed there, of weight 1 (that turn alone).
    fn pin(&mut self, puzzle: &EdgePuzzle) {
        if puzzle.hints().is_empty() {
            return;
        }
        self.pins = vec![None; self.width * self.height];
        self.pinned = vec![0; self.kinds.len()];
        for hint in puzzle.hints() {
            let piece = puzzle.pieces()[hint.piece];
            // A kind's first turn is its least (`kinds_of`).
            let least = least_turn(&piece);
            let kind = self
                .kinds
                .iter()
                .position(|k| k.turns[0].0 == least)
                .expect("every piece has a kind");
            let [top, right, bottom, left] = turned(piece, usize::from(hint.turn));
            let only = Move {
                kind: kind as u8,
                right: self.complement[usize::from(right)],
                bottom: self.complement[usize::from(bottom)],
                weight: 1,
            };
            self.pins[hint.cell] = Some((only, top, left));
            self.pinned[kind] += 1;
        }
    }

    /// The model of a `(width, height)` board of `kinds` over pictures with
    /// `complement`, its needs `(free, rim, rim_only)`.
    fn build(
        name: &str,
        (width, height): (usize, usize),
        kinds: Vec<Kind>,
        complement: Vec<u8>,
        (free, rim, rim_only): (u8, u8, bool),
    ) -> Result<Model> {
        let bits = u32::BITS - u32::from(free).leading_zeros();
        let mut fields = Vec::with_capacity(kinds.len());
        let mut offset = bits * (width as u32 + 1);
        for kind in &kinds {
            let width = u32::BITS - kind.copies.leading_zeros();
            fields.push((offset, width));
            offset += width;
        }
        if offset > 64 {
            return Err(Error::Unsupported(format!(
                "{name}: {} kinds of card over {free} pictures (colours) need a {offset}-bit state; the frontier counter keeps 64 (count it by search)",
                kinds.len(),
            )));
        }
        let mut model = Model {
            width,
            height,
            kinds,
            complement,
            free,
            rim,
            rim_only,
            bits,
            fields,
            moves: Vec::new(),
            full: 0,
            pins: Vec::new(),
            pinned: Vec::new(),
        };
        model.moves = model.all_moves();
        model.full = model.frontier_start() | model.used_key(|k| model.kinds[k].copies);
        Ok(model)
    }

    /// The cells a count fills, and whether they are the top half (an
    /// even board meets in the middle) rather than the whole board.
    fn cells_to_fill(&self) -> (usize, bool) {
        let half = self.height.is_multiple_of(2) && self.height > 0 && self.pins.is_empty();
        let cells = self.width * self.height;
        (if half { cells / 2 } else { cells }, half)
    }

    /// The moves for every pair of needs (top, left).
    fn all_moves(&self) -> Vec<Vec<Move>> {
        let radix = usize::from(self.free) + 1;
        let meets = |need: u8, side: u8| need == self.free || need == side;
        (0..radix * radix)
            .map(|code| {
                let (top, left) = ((code / radix) as u8, (code % radix) as u8);
                let mut moves = Vec::new();
                for (k, kind) in self.kinds.iter().enumerate() {
                    for &([t, r, b, l], weight) in &kind.turns {
                        if meets(top, t) && meets(left, l) {
                            let (right, bottom) = (self.complement[usize::from(r)], self.complement[usize::from(b)]);
                            moves.push(Move {
                                kind: k as u8,
                                right,
                                bottom,
                                weight,
                            });
                        }
                    }
                }
                moves
            })
            .collect()
    }

    /// The frontier part of a key with every need the rim's.
    fn frontier_start(&self) -> u64 {
        (0..=self.width).fold(0, |key, c| key | u64::from(self.rim) << (c as u32 * self.bits))
    }

    /// The need a side leaves across its boundary (`need`: what the cell
    /// beyond must show), or `None` when the side breaks the frame: on the
    /// rim it must carry the rim's colour, and leaves the rim's need to the
    /// next row or board; inside it may not when that colour is the rim's
    /// alone.
    fn across(&self, need: u8, on_rim: bool) -> Option<u8> {
        let side = self.complement[usize::from(need)];
        if on_rim {
            (self.rim == self.free || side == self.rim).then_some(self.rim)
        } else {
            (!self.rim_only || side != self.rim).then_some(need)
        }
    }

    /// The used part of a key with `used(k)` cards of kind `k`.
    fn used_key(&self, used: impl Fn(usize) -> u32) -> u64 {
        self.fields
            .iter()
            .enumerate()
            .fold(0, |key, (k, &(offset, _))| key | u64::from(used(k)) << offset)
    }

    fn need(&self, key: u64, slot: usize) -> u8 {
        ((key >> (slot as u32 * self.bits)) & ((1 << self.bits) - 1)) as u8
    }

    fn with_need(&self, key: u64, slot: usize, need: u8) -> u64 {
        let shift = slot as u32 * self.bits;
        key & !(((1 << self.bits) - 1) << shift) | u64::from(need) << shift
    }

    /// How many cards of kind `k` the key has used.
    fn used(&self, key: u64, k: usize) -> u32 {
        let (offset, width) = self.fields[k];
        ((key >> offset) & ((1 << width) - 1)) as u32
    }

    /// Every state after `cell` (row-major) is filled from `key`, with its
    /// weight; on the `last_row` the sides below are the rim.
    fn successors(&self, key: u64, cell: usize, last_row: bool, mut each: impl FnMut(u64, u8)) {
        let (w, c) = (self.width, cell % self.width);
        let radix = usize::from(self.free) + 1;
        let (top, left) = (self.need(key, c), self.need(key, w));
        // A pinned cell takes its one move, when the needs meet its sides.
        let pinned = self.pins.get(cell).copied().flatten();
        let meets = |need: u8, side: u8| need == self.free || need == side;
        let only = pinned
            .filter(|&(_, t, l)| meets(top, t) && meets(left, l))
            .map(|(only, _, _)| only);
        let moves: &[Move] = match (pinned.is_some(), &only) {
            (false, _) => &self.moves[usize::from(top) * radix + usize::from(left)],
            (true, Some(only)) => std::slice::from_ref(only),
            (true, None) => &[],
        };
        for &m in moves {
            let k = usize::from(m.kind);
            if self.used(key, k) == self.kinds[k].copies {
                continue;
            }
            let (Some(bottom), Some(right)) = (self.across(m.bottom, last_row), self.across(m.right, c + 1 == w))
            else {
                continue;
            };
            let next = self.with_need(self.with_need(key, c, bottom), w, right) + (1 << self.fields[k].0);
            each(next, m.weight);
        }
    }

    /// The ways to fill the whole board from the states after the top half
    /// (`n / 2` rows): each top half times the top half that, turned half
    /// round, completes it with the other cards.
    fn meet(&self, layer: &Groups) -> Result<BigUint> {
        let mut total = Wide::default();
        for (&key, &ways) in layer.iter().flatten() {
            let partner = self.partner(key);
            if let Some(&other) = layer[group_of(partner, layer.len())].get(&partner) {
                total.add(value(ways), value(other))?;
            }
        }
        Ok(total.into())
    }

    /// The state of the top half that, turned half round, completes the top
    /// half at `key` (after `height / 2` rows): the other cards, and each
    /// column's need the complement of the need across the board.
    fn partner(&self, key: u64) -> u64 {
        let w = self.width;
        let all = self.used_key(|k| self.kinds[k].copies);
        let frontier_mask = (1u64 << (self.bits * (w as u32 + 1))) - 1;
        let mut partner = (all - (key & !frontier_mask)) | u64::from(self.rim) << (w as u32 * self.bits);
        for c in 0..w {
            let need = self.complement[usize::from(self.need(key, w - 1 - c))];
            partner = self.with_need(partner, c, need);
        }
        partner
    }

    /// The look grids a half turn keeps, from the top halves' look grids:
    /// those whose partner is themselves.
    fn self_partnered(&self, layer: &Groups) -> BigUint {
        layer
            .iter()
            .flatten()
            .filter(|&(&key, _)| self.partner(key) == key)
            .map(|(_, &ways)| BigUint::from(value(ways)))
            .sum()
    }

    /// `prod m_k!`: the ways to tell identical cards apart; with pinned
    /// cards, `prod (m_k - p_k)!` (a pinned card is the one at its cell).
    fn factorials(&self) -> BigUint {
        self.kinds
            .iter()
            .enumerate()
            .flat_map(|(k, kind)| 1..=kind.copies - self.pinned.get(k).copied().unwrap_or(0))
            .fold(BigUint::from(1u32), |f, i| f * i)
    }

    /// Which whole-board turns could keep a look. A turn of order `k` puts
    /// the cells (but the centre of an odd board) in orbits of `k` that
    /// show one kind, so it needs every kind's count divisible by `k`,
    /// except, on an odd board, one kind (the centre's) that the turn keeps.
    fn kept(&self) -> Kept {
        let odd: Vec<&Kind> = self.kinds.iter().filter(|k| k.copies % 2 == 1).collect();
        if self.rim != self.free || self.width != self.height {
            // A framed board: looks are not counted.
            return Kept::Unknown;
        }
        match (self.width % 2 == 1, odd.as_slice()) {
            (false, []) if self.kinds.iter().all(|k| k.copies % 4 == 0) => Kept::Unknown,
            (false, []) => Kept::HalfTurn,
            (true, [kind]) if kind.turns.len() <= 2 => Kept::Unknown,
            _ => Kept::Never,
        }
    }

    /// Looks modulo the board's turns by Burnside's lemma, no quarter turn
    /// keeping a look: `(L + H) / 4` for `L` look grids and `H` of them kept
    /// by a half turn. Each look grid is made by `F = prod m_k! s_k^m_k`
    /// arrangements, `s_k` the turns that keep a card of kind `k`.
    fn look_classes(&self, arrangements: &BigUint, half_turn: &BigUint) -> BigUint {
        let per_look = self.kinds.iter().fold(self.factorials(), |f, kind| {
            f * BigUint::from(4 / kind.turns.len() as u32).pow(kind.copies)
        });
        debug_assert!(
            arrangements % &per_look == BigUint::ZERO,
            "every look grid has F arrangements"
        );
        (arrangements / per_look + half_turn) / 4u32
    }
}

/// Which whole-board turns could keep a look, by the kinds' counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kept {
    /// None: looks follow from the arrangements alone.
    Never,
    /// A half turn could (an even board, every count even, not all
    /// divisible by four): its look grids are counted by a second fill.
    HalfTurn,
    /// A quarter turn, or the centre of an odd board: looks are not counted.
    Unknown,
}

/// The least of a piece's four turns: equal for pieces equal up to a turn.
fn least_turn(piece: &[u8; 4]) -> [u8; 4] {
    (0..4).map(|r| turned(*piece, r)).min().expect("four turns")
}

/// The kinds of cards given by their least turns (equal up to a turn: one
/// kind), in order of first appearance, each with its distinct turns.
fn kinds_of(least_turns: impl Iterator<Item = [u8; 4]>) -> Vec<Kind> {
    let mut seen: Vec<([u8; 4], u32)> = Vec::new();
    for least in least_turns {
        match seen.iter_mut().find(|(s, _)| *s == least) {
            Some((_, copies)) => *copies += 1,
            None => seen.push((least, 1)),
        }
    }
    seen.into_iter()
        .map(|(sides, copies)| {
            let keep = symmetries(sides) as u8;
            let distinct = 4 / usize::from(keep);
            let turns = (0..distinct).map(|r| (turned(sides, r), keep)).collect();
            Kind { copies, turns }
        })
        .collect()
}

/// States and their ways (a `u128` kept as two words, so an entry takes
/// 24 bytes).
type Layer = HashMap<u64, [u64; 2], BuildHasherDefault<Mix>>;

fn value(v: [u64; 2]) -> u128 {
    u128::from(v[0]) | u128::from(v[1]) << 64
}

fn words(v: u128) -> [u64; 2] {
    [v as u64, (v >> 64) as u64]
}

/// A state key's hash: the keys are packed small fields, so their bits are
/// mixed (splitmix64's finaliser) before the table takes its low bits.
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// A 256-bit sum of 128-bit products (the meeting of two halves).
#[derive(Default)]
struct Wide {
    low: u128,
    high: u128,
}

impl Wide {
    fn add(&mut self, a: u128, b: u128) -> Result<()> {
        let (a1, a0) = (a >> 64, a & u128::from(u64::MAX));
        let (b1, b0) = (b >> 64, b & u128::from(u64::MAX));
        let (low, mid1, mid2, high) = (a0 * b0, a1 * b0, a0 * b1, a1 * b1);
        let (mid, carry_mid) = mid1.overflowing_add(mid2);
        let (low, carry_low) = low.overflowing_add(mid << 64);
        let high = high + (mid >> 64) + (u128::from(carry_mid) << 64) + u128::from(carry_low);
        let (sum, carry) = self.low.overflowing_add(low);
        self.low = sum;
        self.high = self
            .high
            .checked_add(high)
            .and_then(|h| h.checked_add(u128::from(carry)))
            .ok_or_else(|| Error::Unsupported("the count passes 2^256 ways".into()))?;
        Ok(())
    }
}

impl From<Wide> for BigUint {
    fn from(w: Wide) -> BigUint {
        (BigUint::from(w.high) << 128) + BigUint::from(w.low)
    }
}

/// One run of the fill: the model, the state budget and what was held.
struct Work<'a, 'c> {
    model: &'a Model,
    most: u64,
    states: u64,
    /// The states after each cell filled so far.
    layers: Vec<u64>,
    /// Count look grids (each distinct side list of a kind once) rather
    /// than arrangements (each turn).
    looks: bool,
    /// The last fill stopped over its budget.
    over: bool,
    context: &'a Context<'c>,
}

/// The table of states, split into one group per thread by the key's hash:
/// a thread builds its group of the next cell's states from every state of
/// this one, so no two threads write to one table.
type Groups = Vec<Layer>;

/// The group that holds `key` among `groups`.
fn group_of(key: u64, groups: usize) -> usize {
    let mut mix = Mix::default();
    mix.write_u64(key);
    (mix.finish() >> 32) as usize % groups
}

/// Where one thread's next group stands: built, stopped, or past a limit.
enum Built {
    Done(Layer),
    Stopped,
    Failed(Error),
    /// The states held would pass the budget.
    Over,
}

impl Work<'_, '_> {
    /// The states after the first `cells` cells; `full` when these are
    /// every cell (the last row frees its needs). `None` when stopped.
    fn fill(&mut self, cells: usize, full: bool) -> Result<Option<Groups>> {
        let model = self.model;
        let threads = self.context.threads().max(1);
        let mut layer: Groups = (0..threads).map(|_| Layer::default()).collect();
        let start = model.frontier_start();
        layer[group_of(start, threads)].insert(start, words(1));
        for cell in 0..cells {
            let last_row = full && cell >= cells - model.width;
            let built: Vec<Built> = (0..threads)
                .into_par_iter()
                .map(|group| self.group(&layer, group, cell, last_row))
                .collect();
            let mut next = Groups::with_capacity(threads);
            for b in built {
                match b {
                    Built::Done(table) => next.push(table),
                    Built::Stopped => return Ok(None),
                    Built::Failed(e) => return Err(e),
                    Built::Over => {
                        self.over = true;
                        return Err(self.refusal(cell + 1, cells));
                    }
                }
            }
            let held = |g: &Groups| g.iter().map(|t| t.len() as u64).sum::<u64>();
            self.states = self.states.max(held(&layer) + held(&next));
            self.layers.push(held(&next));
            layer = next;
            self.context.progress().advance(1);
        }
        Ok(Some(layer))
    }

    /// The refusal of a fill that would pass its budget at `cell` of `cells`,
    /// with the states after each cell before it (how fast they grew).
    fn refusal(&self, cell: usize, cells: usize) -> Error {
        let grew: Vec<String> = self.layers.iter().map(u64::to_string).collect();
        Error::Unsupported(format!(
            "the frontier count would hold more than {} states (its memory budget) at cell {cell} of {cells}; the states after each cell before it: {}",
            self.most,
            grew.join(", ")
        ))
    }

    /// Group `group` of the states after `cell`, from every state before it.
    fn group(&self, layer: &Groups, group: usize, cell: usize, last_row: bool) -> Built {
        let (model, groups) = (self.model, layer.len());
        // The budget holds this cell's states and the next cell's together.
        let held: u64 = layer.iter().map(|t| t.len() as u64).sum();
        let most = self.most.saturating_sub(held) / groups as u64 + 1;
        let mut next = Layer::default();
        let mut failed = false;
        for (i, (&key, &ways)) in layer.iter().flatten().enumerate() {
            if i % 4096 == 0 && self.context.stop().reached() {
                return Built::Stopped;
            }
            let ways = value(ways);
            model.successors(key, cell, last_row, |to, weight| {
                let weight = if self.looks { 1 } else { weight };
                if group_of(to, groups) != group {
                    return;
                }
                let slot = next.entry(to).or_insert([0, 0]);
                match ways
                    .checked_mul(u128::from(weight))
                    .and_then(|w| w.checked_add(value(*slot)))
                {
                    Some(sum) => *slot = words(sum),
                    None => failed = true,
                }
            });
            if failed {
                return Built::Failed(Error::Unsupported("a state's count passes 2^128 ways".into()));
            }
            if next.len() as u64 > most {
                return Built::Over;
            }
        }
        Built::Done(next)
    }
}

mod dense;
#[cfg(test)]
mod tests;
