//! Output files, written whole or not at all, and only where they belong.
//!
//! One file ([`Target`]): its content goes to a temporary file beside the
//! target, which is then renamed over it: a reader never sees half a file,
//! and a failure leaves the old file (or none) in place.
//!
//! A set of files (the pictures of one run): every file is first written
//! into a hidden staging folder beside the destination, and only once all
//! of them are on disk is the set installed ([`FileSet`]) by one
//! `renameat2(RENAME_EXCHANGE)` (or one `RENAME_NOREPLACE` rename when
//! there was no folder):
//! - a set that owns its whole folder is the staging folder;
//! - a set of names in a shared folder stages a copy of the whole folder
//!   (its own files, hard links to the others) and swaps that in;
//! - a set whose folder is missing stages the whole missing tree above it
//!   and renames that into place, so a process killed before that leaves
//!   no empty folder (a file whose folder is missing comes the same way);
//!
//! so every reader, a concurrent run, and a process killed outright at any
//! moment see the old set or the new one, never a mix. An exclusive
//! advisory lock (`flock`) on the folder that changes is held from staging
//! to the swap, so concurrent writes beside the set are not lost. No
//! destination may be or hold an input of the run ([`mark_input`]).
//!
//! Staging and temporary names are unpredictable (`.NAME.staging-PID-XXXXXX`)
//! and created exclusively, so a planted link is never followed; staging
//! folders of processes that died are removed by the next write beside
//! them. A symbolic link, device, FIFO or folder where an output file goes
//! (or a link or file where an output folder goes) is refused.
//!
//! Stopping: [`stop_writing`] (called when a signal arrives) makes every
//! write that has not installed its set give up with [`Error::Interrupted`]
//! and remove what it staged, and waits until no write is in progress.

use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::{Error, Result};

mod inputs;
mod tree;

pub use crate::error::{excerpt, plural, shown_path};
pub use inputs::mark_input;
pub(crate) use inputs::same_place;

/// Held by every write from its first staged byte to its installed set.
static INSTALLS: Mutex<()> = Mutex::new(());

/// Set once the process is stopping: writes not yet installed give up.
static STOPPING: AtomicBool = AtomicBool::new(false);

/// Makes every write that has not installed its set give up (removing what
/// it staged), waits until none is in progress, and returns a guard that
/// keeps new ones from starting: the caller may then end the process
/// knowing that each set is either whole or untouched.
pub fn stop_writing() -> MutexGuard<'static, ()> {
    STOPPING.store(true, Ordering::SeqCst);
    INSTALLS.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Starts a write: the install lock, or [`Error::Interrupted`] when the
/// process is stopping.
fn begin() -> Result<MutexGuard<'static, ()>> {
    let guard = INSTALLS.lock().unwrap_or_else(PoisonError::into_inner);
    if STOPPING.load(Ordering::SeqCst) {
        return Err(Error::Interrupted);
    }
    Ok(guard)
}

/// A safe point inside a write: fails with `Interrupted` when stopping.
fn safe_point() -> std::io::Result<()> {
    if STOPPING.load(Ordering::SeqCst) {
        return Err(std::io::Error::new(std::io::ErrorKind::Interrupted, "stopping"));
    }
    Ok(())
}

/// The error of a failed write: [`Error::Interrupted`] when it stopped at a
/// safe point, else [`Error::Write`] naming `path`.
fn write_error(path: &Path, reason: std::io::Error) -> Error {
    let stopped =
        reason.kind() == std::io::ErrorKind::Interrupted || reason.get_ref().is_some_and(|e| e.is::<Stopping>());
    if stopped && STOPPING.load(Ordering::SeqCst) {
        return Error::Interrupted;
    }
    Error::Write {
        path: path.to_path_buf(),
        reason,
    }
}

/// One output file of a run: refused before any work where writing it
/// would be refused ([`Target::refuse`]), then written whole or not at all
/// ([`Target::write`], [`Target::write_streamed`]), creating parent folders.
///
/// ```
/// use scramble::output::Target;
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("a.txt");
/// let target = Target::new(&path);
/// target.refuse().unwrap();
/// target.write(b"hello").unwrap();
/// assert_eq!(std::fs::read(&path).unwrap(), b"hello");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target<'a> {
    path: &'a Path,
}

