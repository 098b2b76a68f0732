//! PBN export format (PBN 2.1–2.3, 3): CRLF line ends, no tabs; per game the 15 mandatory tags
//! in order, the other tags in alphabetical order, the Auction section, the Play section, then
//! the supplemental sections in alphabetical order, each Note tag staying with the section it
//! explains; one empty line after each game. A missing mandatory tag is added as `"?"`
//! (unknown), as `""` for the Declarer and Result of a passed-out deal (inappropriate) and as
//! `"Pass"` for its Contract (PBN 3.4, 3.4.13–3.4.15), and not at all when an earlier game gave
//! it with `##` (PBN 4.8).
//!
//! Values: Deal from the dealer with ranks descending in upper case, Vulnerable as
//! `None`/`NS`/`EW`/`All`, directions, contracts, calls and cards in upper case; `#`/`##`
//! inheritance is kept as written. The auction is written four calls a line and the play four
//! cards a line (from the player of the section's tag), each call or card followed by its note
//! reference and its NAGs in ascending order, suffixes turned into NAGs (PBN 3.5.2, 3.6.2).
//! Comments stay with what they follow: after a tag on a line of their own, otherwise after one
//! space. Tables have a row a line, each column padded to its `\width` (PBN 5.2; the columns of
//! a `#` table are the nearest earlier game's); other supplemental sections keep their lines,
//! with tabs turned into spaces.
//!
//! No line of the output exceeds 255 characters with its CR LF (PBN 2.3): a table whose rows
//! would is kept as written, and a game that would still have one is declined (kept as written).

use super::syntax_kind::SyntaxKind;
use crate::diagnostic::Diagnostic;
use crate::format::unit::{Before, Carry, Declined, FormatOptions, UnitFormatter};
use crate::parsing::{EventElement, EventNode, ParseEvent};
use crate::text::{TextRange, TextSize};
use crate::Lang;

const CRLF: &str = "\r\n";

/// The Mandatory Tag Set in its export order (PBN 3.4), the same table the checks use.
use crate::pbn::check::values::MTS as MANDATORY_TAGS;
use crate::pbn::model::{is_section, parse_column, Align, Column, Inheritance, TABLES};

pub(crate) struct Formatter {
    /// The text given to `prepare`, parsed into `events` (the parser's events: what the games
    /// are read from, without building a tree).
    text: String,
    events: Vec<ParseEvent<SyntaxKind>>,
    /// The games of `text`, in order: their ranges and their spans in `events`.
    games: Vec<(TextRange, std::ops::Range<usize>)>,
    /// Tag values for `#` and `##` (PBN 4.8) from the games before `games[recorded]` (and from
    /// the windows of the file before this one).
    inherited: Inheritance,
    recorded: usize,
}

impl Formatter {
    pub(crate) fn new(_text: &str, _options: &FormatOptions) -> Formatter {
        Formatter {
            text: String::new(),
            events: Vec::new(),
            games: Vec::new(),
            inherited: Inheritance::default(),
            recorded: 0,
        }
    }

    /// Brings `inherited` up to the game at `index`: inheritance runs in file order through
    /// every game, formatted or not.
    fn inherit_up_to(&mut self, index: usize) {
        while self.recorded < index.min(self.games.len()) {
            let game = EventNode::at(&self.events, self.games[self.recorded].1.clone());
            record_game(&mut self.inherited, game, &self.text);
            self.recorded += 1;
        }
    }
}

impl UnitFormatter for Formatter {
    fn prepare(&mut self, _lang: Lang, text: &str) -> (Vec<TextRange>, Vec<Diagnostic>) {
        let (events, errors) = super::parser::parse_events(text, std::mem::take(&mut self.events));
        self.games = games(&events).map(|g| (g.range(), g.span())).collect();
        self.events = events;
        self.text.clear();
        self.text.push_str(text);
        self.recorded = 0;
        (self.games.iter().map(|g| g.0).collect(), errors)
    }

    fn release(&mut self) {
        (self.text, self.events, self.games) = Default::default();
        self.recorded = 0;
    }

    /// The games of this window that the engine is done with precede the next window's.
    fn advance(&mut self, consumed: TextSize) {
        let done = self.games.iter().take_while(|g| g.0.end() <= consumed).count();
        self.inherit_up_to(done);
    }

