//! Output files, written whole or not at all.
//!
//! Content goes to a temporary file beside the target, which is then renamed
//! over it: a reader never sees half a file, and a failure leaves the old file
//! (or none) in place.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::{Error, Result};

/// Writes `contents` to `path` atomically, creating parent folders.
///
/// ```
/// let dir = std::env::temp_dir().join("scramble-doc-output");
/// let path = dir.join("a.txt");
/// scramble::output::write_atomic(&path, b"hello").unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"hello");
/// ```
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<()> {
    let write_error = |reason| Error::Write {
        path: path.to_path_buf(),
        reason,
    };
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(write_error)?;
    }
    let temporary = temporary_path(path);
    let result = std::fs::File::create(&temporary)
        .and_then(|mut file| file.write_all(contents).and_then(|()| file.sync_all()))
        .and_then(|()| std::fs::rename(&temporary, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    result.map_err(write_error)
}

fn temporary_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_whole_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/x.svg");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("x.svg")]);
    }

    #[test]
    fn a_failed_write_names_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let blocker = dir.path().join("file");
        std::fs::write(&blocker, b"").unwrap();
        let err = write_atomic(&blocker.join("x.svg"), b"x").unwrap_err().to_string();
        assert!(err.contains("file/x.svg: cannot write"), "{err}");
    }
}
