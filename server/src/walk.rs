//! Walking the folders a command was given, as ripgrep and ruff walk them (the `ignore` crate):
//! `.gitignore`, `.ignore` and hidden entries are respected unless asked otherwise; symbolic
//! links met inside a folder are not followed unless `--follow` (and then a link back to a folder
//! being walked is reported once and not entered); every file is listed once whatever the
//! number of paths to it (the same device and inode). Shared by `check`, `fmt` and the language
//! server's workspace files.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// How folders are walked (the command line's `--follow`, `--no-ignore`, `--hidden`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::Args)]
pub struct WalkOptions {
    /// Follow symbolic links met while walking folders (a link that leads back to a folder
    /// being walked is reported once and not entered). Paths given on the command line are
    /// always followed.
    #[arg(long, short = 'L')]
    pub follow: bool,
    /// Walk the files that `.gitignore`, `.ignore` and `.git/info/exclude` leave out.
    #[arg(long)]
    pub no_ignore: bool,
    /// Walk hidden files and folders (names starting with a dot) too.
    #[arg(long)]
    pub hidden: bool,
}

/// The identity of a file whatever the path to it: its device and inode (elsewhere than Unix,
/// its canonical path).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FileId(Id);

#[cfg(unix)]
type Id = (u64, u64);
#[cfg(not(unix))]
type Id = PathBuf;

impl FileId {
    /// The file `path` leads to (links followed); `None` when it cannot be looked at.
    pub fn of(path: &Path) -> Option<FileId> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            let meta = std::fs::metadata(path).ok()?;
            Some(FileId((meta.dev(), meta.ino())))
        }
        #[cfg(not(unix))]
        {
            path.canonicalize().ok().map(FileId)
        }
    }
}

/// The files seen so far: a file reached by a second path (a hard link, a followed symbolic
/// link, a path given twice) is not listed again.
#[derive(Default)]
pub struct Seen(HashSet<FileId>);

impl Seen {
    /// Whether `path` leads to a file not seen before (and remembers it). A file that cannot be
    /// looked at counts as new: reading it then reports why.
    pub fn first_time(&mut self, path: &Path) -> bool {
        FileId::of(path).is_none_or(|id| self.0.insert(id))
    }
}

/// What a walk of one folder found.
#[derive(Debug, Default)]
pub struct Walked {
    /// The regular files, in name order (folders first visited in name order too).
    pub files: Vec<PathBuf>,
    /// What the user should be warned of but that is no error: a link loop (once per link),
    /// skipped.
    pub warnings: Vec<String>,
    /// The entries that could not be read (a folder or file without permission, a link to
    /// nothing under `--follow`), one message each naming it: the walk goes on without them,
    /// and the command exits with status 2 at the end, as ripgrep does.
    pub errors: Vec<String>,
}

/// Walks `dir` with `options`. Nothing stops a walk: an entry that cannot be read is one error
/// naming it and a link loop one warning, and the walk goes on with the rest.
pub fn walk(dir: &Path, options: &WalkOptions) -> Walked {
    let respect = !options.no_ignore;
    let mut builder = ignore::WalkBuilder::new(dir);
    builder
        .follow_links(options.follow)
        .hidden(!options.hidden)
        .ignore(respect)
        .git_ignore(respect)
        .git_exclude(respect)
        .git_global(respect)
        .parents(respect)
        // A `.gitignore` counts outside a git repository too (an unpacked archive of games).
        .require_git(false)
        .sort_by_file_name(|a, b| a.cmp(b));
    let mut walked = Walked::default();
    for entry in builder.build() {
        match entry {
            Ok(entry) => {
                // Without --follow, a link is an entry of type link: neither a file nor a
                // folder, skipped (as ripgrep does). With it, links are resolved to their target.
                if entry.file_type().is_some_and(|t| t.is_file()) {
                    walked.files.push(entry.into_path());
                }
            }
            Err(error) => match loop_of(&error) {
                Some((child, ancestor)) => walked.warnings.push(format!(
                    "{}: a symbolic link back to {} (a loop): not followed",
                    crate::terminal::path(child),
                    crate::terminal::path(ancestor)
                )),
                None => {
                    let path = path_of(&error).unwrap_or(dir);
                    match error.io_error().map(innermost) {
                        Some(io) if is_link_loop(io) => walked.warnings.push(link_loop(path)),
                        Some(io) => walked.errors.push(cannot_read(path, io)),
                        None => walked.errors.push(format!("{}: {error}", crate::terminal::path(path))),
                    }
                }
            },
        }
    }
    walked
}

