//! `kibitzer lsp` over stdio: the editor features on small hand-written documents, the same
//! diagnostics as `kibitzer check`, and a 10 MB PGN.

use kibitzer_tests::lsp_client::{
    apply_edits as apply_locally, file_uri, neovim_capabilities, vscode_capabilities, LspClient,
};
use serde_json::{json, Value};
use std::path::PathBuf;

const PGN_URI: &str = "file:///tmp/kibitzer-test/games.pgn";
const PGN: &str = "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n1. e4 $1 {a comment\nover two lines} (1. d4 d5) 1-0\n\n[Event \"Two\"]\n[White \"Cy\"]\n\n1. d4 *\n";
const PBN_URI: &str = "file:///tmp/kibitzer-test/deals.pbn";
const PBN: &str = "[Board \"7\"]\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n[Declarer \"N\"]\n[Contract \"4S\"]\n[Result \"10\"]\n[Auction \"N\"]\n1S =1= Pass 4S AP\n[Note \"1:five spades\"]\n";

fn started() -> LspClient {
    let mut client = LspClient::start();
    client.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    client.open(PGN_URI, "pgn", 1, PGN);
    client.open(PBN_URI, "pbn", 1, PBN);
    client
}

fn doc(uri: &str) -> Value {
    json!({"textDocument": {"uri": uri}})
}

#[test]
fn hover_explains_tags_nags_deals_and_notes() {
    let mut c = started();
    let hover = c.call("textDocument/hover", LspClient::position_params(PGN_URI, 1, 2));
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(text.contains("PGN 8.1.1.5"), "{text}");
    assert_eq!(hover["contents"]["kind"], "markdown");
    assert_eq!(hover["range"], json!({"start": {"line": 1, "character": 1}, "end": {"line": 1, "character": 6}}));
    // A move shows the opening it reaches (the lichess table names 1. e4 and 1. d4 d5).
    let e4 = c.call("textDocument/hover", LspClient::position_params(PGN_URI, 5, 4));
    let e4 = e4["contents"]["value"].as_str().unwrap();
    assert!(e4.contains("Opening: B00 King's Pawn Game (lichess chess-openings)"), "{e4}");
    let d5 = c.call("textDocument/hover", LspClient::position_params(PGN_URI, 6, 24));
    let d5 = d5["contents"]["value"].as_str().unwrap();
    assert!(d5.contains("Opening: D00 Queen's Pawn Game (lichess chess-openings)"), "{d5}");
    let nag = c.call("textDocument/hover", LspClient::position_params(PGN_URI, 5, 7));
    assert!(nag["contents"]["value"].as_str().unwrap().contains("good move"));
    let deal = c.call("textDocument/hover", LspClient::position_params(PBN_URI, 1, 12));
    assert!(deal["contents"]["value"].as_str().unwrap().contains("10 HCP, 4-3-3-3"), "{deal}");
    let note = c.call("textDocument/hover", LspClient::position_params(PBN_URI, 6, 4));
    assert_eq!(note["contents"]["value"], "**Note =1=**: five spades");
    // Nothing to say about whitespace.
    assert!(c.call("textDocument/hover", LspClient::position_params(PGN_URI, 4, 0)).is_null());
    assert!(c.shutdown().success());
}

#[test]
fn completion_offers_tag_names_and_values_with_their_ranges() {
    let mut c = started();
    c.change(PBN_URI, 2, ((8, 0), (8, 0)), "[Vul");
    let items = c.call("textDocument/completion", LspClient::position_params(PBN_URI, 8, 4));
    let items = items.as_array().unwrap();
    assert_eq!(items.len(), 1, "{items:?}");
    assert_eq!(items[0]["label"], "Vulnerable");
    assert_eq!(items[0]["textEdit"]["range"]["start"], json!({"line": 8, "character": 1}));
    assert_eq!(items[0]["documentation"]["kind"], "markdown");
    c.change(PBN_URI, 3, ((8, 4), (8, 4)), "nerable \"\"]");
    let items = c.call("textDocument/completion", LspClient::position_params(PBN_URI, 8, 13));
    let labels: Vec<&str> = items.as_array().unwrap().iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert!(labels.contains(&"None") && labels.contains(&"All"), "{labels:?}");
    assert!(c.shutdown().success());
}

#[test]
fn outline_folding_and_semantic_tokens_cover_each_game() {
    let mut c = started();
    let symbols = c.call("textDocument/documentSymbol", doc(PGN_URI));
    let names: Vec<&str> = symbols.as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Ann – Bob, Club, 1-0", "Cy – ?, Two"]);
    assert_eq!(symbols[0]["range"]["start"]["line"], 0);
    assert_eq!(symbols[0]["range"]["end"]["line"], 6);
    let pbn = c.call("textDocument/documentSymbol", doc(PBN_URI));
    assert_eq!(pbn[0]["name"], "Board 7: 4S by N, 10 tricks");

    let folds = c.call("textDocument/foldingRange", doc(PGN_URI));
    let folds: Vec<(u64, u64, &str)> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["startLine"].as_u64().unwrap(), f["endLine"].as_u64().unwrap(), f["kind"].as_str().unwrap()))
        .collect();
    assert!(folds.contains(&(0, 6, "region")), "{folds:?}");
    assert!(folds.contains(&(5, 6, "comment")), "{folds:?}");

    let tokens = c.call("textDocument/semanticTokens/full", doc(PGN_URI));
    let data = tokens["data"].as_array().unwrap();
    assert_eq!(data.len() % 5, 0);
    // The first token: `Event` on line 0, column 1, five long, a property (type 0).
    assert_eq!(&data[..5], &[json!(0), json!(1), json!(5), json!(0), json!(0)]);
    assert!(c.shutdown().success());
}

