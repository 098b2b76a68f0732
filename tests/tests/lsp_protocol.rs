//! `kibitzer lsp` over stdio: the protocol itself — initialize with real clients' capabilities,
//! document sync, versions, encodings, errors, panics, shutdown and exit.

use kibitzer_tests::lsp_client::{neovim_capabilities, vscode_capabilities, LspClient};
use serde_json::{json, Value};

const URI: &str = "file:///tmp/kibitzer-test/game.pgn";

#[test]
fn initialize_negotiates_the_position_encoding_and_announces_the_features() {
    let mut vscode = LspClient::start();
    let result = vscode.initialize(vscode_capabilities(), Value::Null);
    let caps = &result["capabilities"];
    assert_eq!(caps["positionEncoding"], "utf-16");
    assert_eq!(caps["textDocumentSync"]["change"], 2, "incremental sync");
    assert_eq!(caps["textDocumentSync"]["openClose"], true);
    for feature in [
        "hoverProvider",
        "completionProvider",
        "documentSymbolProvider",
        "foldingRangeProvider",
        "definitionProvider",
        "referencesProvider",
        "documentFormattingProvider",
        "documentRangeFormattingProvider",
        "codeActionProvider",
        "semanticTokensProvider",
        "selectionRangeProvider",
    ] {
        assert!(!caps[feature].is_null(), "{feature} missing in {caps}");
    }
    assert_eq!(result["serverInfo"]["name"], "kibitzer");
    assert!(vscode.shutdown().success());

    let mut neovim = LspClient::start();
    assert_eq!(neovim.initialize(neovim_capabilities(), Value::Null)["capabilities"]["positionEncoding"], "utf-8");
    assert!(neovim.shutdown().success());

    let mut utf32 = LspClient::start();
    let caps = json!({"general": {"positionEncodings": ["utf-32", "utf-16"]}});
    assert_eq!(utf32.initialize(caps, Value::Null)["capabilities"]["positionEncoding"], "utf-32");
    assert!(utf32.shutdown().success());
}

#[test]
fn exit_without_shutdown_fails_and_requests_before_initialize_are_refused() {
    let mut client = LspClient::start();
    let early = client.request("textDocument/hover", LspClient::position_params(URI, 0, 0));
    assert_eq!(early["error"]["code"], -32002, "{early}");
    client.initialize(vscode_capabilities(), Value::Null);
    client.notify("exit", Value::Null);
    assert_eq!(client.wait_exit().code(), Some(1));
}

