//! Pull diagnostics: `textDocument/diagnostic` for an open document and `workspace/diagnostic`
//! for every file of the workspace folders (open ones from their editor text, the others from
//! disk), with the result ids of [`pull`].

use super::super::guard;
use super::super::publish::{recheck_open, solve_then, workspace_of};
use super::super::pull;
use super::super::state::State;
use super::super::workspace;
use std::collections::HashMap;
use std::sync::Arc;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;
use tower_lsp_server::Client;

/// `textDocument/diagnostic`.
pub async fn document(
    state: &Arc<State>,
    client: &Client,
    params: DocumentDiagnosticParams,
) -> Result<DocumentDiagnosticReportResult> {
    let previous = params.previous_result_id;
    let report = match pulled(state, client, &params.text_document.uri).await? {
        Some((_, items)) => pull::document_report(items, previous.as_deref()),
        None => pull::empty_report(),
    };
    Ok(DocumentDiagnosticReportResult::Report(report))
}

/// `workspace/diagnostic`.
pub async fn workspace(
    state: &Arc<State>,
    client: &Client,
    params: WorkspaceDiagnosticParams,
) -> Result<WorkspaceDiagnosticReportResult> {
    let previous: HashMap<Uri, String> = params.previous_result_ids.into_iter().map(|p| (p.uri, p.value)).collect();
    let mut items = Vec::new();
    // Open documents: their editor text.
    let open: Vec<Uri> = state.docs().keys().cloned().collect();
    for uri in &open {
        if let Some((version, diagnostics)) = pulled(state, client, uri).await? {
            let before = previous.get(uri).map(String::as_str);
            items.push(pull::open_report(uri.clone(), version, diagnostics, before));
        }
    }
    // The other files of the workspace folders: from disk.
    let (roots, generation, unit, max, settings, root) = {
        let c = state.config();
        (c.roots.clone(), c.generation, c.unit, c.settings.max_diagnostics, c.settings.clone(), c.root.clone())
    };
    let disk = guard::blocking("workspace/diagnostic", move || {
        workspace::files(&roots, &settings.walk)
            .into_iter()
            .filter(|f| !open.contains(&f.uri))
            .filter_map(|f| {
                let options = || settings.options_without_encoding(Some(&f.path), root.as_deref()).0;
                pull::disk_report(&f, options, generation, unit, max, previous.get(&f.uri).map(String::as_str))
            })
            .collect::<Vec<_>>()
    })
    .await?;
    items.extend(disk);
    Ok(WorkspaceDiagnosticReportResult::Report(WorkspaceDiagnosticReport { items }))
}

/// The current diagnostics of an open document, checked now (what an edit left dirty) and
/// kept by the document; `None` for an unknown document.
async fn pulled(state: &Arc<State>, client: &Client, uri: &Uri) -> Result<Option<(i32, Vec<Diagnostic>)>> {
    let Some(snapshot) = state.snapshot(uri) else { return Ok(None) };
    let max = state.config().settings.max_diagnostics;
    let workspace = workspace_of(state, client, &snapshot);
    let (snapshot, diagnostics, unsolved, across) =
        guard::blocking("diagnostic", move || pull::diagnose(snapshot, max, workspace)).await?;
    let facts_changed = match state.docs().get_mut(uri) {
        Some(doc) => {
            let changed = doc.keep_across(snapshot.version, across);
            doc.merge_refresh(snapshot.version, &snapshot.options, snapshot.segments);
            changed
        }
        None => false,
    };
    if facts_changed {
        recheck_open(state, client, Some((uri, snapshot.lang)));
    }
    solve_then(unsolved, state.clone(), client.clone(), uri.clone());
    Ok(Some((snapshot.version, diagnostics)))
}