#[test]
fn note_references_lead_to_their_note_and_back() {
    let mut c = started();
    let def = c.call("textDocument/definition", LspClient::position_params(PBN_URI, 6, 4));
    assert_eq!(def["uri"], PBN_URI);
    assert_eq!(def["range"]["start"], json!({"line": 7, "character": 0}));
    let refs = c.call(
        "textDocument/references",
        json!({"textDocument": {"uri": PBN_URI}, "position": {"line": 7, "character": 3}, "context": {"includeDeclaration": false}}),
    );
    assert_eq!(refs.as_array().unwrap().len(), 1, "{refs}");
    assert_eq!(refs[0]["range"]["start"], json!({"line": 6, "character": 3}));
    assert!(c.shutdown().success());
}

/// A range as ((line, UTF-16 column), (line, UTF-16 column)).
type LineRange = ((u32, u32), (u32, u32));

/// `text` with `range` replaced by `new`, as the server applies it.
fn edited(text: &str, range: LineRange, new: &str) -> String {
    let offset = |(line, col): (u32, u32)| {
        let start: usize = text.split_inclusive('\n').take(line as usize).map(str::len).sum();
        let mut units = 0;
        let rest = &text[start..];
        let width = rest.char_indices().find(|(_, ch)| {
            units += ch.len_utf16() as u32;
            units > col
        });
        start + width.map_or(rest.len(), |(i, _)| i)
    };
    let (a, b) = (offset(range.0), offset(range.1));
    [&text[..a], new, &text[b..]].concat()
}

/// Outline, folding and semantic tokens are cached per game and reused after edits elsewhere:
/// after a series of edits, with every view asked for after each (so that the caches are
/// filled and carried over), they equal those of the same text opened fresh.
#[test]
fn views_after_edits_equal_those_of_the_same_text_opened_fresh() {
    let game = |n: usize| {
        format!("[Event \"G{n} \u{e9}t\u{e9}\"]\r\n[White \"W{n}\"]\r\n[Black \"B{n}\"]\r\n[Result \"*\"]\r\n\r\n1. e4 {{\u{1F600} a\r\ncomment}} e5 (1... c5\r\n2. Nf3) 2. Nf3 *\r\n\r\n")
    };
    let mut text: String = (0..6).map(game).collect();
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    let uri = "file:///tmp/kibitzer-test/edited.pgn";
    c.open(uri, "pgn", 1, &text);
    c.diagnostics(uri, 1);
    let views = |c: &mut LspClient, uri: &str| {
        [
            c.call("textDocument/documentSymbol", doc(uri)),
            c.call("textDocument/foldingRange", doc(uri)),
            // The tokens, not the id of the answer.
            c.call("textDocument/semanticTokens/full", doc(uri))["data"].take(),
        ]
    };
    let before = views(&mut c, uri);
    assert_eq!(before[0].as_array().unwrap().len(), 6);
    let new_game = game(9);
    let edits: [(LineRange, &str); 6] = [
        (((18, 0), (18, 0)), &new_game),                   // a game inserted between two
        (((0, 9), (0, 9)), "x"),                           // a keystroke in the first title
        (((33, 0), (34, 0)), ""),                          // a movetext line deleted
        (((5, 0), (5, 0)), "\r\n"),                        // lines inserted: later games move
        (((7, 13), (7, 14)), "\u{1F600}"),                 // an astral character in a comment
        (((44, 0), (45, 0)), "[Event \"split\"]\r\n\r\n"), // a game cut in two
    ];
    for (version, (range, new)) in (2..).zip(edits) {
        text = edited(&text, range, new);
        c.change(uri, version, range, new);
        c.diagnostics(uri, version);
        views(&mut c, uri);
    }
    let fresh = "file:///tmp/kibitzer-test/fresh.pgn";
    c.open(fresh, "pgn", 1, &text);
    c.diagnostics(fresh, 1);
    let after = views(&mut c, uri);
    assert_ne!(after, before);
    assert_eq!(after, views(&mut c, fresh));
    assert!(c.shutdown().success());
}

/// Applies LSP text edits (non-overlapping) by sending them as one didChange, last first so that
/// the positions of the others stay valid.
fn apply(c: &mut LspClient, uri: &str, version: i64, edits: &Value) {
    let mut edits = edits.as_array().unwrap().clone();
    edits.sort_by_key(|e| (e["range"]["start"]["line"].as_u64(), e["range"]["start"]["character"].as_u64()));
    let changes: Vec<Value> = edits.iter().rev().map(|e| json!({"range": e["range"], "text": e["newText"]})).collect();
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}),
    );
}

