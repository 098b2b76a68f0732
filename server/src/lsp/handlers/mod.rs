//! The request handlers, one file per request or small family of requests, as rust-analyzer,
//! taplo and ruff_server keep theirs.
//!
//! Most requests are about one document and are answered from a snapshot of it: such a request
//! implements [`DocumentRequest`] for its request type (`ls_types::request::HoverRequest` …) in
//! its own file, and [`answer`] does the rest for all of them — the snapshot under a short lock,
//! the work on the blocking pool, a panic answered as an error naming the method, and a request
//! cancelled before its work started never started. The dispatch table in
//! [`backend`](super::backend) names the request type beside the `LanguageServer` method that
//! receives it. Requests about the workspace (pull diagnostics, workspace symbols, references
//! and rename of names) and the notifications are plain async functions over the [`State`].

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
pub mod names;
pub mod navigation;
pub mod selection_range;
pub mod semantic_tokens;
pub mod text_sync;
pub mod workspace_symbol;

use super::analysis;
use super::document::Snapshot;
use super::guard;
use super::large_answers;
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
        // What the job parks ([`large_answers`]) is claimed by this future: dropped with it
        // when the request is cancelled, kept in the step that returns the stand-in.
        let (result, claim) = guard::blocking(R::METHOD, move || {
            if flag.load(Ordering::Relaxed) {
                return (R::Result::default(), None);
            }
            let (result, claim) = large_answers::parked_by(|| R::answer(&snapshot, params, settings));
            (result, Some(claim))
        })
        .await?;
        if let Some(claim) = claim {
            claim.keep();
        }
        Ok(result)
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

/// The Dealer, Vulnerable and Deal the games before the unit at `offset` left, which a PBN game
/// relying on them takes (PBN702's reading); none before the document is checked.
pub fn previous_deal_at(s: &Snapshot, offset: usize) -> kibitzer_syntax::pbn::model::DealData {
    analysis::state_before_piece(s.lang, &s.rope, &s.segments, offset, &s.options)
        .map(|state| state.previous_deal().clone())
        .unwrap_or_default()
}

/// The range of the unit at `offset` ([`unit_at`]): its piece of the text
/// ([`analysis::piece_at`]).
pub fn unit_range_at(s: &Snapshot, offset: usize) -> TextRange {
    match analysis::piece_at(s.lang, &s.rope, &s.segments, offset) {
        Some((_, piece)) => piece,
        None => TextRange::up_to(TextSize::from(s.rope.len_bytes() as u32)),
    }
}

#[cfg(test)]
mod tests {
    //! [`answer`]'s two promises, on requests made for the test: a panic is an error answer
    //! naming the method, and a request dropped (cancelled) before its job started never runs.

    use super::*;
    use crate::lsp::document::Document;
    use kibitzer_syntax::{CheckOptions, Lang};
    use std::future::Future;
    use std::sync::atomic::AtomicUsize;
    use std::sync::mpsc;
    use tower_lsp_server::ls_types::TextDocumentIdentifier;

    fn state_with_a_document(uri: &Uri) -> State {
        let state = State::new(crate::lsp::outbox::Outbox::new().0);
        let doc = Document::new(uri.clone(), Lang::Pgn, 1, "1. e4 *\n", Arc::new(CheckOptions::default()));
        state.docs().insert(uri.clone(), doc);
        state
    }

    fn uri() -> Uri {
        "file:///games/a.pgn".parse().unwrap()
    }

    enum Panicking {}
    impl Request for Panicking {
        type Params = TextDocumentIdentifier;
        type Result = Option<String>;
        const METHOD: &'static str = "kibitzer/testPanicking";
    }
    impl DocumentRequest for Panicking {
        fn document(params: &TextDocumentIdentifier) -> &Uri {
            &params.uri
        }
        fn answer(_: &Snapshot, _: TextDocumentIdentifier, _: RequestSettings) -> Option<String> {
            panic!("a handler's bug")
        }
    }

