//! A small deterministic pseudo-random generator: xoshiro256** seeded with
//! SplitMix64 (Blackman & Vigna), with the few helpers the project needs.
//!
//! The same seed gives the same sequence on every platform and build, so
//! every `--seed` result can be reproduced. Not for cryptography.

/// xoshiro256** (period 2^256 - 1), seeded through SplitMix64.
///
/// ```
/// use scramble::Rng;
/// let mut a = Rng::new(7);
/// let mut b = Rng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// let mut v: Vec<u32> = (0..10).collect();
/// a.shuffle(&mut v);
/// v.sort();
/// assert_eq!(v, (0..10).collect::<Vec<_>>());
/// assert!(a.below(6) < 6);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: [u64; 4],
}

impl Rng {
    /// A generator seeded with `seed` (any value, 0 included).
    pub fn new(seed: u64) -> Self {
        let mut sm = seed;
        Rng {
            state: std::array::from_fn(|_| splitmix64(&mut sm)),
        }
    }

    /// The generator of item `index` in a run seeded with `seed`: streams of
    /// different `(seed, index)` pairs are unrelated, so items drawn in
    /// parallel do not depend on the order threads take them in.
    ///
    /// ```
    /// use scramble::Rng;
    /// assert_eq!(Rng::stream(7, 3), Rng::stream(7, 3));
    /// assert_ne!(Rng::stream(7, 3), Rng::stream(7, 4));
    /// assert_ne!(Rng::stream(7, 3), Rng::stream(8, 3));
    /// ```
    pub fn stream(seed: u64, index: u64) -> Self {
        let mut state = seed;
        let mixed = splitmix64(&mut state) ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03);
        let mut state = mixed;
        Rng::new(splitmix64(&mut state))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.state;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..bound` (Lemire's method, unbiased).
    ///
    /// # Panics
    /// If `bound` is 0.
    pub fn below(&mut self, bound: usize) -> usize {
        assert!(bound > 0, "Rng::below needs a positive bound");
        let bound = bound as u64;
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(bound);
            if (product as u64) >= threshold {
                return (product >> 64) as usize;
            }
        }
    }

    /// A uniform integer in `range` (half-open).
    ///
    /// # Panics
    /// If the range is empty.
    pub fn range(&mut self, range: std::ops::Range<usize>) -> usize {
        range.start + self.below(range.len())
    }

    /// A fair coin.
    pub fn coin(&mut self) -> bool {
        self.next_u64() >> 63 == 1
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// One SplitMix64 step: advances `state` and returns a well-mixed value.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_reference_sequence() {
        // First outputs of the reference SplitMix64 for seed 0.
        let mut s = 0;
        assert_eq!(splitmix64(&mut s), 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix64(&mut s), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn different_seeds_give_different_streams() {
        let a: Vec<u64> = (0..4).scan(Rng::new(1), |r, _| Some(r.next_u64())).collect();
        let b: Vec<u64> = (0..4).scan(Rng::new(2), |r, _| Some(r.next_u64())).collect();
        assert_ne!(a, b);
    }

    #[test]
    fn below_covers_every_value_and_no_other() {
        let mut rng = Rng::new(3);
        let mut seen = [0usize; 5];
        for _ in 0..5000 {
            seen[rng.below(5)] += 1;
        }
        assert!(seen.iter().all(|&k| (800..1200).contains(&k)), "{seen:?}");
        assert_eq!(rng.range(4..5), 4);
    }

    #[test]
    fn streams_of_neighbouring_indices_and_seeds_differ() {
        let firsts: std::collections::BTreeSet<u64> = (0..50)
            .flat_map(|seed| (0..50).map(move |index| Rng::stream(seed, index).next_u64()))
            .collect();
        assert_eq!(firsts.len(), 2500);
        // `stream` is not `new`: index 0 of seed s is not seed s itself.
        assert_ne!(Rng::stream(5, 0), Rng::new(5));
    }

    #[test]
    fn shuffle_permutes() {
        let mut rng = Rng::new(9);
        let mut v: Vec<usize> = (0..50).collect();
        rng.shuffle(&mut v);
        assert_ne!(v, (0..50).collect::<Vec<_>>());
        v.sort_unstable();
        assert_eq!(v, (0..50).collect::<Vec<_>>());
    }
}
