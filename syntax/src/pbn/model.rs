//! Typed views of a PBN game: tags with their sections, seats, cards, deals, contracts.
//!
//! The views borrow from the text and carry the ranges checks report at; nothing here judges
//! validity beyond what parsing a value needs (the checks decide what is an error).

use super::syntax_kind::{SyntaxKind, SyntaxNode};
use crate::text::{TextRange, TextSize};
use std::collections::HashMap;

/// A compass seat. Index order N, E, S, W (clockwise from North).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seat {
    N,
    E,
    S,
    W,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::N, Seat::E, Seat::S, Seat::W];

    /// `N`, `E`, `S`, `W` in either case.
    pub fn from_char(c: char) -> Option<Seat> {
        Some(match c.to_ascii_uppercase() {
            'N' => Seat::N,
            'E' => Seat::E,
            'S' => Seat::S,
            'W' => Seat::W,
            _ => return None,
        })
    }

    pub fn parse(s: &str) -> Option<Seat> {
        let mut chars = s.chars();
        let seat = Seat::from_char(chars.next()?)?;
        chars.next().is_none().then_some(seat)
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Seat {
        Seat::ALL[i % 4]
    }

    /// The next seat clockwise (left-hand opponent).
    pub fn next(self) -> Seat {
        Seat::from_index(self.index() + 1)
    }

    pub fn offset(self, n: usize) -> Seat {
        Seat::from_index(self.index() + n)
    }

    pub fn is_ns(self) -> bool {
        matches!(self, Seat::N | Seat::S)
    }

    pub fn partner(self) -> Seat {
        self.offset(2)
    }

    pub fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self.index()]
    }

    pub fn name(self) -> &'static str {
        ["North", "East", "South", "West"][self.index()]
    }
}

/// Suits in the order of a Deal hand: spades, hearts, diamonds, clubs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Suit {
    S,
    H,
    D,
    C,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::S, Suit::H, Suit::D, Suit::C];

    pub fn from_char(c: char) -> Option<Suit> {
        Some(match c.to_ascii_uppercase() {
            'S' => Suit::S,
            'H' => Suit::H,
            'D' => Suit::D,
            'C' => Suit::C,
            _ => return None,
        })
    }

    pub fn letter(self) -> char {
        ['S', 'H', 'D', 'C'][self as usize]
    }
}

/// Rank 2..=14 (ace 14) from a rank character (`T` for ten) in either case.
pub fn rank_from_char(c: char) -> Option<u8> {
    Some(match c.to_ascii_uppercase() {
        '2'..='9' => c as u8 - b'0',
        'T' => 10,
        'J' => 11,
        'Q' => 12,
        'K' => 13,
        'A' => 14,
        _ => return None,
    })
}

pub fn rank_char(rank: u8) -> char {
    b"23456789TJQKA"[usize::from(rank.clamp(2, 14) - 2)] as char
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Card {
    pub suit: Suit,
    pub rank: u8,
}

impl Card {
    /// A distinct index 0..52.
    pub fn index(self) -> usize {
        self.suit as usize * 13 + usize::from(self.rank - 2)
    }

    /// `SA`, `H10`, `ht`: a card token of the play section.
    pub fn parse(s: &str) -> Option<Card> {
        let mut chars = s.chars();
        let suit = Suit::from_char(chars.next()?)?;
        let rest = chars.as_str();
        let rank = if rest == "10" {
            10
        } else {
            let mut r = rest.chars();
            let rank = rank_from_char(r.next()?)?;
            if r.next().is_some() {
                return None;
            }
            rank
        };
        Some(Card { suit, rank })
    }
}

impl std::fmt::Display for Card {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.suit.letter(), rank_char(self.rank))
    }
}

/// A set of cards as a 52-bit mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CardSet(pub u64);

impl CardSet {
    pub fn contains(self, c: Card) -> bool {
        self.0 & (1 << c.index()) != 0
    }
    pub fn insert(&mut self, c: Card) {
        self.0 |= 1 << c.index();
    }
    pub fn remove(&mut self, c: Card) {
        self.0 &= !(1 << c.index());
    }
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn has_suit(self, s: Suit) -> bool {
        (self.0 >> (s as usize * 13)) & 0x1fff != 0
    }
}

/// Bidding denominations in rank order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Denomination {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
    NoTrump,
}

