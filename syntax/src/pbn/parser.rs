//! The PBN parser: tokens → lossless rowan tree.
//!
//! ```text
//! ROOT    = (trivia | GAME)*                 semi-empty lines and escape lines between games
//! GAME    = (TAG SECTION? | ERROR_NODE | trivia)*   up to the end of its last non-empty line
//! TAG     = '[' TAG_NAME STRING ']'          trivia allowed between the tokens (import format)
//! SECTION = the non-`[` tokens after a tag: calls, cards, table rows, section tokens
//! ```
//!
//! A game ends at a NEWLINE followed by a semi-empty line (PBN 3): brace comments are single
//! tokens, so the semi-empty lines inside them never end a game. Every error is local to its tag,
//! section or game; the next game always starts fresh.

use super::lexer::lex;
use super::syntax_kind::{PBNLanguage, SyntaxKind};
use crate::diagnostic::Diagnostic;
use crate::parsing::{EventSink, Parse, ParseEvent, Parser, Sink, Token, UnitSink};
use crate::text::TextRange;
use SyntaxKind::*;

crate::diagnostic::declare_rules! {
    UNTERMINATED_STRING = "PBN001" "unterminated-string" Error Import "PBN 3.2"
        "A string is not closed by `\"` on its line."
        "Strings are tokens and cannot cross a line end; a quote inside a string is written `\\\"`."
        bad: "[Event \"Club]\n", good: "[Event \"Club\"]\n";
    UNTERMINATED_COMMENT = "PBN002" "unterminated-comment" Error Import "PBN 3.8"
        "A brace comment `{` is never closed by `}`."
        "A brace comment runs to the next `}`; without one, everything after it would be comment. kibitzer ends it at the next semi-empty line to keep reading."
        bad: "{ the lead\n[Board \"1\"]\n", good: "{ the lead }\n[Board \"1\"]\n";
    INVALID_CHARACTER = "PBN003" "invalid-character" Error Import "PBN 3.2"
        "A character that no token accepts here."
        "Outside strings and comments only the characters of PBN tokens may appear (section tokens are ASCII 33..126 except `[ ] { } ; \" %`)."
        bad: "[Play \"W\"]\nSA @ SK\n", good: "[Play \"W\"]\nSA SK\n";
    MALFORMED_TAG = "PBN004" "malformed-tag" Error Import "PBN 3.3"
        "A tag pair is not `[Name \"value\"]`."
        "A tag pair is a left bracket, a name token, a string token and a right bracket."
        bad: "[Event Club]\n", good: "[Event \"Club\"]\n";
    TEXT_OUTSIDE_TAG = "PBN005" "text-outside-tag" Error Import "PBN 3"
        "Text before the first tag pair of a game."
        "A game is a sequence of tag pairs, each optionally followed by its section; other text must be a comment."
        bad: "hello\n[Event \"\"]\n", good: "{hello}\n[Event \"\"]\n";
    GAME_TOO_LARGE = "PBN007" "game-too-large" Error Import "PBN 3 (kibitzer's limit; the standard sets none)"
        "A game larger than the 1 MiB of text kibitzer reads as one game"
        "A PBN game is tags, a deal, an auction, a play and a few tables: kilobytes. Reading one takes 20 to 50 bytes of memory per byte of its text, so kibitzer reads no game longer than 1 MiB (an accident or an attack, such as a play section of 30 MB). Such a game is reported once, at its start, and neither checked nor formatted (`fmt` leaves it as written); what later games inherit from it with `#` is not read either. It runs to the next `[` that follows an empty line, where the next game most likely starts."
        bad: "", good: "";
}

/// PBN004's message for a tag whose name is followed by no string.
const NO_VALUE: &str = "tag pair has no value: expected a `\"string\"` after the name";

/// Whether `text`, found between a tag's name and its `]` where the string should be, is a tag
/// value written without its quotes (Bridge Monitor's `[Event Random Deal #]`): then the one
/// reading of the tag is that text in quotes (PBN 3.3). Not when it holds a character that
/// would change the meaning inside a string (`"`, `\`) or that PBN reads as something else
/// outside one (brackets, braces, `;`, `%`), nor a control character.
fn unquoted_value(text: &str) -> bool {
    !text.is_empty()
        && !text.starts_with(char::is_whitespace)
        && !text.ends_with(char::is_whitespace)
        && !text.chars().any(|c| c.is_control() || matches!(c, '"' | '\\' | '[' | ']' | '{' | '}' | ';' | '%'))
}

