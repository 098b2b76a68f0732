//! `kibitzer lsp` over stdio: references and rename of players, events and sites. A name's
//! references are the tag values of every open document and of the files of the workspace
//! folder (of the same format) that spell the same name, grouped as the spelling checks group
//! them (PGN402, PBN120); rename answers a `WorkspaceEdit` over all of them, which the test
//! applies as an editor would. Every name here is invented.

use kibitzer_tests::lsp_client::{apply_edits, file_uri, neovim_capabilities, vscode_capabilities, LspClient};
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// Open, and on disk in the workspace folder: two games, the same player spelled two ways, the
/// same event two ways.
const A: &str = "[Event \"Fjord Open\"]\n[Site \"Tromvik\"]\n[White \"Lindqvist, Halvard\"]\n[Black \"Oduya, Tamsin\"]\n[Result \"1-0\"]\n\n\
    1. e4 {a quiet start} e5 2. Nf3 1-0\n\n\
    [Event \"fjord open\"]\n[Site \"Tromvik\"]\n[White \"Oduya, Tamsin\"]\n[Black \"Lindqvist,H\"]\n[Result \"*\"]\n\n1. d4 *\n";
/// Open only (not in the folder): the player in lower case.
const B: &str = "[White \"Brannigan, Olu\"]\n[Black \"lindqvist, halvard\"]\n\n1. c4 *\n";
/// On disk only: the player's initial, and another player of that surname.
const C: &str = "[White \"Lindqvist, H.\"]\n[Black \"Lindqvist, Sigrun\"]\n\n1. Nf3 *\n";
/// On disk: a PBN file naming the same person, which a PGN name never reaches.
const D: &str = "[Board \"1\"]\n[North \"Lindqvist, Halvard\"]\n";
const B_URI: &str = "file:///tmp/kibitzer-names-open/b.pgn";

/// The server over a workspace folder (a.pgn, c.pgn, d.pbn on disk), a.pgn and b.pgn open.
struct Workspace {
    c: LspClient,
    init: Value,
    root: PathBuf,
    /// The URIs of a.pgn (open) and c.pgn (closed).
    a: String,
    closed: String,
    /// Kept (bound) for as long as the test runs: dropped, it deletes the folder.
    _dir: tempfile::TempDir,
}

fn started() -> Workspace {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::write(root.join("a.pgn"), A).unwrap();
    std::fs::write(root.join("c.pgn"), C).unwrap();
    std::fs::write(root.join("d.pbn"), D).unwrap();
    let mut c = LspClient::start();
    let init = c.call(
        "initialize",
        json!({"processId": null, "rootUri": null, "workspaceFolders": [{"uri": file_uri(&root), "name": "games"}],
               "capabilities": vscode_capabilities()}),
    );
    c.notify("initialized", json!({}));
    let a = file_uri(&root.join("a.pgn"));
    c.open(&a, "pgn", 1, A);
    c.open(B_URI, "pgn", 1, B);
    let closed = file_uri(&root.join("c.pgn"));
    Workspace { c, init, root, a, closed, _dir: dir }
}

fn at(uri: &str, line: u32, character: u32) -> Value {
    LspClient::position_params(uri, line, character)
}

fn references(c: &mut LspClient, uri: &str, line: u32, character: u32) -> BTreeSet<(String, u64, u64, u64)> {
    let mut params = at(uri, line, character);
    params["context"] = json!({"includeDeclaration": true});
    let found = c.call("textDocument/references", params);
    found
        .as_array()
        .unwrap_or_else(|| panic!("no references: {found}"))
        .iter()
        .map(|l| {
            let (start, end) = (&l["range"]["start"], &l["range"]["end"]);
            assert_eq!(start["line"], end["line"], "{l}");
            let n = |v: &Value| v.as_u64().unwrap();
            (l["uri"].as_str().unwrap().to_owned(), n(&start["line"]), n(&start["character"]), n(&end["character"]))
        })
        .collect()
}

