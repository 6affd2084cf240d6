//! Splitting the census into shards that run anywhere, and adding their
//! results back up.
//!
//! The unit of work is the first (smallest) piece `p1` of a puzzle: shard
//! `I/N` takes a contiguous range of first pieces holding about `1/N` of the
//! puzzles. Every puzzle belongs to exactly one shard, so shard totals add up
//! to the whole census.

use serde::{Deserialize, Serialize};

use super::corners::CornerReport;
use super::{Census, ConditionFailures, Totals};
use crate::error::excerpt;
use crate::{Error, Result};

pub(crate) use crate::context::Shard;

/// The puzzles whose smallest piece is `p1`, for each `p1` of `pieces`:
/// multisets of 3 among the `pieces - p1` pieces from `p1` on.
pub(crate) fn first_piece_work(pieces: usize) -> Vec<u64> {
    (0..pieces)
        .map(|p1| {
            let n = (pieces - p1) as u64;
            (n + 2) * (n + 1) * n / 6
        })
        .collect()
}

/// What `scramble verify --json` prints and `scramble merge` reads: the
/// census (or one shard of it), how long it took, and the optional parts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Report {
    /// `K`.
    pub patterns: usize,
    /// Whether only repetition-free pieces were included.
    pub repetition_free: bool,
    /// Wall-clock seconds (summed over shards once merged).
    pub seconds: f64,
    /// The census totals; absent when only corners were checked.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub totals: Option<Totals>,
    /// With repetitions: which conditions reject solutions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition_failures: Option<ConditionFailures>,
    /// With `--corners`: the corner-level check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corners: Option<CornerReport>,
    /// With `--shard`: which shard these totals are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
}

impl Report {
    /// Whether the report holds a counterexample to the paper: Theorem 2.1
    /// disagreeing with the judge on a repetition-free puzzle or corner
    /// tuple. With repetitions a disagreement is a finding, not a
    /// counterexample (the theorem assumes none).
    pub(crate) fn counterexample(&self) -> bool {
        let census = self.totals.as_ref().is_some_and(|t| t.theorem.mismatches > 0);
        let corners = self.corners.as_ref().is_some_and(|c| c.theorem.mismatches > 0);
        self.repetition_free && (census || corners)
    }
}

/// The largest `K` a shard runs (the direct path's table holds `C^4` bytes).
pub(crate) const MAX_PATTERNS: usize = 5;

/// Adds up shard reports into the report of the whole census.
///
/// Reports come from files, so every field is checked as the command line
/// checks it before anything is added: `1 <= K <= 5`, `1 <= I <= N`, as many
/// reports as shards, each shard `1..=N` exactly once, all of the same
/// census, the same corner check, each shard's puzzle count equal to the
/// puzzles of its first pieces, [`Totals::check`]'s relations, finite
/// seconds, and sums that fit in `u64`. `names` label the reports in
/// messages. `O(shards + P)` for `P` pieces.
pub(crate) fn merge(reports: &[(String, Report)]) -> Result<Report> {
    let (first_name, first) = reports
        .first()
        .ok_or_else(|| Error::Shard("merge: no shard files given".into()))?;
    let count = checked_shard(first_name, first)?.count;
    if count != reports.len() {
        return Err(Error::Shard(format!(
            "{first_name}: shard {} of {count}, but {} given: merge needs every shard exactly once",
            first.shard.unwrap_or(Shard::WHOLE),
            crate::error::plural(reports.len(), "file")
        )));
    }
    let census = Census {
        patterns: first.patterns,
        repetition_free: first.repetition_free,
    };
    let work = first_piece_work(census.pieces().len());
    let mut seen = vec![None::<&str>; count];
    let mut merged = Report {
        seconds: 0.0,
        totals: Some(Totals::default()),
        condition_failures: first.condition_failures.as_ref().map(|_| ConditionFailures::default()),
        shard: None,
        ..first.clone()
    };
    for (name, report) in reports {
        let shard = checked_shard(name, report)?;
        let same =
            (report.patterns, report.repetition_free, shard.count) == (first.patterns, first.repetition_free, count);
        if !same {
            return Err(Error::Shard(format!(
                "{name}: shard {shard} of K = {} (repetition-free: {}) does not belong with {first_name}: \
                 shard {}/{count} of K = {} (repetition-free: {})",
                report.patterns,
                report.repetition_free,
                first.shard.unwrap_or(Shard::WHOLE).index,
                first.patterns,
                first.repetition_free
            )));
        }
        if let Some(other) = seen[shard.index - 1].replace(name) {
            return Err(Error::Shard(format!(
                "{name}: shard {shard} was already given by {other}"
            )));
        }
        if report.corners != first.corners {
            return Err(Error::Shard(format!(
                "{name}: its corner check differs from {first_name}'s"
            )));
        }
        if let Some(corners) = &report.corners {
            corners
                .consistent(report.patterns, report.repetition_free)
                .map_err(|e| Error::Shard(format!("{name}: {e}: not the output of a real shard")))?;
        }
        let totals = checked_totals(name, report, &work)?;
        let overflow = || Error::Shard(format!("{name}: the sums overflow: not the output of a real census"));
        merged.seconds += report.seconds;
        if !merged.seconds.is_finite() {
            return Err(overflow());
        }
        merged
            .totals
            .as_mut()
            .expect("set above")
            .checked_merge(totals)
            .ok_or_else(overflow)?;
        if let (Some(m), Some(c)) = (merged.condition_failures.as_mut(), &report.condition_failures) {
            m.checked_merge(c).ok_or_else(overflow)?;
        }
    }
    // As many reports as shards, none twice: every shard is there.
    Ok(merged)
}

