//! `kibitzer convert GAMEFILE --to json|pbn [-o FILE]`: an ACBLscore game file to JSON (everything
//! decoded) or to PBN score tables. Output goes to stdout, or with `-o` to a temporary file in the
//! target's folder that is then renamed over it, so a failed run never leaves half a file.
//! A file that cannot be decoded gives one line on stderr naming the file, the structure and the
//! offset, and exit status 2; what the decoder could not decode inside a readable file is
//! reported as warnings on stderr, and the conversion still succeeds.

use kibitzer_syntax::acbl;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    Json,
    Pbn,
}

#[derive(clap::Args)]
pub struct ConvertArgs {
    /// The ACBLscore game file (.ACA, .ACM, .ACE, ... in any case).
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
            ExitCode::from(crate::EXIT_TROUBLE)
        }
    }
}

fn convert(args: &ConvertArgs) -> Result<(), String> {
    let name = args.gamefile.display();
    let bytes = std::fs::read(&args.gamefile).map_err(|e| format!("{name}: {e}"))?;
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
    };
    match &args.output {
        None => {
            let mut stdout = std::io::stdout().lock();
            stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()).map_err(|e| format!("stdout: {e}"))
        }
        Some(path) => write_replacing(path, text.as_bytes()).map_err(|e| format!("{}: {e}", path.display())),
    }
}

/// Writes to a temporary file beside `path` (one a crash does not leave behind:
/// [`crate::tmpfile`]) and renames it over `path`.
fn write_replacing(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut temp = crate::tmpfile::Pending::create(path)?;
    temp.write_all(bytes)?;
    temp.commit(None)
}
