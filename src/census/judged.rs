//! [`Judged`]: how one criterion's verdicts compare with the judge's, the
//! one type behind every `<criterion>_accepted` / `<criterion>_mismatches`
//! pair of the census reports (the 2x2 totals, the corner check, the `n x n`
//! check).
//!
//! The reports keep their flat JSON keys (`theorem_accepted`,
//! `theorem_mismatches`, ...): a field `#[serde(flatten, with =
//! "crate::census::judged::theorem")] theorem: Judged` writes and reads the
//! two keys of its criterion, through the modules [`theorem`], [`twisted`]
//! and [`repaired`].

use std::fmt;

use serde::de::{IgnoredAny, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserializer, Serializer};

/// What a criterion accepted and where it disagreed with the judge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Judged {
    /// Subgraphs (or corner tuples, or candidates) the criterion accepts.
    pub accepted: u64,
    /// Those where the criterion and the judge disagree.
    pub mismatches: u64,
}

impl Judged {
    /// Adds another part's counts.
    pub(crate) fn merge(&mut self, o: &Judged) {
        self.accepted += o.accepted;
        self.mismatches += o.mismatches;
    }

    /// Adds another part's counts; `None` if a sum overflows `u64`.
    pub(crate) fn checked_merge(&mut self, o: &Judged) -> Option<()> {
        self.accepted = self.accepted.checked_add(o.accepted)?;
        self.mismatches = self.mismatches.checked_add(o.mismatches)?;
        Some(())
    }

    /// The relation between the mismatches `M`, the accepted `A` and the
    /// judge's count `S` (`truth`: its name and value): a mismatch is a case
    /// in exactly one of the two sets, so `|A - S| <= M <= A + S` and `M = A
    /// + S (mod 2)`. `name` names the criterion in the message.
    pub(crate) fn check(&self, name: &str, (truth, s): (&str, u64)) -> Result<(), String> {
        let (a, s, m) = (u128::from(self.accepted), u128::from(s), u128::from(self.mismatches));
        if m < a.abs_diff(s) || m > a + s || (a + s - m) % 2 != 0 {
            return Err(format!(
                "{name}_mismatches = {m} cannot go with {name}_accepted = {a} and {truth} = {s}"
            ));
        }
        Ok(())
    }
}

/// Writes `j` as the two keys `keys` (accepted, mismatches).
fn serialize<S: Serializer>(j: &Judged, serializer: S, keys: [&str; 2]) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(Some(2))?;
    map.serialize_entry(keys[0], &j.accepted)?;
    map.serialize_entry(keys[1], &j.mismatches)?;
    map.end()
}

