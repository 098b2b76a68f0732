//! Typed views of a PBN game: tags with their sections, tables and inheritance. Seats, cards,
//! deals and contracts are the bridge domain's ([`crate::bridge`]), re-exported here.
//!
//! The views borrow from the text and carry the ranges checks report at; nothing here judges
//! validity beyond what parsing a value needs (the checks decide what is an error).

pub use crate::bridge::cards::{list_cards, rank_char, rank_from_char, Card, CardSet, Seat, Suit};
pub use crate::bridge::contract::{Contract, Denomination, Risk};
pub use crate::bridge::deal::{parse_deal, Deal, DealError};
/// A PBN string's value and its inverse: PBN 2.1 §3.2 writes a quote inside a string `\"` and a
/// backslash `\\`, word for word PGN's rule (PGN 7), so the two formats share one implementation.
pub use crate::pgn::model::{string_escaped, string_value};

use super::syntax_kind::{SyntaxKind, SyntaxNode};
use crate::bridge::score::Vulnerability;
use crate::names::NameSet;
use crate::parsing::{EventElement, EventNode};
use crate::text::{is_one_of, same_name, TextRange, TextSize};
use rustc_hash::FxHashMap;
use std::sync::OnceLock;

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
    /// Tokens after the tag up to the next tag: its section and the trivia around it. Kept
    /// inline up to two (the line end after most tags): a vector for every tag was a tenth of
    /// reading a game.
    pub section: smallvec::SmallVec<[SectionToken<'a>; 2]>,
    /// A brace comment of the game that ends right before the tag (blanks between at most):
    /// export format lets a multi-line comment end on a tag's line.
    pub after_comment: Option<TextRange>,
    /// The index in its game of the first tag of this name, well-formed or not (its own index
    /// when it is that one): a repeated tag points at it.
    pub first_of_name: usize,
    /// Whether this is the first well-formed tag of its name, the one whose value counts (PBN
    /// 3.4: a later one is ignored).
    pub counts: bool,
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

/// A direct child of a GAME node, as the tree and the parser's events both give it: a TAG or
/// SECTION node with its tokens, or a token. One reading of it ([`Game::build`]) makes the
/// model whichever the source.
enum Child<T> {
    Tag(TextRange, T),
    /// A section's tokens, and at least how many there are (room made at once: a play section
    /// grown token by token was reallocated a dozen times).
    Section(T, usize),
    Token(SyntaxKind, TextRange),
    Other,
}

impl<'a> Game<'a> {
    /// Builds the view of a GAME node of `text`.
    pub fn from_node(node: &SyntaxNode, text: &'a str) -> Game<'a> {
        let tokens = |n: &SyntaxNode| {
            n.children_with_tokens().filter_map(|e| e.into_token()).map(|t| (t.kind(), t.text_range()))
        };
        let children = node.children_with_tokens().map(|child| match child {
            rowan::NodeOrToken::Node(n) if n.kind() == SyntaxKind::TAG => Child::Tag(n.text_range(), tokens(&n)),
            rowan::NodeOrToken::Node(n) if n.kind() == SyntaxKind::SECTION => Child::Section(tokens(&n), 0),
            rowan::NodeOrToken::Node(_) => Child::Other,
            rowan::NodeOrToken::Token(t) => Child::Token(t.kind(), t.text_range()),
        });
        Game::build(node.text_range(), children, text)
    }

    /// Builds the view of a GAME node of `text` from the parser's events
    /// ([`super::parser::parse_events`]): the same view as [`Game::from_node`] of the tree.
    pub fn from_events(node: EventNode<'_, SyntaxKind>, text: &'a str) -> Game<'a> {
        let children = node.children().map(|child| match child {
            EventElement::Node(n) if n.kind() == Some(SyntaxKind::TAG) => Child::Tag(n.range(), n.child_tokens()),
            EventElement::Node(n) if n.kind() == Some(SyntaxKind::SECTION) => {
                // Its start and finish and, between them, its tokens (a section has no nodes).
                Child::Section(n.child_tokens(), n.span().len().saturating_sub(2))
            }
            EventElement::Node(_) => Child::Other,
            EventElement::Token(kind, range) => Child::Token(kind, range),
        });
        Game::build(node.range(), children, text)
    }

    fn build<T: Iterator<Item = (SyntaxKind, TextRange)>>(
        range: TextRange,
        children: impl Iterator<Item = Child<T>>,
        text: &'a str,
    ) -> Game<'a> {
        // Room for the mandatory tag set (PBN 3.4): most games have it, and growing the list
        // tag by tag was a tenth of reading a game.
        let mut tags: Vec<Tag<'a>> = Vec::with_capacity(16);
        let token = |(kind, range): (SyntaxKind, TextRange)| SectionToken { kind, text: &text[range], range };
        // The last token that is not a blank, for the next tag's `after_comment`: read from the
        // parse, not the text, where a `{` inside a string or after `;` looks the same.
        let mut last: Option<(SyntaxKind, TextRange)> = None;
        let note = |last: &mut Option<(SyntaxKind, TextRange)>, kind: SyntaxKind, range: TextRange| {
            if kind != SyntaxKind::WHITESPACE {
                *last = Some((kind, range));
            }
        };
        for child in children {
            match child {
                Child::Tag(range, tokens) => {
                    let mut tag = tag_from_tokens(range, tokens, text);
                    tag.after_comment = last.filter(|(kind, _)| *kind == SyntaxKind::BRACE_COMMENT).map(|(_, r)| r);
                    last = Some((SyntaxKind::TAG, range));
                    tags.push(tag);
                }
                Child::Section(tokens, count) => {
                    let tokens = tokens.inspect(|&(kind, range)| note(&mut last, kind, range));
                    match tags.last_mut() {
                        Some(tag) => {
                            tag.section.reserve(count);
                            tag.section.extend(tokens.map(token));
                        }
                        None => tokens.for_each(drop),
                    }
                }
                // Trivia after a tag or its section (comments, line ends) stays with that tag.
                Child::Token(kind, range) => {
                    note(&mut last, kind, range);
                    if let Some(tag) = tags.last_mut() {
                        tag.section.push(token((kind, range)));
                    }
                }
                Child::Other => last = None,
            }
        }
        mark_first_of_names(&mut tags);
        Game { range, tags }
    }

    /// The first tag named `name` (later duplicates are ignored, PBN 3.4).
    pub fn tag(&self, name: &str) -> Option<&Tag<'a>> {
        self.tags.iter().find(|t| same_name(t.name, name))
    }

    pub fn value(&self, name: &str) -> Option<&'a str> {
        self.tag(name).map(|t| t.value)
    }
}

