//! The PGN lexer: a scanner over the bytes, with context where PGN needs it (a `%` escape only
//! in column 1, brace comments that may span lines, strings that end at the line end when
//! unterminated), then a classification of symbols into move numbers, moves, results and
//! other words.
//!
//! Every byte of the input lands in exactly one token, so the parser can build a lossless tree.
//!
//! The token grammar is written down once more, declaratively, as a logos lexer in this file's
//! tests, and a test proves that the two agree on the corpus and on random text. The scanner is
//! the one that runs: PGN files are large (a tournament database is hundreds of megabytes), and
//! a match on the first byte with runs scanned in place costs a fraction of logos' state machine
//! and its error handling per token, which was a fifth of `kibitzer check`'s time.

use super::syntax_kind::SyntaxKind;
use crate::chess::san;
use crate::parsing::Token;
use crate::text::{TextRange, TextSize};

pub(super) fn rest_of_line(rest: &str) -> usize {
    rest.find(['\n', '\r']).unwrap_or(rest.len())
}

/// A string runs to its closing quote; unterminated, it stops at the end of the line (where
/// the parser reports it) so that the next line is read normally. `rest` follows the opening
/// quote; the result is how much of it the string takes.
pub(super) fn string_extent(rest: &[u8]) -> usize {
    let mut i = 0;
    while i < rest.len() {
        match rest[i] {
            b'"' => return i + 1,
            b'\\' if i + 1 < rest.len() && !matches!(rest[i + 1], b'\n' | b'\r') => i += 2,
            b'\n' | b'\r' => break,
            _ => i += 1,
        }
    }
    i
}

/// A brace comment runs to the first `}`. If there is none — or if, before it, a line starts
/// that can only be the next game (`[Event "` or a tag after an empty line) — the comment is
/// unterminated and ends before that line, so the following games are still read. `rest`
/// follows the `{`; the result is how much of it the comment takes.
pub(crate) fn comment_extent(rest: &str) -> usize {
    let bytes = rest.as_bytes();
    // Nearly every comment closes on the line it opens (lichess writes one after every move):
    // its `}` is found at once, before the loop below that watches the lines.
    if let Some(i) = memchr::memchr3(b'}', b'\n', b'\r', bytes) {
        if bytes[i] == b'}' {
            return i + 1;
        }
    }
    let mut i = 0;
    // End of the last byte that is not whitespace: where an unterminated comment stops.
    let mut content_end = 0;
    let mut line_blank = false;
    while i < bytes.len() {
        match bytes[i] {
            b'}' => return i + 1,
            b'\n' | b'\r' => {
                if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
                i += 1;
                let prev_line_blank = line_blank;
                line_blank = true;
                let line = &bytes[i..];
                if line.starts_with(b"[Event ") || (prev_line_blank && looks_like_tag(line)) {
                    return content_end;
                }
                continue;
            }
            b' ' | b'\t' => {}
            _ => {
                line_blank = false;
                content_end = i + 1;
            }
        }
        i += 1;
    }
    bytes.len()
}

/// `[Name "` at the start of a line.
fn looks_like_tag(line: &[u8]) -> bool {
    let Some(rest) = line.strip_prefix(b"[") else { return false };
    let name_len = rest.iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'_').count();
    if name_len == 0 || !rest[0].is_ascii_alphabetic() {
        return false;
    }
    let rest = &rest[name_len..];
    let ws = rest.iter().take_while(|c| **c == b' ' || **c == b'\t').count();
    ws > 0 && rest.get(ws) == Some(&b'"')
}

/// Lexes `text` into tokens covering it exactly.
pub fn lex(text: &str) -> Vec<Token<SyntaxKind>> {
    lex_into(text, Vec::new())
}

/// [`lex`] into `tokens` (cleared first), so that a caller lexing piece after piece reuses one
/// buffer.
pub fn lex_into(text: &str, tokens: Vec<Token<SyntaxKind>>) -> Vec<Token<SyntaxKind>> {
    lex_from(text, 0, tokens)
}

