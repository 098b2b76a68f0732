//! `kibitzer check`: the linter. Reads every file, runs the shared engine
//! (`kibitzer_syntax::check`), prints the diagnostics and, with `--fix`, applies the safe fixes.

use crate::cli::{trouble, LangArg};
use crate::inputs::{collect_targets, write_atomically, Origin, Settings};
use crate::report::{locate_across, write_github, write_text_shifted, JsonArray, OutputFormat};
use kibitzer_syntax::across_files::{check_stream_piece, EarlierGames};
use kibitzer_syntax::text::LineIndex;
use kibitzer_syntax::{Diagnostic, Lang, Mode, Severity};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct CheckArgs {
    /// Files or directories to check (directories are walked for .pgn .pbn .pbi .epd .fen .lin); `-`
    /// reads standard input.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// `import` checks what people write leniently; `export` also applies the export-format rules
    /// (PGN 3.2, PBN 2.3). Default: the `mode` of kibitzer.toml, else import. A PBN file with a
    /// `% EXPORT` line is always checked in export mode.
    #[arg(long, value_enum)]
    pub mode: Option<ModeArg>,
    /// How to print diagnostics.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub format: OutputFormat,
    /// The format of the input, overriding the file extension; needed for `-` (stdin).
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
    /// Apply the safe fixes to the files (rewritten atomically in their own encoding), then report
    /// what remains.
    #[arg(long)]
    pub fix: bool,
    /// With --fix: also give each PGN game the ECO and Opening tags it lacks (or has as `?`),
    /// the code and name of the last named position its moves reach in the lichess
    /// chess-openings table. --fix alone never adds tags.
    #[arg(long, requires = "fix")]
    pub add_eco: bool,
    /// The name of the file read from standard input: picks its format and its kibitzer.toml.
    #[arg(long, value_name = "PATH")]
    pub stdin_filepath: Option<PathBuf>,
    /// Print at most N diagnostics per file (the first N in text order) and say how many more
    /// there are; 0 prints all. Default: 100 for text and GitHub output, all for JSON. The
    /// summary line and the exit status count them all.
    #[arg(long, value_name = "N")]
    pub max_diagnostics: Option<usize>,
    /// Instead of every diagnostic, one line per rule code: how many were found, the rule's name
    /// and how many `--fix` fixes (`[*]` all, `[~]` some, `[ ]` none), the commonest first, then
    /// the summary. With `--format json`, an array of {code, name, count, fixable}; with
    /// `json-lines`, one such object a line. The exit status is the same as without it.
    #[arg(long)]
    pub statistics: bool,
    /// Also compare the PGN files given (or found in the directories given) with each other, and
    /// the PBN files with each other: a game that repeats a game of another file is a duplicate
    /// (PGN400, PGN401), and players, events and sites are spelled one way across all the files
    /// (PGN402, PGN403, PBN120, PBN121). Files are taken in order of their names as given: the
    /// later copy of a game is reported, naming the file and line of the earlier one. Each file
    /// is read twice. Standard input, compressed and PGC files are checked on their own.
    #[arg(long)]
    pub across_files: bool,
    /// Neither read nor keep the double-dummy solutions of hand records in the cache (solve
    /// every deal again); `kibitzer clean` removes the cache.
    #[arg(long)]
    pub no_cache: bool,
    #[command(flatten)]
    pub walk: crate::walk::WalkOptions,
}

/// Diagnostics printed per file by default in text and GitHub output.
pub const DEFAULT_MAX_DIAGNOSTICS: usize = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ModeArg {
    Import,
    Export,
}

impl From<ModeArg> for Mode {
    fn from(m: ModeArg) -> Mode {
        match m {
            ModeArg::Import => Mode::Import,
            ModeArg::Export => Mode::Export,
        }
    }
}