fn set(items: &[(&str, u64, u64, u64)]) -> BTreeSet<(String, u64, u64, u64)> {
    items.iter().map(|&(u, l, s, e)| (u.to_owned(), l, s, e)).collect()
}

/// The texts after the rename's edit, by URI.
fn renamed(
    c: &mut LspClient,
    uri: &str,
    line: u32,
    character: u32,
    new_name: &str,
    texts: &[(&str, &str)],
) -> Vec<String> {
    let mut params = at(uri, line, character);
    params["newName"] = json!(new_name);
    let edit = c.call("textDocument/rename", params);
    let changes = edit["changes"].as_object().unwrap_or_else(|| panic!("no changes: {edit}"));
    for touched in changes.keys() {
        assert!(texts.iter().any(|(u, _)| u == touched), "an edit of {touched}, which holds no such name: {edit}");
    }
    texts
        .iter()
        .map(|(u, text)| match changes.get(*u) {
            Some(edits) => apply_edits(text, edits),
            None => text.to_string(),
        })
        .collect()
}

#[test]
fn references_list_every_spelling_of_a_player_or_event_in_open_and_closed_files() {
    let Workspace { mut c, a, closed, _dir, .. } = started();
    let halvard = set(&[(&a, 2, 8, 26), (&a, 11, 8, 19), (B_URI, 1, 8, 26), (&closed, 0, 8, 21)]);
    // From any of its spellings, at its first character, inside it or at its end.
    assert_eq!(references(&mut c, &a, 2, 8), halvard);
    assert_eq!(references(&mut c, &a, 11, 19), halvard);
    assert_eq!(references(&mut c, B_URI, 1, 12), halvard);
    // Another player of the same surname, and an event spelled two ways; the Site is another field.
    assert_eq!(references(&mut c, &a, 3, 9), set(&[(&a, 3, 8, 21), (&a, 10, 8, 21)]));
    assert_eq!(references(&mut c, &a, 0, 9), set(&[(&a, 0, 8, 18), (&a, 8, 8, 18)]));
    assert_eq!(references(&mut c, &a, 1, 9), set(&[(&a, 1, 7, 14), (&a, 9, 7, 14)]));
    // Off a name, there are none.
    assert_eq!(references(&mut c, &a, 6, 4), BTreeSet::new());
    assert!(c.shutdown().success());
}

#[test]
fn prepare_rename_answers_a_name_and_nothing_else() {
    let Workspace { mut c, a, init, _dir, .. } = started();
    assert_eq!(init["capabilities"]["renameProvider"], json!({"prepareProvider": true}));
    let prepared = c.call("textDocument/prepareRename", at(&a, 2, 12));
    assert_eq!(
        prepared,
        json!({"range": {"start": {"line": 2, "character": 8}, "end": {"line": 2, "character": 26}},
               "placeholder": "Lindqvist, Halvard"})
    );
    // A move, a comment, a tag name, the Result's value, the space between two tags.
    for (line, character) in [(6, 4), (6, 12), (2, 3), (4, 10), (13, 0)] {
        assert_eq!(c.call("textDocument/prepareRename", at(&a, line, character)), Value::Null, "at {line}:{character}");
    }
    // An unknown player is no name.
    c.open("file:///tmp/kibitzer-names-open/unknown.pgn", "pgn", 1, "[White \"?\"]\n\n1. e4 *\n");
    let unknown = c.call("textDocument/prepareRename", at("file:///tmp/kibitzer-names-open/unknown.pgn", 0, 8));
    assert_eq!(unknown, Value::Null);
    // And a rename there is refused, with a reason.
    let mut params = at(&a, 6, 4);
    params["newName"] = json!("Nxe4");
    let refused = c.request("textDocument/rename", params);
    assert!(refused["error"]["message"].as_str().unwrap().contains("no player"), "{refused}");
    assert!(c.shutdown().success());

    // A client without prepareRename support is offered plain rename.
    let mut plain = LspClient::start();
    assert_eq!(plain.initialize(neovim_capabilities(), Value::Null)["capabilities"]["renameProvider"], true);
    assert!(plain.shutdown().success());
}

