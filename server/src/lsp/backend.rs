//! The `LanguageServer` implementation: protocol plumbing only. Each handler takes a snapshot of
//! the document under a short lock, computes on the blocking pool (see [`guard`]) and converts
//! the result; what to show comes from `kibitzer_syntax::ide`, diagnostics from
//! [`analysis`](super::analysis).

use super::document::{Document, Snapshot};
use super::double_dummy;
use super::features;
use super::guard;
use super::guard::lock;
use super::parked;
use super::position::{encoding_kind, negotiate};
use super::settings::{pictures_by_default, ClientSettings};
use super::{inlay, lens, links, pull, workspace, workspace_symbols};
use kibitzer_syntax::text::ColumnUnit;
use kibitzer_syntax::{CheckOptions, Lang};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

pub struct Backend {
    client: Client,
    state: Arc<State>,
    /// Set by `shutdown`: `exit` without it ends the process with status 1, as the LSP says.
    shut_down: Arc<AtomicBool>,
}

struct State {
    docs: Mutex<HashMap<Uri, Document>>,
    config: RwLock<Config>,
    /// Held while deciding to publish and publishing, so that an older result never overtakes a
    /// newer one.
    publishing: tokio::sync::Mutex<()>,
    /// The outlines of workspace files on disk, for `workspace/symbol`.
    symbols: workspace_symbols::Cache,
}

#[derive(Default)]
struct Config {
    unit: ColumnUnit,
    settings: ClientSettings,
    root: Option<PathBuf>,
    /// Every workspace folder (the first is `root`).
    roots: Vec<PathBuf>,
    /// Counts settings changes: part of the result ids of files on disk.
    generation: u64,
    /// Whether the client pulls diagnostics (`textDocument.diagnostic`): then none are pushed.
    pull_diagnostics: bool,
    /// Whether the client accepts `workspace/diagnostic/refresh` and `workspace/inlayHint/refresh`.
    diagnostic_refresh: bool,
    inlay_refresh: bool,
    /// Whether the client accepts `workspace/configuration` requests (else it pushes settings).
    pull_configuration: bool,
    /// Whether the client fills in code action edits with `codeAction/resolve`.
    resolve_edits: bool,
    /// The client's `clientInfo.name`: whether hover draws pictures, unless the settings say.
    client_name: Option<String>,
}

impl Backend {
    pub fn new(client: Client, shut_down: Arc<AtomicBool>) -> Backend {
        Backend {
            client,
            shut_down,
            state: Arc::new(State {
                docs: Mutex::new(HashMap::new()),
                config: RwLock::new(Config::default()),
                publishing: tokio::sync::Mutex::new(()),
                symbols: workspace_symbols::Cache::default(),
            }),
        }
    }

    fn unit(&self) -> ColumnUnit {
        self.state.config.read().unwrap_or_else(|e| e.into_inner()).unit
    }

    fn snapshot(&self, uri: &Uri) -> Option<Snapshot> {
        let unit = self.unit();
        lock(&self.state.docs).get(uri).map(|d| d.snapshot(unit))
    }

    fn options_for(&self, path: Option<&std::path::Path>) -> (Arc<CheckOptions>, Option<String>) {
        let config = self.state.config.read().unwrap_or_else(|e| e.into_inner());
        let (options, error) = config.settings.options_for(path, config.root.as_deref());
        (Arc::new(options), error)
    }

    async fn apply_client_settings(&self, value: &serde_json::Value) {
        let (settings, warnings) = ClientSettings::from_json(value);
        for w in warnings {
            self.client.log_message(MessageType::WARNING, format!("kibitzer settings: {w}")).await;
        }
        self.state.config.write().unwrap_or_else(|e| e.into_inner()).settings = settings;
    }

    fn config<T>(&self, f: impl FnOnce(&Config) -> T) -> T {
        f(&self.state.config.read().unwrap_or_else(|e| e.into_inner()))
    }

    /// Re-reads the settings of every open document and re-checks those whose settings changed.
    async fn reload_settings(&self) {
        let uris: Vec<(Uri, Option<PathBuf>)> =
            lock(&self.state.docs).values().map(|d| (d.uri.clone(), d.path.clone())).collect();
        for (uri, path) in uris {
            let (options, error) = self.options_for(path.as_deref());
            if let Some(e) = error {
                self.client.log_message(MessageType::WARNING, e).await;
            }
            let version = {
                let mut docs = lock(&self.state.docs);
                let Some(doc) = docs.get_mut(&uri) else { continue };
                doc.set_options(options);
                doc.version
            };
            self.schedule_diagnostics(uri, version, false);
        }
    }

