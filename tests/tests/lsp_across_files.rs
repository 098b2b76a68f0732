//! `kibitzer lsp` over stdio with a workspace folder of PGN files written here: a game of the
//! open document that repeats a game of another file of the workspace is one warning naming that
//! file, with related information at the other file's game; a player spelled otherwise than the
//! commonest spelling of the workspace is a note naming that spelling; when the other
//! file changes on disk so that the copy is gone, the document is published again without it;
//! with the `acrossFiles` setting off, only the document's own findings are given; the quick
//! fixes of the findings across files are offered as the document's own are (delete the copy,
//! write the commonest spelling); and a client that pulls the workspace's diagnostics gets the
//! closed files' findings across files too, asked again only when another file changed them.

use kibitzer_tests::club::{game, ENGLISH, FRENCH, QGD, RUY};
use kibitzer_tests::lsp_client::{apply_edits, file_uri, vscode_capabilities, LspClient};
use serde_json::{json, Value};
use std::path::Path;

/// A workspace with `a.pgn` (the earlier file by name) and `b.pgn`, whose second game repeats
/// `a.pgn`'s second and whose first spells Carlsen otherwise; gives b.pgn's text.
fn workspace(dir: &Path) -> String {
    std::fs::write(dir.join("a.pgn"), [game("Carlsen, Magnus", QGD), game("Carlsen, Magnus", RUY)].concat()).unwrap();
    let b = [game("Carlsen,M", ENGLISH), game("Carlsen, Magnus", RUY)].concat();
    std::fs::write(dir.join("b.pgn"), &b).unwrap();
    b
}

fn start(dir: &Path, options: Value) -> LspClient {
    start_with(dir, options, vscode_capabilities())
}

/// [`start`] for a client with `capabilities`.
fn start_with(dir: &Path, options: Value, capabilities: Value) -> LspClient {
    let mut client = LspClient::start();
    client.call(
        "initialize",
        json!({"processId": null, "rootUri": null, "workspaceFolders": [{"uri": file_uri(dir), "name": "games"}],
               "capabilities": capabilities, "initializationOptions": options}),
    );
    client.notify("initialized", json!({}));
    client
}

/// Waits for diagnostics of `uri` that `pred` accepts, and gives them.
fn published(c: &mut LspClient, uri: &str, pred: impl Fn(&[Value]) -> bool) -> Vec<Value> {
    let msg = c.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == uri
            && pred(m["params"]["diagnostics"].as_array().map_or(&[][..], |d| d))
    });
    msg["params"]["diagnostics"].as_array().cloned().unwrap_or_default()
}

fn has(code: &'static str) -> impl Fn(&[Value]) -> bool {
    move |ds| ds.iter().any(|d| d["code"] == code)
}

#[test]
fn a_copy_of_another_files_game_is_a_warning_pointing_there_until_that_file_changes() {
    let dir = tempfile::tempdir().unwrap();
    let b = workspace(dir.path());
    let mut c = start(dir.path(), json!({"debounceMs": 0}));
    let (a_uri, b_uri) = (file_uri(&dir.path().join("a.pgn")), file_uri(&dir.path().join("b.pgn")));
    c.open(&b_uri, "pgn", 1, &b);
    let found = published(&mut c, &b_uri, has("PGN400"));
    let duplicates: Vec<&Value> = found.iter().filter(|d| d["code"] == "PGN400").collect();
    assert_eq!(duplicates.len(), 1, "{found:?}");
    let d = duplicates[0];
    assert_eq!(d["severity"], 2);
    assert_eq!(d["range"]["start"], json!({"line": 10, "character": 0}));
    assert_eq!(
        d["message"],
        "duplicate of the game at line 11 of `a.pgn` (Carlsen, Magnus – Brown, Alan): the same moves and Seven Tag Roster"
    );
    let related = &d["relatedInformation"][0];
    assert_eq!(related["location"]["uri"], a_uri);
    assert_eq!(related["location"]["range"]["start"], json!({"line": 10, "character": 0}));
    // The spelling: the commonest of the workspace.
    let spelling = found.iter().find(|d| d["code"] == "PGN402").expect("a spelling note");
    assert_eq!(
        spelling["message"],
        "player `Carlsen,M` is written `Carlsen, Magnus` 2 times across the files (first in `a.pgn`): one spelling per name"
    );
    assert_eq!(spelling["relatedInformation"][0]["location"]["uri"], a_uri);
    // a.pgn changes on disk: its second game is another game now. The client says so.
    std::fs::write(dir.path().join("a.pgn"), [game("Carlsen, Magnus", QGD), game("Carlsen, Magnus", FRENCH)].concat())
        .unwrap();
    c.notify("workspace/didChangeWatchedFiles", json!({"changes": [{"uri": a_uri, "type": 2}]}));
    let found = published(&mut c, &b_uri, |ds| !has("PGN400")(ds));
    assert!(found.iter().all(|d| d["code"] != "PGN400"), "{found:?}");
}

