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
//! Texts are parked only between `initialized` and `shutdown`, when the server hands every
//! `didOpen` and `didChange` to its handler: a text is parked only to be taken.

use serde_json::Value;
use std::collections::HashMap;
use std::sync::Mutex;

/// Texts at least this long are parked.
const PARK_FROM: usize = 64 * 1024;

static PARKED: Mutex<Option<HashMap<String, String>>> = Mutex::new(None);

/// Parks the large texts of `message` (a `didOpen`'s document text, a `didChange`'s content
/// changes), each replaced by its marker; gives whether any was.
pub fn park(message: &mut Value) -> bool {
    let texts: Vec<&mut Value> = match message.get("method").and_then(Value::as_str) {
        Some("textDocument/didOpen") => message.pointer_mut("/params/textDocument/text").into_iter().collect(),
        Some("textDocument/didChange") => match message.pointer_mut("/params/contentChanges") {
            Some(Value::Array(changes)) => changes.iter_mut().filter_map(|c| c.get_mut("text")).collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    let mut parked = false;
    for text in texts {
        if let Value::String(s) = text {
            if s.len() >= PARK_FROM {
                let marker = super::large_answers::next_marker();
                let whole = std::mem::replace(s, marker.clone());
                super::guard::lock(&PARKED).get_or_insert_with(HashMap::new).insert(marker, whole);
                parked = true;
            }
        }
    }
    parked
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
}
