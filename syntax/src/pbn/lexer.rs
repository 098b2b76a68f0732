//! The PBN lexer: lossless, linear, never fails.
//!
//! PBN's token grammar changes with the place in the game (PBN 3.2): inside `[ … ]` there are
//! names and strings; after an `Auction` tag calls, after a `Play` tag cards, after any other tag
//! section tokens and strings (tables, user sections). One logos enum per mode recognises the
//! tokens; a small driver ([`lex`]) switches modes and handles what logos cannot see: `%` escape
//! lines only count in column 1, a brace comment may span lines (and semi-empty lines), and a
//! semi-empty line outside a comment ends the game, which resets the mode.

use super::syntax_kind::SyntaxKind;
use crate::parsing::Token;
use crate::text::{TextRange, TextSize};
use logos::Logos;

/// Inside `[ … ]`.
#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
enum TagMode {
    #[regex(r"[ \t]+")]
    Whitespace,
    #[regex(r"\r\n|\n|\r")]
    Newline,
    #[regex(r";[^\r\n]*", allow_greedy = true)]
    LineComment,
    #[token("[")]
    LBrack,
    #[token("]")]
    RBrack,
    #[regex(r"[A-Za-z0-9_]+")]
    Name,
    #[regex(r#""([^"\\\r\n]|\\[^\r\n])*""#)]
    String,
    #[regex(r#""([^"\\\r\n]|\\[^\r\n])*\\?"#)]
    UnterminatedString,
}

/// After an `Auction` tag.
#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
enum AuctionMode {
    #[regex(r"[ \t]+")]
    Whitespace,
    #[regex(r"\r\n|\n|\r")]
    Newline,
    #[regex(r";[^\r\n]*", allow_greedy = true)]
    LineComment,
    #[token("[")]
    LBrack,
    #[regex(r"(?i)(pass|ap|x|xx|[1-7](c|d|h|s|nt|n))", priority = 10)]
    Call,
    #[regex(r"[A-Za-z0-9-]+")]
    Word,
    #[token("-", priority = 10)]
    Dash,
    #[token("+")]
    Plus,
    #[token("*")]
    Star,
    #[regex(r"=[0-9]+=")]
    NoteRef,
    #[regex(r"\$[0-9]+")]
    Nag,
    #[regex(r"[!?][!?]?")]
    Suffix,
    #[regex(r"\^[ISRL]")]
    Irregularity,
    #[regex(r#""([^"\\\r\n]|\\[^\r\n])*""#)]
    String,
    #[regex(r#""([^"\\\r\n]|\\[^\r\n])*\\?"#)]
    UnterminatedString,
}

/// After a `Play` tag.
#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
enum PlayMode {
    #[regex(r"[ \t]+")]
    Whitespace,
    #[regex(r"\r\n|\n|\r")]
    Newline,
    #[regex(r";[^\r\n]*", allow_greedy = true)]
    LineComment,
    #[token("[")]
    LBrack,
    #[regex(r"[SHDCshdc]([2-9AKQJTakqjt]|10)", priority = 10)]
    Card,
    #[regex(r"[A-Za-z0-9-]+")]
    Word,
    #[token("-", priority = 10)]
    Dash,
    #[token("+")]
    Plus,
    #[token("*")]
    Star,
    #[regex(r"=[0-9]+=")]
    NoteRef,
    #[regex(r"\$[0-9]+")]
    Nag,
    #[regex(r"[!?][!?]?")]
    Suffix,
    #[regex(r"\^[ISRL]")]
    Irregularity,
    #[regex(r#""([^"\\\r\n]|\\[^\r\n])*""#)]
    String,
    #[regex(r#""([^"\\\r\n]|\\[^\r\n])*\\?"#)]
    UnterminatedString,
}

/// After any other tag, and before the first tag: tables and user-defined sections (PBN 5).
#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
enum SectionMode {
    #[regex(r"[ \t]+")]
    Whitespace,
    #[regex(r"\r\n|\n|\r")]
    Newline,
    #[regex(r";[^\r\n]*", allow_greedy = true)]
    LineComment,
    #[token("[")]
    LBrack,
    /// PBN 3.2: ASCII 33..126 except `[ ] { } ; " %`.
    #[regex(r"[!#$&-:<-Z\\^-z|~]+")]
    Word,
    #[regex(r#""([^"\\\r\n]|\\[^\r\n])*""#)]
    String,
    #[regex(r#""([^"\\\r\n]|\\[^\r\n])*\\?"#)]
    UnterminatedString,
}

