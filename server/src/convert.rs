//! `kibitzer convert GAMEFILE --to json|pbn [-o FILE]`: an ACBLscore game file to JSON (everything
//! decoded) or to PBN score tables; `convert FILE.lin --to pbn` and `convert FILE.pbn --to lin`
//! between BBO's LIN and PBN ([`kibitzer_syntax::lin`]); PGN and PGC both ways. Output goes to stdout, or with `-o` to a temporary file in the
//! target's folder that is then renamed over it, so a failed run never leaves half a file.
//! A file that cannot be decoded gives one line on stderr naming the file, the structure and the
//! offset, and exit status 2; what the decoder could not decode inside a readable file is
//! reported as warnings on stderr, and the conversion still succeeds.

use kibitzer_syntax::text::{ColumnUnit, LineIndex};
use kibitzer_syntax::{acbl, lin, Lang, Severity};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    Json,
    Pbn,
    /// PGN → PGC (PGN standard §20).
    Pgc,
    /// PGC → PGN (export format).
    Pgn,
    /// PBN → BBO's LIN, a board a line.
    Lin,
}

#[derive(clap::Args)]
pub struct ConvertArgs {
    /// The ACBLscore game file (.ACA, .ACM, .ACE, ... in any case), a LIN file (`--to pbn`), a
    /// PBN file (`--to lin`), or a PGN file (`--to pgc`) or PGC file (`--to pgn`); any of them
    /// may be compressed (.gz, .bz2, .zst, .zip).
    pub gamefile: PathBuf,
    /// What to write.
    #[arg(long = "to", value_enum)]
    pub to: Target,
    /// Write here instead of to standard output.
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
}

pub fn run(args: ConvertArgs) -> ExitCode {
    match convert(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("kibitzer convert: {message}");
            ExitCode::from(crate::cli::EXIT_TROUBLE)
        }
    }
}

fn convert(args: &ConvertArgs) -> Result<(), String> {
    if matches!(args.to, Target::Pgc | Target::Pgn) {
        return convert_pgc(args);
    }
    let lang = crate::file_kind::lang_of(&args.gamefile, None);
    if args.to == Target::Lin || lang == Some(Lang::Lin) {
        return convert_lin(args, lang);
    }
    let name = args.gamefile.display();
    // A compressed game file (.gz, .bz2, .zst, a .zip of one file) is decompressed in memory.
    let bytes = crate::compressed::read_whole(&args.gamefile)?;
    let decoded = acbl::decode(&bytes).map_err(|e| format!("{name}: {e}"))?;
    for warning in &decoded.warnings {
        eprintln!("kibitzer convert: warning: {name}: {warning}");
    }
    let text = match args.to {
        Target::Json => {
            let mut json = serde_json::to_string_pretty(&acbl::to_json(&decoded)).map_err(|e| e.to_string())?;
            json.push('\n');
            json
        }
        Target::Pbn => acbl::to_pbn(&decoded),
        Target::Pgc | Target::Pgn | Target::Lin => unreachable!("converted above"),
    };
    write_out(args, text.as_bytes())
}

/// PGN → PGC and PGC → PGN. What PGC cannot hold (comments; games with syntax errors or
/// illegal moves) is reported as warnings on stderr, and the exit status is then 1.
fn convert_pgc(args: &ConvertArgs) -> Result<(), String> {
    let name = args.gamefile.display().to_string();
    let bytes = crate::compressed::read_whole(&args.gamefile)?;
    let is_pgc = crate::file_kind::is_pgc(&args.gamefile);
    let (out, warnings, error) = match args.to {
        Target::Pgc if is_pgc => return Err(format!("{name}: already PGC (use --to pgn)")),
        Target::Pgn if !is_pgc => return Err(format!("{name}: not a .pgc file (use --to pgc for PGN)")),
        Target::Pgc => {
            let text = kibitzer_syntax::text::decode_owned(bytes).text;
            let (out, warnings) = crate::pgc::pgn_to_pgc(&text, &name);
            (out, warnings, None)
        }
        _ => {
            let (text, error) = crate::pgc::pgc_to_pgn(&bytes);
            (text.into_bytes(), Vec::new(), error)
        }
    };
    write_out(args, &out)?;
    for w in &warnings {
        eprintln!("kibitzer convert: warning: {w}");
    }
    if let Some(e) = error {
        return Err(format!("{name}: {e} (the games before it were written)"));
    }
    if !warnings.is_empty() && warnings.iter().any(|w| w.contains("left out")) {
        return Err(format!("{name}: some games could not be converted"));
    }
    Ok(())
}

/// LIN → PBN (export format, as `fmt` writes it) and PBN → LIN. A LIN board with errors is
/// converted as far as it can be read, and its errors are warnings on stderr (file, line,
/// column), exit status 1.
fn convert_lin(args: &ConvertArgs, lang: Option<Lang>) -> Result<(), String> {
    let name = args.gamefile.display().to_string();
    let bytes = crate::compressed::read_whole(&args.gamefile)?;
    let text = kibitzer_syntax::text::decode_owned(bytes).text;
    match (args.to, lang) {
        (Target::Lin, Some(Lang::Lin)) => Err(format!("{name}: already LIN (use --to pbn)")),
        (Target::Lin, Some(Lang::Pbn)) => write_out(args, lin::to_lin(&text).as_bytes()),
        (Target::Lin, _) => Err(format!("{name}: not a .pbn file (--to lin converts PBN)")),
        (Target::Pbn, _) => {
            let pbn = lin::to_pbn(&text);
            let formatted = kibitzer_syntax::format::format(Lang::Pbn, &pbn, &Default::default()).text;
            write_out(args, formatted.as_bytes())?;
            let (_, diagnostics) = lin::read::read_text(&text);
            let index = LineIndex::new(&text);
            let mut errors = diagnostics.iter().filter(|d| d.severity == Severity::Error).collect::<Vec<_>>();
            errors.sort_by_key(|d| d.range.start());
            for d in &errors {
                let at = index.line_col(&text, d.range.start(), ColumnUnit::Char);
                eprintln!(
                    "kibitzer convert: warning: {name}:{}:{}: {} ({})",
                    at.line + 1,
                    at.col + 1,
                    d.message,
                    d.code
                );
            }
            match errors.len() {
                0 => Ok(()),
                n => Err(format!("{name}: {n} value(s) could not be read (the boards were converted without them)")),
            }
        }
        _ => Err(format!("{name}: a LIN file converts to PBN only (--to pbn)")),
    }
}

fn write_out(args: &ConvertArgs, text: &[u8]) -> Result<(), String> {
    match &args.output {
        None => {
            let mut stdout = std::io::stdout().lock();
            stdout.write_all(text).and_then(|()| stdout.flush()).map_err(|e| format!("stdout: {e}"))
        }
        Some(path) => write_replacing(path, text).map_err(|e| format!("{}: {e}", path.display())),
    }
}

/// Writes to a temporary file beside `path` (one a crash does not leave behind:
/// [`crate::tmpfile`]) and renames it over `path`.
fn write_replacing(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut temp = crate::tmpfile::Pending::create(path)?;
    temp.write_all(bytes)?;
    temp.commit(None)
}
