//! Whole-document views — outline, folding ranges, semantic tokens — assembled from per-unit
//! parts cached in the document's segments, so that after a keystroke only the edited unit is
//! computed again.
//!
//! Each segment (see [`analysis`](super::analysis)) carries a [`UnitViews`]. A part is computed
//! the first time a request needs it, in positions relative to the segment's start
//! ([`SegmentPositions`]), and placed at the segment's current position on every answer
//! ([`Base`]). The cache lives exactly as long as the segment's text is unchanged: an edit
//! replaces the segments it touches by a new one with an empty cache, and a re-check keeps the
//! cache of every segment it keeps (as it keeps its diagnostics). Snapshots share the caches
//! (`Arc`), so what one request computes serves the next.

use super::convert;
use super::document::Snapshot;
use super::position::{Base, SegmentPositions};
use kibitzer_syntax::ide;
use kibitzer_syntax::text::ColumnUnit;
use kibitzer_syntax::{TextRange, TextSize};
use std::borrow::Cow;
use std::sync::{Arc, OnceLock};
use tower_lsp_server::ls_types::{DocumentSymbol, FoldingRange, Position, Range, SemanticToken};

/// One semantic token on one line, in segment-relative positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineToken {
    pub start: Position,
    pub length: u32,
    pub token_type: u32,
}

/// The cached parts of one segment, each computed on first use, with the column unit it was
/// computed in (a part in another unit is recomputed, not used).
#[derive(Debug, Default)]
pub struct UnitViews {
    symbols: OnceLock<(ColumnUnit, Vec<DocumentSymbol>)>,
    folds: OnceLock<(ColumnUnit, Vec<FoldingRange>)>,
    tokens: OnceLock<(ColumnUnit, Vec<LineToken>)>,
}

/// The parts of the snapshot's text with their caches: its segments, or before the first check
/// has cut the text, the whole text with a cache of its own.
fn parts(s: &Snapshot) -> Vec<(TextRange, Arc<UnitViews>)> {
    if s.segments.is_empty() {
        return vec![(TextRange::up_to(TextSize::from(s.rope.len_bytes() as u32)), Arc::default())];
    }
    s.segments.iter().map(|seg| (seg.range, seg.views.clone())).collect()
}

fn text_of(s: &Snapshot, range: TextRange) -> Cow<'_, str> {
    s.rope.byte_slice(usize::from(range.start())..usize::from(range.end())).into()
}

/// The cached value of `cell`, or `compute`d now (and kept when the cell is empty).
fn cached<T: Clone>(
    cell: &OnceLock<(ColumnUnit, Vec<T>)>,
    unit: ColumnUnit,
    compute: impl FnOnce() -> Vec<T>,
) -> Cow<'_, [T]> {
    if let Some((u, v)) = cell.get() {
        return if *u == unit { Cow::Borrowed(v) } else { Cow::Owned(compute()) };
    }
    match cell.set((unit, compute())) {
        // Another request filled the cell meanwhile: this one's own value is as good.
        Err((_, value)) => Cow::Owned(value),
        Ok(()) => cell.get().map_or(Cow::Owned(Vec::new()), |(_, v)| Cow::Borrowed(v)),
    }
}

/// Where `range` starts in the document.
fn base(s: &Snapshot, range: TextRange) -> Base {
    Base(s.positions().position(range.start().into()))
}

fn place_symbol(base: Base, sym: &DocumentSymbol) -> DocumentSymbol {
    let mut out = sym.clone();
    place_symbol_in_place(base, &mut out);
    out
}

fn place_symbol_in_place(base: Base, sym: &mut DocumentSymbol) {
    sym.range = base.place_range(sym.range);
    sym.selection_range = base.place_range(sym.selection_range);
    for c in sym.children.iter_mut().flatten() {
        place_symbol_in_place(base, c);
    }
}

/// The outline: one symbol per game.
pub fn symbols(s: &Snapshot) -> Vec<DocumentSymbol> {
    let mut out = Vec::new();
    for (range, views) in parts(s) {
        let local = cached(&views.symbols, s.unit, || {
            let text = text_of(s, range);
            let pos = SegmentPositions::new(&text, s.unit);
            ide::symbols(s.lang, &text).into_iter().map(|sym| convert::symbol(sym, &pos)).collect()
        });
        if local.is_empty() {
            continue;
        }
        let base = base(s, range);
        out.extend(local.iter().map(|sym| place_symbol(base, sym)));
    }
    out
}

/// Folding ranges: games, multi-line comments, variations, sections.
pub fn folding(s: &Snapshot) -> Vec<FoldingRange> {
    let mut out = Vec::new();
    for (range, views) in parts(s) {
        let local = cached(&views.folds, s.unit, || {
            let text = text_of(s, range);
            let pos = SegmentPositions::new(&text, s.unit);
            ide::folding(s.lang, &text).into_iter().filter_map(|f| convert::folding(f, &pos)).collect()
        });
        if local.is_empty() {
            continue;
        }
        // Folds are whole lines: only the line moves.
        let line = base(s, range).0.line;
        out.extend(local.iter().map(|f| FoldingRange {
            start_line: f.start_line + line,
            end_line: f.end_line + line,
            ..f.clone()
        }));
    }
    out
}

/// Semantic tokens of the units that `wanted` touches (all when `None`), encoded as LSP's
/// relative 5-tuples.
pub fn semantic_tokens(s: &Snapshot, wanted: Option<Range>) -> Vec<SemanticToken> {
    let mut out = Vec::new();
    each_semantic_token(s, wanted, &mut |t| out.push(t));
    out
}

