//! A LIN board as a PBN game: what `kibitzer convert FILE.lin --to pbn` writes, and what the
//! LIN check hands to the bridge checks PBN runs ([`super::check`]).
//!
//! Each value written is mapped to the LIN value it comes from ([`Mapped`]), so that a
//! diagnostic of the PBN check lands on the LIN text. The contract and declarer follow from
//! the auction, the seat of each played card from the leader of its trick (declarer's left
//! hand opponent, then each trick's winner, Law 44), the result from the claim (`mc`) or from a
//! play of all thirteen tricks. An alerted call, or one with an explanation, gets a note
//! (`=1=` and `[Note "1:…"]`) holding the explanation, BBO's suit escapes (`!S`) written as PBN's
//! (`\S`, PBN 3.8), or no text when there is none (PBN 3.5.4: "a note is used for indicating
//! alerts").

use super::model::Board;
use crate::bridge::auction::{self, Call, Outcome};
use crate::bridge::cards::{Card, Seat};
use crate::bridge::deal::write_deal;
use crate::bridge::play::trick_winner;
use crate::pbn::model::string_escaped;
use crate::text::{TextRange, TextSize};
use std::fmt::Write;

/// A range of the PBN text written and the range of the LIN text it comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mapped {
    pub pbn: TextRange,
    pub lin: TextRange,
}

/// PBN text being written, with its map back to the LIN text.
#[derive(Debug, Default)]
pub struct PbnText {
    pub text: String,
    pub map: Vec<Mapped>,
}

impl PbnText {
    fn at(&self) -> TextSize {
        TextSize::from(self.text.len() as u32)
    }

    /// Appends `s`, mapped to `lin` when it comes from there.
    fn push(&mut self, s: &str, lin: Option<TextRange>) {
        let start = self.at();
        self.text.push_str(s);
        if let Some(lin) = lin {
            self.map.push(Mapped { pbn: TextRange::new(start, self.at()), lin });
        }
    }

    fn tag(&mut self, name: &str, value: &str, lin: Option<TextRange>) {
        let start = self.at();
        let _ = write!(self.text, "[{name} \"");
        self.push(&string_escaped(value), lin);
        self.text.push_str("\"]\n");
        // The whole tag too, for diagnostics on the tag rather than its value.
        if let Some(lin) = lin {
            self.map.push(Mapped { pbn: TextRange::new(start, self.at()), lin });
        }
    }

    /// The map ordered for looking up the LIN range of many PBN ranges ([`LinRanges`]).
    pub fn lin_ranges(&self) -> LinRanges {
        LinRanges::new(&self.map)
    }
}

/// The pieces of a [`PbnText`]'s map ordered by where they start in the PBN text, so that the
/// LIN range of a PBN range is found by a binary search, not a walk over every piece (a board
/// of thousands of calls has thousands of pieces and as many diagnostics).
#[derive(Debug)]
pub struct LinRanges {
    /// The pieces by their start (ties in the order written), each with its index in the map.
    pieces: Vec<(usize, Mapped)>,
    /// `reach[i]`: the furthest end of `pieces[..=i]`, which bounds the walk back from a start.
    reach: Vec<TextSize>,
}

impl LinRanges {
    fn new(map: &[Mapped]) -> LinRanges {
        let mut pieces: Vec<(usize, Mapped)> = map.iter().copied().enumerate().collect();
        pieces.sort_by_key(|(i, m)| (m.pbn.start(), *i));
        let mut reach = Vec::with_capacity(pieces.len());
        let mut furthest = TextSize::from(0);
        for (_, m) in &pieces {
            furthest = furthest.max(m.pbn.end());
            reach.push(furthest);
        }
        LinRanges { pieces, reach }
    }

    /// The LIN range of a PBN range: that of the narrowest written piece holding its start
    /// (ends included; of equally narrow ones, the first written).
    pub fn lin_range(&self, pbn: TextRange) -> Option<TextRange> {
        let at = pbn.start();
        // The pieces that start at or before `at`, walked back while one of them can still
        // reach it: the writer's pieces are a tag and the value inside it, or side by side, so
        // the walk is a step or two.
        let started = self.pieces.partition_point(|(_, m)| m.pbn.start() <= at);
        (0..started)
            .rev()
            .take_while(|&i| self.reach[i] >= at)
            .map(|i| self.pieces[i])
            .filter(|(_, m)| m.pbn.contains_inclusive(at))
            .min_by_key(|(i, m)| (m.pbn.len(), *i))
            .map(|(_, m)| m.lin)
    }
}

fn call_text(call: Call) -> String {
    match call {
        Call::Pass => "Pass".to_owned(),
        Call::Double => "X".to_owned(),
        Call::Redouble => "XX".to_owned(),
        Call::Bid(level, denomination) => format!("{level}{}", denomination.as_str()),
    }
}