#[test]
fn formatting_gives_the_export_format_as_minimal_edits_and_is_idempotent() {
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    let uri = "file:///tmp/kibitzer-test/fmt.pgn";
    c.open(uri, "pgn", 1, "[Event \"x\"]\n[Result \"*\"]\n\n1.e4   e5 2.Nf3 *\n");
    let options = json!({"tabSize": 8, "insertSpaces": false});
    let edits = c.call("textDocument/formatting", json!({"textDocument": {"uri": uri}, "options": options}));
    assert!(!edits.as_array().unwrap().is_empty(), "{edits}");
    apply(&mut c, uri, 2, &edits);
    c.diagnostics(uri, 2);
    let again = c.call("textDocument/formatting", json!({"textDocument": {"uri": uri}, "options": options}));
    assert_eq!(again, json!([]), "formatting twice changes nothing");
    let hover = c.call("textDocument/hover", LspClient::position_params(uri, 4, 4));
    assert!(hover.is_null() || hover["contents"].is_object());
    assert!(c.shutdown().success());
}

#[test]
fn code_actions_and_selection_ranges_answer() {
    let mut c = started();
    let actions = c.call(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": PGN_URI}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 12, "character": 0}}, "context": {"diagnostics": []}}),
    );
    assert!(actions.is_array(), "{actions}");
    let selection = c.call(
        "textDocument/selectionRange",
        json!({"textDocument": {"uri": PGN_URI}, "positions": [{"line": 5, "character": 4}]}),
    );
    assert_eq!(
        selection[0]["range"],
        json!({"start": {"line": 5, "character": 3}, "end": {"line": 5, "character": 5}})
    );
    assert!(c.shutdown().success());
}

/// The shared corpus, when present.
fn corpus() -> Option<PathBuf> {
    kibitzer_tests::corpus("")
}

/// A diagnostic as both sides give it: 1-based line and column (characters), code, message.
type Place = (u64, u64, String, String);

/// Published diagnostics as [`Place`]s (the client asked for UTF-32 columns, the CLI's).
fn places_published(found: &[Value]) -> Vec<Place> {
    let text = |d: &Value, k: &str| d[k].as_str().unwrap().to_owned();
    let at = |d: &Value, k: &str| d["range"]["start"][k].as_u64().unwrap() + 1;
    found.iter().map(|d| (at(d, "line"), at(d, "character"), text(d, "code"), text(d, "message"))).collect()
}

/// `kibitzer check --format json` of `path` (with `args` before it) as [`Place`]s.
fn places_checked(args: &[&str], path: &std::path::Path) -> Vec<Place> {
    let out = std::process::Command::new(kibitzer_tests::kibitzer())
        .args(["check", "--format", "json"])
        .args(args)
        .arg(path)
        .output()
        .unwrap();
    let found: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    let text = |d: &Value, k: &str| d[k].as_str().unwrap().to_owned();
    let at = |d: &Value, k: &str| d[k].as_u64().unwrap();
    found.iter().map(|d| (at(d, "line"), at(d, "column"), text(d, "code"), text(d, "message"))).collect()
}

/// The language server reports exactly what `kibitzer check` reports for the same files.
#[test]
fn diagnostics_equal_the_cli_on_corpus_samples() {
    let Some(corpus) = corpus() else {
        eprintln!("skipped: no ../shared/corpus");
        return;
    };
    let files = [
        "pgn/pgn-reader/twic1599_10k.pgn",
        "pgn/pgn-reader/lichess_db_10k.pgn",
        "pbn/reference/pbn_v21_2007-05-17.txt",
    ];
    let mut client = LspClient::start();
    // UTF-32 columns are the CLI's character columns.
    client.initialize(json!({"general": {"positionEncodings": ["utf-32"]}}), json!({"debounceMs": 0}));
    for (i, file) in files.iter().enumerate() {
        let path = corpus.join(file);
        let Ok(bytes) = std::fs::read(&path) else { continue };
        let text = kibitzer_syntax::text::decode(&bytes).text;
        let lang = if file.starts_with("pbn") { "pbn" } else { "pgn" };
        let uri = format!("{}.{lang}", file_uri(&std::env::temp_dir().join(format!("kibitzer-parity-{i}"))));
        client.open(&uri, lang, 1, &text);
        let lsp = places_published(&client.diagnostics(&uri, 1));
        // The server's default maxDiagnostics.
        let cli: Vec<Place> = places_checked(&["--lang", lang], &path).into_iter().take(1000).collect();
        assert_eq!(lsp, cli, "{file}");
    }
    assert!(client.shutdown().success());
}

