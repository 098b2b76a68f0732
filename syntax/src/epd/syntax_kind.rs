//! Token and node kinds of the EPD/FEN syntax tree.
//!
//! A file is a sequence of lines; each line is one node ([`SyntaxKind::RECORD`],
//! [`SyntaxKind::COMMENT_LINE`] or [`SyntaxKind::BLANK_LINE`]) that ends with its terminator.
//! Inside a record the position fields are single tokens (re-kinded by the parser from `WORD`),
//! followed by `OPERATION` nodes.

crate::parsing::syntax_kinds! {
    language: EPDLanguage, fallback: ERROR;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_kinds_round_trip() {
        for raw in 0..SyntaxKind::ALL.len() as u16 {
            assert_eq!(SyntaxKind::from_raw(raw) as u16, raw);
        }
        assert_eq!(SyntaxKind::from_raw(999), SyntaxKind::ERROR);
    }
}
