//! `kibitzer._native`, the extension module behind the `kibitzer` Python package: thin bindings
//! over the `kibitzer` crate's library (`kibitzer::run`, the command line; `kibitzer::api`, the
//! checks, formatting and settings), so that Python runs the code the binary runs. Results cross
//! as plain tuples; `python/kibitzer/__init__.py` turns them into typed, frozen objects.
//!
//! No panic crosses into Python: every entry point runs under [`guarded`], which turns a panic
//! into `kibitzer.Error`. Work on texts runs with the GIL released.

mod columns;

use kibitzer::api::{self, Checked};
use kibitzer_syntax::diagnostic::Applicability;
use kibitzer_syntax::text::Encoding;
use kibitzer_syntax::{CheckOptions, Mode};
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};
use std::ffi::OsString;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::{mpsc, Arc};
use std::time::Duration;

pyo3::create_exception!(
    _native,
    Error,
    PyException,
    "kibitzer could not do what was asked: the message names the file and the reason."
);

/// `f()`, with its error and any panic inside it as `kibitzer.Error`.
fn guarded<T>(f: impl FnOnce() -> Result<T, String>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(message)) => Err(Error::new_err(message)),
        Err(panic) => {
            let why = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown cause".to_owned());
            Err(Error::new_err(format!("internal error (a bug in kibitzer, please report it): {why}")))
        }
    }
}

/// Runs the command line `argv` (program name first) as the `kibitzer` binary would, and returns
/// its exit status. The console script `kibitzer` is this.
#[pyfunction]
fn run(py: Python<'_>, argv: Vec<OsString>) -> PyResult<u8> {
    py.detach(|| guarded(|| Ok(kibitzer::exit_status(kibitzer::run(argv)))))
}

/// A diagnostic as a tuple: path, line, column, end_line, end_column, severity, code, message,
/// related [(line, column, end_line, end_column, message)], fix (title, safe, edits
/// [(line, column, end_line, end_column, replacement)]) or None.
type RelatedTuple = (u32, u32, u32, u32, String);
type EditTuple = (u32, u32, u32, u32, String);
type FixTuple = (String, bool, Vec<EditTuple>);
type DiagnosticTuple =
    (String, u32, u32, u32, u32, &'static str, &'static str, String, Vec<RelatedTuple>, Option<FixTuple>);

fn to_tuple(checked: Checked) -> DiagnosticTuple {
    let l = checked.located;
    let related = l.related.into_iter().map(|r| (r.line, r.column, r.end_line, r.end_column, r.message)).collect();
    let fix = l.fix.map(|f| {
        let edits = f.edits.into_iter().map(|e| (e.line, e.column, e.end_line, e.end_column, e.content)).collect();
        (f.message, f.applicability == Applicability::Safe, edits)
    });
    (l.path, l.line, l.column, l.end_line, l.end_column, l.severity.as_str(), l.code, l.message, related, fix)
}

fn mode_of(mode: Option<&str>) -> Result<Option<Mode>, String> {
    mode.map(|m| Mode::parse(m).ok_or_else(|| format!("unknown mode {m:?} (expected \"import\" or \"export\")")))
        .transpose()
}

fn options(path: Option<&PathBuf>, mode: Option<&str>, config: Option<&PathBuf>) -> Result<CheckOptions, String> {
    api::options(path.map(PathBuf::as_path), mode_of(mode)?, config.map(PathBuf::as_path))
}

/// What Python handed over as a file's content: text, or bytes to decode as a file's.
enum Source {
    Text(String),
    Bytes(Vec<u8>),
}

fn source_of(source: &Bound<'_, PyAny>) -> PyResult<Source> {
    if let Ok(text) = source.cast::<PyString>() {
        return Ok(Source::Text(text.to_cow()?.into_owned()));
    }
    if let Ok(bytes) = source.cast::<PyBytes>() {
        return Ok(Source::Bytes(bytes.as_bytes().to_vec()));
    }
    source
        .extract::<Vec<u8>>()
        .map(Source::Bytes)
        .map_err(|_| Error::new_err("the source must be str or bytes (a file's content)"))
}