    /// After the settings may have changed (the client's, or a kibitzer.toml): the files on disk
    /// get new result ids, a client that pulls is asked to pull again, and the inlay hints to be
    /// asked for again (they may have been switched on or off).
    fn settings_changed(&self) {
        let (pull, diagnostic_refresh, inlay_refresh) = {
            let mut config = self.state.config.write().unwrap_or_else(|e| e.into_inner());
            config.generation += 1;
            (config.pull_diagnostics, config.diagnostic_refresh, config.inlay_refresh)
        };
        // Sent from a task of its own: the answers come after the handler has returned.
        let client = self.client.clone();
        tokio::spawn(async move {
            if pull && diagnostic_refresh {
                let _ = client.workspace_diagnostic_refresh().await;
            }
            if inlay_refresh {
                let _ = client.inlay_hint_refresh().await;
            }
        });
    }

    /// [`schedule_diagnostics`] for this server's state and client.
    fn schedule_diagnostics(&self, uri: Uri, version: i32, debounce: bool) {
        schedule_diagnostics(self.state.clone(), self.client.clone(), uri, version, debounce);
    }

    /// Runs `f` on a snapshot of `uri` on the blocking pool; `None` for an unknown document.
    async fn with_snapshot<T: Send + 'static>(
        &self,
        what: &'static str,
        uri: &Uri,
        f: impl FnOnce(&Snapshot) -> Option<T> + Send + 'static,
    ) -> Result<Option<T>> {
        let Some(snapshot) = self.snapshot(uri) else { return Ok(None) };
        guard::blocking(what, move || f(&snapshot)).await
    }

    /// The current diagnostics of an open document, checked now (what an edit left dirty) and
    /// kept by the document; `None` for an unknown document.
    async fn pulled(&self, uri: &Uri) -> Result<Option<(i32, Vec<Diagnostic>)>> {
        let Some(snapshot) = self.snapshot(uri) else { return Ok(None) };
        let max = self.config(|c| c.settings.max_diagnostics);
        let (snapshot, diagnostics, unsolved) =
            guard::blocking("diagnostic", move || pull::diagnose(snapshot, max)).await?;
        if let Some(doc) = lock(&self.state.docs).get_mut(uri) {
            doc.merge_refresh(snapshot.version, &snapshot.options, snapshot.segments);
        }
        solve_then(unsolved, self.state.clone(), self.client.clone(), uri.clone());
        Ok(Some((snapshot.version, diagnostics)))
    }
}

/// kibitzer's own requests, beside the protocol's.
impl Backend {
    /// `kibitzer/boardView` (see [`super::board`]).
    pub async fn board_view(
        &self,
        params: super::board::BoardViewParams,
    ) -> Result<Option<super::board::BoardViewResult>> {
        let position = params.position;
        guard::request(
            "boardView",
            self.with_snapshot("boardView", &params.text_document.uri, move |s| super::board::board_view(s, position)),
        )
        .await
    }
}

