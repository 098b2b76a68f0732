//! The formatter engine shared by `kibitzer fmt` and the language server: import format → the
//! standard's export format, one unit (PGN game, PBN game, EPD line, PBI line) at a time.
//!
//! What the engine guarantees, whatever the format:
//! - a unit with syntax errors, or one its format's formatter declines (an illegal move leaves no
//!   position to write canonical SAN from), is copied byte for byte and listed in
//!   [`Formatted::skipped`] with the diagnostics that explain why;
//! - text between units that is not whitespace (stray text the parser kept outside any unit) is
//!   copied byte for byte; whitespace between units is the format's to decide;
//! - range formatting touches only the units that overlap the range.
//!
//! Each format supplies a [`UnitFormatter`] in its own `format.rs`; this module knows no format.

use crate::diagnostic::{Diagnostic, TextEdit};
use crate::text::{TextRange, TextSize};
use crate::Lang;

/// Settings of the formatter. Export format leaves almost nothing to choose; what is here is
/// what the standards leave open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatOptions {
    /// PGN movetext lines are filled greedily up to this many characters (PGN 8.2.1: below 80).
    pub max_line_width: usize,
}

impl Default for FormatOptions {
    fn default() -> Self {
        FormatOptions { max_line_width: 79 }
    }
}

/// A unit the formatter left as written, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedUnit {
    /// The unit's range in the input text.
    pub range: TextRange,
    /// Its syntax errors (or the problem that stopped the formatter), in input offsets.
    pub diagnostics: Vec<Diagnostic>,
}

/// The result of formatting a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Formatted {
    pub text: String,
    pub skipped: Vec<SkippedUnit>,
}

/// Why a format's formatter declined a unit: diagnostics with ranges relative to the unit.
pub type Declined = Vec<Diagnostic>;

/// What a format provides to the engine. One value formats one file, units in order, so it may
/// carry state from unit to unit (PBI keeps the file's first line terminator).
pub(crate) trait UnitFormatter {
    /// The units of the file and its syntax errors. A format whose units are nodes of its
    /// parse tree parses once here and keeps the nodes, so that [`UnitFormatter::unit`] need
    /// not parse again (parsing is most of the formatter's time).
    fn prepare(&mut self, lang: Lang, text: &str) -> (Vec<TextRange>, Vec<Diagnostic>) {
        (crate::units(lang, text), syntax_errors(lang, text))
    }

    /// The export text of the unit at `range`, `unit` (free of syntax errors), including the
    /// line terminator that ends it and any blank line that the format puts after it.
    fn unit(&mut self, range: TextRange, unit: &str) -> Result<String, Declined>;

    /// What replaces `gap`, whitespace-only text between units (or before the first, after the
    /// last), given what came before it. The default drops whitespace at the start of the file
    /// and after a formatted unit (which brings its own separator), and keeps it after a unit
    /// left as written (whose separator is that whitespace).
    fn gap(&mut self, gap: &str, after: Before) -> String {
        match after {
            Before::Start | Before::Formatted => String::new(),
            Before::Kept => gap.to_owned(),
        }
    }

    /// Text between units that is not whitespace (`%` lines between PBN games, say): a format
    /// may normalise it (its line ends, its blank lines); by default it is kept byte for byte.
    fn stray(&mut self, text: &str, _after: Before) -> String {
        text.to_owned()
    }
}

/// What precedes a stretch of text between units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Before {
    /// Nothing: the start of the file.
    Start,
    /// A unit the formatter rewrote.
    Formatted,
    /// A unit left as written (syntax errors, declined, or outside the range).
    Kept,
}

/// Formats all of `text`.
pub fn format(lang: Lang, text: &str, options: &FormatOptions) -> Formatted {
    format_units(lang, text, options, |_| true)
}

/// Formats the units of `text` that overlap `range` (an empty range: the unit that contains
/// it); the rest of the text is kept as it is. The result is still the whole text.
pub fn format_range(lang: Lang, text: &str, range: TextRange, options: &FormatOptions) -> Formatted {
    format_units(lang, text, options, |unit| touches(unit, range))
}

fn touches(unit: TextRange, range: TextRange) -> bool {
    if range.is_empty() {
        unit.contains_inclusive(range.start())
    } else {
        unit.start() < range.end() && range.start() < unit.end()
    }
}

