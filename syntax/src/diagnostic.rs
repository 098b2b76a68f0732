//! Diagnostics and the rule catalogue.
//!
//! Every problem kibitzer reports comes from a [`Rule`]: a stable code (`PGN101`, `PBN410`, …), a
//! default severity, the spec section it enforces and documentation for `kibitzer rules`. A
//! format's rules live in one `rules.rs` of that format; [`crate::rules::catalogue`] lists them
//! all (that registry sits above the formats, so this module imports none of them). Checks
//! create diagnostics with [`Diagnostic::new`], naming the rule; configuration may then change
//! the severity or turn the rule off ([`crate::config::RuleSettings`]).

use crate::text::{TextRange, TextSize};
use serde::Serialize;

/// How serious a diagnostic is; the names are those of LSP and of `--format json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Hint,
    Information,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Information => "information",
            Severity::Hint => "hint",
        }
    }

    pub fn parse(s: &str) -> Option<Severity> {
        Some(match s {
            "error" => Severity::Error,
            "warning" | "warn" => Severity::Warning,
            "information" | "info" => Severity::Information,
            "hint" => Severity::Hint,
            _ => return None,
        })
    }
}

/// When a rule applies: import-format rules always, export-format rules only in export mode
/// (`--mode export`, or a PBN file with a `% EXPORT` line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleScope {
    Import,
    Export,
}

/// One entry of the catalogue. Declared as `pub const` items in a format's `rules.rs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rule {
    /// Stable code: `PGN…`, `FEN…`, `EPD…`, `PBN…`, `PBI…`. Never reused for another meaning.
    pub code: &'static str,
    /// Kebab-case name, e.g. `unterminated-string`.
    pub name: &'static str,
    pub severity: Severity,
    pub scope: RuleScope,
    /// The section of the standard the rule enforces, e.g. `PGN 8.1.1` or `PBN 3.4.10`.
    pub section: &'static str,
    /// One line for `kibitzer rules`.
    pub summary: &'static str,
    /// Why the rule exists and what to do, a paragraph.
    pub explanation: &'static str,
    /// A short input that breaks the rule, and the same input put right.
    pub bad: &'static str,
    pub good: &'static str,
}