/// The tag of a TAG node at `range`, from its tokens.
fn tag_from_tokens<'a>(
    range: TextRange,
    tokens: impl Iterator<Item = (SyntaxKind, TextRange)>,
    text: &'a str,
) -> Tag<'a> {
    let mut name = "";
    let mut name_range = TextRange::empty(range.start());
    let mut value = "";
    let mut value_range = TextRange::empty(range.start());
    let mut has_value = false;
    let mut closed = false;
    for (kind, r) in tokens {
        match kind {
            SyntaxKind::TAG_NAME if name.is_empty() => {
                name_range = r;
                name = &text[name_range];
            }
            SyntaxKind::STRING if !has_value && !name.is_empty() => {
                value_range = TextRange::new(r.start() + TextSize::from(1), r.end() - TextSize::from(1));
                value = &text[value_range];
                has_value = true;
            }
            SyntaxKind::R_BRACK => closed = true,
            _ => {}
        }
    }
    Tag {
        name,
        name_range,
        value,
        value_range,
        well_formed: has_value && closed,
        range,
        section: smallvec::SmallVec::new(),
        after_comment: None,
        first_of_name: 0,
        counts: false,
    }
}

/// Sets each tag's [`Tag::first_of_name`] and [`Tag::counts`], once a game for every check that
/// reads a tag's first value (a set built in each of them was a tenth of checking a game of
/// fifteen tags).
fn mark_first_of_names(tags: &mut [Tag<'_>]) {
    // A game of the mandatory tags and a few more: comparing with the tags before costs less
    // than hashing (most names differ in length); a game converted from LIN may have
    // thousands, looked up in a map.
    const LOOKED_UP_FROM: usize = 48;
    if tags.len() < LOOKED_UP_FROM {
        for i in 0..tags.len() {
            let name = tags[i].name;
            let first = tags[..i].iter().position(|t| same_name(t.name, name)).unwrap_or(i);
            let well_formed_before =
                first < i && tags[first..i].iter().any(|t| t.well_formed && same_name(t.name, name));
            tags[i].first_of_name = first;
            tags[i].counts = tags[i].well_formed && !well_formed_before;
        }
        return;
    }
    // The first tag of each name, and whether a well-formed one of it has come.
    let mut first: FxHashMap<&str, (usize, bool)> = FxHashMap::with_capacity_and_hasher(tags.len(), Default::default());
    for (i, tag) in tags.iter_mut().enumerate() {
        let (index, well_formed_seen) = first.entry(tag.name).or_insert((i, false));
        tag.first_of_name = *index;
        tag.counts = tag.well_formed && !*well_formed_seen;
        *well_formed_seen |= tag.well_formed;
    }
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
    !matches!(name, "Auction" | "Play") && (is_one_of(name, &TABLES) || has_data)
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

/// What a run of games took from the inheritance it started from, and what it gave it: the names
/// whose `#` value it looked up before it gave them a value itself, and the names it gave a
/// value. A run read from one inheritance reads the same from another that agrees with it on
/// those names, on the `##` values and on the last deal ([`Inheritance::reads_alike`]), and
/// leaves that other one with its own values on top ([`Inheritance::after_run_from`]): a piece
/// of a file formatted from a guess of what the games before it leave need not be formatted
/// again when the guess is wrong only where the piece never looks.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct InheritanceUse {
    looked_up: NameSet<String>,
    /// A name set: the games of a file give the same names in the same order, met in a short
    /// list without hashing (a hash set was 4 % of formatting a file of small games).
    given: NameSet<String>,
}

impl InheritanceUse {
    /// A tag of the next game (every tag, repeated ones too): a `#` value looks its name up,
    /// in what the games before gave or else in the inheritance the run started from.
    pub fn look_up(&mut self, name: &str, value: &str) {
        if value.starts_with('#') && !self.given.contains(name) {
            self.looked_up.insert(name, || name.to_owned());
        }
    }

    /// The tags a game recorded ([`Inheritance::record`]), after its look-ups.
    pub fn give<'v>(&mut self, recorded: impl IntoIterator<Item = (&'v str, &'v str)>) {
        for (name, value) in recorded {
            if passes_on(name, value) != PassesOn::Nothing {
                self.given.insert(name, || name.to_owned());
            }
        }
    }
}

