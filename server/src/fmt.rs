//! `kibitzer fmt`: rewrites files in the standard's export format with the shared engine
//! (`kibitzer_syntax::format`), in place, as a check (`--check`), as a diff (`--diff`) or from
//! standard input to standard output (what editors call).

use crate::check::{trouble, LangArg};
use crate::inputs::{collect_targets, write_atomically, Origin, Target};
use crate::report::{locate, write_text};
use kibitzer_syntax::format::{format, format_range, FormatOptions, Formatted};
use kibitzer_syntax::text::{encode, Encoding, LineIndex, SourceText};
use kibitzer_syntax::{Lang, TextRange, TextSize};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct FmtArgs {
    /// Files or directories to format (directories are walked for .pgn .pbn .pbi .epd .fen); `-`
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
    let targets = match collect_targets(&args.paths, args.lang.map(Lang::from), args.stdin_filepath.as_deref()) {
        Ok(t) => t,
        Err(e) => return trouble(&e),
    };
    let options = FormatOptions::default();
    let mut would_change = 0;
    let mut troubled = false;
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
        return ExitCode::from(crate::EXIT_TROUBLE);
    }
    if args.check && would_change > 0 {
        let plural = if would_change == 1 { "" } else { "s" };
        println!("{would_change} file{plural} would be reformatted");
    }
    ExitCode::from(u8::from((args.check || args.diff) && would_change > 0))
}

fn format_target(args: &FmtArgs, target: &Target, options: &FormatOptions) -> Result<Outcome, String> {
    let source = target.read()?;
    let text = &source.text;
    let formatted = match args.range {
        None => format(target.lang, text, options),
        Some((first, last)) => format_range(target.lang, text, line_range(target.lang, text, first, last), options),
    };
    report_skipped(target, text, &formatted);
    let output = SourceText {
        encoding: match args.encoding {
            Some(EncodingArg::Utf8) if source.encoding == Encoding::Latin1 => Encoding::Utf8,
            _ => source.encoding,
        },
        ..source.clone()
    };
    let changed = formatted.text != *text || output.encoding != source.encoding;
    let outcome = Outcome { changed, skipped_units: formatted.skipped.len() };
    let name = target.display_name();
    if args.diff {
        if formatted.text != *text {
            print_diff(&name, text, &formatted.text)?;
        }
    } else if args.check {
        if changed {
            println!("{name}");
        }
    } else {
        match &target.origin {
            Origin::Stdin(_) => {
                let bytes = encode(&formatted.text, output.encoding).map_err(|e| format!("{name}: {e}"))?;
                let mut stdout = std::io::stdout().lock();
                stdout.write_all(&bytes).and_then(|_| stdout.flush()).map_err(|e| format!("<stdout>: {e}"))?;
            }
            Origin::File(path) if changed => write_atomically(path, &formatted.text, &output)?,
            Origin::File(_) => {}
        }
    }
    Ok(outcome)
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
fn report_skipped(target: &Target, text: &str, formatted: &Formatted) {
    if formatted.skipped.is_empty() {
        return;
    }
    let index = LineIndex::with_breaks(text, target.lang.line_breaks());
    let name = target.display_name();
    let mut err = std::io::stderr().lock();
    for unit in &formatted.skipped {
        for d in &unit.diagnostics {
            let loc = locate(&name, text, &index, d);
            let _ = write_text(&mut err, text, &index, d, &loc);
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
