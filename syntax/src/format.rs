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
/// carry state from unit to unit (PBI keeps the file's first line terminator, PBN the values
/// of `#` and `##`). The file comes in windows: `prepare` is called for each, with the text
/// that follows the units the engine is done with.
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

    /// The engine is done with the units of the text given to the last
    /// [`UnitFormatter::prepare`] that end at or before `consumed`; the next `prepare` gets the
    /// text after them (the file is formatted a window at a time). A format that carries state
    /// from unit to unit takes the rest of those units into account here.
    fn advance(&mut self, _consumed: TextSize) {}

    /// Whether syntax error `error` of a window could be an effect of the window's end: whether
    /// the format's lexer, had it seen `after` (the rest of the file), might have decided
    /// otherwise. The engine then formats none of the units from the error on in this window.
    fn may_depend_on_text_after(&self, _error: &Diagnostic, _after: &str) -> bool {
        false
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

/// How much text the engine parses at a time, by default: the trees of a window of whole units
/// are all the memory formatting takes beyond the text and the output.
pub const WINDOW: usize = 256 * 1024;

/// Formats all of `text`.
pub fn format(lang: Lang, text: &str, options: &FormatOptions) -> Formatted {
    format_to_string(lang, text, None, options)
}

/// Formats the units of `text` that overlap `range` (an empty range: the unit that contains
/// it); the rest of the text is kept as it is. The result is still the whole text.
pub fn format_range(lang: Lang, text: &str, range: TextRange, options: &FormatOptions) -> Formatted {
    format_to_string(lang, text, Some(range), options)
}

fn format_to_string(lang: Lang, text: &str, range: Option<TextRange>, options: &FormatOptions) -> Formatted {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let skipped = format_into(lang, text, range, options, WINDOW, &mut |piece: &str| {
        out.push_str(piece);
        Ok::<(), std::convert::Infallible>(())
    });
    let Ok(skipped) = skipped;
    Formatted { text: out, skipped }
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

/// Formats `text` (or, with `range`, the units that overlap it) and hands the result to `out`
/// piece by piece, in order; returns the units left as written. The output is the same as
/// [`format`]'s (or [`format_range`]'s) whatever `window` is.
///
/// Memory stays bounded by the largest unit, not by the file: the text is parsed a window of
/// about `window` bytes at a time (grown when one unit is larger). A window ends at a line end;
/// all its units but the last are formatted, and the next window starts where they end. A unit
/// parses the same from its own start as inside the file (the parsers recover at unit
/// boundaries, which is what the language server's incremental reparse relies on too), and the
/// last unit of a window, which the window's end may have cut, is parsed again whole in the
/// next. PBI is parsed in one window: its marker line gives the whole file its meaning.
pub fn format_into<E>(
    lang: Lang,
    text: &str,
    range: Option<TextRange>,
    options: &FormatOptions,
    window: usize,
    out: &mut impl FnMut(&str) -> Result<(), E>,
) -> Result<Vec<SkippedUnit>, E> {
    let selected = |unit: TextRange| range.is_none_or(|range| touches(unit, range));
    let mut engine =
        Engine { formatter: formatter_for(lang, text, options), before: Before::Start, skipped: Vec::new() };
    let window = if lang == Lang::Pbi { text.len() } else { window.max(1) };
    let mut start: usize = 0;
    let mut size = window;
    loop {
        let end = line_end_at_or_after(text, start.saturating_add(size));
        let slice = &text[start..end];
        let last_window = end == text.len();
        let (mut units, mut errors) = engine.formatter.prepare(lang, slice);
        units.retain(|u| usize::from(u.end()) <= slice.len());
        errors.sort_by_key(|d| d.range.start());
        let take = if last_window {
            units.len()
        } else {
            // The last unit may be cut by the window's end; so may what follows an error that
            // the rest of the file could undo (a comment whose `}` is beyond the window).
            let after = &text[end..];
            let undone = errors.iter().find(|d| engine.formatter.may_depend_on_text_after(d, after));
            let certain = units.len().saturating_sub(1);
            units[..certain].iter().take_while(|u| undone.is_none_or(|d| u.end() <= d.range.start())).count()
        };
        // None certain (or all ending at the window's start, which would never move on): a
        // larger window.
        if !last_window && (take == 0 || units[take - 1].end() == TextSize::from(0)) {
            size = size.saturating_mul(2);
            continue;
        }
        let base = TextSize::from(start as u32);
        let consumed = engine.units(slice, base, &units[..take], &errors, &selected, out)?;
        if last_window {
            let tail = TextRange::new(consumed, TextSize::from(slice.len() as u32));
            engine.gap(&slice[tail], selected(tail + base), out)?;
            return Ok(engine.skipped);
        }
        engine.formatter.advance(consumed);
        start += usize::from(consumed);
        size = window;
    }
}

/// The end of the line that contains byte `at` (its line end included), or the end of `text`.
fn line_end_at_or_after(text: &str, at: usize) -> usize {
    if at >= text.len() {
        return text.len();
    }
    text.as_bytes()[at..].iter().position(|&b| b == b'\n').map_or(text.len(), |i| at + i + 1)
}

/// The state of formatting that runs from window to window.
struct Engine {
    formatter: Box<dyn UnitFormatter>,
    before: Before,
    skipped: Vec<SkippedUnit>,
}

impl Engine {
    /// Formats `units` of the window `text` (which starts at `base` in the file), with the text
    /// before each; returns where the last one ends.
    fn units<E>(
        &mut self,
        text: &str,
        base: TextSize,
        units: &[TextRange],
        errors: &[Diagnostic],
        selected: &impl Fn(TextRange) -> bool,
        out: &mut impl FnMut(&str) -> Result<(), E>,
    ) -> Result<TextSize, E> {
        let mut pos = TextSize::from(0);
        let mut next_error = 0;
        for &unit in units {
            if unit.start() < pos {
                continue; // overlapping units would duplicate text: never trust them
            }
            let gap_range = TextRange::new(pos, unit.start());
            self.gap(&text[gap_range], selected(gap_range + base), out)?;
            // Errors are sorted: those before this unit belong to gaps (and are reported there
            // by `check`); those inside it make it untouchable.
            while next_error < errors.len() && errors[next_error].range.start() < unit.start() {
                next_error += 1;
            }
            let mut unit_errors = Vec::new();
            while next_error < errors.len() && in_unit(errors[next_error].range, unit) {
                unit_errors.push(errors[next_error].clone().shifted(base));
                next_error += 1;
            }
            let source = &text[unit];
            self.before = Before::Kept;
            if !selected(unit + base) {
                out(source)?;
            } else if !unit_errors.is_empty() {
                out(source)?;
                self.skipped.push(SkippedUnit { range: unit + base, diagnostics: unit_errors });
            } else {
                match self.formatter.unit(unit, source) {
                    Ok(formatted) => {
                        out(&formatted)?;
                        self.before = Before::Formatted;
                    }
                    Err(declined) => {
                        out(source)?;
                        let diagnostics = declined.into_iter().map(|d| d.shifted(unit.start() + base)).collect();
                        self.skipped.push(SkippedUnit { range: unit + base, diagnostics });
                    }
                }
            }
            pos = unit.end();
        }
        Ok(pos)
    }

    /// Text between units: whitespace is the format's, anything else goes to
    /// [`UnitFormatter::stray`]. A gap outside the formatted range stays, unless it follows a
    /// formatted unit (which brought its own separator).
    fn gap<E>(&mut self, gap: &str, selected: bool, out: &mut impl FnMut(&str) -> Result<(), E>) -> Result<(), E> {
        if gap.is_empty() {
            return Ok(());
        }
        if !selected && self.before != Before::Formatted {
            return out(gap);
        }
        if gap.trim().is_empty() {
            out(&self.formatter.gap(gap, self.before))
        } else {
            out(&self.formatter.stray(gap, self.before))
        }
    }
}

/// An error belongs to a unit when it starts inside it (an error at the very end of a unit, an
/// unterminated comment say, is empty and starts at its end).
fn in_unit(error: TextRange, unit: TextRange) -> bool {
    unit.contains(error.start()) || (error.start() == unit.end() && error.is_empty())
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