impl From<TagMode> for SyntaxKind {
    fn from(t: TagMode) -> SyntaxKind {
        match t {
            TagMode::Whitespace => SyntaxKind::WHITESPACE,
            TagMode::Newline => SyntaxKind::NEWLINE,
            TagMode::LineComment => SyntaxKind::LINE_COMMENT,
            TagMode::LBrack => SyntaxKind::L_BRACK,
            TagMode::RBrack => SyntaxKind::R_BRACK,
            TagMode::Name => SyntaxKind::TAG_NAME,
            TagMode::String => SyntaxKind::STRING,
            TagMode::UnterminatedString => SyntaxKind::UNTERMINATED_STRING,
        }
    }
}

impl From<AuctionMode> for SyntaxKind {
    fn from(t: AuctionMode) -> SyntaxKind {
        match t {
            AuctionMode::Whitespace => SyntaxKind::WHITESPACE,
            AuctionMode::Newline => SyntaxKind::NEWLINE,
            AuctionMode::LineComment => SyntaxKind::LINE_COMMENT,
            AuctionMode::LBrack => SyntaxKind::L_BRACK,
            AuctionMode::Call => SyntaxKind::CALL,
            AuctionMode::Word => SyntaxKind::WORD,
            AuctionMode::Dash => SyntaxKind::DASH,
            AuctionMode::Plus => SyntaxKind::PLUS,
            AuctionMode::Star => SyntaxKind::STAR,
            AuctionMode::NoteRef => SyntaxKind::NOTE_REF,
            AuctionMode::Nag => SyntaxKind::NAG,
            AuctionMode::Suffix => SyntaxKind::SUFFIX,
            AuctionMode::Irregularity => SyntaxKind::IRREGULARITY,
            AuctionMode::String => SyntaxKind::STRING,
            AuctionMode::UnterminatedString => SyntaxKind::UNTERMINATED_STRING,
        }
    }
}

impl From<PlayMode> for SyntaxKind {
    fn from(t: PlayMode) -> SyntaxKind {
        match t {
            PlayMode::Whitespace => SyntaxKind::WHITESPACE,
            PlayMode::Newline => SyntaxKind::NEWLINE,
            PlayMode::LineComment => SyntaxKind::LINE_COMMENT,
            PlayMode::LBrack => SyntaxKind::L_BRACK,
            PlayMode::Card => SyntaxKind::CARD,
            PlayMode::Word => SyntaxKind::WORD,
            PlayMode::Dash => SyntaxKind::DASH,
            PlayMode::Plus => SyntaxKind::PLUS,
            PlayMode::Star => SyntaxKind::STAR,
            PlayMode::NoteRef => SyntaxKind::NOTE_REF,
            PlayMode::Nag => SyntaxKind::NAG,
            PlayMode::Suffix => SyntaxKind::SUFFIX,
            PlayMode::Irregularity => SyntaxKind::IRREGULARITY,
            PlayMode::String => SyntaxKind::STRING,
            PlayMode::UnterminatedString => SyntaxKind::UNTERMINATED_STRING,
        }
    }
}

