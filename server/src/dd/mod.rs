//! Double-dummy truth for PBN hand records: every deal of a file that carries
//! `DoubleDummyTricks`, `OptimumResultTable`, `OptimumScore` or `ParContract` is solved with
//! pons-dds (DDS 2.9's search in pure Rust, so every build has it; all deals of the file in one
//! batch on every core), and each of those tags is checked against the solver (rules DDS001–
//! DDS005, declared in `kibitzer_syntax::pbn::double_dummy`). `kibitzer dd
//! FILE.pbn` prints the analysis of every deal. The language server uses the same checks one
//! game at a time, with the deals it solved kept in [`SolvedDeals`], and writes the analysis
//! into a game with [`analysis_edits`].
//!
//! By layer: [`solver`] solves deals (and keeps them for the server) and writes what it found
//! in PBN's notation, [`checks`] compares a file's tags with it (DDS001–DDS005), [`editor`]
//! gives the language server its hover and the edits that write the analysis, and
//! [`subcommand`] is `kibitzer dd`.

mod checks;
mod editor;
mod solver;
mod subcommand;

pub use checks::{has_dd_tags, verify, verify_solved};
pub use editor::{analysis_edits, hover};
pub use solver::{boards, incomplete_deals, solved, DealKey, SolvedDeals};
pub use subcommand::{json_rows, json_rows_with, run, DdArgs};
