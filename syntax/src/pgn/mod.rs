//! PGN: placeholder until the PGN lexer and parser land (see the foundation issue).

pub mod format;
pub mod rules;
pub mod syntax_kind;

use crate::config::CheckOptions;
use crate::diagnostic::Diagnostic;
use crate::parsing::{Parse, Parser, Token};
use crate::text::TextRange;
use syntax_kind::{PGNLanguage, SyntaxKind};

pub fn parse(text: &str) -> Parse<PGNLanguage> {
    let tokens = vec![Token { kind: SyntaxKind::TEXT, range: TextRange::up_to((text.len() as u32).into()) }];
    Parser::new(text, tokens, SyntaxKind::ROOT, |_| false).finish()
}

pub fn check(text: &str, _options: &CheckOptions) -> Vec<Diagnostic> {
    parse(text).errors().to_vec()
}

pub fn units(text: &str) -> Vec<TextRange> {
    vec![TextRange::up_to((text.len() as u32).into())]
}
