//! The populations the studies draw puzzles from, and the named random
//! streams they draw them with.
//!
//! **Populations.** A [`Population`] is a set of `n x n` puzzles over
//! patterns `1..=K` with a probability on it; a [`Source`] adds the shape,
//! whether pieces must be repetition-free and the seed, and draws:
//!
//! - [`Population::Planted`]: SPEC's planted puzzles (a uniformly random
//!   solved grid, pieces turned and shuffled), which come in proportion to
//!   their number of solutions;
//! - [`Population::Uniform`]: a uniformly random multiset of `n*n` piece
//!   classes (every class, or the repetition-free ones only), the 2x2
//!   census's puzzles; its planted sampler is the planted generator;
//! - [`Population::Balanced`]: the commercial style generalised
//!   (`balanced` in `puzzle::generate`): every pattern on as equal a number of
//!   inner boundaries and of border sides as the grid allows;
//! - [`Population::Commercial`]: 3x3, K = 4, the uniform population
//!   restricted to puzzles with every pattern on exactly 9 of the 36 sides;
//!   its planted sampler is [`Style::NinePerPattern`], which draws every
//!   such solved grid (repetition-free ones, when asked) equally often.
//!
//! With `repetition_free` every population keeps only pieces without a
//! picture twice: the uniform ones list repetition-free classes only, the
//! generators redraw (planted: per cell; styled and balanced: whole grids).
//!
//! **Streams.** Every random draw of a study comes from one named
//! `Stream` and an index, so two samplers never share random numbers:
//! `Stream::Planted` is `Rng::stream(seed, i)` with `i < 2^62` (candidate
//! `i` of `scramble generate --seed S`), `Stream::Direct` is
//! `Rng::stream(seed, 2^62 + i)`, and every other stream is the family
//! `Rng::stream(key, i)` of its own key, drawn from `Rng::stream(seed,
//! u64::MAX - tag)` with a tag of its own: the indices `2^63` and up are
//! never used by the first two streams. Random piece orders have their
//! own derivation (`random_order_seed`).

use serde::Serialize;

use super::rates::{PieceSets, commercial_set};
use crate::puzzle::generate::{PlantOptions, Recipe, Style, balanced};
use crate::rng::Rng;
use crate::{Error, Puzzle, Result};

/// Which puzzles a sample is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Population {
    /// SPEC's planted puzzles (drawn in proportion to their solutions).
    Planted,
    /// Uniformly random multisets of piece classes.
    Uniform,
    /// The commercial style generalised (`balanced` in `puzzle::generate`).
    Balanced,
    /// 3x3, K = 4, uniform multisets with every pattern on 9 of 36 sides.
    Commercial,
}

impl Population {
    /// Bytes the population's list of piece classes over `patterns`
    /// patterns holds while a study draws from it (the uniform and
    /// commercial populations list them; the others hold none): what a
    /// caller bounds before a study starts.
    pub fn piece_class_bytes(self, patterns: u32, repetition_free: bool) -> u64 {
        match self {
            Population::Uniform | Population::Commercial => PieceSets::bytes(patterns, repetition_free),
            Population::Planted | Population::Balanced => 0,
        }
    }

    /// Its name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Population::Planted => "planted",
            Population::Uniform => "uniform",
            Population::Balanced => "balanced",
            Population::Commercial => "commercial",
        }
    }
}

/// A named random stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Stream {
    /// Planted puzzles of the planted and uniform populations, `scramble
    /// generate`'s candidates: `Rng::stream(seed, i)`.
    Planted,
    /// Puzzles drawn directly from a population (the uniqueness study's
    /// `P(solvable)` and `P(unique)`): `Rng::stream(seed, 2^62 + i)`.
    Direct,
    /// Candidates of the uniform population kept when solvable (the
    /// factorial study's `uniform-solvable`).
    Solvable,
    /// Balanced puzzles.
    Balanced,
    /// Planted puzzles of the commercial population.
    Commercial,
}

/// Where [`Stream::Direct`] starts among the indices of a seed.
const DIRECT_FROM: u64 = 1 << 62;

