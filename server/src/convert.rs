//! `kibitzer convert` (not yet built: see its issue).

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct ConvertArgs {}

pub fn run(_args: ConvertArgs) -> ExitCode {
    eprintln!("kibitzer convert: not implemented yet");
    ExitCode::from(crate::EXIT_TROUBLE)
}