    /// The lexer closes a brace comment at the next `}` however far (PBN 3.8), and an
    /// unterminated one at a semi-empty line: a window's end before the `}` changes the parse.
    fn may_depend_on_text_after(&self, error: &Diagnostic, after: &str) -> bool {
        error.code == crate::pbn::parser::UNTERMINATED_COMMENT.code && after.contains('}')
    }

    fn unit(&mut self, range: TextRange, unit: &str) -> Result<String, Declined> {
        if let Ok(i) = self.games.binary_search_by_key(&range.start(), |g| g.0.start()) {
            if self.games[i].0 == range {
                self.inherit_up_to(i);
                let game = EventNode::at(&self.events, self.games[i].1.clone());
                return checked_line_lengths(format_game(game, &self.text, &self.inherited), unit);
            }
        }
        // Not a unit of `prepare` (never so through the engine): parse it alone.
        let (events, _) = super::parser::parse_events(unit, Vec::new());
        let mut games = games(&events);
        match (games.next(), games.next()) {
            (Some(game), None) => checked_line_lengths(format_game(game, unit, &self.inherited), unit),
            // Not one game: nothing to reorder safely.
            _ => Ok(unit.to_owned()),
        }
    }

    fn carry(&mut self) -> Carry {
        self.inherit_up_to(self.games.len());
        Carry::Inherited(self.inherited.clone())
    }

    fn start_from(&mut self, carry: &Carry) {
        self.inherited = match carry {
            Carry::Inherited(inherited) => inherited.clone(),
            Carry::Nothing => Inheritance::default(),
        };
    }

    /// `%` lines between games are kept, with CRLF line ends; after a game left as written,
    /// byte for byte (they may be what separates it from the next).
    fn stray(&mut self, text: &str, before: Before) -> String {
        if before == Before::Kept {
            return text.to_owned();
        }
        // Blank lines before the text go, and so do blanks before its first line, unless that
        // line's text is a `%`: at the start of the line it would become an escape (PBN 2.4), a
        // different thing (found by fuzzing).
        let blank = text.len() - text.trim_start_matches(['\r', '\n', ' ', '\t']).len();
        let start =
            if text[blank..].starts_with('%') { text[..blank].rfind(['\r', '\n']).map_or(0, |i| i + 1) } else { blank };
        let trimmed = &text[start..];
        let mut out = to_crlf(trimmed.trim_end_matches([' ', '\t']));
        if !out.is_empty() && !out.ends_with('\n') {
            out.push_str(CRLF);
        }
        out
    }
}

/// The longest line PBN allows, its CR LF included (PBN 2.3).
const MAX_LINE: usize = 255;

/// The characters of `line` (without its line end) plus the two of CR LF.
fn exported_length(line: &str) -> usize {
    line.chars().count() + CRLF.len()
}

/// A formatted game whose lines all fit PBN's limit, or the reason to keep the game as written:
/// export format puts a tag, a comment line or a table row on one line and cannot fold it.
fn checked_line_lengths(formatted: String, unit: &str) -> Result<String, Declined> {
    // The lines between CR LFs; only one of more bytes than the limit can have more characters.
    let mut start = 0;
    let mut longest = None;
    for end in memchr::memmem::find_iter(formatted.as_bytes(), CRLF).chain([formatted.len()]) {
        let line = &formatted[start..end];
        if line.len() + CRLF.len() > MAX_LINE {
            longest = longest.max(Some(exported_length(line)).filter(|&n| n > MAX_LINE));
        }
        start = end + CRLF.len();
    }
    let Some(longest) = longest else {
        return Ok(formatted);
    };
    // Point at the longest line of the original when it is already too long.
    let mut start = 0;
    let mut at = TextRange::empty(0.into());
    let mut widest = 0;
    for line in unit.split_inclusive('\n') {
        let content = line.trim_end_matches(['\r', '\n']);
        if content.chars().count() > widest {
            widest = content.chars().count();
            at = TextRange::at((start as u32).into(), (content.len() as u32).into());
        }
        start += line.len();
    }
    Err(vec![Diagnostic::new(
        &crate::pbn::check::lines::LINE_TOO_LONG,
        at,
        format!(
            "in export format this game would have a line of {longest} characters, CR LF included \
             (at most {MAX_LINE}): kept as written"
        ),
    )])
}