impl Stream {
    /// The generator of draw `index` (below `2^62`) of this stream.
    ///
    /// # Panics
    /// If `index >= 2^62` (no study draws that many).
    pub fn rng(self, seed: u64, index: u64) -> Rng {
        assert!(index < DIRECT_FROM, "stream index {index} out of range");
        match self {
            Stream::Planted => Rng::stream(seed, index),
            Stream::Direct => Rng::stream(seed, DIRECT_FROM + index),
            Stream::Solvable => Rng::stream(self.key(seed, 1), index),
            Stream::Balanced => Rng::stream(self.key(seed, 2), index),
            Stream::Commercial => Rng::stream(self.key(seed, 3), index),
        }
    }

    /// The key of a derived stream's family: the first output of
    /// `Rng::stream(seed, u64::MAX - tag)`.
    fn key(self, seed: u64, tag: u64) -> u64 {
        Rng::stream(seed, u64::MAX - tag).next_u64()
    }
}

/// The seed of the `r`-th random piece order on puzzle `index`: the family
/// keyed by the first output of the puzzle's planted stream.
pub(crate) fn random_order_seed(seed: u64, index: u64, r: usize) -> u64 {
    Rng::stream(Stream::Planted.rng(seed, index).next_u64(), r as u64).next_u64()
}

/// A population of one shape with its seed: what a sample draws from.
#[derive(Clone, Debug)]
pub(crate) struct Source {
    /// The population.
    pub population: Population,
    /// Grid size `n`.
    pub size: usize,
    /// Number of patterns `K`.
    pub patterns: u32,
    /// Only pieces without a picture twice.
    pub repetition_free: bool,
    /// The seed every draw derives from.
    pub seed: u64,
    /// `L`: self-matching patterns `K+1..=K+L` (pictures `X=`) beside the
    /// `K` signed ones (0 unless set by `Source::with_self_matching`).
    pub self_matching: u32,
    /// The uniform population's piece classes, listed once (`O(K^4)`).
    sets: Option<PieceSets>,
}

/// Draws per kept commercial puzzle before giving up (about 220 needed on
/// average with repetitions).
const COMMERCIAL_DRAWS: u64 = 1_000_000;

impl Source {
    /// The source of `population` on `size x size` grids over `patterns`
    /// patterns. The commercial population is 3x3 over 4 patterns only;
    /// repetition-free pieces need 2 patterns or more.
    #[cfg(test)]
    pub fn new(population: Population, size: usize, patterns: u32, repetition_free: bool, seed: u64) -> Result<Source> {
        let source = Self::new_until(
            population,
            size,
            patterns,
            repetition_free,
            seed,
            &crate::context::Stop::never(),
        )?;
        Ok(source.expect("never stopped"))
    }

    /// [`Source::new`] until `stop`, polled while the uniform and
    /// commercial populations list their piece classes (`None` when it
    /// came first).
    pub(crate) fn new_until(
        population: Population,
        size: usize,
        patterns: u32,
        repetition_free: bool,
        seed: u64,
        stop: &crate::context::Stop,
    ) -> Result<Option<Source>> {
        if population == Population::Commercial && (size, patterns) != (3, 4) {
            return Err(Error::Impossible(format!(
                "the commercial population is 3x3 over 4 patterns, not {size}x{size} over {patterns}"
            )));
        }
        if repetition_free && patterns < 2 {
            return Err(Error::Impossible(format!(
                "{patterns} pattern cannot make repetition-free pieces: use at least 2"
            )));
        }
        let sets = match population {
            Population::Uniform | Population::Commercial => {
                match PieceSets::new_until(size, patterns, repetition_free, stop) {
                    Some(sets) => Some(sets),
                    None => return Ok(None),
                }
            }
            _ => None,
        };
        Ok(Some(Source {
            population,
            size,
            patterns,
            repetition_free,
            seed,
            self_matching: 0,
            sets,
        }))
    }

