//! `kibitzer fmt` (not yet built: see its issue).

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct FmtArgs {}

pub fn run(_args: FmtArgs) -> ExitCode {
    eprintln!("kibitzer fmt: not implemented yet");
    ExitCode::from(crate::EXIT_TROUBLE)
}
