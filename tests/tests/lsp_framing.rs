//! `kibitzer lsp` over stdio with a client that breaks the framing: every bad `Content-Length`,
//! short body and header without its blank line is answered with a parse error (-32700), and
//! the server goes on answering the next message (server/src/lsp/framing.rs).

use kibitzer_tests::lsp_client::{vscode_capabilities, LspClient};
use serde_json::{json, Value};

const URI: &str = "file:///tmp/kibitzer-test/framing.pgn";

/// A hover request framed as it should be, with `id`.
fn hover_frame(id: i64) -> Vec<u8> {
    let body = json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
        "params": LspClient::position_params(URI, 0, 2)})
    .to_string();
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

/// The hover of `id` answered as a hover of the open document.
fn assert_hover_answered(client: &mut LspClient, id: i64, case: &str) {
    let answer = client.response(id);
    let text = answer["result"]["contents"]["value"].as_str().unwrap_or_default();
    assert!(text.contains("Event"), "{case}: the next request is answered: {answer}");
}

/// The parse error answered for a case: code -32700, `problem` in its message.
fn assert_parse_error(client: &mut LspClient, problem: &str, case: &str) -> Value {
    let error =
        client.wait_for(|m| m.get("error").is_some() && m.get("method").is_none() && m["id"].as_i64() != Some(-1));
    assert_eq!(error["error"]["code"], -32700, "{case}: {error}");
    let message = error["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains(problem), "{case}: {message}");
    error
}

fn started() -> LspClient {
    let mut client = LspClient::start();
    client.initialize(vscode_capabilities(), Value::Null);
    client.open(URI, "pgn", 1, "[Event \"x\"]\n");
    client
}

/// The cases of issue 64, each alone and then the next request: the server neither panics, nor
/// aborts, nor stops answering; it ends with a clean shutdown.
#[test]
fn every_broken_frame_is_answered_and_the_next_request_is_served() {
    let mut client = started();
    let cases: &[(&str, &[u8], &str)] = &[
        ("u64::MAX", b"Content-Length: 18446744073709551615\r\n\r\n{}", "over the limit"),
        ("2^63", b"Content-Length: 9223372036854775808\r\n\r\n{}", "over the limit"),
        ("10^12", b"Content-Length: 1000000000000\r\n\r\n{}", "over the limit"),
        ("negative", b"Content-Length: -12\r\n\r\n{}", "not a length"),
        ("not a number", b"Content-Length: 0x10\r\n\r\n{}", "not a length"),
        ("empty", b"Content-Length: \r\n\r\n{}", "not a length"),
        ("short body", b"Content-Length: 4000\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"x\"}", "shorter than"),
        ("no blank line", b"Content-Length: 36\r\n{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}", "blank line"),
        ("no header", b"{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}", "outside any message"),
    ];
    let mut id = 1000;
    for (case, bad, problem) in cases {
        // Sent apart from the request after it: the server cannot count on them coming together.
        client.send_bytes(bad);
        id += 1;
        client.send_bytes(&hover_frame(id));
        assert_parse_error(&mut client, problem, case);
        assert_hover_answered(&mut client, id, case);
        // And both in one write.
        id += 1;
        client.send_bytes(&[*bad, &hover_frame(id)].concat());
        assert_parse_error(&mut client, problem, case);
        assert_hover_answered(&mut client, id, case);
    }
    assert!(!client.stderr().contains("panicked"), "{}", client.stderr());
    assert!(client.shutdown().success(), "a clean shutdown after every case");
}

/// A request too large to read is answered with its own id when its first bytes show it, so a
/// client waiting for it is not left waiting.
#[test]
fn a_request_over_the_cap_is_answered_with_its_id() {
    let mut client = LspClient::start_with(&["--max-message-bytes", "2000"], &[]);
    client.initialize(vscode_capabilities(), Value::Null);
    client.open(URI, "pgn", 1, "[Event \"x\"]\n");
    let params = json!({"textDocument": {"uri": URI}, "padding": "x".repeat(3000)});
    let body =
        json!({"jsonrpc": "2.0", "id": 77, "method": "textDocument/documentSymbol", "params": params}).to_string();
    client.send_bytes(&[format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes(), body.as_bytes()].concat());
    let answer = client.response(77);
    assert_eq!(answer["error"]["code"], -32700, "{answer}");
    assert!(answer["error"]["message"].as_str().unwrap().contains("limit of 2000"), "{answer}");
    // A document over the cap is refused the same way (a notification: answered with id null),
    // and one under it is served.
    client.open("file:///tmp/kibitzer-test/big.pgn", "pgn", 1, &format!("[Event \"{}\"]\n", "y".repeat(3000)));
    assert_parse_error(&mut client, "over the limit", "a didOpen over the cap");
    client.send_bytes(&hover_frame(78));
    assert_hover_answered(&mut client, 78, "after the cap");
    assert!(client.shutdown().success());
}

/// A flood of garbage — random bytes and broken headers, some with huge lengths — neither stops
/// nor kills the server, and its memory stays bounded by the cap, not by what the headers say.
#[test]
fn garbage_and_huge_lengths_leave_the_server_answering_with_bounded_memory() {
    let mut client = started();
    let mut rng = kibitzer_syntax::testing::Rng::new(64);
    for round in 0..200 {
        let mut junk: Vec<u8> = (0..rng.below(300)).map(|_| rng.next_u64() as u8).collect();
        match round % 4 {
            0 => junk.extend_from_slice(b"Content-Length: 99999999999999\r\n\r\n"),
            1 => junk.extend_from_slice(b"Content-Length: 60000000\r\n\r\n{\"jsonrpc\""),
            2 => junk.extend_from_slice(b"\r\n\r\nContent-Length:"),
            _ => {}
        }
        client.send_bytes(&junk);
    }
    client.send_bytes(&hover_frame(5000));
    assert_hover_answered(&mut client, 5000, "after the garbage");
    if let Some((_, peak_kib)) = client.memory_kib() {
        assert!(peak_kib < 200 * 1024, "peak {peak_kib} KiB");
    }
    assert!(!client.stderr().contains("panicked"));
    assert!(client.shutdown().success());
}
