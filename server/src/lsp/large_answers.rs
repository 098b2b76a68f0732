//! Large answers serialised once, straight to JSON bytes.
//!
//! tower-lsp-server turns every result into a `serde_json::Value` before writing it. For the
//! large answers about a 10 MB file — its semantic tokens (millions of numbers, ≈30 bytes each as
//! `Value`s), a whole-document formatting or "convert to export format" (thousands of edits,
//! four maps each, and a copy of every replacement text) — that tree is many times the size of
//! the file. So such a handler serialises its typed result itself ([`park`], through the
//! `*_stand_in` helpers) and answers with a small stand-in that names the parked bytes; the
//! stdio writer (`transport.rs`), which sees every frame, puts the bytes in place of the
//! stand-in's result ([`splice`]).
//!
//! A parked answer is kept until it is sent, however many are waiting: the job that parks it
//! runs under [`parked_by`], whose [`Claim`] the request's future takes back when the job ends
//! and keeps ([`Claim::keep`]) in the same step as it returns the stand-in, so the stand-in is
//! on its way. A request cancelled meanwhile (its future dropped: tower-lsp-server answers it
//! `-32800`) drops the claim with the job's result, and the parked bytes with it. What is
//! parked is bounded in bytes ([`MAX_PARKED_BYTES`]), a backstop only: the oldest answers are
//! dropped past it, and a stand-in whose bytes were dropped becomes an error response, never
//! invalid JSON.
//!
//! A marker holds a random number drawn once per process, so no text of a document (a comment
//! that happens to read like a marker, in a small formatting answer) can be taken for one.

use serde::Serialize;
use serde_json::Value;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, Mutex};
use tower_lsp_server::ls_types::{
    CodeAction, CodeActionOrCommand, CodeActionResponse, DocumentSymbol, Range, SemanticTokens, SymbolKind, TextEdit,
    WorkspaceEdit,
};

/// The prefix of every marker, what the writer looks for in a small frame before parsing it.
const PREFIX: &str = "kibitzer-parked-";

/// The prefix of this process's markers: [`PREFIX`] and a random number.
static MARKER: LazyLock<String> = LazyLock::new(|| {
    use std::hash::{BuildHasher, Hasher};
    // `RandomState` is seeded from the operating system's randomness.
    let nonce = std::collections::hash_map::RandomState::new().build_hasher().finish();
    format!("{PREFIX}{nonce:016x}-")
});

/// The largest frame that can be a stand-in (the writer reads frames up to this size whole).
pub const STAND_IN_MAX: usize = 1024;

/// The most bytes of parked answers kept: a backstop, as every parked answer is claimed by its
/// request ([`Claim`]) and taken when sent. Sixteen concurrent answers of the largest kind about
/// a 480 KB document take about 30 MB.
pub const MAX_PARKED_BYTES: usize = 512 << 20;

/// Above this many semantic tokens the answer is parked: a few thousand tokens are cheap either
/// way, and small answers keep the plain path.
const PARK_TOKENS: usize = 20_000;

/// Above this many edits, or this many bytes of replacement text, an answer of edits is parked.
const PARK_EDITS: usize = 1_000;
const PARK_EDIT_BYTES: usize = 256 * 1024;

/// Above this many top-level symbols (games) an outline is parked.
const PARK_SYMBOLS: usize = 1_000;

static NEXT: AtomicU64 = AtomicU64::new(0);
static PARKED: Mutex<Parked> = Mutex::new(Parked { answers: VecDeque::new(), bytes: 0 });

/// The parked answers, oldest first, and their bytes in all.
struct Parked {
    answers: VecDeque<(String, Vec<u8>)>,
    bytes: usize,
}

impl Parked {
    fn remove(&mut self, marker: &str) -> Option<Vec<u8>> {
        let at = self.answers.iter().position(|(m, _)| m == marker)?;
        let (_, bytes) = self.answers.remove(at)?;
        self.bytes -= bytes.len();
        Some(bytes)
    }
}