/// How often a long call looks at Python while its work runs on a thread of its own: for
/// Ctrl-C (`KeyboardInterrupt`) and to report progress.
const POLL: Duration = Duration::from_millis(50);

/// `work` run on a thread of its own while the calling thread, without the GIL but for a moment
/// every [`POLL`], looks for signals (Python runs its handlers only when asked, and native code
/// never asks: Ctrl-C would wait for the end of the call) and calls `on_progress(done, total)`
/// when the count moved. On a signal or a callback's exception, the work is asked to stop at its
/// next step ([`api::Progress::stop`]) and that exception is raised at once; the work's thread
/// ends by itself, its result dropped.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    on_progress: Option<Bound<'_, PyAny>>,
    work: impl FnOnce(&api::Progress) -> Result<T, String> + Send + 'static,
) -> PyResult<T> {
    let progress = Arc::new(api::Progress::default());
    let shared = Arc::clone(&progress);
    let (sender, receiver) = mpsc::channel();
    std::thread::Builder::new()
        .name("kibitzer-call".to_owned())
        .spawn(move || {
            let _ = sender.send(guarded(|| work(&shared)));
        })
        .map_err(|e| Error::new_err(format!("cannot start a thread: {e}")))?;
    let mut reported = None;
    let mut report = |progress: &api::Progress| -> PyResult<()> {
        let Some(callback) = &on_progress else { return Ok(()) };
        let now = (progress.done.load(Ordering::Relaxed), progress.total.load(Ordering::Relaxed));
        if reported != Some(now) {
            reported = Some(now);
            callback.call1(now)?;
        }
        Ok(())
    };
    let mut receiver = receiver;
    loop {
        // The receiver goes into the GIL-free wait and comes back (it may not be shared).
        let (answer, back) = py.detach(move || (receiver.recv_timeout(POLL), receiver));
        receiver = back;
        match answer {
            Ok(result) => {
                let value = result?;
                report(&progress)?;
                return Ok(value);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(Error::new_err(
                    "internal error (a bug in kibitzer, please report it): the call ended without an answer",
                ));
            }
        }
        if let Err(raised) = py.check_signals().and_then(|()| report(&progress)) {
            progress.stop.store(true, Ordering::Relaxed);
            return Err(raised);
        }
    }
}