impl From<SectionMode> for SyntaxKind {
    fn from(t: SectionMode) -> SyntaxKind {
        match t {
            SectionMode::Whitespace => SyntaxKind::WHITESPACE,
            SectionMode::Newline => SyntaxKind::NEWLINE,
            SectionMode::LineComment => SyntaxKind::LINE_COMMENT,
            SectionMode::LBrack => SyntaxKind::L_BRACK,
            SectionMode::Word => SyntaxKind::SECTION_WORD,
            SectionMode::String => SyntaxKind::STRING,
            SectionMode::UnterminatedString => SyntaxKind::UNTERMINATED_STRING,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Tag,
    Auction,
    Play,
    Section,
}

/// The first token of `rest` in logos mode `T`: its kind (ERROR when logos rejects it) and
/// length (at least one character, so the driver always advances).
fn first_token<'a, T>(rest: &'a str) -> (SyntaxKind, usize)
where
    T: Logos<'a, Source = str> + Into<SyntaxKind>,
    T::Extras: Default,
{
    let mut lexer = T::lexer(rest);
    match lexer.next() {
        Some(Ok(t)) if lexer.span().end > 0 => (t.into(), lexer.span().end),
        _ => (SyntaxKind::ERROR, rest.chars().next().map_or(1, char::len_utf8)),
    }
}

/// The first token of `rest` when it is one of the plain tokens most of a file is made of, read
/// byte by byte as the mode's logos enum reads it: blanks, line ends, `[` and strings in every
/// mode; in a tag its name and `]`; after `Auction` and `Play` their words
/// (calls, cards, `-`), `*` and `+`; in other sections their words (table rows). `None` for
/// anything else, which logos reads (a fresh logos lexer for each token was most of the lexer's
/// time).
fn plain_token(mode: Mode, rest: &[u8]) -> Option<(SyntaxKind, usize)> {
    Some(match (*rest.first()?, mode) {
        (b' ' | b'\t', _) => (SyntaxKind::WHITESPACE, run(rest, BLANK)),
        (b'\n' | b'\r', _) => (SyntaxKind::NEWLINE, newline_len(rest)?),
        (b'[', _) => (SyntaxKind::L_BRACK, 1),
        (b'"', _) => (SyntaxKind::STRING, string_len(rest)?),
        (b']', Mode::Tag) => (SyntaxKind::R_BRACK, 1),
        (b, Mode::Tag) if is(b, NAME) => (SyntaxKind::TAG_NAME, run(rest, NAME)),
        (b'*', Mode::Auction | Mode::Play) => (SyntaxKind::STAR, 1),
        (b'+', Mode::Auction | Mode::Play) => (SyntaxKind::PLUS, 1),
        // The longest run of a word's bytes is the token: a call or a card when it is one
        // whole (their patterns come first at equal length), else a word.
        (b, Mode::Auction | Mode::Play) if is(b, WORD) => {
            let end = run(rest, WORD);
            let word = &rest[..end];
            let kind = match mode {
                _ if word == b"-" => SyntaxKind::DASH,
                Mode::Auction if is_call(word) => SyntaxKind::CALL,
                Mode::Play if is_card(word) => SyntaxKind::CARD,
                _ => SyntaxKind::WORD,
            };
            (kind, end)
        }
        (b, Mode::Section) if is(b, SECTION_WORD) => (SyntaxKind::SECTION_WORD, run(rest, SECTION_WORD)),
        _ => return None,
    })
}

/// Classes of bytes, as bits of [`CLASSES`]: a blank (space, tab), a byte of a tag name
/// (`[A-Za-z0-9_]`), of a word after `Auction` or `Play` (`[A-Za-z0-9-]`), of a section token
/// (PBN 3.2: ASCII 33..126 but `[ ] { } ; " %`).
const BLANK: u8 = 1;
const NAME: u8 = 2;
const WORD: u8 = 4;
const SECTION_WORD: u8 = 8;

/// Each byte's classes: one table read a byte where a run of tests was.
const CLASSES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        let mut class = 0;
        if byte == b' ' || byte == b'\t' {
            class |= BLANK;
        }
        if byte.is_ascii_alphanumeric() {
            class |= NAME | WORD;
        }
        if byte == b'_' {
            class |= NAME;
        }
        if byte == b'-' {
            class |= WORD;
        }
        if byte >= 33 && byte <= 126 && !matches!(byte, b'[' | b']' | b'{' | b'}' | b';' | b'"' | b'%') {
            class |= SECTION_WORD;
        }
        table[b] = class;
        b += 1;
    }
    table
};

#[inline(always)]
fn is(b: u8, class: u8) -> bool {
    CLASSES[usize::from(b)] & class != 0
}

/// The length of the run of bytes of `class` at the start of `rest` (its first byte is one).
#[inline(always)]
fn run(rest: &[u8], class: u8) -> usize {
    rest[1..].iter().position(|&b| !is(b, class)).map_or(rest.len(), |i| 1 + i)
}

/// Whether `b` is a blank's byte: a space or a tab, the white space inside a line (PBN 3.2).
#[inline(always)]
pub(super) fn is_blank(b: u8) -> bool {
    is(b, BLANK)
}

