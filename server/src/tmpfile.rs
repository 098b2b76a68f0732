//! The temporary file that a rewrite (`fmt`, `check --fix`) writes before it replaces the
//! original, made so that a crash (`kill -9`, a power cut, a full disk) leaves no litter.
//!
//! On Linux the file is created with `O_TMPFILE`: it has no name while it is written, so a
//! process killed at any moment before the commit leaves nothing behind. At the commit it is
//! given the name `.NAME.kibitzer-tmp` beside the original (`linkat` through `/proc/self/fd`)
//! and renamed over the original at once — the atomic replace. Where `O_TMPFILE` is not to be
//! had (another system, a file system without it, no `/proc`) the file is written under that
//! recognisable name from the start. Either way the only litter a crash can leave is a
//! `.NAME.kibitzer-tmp` file, and the next rewrite of NAME removes it first.
//!
//! What the replace keeps: a symbolic link stays a link (its target is rewritten: [`resolve`]);
//! the original's permissions and, where the system allows, its owner and group go to the new
//! file. A file with several hard links cannot be replaced without cutting them, so it is
//! rewritten in place instead, but only once the new text is complete in the temporary file
//! and the space for it reserved ([`Pending::commit`]). A rewrite holds a [`Lock`] on the
//! file from before it is read until it is replaced, so that two runs at once take turns and
//! the second formats what the first wrote.

use std::fs::{File, Metadata};
use std::io;
use std::path::{Path, PathBuf};

/// The one name a rewrite of `path` gives its temporary file: `.NAME.kibitzer-tmp` in the same
/// folder (hidden, so that directory walks skip it; not a known extension, so never checked).
pub fn temp_name(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    dir.join(format!(".{name}.kibitzer-tmp"))
}

/// A temporary file being written, to replace `path` on [`Pending::commit`]. Dropped without a
/// commit, it disappears.
pub struct Pending {
    file: File,
    path: PathBuf,
    /// The temporary name, when the file has one already (the fallback without `O_TMPFILE`).
    named: Option<PathBuf>,
}

impl Pending {
    /// A new temporary file for rewriting `path`, in `path`'s folder; the leftover of an earlier
    /// crash is removed first.
    pub fn create(path: &Path) -> io::Result<Pending> {
        let tmp = temp_name(path);
        remove_if_there(&tmp)?;
        let dir = tmp.parent().unwrap_or(Path::new("."));
        if let Some(file) = anonymous(dir) {
            return Ok(Pending { file, path: path.to_path_buf(), named: None });
        }
        let file = File::options().read(true).write(true).create_new(true).open(&tmp)?;
        Ok(Pending { file, path: path.to_path_buf(), named: Some(tmp) })
    }

    /// Puts the written file in the original's place: renamed over it in one step, with the
    /// original's permissions and (where allowed) owner; or, when the original (`original`, its
    /// metadata before the rewrite) has several hard links, copied into it in place.
    pub fn commit(mut self, original: Option<&Metadata>) -> io::Result<()> {
        if let Some(meta) = original {
            if hard_links(meta) > 1 {
                return self.copy_in_place();
            }
            self.file.set_permissions(meta.permissions())?;
            keep_owner(&self.file, meta);
        }
        // On disk before it has the name: a power cut after the rename finds the new text.
        self.file.sync_data()?;
        let tmp = match self.named.take() {
            Some(tmp) => tmp,
            None => {
                let tmp = temp_name(&self.path);
                give_name(&self.file, &tmp)?;
                tmp
            }
        };
        let renamed = std::fs::rename(&tmp, &self.path);
        if renamed.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        renamed
    }

