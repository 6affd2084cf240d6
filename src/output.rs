//! Output files, written whole or not at all, and only where they belong.
//!
//! One file: its content goes to a temporary file beside the target, which
//! is then renamed over it ([`write_atomic`]): a reader never sees half a
//! file, and a failure leaves the old file (or none) in place.
//!
//! A set of files (the pictures of one run): every file is first written
//! into a hidden staging folder beside the destination, and only once all
//! of them are on disk does the set replace the set the command owns
//! ([`write_set`]): either a whole folder (swapped by two renames) or a
//! fixed list of file names in a shared folder (renamed one by one, stale
//! names of the list removed). A failure removes the staging folder and any
//! folder it had to create, so a full disk leaves the old set, not the first
//! files of a new one. Staging paths are registered while they exist, so
//! that a signal handler can remove them ([`remove_staged`]).

use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;

use crate::{Error, Result};

/// Staging files and folders that exist right now (removed on a signal).
static STAGED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

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
    let created = create_parents(path).map_err(write_error)?;
    let temporary = Staged::new(hidden_sibling(path, "tmp"));
    let result = std::fs::File::create(temporary.path())
        .and_then(|mut file| file.write_all(contents).and_then(|()| file.sync_all()))
        .and_then(|()| std::fs::rename(temporary.path(), path));
    if result.is_err() {
        remove_created(created);
    }
    result.map_err(write_error)
}

/// Which files of its folder a set replaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owns<'a> {
    /// The whole folder: anything left from an earlier run goes.
    Folder,
    /// These file names only; the folder is shared with other commands.
    Names(&'a [&'a str]),
}

/// Writes `files` (names relative to `folder`, no `..`) as one set: all of
/// them or none, replacing what the set owns. Returns the written paths.
///
/// ```
/// use scramble::output::{Owns, write_set};
/// let dir = tempfile::tempdir().unwrap();
/// let folder = dir.path().join("pictures");
/// write_set(&folder, &[("a.svg".into(), "a".into()), ("b.svg".into(), "b".into())], Owns::Folder).unwrap();
/// write_set(&folder, &[("c.svg".into(), "c".into())], Owns::Folder).unwrap();
/// let names: Vec<_> = std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().file_name()).collect();
/// assert_eq!(names, ["c.svg"]);
/// ```
pub fn write_set(folder: &Path, files: &[(PathBuf, String)], owns: Owns) -> Result<Vec<PathBuf>> {
    let write_error = |path: &Path| {
        let path = path.to_path_buf();
        move |reason| Error::Write { path, reason }
    };
    if let Some((bad, _)) = files.iter().find(|(name, _)| !is_plain_relative(name)) {
        return Err(Error::Write {
            path: folder.join(bad),
            reason: std::io::Error::other("a set's file names stay inside its folder"),
        });
    }
    // A folder set is renamed into place; a set of names needs its folder.
    let needs = match owns {
        Owns::Folder => folder.to_path_buf(),
        Owns::Names(_) => folder.join("file"),
    };
    if files.is_empty() && owns == Owns::Folder {
        // Nothing to keep: the earlier run's set goes, no empty folder comes.
        return match std::fs::remove_dir_all(folder) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(write_error(folder)(e)),
            _ => Ok(Vec::new()),
        };
    }
    let created = create_parents(&needs).map_err(write_error(folder))?;
    let staging = Staged::new(hidden_sibling(folder, "staging"));
    let result = stage(staging.path(), files).and_then(|()| match owns {
        Owns::Folder => swap_folder(staging.path(), folder),
        Owns::Names(names) => move_names(staging.path(), folder, files, names),
    });
    if let Err((path, reason)) = result {
        drop(staging);
        remove_created(created);
        return Err(write_error(&path)(reason));
    }
    Ok(files.iter().map(|(name, _)| folder.join(name)).collect())
}

