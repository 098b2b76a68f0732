//! Views over the LIN tree: a board's pairs, each with its name, value and their ranges, and
//! the board read into the shared bridge model ([`crate::bridge`]): deal, dealer,
//! vulnerability, players, auction with alerts and explanations, play, claim, board name.
//!
//! Reading a value never judges the board: [`super::read`] says what is wrong with a value,
//! and the bridge checks (shared with PBN) what is wrong with the board.

use super::syntax_kind::{SyntaxKind, SyntaxNode};
use crate::bridge::auction::Call;
use crate::bridge::cards::{Card, Seat};
use crate::bridge::deal::Deal;
use crate::bridge::score::Vulnerability;
use crate::text::TextRange;

/// One pair `name|value|`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pair<'a> {
    pub name: &'a str,
    pub name_range: TextRange,
    pub value: &'a str,
    /// The value's range (empty right after the first `|` for an empty value).
    pub value_range: TextRange,
    pub range: TextRange,
}

impl Pair<'_> {
    /// Whether the pair's name is `name` (BBO writes names in lower case; either is read).
    pub fn is(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }
}

/// A board's pairs, or the header's (the pairs before the first `qx` of a numbered file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairs<'a> {
    pub header: bool,
    pub range: TextRange,
    pub pairs: Vec<Pair<'a>>,
}

/// The header (if any) and boards of a parsed text, in order.
pub fn boards<'a>(root: &SyntaxNode, text: &'a str) -> Vec<Pairs<'a>> {
    root.children()
        .filter(|n| matches!(n.kind(), SyntaxKind::BOARD | SyntaxKind::HEADER))
        .map(|board| Pairs {
            header: board.kind() == SyntaxKind::HEADER,
            range: board.text_range(),
            pairs: board.children().filter(|n| n.kind() == SyntaxKind::PAIR).map(|p| pair(&p, text)).collect(),
        })
        .collect()
}

fn pair<'a>(node: &SyntaxNode, text: &'a str) -> Pair<'a> {
    let range = node.text_range();
    let mut name_range = TextRange::empty(range.start());
    let mut value_range = None;
    let mut bars = 0;
    for token in node.children_with_tokens().filter_map(|e| e.into_token()) {
        match token.kind() {
            SyntaxKind::NAME => name_range = token.text_range(),
            SyntaxKind::VALUE => value_range = Some(token.text_range()),
            SyntaxKind::BAR => {
                bars += 1;
                if bars == 1 {
                    value_range.get_or_insert(TextRange::empty(token.text_range().end()));
                }
            }
            _ => {}
        }
    }
    let value_range = value_range.unwrap_or(TextRange::empty(range.end()));
    Pair { name: &text[name_range], name_range, value: &text[value_range], value_range, range }
}

/// A call of the auction (`mb`): the call, BBO's alert mark `!`, the explanation (`an`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MadeCall {
    pub call: Call,
    pub alert: bool,
    pub explanation: Option<String>,
    /// The `mb` value's range.
    pub range: TextRange,
}

/// A card of the play (`pc`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayedCard {
    pub card: Card,
    pub range: TextRange,
}

/// A board in the shared bridge model, with the ranges of the values it was read from.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Board {
    pub range: TextRange,
    /// The event (the first field of a vugraph header's `vg`).
    pub event: Option<String>,
    /// The board's name (`ah`, `Board 12`) and its number when it has one.
    pub name: Option<String>,
    pub number: Option<u32>,
    /// The `qx` label (`o12` open room board 12, `c12` closed room).
    pub label: Option<String>,
    /// Player names by [`Seat::index`].
    pub players: [Option<String>; 4],
    pub dealer: Option<Seat>,
    /// The deal, the fourth hand completed from the other three when omitted.
    pub deal: Option<Deal>,
    pub deal_range: Option<TextRange>,
    pub vulnerable: Option<Vulnerability>,
    pub vulnerable_range: Option<TextRange>,
    pub calls: Vec<MadeCall>,
    pub cards: Vec<PlayedCard>,
    /// Tricks claimed by declarer in all (`mc`).
    pub claim: Option<(u8, TextRange)>,
    pub name_range: Option<TextRange>,
}

/// Seats in the order LIN lists hands and players: South, West, North, East.
pub const LIN_ORDER: [Seat; 4] = [Seat::S, Seat::W, Seat::N, Seat::E];
