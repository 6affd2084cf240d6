//! Dense pictures and candidate tables, built once per puzzle.
//!
//! Pictures are numbered densely so that the complement of a signed
//! picture `p` is `p ^ 1`; a self-matching picture (`X=`) is its own
//! complement, so puzzles with one read complements from [`Complements`]. A candidate is a (piece, rotation) with its four turned sides
//! packed in a `u32` (byte `d` is the picture at direction `d`). For every
//! set of placed neighbours a cell can have (a 4-bit mask), a table lists the
//! candidates bucketed by the pictures the first two placed neighbours show
//! (bucket `a << key_bits | b`, a power-of-two stride of at least `P` for
//! `P` pictures, so a shift rather than a multiply; a candidate's side there
//! is the complement, `shown ^ 1`); any further neighbour is checked with
//! one masked compare. Building is `O(tables * (P^2 + 4N))`.

use crate::puzzle::grid::unturned_side;
use crate::{Error, Picture, Puzzle, Result};

/// The largest grid: used pieces and filled cells are `u64` bitsets.
pub(crate) const MAX_PIECES: usize = 64;
/// Pictures are bytes.
const MAX_PICTURES: usize = 256;

/// A piece with a rotation, its turned sides packed one byte per direction.
/// Eight bytes without padding, aligned: it is copied as one word.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(align(8))]
pub(super) struct Candidate {
    pub sides: u32,
    pub piece: u16,
    pub rotation: u16,
}

/// Flips the last bit of every byte: required pictures to shown ones and back.
pub(super) const COMPLEMENTS: u32 = 0x0101_0101;

/// The complement of every dense picture: `p ^ 1`, except that a
/// self-matching picture is its own. Puzzles without one keep the one-XOR
/// path ([`COMPLEMENTS`]); the others look each byte up.
#[derive(Clone, Debug)]
pub(super) struct Complements {
    table: [u8; MAX_PICTURES],
    signed: bool,
}

impl Complements {
    /// `p ^ 1` for every `p`, unless `self_matching[p / 2]`.
    pub(crate) fn new(self_matching: &[bool]) -> Self {
        let mut table: [u8; MAX_PICTURES] = std::array::from_fn(|p| (p ^ 1) as u8);
        for (p, &same) in Picture::dense_complements(self_matching).iter().enumerate() {
            table[p] = same as u8;
        }
        Complements {
            table,
            signed: !self_matching.contains(&true),
        }
    }

    /// The complement of one picture.
    #[inline(always)]
    pub(crate) fn of(&self, p: u8) -> u8 {
        self.table[usize::from(p)]
    }

    /// The complement of each of four packed pictures.
    #[inline(always)]
    pub(crate) fn packed(&self, sides: u32) -> u32 {
        if self.signed {
            return sides ^ COMPLEMENTS;
        }
        u32::from_le_bytes(sides.to_le_bytes().map(|p| self.of(p)))
    }

    /// Whether dense picture `p` matches itself.
    pub(crate) fn is_self_matching(&self, p: usize) -> bool {
        usize::from(self.table[p]) == p
    }
}

impl Default for Complements {
    fn default() -> Self {
        Complements::new(&[])
    }
}

impl Candidate {
    /// The picture at direction `d & 3`.
    #[inline(always)]
    pub(crate) fn side(self, d: u8) -> u8 {
        self.sides.to_le_bytes()[usize::from(d & 3)]
    }

    /// The piece and its rotation.
    #[inline(always)]
    pub(crate) fn placement(self) -> crate::Placement {
        crate::Placement {
            piece: usize::from(self.piece),
            rotation: usize::from(self.rotation),
        }
    }
}

/// How a table uses the placed neighbours of a mask: up to two key
/// directions, and a byte mask over the remaining ones.
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    pub key: [u32; 2],
    pub keys: u32,
    pub extra: u32,
}

/// The plan of every neighbour mask.
pub(super) const PLANS: [Plan; 16] = plans();