/// [`lex_into`] of `text` from `from` on, a token boundary (where a token of the whole text's
/// lexing starts): the same tokens as the whole text's from there, with the same offsets. The
/// parse resumes here after the games [`super::plain`] read.
pub fn lex_from(text: &str, from: usize, mut tokens: Vec<Token<SyntaxKind>>) -> Vec<Token<SyntaxKind>> {
    use SyntaxKind::*;
    let bytes = text.as_bytes();
    tokens.clear();
    // About one token in three bytes of real files.
    tokens.reserve((text.len() - from.min(text.len())) / 3);
    let mut i = from;
    while i < bytes.len() {
        let start = i;
        let kind = match bytes[i] {
            b' ' | b'\t' | 0x0B | 0x0C | b'\n' | b'\r' => {
                let (kind, end) = blank_at(bytes, i);
                i = end;
                kind
            }
            b'[' => {
                i += 1;
                L_BRACKET
            }
            b']' => {
                i += 1;
                R_BRACKET
            }
            b'(' => {
                i += 1;
                L_PAREN
            }
            b')' => {
                i += 1;
                R_PAREN
            }
            b'"' => {
                i += 1 + string_extent(&bytes[i + 1..]);
                STRING
            }
            b'{' => {
                i += 1 + comment_extent(&text[i + 1..]);
                COMMENT
            }
            b';' => {
                i += 1 + rest_of_line(&text[i + 1..]);
                LINE_COMMENT
            }
            // `%` is an escape only in column 1 (PGN 6); anywhere else it is an error.
            b'%' if i == 0 || matches!(bytes[i - 1], b'\n' | b'\r') => {
                i += 1 + rest_of_line(&text[i + 1..]);
                ESCAPE
            }
            // PGN 7: a symbol starts with a letter or digit and continues with letters, digits
            // and `_+#=:-`; `/` is added for `1/2-1/2`.
            c if c.is_ascii_alphanumeric() => {
                i = symbol_end(bytes, i);
                classify_symbol(&text[start..i])
            }
            b'-' if bytes.get(i + 1) == Some(&b'-') => {
                i += 2;
                SAN
            }
            b'$' => {
                i = run(bytes, i + 1, |c| c.is_ascii_digit());
                NAG
            }
            b'!' | b'?' => {
                i = run(bytes, i + 1, |c| matches!(c, b'!' | b'?'));
                SUFFIX
            }
            b'.' => {
                i = run(bytes, i + 1, |c| c == b'.');
                DOTS
            }
            b'*' => {
                i += 1;
                RESULT_TOKEN
            }
            // One error token per run of bytes no token starts with (a `%` after them is not
            // in column 1); every token starts with an ASCII byte, so the run ends at a
            // character boundary.
            _ => {
                i += 1;
                while i < bytes.len() && !starts_token(bytes, i) {
                    i += 1;
                }
                ERROR_TOKEN
            }
        };
        let range = TextRange::new(TextSize::from(start as u32), TextSize::from(i as u32));
        tokens.push(Token { kind, range });
    }
    tokens
}

/// The blank token (a run of spaces and tabs, or one line break) that starts at `i`, where
/// `bytes[i]` is a space, a tab, a vertical tab, a form feed or a line-break byte: its kind and
/// end.
#[inline(always)]
pub(super) fn blank_at(bytes: &[u8], i: usize) -> (SyntaxKind, usize) {
    match bytes[i] {
        b'\n' => (SyntaxKind::NEWLINE, i + 1),
        b'\r' => (SyntaxKind::NEWLINE, i + if bytes.get(i + 1) == Some(&b'\n') { 2 } else { 1 }),
        _ => (SyntaxKind::WHITESPACE, run(bytes, i + 1, is_space_byte)),
    }
}

/// A byte of a blank that is not a line break (a `WHITESPACE` token's).
#[inline(always)]
pub(super) fn is_space_byte(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | 0x0B | 0x0C)
}

/// A byte that starts a blank or a line break ([`blank_at`]).
#[inline(always)]
pub(super) fn is_blank_byte(c: u8) -> bool {
    is_space_byte(c) || matches!(c, b'\n' | b'\r')
}

/// Whether only spaces and tabs come between the start of the line and byte `at`: where a `[`
/// starts the next game (PGN 8.2).
pub(super) fn starts_line(bytes: &[u8], at: usize) -> bool {
    bytes[..at].iter().rev().find(|&&c| c != b' ' && c != b'\t').is_none_or(|&c| c == b'\n' || c == b'\r')
}

/// Whether the lexer makes a token of `kind` that the checks' event list leaves out: blanks and
/// line breaks, which are the gaps between its events ([`blanks`] gives them back).
pub fn is_blank(kind: SyntaxKind) -> bool {
    matches!(kind, SyntaxKind::WHITESPACE | SyntaxKind::NEWLINE)
}

