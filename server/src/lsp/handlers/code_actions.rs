//! `textDocument/codeAction` and `codeAction/resolve`: quick fixes, "apply every safe fix",
//! "format this game", "convert to export format", "add double-dummy analysis" and "add ECO and
//! Opening tags"; the quick fixes and the opening tags (one game's) come with their edits, the
//! others are worked out only when chosen, for a client that resolves edits.

use super::super::analysis;
use super::super::document::Snapshot;
use super::super::double_dummy;
use super::super::formatting::{self, document_edits};
use super::super::guard;
use super::super::large_answers;
use super::super::state::{RequestSettings, State};
use super::super::to_lsp;
use super::DocumentRequest;
use kibitzer_syntax::{Diagnostic as Found, TextRange, TextSize};
use tower_lsp_server::jsonrpc;
use tower_lsp_server::ls_types::request::{CodeActionRequest, CodeActionResolveRequest, Request};
use tower_lsp_server::ls_types::*;

impl DocumentRequest for CodeActionRequest {
    fn document(params: &CodeActionParams) -> &Uri {
        &params.text_document.uri
    }

    fn answer(s: &Snapshot, params: CodeActionParams, settings: RequestSettings) -> Option<CodeActionResponse> {
        let invoked = params.context.trigger_kind == Some(CodeActionTriggerKind::INVOKED);
        let only = params.context.only.as_deref();
        let actions = code_actions(s, params.range, only, invoked, settings.resolve_edits);
        Some(large_answers::code_actions_stand_in(actions))
    }
}

/// `codeAction/resolve`: the edits of an action offered with [`Deferred`] data, worked out on a
/// snapshot of its document; any other action, or one whose document is closed, comes back as
/// it is.
pub async fn resolve(state: &State, action: CodeAction) -> jsonrpc::Result<CodeAction> {
    const METHOD: &str = CodeActionResolveRequest::METHOD;
    let Some(uri) = deferred_uri(&action) else { return Ok(action) };
    guard::request(METHOD, async {
        let Some(snapshot) = state.snapshot(&uri) else { return Ok(action) };
        let work = move || {
            large_answers::parked_by(|| large_answers::code_action_stand_in(resolve_code_action(&snapshot, action)))
        };
        let (action, claim) = guard::blocking(METHOD, work).await?;
        claim.keep();
        Ok(action)
    })
    .await
}

/// The kind of the "convert to export format" action: a source action on the whole document.
pub const CONVERT_TO_EXPORT: CodeActionKind = CodeActionKind::new("source.convertToExport");

/// The kind of "Add double-dummy analysis": a rewrite of the game at the cursor, told apart from
/// "Format this game".
pub const ADD_DOUBLE_DUMMY: CodeActionKind = CodeActionKind::new("refactor.rewrite.doubleDummy");

/// The kind of "Add ECO and Opening tags" (`check --fix --add-eco` for the game at the cursor).
pub const ADD_OPENINGS: CodeActionKind = CodeActionKind::new("refactor.rewrite.openings");

/// The actions whose edits are worked out only when chosen (`codeAction/resolve`): each may
/// re-check or re-format the whole document, too slow to do for every lightbulb request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Deferred {
    /// Every safe fix, in rounds, as `kibitzer check --fix` applies them (the double-dummy
    /// checks' too: solved here).
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
            Deferred::FixAll => crate::fix::fix_all(s.lang, &text, &s.options)
                .map(|fixed| document_edits(&text, &fixed))
                .unwrap_or_default(),
            Deferred::FormatUnit(offset) => {
                let at = TextRange::empty(TextSize::from(offset.min(text.len()) as u32));
                formatting::edits(s.lang, &s.rope, &s.segments, &s.options, Some(at))
            }
            Deferred::ToExport => document_edits(&text, &kibitzer_syntax::fix::to_export(s.lang, &text, &s.options)),
            Deferred::DoubleDummy(offset) => double_dummy::analysis_edits(s, offset),
        };
        to_lsp::edits(&edits, &s.positions())
    }
}

/// "Fix every … in this file", ruff's and ESLint's "fix all of this kind": for each rule with a
/// safe fix among the diagnostics at the cursor (`here`) that the document has more of, one
/// action applying the safe fixes of every diagnostic of that rule (`all`), so that a file with
/// a thousand BBO dates is one click, not a thousand.
fn fix_every_kind<'a>(
    here: &'a [&Found],
    all: &'a [Found],
    s: &'a Snapshot,
    pos: &'a super::super::offsets::Positions<'_>,
) -> impl Iterator<Item = CodeAction> + 'a {
    let safe =
        |d: &Found| d.fix.as_ref().is_some_and(|f| f.applicability == kibitzer_syntax::diagnostic::Applicability::Safe);
    let mut codes: Vec<&'static str> = Vec::new();
    for d in here.iter().filter(|d| safe(d)) {
        if !codes.contains(&d.code) {
            codes.push(d.code);
        }
    }
    codes.into_iter().filter_map(move |code| {
        let same: Vec<&Found> = all.iter().filter(|d| d.code == code && safe(d)).collect();
        if same.len() < 2 {
            return None;
        }
        let name = kibitzer_syntax::rules::rule(code).map_or(code, |r| r.name);
        let edits = kibitzer_syntax::fix::safe_edits(same.iter().copied());
        Some(CodeAction {
            title: format!("Fix every {name} ({code}) in this file: {}", same.len()),
            kind: Some(CodeActionKind::QUICKFIX),
            edit: Some(to_lsp::workspace_edit(&s.uri, to_lsp::edits(&edits, pos))),
            ..CodeAction::default()
        })
    })
}

