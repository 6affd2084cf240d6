//! `Palette`: the pictures a random puzzle is drawn from.
//!
//! `K` signed patterns give the `2K` pictures `1+ 1- ... K+ K-` (each the
//! other's complement); `L` self-matching patterns, numbered `K+1..=K+L`,
//! give the `L` pictures `X=` (each its own complement). The planted
//! generator draws every free side uniformly from these `2K + L` pictures.
//! With `L = 0` a draw uses the random stream exactly as the generator over
//! `K` signed patterns always has (a pattern, then a sign by a fair coin),
//! so seeds keep their puzzles.

use crate::rng::Rng;
use crate::{Error, Pattern, Picture, Result, Sign};

/// `K` signed and `L` self-matching patterns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Palette {
    /// `K`: patterns `1..=K`, pictures `X+` and `X-`.
    pub signed: u32,
    /// `L`: patterns `K+1..=K+L`, picture `X=`.
    pub self_matching: u32,
}

impl Palette {
    /// The palette of `K` signed patterns only.
    pub(crate) fn signed(patterns: u32) -> Palette {
        Palette {
            signed: patterns,
            self_matching: 0,
        }
    }

    /// `2K + L`, the number of distinct pictures.
    pub fn pictures(&self) -> u64 {
        2 * u64::from(self.signed) + u64::from(self.self_matching)
    }

    /// The number of patterns, `K + L`.
    pub(crate) fn patterns(&self) -> u32 {
        self.signed + self.self_matching
    }

    /// Refuses a palette with no picture, or with too few pictures for a
    /// repetition-free piece (4 distinct pictures on 4 sides).
    pub(crate) fn check(&self, repetition_free: bool) -> Result<()> {
        if self.pictures() == 0 {
            return Err(Error::Impossible("no patterns: use at least 1".into()));
        }
        if repetition_free && self.pictures() < 4 {
            return Err(Error::Impossible(format!(
                "repetition-free pieces need at least 2 patterns' worth of pictures (4 distinct): \
                 {} signed and {} self-matching patterns give {}",
                self.signed,
                self.self_matching,
                self.pictures()
            )));
        }
        Ok(())
    }

    /// A picture drawn uniformly from the palette's `2K + L`. Without
    /// self-matching patterns: a pattern (`rng.below(K)`), then the sign by
    /// a coin, as the generator always drew; with them: one draw among the
    /// `2K + L` pictures. `O(1)`.
    pub(crate) fn draw(&self, rng: &mut Rng) -> Picture {
        if self.self_matching == 0 {
            let pattern = Pattern::new(rng.below(self.signed as usize) as u32 + 1);
            return Picture::new(pattern, if rng.coin() { Sign::Plus } else { Sign::Minus });
        }
        let index = rng.below(self.pictures() as usize) as u32;
        if index < 2 * self.signed {
            let sign = if index.is_multiple_of(2) {
                Sign::Plus
            } else {
                Sign::Minus
            };
            Picture::new(Pattern::new(index / 2 + 1), sign)
        } else {
            Picture::new(Pattern::new(index - self.signed + 1), Sign::Same)
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_of_palette_holds() {
        use crate::puzzle::generate::palette::Palette;
        let palette = Palette {
            signed: 2,
            self_matching: 1,
        };
        assert_eq!(palette.pictures(), 5);
    }

    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn without_self_matching_patterns_the_stream_is_the_signed_generator_s() {
        for k in [1, 2, 4, 9] {
            let (mut a, mut b) = (Rng::new(u64::from(k)), Rng::new(u64::from(k)));
            for _ in 0..200 {
                let pattern = Pattern::new(b.below(k as usize) as u32 + 1);
                let old = Picture::new(pattern, if b.coin() { Sign::Plus } else { Sign::Minus });
                assert_eq!(Palette::signed(k).draw(&mut a), old);
            }
        }
    }

    /// Every one of the `2K + L` pictures comes up, about equally often,
    /// and no other: self-matching ones are `K+1..=K+L` with sign `=`.
    #[test]
    fn draws_are_uniform_over_the_pictures() {
        let palette = Palette {
            signed: 2,
            self_matching: 3,
        };
        let mut rng = Rng::new(3);
        let mut seen: BTreeMap<Picture, u32> = BTreeMap::new();
        for _ in 0..70_000 {
            *seen.entry(palette.draw(&mut rng)).or_insert(0) += 1;
        }
        assert_eq!(seen.len() as u64, palette.pictures());
        for (picture, n) in &seen {
            let number = picture.pattern().number();
            assert_eq!(picture.sign() == Sign::Same, number > 2, "{picture}");
            assert!((1..=5).contains(&number), "{picture}");
            // 10,000 expected, standard deviation about 93.
            assert!((9_500..10_500).contains(n), "{picture}: {n}");
        }
    }

    #[test]
    fn checks() {
        let p = |signed, self_matching| Palette { signed, self_matching };
        assert!(p(0, 0).check(false).is_err());
        assert!(p(0, 1).check(false).is_ok());
        assert!(p(1, 1).check(true).is_err());
        assert!(p(1, 2).check(true).is_ok());
        assert!(p(0, 4).check(true).is_ok());
        assert!(p(2, 0).check(true).is_ok());
        assert_eq!(p(3, 2).patterns(), 5);
    }
}