/// The tokens of `range` of `text`, a gap between two tokens that are not blanks ([`is_blank`]):
/// the blanks and line breaks [`lex`] made of it (a gap holds nothing else, and a token never
/// straddles its ends).
pub fn blanks(text: &str, range: TextRange) -> impl Iterator<Item = Token<SyntaxKind>> + '_ {
    let bytes = &text.as_bytes()[..usize::from(range.end())];
    let mut i = usize::from(range.start());
    std::iter::from_fn(move || {
        if i >= bytes.len() {
            return None;
        }
        let start = i;
        let (kind, end) = blank_at(bytes, i);
        i = end;
        Some(Token { kind, range: TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32)) })
    })
}

/// The end of the run of bytes from `from` on that `belongs` accepts.
#[inline(always)]
pub(super) fn run(bytes: &[u8], from: usize, belongs: impl Fn(u8) -> bool) -> usize {
    from + bytes[from..].iter().position(|&c| !belongs(c)).unwrap_or(bytes.len() - from)
}

/// The end of the symbol that starts at `start`, a letter or a digit: PGN 7's symbol, and a drop
/// (`N@d2`: a piece letter, `@`, the rest of the symbol), as lichess, FICS and python-chess write
/// the moves of crazyhouse and bughouse. PGN predates drops and says nothing against them; read
/// as one symbol, a drop is a move of its variant instead of a piece letter, an error and a
/// square.
#[inline(always)]
pub(super) fn symbol_end(bytes: &[u8], start: usize) -> usize {
    let end = run(bytes, start + 1, is_symbol_continue);
    if end == start + 1
        && bytes.get(end) == Some(&b'@')
        && matches!(bytes[start], b'P' | b'N' | b'B' | b'R' | b'Q' | b'K')
    {
        run(bytes, end + 1, is_symbol_continue)
    } else {
        end
    }
}

pub(super) fn is_symbol_continue(c: u8) -> bool {
    SYMBOL_CONTINUE[usize::from(c)]
}

/// [`is_symbol_continue`] as a table: one load per byte of every move and word, where the
/// comparisons were a tenth of the lexer's time.
static SYMBOL_CONTINUE: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        table[c] = b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'/' | b'-');
        c += 1;
    }
    table
};

/// Whether a token other than an error starts at byte `i`, which follows an error byte (so a
/// `%` there is not in column 1).
fn starts_token(bytes: &[u8], i: usize) -> bool {
    match bytes[i] {
        b' ' | b'\t' | 0x0B | 0x0C | b'\n' | b'\r' | b'[' | b']' | b'(' | b')' | b'"' | b'{' | b';' => true,
        b'$' | b'!' | b'?' | b'.' | b'*' => true,
        b'-' => bytes.get(i + 1) == Some(&b'-'),
        c => c.is_ascii_alphanumeric(),
    }
}

pub(super) fn classify_symbol(text: &str) -> SyntaxKind {
    if text.bytes().all(|c| c.is_ascii_digit()) {
        SyntaxKind::NUMBER
    } else if matches!(text, "1-0" | "0-1" | "1/2-1/2") {
        SyntaxKind::RESULT_TOKEN
    } else if san::is_move(text) {
        SyntaxKind::SAN
    } else {
        SyntaxKind::SYMBOL
    }
}

/// Whether a complete string token has its closing quote.
pub fn string_is_terminated(token: &str) -> bool {
    let b = token.as_bytes();
    if b.len() < 2 || b[b.len() - 1] != b'"' {
        return false;
    }
    // The closing quote must not be escaped: count the backslashes before it.
    let backslashes = b[1..b.len() - 1].iter().rev().take_while(|&&c| c == b'\\').count();
    backslashes % 2 == 0
}

pub fn comment_is_terminated(token: &str) -> bool {
    token.len() >= 2 && token.ends_with('}')
}

#[cfg(test)]
mod tests {
    use super::*;
    use SyntaxKind::*;

    fn kinds(text: &str) -> Vec<(SyntaxKind, &str)> {
        lex(text).into_iter().map(|t| (t.kind, &text[t.range])).collect()
    }

    /// The token grammar, declared with logos: the oracle the scanner is tested against.
    mod declared {
        use super::super::{classify_symbol, comment_extent, rest_of_line, string_extent};
        use crate::parsing::Token;
        use crate::pgn::syntax_kind::SyntaxKind;
        use crate::text::{TextRange, TextSize};
        use logos::Logos;

