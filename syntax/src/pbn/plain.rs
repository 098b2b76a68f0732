//! PBN games read in one pass, straight into the checks' event list, the grammar reading only
//! the games that need it.
//!
//! Nearly every game of a real file is plain: tag pairs each written `[Name "value"]` on a line,
//! sections of calls, cards, table rows and comments after some of them, and no syntax error.
//! For such a game the grammar ([`super::parser`]) records exactly the events this reader
//! records, but only after the lexer has put every token into a list, a second pass has marked
//! the line ends that end games, and the grammar has walked the list again: those were a third
//! of `kibitzer check`'s instructions on a file of hand records (issue #31). Here a tag pair
//! is read from its bytes where it stands, and a section token by token from the lexer
//! ([`Lexer`]), each event written as it is read.
//!
//! The reader gives up on a game at the first thing a plain game does not hold — a syntax error,
//! a tag pair written across lines or with a comment inside, text before the first tag — and
//! the grammar reads that game alone: the lexer lexes it from its start, in the state lexing the
//! whole text has there (a game starts after a semi-empty line, which resets the mode), up to the
//! line end that ends it. The reader goes on with the next game. Tests prove that the events and
//! the errors are the grammar's own, on the fixtures, the corpus and fuzzed text
//! (`tests/tests/pbn_syntax.rs`).

use super::lexer::{self, Lexer};
use super::syntax_kind::SyntaxKind::{self, *};
use crate::diagnostic::Diagnostic;
use crate::parsing::{Rewind, Sink, Token};
use crate::text::{TextRange, TextSize};

/// The grammar reading one game into a sink ([`super::parser::parse_game`]): the game's tokens,
/// from its first to the line end that ends it, in; its syntax errors out, the token list's
/// memory left in the last argument. Passed in, so that the grammar's module, which calls this
/// reader, is not called back by it.
pub(super) type Grammar<S> = fn(&str, Vec<Token<SyntaxKind>>, &mut S, &mut Vec<Token<SyntaxKind>>) -> Vec<Diagnostic>;

/// Reads every game of `text` into `sink`, whose root node is open, with the blanks and escape
/// lines between them, `grammar` reading the games that are not plain; the syntax errors, in the
/// grammar's order. `tokens` is memory for the token list of a game the grammar reads, given
/// back with the errors.
pub(super) fn read_games<S: Sink<SyntaxKind> + Rewind>(
    text: &str,
    sink: &mut S,
    tokens: Vec<Token<SyntaxKind>>,
    grammar: Grammar<S>,
) -> (Vec<Diagnostic>, Vec<Token<SyntaxKind>>) {
    let reader = read(text, sink, tokens, grammar);
    (reader.errors, reader.tokens)
}