impl Denomination {
    /// `C D H S NT` (either case); `N` only when `allow_n`.
    pub fn parse(s: &str) -> Option<Denomination> {
        Some(match s.to_ascii_uppercase().as_str() {
            "C" => Denomination::Clubs,
            "D" => Denomination::Diamonds,
            "H" => Denomination::Hearts,
            "S" => Denomination::Spades,
            "NT" => Denomination::NoTrump,
            _ => return None,
        })
    }

    pub fn trump(self) -> Option<Suit> {
        match self {
            Denomination::Clubs => Some(Suit::C),
            Denomination::Diamonds => Some(Suit::D),
            Denomination::Hearts => Some(Suit::H),
            Denomination::Spades => Some(Suit::S),
            Denomination::NoTrump => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        ["C", "D", "H", "S", "NT"][self as usize]
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Risk {
    Undoubled,
    Doubled,
    Redoubled,
}

impl Risk {
    pub fn as_str(self) -> &'static str {
        ["", "X", "XX"][self as usize]
    }
}

/// A contract `<level><denomination><risk>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Contract {
    pub level: u8,
    pub denomination: Denomination,
    pub risk: Risk,
}

impl Contract {
    /// Parses `3NT`, `4Hx`, `6SXX` (case-insensitive).
    pub fn parse(s: &str) -> Option<Contract> {
        let level = s.chars().next()?.to_digit(10)?;
        if !(1..=7).contains(&level) {
            return None;
        }
        let upper = s[1..].to_ascii_uppercase();
        let (den, risk) = if let Some(d) = upper.strip_suffix("XX") {
            (d, Risk::Redoubled)
        } else if let Some(d) = upper.strip_suffix('X') {
            (d, Risk::Doubled)
        } else {
            (upper.as_str(), Risk::Undoubled)
        };
        Some(Contract { level: level as u8, denomination: Denomination::parse(den)?, risk })
    }
}

impl std::fmt::Display for Contract {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}{}", self.level, self.denomination.as_str(), self.risk.as_str())
    }
}

/// A token of a section: kind, text and range.
#[derive(Debug, Clone, Copy)]
pub struct SectionToken<'a> {
    pub kind: SyntaxKind,
    pub text: &'a str,
    pub range: TextRange,
}

/// A tag pair with the section that follows it.
#[derive(Debug, Clone)]
pub struct Tag<'a> {
    pub name: &'a str,
    pub name_range: TextRange,
    /// The string between the quotes, escapes not resolved; empty for a broken tag.
    pub value: &'a str,
    /// The range of `value` (inside the quotes).
    pub value_range: TextRange,
    /// Whether the tag parsed completely (`[`, name, string, `]`).
    pub well_formed: bool,
    pub range: TextRange,
    /// Tokens after the tag up to the next tag: its section and the trivia around it.
    pub section: Vec<SectionToken<'a>>,
}

impl<'a> Tag<'a> {
    /// The range of bytes `start..end` of the value.
    pub fn sub_range(&self, start: usize, end: usize) -> TextRange {
        let base = self.value_range.start();
        TextRange::new(base + TextSize::from(start as u32), base + TextSize::from(end as u32))
    }

    /// Non-trivia tokens of the section.
    pub fn section_items(&self) -> impl Iterator<Item = &SectionToken<'a>> {
        self.section.iter().filter(|t| !t.kind.is_trivia())
    }
}

/// One game: its node and its tags in order.
#[derive(Debug, Clone)]
pub struct Game<'a> {
    pub range: TextRange,
    pub tags: Vec<Tag<'a>>,
}

impl<'a> Game<'a> {
    /// Builds the view of a GAME node of `text`.
    pub fn from_node(node: &SyntaxNode, text: &'a str) -> Game<'a> {
        let mut tags: Vec<Tag<'a>> = Vec::new();
        let token = |t: &super::syntax_kind::SyntaxToken| SectionToken {
            kind: t.kind(),
            text: &text[t.text_range()],
            range: t.text_range(),
        };
        for child in node.children_with_tokens() {
            match child {
                rowan::NodeOrToken::Node(n) if n.kind() == SyntaxKind::TAG => tags.push(tag_from_node(&n, text)),
                rowan::NodeOrToken::Node(n) if n.kind() == SyntaxKind::SECTION => {
                    if let Some(tag) = tags.last_mut() {
                        tag.section.extend(n.children_with_tokens().filter_map(|e| e.into_token()).map(|t| token(&t)));
                    }
                }
                // Trivia after a tag or its section (comments, line ends) stays with that tag.
                rowan::NodeOrToken::Token(t) => {
                    if let Some(tag) = tags.last_mut() {
                        tag.section.push(token(&t));
                    }
                }
                _ => {}
            }
        }
        Game { range: node.text_range(), tags }
    }

    /// The first tag named `name` (later duplicates are ignored, PBN 3.4).
    pub fn tag(&self, name: &str) -> Option<&Tag<'a>> {
        self.tags.iter().find(|t| t.name == name)
    }