/// Index of every token that ends a game: a NEWLINE whose next line is semi-empty (or the text
/// ends), so that the grammar asks in O(1) whether it is at a game boundary.
fn game_breaks(tokens: &[Token<SyntaxKind>]) -> Vec<bool> {
    tokens
        .iter()
        .enumerate()
        .map(|(i, t)| {
            t.kind == NEWLINE && {
                let rest = &tokens[i + 1..];
                let mut j = 0;
                if rest.first().is_some_and(|t| t.kind == WHITESPACE) {
                    j = 1;
                }
                // A line of whitespace that ends the file also counts as semi-empty.
                rest.get(j).is_none_or(|t| t.kind == NEWLINE)
            }
        })
        .collect()
}

struct PbnParser<'t, S> {
    p: Parser<'t, SyntaxKind, S>,
    breaks: Vec<bool>,
    index: usize,
}

impl<'t, S: Sink<SyntaxKind>> PbnParser<'t, S> {
    fn current(&self) -> Option<SyntaxKind> {
        self.p.current()
    }

    fn bump(&mut self) {
        self.p.bump();
        self.index += 1;
    }

    /// Whether the token just consumed ended the game.
    fn after_break(&self) -> bool {
        self.index > 0 && self.breaks[self.index - 1]
    }

    /// Bumps trivia that stays inside the current game: stops after a game-ending newline.
    fn skip_trivia_in_game(&mut self) {
        while self.current().is_some_and(SyntaxKind::is_trivia) && !self.after_break() {
            self.bump_checked();
        }
    }

    /// Bumps a token, reporting the lexical errors it carries.
    fn bump_checked(&mut self) {
        let range = self.p.current_range();
        match self.current() {
            Some(SyntaxKind::UNTERMINATED_STRING) => {
                self.p.error(&UNTERMINATED_STRING, range, "string not closed on its line: add the closing `\"`")
            }
            Some(SyntaxKind::UNTERMINATED_COMMENT) => self.p.error(
                &UNTERMINATED_COMMENT,
                TextRange::at(range.start(), 1.into()),
                "brace comment `{` is never closed by `}`",
            ),
            Some(ERROR) => {
                let text = self.p.current_text();
                self.p.error(&INVALID_CHARACTER, range, format!("unexpected `{}`", text.escape_debug()));
            }
            _ => {}
        }
        self.bump();
    }

    fn root(&mut self) {
        while !self.p.at_end() {
            // Between games: semi-empty lines, escape lines and the newlines that end them.
            while matches!(self.current(), Some(WHITESPACE | NEWLINE | ESCAPE_LINE)) {
                self.bump();
            }
            if self.p.at_end() {
                break;
            }
            self.game();
        }
    }

    fn game(&mut self) {
        self.p.start_node(GAME);
        while !self.p.at_end() && !self.after_break() {
            match self.current() {
                Some(L_BRACK) => {
                    self.tag();
                    self.section();
                }
                Some(k) if k.is_trivia() => self.bump_checked(),
                _ => self.stray(),
            }
        }
        self.p.finish_node();
    }

    /// Text before the first tag of a game, or after a tag that is not a section.
    fn stray(&mut self) {
        let start = self.p.current_range().start();
        self.p.start_node(ERROR_NODE);
        let mut end = start;
        while !self.p.at_end() && !self.after_break() && !self.p.at(L_BRACK) {
            if self.current().is_some_and(SyntaxKind::is_trivia) {
                self.bump_checked();
            } else {
                end = self.p.current_range().end();
                self.bump();
            }
        }
        self.p.finish_node();
        self.p.error(&TEXT_OUTSIDE_TAG, TextRange::new(start, end), "text outside a tag pair");
    }

