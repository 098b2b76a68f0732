//! The editor features on a snapshot: each cuts out the unit(s) concerned, asks
//! `kibitzer_syntax::ide` (or the checker, or the formatter) and converts the answer.

use super::analysis;
use super::convert;
use super::document::Snapshot;
use super::views;
use kibitzer_syntax::diagnostic::TextEdit as KEdit;
use kibitzer_syntax::ide;
use kibitzer_syntax::{TextRange, TextSize};
use tower_lsp_server::ls_types::*;

pub fn capabilities(encoding: PositionEncodingKind) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(encoding),
        text_document_sync: Some(TextDocumentSyncCapability::Options(TextDocumentSyncOptions {
            open_close: Some(true),
            change: Some(TextDocumentSyncKind::INCREMENTAL),
            save: Some(TextDocumentSyncSaveOptions::Supported(true)),
            ..TextDocumentSyncOptions::default()
        })),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(["[", "\"", "$", " ", "."].map(String::from).to_vec()),
            ..CompletionOptions::default()
        }),
        document_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        selection_range_provider: Some(SelectionRangeProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_range_formatting_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![CodeActionKind::QUICKFIX, CodeActionKind::SOURCE_FIX_ALL]),
            ..CodeActionOptions::default()
        })),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: SemanticTokensLegend { token_types: convert::token_types(), token_modifiers: Vec::new() },
                range: Some(true),
                full: Some(SemanticTokensFullOptions::Bool(true)),
                ..SemanticTokensOptions::default()
            },
        )),
        ..ServerCapabilities::default()
    }
}

/// The unit at `offset` (its absolute range and text); the whole text before the first check
/// has cut the document into units.
fn unit_at(s: &Snapshot, offset: usize) -> (TextRange, String) {
    match analysis::segment_at(&s.segments, offset) {
        Some(i) => {
            let range = s.segments[i].range;
            (range, s.rope.byte_slice(usize::from(range.start())..usize::from(range.end())).into())
        }
        None => (TextRange::up_to(TextSize::from(s.rope.len_bytes() as u32)), s.rope.to_string()),
    }
}

pub fn hover(s: &Snapshot, position: Position) -> Option<Hover> {
    // Test hook: the end-to-end tests prove that a panicking handler does not end the server.
    if std::env::var_os("KIBITZER_LSP_TEST_PANIC").is_some() {
        panic!("KIBITZER_LSP_TEST_PANIC is set");
    }
    let pos = s.positions();
    let offset = pos.offset(position);
    let (unit, text) = unit_at(s, offset);
    let info = ide::hover(s.lang, &text, TextSize::from(offset as u32) - unit.start())?;
    Some(Hover {
        contents: HoverContents::Markup(convert::markdown(info.markdown)),
        range: Some(pos.range(info.range + unit.start())),
    })
}

pub fn completion(s: &Snapshot, position: Position) -> Option<CompletionResponse> {
    let pos = s.positions();
    let offset = pos.offset(position);
    let (unit, text) = unit_at(s, offset);
    let items: Vec<CompletionItem> = ide::completions(s.lang, &text, TextSize::from(offset as u32) - unit.start())
        .into_iter()
        .map(|mut c| {
            c.replace += unit.start();
            convert::completion(c, &pos)
        })
        .collect();
    (!items.is_empty()).then_some(CompletionResponse::Array(items))
}

pub fn symbols(s: &Snapshot) -> Vec<DocumentSymbol> {
    views::symbols(s)
}

pub fn folding(s: &Snapshot) -> Vec<FoldingRange> {
    views::folding(s)
}

pub fn semantic_tokens(s: &Snapshot, range: Option<Range>) -> Vec<SemanticToken> {
    views::semantic_tokens(s, range)
}

pub fn definition(s: &Snapshot, position: Position) -> Option<Location> {
    let pos = s.positions();
    let offset = pos.offset(position);
    let (unit, text) = unit_at(s, offset);
    let target = ide::definition(s.lang, &text, TextSize::from(offset as u32) - unit.start())?;
    Some(Location { uri: s.uri.clone(), range: pos.range(target + unit.start()) })
}

