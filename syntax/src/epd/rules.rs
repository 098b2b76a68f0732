//! The EPD rule catalogue.

use crate::diagnostic::Rule;

pub static ALL: &[&Rule] = &[];