const fn plans() -> [Plan; 16] {
    let mut out = [Plan {
        key: [0; 2],
        keys: 0,
        extra: 0,
    }; 16];
    let mut mask = 0;
    while mask < 16 {
        let mut d = 0;
        while d < 4 {
            if mask & (1 << d) != 0 {
                let plan = &mut out[mask];
                if plan.keys < 2 {
                    plan.key[plan.keys as usize] = d;
                    plan.keys += 1;
                } else {
                    plan.extra |= 0xFF << (8 * d);
                }
            }
            d += 1;
        }
        mask += 1;
    }
    out
}

/// The puzzle with dense picture numbers.
#[derive(Clone, Debug)]
pub(super) struct Dense {
    /// `P`: twice the number of patterns.
    pub pictures: usize,
    /// Every piece's sides, unturned.
    pub sides: Vec<[u8; 4]>,
    /// How often each picture occurs (its index).
    pub occurrences: Vec<u32>,
    /// Each picture's complement.
    pub complements: Complements,
    /// The one rotation the centre of an odd grid takes, per piece: 0,
    /// or a twin's effective rotation 0 ([`super::twins`]).
    pub centre_rotation: Vec<u8>,
}

impl Dense {
    /// Numbers the puzzle's pictures; fails beyond 64 pieces or 128 patterns.
    pub(crate) fn new(puzzle: &Puzzle) -> Result<Self> {
        puzzle.square()?;
        let count = puzzle.pieces().len();
        let patterns = puzzle.patterns();
        if count > MAX_PIECES || 2 * patterns.len() > MAX_PICTURES {
            return Err(Error::Unsupported(format!(
                "the solver handles up to 8x8 grids and 128 patterns; {} has {count} pieces and {} patterns",
                puzzle.name(),
                patterns.len()
            )));
        }
        let id = |p: Picture| {
            let pattern = patterns.binary_search(&p.pattern()).expect("pattern of the puzzle");
            Picture::dense_number(pattern, p.sign()) as u8
        };
        let sides: Vec<[u8; 4]> = puzzle.pieces().iter().map(|piece| piece.sides().map(id)).collect();
        let pictures = 2 * patterns.len();
        let mut occurrences = vec![0; pictures];
        sides.iter().flatten().for_each(|&p| occurrences[usize::from(p)] += 1);
        let self_matching: Vec<bool> = patterns.iter().map(|&x| puzzle.is_self_matching(x)).collect();
        Ok(Dense {
            pictures,
            sides,
            occurrences,
            complements: Complements::new(&self_matching),
            centre_rotation: vec![0; count],
        })
    }

    /// Piece `piece` turned `rotation` times, packed.
    pub(crate) fn candidate(&self, piece: usize, rotation: usize) -> Candidate {
        let s = self.sides[piece];
        let sides = (0..4).fold(0u32, |acc, d| acc | u32::from(s[unturned_side(rotation, d)]) << (8 * d));
        Candidate {
            sides,
            piece: piece as u16,
            rotation: rotation as u16,
        }
    }
}

/// Which candidates a table holds and how they are ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Kind {
    /// Placed neighbours, bit `d` for direction `d`.
    pub mask: usize,
    /// Ordered by the first cell's ranks rather than the others'.
    pub first: bool,
    /// Only one rotation per piece (the centre cell of an odd grid):
    /// [`Dense::centre_rotation`].
    pub rotation_zero: bool,
}

/// Every table, concatenated: `offsets[base + key]..offsets[base + key + 1]`
/// are the candidates of bucket `key` of the table starting at `base`, and
/// `pieces[base + key]` has bit `i` set when piece `i` has a candidate there
/// (so `pieces & !used` tells in one popcount how many unused pieces fit).
#[derive(Clone, Debug, Default)]
pub(super) struct Tables {
    pub offsets: Vec<u32>,
    pub pieces: Vec<u64>,
    pub candidates: Vec<Candidate>,
    kinds: Vec<(Kind, u32)>,
}

impl Tables {
    /// The base of the table of `kind`, building it on first use.
    pub(crate) fn base(&mut self, dense: &Dense, ranks: (&[usize], &[usize]), kind: Kind) -> u32 {
        if let Some(&(_, base)) = self.kinds.iter().find(|(k, _)| *k == kind) {
            return base;
        }
        let base = self.offsets.len() as u32;
        self.build(dense, if kind.first { ranks.0 } else { ranks.1 }, kind);
        self.kinds.push((kind, base));
        base
    }

