//! References and rename of a player, event or site ([`workspace_names`]):
//! `textDocument/references` on such a tag value lists every value of the workspace that names
//! the same (elsewhere, PBN note references: [`navigation`](super::navigation));
//! `textDocument/prepareRename` answers the value's range inside its quotes and its text, and
//! null anywhere else; `textDocument/rename` answers a `WorkspaceEdit` that writes the new name,
//! escaped, over every one of those values. The server writes no file: the client applies the
//! edit (and opens the files it touches).

use super::super::document::Snapshot;
use super::super::guard;
use super::super::state::{RequestSettings, State};
use super::super::workspace_names::{self, Folders};
use super::{unit_at, DocumentRequest};
use kibitzer_syntax::ide;
use kibitzer_syntax::TextSize;
use std::collections::HashMap;
use std::sync::Arc;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::request::{PrepareRenameRequest, References};
use tower_lsp_server::ls_types::*;

/// `textDocument/references`: a name's values across the workspace, else the document's own
/// references (PBN notes).
pub async fn references(state: &Arc<State>, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
    let at = &params.text_document_position;
    match find(state, &at.text_document.uri, at.position, "textDocument/references").await? {
        Some(found) => Ok(Some(found.into_iter().map(|(uri, range)| Location { uri, range }).collect())),
        None => super::answer::<References>(state, params).await,
    }
}

impl DocumentRequest for PrepareRenameRequest {
    fn document(params: &TextDocumentPositionParams) -> &Uri {
        &params.text_document.uri
    }

    /// Only the unit at the cursor is read: a name's value lies within one game.
    fn answer(s: &Snapshot, params: TextDocumentPositionParams, _: RequestSettings) -> Option<PrepareRenameResponse> {
        let pos = s.positions();
        let offset = pos.offset(params.position);
        let (unit, text) = unit_at(s, offset)?;
        let values = ide::name_values(s.lang, &text);
        let value = &values[ide::name_at(&values, TextSize::from(offset as u32) - unit.start())?];
        Some(PrepareRenameResponse::RangeWithPlaceholder {
            range: pos.range(value.range + unit.start()),
            placeholder: value.name.clone(),
        })
    }
}

/// `textDocument/rename`: the new name over every value of the name at the cursor. An error
/// when the cursor is on no name or a tag value cannot hold the new name (a line break).
pub async fn rename(state: &Arc<State>, params: RenameParams) -> Result<Option<WorkspaceEdit>> {
    let at = &params.text_document_position;
    let Some(lang) = state.snapshot(&at.text_document.uri).map(|s| s.lang) else { return Ok(None) };
    let new_text = ide::renamed_value(lang, &params.new_name).map_err(Error::invalid_params)?;
    let Some(found) = find(state, &at.text_document.uri, at.position, "textDocument/rename").await? else {
        return Err(Error::invalid_params("no player, event or site to rename here"));
    };
    let mut changes: HashMap<Uri, Vec<TextEdit>> = HashMap::new();
    for (uri, range) in found {
        changes.entry(uri).or_default().push(TextEdit { range, new_text: new_text.clone() });
    }
    Ok(Some(WorkspaceEdit { changes: Some(changes), ..WorkspaceEdit::default() }))
}

/// The name at `position` of the open document `uri` and its values across the workspace
/// ([`workspace_names::find`], on the blocking pool); `None` for an unknown document or a
/// position on no name.
async fn find(
    state: &Arc<State>,
    uri: &Uri,
    position: Position,
    method: &'static str,
) -> Result<Option<Vec<(Uri, Range)>>> {
    let unit = state.unit();
    let (document, others) = {
        let docs = state.docs();
        let Some(document) = docs.get(uri).map(|d| d.snapshot(unit)) else { return Ok(None) };
        let others: Vec<Snapshot> = docs.iter().filter(|(u, _)| *u != uri).map(|(_, d)| d.snapshot(unit)).collect();
        (document, others)
    };
    let folders = {
        let config = state.config();
        Folders { roots: config.roots.clone(), walk: config.settings.walk }
    };
    let state = state.clone();
    guard::blocking(method, move || workspace_names::find(&document, position, &others, &folders, &state.names)).await
}
