//! `kibitzer rules` (not yet built: see its issue).

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct RulesArgs {}

pub fn run(_args: RulesArgs) -> ExitCode {
    eprintln!("kibitzer rules: not implemented yet");
    ExitCode::from(crate::EXIT_TROUBLE)
}