    /// The source over `K` signed and `self_matching` self-matching
    /// patterns: planted puzzles by [`Recipe::draw_in`], uniform ones over
    /// the piece classes of the mixed palette. The balanced and commercial
    /// populations lay out signed patterns only: an error when
    /// `self_matching > 0`. With 0 the source is unchanged.
    pub(crate) fn with_self_matching(mut self, self_matching: u32) -> Result<Source> {
        if self_matching == 0 {
            return Ok(self);
        }
        let palette = crate::puzzle::generate::palette::Palette {
            signed: self.patterns,
            self_matching,
        };
        palette.check(self.repetition_free)?;
        match self.population {
            Population::Planted => {}
            Population::Uniform => {
                let classes = crate::census::mixed::piece_classes(
                    self.patterns as usize,
                    self_matching as usize,
                    self.repetition_free,
                );
                self.sets = Some(PieceSets::of_classes(self.size, classes));
            }
            Population::Balanced | Population::Commercial => {
                return Err(Error::Impossible(format!(
                    "the {} population lays out signed patterns only: no self-matching patterns",
                    self.population.name()
                )));
            }
        }
        self.self_matching = self_matching;
        Ok(self)
    }

    /// The planted-puzzle recipe of this shape (SPEC's generator).
    pub fn recipe(&self) -> Recipe {
        Recipe {
            size: self.size,
            patterns: self.patterns,
            seed: self.seed,
            options: PlantOptions {
                repetition_free: self.repetition_free,
                identical: 0,
            },
        }
    }

    /// Puzzle `index` with a planted solution: for the planted and uniform
    /// populations candidate `index` of [`Source::recipe`]
    /// (`Stream::Planted`); balanced puzzles from `Stream::Balanced`;
    /// commercial ones from [`Style::NinePerPattern`] on
    /// `Stream::Commercial`.
    pub fn planted(&self, index: u64) -> Result<Puzzle> {
        let options = self.recipe().options;
        let (stream, shape) = (self.stream(), (self.size, self.patterns));
        let mut rng = stream.rng(self.seed, index);
        Ok(match self.population {
            Population::Planted | Population::Uniform if self.self_matching > 0 => {
                self.recipe().draw_in(self.self_matching, index)?.puzzle
            }
            Population::Planted | Population::Uniform => self.recipe().draw(index)?.puzzle,
            Population::Balanced => balanced(self.size, self.patterns, options.repetition_free, &mut rng)?.0,
            Population::Commercial => {
                crate::puzzle::generate::styled(Style::NinePerPattern, shape, options.repetition_free, &mut rng)?.0
            }
        })
    }

    /// The stream of [`Source::planted`].
    fn stream(&self) -> Stream {
        match self.population {
            Population::Planted | Population::Uniform => Stream::Planted,
            Population::Balanced => Stream::Balanced,
            Population::Commercial => Stream::Commercial,
        }
    }

    /// A puzzle drawn directly from the population with `rng`: a uniform
    /// multiset (commercial: by rejection until every pattern is on 9
    /// sides), each piece turned at random, in class order. The planted
    /// and balanced populations have no direct sampler other than their
    /// generators: an error.
    pub fn direct(&self, rng: &mut Rng) -> Result<Puzzle> {
        match (self.population, &self.sets) {
            (Population::Uniform, Some(sets)) => Ok(sets.draw(rng)),
            (Population::Commercial, Some(sets)) => commercial_set(sets, rng, COMMERCIAL_DRAWS).map(|c| c.0),
            _ => Err(Error::Impossible(format!(
                "the {} population is drawn by its generator only",
                self.population.name()
            ))),
        }
    }

