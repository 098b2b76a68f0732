//! LSP positions ↔ byte offsets of a document held in a rope.
//!
//! The column unit is negotiated at `initialize` (UTF-8 or UTF-32 when the client offers them,
//! else UTF-16). Lines are LSP's: `\n`, `\r\n` and `\r` end them in every format — also in PBI,
//! whose own NEL and LINE SEPARATOR breaks editors do not count (ropey is built with `cr_lines`
//! only, for the same reason). Columns are counted over the part of the line before the
//! position only, so a conversion costs O(log n + column) however long the line.

use kibitzer_syntax::text::{ColumnUnit, LineCol, LineIndex};
use kibitzer_syntax::{TextRange, TextSize};
use ropey::Rope;
use std::cell::Cell;
use tower_lsp_server::ls_types::{Position, PositionEncodingKind, Range};

/// The column unit to use for a client's offered position encodings (in its order of
/// preference the LSP leaves to the server: UTF-8, then UTF-32, else the mandatory UTF-16).
pub fn negotiate(offered: Option<&[PositionEncodingKind]>) -> ColumnUnit {
    let offered = offered.unwrap_or_default();
    if offered.contains(&PositionEncodingKind::UTF8) {
        ColumnUnit::Utf8
    } else if offered.contains(&PositionEncodingKind::UTF32) {
        ColumnUnit::Char
    } else {
        ColumnUnit::Utf16
    }
}

pub fn encoding_kind(unit: ColumnUnit) -> PositionEncodingKind {
    match unit {
        ColumnUnit::Utf8 => PositionEncodingKind::UTF8,
        ColumnUnit::Utf16 => PositionEncodingKind::UTF16,
        ColumnUnit::Char => PositionEncodingKind::UTF32,
    }
}

/// Offsets → LSP positions, for code that converts either a whole document ([`Positions`]) or
/// one segment of it ([`SegmentPositions`]).
pub trait ToPosition {
    fn position(&self, offset: usize) -> Position;

    fn range(&self, range: TextRange) -> Range {
        Range { start: self.position(range.start().into()), end: self.position(range.end().into()) }
    }

    /// The column at which line `line` ends (before its terminator).
    fn line_end(&self, line: u32) -> u32;
}

/// Positions inside one segment of a document, relative to the segment's start (line 0 is the
/// segment's first line, columns on it counted from the segment's start). Results converted
/// this way hold for as long as the segment's text is unchanged, wherever edits elsewhere move
/// it: [`Base::place`] puts them where the segment now is.
pub struct SegmentPositions<'t> {
    text: &'t str,
    index: LineIndex,
    unit: ColumnUnit,
}

impl<'t> SegmentPositions<'t> {
    pub fn new(text: &'t str, unit: ColumnUnit) -> Self {
        SegmentPositions { text, index: LineIndex::new(text), unit }
    }
}

impl ToPosition for SegmentPositions<'_> {
    fn position(&self, offset: usize) -> Position {
        let lc = self.index.line_col(self.text, TextSize::from(offset.min(self.text.len()) as u32), self.unit);
        Position { line: lc.line, character: lc.col }
    }

    fn line_end(&self, line: u32) -> u32 {
        self.index
            .line_col(self.text, self.index.offset(self.text, LineCol { line, col: u32::MAX }, self.unit), self.unit)
            .col
    }
}

/// Where a segment starts in the document: turns segment-relative positions into document ones.
#[derive(Debug, Clone, Copy)]
pub struct Base(pub Position);

impl Base {
    pub fn place(self, p: Position) -> Position {
        if p.line == 0 {
            Position { line: self.0.line, character: self.0.character + p.character }
        } else {
            Position { line: self.0.line + p.line, character: p.character }
        }
    }

    pub fn place_range(self, r: Range) -> Range {
        Range { start: self.place(r.start), end: self.place(r.end) }
    }
}

/// Converts between positions and offsets in one version of a document.
#[derive(Clone, Copy)]
pub struct Positions<'a> {
    pub rope: &'a Rope,
    pub unit: ColumnUnit,
}

impl<'a> Positions<'a> {
    pub fn new(rope: &'a Rope, unit: ColumnUnit) -> Self {
        Positions { rope, unit }
    }

    /// Byte offset of `pos`; a line past the end gives the end of the text, a column past the
    /// end of its line the end of the line (as the LSP requires). Reads the line only up to the
    /// column.
    pub fn offset(&self, pos: Position) -> usize {
        let line = pos.line as usize;
        if line >= self.rope.len_lines() {
            return self.rope.len_bytes();
        }
        let mut offset = self.rope.line_to_byte(line);
        let mut remaining = pos.character as usize;
        for ch in self.rope.line(line).chars() {
            if ch == '\n' || ch == '\r' {
                break;
            }
            let width = width(ch, self.unit);
            if remaining < width {
                break; // inside a character (between surrogates): its start
            }
            remaining -= width;
            offset += ch.len_utf8();
            if remaining == 0 {
                break;
            }
        }
        offset
    }