#[test]
fn malformed_messages_are_answered_per_json_rpc_and_the_server_goes_on() {
    let mut client = LspClient::start();
    client.initialize(vscode_capabilities(), Value::Null);
    client.send_raw(b"{this is not json");
    let parse_error = client.wait_for(|m| m.get("error").is_some() && m["id"].is_null());
    assert_eq!(parse_error["error"]["code"], -32700, "{parse_error}");
    let unknown = client.request("kibitzer/noSuchMethod", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    let bad_params = client.request("textDocument/hover", json!({"textDocument": 3}));
    assert_eq!(bad_params["error"]["code"], -32602, "{bad_params}");
    // Still serving.
    client.open(URI, "pgn", 1, "[Event \"x\"]\n");
    let hover = client.call("textDocument/hover", LspClient::position_params(URI, 0, 2));
    assert!(hover["contents"]["value"].as_str().unwrap().contains("Event"));
    assert!(client.shutdown().success());
}

#[test]
fn a_panicking_handler_is_answered_with_an_error_and_the_server_survives() {
    let mut client = LspClient::start_with_env(&[("KIBITZER_LSP_TEST_PANIC", "1")]);
    client.initialize(vscode_capabilities(), Value::Null);
    client.open(URI, "pgn", 1, "[Event \"x\"]\n");
    for _ in 0..2 {
        let answer = client.request("textDocument/hover", LspClient::position_params(URI, 0, 2));
        assert_eq!(answer["error"]["code"], -32603, "{answer}");
    }
    let symbols = client.call("textDocument/documentSymbol", json!({"textDocument": {"uri": URI}}));
    assert_eq!(symbols.as_array().unwrap().len(), 1);
    assert!(client.stderr().contains("KIBITZER_LSP_TEST_PANIC"));
    assert!(client.shutdown().success());
}

/// The text the server holds, seen through hover on the tag at the end of `line`: edits must
/// land exactly where the client meant them, whatever the characters before.
fn hover_word(client: &mut LspClient, uri: &str, line: u32, character: u32) -> String {
    let hover = client.call("textDocument/hover", LspClient::position_params(uri, line, character));
    hover["contents"]["value"].as_str().unwrap_or("").to_owned()
}

#[test]
fn incremental_edits_with_crlf_latin1_and_surrogate_pairs_land_where_the_client_meant() {
    for (caps, unit) in [(vscode_capabilities(), "utf-16"), (neovim_capabilities(), "utf-8")] {
        let mut client = LspClient::start();
        client.initialize(caps, json!({"debounceMs": 0}));
        // Line 2 holds an astral character (2 UTF-16 units, 4 UTF-8 bytes) and a Latin-1 one
        // (1 unit, 2 bytes) before an illegal move.
        let text = "[Event \"x\"]\r\n\r\n{\u{1F600}\u{e9}} 1. e4 $1 Ke3 *\r\n";
        client.open(URI, "pgn", 1, text);
        let (nag, bad) = if unit == "utf-16" { (12, 15) } else { (15, 18) };
        let diagnostics = client.diagnostics(URI, 1);
        assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
        assert_eq!(diagnostics[0]["code"], "PGN200");
        assert_eq!(
            diagnostics[0]["range"],
            json!({"start": {"line": 2, "character": bad}, "end": {"line": 2, "character": bad + 3}}),
            "{unit}"
        );
        assert!(hover_word(&mut client, URI, 2, nag + 1).contains("good move"), "{unit}");
        // Replace `Ke3` by `e5`, then insert `$4 ` before `$1`: two incremental changes.
        client.change(URI, 2, ((2, bad), (2, bad + 3)), "e5");
        client.change(URI, 3, ((2, nag), (2, nag)), "$4 ");
        assert_eq!(client.diagnostics(URI, 3), Vec::<Value>::new(), "{unit}");
        assert!(hover_word(&mut client, URI, 2, nag + 1).contains("very poor move"), "{unit}");
        assert!(hover_word(&mut client, URI, 2, nag + 4).contains("good move"), "{unit}");
        // An edit across the CRLF joins the first two lines.
        client.change(URI, 4, ((0, 11), (1, 0)), " ");
        client.diagnostics(URI, 4);
        let hover = hover_word(&mut client, URI, 0, 2);
        assert!(hover.contains("Event"), "{hover}");
        assert!(client.shutdown().success());
    }
}

#[test]
fn diagnostics_carry_the_version_and_closing_clears_them() {
    let mut client = LspClient::start();
    client.initialize(vscode_capabilities(), json!({"debounceMs": 5}));
    client.open(URI, "pgn", 7, "[Event \"x\"]\n\n1. e4 *\n");
    client.diagnostics(URI, 7);
    // A burst of edits: only the newest version needs publishing, and it is.
    for v in 8..=12 {
        client.change(URI, v, ((2, 5), (2, 5)), " ");
    }
    client.diagnostics(URI, 12);
    client.notify("textDocument/didClose", json!({"textDocument": {"uri": URI}}));
    let cleared =
        client.wait_for(|m| m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"].is_null());
    assert_eq!(cleared["params"]["diagnostics"], json!([]));
    assert!(client.shutdown().success());
}

/// One check of a document that publishes runs at a time: edits made while it runs are checked
/// together when it ends. Here they come while the check of the opened document (8,000 games,
/// a megabyte) runs: the last one's own check never starts, and its diagnostics still come,
/// those of the text as edited (without the check after the running one, they never come).
#[test]
fn edits_made_while_a_check_runs_are_checked_together_when_it_ends() {
    let game = "[Event \"x\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n[Round \"1\"]\n[White \"a\"]\n[Black \"b\"]\n\
                [Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n";
    let text = game.repeat(8000);
    let mut client = LspClient::start();
    client.initialize(vscode_capabilities(), json!({}));
    client.open(URI, "pgn", 1, &text);
    // Typed into the first game's Date while the document is checked: `99…92026.01.01`.
    for v in 2..=11 {
        client.change(URI, v, ((2, 7), (2, 7)), "9");
    }
    let last = client.diagnostics(URI, 11);
    let date = format!("{}2026.01.01", "9".repeat(10));
    assert!(last.iter().any(|d| d["message"].as_str().is_some_and(|m| m.contains(&date))), "{} found", last.len());
    // The whole text sent again (a megabyte: the reader keeps it out of the server's own
    // buffer and hands it to the handler), with another date in its first game.
    let replaced = game.replace("2026.01.01", "2026-12-31") + &text[game.len()..];
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 12}, "contentChanges": [{"text": replaced}]}),
    );
    let dates = |found: &[Value]| -> Vec<String> {
        found.iter().filter_map(|d| d["message"].as_str()).filter(|m| m.contains("Date")).map(str::to_owned).collect()
    };
    let whole = dates(&client.diagnostics(URI, 12));
    assert_eq!(whole.len(), 1, "{whole:?}");
    assert!(whole[0].contains("2026-12-31"), "{whole:?}");
    assert!(client.shutdown().success());
}

#[test]
fn documents_are_recognised_by_language_id_or_extension() {
    let mut client = LspClient::start();
    client.initialize(vscode_capabilities(), Value::Null);
    client.open("file:///tmp/k/deal.pbn", "plaintext", 1, "[Vulnerable \"NS\"]\n");
    let hover = hover_word(&mut client, "file:///tmp/k/deal.pbn", 0, 14);
    assert!(hover.contains("North-South"), "{hover}");
    client.open("untitled:Untitled-1", "fen", 1, "8/8/8/8/8/8/8/K6k w - - 0 1\n");
    let hover = hover_word(&mut client, "untitled:Untitled-1", 0, 1);
    assert!(hover.contains("White to move"), "{hover}");
    assert!(client.shutdown().success());
}
