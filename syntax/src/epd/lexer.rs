//! The EPD/FEN lexer: lossless tokens for one line at a time.
//!
//! Lines are split first (a `%` or `#` line is one `COMMENT` token, as some real suites carry
//! such headers), and the rest of each line is lexed with logos. The tokens cover the text
//! exactly, so the parser can rebuild it byte for byte.

use super::syntax_kind::SyntaxKind;
use crate::parsing::{lex_range_into, Token};
use crate::text::{line_break_at_or_after, TextRange, TextSize};
use logos::Logos;

#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
enum LineToken {
    #[regex(r"[ \t]+")]
    Whitespace,
    #[regex(r"\r\n|\n|\r")]
    Newline,
    #[regex(r#"[^ \t\r\n;"]+"#)]
    Word,
    #[regex(r#""([^"\\\r\n]|\\[^\r\n])*""#)]
    String,
    #[regex(r#""([^"\\\r\n]|\\[^\r\n])*\\?"#)]
    UnterminatedString,
    #[token(";")]
    Semicolon,
    Error,
}

impl From<LineToken> for SyntaxKind {
    fn from(t: LineToken) -> SyntaxKind {
        match t {
            LineToken::Whitespace => SyntaxKind::WHITESPACE,
            LineToken::Newline => SyntaxKind::NEWLINE,
            LineToken::Word => SyntaxKind::WORD,
            LineToken::String => SyntaxKind::STRING,
            LineToken::UnterminatedString => SyntaxKind::UNTERMINATED_STRING,
            LineToken::Semicolon => SyntaxKind::SEMICOLON,
            LineToken::Error => SyntaxKind::ERROR,
        }
    }
}

/// The lines of `text` as (content, terminator) byte ranges; a last line without terminator
/// has an empty terminator range. Empty text has no lines.
pub fn lines(text: &str) -> impl Iterator<Item = (TextRange, TextRange)> + '_ {
    let bytes = text.as_bytes();
    let mut start = 0usize;
    std::iter::from_fn(move || {
        if start >= bytes.len() {
            return None;
        }
        // A vectorised search: a look at every byte was 3.5 % of `check`'s instructions on the
        // corpus's suites.
        let content_end = line_break_at_or_after(bytes, start).unwrap_or(bytes.len());
        let end = match bytes.get(content_end) {
            Some(b'\r') if bytes.get(content_end + 1) == Some(&b'\n') => content_end + 2,
            Some(_) => content_end + 1,
            None => content_end,
        };
        let range = |a: usize, b: usize| TextRange::new(TextSize::from(a as u32), TextSize::from(b as u32));
        let item = (range(start, content_end), range(content_end, end));
        start = end;
        Some(item)
    })
}

/// The start of the first line that begins after byte `from` (the end of the line holding it),
/// `None` when no line follows: where a large file is cut into pieces checked on their own.
pub fn next_line_start(text: &str, from: usize) -> Option<usize> {
    let end = line_break_at_or_after(text.as_bytes(), from)?;
    // `\r\n` is one terminator: a cut between its bytes would make two lines of one.
    Some(if text[end..].starts_with("\r\n") { end + 2 } else { end + 1 })
}

/// Lexes `text` into tokens that cover it exactly.
pub fn tokenize(text: &str) -> Vec<Token<SyntaxKind>> {
    // About one token in four bytes: growing the vector would copy it a dozen times.
    let mut tokens = Vec::with_capacity(text.len() / 4 + 1);
    for (content, terminator) in lines(text) {
        let line = &text[content];
        if line.starts_with(['%', '#']) {
            tokens.push(Token { kind: SyntaxKind::COMMENT, range: content });
        } else {
            lex_range_into(text, content, LineToken::Error, &mut tokens);
        }
        if !terminator.is_empty() {
            tokens.push(Token { kind: SyntaxKind::NEWLINE, range: terminator });
        }
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;
    use SyntaxKind::*;

    fn kinds(text: &str) -> Vec<(SyntaxKind, &str)> {
        tokenize(text).into_iter().map(|t| (t.kind, &text[t.range])).collect()
    }

    #[test]
    fn lexes_fields_operations_and_strings() {
        assert_eq!(
            kinds("8/8 w - - id \"a\\\"b\";\r\n% note\n"),
            vec![
                (WORD, "8/8"),
                (WHITESPACE, " "),
                (WORD, "w"),
                (WHITESPACE, " "),
                (WORD, "-"),
                (WHITESPACE, " "),
                (WORD, "-"),
                (WHITESPACE, " "),
                (WORD, "id"),
                (WHITESPACE, " "),
                (STRING, "\"a\\\"b\""),
                (SEMICOLON, ";"),
                (NEWLINE, "\r\n"),
                (COMMENT, "% note"),
                (NEWLINE, "\n"),
            ]
        );
    }

    #[test]
    fn an_unterminated_string_stops_at_the_end_of_the_line() {
        assert_eq!(
            kinds("c0 \"abc\nx"),
            vec![(WORD, "c0"), (WHITESPACE, " "), (UNTERMINATED_STRING, "\"abc"), (NEWLINE, "\n"), (WORD, "x")]
        );
        assert_eq!(kinds("\"a\\"), vec![(UNTERMINATED_STRING, "\"a\\")]);
    }

    #[test]
    fn the_next_line_starts_after_the_terminator() {
        let text = "a\r\nb\rc\nd";
        let starts = [0, 1, 2, 3, 4, 5, 6].map(|from| next_line_start(text, from));
        assert_eq!(starts, [3, 3, 3, 5, 5, 7, 7].map(Some));
        assert_eq!(next_line_start(text, 7), None);
        // The starts are those of `lines`.
        let line_starts: Vec<usize> = lines(text).map(|(c, _)| usize::from(c.start())).collect();
        assert_eq!(line_starts, [0, 3, 5, 7]);
    }

    #[test]
    fn lines_split_on_every_terminator() {
        let text = "a\r\nb\rc\nd";
        let got: Vec<_> = lines(text).map(|(c, t)| (&text[c], &text[t])).collect();
        assert_eq!(got, vec![("a", "\r\n"), ("b", "\r"), ("c", "\n"), ("d", "")]);
    }
}
