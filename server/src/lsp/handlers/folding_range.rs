//! `textDocument/foldingRange`: games, comments, variations and PBN sections, from the per-unit
//! cache of [`views`](super::super::views).

use super::super::document::Snapshot;
use super::super::state::RequestSettings;
use super::super::views;
use super::DocumentRequest;
use tower_lsp_server::ls_types::request::FoldingRangeRequest;
use tower_lsp_server::ls_types::*;

impl DocumentRequest for FoldingRangeRequest {
    fn document(params: &FoldingRangeParams) -> &Uri {
        &params.text_document.uri
    }

    fn answer(s: &Snapshot, _: FoldingRangeParams, _: RequestSettings) -> Option<Vec<FoldingRange>> {
        Some(views::folding(s))
    }
}