/// The diagnostics of `source` (str or bytes), as `kibitzer check --format json` gives them;
/// bytes are read as a file's (compressed or PGC when their first bytes or `path` say so).
#[pyfunction]
#[pyo3(signature = (source, lang=None, path=None, mode=None, config=None, progress=None))]
fn check(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    lang: Option<&str>,
    path: Option<PathBuf>,
    mode: Option<&str>,
    config: Option<PathBuf>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<Vec<DiagnosticTuple>> {
    let source = source_of(source)?;
    let lang = lang.map(str::to_owned);
    let mode = mode.map(str::to_owned);
    interruptible(py, progress, move |progress| {
        let options = options(path.as_ref(), mode.as_deref(), config.as_ref())?;
        let name = path.as_ref().map_or_else(|| "<string>".to_owned(), |p| p.display().to_string());
        let found = match &source {
            Source::Text(text) => {
                let lang = api::lang_of(lang.as_deref(), path.as_deref())?;
                api::check_text(lang, text, &name, &options)
            }
            Source::Bytes(bytes) => {
                let lang = lang.as_deref().map(|l| api::lang_of(Some(l), None)).transpose()?;
                // Named by `path`, the bytes are read as the file would be; else by their first bytes.
                let named = path.as_ref().map(|_| name.as_str());
                api::check_named_bytes(named, bytes, lang, &options, progress)?
            }
        };
        Ok(found.into_iter().map(to_tuple).collect())
    })
}

/// The diagnostics of the file at `path` (compressed and PGC files too), as `kibitzer check
/// --format json PATH` gives them.
#[pyfunction]
#[pyo3(signature = (path, lang=None, mode=None, config=None, progress=None))]
fn check_file(
    py: Python<'_>,
    path: PathBuf,
    lang: Option<&str>,
    mode: Option<&str>,
    config: Option<PathBuf>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<Vec<DiagnosticTuple>> {
    let lang = lang.map(str::to_owned);
    let mode = mode.map(str::to_owned);
    interruptible(py, progress, move |progress| {
        let lang = lang.as_deref().map(|l| api::lang_of(Some(l), None)).transpose()?;
        let options = options(Some(&path), mode.as_deref(), config.as_ref())?;
        Ok(api::check_file_with(&path, lang, &options, progress)?.into_iter().map(to_tuple).collect())
    })
}

/// The diagnostics of every `(name, content)` pair, in input order, checked on up to `threads`
/// threads (default: every core) with the GIL released; each item read as `check_file` reads a
/// file of that name and content.
#[pyfunction]
#[pyo3(signature = (items, threads=None, mode=None, config=None, progress=None))]
fn check_many(
    py: Python<'_>,
    items: Vec<(String, Vec<u8>)>,
    threads: Option<usize>,
    mode: Option<&str>,
    config: Option<PathBuf>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<Vec<Vec<DiagnosticTuple>>> {
    let mode = mode.map(str::to_owned);
    interruptible(py, progress, move |progress| {
        let options = options(None, mode.as_deref(), config.as_ref())?;
        // Every name's format first: a batch with an unknown name fails before any work.
        for (name, _) in &items {
            api::lang_of(None, Some(Path::new(name)))?;
        }
        progress.total.store(items.len() as u64, Ordering::Relaxed);
        let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        let found = kibitzer_syntax::map_on(threads, items.len(), |i| {
            progress.go_on()?;
            let (name, bytes) = &items[i];
            let found = api::check_named_bytes(Some(name), bytes, None, &options, &api::Progress::default());
            progress.step();
            found.map(|found| found.into_iter().map(to_tuple).collect())
        });
        progress.go_on()?;
        found.into_iter().collect()
    })
}

/// The files found, each (path, format), and the walk's notes.
type FilesTuple = (Vec<(String, &'static str)>, Vec<String>);

/// The files `kibitzer check PATHS` checks, with their formats (`lang` narrows a walk to one),
/// folders walked as it walks them, and the walk's notes (link loops).
#[pyfunction]
#[pyo3(signature = (paths, lang=None, hidden=false, no_ignore=false, follow=false))]
fn files(paths: Vec<PathBuf>, lang: Option<&str>, hidden: bool, no_ignore: bool, follow: bool) -> PyResult<FilesTuple> {
    guarded(|| {
        let lang = lang.map(|l| api::lang_of(Some(l), None)).transpose()?;
        let walk = api::WalkOptions { follow, no_ignore, hidden };
        let walked = api::files(&paths, lang, &walk)?;
        Ok((walked.files.into_iter().map(|(p, l)| (p.display().to_string(), l.id())).collect(), walked.notes))
    })
}

/// `text` in the export format, as `kibitzer fmt` writes it; with `strict`, a unit with syntax
/// errors (which is otherwise left as written) is an error.
#[pyfunction]
#[pyo3(signature = (text, lang, strict=false))]
fn format(py: Python<'_>, text: String, lang: &str, strict: bool) -> PyResult<String> {
    let lang = lang.to_owned();
    py.detach(move || {
        guarded(|| {
            let lang = api::lang_of(Some(&lang), None)?;
            let formatted = api::format_text(lang, &text, "<string>")?;
            if strict && !formatted.skipped.is_empty() {
                let units = api::describe_skipped(&text, lang, &formatted);
                return Err(format!("<string>: left as written, with syntax errors: {}", units.join("; ")));
            }
            Ok(formatted.text)
        })
    })
}

/// A rule: code, name, severity, scope, section, summary, explanation, bad, good.
type RuleTuple = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

/// The rule catalogue.
#[pyfunction]
fn rules() -> PyResult<Vec<RuleTuple>> {
    guarded(|| {
        Ok(kibitzer_syntax::rules::catalogue()
            .into_iter()
            .map(|r| {
                let scope = match r.scope {
                    kibitzer_syntax::diagnostic::RuleScope::Import => "import",
                    kibitzer_syntax::diagnostic::RuleScope::Export => "export",
                };
                (r.code, r.name, r.severity.as_str(), scope, r.section, r.summary, r.explanation, r.bad, r.good)
            })
            .collect())
    })
}

/// The analysis of every deal of a PBN text (str, or bytes decoded as a file's, or the file at
/// `path`, decompressed when its name says so) as JSON
/// (`kibitzer dd --format json`'s rows); an error when the text holds no deal or one that is
/// not complete.
#[pyfunction]
#[pyo3(signature = (source=None, path=None, progress=None))]
fn dd(
    py: Python<'_>,
    source: Option<&Bound<'_, PyAny>>,
    path: Option<PathBuf>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<String> {
    let source = source.map(source_of).transpose()?;
    interruptible(py, progress, move |progress| {
        let text = match (source, path) {
            (Some(Source::Text(text)), _) => text,
            (Some(Source::Bytes(bytes)), _) => kibitzer_syntax::text::decode_owned(bytes).text,
            (None, Some(path)) => kibitzer_syntax::text::decode_owned(api::read_whole(&path)?).text,
            (None, None) => return Err("give a PBN text or a path".to_owned()),
        };
        let rows = api::double_dummy_of_deals(&text, progress)?;
        serde_json::to_string(&rows).map_err(|e| e.to_string())
    })
}

/// The games of a PGN file at `path`, or of `source` (text, or bytes read as a file named
/// `path` is), as the columns `kibitzer.read_games` makes a table of.
#[pyfunction]
#[pyo3(signature = (path=None, source=None, progress=None))]
fn read_games<'py>(
    py: Python<'py>,
    path: Option<PathBuf>,
    source: Option<&Bound<'py, PyAny>>,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let source = source.map(source_of).transpose()?;
    let games = interruptible(py, progress, move |progress| match (source, path) {
        (Some(Source::Text(text)), _) => Ok(api::games_of_text(&text, 0)),
        (Some(Source::Bytes(bytes)), path) => api::read_games(path.as_deref(), Some(&bytes), progress),
        (None, Some(path)) => api::read_games(Some(&path), None, progress),
        (None, None) => Err("give a path or a source".to_owned()),
    })?;
    columns::games(py, &games)
}

/// The games of a piece of a PGN text, its lines counted from `lines_before` (a task of
/// `kibitzer.dask.read_games`), as the columns of [`read_games`].
#[pyfunction]
fn games_of_text<'py>(py: Python<'py>, text: String, lines_before: u32) -> PyResult<Bound<'py, PyDict>> {
    let games = py.detach(move || guarded(|| Ok(api::games_of_text(&text, lines_before))))?;
    columns::games(py, &games)
}

/// The deals of a PBN or LIN file at `path`, or of `source` (text in the format `lang` or of
/// `path`'s name, or bytes read as a file named `path` is), as the columns `kibitzer.read_deals`
/// makes a table of.
#[pyfunction]
#[pyo3(signature = (path=None, source=None, lang=None))]
fn read_deals<'py>(
    py: Python<'py>,
    path: Option<PathBuf>,
    source: Option<&Bound<'py, PyAny>>,
    lang: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let source = source.map(source_of).transpose()?;
    let lang = lang.map(str::to_owned);
    let deals = interruptible(py, None, move |_| {
        let lang = lang.as_deref().map(|l| api::lang_of(Some(l), None)).transpose()?;
        match (source, path) {
            (Some(Source::Text(text)), path) => {
                let lang = match lang {
                    Some(lang) => lang,
                    None => api::lang_of(None, path.as_deref())
                        .map_err(|_| "give lang (pbn or lin) for a text".to_owned())?,
                };
                api::read_deals(lang, &text)
            }
            (Some(Source::Bytes(bytes)), path) => api::read_deals_of(path.as_deref(), Some(&bytes), lang),
            (None, Some(path)) => api::read_deals_of(Some(&path), None, lang),
            (None, None) => Err("give a path or a source".to_owned()),
        }
    })?;
    columns::deals(py, &deals)
}

/// Calls `each(name, lang, text, lines_before)` with the decompressed text of the compressed
/// file `path`, a chunk of whole units of about `size` bytes at a time (each zip member's in
/// turn): how `kibitzer.dask.read_games` spreads a compressed dump over tasks while one task
/// decompresses it. The decompression runs without the GIL.
#[pyfunction]
fn for_each_text_chunk(py: Python<'_>, path: PathBuf, size: usize, each: Bound<'_, PyAny>) -> PyResult<()> {
    let each = each.unbind();
    let mut raised: Option<PyErr> = None;
    let result = py.detach(|| {
        guarded(|| {
            api::for_each_text_chunk(&path, size, &mut |chunk| {
                Python::attach(|py| {
                    each.bind(py).call1((chunk.name, chunk.lang.id(), chunk.text, chunk.lines_before)).map(drop)
                })
                .map_err(|e| {
                    raised = Some(e);
                    "stopped by the callback".to_owned()
                })
            })
        })
    });
    match (raised, result) {
        (Some(e), _) => Err(e),
        (None, result) => result,
    }
}

/// Deals this process has solved with the solver, and read from the persistent cache.
#[pyfunction]
fn dd_counts() -> (u64, u64) {
    api::double_dummy_counts()
}

// What `kibitzer.dask` needs to cut a file into tasks without holding it whole: a likely unit
// start near an offset, the end units of a piece, the proof of a cut, a piece checked alone.

/// Where a unit most likely starts at or after `start` in `window` (bytes of a file), or None.
#[pyfunction]
fn likely_unit_start(lang: &str, window: &[u8], start: usize) -> PyResult<Option<usize>> {
    guarded(|| {
        let lang = api::lang_of(Some(lang), None)?;
        // A window may end inside a character: the cut is at an ASCII `[` or a line start, so
        // decoding as Latin-1 keeps every offset where it is.
        let text = kibitzer_syntax::text::decode_as(window, Encoding::Latin1);
        let byte_offsets: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
        let start_char = start.min(window.len());
        let at = byte_offsets.get(start_char).copied().unwrap_or(text.len());
        Ok(kibitzer_syntax::likely_unit_start(lang, &text, at)
            .map(|found| byte_offsets.partition_point(|&b| b < found)))
    })
}

/// A piece's line breaks, whether it is UTF-8, its number of units, and its first and last
/// unit's byte ranges (first start, first end, last start, last end).
type Survey = (u32, bool, usize, Option<(usize, usize, usize, usize)>);

/// What the pieces of a file cut at likely unit starts tell the driver that cut it, each
/// parsed alone: the piece's line breaks, whether it is valid UTF-8, its units.
#[pyfunction]
fn survey(py: Python<'_>, lang: &str, piece: Vec<u8>, first: bool) -> PyResult<Survey> {
    let lang = lang.to_owned();
    py.detach(move || {
        guarded(|| {
            let lang = api::lang_of(Some(&lang), None)?;
            let bom = first && piece.starts_with(b"\xEF\xBB\xBF");
            let skip = if bom { 3 } else { 0 };
            let body = &piece[skip..];
            let utf8 = std::str::from_utf8(body).is_ok();
            let encoding = if utf8 { Encoding::Utf8 } else { Encoding::Latin1 };
            let text = kibitzer_syntax::text::decode_as(body, encoding);
            // Latin-1 text holds a character per byte, two bytes of the string past 0x7F.
            let to_bytes = |at: kibitzer_syntax::TextSize| {
                let at = usize::from(at);
                skip + if utf8 { at } else { text[..at].chars().count() }
            };
            let units = kibitzer_syntax::units(lang, &text);
            let ends = units
                .first()
                .zip(units.last())
                .map(|(f, l)| (to_bytes(f.start()), to_bytes(f.end()), to_bytes(l.start()), to_bytes(l.end())));
            Ok((api::line_breaks(lang, &text), utf8, units.len(), ends))
        })
    })
}

/// The 1-based line on which each unit of a file's bytes starts (decoded as a file is).
#[pyfunction]
fn unit_lines(py: Python<'_>, lang: &str, data: Vec<u8>) -> PyResult<Vec<u32>> {
    let lang = lang.to_owned();
    py.detach(move || {
        guarded(|| {
            let lang = api::lang_of(Some(&lang), None)?;
            Ok(api::unit_lines(lang, &kibitzer_syntax::text::decode(&data).text))
        })
    })
}

/// How `kibitzer.dask` treats the file at `path`: its format, and whether it can be cut into
/// pieces (a plain PGN or EPD file; compressed, PGC, PBN and PBI files go whole).
#[pyfunction]
fn file_kind(path: PathBuf) -> PyResult<(&'static str, bool)> {
    guarded(|| {
        let lang = api::lang_of(None, Some(&path))?;
        Ok((lang.id(), api::can_cut(&path, lang)))
    })
}

/// Whether the cut between two pieces keeps the units ([`kibitzer_syntax::proves_join`]):
/// `tail` runs from the last unit's start of the piece before to the cut (the unit ends at
/// `last_end`), `head` from the cut to the end of the first unit of the piece after (which
/// starts at `first_start`), in bytes.
#[pyfunction]
fn proves_join(lang: &str, tail: &[u8], last_end: usize, head: &[u8], first_start: usize) -> PyResult<bool> {
    guarded(|| {
        let lang = api::lang_of(Some(lang), None)?;
        // Latin-1 keeps byte offsets; units are found by ASCII syntax, whatever the encoding.
        let tail = kibitzer_syntax::text::decode_as(tail, Encoding::Latin1);
        let head = kibitzer_syntax::text::decode_as(head, Encoding::Latin1);
        let char_offset = |text: &str, bytes: usize| text.char_indices().nth(bytes).map_or(text.len(), |(i, _)| i);
        Ok(kibitzer_syntax::proves_join(
            lang,
            &tail,
            char_offset(&tail, last_end),
            &head,
            char_offset(&head, first_start),
        ))
    })
}

/// The file encoding named as `kibitzer.dask` names it.
fn encoding_of(name: &str) -> Result<Encoding, String> {
    match name {
        "utf-8" => Ok(Encoding::Utf8),
        "utf-8-bom" => Ok(Encoding::Utf8Bom),
        "latin-1" => Ok(Encoding::Latin1),
        other => Err(format!("unknown encoding {other:?}")),
    }
}

/// A piece of a file checked alone, placed as in the whole file: `encoding` is the file's
/// ("utf-8", "utf-8-bom" or "latin-1"), `lines_before` the line breaks before the piece. With
/// the diagnostics, the piece's facts for [`check_across_pieces`], serialized.
#[pyfunction]
#[pyo3(signature = (lang, piece, encoding, name, lines_before, mode=None, config=None))]
#[allow(clippy::too_many_arguments)]
fn check_piece(
    py: Python<'_>,
    lang: &str,
    piece: Vec<u8>,
    encoding: &str,
    name: String,
    lines_before: u32,
    mode: Option<&str>,
    config: Option<PathBuf>,
) -> PyResult<(Vec<DiagnosticTuple>, Vec<u8>)> {
    let lang = lang.to_owned();
    let encoding = encoding.to_owned();
    let mode = mode.map(str::to_owned);
    py.detach(move || {
        guarded(|| {
            let lang = api::lang_of(Some(&lang), None)?;
            let encoding = encoding_of(&encoding)?;
            let path = PathBuf::from(&name);
            let options = options(Some(&path), mode.as_deref(), config.as_ref())?;
            let (found, facts) = api::check_piece(lang, &piece, encoding, &name, lines_before, &options);
            let facts = api::facts_to_bytes(&facts)?;
            Ok((found.into_iter().map(to_tuple).collect(), facts))
        })
    })
}

/// A diagnostic of the checks of a file's games together: the piece it is in, its start and
/// end offsets in that piece's text, severity, code and message.
type InPieceTuple = (usize, u32, u32, &'static str, &'static str, String);

/// The checks of a file's games together (duplicates, spellings of names) from the facts
/// [`check_piece`] gave for each of its pieces, in file order from the start.
#[pyfunction]
#[pyo3(signature = (lang, facts, name, mode=None, config=None))]
fn check_across_pieces(
    py: Python<'_>,
    lang: &str,
    facts: Vec<Vec<u8>>,
    name: String,
    mode: Option<&str>,
    config: Option<PathBuf>,
) -> PyResult<Vec<InPieceTuple>> {
    let lang = lang.to_owned();
    let mode = mode.map(str::to_owned);
    py.detach(move || {
        guarded(|| {
            let lang = api::lang_of(Some(&lang), None)?;
            let options = options(Some(&PathBuf::from(&name)), mode.as_deref(), config.as_ref())?;
            let facts = facts.iter().map(|f| api::facts_from_bytes(f)).collect::<Result<Vec<_>, _>>()?;
            let found = api::check_across_pieces(lang, facts, &options);
            Ok(found
                .into_iter()
                .map(|d| {
                    let (start, end) = (u32::from(d.range.start()), u32::from(d.range.end()));
                    (d.piece, start, end, d.diagnostic.severity.as_str(), d.diagnostic.code, d.diagnostic.message)
                })
                .collect())
        })
    })
}

/// Where ranges (start and end offsets) of a piece's text are in its file, as [`check_piece`]
/// places diagnostics: (line, column, end line, end column), 1-based.
#[pyfunction]
fn place_in_piece(
    py: Python<'_>,
    lang: &str,
    piece: Vec<u8>,
    encoding: &str,
    lines_before: u32,
    ranges: Vec<(u32, u32)>,
) -> PyResult<Vec<[u32; 4]>> {
    let lang = lang.to_owned();
    let encoding = encoding.to_owned();
    py.detach(move || {
        guarded(|| {
            let lang = api::lang_of(Some(&lang), None)?;
            let encoding = encoding_of(&encoding)?;
            api::place_in_piece(lang, &piece, encoding, lines_before, &ranges)
        })
    })
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("Error", m.py().get_type::<Error>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(run, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(check_file, m)?)?;
    m.add_function(wrap_pyfunction!(check_many, m)?)?;
    m.add_function(wrap_pyfunction!(files, m)?)?;
    m.add_function(wrap_pyfunction!(read_games, m)?)?;
    m.add_function(wrap_pyfunction!(games_of_text, m)?)?;
    m.add_function(wrap_pyfunction!(read_deals, m)?)?;
    m.add_function(wrap_pyfunction!(for_each_text_chunk, m)?)?;
    m.add_function(wrap_pyfunction!(format, m)?)?;
    m.add_function(wrap_pyfunction!(rules, m)?)?;
    m.add_function(wrap_pyfunction!(dd, m)?)?;
    m.add_function(wrap_pyfunction!(dd_counts, m)?)?;
    m.add_function(wrap_pyfunction!(likely_unit_start, m)?)?;
    m.add_function(wrap_pyfunction!(survey, m)?)?;
    m.add_function(wrap_pyfunction!(proves_join, m)?)?;
    m.add_function(wrap_pyfunction!(check_piece, m)?)?;
    m.add_function(wrap_pyfunction!(check_across_pieces, m)?)?;
    m.add_function(wrap_pyfunction!(place_in_piece, m)?)?;
    m.add_function(wrap_pyfunction!(unit_lines, m)?)?;
    m.add_function(wrap_pyfunction!(file_kind, m)?)?;
    Ok(())
}
