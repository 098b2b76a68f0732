//! `kibitzer/boardView` over stdio, as the VS Code board panel asks it: the frames of the game,
//! deal or position at the cursor, the frame the cursor is on, and ranges that lead back to the
//! text.

use kibitzer_tests::lsp_client::{vscode_capabilities, LspClient};
use serde_json::{json, Value};

const PGN_URI: &str = "file:///tmp/kibitzer-board/game.pgn";
const PGN: &str = "[White \"Anna\"]\n[Black \"Ben\"]\n\n1. e4 e5 (1... c5 2. Nf3 d6) 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n";
const PBN_URI: &str = "file:///tmp/kibitzer-board/deal.pbn";
const PBN: &str = "[Board \"7\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
[Declarer \"N\"]\n[Contract \"7NT\"]\n[Result \"13\"]\n[Play \"E\"]\nHJ H8 H5 HA\nCJ C8 C5 CA\n*\n";
const EPD_URI: &str = "file:///tmp/kibitzer-board/positions.epd";
const EPD: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 id \"after e4\";\n";

fn board_view(c: &mut LspClient, uri: &str, line: u32, character: u32) -> Value {
    c.call(
        "kibitzer/boardView",
        json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
    )
}

fn labels(view: &Value) -> Vec<&str> {
    view["frames"].as_array().unwrap().iter().map(|f| f["label"].as_str().unwrap()).collect()
}

#[test]
fn frames_follow_the_line_at_the_cursor_and_lead_back_to_the_text() {
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    c.open(PGN_URI, "pgn", 1, PGN);
    // On `Nc6` (line 3).
    let at = PGN.lines().nth(3).unwrap().find("Nc6").unwrap() as u32;
    let view = board_view(&mut c, PGN_URI, 3, at);
    assert_eq!(view["title"], "Anna – Ben");
    assert_eq!(labels(&view), ["Start", "1. e4", "1... e5", "2. Nf3", "2... Nc6", "3. Bc4", "3... Bc5", "4. O-O"]);
    assert_eq!(view["current"], 4);
    let frame = &view["frames"][4];
    assert_eq!(frame["range"], json!({"start": {"line": 3, "character": at}, "end": {"line": 3, "character": at + 3}}));
    assert_eq!(frame["fen"], "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    assert!(frame["text"].as_str().unwrap().starts_with("8 r . b q k b n r\n"), "{frame}");
    // Every frame has its board as SVG, well-formed, with the move's squares marked.
    for f in view["frames"].as_array().unwrap() {
        kibitzer_tests::svg::well_formed(f["svg"].as_str().unwrap()).unwrap();
    }
    // In the variation: the variation's line, which replaces 1... e5.
    let at = PGN.lines().nth(3).unwrap().find("d6").unwrap() as u32;
    let view = board_view(&mut c, PGN_URI, 3, at);
    assert_eq!(labels(&view), ["Start", "1. e4", "1... c5", "2. Nf3", "2... d6"]);
    assert_eq!(view["current"], 4);
    assert!(c.shutdown().success());
}

#[test]
fn a_deal_steps_through_its_tricks_and_an_epd_line_shows_its_position() {
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    c.open(PBN_URI, "pbn", 1, PBN);
    c.open(EPD_URI, "epd", 1, EPD);
    let view = board_view(&mut c, PBN_URI, 9, 1);
    assert_eq!(view["title"], "Board 7");
    assert_eq!(labels(&view), ["Deal", "Trick 1", "Trick 2"]);
    assert_eq!(view["current"], 2);
    assert_eq!(
        view["frames"][2]["range"],
        json!({"start": {"line": 9, "character": 0}, "end": {"line": 9, "character": 11}})
    );
    let text = view["frames"][2]["text"].as_str().unwrap();
    assert!(text.contains("Trick: N CA, E CJ, S C8, W C5"), "{text}");
    assert!(text.starts_with("North: ♠AKQJ ♥KQ ♦AKQ ♣AKQ\n"), "North has played the heart ace: {text}");
    // The hands and the trick as SVG; the deal has no trick picture.
    let hands = view["frames"][2]["svg"].as_str().unwrap();
    let trick = view["frames"][2]["trickSvg"].as_str().unwrap();
    kibitzer_tests::svg::well_formed(hands).unwrap();
    kibitzer_tests::svg::well_formed(trick).unwrap();
    assert!(trick.contains(r#"data-card="CA""#) && trick.contains(r#"data-card="C5""#), "{trick}");
    assert!(view["frames"][0]["svg"].is_string() && view["frames"][0].get("trickSvg").is_none());
    let epd = board_view(&mut c, EPD_URI, 0, 60);
    assert_eq!(labels(&epd), ["Line 1"]);
    assert_eq!(epd["frames"][0]["fen"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3");
    // Nothing to show: an unknown document; a position past the end of the text (taken as the
    // end, the empty line after the record), answered with null, not an error.
    assert!(board_view(&mut c, "file:///tmp/kibitzer-board/never-opened.pgn", 0, 0).is_null());
    let past = board_view(&mut c, EPD_URI, 99, 99);
    assert!(past.is_null(), "{past}");
    // Between the deal's tags, before the play: the deal itself.
    assert_eq!(board_view(&mut c, PBN_URI, 4, 2)["current"], 0);
    assert!(c.shutdown().success());
}
