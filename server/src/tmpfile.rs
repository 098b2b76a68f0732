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

use std::fs::{File, Permissions};
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
        let file = File::options().write(true).create_new(true).open(&tmp)?;
        Ok(Pending { file, path: path.to_path_buf(), named: Some(tmp) })
    }

    /// Gives the written file `permissions` (the original's) and puts it in the original's
    /// place in one step.
    pub fn commit(mut self, permissions: Option<Permissions>) -> io::Result<()> {
        if let Some(p) = permissions {
            self.file.set_permissions(p)?;
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

/// A file without a name in `dir` (`O_TMPFILE`), or `None` where there is no such thing.
#[cfg(target_os = "linux")]
fn anonymous(dir: &Path) -> Option<File> {
    use rustix::fs::{Mode, OFlags};
    // The name is given through /proc at the commit: without /proc, use a named file.
    if !Path::new("/proc/self/fd").is_dir() {
        return None;
    }
    let fd =
        rustix::fs::open(dir, OFlags::TMPFILE | OFlags::WRONLY | OFlags::CLOEXEC, Mode::from_raw_mode(0o600)).ok()?;
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