/// The report's shard, with `K` and `I/N` checked as `--patterns` and
/// `--shard` check them.
fn checked_shard(name: &str, report: &Report) -> Result<Shard> {
    let shard = report
        .shard
        .ok_or_else(|| Error::Shard(format!("{name}: not a shard (made without --shard I/N)")))?;
    let bad = |what: String| Err(Error::Shard(format!("{name}: {what}: not the output of a real shard")));
    if !(1..=MAX_PATTERNS).contains(&report.patterns) {
        return bad(format!("K = {}, expected 1 to {MAX_PATTERNS}", report.patterns));
    }
    if !shard.is_valid() {
        return bad(format!(
            "shard {shard}, expected I/N with 1 <= I <= N <= {}",
            crate::context::MAX_SHARDS
        ));
    }
    if !report.seconds.is_finite() || report.seconds < 0.0 {
        return bad(format!("seconds = {}", report.seconds));
    }
    Ok(shard)
}

/// The report's totals, checked against the census: the puzzle count of the
/// shard's first pieces and [`Totals::check`].
fn checked_totals<'a>(name: &str, report: &'a Report, work: &[u64]) -> Result<&'a Totals> {
    let totals = report
        .totals
        .as_ref()
        .ok_or_else(|| Error::Shard(format!("{name}: no census totals (made with --corners-only?)")))?;
    let shard = report.shard.unwrap_or(Shard::WHOLE);
    let expected: u64 = work[shard.range(work)].iter().sum();
    let bad = |what: String| Error::Shard(format!("{name}: {what}: not the output of a real shard"));
    if totals.puzzles != expected {
        return Err(bad(format!(
            "puzzles = {}, but shard {shard} of this census holds {expected}",
            totals.puzzles
        )));
    }
    totals.check().map_err(bad)?;
    match (&report.condition_failures, !report.repetition_free) {
        (Some(f), true) => f
            .check(totals.theorem, totals.twisted, totals.solution_subgraphs)
            .map_err(|e| bad(format!("condition_failures: {e}")))?,
        (None, false) => {}
        (None, true) => {
            return Err(bad(
                "no condition_failures, which a census with repetitions writes".into()
            ));
        }
        (Some(_), false) => {
            return Err(bad(
                "condition_failures, which only a census with repetitions writes".into()
            ));
        }
    }
    Ok(totals)
}