    enum Echo {}
    impl Request for Echo {
        type Params = TextDocumentIdentifier;
        type Result = Option<String>;
        const METHOD: &'static str = "kibitzer/testEcho";
    }
    impl DocumentRequest for Echo {
        fn document(params: &TextDocumentIdentifier) -> &Uri {
            &params.uri
        }
        fn answer(snapshot: &Snapshot, _: TextDocumentIdentifier, _: RequestSettings) -> Option<String> {
            Some(snapshot.rope.to_string())
        }
    }

    /// How many times [`Counted`] was answered (by the one test that asks it).
    static ANSWERED: AtomicUsize = AtomicUsize::new(0);

    enum Counted {}
    impl Request for Counted {
        type Params = TextDocumentIdentifier;
        type Result = Option<String>;
        const METHOD: &'static str = "kibitzer/testCounted";
    }
    impl DocumentRequest for Counted {
        fn document(params: &TextDocumentIdentifier) -> &Uri {
            &params.uri
        }
        fn answer(snapshot: &Snapshot, _: TextDocumentIdentifier, _: RequestSettings) -> Option<String> {
            ANSWERED.fetch_add(1, Ordering::SeqCst);
            Some(snapshot.rope.to_string())
        }
    }

    fn runtime() -> tokio::runtime::Runtime {
        // One blocking thread: jobs run one after the other, in the order they were spawned.
        tokio::runtime::Builder::new_multi_thread().worker_threads(1).max_blocking_threads(1).build().unwrap()
    }

    #[test]
    fn a_panicking_handler_is_an_internal_error_that_names_the_full_method() {
        let state = state_with_a_document(&uri());
        let failed = runtime().block_on(answer::<Panicking>(&state, TextDocumentIdentifier { uri: uri() }));
        let error = failed.unwrap_err();
        assert_eq!(error.code, jsonrpc::ErrorCode::InternalError);
        assert_eq!(error.message, "kibitzer failed while handling kibitzer/testPanicking (see the server log)");
        // The server goes on answering the same document.
        let after = runtime().block_on(answer::<Echo>(&state, TextDocumentIdentifier { uri: uri() }));
        assert_eq!(after.unwrap().as_deref(), Some("1. e4 *\n"));
    }

    #[test]
    fn a_request_cancelled_before_its_job_starts_is_never_answered() {
        let state = Arc::new(state_with_a_document(&uri()));
        let runtime = runtime();
        runtime.block_on(async {
            // The only blocking thread is held until the request has been cancelled.
            let (release, held) = mpsc::channel::<()>();
            let (started, running) = mpsc::channel::<()>();
            let holder = tokio::task::spawn_blocking(move || {
                started.send(()).unwrap();
                held.recv().unwrap();
            });
            running.recv().unwrap();
            let before = ANSWERED.load(Ordering::SeqCst);
            // The request runs up to its job, which waits behind the holder; then the client
            // cancels, which tower-lsp-server does by dropping the request's future.
            let mut request = Box::pin(answer::<Counted>(&state, TextDocumentIdentifier { uri: uri() }));
            std::future::poll_fn(|cx| {
                assert!(request.as_mut().poll(cx).is_pending(), "the job cannot have run");
                std::task::Poll::Ready(())
            })
            .await;
            drop(request);
            release.send(()).unwrap();
            holder.await.unwrap();
            // A job spawned after the cancelled one runs after it: by then it has run, or not.
            tokio::task::spawn_blocking(|| ()).await.unwrap();
            assert_eq!(ANSWERED.load(Ordering::SeqCst), before, "the cancelled request was answered");
            // Not cancelled, the same request is answered.
            let answered = answer::<Counted>(&state, TextDocumentIdentifier { uri: uri() }).await;
            assert_eq!(answered.unwrap().as_deref(), Some("1. e4 *\n"));
            assert_eq!(ANSWERED.load(Ordering::SeqCst), before + 1);
        });
    }
}
