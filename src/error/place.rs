//! Where a part of a text lies, as the line and column a message names:
//! an offset, the end of the text, or a key or element of a JSON document
//! found by its path. Used once a reader has found a fault, never on the
//! way to a good result.

use std::collections::BTreeMap;

use serde_json::value::RawValue;

/// One step into a JSON document: a key of an object, an element of an
/// array.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Step<'a> {
    /// The value of this key.
    Key(&'a str),
    /// The element at this index.
    Index(usize),
}

/// The 1-based line and column (in characters) of byte `offset` of
/// `text`; the end of the text for an offset past it.
pub(crate) fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let last = before.rsplit('\n').next().unwrap_or("");
    (before.matches('\n').count() + 1, last.chars().count() + 1)
}

/// Where the part of the JSON document `text` at `path` starts: its key's
/// opening quote when the last step is a key, else the value's first
/// character. `None` when `text` is no JSON or holds nothing there.
pub(crate) fn json_at(text: &str, path: &[Step]) -> Option<(usize, usize)> {
    let value = offset_of(text, raw_at(text, path)?)?;
    let start = match path.last() {
        Some(Step::Key(_)) => key_before(text, value).unwrap_or(value),
        _ => value,
    };
    Some(line_column(text, start))
}

/// Where the object or array at `path` of the JSON document `text` ends:
/// its closing bracket, the place of a key it lacks.
pub(crate) fn json_end(text: &str, path: &[Step]) -> Option<(usize, usize)> {
    let raw = raw_at(text, path)?;
    let end = offset_of(text, raw)? + raw.get().len();
    Some(line_column(text, end.saturating_sub(1)))
}

/// The raw value at `path`, borrowed from `text`.
fn raw_at<'t>(text: &'t str, path: &[Step]) -> Option<&'t RawValue> {
    let mut raw: &'t RawValue = serde_json::from_str(text).ok()?;
    for step in path {
        raw = match *step {
            Step::Key(key) => serde_json::from_str::<BTreeMap<String, &'t RawValue>>(raw.get())
                .ok()?
                .remove(key)?,
            Step::Index(i) => *serde_json::from_str::<Vec<&'t RawValue>>(raw.get()).ok()?.get(i)?,
        };
    }
    Some(raw)
}

/// The byte offset of `raw` in `text`, which it was borrowed from.
fn offset_of(text: &str, raw: &RawValue) -> Option<usize> {
    (raw.get().as_ptr() as usize)
        .checked_sub(text.as_ptr() as usize)
        .filter(|&at| at <= text.len())
}

/// The offset of the opening quote of the key whose value starts at
/// `value`: back over blanks, the colon, blanks, then the key's string.
fn key_before(text: &str, value: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let blank = |b: &u8| b" \t\r\n".contains(b);
    let mut at = value;
    let mut back = |want: Option<u8>| {
        while at > 0 && blank(&bytes[at - 1]) {
            at -= 1;
        }
        match want {
            Some(b) if at > 0 && bytes[at - 1] == b => {
                at -= 1;
                Some(at)
            }
            Some(_) => None,
            None => Some(at),
        }
    };
    back(Some(b':'))?;
    let close = back(Some(b'"'))?;
    // The opening quote: the nearest quote before that no odd run of
    // backslashes escapes.
    (0..close)
        .rev()
        .find(|&i| bytes[i] == b'"' && bytes[..i].iter().rev().take_while(|&&b| b == b'\\').count() % 2 == 0)
}

#[cfg(test)]
mod tests {
    use super::Step::{Index, Key};
    use super::*;

    #[test]
    fn lines_and_columns_count_characters() {
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("é\nx", 1), (1, 1));
        assert_eq!(line_column("éa", 2), (1, 2));
        assert_eq!(line_column("ab", 99), (1, 3));
    }

    #[test]
    fn keys_and_elements_are_found_where_they_are_written() {
        let text = "{\n  \"a\": 1,\n  \"b\\\"\" : {\"c\": [10, [20, 30]]},\n  \"é\": {}\n}";
        assert_eq!(json_at(text, &[Key("a")]), Some((2, 3)));
        assert_eq!(json_at(text, &[Key("b\"")]), Some((3, 3)));
        assert_eq!(json_at(text, &[Key("b\""), Key("c")]), Some((3, 12)));
        assert_eq!(
            json_at(text, &[Key("b\""), Key("c"), Index(1), Index(1)]),
            Some((3, 27))
        );
        assert_eq!(json_end(text, &[Key("é")]), Some((4, 9)));
        assert_eq!(json_end(text, &[]), Some((5, 1)));
        assert_eq!(json_at(text, &[Key("z")]), None);
        assert_eq!(json_at(text, &[Key("a"), Index(0)]), None);
        assert_eq!(json_at("{", &[]), None);
    }
}