/// The length of the blank (spaces and tabs) at the start of `rest`, 0 when there is none.
pub(super) fn blank_len(rest: &[u8]) -> usize {
    rest.iter().position(|&b| !is(b, BLANK)).unwrap_or(rest.len())
}

/// The length of the tag name (`[A-Za-z0-9_]+`) at the start of `rest`, 0 when there is none.
pub(super) fn tag_name_len(rest: &[u8]) -> usize {
    rest.iter().position(|&b| !is(b, NAME)).unwrap_or(rest.len())
}

/// The length of the line end (`\n`, `\r\n` or `\r`) at the start of `rest`, if one is there.
pub(super) fn newline_len(rest: &[u8]) -> Option<usize> {
    match rest {
        [b'\r', b'\n', ..] => Some(2),
        [b'\n' | b'\r', ..] => Some(1),
        _ => None,
    }
}

/// The length of the string at the start of `rest` (a `"`), as every mode reads it (PBN 3.2): up
/// to the next `"` not escaped by a `\`, on the same line. `None` when the line ends first (an
/// unterminated string, which logos reads). A loop over the bytes: strings are short, and a
/// `memchr` call costs more than reading a few dozen bytes; the bytes of a character beyond
/// ASCII are none of those looked for.
pub(super) fn string_len(rest: &[u8]) -> Option<usize> {
    let mut from = 1;
    loop {
        let stop = from + rest[from..].iter().position(|&b| matches!(b, b'"' | b'\\' | b'\n' | b'\r'))?;
        match rest[stop] {
            b'"' => return Some(stop + 1),
            // `\` escapes the next character, whatever it is but a line end.
            b'\\' if !matches!(rest.get(stop + 1), None | Some(b'\r' | b'\n')) => from = stop + 2,
            _ => return None,
        }
    }
}

/// Whether a line starts at `pos`: the start of the text, or just after a line end.
pub(super) fn starts_line(bytes: &[u8], pos: usize) -> bool {
    pos == 0 || matches!(bytes[pos - 1], b'\n' | b'\r')
}

/// A call as the auction's tokens write it, in any case: `Pass`, `AP`, `X`, `XX`, or a level
/// and a strain (`1C` … `7NT`, `3N`).
#[inline(always)]
fn is_call(word: &[u8]) -> bool {
    match word {
        [x] => x.eq_ignore_ascii_case(&b'x'),
        [b'1'..=b'7', strain @ ..] => {
            matches!(strain, [s] if matches!(s.to_ascii_lowercase(), b'c' | b'd' | b'h' | b's' | b'n'))
                || strain.eq_ignore_ascii_case(b"nt")
        }
        _ => word.eq_ignore_ascii_case(b"xx") || word.eq_ignore_ascii_case(b"ap") || word.eq_ignore_ascii_case(b"pass"),
    }
}

/// A card as the play's tokens write it, in any case: a suit and a rank (`SA`, `h10`).
#[inline(always)]
fn is_card(word: &[u8]) -> bool {
    let suit = |b: &u8| matches!(b.to_ascii_lowercase(), b's' | b'h' | b'd' | b'c');
    match word {
        [s, r] => suit(s) && matches!(r.to_ascii_lowercase(), b'2'..=b'9' | b'a' | b'k' | b'q' | b'j' | b't'),
        [s, b'1', b'0'] => suit(s),
        _ => false,
    }
}

/// Whether the line starting at `pos` is semi-empty: only spaces and tabs before its end.
fn line_is_blank(text: &str, pos: usize) -> bool {
    text.as_bytes()[pos..].iter().find(|&&b| b != b' ' && b != b'\t').is_none_or(|&b| b == b'\n' || b == b'\r')
}

/// Where the line from `pos` ends: its first `\n` or `\r`, or the end of the text.
pub(super) fn line_end(text: &str, pos: usize) -> usize {
    text.as_bytes()[pos..].iter().position(|&b| b == b'\n' || b == b'\r').map_or(text.len(), |i| pos + i)
}

