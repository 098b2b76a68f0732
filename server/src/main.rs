//! The `kibitzer` binary: the command line of [`kibitzer::run`] (the library holds everything).

use std::process::ExitCode;

fn main() -> ExitCode {
    kibitzer::run(std::env::args_os())
}
