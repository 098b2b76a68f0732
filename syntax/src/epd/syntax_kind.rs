//! Token and node kinds of the EPD/FEN syntax tree.
//!
//! A file is a sequence of lines; each line is one node ([`SyntaxKind::RECORD`],
//! [`SyntaxKind::COMMENT_LINE`] or [`SyntaxKind::BLANK_LINE`]) that ends with its terminator.
//! Inside a record the position fields are single tokens (re-kinded by the parser from `WORD`),
//! followed by `OPERATION` nodes.

#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u16)]
pub enum SyntaxKind {
    // Tokens produced by the lexer.
    /// Spaces and tabs.
    WHITESPACE,
    /// `\n`, `\r\n` or `\r`.
    NEWLINE,
    /// A run of characters other than whitespace, `;` and `"`.
    WORD,
    /// A quoted string operand, quotes included.
    STRING,
    /// A `"` whose string is not closed before the end of the line.
    UNTERMINATED_STRING,
    SEMICOLON,
    /// A whole line starting with `%` or `#` (not EPD, but found in real files).
    COMMENT,
    /// Characters the lexer rejects.
    ERROR,
    // Tokens re-kinded by the parser.
    PLACEMENT,
    SIDE_TO_MOVE,
    CASTLING,
    EN_PASSANT,
    HALFMOVE_CLOCK,
    FULLMOVE_NUMBER,
    /// A numeric field after the sixth (variant counters, junk).
    EXTRA_FIELD,
    OPCODE,
    /// A non-string operand (a move, a number, an unquoted word).
    OPERAND,
    // Nodes.
    ROOT,
    RECORD,
    OPERATION,
    COMMENT_LINE,
    BLANK_LINE,
    /// Tokens that fit nowhere in a record (recovery up to the end of the line).
    ERROR_NODE,
}

impl SyntaxKind {
    const LAST: SyntaxKind = SyntaxKind::ERROR_NODE;

    /// The kind with this raw value; out-of-range values (never produced by this crate) map to
    /// `ERROR` rather than panicking.
    pub fn from_raw(raw: u16) -> SyntaxKind {
        use SyntaxKind::*;
        const ALL: [SyntaxKind; SyntaxKind::LAST as usize + 1] = [
            WHITESPACE,
            NEWLINE,
            WORD,
            STRING,
            UNTERMINATED_STRING,
            SEMICOLON,
            COMMENT,
            ERROR,
            PLACEMENT,
            SIDE_TO_MOVE,
            CASTLING,
            EN_PASSANT,
            HALFMOVE_CLOCK,
            FULLMOVE_NUMBER,
            EXTRA_FIELD,
            OPCODE,
            OPERAND,
            ROOT,
            RECORD,
            OPERATION,
            COMMENT_LINE,
            BLANK_LINE,
            ERROR_NODE,
        ];
        ALL.get(raw as usize).copied().unwrap_or(ERROR)
    }
}

impl From<SyntaxKind> for rowan::SyntaxKind {
    fn from(kind: SyntaxKind) -> Self {
        rowan::SyntaxKind(kind as u16)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EPDLanguage {}

impl rowan::Language for EPDLanguage {
    type Kind = SyntaxKind;
    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        SyntaxKind::from_raw(raw.0)
    }
    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        kind.into()
    }
}

pub type SyntaxNode = rowan::SyntaxNode<EPDLanguage>;
pub type SyntaxToken = rowan::SyntaxToken<EPDLanguage>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_kinds_round_trip() {
        for raw in 0..=SyntaxKind::LAST as u16 {
            assert_eq!(SyntaxKind::from_raw(raw) as u16, raw);
        }
        assert_eq!(SyntaxKind::from_raw(999), SyntaxKind::ERROR);
    }
}
