//! Formatting a text a window of units at a time, on one thread: the engine every format's
//! formatter runs in ([`format_windows`]), and the units it leaves as written.

use super::{Before, Carry, CarryUse, FormatOptions, UnitFormatter};
use crate::diagnostic::Diagnostic;
use crate::stretches::{self, Stretch};
use crate::text::{TextRange, TextSize};
use crate::Lang;

/// A unit the formatter left as written, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedUnit {
    /// The unit's range in the input text.
    pub range: TextRange,
    /// Its syntax errors (or the problem that stopped the formatter), in input offsets.
    pub diagnostics: Vec<Diagnostic>,
}

fn touches(unit: TextRange, range: TextRange) -> bool {
    if range.is_empty() {
        unit.contains_inclusive(range.start())
    } else {
        unit.start() < range.end() && range.start() < unit.end()
    }
}

/// The formatter of `lang` for the file `text` (some formats take a style from the file).
pub(super) fn formatter_for(lang: Lang, text: &str, options: &FormatOptions) -> Box<dyn UnitFormatter> {
    match lang {
        Lang::Pgn => Box::new(crate::pgn::format::Formatter::new(text, options)),
        Lang::Epd => Box::new(crate::epd::format::Formatter::new(text, options)),
        Lang::Pbn => Box::new(crate::pbn::format::Formatter::new(text, options)),
        Lang::Pbi => Box::new(crate::pbi::format::Formatter::new(text, options)),
        Lang::Lin => Box::new(crate::lin::format::Formatter::new(text, options)),
    }
}

/// What formatting a text window by window found: the units left as written, the first and
/// last unit it met (which [`super::pieces`] needs to prove that its cuts keep the units), and what it
/// leaves for the text after it.
pub(super) struct Windows {
    pub(super) skipped: Vec<SkippedUnit>,
    pub(super) first_unit: Option<TextRange>,
    pub(super) last_unit: Option<TextRange>,
    pub(super) after: Carry,
    /// What it used of the carry it started from.
    pub(super) used: CarryUse,
}

/// Formats `text` a window of about `window` bytes at a time. A window ends at a line end; all
/// its units but the last are formatted, and the next window starts where they end. A unit
/// parses the same from its own start as inside the file (the parsers recover at unit
/// boundaries, which is what the language server's incremental reparse relies on too), and the
/// last unit of a window, which the window's end may have cut, is parsed again whole in the
/// next (LIN's formatter reads each window as its file numbers boards). PBI is parsed in one window: its marker line gives the whole file its meaning. The
/// text is formatted as the units that left `from` before it would have it.
pub(super) fn format_windows<E>(
    lang: Lang,
    text: &str,
    range: Option<TextRange>,
    options: &FormatOptions,
    window: usize,
    from: &Carry,
    out: &mut impl FnMut(&str) -> Result<(), E>,
) -> Result<Windows, E> {
    let selected = |unit: TextRange| range.is_none_or(|range| touches(unit, range));
    let mut engine = Engine {
        formatter: formatter_for(lang, text, options),
        before: Before::Start,
        skipped: Vec::new(),
        first_unit: None,
        last_unit: None,
        line_ends: LineEnds::default(),
    };
    engine.formatter.start_from(from);
    let window = if lang.is_formatted_whole() { text.len() } else { window.max(1) };
    let mut start: usize = 0;
    let mut size = window;
    // Games, EPD records and LIN boards have a size limit (`stretches::MAX_GAME_BYTES`,
    // `epd::check::MAX_RECORD_BYTES`); PBI is read in one window.
    let limited = !lang.is_formatted_whole();
    loop {
        let mut end = line_end_at_or_after(text, start.saturating_add(size));
        if limited && end - start > size.saturating_mul(2) {
            // A line longer than the window (a game of moves on one line): cut within it, so
            // that the window stays bounded; a unit the cut splits is read again in the next.
            end = start + size;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
        }
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
            let take =
                units[..certain].iter().take_while(|u| undone.is_none_or(|d| u.end() <= d.range.start())).count();
            // The next window must not start mid-line before other text: what a token is can
            // depend on what stands before it on its line (a `%` escape, a `[` that starts a
            // game), so the cut is at a unit whose line has only blanks after it, or that ends
            // with its line's terminator (EPD's and PBI's lines).
            let clean = |end: TextSize| {
                let (before, after) = slice.split_at(usize::from(end));
                before.ends_with(['\n', '\r', '\u{85}', '\u{2028}'])
                    || after.split('\n').next().is_some_and(|rest| rest.trim().is_empty())
            };
            (0..=take).rev().find(|&n| n == 0 || clean(units[n - 1].end())).unwrap_or(0)
        };
        // None certain (or all ending at the window's start, which would never move on): a
        // larger window.
        if !last_window && (take == 0 || units[take - 1].end() == TextSize::from(0)) {
            // Before the window grows past a quarter of the limit (and its parse with it), a
            // look at whether the unit here is one too large to read at all: that look parses
            // up to the limit, recording only where units end. (Below that size, a window too
            // small for its unit just grows, as tests with tiny windows make it do often.)
            if limited && size >= crate::stretches::MAX_GAME_BYTES / 4 {
                // This window's parse is of no use either way (the next one is larger): its
                // memory goes before the look's.
                engine.formatter.release();
                let too_large = too_large_at(lang, text, start).or_else(|| engine.formatter.too_large_at(text, start));
                if let Some((range, diagnostic)) = too_large {
                    engine.too_large(text, range, diagnostic, &selected, out)?;
                    start = usize::from(range.end());
                    size = window;
                    if start == text.len() {
                        return Ok(engine.finish());
                    }
                    continue;
                }
            }
            size = size.saturating_mul(2);
            continue;
        }
        let base = TextSize::from(start as u32);
        let consumed = engine.units(text, slice, base, &units[..take], &errors, &selected, out)?;
        if last_window {
            let tail = TextRange::new(consumed, TextSize::from(slice.len() as u32));
            engine.gap(&slice[tail], selected(tail + base), out)?;
            return Ok(engine.finish());
        }
        engine.formatter.advance(consumed);
        start += usize::from(consumed);
        size = window;
    }
}

