//! Pull diagnostics: `textDocument/diagnostic` for an open document and `workspace/diagnostic`
//! for every file of the workspace folders (open ones from their editor text, the others from
//! disk), with the result ids of [`pull`].

use super::super::guard;
use super::super::publish::{recheck_open, solve_then, workspace_of};
use super::super::pull;
use super::super::state::State;
use super::super::workspace;
use super::super::workspace_games;
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
    // Their duplicates and spellings with the workspace's other files and the open documents:
    // the files' facts are brought up to date here (those of unchanged files kept, as a refresh
    // does), so that findings and text agree.
    let across = settings.across_files.then(|| (state.games.files(), open_files(state, &roots)));
    let games = state.clone();
    let (disk, refreshed) = guard::blocking("workspace/diagnostic", move || {
        let options_for = |path: &std::path::Path| settings.options_without_encoding(Some(path), root.as_deref()).0;
        let (found, refreshed) = match across {
            Some((before, open)) => {
                let before: &[workspace_games::DiskFile] = before.as_deref().map_or(&[], |f| f);
                let is_open = |uri: &Uri| open.iter().any(|o| o.uri == *uri);
                let handed = |uri: &Uri| games.games.take_handed(uri);
                let files = workspace_games::files_with_facts(
                    Some(before),
                    &roots,
                    &settings.walk,
                    options_for,
                    is_open,
                    handed,
                );
                let found = workspace_games::closed_findings(&files, &open, options_for, unit);
                let changed = !workspace_games::same_files(before, &files);
                (found, changed.then_some(files))
            }
            None => Default::default(),
        };
        let reports = workspace::files(&roots, &settings.walk)
            .into_iter()
            .filter(|f| !open.contains(&f.uri))
            .filter_map(|f| {
                let options = || options_for(&f.path);
                let previous = previous.get(&f.uri).map(String::as_str);
                pull::disk_report(&f, options, generation, unit, max, previous, found.get(&f.uri))
            })
            .collect::<Vec<_>>();
        (reports, refreshed)
    })
    .await?;
    items.extend(disk);
    if let Some(files) = refreshed {
        // The open documents were answered with the files as they were: the client pulls again.
        state.games.set_files(files, |uri| state.has_own_facts(uri));
        recheck_open(state, client, None);
    }
    Ok(WorkspaceDiagnosticReportResult::Report(WorkspaceDiagnosticReport { items }))
}

/// The open documents with the facts of their last check across files.
fn open_files(state: &State, roots: &[std::path::PathBuf]) -> Vec<workspace_games::OpenFile> {
    let docs = state.docs();
    docs.iter()
        .filter_map(|(uri, d)| {
            Some(workspace_games::OpenFile {
                uri: uri.clone(),
                lang: d.lang,
                name: workspace_games::name_of(uri, d.path.as_deref(), roots),
                facts: d.across_facts.clone()?,
                rope: d.rope.clone(),
                options: d.options.clone(),
            })
        })
        .collect()
}

/// The current diagnostics of an open document, checked now (what an edit left dirty) and
/// kept by the document; `None` for an unknown document.
async fn pulled(state: &Arc<State>, client: &Client, uri: &Uri) -> Result<Option<(i32, Vec<Diagnostic>)>> {
    let unit = state.unit();
    let Some(snapshot) = state.docs().get_mut(uri).map(|d| d.snapshot_to_check(unit)) else { return Ok(None) };
    let max = state.config().settings.max_diagnostics;
    let workspace = workspace_of(state, client, &snapshot);
    let (snapshot, diagnostics, unsolved, across) =
        guard::blocking("diagnostic", move || pull::diagnose(snapshot, max, workspace)).await?;
    let facts_changed = match state.docs().get_mut(uri) {
        Some(doc) => {
            let changed = doc.keep_across(snapshot.order(), across);
            doc.merge_refresh(snapshot.revision, &snapshot.options, snapshot.segments);
            changed
        }
        None => false,
    };
    if facts_changed {
        state.games.forget(uri);
        recheck_open(state, client, Some((uri, snapshot.lang)));
    }
    solve_then(unsolved, state.clone(), client.clone(), uri.clone());
    Ok(Some((snapshot.version, diagnostics)))
}