/// Removes every staging file and folder that exists right now; for a
/// signal handler, so that an interrupted run leaves no hidden leftovers.
pub fn remove_staged() {
    let staged = STAGED.lock().map(|s| s.clone()).unwrap_or_default();
    for path in staged {
        remove_path(&path);
    }
}

/// A registered staging path, removed (if still there) when dropped.
struct Staged(PathBuf);

impl Staged {
    fn new(path: PathBuf) -> Self {
        if let Ok(mut staged) = STAGED.lock() {
            staged.push(path.clone());
        }
        Staged(path)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        remove_path(&self.0);
        if let Ok(mut staged) = STAGED.lock() {
            staged.retain(|p| p != &self.0);
        }
    }
}

type Failure = (PathBuf, std::io::Error);

fn stage(staging: &Path, files: &[(PathBuf, String)]) -> std::result::Result<(), Failure> {
    for (name, text) in files {
        let path = staging.join(name);
        let fail = |e| (path.clone(), e);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(fail)?;
        }
        std::fs::File::create(&path)
            .and_then(|mut file| file.write_all(text.as_bytes()).and_then(|()| file.sync_all()))
            .map_err(fail)?;
    }
    std::fs::create_dir_all(staging).map_err(|e| (staging.to_path_buf(), e))
}

/// Puts the staged folder in place of `folder`: the old one is renamed
/// aside, the new one renamed in, the old one removed.
fn swap_folder(staging: &Path, folder: &Path) -> std::result::Result<(), Failure> {
    let old = Staged::new(hidden_sibling(folder, "old"));
    let had_old = folder.exists();
    if had_old {
        std::fs::rename(folder, old.path()).map_err(|e| (folder.to_path_buf(), e))?;
    }
    if let Err(e) = std::fs::rename(staging, folder) {
        if had_old {
            let _ = std::fs::rename(old.path(), folder);
        }
        return Err((folder.to_path_buf(), e));
    }
    Ok(())
}

/// Renames each staged file into `folder` and removes the names of `owned`
/// this run did not write.
fn move_names(
    staging: &Path,
    folder: &Path,
    files: &[(PathBuf, String)],
    owned: &[&str],
) -> std::result::Result<(), Failure> {
    for (name, _) in files {
        let target = folder.join(name);
        std::fs::rename(staging.join(name), &target).map_err(|e| (target, e))?;
    }
    for stale in owned.iter().filter(|o| !files.iter().any(|(n, _)| n == Path::new(o))) {
        match std::fs::remove_file(folder.join(stale)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err((folder.join(stale), e)),
            _ => {}
        }
    }
    Ok(())
}

/// A name made only of normal components (no root, no `..`, no `.`).
fn is_plain_relative(name: &Path) -> bool {
    !name.as_os_str().is_empty() && name.components().all(|c| matches!(c, Component::Normal(_)))
}

/// Creates the missing parent folders of `path`; returns the topmost one it
/// created, to be removed again if the write fails.
fn create_parents(path: &Path) -> std::io::Result<Option<PathBuf>> {
    let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) else {
        return Ok(None);
    };
    let missing = |a: &&Path| !a.as_os_str().is_empty() && !a.exists();
    let topmost = parent.ancestors().take_while(missing).last().map(Path::to_path_buf);
    if let Some(file) = parent.ancestors().find(|a| !missing(a) && a.is_file()) {
        let message = format!("{} is a file, not a folder", file.display());
        return Err(std::io::Error::new(std::io::ErrorKind::NotADirectory, message));
    }
    std::fs::create_dir_all(parent)?;
    Ok(topmost)
}

fn remove_created(created: Option<PathBuf>) {
    if let Some(dir) = created {
        let _ = std::fs::remove_dir_all(dir);
    }
}

fn remove_path(path: &Path) {
    let _ = std::fs::remove_dir_all(path).or_else(|_| std::fs::remove_file(path));
}