/// Records the tags of a game node for later games' `#` and `##`.
fn record_game(inherited: &mut Inheritance, game: EventNode<'_, SyntaxKind>, text: &str) {
    let mut seen: Vec<&str> = Vec::new();
    let tags = game.children().filter_map(|e| match e {
        EventElement::Node(n) if n.kind() == Some(SyntaxKind::TAG) => Some(n),
        _ => None,
    });
    for tag in tags {
        let (Some(name), Some(value)) =
            (token_text(tag, text, SyntaxKind::TAG_NAME), token_text(tag, text, SyntaxKind::STRING))
        else {
            continue;
        };
        if !seen.contains(&name) {
            inherited.record(name, unquote(value));
            seen.push(name);
        }
    }
}

/// A string token's text without its quotes.
fn unquote(string: &str) -> &str {
    let inner = string.strip_prefix('"').unwrap_or(string);
    inner.strip_suffix('"').unwrap_or(inner)
}

/// Every line end (LF, CR or CRLF) as CRLF.
fn to_crlf(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push_str(CRLF);
            }
            '\n' => out.push_str(CRLF),
            c => out.push(c),
        }
    }
    out
}

/// A token of a game, read from the parser's events (the formatter reads kinds and texts only).
#[derive(Clone, Copy)]
struct Tok<'g> {
    kind: SyntaxKind,
    text: &'g str,
}

/// The games of a parse.
fn games(events: &[ParseEvent<SyntaxKind>]) -> impl Iterator<Item = EventNode<'_, SyntaxKind>> {
    EventNode::root(events).children().filter_map(|e| match e {
        EventElement::Node(n) if n.kind() == Some(SyntaxKind::GAME) => Some(n),
        _ => None,
    })
}

/// The tokens that are children of `node`, a node of `text`.
fn tokens<'e, 'g>(node: EventNode<'e, SyntaxKind>, text: &'g str) -> impl Iterator<Item = Tok<'g>> + use<'e, 'g> {
    node.child_tokens().map(move |(kind, range)| Tok { kind, text: &text[range] })
}

/// A tag pair with what follows it: comments, and the section it opens.
struct Block<'g> {
    name: &'g str,
    /// The value as written between the quotes (escapes untouched).
    value: &'g str,
    /// Comments and escape lines after the tag, before its section.
    comments: Vec<&'g str>,
    section: Vec<Tok<'g>>,
    /// Note tags explaining this section's calls or cards.
    notes: Vec<Block<'g>>,
}

impl Block<'_> {
    fn is_note(&self) -> bool {
        self.name == "Note"
    }
}

/// The blocks of a game, and the comments before its first tag.
fn blocks<'g>(game: EventNode<'_, SyntaxKind>, text: &'g str) -> (Vec<&'g str>, Vec<Block<'g>>) {
    let mut leading = Vec::new();
    let mut blocks: Vec<Block<'g>> = Vec::new();
    for element in game.children() {
        match element {
            EventElement::Node(node) if node.kind() == Some(SyntaxKind::TAG) => {
                let name = token_text(node, text, SyntaxKind::TAG_NAME).unwrap_or_default();
                let value = unquote(token_text(node, text, SyntaxKind::STRING).unwrap_or_default());
                blocks.push(Block { name, value, comments: Vec::new(), section: Vec::new(), notes: Vec::new() });
            }
            EventElement::Node(node) => {
                if let Some(block) = blocks.last_mut() {
                    block.section.extend(tokens(node, text));
                }
            }
            EventElement::Token(kind, range) => {
                let token = Tok { kind, text: &text[range] };
                match blocks.last_mut() {
                    // After the section's data, trivia belongs to it: a comment annotates the
                    // last call or card, and line ends keep escape lines in their column 1.
                    Some(block) if has_data(&block.section) => block.section.push(token),
                    Some(block) if is_comment(token.kind) => block.comments.push(token.text),
                    None if is_comment(token.kind) => leading.push(token.text),
                    _ => {}
                }
            }
        }
    }
    (leading, blocks)
}

fn is_comment(kind: SyntaxKind) -> bool {
    matches!(kind, SyntaxKind::BRACE_COMMENT | SyntaxKind::LINE_COMMENT | SyntaxKind::ESCAPE_LINE)
}

/// The text of the first token of `kind` among the children of `node`.
fn token_text<'g>(node: EventNode<'_, SyntaxKind>, text: &'g str, kind: SyntaxKind) -> Option<&'g str> {
    tokens(node, text).find(|t| t.kind == kind).map(|t| t.text)
}

/// Where a block goes in export order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Place {
    Mandatory(usize),
    Supplemental,
    Auction,
    Play,
    Section,
}

