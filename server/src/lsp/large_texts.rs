//! Large document texts kept out of tower-lsp-server's way, the mirror of
//! [`large_answers`](super::large_answers).
//!
//! tower-lsp-server reads every message into one buffer that grows to the largest message and
//! keeps that size: after a `didOpen` of a 26 MB file, 32 MB of it stayed resident for the life
//! of the server, a fifth of its memory. So the stdio reader (`transport.rs`), which has parsed
//! each message anyway, takes the text of a large `didOpen` or `didChange` out of it ([`park`])
//! and passes the server a small message whose text is a marker; the handler puts the text back
//! in place of the marker ([`take`]) before anything reads it. A marker holds a random number
//! drawn once per process ([`large_answers::next_marker`](super::large_answers::next_marker)),
//! so no document's own text can be taken for one.
//!
//! A text is parked only to be taken, so that none outlives its message: only while the server
//! hands every `didOpen` and `didChange` to its handler (from a successful `initialize` to
//! `shutdown`: before and after, tower-lsp-server drops them unread), and only from a message
//! whose params the handler's types read (one with a field of the wrong type is dropped by
//! tower-lsp-server before any handler sees it: its texts stay in it, and go with it).

use serde::Deserialize;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Mutex;
use tower_lsp_server::ls_types::{DidChangeTextDocumentParams, DidOpenTextDocumentParams};

/// Texts at least this long are parked.
const PARK_FROM: usize = 64 * 1024;

static PARKED: Mutex<Option<HashMap<String, String>>> = Mutex::new(None);

/// Parks the large texts of `message` (a `didOpen`'s document text, a `didChange`'s content
/// changes), each replaced by its marker, when its handler will read it; gives whether any was.
pub fn park(message: &mut Value) -> bool {
    let markers = park_texts(message);
    if markers.is_empty() {
        return false;
    }
    let params = message.get("params").unwrap_or(&Value::Null);
    let read = match message.get("method").and_then(Value::as_str) {
        Some("textDocument/didOpen") => DidOpenTextDocumentParams::deserialize(params).is_ok(),
        _ => DidChangeTextDocumentParams::deserialize(params).is_ok(),
    };
    if !read {
        // No handler will take them: put back, they go with the message.
        let mut parked = super::guard::lock(&PARKED);
        let mut texts = texts_of(message);
        for text in &mut texts {
            if let Some(whole) = text.as_str().and_then(|m| parked.as_mut().and_then(|p| p.remove(m))) {
                **text = Value::String(whole);
            }
        }
    }
    read
}

/// The texts of a `didOpen` or `didChange`.
fn texts_of(message: &mut Value) -> Vec<&mut Value> {
    match message.get("method").and_then(Value::as_str) {
        Some("textDocument/didOpen") => message.pointer_mut("/params/textDocument/text").into_iter().collect(),
        Some("textDocument/didChange") => match message.pointer_mut("/params/contentChanges") {
            Some(Value::Array(changes)) => changes.iter_mut().filter_map(|c| c.get_mut("text")).collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// Parks the large texts of `message`; gives their markers.
fn park_texts(message: &mut Value) -> Vec<String> {
    let mut markers = Vec::new();
    for text in texts_of(message) {
        if let Value::String(s) = text {
            if s.len() >= PARK_FROM {
                let marker = super::large_answers::next_marker();
                let whole = std::mem::replace(s, marker.clone());
                super::guard::lock(&PARKED).get_or_insert_with(HashMap::new).insert(marker.clone(), whole);
                markers.push(marker);
            }
        }
    }
    markers
}

/// `text`, or the text it is the marker of.
pub fn take(text: String) -> String {
    if !super::large_answers::is_marker(&text) {
        return text;
    }
    let parked = super::guard::lock(&PARKED).as_mut().and_then(|p| p.remove(&text));
    parked.unwrap_or(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_large_text_is_parked_and_taken_back_once_and_small_ones_stay() {
        let large = "[Event \"x\"]\n".repeat(PARK_FROM / 10);
        let mut open = json!({"jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": "file:///a.pgn", "languageId": "pgn", "version": 1, "text": large}}});
        assert!(park(&mut open));
        let marker = open["params"]["textDocument"]["text"].as_str().unwrap().to_owned();
        assert!(marker.len() < 100, "{marker}");
        assert_eq!(take(marker.clone()), large);
        assert_eq!(take(marker.clone()), marker, "taken once");
        let mut change = json!({"jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": "file:///a.pgn", "version": 2},
                       "contentChanges": [{"text": "small"}, {"text": large}]}});
        assert!(park(&mut change));
        assert_eq!(change["params"]["contentChanges"][0]["text"], "small");
        let marker = change["params"]["contentChanges"][1]["text"].as_str().unwrap().to_owned();
        assert_eq!(take(marker), large);
        // A document whose text reads like a marker of another process is its own text.
        let lookalike = "kibitzer-parked-0000000000000000-1".to_owned();
        assert_eq!(take(lookalike.clone()), lookalike);
        let mut hover = json!({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {"text": large}});
        assert!(!park(&mut hover));
    }

    /// A didOpen or didChange whose params the handler's types do not read (tower-lsp-server
    /// drops it unread) keeps its text: nothing is parked that no one will take.
    #[test]
    fn the_text_of_a_message_no_handler_reads_stays_in_it() {
        let large = "x".repeat(PARK_FROM);
        let mut open = json!({"jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": "file:///a.pgn", "languageId": "pgn", "version": "one", "text": large}}});
        assert!(!park(&mut open));
        assert_eq!(open["params"]["textDocument"]["text"], large.as_str());
        let mut change = json!({"jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": 5, "version": 2}, "contentChanges": [{"text": large}]}});
        assert!(!park(&mut change));
        assert_eq!(change["params"]["contentChanges"][0]["text"], large.as_str());
    }
}
