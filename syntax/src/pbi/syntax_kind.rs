//! Token and node kinds of the PBI syntax tree.
//!
//! Every line is one node ending with its terminator: the marker line, comment lines, data
//! lines and blank lines. A data line holds one node per `:`-separated field (the `:` tokens sit
//! between them in the line node); sub-field separators `|` and `;` and `\xNN` escapes are
//! tokens inside the fields.

crate::parsing::syntax_kinds! {
    language: PBILanguage, fallback: ERROR;
    // Tokens.
    /// U+FEFF at the very start of the text.
    BOM,
    /// CR, LF, CRLF, U+0085 or U+2028.
    NEWLINE,
    /// The content of a line starting with `#` (marker or comment).
    HASH_LINE,
    /// A run of ordinary field characters.
    TEXT,
    COLON,
    PIPE,
    SEMICOLON,
    /// A well-formed `\xNN`.
    ESCAPE,
    /// A `\` that does not start a well-formed escape.
    BACKSLASH,
    ERROR,
    // Nodes.
    ROOT,
    MARKER_LINE,
    COMMENT_LINE,
    DATA_LINE,
    BLANK_LINE,
    NAMES,
    POSITION,
    STIPULATION,
    USED_SOURCE,
    REFERENCED_SOURCES,
    AWARDS,
    KEYMOVE,
    STATUS,
    COMMENT,
    /// Fields after the ninth.
    EXTRA_FIELDS,
}

impl SyntaxKind {
    /// The nine fields of a data line, in order.
    pub const FIELDS: [SyntaxKind; 9] = {
        use SyntaxKind::*;
        [NAMES, POSITION, STIPULATION, USED_SOURCE, REFERENCED_SOURCES, AWARDS, KEYMOVE, STATUS, COMMENT]
    };

    /// The field's name as the specification calls it.
    pub fn field_name(self) -> &'static str {
        use SyntaxKind::*;
        match self {
            NAMES => "names",
            POSITION => "position",
            STIPULATION => "stipulation",
            USED_SOURCE => "used source",
            REFERENCED_SOURCES => "referenced sources",
            AWARDS => "awards",
            KEYMOVE => "keymove",
            STATUS => "status",
            COMMENT => "comment",
            _ => "extra field",
        }
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
