//! Games too large to read (PGN, PBN), and reading a large text a stretch of whole games at a
//! time so that memory stays bounded whatever the text holds (one PGN game of 30 MB of moves on
//! one line, a million nested variations, a PBN play section of 30 MB): what the checks, the
//! formatter and the cutting of a document into games share. A format gives its [`Games`].

use crate::diagnostic::{Diagnostic, Rule};
use crate::text::{TextRange, TextSize};

/// The largest game kibitzer reads: 1 MiB of text. Real games are at most tens of kilobytes (a
/// few hundred heavily annotated); reading one takes 20 to 50 bytes of memory per byte of its
/// text (tokens, events), so a game of 30 MB — an accident or an attack — would take a gigabyte
/// or two. A larger game is reported once (PGN008, PBN007) and left as written.
pub const MAX_GAME_BYTES: usize = 1 << 20;

/// What reading a format's text in stretches needs from the format.
pub(crate) struct Games {
    /// The range of every game of `window` (from a parse that records nothing else) that the
    /// text after it, `after`, cannot change: PBN closes a brace comment at the next `}`
    /// however far, so a comment left open in the window may hold the games after it.
    pub parse: fn(window: &str, after: &str) -> Vec<TextRange>,
    /// The rule of a game too large to read.
    pub rule: &'static Rule,
}

/// A stretch of a text, as [`stretches`] cuts it.
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
/// `Games` stretch (each starts where a unit or the text between units starts, and the parsers
/// start every unit afresh, so a unit parses the same there as in the whole text).
pub(crate) fn stretches(text: &str, games: &Games) -> Vec<Stretch> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let stretch = next_stretch(text, start, games);
        let (Stretch::Games(range) | Stretch::TooLarge(range)) = stretch;
        out.push(stretch);
        start = usize::from(range.end());
    }
    out
}

/// The stretch of `text` from `start` (where a unit, or the text between units, starts).
pub(crate) fn next_stretch(text: &str, start: usize, games: &Games) -> Stretch {
    read_stretch(text, start, games).0
}

/// [`next_stretch`], with the units of the stretch (in file offsets) when a window was parsed
/// to find where it ends: those that end in it are its units, read as the stretch alone would
/// read them (it ends at a line start after the last of them, with only blanks between), so
/// [`units`] need not parse it again. `None` for the text's last stretch and a too large one.
fn read_stretch(text: &str, start: usize, games: &Games) -> (Stretch, Option<Vec<TextRange>>) {
    let range = |end: usize| TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32));
    if text.len() - start <= MAX_GAME_BYTES {
        return (Stretch::Games(range(text.len())), None);
    }
    let mut end = start + MAX_GAME_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let window = &text[start..end];
    if window.trim().is_empty() {
        // Blanks only: any line end will do.
        return (Stretch::Games(range(window.rfind('\n').map_or(end, |i| start + i + 1))), Some(Vec::new()));
    }
    let mut units = (games.parse)(window, &text[end..]);
    // All units but the last are whole (the window's end may cut the last). The stretch ends
    // at the start of the line after one of them, when nothing else is on its line: what starts
    // a line reads differently from what follows text on it (a `[`, a `%`).
    let whole = units.len().saturating_sub(1);
    for k in (0..whole).rev() {
        let rest = &window[usize::from(units[k].end())..];
        if let Some(i) = rest.find('\n').filter(|&i| rest[..i].trim().is_empty()) {
            let stretch = Stretch::Games(range(usize::from(units[k].end()) + start + i + 1));
            units.truncate(k + 1);
            let offset = TextSize::from(start as u32);
            return (stretch, Some(units.into_iter().map(|u| u + offset).collect()));
        }
    }
    let next = crate::cuts::next_cut(text, end).unwrap_or(text.len());
    (Stretch::TooLarge(range(next)), None)
}

/// The range of every game of `text`; a game too large to read counts as one, from its start
/// to where the next most likely starts. A text larger than [`MAX_GAME_BYTES`] is read a
/// stretch at a time.
pub(crate) fn units(text: &str, games: &Games) -> Vec<TextRange> {
    if text.len() <= MAX_GAME_BYTES {
        return (games.parse)(text, "");
    }
    let mut out = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let (stretch, found) = read_stretch(text, start, games);
        match (stretch, found) {
            (Stretch::Games(_), Some(found)) => out.extend(found),
            (Stretch::Games(range), None) => {
                let units = (games.parse)(&text[range], &text[usize::from(range.end())..]);
                out.extend(units.into_iter().map(|u| u + range.start()));
            }
            (Stretch::TooLarge(range), _) => out.push(too_large_unit(text, range)),
        }
        let (Stretch::Games(range) | Stretch::TooLarge(range)) = stretch;
        start = usize::from(range.end());
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
pub(crate) fn too_large(text: &str, range: TextRange, games: &Games) -> Diagnostic {
    let unit = too_large_unit(text, range);
    let content = TextRange::at(unit.start(), TextSize::from(text[unit].trim_end().len() as u32));
    too_large_diagnostic(games.rule, text, content, "game", "game")
}

/// The one diagnostic of a unit of a stream too large to read, which the reader cut off after
/// its first bytes, `head` (the decompressed text of an archive, standard input: never held
/// whole), knowing its full length, `bytes`: PGN008, PBN007 or EPD016 on the unit's first
/// character, with the configured severity (`None` when the rule is turned off). The format
/// gives its rule and what its unit is called ([`crate::engine::too_large_in_stream`]).
pub fn too_large_in_stream(
    (rule, what, one): (&'static Rule, &str, &str),
    head: &str,
    bytes: usize,
    options: &crate::CheckOptions,
) -> Option<Diagnostic> {
    // On the unit's first character; a unit of blanks only (a stream of spaces) at its start.
    let blank = head.len() - head.trim_start().len();
    let blank = if blank == head.len() { 0 } else { blank };
    let content = TextRange::at(TextSize::from(blank as u32), TextSize::from((head.len() - blank) as u32));
    let mut diagnostic = too_large_diagnostic(rule, head, content, what, one);
    let mib = bytes as f64 / f64::from(1u32 << 20);
    diagnostic.message = format!(
        "{what} of {mib:.1} MiB ({bytes} bytes) is larger than the 1 MiB kibitzer reads as one {one}: not checked"
    );
    let mut diagnostics = vec![diagnostic];
    options.rules.apply(&mut diagnostics);
    diagnostics.pop()
}

/// The diagnostic of `rule` for `content` of `text`, a `what` larger than the limit of one
/// `one` ([`MAX_GAME_BYTES`]; an EPD record's too), on its first character.
pub(crate) fn too_large_diagnostic(
    rule: &'static Rule,
    text: &str,
    content: TextRange,
    what: &str,
    one: &str,
) -> Diagnostic {
    let first = text[content].chars().next().map_or(0, char::len_utf8);
    let bytes = usize::from(content.len());
    let mib = bytes as f64 / f64::from(1u32 << 20);
    Diagnostic::new(
        rule,
        TextRange::at(content.start(), TextSize::from(first as u32)),
        format!(
            "{what} of {mib:.1} MiB ({bytes} bytes) is larger than the 1 MiB kibitzer reads as one {one}: not checked"
        ),
    )
}