/// Re-checks the document in the background and publishes its diagnostics, unless a newer
/// edit arrives first (then the newer edit's run publishes). `debounce` (set while edits
/// keep arriving, see [`Document::apply_changes`]) waits for typing to pause: a keystroke
/// after a pause is checked at once, a burst of them once.
///
/// With the `dd` feature, a PBN document's DDS diagnostics are published with the others for
/// the games whose deals are solved; the deals of the other games are solved after the publish
/// (the ordinary diagnostics never wait for the solver), and the document is then checked
/// again, at its version of that moment.
/// Re-checks the document in the background and publishes its diagnostics, unless a newer
/// edit arrives first (then the newer edit's run publishes). `debounce` (set while edits keep
/// arriving, see [`Document::apply_changes`]) waits for typing to pause: a keystroke after a
/// pause is checked at once, a burst of them once. A client that pulls diagnostics gets none
/// pushed: its pull does the work.
fn schedule_diagnostics(state: Arc<State>, client: Client, uri: Uri, version: i32, debounce: bool) {
    let (pull_client, delay) = {
        let c = state.config.read().unwrap_or_else(|e| e.into_inner());
        (c.pull_diagnostics, if debounce { c.settings.debounce } else { std::time::Duration::ZERO })
    };
    if pull_client {
        return;
    }
    tokio::spawn(guard::notification("diagnostics", async move {
        if !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
        let (unit, max) = {
            let c = state.config.read().unwrap_or_else(|e| e.into_inner());
            (c.unit, c.settings.max_diagnostics)
        };
        let snapshot = {
            let docs = lock(&state.docs);
            match docs.get(&uri) {
                Some(d) if d.version == version => d.snapshot(unit),
                _ => return, // closed, or edited again: that edit's run publishes
            }
        };
        let work = move || pull::diagnose(snapshot, max);
        let Ok((snapshot, diagnostics, unsolved)) = guard::blocking("diagnostics", work).await else { return };
        {
            let _publishing = state.publishing.lock().await;
            let publish = {
                let mut docs = lock(&state.docs);
                let Some(doc) = docs.get_mut(&uri) else { return };
                doc.merge_refresh(snapshot.version, &snapshot.options, snapshot.segments);
                let newest = doc.version == snapshot.version && doc.published.is_none_or(|p| p <= snapshot.version);
                if newest {
                    doc.published = Some(snapshot.version);
                }
                newest
            };
            if publish {
                client.publish_diagnostics(uri.clone(), diagnostics, Some(snapshot.version)).await;
            }
        }
        solve_then(unsolved, state, client, uri);
    }));
}

/// Solves the deals a check found unsolved, off the request
/// path, then brings the client the DDS diagnostics: a client that pulls is asked to pull again,
/// the others get the document checked and published again.
fn solve_then(unsolved: pull::Unsolved, state: Arc<State>, client: Client, uri: Uri) {
    let to_solve = double_dummy::claim(unsolved);
    if to_solve.is_empty() {
        return;
    }
    tokio::spawn(guard::notification("double dummy", async move {
        if guard::blocking("double dummy", move || double_dummy::solve(to_solve)).await.is_err() {
            return;
        }
        let (pull_client, refresh) = {
            let c = state.config.read().unwrap_or_else(|e| e.into_inner());
            (c.pull_diagnostics, c.diagnostic_refresh)
        };
        if pull_client {
            if refresh {
                let _ = client.workspace_diagnostic_refresh().await;
            }
            return;
        }
        let now = lock(&state.docs).get(&uri).map(|d| d.version);
        if let Some(now) = now {
            schedule_diagnostics(state, client, uri, now, false);
        }
    }));
}

