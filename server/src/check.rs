//! `kibitzer check`: the linter. Reads every file, runs the shared engine
//! (`kibitzer_syntax::check`), prints the diagnostics and, with `--fix`, applies the safe fixes.

use crate::inputs::{collect_targets, write_atomically, Origin, Settings};
use crate::report::{locate, write_github, write_text, OutputFormat};
use kibitzer_syntax::text::LineIndex;
use kibitzer_syntax::{Lang, Mode, Severity};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct CheckArgs {
    /// Files or directories to check (directories are walked for .pgn .pbn .pbi .epd .fen); `-`
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
    /// The name of the file read from standard input: picks its format and its kibitzer.toml.
    #[arg(long, value_name = "PATH")]
    pub stdin_filepath: Option<PathBuf>,
    /// Print at most N diagnostics per file (the first N in text order) and say how many more
    /// there are; 0 prints all. Default: 100 for text and GitHub output, all for JSON. The
    /// summary line and the exit status count them all.
    #[arg(long, value_name = "N")]
    pub max_diagnostics: Option<usize>,
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LangArg {
    Pgn,
    Pbn,
    Pbi,
    Epd,
    Fen,
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Lang {
        match l {
            LangArg::Pgn => Lang::Pgn,
            LangArg::Pbn => Lang::Pbn,
            LangArg::Pbi => Lang::Pbi,
            LangArg::Epd | LangArg::Fen => Lang::Epd,
        }
    }
}

pub fn run(args: CheckArgs) -> ExitCode {
    let targets = match collect_targets(&args.paths, args.lang.map(Lang::from), args.stdin_filepath.as_deref()) {
        Ok(t) => t,
        Err(e) => return trouble(&e),
    };
    let mut settings = Settings::new(args.mode.map(Mode::from));
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut json = Vec::new();
    let mut counts = Counts::default();
    let limit = match (args.max_diagnostics, args.format) {
        (Some(0), _) | (None, OutputFormat::Json) => usize::MAX,
        (Some(n), _) => n,
        (None, _) => DEFAULT_MAX_DIAGNOSTICS,
    };
    for target in &targets {
        let mut options = match settings.options_for(target.settings_path()) {
            Ok(o) => o,
            Err(e) => return trouble(&e),
        };
        let source = match target.read() {
            Ok(s) => s,
            Err(e) => return trouble(&e),
        };
        // PBI requires a BOM, which decoding strips from the text: the check is told.
        options.encoding = Some(source.encoding);
        // With --fix, files are rewritten; standard input is only checked as fixed (`fmt` is
        // the command that writes to standard output).
        let fixed = args.fix.then(|| kibitzer_syntax::fix::fix_all(target.lang, &source.text, &options)).flatten();
        if let (Some(fixed), Origin::File(path)) = (&fixed, &target.origin) {
            if let Err(e) = write_atomically(path, fixed, &source) {
                return trouble(&e);
            }
        }
        let text: &str = fixed.as_deref().unwrap_or(&source.text);
        let diagnostics = kibitzer_syntax::check(target.lang, text, &options);
        let name = target.display_name();
        let index = LineIndex::with_breaks(text, target.lang.line_breaks());
        for d in &diagnostics {
            counts.add(d.severity);
        }
        for d in diagnostics.iter().take(limit) {
            let loc = locate(&name, text, &index, d);
            let written = match args.format {
                OutputFormat::Text => write_text(&mut out, text, &index, d, &loc),
                OutputFormat::Github => write_github(&mut out, &loc),
                OutputFormat::Json => {
                    json.push(loc);
                    Ok(())
                }
            };
            if written.is_err() {
                return ExitCode::from(crate::EXIT_TROUBLE);
            }
        }
        let left_out = diagnostics.len().saturating_sub(limit);
        if left_out > 0 {
            let plural = if left_out == 1 { "" } else { "s" };
            let note = format!("{name}: {left_out} more diagnostic{plural} not shown (--max-diagnostics 0 shows all)");
            // JSON output stays one array: the note goes to standard error.
            let written = match args.format {
                OutputFormat::Json => writeln!(std::io::stderr(), "kibitzer: {note}"),
                _ => writeln!(out, "{note}"),
            };
            if written.is_err() {
                return ExitCode::from(crate::EXIT_TROUBLE);
            }
        }
    }
    let result = match args.format {
        OutputFormat::Json => {
            serde_json::to_writer_pretty(&mut out, &json).map_err(std::io::Error::other).and_then(|_| writeln!(out))
        }
        OutputFormat::Text => counts.summary(&mut out, targets.len()),
        OutputFormat::Github => Ok(()),
    };
    if result.and_then(|_| out.flush()).is_err() {
        return ExitCode::from(crate::EXIT_TROUBLE);
    }
    ExitCode::from(u8::from(counts.errors > 0))
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

    fn summary(&self, out: &mut impl Write, files: usize) -> std::io::Result<()> {
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

pub fn trouble(message: &str) -> ExitCode {
    eprintln!("kibitzer: {message}");
    ExitCode::from(crate::EXIT_TROUBLE)
}