pub fn references(s: &Snapshot, position: Position, include_declaration: bool) -> Vec<Location> {
    let pos = s.positions();
    let offset = pos.offset(position);
    let (unit, text) = unit_at(s, offset);
    let local = TextSize::from(offset as u32) - unit.start();
    let declaration = ide::definition(s.lang, &text, local);
    ide::references(s.lang, &text, local)
        .into_iter()
        .filter(|r| include_declaration || Some(*r) != declaration)
        .map(|r| Location { uri: s.uri.clone(), range: pos.range(r + unit.start()) })
        .collect()
}

/// Formatting edits for the document, or for the units that `range` touches.
pub fn format(s: &Snapshot, range: Option<Range>) -> Option<Vec<TextEdit>> {
    let pos = s.positions();
    let edits = super::formatting::edits(s.lang, &s.rope, &s.segments, &s.options, range.map(|r| pos.text_range(r)));
    Some(convert::into_edits(edits, &pos))
}

/// Quick fixes of the diagnostics in `range` (from a fresh check of the touched units), and
/// "fix all" with every safe fix.
pub fn code_actions(s: &Snapshot, range: Range, only: Option<&[CodeActionKind]>) -> CodeActionResponse {
    let pos = s.positions();
    let mut segments = s.segments.clone();
    analysis::refresh(s.lang, &s.rope, &mut segments, &s.options);
    let wanted = pos.text_range(range);
    let diagnostics: Vec<_> = analysis::diagnostics(&segments).filter(|d| d.fix.is_some()).collect();
    let allowed = |kind: &CodeActionKind| only.is_none_or(|o| o.iter().any(|k| kind.as_str().starts_with(k.as_str())));
    let mut out = Vec::new();
    if allowed(&CodeActionKind::QUICKFIX) {
        for d in diagnostics.iter().filter(|d| d.range.intersect(wanted).is_some() || d.range.contains_range(wanted)) {
            if let Some(fix) = &d.fix {
                out.push(CodeActionOrCommand::CodeAction(convert::quick_fix(d, fix, &s.uri, &pos)));
            }
        }
    }
    let safe: Vec<KEdit> = diagnostics
        .iter()
        .filter_map(|d| d.fix.as_ref())
        .filter(|f| f.applicability == kibitzer_syntax::diagnostic::Applicability::Safe)
        .flat_map(|f| f.edits.iter().cloned())
        .collect();
    if !safe.is_empty() && allowed(&CodeActionKind::SOURCE_FIX_ALL) {
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: "Apply every safe kibitzer fix".to_owned(),
            kind: Some(CodeActionKind::SOURCE_FIX_ALL),
            edit: Some(convert::workspace_edit(&s.uri, convert::edits(&non_overlapping(safe), &pos))),
            ..CodeAction::default()
        }));
    }
    out
}

/// Edits sorted, with any that overlap an earlier one dropped (LSP forbids overlapping edits).
fn non_overlapping(mut edits: Vec<KEdit>) -> Vec<KEdit> {
    edits.sort_by_key(|e| (e.range.start(), e.range.end()));
    let mut out: Vec<KEdit> = Vec::with_capacity(edits.len());
    for e in edits {
        if out.last().is_none_or(|last| last.range.end() <= e.range.start()) {
            out.push(e);
        }
    }
    out
}

/// Selection ranges grow from the element at the cursor to its unit, then the document.
pub fn selection_range(s: &Snapshot, position: Position) -> SelectionRange {
    let pos = s.positions();
    let offset = pos.offset(position);
    let (unit, text) = unit_at(s, offset);
    let whole =
        SelectionRange { range: pos.range(TextRange::up_to(TextSize::from(s.rope.len_bytes() as u32))), parent: None };
    let unit_sel = SelectionRange { range: pos.range(unit), parent: Some(Box::new(whole)) };
    let local = TextSize::from(offset as u32) - unit.start();
    match ide::scan::element_at(s.lang, &text, local) {
        Some(r) => SelectionRange { range: pos.range(r + unit.start()), parent: Some(Box::new(unit_sel)) },
        None => unit_sel,
    }
}