    /// Writes the complete new text over the original's own bytes (its inode, so its hard links,
    /// permissions and owner stay). The space a longer text needs is reserved first, so that a
    /// full disk stops the rewrite before the original is touched.
    fn copy_in_place(&mut self) -> io::Result<()> {
        use io::{Seek, Write};
        let len = self.file.seek(io::SeekFrom::End(0))?;
        let mut original = File::options().write(true).open(&self.path)?;
        reserve(&original, len)?;
        self.file.seek(io::SeekFrom::Start(0))?;
        io::copy(&mut self.file, &mut original)?;
        original.set_len(len)?;
        original.flush()?;
        original.sync_data()
    }
}
impl io::Write for Pending {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        if let Some(tmp) = &self.named {
            let _ = std::fs::remove_file(tmp);
        }
    }
}

fn remove_if_there(path: &Path) -> io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// The file a rewrite of `path` replaces: `path` itself, or the file a symbolic link leads to
/// (so that the link stays a link).
pub fn resolve(path: &Path) -> io::Result<PathBuf> {
    if std::fs::symlink_metadata(path)?.file_type().is_symlink() {
        std::fs::canonicalize(path)
    } else {
        Ok(path.to_path_buf())
    }
}

/// An exclusive hold on a file being rewritten, released when dropped. Taken before the file is
/// read: a second rewrite waits, then (the file having been replaced meanwhile) holds the new
/// file and reads that.
pub struct Lock {
    _file: Option<File>,
}

impl Lock {
    /// Waits for the exclusive hold on the file `path` leads to.
    #[cfg(target_os = "linux")]
    pub fn acquire(path: &Path) -> io::Result<Lock> {
        use std::os::unix::fs::MetadataExt;
        loop {
            let file = File::open(path)?;
            rustix::fs::flock(&file, rustix::fs::FlockOperation::LockExclusive)?;
            // The file may have been replaced while this waited: hold the one the path names now.
            let held = file.metadata()?;
            let now = std::fs::metadata(path)?;
            if (held.dev(), held.ino()) == (now.dev(), now.ino()) {
                return Ok(Lock { _file: Some(file) });
            }
        }
    }

    #[cfg(not(target_os = "linux"))]
    pub fn acquire(_path: &Path) -> io::Result<Lock> {
        Ok(Lock { _file: None })
    }
}

#[cfg(unix)]
fn hard_links(meta: &Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::nlink(meta)
}

#[cfg(not(unix))]
fn hard_links(_meta: &Metadata) -> u64 {
    1
}

/// Gives `file` the owner and group of `meta`, as far as this process may (root may give any; a
/// user only a group of theirs): a file someone else owns keeps them where possible.
#[cfg(unix)]
fn keep_owner(file: &File, meta: &Metadata) {
    use std::os::unix::fs::MetadataExt;
    if std::os::unix::fs::fchown(file, Some(meta.uid()), Some(meta.gid())).is_err() {
        let _ = std::os::unix::fs::fchown(file, None, Some(meta.gid()));
    }
}

#[cfg(not(unix))]
fn keep_owner(_file: &File, _meta: &Metadata) {}

/// Reserves `len` bytes for `file` where the file system can (so that writing them cannot run
/// out of space); elsewhere nothing.
#[cfg(target_os = "linux")]
fn reserve(file: &File, len: u64) -> io::Result<()> {
    if len == 0 {
        return Ok(());
    }
    match rustix::fs::fallocate(file, rustix::fs::FallocateFlags::KEEP_SIZE, 0, len) {
        Err(rustix::io::Errno::OPNOTSUPP) => Ok(()),
        other => other.map_err(io::Error::from),
    }
}

#[cfg(not(target_os = "linux"))]
fn reserve(_file: &File, _len: u64) -> io::Result<()> {
    Ok(())
}

/// A file without a name in `dir` (`O_TMPFILE`), or `None` where there is no such thing.
#[cfg(target_os = "linux")]
fn anonymous(dir: &Path) -> Option<File> {
    use rustix::fs::{Mode, OFlags};
    // The name is given through /proc at the commit: without /proc, use a named file.
    if !Path::new("/proc/self/fd").is_dir() {
        return None;
    }
    let fd =
        rustix::fs::open(dir, OFlags::TMPFILE | OFlags::RDWR | OFlags::CLOEXEC, Mode::from_raw_mode(0o600)).ok()?;
    Some(File::from(fd))
}