/// [`read_games`], giving back the reader at the end (the tests count the grammar's games).
fn read<'t, 's, S: Sink<SyntaxKind> + Rewind>(
    text: &'t str,
    sink: &'s mut S,
    tokens: Vec<Token<SyntaxKind>>,
    grammar: Grammar<S>,
) -> Reader<'t, 's, S> {
    let mut reader = Reader {
        text,
        bytes: text.as_bytes(),
        at: 0,
        lexer: Lexer::new(text),
        sink,
        pending: Vec::new(),
        tokens,
        errors: Vec::new(),
        by_grammar: 0,
        grammar,
    };
    loop {
        reader.between_games();
        if reader.at == reader.bytes.len() {
            return reader;
        }
        let start = reader.at;
        let before = reader.sink.mark();
        if reader.game().is_err() {
            reader.sink.rewind(before);
            reader.pending.clear();
            reader.game_by_grammar(start);
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
    lexer: Lexer<'t>,
    sink: &'s mut S,
    /// Blanks and comments read after a section's last token, not yet recorded: they are the
    /// section's if more of it follows, else the game's ([`Reader::section`]).
    pending: Vec<(SyntaxKind, TextRange)>,
    /// The tokens of a game the grammar reads (kept from game to game for its memory).
    tokens: Vec<Token<SyntaxKind>>,
    errors: Vec<Diagnostic>,
    /// How many games the grammar read.
    by_grammar: usize,
    grammar: Grammar<S>,
}

/// Where a game's trivia after a tag pair or its section stopped.
enum Next {
    /// At the `[` of the game's next tag pair.
    Tag,
    /// The game has ended: at a line end before a semi-empty line, or at the end of the text.
    End,
}

impl<'t, S: Sink<SyntaxKind> + Rewind> Reader<'t, '_, S> {
    fn range(start: usize, end: usize) -> TextRange {
        TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32))
    }

    /// Records the token of `kind` from the current byte to `end`, and moves past it.
    fn token(&mut self, kind: SyntaxKind, end: usize) {
        self.sink.token(kind, Self::range(self.at, end), self.text);
        self.at = end;
    }

    /// What the grammar's root skips between games: blanks, line ends and escape lines (a `%` in
    /// the first column).
    fn between_games(&mut self) {
        while let Some(&b) = self.bytes.get(self.at) {
            let rest = &self.bytes[self.at..];
            let (kind, end) = match b {
                b' ' | b'\t' => (WHITESPACE, self.at + lexer::blank_len(rest)),
                b'\n' | b'\r' => (NEWLINE, self.at + lexer::newline_len(rest).unwrap_or(1)),
                b'%' if lexer::starts_line(self.bytes, self.at) => (ESCAPE_LINE, lexer::line_end(self.text, self.at)),
                _ => return,
            };
            self.token(kind, end);
        }
    }

    /// A plain game: tag pairs, each perhaps with a section after it, from its first `[` to the
    /// line end that ends it.
    fn game(&mut self) -> Read {
        if self.bytes[self.at] != b'[' {
            return Err(NotPlain);
        }
        self.sink.start_node(GAME);
        loop {
            self.tag()?;
            if let Next::End = self.section()? {
                break;
            }
        }
        self.sink.finish_node();
        Ok(())
    }

    /// A tag pair `[Name "value"]` on one line, blanks allowed inside the brackets (PBN 3.3):
    /// the tokens the lexer's tag mode gives these bytes, read with the lexer's own readings.
    fn tag(&mut self) -> Read {
        self.sink.start_node(TAG);
        self.token(L_BRACK, self.at + 1);
        self.blank();
        let name_end = self.at + lexer::tag_name_len(&self.bytes[self.at..]);
        if name_end == self.at {
            return Err(NotPlain);
        }
        let name = &self.text[self.at..name_end];
        self.token(TAG_NAME, name_end);
        self.blank();
        if self.bytes.get(self.at) != Some(&b'"') {
            return Err(NotPlain);
        }
        let end = self.at + lexer::string_len(&self.bytes[self.at..]).ok_or(NotPlain)?;
        self.token(STRING, end);
        self.blank();
        if self.bytes.get(self.at) != Some(&b']') {
            return Err(NotPlain);
        }
        self.token(R_BRACK, self.at + 1);
        self.sink.finish_node();
        self.lexer.after_tag(self.at, name);
        Ok(())
    }

    /// Spaces and tabs at the current byte, if any, as one blank. Inlined with its first test:
    /// of its three places in a tag pair, two nearly always find none (`[Name "value"]`), and
    /// calls made mostly to learn that were 15.2 M of the 349.1 M instructions of checking a
    /// 2.6 MB hand record (7.1 M fewer with the test inlined).
    #[inline(always)]
    fn blank(&mut self) {
        if self.bytes.get(self.at).is_some_and(|&b| lexer::is_blank(b)) {
            self.blank_run();
        }
    }

    /// The blank at the current byte, which is a space or a tab.
    fn blank_run(&mut self) {
        let len = lexer::blank_len(&self.bytes[self.at..]);
        self.token(WHITESPACE, self.at + len);
    }

    /// What follows a tag pair up to the game's next `[` or its end, as the grammar's `section`
    /// and `game` record it: the blanks and comments right after the pair are the game's; a
    /// section, if any, runs from its first token to its last, the blanks and comments inside
    /// it its own and those after its last token the game's again. Tokens come from the lexer,
    /// in the mode the tag's name called for.
    fn section(&mut self) -> Read<Next> {
        if let Some(next) = self.line_end_after_tag() {
            return Ok(next);
        }
        let mut open = false;
        loop {
            let start = self.lexer.pos();
            let Some((kind, end)) = self.lexer.next_token() else {
                return Ok(self.close_section(open, Next::End));
            };
            let range = Self::range(start, end);
            match kind {
                // The next tag pair: read from its bytes.
                L_BRACK => {
                    self.at = start;
                    return Ok(self.close_section(open, Next::Tag));
                }
                WHITESPACE | NEWLINE | BRACE_COMMENT | LINE_COMMENT | ESCAPE_LINE => {
                    if open {
                        self.pending.push((kind, range));
                    } else {
                        self.sink.token(kind, range, self.text);
                    }
                    if self.lexer.ends_game() {
                        self.at = end;
                        return Ok(self.close_section(open, Next::End));
                    }
                }
                ERROR | UNTERMINATED_STRING | UNTERMINATED_COMMENT => return Err(NotPlain),
                _ => {
                    if !open {
                        self.sink.start_node(SECTION);
                        open = true;
                    }
                    for (kind, range) in self.pending.drain(..) {
                        self.sink.token(kind, range, self.text);
                    }
                    self.sink.token(kind, range, self.text);
                }
            }
            self.at = end;
        }
    }

    /// The common case of what follows a tag pair, read from the bytes: a line end, then the
    /// next tag pair's `[` or an empty line (or the end of the text), which ends the game. `None`
    /// (nothing recorded) for anything else, which the lexer reads.
    fn line_end_after_tag(&mut self) -> Option<Next> {
        let end = self.at + lexer::newline_len(&self.bytes[self.at..])?;
        let next = match self.bytes.get(end) {
            Some(b'[') => Next::Tag,
            None | Some(b'\n' | b'\r') => Next::End,
            Some(_) => return None,
        };
        self.token(NEWLINE, end);
        Some(next)
    }

    /// Ends the section, if one is open, and records the blanks and comments after its last
    /// token as the game's.
    fn close_section(&mut self, open: bool, next: Next) -> Next {
        if open {
            self.sink.finish_node();
        }
        for (kind, range) in self.pending.drain(..) {
            self.sink.token(kind, range, self.text);
        }
        next
    }

    /// The game at `start` read by the grammar: lexed from there to the line end that ends it.
    fn game_by_grammar(&mut self, start: usize) {
        self.by_grammar += 1;
        self.lexer.restart_at(start);
        let mut tokens = std::mem::take(&mut self.tokens);
        tokens.clear();
        while self.lexer.push_next(&mut tokens) && !self.lexer.ends_game() {}
        self.at = self.lexer.pos();
        let errors = (self.grammar)(self.text, tokens, self.sink, &mut self.tokens);
        self.errors.extend(errors);
    }
}