/// How many semantic tokens the whole document has (computing the parts not cached yet).
pub fn semantic_token_count(s: &Snapshot) -> usize {
    let mut count = 0;
    each_semantic_token(s, None, &mut |_| count += 1);
    count
}

/// All the semantic tokens of the document as the JSON of LSP's `SemanticTokens`, written as
/// they are produced: a large answer is never held as a vector of tokens, 20 bytes each, next to
/// its JSON (see [`parked`](super::parked)).
pub struct AllSemanticTokens<'a>(pub &'a Snapshot);

impl serde::Serialize for AllSemanticTokens<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeSeq, SerializeStruct};
        struct Data<'a>(&'a Snapshot);
        impl serde::Serialize for Data<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut seq = serializer.serialize_seq(None)?;
                let mut failed = None;
                each_semantic_token(self.0, None, &mut |t| {
                    if failed.is_none() {
                        let numbers = [t.delta_line, t.delta_start, t.length, t.token_type, t.token_modifiers_bitset];
                        failed = numbers.iter().find_map(|n| seq.serialize_element(n).err());
                    }
                });
                match failed {
                    Some(e) => Err(e),
                    None => seq.end(),
                }
            }
        }
        let mut tokens = serializer.serialize_struct("SemanticTokens", 1)?;
        tokens.serialize_field("data", &Data(self.0))?;
        tokens.end()
    }
}

/// Calls `f` with each semantic token of the units that `wanted` touches (all when `None`), in
/// document order, encoded relative to the one before.
fn each_semantic_token(s: &Snapshot, wanted: Option<Range>, f: &mut dyn FnMut(SemanticToken)) {
    let wanted = wanted.map(|r| s.positions().text_range(r));
    let mut prev = Position { line: 0, character: 0 };
    for (range, views) in parts(s) {
        if wanted.is_some_and(|w| w.intersect(range).is_none()) {
            continue;
        }
        let local = cached(&views.tokens, s.unit, || {
            let text = text_of(s, range);
            convert::line_tokens(&ide::classify(s.lang, &text), &SegmentPositions::new(&text, s.unit))
        });
        if local.is_empty() {
            continue;
        }
        let base = base(s, range);
        for t in local.iter() {
            let start = base.place(t.start);
            if (start.line, start.character) < (prev.line, prev.character) {
                continue; // LSP wants tokens in order; one out of order is dropped, never wrapped
            }
            let delta_line = start.line - prev.line;
            let delta_start = if delta_line == 0 { start.character - prev.character } else { start.character };
            f(SemanticToken {
                delta_line,
                delta_start,
                length: t.length,
                token_type: t.token_type,
                token_modifiers_bitset: 0,
            });
            prev = start;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::analysis;
    use super::*;
    use kibitzer_syntax::Lang;
    use ropey::Rope;

    fn snapshot(text: &str, cut: bool, unit: ColumnUnit) -> Snapshot {
        let rope = Rope::from_str(text);
        let mut segments = Vec::new();
        if cut {
            analysis::refresh(Lang::Pgn, &rope, &mut segments, &Default::default());
        }
        Snapshot {
            uri: "file:///views.pgn".parse().expect("a valid URI"),
            lang: Lang::Pgn,
            version: 1,
            rope,
            options: Arc::default(),
            segments,
            unit,
        }
    }

    /// Parts computed per game in segment-relative positions and placed at their game's start
    /// give what converting the whole text at once gives — with CRLF, a game starting after text
    /// on its line, and characters of two and four bytes before tokens.
    #[test]
    fn placed_parts_equal_the_whole_text_converted_at_once() {
        let game = |n: u32| {
            format!("[Event \"\u{e9}{n}\"]\r\n[White \"\u{1F600}\"]\r\n\r\n1. e4 {{\u{1F600}\r\nx}} (1. d4) *\r\n\r\n")
        };
        let text = format!("{}{} {}", game(1), game(2), game(3));
        for unit in [ColumnUnit::Utf16, ColumnUnit::Utf8, ColumnUnit::Char] {
            let (parts, whole) = (snapshot(&text, true, unit), snapshot(&text, false, unit));
            assert!(parts.segments.len() >= 3, "{:?}", parts.segments);
            assert_eq!(symbols(&parts), symbols(&whole), "{unit:?}");
            assert_eq!(symbols(&parts).len(), 3);
            assert_eq!(folding(&parts), folding(&whole), "{unit:?}");
            assert_eq!(semantic_tokens(&parts, None), semantic_tokens(&whole, None), "{unit:?}");
            // Asked again: the cached parts, placed the same way.
            assert_eq!(semantic_tokens(&parts, None), semantic_tokens(&whole, None), "{unit:?}");
        }
    }

    #[test]
    fn a_part_is_computed_once_per_column_unit() {
        let cell = OnceLock::new();
        let mut calls = 0;
        assert_eq!(
            *cached(&cell, ColumnUnit::Utf16, || {
                calls += 1;
                vec![1]
            }),
            [1]
        );
        assert_eq!(
            *cached(&cell, ColumnUnit::Utf16, || {
                calls += 1;
                vec![2]
            }),
            [1]
        );
        assert_eq!(calls, 1);
        // Another unit: computed again, the cached part left alone.
        assert_eq!(*cached(&cell, ColumnUnit::Utf8, || vec![3]), [3]);
        assert_eq!(*cached(&cell, ColumnUnit::Utf16, || vec![4]), [1]);
    }
}
