//! LIN's boards found by a scan of its tokens, one at a time, without a tree (whether a text
//! numbers its boards with `qx` is the lexer's scan): where each board starts and ends (the parser's `HEADER` and
//! `BOARD` nodes, tested against it), and boards too large to read (LIN004). What reading a large
//! text a piece of whole boards at a time needs ([`super::check`], the formatter), so that memory
//! stays bounded whatever the text holds (a board of 20 MB on one line).

use super::lexer::Tokens;
use super::syntax_kind::SyntaxKind;
use crate::diagnostic::Diagnostic;
use crate::stretches::MAX_GAME_BYTES;
use crate::text::{TextRange, TextSize};

crate::diagnostic::declare_rules! {
    BOARD_TOO_LARGE = "LIN004" "board-too-large" Error Import "BBO LIN (kibitzer's limit; BBO sets none)"
        "A board larger than the 1 MiB of text kibitzer reads as one board"
        "A LIN board is a deal, an auction, a play and a few notes: hundreds of bytes, a vugraph board with its commentary a few kilobytes. Reading one takes tens of bytes of memory per byte of its text, so kibitzer reads no board longer than 1 MiB (a whole file on one line with no `qx` counts as one board): an accident or an attack. Such a board is reported once, at its start, and neither checked nor formatted: `fmt` leaves it as written."
        bad: "", good: "";
}

use super::lexer::is_qx;

/// Where the header (the pairs before the first `qx` of a numbered text) and the boards of
/// `text` are, in order: the ranges of the parser's `HEADER` and `BOARD` nodes
/// ([`super::parser::parse_numbered`] with the same `numbered`), found without a tree.
pub fn board_ranges(text: &str, numbered: bool) -> Vec<TextRange> {
    let mut out = Vec::new();
    scan(text, 0, numbered, |board| {
        out.push(board);
        true
    });
    out
}

/// The boards of `text` from `start` (a board's start, or blanks before one) to `each`, until it
/// says no.
fn scan(text: &str, start: usize, numbered: bool, mut each: impl FnMut(TextRange) -> bool) {
    let range = |from: usize, to: usize| TextRange::new(TextSize::from(from as u32), TextSize::from(to as u32));
    // The start of the board being read.
    let mut open: Option<usize> = None;
    for token in Tokens::starting_at(text, start) {
        let (from, to) = (usize::from(token.range.start()), usize::from(token.range.end()));
        if numbered {
            // A board from each `qx` to the next; before the first, the header.
            if token.kind == SyntaxKind::NAME && is_qx(text, token.range) {
                if let Some(board) = open {
                    if !each(range(board, from)) {
                        return;
                    }
                }
                open = Some(from);
            } else if open.is_none() && !token.kind.is_trivia() {
                open = Some(from);
            }
        } else {
            // A board a line, from its first token that is not blank to its line end; blank
            // lines between boards belong to none.
            match open {
                None if !token.kind.is_trivia() => open = Some(from),
                Some(board) if token.kind == SyntaxKind::NEWLINE => {
                    open = None;
                    if !each(range(board, to)) {
                        return;
                    }
                }
                _ => {}
            }
        }
    }
    if let Some(board) = open {
        each(range(board, text.len()));
    }
}

/// Whether `board` (a range of [`board_ranges`]) is too large to read.
pub(crate) fn is_too_large(board: TextRange) -> bool {
    usize::from(board.len()) > MAX_GAME_BYTES
}

/// The one diagnostic of a board too large to read, on its first character.
pub(crate) fn too_large(text: &str, board: TextRange) -> Diagnostic {
    let content = TextRange::at(board.start(), TextSize::from(text[board].trim_end().len() as u32));
    crate::stretches::too_large_diagnostic(&BOARD_TOO_LARGE, text, content, "board", "board")
}

/// The board of `text` at `start` (blanks before it included) when it is too large to read:
/// its range from `start` to its end, and its diagnostic. The scan stops at the board's end.
pub(crate) fn too_large_at(text: &str, start: usize, numbered: bool) -> Option<(TextRange, Diagnostic)> {
    let mut first = None;
    scan(text, start, numbered, |board| {
        first = Some(board);
        false
    });
    let board = first.filter(|&b| is_too_large(b))?;
    Some((TextRange::new(TextSize::from(start as u32), board.end()), too_large(text, board)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lin::parser::parse_numbered;

    /// The scan finds the parser's header and boards, numbered or not, whatever the text.
    #[test]
    fn the_scan_finds_the_boards_of_the_tree() {
        let texts = [
            "",
            "\n\n",
            "pn|a,b,c,d|md|3S|pg||\n\npn|e,f,g,h|md|1S|\n",
            "  md|3S|  \r\n\r\n\tmb|p|\rmb|1C|",
            "vg|Final|\npn|a,b|\nqx|o1|md|3S|pg||\nmb|p|pg||\nqx|c1|md|3S|\n",
            "\n  QX|o1|md|3S|\n\nqx|c1|\n  ",
            "junk\nmd|3S\nx|y|qx|o2|| qx|\n",
            "\u{feff}qx|o1|\n|p|\nqx|c2|",
        ];
        let mut generated = crate::testing::Rng::new(64);
        let pieces = ["qx|o1|", "md|3S|", "\n", "\r\n", "\r", " ", "|", "x", "mb|p", "pg||", "Qx|", "\t"];
        let random: Vec<String> = (0..300)
            .map(|_| (0..generated.below(20)).map(|_| pieces[generated.below(pieces.len())]).collect())
            .collect();
        for text in texts.iter().copied().chain(random.iter().map(String::as_str)) {
            for numbered in [false, true] {
                let parse = parse_numbered(text, numbered);
                let nodes: Vec<TextRange> = parse
                    .syntax()
                    .children()
                    .filter(|n| matches!(n.kind(), SyntaxKind::BOARD | SyntaxKind::HEADER))
                    .map(|n| n.text_range())
                    .collect();
                assert_eq!(board_ranges(text, numbered), nodes, "{text:?} numbered: {numbered}");
            }
            assert_eq!(crate::lin::lexer::is_numbered(text), parse_has_qx(text), "{text:?}");
        }
    }

    fn parse_has_qx(text: &str) -> bool {
        crate::lin::lexer::tokenize(text).iter().any(|t| t.kind == SyntaxKind::NAME && is_qx(text, t.range))
    }

    #[test]
    fn a_board_over_the_limit_is_too_large_and_found_from_its_start() {
        let big = format!("md|3S|{}\nmb|p|\n", "nt|x|".repeat(MAX_GAME_BYTES / 5 + 1));
        let text = format!("mb|1C|\n\n{big}");
        let start = text.find("md|").unwrap();
        let (range, d) = too_large_at(&text, start - 1, false).unwrap();
        assert_eq!(usize::from(range.start()), start - 1);
        assert_eq!(&text[usize::from(range.end())..], "mb|p|\n");
        assert_eq!((d.code, usize::from(d.range.start())), ("LIN004", start));
        assert!(too_large_at(&text, 0, false).is_none());
        assert!(too_large_at(&text, usize::from(range.end()), false).is_none());
    }
}