/// Tag values as inheritance (PBN 4.8) makes them, carried from game to game in file order,
/// and the last game's deal data, which a game that leaves it out relies on ([`DealData`]).
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Inheritance {
    /// The last real value of each tag (the text after `##` for a `##` value). FxHash: the
    /// formatter looks up every tag of every game here, and SipHash was most of that.
    last: FxHashMap<String, String>,
    /// Values given with `##`: they apply to the later games that omit the tag.
    sticky: FxHashMap<String, String>,
    /// The last game's Dealer, Vulnerable and Deal, with what it took from the game before.
    deal: LastDeal,
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
        for tag in game.tags.iter().filter(|t| t.counts) {
            self.record(tag.name, tag.value);
        }
        self.record_deal(|name| game.value(name));
    }

    /// Takes note of a game's deal data for the next game: its own ([`DealData::read`] of its
    /// tag values as written, which `value_of` gives, `None` for a tag it does not have), or
    /// the last game's when it relies on them ([`DealData::taken_by`]). Its own Deal value is
    /// kept as written and read only if a later game takes it.
    pub fn record_deal<'v>(&mut self, value_of: impl Fn(&str) -> Option<&'v str>) {
        let own_vulnerable = DealData::read_vulnerable(&value_of);
        if let Some(taken) = self.taken_by(|name| value_of(name).is_some(), own_vulnerable) {
            self.deal = LastDeal::of(taken);
            return;
        }
        // The last game's written deal, its buffer reused: every game of a file gives one.
        let mut written = match std::mem::take(&mut self.deal.deal) {
            DealValue::Written(mut text, _) => {
                text.clear();
                text
            }
            DealValue::Read(_) => String::new(),
        };
        let deal = match literal(&value_of, "Deal") {
            Some(text) => {
                written.push_str(text);
                DealValue::Written(written, OnceLock::new())
            }
            None => DealValue::Read(None),
        };
        self.deal =
            LastDeal { dealer: literal(&value_of, "Dealer").and_then(Seat::parse), vulnerable: own_vulnerable, deal };
    }

    /// Inheritance after games that left no tag values but `deal`, the last one's deal data
    /// (a game converted on its own, after the games before it were checked).
    pub fn after_deal(deal: DealData) -> Inheritance {
        Inheritance { deal: LastDeal::of(deal), ..Inheritance::default() }
    }

    /// The deal data of the last game recorded, which the next game may rely on.
    pub fn last_deal(&self) -> DealData {
        self.deal.data()
    }

    /// What the next game takes of the last game's deal data ([`DealData::taken_by`]); the
    /// last deal is read only when the game relies on it.
    pub fn taken_by(&self, has_tag: impl Fn(&str) -> bool, own_vulnerable: Option<Vulnerability>) -> Option<DealData> {
        if !DealData::relies_on_previous(has_tag) {
            return None;
        }
        self.deal.data().taken(own_vulnerable)
    }

    /// Whether a run of games that used `used` of `self` reads the same from `other`.
    pub fn reads_alike(&self, other: &Inheritance, used: &InheritanceUse) -> bool {
        self.sticky == other.sticky
            && self.deal == other.deal
            && used.looked_up.iter().all(|name| self.last.get(name) == other.last.get(name))
    }

    /// What a run of games leaves after `before` when, read from another inheritance that
    /// [`Inheritance::reads_alike`] `before`, it left `self` and used `used`: `before`'s values
    /// with the run's own on top (the `##` values and the deal are the run's, `before`'s being
    /// the same as where it started).
    pub fn after_run_from(&self, before: &Inheritance, used: &InheritanceUse) -> Inheritance {
        let mut last = before.last.clone();
        for name in used.given.iter() {
            if let Some(value) = self.last.get(name) {
                last.insert(name.clone(), value.clone());
            }
        }
        Inheritance { last, sticky: self.sticky.clone(), deal: self.deal.clone() }
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

/// The value of the tag `name` as the deal data reads it: the text after `##` (which these tags
/// may not use, PBN700).
fn literal<'v>(value_of: &impl Fn(&str) -> Option<&'v str>, name: &str) -> Option<&'v str> {
    value_of(name).map(|v| v.strip_prefix("##").unwrap_or(v))
}

