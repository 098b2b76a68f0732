//! Typed views over the PBI tree: the marker's version, data lines and their fields, sub-field
//! splitting on `|` and `;`, `\xNN` decoding, and the stipulation forms problemists use.

use super::syntax_kind::{SyntaxKind, SyntaxKind::*, SyntaxNode};
use crate::text::TextRange;
use cozy_chess::Color;

/// A piece of a field between separators, with its raw text (escapes not decoded).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part<'a> {
    pub raw: &'a str,
    pub range: TextRange,
}

impl Part<'_> {
    pub fn decoded(&self) -> String {
        decode(self.raw)
    }
}

/// One field of a data line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field<'a> {
    pub kind: SyntaxKind,
    pub raw: &'a str,
    pub range: TextRange,
    node: SyntaxNode,
}

impl<'a> Field<'a> {
    /// The field split at raw `separator` tokens (escaped separators do not split).
    pub fn split(&self, separator: SyntaxKind, text: &'a str) -> Vec<Part<'a>> {
        let mut parts = Vec::new();
        let mut start = self.range.start();
        for token in self.node.children_with_tokens().filter_map(|c| c.into_token()) {
            if token.kind() == separator {
                let range = TextRange::new(start, token.text_range().start());
                parts.push(Part { raw: &text[range], range });
                start = token.text_range().end();
            }
        }
        let range = TextRange::new(start, self.range.end());
        parts.push(Part { raw: &text[range], range });
        parts
    }

    pub fn decoded(&self) -> String {
        decode(self.raw)
    }
}

/// A data line: its fields in order (fewer than nine when the line is short) and whatever
/// follows the ninth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataLine<'a> {
    pub fields: Vec<Field<'a>>,
    pub extra: Option<TextRange>,
    /// The line without its terminator.
    pub range: TextRange,
}

impl<'a> DataLine<'a> {
    pub fn field(&self, kind: SyntaxKind) -> Option<&Field<'a>> {
        self.fields.iter().find(|f| f.kind == kind)
    }
}

/// Content range of a line node (without its terminator).
pub fn content_range(node: &SyntaxNode) -> TextRange {
    let mut end = node.text_range().start();
    for child in node.children_with_tokens() {
        if child.kind() != NEWLINE {
            end = child.text_range().end();
        }
    }
    TextRange::new(node.text_range().start(), end)
}

pub fn data_line<'a>(node: &SyntaxNode, text: &'a str) -> DataLine<'a> {
    let mut fields = Vec::new();
    let mut extra = None;
    for child in node.children() {
        let range = child.text_range();
        match child.kind() {
            EXTRA_FIELDS => extra = Some(range),
            kind => fields.push(Field { kind, raw: &text[range], range, node: child }),
        }
    }
    DataLine { fields, extra, range: content_range(node) }
}

/// Decodes `\xNN` escapes; malformed ones are kept as written.
pub fn decode(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let escape = rest
            .get(i..i + 4)
            .filter(|e| e.as_bytes()[1] == b'x' && e.as_bytes()[2..].iter().all(u8::is_ascii_hexdigit));
        match escape.and_then(|e| u8::from_str_radix(&e[2..], 16).ok()) {
            Some(byte) => {
                out.push(char::from(byte));
                rest = &rest[i + 4..];
            }
            None => {
                out.push('\\');
                rest = &rest[i + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The common stipulation forms (`#2`, `h#3`, `s#5`, `r#2`, `h#2.5`, `=`, `+`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stipulation {
    /// Direct mate in n.
    Mate(u32),
    /// Helpmate in n moves; `half` for `h#n.5` (White starts).
    Helpmate {
        moves: u32,
        half: bool,
    },
    Selfmate(u32),
    Reflexmate(u32),
    /// A study: White to play and draw.
    Draw,
    /// A study: White to play and win.
    Win,
}

impl Stipulation {
    pub fn parse(s: &str) -> Option<Stipulation> {
        let s = s.trim();
        let number = |n: &str| n.parse::<u32>().ok().filter(|n| *n > 0);
        Some(match s {
            "=" => Stipulation::Draw,
            "+" => Stipulation::Win,
            _ => {
                if let Some(n) = s.strip_prefix("h#") {
                    match n.strip_suffix(".5") {
                        Some(m) => Stipulation::Helpmate { moves: number(m)?, half: true },
                        None => Stipulation::Helpmate { moves: number(n)?, half: false },
                    }
                } else if let Some(n) = s.strip_prefix("s#") {
                    Stipulation::Selfmate(number(n)?)
                } else if let Some(n) = s.strip_prefix("r#") {
                    Stipulation::Reflexmate(number(n)?)
                } else {
                    Stipulation::Mate(number(s.strip_prefix('#')?)?)
                }
            }
        })
    }

    /// Who moves first: White, except in a helpmate of whole moves.
    pub fn first_mover(self) -> Color {
        match self {
            Stipulation::Helpmate { half: false, .. } => Color::Black,
            _ => Color::White,
        }
    }

    /// A sentence for hover.
    pub fn describe(self) -> String {
        let moves = |n: u32| if n == 1 { "1 move".to_owned() } else { format!("{n} moves") };
        match self {
            Stipulation::Mate(n) => format!("White to play and mate in {}", moves(n)),
            Stipulation::Helpmate { moves: n, half: false } => {
                format!("Helpmate in {}: Black moves first and helps White mate", moves(n))
            }
            Stipulation::Helpmate { moves: n, half: true } => {
                format!("Helpmate in {n}.5 moves: White moves first, then Black helps White mate")
            }
            Stipulation::Selfmate(n) => format!("Selfmate in {}: White forces Black to mate White", moves(n)),
            Stipulation::Reflexmate(n) => {
                format!("Reflexmate in {}: a selfmate in which either side must mate when it can", moves(n))
            }
            Stipulation::Draw => "Study: White to play and draw".to_owned(),
            Stipulation::Win => "Study: White to play and win".to_owned(),
        }
    }
}

/// The meaning of a PBI 1.2 status value, for hover; `None` for values the format does not
/// define.
pub fn status_meaning(status: &str) -> Option<&'static str> {
    Some(match status {
        "" => "no verification recorded",
        "!" => "verified: the problem is correct",
        "*" => "verified: multiple solutions beyond the documented keymove",
        "+" => "verified: the problem has no solution",
        "$" => "verified: the problem has a shorter solution",
        "?" => "verified: something else is wrong with the keymove",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_escapes_and_keeps_malformed_ones() {
        assert_eq!(decode("S\\x3at John"), "S:t John");
        assert_eq!(decode("a\\x5Cb\\q\\x4"), "a\\b\\q\\x4");
        assert_eq!(decode("\\x+1"), "\\x+1");
        assert_eq!(decode("caf\u{e9}"), "caf\u{e9}");
    }

    #[test]
    fn recognises_stipulations() {
        assert_eq!(Stipulation::parse("#2"), Some(Stipulation::Mate(2)));
        assert_eq!(Stipulation::parse("h#3"), Some(Stipulation::Helpmate { moves: 3, half: false }));
        assert_eq!(Stipulation::parse("h#2.5"), Some(Stipulation::Helpmate { moves: 2, half: true }));
        assert_eq!(Stipulation::parse("s#5").map(Stipulation::first_mover), Some(Color::White));
        assert_eq!(Stipulation::parse("h#3").map(Stipulation::first_mover), Some(Color::Black));
        assert_eq!(Stipulation::parse("="), Some(Stipulation::Draw));
        assert_eq!(Stipulation::parse("White mates in two"), None);
        assert_eq!(Stipulation::parse("#0"), None);
    }
}
