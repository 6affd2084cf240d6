//! The frontier's dense route: every state of a cell in one flat table of
//! residues, for counts whose hashed tables would not fit.
//!
//! A state is a frontier (one need per slot) and a used-card vector. After
//! `k` cells the used vectors are exactly those with `k` cards and at most
//! `m_t` of kind `t`, so they can be numbered `0..V(k)`; each slot's needs
//! are the few values its cell can leave, so the frontiers can be numbered
//! by mixed radix. The table of cell `k` is then `V(k)` blocks of one entry
//! per frontier, and its size is known before any work, exactly. An entry
//! is the count modulo a prime below 2^31 (4 bytes, against the hashed
//! table's 72), each cell's entries are pulled from the cell before (no two
//! threads write one entry), and the count is rebuilt from its residues by
//! Chinese remaindering over as many primes as the count's bound
//! (`cells! / prod m_t! * 4^cells`) needs.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

use num_bigint::BigUint;
use rayon::prelude::*;

use super::Model;
use crate::context::Context;

/// The needs one slot can hold after a cell, as a sorted list.
type Domain = Vec<u8>;

/// How the frontiers of one cell are numbered: each slot's domain and the
/// stride of its digit.
#[derive(Clone, Debug, PartialEq)]
struct Layout {
    domains: Vec<Domain>,
    strides: Vec<usize>,
    size: usize,
}

impl Layout {
    fn new(domains: Vec<Domain>) -> Layout {
        let mut strides = Vec::with_capacity(domains.len());
        let mut size = 1usize;
        for d in &domains {
            strides.push(size);
            size = size.saturating_mul(d.len());
        }
        // Frontier numbers are kept in 32 bits.
        let size = if size > u32::MAX as usize { usize::MAX } else { size };
        Layout { domains, strides, size }
    }

    /// The digit of `need` in `slot`, if the slot can hold it.
    fn digit(&self, slot: usize, need: u8) -> Option<usize> {
        self.domains[slot].binary_search(&need).ok()
    }

    /// The needs of frontier number `index`.
    fn needs(&self, mut index: usize) -> Vec<u8> {
        self.domains
            .iter()
            .map(|d| {
                let need = d[index % d.len()];
                index /= d.len();
                need
            })
            .collect()
    }

    /// The number of the frontier with `needs`, if every slot can hold its.
    fn index(&self, needs: &[u8]) -> Option<usize> {
        needs.iter().enumerate().try_fold(0, |at, (slot, &need)| {
            Some(at + self.digit(slot, need)? * self.strides[slot])
        })
    }
}

/// The used-card vectors of `k` cards, numbered, each kind's count in 4 bits.
struct Used {
    vectors: Vec<u64>,
    rank: HashMap<u64, u32>,
}

impl Used {
    fn new(caps: &[u32], cards: u32) -> Used {
        let mut vectors = Vec::new();
        fill(caps, cards, 0, 0, &mut vectors);
        let rank = vectors.iter().enumerate().map(|(i, &v)| (v, i as u32)).collect();
        Used { vectors, rank }
    }
}

/// Every vector below `caps` from kind `t` on, summing to `left`, onto `out`.
fn fill(caps: &[u32], left: u32, t: usize, prefix: u64, out: &mut Vec<u64>) {
    if t == caps.len() {
        if left == 0 {
            out.push(prefix);
        }
        return;
    }
    let rest: u32 = caps[t + 1..].iter().sum();
    for n in left.saturating_sub(rest)..=caps[t].min(left) {
        fill(caps, left - n, t + 1, prefix | u64::from(n) << (4 * t), out);
    }
}

/// The number of used vectors of each size: the coefficients of
/// `prod (1 + x + ... + x^m_t)`, saturating.
fn vector_counts(caps: &[u32]) -> Vec<u64> {
    caps.iter().fold(vec![1u64], |acc, &m| {
        let mut next = vec![0u64; acc.len() + m as usize];
        for (i, &a) in acc.iter().enumerate() {
            for slot in &mut next[i..=i + m as usize] {
                *slot = slot.saturating_add(a);
            }
        }
        next
    })
}

