//! `kibitzer lsp` over stdio: the parts of the protocol beyond one document's features — pull
//! diagnostics (document and workspace, with result ids), inlay hints, workspace symbols, code
//! lenses and document links.

use kibitzer_tests::lsp_client::{file_uri, vscode_capabilities, LspClient};
use serde_json::{json, Value};
use std::path::Path;
use std::time::Duration;

const PGN_BAD: &str = "[Event \"Club\"]\n[White \"Carlsen, Magnus\"]\n[Black \"Nepomniachtchi, Ian\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n";
const PGN_GOOD: &str = "[Event \"Club\"]\n[White \"Carlsen, Magnus\"]\n[Black \"Nepomniachtchi, Ian\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n";
const PGN_CLOCK: &str = "[Event \"Rated blitz\"]\n[Site \"https://lichess.org/abcdEFGH\"]\n[Annotator \"see http://example.org/notes.\"]\n[TimeControl \"180+2\"]\n\n\
    1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:02:58] }\n2. Nf3 { [%clk 0:02:55] } *\n";
const PBN: &str = "[Event \"Pairs\"]\n[Board \"7\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
    [Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n\
    [Declarer \"S\"]\n[Contract \"3NT\"]\n[Result \"9\"]\n[Play \"W\"]\nS2 SA S8 S5\nS3 SK S9 S6\n*\n";

/// Capabilities of a client that pulls diagnostics (as VS Code and Neovim ≥ 0.10 declare).
fn pulling() -> Value {
    let mut caps = vscode_capabilities();
    caps["textDocument"]["diagnostic"] = json!({"dynamicRegistration": false, "relatedDocumentSupport": false});
    caps["workspace"]["diagnostics"] = json!({"refreshSupport": true});
    caps["textDocument"]["inlayHint"] = json!({"dynamicRegistration": false});
    caps
}

fn start(capabilities: Value, options: Value, root: Option<&Path>) -> (LspClient, Value) {
    let mut client = LspClient::start();
    let folders = root.map(|r| json!([{"uri": file_uri(r), "name": "games"}]));
    let result = client.call(
        "initialize",
        json!({"processId": null, "rootUri": null, "workspaceFolders": folders,
               "capabilities": capabilities, "initializationOptions": options}),
    );
    client.notify("initialized", json!({}));
    (client, result)
}

fn doc(uri: &str) -> Value {
    json!({"textDocument": {"uri": uri}})
}

fn codes(items: &Value) -> Vec<String> {
    items.as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap_or_default().to_owned()).collect()
}

/// Waits a little and says whether any diagnostics were pushed for `uri`.
fn pushed(c: &mut LspClient, uri: &str) -> bool {
    std::thread::sleep(Duration::from_millis(300));
    // A round trip: whatever the server sent before its answer has arrived.
    c.call("workspace/symbol", json!({"query": "zzz-nothing"}));
    c.notifications.iter().any(|n| n["method"] == "textDocument/publishDiagnostics" && n["params"]["uri"] == uri)
}

#[test]
fn document_pull_answers_unchanged_for_the_same_diagnostics_and_nothing_is_pushed() {
    let (mut c, init) = start(pulling(), json!({"debounceMs": 0}), None);
    let provider = &init["capabilities"]["diagnosticProvider"];
    assert_eq!(provider["interFileDependencies"], false);
    assert_eq!(provider["workspaceDiagnostics"], true);
    let uri = "file:///tmp/kibitzer-pull/a.pgn";
    c.open(uri, "pgn", 1, PGN_BAD);
    let first = c.call("textDocument/diagnostic", doc(uri));
    assert_eq!(first["kind"], "full", "{first}");
    assert!(!first["items"].as_array().unwrap().is_empty(), "{first}");
    let id = first["resultId"].as_str().expect("a result id").to_owned();
    let again = c.call("textDocument/diagnostic", json!({"textDocument": {"uri": uri}, "previousResultId": id}));
    assert_eq!(again, json!({"kind": "unchanged", "resultId": id}));
    // An edit that leaves the diagnostics as they were (another event name): still unchanged.
    c.change(uri, 2, ((0, 8), (0, 12)), "Cafe");
    let same = c.call("textDocument/diagnostic", json!({"textDocument": {"uri": uri}, "previousResultId": id}));
    assert_eq!(same["kind"], "unchanged", "{same}");
    // An edit that fixes the move: a new full report.
    c.change(uri, 3, ((5, 12), (5, 15)), "Nf3");
    let fixed = c.call("textDocument/diagnostic", json!({"textDocument": {"uri": uri}, "previousResultId": id}));
    assert_eq!(fixed["kind"], "full", "{fixed}");
    assert_ne!(fixed["resultId"], json!(id));
    assert!(fixed["items"].as_array().unwrap().len() < first["items"].as_array().unwrap().len(), "{fixed}");
    // The client pulls: nothing was pushed.
    assert!(!pushed(&mut c, uri), "{:?}", c.notifications);
    // An unknown document: an empty report, not an error.
    let unknown = c.call("textDocument/diagnostic", doc("file:///nowhere/x.pgn"));
    assert_eq!(unknown["kind"], "full");
    assert_eq!(unknown["items"], json!([]));
    assert!(c.shutdown().success());
}

#[test]
fn a_client_that_does_not_pull_still_gets_diagnostics_pushed() {
    let (mut c, _) = start(vscode_capabilities(), json!({"debounceMs": 0}), None);
    let uri = "file:///tmp/kibitzer-push/a.pgn";
    c.open(uri, "pgn", 1, PGN_BAD);
    let pushed = c.diagnostics(uri, 1);
    assert!(!pushed.is_empty());
    // Pulling is answered all the same, with the same diagnostics.
    let pulled = c.call("textDocument/diagnostic", doc(uri));
    assert_eq!(pulled["items"], json!(pushed));
    assert!(c.shutdown().success());
}

#[test]
fn workspace_pull_checks_the_files_of_the_folder_and_skips_unchanged_ones() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::write(root.join("a.pgn"), PGN_BAD).unwrap();
    std::fs::write(root.join("b.pbn"), PBN).unwrap();
    std::fs::create_dir(root.join("sub")).unwrap();
    std::fs::write(root.join("sub/c.epd"), "8/8/8/8/8/8/8/8 w - - bm e4;\n").unwrap();
    std::fs::create_dir(root.join(".hidden")).unwrap();
    std::fs::write(root.join(".hidden/x.pgn"), PGN_BAD).unwrap();
    std::fs::write(root.join("notes.txt"), "not a game").unwrap();
    // Walked as `check` walks: ignored folders, links and loops add nothing.
    std::fs::create_dir(root.join("build")).unwrap();
    std::fs::write(root.join("build/out.pgn"), PGN_BAD).unwrap();
    std::fs::write(root.join(".gitignore"), "build/\n").unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(".", root.join("self")).unwrap();
        std::os::unix::fs::symlink("a.pgn", root.join("link.pgn")).unwrap();
    }
    let (mut c, _) = start(pulling(), json!({"debounceMs": 0}), Some(&root));
    // The open document is answered from its editor text (fixed), with its version.
    let a = file_uri(&root.join("a.pgn"));
    c.open(&a, "pgn", 4, PGN_GOOD);
    let report = c.call("workspace/diagnostic", json!({"previousResultIds": []}));
    let items = report["items"].as_array().unwrap();
    let by_uri = |uri: &str| items.iter().find(|i| i["uri"] == uri).cloned().unwrap_or(Value::Null);
    let uris: Vec<&str> = items.iter().map(|i| i["uri"].as_str().unwrap()).collect();
    assert_eq!(items.len(), 3, "{uris:?}");
    assert_eq!(by_uri(&a)["version"], 4);
    assert_eq!(by_uri(&a)["kind"], "full");
    let c_epd = by_uri(&file_uri(&root.join("sub/c.epd")));
    assert_eq!(codes(&c_epd["items"]), ["FEN012", "FEN012"], "{c_epd}");
    // The CLI says the same of the file on disk.
    let cli = std::process::Command::new(kibitzer_tests::kibitzer())
        .args(["check", "--format", "json"])
        .arg(root.join("sub/c.epd"))
        .output()
        .unwrap();
    let cli: Value = serde_json::from_slice(&cli.stdout).unwrap();
    assert_eq!(cli.as_array().unwrap().len(), c_epd["items"].as_array().unwrap().len(), "{cli}");
    // Asked again with the ids: everything unchanged.
    let previous: Vec<Value> = items.iter().map(|i| json!({"uri": i["uri"], "value": i["resultId"]})).collect();
    let again = c.call("workspace/diagnostic", json!({"previousResultIds": previous}));
    let kinds: Vec<&str> = again["items"].as_array().unwrap().iter().map(|i| i["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["unchanged"; 3], "{again}");
    // A file changed on disk is read again.
    std::fs::write(root.join("b.pbn"), PBN.replace("[Result \"9\"]", "[Result \"99\"]")).unwrap();
    let third = c.call("workspace/diagnostic", json!({"previousResultIds": previous}));
    let b = file_uri(&root.join("b.pbn"));
    let b_report = third["items"].as_array().unwrap().iter().find(|i| i["uri"] == b.as_str()).cloned().unwrap();
    assert_eq!(b_report["kind"], "full", "{third}");
    assert!(!b_report["items"].as_array().unwrap().is_empty(), "{b_report}");
    // Saving a document changes no setting: nothing is read again.
    let ids = |report: &Value, before: &[Value]| -> Vec<Value> {
        let mut ids: Vec<Value> = before.to_vec();
        for item in report["items"].as_array().unwrap() {
            if let Some(id) = ids.iter_mut().find(|p| p["uri"] == item["uri"]) {
                id["value"] = item["resultId"].clone();
            }
        }
        ids
    };
    let previous = ids(&third, &previous);
    c.notify("textDocument/didSave", doc(&a));
    let fourth = c.call("workspace/diagnostic", json!({"previousResultIds": previous}));
    let kinds: Vec<&str> = fourth["items"].as_array().unwrap().iter().map(|i| i["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["unchanged"; 3], "{fourth}");
    // New settings: the client is asked to pull again, and every file on disk is checked again.
    c.notify("workspace/didChangeConfiguration", json!({"settings": {"rules": {"FEN012": "off"}}}));
    c.wait_for(|m| m["method"] == "workspace/diagnostic/refresh");
    let fifth = c.call("workspace/diagnostic", json!({"previousResultIds": previous}));
    let epd = fifth["items"].as_array().unwrap().iter().find(|i| i["uri"] == c_epd["uri"]).cloned().unwrap();
    assert_eq!((epd["kind"].as_str(), epd["items"].as_array().map(Vec::len)), (Some("full"), Some(0)), "{epd}");
    assert!(c.shutdown().success());
}

/// The files a workspace pull reported, relative to `root`, in order.
fn reported(report: &Value, root: &Path) -> Vec<String> {
    let prefix = format!("{}/", file_uri(root).as_str());
    let mut names: Vec<String> = report["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["uri"].as_str().unwrap().trim_start_matches(&prefix).to_owned())
        .collect();
    names.sort();
    names
}

#[cfg(unix)]
#[test]
fn the_walk_setting_follows_links_and_reads_ignored_and_hidden_files_as_the_cli_flags_do() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().canonicalize().unwrap();
    let root = base.join("games");
    std::fs::create_dir_all(root.join(".hidden")).unwrap();
    std::fs::create_dir_all(root.join("build")).unwrap();
    std::fs::create_dir_all(base.join("elsewhere")).unwrap();
    std::fs::write(root.join("a.pgn"), PGN_BAD).unwrap();
    std::fs::write(root.join(".hidden/h.pgn"), PGN_BAD.replace("Carlsen, Magnus", "Hidden, Harry")).unwrap();
    std::fs::write(root.join("build/b.pgn"), PGN_BAD.replace("Carlsen, Magnus", "Ignored, Ida")).unwrap();
    std::fs::write(root.join(".gitignore"), "build/\n").unwrap();
    std::fs::write(base.join("elsewhere/e.pgn"), PGN_BAD.replace("Carlsen, Magnus", "Linked, Lena")).unwrap();
    std::os::unix::fs::symlink("../elsewhere", root.join("linked")).unwrap();
    // A loop: followed, it is entered once, and the walk ends.
    std::os::unix::fs::symlink(".", root.join("self")).unwrap();
    let symbols = |c: &mut LspClient, query: &str| -> usize {
        c.call("workspace/symbol", json!({"query": query})).as_array().map_or(0, Vec::len)
    };

    // By default, as `kibitzer check games/`: links not followed, ignored and hidden files left out.
    let (mut c, _) = start(pulling(), json!({"debounceMs": 0}), Some(&root));
    let report = c.call("workspace/diagnostic", json!({"previousResultIds": []}));
    assert_eq!(reported(&report, &root), ["a.pgn"], "{report}");
    assert_eq!(symbols(&mut c, "Linked"), 0);
    // As `--follow --no-ignore --hidden`: every file once, the loop not walked around.
    let walk_all = json!({"walk": {"follow": true, "noIgnore": true, "hidden": true}});
    c.notify("workspace/didChangeConfiguration", json!({"settings": walk_all}));
    c.wait_for(|m| m["method"] == "workspace/diagnostic/refresh");
    let report = c.call("workspace/diagnostic", json!({"previousResultIds": []}));
    assert_eq!(reported(&report, &root), [".hidden/h.pgn", "a.pgn", "build/b.pgn", "linked/e.pgn"], "{report}");
    assert_eq!(symbols(&mut c, "Linked"), 1);
    assert_eq!(symbols(&mut c, "Ignored"), 1);
    assert!(c.shutdown().success());

    // The same setting sent at initialisation, one flag at a time, walks as the CLI's flag.
    let cli_files = |flag: &str| -> Vec<String> {
        let out = std::process::Command::new(kibitzer_tests::kibitzer())
            .args(["check", "--format", "json", flag])
            .arg(&root)
            .output()
            .unwrap();
        let diagnostics: Value = serde_json::from_slice(&out.stdout).unwrap();
        let mut files: Vec<String> = diagnostics
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["path"].as_str().unwrap().trim_start_matches(&format!("{}/", root.display())).to_owned())
            .collect();
        files.sort();
        files.dedup();
        files
    };
    for (setting, flag) in [("follow", "--follow"), ("noIgnore", "--no-ignore"), ("hidden", "--hidden")] {
        let (mut c, _) = start(pulling(), json!({"walk": {setting: true}}), Some(&root));
        let report = c.call("workspace/diagnostic", json!({"previousResultIds": []}));
        assert_eq!(reported(&report, &root), cli_files(flag), "{setting}: {report}");
        assert!(c.shutdown().success());
    }
}

fn labels(hints: &Value) -> Vec<String> {
    hints.as_array().unwrap().iter().map(|h| h["label"].as_str().unwrap().to_owned()).collect()
}

fn range(l1: u32, c1: u32, l2: u32, c2: u32) -> Value {
    json!({"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}})
}

#[test]
fn inlay_hints_show_points_tricks_and_clock_time_for_the_asked_range() {
    let (mut c, init) = start(pulling(), json!({"debounceMs": 0}), None);
    assert_eq!(init["capabilities"]["inlayHintProvider"], true);
    let pbn = "file:///tmp/kibitzer-hints/deals.pbn";
    let pgn = "file:///tmp/kibitzer-hints/games.pgn";
    c.open(pbn, "pbn", 1, PBN);
    c.open(pgn, "pgn", 1, PGN_CLOCK);
    let all = c.call("textDocument/inlayHint", json!({"textDocument": {"uri": pbn}, "range": range(0, 0, 20, 0)}));
    assert_eq!(labels(&all), ["10", "10", "10", "10", "NS 1/1", "NS 2/2"], "{all}");
    // The first hand's points right after it: `[Deal "N:` is 9 characters, the hand 16.
    assert_eq!(all[0]["position"], json!({"line": 4, "character": 25}));
    assert_eq!(all[4]["position"], json!({"line": 9, "character": 11}));
    assert!(all[4]["tooltip"].as_str().unwrap().contains("South"), "{all}");
    // Only the asked range: the play rows.
    let play = c.call("textDocument/inlayHint", json!({"textDocument": {"uri": pbn}, "range": range(9, 0, 10, 0)}));
    assert_eq!(labels(&play), ["NS 1/1"]);
    // PGN: time spent from the clocks (180+2: 3:00 after the first move is 2 s spent); plies off.
    let clocks = c.call("textDocument/inlayHint", json!({"textDocument": {"uri": pgn}, "range": range(0, 0, 9, 0)}));
    assert_eq!(labels(&clocks), ["2s", "4s", "7s"], "{clocks}");
    assert_eq!(clocks[0]["position"], json!({"line": 5, "character": 5}));
    // Out-of-range positions and unknown documents: no panic.
    let far = c.call("textDocument/inlayHint", json!({"textDocument": {"uri": pgn}, "range": range(900, 0, 1000, 9)}));
    assert_eq!(far, json!([]));
    let unknown =
        c.call("textDocument/inlayHint", json!({"textDocument": {"uri": "file:///x.pgn"}, "range": range(0, 0, 1, 0)}));
    assert!(unknown.is_null());
    assert!(c.shutdown().success());
}

#[test]
fn ply_hints_are_a_setting() {
    let (mut c, _) = start(pulling(), json!({"inlayHints": {"plyCount": true, "clockTime": false}}), None);
    let pgn = "file:///tmp/kibitzer-hints/plies.pgn";
    c.open(pgn, "pgn", 1, PGN_CLOCK);
    let hints = c.call("textDocument/inlayHint", json!({"textDocument": {"uri": pgn}, "range": range(0, 0, 9, 0)}));
    assert_eq!(labels(&hints), ["ply 1", "ply 2", "ply 3"], "{hints}");
    assert!(c.shutdown().success());
}

#[test]
fn workspace_symbols_find_games_by_player_event_and_board_in_open_and_closed_files() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::write(root.join("wch.pgn"), PGN_GOOD).unwrap();
    std::fs::write(root.join("pairs.pbn"), PBN.replace("[Dealer", "[North \"Zia Mahmood\"]\n[Dealer")).unwrap();
    let (mut c, init) = start(pulling(), json!({}), Some(&root));
    assert_eq!(init["capabilities"]["workspaceSymbolProvider"], true);
    let open = "file:///tmp/kibitzer-symbols/open.pgn";
    c.open(open, "pgn", 1, &PGN_CLOCK.replace("Rated blitz", "Titled Arena"));
    let names = |found: &Value| -> Vec<String> {
        found.as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().to_owned()).collect()
    };
    let nepo = c.call("workspace/symbol", json!({"query": "nepo"}));
    assert_eq!(nepo.as_array().unwrap().len(), 1, "{nepo}");
    assert_eq!(nepo[0]["location"]["uri"], file_uri(&root.join("wch.pgn")));
    assert_eq!(nepo[0]["location"]["range"]["start"], json!({"line": 0, "character": 0}));
    assert_eq!(nepo[0]["containerName"], "wch.pgn");
    // Fuzzy: the letters in order.
    assert_eq!(names(&c.call("workspace/symbol", json!({"query": "carlnepo"}))).len(), 1);
    let board = c.call("workspace/symbol", json!({"query": "board 7"}));
    assert!(names(&board)[0].starts_with("Board 7"), "{board}");
    // A PBN game by its players.
    let zia = c.call("workspace/symbol", json!({"query": "mahmood"}));
    assert!(names(&zia)[0].starts_with("Board 7"), "{zia}");
    let arena = c.call("workspace/symbol", json!({"query": "titled arena"}));
    assert_eq!(arena[0]["location"]["uri"], open, "{arena}");
    assert_eq!(c.call("workspace/symbol", json!({"query": "kasparov"})), json!([]));
    assert!(c.shutdown().success());
}

#[test]
fn code_lenses_offer_show_board_above_each_game_and_deal() {
    let (mut c, init) = start(pulling(), json!({}), None);
    assert!(init["capabilities"]["codeLensProvider"].is_object());
    let pgn = "file:///tmp/kibitzer-lens/two.pgn";
    c.open(pgn, "pgn", 1, &format!("{PGN_GOOD}\n{PGN_CLOCK}"));
    let lenses = c.call("textDocument/codeLens", doc(pgn));
    let lenses = lenses.as_array().unwrap();
    assert_eq!(lenses.len(), 2, "{lenses:?}");
    assert_eq!(lenses[0]["command"]["command"], "kibitzer.showBoard");
    assert_eq!(lenses[0]["command"]["title"], "Show board");
    assert_eq!(lenses[1]["range"]["start"], json!({"line": 7, "character": 0}));
    assert_eq!(lenses[1]["command"]["arguments"], json!([{"uri": pgn, "position": {"line": 7, "character": 0}}]));
    let pbn = "file:///tmp/kibitzer-lens/deal.pbn";
    c.open(pbn, "pbn", 1, PBN);
    // Show board, then the deal's BBO handviewer link (tests/tests/lin_lsp.rs checks the link).
    let lenses = c.call("textDocument/codeLens", doc(pbn));
    let titles: Vec<&str> =
        lenses.as_array().unwrap().iter().map(|l| l["command"]["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["Show board", "Open in BBO handviewer"], "{lenses}");
    let epd = "file:///tmp/kibitzer-lens/a.epd";
    c.open(epd, "epd", 1, "8/8/8/8/8/8/8/K6k w - - bm Kb2;\n");
    assert_eq!(c.call("textDocument/codeLens", doc(epd)), json!([]));
    assert!(c.shutdown().success());
}

#[test]
fn document_links_cover_exactly_the_urls_of_tag_values() {
    let (mut c, init) = start(pulling(), json!({}), None);
    assert!(init["capabilities"]["documentLinkProvider"].is_object());
    let pgn = "file:///tmp/kibitzer-links/game.pgn";
    c.open(pgn, "pgn", 1, PGN_CLOCK);
    let links = c.call("textDocument/documentLink", doc(pgn));
    let links = links.as_array().unwrap();
    assert_eq!(links.len(), 2, "{links:?}");
    assert_eq!(links[0]["target"], "https://lichess.org/abcdEFGH");
    assert_eq!(links[0]["range"], range(1, 7, 1, 35));
    // The sentence's full stop is not part of the URL.
    assert_eq!(links[1]["target"], "http://example.org/notes");
    assert_eq!(links[1]["range"], range(2, 16, 2, 40));
    assert!(c.call("textDocument/documentLink", doc("file:///nowhere.pgn")).is_null());
    assert!(c.shutdown().success());
}

/// Inlay hints and a pull on a 10 MB PGN: the hints of a screenful cost that screenful's games,
/// before the first check (the server has not cut the text yet) and after it.
#[test]
fn inlay_hints_of_a_screen_of_a_ten_megabyte_pgn_are_fast() {
    let mut game = String::from("[Event \"Rated blitz\"]\n[White \"A\"]\n[Black \"B\"]\n[TimeControl \"180+2\"]\n\n");
    let mut clock = [1800u32, 1800u32];
    for ply in 0..80u32 {
        let side = (ply % 2) as usize;
        clock[side] = clock[side] + 20 - 37;
        let (m, s) = (clock[side] / 600, clock[side] / 10 % 60);
        let mv =
            if side == 0 { ["Nf3", "Ng1"][(ply / 2 % 2) as usize] } else { ["Nf6", "Ng8"][(ply / 2 % 2) as usize] };
        if side == 0 {
            game.push_str(&format!("{}. ", ply / 2 + 1));
        }
        game.push_str(&format!("{mv} {{ [%clk 0:{m:02}:{s:02}] }} "));
        if ply % 8 == 7 {
            game.push('\n');
        }
    }
    game.push_str("*\n\n");
    let text = game.repeat(10_000_000 / game.len() + 1);
    let lines = text.lines().count() as u32;
    let (mut c, _) = start(pulling(), json!({}), None);
    let uri = "file:///tmp/kibitzer-big/clocks.pgn";
    c.open(uri, "pgn", 1, &text);
    let middle = lines / 2;
    let screen = json!({"textDocument": {"uri": uri}, "range": range(middle, 0, middle + 50, 0)});
    let started = std::time::Instant::now();
    let cold = c.call("textDocument/inlayHint", screen.clone());
    let cold_time = started.elapsed();
    // 3.7 s a move on clocks that show whole seconds.
    let shown = labels(&cold);
    assert!(shown.iter().all(|l| ["2s", "3s", "4s"].contains(&l.as_str())), "{:?}", &shown[..5]);
    assert!(labels(&cold).len() > 100, "{} hints", labels(&cold).len());
    c.call("textDocument/diagnostic", doc(uri));
    let started = std::time::Instant::now();
    let warm = c.call("textDocument/inlayHint", screen);
    let warm_time = started.elapsed();
    assert_eq!(warm, cold);
    eprintln!(
        "inlay hints of 50 lines of {} MB: {cold_time:?} before the first check, {warm_time:?} after",
        text.len() >> 20
    );
    assert!(warm_time < Duration::from_millis(500), "{warm_time:?}");
    assert!(cold_time < Duration::from_secs(3), "{cold_time:?}");
    assert!(c.shutdown().success());
}
