//! Reading a board's pairs into the bridge model ([`super::model::Board`]), and the rules of
//! the values themselves: a deal, vulnerability, call, card or claim BBO would not write, an
//! explanation with no call, players not four, a pair LIN does not know. Whether the board
//! makes sense as bridge (cards dealt twice, an insufficient bid, a revoke) is the bridge
//! checks' concern ([`super::check`]).

use super::model::{Board, MadeCall, Pair, Pairs, PlayedCard, LIN_ORDER};
use crate::bridge::auction::Call;
use crate::bridge::cards::{rank_from_char, Card, CardSet, Seat, Suit};
use crate::bridge::contract::Denomination;
use crate::bridge::deal::Deal;
use crate::bridge::score::Vulnerability;
use crate::diagnostic::{Diagnostic, Rule};
use crate::text::{TextRange, TextSize};

crate::diagnostic::declare_rules! {
    UNKNOWN_PAIR = "LIN100" "unknown-pair" Information Import "BBO LIN"
        "A pair kibitzer does not know."
        "The pair is kept as it is (converting to PBN leaves it out); BBO's own programs ignore pairs they do not know too."
        bad: "zz|1|", good: "nt|well played|";
    BAD_DEAL = "LIN101" "bad-deal" Error Import "BBO LIN md"
        "An `md` value that is not a dealer digit and hands."
        "`md` is the dealer (1 South, 2 West, 3 North, 4 East) and up to four hands separated by commas, South, West, North, East; a hand is suit letters S, H, D, C each followed by its ranks (A K Q J T or 10, 9 … 2). The fourth hand may be left out: it holds the cards the others do not."
        bad: "md|5SAKQHAKQDAKQCAKQJ,|", good: "md|3SAKQHAKQDAKQCAKQJ,|";
    BAD_VULNERABILITY = "LIN102" "bad-vulnerability" Error Import "BBO LIN sv"
        "An `sv` value other than o, n, e, b."
        "`sv` is the vulnerability: `o` (or `-`, `0`) none, `n` North-South, `e` East-West, `b` both."
        bad: "sv|x|", good: "sv|b|";
    BAD_CALL = "LIN103" "bad-call" Error Import "BBO LIN mb"
        "An `mb` value that is not a call."
        "`mb` is a call: `p` pass, `d` double, `r` redouble, or a bid `1C` … `7N` (`7NT` too), followed by `!` when alerted."
        bad: "mb|1X|", good: "mb|1N!|";
    BAD_CARD = "LIN104" "bad-card" Error Import "BBO LIN pc"
        "A `pc` value that is not a card."
        "`pc` is a card: a suit letter S, H, D or C and a rank A K Q J T (or 10) 9 … 2."
        bad: "pc|S1|", good: "pc|ST|";
    BAD_CLAIM = "LIN105" "bad-claim" Error Import "BBO LIN mc"
        "An `mc` value that is not a number of tricks 0 to 13."
        "`mc` is a claim: the number of tricks declarer takes in all."
        bad: "mc|14|", good: "mc|10|";
    EXPLANATION_WITHOUT_CALL = "LIN106" "explanation-without-call" Error Import "BBO LIN an"
        "An `an` explanation with no call before it."
        "`an` explains the call (`mb`) right before it."
        bad: "an|strong|mb|2C|", good: "mb|2C|an|strong|";
    PLAYERS = "LIN107" "players" Warning Import "BBO LIN pn"
        "A `pn` value that does not name four players."
        "`pn` names the players South, West, North, East separated by commas (eight in a vugraph file's header: the open room's four, then the closed room's)."
        bad: "pn|Ann,Bob|", good: "pn|Ann,Bob,Cy,Di|";
    NO_DEAL = "LIN108" "no-deal" Error Import "BBO LIN md"
        "A board with calls or cards but no deal (`md`)."
        "The auction and the play are read against the deal: a board that has them gives its `md` first."
        bad: "pn|a,b,c,d|mb|p|", good: "pn|a,b,c,d|md|3SAKQHAKQDAKQCAKQJ,,,|mb|p|";
}

/// Pairs kibitzer knows beyond the ones it reads: page layout, commentary, vugraph headers.
const KNOWN_UNREAD: &[&str] = &[
    "st", "rh", "pg", "nt", "pw", "bn", "vg", "rs", "mp", "at", "sk", "up", "cr", "cg", "cb", "hc", "hs", "lb", "mn",
    "bt", "tu", "va", "sa", "px", "lf",
];

/// The players a header's `pn` names, for the boards of a vugraph file.
#[derive(Debug, Clone, Default)]
pub struct Header {
    players: Vec<String>,
    event: Option<String>,
}

