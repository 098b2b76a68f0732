//! Plain games read in one pass over their bytes, straight into the checks' event list.
//!
//! Nearly every game of a real file is plain: tag pairs each written `[Name "value"]`, then
//! moves, move numbers, NAGs, suffixes, brace and line comments, variations and a termination
//! marker, with no syntax error anywhere. For such a game the grammar ([`super::parser`])
//! records exactly the events this reader records, but only after the lexer has made a token of
//! every run of bytes (half of them blanks, which get no event) and the grammar has walked those
//! tokens again: lexing and parsing were 29 % of `kibitzer check`'s instructions on TWIC 1389
//! (issue #31). Here each byte run is read once, where it stands, and its event written.
//!
//! The reader gives up at the first thing a plain game does not hold — anything that is a
//! syntax error, an escape line, a word that is not a move — and the grammar reads the rest of
//! the text from the start of that game: a broken
//! file is read by the grammar from its first broken game on, as before. Tests prove that the
//! events and the errors are the grammar's own, on the fixtures, the corpus and fuzzed text
//! (`tests/tests/pgn_roundtrip.rs`, `tests/tests/pgn_fuzz.rs`).

use super::lexer::{self, is_blank_byte, is_space_byte};
use super::syntax_kind::SyntaxKind::{self, *};
use crate::names::NameSet;
use crate::parsing::{Rewind, Sink};
use crate::text::{TextRange, TextSize};

/// Reads the plain games of `text` from its start into `sink`, whose root node is open, and
/// records the blanks between them. `None` when it read to the end; otherwise where the first
/// game it could not read starts: the sink then holds everything before that game and nothing
/// of it, for the grammar to go on from there. Variations nested deeper than `max_depth` are the
/// grammar's.
pub(super) fn read_games<S: Sink<SyntaxKind> + Rewind>(text: &str, sink: &mut S, max_depth: usize) -> Option<usize> {
    let mut reader = Reader { text, bytes: text.as_bytes(), at: 0, sink, names: NameSet::with_capacity(16), max_depth };
    loop {
        reader.blanks();
        if reader.at == reader.bytes.len() {
            return None;
        }
        let start = reader.at;
        let before = reader.sink.mark();
        if reader.game().is_err() {
            reader.sink.rewind(before);
            return Some(start);
        }
    }
}

/// The game is not plain: the grammar reads it.
struct NotPlain;

type Read<T = ()> = Result<T, NotPlain>;

struct Reader<'t, 's, S> {
    text: &'t str,
    bytes: &'t [u8],
    /// The next byte to read: the end of the last token recorded.
    at: usize,
    sink: &'s mut S,
    /// The tag names of the game's tag section so far (kept from game to game for its memory).
    names: NameSet<&'t str>,
    /// How deeply the grammar nests variations (deeper ones are errors).
    max_depth: usize,
}