impl<'a> Target<'a> {
    /// The file at `path` (nothing is checked or written yet).
    pub fn new(path: &'a Path) -> Self {
        Target { path }
    }

    /// Refuses, as a write would (exit 2, naming the file), a destination
    /// that is an input of the run, holds one or is one under another name
    /// ([`mark_input`]), and a symbolic link, device, FIFO, socket or folder
    /// where the file goes. Commands call it as soon as their inputs are
    /// read: a run that would be refused does no work, and one that reads
    /// its output back before writing it (a shard's result or checkpoint)
    /// never blocks opening a FIFO.
    ///
    /// ```
    /// use scramble::output::Target;
    /// let dir = tempfile::tempdir().unwrap();
    /// assert!(Target::new(&dir.path().join("new.json")).refuse().is_ok());
    /// assert!(Target::new(dir.path()).refuse().is_err());
    /// ```
    pub fn refuse(self) -> Result<()> {
        inputs::refuse_over_input(self.path)?;
        refuse_in_the_way(self.path, Expect::File).map_err(|reason| Error::Write {
            path: self.path.to_path_buf(),
            reason,
        })
    }

    /// Writes `contents` atomically. A symbolic link, device, FIFO or
    /// folder where the file goes is refused.
    pub fn write(self, contents: &[u8]) -> Result<()> {
        self.write_streamed(&mut |out| out.write_all(contents))
    }

    /// Writes what `fill` writes, as it writes it: the content is streamed
    /// into the temporary file beside the target (through a buffer, so
    /// memory stays flat however long it is) and renamed over it only once
    /// `fill` has returned. An error of `fill`, a failed write or a stop
    /// ([`stop_writing`], checked at every buffer flush) leaves the old
    /// file (or none) and no temporary.
    ///
    /// ```
    /// use std::io::Write;
    /// let dir = tempfile::tempdir().unwrap();
    /// let path = dir.path().join("lines.txt");
    /// let target = scramble::output::Target::new(&path);
    /// target.write_streamed(&mut |out| (0..3).try_for_each(|i| writeln!(out, "{i}"))).unwrap();
    /// assert_eq!(std::fs::read_to_string(&path).unwrap(), "0\n1\n2\n");
    /// let failed = target.write_streamed(&mut |out| {
    ///     writeln!(out, "half")?;
    ///     Err(std::io::Error::other("no more"))
    /// });
    /// assert!(failed.is_err());
    /// assert_eq!(std::fs::read_to_string(&path).unwrap(), "0\n1\n2\n");
    /// ```
    pub fn write_streamed(self, fill: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>) -> Result<()> {
        let path = self.path;
        inputs::refuse_over_input(path)?;
        let _installing = begin()?;
        refuse_in_the_way(path, Expect::File).map_err(|e| write_error(path, e))?;
        if tree::file(path, fill).map_err(|e| write_error(path, e))? {
            return Ok(());
        }
        let created = create_parents(path).map_err(|e| write_error(path, e))?;
        let result = replace_file(path, fill);
        if result.is_err() {
            remove_created(created);
        }
        result.map_err(|e| write_error(path, e))
    }
}

/// Removes the temporary files and staging folders that processes no
/// longer running (killed outright while writing) left beside `path`,
/// under its folder's lock; nothing when the folder does not exist. For a
/// command that removes an output it wrote before (a finished shard's
/// checkpoint), so that nothing of it is left behind.
pub(crate) fn remove_leftovers(path: &Path) {
    let parent = parent_of(path);
    if parent.is_dir()
        && let Ok(_lock) = lock_folder(parent, Reach::Through)
    {
        remove_stale(parent, &leaf(path));
    }
}

/// Removes `path`, an output whose work is done (a finished count's
/// checkpoint; none there is fine), and the leftovers of writes to it that
/// were killed outright ([`remove_leftovers`]).
pub(crate) fn remove_done(path: &Path) -> std::io::Result<()> {
    remove_leftovers(path);
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// A file being written that gives up at its next write once the process
/// is stopping.
struct Stoppable<'f>(&'f std::fs::File);

/// The error of a [`Stoppable`] write once stopping: not of the kind
/// `Interrupted`, which `write_all` and buffers retry without end.
#[derive(Debug, thiserror::Error)]
#[error("stopping")]
struct Stopping;