    /// The position of `offset`, counting columns over the line's prefix only. A `\r\n` is one
    /// break (ropey is built with `cr_lines`, as LSP counts lines), so an offset between its two
    /// bytes stays on the line, after the `\r`.
    pub fn position(&self, offset: usize) -> Position {
        self.position_in_chunk(offset).unwrap_or_else(|| self.position_by_lines(offset))
    }

    /// [`Positions::position`] read from the rope's chunk holding `offset` alone, one walk
    /// down the rope instead of five: when the line starts in that chunk (lines are short,
    /// chunks a kilobyte or so) and no CR LF could be split around the chunk's edges. `None`
    /// otherwise.
    fn position_in_chunk(&self, offset: usize) -> Option<Position> {
        let offset = offset.min(self.rope.len_bytes());
        let (chunk, chunk_start, _, chunk_line) = self.rope.chunk_at_byte(offset);
        let bytes = chunk.as_bytes();
        let mut at = offset - chunk_start;
        while !chunk.is_char_boundary(at) {
            at -= 1;
        }
        if chunk_start > 0 && bytes.first() == Some(&b'\n') {
            return None; // an LF whose CR may end the chunk before
        }
        // The end of the last line break before `at`; a CR just before `at` whose LF is at `at`
        // is not one yet (the offset is inside the break, on the line of the CR).
        let mut before = &bytes[..at];
        if before.last() == Some(&b'\r') {
            match bytes.get(at) {
                Some(b'\n') => before = &before[..before.len() - 1],
                None => return None, // its LF may start the next chunk
                _ => {}
            }
        }
        let line_start = memchr::memrchr2(b'\n', b'\r', before)? + 1;
        let breaks = memchr::memchr_iter(b'\n', &bytes[..line_start]).count()
            + memchr::memchr_iter(b'\r', &bytes[..line_start]).filter(|&i| bytes.get(i + 1) != Some(&b'\n')).count();
        let prefix = &chunk[line_start..at];
        let character = width_of(prefix, self.unit);
        Some(Position { line: (chunk_line + breaks) as u32, character: character as u32 })
    }

    /// [`Positions::position`] through the rope's line index.
    fn position_by_lines(&self, offset: usize) -> Position {
        let offset = floor_char_boundary(self.rope, offset.min(self.rope.len_bytes()));
        let line = self.rope.byte_to_line(offset);
        let start = self.rope.line_to_byte(line);
        let prefix = self.rope.byte_slice(start..offset);
        let character = match self.unit {
            ColumnUnit::Utf8 => offset - start,
            unit => prefix.chunks().map(|c| width_of(c, unit)).sum(),
        };
        Position { line: line as u32, character: character as u32 }
    }

    pub fn range(&self, range: TextRange) -> Range {
        Range { start: self.position(range.start().into()), end: self.position(range.end().into()) }
    }

    pub fn text_range(&self, range: Range) -> TextRange {
        let start = self.offset(range.start);
        let end = self.offset(range.end).max(start);
        TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32))
    }
}

/// How many columns `ch` takes in `unit`.
fn width(ch: char, unit: ColumnUnit) -> usize {
    match unit {
        ColumnUnit::Utf8 => ch.len_utf8(),
        ColumnUnit::Utf16 => ch.len_utf16(),
        ColumnUnit::Char => 1,
    }
}

impl ToPosition for Positions<'_> {
    fn position(&self, offset: usize) -> Position {
        Positions::position(self, offset)
    }

    fn line_end(&self, line: u32) -> u32 {
        Positions::position(self, self.offset(Position { line, character: u32::MAX })).character
    }
}

/// [`Positions`] for many offsets in text order, each a little after the one before (a
/// document's diagnostics: a range's start and end, then the next diagnostic's): the text from
/// the last offset to the next is read, its line breaks counted and its columns measured, one
/// walk down the rope where [`Positions::position`] takes two, or five on a line longer than a
/// chunk of the rope. On a file whose movetexts are lines of kilobytes (lichess's exports), the
/// positions of the diagnostics were half of what a keystroke in a 10 MB file cost.
pub struct PositionsInOrder<'a> {
    positions: Positions<'a>,
    /// The last offset converted, and its position.
    last: Cell<Option<(usize, Position)>>,
}

impl<'a> PositionsInOrder<'a> {
    /// How far ahead of the last offset the text is read, rather than the rope walked down.
    const READ_AHEAD: usize = 16 * 1024;

