//! BBO's LIN in the language server, over stdio against the real `kibitzer lsp`: hover on a LIN
//! deal (`md|…|`) draws the hands as a PBN Deal's hover does, with dealer, vulnerability and the
//! deal as PBN tags; a PBN deal's hover and a code lens above its game offer BBO's handviewer
//! link, whose `lin=` parameter is the board `kibitzer convert --to lin` writes.

use kibitzer_tests::lsp_client::{vscode_capabilities, LspClient};
use kibitzer_tests::run_kibitzer;
use serde_json::{json, Value};

const LIN_URI: &str = "file:///tmp/kibitzer-lin-lsp/club-night.lin";
const PBN_URI: &str = "file:///tmp/kibitzer-lin-lsp/club-night.pbn";

/// Two invented boards, one a line as BBO writes them: East deals the second, both vulnerable.
const LIN: &str = "pn|Alma,Brun,Cato,Dove|st||md|3S2345H2345D2345C2,S6789H6789D6789C3,STJQKHTJQKDTJQKC4,|sv|o|ah|Board 1|mb|p|mb|p|mb|p|mb|p|pg||\n\
pn|Alma,Brun,Cato,Dove|st||md|4SAKQJHT98D765C432,S432HAKQJDT98C765,ST98H765D432CAKQJ,|sv|b|ah|Board 2|mb|1C!|an|strong|mb|p|pg||\n";

/// An invented PBN game: West deals, East-West vulnerable.
const PBN: &str =
    "[Event \"Club night\"]\n[Board \"3\"]\n[West \"Dove\"]\n[North \"Cato\"]\n[East \"Brun\"]\n[South \"Alma\"]\n\
[Dealer \"W\"]\n[Vulnerable \"EW\"]\n\
[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n";

const HANDVIEWER: &str = "https://www.bridgebase.com/tools/handviewer.html?lin=";

/// The text of `%XX` escapes read back (what a browser does with the `lin` parameter).
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).expect("a %XX escape"));
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).expect("UTF-8")
}

/// The first handviewer link in `text`, up to the first character a percent-encoded link never has.
fn handviewer_link(text: &str) -> Option<&str> {
    let start = text.find(HANDVIEWER)?;
    let rest = &text[start..];
    let end = rest.find([')', '`', ' ', '\n']).unwrap_or(rest.len());
    Some(&rest[..end])
}

/// The markdown of a hover at (line, character).
fn hover(c: &mut LspClient, uri: &str, line: u32, character: u32) -> Value {
    c.call("textDocument/hover", LspClient::position_params(uri, line, character))
}

fn started() -> LspClient {
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    c
}

#[test]
fn hover_on_a_lin_deal_draws_the_four_hands_with_dealer_and_vulnerability() {
    let mut c = started();
    c.open(LIN_URI, "lin", 1, LIN);
    // Line 1, inside the second board's `md` value.
    let md = LIN.lines().nth(1).unwrap().find("md|").unwrap() as u32;
    let answer = hover(&mut c, LIN_URI, 1, md + 6);
    let text = answer["contents"]["value"].as_str().unwrap_or_else(|| panic!("a hover: {answer}"));
    // South's hand (the first of `md`) and North's, drawn as the PBN Deal hover draws them.
    for suit in ["♠ AKQJ", "♥ T98", "♦ 765", "♣ 432"] {
        assert!(text.contains(suit), "South's {suit}: {text}");
    }
    assert!(text.contains("♠ T98") && text.contains("♣ AKQJ"), "North's hand: {text}");
    assert!(text.contains("HCP"), "{text}");
    assert!(text.contains("dealer **E**, vulnerable **All**"), "{text}");
    // The reverse of the handviewer: the board as PBN.
    assert!(
        text.contains("[Deal \"E:765.432.AKQJ.T98 AKQJ.T98.765.432 432.AKQJ.T98.765 T98.765.432.AKQJ\"]"),
        "{text}"
    );
    assert!(text.contains("[Dealer \"E\"]") && text.contains("[Vulnerable \"All\"]"), "{text}");
    // The hover's range is the `md` pair of that line.
    assert_eq!(answer["range"]["start"], json!({"line": 1, "character": md}), "{answer}");
    // Elsewhere on the board (the players) no deal hover.
    let players = hover(&mut c, LIN_URI, 0, 5);
    assert!(!players.to_string().contains("HCP"), "{players}");
    assert!(c.shutdown().success());
}

