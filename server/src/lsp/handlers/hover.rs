//! `textDocument/hover`: what [`kibitzer_syntax::ide::hover_with`] says of the element at the
//! cursor, and on a PBN deal the double-dummy table and par after it.

use super::super::document::Snapshot;
use super::super::state::RequestSettings;
use super::super::to_lsp;
use super::{unit_at, DocumentRequest};
use kibitzer_syntax::ide;
use kibitzer_syntax::TextSize;
use tower_lsp_server::ls_types::request::HoverRequest;
use tower_lsp_server::ls_types::*;

impl DocumentRequest for HoverRequest {
    fn document(params: &HoverParams) -> &Uri {
        &params.text_document_position_params.text_document.uri
    }

    fn answer(s: &Snapshot, params: HoverParams, settings: RequestSettings) -> Option<Hover> {
        hover(s, params.text_document_position_params.position, settings.hover_pictures)
    }
}

/// Hover at `position`; `pictures`: positions, deals and tricks as SVG images.
fn hover(s: &Snapshot, position: Position, pictures: bool) -> Option<Hover> {
    // Test hook: the end-to-end tests prove that a panicking handler does not end the server.
    if std::env::var_os("KIBITZER_LSP_TEST_PANIC").is_some() {
        panic!("KIBITZER_LSP_TEST_PANIC is set");
    }
    let pos = s.positions();
    let offset = pos.offset(position);
    let (unit, text) = unit_at(s, offset)?;
    let previous = super::previous_deal_at(s, offset);
    let info = ide::hover_after(s.lang, &text, TextSize::from(offset as u32) - unit.start(), pictures, &previous);
    // On a PBN deal: the double-dummy table and par after what the deal's hover says.
    let info = {
        let dd = match s.lang {
            kibitzer_syntax::Lang::Pbn => crate::dd::hover(
                &text,
                TextSize::from(offset as u32) - unit.start(),
                super::super::double_dummy::solved(),
            ),
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
        contents: HoverContents::Markup(to_lsp::markdown(info.markdown)),
        range: Some(pos.range(info.range + unit.start())),
    })
}