/// The dense route's plan for a model: each cell's layout and the bytes
/// its two largest neighbouring tables take.
pub(super) struct Plan {
    layouts: Vec<Layout>,
    counts: Vec<u64>,
    /// The bytes of the largest pair of tables held at once.
    pub(super) bytes: u64,
    /// The entries of that pair.
    pub(super) entries: u64,
}

/// The most kinds and copies of one kind the dense route numbers.
const MOST_KINDS: usize = 16;
const MOST_COPIES: u32 = 15;

impl Plan {
    /// The plan for filling `cells` cells of `model`, `full` when these are
    /// every cell; `None` when the kinds are too many to number.
    pub(super) fn new(model: &Model, cells: usize, full: bool) -> Option<Plan> {
        let caps = model.caps();
        // Pinned cells are the hashed tables' alone.
        if !model.pins.is_empty() || caps.len() > MOST_KINDS || caps.iter().any(|&m| m > MOST_COPIES) {
            return None;
        }
        let counts = vector_counts(&caps);
        let mut layouts = vec![Layout::new(model.start_domains())];
        for cell in 0..cells {
            let last_row = full && cell >= cells - model.width;
            let next = model.next_domains(&layouts[cell], cell, last_row);
            layouts.push(Layout::new(next));
        }
        if layouts.iter().any(|l| l.size == usize::MAX) {
            return None;
        }
        let entries_at = |k: usize| (layouts[k].size as u64).saturating_mul(*counts.get(k).unwrap_or(&0));
        let entries = (0..cells)
            .map(|k| entries_at(k).saturating_add(entries_at(k + 1)))
            .max()
            .unwrap_or(1);
        Some(Plan {
            layouts,
            counts,
            bytes: entries.saturating_mul(4),
            entries,
        })
    }
}

/// One cell's step, pulled: for each kind, per (bottom, right) digits of
/// the new cell, the offsets in the old frontier of the (top, left) needs
/// that lead there, with their weights.
struct Step {
    /// Per new frontier: the old frontier's number without the two
    /// changed slots, and the key of its (bottom, right) digits.
    rest: Vec<(u32, u32)>,
    /// `pulls[kind][key]`: (offset, weight).
    pulls: Vec<Vec<Vec<(u32, u8)>>>,
}

impl Model {
    /// Each kind's number of copies.
    fn caps(&self) -> Vec<u32> {
        self.kinds.iter().map(|k| k.copies).collect()
    }

    /// The domains before any cell: every slot holds the rim's need.
    fn start_domains(&self) -> Vec<Domain> {
        vec![vec![self.rim]; self.width + 1]
    }

    /// Every (kind, weight, top, left, bottom, right) move from the needs
    /// `layout` allows at `cell`.
    fn moves_at(&self, layout: &Layout, cell: usize, last_row: bool) -> Vec<(usize, u8, u8, u8, u8, u8)> {
        let (w, c) = (self.width, cell % self.width);
        let radix = usize::from(self.free) + 1;
        let mut out = Vec::new();
        for &top in &layout.domains[c] {
            for &left in &layout.domains[w] {
                for m in &self.moves[usize::from(top) * radix + usize::from(left)] {
                    let (Some(bottom), Some(right)) =
                        (self.across(m.bottom, last_row), self.across(m.right, c + 1 == w))
                    else {
                        continue;
                    };
                    out.push((usize::from(m.kind), m.weight, top, left, bottom, right));
                }
            }
        }
        out
    }

    /// The domains after `cell` is filled from `layout`.
    fn next_domains(&self, layout: &Layout, cell: usize, last_row: bool) -> Vec<Domain> {
        let (w, c) = (self.width, cell % self.width);
        let mut next = layout.domains.clone();
        next[c].clear();
        next[w].clear();
        for (.., bottom, right) in self.moves_at(layout, cell, last_row) {
            next[c].push(bottom);
            next[w].push(right);
        }
        for slot in [c, w] {
            next[slot].sort_unstable();
            next[slot].dedup();
        }
        next
    }

