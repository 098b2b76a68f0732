//! `textDocument/completion`: [`kibitzer_syntax::ide::completions`] at the cursor.

use super::super::document::Snapshot;
use super::super::state::RequestSettings;
use super::super::to_lsp;
use super::{unit_at, DocumentRequest};
use kibitzer_syntax::ide;
use kibitzer_syntax::TextSize;
use tower_lsp_server::ls_types::request::Completion;
use tower_lsp_server::ls_types::*;

impl DocumentRequest for Completion {
    fn document(params: &CompletionParams) -> &Uri {
        &params.text_document_position.text_document.uri
    }

    fn answer(s: &Snapshot, params: CompletionParams, _: RequestSettings) -> Option<CompletionResponse> {
        let pos = s.positions();
        let offset = pos.offset(params.text_document_position.position);
        let (unit, text) = unit_at(s, offset)?;
        let items: Vec<CompletionItem> = ide::completions(s.lang, &text, TextSize::from(offset as u32) - unit.start())
            .into_iter()
            .map(|mut c| {
                c.replace += unit.start();
                to_lsp::completion(c, &pos)
            })
            .collect();
        (!items.is_empty()).then_some(CompletionResponse::Array(items))
    }
}