/// Finds closing braces without scanning the same text twice as the lexer goes forward:
/// remembers the last `}` found and where the search for it started (it is the answer for every
/// start between the two: a reader may go back to lex a game again, see [`Lexer::restart_at`]),
/// and from where on the text has none.
struct BraceFinder {
    /// Where the last search started, and the `}` it found.
    last: Option<(usize, usize)>,
    none_after: usize,
}

impl BraceFinder {
    fn find(&mut self, text: &str, from: usize) -> Option<usize> {
        if from >= self.none_after {
            return None;
        }
        if let Some((searched_from, close)) = self.last {
            if (searched_from..=close).contains(&from) {
                return Some(close);
            }
        }
        match text.as_bytes()[from..].iter().position(|&b| b == b'}') {
            Some(i) => {
                self.last = Some((from, from + i));
                Some(from + i)
            }
            None => {
                self.none_after = from;
                None
            }
        }
    }
}

/// The end of an unterminated brace comment starting at `start`: the end of the last line
/// before the next semi-empty line (so that the next game still parses), or the end of text.
fn unterminated_comment_end(text: &str, start: usize) -> usize {
    let mut pos = start;
    loop {
        let end = line_end(text, pos);
        if end >= text.len() {
            return text.len();
        }
        let next = if text[end..].starts_with("\r\n") { end + 2 } else { end + 1 };
        if next >= text.len() || line_is_blank(text, next) {
            return end;
        }
        pos = next;
    }
}

/// The section mode that follows a tag of this name.
fn section_mode(tag_name: &str) -> Mode {
    match tag_name {
        "Auction" => Mode::Auction,
        "Play" => Mode::Play,
        _ => Mode::Section,
    }
}

/// Lexes a whole PBN text. The tokens cover `text` exactly, in order.
pub fn lex(text: &str) -> Vec<Token<SyntaxKind>> {
    lex_into(text, Vec::new())
}

/// [`lex`] into `tokens` (cleared first), so that a caller lexing piece after piece reuses one
/// list.
pub fn lex_into(text: &str, mut tokens: Vec<Token<SyntaxKind>>) -> Vec<Token<SyntaxKind>> {
    tokens.clear();
    tokens.reserve(text.len() / 4);
    let mut lexer = Lexer::new(text);
    while lexer.push_next(&mut tokens) {}
    tokens
}

/// The lexer between two tokens: its position and the state the token grammar depends on (the
/// mode, the tag name that picks the next mode, whether a line starts here). [`lex_into`] runs
/// it over a whole text; the plain reader ([`super::plain`]) takes its tokens one at a time,
/// and lexes one game from its start for the grammar.
pub(super) struct Lexer<'t> {
    text: &'t str,
    /// Where the next token starts.
    pos: usize,
    mode: Mode,
    tag_name: Option<(usize, usize)>,
    line_start: bool,
    /// Whether the last token was a line end before a semi-empty line (or the end of the
    /// text): the end of a game, where the mode is reset.
    ends_game: bool,
    braces: BraceFinder,
}