/// A PBN document of over a megabyte, which the server checks on every core from guessed
/// states when it opens it, gives the diagnostics `kibitzer check` gives of the same file, also
/// when a guess is wrong (`% EXPORT` before game 1000 puts the later games in export format);
/// then a `{` typed into a game whose `}` is two games later joins those games, as `check` of
/// the edited file does.
#[test]
fn a_large_pbn_is_published_as_check_finds_it_after_opening_and_an_edit() {
    let game = |n: usize| {
        let note = if n == 4003 { "{ a note }\n" } else { "" };
        format!(
            "[Event \"{}\"]\n[Site \"Club\"]\n[Board \"{n}\"]\n{note}[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
             [Deal \"N:AKQJ.AKQJ.AKQ.AK T987.T987.JT9.QJ 6543.6543.876.T9 2.2.5432.8765432\"]\n\
             [Contract \"4S\"]\n[Declarer \"N\"]\n[Result \"{}\"]\n\n",
            if n == 1 { "Pairs" } else { "#" },
            n % 14
        )
    };
    let mut text: String =
        (1..=6000).map(|n| if n == 1000 { format!("% EXPORT\n{}", game(n)) } else { game(n) }).collect();
    assert!(text.len() > 1 << 20);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("large.pbn");
    let uri = file_uri(&path);
    let mut client = LspClient::start();
    client.initialize(
        json!({"general": {"positionEncodings": ["utf-32"]}}),
        json!({"debounceMs": 0, "maxDiagnostics": 1_000_000}),
    );
    let compare = |client: &mut LspClient, text: &str, version: i64| {
        std::fs::write(&path, text).unwrap();
        let lsp = places_published(&client.diagnostics(&uri, version));
        let cli = places_checked(&[], &path);
        assert!(cli.len() > 1000, "{}", cli.len());
        assert_eq!(lsp, cli, "version {version}");
    };
    client.open(&uri, "pbn", 1, &text);
    compare(&mut client, &text, 1);
    // `{` at the start of game 4001's Board line: its `}` is game 4003's.
    let line = text[..text.find("[Board \"4001\"]").unwrap()].matches('\n').count() as u32;
    client.change(&uri, 2, ((line, 0), (line, 0)), "{");
    let at = text.find("[Board \"4001\"]").unwrap();
    text.insert(at, '{');
    compare(&mut client, &text, 2);
    assert!(client.shutdown().success());
}

/// A 10 MB PGN opens, is checked, and stays responsive to edits and hover.
#[test]
fn a_ten_megabyte_pgn_is_served() {
    let Some(corpus) = corpus() else {
        eprintln!("skipped: no ../shared/corpus");
        return;
    };
    let Ok(one) = std::fs::read_to_string(corpus.join("pgn/pgn-reader/twic1599_1000k.pgn")) else {
        eprintln!("skipped: twic1599_1000k.pgn missing");
        return;
    };
    let text = one.repeat(10);
    let mut client = LspClient::start();
    client.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    let uri = "file:///tmp/kibitzer-test/big.pgn";
    client.open(uri, "pgn", 1, &text);
    client.diagnostics(uri, 1);
    let last_line = text.lines().count() as u32 - 1;
    client.change(uri, 2, ((last_line, 0), (last_line, 0)), " ");
    client.diagnostics(uri, 2);
    let hover = client.call("textDocument/hover", LspClient::position_params(uri, 0, 2));
    assert!(hover["contents"]["value"].as_str().unwrap().contains("Event"));
    assert!(client.shutdown().success());
}

/// A diagnostic's fix is offered as a quick fix on it, and the safe ones as "fix all".
#[test]
fn fixes_become_quick_fixes_and_fix_all() {
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    let uri = "file:///tmp/kibitzer-test/castle.pgn";
    c.open(uri, "pgn", 1, "[Event \"x\"]\n\n1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. 0-0 *\n");
    let diagnostics = c.diagnostics(uri, 1);
    let castle = diagnostics.iter().find(|d| d["code"] == "PGN210").expect("PGN210 for 0-0");
    let range = castle["range"].clone();
    assert_eq!(range["start"], json!({"line": 2, "character": 34}));
    let actions = c.call(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": range, "context": {"diagnostics": [castle]}}),
    );
    let actions = actions.as_array().unwrap();
    let quick = actions.iter().find(|a| a["kind"] == "quickfix").expect("a quick fix");
    assert_eq!(quick["title"], "Replace `0-0` with `O-O`");
    assert_eq!(quick["isPreferred"], true);
    assert_eq!(quick["diagnostics"][0]["code"], "PGN210");
    let edit = &quick["edit"]["changes"][uri][0];
    assert_eq!(edit["newText"], "O-O");
    assert_eq!(edit["range"], range);
    assert!(actions.iter().any(|a| a["kind"] == "source.fixAll"));
    // Applying it clears the diagnostic.
    c.change(uri, 2, ((2, 34), (2, 37)), "O-O");
    assert!(c.diagnostics(uri, 2).iter().all(|d| d["code"] != "PGN210"));
    assert!(c.shutdown().success());
}

/// Hover on a move shows the position after it (also in a variation, and why an illegal move
/// cannot be played); completion offers the legal moves that start with what is typed.
#[test]
fn moves_hover_with_their_position_and_complete_to_legal_moves() {
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    let uri = "file:///tmp/kibitzer-test/moves.pgn";
    c.open(uri, "pgn", 1, "[Event \"x\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Ke3 *\n");
    c.diagnostics(uri, 1);
    let hover = c.call("textDocument/hover", LspClient::position_params(uri, 2, 21));
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(text.starts_with("**2. Nf3**: white knight g1–f3"), "{text}");
    assert!(text.contains("FEN `rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2`"), "{text}");
    assert_eq!(hover["range"], json!({"start": {"line": 2, "character": 21}, "end": {"line": 2, "character": 24}}));
    let illegal = c.call("textDocument/hover", LspClient::position_params(uri, 2, 29));
    assert!(illegal["contents"]["value"].as_str().unwrap().contains("cannot be played"), "{illegal}");

    c.change(uri, 2, ((2, 25), (2, 32)), " 2. N");
    let items = c.call("textDocument/completion", LspClient::position_params(uri, 2, 30));
    let labels: Vec<&str> = items.as_array().unwrap().iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["Na3", "Nc3", "Ne2", "Nf3", "Nh3"]);
    assert_eq!(items[0]["textEdit"]["range"]["start"], json!({"line": 2, "character": 29}));
    assert!(c.shutdown().success());
}