    pub fn new(positions: Positions<'a>) -> Self {
        PositionsInOrder { positions, last: Cell::new(None) }
    }

    /// The position of `to`, read from the text after `from`, at `at`; `None` when either is
    /// not at a character boundary. A line break is an LF, a CR LF (counted at its LF: an offset
    /// between the two stays on the CR's line, after it) or a CR alone.
    fn read_on(&self, from: usize, at: Position, to: usize) -> Option<Position> {
        let rope = self.positions.rope;
        let unit = self.positions.unit;
        let (mut chunks, mut chunk_start, _, _) = rope.chunks_at_byte(from);
        let (mut line, mut column) = (at.line as usize, at.character as usize);
        // A CR ended the text read so far: a break unless an LF comes next.
        let mut cr_pending = false;
        let mut first = true;
        loop {
            let chunk = chunks.next()?;
            let piece_start = if first { from - chunk_start } else { 0 };
            let piece_end = (to - chunk_start).min(chunk.len());
            if !chunk.is_char_boundary(piece_start) || !chunk.is_char_boundary(piece_end) {
                return None;
            }
            first = false;
            let mut piece = &chunk[piece_start..piece_end];
            if cr_pending && !piece.is_empty() {
                cr_pending = false;
                line += 1;
                column = 0;
                piece = piece.strip_prefix('\n').unwrap_or(piece);
            }
            let bytes = piece.as_bytes();
            // The end of the last break in the piece.
            let mut after_break = None;
            for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
                match (bytes[i], bytes.get(i + 1)) {
                    // Counted at its LF.
                    (b'\r', Some(b'\n')) => {}
                    // Decided by what comes after the piece.
                    (b'\r', None) => cr_pending = true,
                    _ => {
                        line += 1;
                        after_break = Some(i + 1);
                    }
                }
            }
            column = match after_break {
                Some(i) => width_of(&piece[i..], unit),
                None => column + width_of(piece, unit),
            };
            if to <= chunk_start + chunk.len() {
                // The CR before `to` is a break unless `to` is at the LF after it (in this chunk,
                // or first in the next when `to` ends this one).
                let next = match chunk.as_bytes().get(to - chunk_start) {
                    Some(&b) => Some(b),
                    None => chunks.next().and_then(|c| c.as_bytes().first().copied()),
                };
                if cr_pending && next != Some(b'\n') {
                    line += 1;
                    column = 0;
                }
                return Some(Position { line: line as u32, character: column as u32 });
            }
            chunk_start += chunk.len();
        }
    }
}

/// How many columns `text` takes in `unit` (ASCII text without reading its characters).
fn width_of(text: &str, unit: ColumnUnit) -> usize {
    match unit {
        ColumnUnit::Utf8 => text.len(),
        _ if text.is_ascii() => text.len(),
        unit => text.chars().map(|ch| width(ch, unit)).sum(),
    }
}

impl ToPosition for PositionsInOrder<'_> {
    fn position(&self, offset: usize) -> Position {
        let offset = offset.min(self.positions.rope.len_bytes());
        let read = match self.last.get() {
            Some((from, at)) if from <= offset && offset - from <= Self::READ_AHEAD => self.read_on(from, at, offset),
            _ => None,
        };
        let found = read.unwrap_or_else(|| self.positions.position(offset));
        self.last.set(Some((offset, found)));
        found
    }

    fn line_end(&self, line: u32) -> u32 {
        ToPosition::line_end(&self.positions, line)
    }
}

