//! A PBN game as a LIN board, one line as BBO writes it: `kibitzer convert FILE.pbn --to lin`.
//!
//! `pn` the players (South, West, North, East), `md` the dealer digit and the hands (the
//! fourth left out when the deal is complete, as BBO does), `ah` the board, `sv` the
//! vulnerability, `mb` the calls with `!` and `an` where a note explains one (a note reading
//! `Alert` is only the `!`), `pg||` after the auction, `pc` the cards in the order played (the leader of each trick first:
//! the Play tag's seat, then each trick's winner), `pg||` after each trick, `mc` the Result when
//! the play stops before the thirteenth trick. What LIN has no pair for (Event, Site, score
//! tables, commentary) is left out. A value cannot hold `|`, nor a player's name `,`: both
//! become spaces.

use super::model::LIN_ORDER;
use crate::bridge::auction::{self, Call};
use crate::bridge::cards::{Card, Seat};
use crate::bridge::contract::{Contract, Denomination};
use crate::bridge::deal::parse_deal;
use crate::bridge::play::trick_winner;
use crate::bridge::score::Vulnerability;
use crate::pbn::model::{string_value, DealData, Game, Inheritance, Tag};
use crate::pbn::syntax_kind::SyntaxKind;
use rustc_hash::FxHashMap;
use std::fmt::Write;

/// Every game of a PBN text with a deal, a LIN line each.
pub fn to_lin(text: &str) -> String {
    to_lin_after(text, &DealData::default())
}

