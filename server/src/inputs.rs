//! Finding, reading and writing the files a command was given, and the settings that apply to
//! them. Shared by `check` and `fmt` (and, for settings, by the language server).

use kibitzer_syntax::config::{CheckOptions, Mode};
use kibitzer_syntax::rules::parse_config;
use kibitzer_syntax::text::{decode_owned, encode, SourceText};
use kibitzer_syntax::Lang;
use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The name of the configuration file looked up from a file's folder upwards.
pub const CONFIG_FILE: &str = "kibitzer.toml";

/// Where an input comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    File(PathBuf),
    /// Standard input; the path (from `--stdin-filepath`) is only a name for messages and settings.
    Stdin(Option<PathBuf>),
}

/// A file to work on, not read yet.
#[derive(Debug, Clone)]
pub struct Target {
    pub origin: Origin,
    pub lang: Lang,
}

impl Target {
    /// The name printed in diagnostics.
    pub fn display_name(&self) -> String {
        match &self.origin {
            Origin::File(p) | Origin::Stdin(Some(p)) => crate::terminal::path(p),
            Origin::Stdin(None) => "<stdin>".to_owned(),
        }
    }

    /// The path settings are looked up from.
    pub fn settings_path(&self) -> Option<&Path> {
        match &self.origin {
            Origin::File(p) | Origin::Stdin(Some(p)) => Some(p),
            Origin::Stdin(None) => None,
        }
    }

    pub fn read(&self) -> Result<SourceText, String> {
        let bytes = match &self.origin {
            Origin::File(p) => read_file(p).map_err(|e| format!("{}: cannot read: {e}", crate::terminal::path(p)))?,
            Origin::Stdin(_) => {
                let mut buf = Vec::new();
                std::io::stdin().read_to_end(&mut buf).map_err(|e| format!("<stdin>: cannot read: {e}"))?;
                buf
            }
        };
        Ok(decode_owned(bytes))
    }
}

/// From this size on, a file is read by several threads at once ([`read_file`]).
const PARALLEL_READ_BYTES: u64 = 4 << 20;

/// The bytes of the file at `path`, as `std::fs::read` gives them. A large regular file is read
/// by as many threads as there are cores (at most four), each its own stretch of it: reading a
/// file the system has cached is copying it into fresh memory, mostly the page faults of that
/// memory, which the cores then take together (30 MB of PGN: 13 ms on one core, the whole of
/// the check's time before its threads start). Anything else (a pipe, a device, a file that
/// shrinks while it is read) is read as `std::fs::read` reads it.
#[cfg(unix)]
pub fn read_file(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::os::unix::fs::FileExt;
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(4);
    let len = usize::try_from(meta.len()).unwrap_or(0);
    if !meta.is_file() || meta.len() < PARALLEL_READ_BYTES || threads < 2 {
        // As `std::fs::read` reads: the memory for the whole file at once.
        let mut bytes = Vec::with_capacity(len);
        (&file).read_to_end(&mut bytes)?;
        return Ok(bytes);
    }
    let mut bytes = vec![0; len];
    let stretch = len.div_ceil(threads);
    let read = std::thread::scope(|s| {
        let readers: Vec<_> = bytes
            .chunks_mut(stretch)
            .enumerate()
            .map(|(i, part)| {
                let file = &file;
                s.spawn(move || file.read_exact_at(part, (i * stretch) as u64))
            })
            .collect();
        readers.into_iter().all(|r| r.join().is_ok_and(|read| read.is_ok()))
    });
    if !read {
        // Shorter than it was, or unreadable in part: read again from the start, as one reader.
        return std::fs::read(path);
    }
    // Longer than it was: what was added since.
    read_rest(&file, bytes)
}

#[cfg(not(unix))]
pub fn read_file(path: &Path) -> std::io::Result<Vec<u8>> {
    std::fs::read(path)
}

