//! Shard `I/N` of a long computation: which part of the work one process
//! takes, the same convention for the census (`verify --shard`) and the
//! search (`solve --shard`).

use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::{Error, Result};

/// The most shards a computation is split into (`N` of `I/N`): a job list
/// of more shards than that gains nothing (the search takes fewer,
/// 4096).
pub(crate) const MAX_SHARDS: usize = 65_536;

/// Shard `index` of `count` (1-based), written `I/N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// 1..=count.
    pub index: usize,
    /// How many shards share the census.
    pub count: usize,
}

impl Shard {
    /// The whole census as one shard.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Whether `1 <= index <= count <= MAX_SHARDS` (what `I/N` accepts
    /// and what a shard file must hold).
    pub(crate) fn is_valid(&self) -> bool {
        (1..=self.count).contains(&self.index) && self.count <= MAX_SHARDS
    }

    /// This shard's first pieces, given the work (puzzles) of each first
    /// piece: the cut points split the total work evenly. `O(P)`.
    ///
    /// ```
    /// use scramble::census::Shard;
    /// let work = [4, 1, 1, 1, 1];
    /// assert_eq!(Shard { index: 1, count: 2 }.range(&work), 0..1);
    /// assert_eq!(Shard { index: 2, count: 2 }.range(&work), 1..5);
    /// ```
    pub fn range(&self, work: &[u64]) -> Range<usize> {
        self.cut(work, self.index - 1)..self.cut(work, self.index)
    }

    /// The first piece where cut `j` (of `count`) falls: the first position
    /// whose preceding work reaches `j/count` of the total.
    fn cut(&self, work: &[u64], j: usize) -> usize {
        if j == self.count {
            return work.len();
        }
        let total: u128 = work.iter().map(|&w| u128::from(w)).sum();
        let target = total * j as u128 / self.count as u128;
        let mut before = 0u128;
        work.iter()
            .position(|&w| {
                let reached = before >= target;
                before += u128::from(w);
                reached
            })
            .unwrap_or(work.len())
    }
}

impl std::str::FromStr for Shard {
    type Err = Error;

    /// Reads `I/N` with `1 <= I <= N <= MAX_SHARDS`.
    fn from_str(text: &str) -> Result<Self> {
        let bad = || {
            Error::Shard(format!(
                "shard {}: expected I/N with 1 <= I <= N <= {MAX_SHARDS}, e.g. 3/8",
                crate::error::excerpt(text)
            ))
        };
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = i.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        let shard = Shard { index, count };
        shard.is_valid().then_some(shard).ok_or_else(bad)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}