/// [`to_lin`] of PBN text that follows games whose last left `previous` (its Dealer,
/// Vulnerable and Deal, [`crate::UnitState::previous_deal`]): a game that relies on the game
/// before for them (PBN702's reading, [`DealData::taken_by`]) gets them, as it gets those of an
/// earlier game of `text`. The language server converts one game this way.
pub fn to_lin_after(text: &str, previous: &DealData) -> String {
    let parse = crate::pbn::parser::parse(text);
    let mut inheritance = Inheritance::after_deal(previous.clone());
    let mut out = String::new();
    for node in parse.syntax().children().filter(|n| n.kind() == SyntaxKind::GAME) {
        let game = Game::from_node(&node, text);
        let value = |name: &str| game.value(name).and_then(|v| inheritance.resolve(name, v)).map(str::to_owned);
        let own = DealData {
            dealer: value("Dealer").as_deref().and_then(Seat::parse),
            vulnerable: value("Vulnerable").as_deref().and_then(Vulnerability::parse),
            deal: value("Deal").and_then(|v| parse_deal(&v).ok()),
        };
        let deal = inheritance.taken_by(|name| game.tag(name).is_some(), own.vulnerable).unwrap_or(own);
        let values = Values {
            board: value("Board"),
            players: [value("North"), value("East"), value("South"), value("West")],
            deal,
            contract: value("Contract"),
            result: value("Result"),
        };
        inheritance.record_game(&game);
        if let Some(line) = write_board(&game, &values) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

/// The game's tag values after inheritance; players by [`Seat::index`]; its dealer,
/// vulnerability and deal, its own or those it takes from the game before.
struct Values {
    board: Option<String>,
    players: [Option<String>; 4],
    deal: DealData,
    contract: Option<String>,
    result: Option<String>,
}

/// A LIN value from a PBN string's inside as written (`\"` and `\\` escaped, PBN 2.1 §3.2):
/// LIN has no escapes, so the value is unescaped; `|` ends a value, so it becomes a space.
fn value(s: &str) -> String {
    string_value(&format!("\"{}\"", s.trim())).replace('|', " ")
}

fn write_board(game: &Game<'_>, values: &Values) -> Option<String> {
    let deal = values.deal.deal.as_ref()?;
    let dealer = values.deal.dealer;
    let mut out = String::new();
    // `?` is PBN's unknown value (PBN 3.4): LIN leaves an unknown name empty.
    let names: Vec<String> = LIN_ORDER
        .iter()
        .map(|s| {
            value(values.players[s.index()].as_deref().filter(|n| n.trim() != "?").unwrap_or("")).replace(',', " ")
        })
        .collect();
    let _ = write!(out, "pn|{}|st||md|", names.join(","));
    if let Some(dealer) = dealer {
        out.push(char::from(b'1' + ((dealer.index() + 2) % 4) as u8));
    }
    let complete = deal.hands.iter().all(|h| h.is_some_and(|h| h.len() == 13));
    for (i, seat) in LIN_ORDER.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        if i == 3 && complete {
            break;
        }
        if let Some(hand) = deal.hands[seat.index()] {
            for suit in crate::bridge::cards::Suit::ALL {
                out.push(suit.letter());
                for rank in (2..=14u8).rev().filter(|&rank| hand.contains(Card { suit, rank })) {
                    out.push(crate::bridge::cards::rank_char(rank));
                }
            }
        }
    }
    out.push_str("|rh||");
    if let Some(board) = &values.board {
        let _ = write!(out, "ah|Board {}|", value(board));
    }
    if let Some(v) = values.deal.vulnerable {
        let letter = match v {
            Vulnerability::None => 'o',
            Vulnerability::NS => 'n',
            Vulnerability::EW => 'e',
            Vulnerability::All => 'b',
        };
        let _ = write!(out, "sv|{letter}|");
    }
    let calls = match (dealer, game.tag("Auction")) {
        (Some(_), Some(tag)) => write_auction(game, tag, &mut out),
        _ => Vec::new(),
    };
    let played = write_play(game, values, dealer, &calls, &mut out);
    if let Some(result) = values.result.as_deref().and_then(|r| r.trim().parse::<u8>().ok()) {
        if played < 52 {
            let _ = write!(out, "mc|{result}|");
        }
    }
    out.push_str("pg||");
    Some(out)
}

/// A PBN call token as a call.
fn read_call(text: &str) -> Option<Call> {
    Some(match text.to_ascii_uppercase().as_str() {
        "PASS" => Call::Pass,
        "X" => Call::Double,
        "XX" => Call::Redouble,
        bid => {
            let level = bid.chars().next()?.to_digit(10).filter(|l| (1..=7).contains(l))? as u8;
            Call::Bid(level, Denomination::parse(&bid[1..])?)
        }
    })
}

fn mb(call: Call) -> String {
    match call {
        Call::Pass => "p".to_owned(),
        Call::Double => "d".to_owned(),
        Call::Redouble => "r".to_owned(),
        Call::Bid(level, Denomination::NoTrump) => format!("{level}N"),
        Call::Bid(level, d) => format!("{level}{}", d.as_str()),
    }
}

/// The game's notes by their number as written (blanks around it left out): the text of the
/// first Note tag of each number. Gathered once, so that each of thousands of note references
/// does not read every tag again.
fn notes<'a>(game: &Game<'a>) -> FxHashMap<&'a str, &'a str> {
    let mut notes = FxHashMap::default();
    for (n, text) in game.tags.iter().filter(|t| t.name == "Note").filter_map(|t| t.value.split_once(':')) {
        notes.entry(n.trim()).or_insert(text);
    }
    notes
}

/// The calls read so far, with what `AP` needs of them kept as they come (a walk over them
/// at each `AP` would cost as much as the calls each time).
#[derive(Default)]
struct Calls {
    calls: Vec<Call>,
    any_bid: bool,
    /// The passes that end the calls.
    trailing_passes: usize,
}

impl Calls {
    fn push(&mut self, call: Call) {
        self.any_bid |= matches!(call, Call::Bid(..));
        self.trailing_passes = if call == Call::Pass { self.trailing_passes + 1 } else { 0 };
        self.calls.push(call);
    }
}

