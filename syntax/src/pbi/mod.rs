//! PBI (Problem Import) files: UTF-8 with a BOM, a `#PBI 1.1`/`#PBI 1.2` marker line, comment
//! lines, then one chess problem per data line of nine `:`-separated fields.
//!
//! `lexer` (lines, then logos tokens) → `parser` (lossless tree, one node per line) → `model`
//! (fields, sub-fields, `\xNN` decoding, stipulations) → `check`. Position sanity is shared with
//! FEN through [`crate::chess::position`].

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

pub fn check(text: &str, options: &CheckOptions) -> Vec<Diagnostic> {
    check::check(text, options)
}

/// One unit per line (terminator included); a leading BOM belongs to the first line.
pub fn units(text: &str) -> Vec<TextRange> {
    lexer::lines(text).map(|(content, terminator)| content.cover(terminator)).collect()
}
