//! Differential test against endplay (PyPI): random deals, legal auctions and legal plays are
//! written as PBN; kibitzer must accept them, and endplay must agree on the contract, the
//! declarer, the tricks won and the duplicate score. Injected revokes, duplicated cards and
//! insufficient bids must be reported. Skipped with a message when Python or endplay is not
//! available (it is installed quietly with pip when possible).

mod pbn_support;

use kibitzer_syntax::bridge::score::{duplicate_score, Vulnerability};
use kibitzer_syntax::pbn::model::{rank_char, Contract, Denomination, Risk, Seat, Suit};
use pbn_support::check;
use std::process::Command;

use kibitzer_tests::Rng;

type Hand = Vec<(Suit, u8)>;

fn deal(rng: &mut Rng) -> [Hand; 4] {
    let mut cards: Vec<(Suit, u8)> = Suit::ALL.iter().flat_map(|&s| (2..=14).map(move |r| (s, r))).collect();
    for i in (1..cards.len()).rev() {
        cards.swap(i, rng.below(i + 1));
    }
    let mut hands: [Hand; 4] = Default::default();
    for (i, c) in cards.into_iter().enumerate() {
        hands[i % 4].push(c);
    }
    hands
}

fn hand_text(hand: &Hand) -> String {
    Suit::ALL
        .iter()
        .map(|&s| {
            let mut ranks: Vec<u8> = hand.iter().filter(|c| c.0 == s).map(|c| c.1).collect();
            ranks.sort_unstable_by(|a, b| b.cmp(a));
            ranks.into_iter().map(rank_char).collect::<String>()
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// A random legal auction from `dealer`: calls and the final contract with its declarer.
fn auction(rng: &mut Rng, dealer: Seat) -> (Vec<String>, Option<(Contract, Seat)>) {
    let mut calls = Vec::new();
    let mut seat = dealer;
    let mut last: Option<(u8, Denomination, Seat)> = None;
    let mut risk = Risk::Undoubled;
    let mut passes = 0;
    let mut first_namer: Vec<(bool, Denomination, Seat)> = Vec::new();
    let dens = [
        Denomination::Clubs,
        Denomination::Diamonds,
        Denomination::Hearts,
        Denomination::Spades,
        Denomination::NoTrump,
    ];
    loop {
        let roll = rng.below(10);
        let can_double = last.is_some_and(|(_, _, by)| risk == Risk::Undoubled && by.is_ns() != seat.is_ns());
        let can_redouble = last.is_some_and(|(_, _, by)| risk == Risk::Doubled && by.is_ns() == seat.is_ns());
        let next_bid = match last {
            None => Some((1 + rng.below(2) as u8, dens[rng.below(5)])),
            Some((l, d, _)) => {
                let step = 1 + rng.below(3);
                let index = (l as usize - 1) * 5 + d as usize + step;
                (index < 35).then(|| ((index / 5 + 1) as u8, dens[index % 5]))
            }
        };
        let call = if roll < 6 {
            "Pass".to_owned()
        } else if roll == 6 && can_double {
            "X".to_owned()
        } else if roll == 7 && can_redouble {
            "XX".to_owned()
        } else if let Some((l, d)) = next_bid {
            format!("{l}{}", d.as_str())
        } else {
            "Pass".to_owned()
        };
        match call.as_str() {
            "Pass" => passes += 1,
            "X" => {
                risk = Risk::Doubled;
                passes = 0;
            }
            "XX" => {
                risk = Risk::Redoubled;
                passes = 0;
            }
            _ => {
                let (l, d) = next_bid.expect("bid chosen");
                last = Some((l, d, seat));
                risk = Risk::Undoubled;
                passes = 0;
                if !first_namer.iter().any(|(ns, den, _)| *ns == seat.is_ns() && *den == d) {
                    first_namer.push((seat.is_ns(), d, seat));
                }
            }
        }
        calls.push(call);
        seat = seat.next();
        if passes >= if last.is_some() { 3 } else { 4 } {
            break;
        }
    }
    let outcome = last.map(|(level, denomination, by)| {
        let declarer =
            first_namer.iter().find(|(ns, d, _)| *ns == by.is_ns() && *d == denomination).expect("bidder named it").2;
        (Contract { level, denomination, risk }, declarer)
    });
    (calls, outcome)
}

/// A random legal play: the tricks in seat columns from the opening leader, the cards in
/// playing order, and declarer's tricks.
fn play(
    rng: &mut Rng,
    hands: &[Hand; 4],
    leader: Seat,
    trump: Option<Suit>,
    declarer: Seat,
) -> (Vec<[String; 4]>, Vec<String>, u8, Vec<Seat>) {
    let mut hands = hands.clone();
    let mut rows = Vec::new();
    let mut order = Vec::new();
    let mut lead = leader;
    let mut won = 0;
    let mut leaders = Vec::new();
    for _ in 0..13 {
        leaders.push(lead);
        let mut row: [String; 4] = Default::default();
        let mut led: Option<Suit> = None;
        let mut best: Option<(Seat, (Suit, u8))> = None;
        for i in 0..4 {
            let seat = lead.offset(i);
            let hand = &mut hands[seat.index()];
            let legal: Vec<usize> = (0..hand.len()).filter(|&j| led.is_none_or(|s| hand[j].0 == s)).collect();
            let pick = if legal.is_empty() { rng.below(hand.len()) } else { legal[rng.below(legal.len())] };
            let card = hand.remove(pick);
            led.get_or_insert(card.0);
            let beats = |a: (Suit, u8), b: (Suit, u8)| if a.0 == b.0 { a.1 > b.1 } else { Some(a.0) == trump };
            if best.is_none_or(|(_, b)| beats(card, b)) {
                best = Some((seat, card));
            }
            let text = format!("{}{}", card.0.letter(), rank_char(card.1));
            row[(seat.index() + 4 - leader.index()) % 4] = text.clone();
            order.push(text);
        }
        let winner = best.expect("four cards").0;
        if winner.is_ns() == declarer.is_ns() {
            won += 1;
        }
        lead = winner;
        rows.push(row);
    }
    (rows, order, won, leaders)
}

struct Game {
    text: String,
    /// The play rows (columns from the opening leader) and each trick's leader.
    rows: Vec<[String; 4]>,
    leaders: Vec<Seat>,
    opening_leader: Seat,
    /// Expected (tricks, declarer's score, contract, declarer letter) for endplay to confirm.
    expected: Option<(u8, i32, String, char)>,
    play_order: Vec<String>,
}

fn game(rng: &mut Rng, board: u32) -> Game {
    let hands = deal(rng);
    let dealer = Seat::from_index(rng.below(4));
    let vul = [Vulnerability::None, Vulnerability::NS, Vulnerability::EW, Vulnerability::All][rng.below(4)];
    let (calls, outcome) = auction(rng, dealer);
    let deal_text = format!("N:{}", (0..4).map(|i| hand_text(&hands[i])).collect::<Vec<_>>().join(" "));
    let mut text = format!(
        "[Board \"{board}\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]\n[Deal \"{deal_text}\"]\n",
        dealer.letter(),
        vul.as_str()
    );
    let mut expected = None;
    let mut play_order = Vec::new();
    let mut rows_kept = Vec::new();
    let mut leaders_kept = Vec::new();
    let mut opening_leader = Seat::N;
    match outcome {
        None => text.push_str("[Declarer \"\"]\n[Contract \"Pass\"]\n[Result \"\"]\n"),
        Some((contract, declarer)) => {
            let leader = declarer.next();
            let (rows, order, tricks, leaders) = play(rng, &hands, leader, contract.denomination.trump(), declarer);
            rows_kept = rows.clone();
            leaders_kept = leaders;
            opening_leader = leader;
            let score = duplicate_score(contract, vul.is_vulnerable(declarer), tricks);
            text.push_str(&format!(
                "[Declarer \"{}\"]\n[Contract \"{contract}\"]\n[Result \"{tricks}\"]\n[Score \"{score}\"]\n",
                declarer.letter()
            ));
            text.push_str(&format!("[Auction \"{}\"]\n{}\n", dealer.letter(), calls.join(" ")));
            text.push_str(&format!("[Play \"{}\"]\n", leader.letter()));
            for row in rows {
                text.push_str(&row.join(" "));
                text.push('\n');
            }
            expected = Some((tricks, score, contract.to_string(), declarer.letter()));
            play_order = order;
        }
    }
    if outcome.is_none() {
        text.push_str(&format!("[Auction \"{}\"]\n{}\n", dealer.letter(), calls.join(" ")));
    }
    Game { text, rows: rows_kept, leaders: leaders_kept, opening_leader, expected, play_order }
}

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
    let ok = || Command::new("python3").args(["-c", "import endplay"]).output().is_ok_and(|o| o.status.success());
    if ok() {
        return true;
    }
    let _ = Command::new("python3").args(["-m", "pip", "install", "-q", "endplay"]).output();
    ok()
}

#[test]
fn kibitzer_and_endplay_agree_on_random_games() {
    if !endplay_available() {
        eprintln!("skipped: python3 with endplay is not available (pip install endplay)");
        return;
    }
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
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
    let mut rng = Rng(42);
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
