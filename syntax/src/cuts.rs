//! Where a unit most likely starts, found without parsing: for PGN and PBN a `[` after an empty
//! line, for EPD the next line. Only a guess (an open comment may run on across it): the callers
//! prove or undo their cuts.

use crate::Lang;

/// The offset of the first `[` at or after `from` that follows an empty line.
pub(crate) fn next_cut(text: &str, from: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = from;
    while let Some(i) = bytes.get(at..)?.windows(2).position(|w| w == b"\n[") {
        let newline = at + i;
        if follows_empty_line(bytes, newline) {
            return Some(newline + 1);
        }
        at = newline + 1;
    }
    None
}

/// The offset of the last `[` before `before` that follows an empty line.
pub(crate) fn previous_cut(text: &str, before: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut end = before.min(bytes.len());
    while let Some(newline) = bytes[..end].windows(2).rposition(|w| w == b"\n[") {
        if follows_empty_line(bytes, newline) {
            return Some(newline + 1);
        }
        end = newline + 1;
    }
    None
}

/// Whether the line end at `newline` (a `\n`) ends an empty line.
fn follows_empty_line(bytes: &[u8], newline: usize) -> bool {
    let before = &bytes[..newline];
    before.ends_with(b"\n") || before.ends_with(b"\n\r")
}

/// Where a unit most likely starts at or after byte `from`, at the start of a line: for PGN and
/// PBN a `[` after an empty line, for EPD the next line; `None` for PBI, whose lines take their
/// meaning from the file's marker line. Only a guess: `units::proves_cut` tells whether cutting there
/// keeps the units ([`crate::units`]).
pub fn likely_unit_start(lang: Lang, text: &str, from: usize) -> Option<usize> {
    match lang {
        Lang::Pgn | Lang::Pbn => next_cut(text, from),
        Lang::Epd => crate::epd::lexer::next_line_start(text, from).filter(|&start| start < text.len()),
        Lang::Pbi | Lang::Lin => None,
    }
}