#[cfg(test)]
mod tests {
    use super::super::parser::{parse_events, parse_events_by_grammar, parse_game};
    use super::*;

    /// How many games of `text` the grammar reads.
    fn games_by_grammar(text: &str) -> usize {
        let mut sink = crate::parsing::EventSink::reusing(Vec::new());
        sink.start_node(ROOT);
        read(text, &mut sink, Vec::new(), parse_game).by_grammar
    }

    fn assert_as_the_grammar(text: &str) {
        let plain = parse_events(text, Vec::new());
        let grammar = parse_events_by_grammar(text, Vec::new());
        assert_eq!(plain.0, grammar.0, "{text:?}");
        assert_eq!(plain.1, grammar.1, "{text:?}");
        // The units are the grammar's games, read with nothing else recorded.
        let games = crate::parsing::EventNode::root(&grammar.0).child_node_ranges();
        assert_eq!(super::super::parser::parse_units(text), (games, grammar.1), "{text:?}");
    }

    /// Every shape of a plain game, and of one that is not, is recorded as the grammar records
    /// it: tags alone, sections of every mode with blanks and comments inside and after them,
    /// escape lines, line ends of every kind, and games the grammar reads among plain ones.
    #[test]
    fn games_are_read_as_the_grammar_reads_them() {
        let texts = [
            "[Event \"A\"]\n[Board \"1\"]\n\n[Event \"B\"]\n",
            "% PBN 2.1\n%\n[Event \"A\"] [Site\t\"x\" ]\r\n[Deal \"N:AKQ.. ..\"]\r\n\r\n\r\n",
            "[Auction \"N\"]\n1NT =1= Pass! X $3 {why}\n^I 1C ^S AP ; done\n[Note \"1:x\"]\n",
            "[Play \"W\"]\nSA H10 ht - + *\n  {end}  \n[Result \"9\"]",
            "[ScoreTable \"Rank\\2R;Names\\10L\"]\n1 \"A - B\" 50\n2 \"C\" 40\n\n[Event \"B\"]\n",
            "[Event \"A\"]\n{a comment after the tags}\n;and a line\n\n",
            "[Event \"A\"]\n%escape inside\n[Site \"B\"]\n",
            "[Event \"A\"]\n \t\n[Site \"B\"]\n \t",
            "[Auction \"S\"]\nPass\n\n",
            "[Event \"A\"][Site \"B\"]",
            "[Event \"x\\\"y\\\\\"][Site \"\\é\\\\\"] [Room \"\"]\n",
            "",
            "\n\n  ",
        ];
        let not_plain = [
            "[Event \"B]\n[Site \"?\"]\n",
            "[Event B]\n",
            "[Event \"x\\\ny\"]\n",
            "[Event \"x\\\r\"]\n",
            "[Event \"x\ry\"]\n",
            "[\nEvent \"x\"]\n",
            "{before} [Event \"B\"]\n",
            "text [Event \"B\"]\n",
            "[Event \"B\"]\n{open\n[Site \"?\"]\n",
            // The grammar lexes the game again from its start: the first comment ends at its
            // own `}`, not at the last one the reader found.
            "[Event \"A\"]\n{one}\n{two}\n[Site \"x]\n",
            "[Play \"W\"]\nSA @ SK\n",
            "[Auction \"N\"]\n1C \"open\n",
            "  %not an escape\n[Event \"B\"]\n",
            "[Event \"é\"] é\n",
        ];
        let plain = "[Event \"P\"]\n[Deal \"N:...\"]\n\n";
        for text in texts {
            assert_eq!(games_by_grammar(text), 0, "{text:?}");
            assert_as_the_grammar(text);
            assert_as_the_grammar(&format!("{plain}{text}"));
        }
        for bad in not_plain {
            assert_eq!(games_by_grammar(bad), 1, "{bad:?}");
            let text = format!("{plain}{bad}\n{plain}");
            assert_eq!(games_by_grammar(&text), 1, "{text:?}");
            assert_as_the_grammar(&text);
        }
    }
}