impl Write for Stoppable<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if STOPPING.load(Ordering::SeqCst) {
            return Err(std::io::Error::other(Stopping));
        }
        (&mut &*self.0).write(bytes)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        (&mut &*self.0).flush()
    }
}

fn replace_file(path: &Path, fill: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>) -> std::io::Result<()> {
    let parent = parent_of(path);
    // Under the folder's lock: a set swapping the folder waits for this
    // file, and this file for the set.
    let _lock = lock_folder(parent, Reach::Through)?;
    remove_stale(parent, &leaf(path));
    let temporary = tempfile::Builder::new()
        .prefix(&hidden_prefix(path, "tmp"))
        .tempfile_in(parent)?;
    fill_file(temporary.as_file(), fill)?;
    safe_point()?;
    temporary.persist(path).map(drop).map_err(|e| e.error)
}

/// Streams what `fill` writes into `file` (giving up once the process is
/// stopping), then makes it durable and readable by all.
fn fill_file(file: &std::fs::File, fill: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>) -> std::io::Result<()> {
    let mut buffered = std::io::BufWriter::with_capacity(1 << 16, Stoppable(file));
    fill(&mut buffered)?;
    buffered.flush()?;
    drop(buffered);
    file.sync_all()?;
    file.set_permissions(std::fs::Permissions::from_mode(0o644))
}

/// A set of output files in one folder (the pictures of one run): refused
/// before any work where writing it would replace an input
/// ([`FileSet::refuse`]), then written all or none ([`FileSet::write`]),
/// replacing what the set owns.
///
/// ```
/// use scramble::output::{FileSet, Owns};
/// let dir = tempfile::tempdir().unwrap();
/// let folder = dir.path().join("pictures");
/// let set = FileSet::new(&folder, Owns::Folder);
/// set.refuse().unwrap();
/// set.write(&[("a.svg".into(), "a".into()), ("b.svg".into(), "b".into())]).unwrap();
/// set.write(&[("c.svg".into(), "c".into())]).unwrap();
/// let names: Vec<_> = std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().file_name()).collect();
/// assert_eq!(names, ["c.svg"]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileSet<'a> {
    folder: &'a Path,
    owns: Owns<'a>,
}

impl<'a> FileSet<'a> {
    /// The set that `owns` says it is in `folder` (nothing is checked or
    /// written yet).
    pub fn new(folder: &'a Path, owns: Owns<'a>) -> Self {
        FileSet { folder, owns }
    }

    /// Refuses, before any work, a set that would replace an input of the
    /// run (marked by [`mark_input`]): the folder itself when the set owns
    /// it, else every name it owns; the same check [`FileSet::write`] makes
    /// again when it writes. Commands call it as soon as their inputs are
    /// read, so a run that would overwrite its input does no work at all.
    ///
    /// ```
    /// use scramble::output::{FileSet, Owns};
    /// let dir = tempfile::tempdir().unwrap();
    /// let input = dir.path().join("recording.dot");
    /// std::fs::write(&input, "1+ 1- 1+ 1-").unwrap();
    /// scramble::output::mark_input(&input);
    /// assert!(FileSet::new(dir.path(), Owns::Names(&["recording.dot"])).refuse().is_err());
    /// assert!(FileSet::new(dir.path(), Owns::Names(&["other.svg"])).refuse().is_ok());
    /// assert!(FileSet::new(dir.path(), Owns::Folder).refuse().is_err());
    /// ```
    pub fn refuse(self) -> Result<()> {
        refuse_planned(self.folder, self.owns)
    }

    /// Writes `files` (names relative to the folder, no `..`) as one set:
    /// all of them or none, replacing what the set owns. Returns the
    /// written paths.
    ///
    /// Cost: one write and one `fsync` per file, then one rename (a folder
    /// set) or one rename per file under the folder's lock (a set of
    /// names).
    pub fn write(self, files: &[(PathBuf, String)]) -> Result<Vec<PathBuf>> {
        write_set(self.folder, files, self.owns)
    }
}

/// Which files of its folder a set replaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owns<'a> {
    /// The whole folder: anything left from an earlier run goes.
    Folder,
    /// These file names only; the folder is shared with other commands.
    Names(&'a [&'a str]),
}