#[test]
fn an_open_documents_edit_republishes_the_other_open_document() {
    let dir = tempfile::tempdir().unwrap();
    let b = workspace(dir.path());
    let a = std::fs::read_to_string(dir.path().join("a.pgn")).unwrap();
    let mut c = start(dir.path(), json!({"debounceMs": 0}));
    let (a_uri, b_uri) = (file_uri(&dir.path().join("a.pgn")), file_uri(&dir.path().join("b.pgn")));
    c.open(&a_uri, "pgn", 1, &a);
    c.open(&b_uri, "pgn", 1, &b);
    published(&mut c, &b_uri, has("PGN400"));
    // In the editor, a.pgn's second game becomes another game (`1. e4 e5` → `1. e4 c5`): b.pgn's
    // copy is no longer one.
    c.change(&a_uri, 2, ((18, 6), (18, 8)), "c5");
    let found = published(&mut c, &b_uri, |ds| !has("PGN400")(ds));
    assert!(found.iter().all(|d| d["code"] != "PGN400"), "{found:?}");
}

#[test]
fn an_edit_before_a_copy_moves_its_finding_with_it() {
    // The document's facts for the checks across files are kept per game and taken again only
    // for the games an edit touched: the copy after the edited game must still be placed where
    // it now is, and where it was once the edit is undone.
    let dir = tempfile::tempdir().unwrap();
    let b = workspace(dir.path());
    let mut c = start(dir.path(), json!({"debounceMs": 0}));
    let b_uri = file_uri(&dir.path().join("b.pgn"));
    c.open(&b_uri, "pgn", 1, &b);
    let at = |found: &[Value]| -> Vec<Value> {
        found.iter().filter(|d| d["code"] == "PGN400").map(|d| d["range"]["start"].clone()).collect()
    };
    let found = published(&mut c, &b_uri, has("PGN400"));
    assert_eq!(at(&found), [json!({"line": 10, "character": 0})]);
    // A comment on a line of its own before the first game's moves: the copy is a line further.
    c.change(&b_uri, 2, ((8, 0), (8, 0)), "{a note}\n");
    let found =
        published(&mut c, &b_uri, |ds| ds.iter().any(|d| d["code"] == "PGN400" && d["range"]["start"]["line"] == 11));
    assert_eq!(at(&found), [json!({"line": 11, "character": 0})], "{found:?}");
    let spelling = found.iter().find(|d| d["code"] == "PGN402").expect("the spelling note stays");
    assert_eq!(spelling["range"]["start"], json!({"line": 4, "character": 7}));
    // Undone: back where it was.
    c.change(&b_uri, 3, ((8, 0), (9, 0)), "");
    let found =
        published(&mut c, &b_uri, |ds| ds.iter().any(|d| d["code"] == "PGN400" && d["range"]["start"]["line"] == 10));
    assert_eq!(at(&found), [json!({"line": 10, "character": 0})], "{found:?}");
}

