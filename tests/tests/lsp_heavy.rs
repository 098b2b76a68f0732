//! `kibitzer lsp` under a heavy client (issue 64): many large answers asked for at once, a flood
//! of cancellations, large notifications the server cannot read, documents sent before
//! `initialize`, and versions that go backwards. Memory is read from /proc/PID/status with
//! generous bounds; no time is asserted (bench/lsp-load.sh measures).

use kibitzer_tests::lsp_client::{vscode_capabilities, LspClient};
use serde_json::{json, Value};

const URI: &str = "file:///tmp/kibitzer-test/heavy.pgn";

/// How long a test that asks for much at once waits for an answer: not a bound on the time it
/// takes (bench/ measures that), only how long a busy test machine may keep it.
const SLOW: std::time::Duration = std::time::Duration::from_secs(300);

/// The moves of game `n` (below 8·7·6·5 squared): four single steps of distinct white pawns
/// and four of distinct black pawns, in an order `n` picks, so that every game has its own moves
/// (the checks of games together hash them) and all are legal.
fn moves(n: usize) -> String {
    let order = |mut k: usize| {
        let mut files: Vec<char> = ('a'..='h').collect();
        (0..4)
            .map(|_| {
                let f = files.remove(k % files.len());
                k /= files.len() + 1;
                f
            })
            .collect::<Vec<char>>()
    };
    let (white, black) = (order(n % 1680), order(n / 1680));
    (0..4).map(|i| format!("{}. {}3 {}6", i + 1, white[i], black[i])).collect::<Vec<_>>().join(" ")
}

/// A PGN text of `games` legal games, each in import format (tags out of export order), so that
/// formatting edits every game; `salt` makes another text's games other games.
pub fn pgn_games(games: usize, salt: usize) -> String {
    let mut text = String::new();
    for g in 0..games {
        let n = g + salt * games;
        text.push_str(&format!(
            "[White \"Player{}, A\"]\n[Black \"Player{}, B\"]\n[Event \"Club {salt}\"]\n[Site \"Town\"]\n\
             [Date \"2020.01.{:02}\"]\n[Round \"{}\"]\n[Result \"*\"]\n\n{} *\n\n",
            n % 499,
            n % 491,
            1 + n % 28,
            1 + g,
            moves(n)
        ));
    }
    text
}

fn started_with(text: &str) -> LspClient {
    let mut client = LspClient::start();
    client.initialize(vscode_capabilities(), Value::Null);
    client.open(URI, "pgn", 1, text);
    client.wait_for_within(|m| m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == 1, SLOW);
    client
}

/// Sixteen each of the three largest answers about a document of about 480 KB, asked at once:
/// every one is answered in full (none dropped for want of room), and the answers of a kind
/// are the same.
///
/// The server answers them in the order they are done, not in the order they were asked (LSP
/// allows it): the client keeps each answer until the test asks for it.
#[test]
fn sixteen_concurrent_large_answers_of_each_kind_are_all_answered() {
    let text = pgn_games(2930, 0);
    assert!((440_000..520_000).contains(&text.len()), "{} bytes", text.len());
    let mut client = started_with(&text);
    let document = json!({"textDocument": {"uri": URI}});
    let formatting = json!({"textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": true}});
    let mut asked = Vec::new();
    for _ in 0..16 {
        asked.push(("tokens", client.request_async("textDocument/semanticTokens/full", document.clone())));
        asked.push(("formatting", client.request_async("textDocument/formatting", formatting.clone())));
        asked.push(("symbols", client.request_async("textDocument/documentSymbol", document.clone())));
    }
    let mut first: std::collections::HashMap<&str, Value> = Default::default();
    for (kind, id) in asked {
        let answer = client.response_within(id, SLOW);
        assert!(answer.get("error").is_none(), "{kind} {id} answered an error: {}", answer["error"]);
        let mut result = answer["result"].clone();
        if kind == "tokens" {
            // Each answer has its own result id.
            result["resultId"] = Value::Null;
        }
        match first.get(kind) {
            Some(expected) => assert!(*expected == result, "{kind} {id} differs from the first answer"),
            None => {
                first.insert(kind, result);
            }
        }
    }
    assert_eq!(first["symbols"].as_array().unwrap().len(), 2930, "a symbol a game");
    assert!(first["formatting"].as_array().unwrap().len() >= 2930, "an edit a game at least");
    assert!(first["tokens"]["data"].as_array().unwrap().len() > 5 * 20_000, "the tokens in full");
    assert!(client.shutdown().success());
}