/// `bytes` (the file's first `bytes.len()` bytes) and the rest of `file` after them.
#[cfg(unix)]
fn read_rest(file: &std::fs::File, mut bytes: Vec<u8>) -> std::io::Result<Vec<u8>> {
    use std::io::{Seek, SeekFrom};
    let mut file = file;
    file.seek(SeekFrom::Start(bytes.len() as u64))?;
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// What the command line's paths expand to: the files to work on, what the walks want the
/// user to be warned of (link loops, skipped), and the paths that could not be read (each one
/// error naming it: the command goes on with the rest and exits with status 2 at the end).
#[derive(Debug, Default)]
pub struct Collected {
    pub targets: Vec<Target>,
    pub warnings: Vec<String>,
    pub errors: Vec<String>,
}

impl Collected {
    /// Prints the warnings and errors on standard error and gives the targets, and whether
    /// there was an error (the exit status is then 2, once the targets are done).
    pub fn print_problems(self) -> (Vec<Target>, bool) {
        for warning in &self.warnings {
            eprintln!("kibitzer: warning: {warning}");
        }
        for error in &self.errors {
            eprintln!("kibitzer: {error}");
        }
        (self.targets, !self.errors.is_empty())
    }
}

/// Expands the command line's paths: files as given (their format from `lang`, else from the
/// extension; links followed), directories walked as [`crate::walk::walk`] walks them for the
/// known extensions in name order, `-` for standard input (which needs `lang` or a `stdin_path`
/// with a known extension). A file reached by several paths is listed once. A path that does
/// not exist, cannot be read or is a loop of symbolic links is an error of [`Collected`] (the
/// others are still collected); only a usage error (standard input without a format, a file of
/// unknown type) stops it.
pub fn collect_targets(
    paths: &[PathBuf],
    lang: Option<Lang>,
    stdin_path: Option<&Path>,
    walk: &crate::walk::WalkOptions,
) -> Result<Collected, String> {
    let mut collected = Collected::default();
    let mut seen = crate::walk::Seen::default();
    for path in paths {
        if path.as_os_str() == "-" {
            let lang = lang.or_else(|| stdin_path.and_then(Lang::from_path)).ok_or_else(|| {
                "reading standard input needs --lang pgn|pbn|pbi|epd (or --stdin-filepath with a known extension)"
                    .to_owned()
            })?;
            collected.targets.push(Target { origin: Origin::Stdin(stdin_path.map(Path::to_path_buf)), lang });
            continue;
        }
        let shown = || crate::terminal::path(path);
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => {
                let walked = crate::walk::walk(path, walk);
                collected.warnings.extend(walked.warnings);
                collected.errors.extend(walked.errors);
                for file in walked.files {
                    // A directory walk picks files by extension; `--lang` narrows it to one format.
                    let Some(file_lang) = crate::file_kind::lang_of(&file, None) else { continue };
                    if lang.is_none_or(|l| l == file_lang) && seen.first_time(&file) {
                        collected.targets.push(Target { origin: Origin::File(file), lang: file_lang });
                    }
                }
            }
            Ok(_) => {
                let lang = crate::file_kind::lang_of(path, lang).ok_or_else(|| {
                    format!("{}: unknown file type (expected .pgn .pbn .pbi .epd .fen .lin, or use --lang)", shown())
                })?;
                if seen.first_time(path) {
                    collected.targets.push(Target { origin: Origin::File(path.clone()), lang });
                }
            }
            // `Path::exists` says no to a loop of links too: the error says which it is.
            Err(e) if crate::walk::is_link_loop(&e) => collected.errors.push(crate::walk::link_loop(path)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                collected.errors.push(format!("{}: no such file or directory", shown()))
            }
            Err(e) => collected.errors.push(crate::walk::cannot_read(path, &e)),
        }
    }
    Ok(collected)
}

/// Finds the `kibitzer.toml` that governs `path`: in its folder or the nearest folder above.
pub fn find_config(path: &Path) -> Option<PathBuf> {
    let start = if path.is_dir() { path.to_path_buf() } else { path.parent()?.to_path_buf() };
    let start = if start.as_os_str().is_empty() { PathBuf::from(".") } else { start };
    let start = start.canonicalize().ok()?;
    start.ancestors().map(|dir| dir.join(CONFIG_FILE)).find(|candidate| candidate.is_file())
}

