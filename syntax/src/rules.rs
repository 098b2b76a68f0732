//! The rule catalogue: every format's list of rules, assembled above the formats.
//!
//! Each rule is declared with `declare_rules!` in the file that checks it, and each format's
//! `rules.rs` registers those files; this catalogue is the only module that imports the
//! formats' registries, so the formats never import it back. Configuration resolves rule
//! names through it, `kibitzer rules` and docs/rules.md print it.

use crate::config::{parse_config_with, CheckOptions, ConfigError};
use crate::diagnostic::Rule;

/// Every rule of every format, in code order.
pub fn catalogue() -> Vec<&'static Rule> {
    let mut all: Vec<&'static Rule> = crate::pgn::rules::all()
        .chain(crate::chess::fen::RULES.iter().copied())
        .chain(crate::epd::rules::all())
        .chain(crate::pbn::rules::all())
        .chain(crate::pbn::double_dummy::RULES.iter().copied())
        .chain(crate::pbi::rules::all())
        .chain(crate::pgc::rules::all())
        .chain(crate::lin::rules::all())
        .collect();
    all.sort_by_key(|r| r.code);
    all
}

/// The rule with this code (case-insensitive), or `None`.
pub fn rule(code: &str) -> Option<&'static Rule> {
    catalogue().into_iter().find(|r| r.code.eq_ignore_ascii_case(code))
}

/// The codes a user's word stands for: a code (any case) names one rule, a name
/// (`line-too-long`) that rule in every format that has it; none when no rule has it.
pub fn codes_named(rule: &str) -> Vec<&'static str> {
    match self::rule(rule) {
        Some(r) => vec![r.code],
        None => catalogue().into_iter().filter(|r| r.name == rule).map(|r| r.code).collect(),
    }
}

/// Reads `kibitzer.toml` ([`crate::config::parse_config_with`]) with its rule keys checked
/// against the catalogue: the configuration is validated from above the formats.
pub fn parse_config(text: &str) -> Result<CheckOptions, ConfigError> {
    parse_config_with(text, codes_named)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Mode;
    use crate::diagnostic::Severity;

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

    #[test]
    fn config_errors_say_what_was_expected() {
        assert_eq!(parse_config("mode = \"export\"").unwrap().mode, Mode::Export);
        assert!(parse_config("mode = 3").unwrap_err().message.contains("\"import\" or \"export\""));
        assert!(parse_config("colour = 1").unwrap_err().message.contains("unknown setting `colour`"));
        assert!(parse_config("[rules]\nNOPE1 = \"off\"").unwrap_err().message.contains("no rule"));
        assert!(parse_config("mode = ").is_err());
    }

    #[test]
    fn a_rule_name_applies_in_every_format_and_a_code_to_one_rule() {
        let shared: Vec<_> = catalogue().into_iter().filter(|r| r.name == "line-too-long").collect();
        assert!(shared.len() >= 2, "PGN and PBN both limit line length");
        let opts = parse_config("[rules]\nline-too-long = \"off\"").unwrap();
        for r in &shared {
            assert_eq!(opts.rules.overrides().get(r.code), Some(&None), "{}", r.code);
        }
        let opts = parse_config(&format!("[rules]\n{} = \"hint\"", shared[0].code.to_lowercase())).unwrap();
        assert_eq!(opts.rules.overrides().len(), 1);
        assert_eq!(opts.rules.overrides().get(shared[0].code), Some(&Some(Severity::Hint)));
    }
}