/// The keys of a shard report, by object: every one required (a report
/// without totals, made with `--corners-only`, has none of [`TOTALS`]).
const TOP: [&str; 4] = ["patterns", "repetition_free", "seconds", "shard"];
const OPTIONAL: [&str; 2] = ["corners", "condition_failures"];
const TOTALS: [&str; 11] = super::exact::KEYS;
const SHARD: [&str; 2] = ["index", "count"];
const CORNERS: [&str; 10] = super::judged::with_criteria(["corners", "tuples", "solution_tuples", "solutions"]);
const FAILURES: [&str; 6] = [
    "rejected_solution_graphs",
    "rejected_by_condition",
    "rejected_by_combination",
    "accepted_non_solutions",
    "twisted_rejected_solution_graphs",
    "twisted_accepted_non_solutions",
];

/// The most seconds a shard report may claim (about 30 years).
const MAX_SECONDS: f64 = 1e9;

/// Reads a shard report from the bytes of file `name`, refusing anything
/// `verify --shard I/N --json` cannot have written: not one JSON object,
/// a key twice, an unknown key, a missing key, a count that is not a whole
/// number from 0 to 2^64 - 1, seconds that are not a finite number from 0
/// to 10^9. Messages name the file, the line and column, and the key
/// (keys quoted escaped and short; a missing key where its object ends).
/// The identities between fields are checked by [`merge`]. Linear in the
/// size of the file (a refusal reads it again to place the key).
pub(crate) fn read(name: &str, bytes: &[u8]) -> Result<Report> {
    let bad = |what: String| Error::Shard(format!("{name}: {what}"));
    let misread = |e: serde_json::Error| {
        Error::Shard(crate::error::json_fault(
            name,
            "not the JSON of `scramble verify --shard I/N --json`",
            &e,
        ))
    };
    let checked: Checked = serde_json::from_slice(bytes).map_err(misread)?;
    if let Some(path) = checked.0 {
        // The place found is the key's last time, where the second one is.
        let path: Vec<&str> = path.iter().map(String::as_str).collect();
        return Err(Misread::at(&path, format!("key `{}` given twice", shown(&path))).placed(name, bytes));
    }
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(misread)?;
    let top = value
        .as_object()
        .ok_or_else(|| bad("expected one JSON object, as `verify --shard I/N --json` prints".into()))?;
    check_top(top).map_err(|m| m.placed(name, bytes))?;
    // Read from the text, not the value, so that a fault the checks above
    // leave to the types (a negative `patterns`) still has its place.
    serde_json::from_slice(bytes).map_err(misread)
}

/// A fault of a shard file: what is wrong and the path of the key it
/// concerns (for a missing key, of the object that lacks it).
struct Misread {
    what: String,
    path: Vec<String>,
    missing: bool,
}

impl Misread {
    fn at(path: &[&str], what: String) -> Self {
        Misread {
            what,
            path: path.iter().map(|k| k.to_string()).collect(),
            missing: false,
        }
    }

    /// A key missing from the object at `path`, placed at the object's end.
    fn missing(path: &[&str], what: String) -> Self {
        Misread {
            missing: true,
            ..Misread::at(path, what)
        }
    }

    /// The error, named by the file and, where the text shows it, the line
    /// and column of the key (or of the end of the object lacking it).
    fn placed(self, name: &str, bytes: &[u8]) -> Error {
        use crate::error::place::{Step, json_at, json_end};
        let steps: Vec<Step> = self.path.iter().map(|k| Step::Key(k)).collect();
        let place = std::str::from_utf8(bytes).ok().and_then(|text| {
            if self.missing {
                json_end(text, &steps)
            } else {
                json_at(text, &steps)
            }
        });
        match place {
            Some((line, column)) => Error::Shard(format!("{name}:{line}:{column}: {}", self.what)),
            None => Error::Shard(format!("{name}: {}", self.what)),
        }
    }
}

type Checks = std::result::Result<(), Misread>;

