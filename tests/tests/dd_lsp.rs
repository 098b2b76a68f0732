//! Double dummy in the language server: hover on a PBN deal shows its table and par after what
//! the deal's hover already says; the DDS diagnostics come once the deal is solved; the action
//! "Add double-dummy analysis" writes what `kibitzer dd` says.

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

/// The hand record of `fixtures/pbn/double-dummy`: two deals without analysis, import format.
fn hand_record() -> (std::path::PathBuf, String) {
    let path = kibitzer_tests::fixtures("pbn/double-dummy").join("hand-record.pbn");
    let text = std::fs::read_to_string(&path).unwrap();
    (path, text)
}

/// Runs the kibitzer binary on `args` with `input` on standard input.
fn kibitzer(args: &[&str], input: &str) -> (Option<i32>, String) {
    let mut child = std::process::Command::new(kibitzer_tests::kibitzer())
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("kibitzer runs");
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

/// The codes `kibitzer check` reports for a PBN text.
fn checked_codes(text: &str) -> Vec<String> {
    let (_, out) = kibitzer(&["check", "--lang", "pbn", "--format", "json", "-"], text);
    let found: Vec<serde_json::Value> = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    found.iter().map(|d| d["code"].as_str().unwrap().to_owned()).collect()
}

/// The value of the tag `name` in the game that holds `board`.
fn tag_in_board<'t>(text: &'t str, board: &str, name: &str) -> &'t str {
    let game = text.split(&format!("[Board \"{board}\"]")).nth(1).unwrap();
    let game = game.split("[Board ").next().unwrap();
    let after =
        game.split(&format!("[{name} \"")).nth(1).unwrap_or_else(|| panic!("no {name} in board {board}:\n{text}"));
    &after[..after.find('"').unwrap()]
}

/// "Add double-dummy analysis" on the game at `line`: offered, resolved, applied here.
fn add_analysis(c: &mut LspClient, uri: &str, text: &str, line: u32) -> String {
    let position = json!({"line": line, "character": 1});
    let actions = c.call(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": {"start": position, "end": position},
               "context": {"diagnostics": [], "only": ["refactor.rewrite.doubleDummy"]}}),
    );
    let actions = actions.as_array().unwrap();
    assert_eq!(actions.len(), 1, "{actions:?}");
    assert_eq!(actions[0]["title"], "Add double-dummy analysis");
    assert!(actions[0]["edit"].is_null(), "solved on resolve, not for the lightbulb: {}", actions[0]);
    let resolved = c.call("codeAction/resolve", actions[0].clone());
    kibitzer_tests::lsp_client::apply_edits(text, &resolved["edit"]["changes"][uri])
}