#[test]
fn rename_rewrites_every_spelling_in_every_open_and_closed_file() {
    let Workspace { mut c, a, closed, root, _dir, .. } = started();
    // From the initials' spelling: both spellings of a.pgn, the open b.pgn, the closed c.pgn;
    // never Sigrun, never the PBN file.
    let texts = [(a.as_str(), A), (B_URI, B), (closed.as_str(), C)];
    let after = renamed(&mut c, &a, 11, 12, "Lindqvist, Halvard Emil", &texts);
    assert_eq!(
        after[0],
        A.replace("Lindqvist, Halvard\"", "Lindqvist, Halvard Emil\"")
            .replace("Lindqvist,H\"", "Lindqvist, Halvard Emil\"")
    );
    assert_eq!(after[1], B.replace("lindqvist, halvard", "Lindqvist, Halvard Emil"));
    assert_eq!(after[2], C.replace("Lindqvist, H.", "Lindqvist, Halvard Emil"));
    assert!(after[2].contains("Lindqvist, Sigrun"));
    // The server wrote nothing: the files on disk are as they were.
    assert_eq!(std::fs::read_to_string(root.join("c.pgn")).unwrap(), C);
    assert_eq!(std::fs::read_to_string(root.join("d.pbn")).unwrap(), D);
    // An event: both spellings, to one.
    let after = renamed(&mut c, &a, 8, 10, "Fjord Open 2031", &texts);
    assert_eq!(after[0], A.replace("Fjord Open", "Fjord Open 2031").replace("fjord open", "Fjord Open 2031"));
    assert_eq!((after[1].as_str(), after[2].as_str()), (B, C));
    assert!(c.shutdown().success());
}

#[test]
fn a_new_name_is_escaped_as_a_tag_value_and_a_line_break_refused() {
    let Workspace { mut c, a, _dir, .. } = started();
    let after = renamed(&mut c, &a, 3, 10, "Oduya \\ Jr, Tamsin \"Tam\"", &[(&a, A)]);
    let written = "[Black \"Oduya \\\\ Jr, Tamsin \\\"Tam\\\"\"]";
    assert_eq!(
        after[0],
        A.replace("[Black \"Oduya, Tamsin\"]", written)
            .replace("[White \"Oduya, Tamsin\"]", &written.replace("Black", "White"))
    );
    // Read back, the value is the name asked for.
    c.change(&a, 2, ((0, 0), (15, 0)), &after[0]);
    let prepared = c.call("textDocument/prepareRename", at(&a, 3, 10));
    assert_eq!(prepared["placeholder"], "Oduya \\ Jr, Tamsin \"Tam\"");
    let mut params = at(&a, 2, 10);
    params["newName"] = json!("Lindqvist,\nHalvard");
    let refused = c.request("textDocument/rename", params);
    assert!(refused["error"]["message"].as_str().unwrap().contains("line break"), "{refused}");
    assert!(c.shutdown().success());
}

#[test]
fn pbn_players_and_events_are_renamed_and_inherited_values_left_alone() {
    let pbn = "[Event \"Spring Pairs\"]\n[Board \"1\"]\n[North \"Okafor, Wren\"]\n[South \"Tal, Ivo\"]\n\n\
               [Event \"#\"]\n[Board \"2\"]\n[North \"okafor, wren\"]\n[South \"Tal, I\"]\n";
    let uri = "file:///tmp/kibitzer-names-open/pairs.pbn";
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), Value::Null);
    c.open(uri, "pbn", 1, pbn);
    assert_eq!(references(&mut c, uri, 2, 10), set(&[(uri, 2, 8, 20), (uri, 7, 8, 20)]));
    assert_eq!(references(&mut c, uri, 0, 9), set(&[(uri, 0, 8, 20)]));
    assert_eq!(c.call("textDocument/prepareRename", at(uri, 5, 8)), Value::Null, "an inherited value names no one");
    let after = renamed(&mut c, uri, 8, 9, "Tal, Ivan", &[(uri, pbn)]);
    assert_eq!(after[0], pbn.replace("Tal, Ivo", "Tal, Ivan").replace("Tal, I\"", "Tal, Ivan\""));
    assert!(c.shutdown().success());
}

