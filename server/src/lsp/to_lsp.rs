//! kibitzer values → LSP values (diagnostics, fixes, outline, folding, completions), in the
//! positions of one snapshot.

use super::cache::LineToken;
use super::offsets::{Positions, PositionsInOrder, ToPosition};
use kibitzer_syntax::diagnostic::{Applicability, Fix};
use kibitzer_syntax::ide::{self, CompletionKind, FoldKind, TokenClass};
use kibitzer_syntax::{Diagnostic, Severity, TextRange};
use std::collections::HashMap;
use tower_lsp_server::ls_types as lsp;

pub const SOURCE: &str = "kibitzer";

pub fn severity(s: Severity) -> lsp::DiagnosticSeverity {
    match s {
        Severity::Error => lsp::DiagnosticSeverity::ERROR,
        Severity::Warning => lsp::DiagnosticSeverity::WARNING,
        Severity::Information => lsp::DiagnosticSeverity::INFORMATION,
        Severity::Hint => lsp::DiagnosticSeverity::HINT,
    }
}

pub fn diagnostic(d: &Diagnostic, uri: &lsp::Uri, pos: &impl ToPosition) -> lsp::Diagnostic {
    diagnostic_across(d, uri, pos, &HashMap::new())
}

/// [`diagnostic`], the related places in other files ([`kibitzer_syntax::diagnostic::Related::file`])
/// found in `elsewhere` (a place not found there is left out).
pub fn diagnostic_across(
    d: &Diagnostic,
    uri: &lsp::Uri,
    pos: &impl ToPosition,
    elsewhere: &HashMap<(usize, TextRange), lsp::Location>,
) -> lsp::Diagnostic {
    let related = d
        .related
        .iter()
        .filter_map(|r| {
            let location = match r.file {
                None => lsp::Location { uri: uri.clone(), range: pos.range(r.range) },
                Some(file) => elsewhere.get(&(file, r.range))?.clone(),
            };
            Some(lsp::DiagnosticRelatedInformation { location, message: r.message.clone() })
        })
        .collect::<Vec<_>>();
    lsp::Diagnostic {
        range: pos.range(d.range),
        severity: Some(severity(d.severity)),
        code: Some(lsp::NumberOrString::String(d.code.to_owned())),
        source: Some(SOURCE.to_owned()),
        message: d.message.clone(),
        related_information: (!related.is_empty()).then_some(related),
        ..lsp::Diagnostic::default()
    }
}

pub fn edits(edits: &[kibitzer_syntax::diagnostic::TextEdit], pos: &Positions) -> Vec<lsp::TextEdit> {
    edits.iter().map(|e| lsp::TextEdit { range: pos.range(e.range), new_text: e.replacement.clone() }).collect()
}

/// Like [`edits`], taking the edits: a formatting answer's texts (a whole file's worth) are
/// moved, not copied.
/// LSP edits of `edits`, in text order (a formatting's): placed as [`PositionsInOrder`] places
/// offsets, each from the one before.
pub fn into_edits(edits: Vec<kibitzer_syntax::diagnostic::TextEdit>, pos: &Positions) -> Vec<lsp::TextEdit> {
    let pos = PositionsInOrder::new(*pos);
    edits.into_iter().map(|e| lsp::TextEdit { range: pos.range(e.range), new_text: e.replacement }).collect()
}

/// A quick fix for a diagnostic; safe fixes are marked preferred (what "fix all" applies).
pub fn quick_fix(d: &Diagnostic, fix: &Fix, uri: &lsp::Uri, pos: &Positions) -> lsp::CodeAction {
    lsp::CodeAction {
        title: fix.title.clone(),
        kind: Some(lsp::CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![diagnostic(d, uri, pos)]),
        edit: Some(workspace_edit(uri, edits(&fix.edits, pos))),
        is_preferred: Some(fix.applicability == Applicability::Safe),
        ..lsp::CodeAction::default()
    }
}

pub fn workspace_edit(uri: &lsp::Uri, edits: Vec<lsp::TextEdit>) -> lsp::WorkspaceEdit {
    lsp::WorkspaceEdit { changes: Some(HashMap::from([(uri.clone(), edits)])), ..lsp::WorkspaceEdit::default() }
}

pub fn markdown(text: String) -> lsp::MarkupContent {
    lsp::MarkupContent { kind: lsp::MarkupKind::Markdown, value: text }
}

