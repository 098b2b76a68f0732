//! Differential test against endplay (PyPI): random deals, legal auctions and legal plays are
//! written as PBN; kibitzer must accept them, and endplay must agree on the contract, the
//! declarer, the tricks won and the duplicate score. Injected revokes, duplicated cards and
//! insufficient bids must be reported. Skipped with a message when Python or endplay is not
//! available (it is installed quietly with pip when possible).

use crate::bridge_games;
use crate::pbn_support;

use bridge_games::{game, Game};
use kibitzer_syntax::bridge::score::duplicate_score;
use kibitzer_syntax::pbn::model::{Contract, Denomination, Risk};
use pbn_support::check;
use std::process::Command;

use kibitzer_tests::Rng;

const ENDPLAY_SCRIPT: &str = r#"
import sys, json
from endplay.parsers import pbn
from endplay.types import Contract, Player, Card
games = json.load(open(sys.argv[1]))
boards = pbn.loads(open(sys.argv[2]).read())
for g, b in zip(games, boards):
    if g is None:
        print("skip"); continue
    c = Contract.from_auction(b.dealer, b.auction)
    d = b.deal.copy()
    d.first = c.declarer.lho
    d.trump = c.denom
    won = 0
    for i, card in enumerate(g):
        d.play(Card(card))
        if i % 4 == 3 and d.first in (c.declarer, c.declarer.partner):
            won += 1
    c.result = won - (c.level + 6)
    print(won, c.score(b.vul), "NESW"[c.declarer.value], c.level)
"#;

fn endplay_available() -> bool {
    kibitzer_tests::python_module_available("endplay")
}

#[test]
fn kibitzer_and_endplay_agree_on_random_games() {
    if !endplay_available() {
        eprintln!("skipped: python3 with endplay is not available (pip install endplay)");
        return;
    }
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let games: Vec<Game> = (1..=200).map(|b| game(&mut rng, b)).collect();
    let text = games.iter().map(|g| g.text.as_str()).collect::<Vec<_>>().join("\n");
    // kibitzer accepts every generated game (tricks, contract, declarer and score consistent).
    let errors: Vec<_> = check(&text).into_iter().filter(|d| !matches!(d.code, "PBN601" | "PBN602")).collect();
    assert!(errors.is_empty(), "{}", pbn_support::render(&text, &errors));

    let dir = std::env::temp_dir().join(format!("kibitzer-endplay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let plays: Vec<Option<&Vec<String>>> = games.iter().map(|g| g.expected.as_ref().map(|_| &g.play_order)).collect();
    let json = serde_json::to_string(&plays).unwrap();
    std::fs::write(dir.join("plays.json"), json).unwrap();
    std::fs::write(dir.join("games.pbn"), &text).unwrap();
    std::fs::write(dir.join("check.py"), ENDPLAY_SCRIPT).unwrap();
    let out = Command::new("python3")
        .arg(dir.join("check.py"))
        .arg(dir.join("plays.json"))
        .arg(dir.join("games.pbn"))
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), games.len());
    let mut compared = 0;
    for (g, line) in games.iter().zip(lines) {
        let Some((tricks, score, contract, declarer)) = &g.expected else { continue };
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f[0].parse::<u8>().unwrap(), *tricks, "tricks differ:\n{}", g.text);
        assert_eq!(f[1].parse::<i32>().unwrap(), *score, "score differs:\n{}", g.text);
        assert_eq!(f[2].chars().next().unwrap(), *declarer, "declarer differs:\n{}", g.text);
        assert_eq!(f[3], &contract[..1], "level differs:\n{}", g.text);
        compared += 1;
    }
    assert!(compared > 50, "too few played games: {compared}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn injected_errors_are_reported() {
    let mut rng = Rng::new(42);
    let mut found = [false; 3];
    for board in 1..=40 {
        let g = game(&mut rng, board);
        if g.expected.is_none() {
            continue;
        }
        // A revoke: a player who followed suit in trick t swaps that card with a card of another
        // suit he plays later, so in trick t he discards while still holding the led suit.
        'revoke: for t in 0..13 {
            let led = g.rows[t][(g.leaders[t].index() + 4 - g.opening_leader.index()) % 4].as_bytes()[0];
            for column in 0..4 {
                let card = &g.rows[t][column];
                if card.as_bytes()[0] != led {
                    continue;
                }
                if let Some(t2) = (t + 1..13).find(|&t2| g.rows[t2][column].as_bytes()[0] != led) {
                    if g.leaders[t].index() == g.opening_leader.offset(column).index() {
                        continue;
                    }
                    let mut rows = g.rows.clone();
                    let other = rows[t2][column].clone();
                    rows[t2][column] = rows[t][column].clone();
                    rows[t][column] = other;
                    let play_at = g.text.find("[Play").unwrap();
                    let header_end = play_at + g.text[play_at..].find('\n').unwrap() + 1;
                    let body: String = rows.iter().map(|r| r.join(" ") + "\n").collect();
                    let bad = format!("{}{}", &g.text[..header_end], body);
                    if check(&bad).iter().any(|d| d.code == "PBN403") {
                        found[0] = true;
                    }
                    break 'revoke;
                }
            }
        }
        let lines: Vec<&str> = g.text.lines().collect();
        // A duplicated card: the deal gives North's first spade to East as well.
        let deal_line = lines.iter().find(|l| l.starts_with("[Deal \"")).unwrap();
        let hands: Vec<&str> = deal_line[9..deal_line.len() - 2].split(' ').collect();
        if let Some(c) = hands[0].chars().next().filter(|c| *c != '.') {
            let east = format!("{c}{}", hands[1]);
            let bad = g.text.replacen(hands[1], &east, 1);
            if check(&bad).iter().any(|d| d.code == "PBN201") {
                found[1] = true;
            }
        }
        // An insufficient bid: `1C` after the first bid (which is at least 1C).
        let auction_line = lines[lines.iter().position(|l| l.starts_with("[Auction")).unwrap() + 1];
        if let Some(first_bid) = auction_line.split(' ').find(|c| c.starts_with(|x: char| x.is_ascii_digit())) {
            if first_bid != "1C" {
                let bad = g.text.replacen(first_bid, &format!("{first_bid} 1C"), 1);
                if check(&bad).iter().any(|d| d.code == "PBN303") {
                    found[2] = true;
                }
            }
        }
    }
    assert_eq!(found, [true, true, true], "revoke, duplicated card, insufficient bid reported");
}

#[test]
fn generator_contracts_score_like_the_table() {
    // The generator itself relies on kibitzer's scorer; pin it to a worked example.
    let c = Contract { level: 4, denomination: Denomination::Spades, risk: Risk::Undoubled };
    assert_eq!(duplicate_score(c, false, 10), 420);
}