/// [`FileSet::write`].
fn write_set(folder: &Path, files: &[(PathBuf, String)], owns: Owns) -> Result<Vec<PathBuf>> {
    if let Some((bad, _)) = files.iter().find(|(name, _)| !is_plain_relative(name)) {
        return Err(Error::Write {
            path: folder.join(bad),
            reason: std::io::Error::other("a set's file names stay inside its folder"),
        });
    }
    refuse_over_inputs(folder, files, owns)?;
    let _installing = begin()?;
    refuse_in_the_way(folder, Expect::Folder).map_err(|e| write_error(folder, e))?;
    if files.is_empty() && owns == Owns::Folder {
        // Nothing to keep: the earlier run's set goes, no empty folder comes.
        return match std::fs::remove_dir_all(folder) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(write_error(folder, e)),
            _ => Ok(Vec::new()),
        };
    }
    let written = || files.iter().map(|(name, _)| folder.join(name)).collect();
    if tree::set(folder, files).map_err(|(path, reason)| write_error(&path, reason))? {
        return Ok(written());
    }
    // A folder set is renamed into place; a set of names needs its folder.
    let needs = match owns {
        Owns::Folder => folder.to_path_buf(),
        Owns::Names(_) => folder.join("file"),
    };
    let created = create_parents(&needs).map_err(|e| write_error(folder, e))?;
    let result = stage_and_install(folder, files, owns);
    if result.is_err() {
        remove_created(created);
    }
    result.map_err(|(path, reason)| write_error(&path, reason))?;
    Ok(written())
}

/// Refuses a set that would replace an input: its folder (a folder set)
/// or any name it writes or owns.
fn refuse_over_inputs(folder: &Path, files: &[(PathBuf, String)], owns: Owns) -> Result<()> {
    refuse_planned(folder, owns)?;
    files
        .iter()
        .try_for_each(|(name, _)| inputs::refuse_over_input(&folder.join(name)))
}

/// [`FileSet::refuse`].
fn refuse_planned(folder: &Path, owns: Owns) -> Result<()> {
    match owns {
        Owns::Folder => inputs::refuse_over_input(folder),
        Owns::Names(names) => names
            .iter()
            .try_for_each(|name| inputs::refuse_over_input(&folder.join(name))),
    }
}

type Failure = (PathBuf, std::io::Error);

fn stage_and_install(folder: &Path, files: &[(PathBuf, String)], owns: Owns) -> std::result::Result<(), Failure> {
    let at = |path: &Path| {
        let path = path.to_path_buf();
        move |e| (path, e)
    };
    let parent = parent_of(folder);
    // A set of names replaces its whole folder too, so the folder's lock
    // (a folder set: its parent's) is held from staging to the swap.
    let (locked, reach) = match owns {
        Owns::Folder => (parent, Reach::Through),
        Owns::Names(_) => (folder, Reach::NotALink),
    };
    let _lock = lock_folder(locked, reach).map_err(at(locked))?;
    remove_stale(parent, &leaf(folder));
    let staging = Staging::new(parent, folder).map_err(at(folder))?;
    stage(staging.path(), folder, files)?;
    if let Owns::Names(names) = owns {
        for (name, _) in files {
            let target = folder.join(name);
            refuse_in_the_way(&target, Expect::File).map_err(at(&target))?;
        }
        let kept = |name: &std::ffi::OsStr| {
            !names.iter().any(|n| std::ffi::OsStr::new(n) == name)
                && !files
                    .iter()
                    .any(|(f, _)| f.components().next() == Some(Component::Normal(name)))
                && !is_scratch(name)
        };
        link_tree(folder, staging.path(), &kept).map_err(at(folder))?;
    }
    let mode = std::fs::metadata(folder).map_or(0o755, |m| m.permissions().mode() & 0o7777);
    std::fs::set_permissions(staging.path(), std::fs::Permissions::from_mode(mode)).map_err(at(folder))?;
    safe_point().map_err(at(folder))?;
    install_folder(staging.path(), folder).map_err(at(folder))
}

/// Whether `name` is a staging folder or temporary file of some run.
fn is_scratch(name: &std::ffi::OsStr) -> bool {
    let name = name.to_string_lossy();
    name.starts_with('.') && (name.contains(".staging-") || name.contains(".tmp-"))
}

