//! The EPD rules (PGN standard section 16.2), registered: EPD0xx rules concern EPD operations
//! and the layout of EPD/FEN files, each declared with `declare_rules!` in the file that checks
//! it (the parser for the operations' syntax, `check` for the rest). The position itself (the
//! four or six FEN fields) is checked by the chess domain's FEN validator, with the FEN0xx rules
//! declared in [`crate::chess::fen`].

use crate::diagnostic::Rule;

/// Every file that declares EPD rules, by its list.
static REGISTRY: &[&[&Rule]] =
    &[&[&crate::binary::EPD_NOT_TEXT], super::parser::RULES, super::check::RULES, super::layout::RULES];

/// Every EPD rule, in the order the registry names them.
pub fn all() -> impl Iterator<Item = &'static Rule> {
    crate::diagnostic::registered(REGISTRY)
}
