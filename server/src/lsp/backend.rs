//! The `LanguageServer` implementation: protocol plumbing only. Each handler takes a snapshot of
//! the document under a short lock, computes on the blocking pool (see [`guard`]) and converts
//! the result; what to show comes from `kibitzer_syntax::ide`, diagnostics from
//! [`analysis`](super::analysis).

use super::analysis;
use super::convert;
use super::document::{Document, Snapshot};
#[cfg(feature = "dd")]
use super::double_dummy;
use super::features;
use super::guard;
use super::guard::lock;
use super::parked;
use super::position::{encoding_kind, negotiate};
use super::settings::ClientSettings;
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
}

#[derive(Default)]
struct Config {
    unit: ColumnUnit,
    settings: ClientSettings,
    root: Option<PathBuf>,
    /// Whether the client accepts `workspace/configuration` requests (else it pushes settings).
    pull_configuration: bool,
    /// Whether the client fills in code action edits with `codeAction/resolve`.
    resolve_edits: bool,
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
fn schedule_diagnostics(state: Arc<State>, client: Client, uri: Uri, version: i32, debounce: bool) {
    let delay = if debounce {
        state.config.read().unwrap_or_else(|e| e.into_inner()).settings.debounce
    } else {
        std::time::Duration::ZERO
    };
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
        let work = move || {
            let mut snapshot = snapshot;
            analysis::refresh(snapshot.lang, &snapshot.rope, &mut snapshot.segments, &snapshot.options);
            let pos = snapshot.positions();
            let found = analysis::diagnostics(&snapshot.segments);
            #[cfg(feature = "dd")]
            let (found, unsolved) = {
                let (double_dummy, unsolved) =
                    double_dummy::diagnostics(snapshot.lang, &snapshot.rope, &snapshot.segments, &snapshot.options);
                (double_dummy::merged(found, double_dummy), unsolved)
            };
            let diagnostics: Vec<Diagnostic> =
                found.take(max).map(|d| convert::diagnostic(&d, &snapshot.uri, &pos)).collect();
            #[cfg(not(feature = "dd"))]
            let unsolved = ();
            (snapshot, diagnostics, unsolved)
        };
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
        #[cfg(feature = "dd")]
        {
            let to_solve = double_dummy::claim(unsolved);
            if to_solve.is_empty() {
                return;
            }
            if guard::blocking("double dummy", move || double_dummy::solve(to_solve)).await.is_err() {
                return;
            }
            let now = lock(&state.docs).get(&uri).map(|d| d.version);
            if let Some(now) = now {
                schedule_diagnostics(state, client, uri, now, false);
            }
        }
        #[cfg(not(feature = "dd"))]
        let () = unsolved;
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
            let root = params
                .workspace_folders
                .as_ref()
                .and_then(|f| f.first())
                .and_then(|f| f.uri.to_file_path().map(|p| p.into_owned()));
            #[allow(deprecated)] // root_uri: older clients send only this
            let root = root.or_else(|| params.root_uri.as_ref().and_then(|u| u.to_file_path().map(|p| p.into_owned())));
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
                config.pull_configuration = pull;
                config.resolve_edits = resolve_edits;
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
        let _ = params;
        guard::notification("didSave", self.reload_settings()).await
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        guard::notification("didClose", async {
            let uri = params.text_document.uri;
            lock(&self.state.docs).remove(&uri);
            // Diagnostics of a closed file are cleared, as editors expect.
            self.client.publish_diagnostics(uri, Vec::new(), None).await;
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
        })
        .await
    }

    async fn did_change_watched_files(&self, _: DidChangeWatchedFilesParams) {
        guard::notification("didChangeWatchedFiles", self.reload_settings()).await
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let p = params.text_document_position_params;
        guard::request(
            "hover",
            self.with_snapshot("hover", &p.text_document.uri, move |s| features::hover(s, p.position)),
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
}
