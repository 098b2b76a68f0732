//! `kibitzer check` (not yet built: see its issue).

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct CheckArgs {}

pub fn run(_args: CheckArgs) -> ExitCode {
    eprintln!("kibitzer check: not implemented yet");
    ExitCode::from(crate::EXIT_TROUBLE)
}
