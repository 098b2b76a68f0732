//! `textDocument/documentLink`: the http(s) URLs in tag values
//! ([`kibitzer_syntax::ide::links`]), unit by unit.

use super::super::document::Snapshot;
use super::super::state::RequestSettings;
use super::DocumentRequest;
use kibitzer_syntax::ide;
use tower_lsp_server::ls_types::request::DocumentLinkRequest;
use tower_lsp_server::ls_types::{DocumentLink, DocumentLinkParams, Uri};

impl DocumentRequest for DocumentLinkRequest {
    fn document(params: &DocumentLinkParams) -> &Uri {
        &params.text_document.uri
    }

    fn answer(s: &Snapshot, _: DocumentLinkParams, _: RequestSettings) -> Option<Vec<DocumentLink>> {
        Some(document_links(s))
    }
}

fn document_links(s: &Snapshot) -> Vec<DocumentLink> {
    let pos = s.positions();
    let mut out = Vec::new();
    for unit in s.unit_ranges() {
        let text = s.text_of(unit);
        for link in ide::links(s.lang, &text) {
            // A URL the URI parser refuses is not offered.
            let Ok(target) = link.target.parse::<Uri>() else { continue };
            out.push(DocumentLink {
                range: pos.range(link.range + unit.start()),
                target: Some(target),
                tooltip: None,
                data: None,
            });
        }
    }
    out
}
