//! The client's settings and kibitzer.toml changing: `workspace/didChangeConfiguration`,
//! `workspace/didChangeWatchedFiles`, and what a save or `initialize` shares with them — every
//! open document re-checked with its new options, and the client asked to pull again.

use super::super::publish::{refresh_workspace, schedule_diagnostics};
use super::super::settings::ClientSettings;
use super::super::state::State;
use std::path::PathBuf;
use std::sync::Arc;
use tower_lsp_server::ls_types::*;
use tower_lsp_server::Client;

/// `workspace/didChangeConfiguration`: the settings pushed, or pulled when the client sends none
/// and answers `workspace/configuration`.
pub async fn did_change_configuration(state: &Arc<State>, client: &Client, params: DidChangeConfigurationParams) {
    let pull = state.config().pull_configuration;
    let value = if params.settings.is_null() && pull {
        let item = ConfigurationItem { scope_uri: None, section: Some("kibitzer".to_owned()) };
        match client.configuration(vec![item]).await {
            Ok(mut values) if !values.is_empty() => values.swap_remove(0),
            _ => serde_json::Value::Null,
        }
    } else {
        params.settings
    };
    apply_client_settings(state, client, &value).await;
    reload_settings(state, client).await;
    settings_changed(state, client);
}

/// `workspace/didChangeWatchedFiles`: a kibitzer.toml may have changed, and the workspace's
/// files the open documents are checked with (`workspace_games`).
pub async fn did_change_watched_files(state: &Arc<State>, client: &Client, _: DidChangeWatchedFilesParams) {
    state.games.mark_stale();
    refresh_workspace(state.clone(), client.clone());
    reload_settings(state, client).await;
    settings_changed(state, client);
}

/// Takes the client's settings (`initializationOptions` or `didChangeConfiguration`), logging
/// what in them was not understood.
pub async fn apply_client_settings(state: &State, client: &Client, value: &serde_json::Value) {
    let (settings, warnings) = ClientSettings::from_json(value);
    for w in warnings {
        client.log_message(MessageType::WARNING, format!("kibitzer settings: {w}")).await;
    }
    state.config_mut().settings = settings;
}

/// Re-reads the settings of every open document and re-checks those whose settings changed.
pub async fn reload_settings(state: &Arc<State>, client: &Client) {
    let uris: Vec<(Uri, Option<PathBuf>)> = state.docs().values().map(|d| (d.uri.clone(), d.path.clone())).collect();
    for (uri, path) in uris {
        let (options, error) = state.options_for(path.as_deref());
        if let Some(e) = error {
            client.log_message(MessageType::WARNING, e).await;
        }
        let revision = {
            let mut docs = state.docs();
            let Some(doc) = docs.get_mut(&uri) else { continue };
            doc.set_options(options);
            doc.revision
        };
        schedule_diagnostics(state.clone(), client.clone(), uri, revision, false);
    }
}

/// After the settings may have changed (the client's, or a kibitzer.toml): the files on disk
/// get new result ids, a client that pulls is asked to pull again, and the inlay hints to be
/// asked for again (they may have been switched on or off).
pub fn settings_changed(state: &State, client: &Client) {
    let (pull, diagnostic_refresh, inlay_refresh) = {
        let mut config = state.config_mut();
        config.generation += 1;
        (config.pull_diagnostics, config.diagnostic_refresh, config.inlay_refresh)
    };
    // Sent from a task of its own: the answers come after the handler has returned.
    let client = client.clone();
    tokio::spawn(async move {
        if pull && diagnostic_refresh {
            let _ = client.workspace_diagnostic_refresh().await;
        }
        if inlay_refresh {
            let _ = client.inlay_hint_refresh().await;
        }
    });
}
