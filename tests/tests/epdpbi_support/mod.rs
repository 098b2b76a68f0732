//! Helpers shared by the EPD and PBI integration tests: where the corpus and fixtures are, and
//! how diagnostics are rendered for snapshots.

#![allow(dead_code)]

use kibitzer_syntax::text::{ColumnUnit, LineBreaks, LineIndex};
use kibitzer_syntax::Diagnostic;
use std::path::{Path, PathBuf};

#[allow(unused_imports)] // each suite uses a part
pub use kibitzer_tests::{corpus, fixtures};

/// Every file under `dir`, recursively, sorted; `SOURCES.md` files are skipped.
pub fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.file_name().is_some_and(|n| n != "SOURCES.md") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Diagnostics as `line:col code message` (1-based, columns in characters), one per line.
pub fn render(text: &str, breaks: LineBreaks, diagnostics: &[Diagnostic]) -> String {
    let index = LineIndex::with_breaks(text, breaks);
    let mut out = String::new();
    for d in diagnostics {
        let lc = index.line_col(text, d.range.start(), ColumnUnit::Char);
        let fix = match &d.fix {
            Some(f) => format!(" [fix: {}]", f.title),
            None => String::new(),
        };
        out.push_str(&format!(
            "{}:{} {} {}: {}{fix}\n",
            lc.line + 1,
            lc.col + 1,
            d.code,
            d.severity.as_str(),
            d.message
        ));
    }
    out
}

/// Strategies for the property tests: mutations of a seed text.
/// What every input must give: a lossless reprint, units that cover the text, and diagnostics
/// whose ranges lie on character boundaries inside it, however the file was decoded.
pub fn assert_sound(lang: kibitzer_syntax::Lang, text: &str) {
    use kibitzer_syntax::text::Encoding;
    use kibitzer_syntax::{check, reprint, units, CheckOptions};
    assert_eq!(reprint(lang, text), text);
    let covered: u32 = units(lang, text).iter().map(|u| u32::from(u.len())).sum();
    assert_eq!(covered as usize, text.len());
    for encoding in [None, Some(Encoding::Utf8), Some(Encoding::Latin1)] {
        let options = CheckOptions { encoding, ..CheckOptions::default() };
        for d in check(lang, text, &options) {
            assert!(usize::from(d.range.end()) <= text.len());
            assert!(text.is_char_boundary(d.range.start().into()) && text.is_char_boundary(d.range.end().into()));
        }
    }
}

pub mod mutate {
    use proptest::prelude::*;

    fn floor_boundary(s: &str, mut at: usize) -> usize {
        at = at.min(s.len());
        while !s.is_char_boundary(at) {
            at -= 1;
        }
        at
    }

    /// `seed` with up to 8 bytes at a random place replaced by up to 8 characters of `alphabet`
    /// (a regex character class).
    pub fn replace_span(seed: &'static str, alphabet: &'static str) -> impl Strategy<Value = String> {
        let insert = proptest::string::string_regex(&format!("{alphabet}{{0,8}}")).expect("a valid character class");
        (0..seed.len(), 0..8usize, insert).prop_map(move |(at, len, insert)| {
            let at = floor_boundary(seed, at);
            let end = floor_boundary(seed, at + len);
            format!("{}{}{}", &seed[..at], insert, &seed[end..])
        })
    }

    /// `seed` cut at a random character boundary.
    pub fn truncate(seed: &'static str) -> impl Strategy<Value = String> {
        (0..=seed.len()).prop_map(move |cut| seed[..floor_boundary(seed, cut)].to_owned())
    }
}
