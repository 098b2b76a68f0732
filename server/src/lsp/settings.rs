//! The server's settings: the same `kibitzer.toml` as the CLI (found from each document's
//! folder upwards, or the workspace root), with the client's settings on top — sent as
//! `initializationOptions` and again with `workspace/didChangeConfiguration`:
//!
//! ```json
//! { "mode": "export", "rules": { "PGN203": "off", "line-too-long": "hint" },
//!   "maxDiagnostics": 1000, "debounceMs": 0, "hoverPictures": true,
//!   "inlayHints": { "hcp": true, "tricks": true, "plyCount": false, "clockTime": true },
//!   "walk": { "follow": false, "noIgnore": false, "hidden": false }, "acrossFiles": true }
//! ```
//!
//! (`debounceMs`: how long diagnostics wait while edits keep coming, none by default: a check
//! starts at once, and edits made while it runs are checked together after it; `hoverPictures`:
//! hover draws positions, deals and tricks as SVG images (`true`) or as text diagrams (`false`); unset, the
//! server decides by the client's name ([`pictures_by_default`]); `inlayHints`: which hints
//! to show, PBN points and tricks, PGN ply numbers (off by default: one label per move) and time
//! spent per move from `[%clk]` comments; `walk`: how the workspace folders are walked for
//! workspace diagnostics and symbols, as the CLI's `--follow`, `--no-ignore` and `--hidden`;
//! `acrossFiles`: duplicate games and spellings of names found across the workspace's files of
//! the same format, not only within each document, as `check --across-files` (on by default).)
//!
//! The object may also be wrapped as `{ "kibitzer": { … } }`, as VS Code sends a section.

use crate::inputs::Settings as ConfigFiles;
use crate::walk::WalkOptions;
use kibitzer_syntax::ide::InlayOptions;
use kibitzer_syntax::text::encoding_of;
use kibitzer_syntax::{CheckOptions, Mode, Severity};
use serde_json::Value;
use std::path::Path;
use std::time::Duration;

#[derive(Debug, Clone, PartialEq)]
pub struct ClientSettings {
    pub mode: Option<Mode>,
    /// Rule code or name → severity, `None` for "off".
    pub rules: Vec<(String, Option<Severity>)>,
    pub max_diagnostics: usize,
    pub debounce: Duration,
    pub inlay: InlayOptions,
    /// Hover pictures asked for (`Some`) or left to the client's name (`None`).
    pub hover_pictures: Option<bool>,
    /// How the workspace folders are walked: the CLI's walk, with the same defaults.
    pub walk: WalkOptions,
    /// Duplicate games and spellings of names across the workspace's files
    /// ([`super::workspace_games`]).
    pub across_files: bool,
}

/// Whether a client of this name (`clientInfo.name`) shows the images of a Markdown hover:
/// VS Code and its builds do; for the others the text diagrams stay the default.
pub fn pictures_by_default(client_name: Option<&str>) -> bool {
    client_name.is_some_and(|n| ["Visual Studio Code", "code-server", "VSCodium"].iter().any(|c| n.contains(c)))
}

impl Default for ClientSettings {
    fn default() -> Self {
        ClientSettings {
            mode: None,
            rules: Vec::new(),
            max_diagnostics: 1000,
            // Short: a keystroke after a pause is checked at once anyway, and while typing
            // (keystrokes 50 ms or more apart) every keystroke is checked all the same, so a
            // longer wait only delays the diagnostics of the last one. 5 ms gathers the changes
            // an editor sends together (a multi-cursor edit, an undo of several).
            // A check runs at once; edits that come while it runs are checked together after
            // it (`publish::schedule_diagnostics`): no timer is needed to spare the processor.
            debounce: Duration::ZERO,
            inlay: InlayOptions::default(),
            hover_pictures: None,
            walk: WalkOptions::default(),
            across_files: true,
        }
    }
}