/// Typing on a line (a blank before a tag) only moves text: the server moves the findings
/// across files it keeps instead of finding them again. The spelling note and the copy's
/// warning must be where a server opening the edited text puts them, and their quick fixes,
/// applied to the edited text, must rename and delete as they did before.
#[test]
fn typing_on_a_line_moves_the_findings_and_their_quick_fixes() {
    let dir = tempfile::tempdir().unwrap();
    let b = workspace(dir.path());
    let b_uri = file_uri(&dir.path().join("b.pgn"));
    let both = |ds: &[Value]| has("PGN400")(ds) && has("PGN402")(ds);
    let mut c = start(dir.path(), json!({"debounceMs": 0}));
    c.open(&b_uri, "pgn", 1, &b);
    let before = published(&mut c, &b_uri, both);
    let note = |ds: &[Value]| ds.iter().find(|d| d["code"] == "PGN402").map(|d| d["range"]["start"].clone());
    assert_eq!(note(&before), Some(json!({"line": 4, "character": 7})), "{before:?}");
    // A blank before `[White "Carlsen,M"]`, line 5.
    c.change(&b_uri, 2, ((4, 0), (4, 0)), " ");
    let at = b.match_indices('\n').nth(3).map(|(i, _)| i + 1).unwrap();
    let edited = format!("{} {}", &b[..at], &b[at..]);
    let moved = published(&mut c, &b_uri, |ds| both(ds) && note(ds) == Some(json!({"line": 4, "character": 8})));
    let mut fresh = start(dir.path(), json!({"debounceMs": 0}));
    fresh.open(&b_uri, "pgn", 1, &edited);
    let found_afresh = published(&mut fresh, &b_uri, both);
    assert_eq!(moved, found_afresh);
    // The fixes of the moved findings, applied to the edited text.
    let fixes = quick_fixes(&mut c, &b_uri, 4, 10);
    let renamed: Vec<String> = fixes.iter().map(|(_, edits)| apply_edits(&edited, edits)).collect();
    assert!(renamed.contains(&edited.replacen("Carlsen,M", "Carlsen, Magnus", 1)), "{fixes:?}");
    let fixes = quick_fixes(&mut c, &b_uri, 10, 1);
    let (_, delete) = fixes.iter().find(|(t, _)| t == "Delete duplicate game").unwrap_or_else(|| panic!("{fixes:?}"));
    let first_game = game("Carlsen,M", ENGLISH).trim_end().to_owned() + "\n";
    assert_eq!(apply_edits(&edited, delete), format!("{} {}", &first_game[..at], &first_game[at..]));
    assert!(c.shutdown().success() && fresh.shutdown().success());
}

#[test]
fn an_edit_before_a_pbn_spelling_moves_its_note_with_it() {
    // PBN keeps its names per game too: a note after the edited game follows it.
    let dir = tempfile::tempdir().unwrap();
    let game = |board: u32, north: &str| {
        format!("[Event \"Club\"]\n[Site \"Here\"]\n[Board \"{board}\"]\n[North \"{north}\"]\n[Dealer \"N\"]\n\n")
    };
    std::fs::write(dir.path().join("a.pbn"), [game(1, "Carlsen, Magnus"), game(2, "Carlsen, Magnus")].concat())
        .unwrap();
    let b = [game(1, "Brown, Alan"), game(2, "Carlsen,M")].concat();
    std::fs::write(dir.path().join("b.pbn"), &b).unwrap();
    let mut c = start(dir.path(), json!({"debounceMs": 0}));
    let b_uri = file_uri(&dir.path().join("b.pbn"));
    c.open(&b_uri, "pbn", 1, &b);
    let note_on =
        |line: u32| move |ds: &[Value]| ds.iter().any(|d| d["code"] == "PBN120" && d["range"]["start"]["line"] == line);
    let notes = |found: &[Value]| -> Vec<Value> {
        found.iter().filter(|d| d["code"] == "PBN120").map(|d| d["range"].clone()).collect()
    };
    let found = published(&mut c, &b_uri, note_on(9));
    let before = notes(&found);
    assert_eq!(before.len(), 1, "{found:?}");
    assert!(found.iter().any(|d| d["code"] == "PBN120" && d["message"].as_str().unwrap().contains("`a.pbn`")));
    // A tag line more in the first game: the note is a line further, at the same columns.
    c.change(&b_uri, 2, ((1, 0), (1, 0)), "[Room \"Open\"]\n");
    let found = published(&mut c, &b_uri, note_on(10));
    let mut moved = before[0].clone();
    moved["start"]["line"] = json!(10);
    moved["end"]["line"] = json!(10);
    assert_eq!(notes(&found), [moved], "{found:?}");
    c.change(&b_uri, 3, ((1, 0), (2, 0)), "");
    let found = published(&mut c, &b_uri, note_on(9));
    assert_eq!(notes(&found), before, "{found:?}");
}

