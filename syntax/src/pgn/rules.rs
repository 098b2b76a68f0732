//! The PGN rule catalogue.

use crate::diagnostic::Rule;

pub static ALL: &[&Rule] = &[];
