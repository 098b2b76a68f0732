//! `kibitzer`: the command-line interface and the language server, as a library so that the
//! binary (`main.rs`) and the Python extension (`python/`) run the same code. Each subcommand is a
//! module with its own clap arguments and a `run` function; everything about the files themselves
//! is in the `kibitzer-syntax` crate.

pub mod api;
mod check;
mod check_across;
mod clean;
mod cli;
/// Public for the fuzz targets (`fuzz/`), which read hostile archives through it.
pub mod compressed;
mod convert;
mod dd;
pub mod file_kind;
mod fix;
mod fmt;
mod inputs;
mod lsp;
/// Public for the fuzz target `lsp-framing` (`fuzz/`).
pub use lsp::framing as lsp_framing;
mod pgc;
mod report;
mod rules;
mod sarif;
mod statistics;
mod terminal;
mod tmpfile;
mod walk;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Linter, formatter and language server for chess and bridge notation: PGN, EPD/FEN, PBN and PBI
/// files, and ACBLscore game files.
#[derive(Parser)]
#[command(name = "kibitzer", version, about, long_about = None, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Report syntax errors and rule violations (exit 1 when an error is found).
    Check(check::CheckArgs),
    /// Rewrite files in the standard's export format.
    Fmt(fmt::FmtArgs),
    /// Run the language server over stdio.
    Lsp(lsp::LspArgs),
    /// Convert an ACBLscore game file to PBN or JSON, or PGN to PGC (PGN 20) and back.
    Convert(convert::ConvertArgs),
    /// List the rules, or explain one.
    Rules(rules::RulesArgs),
    /// Solve the deals of PBN files double dummy: trick table (DoubleDummyTricks form) and par.
    Dd(dd::DdArgs),
    /// Remove kibitzer's cache of solved deals (see `dd`).
    Clean,
}

/// Runs the command line `args` (the program name first, as `std::env::args_os` gives it) and
/// returns its exit status: what the `kibitzer` binary does, callable from another program.
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            // clap uses 2 for usage errors already; help and version are successes.
            return ExitCode::from(if e.use_stderr() { cli::EXIT_TROUBLE } else { 0 });
        }
    };
    match cli.command {
        Command::Check(args) => check::run(args),
        Command::Fmt(args) => fmt::run(args),
        Command::Lsp(args) => lsp::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Rules(args) => rules::run(args),
        Command::Dd(args) => dd::run(args),
        Command::Clean => clean::run(),
    }
}

/// The number behind an [`ExitCode`] (the standard library does not expose it): every status
/// [`run`] returns is one of `ExitCode::from(0..=255)`.
pub fn exit_status(code: ExitCode) -> u8 {
    (0..=u8::MAX).find(|&n| ExitCode::from(n) == code).unwrap_or(1)
}