/// Puts into `to` a hard link of every entry of `from` that `keep`
/// accepts, folders recreated with their contents linked (a copy where a
/// link is refused): the rest of a shared folder, carried into the new
/// folder that replaces it in one rename. Linear in the entries.
fn link_tree(from: &Path, to: &Path, keep: &dyn Fn(&std::ffi::OsStr) -> bool) -> std::io::Result<()> {
    let entries = match std::fs::read_dir(from) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        entries => entries?,
    };
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name();
        if !keep(&name) {
            continue;
        }
        let (source, target) = (entry.path(), to.join(&name));
        if entry.file_type()?.is_dir() {
            std::fs::create_dir(&target)?;
            link_tree(&source, &target, &|_| true)?;
            let mode = entry.metadata()?.permissions();
            std::fs::set_permissions(&target, mode)?;
        } else if std::fs::hard_link(&source, &target).is_err() {
            std::fs::copy(&source, &target)?;
        }
    }
    Ok(())
}

/// A hidden staging folder `.NAME.staging-PID-XXXXXX` beside a set's
/// folder, created exclusively with an unpredictable name, removed (with
/// whatever it holds by then: the swapped-out old set) when dropped.
struct Staging(PathBuf);

impl Staging {
    fn new(parent: &Path, folder: &Path) -> std::io::Result<Self> {
        let dir = tempfile::Builder::new()
            .prefix(&hidden_prefix(folder, "staging"))
            .tempdir_in(parent)?;
        Ok(Staging(dir.keep()))
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        remove_scratch(&self.0);
    }
}

/// How long a stopping process goes on removing what it staged (after the
/// first [`CLEANUP_ENTRIES`]) before it leaves the rest to the next run.
const CLEANUP: std::time::Duration = std::time::Duration::from_millis(500);

/// Entries a stopping process always removes, whatever the clock says: a
/// small set's staging never outlives its run.
const CLEANUP_ENTRIES: usize = 64;

/// Removes the scratch folder `path` (a staging folder, or the old set
/// swapped out into it), entry by entry. Once the process is stopping it
/// gives up after [`CLEANUP_ENTRIES`] entries and [`CLEANUP`], leaving the
/// rest under the hidden staging name, which names this process: the next
/// run that writes this set removes it ([`remove_stale`]). Linear in the
/// entries.
fn remove_scratch(path: &Path) {
    let Ok(entries) = std::fs::read_dir(path) else {
        return remove_path(path);
    };
    let mut deadline = None;
    for (removed, entry) in entries.flatten().enumerate() {
        if removed >= CLEANUP_ENTRIES && STOPPING.load(Ordering::SeqCst) {
            let now = std::time::Instant::now();
            if now >= *deadline.get_or_insert(now + CLEANUP) {
                return;
            }
        }
        remove_path(&entry.path());
    }
    remove_path(path);
}

/// Sets of more files than this are made durable in one step once staged
/// (`syncfs`, on Linux) rather than file by file: a synced file costs
/// milliseconds to remove again (measured: 3 ms against 0.035 ms on a
/// busy disk), so a large set stopped while it is staged is removed at
/// once, and its staging takes a fraction of the time.
const SYNC_EACH_UP_TO: usize = 64;

/// Writes `files` into `staging`, each made durable before the set is
/// installed; the stop is polled before every file. A failure names the
/// file as it will be in `folder`, not in the hidden staging.
fn stage(staging: &Path, folder: &Path, files: &[(PathBuf, String)]) -> std::result::Result<(), Failure> {
    let each = files.len() <= SYNC_EACH_UP_TO || !cfg!(target_os = "linux");
    // Opened first: `syncfs` reports the write-back errors since then.
    let opened = std::fs::File::open(staging).map_err(|e| (folder.to_path_buf(), e))?;
    for (name, text) in files {
        let path = staging.join(name);
        let fail = |e| (folder.join(name), e);
        safe_point().map_err(fail)?;
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(fail)?;
        }
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .and_then(|mut file| {
                file.write_all(text.as_bytes())?;
                if each { file.sync_all() } else { Ok(()) }
            })
            .map_err(fail)?;
    }
    if !each {
        safe_point()
            .and_then(|()| sync_file_system(&opened))
            .map_err(|e| (folder.to_path_buf(), e))?;
    }
    Ok(())
}