#[test]
fn with_the_setting_off_only_the_documents_own_findings_are_given() {
    let dir = tempfile::tempdir().unwrap();
    let b = workspace(dir.path());
    let mut c = start(dir.path(), json!({"debounceMs": 0, "acrossFiles": false}));
    let b_uri = file_uri(&dir.path().join("b.pgn"));
    c.open(&b_uri, "pgn", 1, &b);
    let found = c.diagnostics(&b_uri, 1);
    // b.pgn alone: no duplicate, and its one `Carlsen,M` against its one `Carlsen, Magnus` (the
    // first spelling wins the tie).
    assert!(found.iter().all(|d| d["code"] != "PGN400"), "{found:?}");
    let spellings: Vec<&Value> = found.iter().filter(|d| d["code"] == "PGN402").collect();
    assert_eq!(spellings.len(), 1, "{found:?}");
    assert!(
        spellings[0]["message"].as_str().unwrap().ends_with("once in this file: one spelling per name"),
        "{found:?}"
    );
}

/// The quick fixes offered at `line`, `character` of `uri`: (title, edits).
fn quick_fixes(c: &mut LspClient, uri: &str, line: u32, character: u32) -> Vec<(String, Value)> {
    let position = json!({"line": line, "character": character});
    let actions = c.call(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": {"start": position, "end": position},
               "context": {"diagnostics": [], "only": ["quickfix"]}}),
    );
    let actions = actions.as_array().cloned().unwrap_or_default();
    actions
        .into_iter()
        .map(|a| (a["title"].as_str().unwrap_or_default().to_owned(), a["edit"]["changes"][uri].clone()))
        .collect()
}

#[test]
fn the_findings_across_files_have_their_quick_fixes() {
    let dir = tempfile::tempdir().unwrap();
    let b = workspace(dir.path());
    let mut c = start(dir.path(), json!({"debounceMs": 0}));
    let b_uri = file_uri(&dir.path().join("b.pgn"));
    c.open(&b_uri, "pgn", 1, &b);
    published(&mut c, &b_uri, has("PGN400"));
    // b.pgn's second game (line 11) repeats a.pgn's: its action deletes it, as within a file.
    let fixes = quick_fixes(&mut c, &b_uri, 10, 1);
    let (_, delete) = fixes.iter().find(|(t, _)| t == "Delete duplicate game").unwrap_or_else(|| panic!("{fixes:?}"));
    assert_eq!(apply_edits(&b, delete), game("Carlsen,M", ENGLISH).trim_end().to_owned() + "\n");
    // `Carlsen,M` (line 5) is written as the workspace writes him most often.
    let fixes = quick_fixes(&mut c, &b_uri, 4, 9);
    let renamed: Vec<String> = fixes.iter().map(|(_, edits)| apply_edits(&b, edits)).collect();
    assert!(renamed.contains(&b.replacen("Carlsen,M", "Carlsen, Magnus", 1)), "{fixes:?}");
    // Alone, b.pgn has no duplicate: no delete action unless the workspace says so.
    let mut alone = start(dir.path(), json!({"debounceMs": 0, "acrossFiles": false}));
    alone.open(&b_uri, "pgn", 1, &b);
    alone.diagnostics(&b_uri, 1);
    let fixes = quick_fixes(&mut alone, &b_uri, 10, 1);
    assert!(fixes.iter().all(|(t, _)| t != "Delete duplicate game"), "{fixes:?}");
}

/// The report of `uri` in a `workspace/diagnostic` answer.
fn report_of<'a>(answer: &'a Value, uri: &str) -> &'a Value {
    answer["items"].as_array().unwrap().iter().find(|i| i["uri"] == uri).unwrap_or_else(|| panic!("{uri}: {answer}"))
}