/// A game's Dealer, Vulnerable and Deal, typed (`None` where a value is unknown or unreadable).
///
/// Real files (rpbridge's conversions) leave these tags out of the second room's game and rely
/// on the previous game's. PBN has no such reuse (PBN 3: every game holds all its data; rule
/// PBN702 says so), but the data is plain: the check reads the game's auction and play against
/// the previous game's values, and the formatter writes them into the game, from the one
/// decision here ([`DealData::taken_by`]).
#[derive(Debug, Default, Clone, PartialEq)]
pub struct DealData {
    pub dealer: Option<Seat>,
    pub vulnerable: Option<Vulnerability>,
    pub deal: Option<Deal>,
}

impl DealData {
    /// The values of a game's Dealer, Vulnerable and Deal tags (`value_of` gives a tag's value
    /// as written), read as the checks read them: the text after `##` (which these tags may not
    /// use, PBN700), nothing for `?`, the empty string, `#` or a value that does not parse.
    pub fn read<'v>(value_of: impl Fn(&str) -> Option<&'v str>) -> DealData {
        DealData {
            dealer: literal(&value_of, "Dealer").and_then(Seat::parse),
            vulnerable: DealData::read_vulnerable(&value_of),
            deal: literal(&value_of, "Deal").and_then(|v| parse_deal(v).ok()),
        }
    }

    /// The game's Vulnerable value alone, read as [`DealData::read`] reads it (its deal not
    /// parsed).
    pub fn read_vulnerable<'v>(value_of: impl Fn(&str) -> Option<&'v str>) -> Option<Vulnerability> {
        literal(&value_of, "Vulnerable").and_then(Vulnerability::parse)
    }

    /// What a game takes from `self`, the previous game's deal data, when it relies on it: a
    /// game with an Auction or a Play but neither a Deal nor a Dealer tag (`has_tag` says which
    /// tags it has), after a game with a deal. It takes the deal and the dealer, and the
    /// vulnerability unless it gives its own (`own_vulnerable`). `None` when it relies on nothing.
    pub fn taken_by(&self, has_tag: impl Fn(&str) -> bool, own_vulnerable: Option<Vulnerability>) -> Option<DealData> {
        if !DealData::relies_on_previous(has_tag) {
            return None;
        }
        self.taken(own_vulnerable)
    }

    /// Whether a game relies on the previous game's deal data: it has an Auction or a Play but
    /// neither a Deal nor a Dealer tag (`has_tag` says which tags it has).
    pub fn relies_on_previous(has_tag: impl Fn(&str) -> bool) -> bool {
        (has_tag("Auction") || has_tag("Play")) && !has_tag("Deal") && !has_tag("Dealer")
    }

    /// What a game that relies on `self` takes of it ([`DealData::taken_by`]).
    fn taken(&self, own_vulnerable: Option<Vulnerability>) -> Option<DealData> {
        let deal = self.deal.as_ref()?;
        Some(DealData { dealer: self.dealer, vulnerable: own_vulnerable.or(self.vulnerable), deal: Some(deal.clone()) })
    }
}