pub fn run(args: CheckArgs) -> ExitCode {
    if args.no_cache {
        crate::dd::disable_cache();
    }
    let bar = crate::dd::solving_bar();
    let status = check_targets(args);
    drop(bar);
    crate::dd::report_counts();
    status
}

fn check_targets(args: CheckArgs) -> ExitCode {
    // A path that cannot be read is reported and the others checked: the exit status is then 2
    // (as ripgrep's), whatever was found.
    let (targets, unlisted) =
        match collect_targets(&args.paths, args.lang.map(Lang::from), args.stdin_filepath.as_deref(), &args.walk) {
            Ok(collected) => collected.print_problems(),
            Err(e) => return trouble(&e),
        };
    // The files listed that could not be read, each reported on standard error.
    let mut skipped = 0;
    // The deals of the hand records among the files, queued for the solver while the first
    // files are checked.
    let pbn_files = targets.iter().filter_map(|t| match &t.origin {
        Origin::File(path) if t.lang == Lang::Pbn && !crate::file_kind::is_pgc(path) => Some(path.clone()),
        _ => None,
    });
    let _ahead = crate::dd::read_ahead(pbn_files.collect(), crate::dd::Deals::Checked);
    let mut settings = Settings::new(args.mode.map(Mode::from));
    // The text of a file as the check reads it: with `--fix`, as fixed (the files are rewritten
    // later, in the loop).
    let text_of = |target: &crate::inputs::Target, options: &mut kibitzer_syntax::CheckOptions| {
        let source = target.read()?;
        options.encoding = Some(source.encoding);
        let fixed = args.fix.then(|| fixed_text(target.lang, &source.text, options, args.add_eco)).flatten();
        Ok(fixed.unwrap_or(source.text))
    };
    let mut across = match args.across_files.then(|| crate::check_across::prepare(&targets, &mut settings, text_of)) {
        Some(Ok(across)) => Some(across),
        Some(Err(e)) => return trouble(&e),
        None => None,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut json = JsonArray::default();
    let mut sarif = crate::sarif::SarifLog::default();
    let mut counts = Counts::default();
    let limit = match (args.max_diagnostics, args.format) {
        (Some(0), _) | (None, OutputFormat::Json | OutputFormat::JsonLines | OutputFormat::Sarif) => usize::MAX,
        (Some(n), _) => n,
        (None, _) => DEFAULT_MAX_DIAGNOSTICS,
    };
    let mut sinks = Sinks {
        format: args.format,
        out: &mut out,
        json: &mut json,
        sarif: &mut sarif,
        counts: &mut counts,
        statistics: args.statistics.then(crate::statistics::Statistics::default),
        limit,
        shown: 0,
        hidden: 0,
        elsewhere: across.as_mut().map(|a| std::mem::take(&mut a.elsewhere)).unwrap_or_default(),
    };
    for (i, target) in targets.iter().enumerate() {
        let mut options = match settings.options_for(target.settings_path()) {
            Ok(o) => o,
            Err(e) => return trouble(&e),
        };
        if let Origin::File(path) = &target.origin {
            // A file the walk listed but that cannot be opened (no permission): one error naming
            // it, and on to the next. (Only a regular file is tried here: opening a FIFO waits
            // for its writer, and it is opened once, to be read, below.)
            if std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
                if let Err(e) = std::fs::File::open(path) {
                    eprintln!("kibitzer: {}", crate::walk::cannot_read(path, &e));
                    skipped += 1;
                    continue;
                }
            }
            if crate::file_kind::is_pgc(path) {
                sinks.begin_file();
                let checked = check_pgc(path, &args, &options, &mut sinks);
                match checked
                    .and_then(|()| sinks.end_file(&crate::terminal::path(path)).map_err(|e| format!("<stdout>: {e}")))
                {
                    Ok(()) => continue,
                    Err(e) => return trouble(&e),
                }
            }
            if crate::file_kind::compression_of(path).is_some() {
                sinks.begin_file();
                let checked = check_compressed(path, &args, &options, &mut sinks);
                match checked
                    .and_then(|()| sinks.end_file(&crate::terminal::path(path)).map_err(|e| format!("<stdout>: {e}")))
                {
                    Ok(()) => continue,
                    Err(e) => return trouble(&e),
                }
            }
        }
        // Standard input is read as a stream, a chunk of whole units at a time, as a compressed
        // file is: memory stays bounded whatever is piped in.
        if let Origin::Stdin(_) = &target.origin {
            let name = target.display_name();
            sinks.begin_file();
            let stdin = std::io::stdin().lock();
            let checked = check_stream(&name, stdin, false, target.lang, &options, args.fix, &mut |checked| {
                sinks.emit_checked(checked)
            });
            match checked.and_then(|()| sinks.end_file(&name).map_err(|e| format!("<stdout>: {e}"))) {
                Ok(()) => continue,
                Err(e) => return trouble(&e),
            }
        }
        // A file to be fixed is held from before it is read until it is replaced.
        let _lock = match &target.origin {
            Origin::File(path) if args.fix => match crate::inputs::lock_for_rewrite(path) {
                Ok(lock) => Some(lock),
                Err(e) => return trouble(&e),
            },
            _ => None,
        };
        let source = match target.read() {
            Ok(s) => s,
            Err(e) => {
                eprintln!("kibitzer: {e}");
                skipped += 1;
                continue;
            }
        };
        // PBI requires a BOM, which decoding strips from the text: the check is told.
        options.encoding = Some(source.encoding);
        // With --fix, files are rewritten; standard input is only checked as fixed (`fmt` is
        // the command that writes to standard output).
        let fixed = args.fix.then(|| fixed_text(target.lang, &source.text, &options, args.add_eco)).flatten();
        if let (Some(fixed), Origin::File(path)) = (&fixed, &target.origin) {
            if let Err(e) = write_atomically(path, fixed, &source) {
                return trouble(&e);
            }
        }
        let text: &str = fixed.as_deref().unwrap_or(&source.text);
        let found_across = across.as_mut().and_then(|a| a.take(i));
        let (diagnostics, index) = check_and_index_with(target.lang, text, &options, found_across);
        let name = target.display_name();
        sinks.begin_file();
        if sinks.emit_all(&name, text, &index, &diagnostics, 0).is_err() {
            return ExitCode::from(crate::cli::EXIT_TROUBLE);
        }
        if sinks.end_file(&name).is_err() {
            return ExitCode::from(crate::cli::EXIT_TROUBLE);
        }
        if args.format == OutputFormat::JsonLines && sinks.out.flush().is_err() {
            return ExitCode::from(crate::cli::EXIT_TROUBLE);
        }
        if i + 1 == targets.len() {
            // The last file's diagnostics are not freed one by one: the process ends after its
            // output and hands its memory back whole (a hand record with a diagnostic or two a
            // board has hundreds of thousands; freeing them was 3 % of `check --format json`).
            std::mem::forget(diagnostics);
        }
    }
    if let Some(statistics) = sinks.statistics.take() {
        let written = statistics.write(args.format, &mut out, |out| counts.summary(out, targets.len() - skipped));
        if written.and_then(|()| out.flush()).is_err() {
            return ExitCode::from(crate::cli::EXIT_TROUBLE);
        }
        return exit_status(&counts, unlisted || skipped > 0);
    }
    let result = match args.format {
        OutputFormat::Json => json.finish(&mut out).and_then(|_| writeln!(out)),
        OutputFormat::Text => counts.summary(&mut out, targets.len() - skipped),
        OutputFormat::Sarif => sarif.write(&mut out),
        OutputFormat::Github => Ok(()),
        // Streaming consumers see each file's diagnostics as soon as it is checked.
        OutputFormat::JsonLines => Ok(()),
    };
    if result.and_then(|_| out.flush()).is_err() {
        return ExitCode::from(crate::cli::EXIT_TROUBLE);
    }
    exit_status(&counts, unlisted || skipped > 0)
}