/// The formatter of `lang` for the file `text` (some formats take a style from the file).
fn formatter_for(lang: Lang, text: &str, options: &FormatOptions) -> Box<dyn UnitFormatter> {
    match lang {
        Lang::Pgn => Box::new(crate::pgn::format::Formatter::new(text, options)),
        Lang::Epd => Box::new(crate::epd::format::Formatter::new(text, options)),
        Lang::Pbn => Box::new(crate::pbn::format::Formatter::new(text, options)),
        Lang::Pbi => Box::new(crate::pbi::format::Formatter::new(text, options)),
    }
}

/// The syntax errors of `text` (no rules): what makes a unit untouchable.
pub fn syntax_errors(lang: Lang, text: &str) -> Vec<Diagnostic> {
    match lang {
        Lang::Pgn => crate::pgn::parse(text).into_parts().1,
        Lang::Epd => crate::epd::parse(text).into_parts().1,
        Lang::Pbn => crate::pbn::parse(text).into_parts().1,
        Lang::Pbi => crate::pbi::parse(text).into_parts().1,
    }
}

fn format_units(lang: Lang, text: &str, options: &FormatOptions, selected: impl Fn(TextRange) -> bool) -> Formatted {
    let mut formatter = formatter_for(lang, text, options);
    let (mut units, mut errors) = formatter.prepare(lang, text);
    units.retain(|u| usize::from(u.end()) <= text.len());
    errors.sort_by_key(|d| d.range.start());
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut skipped = Vec::new();
    let mut pos = TextSize::from(0);
    let mut before = Before::Start;
    let mut next_error = 0;
    for unit in units {
        if unit.start() < pos {
            continue; // overlapping units would duplicate text: never trust them
        }
        let gap_range = TextRange::new(pos, unit.start());
        push_gap(&mut out, &mut *formatter, &text[gap_range], before, selected(gap_range));
        // Errors are sorted: those before this unit belong to gaps (and are reported there by
        // `check`); those inside it make it untouchable.
        while next_error < errors.len() && errors[next_error].range.start() < unit.start() {
            next_error += 1;
        }
        let mut unit_errors = Vec::new();
        while next_error < errors.len() && in_unit(errors[next_error].range, unit) {
            unit_errors.push(errors[next_error].clone());
            next_error += 1;
        }
        let source = &text[unit];
        before = Before::Kept;
        if !selected(unit) {
            out.push_str(source);
        } else if !unit_errors.is_empty() {
            out.push_str(source);
            skipped.push(SkippedUnit { range: unit, diagnostics: unit_errors });
        } else {
            match formatter.unit(unit, source) {
                Ok(formatted) => {
                    out.push_str(&formatted);
                    before = Before::Formatted;
                }
                Err(declined) => {
                    out.push_str(source);
                    let diagnostics = declined.into_iter().map(|d| d.shifted(unit.start())).collect();
                    skipped.push(SkippedUnit { range: unit, diagnostics });
                }
            }
        }
        pos = unit.end();
    }
    let tail = TextRange::new(pos, TextSize::from(text.len() as u32));
    push_gap(&mut out, &mut *formatter, &text[tail], before, selected(tail));
    Formatted { text: out, skipped }
}

/// An error belongs to a unit when it starts inside it (an error at the very end of a unit, an
/// unterminated comment say, is empty and starts at its end).
fn in_unit(error: TextRange, unit: TextRange) -> bool {
    unit.contains(error.start()) || (error.start() == unit.end() && error.is_empty())
}

/// Text between units: whitespace is the format's, anything else goes to [`UnitFormatter::stray`].
/// A gap outside the formatted range stays, unless it follows a formatted unit (which brought
/// its own separator).
fn push_gap(out: &mut String, formatter: &mut dyn UnitFormatter, gap: &str, before: Before, selected: bool) {
    if gap.is_empty() {
        return;
    }
    if !selected && before != Before::Formatted {
        out.push_str(gap);
        return;
    }
    if gap.trim().is_empty() {
        out.push_str(&formatter.gap(gap, before));
    } else {
        out.push_str(&formatter.stray(gap, before));
    }
}

