//! PGN games too large to read, and reading a large text a stretch of whole games at a time so
//! that memory stays bounded whatever the text holds (one game of 30 MB of moves on one line,
//! a million nested variations): what the check, the formatter and the cutting of a document
//! into games share.

use crate::diagnostic::Diagnostic;
use crate::text::{TextRange, TextSize};

/// The largest PGN game kibitzer reads: 1 MiB of text. Real games are at most tens of
/// kilobytes (a few hundred heavily annotated); reading one takes 20 to 40 bytes of memory per
/// byte of its text (tokens, events), so a 30 MB game of moves on one line — an accident or an
/// attack — would take a gigabyte. A larger game is reported once (PGN008) and left as written.
pub const MAX_GAME_BYTES: usize = 1 << 20;

/// A stretch of a PGN text, as [`stretches`] cuts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stretch {
    /// Whole games and the text around them, at most [`MAX_GAME_BYTES`] long, to be read as
    /// usual.
    Games(TextRange),
    /// A unit larger than [`MAX_GAME_BYTES`] (no unit boundary at a line end in that many bytes
    /// from its start), from its start to where the next unit most likely starts: not read.
    TooLarge(TextRange),
}

/// `text` cut into [`Stretch`]es in order, without gaps, found by parsing at most
/// [`MAX_GAME_BYTES`] at a time and recording only where units start and end: memory stays
/// bounded by that window, whatever the text. A unit no larger than the window is always in a
/// `Units` stretch (each starts where a unit or the text between units starts, and the parsers
/// start every unit afresh, so a unit parses the same there as in the whole text).
pub(crate) fn stretches(text: &str) -> Vec<Stretch> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let stretch = next_stretch(text, start);
        let (Stretch::Games(range) | Stretch::TooLarge(range)) = stretch;
        out.push(stretch);
        start = usize::from(range.end());
    }
    out
}

/// The stretch of `text` from `start` (where a unit, or the text between units, starts).
pub(crate) fn next_stretch(text: &str, start: usize) -> Stretch {
    let range = |end: usize| TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32));
    if text.len() - start <= MAX_GAME_BYTES {
        return Stretch::Games(range(text.len()));
    }
    let mut end = start + MAX_GAME_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let window = &text[start..end];
    if window.trim().is_empty() {
        // Blanks only: any line end will do.
        return Stretch::Games(range(window.rfind('\n').map_or(end, |i| start + i + 1)));
    }
    let units = super::parser::parse_units(window);
    // All units but the last are whole (the window's end may cut the last). The stretch ends
    // at the start of the line after one of them, when nothing else is on its line: what starts
    // a line reads differently from what follows text on it (a `[`, a `%`).
    let whole = &units[..units.len().saturating_sub(1)];
    for unit in whole.iter().rev() {
        let rest = &window[usize::from(unit.end())..];
        if let Some(i) = rest.find('\n').filter(|&i| rest[..i].trim().is_empty()) {
            return Stretch::Games(range(usize::from(unit.end()) + start + i + 1));
        }
    }
    let next = crate::cuts::next_cut(text, end).unwrap_or(text.len());
    Stretch::TooLarge(range(next))
}

/// The range of every game of `text`; a game too large to read counts as one, from its start
/// to where the next most likely starts. A text larger than [`MAX_GAME_BYTES`] is read a
/// stretch at a time.
pub(crate) fn units(text: &str) -> Vec<TextRange> {
    if text.len() <= MAX_GAME_BYTES {
        return super::parser::parse_units(text);
    }
    let mut out = Vec::new();
    for stretch in stretches(text) {
        match stretch {
            Stretch::Games(range) => {
                let units = super::parser::parse_units(&text[range]);
                out.extend(units.into_iter().map(|u| u + range.start()));
            }
            Stretch::TooLarge(range) => out.push(too_large_unit(text, range)),
        }
    }
    out
}