/// Calls and cards hover with who made or played them; completion offers the legal calls after
/// the auction so far and the cards the next player may play.
#[test]
fn calls_and_cards_hover_and_complete_from_the_auction_and_play() {
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    let uri = "file:///tmp/kibitzer-test/play.pbn";
    let text = "[Dealer \"W\"]\n[Deal \"W:KQ76.A5.KJ83.Q92 J32.KQJ4.Q76.J83 A98.T87.A52.AK76 T54.9632.T94.T54\"]\n\
                [Declarer \"E\"]\n[Contract \"3NT\"]\n[Auction \"W\"]\n1D Pass 1NT Pass\n3NT Pass Pass Pass\n\
                [Play \"S\"]\nH2 H5 HQ HT\nS4 \n";
    c.open(uri, "pbn", 1, text);
    c.diagnostics(uri, 1);
    let call = c.call("textDocument/hover", LspClient::position_params(uri, 5, 8));
    assert_eq!(call["contents"]["value"], "**1NT**: East's call in round 1 — bids 1 no trump *(PBN 3.5)*");
    let card = c.call("textDocument/hover", LspClient::position_params(uri, 8, 6));
    let card = card["contents"]["value"].as_str().unwrap();
    assert!(card.starts_with("**HQ** (queen of hearts): trick 1, played by North; South led; won by North"), "{card}");
    // West's card of trick 2 (South's column comes first): any card West still holds.
    let items = c.call("textDocument/completion", LspClient::position_params(uri, 9, 3));
    let labels: Vec<&str> = items.as_array().unwrap().iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["SK", "SQ", "S7", "S6", "HA", "DK", "DJ", "D8", "D3", "CQ", "C9", "C2"]);
    // Completing a call in a new auction: East after West's 1D.
    c.change(uri, 2, ((5, 0), (6, 18)), "1D ");
    let items = c.call("textDocument/completion", LspClient::position_params(uri, 5, 3));
    let labels: Vec<&str> = items.as_array().unwrap().iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert_eq!(labels[..4], ["Pass", "X", "1H", "1S"]);
    assert!(c.shutdown().success());
}

fn code_actions(c: &mut LspClient, uri: &str, line: u32, only: Option<&[&str]>) -> Vec<Value> {
    let position = json!({"line": line, "character": 0});
    let mut context = json!({"diagnostics": []});
    if let Some(only) = only {
        context["only"] = json!(only);
    }
    let actions = c.call(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": {"start": position, "end": position}, "context": context}),
    );
    actions.as_array().unwrap().clone()
}

/// "Format this game" rewrites only the game at the cursor, as `kibitzer fmt` would; its edit
/// is computed on `codeAction/resolve`.
#[test]
fn format_this_game_touches_only_that_game() {
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    let uri = "file:///tmp/kibitzer-test/two.pgn";
    let first = "[Event \"a\"]\n\n1.e4   e5 *\n\n";
    let second = "[Event \"b\"]\n\n1.d4   d5 2.c4 *\n";
    let text = format!("{first}{second}");
    c.open(uri, "pgn", 1, &text);
    c.diagnostics(uri, 1);
    let actions = code_actions(&mut c, uri, 6, None);
    let action_again =
        |actions: &[Value]| actions.iter().find(|a| a["title"] == "Format this game").expect("offered").clone();
    let action = action_again(&actions);
    assert_eq!(action["kind"], "refactor.rewrite");
    assert!(action["edit"].is_null(), "the edit waits for resolve: {action}");
    let resolved = c.call("codeAction/resolve", action);
    let edits = &resolved["edit"]["changes"][uri];
    assert!(!edits.as_array().unwrap().is_empty(), "{resolved}");
    let after = apply_locally(&text, edits);
    assert!(after.starts_with(first), "the first game is left as it was:\n{after}");
    // Offered for version 1, resolved after an edit: no edit rather than one in the wrong place.
    c.change(uri, 2, ((0, 0), (0, 0)), "\n");
    let stale = c.call("codeAction/resolve", action_again(&actions));
    assert!(stale["edit"].is_null(), "{stale}");
    let formatted_second =
        kibitzer_syntax::format::format(kibitzer_syntax::Lang::Pgn, second, &Default::default()).text;
    assert_eq!(&after[first.len()..], formatted_second);
    assert!(c.shutdown().success());
}