        #[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
        enum Raw {
            #[regex(r"[ \t\x0B\x0C]+")]
            Whitespace,
            #[regex(r"\r\n|\r|\n")]
            Newline,
            #[token("[")]
            LBracket,
            #[token("]")]
            RBracket,
            #[token("(")]
            LParen,
            #[token(")")]
            RParen,
            #[token("\"", string_rest)]
            String,
            #[token("{", comment_rest)]
            Comment,
            #[regex(r";[^\r\n]*", allow_greedy = true)]
            LineComment,
            #[token("%", escape_rest)]
            Escape,
            /// PGN 7: a symbol starts with a letter or digit and continues with letters, digits and
            /// `_+#=:-`; `/` is added for `1/2-1/2`.
            #[regex(r"[A-Za-z0-9][A-Za-z0-9_+#=:/\-]*")]
            Symbol,
            /// A drop (`N@d2`): a piece letter, `@`, and the rest of a symbol.
            #[regex(r"[PNBRQK]@[A-Za-z0-9_+#=:/\-]*")]
            Drop,
            #[token("--")]
            NullMove,
            #[regex(r"\$[0-9]*")]
            Nag,
            #[regex(r"[!?]+")]
            Suffix,
            #[regex(r"\.+")]
            Dots,
            #[token("*")]
            Star,
        }

        fn string_rest(lex: &mut logos::Lexer<Raw>) {
            let n = string_extent(lex.remainder().as_bytes());
            lex.bump(n);
        }

        fn escape_rest(lex: &mut logos::Lexer<Raw>) -> bool {
            let start = lex.span().start;
            let at_line_start = start == 0 || matches!(lex.source().as_bytes()[start - 1], b'\n' | b'\r');
            if at_line_start {
                let n = rest_of_line(lex.remainder());
                lex.bump(n);
            }
            at_line_start
        }

        fn comment_rest(lex: &mut logos::Lexer<Raw>) {
            let n = comment_extent(lex.remainder());
            lex.bump(n);
        }

        fn kind_of(raw: Raw, text: &str) -> SyntaxKind {
            match raw {
                Raw::Whitespace => SyntaxKind::WHITESPACE,
                Raw::Newline => SyntaxKind::NEWLINE,
                Raw::LBracket => SyntaxKind::L_BRACKET,
                Raw::RBracket => SyntaxKind::R_BRACKET,
                Raw::LParen => SyntaxKind::L_PAREN,
                Raw::RParen => SyntaxKind::R_PAREN,
                Raw::String => SyntaxKind::STRING,
                Raw::Comment => SyntaxKind::COMMENT,
                Raw::LineComment => SyntaxKind::LINE_COMMENT,
                Raw::Escape => SyntaxKind::ESCAPE,
                Raw::Symbol | Raw::Drop => classify_symbol(text),
                Raw::NullMove => SyntaxKind::SAN,
                Raw::Nag => SyntaxKind::NAG,
                Raw::Suffix => SyntaxKind::SUFFIX,
                Raw::Dots => SyntaxKind::DOTS,
                Raw::Star => SyntaxKind::RESULT_TOKEN,
            }
        }

        /// Lexes with logos; one error token per run of rejected bytes.
        pub fn lex(text: &str) -> Vec<Token<SyntaxKind>> {
            let mut tokens: Vec<Token<SyntaxKind>> = Vec::new();
            let mut lexer = Raw::lexer(text);
            while let Some(result) = lexer.next() {
                let span = lexer.span();
                let range = TextRange::new(TextSize::from(span.start as u32), TextSize::from(span.end as u32));
                let kind = match result {
                    Ok(raw) => kind_of(raw, &text[span]),
                    Err(()) => SyntaxKind::ERROR_TOKEN,
                };
                match tokens.last_mut() {
                    Some(last)
                        if kind == SyntaxKind::ERROR_TOKEN
                            && last.kind == kind
                            && last.range.end() == range.start() =>
                    {
                        last.range = last.range.cover(range);
                    }
                    _ => tokens.push(Token { kind, range }),
                }
            }
            tokens
        }
    }

