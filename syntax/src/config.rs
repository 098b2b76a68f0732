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
    /// Sets rules to a severity, or off with `None`, by their codes (`"PGN203"`). What a name a
    /// user wrote stands for (`line-too-long` is that rule in every format that has it) is the
    /// catalogue's to say: [`crate::rules::codes_named`].
    pub fn set_codes<'a>(&mut self, codes: impl IntoIterator<Item = &'a str>, severity: Option<Severity>) {
        for code in codes {
            self.overrides.insert(code.to_owned(), severity);
        }
    }

    /// The overrides, by rule code: `None` is off.
    pub fn overrides(&self) -> &HashMap<String, Option<Severity>> {
        &self.overrides
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
    /// The line of its file the text starts after (0 for a whole file; a chunk of a stream
    /// starts further down): a message that names another line of the file counts from it.
    pub first_line: u32,
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
///
/// `codes_named` resolves a key of `[rules]` (a code or a name) to the codes it stands for,
/// none when no rule has it; [`crate::rules::parse_config`] passes the catalogue's, so that this
/// layer, below the formats, knows no rule.
pub fn parse_config_with(
    text: &str,
    codes_named: impl Fn(&str) -> Vec<&'static str>,
) -> Result<CheckOptions, ConfigError> {
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
                    let codes = codes_named(rule);
                    if codes.is_empty() {
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
                    opts.rules.set_codes(codes, severity);
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
