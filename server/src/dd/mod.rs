//! Double-dummy truth for PBN hand records: every deal of a file that carries
//! `DoubleDummyTricks`, `OptimumResultTable`, `OptimumScore` or `ParContract` is solved with
//! pons-dds (DDS 2.9's search in pure Rust, so every build has it) on a work queue served by
//! every core, and each of those tags is checked against the solver (rules DDS001–
//! DDS005, declared in `kibitzer_syntax::pbn::double_dummy`). `kibitzer dd
//! FILE.pbn` prints the analysis of every deal. The language server uses the same checks one
//! game at a time, with the deals it solved kept in [`SolvedDeals`], and writes the analysis
//! into a game with [`analysis_edits`].
//!
//! By layer: [`queue`] is the work queue (a worker a core, the deal someone waits for first),
//! [`store`] the persistent cache of solved deals it reads and writes, [`ahead`] the reader
//! that queues the deals of all of a run's files, [`solver`] the analyses of a text's deals
//! (par from the trick table) and their spelling in PBN's notation, [`checks`] compares a file's tags with it (DDS001–DDS005), [`editor`]
//! gives the language server its hover and the edits that write the analysis, and
//! [`subcommand`] is `kibitzer dd`.

mod ahead;
mod checks;
mod editor;
mod progress;
mod queue;
mod solver;
mod store;
mod subcommand;

pub use ahead::{read_ahead, Deals};
pub use progress::solving_bar;
pub use store::{clean, disable as disable_cache};

pub use checks::{has_dd_tags, verify, verify_solved};
pub use editor::{analysis_edits, hover};
pub use queue::{counts, report_counts, Wanted};
pub use solver::{boards, incomplete_deals, solved, want, DealKey, SolvedDeals};
pub use subcommand::{json_rows, json_rows_unless, json_rows_with, run, DdArgs};