fn floor_char_boundary(rope: &Rope, mut offset: usize) -> usize {
    // ropey's byte_to_char rounds down to a char boundary; going back through chars gives it.
    if offset < rope.len_bytes() {
        offset = rope.char_to_byte(rope.byte_to_char(offset));
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_round_trip_in_every_unit_with_crlf_latin1_and_astral_characters() {
        let text = "[Event \"Caf\u{e9}\"]\r\n{\u{1F600}} e4\rlast\nx";
        let rope = Rope::from_str(text);
        let e4 = text.find("e4").unwrap();
        for (unit, col) in [(ColumnUnit::Utf16, 5), (ColumnUnit::Utf8, 7), (ColumnUnit::Char, 4)] {
            let p = Positions::new(&rope, unit);
            assert_eq!(p.position(e4), Position { line: 1, character: col }, "{unit:?}");
            assert_eq!(p.offset(Position { line: 1, character: col }), e4);
            assert_eq!(p.position(text.find("last").unwrap()), Position { line: 2, character: 0 });
            assert_eq!(p.position(text.len()), Position { line: 3, character: 1 });
        }
        let p = Positions::new(&rope, ColumnUnit::Utf16);
        // Past the end of a line: its end, before the CRLF.
        assert_eq!(p.offset(Position { line: 0, character: 99 }), text.find('\r').unwrap());
        assert_eq!(p.offset(Position { line: 9, character: 0 }), text.len());
        // Between the two halves of a surrogate pair: the start of the character.
        assert_eq!(p.offset(Position { line: 1, character: 2 }), text.find('\u{1F600}').unwrap());
    }

    /// Read from one chunk or through the line index, every offset of texts of many chunks, with
    /// every kind of line end (CR LF pairs on the chunks' edges too), is at the same position.
    #[test]
    fn a_position_read_from_its_chunk_is_the_one_the_line_index_gives() {
        let mut text = String::new();
        for i in 0..3000 {
            text.push_str(["ab", "\r\n", "\u{e9}", "\r", "\n", "\u{1F600}", "xyz\r\n\r\n", "\n\r"][i * 7 % 8]);
        }
        let rope = Rope::from_str(&text);
        assert!(rope.chunks().count() > 5, "several chunks");
        for unit in [ColumnUnit::Utf16, ColumnUnit::Utf8, ColumnUnit::Char] {
            let p = Positions::new(&rope, unit);
            let mut fast = 0;
            for offset in 0..=text.len() + 1 {
                let slow = p.position_by_lines(offset);
                if let Some(quick) = p.position_in_chunk(offset) {
                    assert_eq!(quick, slow, "{unit:?} at {offset}");
                    fast += 1;
                }
                assert_eq!(p.position(offset), slow);
            }
            assert!(fast * 10 > text.len() * 9, "{unit:?}: most offsets are read from their chunk ({fast})");
        }
    }

    /// Offsets in text order, in pairs as a diagnostic's range gives them, and out of order:
    /// each at the position [`Positions`] gives, on lines longer than a chunk of the rope, with
    /// ASCII only and with other characters (astral ones too), and on short lines with every
    /// kind of line end, some of them on the chunks' edges.
    #[test]
    fn positions_in_order_are_those_of_the_rope() {
        let mut text = String::new();
        for i in 0..40 {
            match i % 5 {
                0 => text.push_str(&"1. e4 { [%clk 0:05:00] } e5 ".repeat(120)),
                1 => text.push_str(&format!("{}\u{e9}{}", "Nf3 ".repeat(300), "\u{1F600} c5 ".repeat(50))),
                2 => text.push_str("[Event \"x\"]"),
                3 => {}
                _ => text.push_str("e4"),
            }
            text.push_str(["\r\n", "\n", "\r", "\n\r"][i % 4]);
        }
        text.push_str("last line without a break");
        // Short lines with every kind of line end, CR LF pairs on the chunks' edges too.
        let mut breaks = String::new();
        for i in 0..3000 {
            breaks.push_str(["ab", "\r\n", "\u{e9}", "\r", "\n", "\u{1F600}", "xyz\r\n\r\n", "\n\r"][i * 7 % 8]);
        }
        breaks.push('\r');
        for text in [text, breaks] {
            positions_in_order_are_those_of_the_rope_in(&text);
        }
    }

    fn positions_in_order_are_those_of_the_rope_in(text: &str) {
        let rope = Rope::from_str(text);
        assert!(rope.chunks().count() > 5, "several chunks");
        let mut rng = kibitzer_syntax::testing::Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut next = move |below: usize| rng.below(below);
        for unit in [ColumnUnit::Utf16, ColumnUnit::Utf8, ColumnUnit::Char] {
            let whole = Positions::new(&rope, unit);
            let in_order = PositionsInOrder::new(whole);
            let mut offsets: Vec<usize> = (0..3000).map(|_| next(text.len() + 2)).collect();
            offsets.sort_unstable();
            // Every offset in order, then a range from each, then out of order.
            let ranges: Vec<usize> = offsets.iter().flat_map(|&o| [o, o + next(40)]).collect();
            let shuffled: Vec<usize> = (0..3000).map(|_| next(text.len() + 2)).collect();
            for offset in offsets.iter().chain(&ranges).chain(&shuffled).copied() {
                assert_eq!(in_order.position(offset), whole.position(offset), "{unit:?} at {offset}");
            }
        }
    }

    #[test]
    fn negotiation_prefers_utf8_then_utf32_else_utf16() {
        use PositionEncodingKind as K;
        assert_eq!(negotiate(Some(&[K::UTF16, K::UTF8])), ColumnUnit::Utf8);
        assert_eq!(negotiate(Some(&[K::UTF32, K::UTF16])), ColumnUnit::Char);
        assert_eq!(negotiate(Some(&[K::UTF16])), ColumnUnit::Utf16);
        assert_eq!(negotiate(None), ColumnUnit::Utf16);
    }
}
