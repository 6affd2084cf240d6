//! No output over an input: the files a run reads are registered
//! ([`mark_input`]) and every write refuses a destination that is one of
//! them, holds one, or is the same file under another name (device and
//! inode), before anything is staged. Paths that do not exist yet are
//! compared by where they would be (the nearest existing folder resolved,
//! links included), so `explore p.txt -o ./p.txt` is caught too.
//!
//! Cost: one `stat` and one path resolution per input when it is marked;
//! per check, one resolution of the destination and a comparison with
//! each input.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::{Error, Result};

/// One input: where it really is, and its device and inode.
struct Input {
    shown: PathBuf,
    real: PathBuf,
    id: (u64, u64),
}

static INPUTS: Mutex<Vec<Input>> = Mutex::new(Vec::new());

/// Registers `path` as an input of this run (standard input, `-`, and
/// paths that cannot be resolved are skipped: nothing can be written over
/// them).
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let input = dir.path().join("p.txt");
/// std::fs::write(&input, "1+ 1- 1+ 1-").unwrap();
/// scramble::output::mark_input(&input);
/// let err = scramble::output::Target::new(&dir.path().join("./p.txt")).write(b"x").unwrap_err();
/// assert!(err.to_string().contains("an input of this run"), "{err}");
/// assert_eq!(std::fs::read(&input).unwrap(), b"1+ 1- 1+ 1-");
/// ```
pub fn mark_input(path: &Path) {
    if path == Path::new("-") {
        return;
    }
    let (Ok(real), Ok(meta)) = (path.canonicalize(), std::fs::metadata(path)) else {
        return;
    };
    let mut inputs = INPUTS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    inputs.push(Input {
        shown: path.to_path_buf(),
        real,
        id: (meta.dev(), meta.ino()),
    });
}

/// Refuses (naming both) a destination `output` that is an input, holds
/// one (a folder replaced as a whole), or is an input under another name.
pub(crate) fn refuse_over_input(output: &Path) -> Result<()> {
    let inputs = INPUTS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if inputs.is_empty() {
        return Ok(());
    }
    let id = std::fs::metadata(output).ok().map(|m| (m.dev(), m.ino()));
    let real = resolved(output);
    match inputs
        .iter()
        .find(|input| Some(input.id) == id || real.as_ref().is_some_and(|r| input.real.starts_with(r)))
    {
        Some(input) => Err(Error::Write {
            path: output.to_path_buf(),
            reason: std::io::Error::other(format!(
                "it is, or holds, {}, an input of this run: choose another output",
                crate::error::shown_path(&input.shown)
            )),
        }),
        None => Ok(()),
    }
}

/// Whether `a` and `b` name one file: the same device and inode where
/// both exist, else the same resolved place (so `x.json` and `./x.json`,
/// or a link and its target, are one). Two resolutions and two `stat`s.
pub(crate) fn same_place(a: &Path, b: &Path) -> bool {
    let id = |p: &Path| std::fs::metadata(p).ok().map(|m| (m.dev(), m.ino()));
    match (id(a), id(b)) {
        (Some(x), Some(y)) => x == y,
        _ => resolved(a).is_some_and(|r| resolved(b) == Some(r)),
    }
}

/// Where `path` is or would be: resolved component by component, links
/// followed where the path exists, `..` taken lexically where it does not
/// (as the folders created on the way would make it).
fn resolved(path: &Path) -> Option<PathBuf> {
    use std::path::Component;
    let mut real = PathBuf::new();
    for component in std::path::absolute(path).ok()?.components() {
        match component {
            Component::Prefix(_) | Component::RootDir => real.push(component),
            Component::CurDir => {}
            Component::ParentDir => {
                real.pop();
            }
            Component::Normal(name) => {
                real.push(name);
                if let Ok(canonical) = real.canonicalize() {
                    real = canonical;
                }
            }
        }
    }
    Some(real)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_place_under_two_spellings_or_through_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.json");
        assert!(same_place(&a, &dir.path().join("./a.json")));
        assert!(!same_place(&a, &dir.path().join("b.json")));
        std::fs::write(&a, "{}").unwrap();
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&a, &link).unwrap();
        assert!(same_place(&a, &link));
    }
}