#[test]
fn a_pbn_deal_offers_its_bbo_handviewer_link_in_hover_and_code_lens() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("club-night.pbn"), PBN).unwrap();
    let converted = run_kibitzer(&["convert", "club-night.pbn", "--to", "lin"], dir.path(), None);
    assert!(converted.status.success(), "{}", String::from_utf8_lossy(&converted.stderr));
    let lin = String::from_utf8(converted.stdout).unwrap();
    let lin = lin.trim_end();

    let mut c = started();
    c.open(PBN_URI, "pbn", 1, PBN);
    let deal_line = PBN.lines().position(|l| l.starts_with("[Deal ")).unwrap() as u32;
    let answer = hover(&mut c, PBN_URI, deal_line, 10);
    let text = answer["contents"]["value"].as_str().unwrap_or_else(|| panic!("a hover: {answer}"));
    assert!(text.contains("♠ AKQJ"), "the deal's picture comes first: {text}");
    let link = handviewer_link(text).unwrap_or_else(|| panic!("a handviewer link: {text}"));
    let board = percent_decode(&link[HANDVIEWER.len()..]);
    assert_eq!(board, lin, "the link's board is what convert --to lin writes");
    // West deals (LIN's dealer 2), South West North hands, East's left out; East-West vulnerable.
    assert!(board.contains("|md|2S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,|"), "{board}");
    assert!(board.contains("|sv|e|"), "{board}");
    assert!(board.starts_with("pn|Alma,Dove,Cato,Brun|"), "{board}");

    let lenses = c.call("textDocument/codeLens", json!({"textDocument": {"uri": PBN_URI}}));
    let handviewer: Vec<&Value> =
        lenses.as_array().unwrap().iter().filter(|l| l["command"]["title"] == "Open in BBO handviewer").collect();
    assert_eq!(handviewer.len(), 1, "{lenses}");
    assert_eq!(handviewer[0]["command"]["command"], "vscode.open");
    assert_eq!(handviewer[0]["command"]["arguments"], json!([link]), "{lenses}");
    assert_eq!(handviewer[0]["range"]["start"], json!({"line": 0, "character": 0}));
    // A LIN document has no lens (its deals are already LIN).
    c.open(LIN_URI, "lin", 1, LIN);
    assert_eq!(c.call("textDocument/codeLens", json!({"textDocument": {"uri": LIN_URI}})), json!([]));
    assert!(c.shutdown().success());
}

/// The second room of an invented board as rpbridge writes it: the game leaves out Dealer and
/// Deal and plays the game before's (PBN702's reading); its own Vulnerable is kept.
const SECOND_ROOM: &str =
    "\n[Event \"Club night\"]\n[Board \"3\"]\n[West \"Eda\"]\n[North \"Fay\"]\n[East \"Gil\"]\n[South \"Hal\"]\n\
[Vulnerable \"EW\"]\n[Auction \"W\"]\n1C Pass 1NT AP\n";

#[test]
fn a_game_that_plays_the_deal_before_links_to_it_in_hover_and_code_lens() {
    let text = format!("{PBN}[Auction \"W\"]\nPass AP\n{SECOND_ROOM}");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("club-night.pbn"), &text).unwrap();
    let converted = run_kibitzer(&["convert", "club-night.pbn", "--to", "lin"], dir.path(), None);
    assert!(converted.status.success(), "{}", String::from_utf8_lossy(&converted.stderr));
    let boards = String::from_utf8(converted.stdout).unwrap();
    let boards: Vec<&str> = boards.lines().collect();
    assert_eq!(boards.len(), 2, "convert --to lin writes the second room's board too: {boards:?}");
    assert!(boards[1].starts_with("pn|Hal,Eda,Fay,Gil|"), "{}", boards[1]);
    assert!(boards[1].contains("|md|2S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,|"), "{}", boards[1]);
    assert!(boards[1].contains("|mb|1C|mb|p|mb|1N|"), "{}", boards[1]);

    let mut c = started();
    c.open(PBN_URI, "pbn", 1, &text);
    // The check has cut the document into games: each knows what the game before left.
    let diagnostics = c.diagnostics(PBN_URI, 1);
    assert!(diagnostics.iter().any(|d| d["code"] == "PBN702"), "{diagnostics:?}");
    let auction = text.lines().enumerate().filter(|(_, l)| l.starts_with("[Auction ")).last().unwrap().0 as u32;
    let answer = hover(&mut c, PBN_URI, auction, 3);
    let shown = answer["contents"]["value"].as_str().unwrap_or_else(|| panic!("a hover: {answer}"));
    assert!(shown.contains("previous game's deal (PBN702)"), "{shown}");
    assert!(shown.contains("♠ AKQJ") && shown.contains("HCP"), "the deal taken is drawn: {shown}");
    let link = handviewer_link(shown).unwrap_or_else(|| panic!("a handviewer link: {shown}"));
    assert_eq!(percent_decode(&link[HANDVIEWER.len()..]), boards[1], "the link's board is convert's second");
    // The first game's Auction takes nothing.
    let first_auction = text.lines().position(|l| l.starts_with("[Auction ")).unwrap() as u32;
    let own = hover(&mut c, PBN_URI, first_auction, 3).to_string();
    assert!(!own.contains("PBN702") && !own.contains(HANDVIEWER), "{own}");

    let lenses = c.call("textDocument/codeLens", json!({"textDocument": {"uri": PBN_URI}}));
    let links: Vec<(u64, String)> = lenses
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["command"]["title"] == "Open in BBO handviewer")
        .map(|l| {
            (l["range"]["start"]["line"].as_u64().unwrap(), l["command"]["arguments"][0].as_str().unwrap().to_owned())
        })
        .collect();
    let second_game = text.lines().enumerate().filter(|(_, l)| l.starts_with("[Event ")).last().unwrap().0 as u64;
    assert_eq!(links.len(), 2, "{lenses}");
    assert_eq!(links[1].0, second_game, "{lenses}");
    assert_eq!(percent_decode(&links[1].1[HANDVIEWER.len()..]), boards[1]);
    assert_eq!(percent_decode(&links[0].1[HANDVIEWER.len()..]), boards[0]);
    assert!(c.shutdown().success());
}