/// The smallest set of line-level edits that turns `old` into `new`, in byte offsets of `old`
/// (what the language server sends for document and range formatting, so that the editor keeps
/// cursors and folds in unchanged lines).
pub fn minimal_edits(old: &str, new: &str) -> Vec<TextEdit> {
    // Most formatting changes a few lines of a large file: cut the common prefix and suffix
    // first (linear), then diff only the middle by lines.
    let prefix = common_prefix_at_line_start(old, new);
    let suffix = common_suffix_at_line_end(&old[prefix..], &new[prefix..]);
    let old_mid = &old[prefix..old.len() - suffix];
    let new_mid = &new[prefix..new.len() - suffix];
    if old_mid.is_empty() && new_mid.is_empty() {
        return Vec::new();
    }
    let diff = similar::TextDiff::configure()
        .algorithm(similar::Algorithm::Myers)
        .timeout(std::time::Duration::from_millis(200))
        .diff_lines(old_mid, new_mid);
    let old_starts = line_starts(old_mid);
    let new_starts = line_starts(new_mid);
    let mut edits: Vec<TextEdit> = Vec::new();
    for op in diff.ops() {
        if let similar::DiffOp::Equal { .. } = op {
            continue;
        }
        let (o, n) = (op.old_range(), op.new_range());
        let start = prefix + old_starts[o.start];
        let end = prefix + old_starts[o.end];
        let replacement = &new_mid[new_starts[n.start]..new_starts[n.end]];
        let range = TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32));
        // Adjacent delete + insert ops become one replacement.
        match edits.last_mut() {
            Some(last) if last.range.end() == range.start() => {
                last.range = last.range.cover(range);
                last.replacement.push_str(replacement);
            }
            _ => edits.push(TextEdit::replace(range, replacement)),
        }
    }
    edits
}

/// Byte offsets at which the lines of `text` start, plus `text.len()` (so that line `i` is
/// `starts[i]..starts[i + 1]`); lines split after `\n` as `similar` splits them.
fn line_starts(text: &str) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(text.match_indices('\n').map(|(i, _)| i + 1).filter(|&i| i < text.len()));
    if !text.is_empty() {
        starts.push(text.len());
    }
    starts
}

fn common_prefix_at_line_start(a: &str, b: &str) -> usize {
    let same = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    // Back to the start of the line in which they differ (or stay at the end when one is a
    // prefix of the other and that is a line start).
    match a.as_bytes()[..same].iter().rposition(|&c| c == b'\n') {
        Some(i) if !(same == a.len() && same == b.len()) => i + 1,
        _ if same == a.len() && same == b.len() => same,
        _ => 0,
    }
}

fn common_suffix_at_line_end(a: &str, b: &str) -> usize {
    let same = a.bytes().rev().zip(b.bytes().rev()).take_while(|(x, y)| x == y).count();
    // Only whole lines: the suffix must start right after a `\n` in both.
    let mut n = same;
    while n > 0 {
        let (ia, ib) = (a.len() - n, b.len() - n);
        let at_line_start = |s: &str, i: usize| i == 0 || s.as_bytes()[i - 1] == b'\n';
        if at_line_start(a, ia) && at_line_start(b, ib) {
            return n;
        }
        n -= 1;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::apply_edits;

    fn check_edits(old: &str, new: &str) -> Vec<TextEdit> {
        let edits = minimal_edits(old, new);
        assert_eq!(apply_edits(old, &edits).0, new, "edits {edits:?}");
        edits
    }

    #[test]
    fn minimal_edits_touch_only_changed_lines() {
        assert!(check_edits("a\nb\n", "a\nb\n").is_empty());
        let edits = check_edits("a\nb\nc\nd\n", "a\nB\nc\nd\n");
        assert_eq!(edits, [TextEdit::replace(TextRange::new(2.into(), 4.into()), "B\n")]);
        let edits = check_edits("1\n2\n3\n4\n5\n", "1\nx\n3\n4\ny\n");
        assert_eq!(edits.len(), 2);
        check_edits("", "new\n");
        check_edits("old\n", "");
        check_edits("no newline", "no newline at all");
        check_edits("a\nb", "a\nb\n");
        check_edits("x\r\ny\r\n", "x\ny\n");
        check_edits("é\nü\n", "é\nÜ\n");
        check_edits("same\nsame\nsame\n", "same\nsame\n");
    }

    #[test]
    fn gaps_and_touching() {
        let r = |a: u32, b: u32| TextRange::new(a.into(), b.into());
        assert!(touches(r(0, 10), r(5, 5)));
        assert!(touches(r(0, 10), r(10, 10)));
        assert!(!touches(r(0, 10), r(10, 12)));
        assert!(touches(r(0, 10), r(9, 12)));
        assert!(in_unit(r(3, 4), r(0, 10)));
        assert!(!in_unit(r(10, 11), r(0, 10)));
        assert!(in_unit(r(10, 10), r(0, 10)));
    }
}