#[cfg(not(target_os = "linux"))]
fn anonymous(_dir: &Path) -> Option<File> {
    None
}

/// Gives the nameless `file` the name `tmp` (removing a file of that name that a crashed run
/// left between its own naming and renaming).
#[cfg(target_os = "linux")]
fn give_name(file: &File, tmp: &Path) -> io::Result<()> {
    use rustix::fs::{AtFlags, CWD};
    use std::os::fd::AsRawFd;
    let proc_path = format!("/proc/self/fd/{}", file.as_raw_fd());
    let link = || rustix::fs::linkat(CWD, proc_path.as_str(), CWD, tmp, AtFlags::SYMLINK_FOLLOW);
    match link() {
        Err(rustix::io::Errno::EXIST) => {
            remove_if_there(tmp)?;
            link().map_err(io::Error::from)
        }
        other => other.map_err(io::Error::from),
    }
}

#[cfg(not(target_os = "linux"))]
fn give_name(_file: &File, _tmp: &Path) -> io::Result<()> {
    unreachable!("only Linux makes nameless files")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<_> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }

    #[test]
    fn a_pending_file_has_no_name_until_it_replaces_the_original() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("g.pgn");
        std::fs::write(&file, "old").unwrap();
        let mut pending = Pending::create(&file).unwrap();
        pending.write_all(b"new").unwrap();
        if cfg!(target_os = "linux") {
            assert_eq!(names(dir.path()), ["g.pgn"], "nothing to leave behind while writing");
        }
        pending.commit(None).unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"new");
        assert_eq!(names(dir.path()), ["g.pgn"]);
        // Dropped without a commit: nothing changes, nothing is left.
        let mut pending = Pending::create(&file).unwrap();
        pending.write_all(b"newer").unwrap();
        drop(pending);
        assert_eq!(std::fs::read(&file).unwrap(), b"new");
        assert_eq!(names(dir.path()), ["g.pgn"]);
    }

    /// The folder removed while the new text is written: the commit fails, nothing is left.
    #[test]
    fn a_folder_removed_during_the_rewrite_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let games = dir.path().join("games");
        std::fs::create_dir(&games).unwrap();
        let file = games.join("g.pgn");
        std::fs::write(&file, "old").unwrap();
        let mut pending = Pending::create(&file).unwrap();
        pending.write_all(b"new").unwrap();
        std::fs::remove_dir_all(&games).unwrap();
        assert!(pending.commit(None).is_err());
        assert!(!games.exists(), "nothing made again");
    }

    /// A rewrite of a link rewrites its target; the lock is taken again after a replace.
    #[cfg(unix)]
    #[test]
    fn links_resolve_to_their_target_and_the_lock_follows_a_replace() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.pgn");
        std::fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink("real.pgn", dir.path().join("link.pgn")).unwrap();
        let target = resolve(&dir.path().join("link.pgn")).unwrap();
        assert_eq!(target, real.canonicalize().unwrap());
        assert_eq!(resolve(&real).unwrap(), real);
        let lock = Lock::acquire(&real).unwrap();
        let mut pending = Pending::create(&real).unwrap();
        pending.write_all(b"new").unwrap();
        pending.commit(Some(&std::fs::metadata(&real).unwrap())).unwrap();
        drop(lock);
        // The path names a new file now: a second lock holds that one.
        let _again = Lock::acquire(&real).unwrap();
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
    }

    #[test]
    fn the_leftover_of_a_crash_is_removed_by_the_next_rewrite() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("g.pgn");
        std::fs::write(&file, "old").unwrap();
        std::fs::write(dir.path().join(".g.pgn.kibitzer-tmp"), "half").unwrap();
        let mut pending = Pending::create(&file).unwrap();
        pending.write_all(b"new").unwrap();
        pending.commit(None).unwrap();
        assert_eq!(names(dir.path()), ["g.pgn"]);
        assert_eq!(std::fs::read(&file).unwrap(), b"new");
    }
}