/// Writes the calls (`mb`, `an`) and gives them back.
fn write_auction(game: &Game<'_>, tag: &Tag<'_>, out: &mut String) -> Vec<Call> {
    let notes = notes(game);
    let mut calls = Calls::default();
    // Each call with the note explaining it.
    let mut made: Vec<(Call, Option<String>)> = Vec::new();
    for item in tag.section_items() {
        match item.kind {
            SyntaxKind::CALL | SyntaxKind::WORD if item.text.eq_ignore_ascii_case("AP") => {
                let any_bid = calls.any_bid;
                // The count as a u8, as auction::is_over takes it (a run of 256 passes reads as none).
                while !auction::is_over(calls.trailing_passes as u8, any_bid) {
                    calls.push(Call::Pass);
                    made.push((Call::Pass, None));
                }
            }
            SyntaxKind::CALL => {
                if let Some(call) = read_call(item.text) {
                    calls.push(call);
                    made.push((call, None));
                }
            }
            SyntaxKind::NOTE_REF => {
                if let Some(last) = made.last_mut() {
                    // Still as written: `value` unescapes it once, when it is written.
                    last.1 = notes.get(item.text.trim_matches('=')).map(|text| text.trim().to_owned());
                }
            }
            SyntaxKind::STAR | SyntaxKind::PLUS => break,
            _ => {}
        }
    }
    for (call, explanation) in &made {
        let alert = if explanation.is_some() { "!" } else { "" };
        let _ = write!(out, "mb|{}{alert}|", mb(*call));
        // A note without text is a bare alert (`mb|2C!|`); one kibitzer wrote before it wrote
        // none said `Alert`.
        if let Some(text) = explanation.as_deref().filter(|t| !t.is_empty() && *t != "Alert") {
            let _ = write!(out, "an|{}|", super::pbn::lin_suits(&value(text)));
        }
    }
    if !made.is_empty() {
        out.push_str("pg||");
    }
    calls.calls
}

