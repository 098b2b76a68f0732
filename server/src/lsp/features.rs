//! The editor features on a snapshot: each cuts out the unit(s) concerned, asks
//! `kibitzer_syntax::ide` (or the checker, or the formatter) and converts the answer.

use super::analysis;
use super::convert;
use super::document::Snapshot;
use super::formatting::document_edits;
use super::guard::lock;
use super::parked;
use super::views;
use kibitzer_syntax::ide;
use kibitzer_syntax::{TextRange, TextSize};
use std::sync::atomic::{AtomicU64, Ordering};
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
            code_action_kinds: Some(vec![
                CodeActionKind::QUICKFIX,
                CodeActionKind::SOURCE_FIX_ALL,
                CodeActionKind::REFACTOR_REWRITE,
                CONVERT_TO_EXPORT,
            ]),
            resolve_provider: Some(true),
            ..CodeActionOptions::default()
        })),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: SemanticTokensLegend { token_types: convert::token_types(), token_modifiers: Vec::new() },
                range: Some(true),
                full: Some(SemanticTokensFullOptions::Delta { delta: Some(true) }),
                ..SemanticTokensOptions::default()
            },
        )),
        diagnostic_provider: Some(DiagnosticServerCapabilities::Options(DiagnosticOptions {
            identifier: Some("kibitzer".to_owned()),
            inter_file_dependencies: false,
            workspace_diagnostics: true,
            work_done_progress_options: WorkDoneProgressOptions::default(),
        })),
        inlay_hint_provider: Some(OneOf::Left(true)),
        code_lens_provider: Some(CodeLensOptions { resolve_provider: Some(false) }),
        document_link_provider: Some(DocumentLinkOptions {
            resolve_provider: Some(false),
            work_done_progress_options: WorkDoneProgressOptions::default(),
        }),
        workspace_symbol_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// The unit at `offset` (its absolute range and text); the whole text before the first check
/// has cut the document into units. `None` for a unit larger than the game size limit
/// ([`kibitzer_syntax::MAX_GAME_BYTES`], PGN008 / PBN007 / EPD016): the features that read a
/// unit build its tree, which for such a unit would take the memory the limit is there to save,
/// so it has no hover, completion or navigation (its one diagnostic says why).
pub(super) fn unit_at(s: &Snapshot, offset: usize) -> Option<(TextRange, String)> {
    let range = unit_range_at(s, offset);
    (usize::from(range.len()) <= kibitzer_syntax::MAX_GAME_BYTES)
        .then(|| (range, s.rope.byte_slice(usize::from(range.start())..usize::from(range.end())).into()))
}

/// The range of the unit at `offset` ([`unit_at`]).
fn unit_range_at(s: &Snapshot, offset: usize) -> TextRange {
    match analysis::segment_at(&s.segments, offset) {
        Some(i) => s.segments[i].range,
        None => TextRange::up_to(TextSize::from(s.rope.len_bytes() as u32)),
    }
}

/// Hover at `position`; `pictures`: positions, deals and tricks as SVG images.
pub fn hover(s: &Snapshot, position: Position, pictures: bool) -> Option<Hover> {
    // Test hook: the end-to-end tests prove that a panicking handler does not end the server.
    if std::env::var_os("KIBITZER_LSP_TEST_PANIC").is_some() {
        panic!("KIBITZER_LSP_TEST_PANIC is set");
    }
    let pos = s.positions();
    let offset = pos.offset(position);
    let (unit, text) = unit_at(s, offset)?;
    let info = ide::hover_with(s.lang, &text, TextSize::from(offset as u32) - unit.start(), pictures);
    // On a PBN deal: the double-dummy table and par after what the deal's hover says.
    let info = {
        let dd = match s.lang {
            kibitzer_syntax::Lang::Pbn => {
                crate::dd::hover(&text, TextSize::from(offset as u32) - unit.start(), super::double_dummy::solved())
            }
            _ => None,
        };
        match dd {
            Some((range, dd)) => Some(match info {
                Some(mut info) => {
                    info.markdown = format!("{}\n\n---\n\n{dd}", info.markdown);
                    info
                }
                None => ide::HoverInfo { range, markdown: dd },
            }),
            None => info,
        }
    };
    let info = info?;
    Some(Hover {
        contents: HoverContents::Markup(convert::markdown(info.markdown)),
        range: Some(pos.range(info.range + unit.start())),
    })
}