/// Declares rules and the list of them, in the file that checks them:
///
/// ```ignore
/// declare_rules! {
///     LINE_TOO_LONG = "PBN010" "line-too-long" Error Import "PBN 2.3"
///         "A line longer than 255 characters."
///         "Why the rule exists and what to do, a paragraph."
///         bad: "…", good: "…";
/// }
/// ```
///
/// Each entry becomes a `pub const NAME: Rule`; the whole list becomes `pub static RULES`, which
/// the format's `rules.rs` registers with one line per file. This is the only way a rule is
/// declared, so a rule lives where it is checked and is listed without a second edit.
macro_rules! declare_rules {
    ($($(#[$attr:meta])* $name:ident = $code:literal $kebab:literal $sev:ident $scope:ident
        $section:literal $summary:literal $explanation:literal bad: $bad:expr, good: $good:expr;)*) => {
        $(
            $(#[$attr])*
            pub const $name: $crate::diagnostic::Rule = $crate::diagnostic::Rule {
                code: $code,
                name: $kebab,
                severity: $crate::diagnostic::Severity::$sev,
                scope: $crate::diagnostic::RuleScope::$scope,
                section: $section,
                summary: $summary,
                explanation: $explanation,
                bad: $bad,
                good: $good,
            };
        )*
        /// The rules declared in this file, in the order written.
        pub static RULES: &[&$crate::diagnostic::Rule] = &[$(&$name),*];
    };
}
pub(crate) use declare_rules;

/// Every rule of a format's registry (a list of the `RULES` of the files that declare them), in
/// the order the registry names them.
pub fn registered(registry: &'static [&'static [&'static Rule]]) -> impl Iterator<Item = &'static Rule> {
    registry.iter().flat_map(|rules| rules.iter().copied())
}

/// A text replacement, in byte offsets of the checked text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TextEdit {
    pub range: TextRange,
    pub replacement: String,
}

impl TextEdit {
    pub fn replace(range: TextRange, replacement: impl Into<String>) -> TextEdit {
        TextEdit { range, replacement: replacement.into() }
    }
    pub fn insert(at: TextSize, text: impl Into<String>) -> TextEdit {
        TextEdit { range: TextRange::empty(at), replacement: text.into() }
    }
    pub fn delete(range: TextRange) -> TextEdit {
        TextEdit { range, replacement: String::new() }
    }
}

/// How sure a fix is: safe fixes are applied by `check --fix`; the others only offered. The
/// names are those of `--format json` (and of ruff's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Applicability {
    Safe,
    Unsafe,
}

impl Applicability {
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Fix {
    /// What the fix does, as an editor shows it: "Replace `0-0` with `O-O`".
    pub title: String,
    pub edits: Vec<TextEdit>,
    pub applicability: Applicability,
}

/// A second place a diagnostic points at: the first of two duplicate tags, a note's definition.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Related {
    pub range: TextRange,
    pub message: String,
    /// `None`: the place is in the diagnostic's own file. Else the index of the file it is in,
    /// among the files checked together ([`crate::across_files`]), in that file's offsets.
    pub file: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    pub code: &'static str,
    pub severity: Severity,
    pub range: TextRange,
    pub message: String,
    /// Boxed: most diagnostics have no fix, and a file's diagnostics are moved in bulk (from
    /// its pieces into one list, then sorted), so each is kept small (88 bytes, not 136).
    pub fix: Option<Box<Fix>>,
    pub related: Vec<Related>,
}

/// Puts diagnostics in text order: by start, then end, then code; those equal in all three keep
/// their order. A diagnostic is large (a message, a fix, related places): the keys are sorted
/// and each diagnostic moved once, where a merge sort of the diagnostics themselves moved each
/// many times (a tenth of checking a file whose games have several each).
pub fn sort_in_text_order(diagnostics: &mut [Diagnostic]) {
    let key = |d: &Diagnostic| (d.range.start(), d.range.end(), d.code);
    if !diagnostics.is_sorted_by_key(key) {
        diagnostics.sort_by_cached_key(key);
    }
}

impl Diagnostic {
    pub fn new(rule: &Rule, range: TextRange, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code: rule.code,
            severity: rule.severity,
            range,
            message: message.into(),
            fix: None,
            related: Vec::new(),
        }
    }

    pub fn with_fix(mut self, title: impl Into<String>, edits: Vec<TextEdit>, applicability: Applicability) -> Self {
        self.fix = Some(Box::new(Fix { title: title.into(), edits, applicability }));
        self
    }

    /// A safe fix made of one replacement.
    pub fn with_replacement(self, title: impl Into<String>, range: TextRange, replacement: impl Into<String>) -> Self {
        self.with_fix(title, vec![TextEdit::replace(range, replacement)], Applicability::Safe)
    }

    pub fn with_related(mut self, range: TextRange, message: impl Into<String>) -> Self {
        // Most diagnostics have one related place: room for one, not the four a first push
        // makes (a file of a hundred thousand games keeps tens of thousands of these).
        self.related.reserve_exact(1);
        self.related.push(Related { range, message: message.into(), file: None });
        self
    }

    /// The same diagnostic with every range moved by `delta` bytes (a unit checked alone and
    /// placed back into its file).
    pub fn shifted(mut self, delta: TextSize) -> Diagnostic {
        self.range += delta;
        for r in &mut self.related {
            r.range += delta;
        }
        if let Some(fix) = &mut self.fix {
            for e in &mut fix.edits {
                e.range += delta;
            }
        }
        self
    }

    /// The diagnostic's places in its own file: its range, its related places there and its
    /// fix's edits.
    pub fn own_ranges(&self) -> impl Iterator<Item = TextRange> + '_ {
        let related = self.related.iter().filter(|r| r.file.is_none()).map(|r| r.range);
        let edits = self.fix.iter().flat_map(|f| &f.edits).map(|e| e.range);
        std::iter::once(self.range).chain(related).chain(edits)
    }

    /// [`Diagnostic::own_ranges`], to move them.
    pub fn own_ranges_mut(&mut self) -> impl Iterator<Item = &mut TextRange> + '_ {
        let related = self.related.iter_mut().filter(|r| r.file.is_none()).map(|r| &mut r.range);
        let edits = self.fix.iter_mut().flat_map(|f| &mut f.edits).map(|e| &mut e.range);
        std::iter::once(&mut self.range).chain(related).chain(edits)
    }

    /// The same diagnostic with every range moved back by `delta` (from a text to a part of it
    /// starting at `delta`), the converse of [`Diagnostic::shifted`].
    pub fn shifted_back(mut self, delta: TextSize) -> Diagnostic {
        self.range -= delta;
        for r in &mut self.related {
            r.range -= delta;
        }
        if let Some(fix) = &mut self.fix {
            for e in &mut fix.edits {
                e.range -= delta;
            }
        }
        self
    }
}