thread_local! {
    /// The markers parked on this thread by the job [`parked_by`] runs.
    static JUST_PARKED: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The answers a request's job parked: dropped, it drops them (the request was cancelled, or the
/// job's result was never sent); [`keep`](Claim::keep) leaves them for the writer.
#[must_use]
pub struct Claim(Vec<String>);

impl Claim {
    /// The stand-ins are being answered: the writer takes their bytes.
    pub fn keep(mut self) {
        self.0.clear();
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        if self.0.is_empty() {
            return;
        }
        let mut parked = super::guard::lock(&PARKED);
        for marker in &self.0 {
            parked.remove(marker);
        }
    }
}

/// Runs `work` (a request's job, on this thread) and claims what it parked.
pub fn parked_by<T>(work: impl FnOnce() -> T) -> (T, Claim) {
    // What a job that panicked on this thread left is no one's.
    drop(Claim(JUST_PARKED.with(|p| std::mem::take(&mut *p.borrow_mut()))));
    let value = work();
    (value, Claim(JUST_PARKED.with(|p| std::mem::take(&mut *p.borrow_mut()))))
}

/// A marker not given before: this process's prefix ([`MARKER`]) and a count. Parked texts
/// ([`super::large_texts`]) are named the same way.
pub fn next_marker() -> String {
    format!("{}{}", *MARKER, NEXT.fetch_add(1, Ordering::Relaxed))
}

/// Whether `s` is a marker of this process ([`next_marker`]).
pub fn is_marker(s: &str) -> bool {
    s.strip_prefix(MARKER.as_str()).is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Serialises `result` to JSON and parks it; gives the marker the stand-in must carry as its
/// only string, or `None` when serialising failed (then answer with the value itself).
pub fn park<T: Serialize>(result: &T) -> Option<String> {
    let bytes = serde_json::to_vec(result).ok()?;
    let marker = next_marker();
    let mut parked = super::guard::lock(&PARKED);
    while parked.bytes + bytes.len() > MAX_PARKED_BYTES {
        let Some((_, oldest)) = parked.answers.pop_front() else { break };
        parked.bytes -= oldest.len();
    }
    parked.bytes += bytes.len();
    parked.answers.push_back((marker.clone(), bytes));
    drop(parked);
    JUST_PARKED.with(|p| p.borrow_mut().push(marker.clone()));
    Some(marker)
}

/// The stand-in of the semantic tokens of a whole document (their marker as its `resultId`),
/// parked as `all` writes them, when there are more than a few thousand (`count`); `None`: answer
/// with the tokens themselves.
pub fn tokens_stand_in(count: usize, all: &impl Serialize) -> Option<SemanticTokens> {
    if count <= PARK_TOKENS {
        return None;
    }
    park(all).map(|marker| SemanticTokens { result_id: Some(marker), data: Vec::new() })
}

/// `value`, or when it is `large`, the stand-in that `stand_in` makes of the marker of its
/// parked JSON.
fn parked_or<T: Serialize>(value: T, large: bool, stand_in: impl FnOnce(String) -> T) -> T {
    if !large {
        return value;
    }
    match park(&value) {
        Some(marker) => stand_in(marker),
        None => value,
    }
}

/// `edits`, or when they are many or long, the stand-in of their parked JSON: one edit whose
/// text is the marker.
pub fn edits_stand_in(edits: Vec<TextEdit>) -> Vec<TextEdit> {
    let large = large(&edits);
    parked_or(edits, large, |marker| vec![TextEdit { range: Default::default(), new_text: marker }])
}

/// `action`, or when its edit is large, the stand-in of its parked JSON: an action whose title
/// is the marker.
pub fn code_action_stand_in(action: CodeAction) -> CodeAction {
    let large = has_large_edit(&action);
    parked_or(action, large, |marker| CodeAction { title: marker, ..CodeAction::default() })
}

/// `actions`, or when the edit of one is large (a client that cannot resolve edits gets them
/// with the actions), the stand-in of their parked JSON: one action whose title is the marker.
pub fn code_actions_stand_in(actions: CodeActionResponse) -> CodeActionResponse {
    let large = actions.iter().any(|a| match a {
        CodeActionOrCommand::CodeAction(action) => has_large_edit(action),
        CodeActionOrCommand::Command(_) => false,
    });
    parked_or(actions, large, |marker| {
        vec![CodeActionOrCommand::CodeAction(CodeAction { title: marker, ..CodeAction::default() })]
    })
}

/// `symbols`, or when there are many (the outline of a file of thousands of games, which an
/// editor asks for after every edit), the stand-in of their parked JSON: one symbol whose name
/// is the marker.
pub fn symbols_stand_in(symbols: Vec<DocumentSymbol>) -> Vec<DocumentSymbol> {
    let large = symbols.len() > PARK_SYMBOLS;
    parked_or(symbols, large, |marker| vec![bare_symbol(marker)])
}

/// A symbol with a name and nothing else.
#[allow(deprecated)] // `DocumentSymbol::deprecated` must be spelled out.
fn bare_symbol(name: String) -> DocumentSymbol {
    DocumentSymbol {
        name,
        detail: None,
        kind: SymbolKind::NAMESPACE,
        tags: None,
        deprecated: None,
        range: Range::default(),
        selection_range: Range::default(),
        children: None,
    }
}

fn has_large_edit(action: &CodeAction) -> bool {
    let changes = action.edit.as_ref().and_then(|e: &WorkspaceEdit| e.changes.as_ref());
    changes.is_some_and(|changes| changes.values().any(|edits| large(edits)))
}

fn large(edits: &[TextEdit]) -> bool {
    edits.len() > PARK_EDITS || edits.iter().map(|e| e.new_text.len()).sum::<usize>() > PARK_EDIT_BYTES
}

/// Takes the parked bytes of `marker`.
fn take(marker: &str) -> Option<Vec<u8>> {
    super::guard::lock(&PARKED).remove(marker)
}

/// Whether the answer of `marker` is parked (for tests).
#[cfg(test)]
fn is_parked(marker: &str) -> bool {
    super::guard::lock(&PARKED).answers.iter().any(|(m, _)| m == marker)
}

/// The marker a response's stand-in result holds, if it is one: a string field, starting with
/// this process's marker prefix, of the result object or of the one object of a result array.
fn marker_of(response: &Value) -> Option<&str> {
    let result = response.get("result")?;
    let object = match result.as_array() {
        Some(items) if items.len() == 1 => items[0].as_object()?,
        Some(_) => return None,
        None => result.as_object()?,
    };
    object.values().find_map(|v| v.as_str().filter(|s| s.starts_with(MARKER.as_str())))
}

/// A response whose stand-in result was replaced: `head`, then the parked result (or nothing,
/// when `head` carries an error), then `tail`. Written in parts, so a result of megabytes is
/// not copied once more.
pub struct Spliced {
    pub head: Vec<u8>,
    pub result: Vec<u8>,
    pub tail: &'static [u8],
}

impl Spliced {
    pub fn len(&self) -> usize {
        self.head.len() + self.result.len() + self.tail.len()
    }
}

/// What to write in place of `body`: a response whose result is a stand-in gets the parked
/// bytes as its result (or an internal error when they are gone); any other body is `None`
/// (write it as it is). Only small bodies can be stand-ins.
pub fn splice(body: &[u8]) -> Option<Spliced> {
    if body.len() > STAND_IN_MAX || !body.windows(PREFIX.len()).any(|w| w == PREFIX.as_bytes()) {
        return None;
    }
    let response: Value = serde_json::from_slice(body).ok()?;
    let marker = marker_of(&response)?;
    let mut head = b"{\"jsonrpc\":\"2.0\",\"id\":".to_vec();
    head.extend_from_slice(&serde_json::to_vec(response.get("id")?).ok()?);
    Some(match take(marker) {
        Some(result) => {
            head.extend_from_slice(b",\"result\":");
            Spliced { head, result, tail: b"}" }
        }
        None => Spliced {
            head,
            result: Vec::new(),
            tail: b",\"error\":{\"code\":-32603,\"message\":\"the answer was dropped; ask again\"}}",
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use tower_lsp_server::ls_types::Uri;

    fn spliced(body: &Value) -> Option<Value> {
        let s = splice(&serde_json::to_vec(body).unwrap())?;
        let bytes = [s.head.as_slice(), &s.result, s.tail].concat();
        assert_eq!(bytes.len(), s.len());
        Some(serde_json::from_slice(&bytes).unwrap())
    }

    /// One test, as the parked answers are shared by the whole process.
    #[test]
    fn a_stand_in_gets_the_parked_result_once_and_parking_is_bounded() {
        let result = json!({"data": [1, 2, 3, 4, 5], "resultId": null});
        let marker = park(&result).unwrap();
        let stand_in = json!({"jsonrpc": "2.0", "id": 7, "result": {"resultId": marker, "data": []}});
        assert_eq!(spliced(&stand_in), Some(json!({"jsonrpc": "2.0", "id": 7, "result": result})));
        // Taken: the same stand-in again is answered with an error, still valid JSON-RPC.
        let again = spliced(&stand_in).unwrap();
        assert_eq!(again["id"], 7);
        assert_eq!(again["error"]["code"], -32603);

        // Edits: the stand-in is an array of one edit, and it gets the whole array back.
        let many: Vec<TextEdit> =
            (0..PARK_EDITS + 1).map(|i| TextEdit { range: Range::default(), new_text: i.to_string() }).collect();
        let stand_in = edits_stand_in(many.clone());
        assert_eq!(stand_in.len(), 1);
        let out = spliced(&json!({"jsonrpc": "2.0", "id": "e", "result": stand_in})).unwrap();
        assert_eq!(out["result"], serde_json::to_value(&many).unwrap());
        let few = vec![TextEdit { range: Range::default(), new_text: "x".into() }];
        assert_eq!(edits_stand_in(few.clone()), few);

        // A code action: the stand-in is an action whose title is the marker.
        let uri: Uri = "file:///a.pgn".parse().unwrap();
        let action = CodeAction {
            title: "Convert to export format".into(),
            edit: Some(WorkspaceEdit { changes: Some([(uri, many)].into()), ..WorkspaceEdit::default() }),
            ..CodeAction::default()
        };
        let stand_in = code_action_stand_in(action.clone());
        assert!(stand_in.edit.is_none() && stand_in.title.starts_with(PREFIX));
        let out = spliced(&json!({"jsonrpc": "2.0", "id": 3, "result": stand_in})).unwrap();
        assert_eq!(out["result"], serde_json::to_value(&action).unwrap());

        // An outline: the stand-in is an array of one symbol whose name is the marker.
        let symbols = vec![DocumentSymbol { children: Some(Vec::new()), ..bare_symbol("Ann – Bob".into()) }];
        let many = vec![symbols[0].clone(); PARK_SYMBOLS + 1];
        let stand_in = symbols_stand_in(many.clone());
        assert_eq!(stand_in.len(), 1);
        let out = spliced(&json!({"jsonrpc": "2.0", "id": 4, "result": stand_in})).unwrap();
        assert_eq!(out["result"], serde_json::to_value(&many).unwrap());
        assert_eq!(symbols_stand_in(symbols.clone()), symbols);

        // Other frames pass unchanged, among them text that looks like a marker of another
        // process (a document may hold anything).
        assert!(spliced(&json!({"jsonrpc": "2.0", "id": 1, "result": {"x": "kibitzer"}})).is_none());
        let lookalike = json!({"jsonrpc": "2.0", "id": 2, "result": [{"newText": format!("{PREFIX}0")}]});
        assert!(spliced(&lookalike).is_none());
        let note = json!({"jsonrpc": "2.0", "method": "window/logMessage", "params": {"message": *MARKER}});
        assert!(spliced(&note).is_none());
    }

    /// Parked answers stay, however many, until taken; a claim dropped (its request cancelled)
    /// drops what its job parked, a claim kept leaves it for the writer.
    #[test]
    fn parked_answers_stay_until_taken_or_their_request_is_cancelled() {
        let (markers, claim) = parked_by(|| (0..40).map(|i| park(&json!([i])).unwrap()).collect::<Vec<_>>());
        claim.keep();
        assert!(markers.iter().all(|m| is_parked(m)), "forty answers parked at once are all kept");
        for (i, marker) in markers.iter().enumerate() {
            let stand_in = json!({"jsonrpc": "2.0", "id": i, "result": {"resultId": marker, "data": []}});
            assert_eq!(spliced(&stand_in).unwrap()["result"], json!([i]));
        }
        let (cancelled, claim) = parked_by(|| park(&json!("cancelled")).unwrap());
        assert!(is_parked(&cancelled));
        drop(claim);
        assert!(!is_parked(&cancelled), "the answer of a cancelled request is dropped with its claim");
    }
}