/// What the auction decides: the outcome of its calls from the dealer on.
pub fn outcome(board: &Board) -> Option<Outcome> {
    let dealer = board.dealer?;
    let calls: Vec<Call> = board.calls.iter().map(|c| c.call).collect();
    (!calls.is_empty()).then(|| auction::outcome(dealer, &calls))
}

/// A trick: its leader and its cards in the order played, each with its LIN range.
pub type Trick = (Seat, Vec<(Card, TextRange)>);

/// The cards of the play as tricks, after the opening leader, when the contract tells who
/// leads and what is trump.
pub fn tricks(board: &Board) -> Option<(Seat, Vec<Trick>)> {
    let (contract, declarer) = outcome(board)?.contract?;
    let trump = contract.denomination.trump();
    let opening = declarer.next();
    let mut leader = opening;
    let mut out = Vec::new();
    for trick in board.cards.chunks(4) {
        let cards: Vec<(Card, TextRange)> = trick.iter().map(|p| (p.card, p.range)).collect();
        let played: Vec<Card> = trick.iter().map(|p| p.card).collect();
        out.push((leader, cards));
        if played.len() == 4 {
            leader = trick_winner(leader, &played, trump);
        }
    }
    Some((opening, out))
}

/// The tricks declarer took when all thirteen were played.
fn tricks_won(board: &Board) -> Option<u8> {
    let (contract, declarer) = outcome(board)?.contract?;
    let (_, tricks) = tricks(board)?;
    if tricks.len() != 13 || tricks.iter().any(|(_, cards)| cards.len() != 4) {
        return None;
    }
    let trump = contract.denomination.trump();
    let won = tricks.iter().filter(|(leader, cards)| {
        let played: Vec<Card> = cards.iter().map(|(c, _)| *c).collect();
        trick_winner(*leader, &played, trump).is_ns() == declarer.is_ns()
    });
    Some(won.count() as u8)
}

/// Writes `board` as a PBN game (tags in export order, then the auction with its notes and the
/// play), followed by an empty line.
pub fn write_game(board: &Board, out: &mut PbnText) {
    if let Some(event) = &board.event {
        out.tag("Event", event, None);
    }
    if let Some(number) = board.number {
        out.tag("Board", &number.to_string(), board.name_range);
    }
    for seat in [Seat::W, Seat::N, Seat::E, Seat::S] {
        if let Some(name) = &board.players[seat.index()] {
            out.tag(seat.name(), name, None);
        }
    }
    write_deal_tags(board, out);
    let outcome = outcome(board);
    match outcome.map(|o| (o.contract, o.over)) {
        Some((Some((contract, declarer)), _)) => {
            let last_bid = board.calls.iter().rev().find(|c| matches!(c.call, Call::Bid(..))).map(|c| c.range);
            out.tag("Declarer", &declarer.letter().to_string(), last_bid);
            out.tag("Contract", &contract.to_string(), last_bid);
        }
        Some((None, true)) => out.tag("Contract", "Pass", board.calls.last().map(|c| c.range)),
        _ => {}
    }
    match (board.claim, tricks_won(board)) {
        (Some((tricks, range)), _) => out.tag("Result", &tricks.to_string(), Some(range)),
        (None, Some(tricks)) => out.tag("Result", &tricks.to_string(), board.cards.last().map(|c| c.range)),
        _ => {}
    }
    if let Some(room) = board.label.as_deref().and_then(room) {
        out.tag("Room", room, None);
    }
    write_auction(board, out);
    write_play(board, out);
    out.text.push('\n');
}

/// The board's Dealer, Vulnerable and Deal tags as PBN writes them (those it has), a line each:
/// what a LIN deal's hover offers as its PBN.
pub fn deal_tags(board: &Board) -> String {
    let mut out = PbnText::default();
    write_deal_tags(board, &mut out);
    out.text
}

/// The Deal value of `board` in PBN (`N:…`, from the dealer, North when none), if it has a deal.
pub fn deal_value(board: &Board) -> Option<String> {
    board.deal.as_ref().map(|deal| write_deal(deal, board.dealer.unwrap_or(Seat::N)))
}

fn write_deal_tags(board: &Board, out: &mut PbnText) {
    let md_start = board.deal_range.map(|r| TextRange::at(r.start(), 1.into()));
    if let Some(dealer) = board.dealer {
        out.tag("Dealer", &dealer.letter().to_string(), md_start);
    }
    if let Some(vulnerable) = board.vulnerable {
        out.tag("Vulnerable", vulnerable.as_str(), board.vulnerable_range);
    }
    if let Some(deal) = deal_value(board) {
        out.tag("Deal", &deal, board.deal_range);
    }
}

/// `o12` is the open room's board 12, `c12` the closed room's.
fn room(label: &str) -> Option<&'static str> {
    match label.bytes().next()?.to_ascii_lowercase() {
        b'o' => Some("Open"),
        b'c' => Some("Closed"),
        _ => None,
    }
}

