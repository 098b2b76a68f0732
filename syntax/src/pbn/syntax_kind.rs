//! Token and node kinds of the PBN syntax tree.

crate::parsing::syntax_kinds! {
    language: PBNLanguage, fallback: ERROR_NODE;
    // Trivia: kept in the tree, ignored by the grammar.
    WHITESPACE,
    NEWLINE,
    /// `{ … }`, may span lines.
    BRACE_COMMENT,
    /// `{ …` without a closing brace: ends before the next semi-empty line (a parse error).
    UNTERMINATED_COMMENT,
    /// `; …` to the end of the line.
    LINE_COMMENT,
    /// `%` in column 1, to the end of the line (`% PBN 2.1`, `% EXPORT`).
    ESCAPE_LINE,
    // Tag pairs.
    L_BRACK,
    R_BRACK,
    TAG_NAME,
    STRING,
    /// A string missing its closing quote on the same line (a parse error).
    UNTERMINATED_STRING,
    // Auction and play sections.
    CALL,
    CARD,
    /// `-`: a call or card that is not given.
    DASH,
    /// `+`: the next call or card, to be continued.
    PLUS,
    /// `*`: the section ends here.
    STAR,
    /// `=n=`.
    NOTE_REF,
    /// `$n`.
    NAG,
    /// `!`, `?`, `!!`, `??`, `!?`, `?!`.
    SUFFIX,
    /// `^I`, `^S`, `^R`, `^L`.
    IRREGULARITY,
    /// A call or card token that is neither a call nor a card (checked later).
    WORD,
    /// A section token of a supplemental section or table row.
    SECTION_WORD,
    /// Characters no token of the current mode accepts.
    ERROR,
    // Nodes.
    ROOT,
    /// One game: from its first token to the end of its last non-empty line.
    GAME,
    /// `[Name "value"]`.
    TAG,
    /// The data after a tag: auction calls, played cards, table rows or free section tokens.
    SECTION,
    /// Tokens that belong to no tag (text before the first tag of a game).
    ERROR_NODE,
}

impl SyntaxKind {
    pub fn is_trivia(self) -> bool {
        matches!(
            self,
            SyntaxKind::WHITESPACE
                | SyntaxKind::NEWLINE
                | SyntaxKind::BRACE_COMMENT
                | SyntaxKind::UNTERMINATED_COMMENT
                | SyntaxKind::LINE_COMMENT
                | SyntaxKind::ESCAPE_LINE
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rowan::Language;

    #[test]
    fn raw_kinds_round_trip() {
        for &kind in SyntaxKind::ALL {
            assert_eq!(PBNLanguage::kind_from_raw(kind.into()), kind);
        }
    }
}