/// The unit of a [`Stretch::TooLarge`] at `range` of `text`: from its first character that is
/// not blank (the blanks before it are between units).
pub(crate) fn too_large_unit(text: &str, range: TextRange) -> TextRange {
    let stretch = &text[range];
    let blank = stretch.len() - stretch.trim_start().len();
    TextRange::new(range.start() + TextSize::from(blank as u32), range.end())
}

/// The one diagnostic of a unit too large to read ([`Stretch::TooLarge`] at `range` of `text`),
/// on its first character.
pub(crate) fn too_large(text: &str, range: TextRange) -> Diagnostic {
    let unit = too_large_unit(text, range);
    let first = text[unit].chars().next().map_or(0, char::len_utf8);
    let at = TextRange::at(unit.start(), TextSize::from(first as u32));
    let bytes = text[unit].trim_end().len();
    let mib = bytes as f64 / f64::from(1u32 << 20);
    Diagnostic::new(
        &super::rules::GAME_TOO_LARGE,
        at,
        format!(
            "game of {mib:.1} MiB ({bytes} bytes) is larger than the 1 MiB kibitzer reads as one game: not checked"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::parser::parse_units;

    fn games(n: usize) -> String {
        (0..n).map(|i| format!("[Event \"{i}\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 {{ note }} *\n\n")).collect()
    }

    #[test]
    fn stretches_of_ordinary_games_hold_the_games_of_the_whole_text() {
        // Games of every size up to the limit, on their own lines or several on one.
        let mut text = games(30_000);
        text.push_str(&format!("[Event \"big\"]\n\n{}*\n\n", "1. e4 ".repeat(MAX_GAME_BYTES / 6 - 100)));
        text.push_str(&"1. e4 * 1. d4 * ".repeat(1000));
        text.push_str(&games(30_000));
        assert!(text.len() > 3 * MAX_GAME_BYTES);
        let stretches = stretches(&text);
        assert!(stretches.len() > 2);
        let mut end = 0;
        for stretch in &stretches {
            let Stretch::Games(range) = *stretch else { panic!("no game is too large: {stretch:?}") };
            assert_eq!(usize::from(range.start()), end, "in order, without gaps");
            assert!(usize::from(range.len()) <= MAX_GAME_BYTES);
            end = usize::from(range.end());
        }
        assert_eq!(end, text.len());
        assert_eq!(units(&text), parse_units(&text));
    }

    #[test]
    fn a_game_over_the_limit_runs_to_where_the_next_most_likely_starts() {
        for giant in [
            format!("[Event \"giant\"]\n\n{}*\n", "1. e4 ".repeat(MAX_GAME_BYTES / 5)),
            format!("1. e4 {}*\n", "(1. d4 ".repeat(MAX_GAME_BYTES / 6)),
            // A line of small games with no line end between them counts as one.
            format!("{}\n", "1. e4 * ".repeat(MAX_GAME_BYTES / 7)),
        ] {
            let (before, after) = (games(5), games(20_000));
            let text = format!("{before}{giant}\n{after}");
            let start = TextSize::from(before.len() as u32);
            let end = TextSize::from((before.len() + giant.len() + 1) as u32);
            let found = stretches(&text);
            let large: Vec<TextRange> =
                found.iter().filter_map(|s| if let Stretch::TooLarge(r) = s { Some(*r) } else { None }).collect();
            assert_eq!(large.len(), 1);
            assert_eq!(too_large_unit(&text, large[0]), TextRange::new(start, end));
            let d = too_large(&text, large[0]);
            assert_eq!(d.range, TextRange::at(start, 1.into()));
            assert!(d.message.contains(&format!("({} bytes)", giant.trim().len())), "{}", d.message);
            // The games before and after are read as in the whole text.
            let units = units(&text);
            let whole: Vec<TextRange> = parse_units(&before)
                .into_iter()
                .chain([TextRange::new(start, end)])
                .chain(parse_units(&after).into_iter().map(|u| u + end))
                .collect();
            assert_eq!(units, whole);
        }
    }
}
