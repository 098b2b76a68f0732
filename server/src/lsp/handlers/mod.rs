//! The request handlers, one file per request or small family of requests, as rust-analyzer,
//! taplo and ruff_server keep theirs.
//!
//! Most requests are about one document and are answered from a snapshot of it: such a request
//! implements [`DocumentRequest`] for its request type (`ls_types::request::HoverRequest` …) in
//! its own file, and [`answer`] does the rest for all of them — the snapshot under a short lock,
//! the work on the blocking pool, a panic answered as an error naming the method, and a request
//! cancelled before its work started never started. The dispatch table in
//! [`backend`](super::backend) names the request type beside the `LanguageServer` method that
//! receives it. Requests about the workspace (pull diagnostics, workspace symbols) and the
//! notifications are plain async functions over the [`State`].

pub mod board_view;
pub mod code_actions;
pub mod code_lens;
pub mod completion;
pub mod configuration;
pub mod diagnostics;
pub mod document_links;
pub mod document_symbol;
pub mod folding_range;
pub mod format_document;
pub mod hover;
pub mod inlay_hints;
pub mod navigation;
pub mod selection_range;
pub mod semantic_tokens;
pub mod text_sync;
pub mod workspace_symbol;

use super::analysis;
use super::document::Snapshot;
use super::guard;
use super::state::{RequestSettings, State};
use kibitzer_syntax::{TextRange, TextSize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tower_lsp_server::jsonrpc;
use tower_lsp_server::ls_types::request::Request;
use tower_lsp_server::ls_types::Uri;

/// A request about one document, answered from a snapshot of it.
pub trait DocumentRequest: Request<Result: Default> {
    /// The document the request is about.
    fn document(params: &Self::Params) -> &Uri;

    /// The answer, on the blocking pool. An unknown document is answered `Default` (`null`)
    /// without calling this.
    fn answer(snapshot: &Snapshot, params: Self::Params, settings: RequestSettings) -> Self::Result;
}

/// Answers the request `R` (see the module comment).
pub async fn answer<R: DocumentRequest>(state: &State, params: R::Params) -> jsonrpc::Result<R::Result> {
    guard::request(R::METHOD, async {
        let settings = state.request_settings();
        let Some(snapshot) = state.snapshot(R::document(&params)) else { return Ok(R::Result::default()) };
        // tower-lsp-server drops this future when the client cancels the request: the flag then
        // tells the job, if it has not started yet, not to start.
        let cancelled = CancelOnDrop(Arc::new(AtomicBool::new(false)));
        let flag = cancelled.0.clone();
        guard::blocking(R::METHOD, move || {
            if flag.load(Ordering::Relaxed) {
                return R::Result::default();
            }
            R::answer(&snapshot, params, settings)
        })
        .await
    })
    .await
}

/// Sets its flag when dropped: when the future that holds it is dropped, cancelled.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The unit at `offset` (its absolute range and text); the whole text before the first check
/// has cut the document into units. `None` for a unit larger than the game size limit
/// ([`kibitzer_syntax::MAX_GAME_BYTES`], PGN008 / PBN007 / EPD016): the features that read a
/// unit build its tree, which for such a unit would take the memory the limit is there to save,
/// so it has no hover, completion or navigation (its one diagnostic says why).
pub fn unit_at(s: &Snapshot, offset: usize) -> Option<(TextRange, String)> {
    let range = unit_range_at(s, offset);
    (usize::from(range.len()) <= kibitzer_syntax::MAX_GAME_BYTES)
        .then(|| (range, s.rope.byte_slice(usize::from(range.start())..usize::from(range.end())).into()))
}

/// The range of the unit at `offset` ([`unit_at`]).
pub fn unit_range_at(s: &Snapshot, offset: usize) -> TextRange {
    match analysis::segment_at(&s.segments, offset) {
        Some(i) => s.segments[i].range,
        None => TextRange::up_to(TextSize::from(s.rope.len_bytes() as u32)),
    }
}
