//! Token and node kinds of the LIN syntax tree.
//!
//! A LIN text is a run of pairs `name|value|`. The root holds an optional `HEADER` (the pairs
//! before the first `qx` of a file that numbers its boards with `qx`, as BBO's vugraph files
//! do) and `BOARD` nodes; a board holds its `PAIR` nodes and the blanks and line ends between
//! them. A pair holds its `NAME`, the `BAR` after it, its `VALUE` (absent when empty) and the
//! closing `BAR` (absent when the line ends first).

crate::parsing::syntax_kinds! {
    language: LINLanguage, fallback: ERROR;
    // Tokens.
    /// U+FEFF at the very start of the text.
    BOM,
    /// CR, LF or CRLF.
    NEWLINE,
    /// Spaces and tabs between pairs.
    WHITESPACE,
    /// A pair's name: the text before its first `|`.
    NAME,
    BAR,
    /// A pair's value: the text between its two `|`.
    VALUE,
    /// Text between pairs that is not followed by a `|` on its line.
    ERROR,
    // Nodes.
    ROOT,
    HEADER,
    BOARD,
    PAIR,
}

impl SyntaxKind {
    pub fn is_trivia(self) -> bool {
        matches!(self, SyntaxKind::NEWLINE | SyntaxKind::WHITESPACE | SyntaxKind::BOM)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_kinds_round_trip() {
        for (i, kind) in SyntaxKind::ALL.iter().enumerate() {
            assert_eq!(*kind as usize, i);
            assert_eq!(SyntaxKind::from_raw(i as u16), *kind);
        }
        assert_eq!(SyntaxKind::from_raw(999), SyntaxKind::ERROR);
    }
}