fn write_auction(board: &Board, out: &mut PbnText) {
    let (Some(dealer), Some(first)) = (board.dealer, board.calls.first()) else { return };
    out.tag("Auction", &dealer.letter().to_string(), Some(first.range));
    let mut notes = Vec::new();
    for (i, call) in board.calls.iter().enumerate() {
        out.push(&call_text(call.call), Some(call.range));
        if call.alert || call.explanation.is_some() {
            notes.push((call.explanation.as_deref().map(pbn_suits).unwrap_or_default(), call.range));
            let _ = write!(out.text, " ={}=", notes.len());
        }
        out.text.push(if i % 4 == 3 || i + 1 == board.calls.len() { '\n' } else { ' ' });
    }
    for (i, (note, range)) in notes.into_iter().enumerate() {
        out.tag("Note", &format!("{}:{note}", i + 1), Some(range));
    }
}

/// BBO's suit symbols in an explanation (`!S`, `!h`: `!` and a suit's letter, before anything
/// but a letter) as PBN writes a suit in text (`\S`, PBN 3.8); any other `!` is kept.
pub fn pbn_suits(text: &str) -> String {
    swap_suit_marks(text, '!', '\\')
}

/// PBN's suit notation in a note (`\S`) as BBO's (`!S`), for a LIN explanation: [`pbn_suits`]
/// undone.
pub fn lin_suits(text: &str) -> String {
    swap_suit_marks(text, '\\', '!')
}

/// `text` with each `from` that stands before a suit's letter (upper or lower case) and not
/// within a word (the letter is followed by no other letter) written `to`, the letter upper-case.
fn swap_suit_marks(text: &str, from: char, to: char) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == from {
            let mut ahead = chars.clone();
            if let Some(suit) = ahead.next().filter(|l| matches!(l.to_ascii_uppercase(), 'S' | 'H' | 'D' | 'C')) {
                if !ahead.next().is_some_and(char::is_alphabetic) {
                    out.push(to);
                    out.push(suit.to_ascii_uppercase());
                    chars.next();
                    continue;
                }
            }
        }
        out.push(c);
    }
    out
}

fn write_play(board: &Board, out: &mut PbnText) {
    let Some((opening, tricks)) = tricks(board) else { return };
    let Some(first) = board.cards.first() else { return };
    out.tag("Play", &opening.letter().to_string(), Some(first.range));
    for (leader, cards) in &tricks {
        let mut row: [Option<(Card, TextRange)>; 4] = [None; 4];
        for (i, &card) in cards.iter().enumerate() {
            let column = (leader.offset(i).index() + 4 - opening.index()) % 4;
            row[column] = Some(card);
        }
        for (column, cell) in row.iter().enumerate() {
            if column > 0 {
                out.text.push(' ');
            }
            match cell {
                Some((card, range)) => out.push(&card.to_string(), Some(*range)),
                None => out.text.push('-'),
            }
        }
        out.text.push('\n');
    }
    if tricks.len() < 13 || tricks.last().is_some_and(|(_, cards)| cards.len() < 4) {
        out.push("*", board.cards.last().map(|c| c.range));
        out.text.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suit_marks_are_swapped_only_before_a_suit_letter_ending_a_word() {
        assert_eq!(pbn_suits("2!S transfer, 5+ !h and !Cs!"), "2\\S transfer, 5+ \\H and !Cs!");
        assert_eq!(pbn_suits("!Double! !s"), "!Double! \\S");
        assert_eq!(lin_suits("2\\S transfer, 5+ \\H"), "2!S transfer, 5+ !H");
        assert_eq!(lin_suits(&pbn_suits("1!D-2!C")), "1!D-2!C");
    }

    /// The ordered map finds, for every place of a written game, the piece a walk over all the
    /// pieces finds (the narrowest holding it, ends included, the first written of equals).
    #[test]
    fn the_ordered_map_finds_what_a_walk_over_every_piece_finds() {
        let deal = "md|3S2345H2345D2345C2,S6789H6789D6789C3,STJQKHTJQKDTJQKC4,|";
        let text = format!(
            "pn|a,b,c,d|{deal}sv|b|ah|Board 7|{}mb|p|mb|p|mb|p|pc|C5|pc|C2|pc|C3|mc|9|\n",
            "mb|1C!|an|x|mb|1D|".repeat(20)
        );
        let (boards, _) = super::super::read::read_text(&text);
        let mut pbn = PbnText::default();
        write_game(&boards[0], &mut pbn);
        assert!(pbn.map.len() > 60, "{}", pbn.text);
        let walk = |at: TextSize| {
            pbn.map.iter().filter(|m| m.pbn.contains_inclusive(at)).min_by_key(|m| m.pbn.len()).map(|m| m.lin)
        };
        let ranges = pbn.lin_ranges();
        for at in 0..=pbn.text.len() as u32 {
            let at = TextSize::from(at);
            assert_eq!(ranges.lin_range(TextRange::empty(at)), walk(at), "at {at:?} of\n{}", pbn.text);
        }
    }
}
