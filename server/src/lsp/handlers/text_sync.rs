//! The documents the client opens, edits, saves and closes (`textDocument/didOpen`,
//! `didChange`, `didSave`, `didClose`): kept as [`Document`]s and re-checked after each change.

use super::super::document::Document;
use super::super::large_texts;
use super::super::publish::{recheck_across, refresh_workspace, schedule_diagnostics, trim_after_closing};
use super::super::state::State;
use super::configuration::{reload_settings, settings_changed};
use kibitzer_syntax::Lang;
use std::sync::Arc;
use tower_lsp_server::ls_types::*;
use tower_lsp_server::Client;

pub async fn did_open(state: &Arc<State>, client: &Client, params: DidOpenTextDocumentParams) {
    let mut doc = params.text_document;
    doc.text = large_texts::take(doc.text);
    let Some(lang) = language_of(&doc.uri, &doc.language_id) else {
        client
            .log_message(
                MessageType::WARNING,
                format!("kibitzer: not a PGN, PBN, PBI or EPD document: {}", doc.uri.as_str()),
            )
            .await;
        return;
    };
    let path = doc.uri.to_file_path().map(|p| p.into_owned());
    let (options, error) = state.options_for(path.as_deref());
    if let Some(e) = error {
        client.show_message(MessageType::WARNING, e).await;
    }
    let document = Document::new(doc.uri.clone(), lang, doc.version, &doc.text, options);
    let revision = document.revision;
    drop(doc.text);
    state.docs().insert(doc.uri.clone(), document);
    schedule_diagnostics(state.clone(), client.clone(), doc.uri, revision, false);
}

/// The edit is applied before the first `.await`: notifications start in the order they
/// arrived, so edits are never reordered.
pub async fn did_change(state: &Arc<State>, client: &Client, mut params: DidChangeTextDocumentParams) {
    for change in &mut params.content_changes {
        change.text = large_texts::take(std::mem::take(&mut change.text));
    }
    let unit = state.unit();
    let uri = params.text_document.uri;
    let version = params.text_document.version;
    let (revision, typing) = {
        let mut docs = state.docs();
        let Some(doc) = docs.get_mut(&uri) else { return };
        let typing = doc.apply_changes(version, params.content_changes, unit);
        (doc.revision, typing)
    };
    schedule_diagnostics(state.clone(), client.clone(), uri, revision, typing);
}

/// Saving kibitzer.toml, or any document, is the moment settings files may have changed.
pub async fn did_save(state: &Arc<State>, client: &Client, params: DidSaveTextDocumentParams) {
    // The saved file is one of the workspace's files the others are checked with.
    state.games.mark_stale();
    reload_settings(state, client).await;
    if params.text_document.uri.path().as_str().ends_with(crate::inputs::CONFIG_FILE) {
        settings_changed(state, client);
    }
}

pub async fn did_close(state: &Arc<State>, client: &Client, params: DidCloseTextDocumentParams) {
    let uri = params.text_document.uri;
    let closed = state.docs().remove(&uri);
    // Its deals still queued are no longer wanted.
    super::super::double_dummy::end(&uri, None);
    if let Some(doc) = closed.as_ref().filter(|_| state.games.lacks_facts(&uri)) {
        // Its file's facts on disk, not kept while it was open, are computed again, or taken
        // from it when the file holds its text.
        if let Some(facts) = doc.facts_of_text() {
            state.games.hand_over(&uri, &doc.rope, facts, &doc.options);
        }
        state.games.mark_stale();
        refresh_workspace(state.clone(), client.clone());
    }
    // The others' findings across files no longer count it (and let its facts go).
    if closed.as_ref().is_some_and(|d| d.across_facts.is_some()) {
        recheck_across(state.clone(), client.clone());
    }
    // What it held goes back to the system once the work its closing started is done.
    drop(closed);
    state.closed.store(true, std::sync::atomic::Ordering::SeqCst);
    trim_after_closing(state);
    // Diagnostics of a closed file are cleared, as editors expect (a client that pulls forgets
    // them itself).
    let pull = state.config().pull_diagnostics;
    if !pull {
        state.publish_diagnostics(client, uri, Vec::new(), None).await;
    }
}

fn language_of(uri: &Uri, language_id: &str) -> Option<Lang> {
    Lang::from_id(language_id).or_else(|| {
        let path = uri.path().as_str();
        Lang::from_path(std::path::Path::new(path))
    })
}