/// The last game's deal data as [`Inheritance`] keeps it: its Deal value may be kept as
/// written, to be read only when a later game takes it ([`Inheritance::record_deal`]).
/// Nearly every game of a file gives its own deal: reading each one for inheritance alone was
/// 18.7 M of the 378.5 M instructions of `kibitzer fmt` on ben_uncommon_boards.pbn.
#[derive(Debug, Default, Clone)]
struct LastDeal {
    dealer: Option<Seat>,
    vulnerable: Option<Vulnerability>,
    deal: DealValue,
}

/// A Deal value, read, or as written (after a `##`) with its reading once it is asked for: a
/// game that takes the last deal asks for it twice (the formatter writes it into the game, then
/// records the game).
#[derive(Debug, Clone)]
enum DealValue {
    Read(Option<Deal>),
    Written(String, OnceLock<Option<Deal>>),
}

impl Default for DealValue {
    fn default() -> Self {
        DealValue::Read(None)
    }
}

impl LastDeal {
    fn of(data: DealData) -> LastDeal {
        LastDeal { dealer: data.dealer, vulnerable: data.vulnerable, deal: DealValue::Read(data.deal) }
    }

    /// The deal data, its deal read as [`DealData::read`] reads it: nothing for a value that
    /// does not parse.
    fn data(&self) -> DealData {
        let deal = match &self.deal {
            DealValue::Read(deal) => deal.clone(),
            DealValue::Written(text, read) => read.get_or_init(|| parse_deal(text).ok()).clone(),
        };
        DealData { dealer: self.dealer, vulnerable: self.vulnerable, deal }
    }
}

/// Equal when the deal data read is: a deal written two ways is one deal.
impl PartialEq for LastDeal {
    fn eq(&self, other: &LastDeal) -> bool {
        self.data() == other.data()
    }
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

