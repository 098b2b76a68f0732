//! LSP positions ↔ byte offsets of a document held in a rope.
//!
//! The column unit is negotiated at `initialize` (UTF-8 or UTF-32 when the client offers them,
//! else UTF-16). Lines are LSP's: `\n`, `\r\n` and `\r` end them in every format — also in PBI,
//! whose own NEL and LINE SEPARATOR breaks editors do not count (ropey is built with `cr_lines`
//! only, for the same reason). Columns are counted by `kibitzer_syntax::text::LineIndex` over the
//! one line concerned, so a conversion costs O(log n + line length).

use kibitzer_syntax::text::{ColumnUnit, LineCol, LineIndex};
use kibitzer_syntax::{TextRange, TextSize};
use ropey::Rope;
use std::borrow::Cow;
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

    fn line_text(&self, line: usize) -> Cow<'a, str> {
        self.rope.line(line).into()
    }

    /// Byte offset of `pos`; a line past the end gives the end of the text, a column past the
    /// end of its line the end of the line (as the LSP requires).
    pub fn offset(&self, pos: Position) -> usize {
        let line = pos.line as usize;
        if line >= self.rope.len_lines() {
            return self.rope.len_bytes();
        }
        let start = self.rope.line_to_byte(line);
        let text = self.line_text(line);
        let index = LineIndex::new(&text);
        start + usize::from(index.offset(&text, LineCol { line: 0, col: pos.character }, self.unit))
    }

    pub fn position(&self, offset: usize) -> Position {
        let offset = floor_char_boundary(self.rope, offset.min(self.rope.len_bytes()));
        let line = self.rope.byte_to_line(offset);
        let start = self.rope.line_to_byte(line);
        let text = self.line_text(line);
        let index = LineIndex::new(&text);
        let col = index.line_col(&text, TextSize::from((offset - start) as u32), self.unit);
        // A `\r\n` is one break for ropey; an offset between its two bytes stays on this line.
        Position { line: (line as u32) + col.line, character: if col.line == 0 { col.col } else { 0 } }
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

    #[test]
    fn negotiation_prefers_utf8_then_utf32_else_utf16() {
        use PositionEncodingKind as K;
        assert_eq!(negotiate(Some(&[K::UTF16, K::UTF8])), ColumnUnit::Utf8);
        assert_eq!(negotiate(Some(&[K::UTF32, K::UTF16])), ColumnUnit::Char);
        assert_eq!(negotiate(Some(&[K::UTF16])), ColumnUnit::Utf16);
        assert_eq!(negotiate(None), ColumnUnit::Utf16);
    }
}
