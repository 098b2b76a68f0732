//! `textDocument/formatting` and `textDocument/rangeFormatting`: the formatter's edits (see
//! [`formatting`](super::super::formatting)) for the document or the units a range touches; a
//! large answer written as JSON directly.

use super::super::document::Snapshot;
use super::super::formatting;
use super::super::large_answers;
use super::super::state::RequestSettings;
use super::super::to_lsp;
use super::DocumentRequest;
use tower_lsp_server::ls_types::request::{Formatting, RangeFormatting};
use tower_lsp_server::ls_types::*;

impl DocumentRequest for Formatting {
    fn document(params: &DocumentFormattingParams) -> &Uri {
        &params.text_document.uri
    }

    fn answer(s: &Snapshot, _: DocumentFormattingParams, _: RequestSettings) -> Option<Vec<TextEdit>> {
        format(s, None).map(large_answers::edits_stand_in)
    }
}

impl DocumentRequest for RangeFormatting {
    fn document(params: &DocumentRangeFormattingParams) -> &Uri {
        &params.text_document.uri
    }

    fn answer(s: &Snapshot, params: DocumentRangeFormattingParams, _: RequestSettings) -> Option<Vec<TextEdit>> {
        format(s, Some(params.range)).map(large_answers::edits_stand_in)
    }
}

/// Formatting edits for the document, or for the units that `range` touches.
fn format(s: &Snapshot, range: Option<Range>) -> Option<Vec<TextEdit>> {
    let pos = s.positions();
    let edits = formatting::edits(s.lang, &s.rope, &s.segments, &s.options, range.map(|r| pos.text_range(r)));
    Some(to_lsp::into_edits(edits, &pos))
}
