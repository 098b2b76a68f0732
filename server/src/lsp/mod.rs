//! `kibitzer lsp`: the language server, over stdio.
//!
//! - [`backend`]: the dispatch table (tower-lsp-server's `LanguageServer`): each method names its
//!   handler in [`handlers`], one file per request or small family of requests;
//! - [`state`]: the open documents and the configuration; [`initialize`]: capability
//!   negotiation; [`publish`]: pushed diagnostics; [`guard`]: panics, blocking work, poisoned locks;
//! - [`document`]: open documents (ropey) and their edits; [`offsets`]: byte offsets ↔ LSP
//!   positions; [`to_lsp`]: kibitzer values → LSP types;
//! - [`analysis`]: per-unit diagnostics with incremental re-checking; [`double_dummy`] (feature
//!   `dd`): the DDS diagnostics and the double-dummy action, the solver off the request path;
//!   [`views`]: outline, folding and semantic tokens cached per unit;
//! - [`pull`]: pull diagnostics' reports and result ids; [`workspace`]: the files of the
//!   workspace folders; [`workspace_symbols`]: games across the workspace; [`workspace_names`]:
//!   the players, events and sites of the workspace, for references and rename;
//! - [`formatting`], [`settings`] (kibitzer.toml + client settings), [`framing`] (the client's
//!   messages found in its bytes, capped, resynchronised after what cannot be read),
//!   [`transport`] (stdio, in front of tower-lsp-server), [`large_answers`] (large answers written as JSON
//!   directly), [`allocator`] (memory returned to the system).

mod allocator;
mod analysis;
mod backend;
mod cache;
mod document;
mod double_dummy;
mod formatting;
/// Public for the fuzz target `lsp-framing` (`fuzz/`), which feeds it hostile bytes.
pub mod framing;
mod guard;
mod handlers;
mod initialize;
mod large_answers;
mod large_texts;
mod offsets;
mod outbox;
mod progress;
mod publish;
mod pull;
mod settings;
mod state;
mod to_lsp;
mod transport;
mod views;
mod workspace;
mod workspace_games;
mod workspace_names;
mod workspace_symbols;

use handlers::board_view::BoardViewRequest;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tower_lsp_server::ls_types::request::Request;
use tower_lsp_server::LspService;

#[derive(clap::Args)]
pub struct LspArgs {
    /// Talk over standard input and output (the only transport; accepted because editor clients
    /// such as vscode-languageclient pass it).
    #[arg(long)]
    pub stdio: bool,
    /// The largest message read from the client, in bytes (a larger one is answered with an
    /// error and skipped).
    #[arg(long, value_name = "BYTES", default_value_t = framing::DEFAULT_MAX_MESSAGE)]
    pub max_message_bytes: usize,
}

pub fn run(args: LspArgs) -> ExitCode {
    allocator::tune();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("kibitzer lsp: cannot start the runtime: {e}");
            return ExitCode::from(crate::cli::EXIT_TROUBLE);
        }
    };
    let shut_down = Arc::new(AtomicBool::new(false));
    let flag = shut_down.clone();
    // Set by a successful `initialize`: documents then reach their handlers.
    let serving = Arc::new(AtomicBool::new(false));
    let initialized = serving.clone();
    runtime.block_on(async move {
        let (outbox, reader) = outbox::Outbox::new();
        let server_outbox = outbox.clone();
        let (service, socket) =
            LspService::build(move |client| backend::Backend::new(client, flag, initialized, server_outbox))
                .custom_method(BoardViewRequest::METHOD, backend::Backend::board_view)
                .custom_method("window/workDoneProgress/cancel", backend::Backend::cancel_progress)
                .finish();
        transport::serve_stdio(service, socket, outbox, reader, args.max_message_bytes, serving).await;
    });
    // Background checks may still run on the blocking pool: do not wait for them at exit.
    runtime.shutdown_background();
    // `exit` after `shutdown` is success; `exit` without it, or the client vanishing, is not.
    ExitCode::from(u8::from(!shut_down.load(Ordering::SeqCst)))
}

/// The shared corpus of real files (`../shared/corpus`) for the unit tests that read it, or
/// `None` when it is absent (those tests then skip with a message).
#[cfg(test)]
fn test_corpus() -> Option<std::path::PathBuf> {
    let here = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    Some(here.join("../../shared/corpus")).filter(|p| p.is_dir())
}
