//! `initialize`: what the client can do (position encodings, pull diagnostics, refresh requests,
//! pulled configuration, resolved code actions), kept in the [`Config`](super::state::Config),
//! and what the server offers in return ([`capabilities`]).

use super::handlers::code_actions::CONVERT_TO_EXPORT;
use super::handlers::configuration;
use super::offsets::{encoding_kind, negotiate};
use super::state::State;
use super::to_lsp;
use std::path::PathBuf;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;
use tower_lsp_server::Client;

/// Answers `initialize`: the client's capabilities and initialization options taken in, the
/// server's offered.
pub async fn initialize(state: &State, client: &Client, params: InitializeParams) -> Result<InitializeResult> {
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
    let diagnostic_refresh =
        workspace_capabilities.and_then(|w| w.diagnostics.as_ref()).and_then(|d| d.refresh_support).unwrap_or(false);
    let inlay_refresh =
        workspace_capabilities.and_then(|w| w.inlay_hint.as_ref()).and_then(|d| d.refresh_support).unwrap_or(false);
    let pull = params.capabilities.workspace.as_ref().and_then(|w| w.configuration).unwrap_or(false);
    let resolve_edits = params
        .capabilities
        .text_document
        .as_ref()
        .and_then(|t| t.code_action.as_ref())
        .and_then(|c| c.resolve_support.as_ref())
        .is_some_and(|r| r.properties.iter().any(|p| p == "edit"));
    let prepare_rename =
        text_capabilities.and_then(|t| t.rename.as_ref()).and_then(|r| r.prepare_support) == Some(true);
    {
        let mut config = state.config_mut();
        config.unit = unit;
        config.root = root;
        config.roots = roots;
        config.pull_diagnostics = pull_diagnostics;
        config.diagnostic_refresh = diagnostic_refresh;
        config.inlay_refresh = inlay_refresh;
        config.pull_configuration = pull;
        config.resolve_edits = resolve_edits;
        config.work_done_progress =
            params.capabilities.window.as_ref().and_then(|w| w.work_done_progress).unwrap_or(false);
        config.client_name = params.client_info.as_ref().map(|c| c.name.clone());
    }
    if let Some(options) = &params.initialization_options {
        configuration::apply_client_settings(state, client, options).await;
    }
    Ok(InitializeResult {
        server_info: Some(ServerInfo {
            name: "kibitzer".to_owned(),
            version: Some(env!("CARGO_PKG_VERSION").to_owned()),
        }),
        capabilities: capabilities(encoding_kind(unit), prepare_rename),
        ..InitializeResult::default()
    })
}

/// What the server offers, in the column unit negotiated; `prepareRename` to a client that
/// supports it (the protocol allows rename options only then).
pub fn capabilities(encoding: PositionEncodingKind, prepare_rename: bool) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(encoding),
        text_document_sync: Some(TextDocumentSyncCapability::Options(TextDocumentSyncOptions {
            open_close: Some(true),
            change: Some(TextDocumentSyncKind::INCREMENTAL),
            save: Some(TextDocumentSyncSaveOptions::Supported(true)),
            ..TextDocumentSyncOptions::default()
        })),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(["[", "\"", "$", " ", "."].map(String::from).to_vec()),
            ..CompletionOptions::default()
        }),
        document_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        selection_range_provider: Some(SelectionRangeProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        rename_provider: Some(match prepare_rename {
            true => OneOf::Right(RenameOptions {
                prepare_provider: Some(true),
                work_done_progress_options: WorkDoneProgressOptions::default(),
            }),
            false => OneOf::Left(true),
        }),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_range_formatting_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![
                CodeActionKind::QUICKFIX,
                CodeActionKind::SOURCE_FIX_ALL,
                CodeActionKind::REFACTOR_REWRITE,
                CONVERT_TO_EXPORT,
            ]),
            resolve_provider: Some(true),
            ..CodeActionOptions::default()
        })),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: SemanticTokensLegend { token_types: to_lsp::token_types(), token_modifiers: Vec::new() },
                range: Some(true),
                full: Some(SemanticTokensFullOptions::Delta { delta: Some(true) }),
                ..SemanticTokensOptions::default()
            },
        )),
        diagnostic_provider: Some(DiagnosticServerCapabilities::Options(DiagnosticOptions {
            identifier: Some("kibitzer".to_owned()),
            inter_file_dependencies: false,
            workspace_diagnostics: true,
            work_done_progress_options: WorkDoneProgressOptions::default(),
        })),
        inlay_hint_provider: Some(OneOf::Left(true)),
        code_lens_provider: Some(CodeLensOptions { resolve_provider: Some(false) }),
        document_link_provider: Some(DocumentLinkOptions {
            resolve_provider: Some(false),
            work_done_progress_options: WorkDoneProgressOptions::default(),
        }),
        workspace_symbol_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}
