//! kibitzer-syntax: everything kibitzer knows about PGN, EPD/FEN, PBN and PBI files and ACBLscore
//! game files — decoding, lossless lexing and parsing, checks, formatting — with no I/O, no
//! async and no LSP types. The `kibitzer` binary (CLI and language server) is built on it.
//!
//! Each format is a module that reads top-down: `lexer` → `parser` (lossless rowan tree) →
//! `model` (typed views) → `check` (diagnostics) → `format`. The functions of this file
//! dispatch on [`Lang`] so that callers need not know the formats.

pub mod acbl;
pub mod across_files;
pub mod binary;
pub mod bridge;
pub mod chess;
pub mod config;
mod cuts;
pub mod dates;
pub mod diagnostic;
mod engine;
pub mod epd;
pub mod fix;
pub mod format;
pub mod grounds;
pub mod ide;
mod lang;
mod layout;
pub mod lin;
pub mod moved;
mod names;
mod parallel;
pub mod parsing;
pub mod pbi;
pub mod pbn;
pub mod pgc;
pub mod pgn;
pub mod policy;
pub mod rules;
pub mod spellings;
mod stretches;
#[doc(hidden)]
pub mod testing;
pub mod text;
mod units;

pub use config::{CheckOptions, Mode};
pub use cuts::likely_unit_start;
pub use diagnostic::{Diagnostic, Rule, Severity};
pub use engine::{
    check, check_across, check_across_detached, check_alone, check_pieces, check_unit, reprint, too_large_in_stream,
    CheckedPiece, DetachedFacts, UnitCheck, UnitFacts, UnitState,
};
pub use lang::Lang;
pub use parallel::map_on;
pub use stretches::MAX_GAME_BYTES;
pub use text::{TextRange, TextSize};
pub use units::{pieces, proves_join, runs_on, units, Piece};