/// Requests cancelled as soon as they are sent are answered -32800 (RequestCancelled), or with
/// their result when they were done first; never -32603, which is for real failures.
#[test]
fn a_cancel_flood_is_answered_request_cancelled() {
    let text = pgn_games(2930, 1);
    let mut client = started_with(&text);
    let document = json!({"textDocument": {"uri": URI}});
    let mut ids = Vec::new();
    for k in 0..50 {
        let method = ["textDocument/semanticTokens/full", "textDocument/documentSymbol"][k % 2];
        let id = client.request_async(method, document.clone());
        client.notify("$/cancelRequest", json!({"id": id}));
        ids.push(id);
    }
    let mut cancelled = 0;
    for id in ids {
        let answer = client.response_within(id, SLOW);
        match answer["error"]["code"].as_i64() {
            Some(-32800) => cancelled += 1,
            None => assert!(!answer["result"].is_null(), "{answer}"),
            Some(_) => panic!("request {id} answered {}", answer["error"]),
        }
    }
    assert!(cancelled > 0, "no request was cancelled in time");
    // Not cancelled, the same request is answered in full.
    let symbols = client.call("textDocument/documentSymbol", document);
    assert_eq!(symbols.as_array().unwrap().len(), 2930);
    assert!(client.shutdown().success());
}

/// A didOpen or didChange whose text is large (parked by the stdio reader) but whose fields have
/// the wrong type, or that comes before `initialize`, is dropped with its text: the server's
/// memory comes back down after them.
#[test]
fn large_notifications_no_handler_reads_leave_no_memory_behind() {
    let text = "[Event \"x\"]\n".repeat((4 << 20) / 12); // 4 MiB of tag pairs
    let wrong_open = |k: usize| {
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument":
            {"uri": format!("file:///tmp/w{k}.pgn"), "languageId": "pgn", "version": "one", "text": text}}})
    };
    let wrong_change = |k: usize| {
        json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument":
            {"uri": format!("file:///tmp/w{k}.pgn"), "version": [2]}, "contentChanges": [{"text": text}]}})
    };
    // Before `initialize` (the client says `initialized` first, which must not count).
    let mut client = LspClient::start();
    let Some((baseline, _)) = client.memory_kib() else {
        eprintln!("skipped: /proc/PID/status cannot be read here");
        return;
    };
    client.notify("initialized", json!({}));
    for k in 0..8 {
        client.send(&wrong_open(k));
        client.open(&format!("file:///tmp/early{k}.pgn"), "pgn", 1, &text);
    }
    client.initialize(vscode_capabilities(), Value::Null);
    // After it, with fields of the wrong type.
    for k in 0..8 {
        client.send(&wrong_open(k));
        client.send(&wrong_change(k));
    }
    // A request answered after them: they have been read and dropped.
    client.open(URI, "pgn", 1, "[Event \"x\"]\n");
    client.call("textDocument/documentSymbol", json!({"textDocument": {"uri": URI}}));
    let (resident, peak) = client.memory_kib().unwrap();
    let sent_mib = (32 * text.len()) >> 20;
    assert!(
        resident < baseline + 40 * 1024,
        "{} MiB resident after {sent_mib} MiB of notifications no handler reads (baseline {} MiB, peak {} MiB)",
        resident >> 10,
        baseline >> 10,
        peak >> 10
    );
    assert!(peak < 400 * 1024, "peak {} MiB", peak >> 10);
    assert!(client.shutdown().success());
}

/// A change whose version is below the last one checked is the newest text (as rust-analyzer
/// takes it): it is checked, and its diagnostics are published with its version.
#[test]
fn a_change_to_an_earlier_version_is_checked_and_published() {
    let good = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
    let bad = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n";
    let mut client = started_with(good);
    let full = |client: &mut LspClient, version: i64, text: &str| {
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": version}, "contentChanges": [{"text": text}]}),
        );
    };
    full(&mut client, 10, good);
    assert!(client.diagnostics(URI, 10).is_empty());
    full(&mut client, 3, bad);
    let published = client.diagnostics(URI, 3);
    let out = kibitzer_tests::run_kibitzer(
        &["check", "--format", "json", "--lang", "pgn", "-"],
        std::path::Path::new("/"),
        Some(bad.as_bytes()),
    );
    let cli: Value = serde_json::from_slice(&out.stdout).expect("check --format json");
    let codes = |found: &[Value]| {
        let mut codes: Vec<String> = found.iter().map(|d| d["code"].as_str().unwrap_or_default().to_owned()).collect();
        codes.sort();
        codes
    };
    assert!(!published.is_empty(), "the older version's errors are published");
    assert_eq!(codes(&published), codes(cli.as_array().unwrap()), "as `kibitzer check` finds them");
    // And back to a version between the two: the newest text again.
    full(&mut client, 5, good);
    assert!(client.diagnostics(URI, 5).is_empty());
    assert!(client.shutdown().success());
}