/// "Convert to export format" is a source action on the whole document: the export-format
/// fixes, then the formatter; the result passes an export-mode check.
#[test]
fn convert_to_export_format_rewrites_the_document() {
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    let uri = "file:///tmp/kibitzer-test/export.pgn";
    let text = "[White \"Ann\"]\n[Event \"x\"]\n\n1.e4! e5 2. Nf3 Nc6 3. Bb5 a6 4. 0-0 *\n";
    c.open(uri, "pgn", 1, text);
    c.diagnostics(uri, 1);
    let actions = code_actions(&mut c, uri, 0, Some(&["source.convertToExport"]));
    assert_eq!(actions.len(), 1, "{actions:?}");
    assert_eq!(actions[0]["title"], "Convert to export format");
    let resolved = c.call("codeAction/resolve", actions[0].clone());
    let after = apply_locally(text, &resolved["edit"]["changes"][uri]);
    let options = kibitzer_syntax::CheckOptions { mode: kibitzer_syntax::Mode::Export, ..Default::default() };
    assert_eq!(kibitzer_syntax::check(kibitzer_syntax::Lang::Pgn, &after, &options), vec![], "{after}");
    assert!(after.starts_with("[Event \"x\"]\n[Site \"?\"]") && after.contains("4. O-O *"), "{after}");
    assert!(c.shutdown().success());
}

/// Every safe fix that `kibitzer check --fix` applies to the fixtures is offered as a preferred
/// quick fix on its diagnostic, with the same edits; "apply every safe fix" gives the text
/// `check --fix` writes.
#[test]
fn every_fix_of_check_fix_is_a_quick_fix() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    let mut checked = 0;
    for dir in ["pgn/rules", "pbn/rules", "epd/rules"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(dir)).unwrap().flatten().map(|e| e.path()).collect();
        files.sort();
        for (i, path) in files.iter().enumerate() {
            let Some(lang) = kibitzer_syntax::Lang::from_path(path) else { continue };
            let text = kibitzer_syntax::text::decode(&std::fs::read(path).unwrap()).text;
            let options = kibitzer_syntax::CheckOptions::default();
            let diagnostics = kibitzer_syntax::check(lang, &text, &options);
            let fixable: Vec<_> = diagnostics
                .iter()
                .filter(|d| {
                    d.fix.as_ref().is_some_and(|f| f.applicability == kibitzer_syntax::diagnostic::Applicability::Safe)
                })
                .collect();
            if fixable.is_empty() {
                continue;
            }
            let uri = format!("file:///tmp/kibitzer-test/fix-{}-{i}.{}", dir.replace('/', "-"), lang.id());
            c.open(&uri, lang.id(), 1, &text);
            let published = c.diagnostics(&uri, 1);
            let index = kibitzer_syntax::text::LineIndex::with_breaks(&text, lang.line_breaks());
            let pos = |o| {
                let lc = index.line_col(&text, o, kibitzer_syntax::text::ColumnUnit::Utf16);
                json!({"line": lc.line, "character": lc.col})
            };
            for d in fixable {
                let range = json!({"start": pos(d.range.start()), "end": pos(d.range.end())});
                let on_it: Vec<&Value> =
                    published.iter().filter(|p| p["range"] == range && p["code"] == d.code).collect();
                let actions = c.call(
                    "textDocument/codeAction",
                    json!({"textDocument": {"uri": uri}, "range": range, "context": {"diagnostics": on_it, "only": ["quickfix"]}}),
                );
                let fix = d.fix.as_ref().unwrap();
                let quick = actions
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|a| a["title"] == fix.title.as_str() && a["diagnostics"][0]["code"] == d.code)
                    .unwrap_or_else(|| panic!("{}: no quick fix `{}` for {}", path.display(), fix.title, d.code));
                assert_eq!(quick["isPreferred"], true);
                let edits = quick["edit"]["changes"][uri.as_str()].as_array().unwrap();
                assert_eq!(edits.len(), fix.edits.len());
                for (e, k) in edits.iter().zip(&fix.edits) {
                    assert_eq!(e["newText"], k.replacement.as_str());
                    assert_eq!(e["range"], json!({"start": pos(k.range.start()), "end": pos(k.range.end())}));
                }
                checked += 1;
            }
            // "Apply every safe fix" writes what `check --fix` writes.
            let all = c.call(
                "textDocument/codeAction",
                json!({"textDocument": {"uri": uri}, "range": {"start": pos(0.into()), "end": pos(0.into())}, "context": {"diagnostics": [], "only": ["source.fixAll"]}}),
            );
            let resolved = c.call("codeAction/resolve", all[0].clone());
            let fixed = kibitzer_syntax::fix::fix_all(lang, &text, &options).unwrap();
            assert_eq!(apply_locally(&text, &resolved["edit"]["changes"][uri.as_str()]), fixed, "{}", path.display());
        }
    }
    assert!(checked >= 10, "only {checked} fixes found in the fixtures");
    assert!(c.shutdown().success());
}