/// A game of an invented board: `n` picks its deal (the 52 cards shuffled by a generator seeded
/// with `n`, so that every board has a deal of its own) and its dealer.
fn board_with_deal(n: u64) -> String {
    let mut cards: Vec<(usize, char)> =
        (0..4).flat_map(|suit| "AKQJT98765432".chars().map(move |r| (suit, r))).collect();
    let mut rng = kibitzer_syntax::testing::Rng::new(n.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for i in (1..cards.len()).rev() {
        cards.swap(i, rng.below(i + 1));
    }
    let hands: Vec<String> = cards
        .chunks(13)
        .map(|hand| {
            let suit = |s: usize| {
                let mut ranks: Vec<char> = hand.iter().filter(|c| c.0 == s).map(|c| c.1).collect();
                ranks.sort_by_key(|r| "AKQJT98765432".find(*r));
                ranks.into_iter().collect::<String>()
            };
            (0..4).map(suit).collect::<Vec<_>>().join(".")
        })
        .collect();
    let dealer = ["N", "E", "S", "W"][(n % 4) as usize];
    format!(
        "[Event \"Club night\"]\n[Board \"{n}\"]\n[Dealer \"{dealer}\"]\n[Vulnerable \"None\"]\n[Deal \"N:{}\"]\n\n",
        hands.join(" ")
    )
}

/// A document large enough for the server to check it in blocks of several games (its
/// segments), where every other game plays the deal of the game before (PBN702's reading): on
/// the Auction of such a game, wherever it falls in its block, hover draws the deal before and
/// links it as it does in a document of those two games alone.
#[test]
fn a_game_that_plays_the_deal_before_in_a_large_document_is_hovered_as_in_a_small_one() {
    let second_room = "[Event \"Club night\"]\n[Vulnerable \"EW\"]\n[Auction \"W\"]\n1C Pass 1NT AP\n\n";
    let pair = |n: u64| format!("{}{second_room}", board_with_deal(n));
    let text: String = (1..=3000).map(pair).collect();
    assert!(text.len() > 2048 * 2 * 100, "large enough to be cut into blocks: {} bytes", text.len());
    let mut c = started();
    c.open(PBN_URI, "pbn", 1, &text);
    c.diagnostics(PBN_URI, 1);
    let lines: Vec<&str> = text.lines().collect();
    let auctions: Vec<u32> =
        (0..lines.len()).filter(|&i| lines[i].starts_with("[Auction ")).map(|i| i as u32).collect();
    for (k, &line) in auctions.iter().enumerate().skip(1500).take(8) {
        let n = k as u64 + 1;
        let big = hover(&mut c, PBN_URI, line, 3);
        let shown = big["contents"]["value"].as_str().unwrap_or_else(|| panic!("a hover: {big}"));
        assert!(shown.contains("previous game's deal (PBN702)"), "board {n}: {shown}");
        let small_uri = format!("file:///tmp/kibitzer-lin-lsp/board-{n}.pbn");
        let small = pair(n);
        c.open(&small_uri, "pbn", 1, &small);
        c.diagnostics(&small_uri, 1);
        let auction = small.lines().position(|l| l.starts_with("[Auction ")).unwrap() as u32;
        let alone = hover(&mut c, &small_uri, auction, 3);
        assert_eq!(big["contents"], alone["contents"], "board {n}");
    }
    assert!(c.shutdown().success());
}
