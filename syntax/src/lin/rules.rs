//! The LIN rules, registered: LIN000 a file that is not text, LIN001–LIN003 the grammar
//! (declared in the parser), LIN004 a board too large to read (declared in `stretches`), LIN100–LIN108 the values (declared in `read`). The bridge of a
//! board is checked by PBN's rules ([`super::check`]), which keep their own codes.

use crate::diagnostic::Rule;

/// Every file that declares LIN rules, by its list.
static REGISTRY: &[&[&Rule]] =
    &[&[&crate::binary::LIN_NOT_TEXT], super::parser::RULES, super::stretches::RULES, super::read::RULES];

/// Every LIN rule, in the order the registry names them.
pub fn all() -> impl Iterator<Item = &'static Rule> {
    crate::diagnostic::registered(REGISTRY)
}