pub fn completion(c: ide::Completion, pos: &Positions) -> lsp::CompletionItem {
    let kind = match c.kind {
        CompletionKind::TagName => lsp::CompletionItemKind::PROPERTY,
        CompletionKind::TagValue => lsp::CompletionItemKind::VALUE,
        CompletionKind::Nag => lsp::CompletionItemKind::OPERATOR,
        CompletionKind::Move | CompletionKind::Call | CompletionKind::Card => lsp::CompletionItemKind::ENUM_MEMBER,
        CompletionKind::Opcode => lsp::CompletionItemKind::KEYWORD,
    };
    lsp::CompletionItem {
        label: c.label,
        kind: Some(kind),
        detail: c.detail,
        documentation: c.documentation.map(|d| lsp::Documentation::MarkupContent(markdown(d))),
        text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit {
            range: pos.range(c.replace),
            new_text: c.insert,
        })),
        ..lsp::CompletionItem::default()
    }
}

#[allow(deprecated)] // `DocumentSymbol::deprecated` must be spelled out.
pub fn symbol(s: ide::Symbol, pos: &impl ToPosition) -> lsp::DocumentSymbol {
    lsp::DocumentSymbol {
        name: if s.name.is_empty() { "?".to_owned() } else { s.name },
        detail: s.detail,
        kind: match s.kind {
            ide::SymbolKind::Game => lsp::SymbolKind::NAMESPACE,
            ide::SymbolKind::Tag => lsp::SymbolKind::PROPERTY,
            ide::SymbolKind::Section => lsp::SymbolKind::STRUCT,
        },
        tags: None,
        deprecated: None,
        range: pos.range(s.range),
        selection_range: pos.range(s.selection),
        children: Some(s.children.into_iter().map(|c| symbol(c, pos)).collect()),
    }
}

pub fn folding(f: ide::Fold, pos: &impl ToPosition) -> Option<lsp::FoldingRange> {
    let r = pos.range(f.range);
    // A fold of one line folds nothing; the end line is the last line with content.
    let end_line = if r.end.character == 0 && r.end.line > r.start.line { r.end.line - 1 } else { r.end.line };
    (end_line > r.start.line).then(|| lsp::FoldingRange {
        start_line: r.start.line,
        end_line,
        kind: Some(match f.kind {
            FoldKind::Region => lsp::FoldingRangeKind::Region,
            FoldKind::Comment => lsp::FoldingRangeKind::Comment,
        }),
        ..lsp::FoldingRange::default()
    })
}

/// The semantic token legend: one LSP token type per [`TokenClass`], in its order.
pub fn token_types() -> Vec<lsp::SemanticTokenType> {
    TokenClass::ALL
        .iter()
        .map(|c| match c {
            TokenClass::TagName => lsp::SemanticTokenType::PROPERTY,
            TokenClass::TagValue => lsp::SemanticTokenType::STRING,
            TokenClass::MoveNumber => lsp::SemanticTokenType::NUMBER,
            TokenClass::Move => lsp::SemanticTokenType::FUNCTION,
            TokenClass::Nag => lsp::SemanticTokenType::OPERATOR,
            TokenClass::Comment => lsp::SemanticTokenType::COMMENT,
            TokenClass::Result => lsp::SemanticTokenType::KEYWORD,
            TokenClass::Call => lsp::SemanticTokenType::ENUM_MEMBER,
            TokenClass::Card => lsp::SemanticTokenType::ENUM_MEMBER,
            TokenClass::NoteRef => lsp::SemanticTokenType::MACRO,
            TokenClass::Escape => lsp::SemanticTokenType::DECORATOR,
        })
        .collect()
}

/// Classified ranges (in text order) as tokens of one line each: a token spanning lines (a
/// brace comment) is split per line, as clients without multiline support need.
pub fn line_tokens(tokens: &[(TextRange, TokenClass)], pos: &impl ToPosition) -> Vec<LineToken> {
    let mut out = Vec::with_capacity(tokens.len());
    for &(range, class) in tokens {
        let token_type = TokenClass::ALL.iter().position(|c| *c == class).unwrap_or(0) as u32;
        let start = pos.position(range.start().into());
        let end = pos.position(range.end().into());
        for line in start.line..=end.line {
            let from = if line == start.line { start.character } else { 0 };
            let to = if line == end.line { end.character } else { pos.line_end(line) };
            if to > from {
                out.push(LineToken { start: lsp::Position { line, character: from }, length: to - from, token_type });
            }
        }
    }
    out
}
