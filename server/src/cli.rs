//! What every subcommand shares: the exit status for "could not run", how that is reported, and
//! the `--lang` values.

use kibitzer_syntax::Lang;
use std::process::ExitCode;

/// Exit status 2: the command could not run (bad usage, unreadable file).
pub const EXIT_TROUBLE: u8 = 2;

/// Reports why the command could not run, on one line, and exits with [`EXIT_TROUBLE`].
pub fn trouble(message: &str) -> ExitCode {
    eprintln!("kibitzer: {message}");
    ExitCode::from(EXIT_TROUBLE)
}

/// A `--lang` value: the format of standard input or of files with other extensions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LangArg {
    Pgn,
    Pbn,
    Pbi,
    Epd,
    Fen,
    Lin,
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Lang {
        match l {
            LangArg::Pgn => Lang::Pgn,
            LangArg::Pbn => Lang::Pbn,
            LangArg::Pbi => Lang::Pbi,
            LangArg::Lin => Lang::Lin,
            LangArg::Epd | LangArg::Fen => Lang::Epd,
        }
    }
}