/// 2 when a file could not be read (reported on standard error), else 1 when an error was
/// found, else 0.
fn exit_status(counts: &Counts, unreadable: bool) -> ExitCode {
    if unreadable {
        return ExitCode::from(crate::cli::EXIT_TROUBLE);
    }
    ExitCode::from(u8::from(counts.errors > 0))
}

/// The diagnostics of `text` and the index of its lines that places them. A large text's index
/// is built on a thread of its own while the check runs: after it, it would be the one part of
/// `check` on one core (a tenth of the wall time on a 30 MB PGN).
pub fn check_and_index(
    lang: Lang,
    text: &str,
    options: &kibitzer_syntax::CheckOptions,
) -> (Vec<Diagnostic>, LineIndex) {
    check_and_index_with(lang, text, options, None)
}

/// [`check_and_index`]; with `across` (`check --across-files`), the checks of the text's games
/// together are left out and these, found across the files, taken instead.
fn check_and_index_with(
    lang: Lang,
    text: &str,
    options: &kibitzer_syntax::CheckOptions,
    across: Option<Vec<Diagnostic>>,
) -> (Vec<Diagnostic>, LineIndex) {
    const ALONGSIDE_FROM: usize = 1 << 20;
    let diagnose = || match across {
        Some(found) => diagnostics_across(lang, text, options, found),
        None => diagnostics_of(lang, text, options),
    };
    if text.len() < ALONGSIDE_FROM {
        return (diagnose(), LineIndex::with_breaks(text, lang.line_breaks()));
    }
    std::thread::scope(|scope| {
        let index = scope.spawn(|| LineIndex::with_breaks(text, lang.line_breaks()));
        let diagnostics = diagnose();
        let index = index.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
        (diagnostics, index)
    })
}

