//! EPD and FEN files (PGN standard section 16): one record per line.
//!
//! `lexer` → `parser` (lossless tree, one node per line) → `model` (records, operations) →
//! `check` → `format`. A record's position is validated by the chess domain's FEN validator
//! ([`crate::chess::fen`]), its move operands resolved by [`crate::chess::san`].

pub mod check;
pub mod format;
pub mod layout;
pub mod lexer;
pub mod model;
pub mod parser;
pub mod rules;
pub mod syntax_kind;

use crate::config::CheckOptions;
use crate::diagnostic::Diagnostic;
use crate::text::TextRange;

pub use parser::parse;

pub fn check(text: &str, _options: &CheckOptions) -> Vec<Diagnostic> {
    check::check(text)
}

/// One unit per line, terminator included.
pub fn units(text: &str) -> Vec<TextRange> {
    lexer::lines(text).map(|(content, terminator)| content.cover(terminator)).collect()
}