impl<'t, S: Sink<SyntaxKind> + Rewind> Reader<'t, '_, S> {
    /// Records the token of `kind` from the current byte to `end`, and moves past it.
    #[inline(always)]
    fn token(&mut self, kind: SyntaxKind, end: usize) {
        let range = TextRange::new(TextSize::from(self.at as u32), TextSize::from(end as u32));
        self.sink.token(kind, range, self.text);
        self.at = end;
    }

    fn byte(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// The blank or line break at the current byte, which starts one.
    #[inline(always)]
    fn blank(&mut self) {
        let (kind, end) = lexer::blank_at(self.bytes, self.at);
        self.token(kind, end);
    }

    /// Blanks and line breaks up to the next other byte.
    fn blanks(&mut self) {
        while self.byte().is_some_and(is_blank_byte) {
            self.blank();
        }
    }

    /// The blank at the current byte, if any: the grammar's `skip_blanks` inside a tag pair.
    fn spaces(&mut self) {
        if self.byte().is_some_and(is_space_byte) {
            self.blank();
        }
    }

    /// A game: the comments before its tags, its tag section if it has one, and its movetext
    /// (PGN 8).
    fn game(&mut self) -> Read {
        self.sink.start_node(GAME);
        while matches!(self.byte(), Some(b'{' | b';')) {
            self.comment()?;
            self.blanks();
        }
        if self.byte() == Some(b'[') {
            self.tag_section()?;
        }
        self.movetext()?;
        self.sink.finish_node();
        Ok(())
    }

    /// A brace comment or a line comment at the current byte; one not closed is the grammar's
    /// to report. (Not inlined: most games have no comment, and the loops around it are hot.)
    #[inline(never)]
    fn comment(&mut self) -> Read {
        let at = self.at;
        if self.bytes[at] == b';' {
            self.token(LINE_COMMENT, at + 1 + lexer::rest_of_line(&self.text[at + 1..]));
            return Ok(());
        }
        let end = at + 1 + lexer::comment_extent(&self.text[at + 1..]);
        if !lexer::comment_is_terminated(&self.text[at..end]) {
            return Err(NotPlain);
        }
        self.token(COMMENT, end);
        Ok(())
    }

    /// Tag pairs and the comments among them, as the grammar's `tag_section` reads them: the
    /// section goes on past blanks at the next `[`, unless an empty line comes before it and its
    /// tag name is one the section already has (the next game's tags, PGN 8.1), and at the next
    /// comment, unless an empty line comes before it and no tag follows the comments (it is
    /// then the movetext's). Escape lines are the grammar's.
    fn tag_section(&mut self) -> Read {
        self.sink.start_node(TAG_SECTION);
        self.names.clear();
        // Where a tag was found after a run of comments, so that the run is looked through once.
        let mut tag_ahead: Option<usize> = None;
        // The section starts at a `[` and goes on only at a `[` or a comment.
        loop {
            if self.bytes[self.at] == b'[' {
                let name = self.tag()?;
                self.names.push(name);
            } else {
                self.comment()?;
            }
            let (newlines, next) = self.blanks_ahead();
            match self.bytes.get(next) {
                Some(b'[') => {
                    if newlines >= 2 && self.names.contains(self.name_after_bracket(next)?) {
                        break;
                    }
                }
                Some(b'{' | b';') => {
                    if newlines >= 2 && !self.tag_after_comments(next, &mut tag_ahead)? {
                        break;
                    }
                }
                Some(b'%') => return Err(NotPlain),
                _ => break,
            }
            self.blanks();
        }
        self.sink.finish_node();
        Ok(())
    }

    /// Whether a `[` comes after the comments and blanks from `at` on (`known`: where the last
    /// such look found one).
    fn tag_after_comments(&self, mut at: usize, known: &mut Option<usize>) -> Read<bool> {
        if known.is_some_and(|tag| at < tag) {
            return Ok(true);
        }
        loop {
            match self.bytes.get(at) {
                Some(&b) if is_blank_byte(b) => at = lexer::blank_at(self.bytes, at).1,
                Some(b'{') => at += 1 + lexer::comment_extent(&self.text[at + 1..]),
                Some(b';') => at += 1 + lexer::rest_of_line(&self.text[at + 1..]),
                Some(b'%') => return Err(NotPlain),
                Some(b'[') => {
                    *known = Some(at);
                    return Ok(true);
                }
                _ => return Ok(false),
            }
        }
    }

    /// How many line breaks the blanks from the current byte hold, and where they end.
    fn blanks_ahead(&self) -> (usize, usize) {
        let mut newlines = 0;
        let mut at = self.at;
        while self.bytes.get(at).is_some_and(|&b| is_blank_byte(b)) {
            let (kind, end) = lexer::blank_at(self.bytes, at);
            newlines += usize::from(kind == NEWLINE);
            at = end;
        }
        (newlines, at)
    }

    /// The tag name after the `[` at `at`, past blanks.
    fn name_after_bracket(&self, at: usize) -> Read<&'t str> {
        let mut start = at + 1;
        if self.bytes.get(start).is_some_and(|&b| is_space_byte(b)) {
            start = lexer::blank_at(self.bytes, start).1;
        }
        self.name_at(start)
    }

    /// The tag name (a symbol, PGN 7) at `start`; anything else is a malformed tag.
    fn name_at(&self, start: usize) -> Read<&'t str> {
        if !self.bytes.get(start).is_some_and(u8::is_ascii_alphanumeric) {
            return Err(NotPlain);
        }
        let end = lexer::symbol_end(self.bytes, start);
        Ok(&self.text[start..end])
    }

    /// `[Name "value"]` on one line, blanks allowed between its parts (PGN 8.1.1): its name.
    fn tag(&mut self) -> Read<&'t str> {
        self.sink.start_node(TAG);
        self.token(L_BRACKET, self.at + 1);
        self.spaces();
        let name = self.name_at(self.at)?;
        self.token(TAG_NAME, self.at + name.len());
        self.spaces();
        if self.byte() != Some(b'"') {
            return Err(NotPlain);
        }
        let end = self.at + 1 + lexer::string_extent(&self.bytes[self.at + 1..]);
        if !lexer::string_is_terminated(&self.text[self.at..end]) {
            return Err(NotPlain);
        }
        self.token(STRING, end);
        self.spaces();
        if self.byte() != Some(b']') {
            return Err(NotPlain);
        }
        self.token(R_BRACKET, self.at + 1);
        self.sink.finish_node();
        Ok(name)
    }

    /// Movetext (PGN 8.2) up to its termination marker, the end of the text, or a `[` that
    /// starts a line (the next game), as the grammar's `movetext` reads it. Move and move number
    /// nodes record no events, so a move, its suffix, a number and its dots are tokens here.
    fn movetext(&mut self) -> Read {
        self.sink.start_node(MOVETEXT);
        let mut depth = 0usize;
        while let Some(byte) = self.byte() {
            let at = self.at;
            match byte {
                // One space between two tokens, the commonest blank, without looking for a run.
                b' ' if !self.bytes.get(at + 1).is_some_and(|&b| is_space_byte(b)) => self.token(WHITESPACE, at + 1),
                b' ' | b'\t' | 0x0B | 0x0C | b'\n' | b'\r' => self.blank(),
                b'[' if lexer::starts_line(self.bytes, at) => break,
                b'*' => return self.result(at + 1, depth),
                b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' => {
                    let end = lexer::symbol_end(self.bytes, at);
                    match lexer::classify_symbol(&self.text[at..end]) {
                        RESULT_TOKEN => return self.result(end, depth),
                        SYMBOL => return Err(NotPlain),
                        kind => self.token(kind, end),
                    }
                }
                // A null move.
                b'-' if self.bytes.get(at + 1) == Some(&b'-') => self.token(SAN, at + 2),
                b'$' => self.token(NAG, lexer::run(self.bytes, at + 1, |c| c.is_ascii_digit())),
                b'!' | b'?' => self.token(SUFFIX, lexer::run(self.bytes, at + 1, |c| matches!(c, b'!' | b'?'))),
                b'.' => self.token(DOTS, lexer::run(self.bytes, at + 1, |c| c == b'.')),
                b'{' | b';' => self.comment()?,
                b'(' if depth < self.max_depth => {
                    self.sink.start_node(VARIATION);
                    self.token(L_PAREN, at + 1);
                    depth += 1;
                }
                b')' if depth > 0 => {
                    self.token(R_PAREN, at + 1);
                    self.sink.finish_node();
                    depth -= 1;
                }
                // Escapes, strings, brackets, unmatched or too deep parentheses, bytes no
                // token starts with: the grammar reports them.
                _ => return Err(NotPlain),
            }
        }
        if depth > 0 {
            return Err(NotPlain);
        }
        self.sink.finish_node();
        Ok(())
    }

    /// The termination marker at the current byte, ending at `end`, and the movetext's end; a
    /// variation still open or a second marker after it is the grammar's to report.
    fn result(&mut self, end: usize, depth: usize) -> Read {
        if depth > 0 || self.result_at(end) {
            return Err(NotPlain);
        }
        self.token(RESULT_TOKEN, end);
        self.sink.finish_node();
        Ok(())
    }

    /// Whether a termination marker starts at `at`, or after the blank there (not a line break).
    fn result_at(&self, mut at: usize) -> bool {
        if self.bytes.get(at).is_some_and(|&b| is_space_byte(b)) {
            at = lexer::blank_at(self.bytes, at).1;
        }
        match self.bytes.get(at) {
            Some(b'*') => true,
            Some(b) if b.is_ascii_alphanumeric() => {
                let end = lexer::symbol_end(self.bytes, at);
                lexer::classify_symbol(&self.text[at..end]) == RESULT_TOKEN
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::parser::{parse_events, parse_events_by_grammar};
    use super::*;
    use crate::parsing::{EventSink, ParseEvent};

    /// Where the plain reading of `text` gives the rest to the grammar (`None`: nowhere).
    fn plain_until(text: &str) -> Option<usize> {
        let mut sink = EventSink::dropping(Vec::new(), lexer::is_blank).without_leaf_nodes();
        sink.start_node(ROOT);
        read_games(text, &mut sink, super::super::parser::MAX_VARIATION_DEPTH)
    }

    fn assert_as_the_grammar(text: &str) {
        let plain = parse_events(text, Vec::new());
        let grammar = parse_events_by_grammar(text, Vec::new());
        assert_eq!(plain.events(), grammar.events(), "{text:?}");
        assert_eq!(plain.errors(), grammar.errors(), "{text:?}");
        // The units, read with nothing else recorded, are the grammar's games.
        let games = crate::parsing::EventNode::root(grammar.events()).child_node_ranges();
        assert_eq!(super::super::parser::parse_units(text), games, "{text:?}");
    }

    /// Every shape a plain game holds is read to the end without the grammar, and recorded as
    /// the grammar records it: tags on one line or several, blanks of every kind, games of
    /// tags alone that an empty line and a repeated name part, a movetext ended by the next
    /// game's `[`, null moves, NAGs, suffixes, comments over lines, nested variations.
    #[test]
    fn plain_games_are_read_to_the_end_as_the_grammar_reads_them() {
        let texts = [
            "[Event \"A\"]\n[Site \"?\"]\n\n1. e4 e5 2. Nf3 1-0\n\n[Event \"B\"]\n\n1. d4 0-1\n",
            "[Event \"A\"] [Site \"x\\\"y\"]\r\n\r\n1.e4!? $1 {a\ncomment} e5 ; rest\n2. Nf3 (2. d4 (2. c4) exd4) 2... Nc6 *\r\n",
            "[Event\t\"A\"\x0b]\n[White \"B\"]\n\n[Event \"C\"]\n[White \"D\"]\n",
            "[Event \"A\"]\n[Site \"B\"]\n[Event \"C\"]\n\n1. e4 -- 2. d4 1/2-1/2",
            "1. e4 e5\n[Event \"Next\"]\n1. d4 *\n   ",
            "1. e4 e5 2. Nf3 *   \n\n\n",
            "[Event \"A\"]",
            "; a file's first line\n{and a comment} {before the tags}\n[Event \"A\"] {between} [Site \"?\"]\n;on\n[Round \"1\"]\n\n1. e4 *\n",
            "[Event \"A\"]\n\n{a comment after an empty line, then the moves}\n1. e4 *\n",
            "[Event \"A\"]\n\n{comments after an empty line} ; and more\n{then a tag}\n[Site \"?\"]\n\n1. e4 *\n",
            "[Event \"A\"]\n\n{a comment, then the next game of tags alone}\n\n[Event \"B\"]\n",
            "[Event \"A\"]\n\n{a tag after}\n[Site \"?\"]\n\n{none after}\n1. e4 *\n",
            "",
            "  \n",
        ];
        for text in texts {
            assert_eq!(plain_until(text), None, "{text:?}");
            assert_as_the_grammar(text);
            let events = parse_events(text, Vec::new());
            let games = events.events().iter().filter(|e| matches!(e, ParseEvent::Start { kind: GAME, .. })).count();
            assert!(games > 0 || text.trim().is_empty(), "{text:?}");
        }
    }

    /// At the first game that is not plain the grammar takes over, from that game's start, and
    /// the whole parse is still the grammar's.
    #[test]
    fn the_grammar_reads_from_the_first_game_that_is_not_plain() {
        let plain = "[Event \"A\"]\n\n1. e4 *\n\n";
        let broken = [
            "[Event \"B]\n\n1. e4 *\n",
            "[Event B]\n\n1. e4 *\n",
            "{before\n[Event \"B\"]\n\n1. e4 *\n",
            "[Event \"B\"]\n{between\n[Site \"?\"]\n\n1. e4 *\n",
            "[Event \"B\"]\n\n{after} % x\n[Site \"?\"]\n\n1. e4 *\n",
            "[Event \"B\"]\n% escape\n[Site \"?\"]\n\n1. e4 *\n",
            "1. e4 garbage *\n",
            "1. e4 (1. d4 *\n",
            "1. e4 ) *\n",
            "1. e4 * *\n",
            "1. e4 1-0 0-1\n",
            "1. e4 {open\n",
            "1. e4 [Site \"x\"] *\n",
            "1. e4 % x\n*\n",
            "1. e4 \"x\" *\n",
            "1. e4 - e5 *\n",
            "1. e4 é *\n",
        ];
        for bad in broken {
            let text = format!("{plain}{bad}[Event \"C\"]\n\n1. d4 *\n");
            assert_eq!(plain_until(&text), Some(plain.len()), "{text:?}");
            assert_as_the_grammar(&text);
        }
        let deep = format!("{plain}1. e4 {}1. d4{} *\n", "(".repeat(130), ")".repeat(130));
        assert_eq!(plain_until(&deep), Some(plain.len()));
        assert_as_the_grammar(&deep);
    }
}