/// Makes everything written to the file system holding `folder` durable;
/// fails if writing any of it back failed since `folder` was opened.
#[cfg(target_os = "linux")]
fn sync_file_system(folder: &std::fs::File) -> std::io::Result<()> {
    Ok(rustix::fs::syncfs(folder)?)
}

#[cfg(not(target_os = "linux"))]
fn sync_file_system(_: &std::fs::File) -> std::io::Result<()> {
    Ok(())
}

/// Puts the staged folder in place of `folder` in one step: a
/// `RENAME_NOREPLACE` rename when there is no folder, else a
/// `RENAME_EXCHANGE` (the old set then sits at the staging name, removed
/// with it). File systems without `renameat2` get two renames.
fn install_folder(staging: &Path, folder: &Path) -> std::io::Result<()> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    use rustix::io::Errno;
    for _ in 0..3 {
        match renameat_with(CWD, staging, CWD, folder, RenameFlags::NOREPLACE) {
            Ok(()) => return Ok(()),
            Err(Errno::EXIST | Errno::NOTEMPTY) => {}
            Err(Errno::INVAL | Errno::NOSYS | Errno::OPNOTSUPP) => return swap_by_two_renames(staging, folder),
            Err(e) => return Err(e.into()),
        }
        match renameat_with(CWD, staging, CWD, folder, RenameFlags::EXCHANGE) {
            Ok(()) => return Ok(()),
            // The folder went away in between: try the plain rename again.
            Err(Errno::NOENT) => {}
            Err(Errno::INVAL | Errno::NOSYS | Errno::OPNOTSUPP) => return swap_by_two_renames(staging, folder),
            Err(e) => return Err(e.into()),
        }
    }
    Err(std::io::Error::other("another process keeps replacing this folder"))
}

/// The fallback: the old folder renamed aside, the new one in, the old one
/// removed with the staging name.
fn swap_by_two_renames(staging: &Path, folder: &Path) -> std::io::Result<()> {
    let aside = Staging::new(parent_of(folder), folder)?;
    let had_old = folder.exists();
    if had_old {
        std::fs::remove_dir(aside.path())?;
        std::fs::rename(folder, aside.path())?;
    }
    if let Err(e) = std::fs::rename(staging, folder) {
        if had_old {
            let _ = std::fs::rename(aside.path(), folder);
        }
        return Err(e);
    }
    Ok(())
}

/// An exclusive advisory lock on `folder` (created if missing), held
/// while a set is staged and swapped in beside it or in its place
/// (released when dropped). A folder swapped away while this run waited
/// is locked afresh at its new inode. The folder a file or a folder set
/// goes in is reached through links like the rest of its path
/// ([`Reach::Through`]); a set of names' own folder may not be a link
/// ([`Reach::NotALink`]).
fn lock_folder(folder: &Path, reach: Reach) -> std::io::Result<rustix::fd::OwnedFd> {
    use rustix::fs::{FlockOperation, Mode, OFlags, flock, fstat, open, stat};
    let mut flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
    if reach == Reach::NotALink {
        flags |= OFlags::NOFOLLOW;
    }
    loop {
        if let Err(e) = std::fs::create_dir(folder)
            && e.kind() != std::io::ErrorKind::AlreadyExists
        {
            return Err(e);
        }
        let fd = open(folder, flags, Mode::empty())?;
        flock(&fd, FlockOperation::LockExclusive)?;
        let (held, now) = (fstat(&fd)?, stat(folder));
        if now.is_ok_and(|now| (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino)) {
            return Ok(fd);
        }
    }
}

/// How [`lock_folder`] may reach its folder.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// Through a symbolic link, as any folder above an output.
    Through,
    /// Only as a folder itself.
    NotALink,
}

/// What may stand where an output goes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Expect {
    File,
    Folder,
}