/// Reads a header's pairs.
pub fn read_header(pairs: &Pairs<'_>, out: &mut Vec<Diagnostic>) -> Header {
    let mut header = Header::default();
    for pair in &pairs.pairs {
        if pair.is("pn") {
            header.players = pair.value.split(',').map(str::to_owned).collect();
            if header.players.len() != 4 && header.players.len() != 8 {
                out.push(Diagnostic::new(
                    &PLAYERS,
                    pair.value_range,
                    format!(
                        "`pn` names {} players: a header names four (South, West, North, East) or eight (both rooms)",
                        header.players.len()
                    ),
                ));
            }
        } else if pair.is("vg") {
            header.event = pair.value.split(',').next().map(|e| e.trim().to_owned()).filter(|e| !e.is_empty());
        } else if pair.name.len() == 2 && !is_known(pair) {
            unknown(pair, out);
        }
    }
    header
}

fn is_known(pair: &Pair<'_>) -> bool {
    ["pn", "md", "sv", "mb", "an", "pc", "mc", "ah", "qx"].iter().chain(KNOWN_UNREAD).any(|n| pair.is(n))
}

fn unknown(pair: &Pair<'_>, out: &mut Vec<Diagnostic>) {
    let message = format!("`{}` is not a LIN pair kibitzer knows: kept as it is", pair.name);
    out.push(Diagnostic::new(&UNKNOWN_PAIR, pair.name_range, message));
}

/// Reads a board's pairs into the bridge model, reporting values that cannot be read.
pub fn read_board(pairs: &Pairs<'_>, header: Option<&Header>, out: &mut Vec<Diagnostic>) -> Board {
    let mut board = Board { range: pairs.range, ..Board::default() };
    // This board's diagnostics start here: LIN108 asks whether its own `md` was unreadable,
    // which a look at all of `out` would answer at a cost that grows with every board before.
    let own = out.len();
    for pair in &pairs.pairs {
        let report = |out: &mut Vec<Diagnostic>, rule: &Rule, message: String| {
            out.push(Diagnostic::new(rule, pair.value_range, message));
        };
        match pair.name.to_ascii_lowercase().as_str() {
            "pn" => {
                let names: Vec<&str> = pair.value.split(',').collect();
                if names.len() != 4 {
                    report(
                        out,
                        &PLAYERS,
                        format!("`pn` names {} players: expected four, South, West, North, East", names.len()),
                    );
                }
                for (seat, name) in LIN_ORDER.iter().zip(&names) {
                    board.players[seat.index()] = Some(name.trim().to_owned()).filter(|n| !n.is_empty());
                }
            }
            "md" => match read_deal(pair.value) {
                Ok((dealer, deal)) => {
                    board.dealer = dealer;
                    board.deal = Some(deal);
                    board.deal_range = Some(pair.value_range);
                }
                Err((start, end, message)) => {
                    out.push(Diagnostic::new(&BAD_DEAL, sub_range(pair, start, end), message))
                }
            },
            "sv" => match read_vulnerability(pair.value) {
                Some(v) => (board.vulnerable, board.vulnerable_range) = (Some(v), Some(pair.value_range)),
                None => {
                    report(out, &BAD_VULNERABILITY, format!("`{}` is not a vulnerability: o, n, e or b", pair.value))
                }
            },
            "mb" => match read_call(pair.value) {
                Some((call, alert)) => {
                    board.calls.push(MadeCall { call, alert, explanation: None, range: pair.value_range });
                }
                None => report(out, &BAD_CALL, format!("`{}` is not a call: p, d, r or a bid 1C … 7N", pair.value)),
            },
            "an" => match board.calls.last_mut() {
                Some(call) if call.explanation.is_none() => call.explanation = Some(pair.value.to_owned()),
                Some(call) => {
                    let explanation = call.explanation.get_or_insert_with(String::new);
                    explanation.push(' ');
                    explanation.push_str(pair.value);
                }
                None => report(
                    out,
                    &EXPLANATION_WITHOUT_CALL,
                    format!("`an|{}|` explains no call: no `mb` before it", pair.value),
                ),
            },
            "pc" => match read_card(pair.value) {
                Some(card) => board.cards.push(PlayedCard { card, range: pair.value_range }),
                None => report(out, &BAD_CARD, format!("`{}` is not a card: a suit S, H, D, C and a rank", pair.value)),
            },
            "mc" => match pair.value.trim().parse::<u8>() {
                Ok(tricks) if tricks <= 13 => board.claim = Some((tricks, pair.value_range)),
                _ => report(out, &BAD_CLAIM, format!("`{}` is not a claim: a number of tricks 0 to 13", pair.value)),
            },
            "ah" => {
                board.name = Some(pair.value.to_owned());
                board.name_range = Some(pair.value_range);
                board.number = trailing_number(pair.value).or(board.number);
            }
            "qx" => {
                board.label = Some(pair.value.to_owned());
                if board.number.is_none() {
                    board.number = trailing_number(pair.value);
                }
            }
            _ if is_known(pair) || pair.name.len() != 2 => {}
            _ => unknown(pair, out),
        }
    }
    if let Some(header) = header {
        board.event.clone_from(&header.event);
        let closed = board.label.as_deref().is_some_and(|l| l.starts_with(['c', 'C']));
        let names = if closed && header.players.len() == 8 { &header.players[4..] } else { &header.players[..] };
        for (seat, name) in LIN_ORDER.iter().zip(names) {
            if board.players[seat.index()].is_none() {
                board.players[seat.index()] = Some(name.trim().to_owned()).filter(|n| !n.is_empty());
            }
        }
    }
    if board.deal.is_none() && !out[own..].iter().any(|d| d.code == BAD_DEAL.code) {
        if let Some(first) = pairs.pairs.iter().find(|p| p.is("mb") || p.is("pc")) {
            out.push(Diagnostic::new(
                &NO_DEAL,
                first.range,
                "the board has calls or cards but no deal: `md` is missing",
            ));
        }
    }
    board
}

