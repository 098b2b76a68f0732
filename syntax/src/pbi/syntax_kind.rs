//! Token and node kinds of the PBI syntax tree.
//!
//! Every line is one node ending with its terminator: the marker line, comment lines, data
//! lines and blank lines. A data line holds one node per `:`-separated field (the `:` tokens sit
//! between them in the line node); sub-field separators `|` and `;` and `\xNN` escapes are
//! tokens inside the fields.

#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u16)]
pub enum SyntaxKind {
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
    const ALL: [SyntaxKind; 25] = {
        use SyntaxKind::*;
        [
            BOM,
            NEWLINE,
            HASH_LINE,
            TEXT,
            COLON,
            PIPE,
            SEMICOLON,
            ESCAPE,
            BACKSLASH,
            ERROR,
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
            EXTRA_FIELDS,
        ]
    };

    /// The nine fields of a data line, in order.
    pub const FIELDS: [SyntaxKind; 9] = {
        use SyntaxKind::*;
        [NAMES, POSITION, STIPULATION, USED_SOURCE, REFERENCED_SOURCES, AWARDS, KEYMOVE, STATUS, COMMENT]
    };

    /// The kind with this raw value; out-of-range values (never produced by this crate) map to
    /// `ERROR` rather than panicking.
    pub fn from_raw(raw: u16) -> SyntaxKind {
        SyntaxKind::ALL.get(raw as usize).copied().unwrap_or(SyntaxKind::ERROR)
    }

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

impl From<SyntaxKind> for rowan::SyntaxKind {
    fn from(kind: SyntaxKind) -> Self {
        rowan::SyntaxKind(kind as u16)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PBILanguage {}

impl rowan::Language for PBILanguage {
    type Kind = SyntaxKind;
    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        SyntaxKind::from_raw(raw.0)
    }
    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        kind.into()
    }
}

pub type SyntaxNode = rowan::SyntaxNode<PBILanguage>;

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