/// All diagnostics of a file's text, as `kibitzer check` reports them: the engine's and the
/// double-dummy truth of hand records. Files, compressed files, standard input and the language
/// server's workspace diagnostics all check with it.
pub fn diagnostics_of(lang: Lang, text: &str, options: &kibitzer_syntax::CheckOptions) -> Vec<Diagnostic> {
    with_double_dummy(lang, text, options, kibitzer_syntax::check(lang, text, options))
}

/// [`diagnostics_of`] a chunk of a stream: PGN games that repeat a game of the chunks before
/// (which `earlier` remembers) are found too.
fn diagnostics_of_chunk(
    lang: Lang,
    text: &str,
    options: &kibitzer_syntax::CheckOptions,
    earlier: &mut EarlierGames,
) -> Vec<Diagnostic> {
    with_double_dummy(lang, text, options, check_stream_piece(lang, text, options, earlier))
}

/// `diagnostics` (a text's own) with the double-dummy truth of its hand records: the solver
/// against the DD tags.
fn with_double_dummy(
    lang: Lang,
    text: &str,
    options: &kibitzer_syntax::CheckOptions,
    mut diagnostics: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    if lang == Lang::Pbn && crate::dd::has_dd_tags(text) {
        diagnostics.extend(crate::dd::verify(text, options));
        kibitzer_syntax::diagnostic::sort_in_text_order(&mut diagnostics);
    }
    diagnostics
}

/// [`diagnostics_of`] with the checks of the games together left out and `found` (the
/// findings across files) in their place.
pub fn diagnostics_across(
    lang: Lang,
    text: &str,
    options: &kibitzer_syntax::CheckOptions,
    found: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    let (mut diagnostics, _) = kibitzer_syntax::across_files::check_file(lang, text, options);
    diagnostics.extend(found);
    kibitzer_syntax::diagnostic::sort_in_text_order(&mut diagnostics);
    with_double_dummy(lang, text, options, diagnostics)
}