    /// Puzzle `index` of [`Stream::Direct`] ([`Source::direct`]).
    pub(crate) fn direct_at(&self, index: u64) -> Result<Puzzle> {
        self.direct(&mut Stream::Direct.rng(self.seed, index))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_example_of_source_new_holds() {
        use crate::study::population::{Population, Source};
        assert!(Source::new(Population::Commercial, 4, 4, false, 0).is_err());
        assert!(Source::new(Population::Uniform, 3, 1, true, 0).is_err());
        let source = Source::new(Population::Commercial, 3, 4, true, 0).unwrap();
        let puzzle = source.planted(0).unwrap();
        assert!(puzzle.is_repetition_free());
    }

    #[test]
    fn the_example_of_rng_holds() {
        use crate::Rng;
        use crate::study::population::Stream;
        assert_eq!(Stream::Planted.rng(7, 3), Rng::stream(7, 3));
        assert_ne!(Stream::Balanced.rng(7, 3), Stream::Planted.rng(7, 3));
    }

    #[test]
    fn the_example_of_random_order_seed_holds() {
        let a = crate::study::population::random_order_seed(1, 0, 0);
        assert_ne!(a, crate::study::population::random_order_seed(1, 0, 1));
    }

    use super::*;

    /// With self-matching patterns the planted and uniform sources draw
    /// `X=` pictures of patterns `K+1..=K+L` only; the balanced and
    /// commercial ones refuse them.
    #[test]
    fn self_matching_sources_draw_from_the_mixed_palette() {
        for population in [Population::Planted, Population::Uniform] {
            let source = Source::new(population, 3, 2, false, 4)
                .unwrap()
                .with_self_matching(1)
                .unwrap();
            let mut same = 0;
            for i in 0..20 {
                let puzzle = match population {
                    Population::Uniform => source.direct_at(i).unwrap(),
                    _ => source.planted(i).unwrap(),
                };
                for picture in puzzle.pieces().iter().flat_map(|p| p.sides()) {
                    let n = picture.pattern().number();
                    assert_eq!(picture.sign() == crate::Sign::Same, n == 3, "{puzzle}");
                    same += usize::from(n == 3);
                }
            }
            assert!(same > 0, "{population:?}");
        }
        let signed = Source::new(Population::Planted, 3, 2, false, 4).unwrap();
        let zero = signed.clone().with_self_matching(0).unwrap();
        assert_eq!(zero.planted(0).unwrap(), signed.planted(0).unwrap());
        for population in [Population::Balanced, Population::Commercial] {
            let source = Source::new(population, 3, 4, false, 0).unwrap();
            assert!(source.with_self_matching(1).is_err(), "{population:?}");
        }
    }

    #[test]
    fn streams_never_share_a_generator() {
        let streams = [
            Stream::Planted,
            Stream::Direct,
            Stream::Solvable,
            Stream::Balanced,
            Stream::Commercial,
        ];
        let mut firsts = std::collections::BTreeSet::new();
        for seed in [0, 1, 11] {
            for stream in streams {
                for index in 0..200 {
                    assert!(firsts.insert(stream.rng(seed, index).next_u64()), "{stream:?} {index}");
                }
            }
        }
        // The published streams are unchanged.
        assert_eq!(Stream::Direct.rng(4, 9), Rng::stream(4, (1 << 62) + 9));
        assert_eq!(
            Stream::Solvable.rng(4, 9),
            Rng::stream(Rng::stream(4, u64::MAX - 1).next_u64(), 9)
        );
    }

    #[test]
    fn planted_and_balanced_candidates_differ() {
        let planted = Source::new(Population::Planted, 3, 4, false, 5).unwrap();
        let balanced = Source::new(Population::Balanced, 3, 4, false, 5).unwrap();
        let mut via_planted_stream = Stream::Planted.rng(5, 0);
        let old = crate::puzzle::generate::balanced(3, 4, false, &mut via_planted_stream)
            .unwrap()
            .0;
        assert_ne!(balanced.planted(0).unwrap().pieces(), old.pieces());
        assert_ne!(
            balanced.planted(0).unwrap().pieces(),
            planted.planted(0).unwrap().pieces()
        );
    }

    #[test]
    fn repetition_free_sources_draw_repetition_free_puzzles() {
        for population in [
            Population::Planted,
            Population::Uniform,
            Population::Balanced,
            Population::Commercial,
        ] {
            let source = Source::new(population, 3, 4, true, 2).unwrap();
            for i in 0..20 {
                let puzzle = source.planted(i).unwrap();
                assert!(puzzle.is_repetition_free(), "{population:?} {puzzle}");
                if let Ok(direct) = source.direct_at(i) {
                    assert!(direct.is_repetition_free(), "{population:?} {direct}");
                }
            }
        }
    }
}
