//! The language server's solving of a hand record, over stdio as an editor drives it: the
//! document's deals are solved on the solver's workers with `$/progress` (created, begun
//! cancellable, a report a deal, ended), a hover on a deal is answered ahead of the deals queued
//! before it, and a cancelled progress stops the solving. Order is what is
//! asserted, never time.

use kibitzer_tests::lsp_client::{vscode_capabilities, LspClient};
use serde_json::{json, Value};

/// Boards in the test's hand record: enough that the last is queued well behind the first.
const BOARDS: usize = 12;

fn hand_record() -> String {
    kibitzer_tests::deals::hand_record(BOARDS)
}

fn with_progress() -> Value {
    let mut capabilities = vscode_capabilities();
    capabilities["window"] = json!({"workDoneProgress": true});
    capabilities
}

fn is_progress(m: &Value) -> bool {
    m["method"] == "$/progress"
}

fn dds001_count(m: &Value, uri: &str) -> Option<usize> {
    (m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri)
        .then(|| m["params"]["diagnostics"].as_array().unwrap().iter().filter(|d| d["code"] == "DDS001").count())
}

/// The hover on the last board's deal, asked right after the document is opened, is answered
/// while the file's other deals are still being solved: before the progress ends and before
/// the diagnostics of every board are published. The progress then runs begin, a report a deal
/// (counts rising to the total), end, and the last publish carries every board's DDS001.
#[test]
fn a_hover_is_answered_ahead_of_the_queued_deals_with_progress_meanwhile() {
    let text = hand_record();
    let uri = "file:///tmp/kibitzer-test/queue.pbn";
    let cache = tempfile::tempdir().unwrap();
    let mut c = LspClient::start_with_env(&[("KIBITZER_CACHE_DIR", cache.path().to_str().unwrap())]);
    c.initialize(with_progress(), json!({"debounceMs": 0}));
    c.open(uri, "pbn", 1, &text);
    let last_deal = text.lines().collect::<Vec<_>>().iter().rposition(|l| l.starts_with("[Deal ")).unwrap() as u32;
    let hover = c.request("textDocument/hover", LspClient::position_params(uri, last_deal, 10));
    let markdown = hover["result"]["contents"]["value"].as_str().unwrap_or_default();
    assert!(markdown.contains("**Double dummy** (DDS)"), "{hover}");
    // What came before the hover's answer: no end of the solving, not every board's DDS001.
    let before: Vec<Value> = c.notifications.clone();
    assert!(
        !before.iter().any(|m| is_progress(m) && m["params"]["value"]["kind"] == "end"),
        "the hover waited for the whole file: {before:#?}"
    );
    assert!(before.iter().filter_map(|m| dds001_count(m, uri)).all(|n| n < BOARDS), "{before:#?}");

    // Then the solving goes on to the end, and every board's DDS001 is published.
    let end = c.wait_for(|m| is_progress(m) && m["params"]["value"]["kind"] == "end");
    let token = end["params"]["token"].clone();
    c.wait_for(|m| dds001_count(m, uri) == Some(BOARDS));
    let progress: Vec<Value> = c
        .notifications
        .iter()
        .filter(|m| is_progress(m) && m["params"]["token"] == token)
        .map(|m| m["params"]["value"].clone())
        .chain([end["params"]["value"].clone()])
        .collect();
    assert_eq!(progress[0]["kind"], "begin", "{progress:#?}");
    assert_eq!(progress[0]["cancellable"], true);
    assert_eq!(progress[0]["title"], "Double dummy");
    let reports: Vec<&Value> = progress.iter().filter(|v| v["kind"] == "report").collect();
    assert_eq!(reports.len(), BOARDS, "a report a deal: {progress:#?}");
    assert_eq!(reports.last().unwrap()["message"], format!("{BOARDS}/{BOARDS} deals"));
    assert_eq!(reports.last().unwrap()["percentage"], 100);
    assert_eq!(progress.last().unwrap()["kind"], "end");
    assert_eq!(progress.last().unwrap()["message"], "solved");
    assert!(c.shutdown().success());
}

/// The client's cancel of the progress stops the solving: the progress ends as cancelled
/// without reporting every deal.
#[test]
fn cancelling_the_progress_stops_the_solving() {
    let text = hand_record();
    let uri = "file:///tmp/kibitzer-test/cancel.pbn";
    let cache = tempfile::tempdir().unwrap();
    let mut c = LspClient::start_with_env(&[("KIBITZER_CACHE_DIR", cache.path().to_str().unwrap())]);
    c.initialize(with_progress(), json!({"debounceMs": 0}));
    c.open(uri, "pbn", 1, &text);
    let begin = c.wait_for(|m| is_progress(m) && m["params"]["value"]["kind"] == "begin");
    c.notify("window/workDoneProgress/cancel", json!({"token": begin["params"]["token"]}));
    let end = c.wait_for(|m| is_progress(m) && m["params"]["value"]["kind"] == "end");
    assert_eq!(end["params"]["value"]["message"], "cancelled", "{end}");
    let reports = c
        .notifications
        .iter()
        .filter(|m| is_progress(m) && m["params"]["token"] == begin["params"]["token"])
        .filter(|m| m["params"]["value"]["kind"] == "report")
        .count();
    assert!(reports < BOARDS, "{reports} deals reported after the cancel");
    assert!(c.shutdown().success());
}

/// Closing the document stops its solving as the client's cancel does: the progress ends as
/// cancelled without reporting every deal, and the deals nobody else wants leave the queue.
#[test]
fn closing_the_document_stops_the_solving() {
    let text = hand_record();
    let uri = "file:///tmp/kibitzer-test/close.pbn";
    let cache = tempfile::tempdir().unwrap();
    let mut c = LspClient::start_with_env(&[("KIBITZER_CACHE_DIR", cache.path().to_str().unwrap())]);
    c.initialize(with_progress(), json!({"debounceMs": 0}));
    c.open(uri, "pbn", 1, &text);
    let begin = c.wait_for(|m| is_progress(m) && m["params"]["value"]["kind"] == "begin");
    c.notify("textDocument/didClose", json!({"textDocument": {"uri": uri}}));
    let token = begin["params"]["token"].clone();
    let end = c.wait_for(|m| is_progress(m) && m["params"]["token"] == token && m["params"]["value"]["kind"] == "end");
    assert_eq!(end["params"]["value"]["message"], "cancelled", "{end}");
    let reports = c
        .notifications
        .iter()
        .filter(|m| is_progress(m) && m["params"]["token"] == token && m["params"]["value"]["kind"] == "report")
        .count();
    assert!(reports < BOARDS, "{reports} deals reported after the close");
    assert!(c.shutdown().success());
}
