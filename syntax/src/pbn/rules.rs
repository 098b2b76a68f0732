//! The PBN rules, registered. Each rule is declared with `declare_rules!` in the file that
//! checks it (the parser for syntax, a topic of `check/` for the rest); this list names each of
//! those files once, so adding a rule to a topic needs no line here and a new topic needs one.
//! Codes: PBN0xx syntax and lines, PBN1xx tags and tag values, PBN2xx deal, PBN3xx auction,
//! PBN4xx play and result, PBN5xx notes and annotations, PBN6xx scores, PBN7xx inheritance,
//! PBN8xx export format, PBN9xx supplemental tables. The double-dummy rules (DDS0xx) are
//! declared in [`super::double_dummy`] and not listed here: they are checked by the binary's
//! solver, and every rule listed here is raised by a fixture.

use super::check::{
    annotations, auction, deal, export, instant_score_table, layout, lines, notes, play, players, scores, tables,
    values,
};
use crate::diagnostic::Rule;

/// Every file that declares PBN rules, by its list.
static REGISTRY: &[&[&Rule]] = &[
    &[&crate::binary::PBN_NOT_TEXT],
    super::parser::RULES,
    lines::RULES,
    values::RULES,
    players::RULES,
    deal::RULES,
    auction::RULES,
    play::RULES,
    scores::RULES,
    notes::RULES,
    annotations::RULES,
    super::check::RULES,
    export::RULES,
    layout::RULES,
    tables::RULES,
    instant_score_table::RULES,
];

/// Every PBN rule, in the order the registry names them.
pub fn all() -> impl Iterator<Item = &'static Rule> {
    crate::diagnostic::registered(REGISTRY)
}