/// The action writes what `kibitzer dd` says of the deal, in the tags and the table, and
/// `kibitzer check` then finds nothing to say about the analysis.
#[test]
fn the_action_writes_the_analysis_kibitzer_dd_gives() {
    let (path, text) = hand_record();
    let (status, dd) = kibitzer(&["dd", "--format", "json", path.to_str().unwrap()], "");
    assert_eq!(status, Some(0));
    let rows: Vec<serde_json::Value> = serde_json::from_str(&dd).unwrap();
    assert_eq!(rows.len(), 2);
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    let uri = "file:///tmp/kibitzer-test/hand-record.pbn";
    c.open(uri, "pbn", 1, &text);
    c.diagnostics(uri, 1);
    // The cursor on the second game's Board tag: only that game gets the analysis.
    let board_6_line = text.lines().position(|l| l == "[Board \"6\"]").unwrap() as u32;
    let after = add_analysis(&mut c, uri, &text, board_6_line);
    assert!(after.starts_with(&text[..text.find("[Event \"Club pairs\"]\n[Board \"6\"]").unwrap()]), "{after}");
    let row = &rows[1];
    assert_eq!(row["board"], "6");
    let tricks = row["double_dummy_tricks"].as_str().unwrap();
    assert_eq!(tag_in_board(&after, "6", "DoubleDummyTricks"), tricks);
    let par = row["par_score_ns"].as_i64().unwrap();
    let score = if par >= 0 { format!("NS {par}") } else { format!("EW {}", -par) };
    assert_eq!(tag_in_board(&after, "6", "OptimumScore"), score);
    let contracts: Vec<&str> = row["par_contracts"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert_eq!(tag_in_board(&after, "6", "ParContract"), contracts.join(", "));
    // The table: 20 rows, declarers N S E W in NT S H D C, the same tricks.
    let table = after.split("[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n").nth(1).unwrap();
    let rows_written: Vec<&str> = table.lines().take(20).collect();
    for (i, row) in rows_written.iter().enumerate() {
        let (seat, strain) = (["N", "S", "E", "W"][i / 5], ["NT", "S", "H", "D", "C"][i % 5]);
        let expected = u32::from_str_radix(&tricks[i..=i], 16).unwrap();
        assert_eq!(*row, format!("{seat} {strain:>2} {expected:>2}"), "row {i} of\n{table}");
    }
    let codes = checked_codes(&after);
    assert!(codes.iter().all(|c| !c.starts_with("DDS")), "{codes:?}\n{after}");
    assert!(c.shutdown().success());
}

/// On a game in export format whose analysis is stale (a planted wrong DoubleDummyTricks), the
/// server publishes DDS001 once the deal is solved, and the action rewrites the analysis so
/// that the game stays in export format and the diagnostic goes.
#[test]
fn a_stale_analysis_is_reported_and_the_action_replaces_it() {
    let (_, text) = hand_record();
    let (status, formatted) = kibitzer(&["fmt", "--lang", "pbn", "-"], &text);
    assert_eq!(status, Some(0));
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    let uri = "file:///tmp/kibitzer-test/formatted.pbn";
    // Analysis of the first game, then one digit changed: North takes 13 tricks in notrump.
    c.open(uri, "pbn", 1, &formatted);
    let analysed = add_analysis(&mut c, uri, &formatted, 3);
    let (status, _) = kibitzer(&["fmt", "--check", "--lang", "pbn", "-"], &analysed);
    assert_eq!(status, Some(0), "the game stays in export format:\n{analysed}");
    let right = tag_in_board(&analysed, "5", "DoubleDummyTricks").to_owned();
    let stale = analysed.replacen(
        &format!("[DoubleDummyTricks \"{right}\"]"),
        &format!("[DoubleDummyTricks \"d{}\"]", &right[1..]),
        1,
    );
    assert_ne!(stale, analysed);
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": stale}]}),
    );
    let published = c.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == uri
            && m["params"]["diagnostics"].as_array().is_some_and(|d| d.iter().any(|d| d["code"] == "DDS001"))
    });
    assert_eq!(published["params"]["version"], 2);
    let dds: Vec<&serde_json::Value> =
        published["params"]["diagnostics"].as_array().unwrap().iter().filter(|d| d["code"] == "DDS001").collect();
    assert_eq!(dds.len(), 1, "{dds:?}");
    assert!(dds[0]["message"].as_str().unwrap().contains(&right), "{}", dds[0]);
    // The same as the command line says.
    assert!(checked_codes(&stale).iter().any(|c| c == "DDS001"));
    let fixed = add_analysis(&mut c, uri, &stale, 3);
    assert_eq!(fixed, analysed, "the stale value is replaced in place");
    assert!(c.shutdown().success());
}

/// The ordinary diagnostics never wait for the solver: in a fresh server, the first publish of
/// a hand record whose deal is not solved yet comes without the DDS diagnostic, and a second
/// one of the same version brings it once the deal is solved.
#[test]
fn ordinary_diagnostics_are_published_before_the_deal_is_solved() {
    let (_, text) = hand_record();
    // Board 6 with a planted wrong trick count (kibitzer dd: 656a9656a94863248632).
    let planted = text.replace(
        "[Deal \"E:J9.KQJT96.74.Q95 8542.A3.82.AK843 KQT763.52.A96.T6 A.874.KQJT53.J72\"]\n",
        "[Deal \"E:J9.KQJT96.74.Q95 8542.A3.82.AK843 KQT763.52.A96.T6 A.874.KQJT53.J72\"]\n[DoubleDummyTricks \"756a9656a94863248632\"]\n",
    );
    assert_ne!(planted, text);
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    let uri = "file:///tmp/kibitzer-test/planted.pbn";
    c.open(uri, "pbn", 1, &planted);
    let first = c.diagnostics(uri, 1);
    assert!(first.iter().all(|d| d["code"] != "DDS001"), "{first:?}");
    let second = c.diagnostics(uri, 1);
    let dds: Vec<&serde_json::Value> = second.iter().filter(|d| d["code"] == "DDS001").collect();
    assert_eq!(dds.len(), 1, "{second:?}");
    // The first entry (North in notrump) is the one that differs.
    let line = planted.lines().position(|l| l.starts_with("[DoubleDummyTricks")).unwrap();
    assert_eq!(dds[0]["range"]["start"], json!({"line": line, "character": 20}));
    assert_eq!(dds[0]["severity"], 1);
    // A keystroke in the other game: the deal is solved already, so the first publish of the
    // new version carries the diagnostic.
    c.change(uri, 2, ((3, 0), (3, 0)), "{a note} ");
    let after_edit = c.diagnostics(uri, 2);
    assert_eq!(after_edit.iter().filter(|d| d["code"] == "DDS001").count(), 1, "{after_edit:?}");
    assert!(c.shutdown().success());
}

