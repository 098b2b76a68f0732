//! The PBN rule catalogue. Codes: PBN0xx syntax and tokens, PBN1xx tags and tag values,
//! PBN2xx deal, PBN3xx auction, PBN4xx play and result, PBN5xx notes/NAGs/commentary,
//! PBN6xx scores, PBN7xx inheritance, PBN8xx export format, PBN9xx supplemental tables.

use crate::diagnostic::{Rule, RuleScope, Severity};

macro_rules! rule {
    ($id:ident, $code:literal, $name:literal, $sev:ident, $scope:ident, $section:literal, $summary:literal, $explanation:literal, $bad:literal, $good:literal) => {
        pub const $id: Rule = Rule {
            code: $code,
            name: $name,
            severity: Severity::$sev,
            scope: RuleScope::$scope,
            section: $section,
            summary: $summary,
            explanation: $explanation,
            bad: $bad,
            good: $good,
        };
    };
}

// ---- PBN0xx: syntax and tokens ----
rule!(
    UNTERMINATED_STRING,
    "PBN001",
    "unterminated-string",
    Error,
    Import,
    "PBN 3.2",
    "A string is not closed by `\"` on its line.",
    "Strings are tokens and cannot cross a line end; a quote inside a string is written `\\\"`.",
    "[Event \"Club]\n",
    "[Event \"Club\"]\n"
);
rule!(UNTERMINATED_COMMENT, "PBN002", "unterminated-comment", Error, Import, "PBN 3.8",
    "A brace comment `{` is never closed by `}`.",
    "A brace comment runs to the next `}`; without one, everything after it would be comment. kibitzer ends it at the next semi-empty line to keep reading.",
    "{ the lead\n[Board \"1\"]\n", "{ the lead }\n[Board \"1\"]\n");
rule!(INVALID_CHARACTER, "PBN003", "invalid-character", Error, Import, "PBN 3.2",
    "A character that no token accepts here.",
    "Outside strings and comments only the characters of PBN tokens may appear (section tokens are ASCII 33..126 except `[ ] { } ; \" %`).",
    "[Play \"W\"]\nSA @ SK\n", "[Play \"W\"]\nSA SK\n");
rule!(
    MALFORMED_TAG,
    "PBN004",
    "malformed-tag",
    Error,
    Import,
    "PBN 3.3",
    "A tag pair is not `[Name \"value\"]`.",
    "A tag pair is a left bracket, a name token, a string token and a right bracket.",
    "[Event Club]\n",
    "[Event \"Club\"]\n"
);
rule!(
    TEXT_OUTSIDE_TAG,
    "PBN005",
    "text-outside-tag",
    Error,
    Import,
    "PBN 3",
    "Text before the first tag pair of a game.",
    "A game is a sequence of tag pairs, each optionally followed by its section; other text must be a comment.",
    "hello\n[Event \"\"]\n",
    "{hello}\n[Event \"\"]\n"
);

pub static ALL: &[&Rule] =
    &[&UNTERMINATED_STRING, &UNTERMINATED_COMMENT, &INVALID_CHARACTER, &MALFORMED_TAG, &TEXT_OUTSIDE_TAG];
