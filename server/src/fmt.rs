//! `kibitzer fmt`: rewrites files in the standard's export format with the shared engine
//! (`kibitzer_syntax::format`), in place, as a check (`--check`), as a diff (`--diff`) or from
//! standard input to standard output (what editors call).

use crate::cli::{trouble, LangArg};
use crate::inputs::{collect_targets, Origin, Replacement, Target};
use crate::report::{locate, write_text_shifted};
use kibitzer_syntax::format::{format_into, FormatOptions, SkippedUnit, WINDOW};
use kibitzer_syntax::text::{encode, Encoding, LineIndex};
use kibitzer_syntax::{Lang, TextRange, TextSize};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct FmtArgs {
    /// Files or directories to format (directories are walked for .pgn .pbn .pbi .epd .fen .lin); `-`
    /// reads standard input and writes the result to standard output.
    #[arg(required_unless_present = "stdin_filepath")]
    pub paths: Vec<PathBuf>,
    /// Write nothing; list the files that would change and exit 1 if there is one.
    #[arg(long)]
    pub check: bool,
    /// Write nothing; print a unified diff of what would change (exit 1 if anything would).
    #[arg(long)]
    pub diff: bool,
    /// The format of the input, overriding the file extension; needed for `-` without
    /// `--stdin-filepath`.
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
    /// The name of the file read from standard input (picks its format); implies `-` when no path
    /// is given.
    #[arg(long, value_name = "PATH")]
    pub stdin_filepath: Option<PathBuf>,
    /// Format only the units (games, lines) that touch these lines, 1-based and inclusive:
    /// `12:40`.
    #[arg(long, value_name = "LINE:LINE", value_parser = parse_line_range)]
    pub range: Option<(u32, u32)>,
    /// Write the result in this encoding instead of the file's own (ISO-8859-1 files stay
    /// ISO-8859-1 unless `utf-8` is asked).
    #[arg(long, value_enum)]
    pub encoding: Option<EncodingArg>,
    #[command(flatten)]
    pub walk: crate::walk::WalkOptions,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum EncodingArg {
    #[value(name = "utf-8")]
    Utf8,
}

fn parse_line_range(s: &str) -> Result<(u32, u32), String> {
    let (a, b) = s.split_once(':').ok_or("expected LINE:LINE, e.g. 12:40")?;
    let a: u32 = a.trim().parse().map_err(|_| format!("`{a}` is not a line number"))?;
    let b: u32 = b.trim().parse().map_err(|_| format!("`{b}` is not a line number"))?;
    if a == 0 || b < a {
        return Err(format!("`{s}`: lines count from 1 and the range must not be reversed"));
    }
    Ok((a, b))
}

/// What happened to one input.
#[derive(Default)]
struct Outcome {
    changed: bool,
    skipped_units: usize,
}

pub fn run(mut args: FmtArgs) -> ExitCode {
    if args.stdin_filepath.is_some() && args.paths.is_empty() {
        args.paths.push(PathBuf::from("-"));
    }
    // A path that cannot be read is reported and the others formatted; the exit status is 2.
    let (targets, mut troubled) =
        match collect_targets(&args.paths, args.lang.map(Lang::from), args.stdin_filepath.as_deref(), &args.walk) {
            Ok(collected) => collected.print_problems(),
            Err(e) => return trouble(&e),
        };
    let options = FormatOptions::default();
    let mut would_change = 0;
    for target in &targets {
        match format_target(&args, target, &options) {
            Ok(outcome) => {
                if outcome.changed {
                    would_change += 1;
                }
                if outcome.skipped_units > 0 {
                    eprintln!(
                        "kibitzer: {}: {} unit(s) with errors left as written",
                        target.display_name(),
                        outcome.skipped_units
                    );
                }
            }
            Err(e) => {
                // One bad file does not stop the others; it is never written.
                eprintln!("kibitzer: {e}");
                troubled = true;
            }
        }
    }
    if troubled {
        return ExitCode::from(crate::cli::EXIT_TROUBLE);
    }
    if args.check && would_change > 0 {
        let plural = if would_change == 1 { "" } else { "s" };
        println!("{would_change} file{plural} would be reformatted");
    }
    ExitCode::from(u8::from((args.check || args.diff) && would_change > 0))
}

/// Formats one input, streaming: the output goes piece by piece (a window of units at a time,
/// `kibitzer_syntax::format::format_into`) to standard output or to the file's replacement, so
/// that memory stays at the text plus the largest unit. Only `--diff` keeps the whole output.
fn format_target(args: &FmtArgs, target: &Target, options: &FormatOptions) -> Result<Outcome, String> {
    if let Origin::File(path) = &target.origin {
        if crate::file_kind::compression_of(path).is_some() {
            return check_compressed(args, path);
        }
    }
    // A file to be rewritten is held from before it is read until it is replaced.
    let _lock = match &target.origin {
        Origin::File(path) if !(args.diff || args.check) => Some(crate::inputs::lock_for_rewrite(path)?),
        _ => None,
    };
    if let Origin::Stdin(_) = &target.origin {
        if args.check {
            return check_stdin(target);
        }
        if !args.diff && args.range.is_none() {
            return format_stdin(args, target, options);
        }
    }
    let source = target.read()?;
    let text = &source.text;
    let name = target.display_name();
    // A binary file is reported as `check` reports it, once, and never written.
    if let Some(e) = not_text(&name, target.lang, &source, 0) {
        return Err(e);
    }
    let range = args.range.map(|(first, last)| line_range(target.lang, text, first, last));
    let encoding = match args.encoding {
        Some(EncodingArg::Utf8) if source.encoding == Encoding::Latin1 => Encoding::Utf8,
        _ => source.encoding,
    };
    let mut sink = match (&target.origin, args.diff || args.check) {
        (_, true) if args.diff => Sink::Diff(String::with_capacity(text.len())),
        (_, true) => Sink::Nowhere,
        (Origin::Stdin(_), false) => {
            Sink::Stdout(Output::new(std::io::BufWriter::new(std::io::stdout().lock()), encoding))
        }
        // The file is rewritten only from the first difference on (or for a new encoding).
        (Origin::File(path), false) => Sink::File { path: path.clone(), replacement: None, encoding },
    };
    let mut same = Unchanged::default();
    let skipped = format_into(target.lang, text, range, options, WINDOW, &mut |piece: &str| {
        let before = same.len;
        same.feed(text, piece);
        sink.write(text, before, piece, same.equal && encoding == source.encoding)
    });
    // The only errors are the sink's, which name the file (or standard output).
    let skipped = skipped?;
    report_skipped(target, text, &skipped);
    let formatted_same = same.equal && same.len == text.len();
    let changed = !formatted_same || encoding != source.encoding;
    match sink {
        Sink::Diff(formatted) if !formatted_same => print_diff(&name, text, &formatted)?,
        Sink::Nowhere if args.check && changed => println!("{name}"),
        Sink::Stdout(mut out) => out.finish().map_err(|e| format!("<stdout>: {e}"))?,
        Sink::File { replacement: Some(replacement), .. } => replacement.commit()?,
        // No difference: the file stays as it is.
        _ => {}
    }
    Ok(Outcome { changed, skipped_units: skipped.len() })
}

/// The error of a binary `source` (whose first line is line `lines_before + 1` of its file), as
/// `check` reports it; `None` for text.
pub fn not_text(
    name: &str,
    lang: Lang,
    source: &kibitzer_syntax::text::SourceText,
    lines_before: u32,
) -> Option<String> {
    let text = &source.text;
    let as_stored = kibitzer_syntax::CheckOptions { encoding: Some(source.encoding), ..Default::default() };
    let d = kibitzer_syntax::binary::not_text(lang, [text.as_str()], &as_stored)?;
    let loc = locate(name, text, &LineIndex::with_breaks(text, lang.line_breaks()), &d).shifted(lines_before);
    Some(format!("{}:{}:{}: {}[{}]: {}", loc.path, loc.line, loc.column, d.severity.as_str(), d.code, d.message))
}

/// `fmt -` (without `--diff` or `--range`, which need the whole text): standard input
/// formatted to standard output as it streams in, a chunk of whole units at a time
/// ([`crate::compressed::Chunks`], each formatted a window of units at a time), so that memory
/// stays bounded whatever is piped in. A unit too large to read is copied as written while it
/// is read past.
fn format_stdin(args: &FmtArgs, target: &Target, options: &FormatOptions) -> Result<Outcome, String> {
    use crate::compressed::{Chunks, Piece};
    let name = target.display_name();
    let lang = target.lang;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut chunks = Chunks::new(std::io::stdin().lock(), lang).plain();
    let mut outcome = Outcome::default();
    let mut first = true;
    loop {
        let piece = chunks.next_chunk_passing(&mut |bytes| out.write_all(bytes).map_err(|e| format!("<stdout>: {e}")));
        let chunk = match piece.map_err(|e| format!("{name}: {e}"))? {
            None => break,
            Some(Piece::TooLarge { head, bytes }) => {
                let d = kibitzer_syntax::too_large_in_stream(lang, &head.source.text, bytes, &Default::default());
                let text = &head.source.text;
                if let Some(d) = d {
                    let loc = locate(&name, text, head.index(), &d).shifted(head.lines_before);
                    let _ = crate::report::write_text_shifted(
                        &mut std::io::stderr().lock(),
                        text,
                        head.index(),
                        &d,
                        &loc,
                        head.lines_before,
                    );
                }
                outcome.skipped_units += 1;
                continue;
            }
            Some(Piece::Text(chunk)) => chunk,
        };
        let source = &chunk.source;
        if let Some(e) = not_text(&name, lang, source, chunk.lines_before) {
            return Err(e);
        }
        let encoding = match args.encoding {
            Some(EncodingArg::Utf8) if source.encoding == Encoding::Latin1 => Encoding::Utf8,
            // A byte order mark starts the stream only.
            _ if source.encoding == Encoding::Utf8Bom && !first => Encoding::Utf8,
            _ => source.encoding,
        };
        if first && encoding == Encoding::Utf8Bom {
            out.write_all(b"\xEF\xBB\xBF").map_err(|e| format!("<stdout>: {e}"))?;
        }
        first = false;
        let text = &source.text;
        let mut same = Unchanged::default();
        let skipped = format_into(lang, text, None, options, WINDOW, &mut |piece: &str| {
            same.feed(text, piece);
            let bytes = encode_piece(piece, encoding).map_err(|e| format!("{name}: {e}"))?;
            out.write_all(&bytes).map_err(|e| format!("<stdout>: {e}"))
        })?;
        // The chunk's line index is built only when there is something to report.
        if !skipped.is_empty() {
            report_skipped_shifted(target, text, chunk.index(), chunk.lines_before, &skipped);
        }
        outcome.changed |= !(same.equal && same.len == text.len()) || encoding != source.encoding;
        outcome.skipped_units += skipped.len();
    }
    out.flush().map_err(|e| format!("<stdout>: {e}"))?;
    Ok(outcome)
}

/// `fmt --check -`: whether standard input would change, streaming.
fn check_stdin(target: &Target) -> Result<Outcome, String> {
    let name = target.display_name();
    let found = crate::compressed::format_would_change(
        crate::compressed::Chunks::new(std::io::stdin().lock(), target.lang).plain(),
    )
    .map_err(|e| format!("{name}: {e}"))?;
    if found.is_some() {
        println!("{name}");
    }
    Ok(Outcome { changed: found.is_some(), skipped_units: 0 })
}

/// `fmt --check` of a compressed file (each member of a zip archive), streaming; a compressed
/// file is never rewritten.
fn check_compressed(args: &FmtArgs, path: &std::path::Path) -> Result<Outcome, String> {
    use crate::compressed::{for_each_member, format_would_change, Chunks, Progress};
    if !args.check {
        return Err(format!(
            "{}: compressed files are not rewritten; use `kibitzer fmt --check`, or decompress, format and \
             compress again (e.g. `zstd -dc g.pgn.zst | kibitzer fmt --stdin-filepath g.pgn | zstd > new.pgn.zst`)",
            crate::terminal::path(path)
        ));
    }
    let total = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    let mut progress = Progress::new(total);
    let mut changed = false;
    let result = for_each_member(path, args.lang.map(Lang::from), progress.counter(), &mut |member| {
        let found = format_would_change(Chunks::new(member.reader, member.lang))
            .map_err(|e| format!("{}: {e}", member.name))?;
        if let Some(line) = found {
            println!("{}:{line}", member.name);
            changed = true;
        }
        progress.tick(&member.name);
        Ok(())
    });
    progress.finish();
    result.map(|()| Outcome { changed, skipped_units: 0 })
}

/// Whether the output so far is the input's prefix.
struct Unchanged {
    /// Bytes of output so far.
    len: usize,
    equal: bool,
}

impl Default for Unchanged {
    fn default() -> Self {
        Unchanged { len: 0, equal: true }
    }
}

impl Unchanged {
    fn feed(&mut self, text: &str, piece: &str) {
        self.equal = self.equal && text.as_bytes().get(self.len..self.len + piece.len()) == Some(piece.as_bytes());
        self.len += piece.len();
    }
}

/// Where the formatted text goes.
enum Sink {
    /// `--check`: only whether it changed.
    Nowhere,
    /// `--diff`: the whole text, to compare.
    Diff(String),
    // Buffered: standard output alone would write each line separately.
    Stdout(Output<std::io::BufWriter<std::io::StdoutLock<'static>>>),
    File {
        path: PathBuf,
        replacement: Option<Replacement>,
        encoding: Encoding,
    },
}

impl Sink {
    /// Takes `piece`, which follows `before` bytes of output; `unchanged` says whether the output
    /// up to and including it is the input as it was (and in its encoding).
    fn write(&mut self, text: &str, before: usize, piece: &str, unchanged: bool) -> Result<(), String> {
        match self {
            Sink::Nowhere => Ok(()),
            Sink::Diff(all) => {
                all.push_str(piece);
                Ok(())
            }
            Sink::Stdout(out) => out.write(piece).map_err(|e| format!("<stdout>: {e}")),
            Sink::File { path, replacement, encoding } => {
                if replacement.is_none() {
                    if unchanged {
                        return Ok(());
                    }
                    // The first difference: the replacement starts with the identical prefix.
                    let mut file = Output::new(Replacement::new(path)?, *encoding);
                    // Its errors name the file already.
                    file.write(&text[..before])?;
                    *replacement = Some(file.into_inner());
                }
                let Some(file) = replacement else { return Ok(()) };
                let bytes = encode_piece(piece, *encoding).map_err(|e| {
                    format!("{}: not written: {e} (use UTF-8 or remove the character)", crate::terminal::path(path))
                })?;
                file.write(&bytes)
            }
        }
    }
}

/// Text written in an encoding, a piece at a time (the BOM first).
struct Output<W> {
    out: W,
    encoding: Encoding,
    started: bool,
}

/// What can take encoded bytes.
trait Bytes {
    fn put(&mut self, bytes: &[u8]) -> Result<(), String>;
}

impl Bytes for std::io::BufWriter<std::io::StdoutLock<'static>> {
    fn put(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.write_all(bytes).map_err(|e| e.to_string())
    }
}

impl Bytes for Replacement {
    fn put(&mut self, bytes: &[u8]) -> Result<(), String> {
        Replacement::write(self, bytes)
    }
}

impl<W: Bytes> Output<W> {
    fn new(out: W, encoding: Encoding) -> Output<W> {
        Output { out, encoding, started: false }
    }

    fn write(&mut self, piece: &str) -> Result<(), String> {
        if !self.started {
            self.started = true;
            if self.encoding == Encoding::Utf8Bom {
                self.out.put(b"\xEF\xBB\xBF")?;
            }
        }
        let bytes = encode_piece(piece, self.encoding).map_err(|e| e.to_string())?;
        self.out.put(&bytes)
    }

    fn into_inner(self) -> W {
        self.out
    }
}

impl Output<std::io::BufWriter<std::io::StdoutLock<'static>>> {
    fn finish(&mut self) -> std::io::Result<()> {
        if !self.started {
            self.write("").map_err(std::io::Error::other)?;
        }
        self.out.flush()
    }
}