/// The unit at `start` of `text` when it is too large to read (a PGN or PBN game, an EPD line
/// over 1 MiB): the range it takes, up to where the next unit most likely starts, and its
/// diagnostic. (A LIN board's formatter knows its own: [`UnitFormatter::too_large_at`].)
fn too_large_at(lang: Lang, text: &str, start: usize) -> Option<(TextRange, Diagnostic)> {
    match lang {
        Lang::Pgn | Lang::Pbn => {
            let games = if lang == Lang::Pgn { &crate::pgn::stretches::GAMES } else { &crate::pbn::parser::GAMES };
            match stretches::next_stretch(text, start, games) {
                Stretch::TooLarge(range) => Some((range, stretches::too_large(text, range, games))),
                Stretch::Games(_) => None,
            }
        }
        Lang::Epd => {
            crate::epd::check::too_large_line(text, start).map(|line| (line, crate::epd::check::too_large(text, line)))
        }
        Lang::Pbi | Lang::Lin => None,
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
    /// The first and the last unit met, in the file's offsets.
    first_unit: Option<TextRange>,
    last_unit: Option<TextRange>,
    line_ends: LineEnds,
}

impl Engine {
    fn finish(mut self) -> Windows {
        let after = self.formatter.carry();
        let used = self.formatter.carry_use();
        Windows { skipped: self.skipped, first_unit: self.first_unit, last_unit: self.last_unit, after, used }
    }

    /// A unit too large to read (at `range` of the file `text`, [`too_large_at`]): the blanks
    /// before it are a gap as usual, the rest is kept as written and reported.
    fn too_large<E>(
        &mut self,
        text: &str,
        range: TextRange,
        diagnostic: Diagnostic,
        selected: &impl Fn(TextRange) -> bool,
        out: &mut impl FnMut(&str) -> Result<(), E>,
    ) -> Result<(), E> {
        let unit = stretches::too_large_unit(text, range);
        let gap = TextRange::new(range.start(), unit.start());
        self.gap(&text[gap], selected(gap), out)?;
        out(&text[unit])?;
        self.before = Before::Kept;
        self.first_unit.get_or_insert(unit);
        self.last_unit = Some(unit);
        self.skipped.push(SkippedUnit { range: unit, diagnostics: vec![diagnostic] });
        Ok(())
    }

    /// Formats `units` of the window `text` (which starts at `base` in the file `file`), with
    /// the text before each; returns where the last one ends.
    #[allow(clippy::too_many_arguments)]
    fn units<E>(
        &mut self,
        file: &str,
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
            if text[unit].starts_with('%') {
                // A `%` after blanks is no escape (PGN 6, PBN 2.4); the unit it starts has errors
                // and is kept, and so are the blanks before it on its line: dropped with the
                // gap, they would make it an escape on the next run (found by fuzzing).
                let gap = &text[gap_range];
                let line_start = gap.rfind(['\n', '\r']).map_or(0, |i| i + 1);
                let lines = TextRange::new(pos, pos + TextSize::from(line_start as u32));
                self.gap(&text[lines], selected(lines + base), out)?;
                out(&gap[line_start..])?;
            } else {
                self.gap(&text[gap_range], selected(gap_range + base), out)?;
            }
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
            self.first_unit.get_or_insert(unit + base);
            self.last_unit = Some(unit + base);
            self.before = Before::Kept;
            if !selected(unit + base) {
                out(source)?;
            } else if !unit_errors.is_empty() {
                out(source)?;
                self.skipped.push(SkippedUnit { range: unit + base, diagnostics: unit_errors });
            } else if shares_its_last_line(text, unit) {
                // Formatted, it would end its line, and the `%` after it would start one and
                // become an escape: kept as written. Found by fuzzing.
                out(source)?;
            } else {
                match self.formatter.unit(unit, source) {
                    Ok(formatted) => {
                        let formatted = match self.formatter.keeps_line_ends() {
                            true => self.line_ends.written_as(file, unit + base, formatted),
                            false => formatted,
                        };
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
        } else if self.before == Before::Formatted {
            // The formatted unit brought its line end and separator: the gap's whitespace
            // before the stray text's line goes (kept, it would grow on every run). Stray text
            // that shared the unit's last line keeps a space before it, so that it does not
            // come to start a line (a `%` there would become an escape). Found by fuzzing.
            let first = gap.len() - gap.trim_start().len();
            match gap[..first].rfind(['\n', '\r']) {
                Some(i) => out(&self.formatter.stray(&gap[i + 1..], self.before)),
                None => out(&self.formatter.stray(&format!(" {}", &gap[first..]), self.before)),
            }
        } else {
            out(&self.formatter.stray(gap, self.before))
        }
    }
}

/// The line ends of formatted units, for formats whose export format leaves them free (PGN,
/// LIN: [`UnitFormatter::keeps_line_ends`]): a unit whose line breaks are all alike (CR LF, CR
/// or LF; a unit of one line: the break after it) is written with them, so that a CR LF game in
/// a file of LF games, or a file of old-Mac CR lines, keeps its line ends, and a game `fmt`
/// leaves unchanged keeps every byte. A unit whose breaks are mixed is written as its formatter
/// writes it.
#[derive(Default)]
struct LineEnds {
    /// The last search for a line break after a unit: from where, and where it found one. Units
    /// of one line that share it (games after games on one line) find the same break, found once.
    after: Option<(usize, Option<usize>)>,
}

/// A line break: `\r\n`, `\r` or `\n`, by its bytes at `at` of `bytes` (a `\r` or `\n`).
fn break_at(bytes: &[u8], at: usize) -> &'static str {
    match (bytes[at], bytes.get(at + 1)) {
        (b'\r', Some(b'\n')) => "\r\n",
        (b'\r', _) => "\r",
        _ => "\n",
    }
}

impl LineEnds {
    /// The line break of `unit` of `file`: the one all its breaks are, or the one after it for
    /// a unit of one line; `None` for mixed breaks, or none at all.
    fn of(&mut self, file: &str, unit: TextRange) -> Option<&'static str> {
        let bytes = file.as_bytes();
        let (start, end) = (usize::from(unit.start()), usize::from(unit.end()));
        let mut found = None;
        let mut at = start;
        while let Some(i) = memchr::memchr2(b'\r', b'\n', &bytes[at..end]) {
            let kind = break_at(bytes, at + i);
            if found.is_some_and(|k| k != kind) {
                return None;
            }
            found = Some(kind);
            at += i + kind.len();
            if at >= end {
                break;
            }
        }
        if found.is_some() {
            return found;
        }
        let next = match self.after {
            Some((from, next)) if from <= end && next.is_none_or(|n| end <= n) => next,
            _ => memchr::memchr2(b'\r', b'\n', &bytes[end..]).map(|i| end + i),
        };
        self.after = Some((end, next));
        next.map(|n| break_at(bytes, n))
    }

    /// `formatted`, the export text of `unit` of `file`, with the unit's line breaks.
    fn written_as(&mut self, file: &str, unit: TextRange, formatted: String) -> String {
        let Some(kind) = self.of(file, unit) else { return formatted };
        let bytes = formatted.as_bytes();
        if kind == "\n" && memchr::memchr(b'\r', bytes).is_none() {
            return formatted;
        }
        let mut out = String::with_capacity(formatted.len() + formatted.len() / 16);
        let mut from = 0;
        for i in memchr::memchr2_iter(b'\r', b'\n', bytes) {
            if i < from {
                continue; // The `\n` of a `\r\n` already written.
            }
            out.push_str(&formatted[from..i]);
            out.push_str(kind);
            from = i + break_at(bytes, i).len();
        }
        out.push_str(&formatted[from..]);
        out
    }
}

/// Whether a `%` follows `unit` on its last line: put at the start of a line by formatting the
/// unit, it would become an escape (PGN 6, PBN 2.4).
fn shares_its_last_line(text: &str, unit: TextRange) -> bool {
    // A unit that ends with its line's terminator (PBI's lines) shares it with nothing: what
    // follows is the next line (found by fuzzing: `\t\r\t%` kept its first line as written on
    // the first run, because of the `%` on the second, and escaped its tab on the next run).
    if text[unit].ends_with(['\n', '\r', '\u{85}', '\u{2028}']) {
        return false;
    }
    let after = &text[usize::from(unit.end())..];
    let line = after.split(['\n', '\r']).next().unwrap_or_default();
    line.trim_start().starts_with('%')
}

/// An error belongs to a unit when it starts inside it (an error at the very end of a unit, an
/// unterminated comment say, is empty and starts at its end).
fn in_unit(error: TextRange, unit: TextRange) -> bool {
    unit.contains(error.start()) || (error.start() == unit.end() && error.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

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
