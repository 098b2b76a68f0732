//! The hover pictures (syntax/src/ide/picture): at every hover site — a PGN move, the FEN tag,
//! an EPD line, a PBI position, a PBN deal and a card of the play — the hover for a client that
//! shows images holds an SVG image that is well-formed XML and shows what it should (the pieces
//! on their squares, the `[%cal]` arrows, the hands' points, the trick's cards). Over stdio, a
//! client named like VS Code gets the pictures, Neovim the text diagrams unless it asks with the
//! `hoverPictures` setting. The SVGs are also written to target/hover-pictures/ to be looked at.

use kibitzer_syntax::ide::hover_with;
use kibitzer_syntax::{Lang, TextSize};
use kibitzer_tests::lsp_client::{vscode_capabilities, LspClient};
use kibitzer_tests::svg::{images, well_formed};
use serde_json::{json, Value};

const PGN: &str =
    "[Event \"Pictures\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n\
                   1. e4 $1 { [%csl Gd5][%cal Ge4d5,Rd8h4] [%clk 0:03:00] } 1... e5 *\n";
const EPD: &str = "8/8/8/4k3/8/8/3QK3/8 w - - bm Qd5+; id \"queen\";\n";
const PBI: &str = "#PBI 1.2\nComposer:4k3/8/4K3/8/8/8/8/7R:#2:::::sound:\n";
const PBN: &str = "[Board \"4\"]\n[Dealer \"W\"]\n[Vulnerable \"All\"]\n\
    [Deal \"W:KQ76.A5.KJ83.Q92 J32.KQJ4.Q76.J83 A98.T87.A52.AK76 T54.9632.T94.T54\"]\n\
    [Declarer \"E\"]\n[Contract \"3NT\"]\n[Result \"10\"]\n[Auction \"W\"]\n1D Pass 1NT Pass\n3NT Pass Pass Pass\n\
    [Play \"S\"]\nH2 H5 HQ HT\nS4 S6 SJ SA\nC4 C2 C3 C6\n*\n";

/// The one SVG of the hover at the first `needle` (plus `skip` bytes), checked well-formed and
/// written to target/hover-pictures/<name>.svg.
fn picture(lang: Lang, text: &str, needle: &str, skip: usize, name: &str) -> String {
    let offset = TextSize::from((text.find(needle).unwrap_or_else(|| panic!("{needle}")) + skip) as u32);
    let hover = hover_with(lang, text, offset, true).unwrap_or_else(|| panic!("no hover at {needle}"));
    let found = images(&hover.markdown);
    assert_eq!(found.len(), 1, "{name}: {} pictures", found.len());
    let svg = found.into_iter().next().unwrap();
    if let Err(e) = well_formed(&svg) {
        panic!("{name}: {e}\n{svg}");
    }
    let dir = kibitzer_tests::workspace().join("target/hover-pictures");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("{name}.svg")), &svg).unwrap();
    // The text diagram stays for clients without images.
    let text_hover = hover_with(lang, text, offset, false).unwrap();
    assert!(images(&text_hover.markdown).is_empty(), "{name}: {}", text_hover.markdown);
    svg
}

fn piece(svg: &str, square: &str, letter: char) -> bool {
    svg.contains(&format!("data-square=\"{square}\" data-piece=\"{letter}\""))
}

#[test]
fn a_move_shows_the_position_after_it_with_the_last_move_arrows_and_squares() {
    let svg = picture(Lang::Pgn, PGN, "e4 $1", 0, "pgn-move");
    assert!(piece(&svg, "e4", 'P') && !svg.contains("data-square=\"e2\""), "{svg}");
    assert_eq!(svg.matches("data-piece=").count(), 32);
    assert_eq!(svg.matches("class=\"arrow\"").count(), 2);
    assert!(svg.contains("data-from=\"e4\" data-to=\"d5\"") && svg.contains("data-from=\"d8\" data-to=\"h4\""));
    assert_eq!(svg.matches("class=\"mark\"").count(), 1);
    assert_eq!(svg.matches("class=\"last-move\"").count(), 2);
    // Black's reply: its own comments hold no marks.
    let reply = picture(Lang::Pgn, PGN, "e5 *", 0, "pgn-reply");
    assert!(piece(&reply, "e5", 'p') && piece(&reply, "e4", 'P') && !reply.contains("class=\"arrow\""));
}

