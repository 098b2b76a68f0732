//! The PGN rules, registered. Each rule is declared with `declare_rules!` in the file that
//! checks it (the parser for syntax, a topic of `check/` for the rest); this list names each of
//! those files once, so adding a rule to a topic needs no line here and a new topic needs one.
//! Codes: PGN0xx syntax and lexical, PGN1xx tags, PGN2xx moves and movetext, PGN3xx
//! termination, PGN4xx the games of a file together (duplicates, spellings of names). Sections refer to the PGN
//! standard (../shared/specs). PGN111 (illegal-fen) is
//! retired: the FEN tag is checked by the FEN validator, whose FEN0xx rules
//! ([`crate::chess::fen`]) place each problem inside the tag value.

use super::check::{comments, duplicates, layout, lexical, moves, openings, players, tags};
use crate::diagnostic::Rule;

/// Every file that declares PGN rules, by its list.
static REGISTRY: &[&[&Rule]] = &[
    &[&crate::binary::PGN_NOT_TEXT],
    super::parser::RULES,
    super::stretches::RULES,
    lexical::RULES,
    layout::RULES,
    tags::RULES,
    moves::RULES,
    comments::RULES,
    openings::RULES,
    super::check::RULES,
    duplicates::RULES,
    players::RULES,
];

/// Every PGN rule, in the order the registry names them.
pub fn all() -> impl Iterator<Item = &'static Rule> {
    crate::diagnostic::registered(REGISTRY)
}
