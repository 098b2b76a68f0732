//! `textDocument/definition` and `textDocument/references`: PBN note navigation
//! ([`kibitzer_syntax::ide::definition`], [`kibitzer_syntax::ide::references`]).

use super::super::document::Snapshot;
use super::super::state::RequestSettings;
use super::{unit_at, DocumentRequest};
use kibitzer_syntax::ide;
use kibitzer_syntax::TextSize;
use tower_lsp_server::ls_types::request::{GotoDefinition, References};
use tower_lsp_server::ls_types::*;

impl DocumentRequest for GotoDefinition {
    fn document(params: &GotoDefinitionParams) -> &Uri {
        &params.text_document_position_params.text_document.uri
    }

    fn answer(s: &Snapshot, params: GotoDefinitionParams, _: RequestSettings) -> Option<GotoDefinitionResponse> {
        definition(s, params.text_document_position_params.position).map(GotoDefinitionResponse::Scalar)
    }
}

impl DocumentRequest for References {
    fn document(params: &ReferenceParams) -> &Uri {
        &params.text_document_position.text_document.uri
    }

    fn answer(s: &Snapshot, params: ReferenceParams, _: RequestSettings) -> Option<Vec<Location>> {
        Some(references(s, params.text_document_position.position, params.context.include_declaration))
    }
}

fn definition(s: &Snapshot, position: Position) -> Option<Location> {
    let pos = s.positions();
    let offset = pos.offset(position);
    let (unit, text) = unit_at(s, offset)?;
    let target = ide::definition(s.lang, &text, TextSize::from(offset as u32) - unit.start())?;
    Some(Location { uri: s.uri.clone(), range: pos.range(target + unit.start()) })
}

fn references(s: &Snapshot, position: Position, include_declaration: bool) -> Vec<Location> {
    let pos = s.positions();
    let offset = pos.offset(position);
    let Some((unit, text)) = unit_at(s, offset) else { return Vec::new() };
    let local = TextSize::from(offset as u32) - unit.start();
    let declaration = ide::definition(s.lang, &text, local);
    ide::references(s.lang, &text, local)
        .into_iter()
        .filter(|r| include_declaration || Some(*r) != declaration)
        .map(|r| Location { uri: s.uri.clone(), range: pos.range(r + unit.start()) })
        .collect()
}