/// A client that cannot resolve code actions (Neovim's defaults) gets the edits at once.
#[test]
fn without_resolve_support_actions_carry_their_edits() {
    let mut c = LspClient::start();
    c.initialize(neovim_capabilities(), json!({"debounceMs": 0}));
    let uri = "file:///tmp/kibitzer-test/eager.pgn";
    let text = "[Event \"x\"]\n\n1.e4 e5 2.Nf3 *\n";
    c.open(uri, "pgn", 1, text);
    c.diagnostics(uri, 1);
    // Not offered to an automatic request: without resolve they would be computed every time.
    assert!(code_actions(&mut c, uri, 2, None).iter().all(|a| a["kind"] != "source.convertToExport"));
    let actions = code_actions(&mut c, uri, 2, Some(&["source", "refactor"]));
    let convert = actions.iter().find(|a| a["kind"] == "source.convertToExport").expect("offered");
    assert!(convert["data"].is_null(), "{convert}");
    let after = apply_locally(text, &convert["edit"]["changes"][uri]);
    assert_eq!(after, kibitzer_syntax::fix::to_export(kibitzer_syntax::Lang::Pgn, text, &Default::default()));
    let game = actions.iter().find(|a| a["title"] == "Format this game").expect("offered");
    assert!(!game["edit"]["changes"][uri].as_array().unwrap().is_empty());
    assert!(c.shutdown().success());
}

/// A large semantic-token answer is written straight as JSON by the server (not through a
/// `serde_json::Value` tree, see `server/src/lsp/parked.rs`): the client receives the same
/// tokens as through the plain path, which a range request over the whole document takes; so
/// is a large outline.
#[test]
fn a_large_semantic_token_answer_is_the_same_as_the_plain_one() {
    let game = "[Event \"Big\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 {a comment} 5. O-O Be7 *\n\n";
    let text = game.repeat(2000);
    let lines = text.lines().count() as u32;
    let uri = "file:///tmp/kibitzer-test/big.pgn";
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    c.open(uri, "pgn", 1, &text);
    let full = c.call("textDocument/semanticTokens/full", doc(uri));
    let whole = json!({"start": {"line": 0, "character": 0}, "end": {"line": lines + 1, "character": 0}});
    let range = c.call("textDocument/semanticTokens/range", json!({"textDocument": {"uri": uri}, "range": whole}));
    let data = full["data"].as_array().unwrap();
    assert!(data.len() / 5 > 20_000, "large enough to take the parked path: {} tokens", data.len() / 5);
    assert_eq!(full["data"], range["data"]);
    let result_id = full["resultId"].as_str().expect("an answer a delta can follow");
    assert!(!result_id.starts_with("kibitzer-parked"), "no stand-in reaches the client: {result_id}");
    // And the server goes on answering.
    assert_eq!(c.call("textDocument/semanticTokens/full", doc(uri))["data"], range["data"]);
    // The outline of so many games is written straight as JSON too.
    let symbols = c.call("textDocument/documentSymbol", doc(uri));
    let symbols = symbols.as_array().unwrap();
    assert_eq!(symbols.len(), 2000);
    assert!(symbols.iter().all(|s| s["name"].as_str().unwrap().starts_with("Ann – Bob")), "{}", symbols[0]);
    assert_eq!(symbols[1999]["range"]["start"]["line"], 1999 * 7);
    assert!(c.shutdown().success());
}

/// Large answers of edits — a whole-document formatting, "convert to export format" resolved
/// or sent with the action to a client that cannot resolve — are written straight as JSON too:
/// the client receives edits that give the engine's text, never a stand-in.
#[test]
fn large_edit_answers_give_the_engines_text() {
    let game = "[Event \"Big\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\n1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 *\n\n";
    let text = game.repeat(1500);
    let uri = "file:///tmp/kibitzer-test/big-format.pgn";
    let pgn = kibitzer_syntax::Lang::Pgn;
    let formatted = kibitzer_syntax::format::format(pgn, &text, &Default::default()).text;
    let export = kibitzer_syntax::fix::to_export(pgn, &text, &Default::default());
    let no_stand_in = |edits: &Value| {
        let edits = edits.as_array().expect("edits");
        assert!(edits.len() > 1_000, "large enough to take the parked path: {} edits", edits.len());
        assert!(edits.iter().all(|e| !e["newText"].as_str().unwrap().contains("kibitzer-parked")));
    };

    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    c.open(uri, "pgn", 1, &text);
    let options = json!({"tabSize": 4, "insertSpaces": true});
    let edits = c.call("textDocument/formatting", json!({"textDocument": {"uri": uri}, "options": options}));
    no_stand_in(&edits);
    assert_eq!(apply_locally(&text, &edits), formatted);
    let actions = code_actions(&mut c, uri, 0, Some(&["source.convertToExport"]));
    let resolved = c.call("codeAction/resolve", actions[0].clone());
    assert_eq!(resolved["title"], "Convert to export format");
    no_stand_in(&resolved["edit"]["changes"][uri]);
    assert_eq!(apply_locally(&text, &resolved["edit"]["changes"][uri]), export);
    assert!(c.shutdown().success());

    // A client without `codeAction/resolve` gets the edits with the actions.
    let mut c = LspClient::start();
    c.initialize(neovim_capabilities(), json!({"debounceMs": 0}));
    c.open(uri, "pgn", 1, &text);
    let actions = code_actions(&mut c, uri, 0, Some(&["source.convertToExport"]));
    assert_eq!(actions.len(), 1, "{}", actions.len());
    assert_eq!(actions[0]["title"], "Convert to export format");
    no_stand_in(&actions[0]["edit"]["changes"][uri]);
    assert_eq!(apply_locally(&text, &actions[0]["edit"]["changes"][uri]), export);
    assert!(c.shutdown().success());
}

