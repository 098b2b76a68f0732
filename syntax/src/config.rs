//! Settings shared by the CLI and the language server: the mode and per-rule severities, as read
//! from `kibitzer.toml` (the server also takes them from the client). Parsing lives here, with no
//! I/O; finding the file is the caller's job.

use crate::diagnostic::{Diagnostic, Severity};
use std::collections::HashMap;

/// Import format (what people write, checked leniently) or export format (the strict form
/// programs must write: PGN 3.2, PBN 2.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    #[default]
    Import,
    Export,
}

impl Mode {
    pub fn parse(s: &str) -> Option<Mode> {
        match s {
            "import" => Some(Mode::Import),
            "export" => Some(Mode::Export),
            _ => None,
        }
    }
}

/// Severity overrides by rule code (upper case) or rule name; `None` turns the rule off.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleSettings {
    overrides: HashMap<String, Option<Severity>>,
}

impl RuleSettings {
    /// Sets a rule to a severity, or off with `None`. A code (`"PGN203"`) names one rule; a name
    /// (`"line-too-long"`) names that rule in every format that has it.
    pub fn set(&mut self, rule: &str, severity: Option<Severity>) {
        match crate::rules::rule(rule) {
            Some(r) => {
                self.overrides.insert(r.code.to_owned(), severity);
            }
            None => {
                for r in crate::rules::catalogue().into_iter().filter(|r| r.name == rule) {
                    self.overrides.insert(r.code.to_owned(), severity);
                }
            }
        }
    }

    /// Applies the overrides: drops diagnostics of rules turned off, changes severities.
    pub fn apply(&self, diagnostics: &mut Vec<Diagnostic>) {
        if self.overrides.is_empty() {
            return;
        }
        diagnostics.retain_mut(|d| match self.overrides.get(d.code) {
            Some(None) => false,
            Some(Some(sev)) => {
                d.severity = *sev;
                true
            }
            None => true,
        });
    }
}

/// Everything a check needs besides the text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CheckOptions {
    pub mode: Mode,
    pub rules: RuleSettings,
    /// How the file's bytes were decoded, when the caller knows (the CLI does; an editor may
    /// not). PBI requires UTF-8 with a byte-order mark, which [`crate::text::decode`] strips
    /// from the text; with `None` a PBI check sees a BOM only as a leading U+FEFF.
    pub encoding: Option<crate::text::Encoding>,
}

/// A problem in a configuration file, with the 1-based line where known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    pub message: String,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Reads a `kibitzer.toml`:
///
/// ```toml
/// mode = "export"          # or "import" (the default)
/// [rules]
/// PGN203 = "off"           # by code …
/// line-too-long = "hint"   # … or by name: "error" | "warning" | "information" | "hint" | "off"
/// ```
pub fn parse_config(text: &str) -> Result<CheckOptions, ConfigError> {
    let value: toml::Table = text.parse().map_err(|e: toml::de::Error| ConfigError { message: e.to_string() })?;
    let mut opts = CheckOptions::default();
    for (key, v) in &value {
        match (key.as_str(), v) {
            ("mode", toml::Value::String(s)) => {
                opts.mode = Mode::parse(s).ok_or_else(|| ConfigError {
                    message: format!("mode = {s:?}: expected \"import\" or \"export\""),
                })?;
            }
            ("mode", _) => return Err(ConfigError { message: "mode: expected \"import\" or \"export\"".into() }),
            ("rules", toml::Value::Table(rules)) => {
                for (rule, sev) in rules {
                    let toml::Value::String(s) = sev else {
                        return Err(ConfigError { message: format!("rules.{rule}: expected a string") });
                    };
                    if crate::rules::rule(rule).is_none() && !crate::rules::catalogue().iter().any(|r| r.name == rule) {
                        return Err(ConfigError { message: format!("rules.{rule}: no rule has this code or name") });
                    }
                    let severity = match s.as_str() {
                        "off" => None,
                        other => Some(Severity::parse(other).ok_or_else(|| ConfigError {
                            message: format!(
                                "rules.{rule} = {other:?}: expected \"error\", \"warning\", \"information\", \"hint\" or \"off\""
                            ),
                        })?),
                    };
                    opts.rules.set(rule, severity);
                }
            }
            ("rules", _) => return Err(ConfigError { message: "rules: expected a table `[rules]`".into() }),
            (other, _) => {
                return Err(ConfigError {
                    message: format!("unknown setting `{other}` (expected `mode` or `[rules]`)"),
                })
            }
        }
    }
    Ok(opts)
}

/// A diagnostic of a rule that the export format makes an error (a non-canonical spelling, a
/// line too long): an error in export mode, as the rule's catalogue entry has it otherwise.
pub fn export_severity(diagnostic: Diagnostic, mode: Mode) -> Diagnostic {
    match mode {
        Mode::Export => Diagnostic { severity: Severity::Error, ..diagnostic },
        Mode::Import => diagnostic,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let shared: Vec<_> = crate::rules::catalogue().into_iter().filter(|r| r.name == "line-too-long").collect();
        assert!(shared.len() >= 2, "PGN and PBN both limit line length");
        let opts = parse_config("[rules]\nline-too-long = \"off\"").unwrap();
        for r in &shared {
            assert_eq!(opts.rules.overrides.get(r.code), Some(&None), "{}", r.code);
        }
        let opts = parse_config(&format!("[rules]\n{} = \"hint\"", shared[0].code.to_lowercase())).unwrap();
        assert_eq!(opts.rules.overrides.len(), 1);
        assert_eq!(opts.rules.overrides.get(shared[0].code), Some(&Some(Severity::Hint)));
    }
}