/// The message of an entry that cannot be read: its path and why.
pub fn cannot_read(path: &Path, error: &std::io::Error) -> String {
    format!("{}: cannot read: {error}", crate::terminal::path(path))
}

/// The warning of a symbolic link that leads back to itself through other links.
pub fn link_loop(path: &Path) -> String {
    format!(
        "{}: a loop of symbolic links (each leads to the next, round to itself): skipped",
        crate::terminal::path(path)
    )
}

/// Whether `error` is the system's "too many levels of symbolic links" (`ELOOP`): a link that
/// leads back to itself through other links, which no number of steps resolves. (The standard
/// library's `ErrorKind::FilesystemLoop` is not stable.)
pub fn is_link_loop(error: &std::io::Error) -> bool {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    const ELOOP: i32 = 40;
    #[cfg(all(unix, not(any(target_os = "linux", target_os = "android"))))]
    const ELOOP: i32 = 62;
    #[cfg(unix)]
    {
        error.raw_os_error() == Some(ELOOP)
    }
    #[cfg(not(unix))]
    {
        let _ = error;
        false
    }
}

/// The system's own error inside `error`: the walk wraps it (with the path, which the message
/// names already) in an error of its own.
fn innermost(error: &std::io::Error) -> &std::io::Error {
    let inner = error.get_ref().and_then(|e| e.source()).and_then(|e| e.downcast_ref::<std::io::Error>());
    match inner {
        Some(inner) if error.raw_os_error().is_none() => innermost(inner),
        _ => error,
    }
}

/// The path an error of the walk is about.
fn path_of(error: &ignore::Error) -> Option<&Path> {
    match error {
        ignore::Error::WithPath { path, .. } => Some(path),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => path_of(err),
        ignore::Error::Partial(errors) => errors.iter().find_map(path_of),
        _ => None,
    }
}

/// The link and the folder it leads back to, when `error` is a file-system loop.
fn loop_of(error: &ignore::Error) -> Option<(&Path, &Path)> {
    match error {
        ignore::Error::Loop { ancestor, child } => Some((child, ancestor)),
        ignore::Error::WithPath { err, .. } | ignore::Error::WithDepth { err, .. } => loop_of(err),
        ignore::Error::WithLineNumber { err, .. } => loop_of(err),
        _ => None,
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn names(dir: &Path, files: &[PathBuf]) -> Vec<String> {
        files.iter().map(|f| f.strip_prefix(dir).unwrap().display().to_string()).collect()
    }

    #[test]
    fn links_are_not_followed_unless_asked_and_loops_are_reported_once() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.pgn"), "").unwrap();
        symlink(".", dir.path().join("self")).unwrap();
        let outside = dir.path().join("outside");
        std::fs::create_dir(&outside).unwrap();
        symlink("..", outside.join("up")).unwrap();
        let walked = walk(&outside, &WalkOptions::default());
        assert!(walked.files.is_empty(), "the folder above is not walked: {:?}", walked.files);
        let walked = walk(dir.path(), &WalkOptions::default());
        assert_eq!(names(dir.path(), &walked.files), ["a.pgn"]);
        assert!(walked.warnings.is_empty());
        let inner = dir.path().join("inner");
        std::fs::create_dir(&inner).unwrap();
        symlink("..", inner.join("back")).unwrap();
        let followed = walk(dir.path(), &WalkOptions { follow: true, ..Default::default() });
        let loops: Vec<_> = followed.warnings.iter().filter(|n| n.contains("inner/back:")).collect();
        assert_eq!(loops.len(), 1, "{:?}", followed.warnings);
        assert_eq!(names(dir.path(), &followed.files), ["a.pgn"], "each file once");
    }

    #[test]
    fn ignore_files_and_hidden_entries_are_respected_unless_asked() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["a.pgn", "skip/b.pgn", ".hidden/c.pgn", "d.pgn"] {
            let p = dir.path().join(name);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "").unwrap();
        }
        std::fs::write(dir.path().join(".gitignore"), "skip/\n").unwrap();
        std::fs::write(dir.path().join(".ignore"), "d.pgn\n").unwrap();
        let walked = walk(dir.path(), &WalkOptions::default());
        assert_eq!(names(dir.path(), &walked.files), ["a.pgn"]);
        let all = walk(dir.path(), &WalkOptions { no_ignore: true, hidden: true, ..Default::default() });
        let mut all = names(dir.path(), &all.files);
        all.retain(|n| n.ends_with(".pgn"));
        assert_eq!(all, [".hidden/c.pgn", "a.pgn", "d.pgn", "skip/b.pgn"]);
    }
}