/// Reads the settings for files, caching each configuration file once.
#[derive(Default)]
pub struct Settings {
    cache: HashMap<PathBuf, CheckOptions>,
    mode_override: Option<Mode>,
}

impl Settings {
    /// `mode_override` (from `--mode`) wins over the configuration file's `mode`.
    pub fn new(mode_override: Option<Mode>) -> Settings {
        Settings { cache: HashMap::new(), mode_override }
    }

    pub fn options_for(&mut self, path: Option<&Path>) -> Result<CheckOptions, String> {
        let config = match path {
            Some(p) => find_config(p),
            None => std::env::current_dir().ok().and_then(|d| find_config(&d)),
        };
        let mut options = match config {
            None => CheckOptions::default(),
            Some(file) => match self.cache.get(&file) {
                Some(o) => o.clone(),
                None => {
                    let text = std::fs::read_to_string(&file)
                        .map_err(|e| format!("{}: cannot read: {e}", crate::terminal::path(&file)))?;
                    let o = parse_config(&text).map_err(|e| format!("{}: {e}", crate::terminal::path(&file)))?;
                    self.cache.insert(file, o.clone());
                    o
                }
            },
        };
        if let Some(mode) = self.mode_override {
            options.mode = mode;
        }
        Ok(options)
    }
}

/// Writes `text` to `path` in `source`'s encoding without ever leaving the file half-written:
/// a temporary file in the same folder, renamed over the original (see [`Replacement`]).
pub fn write_atomically(path: &Path, text: &str, like: &SourceText) -> Result<(), String> {
    let bytes = encode(text, like.encoding).map_err(|e| {
        format!("{}: not written: {e} (use UTF-8 or remove the character)", crate::terminal::path(path))
    })?;
    let mut replacement = Replacement::new(path)?;
    replacement.write(&bytes)?;
    replacement.commit()
}

/// Takes the rewrite lock of `path` ([`crate::tmpfile::Lock`]): held from before the file is
/// read until its replacement is committed, so that two rewrites at once take turns.
pub fn lock_for_rewrite(path: &Path) -> Result<crate::tmpfile::Lock, String> {
    crate::tmpfile::Lock::acquire(path)
        .map_err(|e| format!("{}: cannot open for rewriting: {e}", crate::terminal::path(path)))
}

/// A file being rewritten piece by piece: the pieces go to a temporary file in the same folder
/// as the file (nameless on Linux, so that a crash leaves nothing: [`crate::tmpfile`]), which
/// [`Replacement::commit`] puts in the original's place. A symbolic link's target is rewritten
/// and the link kept; the original's permissions, owner and hard links are kept. Dropped
/// without a commit, or failing (a full disk, a read-only file system, a folder removed
/// meanwhile), it leaves the original byte for byte. A read-only file is never replaced.
pub struct Replacement {
    /// The path as the user gave it, for messages.
    path: PathBuf,
    /// The original's metadata before the rewrite (links followed; boxed: it is large).
    original: Option<Box<std::fs::Metadata>>,
    tmp: std::io::BufWriter<crate::tmpfile::Pending>,
}

impl Replacement {
    pub fn new(path: &Path) -> Result<Replacement, String> {
        let original = std::fs::metadata(path).ok().map(Box::new);
        // Renaming over a file gets round its read-only bit (and root gets round everything):
        // a file someone made read-only is theirs to keep as it is.
        if original.as_ref().is_some_and(|m| m.permissions().readonly()) {
            return Err(format!(
                "{}: read-only: not rewritten (make it writable to change it)",
                crate::terminal::path(path)
            ));
        }
        let target = crate::tmpfile::resolve(path)
            .map_err(|e| format!("{}: cannot rewrite: {e}", crate::terminal::path(path)))?;
        let tmp = crate::tmpfile::Pending::create(&target)
            .map_err(|e| format!("{}: cannot create a temporary file: {e}", crate::terminal::path(path)))?;
        Ok(Replacement { path: path.to_path_buf(), original, tmp: std::io::BufWriter::new(tmp) })
    }

    pub fn write(&mut self, bytes: &[u8]) -> Result<(), String> {
        std::io::Write::write_all(&mut self.tmp, bytes).map_err(|e| {
            format!("{}: cannot write: {e}; the file is left as it was", crate::terminal::path(&self.path))
        })
    }