impl ClientSettings {
    /// Reads what a client sent; unknown keys and ill-typed values are ignored, each with a
    /// warning in the returned list (the server logs them to the client).
    pub fn from_json(value: &Value) -> (ClientSettings, Vec<String>) {
        let mut settings = ClientSettings::default();
        let mut warnings = Vec::new();
        let value = value.get("kibitzer").unwrap_or(value);
        let Some(object) = value.as_object() else {
            return (settings, warnings);
        };
        for (key, v) in object {
            match key.as_str() {
                "mode" => match v.as_str().and_then(Mode::parse) {
                    Some(m) => settings.mode = Some(m),
                    None if v.is_null() => {}
                    None => warnings.push(format!("mode = {v}: expected \"import\" or \"export\"")),
                },
                "rules" => {
                    for (rule, sev) in v.as_object().into_iter().flatten() {
                        match sev.as_str() {
                            Some("off") => settings.rules.push((rule.clone(), None)),
                            Some(s) if Severity::parse(s).is_some() => {
                                settings.rules.push((rule.clone(), Severity::parse(s)))
                            }
                            _ => warnings.push(format!(
                                "rules.{rule} = {sev}: expected error, warning, information, hint or off"
                            )),
                        }
                    }
                }
                "maxDiagnostics" => match v.as_u64() {
                    Some(n) => settings.max_diagnostics = n as usize,
                    None => warnings.push(format!("maxDiagnostics = {v}: expected a number")),
                },
                "debounceMs" => match v.as_u64() {
                    Some(n) => settings.debounce = Duration::from_millis(n.min(10_000)),
                    None => warnings.push(format!("debounceMs = {v}: expected a number")),
                },
                "inlayHints" => {
                    for (name, on) in v.as_object().into_iter().flatten() {
                        let slot = match name.as_str() {
                            "hcp" => &mut settings.inlay.hcp,
                            "tricks" => &mut settings.inlay.tricks,
                            "plyCount" => &mut settings.inlay.ply,
                            "clockTime" => &mut settings.inlay.clock,
                            other => {
                                warnings.push(format!("unknown setting `inlayHints.{other}`"));
                                continue;
                            }
                        };
                        match on.as_bool() {
                            Some(b) => *slot = b,
                            None => warnings.push(format!("inlayHints.{name} = {on}: expected true or false")),
                        }
                    }
                }
                "walk" => {
                    for (name, on) in v.as_object().into_iter().flatten() {
                        let slot = match name.as_str() {
                            "follow" => &mut settings.walk.follow,
                            "noIgnore" => &mut settings.walk.no_ignore,
                            "hidden" => &mut settings.walk.hidden,
                            other => {
                                warnings.push(format!("unknown setting `walk.{other}`"));
                                continue;
                            }
                        };
                        match on.as_bool() {
                            Some(b) => *slot = b,
                            None => warnings.push(format!("walk.{name} = {on}: expected true or false")),
                        }
                    }
                }
                "acrossFiles" => match v.as_bool() {
                    Some(b) => settings.across_files = b,
                    None => warnings.push(format!("acrossFiles = {v}: expected true or false")),
                },
                "hoverPictures" => match v.as_bool() {
                    Some(b) => settings.hover_pictures = Some(b),
                    None if v.is_null() => {}
                    None => warnings.push(format!("hoverPictures = {v}: expected true or false")),
                },
                other => warnings.push(format!("unknown setting `{other}`")),
            }
        }
        (settings, warnings)
    }

    /// The check options for a file at `path` (or, without a path, for the workspace `root`):
    /// its kibitzer.toml, then the client's mode and rules. A broken kibitzer.toml is reported
    /// and ignored, so that the file is still checked.
    pub fn options_for(&self, path: Option<&Path>, root: Option<&Path>) -> (CheckOptions, Option<String>) {
        let (mut options, error) = self.options_without_encoding(path, root);
        // Editors hand over decoded text; the file on disk tells how it is stored (PBI's BOM),
        // read without being decoded (a copy of a 10 MB file was a twentieth of its open).
        options.encoding = path.and_then(|p| std::fs::read(p).ok()).map(|bytes| encoding_of(&bytes));
        (options, error)
    }

    /// [`Self::options_for`] for a caller that reads the file itself and sets its encoding.
    pub fn options_without_encoding(&self, path: Option<&Path>, root: Option<&Path>) -> (CheckOptions, Option<String>) {
        let mut files = ConfigFiles::new(self.mode);
        let (mut options, error) = match files.options_for(path.or(root)) {
            Ok(o) => (o, None),
            Err(e) => (CheckOptions { mode: self.mode.unwrap_or_default(), ..CheckOptions::default() }, Some(e)),
        };
        for (rule, severity) in &self.rules {
            options.rules.set_codes(kibitzer_syntax::rules::codes_named(rule), *severity);
        }
        (options, error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn client_settings_are_read_plain_or_in_a_section_and_bad_values_are_named() {
        let (s, w) = ClientSettings::from_json(
            &json!({"kibitzer": {"mode": "export", "rules": {"PGN001": "off"}, "debounceMs": 20,
                "inlayHints": {"plyCount": true, "hcp": false}}}),
        );
        assert!(s.inlay.ply && !s.inlay.hcp && s.inlay.clock);
        assert_eq!(s.mode, Some(Mode::Export));
        assert_eq!(s.rules, [("PGN001".to_owned(), None)]);
        assert_eq!(s.debounce, Duration::from_millis(20));
        assert!(w.is_empty());
        let (s, _) = ClientSettings::from_json(&json!({"hoverPictures": false}));
        assert_eq!(s.hover_pictures, Some(false));
        assert_eq!(s.walk, WalkOptions::default());
        let (s, w) = ClientSettings::from_json(&json!({"walk": {"follow": true, "noIgnore": true, "depth": 2}}));
        assert_eq!(s.walk, WalkOptions { follow: true, no_ignore: true, hidden: false });
        assert_eq!(w, ["unknown setting `walk.depth`"]);
        assert!(pictures_by_default(Some("Visual Studio Code - Insiders")) && pictures_by_default(Some("code-server")));
        assert!(!pictures_by_default(Some("Neovim")) && !pictures_by_default(None));
        let (s, w) = ClientSettings::from_json(&json!({"mode": "strict", "colour": 1}));
        assert_eq!(s.mode, None);
        assert_eq!(w.len(), 2, "{w:?}");
    }

    #[test]
    fn the_client_mode_wins_over_kibitzer_toml() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("kibitzer.toml"), "mode = \"export\"\n").unwrap();
        let file = dir.path().join("a.pgn");
        let plain = ClientSettings::default();
        assert_eq!(plain.options_for(Some(&file), None).0.mode, Mode::Export);
        let import = ClientSettings { mode: Some(Mode::Import), ..ClientSettings::default() };
        assert_eq!(import.options_for(Some(&file), None).0.mode, Mode::Import);
        std::fs::write(dir.path().join("kibitzer.toml"), "mode = 3\n").unwrap();
        let (options, error) = plain.options_for(Some(&file), None);
        assert_eq!(options.mode, Mode::Import);
        assert!(error.is_some());
    }
}