/// Where diagnostics go, by output format.
struct Sinks<'a, W: Write> {
    format: OutputFormat,
    out: &'a mut W,
    json: &'a mut JsonArray,
    sarif: &'a mut crate::sarif::SarifLog,
    counts: &'a mut Counts,
    /// With `--statistics`: the diagnostics are counted by code here, not printed.
    statistics: Option<crate::statistics::Statistics>,
    /// Diagnostics printed per file at most (`--max-diagnostics`); the rest are counted.
    limit: usize,
    /// Of the current file: printed, and counted but not printed.
    shown: usize,
    hidden: usize,
    /// Where related places in other files are (`--across-files`).
    elsewhere: crate::report::Elsewhere,
}

impl<W: Write> Sinks<'_, W> {
    fn begin_file(&mut self) {
        self.shown = 0;
        self.hidden = 0;
    }

    /// Says how many diagnostics of the file were not printed, if any: in text and GitHub
    /// output after them, elsewhere on standard error (machine-readable output stays parseable).
    fn end_file(&mut self, name: &str) -> std::io::Result<()> {
        if self.hidden == 0 {
            return Ok(());
        }
        let plural = if self.hidden == 1 { "" } else { "s" };
        let note = format!("{name}: {} more diagnostic{plural} not shown (--max-diagnostics 0 shows all)", self.hidden);
        match self.format {
            OutputFormat::Text | OutputFormat::Github => writeln!(self.out, "{note}"),
            _ => writeln!(std::io::stderr(), "kibitzer: {note}"),
        }
    }

    /// Writes or keeps the diagnostics of `text`, which starts after `lines_before` lines of its
    /// file (a chunk of a compressed stream; 0 for a whole file).
    fn emit_all(
        &mut self,
        name: &str,
        text: &str,
        index: &LineIndex,
        diagnostics: &[Diagnostic],
        lines_before: u32,
    ) -> std::io::Result<()> {
        diagnostics.iter().for_each(|d| self.counts.add(d.severity));
        if let Some(statistics) = &mut self.statistics {
            statistics.add(diagnostics);
            return Ok(());
        }
        // Past the limit, counted in the summary and the exit status, not printed.
        let shown = diagnostics.len().min(self.limit - self.shown);
        self.hidden += diagnostics.len() - shown;
        self.shown += shown;
        let diagnostics = &diagnostics[..shown];
        if self.format == OutputFormat::Json {
            return self.json.push_diagnostics(self.out, name, text, index, diagnostics, lines_before, &self.elsewhere);
        }
        diagnostics.iter().try_for_each(|d| self.emit(name, text, index, d, lines_before))
    }

    /// [`Sinks::emit_all`] of a chunk of a stream, flushed at once in JSON lines (streaming
    /// consumers see each chunk's diagnostics as soon as it is checked).
    fn emit_checked(&mut self, checked: CheckedText<'_>) -> Result<(), String> {
        self.emit_all(checked.name, checked.text, checked.index, checked.diagnostics, checked.lines_before)
            .map_err(|e| format!("<stdout>: {e}"))?;
        if self.format == OutputFormat::JsonLines {
            self.out.flush().map_err(|e| format!("<stdout>: {e}"))?;
        }
        Ok(())
    }

    /// Writes or keeps one diagnostic (JSON a file's at a time, in [`Sinks::emit_all`]).
    fn emit(
        &mut self,
        name: &str,
        text: &str,
        index: &LineIndex,
        d: &Diagnostic,
        lines_before: u32,
    ) -> std::io::Result<()> {
        // JSON places the diagnostic itself (its writer keeps where the last one was).
        let located = || locate_across(name, text, index, d, &self.elsewhere).shifted(lines_before);
        match self.format {
            OutputFormat::Json => {
                let one = std::slice::from_ref(d);
                self.json.push_diagnostics(self.out, name, text, index, one, lines_before, &self.elsewhere)
            }
            OutputFormat::Text => write_text_shifted(self.out, text, index, d, &located(), lines_before),
            OutputFormat::Github => write_github(self.out, &located()),
            OutputFormat::Sarif => {
                self.sarif.push(located());
                Ok(())
            }
            OutputFormat::JsonLines => serde_json::to_writer(&mut *self.out, &located())
                .map_err(std::io::Error::other)
                .and_then(|()| writeln!(self.out)),
        }
    }
}