#[test]
fn the_fen_tag_an_epd_line_and_a_pbi_position_are_boards() {
    let fen = picture(Lang::Pgn, PGN, "rnbqkbnr/pppp", 3, "pgn-fen-tag");
    assert!(piece(&fen, "e1", 'K') && piece(&fen, "d8", 'q') && piece(&fen, "e2", 'P'));
    assert_eq!(fen.matches("data-piece=").count(), 32);
    let epd = picture(Lang::Epd, EPD, "8/8", 1, "epd-line");
    assert!(piece(&epd, "e5", 'k') && piece(&epd, "d2", 'Q') && piece(&epd, "e2", 'K'));
    assert_eq!(epd.matches("data-piece=").count(), 3);
    let pbi = picture(Lang::Pbi, PBI, "4k3", 1, "pbi-position");
    assert!(piece(&pbi, "e8", 'k') && piece(&pbi, "e6", 'K') && piece(&pbi, "h1", 'R'));
}

#[test]
fn a_deal_shows_the_hands_points_and_the_contract_and_a_card_its_trick() {
    let deal = picture(Lang::Pbn, PBN, "W:KQ76", 3, "pbn-deal");
    // West KQ76.A5.KJ83.Q92 = 5+4+4+2 = 15; North J32.KQJ4.Q76.J83 = 1+6+2+1 = 10;
    // East A98.T87.A52.AK76 = 4+4+7 = 15; South T54.9632.T94.T54 = 0.
    for (seat, hcp) in [("West", 15), ("North", 10), ("East", 15), ("South", 0)] {
        assert!(deal.contains(&format!("data-seat=\"{seat}\">{hcp} HCP<")), "{seat} {hcp}: {deal}");
    }
    assert!(deal.contains("3NT E") && deal.contains("10 tricks") && deal.contains("Dealer W"), "{deal}");
    assert!(deal.contains("<tspan fill=\"#c8102e\">♥</tspan>"));
    // The second trick: S4 (South) S6 (West) SJ (North) SA (East); South led, East won.
    let trick = picture(Lang::Pbn, PBN, "SJ", 0, "pbn-card");
    assert_eq!(trick.matches("class=\"card\"").count(), 4);
    for (seat, card) in [("S", "S4"), ("W", "S6"), ("N", "SJ"), ("E", "SA")] {
        assert!(trick.contains(&format!("data-seat=\"{seat}\" data-card=\"{card}\"")), "{seat} {card}: {trick}");
    }
    assert!(trick.contains("Trick 2 · trump NT · won by East"), "{trick}");
}

fn hover_markdown(client: &mut LspClient, uri: &str, line: u32, character: u32) -> String {
    let hover = client.call("textDocument/hover", LspClient::position_params(uri, line, character));
    hover["contents"]["value"].as_str().unwrap_or_default().to_owned()
}

fn start(client_name: &str, options: Value) -> LspClient {
    let mut client = LspClient::start();
    client.call(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": vscode_capabilities(),
               "clientInfo": {"name": client_name, "version": "1.95.0"}, "initializationOptions": options}),
    );
    client.notify("initialized", json!({}));
    client
}

#[test]
fn over_stdio_vs_code_gets_pictures_and_neovim_text_unless_it_asks() {
    let uri = "file:///tmp/kibitzer-pictures/game.pgn";
    let pbn = "file:///tmp/kibitzer-pictures/deal.pbn";
    let mut code = start("Visual Studio Code", json!({"debounceMs": 0}));
    code.open(uri, "pgn", 1, PGN);
    code.open(pbn, "pbn", 1, PBN);
    // Line 4 is the movetext; `e4` at character 3.
    let md = hover_markdown(&mut code, uri, 4, 3);
    let svgs = images(&md);
    assert_eq!(svgs.len(), 1, "one picture");
    well_formed(&svgs[0]).unwrap();
    assert!(svgs[0].contains("data-square=\"e4\" data-piece=\"P\""));
    assert!(md.contains("white pawn e2–e4") && md.contains("to move · FEN `"), "the text around the picture stays");
    let deal = hover_markdown(&mut code, pbn, 3, 10);
    assert_eq!(images(&deal).len(), 1, "one deal picture");
    // Hover on a command explains it.
    let clock = hover_markdown(&mut code, uri, 4, PGN.lines().nth(4).unwrap().find("0:03").unwrap() as u32);
    assert!(clock.contains("**3 min** left"), "{clock}");
    code.shutdown();

    let mut nvim = start("Neovim", json!({"debounceMs": 0}));
    nvim.open(uri, "pgn", 1, PGN);
    let md = hover_markdown(&mut nvim, uri, 4, 3);
    assert!(images(&md).is_empty() && md.contains("```"), "{md}");
    nvim.shutdown();

    let mut asking = start("Neovim", json!({"debounceMs": 0, "hoverPictures": true}));
    asking.open(uri, "pgn", 1, PGN);
    assert_eq!(images(&hover_markdown(&mut asking, uri, 4, 3)).len(), 1);
    asking.shutdown();
}
