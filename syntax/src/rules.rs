//! The rule catalogue: every format's list of rules, assembled above the formats.
//!
//! Each format declares its rules in its own `rules.rs` (with [`crate::diagnostic::Rule`] and the
//! `declare_rule!` macros) and lists them in an `ALL` slice; this registry is the only module
//! that imports those lists, so the formats never import it back. Configuration resolves rule
//! names through it, `kibitzer rules` and docs/rules.md print it.

use crate::diagnostic::Rule;

/// Every rule of every format, in code order.
pub fn catalogue() -> Vec<&'static Rule> {
    let mut all: Vec<&'static Rule> = crate::pgn::rules::ALL
        .iter()
        .chain(crate::chess::fen_rules::ALL)
        .chain(crate::epd::rules::ALL)
        .chain(crate::pbn::rules::ALL)
        .chain(crate::pbn::rules::DOUBLE_DUMMY)
        .chain(crate::pbi::rules::ALL)
        .chain(crate::pgc::rules::ALL)
        .copied()
        .collect();
    all.sort_by_key(|r| r.code);
    all
}

/// The rule with this code (case-insensitive), or `None`.
pub fn rule(code: &str) -> Option<&'static Rule> {
    catalogue().into_iter().find(|r| r.code.eq_ignore_ascii_case(code))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue_codes_are_unique_and_documented() {
        let all = catalogue();
        let mut codes: Vec<_> = all.iter().map(|r| r.code).collect();
        codes.dedup();
        assert_eq!(codes.len(), all.len(), "duplicate rule code");
        for r in all {
            assert!(!r.summary.is_empty() && !r.section.is_empty(), "{} lacks documentation", r.code);
            assert!(r.name.chars().all(|c| c.is_ascii_lowercase() || c == '-' || c.is_ascii_digit()), "{}", r.name);
        }
    }
}