    /// The pulled step from `old` to `new` at `cell`.
    fn step(&self, old: &Layout, new: &Layout, cell: usize, last_row: bool, looks: bool) -> Step {
        let (w, c) = (self.width, cell % self.width);
        let right_digits = new.domains[w].len();
        let mut pulls = vec![vec![Vec::new(); new.domains[c].len() * right_digits]; self.kinds.len()];
        for (kind, weight, top, left, bottom, right) in self.moves_at(old, cell, last_row) {
            let key = new.digit(c, bottom).expect("in the domain") * right_digits
                + new.digit(w, right).expect("in the domain");
            let offset = old.digit(c, top).expect("listed") * old.strides[c]
                + old.digit(w, left).expect("listed") * old.strides[w];
            pulls[kind][key].push((offset as u32, if looks { 1 } else { weight }));
        }
        let rest = (0..new.size)
            .map(|index| {
                let needs = new.needs(index);
                let mut at = 0;
                for (slot, &need) in needs.iter().enumerate() {
                    if slot != c && slot != w {
                        at += old.digit(slot, need).expect("unchanged slot") * old.strides[slot];
                    }
                }
                let key = new.digit(c, needs[c]).expect("own") * right_digits + new.digit(w, needs[w]).expect("own");
                (at as u32, key as u32)
            })
            .collect();
        Step { rest, pulls }
    }
}

/// A table: `V(k)` blocks of one residue per frontier.
struct Table {
    layout: Layout,
    used: Used,
    residues: Vec<u32>,
}

/// The primes below 2^31, from the largest down.
fn primes() -> impl Iterator<Item = u64> {
    let is_prime = |n: u64| {
        n % 2 == 1
            && (3..)
                .step_by(2)
                .take_while(|d| d * d <= n)
                .all(|d| !n.is_multiple_of(d))
    };
    (0..(1u64 << 31)).rev().filter(move |&n| is_prime(n))
}

/// `cells! / prod m_t! * 4^cells`: no count of the model passes it.
fn bound(model: &Model, cells: usize) -> BigUint {
    let fact = |n: u32| (1..=n).fold(BigUint::from(1u32), |f, i| f * i);
    let orders = model.kinds.iter().fold(BigUint::from(1u32), |f, k| f * fact(k.copies));
    fact(cells as u32) / orders * BigUint::from(4u32).pow(cells as u32)
}

/// The primes whose product passes every count of `model`'s board.
pub(super) fn primes_for(model: &Model) -> Vec<u64> {
    let limit = bound(model, model.width * model.height);
    let mut product = BigUint::from(1u32);
    primes()
        .take_while(|&p| {
            let more = product <= limit;
            product *= p;
            more
        })
        .collect()
}

/// What the dense route counts at the end of its fill.
#[derive(Clone, Copy)]
pub(super) enum End {
    /// The single full state of a board filled whole.
    Full,
    /// Top halves times their partners (meeting in the middle).
    Meet,
    /// Top halves that are their own partner.
    SelfPartnered,
}

/// The count of `model` by the dense route: `cells` cells filled (`full`:
/// every cell), ended as `end`; `looks` counts each distinct turn once.
/// `None` when the context's stop came first.
pub(super) fn count(
    model: &Model,
    plan: &Plan,
    cells: usize,
    full: bool,
    (end, looks): (End, bool),
    context: &Context,
) -> Option<BigUint> {
    let mut modulus = BigUint::from(1u32);
    let mut value = BigUint::ZERO;
    for p in primes_for(model) {
        let residue = residue(model, plan, cells, full, (end, looks), p, context)?;
        // Garner: value + modulus * t == residue (mod p).
        let now = (&value % p).to_u64_digits().first().copied().unwrap_or(0);
        let inverse = BigUint::from(
            (&modulus % p)
                .modpow(&BigUint::from(p - 2), &BigUint::from(p))
                .to_u64_digits()
                .first()
                .copied()
                .unwrap_or(0),
        );
        let t = (BigUint::from((residue + p - now) % p) * inverse) % p;
        value += &modulus * t;
        modulus *= p;
    }
    Some(value)
}

