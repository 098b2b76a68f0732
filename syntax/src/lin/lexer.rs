//! The LIN lexer: a byte scanner, as the grammar is contextual (the text before a `|` is a
//! name, the text after it a value up to the next `|`). Lossless: the tokens cover the text
//! exactly; a value never runs past its line, so one unclosed pair cannot swallow the boards
//! after it.

use super::syntax_kind::SyntaxKind;
use crate::parsing::Token;
use crate::text::{TextRange, TextSize};

/// Lexes `text` into tokens that cover it exactly.
pub fn tokenize(text: &str) -> Vec<Token<SyntaxKind>> {
    Tokens::new(text).collect()
}

/// Whether `name` (a pair name's range in `text`) is `qx`, which starts a board of a numbered
/// text.
pub(crate) fn is_qx(text: &str, name: TextRange) -> bool {
    text[name].eq_ignore_ascii_case("qx")
}

/// Whether `text` numbers its boards with `qx` pairs (BBO's vugraph files): then a board runs
/// from one `qx` to the next, else a board is a line. A scan of the tokens, none kept.
pub fn is_numbered(text: &str) -> bool {
    Tokens::new(text).any(|t| t.kind == SyntaxKind::NAME && is_qx(text, t.range))
}

/// The tokens of a text one at a time, as [`tokenize`] lists them: what a scan of a large text
/// reads without holding its tokens (whether it numbers its boards, where they start).
pub struct Tokens<'a> {
    bytes: &'a [u8],
    /// Where the next stretch to lex starts.
    at: usize,
    /// The tokens of the last stretch lexed (a pair is up to four), and the next one to give.
    buffer: [(SyntaxKind, usize, usize); 4],
    len: usize,
    next: usize,
}

impl<'a> Tokens<'a> {
    pub fn new(text: &'a str) -> Tokens<'a> {
        Tokens::starting_at(text, 0)
    }

    /// The tokens of `text` from byte `start` on, where a token starts (a line, a pair): the
    /// lexer keeps nothing from one pair to the next.
    pub fn starting_at(text: &'a str, start: usize) -> Tokens<'a> {
        let mut tokens =
            Tokens { bytes: text.as_bytes(), at: start, buffer: [(SyntaxKind::ERROR, 0, 0); 4], len: 0, next: 0 };
        if start == 0 && text.starts_with('\u{FEFF}') {
            tokens.push(SyntaxKind::BOM, 0, 3);
            tokens.at = 3;
        }
        tokens
    }

    fn push(&mut self, kind: SyntaxKind, start: usize, end: usize) {
        if end > start {
            self.buffer[self.len] = (kind, start, end);
            self.len += 1;
        }
    }

    /// Lexes the stretch at `self.at` (a line end, blanks, a pair or stray text) into the buffer.
    fn lex(&mut self) {
        let bytes = self.bytes;
        let line_end = |from: usize| {
            bytes[from..].iter().position(|&b| b == b'\n' || b == b'\r').map_or(bytes.len(), |p| from + p)
        };
        let bar_or_line_end = |from: usize| {
            bytes[from..].iter().position(|&b| b == b'|' || b == b'\n' || b == b'\r').map_or(bytes.len(), |p| from + p)
        };
        let i = self.at;
        match bytes[i] {
            b'\r' | b'\n' => {
                let len = if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') { 2 } else { 1 };
                self.push(SyntaxKind::NEWLINE, i, i + len);
                self.at = i + len;
            }
            b' ' | b'\t' => {
                let end = bytes[i..].iter().position(|&b| b != b' ' && b != b'\t').map_or(bytes.len(), |p| i + p);
                self.push(SyntaxKind::WHITESPACE, i, end);
                self.at = end;
            }
            _ => {
                // A pair: its name up to `|`, or stray text up to the line end.
                let name_end = bar_or_line_end(i);
                if bytes.get(name_end) != Some(&b'|') {
                    let end = line_end(i);
                    self.push(SyntaxKind::ERROR, i, end);
                    self.at = end;
                    return;
                }
                self.push(SyntaxKind::NAME, i, name_end);
                self.push(SyntaxKind::BAR, name_end, name_end + 1);
                let value_end = bar_or_line_end(name_end + 1);
                self.push(SyntaxKind::VALUE, name_end + 1, value_end);
                self.at = value_end;
                if bytes.get(value_end) == Some(&b'|') {
                    self.push(SyntaxKind::BAR, value_end, value_end + 1);
                    self.at += 1;
                }
            }
        }
    }
}

impl Iterator for Tokens<'_> {
    type Item = Token<SyntaxKind>;

    fn next(&mut self) -> Option<Token<SyntaxKind>> {
        while self.next == self.len {
            if self.at >= self.bytes.len() {
                return None;
            }
            self.len = 0;
            self.next = 0;
            self.lex();
        }
        let (kind, start, end) = self.buffer[self.next];
        self.next += 1;
        Some(Token { kind, range: TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32)) })
    }
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