/// Reads the two keys `keys` from a flattened map (other keys belong to the
/// report and are passed over); missing keys are an error when `required`,
/// else 0 (reports written before the criterion existed).
fn deserialize<'de, D: Deserializer<'de>>(
    deserializer: D,
    keys: [&'static str; 2],
    required: bool,
) -> Result<Judged, D::Error> {
    deserializer.deserialize_map(Keys { keys, required })
}

struct Keys {
    keys: [&'static str; 2],
    required: bool,
}

impl<'de> Visitor<'de> for Keys {
    type Value = Judged;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a map with `{}` and `{}`", self.keys[0], self.keys[1])
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Judged, A::Error> {
        let mut found = [None, None];
        while let Some(key) = map.next_key::<String>()? {
            match self.keys.iter().position(|k| *k == key) {
                Some(i) => found[i] = Some(map.next_value::<u64>()?),
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let value = |i: usize| match found[i] {
            Some(v) => Ok(v),
            None if !self.required => Ok(0),
            None => Err(serde::de::Error::missing_field(self.keys[i])),
        };
        Ok(Judged {
            accepted: value(0)?,
            mismatches: value(1)?,
        })
    }
}

/// A module for `#[serde(flatten, with = "...")]` writing and reading the
/// keys `<name>_accepted` and `<name>_mismatches`.
macro_rules! criterion_keys {
    ($(#[$doc:meta])* $name:ident, $required:expr) => {
        $(#[$doc])*
        pub(crate) mod $name {
            use super::Judged;
            /// The two keys.
            pub(crate) const KEYS: [&str; 2] = [concat!(stringify!($name), "_accepted"), concat!(stringify!($name), "_mismatches")];

            /// Writes the two keys.
            pub(crate) fn serialize<S: serde::Serializer>(j: &Judged, serializer: S) -> Result<S::Ok, S::Error> {
                super::serialize(j, serializer, KEYS)
            }

            /// Reads the two keys.
            pub(crate) fn deserialize<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Judged, D::Error> {
                super::deserialize(deserializer, KEYS, $required)
            }
        }
    };
}

criterion_keys!(
    /// `theorem_accepted`, `theorem_mismatches`: Theorem 2.1 (2x2) or the
    /// `n x n` theorem's checker.
    theorem,
    true
);
criterion_keys!(
    /// `twisted_accepted`, `twisted_mismatches`: the twisted-graph criterion.
    twisted,
    true
);
criterion_keys!(
    /// `repaired_accepted`, `repaired_mismatches`: conditions 1, 2, 3', 4
    /// (0 when read from a report that predates them).
    repaired,
    false
);

/// The keys of the three criteria, two each, in the order every report
/// writes them.
const CRITERIA: [&str; 6] = [
    theorem::KEYS[0],
    theorem::KEYS[1],
    twisted::KEYS[0],
    twisted::KEYS[1],
    repaired::KEYS[0],
    repaired::KEYS[1],
];

/// A report's keys: its own counts `head`, then the criteria's. `M` must be
/// `N + 6` (checked at compile time where used in a constant).
pub(crate) const fn with_criteria<const N: usize, const M: usize>(head: [&'static str; N]) -> [&'static str; M] {
    assert!(M == N + CRITERIA.len(), "M = N + 6");
    let mut keys = [""; M];
    let mut i = 0;
    while i < M {
        keys[i] = if i < N { head[i] } else { CRITERIA[i - N] };
        i += 1;
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::{Deserialize, Serialize};

    #[test]
    fn judged_as_documented() {
        use crate::census::Judged;
        let mut j = Judged {
            accepted: 5,
            mismatches: 1,
        };
        j.merge(&Judged {
            accepted: 2,
            mismatches: 0,
        });
        assert_eq!(
            j,
            Judged {
                accepted: 7,
                mismatches: 1
            }
        );
        // 7 accepted and 6 solution subgraphs: at least one, at most 13 mismatches, and odd.
        assert!(j.check("theorem", ("solution_subgraphs", 6)).is_ok());
        assert!(j.check("theorem", ("solution_subgraphs", 7)).is_err());
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Report {
        size: usize,
        #[serde(flatten, with = "theorem")]
        theorem: Judged,
        #[serde(flatten, with = "repaired")]
        repaired: Judged,
        after: bool,
    }

    #[test]
    fn judged_keys_are_flat_and_read_back() {
        let r = Report {
            size: 3,
            theorem: Judged {
                accepted: 4,
                mismatches: 1,
            },
            repaired: Judged {
                accepted: 2,
                mismatches: 0,
            },
            after: true,
        };
        let text = serde_json::to_string(&r).unwrap();
        assert_eq!(
            text,
            r#"{"size":3,"theorem_accepted":4,"theorem_mismatches":1,"repaired_accepted":2,"repaired_mismatches":0,"after":true}"#
        );
        assert_eq!(serde_json::from_str::<Report>(&text).unwrap(), r);
        let old = r#"{"size":3,"theorem_accepted":4,"theorem_mismatches":1,"after":true}"#;
        let read = serde_json::from_str::<Report>(old).unwrap();
        assert_eq!(read.repaired, Judged::default());
        let missing = r#"{"size":3,"theorem_accepted":4,"after":true}"#;
        let err = serde_json::from_str::<Report>(missing).unwrap_err().to_string();
        assert!(err.contains("missing field `theorem_mismatches`"), "{err}");
    }
}
