//! Token and node kinds of the PGN syntax tree.

/// Every kind of token and node in a PGN tree. Tokens first, then nodes; the enum is dense so
/// that a raw rowan kind converts back by indexing [`SyntaxKind::ALL`].
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u16)]
pub enum SyntaxKind {
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
    pub const ALL: [SyntaxKind; 28] = {
        use SyntaxKind::*;
        [
            WHITESPACE,
            NEWLINE,
            ESCAPE,
            COMMENT,
            LINE_COMMENT,
            L_BRACKET,
            R_BRACKET,
            L_PAREN,
            R_PAREN,
            STRING,
            TAG_NAME,
            NUMBER,
            DOTS,
            SAN,
            NAG,
            SUFFIX,
            RESULT_TOKEN,
            SYMBOL,
            ERROR_TOKEN,
            ROOT,
            GAME,
            TAG_SECTION,
            TAG,
            MOVETEXT,
            MOVE_NUMBER,
            MOVE,
            VARIATION,
            ERROR,
        ]
    };

    /// Whitespace, line ends and escape lines: tokens with no meaning to the grammar.
    pub fn is_trivia(self) -> bool {
        matches!(self, SyntaxKind::WHITESPACE | SyntaxKind::NEWLINE | SyntaxKind::ESCAPE)
    }
}

impl From<SyntaxKind> for rowan::SyntaxKind {
    fn from(kind: SyntaxKind) -> Self {
        rowan::SyntaxKind(kind as u16)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PGNLanguage {}

impl rowan::Language for PGNLanguage {
    type Kind = SyntaxKind;
    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        SyntaxKind::ALL.get(raw.0 as usize).copied().unwrap_or(SyntaxKind::ERROR)
    }
    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        kind.into()
    }
}

pub type SyntaxNode = rowan::SyntaxNode<PGNLanguage>;
pub type SyntaxToken = rowan::SyntaxToken<PGNLanguage>;
pub type SyntaxElement = rowan::SyntaxElement<PGNLanguage>;

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