/// Applies edits to `text`. Overlapping edits after the first are skipped; returns the new text
/// and how many edits were applied.
pub fn apply_edits(text: &str, edits: &[TextEdit]) -> (String, usize) {
    let mut sorted: Vec<&TextEdit> = edits.iter().collect();
    sorted.sort_by_key(|e| (e.range.start(), e.range.end()));
    let mut out = String::with_capacity(text.len());
    let mut pos = 0usize;
    let mut applied = 0;
    for e in sorted {
        let (start, end) = (usize::from(e.range.start()), usize::from(e.range.end()));
        if start < pos || end > text.len() {
            continue;
        }
        out.push_str(&text[pos..start]);
        out.push_str(&e.replacement);
        pos = end;
        applied += 1;
    }
    out.push_str(&text[pos..]);
    (out, applied)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file's diagnostics are moved in bulk: a fix in place would make each half as large again.
    #[test]
    fn a_diagnostic_stays_small() {
        assert!(std::mem::size_of::<Diagnostic>() <= 88, "{}", std::mem::size_of::<Diagnostic>());
    }

    /// Text order: start, end, code; diagnostics equal in all three keep their order.
    #[test]
    fn diagnostics_sort_in_text_order_stably() {
        let rule = |code| Rule { code, ..crate::pgn::check::moves::ILLEGAL_MOVE };
        let (a, b) = (rule("PGN100"), rule("PGN200"));
        let at = |start: u32, end: u32| TextRange::new(start.into(), end.into());
        let mut list = vec![
            Diagnostic::new(&b, at(5, 9), "b 5-9"),
            Diagnostic::new(&a, at(5, 9), "a 5-9 first"),
            Diagnostic::new(&a, at(0, 3), "a 0-3"),
            Diagnostic::new(&a, at(5, 9), "a 5-9 second"),
            Diagnostic::new(&a, at(5, 6), "a 5-6"),
        ];
        sort_in_text_order(&mut list);
        let messages = |list: &[Diagnostic]| list.iter().map(|d| d.message.clone()).collect::<Vec<_>>();
        let sorted = ["a 0-3", "a 5-6", "a 5-9 first", "a 5-9 second", "b 5-9"];
        assert_eq!(messages(&list), sorted);
        sort_in_text_order(&mut list);
        assert_eq!(messages(&list), sorted, "sorted already: left as it is");
    }

    #[test]
    fn edits_apply_in_order_and_skip_overlaps() {
        let r = |a: u32, b: u32| TextRange::new(a.into(), b.into());
        let edits = [TextEdit::replace(r(4, 5), "X"), TextEdit::insert(0.into(), ">"), TextEdit::delete(r(4, 6))];
        assert_eq!(apply_edits("0-0 e4", &edits), (">0-0 X4".to_owned(), 2));
    }
}