/// Refuses a symbolic link where an output goes, and anything but a
/// regular file (a folder, device, FIFO or socket) where a file goes, or
/// anything but a folder where a folder goes.
fn refuse_in_the_way(path: &Path, expect: Expect) -> std::io::Result<()> {
    let kind = match std::fs::symlink_metadata(path) {
        // Nothing there, or a file above it (which `create_parents` names).
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
            ) =>
        {
            return Ok(());
        }
        Err(e) => return Err(e),
        Ok(meta) => meta.file_type(),
    };
    let what = if kind.is_symlink() {
        "a symbolic link is there, and scramble never writes through links"
    } else if (expect == Expect::File && kind.is_file()) || (expect == Expect::Folder && kind.is_dir()) {
        return Ok(());
    } else if kind.is_dir() {
        "a folder is there, not a file"
    } else if kind.is_file() {
        "a file is there, not a folder"
    } else {
        "a device, FIFO or socket is there, not a regular file"
    };
    Err(std::io::Error::new(std::io::ErrorKind::AlreadyExists, what))
}

/// Removes the staging folders and temporary files that processes which
/// no longer run left beside `leaf` in `parent`.
fn remove_stale(parent: &Path, leaf: &str) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    let prefixes = [format!(".{leaf}.staging-"), format!(".{leaf}.tmp-")];
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let Some(rest) = prefixes.iter().find_map(|p| name.strip_prefix(p.as_str())) else {
            continue;
        };
        let pid = rest.split('-').next().and_then(|p| p.parse::<i32>().ok());
        if pid.is_some_and(|pid| !is_running(pid)) {
            remove_path(&entry.path());
        }
    }
}

/// Whether a process with this id exists (ours always does).
fn is_running(pid: i32) -> bool {
    match rustix::process::Pid::from_raw(pid) {
        Some(pid) => !matches!(rustix::process::test_kill_process(pid), Err(rustix::io::Errno::SRCH)),
        None => true,
    }
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
    let topmost = tree::first_missing(parent)?;
    std::fs::create_dir_all(parent)?;
    Ok(topmost)
}