#[test]
fn a_workspace_pull_gives_the_closed_files_findings_across_files() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    workspace(&root);
    let mut caps = vscode_capabilities();
    caps["textDocument"]["diagnostic"] = json!({"dynamicRegistration": false});
    caps["workspace"]["diagnostics"] = json!({"refreshSupport": true});
    let mut c = start_with(&root, json!({"debounceMs": 0}), caps);
    let (a_uri, b_uri) = (file_uri(&root.join("a.pgn")), file_uri(&root.join("b.pgn")));
    // Nothing open: b.pgn's copy of a.pgn's game is found all the same, pointing into a.pgn.
    let first = c.call("workspace/diagnostic", json!({"previousResultIds": []}));
    let b = report_of(&first, &b_uri);
    let copy = b["items"].as_array().unwrap().iter().find(|d| d["code"] == "PGN400").unwrap_or_else(|| panic!("{b}"));
    assert_eq!(copy["range"]["start"], json!({"line": 10, "character": 0}));
    assert_eq!(copy["relatedInformation"][0]["location"]["uri"], a_uri);
    assert_eq!(copy["relatedInformation"][0]["location"]["range"]["start"], json!({"line": 10, "character": 0}));
    assert!(b["items"].as_array().unwrap().iter().any(|d| d["code"] == "PGN402"), "{b}");
    // a.pgn has the earlier game and the commonest spelling: nothing across files.
    let a = report_of(&first, &a_uri);
    assert!(a["items"].as_array().unwrap().iter().all(|d| d["code"] != "PGN400" && d["code"] != "PGN402"), "{a}");
    // Asked again with the ids: nothing changed.
    let ids: Vec<Value> =
        [&a_uri, &b_uri].iter().map(|u| json!({"uri": u, "value": report_of(&first, u)["resultId"]})).collect();
    let again = c.call("workspace/diagnostic", json!({"previousResultIds": ids}));
    assert_eq!(report_of(&again, &b_uri)["kind"], "unchanged", "{again}");
    // a.pgn changes on disk (its second game is another now): b.pgn, unchanged itself, is
    // reported again, without the copy.
    std::fs::write(root.join("a.pgn"), [game("Carlsen, Magnus", QGD), game("Carlsen, Magnus", FRENCH)].concat())
        .unwrap();
    let third = c.call("workspace/diagnostic", json!({"previousResultIds": ids}));
    let b = report_of(&third, &b_uri);
    assert_eq!(b["kind"], "full", "{third}");
    assert!(b["items"].as_array().unwrap().iter().all(|d| d["code"] != "PGN400"), "{b}");
    assert!(c.shutdown().success());
}

/// A game repeated within the one open document is PGN400 in the editor as in `kibitzer check`
/// (issue 65 said the duplicate check ran only in workspace diagnostics): with and without a
/// workspace folder, with `acrossFiles` on and off, pushed and pulled.
#[test]
fn a_game_repeated_in_the_open_document_is_a_duplicate_for_every_client() {
    let text = [game("Carlsen, Magnus", QGD), game("Carlsen, Magnus", RUY), game("Carlsen, Magnus", RUY)].concat();
    let expect = |found: &[Value], how: &str| {
        let duplicates: Vec<&Value> = found.iter().filter(|d| d["code"] == "PGN400").collect();
        assert_eq!(duplicates.len(), 1, "{how}: {found:?}");
        // On the third game, the copy; the second is the one kept.
        assert!(duplicates[0]["range"]["start"]["line"].as_u64() >= Some(20), "{how}: {found:?}");
    };
    let dir = tempfile::tempdir().unwrap();
    let uri = file_uri(&dir.path().join("alone.pgn"));
    for across in [true, false] {
        let mut c = start(dir.path(), json!({"debounceMs": 0, "acrossFiles": across}));
        c.open(&uri, "pgn", 1, &text);
        expect(&c.diagnostics(&uri, 1), &format!("workspace folder, acrossFiles {across}"));
    }
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    let loose = "file:///tmp/kibitzer-no-folder/alone.pgn";
    c.open(loose, "pgn", 1, &text);
    expect(&c.diagnostics(loose, 1), "no workspace folder");
    let mut pulling = vscode_capabilities();
    pulling["textDocument"]["diagnostic"] = json!({"dynamicRegistration": false, "relatedDocumentSupport": false});
    let mut c = start_with(dir.path(), json!({"debounceMs": 0}), pulling);
    c.open(&uri, "pgn", 1, &text);
    let report = c.call("textDocument/diagnostic", json!({"textDocument": {"uri": uri}}));
    expect(report["items"].as_array().expect("a full report"), "pulled");
}