/// The boards of a LIN text in the bridge model (a vugraph header's players and event given to
/// its boards), and the diagnostics of the grammar and of reading the values.
pub fn read_text(text: &str) -> (Vec<Board>, Vec<Diagnostic>) {
    read_text_numbered(text, super::lexer::is_numbered(text))
}

/// [`read_text`] of a stretch of a larger text, which says whether it numbers its boards.
pub fn read_text_numbered(text: &str, numbered: bool) -> (Vec<Board>, Vec<Diagnostic>) {
    let parse = super::parser::parse_numbered(text, numbered);
    let mut diagnostics = parse.errors().to_vec();
    let mut header = None;
    let mut boards = Vec::new();
    for pairs in super::model::boards(&parse.syntax(), text) {
        if pairs.header {
            header = Some(read_header(&pairs, &mut diagnostics));
        } else {
            boards.push(read_board(&pairs, header.as_ref(), &mut diagnostics));
        }
    }
    (boards, diagnostics)
}

fn sub_range(pair: &Pair<'_>, start: usize, end: usize) -> TextRange {
    let at = |i: usize| pair.value_range.start() + TextSize::from(i as u32);
    TextRange::new(at(start), at(end))
}

fn trailing_number(value: &str) -> Option<u32> {
    let digits = value.trim_end().len() - value.trim_end().trim_start_matches(|c: char| !c.is_ascii_digit()).len();
    value.trim_end()[digits..].parse().ok().filter(|_| value.trim_end()[digits..].bytes().all(|b| b.is_ascii_digit()))
}

/// `o` `-` `0` none, `n` North-South, `e` East-West, `b` both (either case).
pub fn read_vulnerability(value: &str) -> Option<Vulnerability> {
    Some(match value.trim().to_ascii_lowercase().as_str() {
        "o" | "-" | "0" => Vulnerability::None,
        "n" => Vulnerability::NS,
        "e" => Vulnerability::EW,
        "b" => Vulnerability::All,
        _ => return None,
    })
}

/// A call and whether it is alerted: `p`, `d`, `r`, `1C` … `7N`, `7NT`, then `!`.
pub fn read_call(value: &str) -> Option<(Call, bool)> {
    let value = value.trim();
    let (value, alert) = match value.strip_suffix('!') {
        Some(v) => (v, true),
        None => (value, false),
    };
    let call = match value.to_ascii_lowercase().as_str() {
        "p" | "pass" => Call::Pass,
        "d" | "x" | "dbl" => Call::Double,
        "r" | "xx" | "rdbl" => Call::Redouble,
        bid => {
            let level = bid.chars().next()?.to_digit(10).filter(|l| (1..=7).contains(l))? as u8;
            let denomination = match &bid[1..] {
                "n" | "nt" => Denomination::NoTrump,
                other => Denomination::parse(other).filter(|d| *d != Denomination::NoTrump)?,
            };
            Call::Bid(level, denomination)
        }
    };
    Some((call, alert))
}

/// A card: a suit letter and a rank (`T` or `10` for the ten), either case.
pub fn read_card(value: &str) -> Option<Card> {
    let value = value.trim();
    let suit = Suit::from_char(value.chars().next()?)?;
    let rank = match &value[1..] {
        "10" => 10,
        r if r.len() == 1 => rank_from_char(r.chars().next()?)?,
        _ => return None,
    };
    Some(Card { suit, rank })
}