/// Checks a compressed file (each member of a zip archive), streaming: a chunk of whole units
/// at a time ([`check_compressed_chunks`]).
fn check_compressed<W: Write>(
    path: &std::path::Path,
    args: &CheckArgs,
    options: &kibitzer_syntax::config::CheckOptions,
    sinks: &mut Sinks<'_, W>,
) -> Result<(), String> {
    if args.fix {
        return Err(format!(
            "{}: --fix does not rewrite compressed files (decompress it first)",
            crate::terminal::path(path)
        ));
    }
    check_compressed_chunks(path, args.lang.map(Lang::from), options, &mut |checked| sinks.emit_checked(checked))
}

/// A checked chunk of a file: its text, the index that places it, its diagnostics, and the
/// number of lines of the file before it (0 for a whole file).
pub struct CheckedText<'a> {
    /// The name diagnostics carry (`archive.zip/member.pgn` for a member of an archive).
    pub name: &'a str,
    pub text: &'a str,
    pub index: &'a LineIndex,
    pub diagnostics: &'a [Diagnostic],
    pub lines_before: u32,
}

/// Checks a compressed file (each member of a zip archive, `lang` overriding their names),
/// streaming ([`check_stream`]), each chunk handed to `each`: the CLI prints them, the library
/// API (`crate::api`) keeps them.
pub fn check_compressed_chunks(
    path: &std::path::Path,
    lang: Option<Lang>,
    options: &kibitzer_syntax::config::CheckOptions,
    each: &mut dyn FnMut(CheckedText<'_>) -> Result<(), String>,
) -> Result<(), String> {
    use crate::compressed::{for_each_member, Progress};
    let total = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    let mut progress = Progress::new(total);
    let result = for_each_member(path, lang, progress.counter(), &mut |member| {
        check_stream(&member.name, member.reader, true, member.lang, options, false, each)?;
        progress.tick(&member.name);
        Ok(())
    });
    progress.finish();
    result
}

/// [`check_compressed_chunks`] of compressed bytes handed over by a program (the library API's
/// `check` of bytes): `name` names them, `compression` is what their first bytes or name say.
pub fn check_compressed_bytes(
    name: &std::path::Path,
    compression: crate::file_kind::Compression,
    bytes: &[u8],
    lang: Option<Lang>,
    options: &kibitzer_syntax::config::CheckOptions,
    each: &mut dyn FnMut(CheckedText<'_>) -> Result<(), String>,
) -> Result<(), String> {
    let source = std::io::Cursor::new(bytes);
    crate::compressed::for_each_member_of(name, compression, source, lang, &mut |member| {
        check_stream(&member.name, member.reader, true, member.lang, options, false, each)
    })
}

/// What `--fix` writes: the safe fixes (the double-dummy checks' too, [`crate::fix::fix_all`]),
/// then with `--add-eco` the opening tags games lack (from the fixed moves); `None` when nothing
/// changes.
fn fixed_text(
    lang: Lang,
    text: &str,
    options: &kibitzer_syntax::config::CheckOptions,
    add_eco: bool,
) -> Option<String> {
    let fixed = crate::fix::fix_all(lang, text, options);
    if !add_eco {
        return fixed;
    }
    kibitzer_syntax::fix::add_opening_tags(lang, fixed.as_deref().unwrap_or(text)).or(fixed)
}

/// Checks a stream (a decompressed file, standard input) a chunk of whole units at a time
/// ([`crate::compressed::Chunks`]), so that memory stays bounded whatever it holds: a unit too
/// large to read gets its one diagnostic, and once a chunk is found not to be text, the rest of
/// the stream is not read. With `fix`, each chunk is checked as fixed (standard input is never
/// written back). Each chunk's diagnostics go to `each`.
fn check_stream(
    name: &str,
    reader: impl std::io::Read,
    compressed: bool,
    lang: Lang,
    options: &kibitzer_syntax::config::CheckOptions,
    fix: bool,
    each: &mut dyn FnMut(CheckedText<'_>) -> Result<(), String>,
) -> Result<(), String> {
    use crate::compressed::{Chunks, Piece};
    let mut chunks = Chunks::new(reader, lang);
    if !compressed {
        chunks = chunks.plain();
    }
    let mut options = options.clone();
    let mut earlier = EarlierGames::default();
    while let Some(piece) = chunks.next_chunk().map_err(|e| format!("{name}: {e}"))? {
        let (chunk, diagnostics) = match piece {
            Piece::Text(mut chunk) => {
                options.encoding = Some(chunk.source.encoding);
                options.first_line = chunk.lines_before;
                if let Some(fixed) = fix.then(|| crate::fix::fix_all(lang, &chunk.source.text, &options)).flatten() {
                    chunk.set_text(fixed);
                }
                let diagnostics = diagnostics_of_chunk(lang, &chunk.source.text, &options, &mut earlier);
                (chunk, diagnostics)
            }
            Piece::TooLarge { head, bytes } => {
                let diagnostic = kibitzer_syntax::too_large_in_stream(lang, &head.source.text, bytes, &options);
                (head, diagnostic.into_iter().collect())
            }
        };
        each(CheckedText {
            name,
            text: &chunk.source.text,
            index: chunk.index(),
            diagnostics: &diagnostics,
            lines_before: chunk.lines_before,
        })?;
        if diagnostics.iter().any(|d| kibitzer_syntax::binary::is_not_text_code(d.code)) {
            break;
        }
    }
    Ok(())
}

/// Checks a PGC file: its games decoded to PGN and checked, each diagnostic naming its game and
/// ply (lines and columns are those of the decoded PGN: tags a line each, then the movetext).
fn check_pgc<W: Write>(
    path: &std::path::Path,
    args: &CheckArgs,
    options: &kibitzer_syntax::config::CheckOptions,
    sinks: &mut Sinks<'_, W>,
) -> Result<(), String> {
    if args.fix {
        return Err(format!("{}: --fix does not rewrite PGC files", crate::terminal::path(path)));
    }
    let (text, diagnostics) = check_pgc_file(path, options)?;
    let name = crate::terminal::path(path);
    let index = LineIndex::with_breaks(&text, Lang::Pgn.line_breaks());
    sinks.emit_all(&name, &text, &index, &diagnostics, 0).map_err(|e| format!("<stdout>: {e}"))
}

/// A PGC file (compressed or not) read as the PGN it decodes to, and that text's diagnostics.
pub fn check_pgc_file(
    path: &std::path::Path,
    options: &kibitzer_syntax::config::CheckOptions,
) -> Result<(String, Vec<Diagnostic>), String> {
    let bytes = crate::compressed::read_whole(path)?;
    let checked = crate::pgc::check(&bytes, options);
    Ok((checked.text, checked.diagnostics))
}

#[derive(Default)]
struct Counts {
    errors: usize,
    warnings: usize,
    others: usize,
}

impl Counts {
    fn add(&mut self, s: Severity) {
        match s {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Information | Severity::Hint => self.others += 1,
        }
    }

    fn summary(&self, out: &mut (impl Write + ?Sized), files: usize) -> std::io::Result<()> {
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        if self.errors + self.warnings + self.others == 0 {
            writeln!(out, "{} checked: no problems found", plural(files, "file"))
        } else {
            writeln!(
                out,
                "{} checked: {}, {}, {}",
                plural(files, "file"),
                plural(self.errors, "error"),
                plural(self.warnings, "warning"),
                plural(self.others, "note")
            )
        }
    }
}
