//! Deals as data: each game of a PBN text read into plain values (its deal, dealer,
//! vulnerability, auction, contract, play, result, double-dummy tricks when the file gives them,
//! and every tag), for programs that want the deals rather than diagnostics (the Python
//! package's `read_deals`). Values are as the file means them: `#` takes the value of the game
//! before (PBN 4.8), `##` is a value that later games may leave out, and a game without
//! Dealer, Vulnerable or Deal takes the previous game's, as the check reads such files.

use super::model::{Game, Inheritance};
use super::syntax_kind::SyntaxKind;
use crate::text::{ColumnUnit, LineIndex};

/// The tags whose values a game without them takes from the game before (rpbridge's files).
const DEAL_TAGS: [&str; 3] = ["Dealer", "Vulnerable", "Deal"];

/// One game of a PBN text, read.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DealRecord {
    /// The 1-based line the game starts on.
    pub line: u32,
    /// Every tag the game gives (the first of a repeated name), values as the file means them.
    pub tags: Vec<(String, String)>,
    /// The calls of the Auction section, as written (`1S`, `Pass`, `X`, `XX`, `AP`).
    pub auction: Vec<String>,
    /// The cards of the Play section, in its order (rows of a trick, columns by seat from the
    /// opening leader, PBN 3.2.3); `-` where a card is not given.
    pub play: Vec<String>,
    /// The 20 numbers of `DoubleDummyTricks` (declarers N S E W, each in NT S H D C), when the
    /// game gives a readable value.
    pub dd_tricks: Option<Vec<u8>>,
}

impl DealRecord {
    /// The value of the tag `name` (PBN tag names are case-sensitive, as the file wrote them).
    pub fn value(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Every game of `text` (a PBN text) with at least one tag, in order.
pub fn read_deals(text: &str) -> Vec<DealRecord> {
    let parse = super::parser::parse(text);
    let root = parse.syntax();
    let index = LineIndex::with_breaks(text, crate::Lang::Pbn.line_breaks());
    let mut inheritance = Inheritance::default();
    let mut out = Vec::new();
    for node in root.children().filter(|n| n.kind() == SyntaxKind::GAME) {
        let game = Game::from_node(&node, text);
        let Some(first) = game.tags.first() else { continue };
        let line = index.line_col(text, first.range.start(), ColumnUnit::Char).line + 1;
        let mut record = DealRecord { line, ..DealRecord::default() };
        for tag in game.tags.iter().filter(|t| t.counts) {
            if let Some(value) = inheritance.resolve(tag.name, tag.value) {
                record.tags.push((tag.name.to_owned(), unescape(value)));
            }
            let items = tag.section_items();
            match tag.name {
                "Auction" => {
                    record.auction = items.filter(|t| t.kind == SyntaxKind::CALL).map(|t| t.text.to_owned()).collect()
                }
                "Play" => {
                    record.play = items
                        .filter(|t| matches!(t.kind, SyntaxKind::CARD | SyntaxKind::DASH))
                        .map(|t| t.text.to_owned())
                        .collect()
                }
                _ => {}
            }
        }
        for name in DEAL_TAGS {
            if game.tag(name).is_none() {
                if let Some(last) = inheritance.last(name) {
                    record.tags.push((name.to_owned(), last.to_owned()));
                }
            }
        }
        record.dd_tricks = record.value("DoubleDummyTricks").and_then(dd_tricks);
        inheritance.record_game(&game);
        out.push(record);
    }
    out
}

/// A tag value with PBN's escapes (`\"`, `\\`) resolved.
fn unescape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.extend(chars.next()),
            c => out.push(c),
        }
    }
    out
}

/// The 20 hexadecimal digits of a `DoubleDummyTricks` value.
fn dd_tricks(value: &str) -> Option<Vec<u8>> {
    let digits: Option<Vec<u8>> = value.chars().map(|c| c.to_digit(16).map(|d| d as u8)).collect();
    digits.filter(|d| d.len() == 20 && d.iter().all(|&n| n <= 13))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deal_is_read_with_its_auction_play_and_inherited_values() {
        let text = "[Event \"Club\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
                    [Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
                    [Declarer \"N\"]\n[Contract \"7NT\"]\n[Result \"13\"]\n\
                    [DoubleDummyTricks \"dddddddddd0000000000\"]\n\
                    [Auction \"N\"]\n7NT Pass Pass Pass\n[Play \"E\"]\nST S6 S2 SA\n\n\
                    [Event \"#\"]\n[Board \"2\"]\n[Contract \"1C\"]\n";
        let deals = read_deals(text);
        assert_eq!(deals.len(), 2);
        let d = &deals[0];
        assert_eq!(d.line, 1);
        assert_eq!(d.value("Contract"), Some("7NT"));
        assert_eq!(d.auction, ["7NT", "Pass", "Pass", "Pass"]);
        assert_eq!(d.play, ["ST", "S6", "S2", "SA"]);
        assert_eq!(d.dd_tricks.as_deref(), Some(&[13u8; 10].iter().chain(&[0u8; 10]).copied().collect::<Vec<_>>()[..]));
        let second = &deals[1];
        assert_eq!(second.line, 15);
        assert_eq!(second.value("Event"), Some("Club"), "`#` takes the game before's value");
        assert_eq!(second.value("Dealer"), Some("N"), "a game without Dealer takes the last one's");
        assert_eq!(second.value("Deal"), d.value("Deal"));
        assert!(second.auction.is_empty() && second.dd_tricks.is_none());
    }
}