fn language_of(uri: &Uri, language_id: &str) -> Option<Lang> {
    Lang::from_id(language_id).or_else(|| {
        let path = uri.path().as_str();
        Lang::from_path(std::path::Path::new(path))
    })
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        guard::request("initialize", async {
            let offered = params.capabilities.general.as_ref().and_then(|g| g.position_encodings.as_deref());
            let unit = negotiate(offered);
            let mut roots: Vec<PathBuf> = params
                .workspace_folders
                .iter()
                .flatten()
                .filter_map(|f| f.uri.to_file_path().map(|p| p.into_owned()))
                .collect();
            #[allow(deprecated)] // root_uri: older clients send only this
            if roots.is_empty() {
                roots.extend(params.root_uri.as_ref().and_then(|u| u.to_file_path().map(|p| p.into_owned())));
            }
            let root = roots.first().cloned();
            let text_capabilities = params.capabilities.text_document.as_ref();
            let pull_diagnostics = text_capabilities.is_some_and(|t| t.diagnostic.is_some());
            let workspace_capabilities = params.capabilities.workspace.as_ref();
            let diagnostic_refresh = workspace_capabilities
                .and_then(|w| w.diagnostics.as_ref())
                .and_then(|d| d.refresh_support)
                .unwrap_or(false);
            let inlay_refresh = workspace_capabilities
                .and_then(|w| w.inlay_hint.as_ref())
                .and_then(|d| d.refresh_support)
                .unwrap_or(false);
            let pull = params.capabilities.workspace.as_ref().and_then(|w| w.configuration).unwrap_or(false);
            let resolve_edits = params
                .capabilities
                .text_document
                .as_ref()
                .and_then(|t| t.code_action.as_ref())
                .and_then(|c| c.resolve_support.as_ref())
                .is_some_and(|r| r.properties.iter().any(|p| p == "edit"));
            {
                let mut config = self.state.config.write().unwrap_or_else(|e| e.into_inner());
                config.unit = unit;
                config.root = root;
                config.roots = roots;
                config.pull_diagnostics = pull_diagnostics;
                config.diagnostic_refresh = diagnostic_refresh;
                config.inlay_refresh = inlay_refresh;
                config.pull_configuration = pull;
                config.resolve_edits = resolve_edits;
                config.client_name = params.client_info.as_ref().map(|c| c.name.clone());
            }
            if let Some(options) = &params.initialization_options {
                self.apply_client_settings(options).await;
            }
            Ok(InitializeResult {
                server_info: Some(ServerInfo {
                    name: "kibitzer".to_owned(),
                    version: Some(env!("CARGO_PKG_VERSION").to_owned()),
                }),
                capabilities: features::capabilities(encoding_kind(unit)),
                ..InitializeResult::default()
            })
        })
        .await
    }

    async fn shutdown(&self) -> Result<()> {
        self.shut_down.store(true, Ordering::SeqCst);
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        guard::notification("didOpen", async {
            let doc = params.text_document;
            let Some(lang) = language_of(&doc.uri, &doc.language_id) else {
                self.client
                    .log_message(
                        MessageType::WARNING,
                        format!("kibitzer: not a PGN, PBN, PBI or EPD document: {}", doc.uri.as_str()),
                    )
                    .await;
                return;
            };
            let path = doc.uri.to_file_path().map(|p| p.into_owned());
            let (options, error) = self.options_for(path.as_deref());
            if let Some(e) = error {
                self.client.show_message(MessageType::WARNING, e).await;
            }
            let document = Document::new(doc.uri.clone(), lang, doc.version, &doc.text, options);
            lock(&self.state.docs).insert(doc.uri.clone(), document);
            self.schedule_diagnostics(doc.uri, doc.version, false);
        })
        .await
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        // The edit is applied before the first `.await`: notifications start in the order they
        // arrived, so edits are never reordered.
        guard::notification("didChange", async {
            let unit = self.unit();
            let uri = params.text_document.uri;
            let version = params.text_document.version;
            let typing = {
                let mut docs = lock(&self.state.docs);
                let Some(doc) = docs.get_mut(&uri) else { return };
                doc.apply_changes(version, params.content_changes, unit)
            };
            self.schedule_diagnostics(uri, version, typing);
        })
        .await
    }

    async fn did_save(&self, params: DidSaveTextDocumentParams) {
        // Saving kibitzer.toml, or any document, is the moment settings files may have changed.
        guard::notification("didSave", async {
            self.reload_settings().await;
            if params.text_document.uri.path().as_str().ends_with(crate::inputs::CONFIG_FILE) {
                self.settings_changed();
            }
        })
        .await
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        guard::notification("didClose", async {
            let uri = params.text_document.uri;
            lock(&self.state.docs).remove(&uri);
            // Diagnostics of a closed file are cleared, as editors expect (a client that pulls
            // forgets them itself).
            if !self.config(|c| c.pull_diagnostics) {
                self.client.publish_diagnostics(uri, Vec::new(), None).await;
            }
        })
        .await
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        guard::notification("didChangeConfiguration", async {
            let pull = self.state.config.read().unwrap_or_else(|e| e.into_inner()).pull_configuration;
            let value = if params.settings.is_null() && pull {
                let item = ConfigurationItem { scope_uri: None, section: Some("kibitzer".to_owned()) };
                match self.client.configuration(vec![item]).await {
                    Ok(mut values) if !values.is_empty() => values.swap_remove(0),
                    _ => serde_json::Value::Null,
                }
            } else {
                params.settings
            };
            self.apply_client_settings(&value).await;
            self.reload_settings().await;
            self.settings_changed();
        })
        .await
    }

    async fn did_change_watched_files(&self, _: DidChangeWatchedFilesParams) {
        guard::notification("didChangeWatchedFiles", async {
            self.reload_settings().await;
            self.settings_changed();
        })
        .await
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let p = params.text_document_position_params;
        let pictures = {
            let config = self.state.config.read().unwrap_or_else(|e| e.into_inner());
            config.settings.hover_pictures.unwrap_or_else(|| pictures_by_default(config.client_name.as_deref()))
        };
        guard::request(
            "hover",
            self.with_snapshot("hover", &p.text_document.uri, move |s| features::hover(s, p.position, pictures)),
        )
        .await
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let p = params.text_document_position;
        guard::request(
            "completion",
            self.with_snapshot("completion", &p.text_document.uri, move |s| features::completion(s, p.position)),
        )
        .await
    }

    async fn document_symbol(&self, params: DocumentSymbolParams) -> Result<Option<DocumentSymbolResponse>> {
        guard::request(
            "documentSymbol",
            self.with_snapshot("documentSymbol", &params.text_document.uri, |s| {
                Some(DocumentSymbolResponse::Nested(parked::symbols_stand_in(features::symbols(s))))
            }),
        )
        .await
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        guard::request(
            "foldingRange",
            self.with_snapshot("foldingRange", &params.text_document.uri, |s| Some(features::folding(s))),
        )
        .await
    }

    async fn semantic_tokens_full(&self, params: SemanticTokensParams) -> Result<Option<SemanticTokensResult>> {
        guard::request(
            "semanticTokens",
            self.with_snapshot("semanticTokens", &params.text_document.uri, |s| {
                Some(SemanticTokensResult::Tokens(features::semantic_tokens_full(s)))
            }),
        )
        .await
    }

    async fn semantic_tokens_full_delta(
        &self,
        params: SemanticTokensDeltaParams,
    ) -> Result<Option<SemanticTokensFullDeltaResult>> {
        let previous = params.previous_result_id;
        guard::request(
            "semanticTokens",
            self.with_snapshot("semanticTokens", &params.text_document.uri, move |s| {
                Some(features::semantic_tokens_delta(s, &previous))
            }),
        )
        .await
    }

    async fn semantic_tokens_range(
        &self,
        params: SemanticTokensRangeParams,
    ) -> Result<Option<SemanticTokensRangeResult>> {
        let range = params.range;
        guard::request(
            "semanticTokens",
            self.with_snapshot("semanticTokens", &params.text_document.uri, move |s| {
                Some(SemanticTokensRangeResult::Tokens(SemanticTokens {
                    result_id: None,
                    data: features::semantic_tokens(s, Some(range)),
                }))
            }),
        )
        .await
    }

    async fn goto_definition(&self, params: GotoDefinitionParams) -> Result<Option<GotoDefinitionResponse>> {
        let p = params.text_document_position_params;
        guard::request(
            "definition",
            self.with_snapshot("definition", &p.text_document.uri, move |s| {
                features::definition(s, p.position).map(GotoDefinitionResponse::Scalar)
            }),
        )
        .await
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        let p = params.text_document_position;
        let include_declaration = params.context.include_declaration;
        guard::request(
            "references",
            self.with_snapshot("references", &p.text_document.uri, move |s| {
                Some(features::references(s, p.position, include_declaration))
            }),
        )
        .await
    }

    async fn formatting(&self, params: DocumentFormattingParams) -> Result<Option<Vec<TextEdit>>> {
        guard::request(
            "formatting",
            self.with_snapshot("formatting", &params.text_document.uri, |s| {
                features::format(s, None).map(parked::edits_stand_in)
            }),
        )
        .await
    }

    async fn range_formatting(&self, params: DocumentRangeFormattingParams) -> Result<Option<Vec<TextEdit>>> {
        let range = params.range;
        guard::request(
            "rangeFormatting",
            self.with_snapshot("rangeFormatting", &params.text_document.uri, move |s| {
                features::format(s, Some(range)).map(parked::edits_stand_in)
            }),
        )
        .await
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let range = params.range;
        let only = params.context.only;
        let invoked = params.context.trigger_kind == Some(CodeActionTriggerKind::INVOKED);
        let resolve_edits = self.state.config.read().unwrap_or_else(|e| e.into_inner()).resolve_edits;
        guard::request(
            "codeAction",
            self.with_snapshot("codeAction", &params.text_document.uri, move |s| {
                let actions = features::code_actions(s, range, only.as_deref(), invoked, resolve_edits);
                Some(parked::code_actions_stand_in(actions))
            }),
        )
        .await
    }

    async fn code_action_resolve(&self, action: CodeAction) -> Result<CodeAction> {
        let Some(uri) = features::deferred_uri(&action) else { return Ok(action) };
        let unresolved = action.clone();
        let resolved = guard::request(
            "codeAction/resolve",
            self.with_snapshot("codeAction/resolve", &uri, move |s| {
                Some(parked::code_action_stand_in(features::resolve_code_action(s, action)))
            }),
        )
        .await?;
        Ok(resolved.unwrap_or(unresolved))
    }

    async fn selection_range(&self, params: SelectionRangeParams) -> Result<Option<Vec<SelectionRange>>> {
        let positions = params.positions;
        guard::request(
            "selectionRange",
            self.with_snapshot("selectionRange", &params.text_document.uri, move |s| {
                Some(positions.iter().map(|p| features::selection_range(s, *p)).collect())
            }),
        )
        .await
    }

    async fn diagnostic(&self, params: DocumentDiagnosticParams) -> Result<DocumentDiagnosticReportResult> {
        guard::request("diagnostic", async {
            let previous = params.previous_result_id;
            let report = match self.pulled(&params.text_document.uri).await? {
                Some((_, items)) => pull::document_report(items, previous.as_deref()),
                None => pull::empty_report(),
            };
            Ok(DocumentDiagnosticReportResult::Report(report))
        })
        .await
    }

    async fn workspace_diagnostic(&self, params: WorkspaceDiagnosticParams) -> Result<WorkspaceDiagnosticReportResult> {
        guard::request("workspace/diagnostic", async {
            let previous: HashMap<Uri, String> =
                params.previous_result_ids.into_iter().map(|p| (p.uri, p.value)).collect();
            let mut items = Vec::new();
            // Open documents: their editor text.
            let open: Vec<Uri> = lock(&self.state.docs).keys().cloned().collect();
            for uri in &open {
                if let Some((version, diagnostics)) = self.pulled(uri).await? {
                    let before = previous.get(uri).map(String::as_str);
                    items.push(pull::open_report(uri.clone(), version, diagnostics, before));
                }
            }
            // The other files of the workspace folders: from disk.
            let (roots, generation, unit, max, settings, root) = self.config(|c| {
                (c.roots.clone(), c.generation, c.unit, c.settings.max_diagnostics, c.settings.clone(), c.root.clone())
            });
            let disk = guard::blocking("workspace/diagnostic", move || {
                workspace::files(&roots)
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
        })
        .await
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        let range = params.range;
        let options = self.config(|c| c.settings.inlay);
        guard::request(
            "inlayHint",
            self.with_snapshot("inlayHint", &params.text_document.uri, move |s| {
                Some(inlay::inlay_hints(s, range, &options))
            }),
        )
        .await
    }

    async fn code_lens(&self, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        guard::request(
            "codeLens",
            self.with_snapshot("codeLens", &params.text_document.uri, |s| Some(lens::code_lenses(s))),
        )
        .await
    }

    async fn document_link(&self, params: DocumentLinkParams) -> Result<Option<Vec<DocumentLink>>> {
        guard::request(
            "documentLink",
            self.with_snapshot("documentLink", &params.text_document.uri, |s| Some(links::document_links(s))),
        )
        .await
    }

    async fn symbol(&self, params: WorkspaceSymbolParams) -> Result<Option<WorkspaceSymbolResponse>> {
        guard::request("workspace/symbol", async {
            let unit = self.unit();
            let snapshots: Vec<Snapshot> = lock(&self.state.docs).values().map(|d| d.snapshot(unit)).collect();
            let roots = self.config(|c| c.roots.clone());
            let state = self.state.clone();
            let found = guard::blocking("workspace/symbol", move || {
                let mut files: Vec<(Uri, String, Arc<Vec<workspace_symbols::Entry>>)> = snapshots
                    .iter()
                    .map(|s| {
                        let pos = s.positions();
                        let text_of = |r: Range| s.text_of(pos.text_range(r)).into_owned();
                        let entries = workspace_symbols::entries_of_outline(s.lang, super::views::symbols(s), text_of);
                        (s.uri.clone(), container_name(&s.uri), Arc::new(entries))
                    })
                    .collect();
                for file in workspace::files(&roots) {
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
        })
        .await
    }
}

/// The file name of a URI, shown beside each workspace symbol.
fn container_name(uri: &Uri) -> String {
    uri.path().as_str().rsplit('/').next().unwrap_or_default().to_owned()
}