/// Quick fixes of the diagnostics in `range` (from a fresh check of the touched units: every
/// fix a rule offers, safe or not), "apply every safe fix", "format this game", "convert to
/// export format" and, on a PBN game with a deal, "add double-dummy analysis".
/// All but the quick fixes are computed on `codeAction/resolve` when the client can
/// resolve edits (`resolve_edits`). A client that cannot gets them with their edits, but only
/// when the user asked for actions (`invoked`) or for their kinds (`only`): on a large file
/// they take seconds, too long for every automatic lightbulb request.
fn code_actions(
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
    // With the double-dummy diagnostics of the deals solved so far, and the duplicates and
    // spellings found over the workspace's files: those the editor shows.
    let (double_dummy, _) = double_dummy::diagnostics(s.lang, &s.rope, &segments, &s.options);
    let across = s.across_found.as_deref().map(|f| f.found());
    let own = analysis::document_diagnostics(s.lang, &segments, &s.options, across);
    let diagnostics: Vec<_> = double_dummy::merged(own, double_dummy).filter(|d| d.fix.is_some()).collect();
    let allowed = |kind: &CodeActionKind| only.is_none_or(|o| o.iter().any(|k| kind.as_str().starts_with(k.as_str())));
    let mut out = Vec::new();
    if allowed(&CodeActionKind::QUICKFIX) {
        let here: Vec<&Found> = diagnostics
            .iter()
            .filter(|d| d.range.intersect(wanted).is_some() || d.range.contains_range(wanted))
            .collect();
        for d in &here {
            if let Some(fix) = &d.fix {
                out.push(CodeActionOrCommand::CodeAction(to_lsp::quick_fix(d, fix, &s.uri, &pos)));
            }
        }
        out.extend(fix_every_kind(&here, &diagnostics, s, &pos).map(CodeActionOrCommand::CodeAction));
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
            action.edit = Some(to_lsp::workspace_edit(&s.uri, what.edits(s)));
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
            kibitzer_syntax::Lang::Lin => "Format this board",
        };
        out.push(deferred(title, CodeActionKind::REFACTOR_REWRITE, Deferred::FormatUnit(offset)));
    }
    if allowed(&CONVERT_TO_EXPORT) {
        out.push(deferred("Convert to export format", CONVERT_TO_EXPORT, Deferred::ToExport));
    }
    if allowed(&ADD_OPENINGS) {
        let edits = opening_tag_edits(s, &segments, offset);
        if !edits.is_empty() {
            out.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: "Add ECO and Opening tags".to_owned(),
                kind: Some(ADD_OPENINGS),
                edit: Some(to_lsp::workspace_edit(&s.uri, to_lsp::edits(&edits, &pos))),
                ..CodeAction::default()
            }));
        }
    }
    if allowed(&ADD_DOUBLE_DUMMY) && double_dummy::offers_analysis(s, &segments, offset) {
        out.push(deferred("Add double-dummy analysis", ADD_DOUBLE_DUMMY, Deferred::DoubleDummy(offset)));
    }
    out
}

/// The edits that give the PGN game at `offset` the ECO and Opening tags it lacks, as
/// `check --fix --add-eco` gives them (worked out on the game's segment only: cheap enough to
/// offer at once).
fn opening_tag_edits(
    s: &Snapshot,
    segments: &[analysis::Segment],
    offset: usize,
) -> Vec<kibitzer_syntax::diagnostic::TextEdit> {
    if s.lang != kibitzer_syntax::Lang::Pgn {
        return Vec::new();
    }
    let Some(i) = analysis::segment_at(segments, offset) else { return Vec::new() };
    let range = segments[i].range;
    let text: std::borrow::Cow<str> = s.rope.byte_slice(usize::from(range.start())..usize::from(range.end())).into();
    let Some(local) = (offset as u32).checked_sub(u32::from(range.start())).map(TextSize::from) else {
        return Vec::new();
    };
    let units = kibitzer_syntax::units(kibitzer_syntax::Lang::Pgn, &text);
    let Some(game) = units.into_iter().find(|u| u.contains_inclusive(local)) else { return Vec::new() };
    kibitzer_syntax::pgn::check::opening_tag_additions(&text)
        .into_iter()
        .filter(|e| game.contains_range(e.range))
        .map(|e| kibitzer_syntax::diagnostic::TextEdit { range: e.range + range.start(), ..e })
        .collect()
}

/// The document a deferred action is for (its `data.uri`).
fn deferred_uri(action: &CodeAction) -> Option<Uri> {
    action.data.as_ref()?.get("uri")?.as_str()?.parse().ok()
}

/// Fills in the edits of an action offered with [`Deferred`] data; other actions come back
/// as they are, and so does one offered for an older version of the document (its offset
/// may no longer be in the same game: an edit computed now could change the wrong text).
fn resolve_code_action(s: &Snapshot, mut action: CodeAction) -> CodeAction {
    let offered_for = action.data.as_ref().and_then(|d| d.get("version")).and_then(serde_json::Value::as_i64);
    if offered_for != Some(i64::from(s.version)) {
        return action;
    }
    if let Some(what) = action.data.as_ref().and_then(Deferred::from_data) {
        action.edit = Some(to_lsp::workspace_edit(&s.uri, what.edits(s)));
    }
    action
}
