//! The LIN lexer: a byte scanner, as the grammar is contextual (the text before a `|` is a
//! name, the text after it a value up to the next `|`). Lossless: the tokens cover the text
//! exactly; a value never runs past its line, so one unclosed pair cannot swallow the boards
//! after it.

use super::syntax_kind::SyntaxKind;
use crate::parsing::Token;
use crate::text::{TextRange, TextSize};

/// Lexes `text` into tokens that cover it exactly.
pub fn tokenize(text: &str) -> Vec<Token<SyntaxKind>> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut push = |kind: SyntaxKind, start: usize, end: usize| {
        if end > start {
            tokens
                .push(Token { kind, range: TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32)) });
        }
    };
    let mut i = 0;
    if text.starts_with('\u{FEFF}') {
        push(SyntaxKind::BOM, 0, 3);
        i = 3;
    }
    let line_end =
        |from: usize| bytes[from..].iter().position(|&b| b == b'\n' || b == b'\r').map_or(bytes.len(), |p| from + p);
    let bar_or_line_end = |from: usize| {
        bytes[from..].iter().position(|&b| b == b'|' || b == b'\n' || b == b'\r').map_or(bytes.len(), |p| from + p)
    };
    while i < bytes.len() {
        match bytes[i] {
            b'\r' | b'\n' => {
                let len = if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') { 2 } else { 1 };
                push(SyntaxKind::NEWLINE, i, i + len);
                i += len;
            }
            b' ' | b'\t' => {
                let end = bytes[i..].iter().position(|&b| b != b' ' && b != b'\t').map_or(bytes.len(), |p| i + p);
                push(SyntaxKind::WHITESPACE, i, end);
                i = end;
            }
            _ => {
                // A pair: its name up to `|`, or stray text up to the line end.
                let name_end = bar_or_line_end(i);
                if bytes.get(name_end) != Some(&b'|') {
                    let end = line_end(i);
                    push(SyntaxKind::ERROR, i, end);
                    i = end;
                    continue;
                }
                push(SyntaxKind::NAME, i, name_end);
                push(SyntaxKind::BAR, name_end, name_end + 1);
                let value_end = bar_or_line_end(name_end + 1);
                push(SyntaxKind::VALUE, name_end + 1, value_end);
                i = value_end;
                if bytes.get(i) == Some(&b'|') {
                    push(SyntaxKind::BAR, i, i + 1);
                    i += 1;
                }
            }
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
    fn pairs_values_and_line_ends() {
        assert_eq!(
            kinds("pn|a,b|st||md|3S|\r\nmb|1C!| junk"),
            vec![
                (NAME, "pn"),
                (BAR, "|"),
                (VALUE, "a,b"),
                (BAR, "|"),
                (NAME, "st"),
                (BAR, "|"),
                (BAR, "|"),
                (NAME, "md"),
                (BAR, "|"),
                (VALUE, "3S"),
                (BAR, "|"),
                (NEWLINE, "\r\n"),
                (NAME, "mb"),
                (BAR, "|"),
                (VALUE, "1C!"),
                (BAR, "|"),
                (WHITESPACE, " "),
                (ERROR, "junk"),
            ]
        );
    }

    #[test]
    fn an_unclosed_value_stops_at_its_line_end() {
        assert_eq!(
            kinds("nt|hello\nmb|p|"),
            vec![
                (NAME, "nt"),
                (BAR, "|"),
                (VALUE, "hello"),
                (NEWLINE, "\n"),
                (NAME, "mb"),
                (BAR, "|"),
                (VALUE, "p"),
                (BAR, "|"),
            ]
        );
    }

    #[test]
    fn any_text_is_covered() {
        for text in ["", "|", "||", "\u{FEFF}a|", "é|ü|\r", "x\r\r\n|y"] {
            let tokens = tokenize(text);
            let mut at = 0;
            for t in &tokens {
                assert_eq!(usize::from(t.range.start()), at, "{text:?}");
                at = usize::from(t.range.end());
            }
            assert_eq!(at, text.len(), "{text:?}");
        }
    }
}