pub fn completion(s: &Snapshot, position: Position) -> Option<CompletionResponse> {
    let pos = s.positions();
    let offset = pos.offset(position);
    let (unit, text) = unit_at(s, offset)?;
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

/// The semantic tokens of the whole document, with a result id that a delta request can name;
/// a large answer is parked (written as JSON directly, not through a `Value` tree).
pub fn semantic_tokens_full(s: &Snapshot) -> SemanticTokens {
    let answer = views::semantic_token_answer(s, next_result_id());
    let all = views::AllSemanticTokens { snapshot: s, result_id: &answer.result_id };
    let tokens = parked::tokens_stand_in(answer.len(), &all).unwrap_or_else(|| SemanticTokens {
        result_id: Some(answer.result_id.clone()),
        data: views::semantic_tokens(s, None),
    });
    *lock(&s.semantic_answer) = Some(answer);
    tokens
}

/// What changed in the semantic tokens since the answer `previous_result_id`; the whole answer
/// when that is not the last one sent for the document, or when the change is most of it.
pub fn semantic_tokens_delta(s: &Snapshot, previous_result_id: &str) -> SemanticTokensFullDeltaResult {
    let previous = lock(&s.semantic_answer).take().filter(|a| a.result_id == previous_result_id);
    let Some(previous) = previous else {
        return SemanticTokensFullDeltaResult::Tokens(semantic_tokens_full(s));
    };
    let Some((edit, answer)) = views::semantic_token_delta(s, &previous, next_result_id()) else {
        return SemanticTokensFullDeltaResult::Tokens(semantic_tokens_full(s));
    };
    let sent = edit.as_ref().and_then(|e| e.data.as_ref()).map_or(0, Vec::len);
    if sent > answer.len() / 2 && sent > 1000 {
        return SemanticTokensFullDeltaResult::Tokens(semantic_tokens_full(s));
    }
    let result_id = Some(answer.result_id.clone());
    *lock(&s.semantic_answer) = Some(answer);
    SemanticTokensFullDeltaResult::TokensDelta(SemanticTokensDelta { result_id, edits: edit.into_iter().collect() })
}

fn next_result_id() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed).to_string()
}

pub fn definition(s: &Snapshot, position: Position) -> Option<Location> {
    let pos = s.positions();
    let offset = pos.offset(position);
    let (unit, text) = unit_at(s, offset)?;
    let target = ide::definition(s.lang, &text, TextSize::from(offset as u32) - unit.start())?;
    Some(Location { uri: s.uri.clone(), range: pos.range(target + unit.start()) })
}

pub fn references(s: &Snapshot, position: Position, include_declaration: bool) -> Vec<Location> {
    let pos = s.positions();
    let offset = pos.offset(position);
    let Some((unit, text)) = unit_at(s, offset) else { return Vec::new() };
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

/// The kind of the "convert to export format" action: a source action on the whole document.
pub const CONVERT_TO_EXPORT: CodeActionKind = CodeActionKind::new("source.convertToExport");

/// The kind of "Add double-dummy analysis": a rewrite of the game at the cursor, told apart from
/// "Format this game".
pub const ADD_DOUBLE_DUMMY: CodeActionKind = CodeActionKind::new("refactor.rewrite.doubleDummy");

/// The actions whose edits are worked out only when chosen (`codeAction/resolve`): each may
/// re-check or re-format the whole document, too slow to do for every lightbulb request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Deferred {
    /// Every safe fix, in rounds, as `kibitzer check --fix` applies them.
    FixAll,
    /// The formatter on the unit at this byte offset.
    FormatUnit(usize),
    /// Export-format fixes, then the formatter, on the whole document.
    ToExport,
    /// The double-dummy analysis written into the PBN game at this byte offset: solved here.
    DoubleDummy(usize),
}

impl Deferred {
    fn to_data(self) -> serde_json::Value {
        match self {
            Deferred::FixAll => serde_json::json!({"action": "fixAll"}),
            Deferred::FormatUnit(offset) => serde_json::json!({"action": "formatUnit", "offset": offset}),
            Deferred::ToExport => serde_json::json!({"action": "toExport"}),
            Deferred::DoubleDummy(offset) => serde_json::json!({"action": "doubleDummy", "offset": offset}),
        }
    }

    fn from_data(data: &serde_json::Value) -> Option<Deferred> {
        match data.get("action")?.as_str()? {
            "fixAll" => Some(Deferred::FixAll),
            "formatUnit" => Some(Deferred::FormatUnit(usize::try_from(data.get("offset")?.as_u64()?).ok()?)),
            "toExport" => Some(Deferred::ToExport),
            "doubleDummy" => Some(Deferred::DoubleDummy(usize::try_from(data.get("offset")?.as_u64()?).ok()?)),
            _ => None,
        }
    }

    /// The edits of the action on the snapshot's text.
    fn edits(self, s: &Snapshot) -> Vec<TextEdit> {
        let text = s.rope.to_string();
        let edits = match self {
            Deferred::FixAll => kibitzer_syntax::fix::fix_all(s.lang, &text, &s.options)
                .map(|fixed| document_edits(&text, &fixed))
                .unwrap_or_default(),
            Deferred::FormatUnit(offset) => {
                let at = TextRange::empty(TextSize::from(offset.min(text.len()) as u32));
                super::formatting::edits(s.lang, &s.rope, &s.segments, &s.options, Some(at))
            }
            Deferred::ToExport => document_edits(&text, &kibitzer_syntax::fix::to_export(s.lang, &text, &s.options)),
            Deferred::DoubleDummy(offset) => super::double_dummy::analysis_edits(s, offset),
        };
        convert::edits(&edits, &s.positions())
    }
}

