//! The server's state: the open documents and the configuration (what `initialize` learnt of
//! the client, and its settings), shared by every handler behind locks taken only for a moment
//! and recovered from poisoning in [`guard`](super::guard).

use super::document::{Document, Snapshot};
use super::guard;
use super::outbox::Outbox;
use super::settings::{pictures_by_default, ClientSettings};
use super::workspace_games;
use super::workspace_names;
use super::workspace_symbols;
use kibitzer_syntax::ide::InlayOptions;
use kibitzer_syntax::text::ColumnUnit;
use kibitzer_syntax::CheckOptions;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, RwLock, RwLockReadGuard, RwLockWriteGuard};
use tower_lsp_server::ls_types::notification::PublishDiagnostics;
use tower_lsp_server::ls_types::{Diagnostic, PublishDiagnosticsParams, Uri};
use tower_lsp_server::Client;

pub struct State {
    docs: Mutex<HashMap<Uri, Document>>,
    config: RwLock<Config>,
    /// Held while deciding to publish and publishing, so that an older result never overtakes a
    /// newer one.
    pub publishing: tokio::sync::Mutex<()>,
    /// The outlines of workspace files on disk, for `workspace/symbol`.
    pub symbols: workspace_symbols::Cache,
    /// The names (players, events, sites) of workspace files on disk, for references and rename.
    pub names: workspace_names::Cache,
    /// The facts of workspace files on disk, for duplicate games and spellings across files.
    pub games: workspace_games::Index,
    /// Where notifications serialised by the server itself go ([`State::publish_diagnostics`]).
    outbox: Outbox,
    /// The checks that publish, at most one a core at a time: two hundred documents opened at
    /// once are checked a few at a time, not on two hundred threads each holding its work.
    pub checks: tokio::sync::Semaphore,
    /// The pass over every open document's findings across files
    /// ([`super::publish::recheck_across`]): whether one runs, and whether another was asked
    /// for meanwhile.
    pub across_pass: Mutex<Option<bool>>,
    /// Whether a document closed since memory was last given back to the system
    /// ([`super::publish::trim_after_closing`]).
    pub closed: std::sync::atomic::AtomicBool,
}

#[derive(Default)]
pub struct Config {
    pub unit: ColumnUnit,
    pub settings: ClientSettings,
    pub root: Option<PathBuf>,
    /// Every workspace folder (the first is `root`).
    pub roots: Vec<PathBuf>,
    /// Counts settings changes: part of the result ids of files on disk.
    pub generation: u64,
    /// Whether the client pulls diagnostics (`textDocument.diagnostic`): then none are pushed.
    pub pull_diagnostics: bool,
    /// Whether the client accepts `workspace/diagnostic/refresh` and `workspace/inlayHint/refresh`.
    pub diagnostic_refresh: bool,
    pub inlay_refresh: bool,
    /// Whether the client accepts `workspace/configuration` requests (else it pushes settings).
    pub pull_configuration: bool,
    /// Whether the client fills in code action edits with `codeAction/resolve`.
    pub resolve_edits: bool,
    /// Whether the client shows `$/progress` (`window.workDoneProgress`).
    pub work_done_progress: bool,
    /// The client's `clientInfo.name`: whether hover draws pictures, unless the settings say.
    pub client_name: Option<String>,
}

/// What a request's answer may depend on beside its document: read from the [`Config`] when the
/// request arrives, so that the work itself holds no lock.
#[derive(Clone, Copy)]
pub struct RequestSettings {
    /// Hover draws positions, deals and tricks as SVG images.
    pub hover_pictures: bool,
    /// The client fills in code action edits with `codeAction/resolve`.
    pub resolve_edits: bool,
    /// Which inlay hints to give.
    pub inlay: InlayOptions,
}

impl State {
    pub fn new(outbox: Outbox) -> State {
        State {
            outbox,
            docs: Mutex::new(HashMap::new()),
            config: RwLock::new(Config::default()),
            publishing: tokio::sync::Mutex::new(()),
            symbols: workspace_symbols::Cache::default(),
            names: workspace_names::Cache::default(),
            games: workspace_games::Index::default(),
            checks: tokio::sync::Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get())),
            across_pass: Mutex::new(None),
            closed: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// Sends `textDocument/publishDiagnostics`. Every publish goes this one way, so that they
    /// reach the client in the order they were sent (the last one for a document is its
    /// diagnostics); serialised here, not by tower-lsp-server ([`Outbox::notify`]).
    pub async fn publish_diagnostics(
        &self,
        client: &Client,
        uri: Uri,
        diagnostics: Vec<Diagnostic>,
        version: Option<i32>,
    ) {
        let params = PublishDiagnosticsParams { uri, diagnostics, version };
        if !self.outbox.notify::<PublishDiagnostics>(&params) {
            client.publish_diagnostics(params.uri, params.diagnostics, params.version).await;
        }
    }

    /// The open documents, locked.
    pub fn docs(&self) -> MutexGuard<'_, HashMap<Uri, Document>> {
        guard::lock(&self.docs)
    }

    /// The configuration, for reading.
    pub fn config(&self) -> RwLockReadGuard<'_, Config> {
        guard::read(&self.config)
    }

    /// The configuration, for changing.
    pub fn config_mut(&self) -> RwLockWriteGuard<'_, Config> {
        guard::write(&self.config)
    }

    /// The column unit negotiated at `initialize`.
    pub fn unit(&self) -> ColumnUnit {
        self.config().unit
    }

    /// A snapshot of the open document `uri`; `None` for an unknown document.
    pub fn snapshot(&self, uri: &Uri) -> Option<Snapshot> {
        let unit = self.unit();
        self.docs().get(uri).map(|d| d.snapshot(unit))
    }

    /// Whether `uri` is an open document with facts of its own for the checks across files
    /// (its file's facts on disk are then not kept: [`workspace_games::DiskFile`]).
    pub fn has_own_facts(&self, uri: &Uri) -> bool {
        self.docs().get(uri).is_some_and(|d| d.across_facts.is_some())
    }

    /// The check options of the file at `path` (kibitzer.toml and the client's settings), and the
    /// error reading its kibitzer.toml gave, if any.
    pub fn options_for(&self, path: Option<&Path>) -> (Arc<CheckOptions>, Option<String>) {
        let config = self.config();
        let (options, error) = config.settings.options_for(path, config.root.as_deref());
        (Arc::new(options), error)
    }

    /// What requests read of the configuration ([`RequestSettings`]).
    pub fn request_settings(&self) -> RequestSettings {
        let config = self.config();
        RequestSettings {
            hover_pictures: config
                .settings
                .hover_pictures
                .unwrap_or_else(|| pictures_by_default(config.client_name.as_deref())),
            resolve_edits: config.resolve_edits,
            inlay: config.settings.inlay,
        }
    }
}
