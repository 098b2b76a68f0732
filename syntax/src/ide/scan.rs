//! A forgiving lexical scan of PGN and PBN text (and the shared shapes of EPD lines): tag pairs,
//! brace and `;` comments, `%` escape lines, NAGs, move numbers, results, note references,
//! parentheses and words. It never fails and is linear; editor features use it on text of any
//! quality, where a parser's tree would hide what it could not parse.

use crate::text::{TextRange, TextSize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    TagOpen,
    TagName,
    /// A tag value, quotes included.
    TagValue,
    TagClose,
    /// `{…}` (may span lines) or `;…` to the end of the line.
    Comment,
    /// A `%` line.
    Escape,
    Nag,
    MoveNumber,
    Result,
    /// PBN `=n=`.
    NoteRef,
    ParenOpen,
    ParenClose,
    /// Anything else between spaces: a move, a call, a card, a FEN field, garbage.
    Word,
    Whitespace,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tok {
    pub kind: Kind,
    pub range: TextRange,
}

fn r(a: usize, b: usize) -> TextRange {
    TextRange::new(TextSize::from(a as u32), TextSize::from(b as u32))
}

/// Scans `text` into tokens covering it exactly.
pub fn scan(text: &str) -> Vec<Tok> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    // Inside `[ … ]`: a name then a string are expected.
    let mut in_tag = false;
    let at_line_start = |i: usize| i == 0 || matches!(b[i - 1], b'\n' | b'\r');
    while i < b.len() {
        let start = i;
        let c = b[i];
        let kind = match c {
            b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C => {
                while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C) {
                    i += 1;
                }
                Kind::Whitespace
            }
            b'%' if at_line_start(i) => {
                i = line_end(b, i);
                Kind::Escape
            }
            b'{' => {
                i = b[i..].iter().position(|&x| x == b'}').map_or(b.len(), |p| i + p + 1);
                Kind::Comment
            }
            b';' if !in_tag => {
                i = line_end(b, i);
                Kind::Comment
            }
            b'[' => {
                i += 1;
                in_tag = true;
                Kind::TagOpen
            }
            b']' => {
                i += 1;
                in_tag = false;
                Kind::TagClose
            }
            b'"' => {
                i += 1;
                while i < b.len() && !matches!(b[i], b'"' | b'\n' | b'\r') {
                    i += if b[i] == b'\\' && i + 1 < b.len() && matches!(b[i + 1], b'"' | b'\\') { 2 } else { 1 };
                }
                if i < b.len() && b[i] == b'"' {
                    i += 1;
                }
                Kind::TagValue
            }
            b'(' => {
                i += 1;
                Kind::ParenOpen
            }
            b')' => {
                i += 1;
                Kind::ParenClose
            }
            b'$' => {
                i += 1;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                Kind::Nag
            }
            _ => {
                while i < b.len()
                    && !matches!(
                        b[i],
                        b' ' | b'\t' | b'\n' | b'\r' | b'{' | b'}' | b'[' | b']' | b'(' | b')' | b'"' | b'$' | b';'
                    )
                {
                    i += 1;
                }
                if i == start {
                    // A stray `}`: one byte of its own.
                    i += 1;
                }
                let word = &text[start..i];
                if in_tag {
                    Kind::TagName
                } else {
                    classify_word(word)
                }
            }
        };
        let kind = if kind == Kind::Word && c.is_ascii_digit() { split_move_number(text, start, &mut i) } else { kind };
        out.push(Tok { kind, range: r(start, i) });
    }
    out
}

fn line_end(b: &[u8], i: usize) -> usize {
    b[i..].iter().position(|&x| x == b'\n' || x == b'\r').map_or(b.len(), |p| i + p)
}

fn classify_word(word: &str) -> Kind {
    match word {
        "1-0" | "0-1" | "1/2-1/2" | "*" => Kind::Result,
        w if w.len() >= 3
            && w.starts_with('=')
            && w.ends_with('=')
            && w[1..w.len() - 1].bytes().all(|c| c.is_ascii_digit()) =>
        {
            Kind::NoteRef
        }
        _ => Kind::Word,
    }
}

/// `12.e4` is a move number and a move: the word is cut after its dots.
fn split_move_number(text: &str, start: usize, end: &mut usize) -> Kind {
    let b = &text.as_bytes()[start..*end];
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let dots = b[digits..].iter().take_while(|&&c| c == b'.').count();
    if dots == 0 {
        return Kind::Word;
    }
    *end = start + digits + dots;
    Kind::MoveNumber
}

/// A tag pair found by the scan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TagPair {
    /// From `[` to `]` (or the value, when `]` is missing).
    pub range: TextRange,
    pub name: TextRange,
    /// The value without its quotes.
    pub value: Option<TextRange>,
}

