//! The `LanguageServer` implementation: the dispatch table. Each protocol method names the
//! handler that answers it — for a request about one document, its request type, whose
//! [`DocumentRequest`](super::handlers::DocumentRequest) implementation in `handlers/` answers
//! it through [`handlers::answer`]; for the others, a function of `handlers/`. Every handler is
//! guarded ([`guard`]): a panic answers an error, or drops a notification, and the server lives.

use super::guard;
use super::handlers::board_view::BoardViewRequest;
use super::handlers::{self, code_actions, configuration, diagnostics, names, text_sync, workspace_symbol};
use super::initialize;
use super::outbox::Outbox;
use super::state::State;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::request::{self, Request};
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

pub struct Backend {
    client: Client,
    state: Arc<State>,
    /// Set by `shutdown`: `exit` without it ends the process with status 1, as the LSP says.
    shut_down: Arc<AtomicBool>,
    /// Set by a successful `initialize`: the stdio reader then parks large texts for the
    /// handlers of didOpen and didChange (`large_texts`), which from then on receive them.
    serving: Arc<AtomicBool>,
}

impl Backend {
    pub fn new(client: Client, shut_down: Arc<AtomicBool>, serving: Arc<AtomicBool>, outbox: Outbox) -> Backend {
        Backend { client, shut_down, serving, state: Arc::new(State::new(outbox)) }
    }

    /// `kibitzer/boardView`, kibitzer's own request (registered in [`super::run`]).
    pub async fn board_view(
        &self,
        params: <BoardViewRequest as Request>::Params,
    ) -> Result<<BoardViewRequest as Request>::Result> {
        handlers::answer::<BoardViewRequest>(&self.state, params).await
    }

    /// `window/workDoneProgress/cancel`: the client stops the solving whose progress it shows.
    pub async fn cancel_progress(&self, params: tower_lsp_server::ls_types::WorkDoneProgressCancelParams) {
        if let tower_lsp_server::ls_types::NumberOrString::String(token) = params.token {
            super::double_dummy::cancel(&token);
        }
    }
}

/// The requests about one document: `method: RequestType`, the method of `LanguageServer` that
/// receives the request and the type whose `DocumentRequest` implementation answers it.
macro_rules! document_requests {
    ($($method:ident: $request:ty,)*) => {$(
        async fn $method(&self, params: <$request as Request>::Params) -> Result<<$request as Request>::Result> {
            handlers::answer::<$request>(&self.state, params).await
        }
    )*};
}

impl LanguageServer for Backend {
    document_requests! {
        hover: request::HoverRequest,
        completion: request::Completion,
        document_symbol: request::DocumentSymbolRequest,
        folding_range: request::FoldingRangeRequest,
        semantic_tokens_full: request::SemanticTokensFullRequest,
        semantic_tokens_full_delta: request::SemanticTokensFullDeltaRequest,
        semantic_tokens_range: request::SemanticTokensRangeRequest,
        goto_definition: request::GotoDefinition,
        prepare_rename: request::PrepareRenameRequest,
        formatting: request::Formatting,
        range_formatting: request::RangeFormatting,
        code_action: request::CodeActionRequest,
        selection_range: request::SelectionRangeRequest,
        inlay_hint: request::InlayHintRequest,
        code_lens: request::CodeLensRequest,
        document_link: request::DocumentLinkRequest,
    }

    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let result = guard::request("initialize", initialize::initialize(&self.state, &self.client, params)).await;
        self.serving.store(result.is_ok(), Ordering::SeqCst);
        result
    }

    async fn shutdown(&self) -> Result<()> {
        self.shut_down.store(true, Ordering::SeqCst);
        Ok(())
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        guard::request("textDocument/references", names::references(&self.state, params)).await
    }

    async fn rename(&self, params: RenameParams) -> Result<Option<WorkspaceEdit>> {
        guard::request("textDocument/rename", names::rename(&self.state, params)).await
    }

    async fn code_action_resolve(&self, action: CodeAction) -> Result<CodeAction> {
        code_actions::resolve(&self.state, action).await
    }

    async fn diagnostic(&self, params: DocumentDiagnosticParams) -> Result<DocumentDiagnosticReportResult> {
        guard::request("diagnostic", diagnostics::document(&self.state, &self.client, params)).await
    }

    async fn workspace_diagnostic(&self, params: WorkspaceDiagnosticParams) -> Result<WorkspaceDiagnosticReportResult> {
        guard::request("workspace/diagnostic", diagnostics::workspace(&self.state, &self.client, params)).await
    }

    async fn symbol(&self, params: WorkspaceSymbolParams) -> Result<Option<WorkspaceSymbolResponse>> {
        guard::request("workspace/symbol", workspace_symbol::symbol(&self.state, params)).await
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        guard::notification("didOpen", text_sync::did_open(&self.state, &self.client, params)).await
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        guard::notification("didChange", text_sync::did_change(&self.state, &self.client, params)).await
    }

    async fn did_save(&self, params: DidSaveTextDocumentParams) {
        guard::notification("didSave", text_sync::did_save(&self.state, &self.client, params)).await
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        guard::notification("didClose", text_sync::did_close(&self.state, &self.client, params)).await
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        let future = configuration::did_change_configuration(&self.state, &self.client, params);
        guard::notification("didChangeConfiguration", future).await
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        let future = configuration::did_change_watched_files(&self.state, &self.client, params);
        guard::notification("didChangeWatchedFiles", future).await
    }
}