/// After edits, an editor asks for what changed in the semantic tokens since its last answer
/// (`semanticTokens/full/delta`): applied to its copy, the delta gives the tokens a whole answer
/// gives, and it carries only the tokens around the edit.
#[test]
fn semantic_token_deltas_keep_a_client_up_to_date() {
    let game = |n: usize| format!("[Event \"G{n}\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 {{a comment}} Nc6 $1 *\n\n");
    let text: String = (0..300).map(game).collect();
    let uri = "file:///tmp/kibitzer-test/delta.pgn";
    let mut c = LspClient::start();
    let capabilities = c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    assert_eq!(capabilities["capabilities"]["semanticTokensProvider"]["full"], json!({"delta": true}));
    c.open(uri, "pgn", 1, &text);
    // Asked before the first check has cut the text into games, a delta would be the whole answer.
    c.diagnostics(uri, 1);
    let first = c.call("textDocument/semanticTokens/full", doc(uri));
    let mut tokens: Vec<Value> = first["data"].as_array().unwrap().clone();
    let mut result_id = first["resultId"].as_str().expect("a result id").to_owned();
    let numbers = |v: &Value| v.as_array().unwrap().len();
    // A move typed, a line inserted (every game after it moves down), a game's tags removed.
    let edits = [((150 * 5 + 3, 9), (150 * 5 + 3, 9), " d3"), ((20 * 5, 0), (20 * 5, 0), "\n"), ((7, 0), (8, 0), "")];
    for (version, (start, end, new_text)) in (2..).zip(edits) {
        c.change(uri, version, (start, end), new_text);
        let delta = c.call(
            "textDocument/semanticTokens/full/delta",
            json!({"textDocument": {"uri": uri}, "previousResultId": result_id}),
        );
        let keys: Vec<&String> = delta.as_object().unwrap().keys().collect();
        let edits = delta["edits"].as_array().unwrap_or_else(|| panic!("a delta, not {keys:?}"));
        for e in edits.iter().rev() {
            let at = e["start"].as_u64().unwrap() as usize;
            let deleted = e["deleteCount"].as_u64().unwrap() as usize;
            let data = e["data"].as_array().cloned().unwrap_or_default();
            assert!(
                data.len() < 5 * 40,
                "edit {version}: only the tokens around the edit: {} numbers of {}",
                data.len(),
                tokens.len()
            );
            tokens.splice(at..at + deleted, data);
        }
        result_id = delta["resultId"].as_str().expect("a result id").to_owned();
        let whole = c.call(
            "textDocument/semanticTokens/range",
            json!({"textDocument": {"uri": uri},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 9999, "character": 0}}}),
        );
        assert_eq!(tokens.len(), numbers(&whole["data"]), "after edit {version}");
        assert_eq!(Value::Array(tokens.clone()), whole["data"], "after edit {version}");
    }
    // An unknown previous answer gets the whole answer.
    let full = c.call(
        "textDocument/semanticTokens/full/delta",
        json!({"textDocument": {"uri": uri}, "previousResultId": "no such answer"}),
    );
    assert_eq!(full["data"], Value::Array(tokens));
    assert!(c.shutdown().success());
}

/// "Add ECO and Opening tags" on a game without them: the tags `check --fix --add-eco` would
/// add to that game only (the first game lacks them too: its edits are not in the action), after
/// its last tag.
#[test]
fn a_game_without_opening_tags_is_offered_them() {
    let mut c = started();
    let at = |line: u32| json!({"textDocument": {"uri": PGN_URI}, "range": {"start": {"line": line, "character": 3}, "end": {"line": line, "character": 3}}, "context": {"diagnostics": [], "only": ["refactor.rewrite.openings"]}});
    // Line 11 is the second game's `1. d4 *`.
    let actions = c.call("textDocument/codeAction", at(11));
    let actions = actions.as_array().unwrap();
    assert_eq!(actions.len(), 1, "{actions:?}");
    assert_eq!(actions[0]["title"], "Add ECO and Opening tags");
    let edits = &actions[0]["edit"]["changes"][PGN_URI];
    assert_eq!(
        edits,
        &json!([{"range": {"start": {"line": 9, "character": 12}, "end": {"line": 9, "character": 12}},
                 "newText": "\n[ECO \"A40\"]\n[Opening \"Queen's Pawn Game\"]"}]),
        "{actions:?}"
    );
    assert!(c.shutdown().success());
}
