//! Outputs whose folder is not there yet (`--out new/` on a first run,
//! `-o new/deep/p.cnf`): the whole missing tree, with the file or the set
//! inside, is staged beside its topmost missing folder and renamed into
//! place in one step (`RENAME_NOREPLACE`), under the lock of the folder
//! that holds it. A process killed before then leaves no empty folder,
//! only a hidden staging that the next write there removes. If the folder
//! appears meanwhile, a set goes in the usual way, beside what is there,
//! and a file already staged is moved in under its folder's lock (its
//! content is never asked for twice: a stream cannot always be redone).

use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::{
    Failure, Reach, Staging, create_parents, fill_file, is_plain_relative, leaf, lock_folder, parent_of,
    remove_created, remove_stale, safe_point, stage,
};

/// Writes the file `path` with what `fill` writes, if its folder is not
/// there yet; `false` when it is there (nothing done: the file goes the
/// usual way).
pub(super) fn file(path: &Path, fill: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>) -> std::io::Result<bool> {
    let (Some((top, inner)), Some(name)) = (new_tree(parent_of(path))?, path.file_name()) else {
        return Ok(false);
    };
    let name = inner.join(name);
    let tree = install_tree(&top, |staging| {
        let staged = staging.join(&name);
        let fail = |e| (staged.clone(), e);
        std::fs::create_dir_all(parent_of(&staged)).map_err(fail)?;
        let file = std::fs::File::create_new(&staged).map_err(fail)?;
        fill_file(&file, fill).map_err(fail)
    })
    .map_err(|(_, reason)| reason)?;
    match tree {
        Tree::Installed => Ok(true),
        Tree::Staged(staging) => move_into_place(&staging.path().join(&name), path).map(|()| true),
        Tree::There => Ok(false),
    }
}

/// Writes the set `files` into `folder`, if `folder` is not there yet;
/// `false` when it is there, or appeared while the set was staged (the
/// set then goes the usual way).
pub(super) fn set(folder: &Path, files: &[(PathBuf, String)]) -> std::result::Result<bool, Failure> {
    let Some((top, inner)) = new_tree(folder).map_err(|e| (folder.to_path_buf(), e))? else {
        return Ok(false);
    };
    let tree = install_tree(&top, |staging| {
        let staged = staging.join(&inner);
        std::fs::create_dir_all(&staged).map_err(|e| (staged.clone(), e))?;
        stage(&staged, folder, files)
    })?;
    Ok(matches!(tree, Tree::Installed))
}

/// What [`install_tree`] did.
enum Tree {
    /// The new tree is in place.
    Installed,
    /// Its top was there once locked: nothing was staged.
    There,
    /// Staged, but its top appeared meanwhile (or the file system cannot
    /// rename without replacing): the staging, for another way in.
    Staged(Staging),
}

/// Stages a tree of folders that are not there yet (`top` the topmost;
/// `fill` fills the staging folder that stands for it) and renames it into
/// place in one step, under the lock of the folder that holds `top`: a
/// process killed before then leaves no empty folder, only a hidden
/// staging that the next such write removes.
fn install_tree(
    top: &Path,
    fill: impl FnOnce(&Path) -> std::result::Result<(), Failure>,
) -> std::result::Result<Tree, Failure> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    use rustix::io::Errno;
    let holder = parent_of(top);
    let at = |e| (top.to_path_buf(), e);
    let _lock = lock_folder(holder, Reach::Through).map_err(|e| (holder.to_path_buf(), e))?;
    if top.symlink_metadata().is_ok() {
        return Ok(Tree::There);
    }
    remove_stale(holder, &leaf(top));
    let staging = Staging::new(holder, top).map_err(at)?;
    fill(staging.path())?;
    std::fs::set_permissions(staging.path(), std::fs::Permissions::from_mode(0o755)).map_err(at)?;
    safe_point().map_err(at)?;
    match renameat_with(CWD, staging.path(), CWD, top, RenameFlags::NOREPLACE) {
        Ok(()) => Ok(Tree::Installed),
        Err(Errno::EXIST | Errno::NOTEMPTY | Errno::INVAL | Errno::NOSYS | Errno::OPNOTSUPP) => {
            Ok(Tree::Staged(staging))
        }
        Err(e) => Err(at(e.into())),
    }
}

