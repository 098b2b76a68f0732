//! Large answers serialised once, straight to JSON bytes.
//!
//! tower-lsp-server turns every result into a `serde_json::Value` before writing it: for the
//! semantic tokens of a 10 MB PGN (millions of numbers, ≈30 bytes each as `Value`s) that tree is
//! many times the size of the file. So such a handler serialises its typed result itself
//! ([`park`]) and answers with a small stand-in that names the parked bytes; the stdio writer
//! (`transport.rs`), which sees every frame, puts the bytes in place of the stand-in's result
//! ([`splice`]). At most [`KEEP`] answers are parked: one whose request was cancelled after it
//! was parked is dropped when newer ones come, and a stand-in whose bytes were dropped becomes an
//! error response, never invalid JSON.

use serde::Serialize;
use serde_json::Value;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// The prefix of the stand-in's marker string.
pub const MARKER: &str = "kibitzer-parked-";

/// The largest frame that can be a stand-in (the writer reads frames up to this size whole).
pub const STAND_IN_MAX: usize = 1024;

/// How many parked answers are kept at most.
const KEEP: usize = 4;

static NEXT: AtomicU64 = AtomicU64::new(0);
static PARKED: Mutex<VecDeque<(String, Vec<u8>)>> = Mutex::new(VecDeque::new());

/// Serialises `result` to JSON and parks it; gives the marker the stand-in must carry as its
/// only string, or `None` when serialising failed (then answer with the value itself).
pub fn park<T: Serialize>(result: &T) -> Option<String> {
    let bytes = serde_json::to_vec(result).ok()?;
    let marker = format!("{MARKER}{}", NEXT.fetch_add(1, Ordering::Relaxed));
    let mut parked = PARKED.lock().unwrap_or_else(|e| e.into_inner());
    while parked.len() >= KEEP {
        parked.pop_front();
    }
    parked.push_back((marker.clone(), bytes));
    Some(marker)
}

/// Takes the parked bytes of `marker`.
fn take(marker: &str) -> Option<Vec<u8>> {
    let mut parked = PARKED.lock().unwrap_or_else(|e| e.into_inner());
    let at = parked.iter().position(|(m, _)| m == marker)?;
    parked.remove(at).map(|(_, bytes)| bytes)
}

/// How many answers are parked (for tests).
#[cfg(test)]
pub fn count() -> usize {
    PARKED.lock().unwrap_or_else(|e| e.into_inner()).len()
}

/// The marker a response's stand-in result holds, if it is one: a string field of the result
/// object that starts with [`MARKER`].
fn marker_of(response: &Value) -> Option<&str> {
    response.get("result")?.as_object()?.values().find_map(|v| v.as_str().filter(|s| s.starts_with(MARKER)))
}

/// The body to write in place of `body`: a response whose result is a stand-in gets the parked
/// bytes as its result (or an internal error when they are gone); any other body is `None`
/// (write it as it is). Only small bodies can be stand-ins.
pub fn splice(body: &[u8]) -> Option<Vec<u8>> {
    if body.len() > STAND_IN_MAX || !body.windows(MARKER.len()).any(|w| w == MARKER.as_bytes()) {
        return None;
    }
    let response: Value = serde_json::from_slice(body).ok()?;
    let marker = marker_of(&response)?;
    let id = serde_json::to_vec(response.get("id")?).ok()?;
    let mut out = Vec::new();
    out.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"id\":");
    out.extend_from_slice(&id);
    match take(marker) {
        Some(bytes) => {
            out.extend_from_slice(b",\"result\":");
            out.extend_from_slice(&bytes);
        }
        None => {
            out.extend_from_slice(b",\"error\":{\"code\":-32603,\"message\":\"the answer was dropped; ask again\"}")
        }
    }
    out.push(b'}');
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// One test, as the parked answers are shared by the whole process.
    #[test]
    fn a_stand_in_gets_the_parked_result_once_and_parking_is_bounded() {
        let result = json!({"data": [1, 2, 3, 4, 5], "resultId": null});
        let marker = park(&result).unwrap();
        let body = serde_json::to_vec(&json!({"jsonrpc": "2.0", "id": 7, "result": {"resultId": marker, "data": []}}))
            .unwrap();
        let out: Value = serde_json::from_slice(&splice(&body).unwrap()).unwrap();
        assert_eq!(out, json!({"jsonrpc": "2.0", "id": 7, "result": result}));
        // Taken: the same stand-in again is answered with an error, still valid JSON-RPC.
        let again: Value = serde_json::from_slice(&splice(&body).unwrap()).unwrap();
        assert_eq!(again["id"], 7);
        assert_eq!(again["error"]["code"], -32603);
        // Other frames pass unchanged.
        assert_eq!(splice(br#"{"jsonrpc":"2.0","id":1,"result":{"x":"kibitzer"}}"#), None);
        let note = br#"{"jsonrpc":"2.0","method":"window/logMessage","params":{"message":"kibitzer-parked-1"}}"#;
        assert_eq!(splice(note), None);
        // Answers never taken (cancelled requests) are dropped as newer ones come.
        for _ in 0..10 {
            park(&json!([1])).unwrap();
        }
        assert_eq!(count(), KEEP);
    }
}