/// Writes the cards in the order played, `pg||` after each trick, and gives their number.
fn write_play(game: &Game<'_>, values: &Values, dealer: Option<Seat>, calls: &[Call], out: &mut String) -> usize {
    let Some(tag) = game.tag("Play") else { return 0 };
    let Some(opening) = Seat::parse(tag.value) else { return 0 };
    let trump = match values.contract.as_deref().and_then(Contract::parse) {
        Some(contract) => contract.denomination.trump(),
        None => dealer.and_then(|d| auction::outcome(d, calls).contract).and_then(|(c, _)| c.denomination.trump()),
    };
    // The cells of the play, in rows of four from the Play tag's seat.
    let mut cells: Vec<Option<Card>> = Vec::new();
    for item in tag.section_items() {
        match item.kind {
            SyntaxKind::CARD => cells.push(Card::parse(item.text)),
            SyntaxKind::DASH => cells.push(None),
            SyntaxKind::STAR | SyntaxKind::PLUS => break,
            _ => {}
        }
    }
    let mut leader = opening;
    let mut played = 0;
    for row in cells.chunks(4) {
        let from = (leader.index() + 4 - opening.index()) % 4;
        let trick: Vec<Card> = (0..4).filter_map(|i| row.get((from + i) % 4).copied().flatten()).collect();
        for card in &trick {
            let _ = write!(out, "pc|{card}|");
        }
        played += trick.len();
        if trick.len() == 4 {
            out.push_str("pg||");
            leader = trick_winner(leader, &trick, trump);
        } else {
            break;
        }
    }
    played
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_becomes_a_line() {
        let pbn = "[Board \"3\"]\n[West \"W\"]\n[North \"N\"]\n[East \"E\"]\n[South \"S\"]\n[Dealer \"N\"]\n[Vulnerable \"EW\"]\n\
            [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n[Contract \"7NT\"]\n[Result \"13\"]\n\
            [Auction \"N\"]\n1C =1= Pass 7NT AP\n[Note \"1:strong\"]\n[Play \"W\"]\nS2 SA ST S3\n*\n";
        assert_eq!(
            to_lin(pbn),
            "pn|S,W,N,E|st||md|3S6543H876D876C876,S2H5432D5432C5432,SAKQJHAKQDAKQCAKQ,|rh||ah|Board 3|sv|e|\
             mb|1C!|an|strong|mb|p|mb|7N|mb|p|mb|p|mb|p|pg||pc|S2|pc|SA|pc|ST|pc|S3|pg||mc|13|pg||\n"
        );
    }

    /// A backslash or a quote in an explanation comes back as it was from LIN → PBN → LIN: the
    /// note is unescaped once (it was twice, so `a\\b` lost a backslash and `a\"b` its
    /// backslash).
    #[test]
    fn explanations_are_unescaped_once() {
        let lin =
            "md|3SAKQJHAKQDAKQCAKQ,ST987HJT9DJT9CJT9,S6543H876D876C876,|mb|1C!|an|a\\b \\\" c\"|mb|p|mb|p|mb|p|pg||\n";
        let pbn = crate::lin::to_pbn(lin);
        assert!(pbn.contains("[Note \"1:a\\\\b \\\\\\\" c\\\"\"]"), "{pbn}");
        assert!(to_lin(&pbn).contains("an|a\\b \\\" c\"|"), "{}", to_lin(&pbn));
    }

    /// Each reference takes the first Note tag of its number (a second one is PBN502's matter),
    /// blanks around the number left out; `AP` after passes completes the auction only.
    #[test]
    fn notes_are_found_by_number_and_ap_completes_the_auction() {
        let pbn = "[Dealer \"N\"]\n\
            [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
            [Auction \"N\"]\n1C =1= 1D =2= Pass Pass AP AP\n[Note \"1:first\"]\n[Note \" 2 :second\"]\n[Note \"1:again\"]\n";
        let lin = to_lin(pbn);
        assert!(lin.contains("mb|1C!|an|first|mb|1D!|an|second|mb|p|mb|p|mb|p|pg||"), "{lin}");
    }

    /// rpbridge's second room: a game with an auction but no Dealer or Deal takes the game
    /// before's (PBN702's reading), in the same text or from what the text follows.
    /// LIN has no escapes: a name written `a\"b` in PBN is `a"b` in LIN, and converting back
    /// and forth is a fixed point (the LIN fuzz property found the escapes doubling).
    #[test]
    fn escaped_pbn_values_are_written_unescaped() {
        let pbn = "[Board \"1\"]\n[West \"W\"]\n[North \"a\\\"b\"]\n[East \"c\\\\d\"]\n[South \"S\"]\n[Dealer \"N\"]\n\
            [Vulnerable \"None\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n";
        let lin = to_lin(pbn);
        assert!(lin.starts_with("pn|S,W,a\"b,c\\d|"), "{lin}");
        let back = crate::lin::to_pbn(&lin);
        assert_eq!(to_lin(&back), lin, "{back}");
    }

    #[test]
    fn a_game_relying_on_the_deal_before_takes_it() {
        let first = "[Board \"1\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n\
            [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n[Auction \"E\"]\nPass AP\n\n";
        let second = "[Board \"1\"]\n[Vulnerable \"EW\"]\n[Auction \"E\"]\n1C AP\n";
        let both = to_lin(&format!("{first}{second}"));
        let lines: Vec<&str> = both.lines().collect();
        assert_eq!(lines.len(), 2, "{both}");
        let md = "md|4S6543H876D876C876,S2H5432D5432C5432,SAKQJHAKQDAKQCAKQ,|";
        assert!(lines[1].contains(md) && lines[1].contains("sv|e|") && lines[1].contains("mb|1C|"), "{both}");
        assert_eq!(to_lin(second), "", "alone, it has no deal");
        let mut inheritance = Inheritance::default();
        let parse = crate::pbn::parser::parse(first);
        let game = parse.syntax().children().find(|n| n.kind() == SyntaxKind::GAME).unwrap();
        inheritance.record_game(&Game::from_node(&game, first));
        assert_eq!(to_lin_after(second, &inheritance.last_deal()), format!("{}\n", lines[1]));
    }
}