/// Quick fixes of the diagnostics in `range` (from a fresh check of the touched units: every
/// fix a rule offers, safe or not), "apply every safe fix", "format this game", "convert to
/// export format" and, on a PBN game with a deal, "add double-dummy analysis".
/// All but the quick fixes are computed on `codeAction/resolve` when the client can
/// resolve edits (`resolve_edits`). A client that cannot gets them with their edits, but only
/// when the user asked for actions (`invoked`) or for their kinds (`only`): on a large file
/// they take seconds, too long for every automatic lightbulb request.
pub fn code_actions(
    s: &Snapshot,
    range: Range,
    only: Option<&[CodeActionKind]>,
    invoked: bool,
    resolve_edits: bool,
) -> CodeActionResponse {
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
    let allowed = |kind: &CodeActionKind| allowed(kind) && (resolve_edits || invoked || only.is_some());
    let deferred = |title: &str, kind: CodeActionKind, what: Deferred| {
        let mut action = CodeAction { title: title.to_owned(), kind: Some(kind), ..CodeAction::default() };
        if resolve_edits {
            let mut data = what.to_data();
            data["uri"] = serde_json::json!(s.uri.as_str());
            data["version"] = serde_json::json!(s.version);
            action.data = Some(data);
        } else {
            action.edit = Some(convert::workspace_edit(&s.uri, what.edits(s)));
        }
        CodeActionOrCommand::CodeAction(action)
    };
    let has_safe_fix = diagnostics
        .iter()
        .any(|d| d.fix.as_ref().is_some_and(|f| f.applicability == kibitzer_syntax::diagnostic::Applicability::Safe));
    if has_safe_fix && allowed(&CodeActionKind::SOURCE_FIX_ALL) {
        out.push(deferred("Apply every safe kibitzer fix", CodeActionKind::SOURCE_FIX_ALL, Deferred::FixAll));
    }
    let offset = usize::from(wanted.start());
    if analysis::segment_at(&segments, offset).is_some() && allowed(&CodeActionKind::REFACTOR_REWRITE) {
        let title = match s.lang {
            kibitzer_syntax::Lang::Pgn | kibitzer_syntax::Lang::Pbn => "Format this game",
            kibitzer_syntax::Lang::Epd => "Format this record",
            kibitzer_syntax::Lang::Pbi => "Format this problem",
        };
        out.push(deferred(title, CodeActionKind::REFACTOR_REWRITE, Deferred::FormatUnit(offset)));
    }
    if allowed(&CONVERT_TO_EXPORT) {
        out.push(deferred("Convert to export format", CONVERT_TO_EXPORT, Deferred::ToExport));
    }
    if allowed(&ADD_DOUBLE_DUMMY) && super::double_dummy::offers_analysis(s, &segments, offset) {
        out.push(deferred("Add double-dummy analysis", ADD_DOUBLE_DUMMY, Deferred::DoubleDummy(offset)));
    }
    out
}

/// The document a deferred action is for (its `data.uri`).
pub fn deferred_uri(action: &CodeAction) -> Option<Uri> {
    action.data.as_ref()?.get("uri")?.as_str()?.parse().ok()
}

/// Fills in the edits of an action offered with [`Deferred`] data; other actions come back
/// as they are, and so does one offered for an older version of the document (its offset
/// may no longer be in the same game: an edit computed now could change the wrong text).
pub fn resolve_code_action(s: &Snapshot, mut action: CodeAction) -> CodeAction {
    let offered_for = action.data.as_ref().and_then(|d| d.get("version")).and_then(serde_json::Value::as_i64);
    if offered_for != Some(i64::from(s.version)) {
        return action;
    }
    if let Some(what) = action.data.as_ref().and_then(Deferred::from_data) {
        action.edit = Some(convert::workspace_edit(&s.uri, what.edits(s)));
    }
    action
}

/// Selection ranges grow from the element at the cursor to its unit, then the document.
pub fn selection_range(s: &Snapshot, position: Position) -> SelectionRange {
    let pos = s.positions();
    let offset = pos.offset(position);
    let whole =
        SelectionRange { range: pos.range(TextRange::up_to(TextSize::from(s.rope.len_bytes() as u32))), parent: None };
    let unit_sel = SelectionRange { range: pos.range(unit_range_at(s, offset)), parent: Some(Box::new(whole)) };
    let Some((unit, text)) = unit_at(s, offset) else { return unit_sel };
    let local = TextSize::from(offset as u32) - unit.start();
    match ide::scan::element_at(s.lang, &text, local) {
        Some(r) => SelectionRange { range: pos.range(r + unit.start()), parent: Some(Box::new(unit_sel)) },
        None => unit_sel,
    }
}
