//! The PBI rules (PBI 1.1/1.2, ../shared/specs/pbi-1.2.txt), registered: PBI001-PBI009 file
//! structure, PBI010-PBI019 field contents, PBI020-PBI029 position sanity, each declared with
//! `declare_rules!` in `check`, the file that checks them.

use crate::diagnostic::Rule;

/// Every file that declares PBI rules, by its list.
static REGISTRY: &[&[&Rule]] = &[&[&crate::binary::PBI_NOT_TEXT], super::check::RULES, super::layout::RULES];

/// Every PBI rule, in the order the registry names them.
pub fn all() -> impl Iterator<Item = &'static Rule> {
    crate::diagnostic::registered(REGISTRY)
}
