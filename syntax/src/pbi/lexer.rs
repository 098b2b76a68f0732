//! The PBI lexer: lines first (terminated by CR, LF, CRLF, U+0085 or U+2028, mixed freely),
//! then logos tokens inside data lines. A line starting with `#` is one `HASH_LINE` token, as
//! marker and comment lines have no inner structure.

use super::syntax_kind::SyntaxKind;
use crate::parsing::{lex_range_into, Token};
use crate::text::{TextRange, TextSize};
use logos::Logos;

#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
enum FieldToken {
    #[regex(r"[^:|;\\\r\n\u{85}\u{2028}]+")]
    Text,
    #[token(":")]
    Colon,
    #[token("|")]
    Pipe,
    #[token(";")]
    Semicolon,
    #[regex(r"\\x[0-9A-Fa-f][0-9A-Fa-f]")]
    Escape,
    #[token("\\")]
    Backslash,
    Error,
}

impl From<FieldToken> for SyntaxKind {
    fn from(t: FieldToken) -> SyntaxKind {
        match t {
            FieldToken::Text => SyntaxKind::TEXT,
            FieldToken::Colon => SyntaxKind::COLON,
            FieldToken::Pipe => SyntaxKind::PIPE,
            FieldToken::Semicolon => SyntaxKind::SEMICOLON,
            FieldToken::Escape => SyntaxKind::ESCAPE,
            FieldToken::Backslash => SyntaxKind::BACKSLASH,
            FieldToken::Error => SyntaxKind::ERROR,
        }
    }
}

/// The lines of `text` as (content, terminator) ranges; the last line's terminator range is
/// empty when the text does not end with one. Empty text has no lines.
pub fn lines(text: &str) -> impl Iterator<Item = (TextRange, TextRange)> + '_ {
    let bytes = text.as_bytes();
    let mut start = 0usize;
    std::iter::from_fn(move || {
        if start >= bytes.len() {
            return None;
        }
        let mut i = start;
        let (content_end, end) = loop {
            match bytes.get(i) {
                None => break (i, i),
                Some(b'\n') => break (i, i + 1),
                Some(b'\r') if bytes.get(i + 1) == Some(&b'\n') => break (i, i + 2),
                Some(b'\r') => break (i, i + 1),
                Some(0xC2) if bytes.get(i + 1) == Some(&0x85) => break (i, i + 2),
                Some(0xE2) if bytes.get(i + 1..i + 3) == Some(&[0x80, 0xA8]) => break (i, i + 3),
                Some(_) => i += 1,
            }
        };
        let range = |a: usize, b: usize| TextRange::new(TextSize::from(a as u32), TextSize::from(b as u32));
        let item = (range(start, content_end), range(content_end, end));
        start = end;
        Some(item)
    })
}

/// The length of a byte-order mark at the start of `text`: U+FEFF, or its three UTF-8 bytes
/// read as ISO-8859-1 (a file with a BOM whose rest is not UTF-8).
pub fn bom_len(text: &str) -> usize {
    ["\u{FEFF}", "\u{EF}\u{BB}\u{BF}"].iter().find(|b| text.starts_with(**b)).map_or(0, |b| b.len())
}

/// Lexes `text` into tokens that cover it exactly.
pub fn tokenize(text: &str) -> Vec<Token<SyntaxKind>> {
    let mut tokens = Vec::new();
    let bom_len = bom_len(text);
    if bom_len > 0 {
        tokens.push(Token { kind: SyntaxKind::BOM, range: TextRange::up_to(TextSize::from(bom_len as u32)) });
    }
    for (mut content, terminator) in lines(text) {
        if content.start() == TextSize::from(0) && bom_len > 0 {
            content = TextRange::new(TextSize::from(bom_len as u32), content.end().max(TextSize::from(bom_len as u32)));
        }
        let line = &text[content];
        if line.starts_with('#') {
            tokens.push(Token { kind: SyntaxKind::HASH_LINE, range: content });
        } else if !line.is_empty() {
            lex_range_into(text, content, FieldToken::Error, &mut tokens);
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
    fn every_terminator_ends_a_line() {
        let text = "a\rb\nc\r\nd\u{85}e\u{2028}f";
        let got: Vec<_> = lines(text).map(|(c, t)| (&text[c], &text[t])).collect();
        assert_eq!(got, [("a", "\r"), ("b", "\n"), ("c", "\r\n"), ("d", "\u{85}"), ("e", "\u{2028}"), ("f", "")]);
    }

    #[test]
    fn lexes_bom_marker_and_fields() {
        assert_eq!(
            kinds("\u{FEFF}#PBI 1.2\nA\\x3aB;C:8/8|x\\q\n"),
            vec![
                (BOM, "\u{FEFF}"),
                (HASH_LINE, "#PBI 1.2"),
                (NEWLINE, "\n"),
                (TEXT, "A"),
                (ESCAPE, "\\x3a"),
                (TEXT, "B"),
                (SEMICOLON, ";"),
                (TEXT, "C"),
                (COLON, ":"),
                (TEXT, "8/8"),
                (PIPE, "|"),
                (TEXT, "x"),
                (BACKSLASH, "\\"),
                (TEXT, "q"),
                (NEWLINE, "\n"),
            ]
        );
    }
}