    /// Appends one table: a counting sort of the candidates by key, in rank
    /// order within each bucket.
    fn build(&mut self, dense: &Dense, ranks: &[usize], kind: Kind) {
        let plan = PLANS[kind.mask];
        let p = dense.pictures;
        let bits = key_bits(p);
        // With two keys, `a << bits | b` for `a, b < P`: buckets past `P`
        // in the low key stay empty (their bounds are equal).
        let buckets = if plan.keys == 2 { p << bits } else { p.pow(plan.keys) };
        let mut pieces: Vec<usize> = (0..ranks.len()).collect();
        pieces.sort_unstable_by_key(|&piece| ranks[piece]);
        let rotations = |piece: usize| {
            if kind.rotation_zero {
                let r = usize::from(dense.centre_rotation[piece]);
                r..r + 1
            } else {
                0..4
            }
        };
        let all: Vec<Candidate> = pieces
            .iter()
            .flat_map(|&piece| rotations(piece).map(move |r| (piece, r)))
            .map(|(piece, r)| dense.candidate(piece, r))
            .collect();
        let key = |c: &Candidate| key_of(plan, dense.complements.packed(c.sides), bits);
        let mut counts = vec![0u32; buckets + 1];
        all.iter().for_each(|c| counts[key(c) + 1] += 1);
        let start = self.candidates.len() as u32;
        let mut running = start;
        for count in &mut counts {
            running += *count;
            *count = running;
        }
        // counts[k] is now the start of bucket k (counts[buckets] the end).
        self.offsets.extend_from_slice(&counts);
        let table = self.pieces.len();
        self.pieces.resize(table + counts.len(), 0);
        all.iter().for_each(|c| self.pieces[table + key(c)] |= 1 << c.piece);
        let mut next = counts;
        self.candidates
            .resize(self.candidates.len() + all.len(), Candidate::default());
        for c in all {
            let k = key(&c);
            self.candidates[next[k] as usize] = c;
            next[k] += 1;
        }
    }
}

/// The bits of the lower key of a two-key bucket: the least `b` with
/// `P <= 2^b` for `P` pictures. Buckets keep the order of `a * P + b` (the
/// pairs in lexicographic order), so the candidates keep their indices.
pub(super) fn key_bits(pictures: usize) -> u32 {
    pictures.next_power_of_two().trailing_zeros()
}

