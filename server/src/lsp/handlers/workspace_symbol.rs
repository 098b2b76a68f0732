//! `workspace/symbol`: the games of every open document and of the files of the workspace
//! folders whose names match the query (see [`workspace_symbols`]).

use super::super::document::Snapshot;
use super::super::guard;
use super::super::state::State;
use super::super::views;
use super::super::workspace;
use super::super::workspace_symbols;
use std::sync::Arc;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;

pub async fn symbol(state: &Arc<State>, params: WorkspaceSymbolParams) -> Result<Option<WorkspaceSymbolResponse>> {
    let unit = state.unit();
    let snapshots: Vec<Snapshot> = state.docs().values().map(|d| d.snapshot(unit)).collect();
    let (roots, walk) = {
        let c = state.config();
        (c.roots.clone(), c.settings.walk)
    };
    let state = state.clone();
    let found = guard::blocking("workspace/symbol", move || {
        let mut files: Vec<(Uri, String, Arc<Vec<workspace_symbols::Entry>>)> = snapshots
            .iter()
            .map(|s| {
                let pos = s.positions();
                let text_of = |r: Range| s.text_of(pos.text_range(r)).into_owned();
                let entries = workspace_symbols::entries_of_outline(s.lang, views::symbols(s), text_of);
                (s.uri.clone(), container_name(&s.uri), Arc::new(entries))
            })
            .collect();
        for file in workspace::files(&roots, &walk) {
            if snapshots.iter().any(|s| s.uri == file.uri) {
                continue;
            }
            let entries = workspace_symbols::entries_of_file(&file, unit, &state.symbols);
            files.push((file.uri.clone(), container_name(&file.uri), entries));
        }
        workspace_symbols::search(&params.query, &files)
    })
    .await?;
    Ok(Some(WorkspaceSymbolResponse::Flat(found)))
}

/// The file name of a URI, shown beside each workspace symbol.
fn container_name(uri: &Uri) -> String {
    uri.path().as_str().rsplit('/').next().unwrap_or_default().to_owned()
}
