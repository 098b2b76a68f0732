//! PGN: lexer → parser (lossless rowan tree) → model (typed views) → check (diagnostics).

pub mod check;
pub mod flat;
pub mod format;
pub mod lexer;
pub mod model;
pub mod parser;
mod plain;
pub mod read;
pub mod rules;
pub mod stretches;
pub mod syntax_kind;

use crate::config::CheckOptions;
use crate::diagnostic::Diagnostic;
use crate::parsing::Parse;
use crate::text::TextRange;
use syntax_kind::PGNLanguage;

/// Parses PGN text into a lossless tree of games; never fails.
pub fn parse(text: &str) -> Parse<PGNLanguage> {
    parser::parse(text)
}

/// Syntax errors and rule diagnostics of `text`.
pub fn check(text: &str, options: &CheckOptions) -> Vec<Diagnostic> {
    check::check(text, options)
}

/// The range of every game, from the parser with nothing recorded but the games' ends (the
/// language server cuts every document it opens into games); a game too large to read
/// ([`crate::stretches::MAX_GAME_BYTES`]) is one range up to where the next most likely starts.
pub fn units(text: &str) -> Vec<TextRange> {
    crate::stretches::units(text, &stretches::GAMES)
}