    /// `[ Name "value" ]`: a broken tag is one error; the rest of it up to its `]` (on the same
    /// line) is skipped silently, so that it never swallows the next tag or the next game.
    fn tag(&mut self) {
        self.p.start_node(TAG);
        let open = self.p.current_range();
        let mut last_end = open.end();
        self.bump(); // [
        self.skip_trivia_in_game();
        let mut problem = None;
        if !self.after_break() && self.p.at(TAG_NAME) {
            last_end = self.p.current_range().end();
            self.bump();
            self.skip_trivia_in_game();
        } else {
            problem = Some("tag pair has no name after `[`");
        }
        if problem.is_none() {
            if !self.after_break() && matches!(self.current(), Some(STRING | SyntaxKind::UNTERMINATED_STRING)) {
                last_end = self.p.current_range().end();
                if self.p.at(SyntaxKind::UNTERMINATED_STRING) {
                    problem = Some("");
                }
                self.bump_checked();
                self.skip_trivia_in_game();
            } else {
                problem = Some(NO_VALUE);
            }
        }
        if problem.is_none() {
            if !self.after_break() && self.p.at(R_BRACK) {
                self.bump();
            } else {
                problem = Some("tag pair is not closed by `]`");
            }
        }
        if let Some(message) = problem {
            // Skip the rest of the broken tag on this line, noting the text before its `]`: the
            // value of a tag whose value lacks its quotes.
            let rest_start = self.p.current_range().start();
            let mut text_end = None;
            while !self.after_break() && !matches!(self.current(), None | Some(NEWLINE | L_BRACK)) {
                let closing = self.p.at(R_BRACK);
                if self.current().is_some_and(SyntaxKind::is_trivia) {
                    self.bump_checked();
                    continue;
                }
                if closing {
                    text_end = Some(last_end.max(rest_start));
                }
                last_end = self.p.current_range().end();
                self.bump();
                if closing {
                    break;
                }
            }
            if !message.is_empty() {
                let mut d = Diagnostic::new(&MALFORMED_TAG, TextRange::new(open.start(), last_end), message);
                let unquoted = text_end.filter(|_| message == NO_VALUE).map(|end| TextRange::new(rest_start, end));
                if let Some(range) = unquoted.filter(|r| unquoted_value(&self.p.text()[*r])) {
                    let quoted = format!("\"{}\"", &self.p.text()[range]);
                    d = d.with_replacement(format!("Write the value in quotes: `{quoted}`"), range, quoted);
                }
                self.p.push_diagnostic(d);
            }
        }
        self.p.finish_node();
    }

    /// The tokens after a tag up to the next `[` or the end of the game. Trivia before the
    /// first and after the last section token stay outside the node.
    fn section(&mut self) {
        while self.current().is_some_and(SyntaxKind::is_trivia) && !self.after_break() {
            self.bump_checked();
        }
        if self.p.at_end() || self.after_break() || self.p.at(L_BRACK) {
            return;
        }
        self.p.start_node(SECTION);
        loop {
            if self.p.at_end() || self.after_break() || self.p.at(L_BRACK) {
                break;
            }
            if self.current().is_some_and(SyntaxKind::is_trivia) {
                // Trailing trivia stays inside only when more section tokens follow in this game.
                match self.trivia_before_more_section() {
                    Some(n) => (0..n).for_each(|_| self.bump_checked()),
                    None => break,
                }
            } else {
                self.bump_checked();
            }
        }
        self.p.finish_node();
    }

    /// How many trivia tokens come before the next section token, if one follows in this game.
    fn trivia_before_more_section(&self) -> Option<usize> {
        let mut n = 0;
        loop {
            match self.p.nth(n) {
                None | Some(L_BRACK) => return None,
                Some(k) if k.is_trivia() => {
                    if self.breaks[self.index + n] {
                        return None;
                    }
                }
                Some(_) => return Some(n),
            }
            n += 1;
        }
    }
}

/// Parses a PBN text into a lossless tree plus its syntax errors.
pub fn parse(text: &str) -> Parse<PBNLanguage> {
    let tokens = lex(text);
    let breaks = game_breaks(&tokens);
    let mut parser = PbnParser { p: Parser::new(text, tokens, ROOT, SyntaxKind::is_trivia), breaks, index: 0 };
    parser.root();
    parser.p.finish()
}

/// Parses a PBN text into the flat events of the same tree (written into `buffer`, cleared
/// first) plus its syntax errors: what the checks read, without building the tree. Plain games
/// are read in one pass ([`super::plain`]), the others by the grammar, one game at a time.
pub fn parse_events(text: &str, buffer: Vec<ParseEvent<SyntaxKind>>) -> (Vec<ParseEvent<SyntaxKind>>, Vec<Diagnostic>) {
    let mut sink = EventSink::reusing(buffer);
    let errors = read_games(text, &mut sink);
    (sink.into_events(), errors)
}

/// [`parse_events`] by the grammar alone, every game lexed and parsed: what the plain reading
/// must equal (the tests compare them).
pub fn parse_events_by_grammar(
    text: &str,
    buffer: Vec<ParseEvent<SyntaxKind>>,
) -> (Vec<ParseEvent<SyntaxKind>>, Vec<Diagnostic>) {
    let tokens = super::lexer::lex_into(text, TOKENS.take());
    let breaks = game_breaks(&tokens);
    let p = Parser::with_sink(text, tokens, ROOT, SyntaxKind::is_trivia, EventSink::reusing(buffer));
    let mut parser = PbnParser { p, breaks, index: 0 };
    parser.root();
    let (sink, errors, tokens) = parser.p.finish_into_parts();
    crate::parsing::keep_tokens(&TOKENS, tokens);
    (sink.into_events(), errors)
}