    pub fn value(&self, name: &str) -> Option<&'a str> {
        self.tag(name).map(|t| t.value)
    }
}

fn tag_from_node<'a>(node: &SyntaxNode, text: &'a str) -> Tag<'a> {
    let range = node.text_range();
    let mut name = "";
    let mut name_range = TextRange::empty(range.start());
    let mut value = "";
    let mut value_range = TextRange::empty(range.start());
    let mut has_value = false;
    let mut closed = false;
    for t in node.children_with_tokens().filter_map(|e| e.into_token()) {
        match t.kind() {
            SyntaxKind::TAG_NAME if name.is_empty() => {
                name_range = t.text_range();
                name = &text[name_range];
            }
            SyntaxKind::STRING if !has_value && !name.is_empty() => {
                let r = t.text_range();
                value_range = TextRange::new(r.start() + TextSize::from(1), r.end() - TextSize::from(1));
                value = &text[value_range];
                has_value = true;
            }
            SyntaxKind::R_BRACK => closed = true,
            _ => {}
        }
    }
    Tag { name, name_range, value, value_range, well_formed: has_value && closed, range, section: Vec::new() }
}

/// The supplemental sections that are tables (PBN 5.3–5.10): their tag value lists columns.
pub const TABLES: [&str; 8] = [
    "ActionTable",
    "AuctionTimeTable",
    "InstantScoreTable",
    "OptimumPlayTable",
    "OptimumResultTable",
    "PlayTimeTable",
    "ScoreTable",
    "TotalScoreTable",
];

/// Whether the tag `name` opens a supplemental section (PBN 5.1), which export format puts after
/// the Auction and Play sections: a table even before it has rows, or any other tag that is
/// followed by section data (a user-defined section). The `Table` tag (PBN 4.4.7, a table
/// number) is an ordinary tag although its name ends like the tables'.
pub fn is_section(name: &str, has_data: bool) -> bool {
    !matches!(name, "Auction" | "Play") && (TABLES.contains(&name) || has_data)
}

/// How a table column pads its elements to its minimum width (PBN 5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Spaces after the element (`L`, and the default).
    Left,
    /// Spaces before the element (`R`).
    Right,
}

/// One column of a table's tag value (PBN 5.2): `[+|-]name[\width[L|R]]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column<'a> {
    pub name: &'a str,
    /// `+` (descending) or `-` (ascending), when given.
    pub order: Option<char>,
    /// The minimum width of the column's elements, in characters.
    pub width: Option<usize>,
    pub align: Align,
}

/// Parses one column specification; `None` when a `\` is not followed by a width and an
/// optional `L` or `R`.
pub fn parse_column(spec: &str) -> Option<Column<'_>> {
    let order = spec.chars().next().filter(|c| matches!(c, '+' | '-'));
    let unsigned = &spec[order.map_or(0, char::len_utf8)..];
    let Some((name, width)) = unsigned.split_once('\\') else {
        return Some(Column { name: unsigned, order, width: None, align: Align::Left });
    };
    let digits = width.strip_suffix(['L', 'R']).unwrap_or(width);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let align = if width.ends_with('R') { Align::Right } else { Align::Left };
    Some(Column { name, order, width: Some(digits.parse().ok()?), align })
}

/// What a game's tag passes on to later games (PBN 4.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PassesOn<'v> {
    /// `##value`: the value, which later games that omit the tag take too.
    Sticky(&'v str),
    /// A plain value, which a later `#` takes.
    Value(&'v str),
    /// Nothing: `#` (itself inherited) or a note.
    Nothing,
}

/// What the tag `name` with `value` passes on to later games.
pub fn passes_on<'v>(name: &str, value: &'v str) -> PassesOn<'v> {
    if let Some(rest) = value.strip_prefix("##") {
        PassesOn::Sticky(rest)
    } else if value != "#" && name != "Note" {
        PassesOn::Value(value)
    } else {
        PassesOn::Nothing
    }
}