/// A piece of text in `encoding`, without a BOM (the writer puts it first).
fn encode_piece(piece: &str, encoding: Encoding) -> Result<std::borrow::Cow<'_, [u8]>, String> {
    match encoding {
        Encoding::Utf8 | Encoding::Utf8Bom => Ok(std::borrow::Cow::Borrowed(piece.as_bytes())),
        Encoding::Latin1 => encode(piece, encoding).map(std::borrow::Cow::Owned).map_err(|e| e.to_string()),
    }
}

/// The byte range of lines `first..=last` (1-based), clipped to the text.
fn line_range(lang: Lang, text: &str, first: u32, last: u32) -> TextRange {
    let index = LineIndex::with_breaks(text, lang.line_breaks());
    let end_of_text = TextSize::from(text.len() as u32);
    let start = index.line_range(first - 1).map_or(end_of_text, |r| r.start());
    let end = index.line_range(last - 1).map_or(end_of_text, |r| r.end());
    TextRange::new(start, end.max(start))
}

/// Units left as written are reported on standard error with their diagnostics, as `check`
/// prints them, so that the user sees why.
fn report_skipped(target: &Target, text: &str, skipped: &[SkippedUnit]) {
    if skipped.is_empty() {
        return;
    }
    let index = LineIndex::with_breaks(text, target.lang.line_breaks());
    report_skipped_shifted(target, text, &index, 0, skipped);
}

/// [`report_skipped`] for a chunk of a stream that starts after `lines_before` lines.
fn report_skipped_shifted(target: &Target, text: &str, index: &LineIndex, lines_before: u32, skipped: &[SkippedUnit]) {
    let name = target.display_name();
    let mut err = std::io::stderr().lock();
    for unit in skipped {
        for d in &unit.diagnostics {
            let loc = locate(&name, text, index, d).shifted(lines_before);
            let _ = write_text_shifted(&mut err, text, index, d, &loc, lines_before);
        }
    }
}

fn print_diff(name: &str, old: &str, new: &str) -> Result<(), String> {
    let diff = similar::TextDiff::from_lines(old, new);
    let mut stdout = std::io::stdout().lock();
    match write!(stdout, "{}", diff.unified_diff().context_radius(3).header(name, name)).and_then(|_| stdout.flush()) {
        // A reader that stopped early (`| head`) is not trouble.
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(format!("<stdout>: {e}")),
        _ => Ok(()),
    }
}