/// LIN names are the players of `pn` pairs: a board's four, a vugraph header's eight.
const LIN_A: &str = "pn|wrenok,ivotal,annroe,boek|st||md|3SA,,,|sv|o|pg||\n\
    pn|annroe, WrenOk ,cydunn,ivotal|md|1SA,,,|sv|b|pg||\n";
/// On disk only: a vugraph file whose header names the same player.
const LIN_B: &str = "vg|Final,1|pn|wrenok,ed,fi,gu,ha,io,ju,ka|\nqx|o1|md|3SA,,,|pg||\n";

#[test]
fn lin_players_are_referenced_and_renamed_across_lin_files_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::write(root.join("a.lin"), LIN_A).unwrap();
    std::fs::write(root.join("b.lin"), LIN_B).unwrap();
    // The same name in a PBN file, which a LIN name never reaches.
    std::fs::write(root.join("d.pbn"), "[Board \"1\"]\n[North \"wrenok\"]\n").unwrap();
    let mut c = LspClient::start();
    c.call(
        "initialize",
        json!({"processId": null, "rootUri": null, "workspaceFolders": [{"uri": file_uri(&root), "name": "boards"}],
               "capabilities": vscode_capabilities()}),
    );
    c.notify("initialized", json!({}));
    let a = file_uri(&root.join("a.lin"));
    let b = file_uri(&root.join("b.lin"));
    c.open(&a, "lin", 1, LIN_A);
    let wren = set(&[(&a, 0, 3, 9), (&a, 1, 11, 17), (&b, 0, 14, 20)]);
    assert_eq!(references(&mut c, &a, 0, 5), wren);
    // The blanks around a name are not part of it.
    assert_eq!(references(&mut c, &a, 1, 17), wren);
    assert_eq!(references(&mut c, &a, 0, 26), set(&[(&a, 0, 24, 28)]));
    assert_eq!(
        c.call("textDocument/prepareRename", at(&a, 1, 12)),
        json!({"range": {"start": {"line": 1, "character": 11}, "end": {"line": 1, "character": 17}},
               "placeholder": "WrenOk"})
    );
    // A deal, a pair name, the blank before a name are no names.
    for (line, character) in [(0, 37), (0, 1), (1, 10)] {
        assert_eq!(c.call("textDocument/prepareRename", at(&a, line, character)), Value::Null, "at {line}:{character}");
    }
    let after = renamed(&mut c, &a, 1, 13, "Wren \"Ok\" Okafor", &[(&a, LIN_A), (&b, LIN_B)]);
    assert_eq!(after[0], LIN_A.replace("wrenok", "Wren \"Ok\" Okafor").replace("WrenOk", "Wren \"Ok\" Okafor"));
    assert_eq!(after[1], LIN_B.replace("wrenok", "Wren \"Ok\" Okafor"));
    // LIN has no quoting: a `,` would split the name in two, a `|` would end the value.
    for refused in ["Okafor, Wren", "Wren|Okafor"] {
        let mut params = at(&a, 0, 5);
        params["newName"] = json!(refused);
        let answer = c.request("textDocument/rename", params);
        assert!(answer["error"]["message"].as_str().unwrap().contains("LIN name holds no"), "{answer}");
    }
    assert!(c.shutdown().success());
}