    pub fn commit(self) -> Result<(), String> {
        let path = self.path;
        let tmp = self.tmp.into_inner().map_err(|e| {
            format!("{}: cannot write: {}; the file is left as it was", crate::terminal::path(&path), e.error())
        })?;
        tmp.commit(self.original.as_deref())
            .map_err(|e| format!("{}: cannot replace: {e}; the file is left as it was", crate::terminal::path(&path)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A large file read by several threads is every byte of it in order, whatever its length
    /// (each stretch its own part, the last one shorter); small files and what is no regular
    /// file read as `std::fs::read` reads them.
    #[test]
    fn files_read_in_stretches_are_read_whole_and_in_order() {
        let dir = tempfile::tempdir().unwrap();
        for len in
            [0, 10, PARALLEL_READ_BYTES as usize - 1, PARALLEL_READ_BYTES as usize + 7, 3 * 1024 * 1024 + 4097 * 1024]
        {
            // Bytes that differ from stretch to stretch and within one.
            let bytes: Vec<u8> = (0..len).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
            let path = dir.path().join(format!("{len}.pgn"));
            std::fs::write(&path, &bytes).unwrap();
            assert!(read_file(&path).unwrap() == bytes, "{len} bytes");
        }
        assert_eq!(read_file(Path::new("/dev/null")).unwrap(), Vec::<u8>::new());
        assert!(read_file(&dir.path().join("missing.pgn")).is_err());
    }

    #[test]
    fn walks_directories_for_known_extensions_in_order() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["b.pgn", "a.PBN", "notes.txt", "sub/c.fen", ".hidden/d.pgn"] {
            let p = dir.path().join(name);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "").unwrap();
        }
        let walk = crate::walk::WalkOptions::default();
        let targets = collect_targets(&[dir.path().to_path_buf()], None, None, &walk).unwrap().targets;
        let names: Vec<_> =
            targets.iter().map(|t| (t.display_name().rsplit('/').next().unwrap().to_owned(), t.lang)).collect();
        assert_eq!(
            names,
            [("a.PBN".to_owned(), Lang::Pbn), ("b.pgn".to_owned(), Lang::Pgn), ("c.fen".to_owned(), Lang::Epd)]
        );
        let only_pgn = collect_targets(&[dir.path().to_path_buf()], Some(Lang::Pgn), None, &walk).unwrap().targets;
        assert_eq!(only_pgn.len(), 1);
        assert!(collect_targets(&[dir.path().join("notes.txt")], None, None, &walk)
            .unwrap_err()
            .contains("unknown file type"));
        assert!(collect_targets(&[PathBuf::from("-")], None, None, &walk).is_err());
    }

    #[test]
    fn settings_come_from_the_nearest_config_and_the_command_line_wins() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(CONFIG_FILE), "mode = \"export\"\n").unwrap();
        std::fs::create_dir(dir.path().join("games")).unwrap();
        let file = dir.path().join("games/x.pgn");
        std::fs::write(&file, "").unwrap();
        assert_eq!(Settings::new(None).options_for(Some(&file)).unwrap().mode, Mode::Export);
        assert_eq!(Settings::new(Some(Mode::Import)).options_for(Some(&file)).unwrap().mode, Mode::Import);
        std::fs::write(dir.path().join(CONFIG_FILE), "mode = \"strict\"\n").unwrap();
        assert!(Settings::new(None)
            .options_for(Some(&file))
            .unwrap_err()
            .contains("expected \"import\" or \"export\""));
    }

    #[test]
    fn atomic_write_keeps_latin1() {
        use kibitzer_syntax::text::decode;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("x.pgn");
        std::fs::write(&file, b"caf\xe9").unwrap();
        let source = decode(&std::fs::read(&file).unwrap());
        write_atomically(&file, "caf\u{e9}s", &source).unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"caf\xe9s");
        assert!(write_atomically(&file, "\u{2654}", &source).is_err());
        assert_eq!(std::fs::read(&file).unwrap(), b"caf\xe9s", "a failed write leaves the file alone");
    }
}