/// The DDS002 diagnostics of a document whose deals are solved (waited for).
fn published_dds002(c: &mut LspClient, uri: &str) -> Vec<serde_json::Value> {
    let published = c.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == uri
            && m["params"]["diagnostics"].as_array().is_some_and(|d| d.iter().any(|d| d["code"] == "DDS002"))
    });
    published["params"]["diagnostics"].as_array().unwrap().iter().filter(|d| d["code"] == "DDS002").cloned().collect()
}

/// A wrong OptimumResultTable row gets the quick fix `check --fix` applies (the solver's count),
/// "Fix every … (DDS002)" fixes both wrong rows, and "Apply every safe kibitzer fix" writes what
/// `kibitzer check --fix` writes.
#[test]
fn wrong_rows_have_the_solvers_count_as_quick_fix_and_fix_all() {
    let path = kibitzer_tests::fixtures("pbn/double-dummy").join("wrong-rows.pbn");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    let uri = "file:///tmp/kibitzer-test/wrong-rows.pbn";
    c.open(uri, "pbn", 1, &text);
    let dds = published_dds002(&mut c, uri);
    assert_eq!(dds.len(), 2, "{dds:?}");
    let row = text.lines().position(|l| l == "E NT  9").unwrap() as u32;
    assert_eq!(dds[1]["range"]["start"], json!({"line": row, "character": 0}));

    let position = json!({"line": row, "character": 2});
    let actions = c.call(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": {"start": position, "end": position},
               "context": {"diagnostics": [dds[1]], "only": ["quickfix"]}}),
    );
    let actions = actions.as_array().unwrap();
    let titles: Vec<&str> = actions.iter().map(|a| a["title"].as_str().unwrap()).collect();
    assert_eq!(
        titles,
        ["Replace 9 with 10, the solver's", "Fix every optimum-result-table-wrong (DDS002) in this file: 2"],
        "{actions:?}"
    );
    let one = kibitzer_tests::lsp_client::apply_edits(&text, &actions[0]["edit"]["changes"][uri]);
    assert_eq!(one, text.replacen("\nE NT  9\n", "\nE NT 10\n", 1));
    let every = kibitzer_tests::lsp_client::apply_edits(&text, &actions[1]["edit"]["changes"][uri]);
    let both = one.replacen("\nN  S  6\n", "\nN  S  5\n", 1);
    assert_eq!(every, both);

    // The whole file's fix, resolved when chosen: what `check --fix` writes.
    let actions = c.call(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": {"start": position, "end": position},
               "context": {"diagnostics": [], "only": ["source.fixAll"]}}),
    );
    let fix_all = actions.as_array().unwrap().iter().find(|a| a["kind"] == "source.fixAll").cloned();
    let fix_all = fix_all.unwrap_or_else(|| panic!("no fix-all action: {actions}"));
    let resolved = c.call("codeAction/resolve", fix_all);
    let written = kibitzer_tests::lsp_client::apply_edits(&text, &resolved["edit"]["changes"][uri]);
    assert_eq!(written, both);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("wrong-rows.pbn"), &text).unwrap();
    let out = kibitzer_tests::run_kibitzer(&["check", "--fix", "wrong-rows.pbn"], dir.path(), None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(dir.path().join("wrong-rows.pbn")).unwrap(), written);
    assert!(c.shutdown().success());
}