/// Tag values as inheritance (PBN 4.8) makes them, carried from game to game in file order.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Inheritance {
    /// The last real value of each tag (the text after `##` for a `##` value).
    last: HashMap<String, String>,
    /// Values given with `##`: they apply to the later games that omit the tag.
    sticky: HashMap<String, String>,
}

impl Inheritance {
    /// Takes note of a game's tag, in file order (the first of a repeated tag is the one that
    /// counts, PBN 3.4: the caller passes each name once).
    pub fn record(&mut self, name: &str, value: &str) {
        match passes_on(name, value) {
            PassesOn::Sticky(rest) => {
                self.sticky.insert(name.to_owned(), rest.to_owned());
                self.last.insert(name.to_owned(), rest.to_owned());
            }
            PassesOn::Value(value) => self.record_last(name, value),
            PassesOn::Nothing => {}
        }
    }

    fn record_last(&mut self, name: &str, value: &str) {
        // Reuse the stored string: most games repeat the same tags.
        match self.last.get_mut(name) {
            Some(v) => {
                v.clear();
                v.push_str(value);
            }
            None => {
                self.last.insert(name.to_owned(), value.to_owned());
            }
        }
    }

    /// Takes note of all the tags of a game.
    pub fn record_game(&mut self, game: &Game<'_>) {
        let mut seen: Vec<&str> = Vec::new();
        for tag in game.tags.iter().filter(|t| t.well_formed) {
            if !seen.contains(&tag.name) {
                seen.push(tag.name);
                self.record(tag.name, tag.value);
            }
        }
    }

    /// The value a `#` would inherit for `name` now, if an earlier game gave one.
    pub fn last(&self, name: &str) -> Option<&str> {
        self.last.get(name).map(String::as_str)
    }

    /// Whether an earlier game gave `name` with `##`, so that later games may omit it.
    pub fn is_sticky(&self, name: &str) -> bool {
        self.sticky.contains_key(name)
    }

    /// What `value`, given for `name` in the current game, stands for: itself, the text after
    /// `##`, or the inherited value of `#`.
    pub fn resolve<'v>(&'v self, name: &str, value: &'v str) -> Option<&'v str> {
        match value {
            "#" => self.last(name),
            _ => Some(value.strip_prefix("##").unwrap_or(value)),
        }
    }
}

/// A parsed Deal value: the cards of each seat (`None` for a `-` hand).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    pub first: Seat,
    pub hands: [Option<CardSet>; 4],
}

/// A problem in a Deal value, at a byte range of the value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealError {
    pub start: usize,
    pub end: usize,
    pub message: String,
}

/// Parses `<first>:<hand> <hand> <hand> <hand>` (PBN 3.4.11) syntactically. Card-count and
/// duplicate checks are left to the caller, which sees the returned hands.
pub fn parse_deal(value: &str) -> Result<Deal, DealError> {
    let err = |start: usize, end: usize, message: String| DealError { start, end, message };
    let bytes = value.as_bytes();
    if bytes.len() < 2 || bytes[1] != b':' {
        // The first two characters (not bytes: the range must not split a character).
        let end = value.char_indices().nth(2).map_or(value.len(), |(i, _)| i);
        return Err(err(0, end, format!("Deal `{value}` does not start with `<seat>:`")));
    }
    let first = Seat::from_char(bytes[0] as char)
        .ok_or_else(|| err(0, 1, format!("Deal first seat `{}` is not N, E, S or W", &value[..1])))?;
    let mut hands = [None; 4];
    let mut pos = 2;
    for i in 0..4 {
        let end = value[pos..].find(' ').map_or(value.len(), |j| pos + j);
        let hand = &value[pos..end];
        let seat = first.offset(i);
        if hand.is_empty() {
            let what = if end < value.len() { "two spaces between hands" } else { "a missing hand" };
            return Err(err(pos, (pos + 1).min(value.len()), format!("Deal has {what}: expected 4 hands")));
        }
        if hand != "-" {
            hands[seat.index()] = Some(parse_hand(hand, pos)?);
        }
        pos = end + 1;
        if i < 3 && end >= value.len() {
            return Err(err(value.len(), value.len(), format!("Deal has {} hands: expected 4", i + 1)));
        }
    }
    if pos <= value.len() {
        return Err(err(pos - 1, value.len(), "Deal has text after the fourth hand".to_owned()));
    }
    Ok(Deal { first, hands })
}

