//! Hover on a PBN deal in the language server shows its double-dummy table and par (feature
//! `dd`), after what the deal's hover already says.
#![cfg(feature = "dd")]

use kibitzer_tests::lsp_client::{vscode_capabilities, LspClient};
use serde_json::json;

const URI: &str = "file:///tmp/kibitzer-test/record.pbn";
/// Each hand holds one suit: a side whose hands hold the trumps takes all 13 tricks, in no
/// trump the leader's suit runs.
const PBN: &str = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n";

#[test]
fn hover_on_a_deal_shows_the_double_dummy_table_and_par() {
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    c.open(URI, "pbn", 1, PBN);
    let hover = c.call("textDocument/hover", LspClient::position_params(URI, 3, 10));
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(text.contains("HCP"), "the deal's own hover comes first: {text}");
    assert!(text.contains("**Double dummy** (DDS)"), "{text}");
    assert!(text.contains("| N | 0 | 13 | 0 | 13 | 0 |"), "NS take 13 in spades and diamonds: {text}");
    assert!(text.contains("| E | 0 | 0 | 13 | 0 | 13 |"), "{text}");
    assert!(text.contains("Par NS 1510"), "{text}");
    // Not on the deal: no table.
    let other = c.call("textDocument/hover", LspClient::position_params(URI, 0, 2));
    assert!(!other.to_string().contains("Double dummy"));
    assert!(c.shutdown().success());
}
