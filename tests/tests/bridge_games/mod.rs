//! Random bridge games for the differential tests against endplay (PBN and LIN): a seeded
//! deal, a legal auction from a random dealer, a legal play of all thirteen tricks, written as
//! a PBN game with what endplay is expected to find in it.
#![allow(dead_code)]

use kibitzer_syntax::bridge::score::{duplicate_score, Vulnerability};
use kibitzer_syntax::pbn::model::{rank_char, Contract, Denomination, Risk, Seat, Suit};
use kibitzer_tests::Rng;

pub type Hand = Vec<(Suit, u8)>;

pub fn deal(rng: &mut Rng) -> [Hand; 4] {
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

pub fn hand_text(hand: &Hand) -> String {
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
pub fn auction(rng: &mut Rng, dealer: Seat) -> (Vec<String>, Option<(Contract, Seat)>) {
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
pub fn play(
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

pub struct Game {
    pub text: String,
    /// The play rows (columns from the opening leader) and each trick's leader.
    pub rows: Vec<[String; 4]>,
    pub leaders: Vec<Seat>,
    pub opening_leader: Seat,
    /// Expected (tricks, declarer's score, contract, declarer letter) for endplay to confirm.
    pub expected: Option<(u8, i32, String, char)>,
    pub play_order: Vec<String>,
}

pub fn game(rng: &mut Rng, board: u32) -> Game {
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