fn parse_hand(hand: &str, offset: usize) -> Result<CardSet, DealError> {
    let mut set = CardSet::default();
    let suits: Vec<&str> = hand.split('.').collect();
    if suits.len() != 4 {
        return Err(DealError {
            start: offset,
            end: offset + hand.len(),
            message: format!("hand `{hand}` has {} suits: expected 4 separated by dots", suits.len()),
        });
    }
    let mut pos = offset;
    for (suit, ranks) in Suit::ALL.into_iter().zip(suits) {
        for (i, c) in ranks.char_indices() {
            let Some(rank) = rank_from_char(c) else {
                return Err(DealError {
                    start: pos + i,
                    end: pos + i + c.len_utf8(),
                    message: format!("`{c}` in hand `{hand}` is not a rank (A K Q J T 9..2)"),
                });
            };
            let card = Card { suit, rank };
            if set.contains(card) {
                return Err(DealError {
                    start: pos + i,
                    end: pos + i + 1,
                    message: format!("{card} appears twice in hand `{hand}`"),
                });
            }
            set.insert(card);
        }
        pos += ranks.len() + 1;
    }
    Ok(set)
}

/// The cards of a set, for messages: `SA HK D2`.
pub fn list_cards(set: CardSet) -> String {
    let mut out = Vec::new();
    for suit in Suit::ALL {
        for rank in (2..=14).rev() {
            let c = Card { suit, rank };
            if set.contains(c) {
                out.push(c.to_string());
            }
        }
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn deal_errors_never_split_a_character() {
        for value in ["€€", "é€:x", "N€", "N:€.AK.Q.J - - -", "N:AKQ.€€.x.y - - -", "N:- - - - €"] {
            let e = parse_deal(value).expect_err(value);
            assert!(e.start <= e.end && e.end <= value.len(), "{value}: {}..{}", e.start, e.end);
            assert!(
                value.is_char_boundary(e.start) && value.is_char_boundary(e.end),
                "{value}: {}..{}",
                e.start,
                e.end
            );
        }
    }

    use super::*;

    #[test]
    fn deals_parse_and_report_positions() {
        let d = parse_deal("N:AKQJ.T98.765.432 - 765.432.AKQJ.T98 -").unwrap();
        assert_eq!(d.first, Seat::N);
        assert_eq!(d.hands[0].unwrap().len(), 13);
        assert!(d.hands[1].is_none());
        let e = parse_deal("W:vKQT2.AT.J6542.85 - - -").unwrap_err();
        assert_eq!((e.start, e.end), (2, 3));
        let e = parse_deal("W:KQT2.AT.J6542.85  - - -").unwrap_err();
        assert!(e.message.contains("two spaces"), "{}", e.message);
    }

    #[test]
    fn table_columns_and_sections() {
        let c = parse_column("-Rank\\3R").unwrap();
        assert_eq!((c.name, c.order, c.width, c.align), ("Rank", Some('-'), Some(3), Align::Right));
        let c = parse_column("Names\\45").unwrap();
        assert_eq!((c.name, c.width, c.align), ("Names", Some(45), Align::Left));
        assert_eq!(parse_column("Contract").unwrap().width, None);
        assert_eq!(parse_column("Rank\\").ok_or(()), Err(()));
        assert_eq!(parse_column("Rank\\2X").ok_or(()), Err(()));
        assert!(is_section("ScoreTable", false));
        assert!(is_section("MyData", true));
        assert!(!is_section("Table", false), "the Table tag is a table number, not a section");
        assert!(!is_section("Auction", true));
    }

    #[test]
    fn inheritance_follows_hash_and_double_hash() {
        let mut inherited = Inheritance::default();
        inherited.record("Event", "##Club night");
        inherited.record("Site", "Hall");
        assert!(inherited.is_sticky("Event") && !inherited.is_sticky("Site"));
        assert_eq!(inherited.resolve("Site", "#"), Some("Hall"));
        assert_eq!(inherited.resolve("Event", "#"), Some("Club night"));
        assert_eq!(inherited.resolve("Date", "#"), None);
        inherited.record("Site", "#");
        assert_eq!(inherited.last("Site"), Some("Hall"));
    }

    #[test]
    fn contracts_and_cards() {
        assert_eq!(Contract::parse("3NT").unwrap().to_string(), "3NT");
        assert_eq!(Contract::parse("5hx").unwrap().to_string(), "5HX");
        assert!(Contract::parse("5Hearts").is_none());
        assert!(Contract::parse("8S").is_none());
        assert_eq!(Card::parse("H10").unwrap().to_string(), "HT");
        assert!(Card::parse("S1").is_none());
    }
}