/// The dealer and the deal of an `md` value; an error is the byte range in the value and a
/// message.
pub fn read_deal(value: &str) -> Result<(Option<Seat>, Deal), (usize, usize, String)> {
    let (dealer, hands_from) = match value.bytes().next() {
        Some(d @ b'1'..=b'4') => (Some(Seat::S.offset(usize::from(d - b'1'))), 1),
        Some(b) if b.is_ascii_digit() => {
            return Err((0, 1, format!("dealer `{}` is not 1 (South), 2 (West), 3 (North) or 4 (East)", b as char)));
        }
        _ => return Err((0, 0, "`md` starts with the dealer: 1 (South), 2 (West), 3 (North) or 4 (East)".to_owned())),
    };
    let mut hands = [None; 4];
    let mut at = hands_from;
    for (i, hand) in value[hands_from..].split(',').enumerate() {
        if i == 4 {
            let end = value.len();
            return Err((at - 1, end, "`md` has more than four hands".to_owned()));
        }
        if !hand.trim().is_empty() {
            hands[LIN_ORDER[i].index()] = Some(read_hand(hand, at)?);
        }
        at += hand.len() + 1;
    }
    complete(&mut hands);
    Ok((dealer, Deal { first: Seat::N, hands }))
}

/// The fourth hand BBO leaves out: the cards the other three do not hold, when they hold
/// equally many and the rest is that many.
fn complete(hands: &mut [Option<CardSet>; 4]) {
    let given: Vec<CardSet> = hands.iter().flatten().copied().collect();
    let Some(missing) = hands.iter().position(Option::is_none) else { return };
    if given.len() != 3 || given.iter().any(|h| h.len() != given[0].len()) {
        return;
    }
    let all = (1u64 << 52) - 1;
    let rest = CardSet(all & !given.iter().fold(0, |acc, h| acc | h.0));
    if given[0].len() == 13 && rest.len() == 13 {
        hands[missing] = Some(rest);
    }
}

fn read_hand(hand: &str, offset: usize) -> Result<CardSet, (usize, usize, String)> {
    let mut set = CardSet::default();
    let mut suit = None;
    let bytes = hand.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = hand[i..].chars().next().unwrap_or_default();
        if let Some(s) = Suit::from_char(c) {
            suit = Some(s);
            i += 1;
            continue;
        }
        let (rank, len) = match (c, bytes.get(i + 1)) {
            ('1', Some(b'0')) => (Some(10), 2),
            _ => (rank_from_char(c), c.len_utf8()),
        };
        let (Some(suit), Some(rank)) = (suit, rank) else {
            let message = if rank.is_some() {
                format!("`{c}` in hand `{hand}` comes before any suit letter S, H, D, C")
            } else {
                format!("`{c}` in hand `{hand}` is neither a suit letter nor a rank")
            };
            return Err((offset + i, offset + i + len, message));
        };
        set.insert(Card { suit, rank });
        i += len;
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_as_bbo_writes_them() {
        assert_eq!(read_call("1N!"), Some((Call::Bid(1, Denomination::NoTrump), true)));
        assert_eq!(read_call("7nt"), Some((Call::Bid(7, Denomination::NoTrump), false)));
        assert_eq!(read_call("P"), Some((Call::Pass, false)));
        assert_eq!(read_call("d"), Some((Call::Double, false)));
        assert_eq!(read_call("1X"), None);
        assert_eq!(read_call("8C"), None);
        assert_eq!(read_card("h10"), Some(Card { suit: Suit::H, rank: 10 }));
        assert_eq!(read_card("SA"), Some(Card { suit: Suit::S, rank: 14 }));
        assert_eq!(read_card("S1"), None);
        assert_eq!(read_vulnerability("-"), Some(Vulnerability::None));
        assert_eq!(read_vulnerability("B"), Some(Vulnerability::All));
        assert_eq!(trailing_number("Board 12"), Some(12));
        assert_eq!(trailing_number("o3"), Some(3));
        assert_eq!(trailing_number("Board"), None);
    }

    #[test]
    fn the_fourth_hand_is_completed() {
        let (dealer, deal) = read_deal("3S2345H2345D2345C2,S6789H6789D6789C3,STJQKHTJQKDTJQKC4,").unwrap();
        assert_eq!(dealer, Some(Seat::N));
        let east = deal.hands[Seat::E.index()].unwrap();
        assert_eq!(east.len(), 13);
        assert!(east.contains(Card { suit: Suit::S, rank: 14 }));
        assert_eq!(read_deal("5SA,,,").unwrap_err().2, "dealer `5` is not 1 (South), 2 (West), 3 (North) or 4 (East)");
        assert_eq!(read_deal("1SAX,,,").unwrap_err().0, 3);
    }
}