/// `.NAME.KIND-PID` beside `path`: hidden, on the same file system (so a
/// rename is atomic), and distinct for concurrent runs.
fn hidden_sibling(path: &Path, kind: &str) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.{kind}-{}", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    fn set(names: &[&str]) -> Vec<(PathBuf, String)> {
        names.iter().map(|n| (PathBuf::from(n), format!("{n} text"))).collect()
    }

    #[test]
    fn replaces_whole_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/x.svg");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        assert_eq!(names(path.parent().unwrap()), ["x.svg"]);
    }

    #[test]
    fn a_failed_write_names_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let blocker = dir.path().join("file");
        std::fs::write(&blocker, b"").unwrap();
        let err = write_atomic(&blocker.join("x.svg"), b"x").unwrap_err().to_string();
        assert!(err.contains("file/x.svg: cannot write"), "{err}");
    }

    #[test]
    fn a_folder_set_replaces_the_earlier_run() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("out/p/solutions");
        write_set(&folder, &set(&["a.svg", "b.svg"]), Owns::Folder).unwrap();
        let written = write_set(&folder, &set(&["c.svg"]), Owns::Folder).unwrap();
        assert_eq!(written, [folder.join("c.svg")]);
        assert_eq!(names(&folder), ["c.svg"]);
        assert_eq!(names(folder.parent().unwrap()), ["solutions"]);
        assert!(write_set(&folder, &[], Owns::Folder).unwrap().is_empty());
        assert!(
            names(folder.parent().unwrap()).is_empty(),
            "an empty set leaves no folder"
        );
    }

    #[test]
    fn a_names_set_keeps_other_files_and_drops_its_stale_names() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("p");
        let owned = ["r.dot", "r.svg", "pieces.svg"];
        write_set(&folder, &set(&["r.dot", "r.svg"]), Owns::Names(&owned)).unwrap();
        std::fs::write(folder.join("solution.svg"), "other command's").unwrap();
        write_set(&folder, &set(&["r.svg", "pieces.svg"]), Owns::Names(&owned)).unwrap();
        assert_eq!(names(&folder), ["pieces.svg", "r.svg", "solution.svg"]);
    }

    #[test]
    fn a_failed_set_leaves_the_old_set_and_no_new_folder() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("out/p");
        write_set(&folder, &set(&["old.svg"]), Owns::Folder).unwrap();
        // A file where a subfolder of the set must go makes staging fail
        // after the first file was written.
        let files = [
            (PathBuf::from("a.svg"), "a".to_string()),
            (PathBuf::from("a.svg/b.svg"), "b".to_string()),
        ];
        let err = write_set(&folder, &files, Owns::Folder).unwrap_err().to_string();
        assert!(err.contains("a.svg/b.svg: cannot write"), "{err}");
        assert_eq!(names(&folder), ["old.svg"]);
        assert_eq!(names(folder.parent().unwrap()), ["p"]);
        let fresh = dir.path().join("new/deep/q");
        assert!(write_set(&fresh, &files, Owns::Folder).is_err());
        assert_eq!(names(dir.path()), ["out"], "no empty folders left");
    }

    #[test]
    fn names_outside_the_folder_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        for bad in ["../x.svg", "/tmp/x.svg", "a/../../x.svg", ""] {
            let files = [(PathBuf::from(bad), String::new())];
            assert!(write_set(&dir.path().join("f"), &files, Owns::Folder).is_err(), "{bad}");
        }
        assert!(names(dir.path()).is_empty());
    }

    #[test]
    fn staged_paths_are_registered_while_they_exist() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(".x.staging-1");
        let staged = Staged::new(path.clone());
        std::fs::create_dir_all(path.join("sub")).unwrap();
        std::fs::write(path.join("sub/a.svg"), "a").unwrap();
        assert!(STAGED.lock().unwrap().contains(&path));
        // What `remove_staged` does to each registered path (calling it here
        // would remove other tests' staging folders mid-write).
        remove_path(&path);
        assert!(!path.exists());
        drop(staged);
        assert!(!STAGED.lock().unwrap().contains(&path));
    }
}