fn remove_created(created: Option<PathBuf>) {
    if let Some(dir) = created {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// Removes a file, a link (not its target) or a folder with its contents.
fn remove_path(path: &Path) {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => {
            let _ = std::fs::remove_dir_all(path);
        }
        Ok(_) => {
            let _ = std::fs::remove_file(path);
        }
        Err(_) => {}
    }
}

/// The folder holding `path` (`.` for a bare name).
fn parent_of(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// The last component of `path`, as text, cut to its first [`LEAF_LIMIT`]
/// bytes (whole characters): the stem of the hidden names beside it.
fn leaf(path: &Path) -> String {
    let mut leaf = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let mut end = LEAF_LIMIT.min(leaf.len());
    while !leaf.is_char_boundary(end) {
        end -= 1;
    }
    leaf.truncate(end);
    leaf
}

/// The bytes of a destination's name that its hidden names keep: a file
/// name may have 255 bytes, and `.NAME.staging-PID-XXXXXX` adds up to 32.
const LEAF_LIMIT: usize = 200;

/// `.NAME.KIND-PID-`: hidden, on the same file system as `path` (so a
/// rename is atomic); the caller adds random characters, and the process
/// id lets a later run tell a dead process's leftovers.
fn hidden_prefix(path: &Path, kind: &str) -> String {
    format!(".{}.{kind}-{}-", leaf(path), std::process::id())
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    fn write_atomic(path: &Path, contents: &[u8]) -> Result<()> {
        Target::new(path).write(contents)
    }

    pub(super) fn set(names: &[&str]) -> Vec<(PathBuf, String)> {
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
    fn names_of_the_longest_length_are_written() {
        let dir = tempfile::tempdir().unwrap();
        // 255 bytes, the most a name may have, in two-byte characters.
        let long = format!("{}x", "é".repeat(127));
        let file = dir.path().join(&long);
        write_atomic(&file, b"one").unwrap();
        let folder = dir.path().join("f".repeat(255));
        write_set(&folder, &set(&["a.svg"]), Owns::Folder).unwrap();
        write_set(&folder, &set(&["b.svg"]), Owns::Names(&["a.svg", "b.svg"])).unwrap();
        assert_eq!(names(dir.path()), ["f".repeat(255), long]);
        assert_eq!(names(&folder), ["b.svg"]);
    }

    #[test]
    fn leftovers_of_dead_processes_are_removed_beside_a_path() {
        let dir = tempfile::tempdir().unwrap();
        let left = dir.path().join(".c.json.tmp-2147483600-abc");
        std::fs::write(&left, "{").unwrap();
        remove_leftovers(&dir.path().join("c.json"));
        assert!(!left.exists());
        remove_leftovers(&dir.path().join("missing/c.json"));
        assert!(!dir.path().join("missing").exists(), "no folder is made");
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
        // Named where the user will look, not in the hidden staging.
        assert!(
            err.starts_with(&folder.join("a.svg/b.svg").display().to_string()),
            "{err}"
        );
        assert_eq!(names(&folder), ["old.svg"]);
        assert_eq!(names(folder.parent().unwrap()), ["p"]);
        let fresh = dir.path().join("new/deep/q");
        let err = write_set(&fresh, &files, Owns::Folder).unwrap_err().to_string();
        assert!(
            err.starts_with(&fresh.join("a.svg/b.svg").display().to_string()),
            "{err}"
        );
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
    fn stale_staging_of_dead_processes_goes_and_live_ones_stay() {
        let dir = tempfile::tempdir().unwrap();
        let dead = dir.path().join(".p.staging-2147483600-abcdef");
        let live = dir.path().join(format!(".p.staging-{}-ghijkl", std::process::id()));
        for stale in [&dead, &live] {
            std::fs::create_dir_all(stale.join("sub")).unwrap();
            std::fs::write(stale.join("sub/a.svg"), "a").unwrap();
        }
        std::fs::write(dir.path().join(".p.tmp-2147483600-xyz"), "t").unwrap();
        write_set(&dir.path().join("p"), &set(&["a.svg"]), Owns::Folder).unwrap();
        let left = names(dir.path());
        assert_eq!(
            left,
            [live.file_name().unwrap().to_string_lossy().into_owned(), "p".into()]
        );
    }

    #[test]
    fn folders_above_an_output_are_reached_through_links() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real");
        std::fs::create_dir_all(real.join("sub")).unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomic(&link.join("x.cnf"), b"x").unwrap();
        write_atomic(&link.join("sub/y.cnf"), b"y").unwrap();
        write_set(&link.join("p"), &set(&["a.svg"]), Owns::Folder).unwrap();
        write_set(&link.join("q"), &set(&["b.svg"]), Owns::Names(&["b.svg"])).unwrap();
        assert_eq!(names(&real), ["p", "q", "sub", "x.cnf"]);
        let nowhere = dir.path().join("nowhere");
        std::os::unix::fs::symlink(dir.path().join("missing"), &nowhere).unwrap();
        for err in [
            write_atomic(&nowhere.join("x.cnf"), b"x").unwrap_err(),
            write_set(&nowhere.join("p"), &set(&["a.svg"]), Owns::Folder).unwrap_err(),
        ] {
            assert!(
                err.to_string().contains("nowhere is a symbolic link to nothing"),
                "{err}"
            );
        }
        assert!(!dir.path().join("missing").exists());
    }

    #[test]
    fn links_and_special_files_in_the_way_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let outside = dir.path().join("outside");
        std::fs::create_dir(&outside).unwrap();
        std::fs::write(outside.join("r.svg"), "precious").unwrap();
        let link = dir.path().join("out/p");
        std::fs::create_dir(dir.path().join("out")).unwrap();
        std::os::unix::fs::symlink(&outside, &link).unwrap();
        for owns in [Owns::Folder, Owns::Names(&["r.svg"])] {
            let err = write_set(&link, &set(&["r.svg"]), owns).unwrap_err().to_string();
            assert!(err.contains("symbolic link"), "{err}");
        }
        let err = write_atomic(&link, b"x").unwrap_err().to_string();
        assert!(err.contains("symbolic link"), "{err}");
        let file_link = dir.path().join("out/f.svg");
        std::os::unix::fs::symlink(outside.join("r.svg"), &file_link).unwrap();
        assert!(write_atomic(&file_link, b"x").is_err());
        let shared = dir.path().join("shared");
        std::fs::create_dir(&shared).unwrap();
        std::os::unix::fs::symlink(outside.join("r.svg"), shared.join("r.svg")).unwrap();
        assert!(write_set(&shared, &set(&["r.svg"]), Owns::Names(&["r.svg"])).is_err());
        assert_eq!(std::fs::read(outside.join("r.svg")).unwrap(), b"precious");
        assert_eq!(names(&outside), ["r.svg"]);
        let err = write_atomic(&outside, b"x").unwrap_err().to_string();
        assert!(err.contains("a folder is there"), "{err}");
    }
}
