//! Token and node kinds of the PGN syntax tree.

// Every kind of token and node in a PGN tree. Tokens first, then nodes; the enum is dense so
// that a raw rowan kind converts back by indexing [`SyntaxKind::ALL`].
crate::parsing::syntax_kinds! {
    language: PGNLanguage, fallback: ERROR;
    // --- tokens ---
    /// Spaces, tabs, vertical tabs and form feeds.
    WHITESPACE,
    /// `\n`, `\r\n` or `\r`.
    NEWLINE,
    /// A `%` escape line (column 1 only), without its line terminator.
    ESCAPE,
    /// A `{…}` comment, possibly spanning lines; unterminated ones end at a recovery point.
    COMMENT,
    /// A `;` comment up to the end of the line.
    LINE_COMMENT,
    L_BRACKET,
    R_BRACKET,
    L_PAREN,
    R_PAREN,
    /// A quoted string with `\"` and `\\` escapes; an unterminated one ends at the line end.
    STRING,
    /// A tag name (a symbol in the tag section, re-kinded by the parser).
    TAG_NAME,
    /// Digits: the number of a move number indication.
    NUMBER,
    /// One or more periods.
    DOTS,
    /// A move: SAN or a readable variant of it (long algebraic, `0-0`, `--`, `Z0`, …).
    SAN,
    /// `$` followed by digits.
    NAG,
    /// `!`, `?`, `!!`, `??`, `!?`, `?!` (or another run of `!` and `?`).
    SUFFIX,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    RESULT_TOKEN,
    /// A symbol that is neither a move, a number nor a result.
    SYMBOL,
    /// Anything the lexer does not accept.
    ERROR_TOKEN,
    // --- nodes ---
    ROOT,
    /// One game: optional leading comments, the tag section, the movetext.
    GAME,
    TAG_SECTION,
    /// `[Name "value"]`.
    TAG,
    MOVETEXT,
    /// A number and its dots (`12.`, `12...`), or stray dots.
    MOVE_NUMBER,
    /// A SAN token and the suffix annotation glued to it.
    MOVE,
    /// `( … )`, nested.
    VARIATION,
    /// Tokens skipped by error recovery.
    ERROR,
}

impl SyntaxKind {
    /// Whitespace, line ends and escape lines: tokens with no meaning to the grammar.
    pub fn is_trivia(self) -> bool {
        matches!(self, SyntaxKind::WHITESPACE | SyntaxKind::NEWLINE | SyntaxKind::ESCAPE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_is_dense_and_in_order() {
        for (i, k) in SyntaxKind::ALL.iter().enumerate() {
            assert_eq!(*k as usize, i, "{k:?}");
        }
        assert_eq!(*SyntaxKind::ALL.last().unwrap(), SyntaxKind::ERROR);
    }
}
