//! `textDocument/inlayHint`: the hints of [`kibitzer_syntax::ide::inlay_hints`] for the units the
//! asked range touches only (a 10 MB file costs the units on screen, not the file).

use super::super::document::Snapshot;
use super::super::state::RequestSettings;
use super::DocumentRequest;
use kibitzer_syntax::ide::{self, InlayOptions};
use tower_lsp_server::ls_types::request::InlayHintRequest;
use tower_lsp_server::ls_types::{InlayHint, InlayHintLabel, InlayHintParams, InlayHintTooltip, Range, Uri};

impl DocumentRequest for InlayHintRequest {
    fn document(params: &InlayHintParams) -> &Uri {
        &params.text_document.uri
    }

    fn answer(s: &Snapshot, params: InlayHintParams, settings: RequestSettings) -> Option<Vec<InlayHint>> {
        Some(inlay_hints(s, params.range, &settings.inlay))
    }
}

fn inlay_hints(s: &Snapshot, range: Range, options: &InlayOptions) -> Vec<InlayHint> {
    let pos = s.positions();
    let wanted = pos.text_range(range);
    let mut out = Vec::new();
    for unit in s.unit_ranges() {
        if unit.end() < wanted.start() || unit.start() > wanted.end() {
            continue;
        }
        let text = s.text_of(unit);
        let start = wanted.start().max(unit.start()) - unit.start();
        let end = wanted.end().min(unit.end()) - unit.start();
        let local = kibitzer_syntax::TextRange::new(start, end.max(start));
        for hint in ide::inlay_hints(s.lang, &text, local, options) {
            out.push(InlayHint {
                position: pos.position(usize::from(hint.offset + unit.start())),
                label: InlayHintLabel::String(hint.label),
                kind: None,
                text_edits: None,
                tooltip: Some(InlayHintTooltip::String(hint.tooltip)),
                padding_left: Some(true),
                padding_right: None,
                data: None,
            });
        }
    }
    out
}