    /// The parser's events describe the tree the other sink builds, and the games read from
    /// them are the games read from the tree: the checks (over events) and the editor's views
    /// (over trees) see the same file.
    #[test]
    fn games_from_events_are_games_from_the_tree() {
        let (text, shared) = crate::pbn::test_corpus();
        let (events, errors) = crate::pbn::parser::parse_events(&text, Vec::new());
        let parse = crate::pbn::parse(&text);
        assert_eq!(errors, parse.errors());
        let mut builder = rowan::GreenNodeBuilder::new();
        for e in &events {
            match *e {
                crate::parsing::ParseEvent::Start { kind, .. } => builder.start_node(kind.into()),
                crate::parsing::ParseEvent::Token(kind, range) => builder.token(kind.into(), &text[range]),
                crate::parsing::ParseEvent::Finish(_) => builder.finish_node(),
            }
        }
        assert!(builder.finish() == *parse.green());
        let from_tree: Vec<String> = parse
            .syntax()
            .children()
            .filter(|n| n.kind() == SyntaxKind::GAME)
            .map(|n| format!("{:?}", Game::from_node(&n, &text)))
            .collect();
        let from_events: Vec<String> = EventNode::root(&events)
            .children()
            .filter_map(|e| match e {
                EventElement::Node(n) if n.kind() == Some(SyntaxKind::GAME) => {
                    Some(format!("{:?}", Game::from_events(n, &text)))
                }
                _ => None,
            })
            .collect();
        assert!(from_tree.len() > if shared { 500 } else { 20 }, "{}", from_tree.len());
        assert!(from_tree == from_events);
    }

    /// Each tag knows the first tag of its name and whether its value is the one that counts
    /// (the first well-formed one), in a short game (compared with the tags before) as in one
    /// of many tags (looked up in a map).
    #[test]
    fn tags_know_the_first_of_their_name() {
        for fillers in [3, 60] {
            let mut text = String::from("[Deal \"N:broken\"\n[Event \"a\"]\n[Deal \"N:- - - -\"]\n");
            for i in 0..fillers {
                text.push_str(&format!("[Filler{i} \"x\"]\n"));
            }
            text.push_str("[Event \"b\"]\n[Deal \"N:- - - -\"]\n");
            let parse = crate::pbn::parse(&text);
            let node = parse.syntax().children().find(|n| n.kind() == SyntaxKind::GAME).unwrap();
            let game = Game::from_node(&node, &text);
            let marks: Vec<(&str, bool, usize, bool)> =
                game.tags.iter().map(|t| (t.name, t.well_formed, t.first_of_name, t.counts)).collect();
            let last = marks.len() - 2;
            assert_eq!(marks.len(), fillers + 5, "{marks:?}");
            assert_eq!(marks[0], ("Deal", false, 0, false), "a broken tag never counts");
            assert_eq!(marks[1], ("Event", true, 1, true));
            assert_eq!(marks[2], ("Deal", true, 0, true), "the first well-formed Deal counts");
            assert_eq!(marks[3].2, 3);
            assert_eq!(marks[last], ("Event", true, 1, false), "a repeat points at the first");
            assert_eq!(marks[last + 1], ("Deal", true, 0, false));
        }
        // Names alike in length and in their first and last letters are still two names.
        let text = "[Dual \"x\"]\n[Deal \"N:- - - -\"]\n[Dual \"y\"]\n";
        let parse = crate::pbn::parse(text);
        let node = parse.syntax().children().find(|n| n.kind() == SyntaxKind::GAME).unwrap();
        let game = Game::from_node(&node, text);
        let marks: Vec<(usize, bool)> = game.tags.iter().map(|t| (t.first_of_name, t.counts)).collect();
        assert_eq!(marks, [(0, true), (1, true), (0, false)]);
    }

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