/// The checks of [`read`] on the top object.
fn check_top(top: &serde_json::Map<String, serde_json::Value>) -> Checks {
    if top.contains_key("self_matching") {
        return Err(Misread::at(
            &["self_matching"],
            "a census with self-matching patterns (`verify --self-matching L`) is never sharded: \
             there is nothing to merge"
                .into(),
        ));
    }
    let has_totals = TOTALS.iter().any(|k| top.contains_key(*k));
    let required: Vec<&str> = TOP
        .iter()
        .chain(TOTALS.iter().filter(|_| has_totals))
        .copied()
        .collect();
    let known: Vec<&str> = TOP
        .iter()
        .chain(&OPTIONAL)
        .chain(&TOTALS)
        .chain(&["schema"])
        .copied()
        .collect();
    check_object(top, &[], &known, &required)?;
    if top.get("schema").is_some_and(|v| *v != crate::JSON_SCHEMA) {
        return Err(Misread::at(
            &["schema"],
            format!(
                "`schema` is {}; this scramble reads schema {}",
                top["schema"],
                crate::JSON_SCHEMA
            ),
        ));
    }
    for key in TOTALS.iter().filter(|k| top.contains_key(**k)) {
        count(&top[*key], &[key])?;
    }
    check_nested(top)?;
    match top["seconds"].as_f64() {
        Some(s) if (0.0..=MAX_SECONDS).contains(&s) => {}
        _ => {
            let found = excerpt(&top["seconds"].to_string());
            return Err(Misread::at(
                &["seconds"],
                format!("key `seconds` = {found}: expected a number of seconds from 0 to 10^9"),
            ));
        }
    }
    if top["repetition_free"].as_bool().is_some_and(|free| !free)
        && has_totals
        && !top.contains_key("condition_failures")
    {
        return Err(Misread::missing(
            &[],
            "missing key `condition_failures` (a census with repetitions writes it)".into(),
        ));
    }
    Ok(())
}

/// The objects inside a report: `shard`, `corners` (with its own
/// `condition_failures`) and `condition_failures`.
fn check_nested(top: &serde_json::Map<String, serde_json::Value>) -> Checks {
    let object = |value: &serde_json::Value, path: &[&str]| {
        value
            .as_object()
            .cloned()
            .ok_or_else(|| Misread::at(path, format!("key `{}`: expected an object", path.join("."))))
    };
    let shard = object(&top["shard"], &["shard"])?;
    check_object(&shard, &["shard"], &SHARD, &SHARD)?;
    for key in SHARD {
        count(&shard[key], &["shard", key])?;
    }
    if let Some(corners) = top.get("corners") {
        let corners = object(corners, &["corners"])?;
        let known: Vec<&str> = CORNERS.iter().copied().chain(["condition_failures"]).collect();
        check_object(&corners, &["corners"], &known, &CORNERS)?;
        for key in CORNERS {
            count(&corners[key], &["corners", key])?;
        }
        if let Some(failures) = corners.get("condition_failures") {
            let path = ["corners", "condition_failures"];
            check_failures(&object(failures, &path)?, &path)?;
        }
    }
    if let Some(failures) = top.get("condition_failures") {
        check_failures(&object(failures, &["condition_failures"])?, &["condition_failures"])?;
    }
    Ok(())
}

fn check_failures(failures: &serde_json::Map<String, serde_json::Value>, at: &[&str]) -> Checks {
    check_object(failures, at, &FAILURES, &FAILURES)?;
    for key in FAILURES {
        let path = [at, &[key]].concat();
        match failures[key].as_object() {
            Some(map) => {
                for (inner, value) in map {
                    count(value, &[&path[..], &[inner.as_str()]].concat())?;
                }
            }
            None if key.starts_with("rejected_by") => {
                return Err(Misread::at(
                    &path,
                    format!("key `{}`: expected an object", shown(&path)),
                ));
            }
            None => count(&failures[key], &path)?,
        }
    }
    Ok(())
}

/// A key's path as messages show it: `outer.inner`, each key escaped and short.
fn shown(path: &[&str]) -> String {
    path.iter().map(|k| excerpt(k)).collect::<Vec<_>>().join(".")
}

/// No key outside `known`, every key of `required`.
fn check_object(
    object: &serde_json::Map<String, serde_json::Value>,
    at: &[&str],
    known: &[&str],
    required: &[&str],
) -> Checks {
    if let Some(key) = object.keys().find(|k| !known.contains(&k.as_str())) {
        let path = [at, &[key.as_str()]].concat();
        return Err(Misread::at(&path, format!("unknown key `{}`", shown(&path))));
    }
    if let Some(key) = required.iter().find(|k| !object.contains_key(**k)) {
        return Err(Misread::missing(
            at,
            format!("missing key `{}`", shown(&[at, &[key]].concat())),
        ));
    }
    Ok(())
}

