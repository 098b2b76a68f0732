//! The PGC rule, registered: data that cannot be decoded (PGC001, declared in `codec`, which
//! finds it). The checks of the games themselves are PGN's, run on the games decoded to PGN (the
//! binary's `check FILE.pgc`).

use crate::diagnostic::Rule;

/// Every PGC rule.
pub fn all() -> impl Iterator<Item = &'static Rule> {
    super::codec::RULES.iter().copied()
}