    /// A game with an auction but neither Deal nor Dealer takes the previous game's deal data
    /// (its own Vulnerable stays); a game with either tag, or with nothing to read them for,
    /// takes nothing; and a game that took them passes them on.
    #[test]
    fn a_game_without_deal_and_dealer_takes_the_previous_games() {
        const DEAL: &str = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";
        let tags = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
        };
        let first = tags(&[("Dealer", "e"), ("Vulnerable", "Both"), ("Deal", DEAL), ("Auction", "E")]);
        let mut inherited = Inheritance::default();
        inherited.record_deal(first);
        let previous = inherited.last_deal();
        assert_eq!(previous.dealer, Some(Seat::E));
        assert_eq!(previous.vulnerable, Some(Vulnerability::All));
        assert_eq!(previous.deal, parse_deal(DEAL).ok());

        let has = |names: &'static [&'static str]| move |name: &str| names.contains(&name);
        assert_eq!(previous.taken_by(has(&["Auction"]), None), Some(previous.clone()));
        let own = previous.taken_by(has(&["Play", "Vulnerable"]), Some(Vulnerability::NS)).unwrap();
        assert_eq!((own.dealer, own.vulnerable), (Some(Seat::E), Some(Vulnerability::NS)));
        assert_eq!(previous.taken_by(has(&["Auction", "Deal"]), None), None);
        assert_eq!(previous.taken_by(has(&["Auction", "Dealer"]), None), None);
        assert_eq!(previous.taken_by(has(&["Board"]), None), None, "no auction or play: nothing to read");
        assert_eq!(DealData::default().taken_by(has(&["Auction"]), None), None, "no deal before");

        // The second room's game passes what it took on to a third that leaves them out too.
        let second = tags(&[("Auction", "E")]);
        inherited.record_deal(second);
        assert_eq!(inherited.last_deal(), previous);
        let unknown = tags(&[("Dealer", "?"), ("Deal", "?"), ("Auction", "N")]);
        inherited.record_deal(unknown);
        assert_eq!(inherited.last_deal(), DealData::default(), "`?` is no value");
    }

    /// Inheritance, which keeps each deal as written ([`Inheritance::record_deal`]), leaves
    /// after every game what the deal data read at once leave ([`DealData::read`] of the game,
    /// or what it takes of the game before, [`DealData::taken_by`]), through games that give a
    /// deal, rely on the one before, give one that does not parse, `?` or `##`.
    #[test]
    fn deals_kept_as_written_are_the_deals_read() {
        const DEAL: &str = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";
        const OTHER: &str = "E:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";
        let games: [&[(&str, &str)]; 8] = [
            &[("Dealer", "N"), ("Vulnerable", "None"), ("Deal", DEAL), ("Auction", "N")],
            &[("Auction", "E"), ("Vulnerable", "NS")],
            &[("Play", "W")],
            &[("Dealer", "S"), ("Deal", "N:AKQ garbage"), ("Auction", "S")],
            &[("Auction", "E")],
            &[("Dealer", "W"), ("Deal", &*Box::leak(format!("##{OTHER}").into_boxed_str())), ("Auction", "W")],
            &[("Auction", "N")],
            &[("Dealer", "?"), ("Deal", "?"), ("Auction", "N")],
        ];
        let mut read = DealData::default();
        let mut lazy = Inheritance::default();
        for (i, tags) in games.iter().enumerate() {
            let value_of = |name: &str| tags.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
            let has = |name: &str| value_of(name).is_some();
            let own = DealData::read(value_of);
            let taken = read.taken_by(has, own.vulnerable);
            assert_eq!(lazy.taken_by(has, own.vulnerable), taken, "game {i}");
            read = taken.unwrap_or(own);
            lazy.record_deal(value_of);
            assert_eq!(lazy.last_deal(), read, "game {i}");
            assert!(lazy == Inheritance::after_deal(read.clone()), "game {i}");
            let expected = match i {
                0..=2 => parse_deal(DEAL).ok(),
                5 | 6 => parse_deal(OTHER).ok(),
                _ => None,
            };
            assert_eq!(lazy.last_deal().deal, expected, "game {i}");
        }
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