/// Every game of `text` read into `sink` under the root ([`super::plain`], the grammar reading the
/// games that are not plain); the syntax errors.
fn read_games<S: Sink<SyntaxKind> + crate::parsing::Rewind>(text: &str, sink: &mut S) -> Vec<Diagnostic> {
    sink.start_node(ROOT);
    let (errors, tokens) = super::plain::read_games(text, sink, TOKENS.take(), parse_game);
    crate::parsing::keep_tokens(&TOKENS, tokens);
    sink.finish_node();
    errors
}

/// One game read by the grammar into `sink`: `tokens` are the game's, from its first token to
/// the line end that ends it (see [`super::plain`]). The token list's memory is left in `keep`.
pub(super) fn parse_game<S: Sink<SyntaxKind>>(
    text: &str,
    tokens: Vec<Token<SyntaxKind>>,
    sink: &mut S,
    keep: &mut Vec<Token<SyntaxKind>>,
) -> Vec<Diagnostic> {
    let breaks = game_breaks(&tokens);
    let mut parser = PbnParser { p: Parser::continuing(text, tokens, SyntaxKind::is_trivia, sink), breaks, index: 0 };
    parser.game();
    let (_, errors, tokens) = parser.p.suspend();
    *keep = tokens;
    errors
}

thread_local! {
    /// Each thread's token list, reused from parse to parse ([`crate::parsing::keep_tokens`]).
    static TOKENS: std::cell::Cell<Vec<crate::parsing::Token<SyntaxKind>>> = const { std::cell::Cell::new(Vec::new()) };
}

/// The range of every game of `text` and the syntax errors, read as [`parse_events`] reads
/// them with nothing recorded but where games start and end: memory for the token list of one
/// game the grammar reads, at most.
pub fn parse_units(text: &str) -> (Vec<TextRange>, Vec<Diagnostic>) {
    let mut sink = UnitSink::default();
    let errors = read_games(text, &mut sink);
    (sink.into_units(), errors)
}

/// PBN's games, found by the grammar with nothing else recorded, for reading a large text a
/// stretch at a time ([`crate::stretches`]).
pub(crate) const GAMES: crate::stretches::Games = crate::stretches::Games { parse: whole_games, rule: &GAME_TOO_LARGE };

/// The games of `window` that the text after it cannot change: those before a brace comment the
/// window leaves open, when a `}` follows in the rest of the text (the lexer closes a comment at
/// the next `}` however far, PBN 3.8, and only without one at a semi-empty line).
fn whole_games(window: &str, after: &str) -> Vec<TextRange> {
    let (mut games, errors) = parse_units(window);
    let open = errors.iter().find(|d| d.code == UNTERMINATED_COMMENT.code);
    if let Some(open) = open.filter(|_| after.contains('}')) {
        games.retain(|g| g.end() <= open.range.start());
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stretches::{stretches, units, MAX_GAME_BYTES};

    /// A large text's units are found a stretch at a time, each stretch's taken from the window
    /// that found where it ends: they are the units of the whole text read at once, whatever
    /// falls at a window's end (comments over empty lines, escape lines, semi-empty lines, line
    /// ends of both kinds, games of tags alone, play sections).
    #[test]
    fn units_found_a_stretch_at_a_time_are_the_whole_texts() {
        let shapes = [
            "[Event \"a\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n1C Pass 1NT Pass\nPass Pass\n\n",
            "{a comment\n\nover an empty line}\n[Event \"b\"]\r\n[Board \"2\"]\r\n\r\n",
            "% an escape line\n[Event \"c\"]\n  \n[Board \"3\"]\n[Play \"W\"]\nS2 S3 S4 S5\n*\n\n",
            "[Event \"d\"] {on its line}\n \t\n",
        ];
        let mut text = String::new();
        let mut i = 0usize;
        while text.len() < 3 * MAX_GAME_BYTES + 12_345 {
            // A repeating but uneven mix, so that the windows end inside every shape.
            i = i.wrapping_mul(31).wrapping_add(7) % 1_000_003;
            text.push_str(shapes[i % shapes.len()]);
        }
        assert!(stretches(&text, &GAMES).len() > 2);
        assert_eq!(units(&text, &GAMES), parse_units(&text).0);
    }
}