/// The count modulo `p`.
fn residue(
    model: &Model,
    plan: &Plan,
    cells: usize,
    full: bool,
    (end, looks): (End, bool),
    p: u64,
    context: &Context,
) -> Option<u64> {
    let caps = model.caps();
    let mut table = Table {
        layout: plan.layouts[0].clone(),
        used: Used::new(&caps, 0),
        residues: vec![1],
    };
    for cell in 0..cells {
        let last_row = full && cell >= cells - model.width;
        table = advance(
            model,
            &table,
            &plan.layouts[cell + 1],
            (cell, last_row, looks),
            p,
            context,
        )?;
        context.progress().advance(1);
    }
    debug_assert_eq!(
        table.residues.len() as u64,
        plan.layouts[cells].size as u64 * plan.counts[cells]
    );
    Some(match end {
        End::Full => table.residues.first().map_or(0, |&r| u64::from(r)),
        End::Meet | End::SelfPartnered => meet(model, &table, matches!(end, End::SelfPartnered), p),
    })
}

/// The table after `cell` from the table before it.
fn advance(
    model: &Model,
    old: &Table,
    layout: &Layout,
    (cell, last_row, looks): (usize, bool, bool),
    p: u64,
    context: &Context,
) -> Option<Table> {
    let caps = model.caps();
    let used = Used::new(&caps, cell as u32 + 1);
    let step = model.step(&old.layout, layout, cell, last_row, looks);
    let (size, old_size) = (layout.size, old.layout.size);
    let stopped = AtomicBool::new(false);
    let mut residues = vec![0u32; used.vectors.len() * size];
    residues.par_chunks_mut(size.max(1)).enumerate().for_each_init(
        || vec![0u64; size],
        |sums, (r, block)| {
            if r % 256 == 0 && context.stop().reached() {
                stopped.store(true, Ordering::Relaxed);
            }
            if stopped.load(Ordering::Relaxed) {
                return;
            }
            sums.fill(0);
            let vector = used.vectors[r];
            for (kind, pulls) in step.pulls.iter().enumerate() {
                if (vector >> (4 * kind)) & 15 == 0 {
                    continue;
                }
                let before = old.used.rank[&(vector - (1 << (4 * kind)))] as usize;
                let source = &old.residues[before * old_size..(before + 1) * old_size];
                for (sum, &(rest, key)) in sums.iter_mut().zip(&step.rest) {
                    for &(offset, weight) in &pulls[key as usize] {
                        *sum += u64::from(weight) * u64::from(source[(rest + offset) as usize]);
                    }
                }
            }
            for (out, &sum) in block.iter_mut().zip(sums.iter()) {
                *out = (sum % p) as u32;
            }
        },
    );
    if stopped.into_inner() {
        return None;
    }
    Some(Table {
        layout: layout.clone(),
        used,
        residues,
    })
}

/// The meeting of the top halves: each state times its partner (the top
/// half that, turned half round, completes it), or only the states that
/// are their own partner.
fn meet(model: &Model, table: &Table, own: bool, p: u64) -> u64 {
    let (w, size) = (model.width, table.layout.size);
    let all: u64 = model
        .kinds
        .iter()
        .enumerate()
        .map(|(t, k)| u64::from(k.copies) << (4 * t))
        .sum();
    let partners: Vec<Option<usize>> = (0..size)
        .map(|index| {
            let needs = table.layout.needs(index);
            let mut other: Vec<u8> = (0..w)
                .map(|c| model.complement[usize::from(needs[w - 1 - c])])
                .collect();
            other.push(model.rim);
            table.layout.index(&other)
        })
        .collect();
    let mut total = 0u64;
    for (r, &vector) in table.used.vectors.iter().enumerate() {
        let Some(&partner) = table.used.rank.get(&(all - vector)) else {
            continue;
        };
        let partner = partner as usize;
        for (f, &other) in partners.iter().enumerate() {
            let Some(other) = other else { continue };
            let here = u64::from(table.residues[r * size + f]);
            if own {
                if (partner, other) == (r, f) {
                    total = (total + here) % p;
                }
            } else {
                total = (total + here * u64::from(table.residues[partner * size + other])) % p;
            }
        }
    }
    total
}