impl<'t> Lexer<'t> {
    pub(super) fn new(text: &'t str) -> Lexer<'t> {
        Lexer {
            text,
            pos: 0,
            mode: Mode::Section,
            tag_name: None,
            line_start: true,
            ends_game: false,
            braces: BraceFinder { last: None, none_after: usize::MAX },
        }
    }

    pub(super) fn pos(&self) -> usize {
        self.pos
    }

    /// Whether the last token ended a game: a line end before a semi-empty line or the end of
    /// the text (what the grammar calls a game break).
    pub(super) fn ends_game(&self) -> bool {
        self.ends_game
    }

    /// Moves to `pos`, where a game or the blanks between games start: the state lexing the
    /// whole text has there, since the semi-empty line that ended the game before reset the
    /// mode, and a line starts at `pos` exactly when a line end is the byte before it.
    pub(super) fn restart_at(&mut self, pos: usize) {
        self.pos = pos;
        self.mode = Mode::Section;
        self.tag_name = None;
        self.line_start = starts_line(self.text.as_bytes(), pos);
        self.ends_game = false;
    }

    /// Moves past a tag pair read without the lexer, ending at `end`: its section is lexed in
    /// the mode `name` calls for, as after any tag pair's `]`.
    pub(super) fn after_tag(&mut self, end: usize, name: &str) {
        self.pos = end;
        self.mode = section_mode(name);
        self.tag_name = None;
        self.line_start = false;
        self.ends_game = false;
    }

    /// The next token as its kind and end (it starts at [`Lexer::pos`] before the call);
    /// `None` at the end of the text. Runs of bytes no token accepts come one character at a
    /// time ([`Lexer::push_next`] joins them into one `ERROR` token).
    pub(super) fn next_token(&mut self) -> Option<(SyntaxKind, usize)> {
        let (text, pos) = (self.text, self.pos);
        let rest = text.as_bytes().get(pos..).filter(|r| !r.is_empty())?;
        let line_start = std::mem::replace(&mut self.line_start, false);
        self.ends_game = false;
        let (kind, end) = match rest[0] {
            b'%' if line_start => (SyntaxKind::ESCAPE_LINE, line_end(text, pos)),
            b'{' => match self.braces.find(text, pos + 1) {
                Some(close) => (SyntaxKind::BRACE_COMMENT, close + 1),
                None => (SyntaxKind::UNTERMINATED_COMMENT, unterminated_comment_end(text, pos)),
            },
            _ => {
                let (kind, len) = plain_token(self.mode, rest).unwrap_or_else(|| self.logos_token(&text[pos..]));
                let end = pos + len;
                match kind {
                    SyntaxKind::L_BRACK => {
                        self.mode = Mode::Tag;
                        self.tag_name = None;
                    }
                    SyntaxKind::TAG_NAME if self.tag_name.is_none() => self.tag_name = Some((pos, end)),
                    SyntaxKind::R_BRACK => {
                        self.mode = self.tag_name.map_or(Mode::Section, |(s, e)| section_mode(&text[s..e]));
                    }
                    SyntaxKind::NEWLINE => {
                        self.line_start = true;
                        if line_is_blank(text, end) {
                            self.mode = Mode::Section;
                            self.ends_game = true;
                        }
                    }
                    _ => {}
                }
                (kind, end)
            }
        };
        self.pos = end;
        Some((kind, end))
    }

    /// The token at the start of `rest` that is no plain token: logos reads it in the mode.
    #[cold]
    #[inline(never)]
    fn logos_token(&self, rest: &str) -> (SyntaxKind, usize) {
        match self.mode {
            Mode::Tag => first_token::<TagMode>(rest),
            Mode::Auction => first_token::<AuctionMode>(rest),
            Mode::Play => first_token::<PlayMode>(rest),
            Mode::Section => first_token::<SectionMode>(rest),
        }
    }

    /// Lexes the next token into `tokens`, an `ERROR` after an `ERROR` joining it; `false` at
    /// the end of the text.
    pub(super) fn push_next(&mut self, tokens: &mut Vec<Token<SyntaxKind>>) -> bool {
        let start = self.pos;
        let Some((kind, end)) = self.next_token() else { return false };
        let range = TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32));
        match tokens.last_mut() {
            Some(last) if kind == SyntaxKind::ERROR && last.kind == SyntaxKind::ERROR => {
                last.range = last.range.cover(range);
            }
            _ => tokens.push(Token { kind, range }),
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(SyntaxKind, &str)> {
        lex(text).into_iter().map(|t| (t.kind, &text[t.range])).collect()
    }

    /// A plain token read byte by byte is the token the mode's logos enum reads there: at every
    /// offset of the fixtures and the corpus, in every mode, and over strings with escapes,
    /// line ends and characters beyond ASCII.
    #[test]
    fn plain_tokens_are_what_logos_reads() {
        let (mut text, _) = crate::pbn::test_corpus();
        text.push_str("[A_1 \"x\\\"y\"] [B \"é\"]\r\n[C \"open\r\n\"\r \t [\"\\\"]");
        // Words next to calls and cards: longer words, other cases, dashes, signs, table rows.
        text.push_str(" 1NT 1Nt 1ntx 7N 8C 0S 1 xX XXX aP PASS passe - -- -1C 1C- S10 s10x H1 Dt CTT C9+ *SA");
        text.push_str(" 50% 12.5 a|b~c ^$! 'x' é1C é");
        let mut plain = 0;
        for (at, _) in text.char_indices() {
            let rest = &text[at..];
            for mode in [Mode::Tag, Mode::Auction, Mode::Play, Mode::Section] {
                let Some(token) = plain_token(mode, rest.as_bytes()) else { continue };
                plain += 1;
                let by_logos = match mode {
                    Mode::Tag => first_token::<TagMode>(rest),
                    Mode::Auction => first_token::<AuctionMode>(rest),
                    Mode::Play => first_token::<PlayMode>(rest),
                    Mode::Section => first_token::<SectionMode>(rest),
                };
                assert_eq!(token, by_logos, "{mode:?} at {at}: {:?}", &rest[..rest.len().min(20)]);
            }
        }
        assert!(plain > text.len(), "{plain} plain tokens in {} bytes", text.len());
    }

    #[test]
    fn tag_pair_and_auction() {
        use SyntaxKind::*;
        let text = "[Auction \"N\"]\n1NT =1= Pass! X $3\n^I 1C ^S AP\n";
        let toks: Vec<_> = kinds(text).into_iter().filter(|(k, _)| !matches!(k, WHITESPACE | NEWLINE)).collect();
        assert_eq!(
            toks,
            vec![
                (L_BRACK, "["),
                (TAG_NAME, "Auction"),
                (STRING, "\"N\""),
                (R_BRACK, "]"),
                (CALL, "1NT"),
                (NOTE_REF, "=1="),
                (CALL, "Pass"),
                (SUFFIX, "!"),
                (CALL, "X"),
                (NAG, "$3"),
                (IRREGULARITY, "^I"),
                (CALL, "1C"),
                (IRREGULARITY, "^S"),
                (CALL, "AP"),
            ]
        );
    }

    #[test]
    fn play_cards_and_words() {
        use SyntaxKind::*;
        let text = "[Play \"W\"]\nSA H10 ht - + * Z9\n";
        let toks: Vec<_> =
            kinds(text).into_iter().filter(|(k, _)| matches!(k, CARD | DASH | PLUS | STAR | WORD)).collect();
        assert_eq!(
            toks,
            vec![(CARD, "SA"), (CARD, "H10"), (CARD, "ht"), (DASH, "-"), (PLUS, "+"), (STAR, "*"), (WORD, "Z9")]
        );
    }

    #[test]
    fn escape_only_in_column_one_and_not_in_comments() {
        use SyntaxKind::*;
        let k = kinds("% PBN 2.1\n{\n% not\n\n}\n[A \"%\"]");
        assert_eq!(k[0], (ESCAPE_LINE, "% PBN 2.1"));
        assert_eq!(k[2], (BRACE_COMMENT, "{\n% not\n\n}"));
    }

    #[test]
    fn unterminated_string_and_comment_recover_before_next_game() {
        use SyntaxKind::*;
        let k = kinds("[Event \"abc]\n{ open\nmore\n\n[Board \"1\"]");
        assert!(k.contains(&(UNTERMINATED_STRING, "\"abc]")));
        assert!(k.contains(&(UNTERMINATED_COMMENT, "{ open\nmore")));
        assert!(k.contains(&(TAG_NAME, "Board")));
    }

    #[test]
    fn table_rows_are_section_words_and_strings() {
        use SyntaxKind::*;
        let k = kinds("[ScoreTable \"Rank\\2R;Names\\10L\"]\n1 \"A - B\" 50%\n");
        assert!(k.contains(&(SECTION_WORD, "1")));
        assert!(k.contains(&(STRING, "\"A - B\"")));
        assert!(k.contains(&(SECTION_WORD, "50")));
        assert!(k.contains(&(ERROR, "%")));
    }

    #[test]
    fn semi_empty_line_resets_the_mode() {
        use SyntaxKind::*;
        let k = kinds("[Play \"W\"]\nSA\n \t\nSA\n");
        assert_eq!(k.iter().filter(|(kind, _)| *kind == CARD).count(), 1);
        assert!(k.contains(&(SECTION_WORD, "SA")));
    }

    #[test]
    fn covers_every_byte_of_odd_input() {
        let text = "\u{0}[\"\\\n{é]}^Q$\r\r\n%";
        let toks = lex(text);
        let mut pos = 0;
        for t in &toks {
            assert_eq!(usize::from(t.range.start()), pos);
            pos = t.range.end().into();
        }
        assert_eq!(pos, text.len());
    }
}
