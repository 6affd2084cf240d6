//! Helpers several test modules share: exit-code checks that show the
//! stderr of a failing run, and snapshots of output folders.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Output;

/// Asserts that `output` exited with `code`, showing its stderr if not.
pub fn assert_exit(output: &Output, code: i32) {
    assert_eq!(
        output.status.code(),
        Some(code),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Every entry under `dir` with its bytes (folders as `name/`, empty);
/// hidden names (staging folders, temporary files) only when `hidden`.
pub fn snapshot(dir: &Path, hidden: bool) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, hidden: bool, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            if !hidden && entry.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            let relative = path.strip_prefix(root).unwrap().to_path_buf();
            if entry.file_type().unwrap().is_dir() {
                out.insert(relative.join(""), Vec::new());
                walk(root, &path, hidden, out);
            } else {
                out.insert(relative, std::fs::read(&path).unwrap_or_default());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, hidden, &mut out);
    out
}
