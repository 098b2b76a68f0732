//! `textDocument/selectionRange`: from the element at the cursor to its unit, then the document.

use super::super::document::Snapshot;
use super::super::state::RequestSettings;
use super::{unit_at, unit_range_at, DocumentRequest};
use kibitzer_syntax::ide;
use kibitzer_syntax::{TextRange, TextSize};
use tower_lsp_server::ls_types::request::SelectionRangeRequest;
use tower_lsp_server::ls_types::*;

impl DocumentRequest for SelectionRangeRequest {
    fn document(params: &SelectionRangeParams) -> &Uri {
        &params.text_document.uri
    }

    fn answer(s: &Snapshot, params: SelectionRangeParams, _: RequestSettings) -> Option<Vec<SelectionRange>> {
        Some(params.positions.iter().map(|p| selection_range(s, *p)).collect())
    }
}

/// Selection ranges grow from the element at the cursor to its unit, then the document.
fn selection_range(s: &Snapshot, position: Position) -> SelectionRange {
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