    /// The scanner gives the tokens of the declared grammar: on the corpus, and on random text
    /// made of the bytes PGN gives a meaning to, line breaks, letters, digits and others.
    #[test]
    fn the_scanner_agrees_with_the_declared_grammar() {
        let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let corpus = here.join("../../shared/corpus/pgn");
        let mut texts: Vec<String> = Vec::new();
        match std::fs::read_dir(&corpus) {
            Ok(dirs) => {
                for dir in dirs.flatten() {
                    for file in std::fs::read_dir(dir.path()).into_iter().flatten().flatten() {
                        if let Ok(bytes) = std::fs::read(file.path()) {
                            texts.push(crate::text::decode(&bytes).text);
                        }
                    }
                }
            }
            Err(_) => eprintln!("corpus part skipped: no ../shared/corpus"),
        }
        let alphabet: Vec<&str> = vec![
            " ", "\t", "\u{b}", "\u{c}", "\n", "\r", "\r\n", "[", "]", "(", ")", "\"", "\\", "{", "}", ";", "%", "-",
            "--", "$", "$1", "!", "?", ".", "...", "*", "e4", "Nf3", "O-O", "1-0", "1/2-1/2", "0-1", "12", "x", "=",
            "+", "#", ":", "/", "_", "é", "\u{0}", "@", "N@", "P@", "~", "[Event ", "[Site \"", "\n\n", "<", ">", "&",
        ];
        let mut rng = crate::testing::Rng::new(0x9E37_79B9_7F4A_7C15);
        let mut next = move || rng.next_u64();
        for _ in 0..20_000 {
            let len = (next() % 40) as usize;
            texts.push((0..len).map(|_| alphabet[(next() % alphabet.len() as u64) as usize]).collect());
        }
        for text in &texts {
            assert_eq!(lex(text), declared::lex(text), "{:?}", &text[..text.len().min(200)]);
        }
    }

    #[test]
    fn tag_pair() {
        assert_eq!(
            kinds(r#"[Event "a \"b\" \\"]"#),
            vec![(L_BRACKET, "["), (SYMBOL, "Event"), (WHITESPACE, " "), (STRING, r#""a \"b\" \\""#), (R_BRACKET, "]")]
        );
    }

    #[test]
    fn movetext_tokens() {
        let got = kinds("1. e4 e5!? 2... Nf3 $14 {a\nb} ; c\n(0-0-0+) -- Z0 e8=Q 1/2-1/2 *");
        let k: Vec<_> = got.iter().filter(|(k, _)| !k.is_trivia()).map(|(k, t)| (*k, *t)).collect();
        assert_eq!(
            k,
            vec![
                (NUMBER, "1"),
                (DOTS, "."),
                (SAN, "e4"),
                (SAN, "e5"),
                (SUFFIX, "!?"),
                (NUMBER, "2"),
                (DOTS, "..."),
                (SAN, "Nf3"),
                (NAG, "$14"),
                (COMMENT, "{a\nb}"),
                (LINE_COMMENT, "; c"),
                (L_PAREN, "("),
                (SAN, "0-0-0+"),
                (R_PAREN, ")"),
                (SAN, "--"),
                (SAN, "Z0"),
                (SAN, "e8=Q"),
                (RESULT_TOKEN, "1/2-1/2"),
                (RESULT_TOKEN, "*"),
            ]
        );
    }

    #[test]
    fn escape_only_in_column_one() {
        assert_eq!(
            kinds("% x\ne4 % y"),
            vec![
                (ESCAPE, "% x"),
                (NEWLINE, "\n"),
                (SAN, "e4"),
                (WHITESPACE, " "),
                (ERROR_TOKEN, "%"),
                (WHITESPACE, " "),
                (SYMBOL, "y")
            ]
        );
    }

    #[test]
    fn unterminated_string_stops_at_line_end() {
        assert_eq!(kinds("\"ab\\\"\nx"), vec![(STRING, "\"ab\\\""), (NEWLINE, "\n"), (SYMBOL, "x")]);
        assert!(!string_is_terminated("\"ab\\\""));
        assert!(string_is_terminated("\"ab\\\\\""));
    }

    #[test]
    fn unterminated_comment_stops_before_next_game() {
        let text = "{ never closed\n\n[Event \"x\"]\n1. e4 {ok} *";
        let toks = kinds(text);
        assert_eq!(toks[0], (COMMENT, "{ never closed"));
        assert_eq!(toks[1], (NEWLINE, "\n"));
        assert!(toks.contains(&(COMMENT, "{ok}")));
        // A tag-like line without a blank line before it does not end a comment.
        assert_eq!(kinds("{a\n[%clk 1]\n}")[0].1, "{a\n[%clk 1]\n}");
    }

    #[test]
    fn tokens_cover_any_input() {
        let text = "\u{1}[é\"\\\n{(<>)}$ ?!!. @@";
        let toks = lex(text);
        let mut pos = 0;
        for t in &toks {
            assert_eq!(usize::from(t.range.start()), pos);
            pos = t.range.end().into();
        }
        assert_eq!(pos, text.len());
    }
}