/// The bucket of `shown`: the pictures the placed neighbours show, packed by
/// the direction they face from the cell being filled (`bits`:
/// [`key_bits`]).
#[inline(always)]
pub(super) fn key_of(plan: Plan, shown: u32, bits: u32) -> usize {
    let byte = |d: u32| ((shown >> (8 * d)) & 0xFF) as usize;
    match plan.keys {
        0 => 0,
        1 => byte(plan.key[0]),
        _ => byte(plan.key[0]) << bits | byte(plan.key[1]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_key_on_two_directions_and_check_the_rest() {
        assert_eq!(PLANS[0].keys, 0);
        assert_eq!((PLANS[0b1001].keys, PLANS[0b1001].key), (2, [0, 3]));
        assert_eq!(PLANS[0b1101].extra, 0xFF << 24);
        assert_eq!(PLANS[0b1111].extra, 0xFFFF_0000);
    }

    #[test]
    fn complements_differ_in_the_last_bit() {
        let puzzle: Puzzle = "7+ 7- 3+ 3-\n3+ 7+ 7- 3-\n7+ 7+ 7+ 7+\n3- 3- 3- 7-".parse().unwrap();
        let dense = Dense::new(&puzzle).unwrap();
        assert_eq!(dense.pictures, 4);
        let [a, b, c, d] = dense.sides[0];
        assert_eq!((a ^ 1, c ^ 1), (b, d));
        assert_eq!(dense.occurrences.iter().sum::<u32>(), 16);
        // Turning once brings the left side (3-) to the top.
        assert_eq!(dense.candidate(0, 1).sides & 0xFF, u32::from(d));
    }

    #[test]
    fn a_self_matching_picture_is_its_own_complement() {
        let puzzle: Puzzle = "1= 2+ 1= 2-\n1= 1= 2- 2+\n2+ 2+ 1= 2-\n2- 1= 2+ 2+".parse().unwrap();
        let dense = Dense::new(&puzzle).unwrap();
        let [same, plus, _, minus] = dense.sides[0];
        assert_eq!((same, plus, minus), (0, 3, 2));
        let c = &dense.complements;
        assert_eq!((c.of(same), c.of(plus), c.of(minus)), (same, minus, plus));
        assert!(c.is_self_matching(0) && !c.is_self_matching(2));
        assert_eq!(
            c.packed(u32::from_le_bytes([0, 3, 2, 0])),
            u32::from_le_bytes([0, 2, 3, 0])
        );
        let signed = Complements::default();
        assert_eq!(signed.packed(0x0302_0100), 0x0203_0001);
    }

    /// The dense form of a 2x2 puzzle and its tables holding the one
    /// table of neighbour mask `mask` (pieces ranked by number), at `base`.
    fn table(puzzle: &str, mask: usize) -> (Dense, Tables, usize) {
        let dense = Dense::new(&puzzle.parse::<Puzzle>().unwrap()).unwrap();
        let ranks: Vec<usize> = (0..4).collect();
        let mut tables = Tables::default();
        let kind = Kind {
            mask,
            first: false,
            rotation_zero: false,
        };
        let base = tables.base(&dense, (&ranks, &ranks), kind) as usize;
        (dense, tables, base)
    }

    #[test]
    fn every_bucket_holds_exactly_the_matching_candidates() {
        let (dense, mut tables, base) = table("1+ 2- 1- 2+\n2+ 2+ 1- 1+\n1+ 1+ 1+ 2-\n2- 1- 2+ 2+", 0b1001);
        let ranks: Vec<usize> = (0..4).collect();
        let kind = Kind {
            mask: 0b1001,
            first: false,
            rotation_zero: false,
        };
        assert_eq!(tables.base(&dense, (&ranks, &ranks), kind) as usize, base, "built once");
        let mut seen = 0;
        for (top, left) in itertools::iproduct!(0..4u32, 0..4u32) {
            let key = (top * 4 + left) as usize;
            let bucket = tables.offsets[base + key] as usize..tables.offsets[base + key + 1] as usize;
            for c in &tables.candidates[bucket.clone()] {
                // The top neighbour shows `top`, the left one `left`.
                assert_eq!((c.sides & 0xFF, c.sides >> 24), (top ^ 1, left ^ 1));
                seen += 1;
            }
            let pieces = tables.candidates[bucket.clone()]
                .iter()
                .fold(0, |m, c| m | 1 << c.piece);
            assert_eq!(tables.pieces[base + key], pieces, "only pieces of the bucket");
        }
        assert_eq!(seen, 16);
    }

    #[test]
    fn two_key_buckets_have_a_power_of_two_stride() {
        assert_eq!(
            (key_bits(2), key_bits(4), key_bits(6), key_bits(8), key_bits(9)),
            (1, 2, 3, 3, 4)
        );
        // Three patterns: P = 6, stride 8; the candidates keep the order
        // of the `a * P + b` buckets, and each bucket its candidates.
        let (dense, tables, base) = table("1+ 2- 3- 2+\n2+ 3+ 1- 1+\n1+ 3- 1+ 2-\n2- 1- 2+ 3+", 0b0011);
        assert_eq!(dense.pictures, 6);
        assert_eq!(tables.offsets.len() - base, 6 * 8 + 1);
        let mut order = Vec::new();
        for (top, right) in itertools::iproduct!(0..6u32, 0..6u32) {
            let key = base + (top << 3 | right) as usize;
            let bucket = tables.offsets[key] as usize..tables.offsets[key + 1] as usize;
            for (i, c) in tables.candidates[bucket.clone()].iter().enumerate() {
                assert_eq!((c.sides & 0xFF, c.sides >> 8 & 0xFF), (top ^ 1, right ^ 1));
                order.push(bucket.start + i);
            }
        }
        assert_eq!(order, (0..16).collect::<Vec<_>>(), "every candidate once, in key order");
    }
}