/// The tag pairs of `text`, in order.
pub fn tag_pairs(text: &str, tokens: &[Tok]) -> Vec<TagPair> {
    let _ = text;
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i].kind != Kind::TagOpen {
            i += 1;
            continue;
        }
        let open = tokens[i].range;
        let mut j = i + 1;
        let (mut name, mut value, mut end) = (None, None, open.end());
        while j < tokens.len() && !matches!(tokens[j].kind, Kind::TagOpen) {
            let t = tokens[j];
            match t.kind {
                Kind::TagName if name.is_none() => name = Some(t.range),
                Kind::TagValue if value.is_none() => value = Some(unquoted(t.range, text)),
                Kind::TagClose => {
                    end = t.range.end();
                    j += 1;
                    break;
                }
                Kind::Whitespace | Kind::TagName | Kind::TagValue => {}
                _ => break,
            }
            end = t.range.end();
            j += 1;
        }
        if let Some(name) = name {
            out.push(TagPair { range: TextRange::new(open.start(), end), name, value });
        }
        i = j.max(i + 1);
    }
    out
}

fn unquoted(range: TextRange, text: &str) -> TextRange {
    let s = &text[range];
    let start = range.start() + TextSize::from(1);
    let end = if s.len() >= 2 && s.ends_with('"') { range.end() - TextSize::from(1) } else { range.end() };
    TextRange::new(start.min(end), end)
}

/// The token at `offset`, preferring the one that ends there when `offset` sits between two
/// (the word just typed); whitespace is no element.
pub fn token_at(tokens: &[Tok], offset: TextSize) -> Option<Tok> {
    // `i` is the first token reaching `offset`: the one ending there, else the one holding it.
    // When that is whitespace ending at `offset` (the cursor on a token's first character, as
    // editors place it), the token starting there is the element.
    let i = tokens.partition_point(|t| t.range.end() < offset);
    tokens[i.min(tokens.len())..]
        .iter()
        .take(2)
        .copied()
        .find(|t| t.range.contains_inclusive(offset) && t.kind != Kind::Whitespace)
}

/// The range of the element at `offset` (for selection ranges).
pub fn element_at(_lang: crate::Lang, text: &str, offset: TextSize) -> Option<TextRange> {
    let tokens = scan(text);
    token_at(&tokens, offset).map(|t| t.range)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(Kind, &str)> {
        scan(text).into_iter().filter(|t| t.kind != Kind::Whitespace).map(|t| (t.kind, &text[t.range])).collect()
    }

    #[test]
    fn the_token_at_a_cursor_on_its_first_character_is_found() {
        let text = "1. e4 $1 e5";
        let tokens = scan(text);
        let nag = text.find('$').unwrap();
        for at in [nag, nag + 1, nag + 2] {
            let t = token_at(&tokens, TextSize::from(at as u32)).expect("a token");
            assert_eq!(&text[t.range], "$1", "cursor at {at}");
        }
        // Between two elements the one just typed wins; inside whitespace there is none.
        let t = token_at(&tokens, TextSize::from(5)).unwrap();
        assert_eq!(&text[t.range], "e4");
        assert_eq!(token_at(&tokens, TextSize::from(0)).map(|t| &text[t.range]), Some("1."));
    }

    #[test]
    fn scans_tags_movetext_and_comments_losslessly() {
        let text = "[Event \"A \\\"B\\\"\"]\n%x\n1.e4 $1 {a\nb} 1... e5 ; rest\n(2. Nf3) =1= 1-0";
        assert_eq!(
            kinds(text),
            [
                (Kind::TagOpen, "["),
                (Kind::TagName, "Event"),
                (Kind::TagValue, "\"A \\\"B\\\"\""),
                (Kind::TagClose, "]"),
                (Kind::Escape, "%x"),
                (Kind::MoveNumber, "1."),
                (Kind::Word, "e4"),
                (Kind::Nag, "$1"),
                (Kind::Comment, "{a\nb}"),
                (Kind::MoveNumber, "1..."),
                (Kind::Word, "e5"),
                (Kind::Comment, "; rest"),
                (Kind::ParenOpen, "("),
                (Kind::MoveNumber, "2."),
                (Kind::Word, "Nf3"),
                (Kind::ParenClose, ")"),
                (Kind::NoteRef, "=1="),
                (Kind::Result, "1-0"),
            ]
        );
        let toks = scan(text);
        assert_eq!(toks.iter().map(|t| &text[t.range]).collect::<String>(), text);
        let pairs = tag_pairs(text, &toks);
        assert_eq!(pairs.len(), 1);
        assert_eq!(&text[pairs[0].value.unwrap()], "A \\\"B\\\"");
    }

    #[test]
    fn unterminated_strings_and_comments_stop_at_the_line_or_the_end() {
        let text = "[Event \"open\n[Site \"x\"]\n{never closed";
        let toks = scan(text);
        assert_eq!(toks.iter().map(|t| &text[t.range]).collect::<String>(), text);
        let pairs = tag_pairs(text, &toks);
        assert_eq!(pairs.iter().map(|p| &text[p.name]).collect::<Vec<_>>(), ["Event", "Site"]);
        assert_eq!(toks.last().unwrap().kind, Kind::Comment);
    }
}