/// A count: a whole number from 0 to 2^64 - 1.
fn count(value: &serde_json::Value, path: &[&str]) -> Checks {
    match value.as_u64() {
        Some(_) => Ok(()),
        None => Err(Misread::at(
            path,
            format!(
                "key `{}` = {}: expected a whole number from 0 to {}",
                shown(path),
                excerpt(&value.to_string()),
                u64::MAX
            ),
        )),
    }
}

/// Walks any JSON value and keeps the first key given twice in one object
/// (its path, outermost key first), which `serde_json::Value` would
/// silently drop.
struct Checked(Option<Vec<String>>);

impl<'de> Deserialize<'de> for Checked {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        deserializer.deserialize_any(CheckedVisitor)
    }
}

struct CheckedVisitor;

impl<'de> serde::de::Visitor<'de> for CheckedVisitor {
    type Value = Checked;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("JSON")
    }

    fn visit_bool<E>(self, _: bool) -> std::result::Result<Checked, E> {
        Ok(Checked(None))
    }
    fn visit_i64<E>(self, _: i64) -> std::result::Result<Checked, E> {
        Ok(Checked(None))
    }
    fn visit_u64<E>(self, _: u64) -> std::result::Result<Checked, E> {
        Ok(Checked(None))
    }
    fn visit_f64<E>(self, _: f64) -> std::result::Result<Checked, E> {
        Ok(Checked(None))
    }
    fn visit_str<E>(self, _: &str) -> std::result::Result<Checked, E> {
        Ok(Checked(None))
    }
    fn visit_unit<E>(self) -> std::result::Result<Checked, E> {
        Ok(Checked(None))
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Checked, A::Error> {
        let mut first = None;
        while let Some(Checked(inner)) = seq.next_element()? {
            first = first.or(inner);
        }
        Ok(Checked(first))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> std::result::Result<Checked, A::Error> {
        let mut keys = std::collections::HashSet::new();
        let mut first = None;
        while let Some(key) = map.next_key::<String>()? {
            let Checked(inner) = map.next_value()?;
            first = first.or(inner.map(|i| [vec![key.clone()], i].concat()));
            if keys.contains(&key) {
                first = first.or(Some(vec![key]));
            } else {
                keys.insert(key);
            }
        }
        Ok(Checked(first))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::Context;

    #[test]
    fn merge_as_documented() {
        use crate::census::{
            Census, fast,
            shard::{Report, Shard, merge},
        };
        let census = Census {
            patterns: 2,
            repetition_free: true,
        };
        let part = |index| {
            let shard = Shard { index, count: 2 };
            let totals = fast::run(&census, shard, 0, &crate::context::Context::new())
                .0
                .tally
                .totals();
            let report = Report {
                patterns: 2,
                repetition_free: true,
                seconds: 0.0,
                totals: Some(totals),
                condition_failures: None,
                corners: None,
                shard: Some(shard),
            };
            (format!("shard-{index}.json"), report)
        };
        let whole = merge(&[part(1), part(2)]).unwrap();
        assert_eq!(whole.totals.unwrap().puzzles, 126);
    }

    #[test]
    fn read_as_documented() {
        use crate::census::shard::read;
        let err = read("a.json", br#"{"patterns": 2, "patterns": 3}"#).unwrap_err();
        assert_eq!(err.to_string(), "a.json:1:17: key `patterns` given twice");
        // A fault of a key is shown at the key, a missing key where its object ends.
        let good =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/bad/shard-1-of-2.json")).unwrap();
        let edited = |from: &str, to: &str| {
            let text = good.replacen(from, to, 1);
            assert_ne!(text, good);
            read("a.json", text.as_bytes()).unwrap_err().to_string()
        };
        assert_eq!(edited("\"unique\"", "\"uniq\""), "a.json:7:3: unknown key `uniq`");
        assert_eq!(
            edited("  \"seconds\": 0.017749896,\n", ""),
            "a.json:19:1: missing key `seconds`"
        );
        assert_eq!(
            edited("\"count\": 2", "\"count\": -2"),
            "a.json:18:5: key `shard.count` = -2: expected a whole number from 0 to 18446744073709551615"
        );
        assert_eq!(
            edited("    \"count\": 2\n", "    \"index\": 1\n"),
            "a.json:18:5: key `shard.index` given twice"
        );
        assert_eq!(edited("\"index\": 1,\n", ""), "a.json:18:3: missing key `shard.index`");
        // A fault left to the types is placed too.
        assert_eq!(
            edited("\"patterns\": 2", "\"patterns\": -1"),
            "a.json:2:16: not the JSON of `scramble verify --shard I/N --json`: invalid value: integer `-1`, expected usize"
        );
        // A value of the wrong type is quoted cut, however long.
        let good =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/bad/shard-1-of-2.json")).unwrap();
        let long = good.replacen(
            "\"patterns\": 2",
            &format!("\"patterns\": \"{}\"", "x".repeat(100_000)),
            1,
        );
        assert_ne!(long, good);
        let err = read("a.json", long.as_bytes()).unwrap_err().to_string();
        assert!(
            err.len() < 400 && err.contains("... (100039 characters)"),
            "{}",
            &err[..400.min(err.len())]
        );
    }

    #[test]
    fn shards_partition_the_first_pieces_evenly() {
        let work = first_piece_work(90);
        for count in [1, 2, 3, 7, 40, 200] {
            let ranges: Vec<_> = (1..=count).map(|index| Shard { index, count }.range(&work)).collect();
            assert_eq!(ranges[0].start, 0);
            assert_eq!(ranges[count - 1].end, 90);
            assert!(ranges.windows(2).all(|w| w[0].end == w[1].start));
            let total: u64 = work.iter().sum();
            assert_eq!(total, 2_919_735);
            if count <= 7 {
                for r in &ranges {
                    let share: u64 = work[r.clone()].iter().sum();
                    // No shard is more than one first piece's work off its share.
                    assert!(share.abs_diff(total / count as u64) <= work[0], "{r:?}: {share}");
                }
            }
        }
    }

    #[test]
    fn shard_syntax() {
        assert_eq!("3/8".parse::<Shard>().unwrap(), Shard { index: 3, count: 8 });
        for bad in ["0/3", "4/3", "3", "a/b", "1/0"] {
            let err = bad.parse::<Shard>().unwrap_err().to_string();
            assert!(err.contains("expected I/N"), "{bad}: {err}");
        }
    }

    /// Shard `index` of `count` of the K = 2 census, as `verify --shard` makes it.
    fn report(index: usize, count: usize) -> (String, Report) {
        let census = Census {
            patterns: 2,
            repetition_free: true,
        };
        let shard = Shard { index, count };
        let r = Report {
            patterns: 2,
            repetition_free: true,
            seconds: 1.0,
            totals: Some(
                super::super::fast::run(&census, shard, 0, &Context::new())
                    .0
                    .tally
                    .totals(),
            ),
            condition_failures: None,
            corners: None,
            shard: Some(shard),
        };
        (format!("s{index}.json"), r)
    }

    #[test]
    fn only_repetition_free_mismatches_are_counterexamples() {
        let (_, mut r) = report(1, 1);
        assert!(!r.counterexample());
        r.totals.as_mut().unwrap().theorem.mismatches = 1;
        assert!(r.counterexample());
        r.repetition_free = false;
        assert!(!r.counterexample());
        r.repetition_free = true;
        r.totals = None;
        r.corners = Some(crate::census::corners::CornerReport::check(2, true, &Context::new()).unwrap());
        assert!(!r.counterexample());
        r.corners.as_mut().unwrap().theorem.mismatches = 3;
        assert!(r.counterexample());
    }

    #[test]
    fn merge_adds_and_checks_every_shard_once() {
        let merged = merge(&[report(2, 2), report(1, 2)]).unwrap();
        assert_eq!(merged.totals.unwrap().puzzles, 126);
        assert_eq!(merged.shard, None);
        assert_eq!(merged.seconds, 2.0);
        let twice = merge(&[report(1, 2), report(1, 2)]).unwrap_err().to_string();
        assert!(
            twice.contains("s1.json: shard 1/2 was already given by s1.json"),
            "{twice}"
        );
        let missing = merge(&[report(1, 3)]).unwrap_err().to_string();
        assert!(missing.contains("shard 1/3 of 3, but 1 file given"), "{missing}");
        let mut other = report(2, 2);
        other.1.patterns = 3;
        assert!(
            merge(&[report(1, 2), other])
                .unwrap_err()
                .to_string()
                .contains("does not belong")
        );
    }

    /// Merges `report(1, 2)` edited by `edit` with `report(2, 2)`.
    fn merge_edited(edit: impl Fn(&mut Report)) -> String {
        let mut first = report(1, 2);
        edit(&mut first.1);
        match merge(&[first, report(2, 2)]) {
            Ok(r) => format!("accepted: {:?}", r.totals),
            Err(e) => e.to_string(),
        }
    }

    type Edit = dyn Fn(&mut Report);

    #[test]
    fn merge_checks_every_field_it_reads() {
        let cases: [(&str, &Edit); 12] = [
            ("shard 0/2, expected I/N", &|r| {
                r.shard = Some(Shard { index: 0, count: 2 })
            }),
            ("shard 3/2, expected I/N", &|r| {
                r.shard = Some(Shard { index: 3, count: 2 })
            }),
            ("shard 0/0, expected I/N", &|r| {
                r.shard = Some(Shard { index: 0, count: 0 })
            }),
            ("but 2 files given", &|r| r.shard = Some(Shard { index: 1, count: 3 })),
            ("shard 1/18446744073709551615, expected I/N", &|r| {
                r.shard = Some(Shard {
                    index: 1,
                    count: usize::MAX,
                })
            }),
            ("K = 0, expected 1 to 5", &|r| r.patterns = 0),
            ("K = 9, expected 1 to 5", &|r| r.patterns = 9),
            ("seconds = -1", &|r| r.seconds = -1.0),
            ("puzzles = 92, but shard 1/2 of this census holds 91", &|r| {
                r.totals.as_mut().unwrap().puzzles += 1
            }),
            ("solvable = 1000 exceeds puzzles", &|r| {
                let t = r.totals.as_mut().unwrap();
                (t.solvable, t.solution_subgraphs, t.solutions) = (1000, 1000, 1000);
            }),
            ("theorem_mismatches = 1 cannot go", &|r| {
                r.totals.as_mut().unwrap().theorem.mismatches = 1
            }),
            ("exceeds 1536 per puzzle", &|r| {
                r.totals.as_mut().unwrap().solutions = u64::MAX
            }),
        ];
        for (expected, edit) in cases {
            let message = merge_edited(edit);
            assert!(message.contains(expected), "{expected}: {message}");
            assert!(
                message.starts_with("s1.json: ") || message.starts_with("s2.json: "),
                "{message}"
            );
        }
    }

    /// A shard's condition failures name conditions 2 to 4, each with the
    /// count the combinations naming it add up to (true of every census).
    #[test]
    fn condition_failures_name_every_condition_as_the_combinations_do() {
        let census = Census {
            patterns: 2,
            repetition_free: false,
        };
        let tally = super::super::fast::run(&census, Shard::WHOLE, 0, &Context::new())
            .0
            .tally;
        let totals = tally.totals();
        let failures = tally.subgraphs.condition_failures();
        let check =
            |f: &crate::census::ConditionFailures| f.check(totals.theorem, totals.twisted, totals.solution_subgraphs);
        assert_eq!(check(&failures), Ok(()));
        let mut missing = failures.clone();
        missing.rejected_by_condition.remove("condition_3");
        assert!(check(&missing).unwrap_err().contains("lacks the key `condition_3`"));
        let (key, _) = (failures.rejected_by_condition.iter())
            .find(|(_, n)| **n > 0)
            .expect("with repetitions some condition rejects a solution graph");
        let mut moved = failures.clone();
        *moved.rejected_by_condition.get_mut(key).unwrap() -= 1;
        assert!(check(&moved).unwrap_err().contains("the combinations naming"), "{key}");
    }
}
