//! `textDocument/semanticTokens/full`, `…/full/delta` and `…/range`: the token classes of
//! [`kibitzer_syntax::ide::classify`], from the per-unit cache of [`views`](super::super::views);
//! a whole-document answer has a result id a delta names, and a large one is written as JSON
//! directly.

use super::super::document::Snapshot;
use super::super::guard::lock;
use super::super::large_answers;
use super::super::state::RequestSettings;
use super::super::views;
use super::DocumentRequest;
use std::sync::atomic::{AtomicU64, Ordering};
use tower_lsp_server::ls_types::request::{
    SemanticTokensFullDeltaRequest, SemanticTokensFullRequest, SemanticTokensRangeRequest,
};
use tower_lsp_server::ls_types::*;

impl DocumentRequest for SemanticTokensFullRequest {
    fn document(params: &SemanticTokensParams) -> &Uri {
        &params.text_document.uri
    }

    fn answer(s: &Snapshot, _: SemanticTokensParams, _: RequestSettings) -> Option<SemanticTokensResult> {
        Some(SemanticTokensResult::Tokens(semantic_tokens_full(s)))
    }
}

impl DocumentRequest for SemanticTokensFullDeltaRequest {
    fn document(params: &SemanticTokensDeltaParams) -> &Uri {
        &params.text_document.uri
    }

    fn answer(
        s: &Snapshot,
        params: SemanticTokensDeltaParams,
        _: RequestSettings,
    ) -> Option<SemanticTokensFullDeltaResult> {
        Some(semantic_tokens_delta(s, &params.previous_result_id))
    }
}

impl DocumentRequest for SemanticTokensRangeRequest {
    fn document(params: &SemanticTokensRangeParams) -> &Uri {
        &params.text_document.uri
    }

    fn answer(
        s: &Snapshot,
        params: SemanticTokensRangeParams,
        _: RequestSettings,
    ) -> Option<SemanticTokensRangeResult> {
        Some(SemanticTokensRangeResult::Tokens(SemanticTokens {
            result_id: None,
            data: views::semantic_tokens(s, Some(params.range)),
        }))
    }
}

/// The semantic tokens of the whole document, with a result id that a delta request can name;
/// a large answer is parked (written as JSON directly, not through a `Value` tree).
fn semantic_tokens_full(s: &Snapshot) -> SemanticTokens {
    let answer = views::semantic_token_answer(s, next_result_id());
    let all = views::AllSemanticTokens { snapshot: s, result_id: &answer.result_id };
    let tokens = large_answers::tokens_stand_in(answer.len(), &all).unwrap_or_else(|| SemanticTokens {
        result_id: Some(answer.result_id.clone()),
        data: views::semantic_tokens(s, None),
    });
    *lock(&s.semantic_answer) = Some(answer);
    tokens
}

/// What changed in the semantic tokens since the answer `previous_result_id`; the whole answer
/// when that is not the last one sent for the document, or when the change is most of it.
fn semantic_tokens_delta(s: &Snapshot, previous_result_id: &str) -> SemanticTokensFullDeltaResult {
    let previous = lock(&s.semantic_answer).take().filter(|a| a.result_id == previous_result_id);
    let Some(previous) = previous else {
        return SemanticTokensFullDeltaResult::Tokens(semantic_tokens_full(s));
    };
    let Some((edit, answer)) = views::semantic_token_delta(s, &previous, next_result_id()) else {
        return SemanticTokensFullDeltaResult::Tokens(semantic_tokens_full(s));
    };
    let sent = edit.as_ref().and_then(|e| e.data.as_ref()).map_or(0, Vec::len);
    if sent > answer.len() / 2 && sent > 1000 {
        return SemanticTokensFullDeltaResult::Tokens(semantic_tokens_full(s));
    }
    let result_id = Some(answer.result_id.clone());
    *lock(&s.semantic_answer) = Some(answer);
    SemanticTokensFullDeltaResult::TokensDelta(SemanticTokensDelta { result_id, edits: edit.into_iter().collect() })
}

fn next_result_id() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed).to_string()
}
