//! `kibitzer clean`: removes the persistent cache of solved deals (`dd::clean`), as
//! `ruff clean` removes ruff's; the next check solves its deals again.

use std::process::ExitCode;

pub fn run() -> ExitCode {
    match crate::dd::clean() {
        Ok(Some(dir)) => {
            println!("removed {}", dir.display());
            ExitCode::SUCCESS
        }
        Ok(None) => {
            println!("no cache to remove");
            ExitCode::SUCCESS
        }
        Err(e) => crate::cli::trouble(&format!("cannot remove the cache: {e}")),
    }
}
