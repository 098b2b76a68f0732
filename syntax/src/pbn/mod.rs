//! PBN 2.1 (Portable Bridge Notation): lexer → parser (lossless tree) → model → checks.

pub mod check;
pub mod format;
pub mod lexer;
pub mod model;
pub mod parser;
pub mod rules;

pub mod syntax_kind;

use crate::config::CheckOptions;
use crate::diagnostic::Diagnostic;
use crate::parsing::Parse;
use crate::text::TextRange;
use syntax_kind::{PBNLanguage, SyntaxKind};

pub fn parse(text: &str) -> Parse<PBNLanguage> {
    parser::parse(text)
}

pub fn check(text: &str, options: &CheckOptions) -> Vec<Diagnostic> {
    check::check(text, options)
}

/// The byte ranges of the games of `text`.
pub fn units(text: &str) -> Vec<TextRange> {
    parse(text).syntax().children().filter(|n| n.kind() == SyntaxKind::GAME).map(|n| n.text_range()).collect()
}