/// Two hundred PGN documents of about 100 KB opened at once with the default settings (the
/// checks across files on, the documents the workspace folder's files): every document is
/// published with the diagnostics `kibitzer check --across-files` gives its file (a copy of
/// the first file's first game in each, a spelling of a player in some), the server's peak
/// memory stays within a generous bound ([`PEAK_MIB`]), and closing them gives it back. How
/// long it takes, and the goal of 300 MB, are measured by bench/lsp-documents.sh on a
/// release build, never here. `KIBITZER_HEAVY_DOCUMENTS` sets another count.
#[test]
fn two_hundred_documents_opened_with_the_defaults_get_the_cli_diagnostics() {
    let count: usize = std::env::var("KIBITZER_HEAVY_DOCUMENTS").ok().and_then(|n| n.parse().ok()).unwrap_or(200);
    let dir = tempfile::tempdir().unwrap();
    let first_game = pgn_games(1, 999).replace("Club 999", "Open");
    let names: Vec<String> = (0..count).map(|k| format!("doc{k:03}.pgn")).collect();
    let texts: Vec<String> = (0..count)
        .map(|k| {
            let mut text = first_game.clone() + &pgn_games(610, k);
            if k % 20 == 7 {
                // A spelling of a player the other files write otherwise.
                text = text.replacen("Player3, A", "player3,a", 1);
            }
            text
        })
        .collect();
    for (name, text) in names.iter().zip(&texts) {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    assert!((90_000..110_000).contains(&texts[1].len()), "{} bytes", texts[1].len());
    // What the CLI finds, by file: (line, column, code, message).
    let mut args = vec!["check", "--across-files", "--format", "json"];
    args.extend(names.iter().map(String::as_str));
    let out = kibitzer_tests::run_kibitzer(&args, dir.path(), None);
    let cli: Value = serde_json::from_slice(&out.stdout).expect("check --format json");
    let mut expected: std::collections::HashMap<String, Vec<(u64, u64, String, String)>> =
        names.iter().map(|n| (n.clone(), Vec::new())).collect();
    for d in cli.as_array().unwrap() {
        let file = d["file"].as_str().or(d["path"].as_str()).expect("a file").trim_start_matches("./").to_owned();
        let note = |k: &str| d[k].as_str().unwrap_or_default().to_owned();
        let at = (d["line"].as_u64().unwrap(), d["column"].as_u64().unwrap(), note("code"), note("message"));
        expected.get_mut(&file).unwrap_or_else(|| panic!("{file} is not one of the files")).push(at);
    }
    assert!(expected["doc001.pgn"].iter().any(|d| d.2 == "PGN400"), "the copy across files is found");
    for list in expected.values_mut() {
        list.sort();
    }
    let mut client = LspClient::start();
    client.call(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": vscode_capabilities(),
               "workspaceFolders": [{"uri": kibitzer_tests::lsp_client::file_uri(dir.path()), "name": "games"}]}),
    );
    client.notify("initialized", json!({}));
    let baseline = client.memory_kib();
    let uris: Vec<String> = names.iter().map(|n| kibitzer_tests::lsp_client::file_uri(&dir.path().join(n))).collect();
    for (uri, text) in uris.iter().zip(&texts) {
        client.open(uri, "pgn", 1, text);
    }
    let as_cli = |published: &Value| {
        let mut list: Vec<(u64, u64, String, String)> = published
            .as_array()
            .map_or(&[][..], |d| d)
            .iter()
            .map(|p| {
                let note = |k: &str| p[k].as_str().unwrap_or_default().to_owned();
                let start = &p["range"]["start"];
                (
                    start["line"].as_u64().unwrap() + 1,
                    start["character"].as_u64().unwrap() + 1,
                    note("code"),
                    note("message"),
                )
            })
            .collect();
        list.sort();
        list
    };
    // The publications in the order they come, until every document's last one is the CLI's
    // diagnostics (whatever it was published with while the others were opened)…
    let publication = |m: &Value| m["method"] == "textDocument/publishDiagnostics";
    let mut latest: std::collections::HashMap<String, Vec<(u64, u64, String, String)>> = Default::default();
    let take = |client: &mut LspClient, latest: &mut std::collections::HashMap<_, _>| {
        let m = client.wait_for_within(publication, SLOW);
        let uri = m["params"]["uri"].as_str().unwrap_or_default().to_owned();
        latest.insert(uri, as_cli(&m["params"]["diagnostics"]));
    };
    let settled = |latest: &std::collections::HashMap<String, Vec<_>>| {
        uris.iter().zip(&names).all(|(uri, name)| latest.get(uri) == Some(&expected[name]))
    };
    while !settled(&latest) {
        take(&mut client, &mut latest);
    }
    // …and still after whatever came before a request's answer.
    client.call("textDocument/documentSymbol", json!({"textDocument": {"uri": uris[0]}}));
    while client.notifications.iter().any(publication) {
        take(&mut client, &mut latest);
    }
    for (uri, name) in uris.iter().zip(&names) {
        assert!(latest.get(uri) == Some(&expected[name]), "{name} was last published otherwise: {:?}", latest.get(uri));
    }
    let Some((baseline, _)) = baseline else {
        eprintln!("memory not measured: /proc/PID/status cannot be read here");
        return;
    };
    let (open_resident, peak) = client.memory_kib().unwrap();
    let bound = (PEAK_MIB * count as u64 / 200).max(128);
    assert!(peak < bound << 10, "peak {} MiB with {count} documents open (bound {bound} MiB)", peak >> 10);
    for uri in &uris {
        client.notify("textDocument/didClose", json!({"textDocument": {"uri": uri}}));
    }
    client.request("textDocument/hover", LspClient::position_params(&uris[0], 0, 2));
    // Closing starts work (the files' facts on disk computed again, the passes over the
    // documents still open): the memory comes back once it is done, which the test waits for
    // (however long: time is not asserted).
    let grown = open_resident.saturating_sub(baseline);
    let idle = baseline + grown / 2 + KEPT_MIB * (count as u64) / 200 * 1024;
    let deadline = std::time::Instant::now() + SLOW;
    let closed_resident = loop {
        let (resident, _) = client.memory_kib().unwrap();
        if resident <= idle || std::time::Instant::now() > deadline {
            break resident;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    let (_, peak_after) = client.memory_kib().unwrap();
    eprintln!(
        "{count} documents: {} MiB before, peak {} MiB, {} MiB open, {} MiB after closing them (peak then {} MiB)",
        baseline >> 10,
        peak >> 10,
        open_resident >> 10,
        closed_resident >> 10,
        peak_after >> 10
    );
    assert!(
        closed_resident <= idle,
        "memory comes back when the documents close: {} MiB before, {} MiB open, {} MiB closed",
        baseline >> 10,
        open_resident >> 10,
        closed_resident >> 10
    );
    assert!(peak_after < bound << 10, "peak {} MiB while {count} documents closed", peak_after >> 10);
    assert!(client.shutdown().success());
}

/// The bound on the server's peak resident memory with the two hundred documents of
/// [`two_hundred_documents_opened_with_the_defaults_get_the_cli_diagnostics`] open, in MiB (in
/// proportion for another count, 128 at least). Generous, for a debug build on a loaded
/// machine: it is there to catch what issue 64 found (700–800 MB), not to measure. Measured on
/// 2026-12-07 in a debug build on 2 cores: 237–250 MiB, and no more while they closed (333 MiB
/// before the files' facts on disk stopped being kept for open documents, the views of a
/// segment were made on first use and the allocator kept one heap a core). The heap itself is
/// about 220 MiB at the peak: the 20 MB of texts, their games' facts for the checks across
/// files and their segments, about 125 MiB, and one pass over every game of them, about 85
/// MiB; the rest is pages the allocator keeps. The release build's figure, against the issue's
/// goal of 300 MB, is in docs/performance.md (bench/lsp-documents.sh).
const PEAK_MIB: u64 = 400;

/// What the server may keep after the documents close beyond half of what they took, in MiB
/// (in proportion for another count): the facts of the workspace's files on disk, which it
/// keeps whether or not they are open (about 60 MiB for these 20 MB in a debug build; not kept
/// for a file while it is open, taken from the document when it closes), and heap pages that
/// those keep from being returned. Measured on 2026-12-07, debug build: 121–139 MiB once idle
/// after closing them, against this bound of about 185 (261 MiB before memory was given back).
const KEPT_MIB: u64 = 100;