/// The topmost missing folder among `folder` and those above it, with
/// `folder` relative to it: `None` when `folder` is there, or when the way
/// down to it is not plain names.
fn new_tree(folder: &Path) -> std::io::Result<Option<(PathBuf, PathBuf)>> {
    let Some(top) = first_missing(folder)? else {
        return Ok(None);
    };
    let inner = folder.strip_prefix(&top).ok().map(Path::to_path_buf);
    Ok(inner
        .filter(|rest| rest.as_os_str().is_empty() || is_plain_relative(rest))
        .map(|rest| (top, rest)))
}

/// The topmost missing folder among `folder` and the folders above it
/// (`None` when `folder` is there); an error where a link to nothing or a
/// file stands in the way.
pub(super) fn first_missing(folder: &Path) -> std::io::Result<Option<PathBuf>> {
    let missing = |a: &&Path| !a.as_os_str().is_empty() && !a.exists();
    if let Some(link) = folder.ancestors().find(|a| missing(a) && a.symlink_metadata().is_ok()) {
        let message = format!("{} is a symbolic link to nothing, not a folder", link.display());
        return Err(std::io::Error::new(std::io::ErrorKind::NotFound, message));
    }
    if let Some(file) = folder.ancestors().find(|a| !missing(a) && a.is_file()) {
        let message = format!("{} is a file, not a folder", file.display());
        return Err(std::io::Error::new(std::io::ErrorKind::NotADirectory, message));
    }
    Ok(folder.ancestors().take_while(missing).last().map(Path::to_path_buf))
}

/// Moves a file staged whole to `path`, creating the folders above it
/// (removed again if the move fails), under the lock of its folder.
fn move_into_place(staged: &Path, path: &Path) -> std::io::Result<()> {
    let created = create_parents(path)?;
    let result = lock_folder(parent_of(path), Reach::Through).and_then(|_lock| std::fs::rename(staged, path));
    if result.is_err() {
        remove_created(created);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::tests::{names, set as files};
    use crate::output::{FileSet, Owns, Target};

    #[test]
    fn a_set_in_missing_folders_appears_whole_with_them() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("out/generated");
        FileSet::new(&folder, Owns::Names(&[]))
            .write(&files(&["a.txt", "b.txt"]))
            .unwrap();
        assert_eq!(names(dir.path()), ["out"], "nothing staged is left");
        assert_eq!(names(&folder), ["a.txt", "b.txt"]);
        // Modes as a folder set's and as `mkdir` gives, not the staging's 0700.
        let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o7777;
        let plain = dir.path().join("plain");
        std::fs::create_dir(&plain).unwrap();
        assert_eq!(mode(&dir.path().join("out")), 0o755);
        assert_eq!(mode(&folder), mode(&plain));
        std::fs::remove_dir(plain).unwrap();
        // The folder there now, the next set goes in beside what it holds.
        FileSet::new(&folder, Owns::Names(&[]))
            .write(&files(&["c.txt"]))
            .unwrap();
        assert_eq!(names(&folder), ["a.txt", "b.txt", "c.txt"]);
    }

    #[test]
    fn a_file_in_missing_folders_appears_with_them() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new/deep/a.json");
        Target::new(&path).write(b"whole").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"whole");
        assert_eq!(names(dir.path()), ["new"], "nothing staged is left");
        let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o7777;
        assert_eq!(mode(&path), 0o644);
        assert_eq!(mode(&dir.path().join("new")), 0o755);
    }

    #[test]
    fn a_tree_whose_top_appears_meanwhile_is_left_staged_for_another_way_in() {
        let dir = tempfile::tempdir().unwrap();
        let top = dir.path().join("out");
        let tree = install_tree(&top, |staging| {
            std::fs::write(staging.join("mine"), "staged").unwrap();
            // Another process makes the folder first.
            std::fs::create_dir(&top).unwrap();
            std::fs::write(top.join("theirs"), "kept").unwrap();
            Ok(())
        })
        .unwrap();
        let Tree::Staged(staging) = tree else {
            panic!("installed over a folder that appeared")
        };
        assert_eq!(std::fs::read(staging.path().join("mine")).unwrap(), b"staged");
        assert_eq!(names(&top), ["theirs"]);
        // A staged file then goes in beside what is there.
        move_into_place(&staging.path().join("mine"), &top.join("deeper/mine")).unwrap();
        assert_eq!(std::fs::read(top.join("deeper/mine")).unwrap(), b"staged");
        drop(staging);
        assert_eq!(names(dir.path()), ["out"]);
        assert!(matches!(install_tree(&top, |_| unreachable!()), Ok(Tree::There)));
    }
}
