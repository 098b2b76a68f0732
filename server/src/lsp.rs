//! `kibitzer lsp` (not yet built: see its issue).

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct LspArgs {}

pub fn run(_args: LspArgs) -> ExitCode {
    eprintln!("kibitzer lsp: not implemented yet");
    ExitCode::from(crate::EXIT_TROUBLE)
}
