//! `textDocument/documentSymbol`: the outline, one symbol per game, record or problem, from the
//! per-unit cache of [`views`](super::super::views); a large one written as JSON directly.

use super::super::document::Snapshot;
use super::super::large_answers;
use super::super::state::RequestSettings;
use super::super::views;
use super::DocumentRequest;
use tower_lsp_server::ls_types::request::DocumentSymbolRequest;
use tower_lsp_server::ls_types::*;

impl DocumentRequest for DocumentSymbolRequest {
    fn document(params: &DocumentSymbolParams) -> &Uri {
        &params.text_document.uri
    }

    fn answer(s: &Snapshot, _: DocumentSymbolParams, _: RequestSettings) -> Option<DocumentSymbolResponse> {
        Some(DocumentSymbolResponse::Nested(large_answers::symbols_stand_in(views::symbols(s))))
    }
}