fn place(block: &Block) -> Place {
    if let Some(i) = MANDATORY_TAGS.iter().position(|t| *t == block.name) {
        return Place::Mandatory(i);
    }
    match block.name {
        "Auction" => Place::Auction,
        "Play" => Place::Play,
        name if is_section(name, has_data(&block.section)) => Place::Section,
        _ => Place::Supplemental,
    }
}

fn has_data(section: &[Tok<'_>]) -> bool {
    section.iter().any(|t| !t.kind.is_trivia())
}

fn format_game(game: EventNode<'_, SyntaxKind>, text: &str, inherited: &Inheritance) -> String {
    let (leading, all) = blocks(game, text);
    // Note tags go with the Auction or Play section before them (PBN 3.5.5, 3.6.5).
    let mut ordered: Vec<Block> = Vec::new();
    for block in all {
        let owner = ordered.iter_mut().rev().find(|b| !b.is_note());
        match owner {
            Some(owner) if block.is_note() && matches!(owner.name, "Auction" | "Play") => owner.notes.push(block),
            _ => ordered.push(block),
        }
    }
    let value_of = |name: &str| ordered.iter().find(|b| b.name == name).and_then(|b| seat(b.value));
    let seats = Seats { dealer: value_of("Dealer"), leader: value_of("Declarer").map(|d| (d + 1) % 4) };
    let passed_out = is_passed_out(&ordered);
    for (i, name) in MANDATORY_TAGS.iter().enumerate() {
        // A `##` value of an earlier game stands in for the tag (PBN 4.8).
        if ordered.iter().any(|b| b.name == *name) || inherited.is_sticky(name) {
            continue;
        }
        let value = match *name {
            // When all four pass there is no declarer and no result: an inappropriate value is
            // the empty string (PBN 3.4, 3.4.13, 3.4.15); the contract is `Pass` (3.4.14).
            "Declarer" | "Result" if passed_out => "",
            "Contract" if passed_out => "Pass",
            // Unknown (PBN 3.4).
            _ => "?",
        };
        let block = Block { name, value, comments: vec![], section: vec![], notes: vec![] };
        ordered.insert(i.min(ordered.len()), block);
    }
    // Stable: a repeated tag keeps its order.
    ordered.sort_by(|a, b| {
        let (pa, pb) = (place(a), place(b));
        pa.cmp(&pb).then_with(|| match pa {
            Place::Supplemental | Place::Section => a.name.as_bytes().cmp(b.name.as_bytes()),
            _ => std::cmp::Ordering::Equal,
        })
    });
    // About the size of the game as written: one allocation, not one per doubling.
    let mut out = String::with_capacity(usize::from(game.range().len()) + 64);
    for line in &leading {
        out.push_str(&to_crlf(line));
        out.push_str(CRLF);
    }
    for block in &ordered {
        write_block(&mut out, block, seats, inherited);
    }
    out.push_str(CRLF);
    out
}

/// Whether all four players passed: the Contract tag says `Pass`, or the auction is four
/// passes (or `AP` at once).
fn is_passed_out(blocks: &[Block]) -> bool {
    let contract = blocks.iter().find(|b| b.name == "Contract").map(|b| b.value);
    if contract.is_some_and(|c| c.eq_ignore_ascii_case("pass")) {
        return true;
    }
    let Some(auction) = blocks.iter().find(|b| b.name == "Auction") else { return false };
    let calls: Vec<&str> = auction.section.iter().filter(|t| t.kind == SyntaxKind::CALL).map(|t| t.text).collect();
    match calls.as_slice() {
        [ap] => ap.eq_ignore_ascii_case("ap"),
        [_, _, _, _] => calls.iter().all(|c| c.eq_ignore_ascii_case("pass")),
        _ => false,
    }
}

/// The seats a game's sections start from in export format.
#[derive(Clone, Copy)]
struct Seats {
    /// The dealer starts the auction (PBN 3.5).
    dealer: Option<usize>,
    /// Declarer's left-hand opponent leads (PBN 3.6).
    leader: Option<usize>,
}

fn seat(value: &str) -> Option<usize> {
    let c = value.chars().next()?.to_ascii_uppercase();
    (value.len() == 1).then(|| DIRECTIONS.iter().position(|d| *d == c)).flatten()
}

fn write_block(out: &mut String, block: &Block, seats: Seats, inherited: &Inheritance) {
    let mut value = normalise_value(block.name, block.value, seats.dealer.map(|d| DIRECTIONS[d]));
    let mut section = None;
    if has_data(&block.section) {
        let export_start = match block.name {
            "Auction" => Some(seats.dealer),
            "Play" => Some(seats.leader),
            _ => None,
        };
        if let Some(export_start) = export_start {
            // Import format may start the columns at another seat, padding with `-` up to the
            // dealer (or leader); export format starts at that seat itself.
            let padding = match (seat(&value), export_start) {
                (Some(from), Some(to)) => (to + 4 - from) % 4,
                _ => 0,
            };
            section = four_a_line(&block.section, block.name == "Play", padding).map(|(text, dropped)| {
                if dropped {
                    value = export_start.map(|s| DIRECTIONS[s].to_string()).unwrap_or(value.clone());
                }
                text
            });
        } else if TABLES.contains(&block.name) {
            // `#` takes the columns of the nearest earlier game's table (PBN 4.8).
            section = inherited.resolve(block.name, block.value).and_then(|columns| table(&block.section, columns));
        }
    }
    out.push('[');
    out.push_str(block.name);
    out.push_str(" \"");
    out.push_str(&value);
    out.push_str("\"]");
    out.push_str(CRLF);
    for comment in &block.comments {
        out.push_str(&to_crlf(comment));
        out.push_str(CRLF);
    }
    if has_data(&block.section) {
        match section {
            Some(text) => out.push_str(&text),
            None => out.push_str(&section_as_written(&block.section)),
        }
    }
    for note in &block.notes {
        write_block(out, note, seats, inherited);
    }
}

/// A table's rows in export format (PBN 5.2): each row on one line, its elements separated by
/// one space and each padded to its column's minimum width, on the side its alignment says;
/// no trailing blanks. `None` for a table this layout does not cover, which is then kept as
/// written: columns that do not parse, comments or escape lines among the rows (PBN 5.1 forbids
/// comments there), a last row that is not complete, or a row too long for one line (PBN 2.3).
fn table(section: &[Tok<'_>], columns: &str) -> Option<String> {
    let columns: Vec<Column<'_>> = columns.split(';').map(parse_column).collect::<Option<_>>()?;
    // A column wider than a line (PBN 2.3) makes every row too long: not padded out (a width
    // of 300000000000 was an allocation of 300 GB; found by fuzzing).
    if columns.iter().any(|c| c.width.is_some_and(|w| w > 255)) {
        return None;
    }
    let mut elements: Vec<&str> = Vec::new();
    for token in section {
        match token.kind {
            SyntaxKind::WHITESPACE | SyntaxKind::NEWLINE => {}
            SyntaxKind::STRING | SyntaxKind::SECTION_WORD => elements.push(token.text),
            _ => return None,
        }
    }
    if elements.is_empty() || !elements.len().is_multiple_of(columns.len()) {
        return None;
    }
    let mut out = String::new();
    let mut row = String::new();
    for cells in elements.chunks_exact(columns.len()) {
        row.clear();
        for (i, (cell, column)) in cells.iter().zip(&columns).enumerate() {
            if i > 0 {
                row.push(' ');
            }
            let padding = column.width.unwrap_or(0).saturating_sub(cell.chars().count());
            if column.align == Align::Right {
                row.extend(std::iter::repeat_n(' ', padding));
            }
            row.push_str(cell);
            if column.align == Align::Left {
                row.extend(std::iter::repeat_n(' ', padding));
            }
        }
        let line = row.trim_end();
        if exported_length(line) > MAX_LINE {
            return None;
        }
        out.push_str(line);
        out.push_str(CRLF);
    }
    Some(out)
}

/// Tag values that export format spells one way (PBN 3.4.9–3.4.14, 3.11).
fn normalise_value(name: &str, value: &str, dealer: Option<char>) -> String {
    if value.starts_with('#') {
        return value.to_owned(); // inherited: kept as written
    }
    match name {
        "Dealer" | "Declarer" | "Auction" | "Play" if value.len() == 1 => value.to_ascii_uppercase(),
        "Contract" if !value.eq_ignore_ascii_case("pass") => value.to_ascii_uppercase(),
        "Vulnerable" => match value.to_ascii_lowercase().as_str() {
            "none" | "love" | "-" => "None".into(),
            "all" | "both" => "All".into(),
            "ns" => "NS".into(),
            "ew" => "EW".into(),
            _ => value.to_owned(),
        },
        "Deal" => normalise_deal(value, dealer).unwrap_or_else(|| value.to_owned()),
        _ => value.to_owned(),
    }
}

const DIRECTIONS: [char; 4] = ['N', 'E', 'S', 'W'];
const RANKS: &[u8; 13] = b"AKQJT98765432";

/// `first:hand hand hand hand` from the dealer, each suit's ranks upper case and descending;
/// `None` when the value is not such a deal (left for the checks to report).
fn normalise_deal(value: &str, dealer: Option<char>) -> Option<String> {
    let (first, hands) = value.trim().split_once(':')?;
    let first = match first.as_bytes() {
        [b] => DIRECTIONS.iter().position(|d| *d as u8 == b.to_ascii_uppercase())?,
        _ => return None,
    };
    let mut normalised: [String; 4] = Default::default();
    let mut hands = hands.split_whitespace();
    for out in &mut normalised {
        let hand = hands.next()?;
        if hand == "-" {
            out.push('-');
            continue;
        }
        let mut suits = hand.split('.');
        for i in 0..4 {
            if i > 0 {
                out.push('.');
            }
            // Ranks descending: counted by rank, written in RANKS order.
            let mut counts = [0usize; 13];
            for c in suits.next()?.chars() {
                counts[rank_index(c)?] += 1;
            }
            for (rank, &n) in RANKS.iter().zip(&counts) {
                (0..n).for_each(|_| out.push(char::from(*rank)));
            }
        }
        if suits.next().is_some() {
            return None;
        }
    }
    if hands.next().is_some() {
        return None;
    }
    let start = dealer.and_then(|d| DIRECTIONS.iter().position(|c| *c == d)).unwrap_or(first);
    let mut out = String::with_capacity(value.len());
    out.push(DIRECTIONS[start]);
    out.push(':');
    for i in 0..4 {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&normalised[(start + 4 - first + i) % 4]);
    }
    Some(out)
}

/// Where the rank `c` (either case) is in [`RANKS`].
fn rank_index(c: char) -> Option<usize> {
    let upper = u8::try_from(c).ok()?.to_ascii_uppercase();
    RANKS.iter().position(|&r| r == upper)
}

/// A call or card with what annotates it.
#[derive(Default)]
struct Item {
    text: String,
    note: Option<String>,
    nags: Vec<u32>,
    /// Each comment, and whether it is a `;` comment (which ends the line it is on).
    comments: Vec<(String, bool)>,
    /// A `;` comment ends the line it is on.
    ends_line: bool,
}

/// The auction (or, with `play`, the play) four calls or cards a line. When the first
/// `padding` items are bare `-` (import columns starting before the dealer or leader), they are
/// dropped and the second value says so. `None` for a section this layout does not cover
/// (irregularities, stray words, escape lines), which is then kept as written.
fn four_a_line(section: &[Tok<'_>], play: bool, padding: usize) -> Option<(String, bool)> {
    let mut leading: Vec<String> = Vec::new();
    let mut items: Vec<Item> = Vec::new();
    let mut end_marks: Vec<Item> = Vec::new();
    for token in section {
        let text = token.text;
        match token.kind {
            SyntaxKind::WHITESPACE | SyntaxKind::NEWLINE => {}
            SyntaxKind::CALL | SyntaxKind::CARD | SyntaxKind::DASH | SyntaxKind::PLUS => {
                items.push(Item { text: spell_call_or_card(text), ..Item::default() });
            }
            SyntaxKind::STAR => end_marks.push(Item { text: text.to_owned(), ..Item::default() }),
            SyntaxKind::NOTE_REF => {
                let item = end_marks.last_mut().or(items.last_mut())?;
                if item.note.is_some() {
                    return None;
                }
                item.note = Some(text.to_owned());
            }
            SyntaxKind::NAG => {
                let n = text[1..].parse().ok()?;
                end_marks.last_mut().or(items.last_mut())?.nags.push(n);
            }
            SyntaxKind::SUFFIX => {
                let n = suffix_nag(text, play)?;
                end_marks.last_mut().or(items.last_mut())?.nags.push(n);
            }
            SyntaxKind::BRACE_COMMENT | SyntaxKind::LINE_COMMENT => {
                let comment = to_crlf(text);
                match end_marks.last_mut().or(items.last_mut()) {
                    Some(item) => {
                        let line_comment = token.kind == SyntaxKind::LINE_COMMENT;
                        item.ends_line |= line_comment;
                        item.comments.push((comment, line_comment));
                    }
                    None => leading.push(comment),
                }
            }
            _ => return None,
        }
    }
    let is_bare_dash = |item: &Item| item.text == "-" && item.note.is_none() && item.nags.is_empty();
    let dropped = padding > 0
        && items.len() > padding
        && items[..padding].iter().all(|i| is_bare_dash(i) && i.comments.is_empty());
    if dropped {
        items.drain(..padding);
    }
    let mut out = String::new();
    for comment in &leading {
        out.push_str(comment);
        out.push_str(CRLF);
    }
    let mut on_line = 0;
    for (i, item) in items.iter().enumerate() {
        if on_line > 0 {
            out.push(' ');
        }
        write_item(&mut out, item);
        on_line += 1;
        if on_line == 4 || item.ends_line || i + 1 == items.len() {
            out.push_str(CRLF);
            on_line = 0;
        }
    }
    for mark in &end_marks {
        write_item(&mut out, mark);
        out.push_str(CRLF);
    }
    Some((out, dropped))
}

fn write_item(out: &mut String, item: &Item) {
    out.push_str(&item.text);
    if let Some(note) = &item.note {
        out.push(' ');
        out.push_str(note);
    }
    let mut nags = item.nags.clone();
    nags.sort_unstable();
    for nag in nags {
        out.push_str(&format!(" ${nag}"));
    }
    let mut after_line_comment = false;
    for (comment, line_comment) in &item.comments {
        // What follows a `;` comment goes on the next line, or the comment would swallow it.
        out.push_str(if after_line_comment { CRLF } else { " " });
        out.push_str(comment);
        after_line_comment = *line_comment;
    }
}

/// Calls and cards in export spelling: upper case (`1nt` → `1NT`, `sk` → `SK`), `Pass`, `X`,
/// `XX`.
fn spell_call_or_card(text: &str) -> String {
    if text.eq_ignore_ascii_case("pass") || text.eq_ignore_ascii_case("ap") {
        let mut s = text.to_ascii_lowercase();
        s[..1].make_ascii_uppercase();
        if s == "Ap" {
            return "AP".into();
        }
        return s;
    }
    text.to_ascii_uppercase()
}

/// The NAG of a suffix annotation: calls `$1`–`$6`, cards `$7`–`$12` (PBN 3.5.3, 3.6.3).
fn suffix_nag(suffix: &str, play: bool) -> Option<u32> {
    let n = match suffix {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    };
    Some(if play { n + 6 } else { n })
}

/// A section this formatter does not lay out: its lines as written, tabs turned into spaces,
/// without trailing blanks, with CRLF. A line of only blanks (the indentation before the next
/// tag, say) is left out: written empty it would end the game (PBN 3.1).
fn section_as_written(section: &[Tok<'_>]) -> String {
    let text: String = section.iter().map(|t| t.text).collect();
    let mut out = String::with_capacity(text.len());
    for line in to_crlf(&text).split_inclusive(CRLF) {
        let content = line.strip_suffix(CRLF).unwrap_or(line).replace('\t', " ");
        if content.trim().is_empty() {
            continue;
        }
        out.push_str(content.trim_end());
        out.push_str(CRLF);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by `fuzz/run.sh fmt-pbn`: stray text after a tag and an indented tag on the next
    /// line gave an empty line inside the game, which split it on the next run.
    #[test]
    fn a_section_never_gains_an_empty_line() {
        let options = crate::format::FormatOptions::default();
        for text in ["%\n[n\"\"]-\n [c\"\"]", "[Event \"x\"]-\n [Site \"y\"]\n"] {
            let once = crate::format::format(crate::Lang::Pbn, text, &options).text;
            let twice = crate::format::format(crate::Lang::Pbn, &once, &options).text;
            assert_eq!(once, twice, "{text:?}");
            assert!(!once.trim_end().contains("\r\n\r\n["), "one game: {once:?}");
        }
    }

    /// Found by `fuzz/run.sh fmt-pbn`: a call's `;` comment and then its brace comment were
    /// written on one line, where the `;` comment swallowed the `{`, and the tag inside the
    /// brace comment became a tag on the next run.
    #[test]
    fn a_brace_comment_after_a_line_comment_starts_a_line() {
        let options = crate::format::FormatOptions::default();
        let text = "{}[Auction\"\"]1D=1=;\n{\n[a\"\"];}$4";
        let once = crate::format::format(crate::Lang::Pbn, text, &options).text;
        let twice = crate::format::format(crate::Lang::Pbn, &once, &options).text;
        assert_eq!(once, twice);
        assert!(once.contains("1D =1= $4 ;\r\n{\r\n[a\"\"];}\r\n"), "{once:?}");
    }

    /// Found by fuzzing: a column width in the hundreds of billions was padded out.
    #[test]
    fn a_table_wider_than_a_line_is_kept_as_written() {
        let text = "[Board \"1\"]\r\n[ScoreTable \"PairId_NS\\300000000000R;Score_NS\\6R\"]\r\n1 420\r\n2 -50\r\n";
        let formatted = crate::format::format(crate::Lang::Pbn, text, &crate::format::FormatOptions::default());
        assert!(formatted.text.contains("1 420\r\n2 -50\r\n"), "{:?}", formatted.text);
    }

    #[test]
    fn deals_are_from_the_dealer_with_ranks_descending() {
        assert_eq!(
            normalise_deal("e:.36.akq987.a9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85", Some('N')),
            Some("N:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4".to_owned())
        );
        assert_eq!(normalise_deal("N:- - - -", None), Some("N:- - - -".to_owned()));
        assert_eq!(normalise_deal("N:AK.x", None), None);
    }

    #[test]
    fn values_calls_and_suffixes() {
        assert_eq!(normalise_value("Vulnerable", "Love", None), "None");
        assert_eq!(normalise_value("Vulnerable", "both", None), "All");
        assert_eq!(normalise_value("Contract", "3nt", None), "3NT");
        assert_eq!(normalise_value("Event", "#", None), "#");
        assert_eq!(spell_call_or_card("pass"), "Pass");
        assert_eq!(spell_call_or_card("xx"), "XX");
        assert_eq!(suffix_nag("!!", false), Some(3));
        assert_eq!(suffix_nag("!!", true), Some(9));
    }

    #[test]
    fn a_game_in_export_order() {
        let text = "[Auction \"n\"]\n1D 1S !! =1= $25 3H\tPass\nPass Pass ; done\n[Note \"1:x\"]\n[Dealer \"N\"]\n\
                    [Zeta \"z\"] {about zeta}\n[Alpha \"a\"]\n";
        let out = Formatter::new(text, &FormatOptions::default()).unit(TextRange::default(), text).unwrap();
        let expected = "[Event \"?\"]\r\n[Site \"?\"]\r\n[Date \"?\"]\r\n[Board \"?\"]\r\n[West \"?\"]\r\n\
                        [North \"?\"]\r\n[East \"?\"]\r\n[South \"?\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"?\"]\r\n\
                        [Deal \"?\"]\r\n[Scoring \"?\"]\r\n[Declarer \"?\"]\r\n[Contract \"?\"]\r\n[Result \"?\"]\r\n\
                        [Alpha \"a\"]\r\n[Zeta \"z\"]\r\n{about zeta}\r\n[Auction \"N\"]\r\n\
                        1D 1S =1= $3 $25 3H Pass\r\nPass Pass ; done\r\n[Note \"1:x\"]\r\n\r\n";
        assert_eq!(out, expected);
    }

    #[test]
    fn a_game_that_cannot_fit_255_characters_a_line_is_declined() {
        let text = format!("[Event \"{}\"]\n[Board \"1\"]\n", "e".repeat(244));
        let mut formatter = Formatter::new(&text, &FormatOptions::default());
        let declined = formatter.unit(TextRange::default(), &text).unwrap_err();
        assert_eq!(declined[0].code, "PBN010");
        assert_eq!(declined[0].range, TextRange::at(0.into(), 254.into()), "the long line of the original");
        // One character less: 253 + CR LF fits.
        let text = format!("[Event \"{}\"]\n[Board \"1\"]\n", "e".repeat(243));
        assert!(formatter.unit(TextRange::default(), &text).is_ok());
    }

    #[test]
    fn table_rows_are_padded_to_their_columns() {
        let text = "[ScoreTable \"Rank\\3R;Name\\6;Score\\4R;Note\\5L\"]\n1 Ann 50 x 10 \"B b\" -120 y\n";
        let (events, _) = crate::pbn::parser::parse_events(text, Vec::new());
        let (_, blocks) = blocks(games(&events).next().unwrap(), text);
        let section = &blocks[0].section;
        let rows = table(section, blocks[0].value).unwrap();
        assert_eq!(rows, "  1 Ann      50 x\r\n 10 \"B b\"  -120 y\r\n");
        assert_eq!(table(section, "Rank;Name;Score"), None, "8 elements are not rows of 3");
        assert_eq!(table(section, "Rank\\x"), None, "a width that does not parse");
    }
}
