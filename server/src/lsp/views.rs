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

use super::cache::{LineToken, PlacedPart, TokenAnswer, UnitViews};
use super::document::Snapshot;
use super::offsets::{Base, SegmentPositions};
use super::to_lsp;
use kibitzer_syntax::ide;
use kibitzer_syntax::text::ColumnUnit;
use kibitzer_syntax::{TextRange, TextSize};
use std::borrow::Cow;
use std::sync::{Arc, OnceLock};
use tower_lsp_server::ls_types::{DocumentSymbol, FoldingRange, Position, Range, SemanticToken, SemanticTokensEdit};

/// The parts of the snapshot's text with their caches: its segments' pieces (a segment, or each
/// piece of a block of them), or before the first check has cut the text, the whole text with a
/// cache of its own. The views are those of each piece: outline and folding find games the
/// way the editor features do ([`kibitzer_syntax::ide`]), which in a text that is not a game
/// may differ from the parser's units, so a block read whole could give other games than its
/// pieces read one by one.
fn parts(s: &Snapshot) -> Vec<(TextRange, Arc<UnitViews>)> {
    if s.segments.is_empty() {
        return vec![(TextRange::up_to(TextSize::from(s.rope.len_bytes() as u32)), Arc::default())];
    }
    let mut out = Vec::with_capacity(s.segments.len());
    for seg in &s.segments {
        if !seg.is_block() {
            out.push((seg.range, seg.data.views().clone()));
            continue;
        }
        let pieces = seg.block_pieces(s.lang, &s.rope);
        out.extend(pieces.iter().map(|(range, views)| (*range + seg.range.start(), views.clone())));
    }
    out
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
            ide::symbols(s.lang, &text).into_iter().map(|sym| to_lsp::symbol(sym, &pos)).collect()
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
            ide::folding(s.lang, &text).into_iter().filter_map(|f| to_lsp::folding(f, &pos)).collect()
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
    let wanted = wanted.map(|r| s.positions().text_range(r));
    let mut parts = parts(s);
    parts.retain(|(range, _)| wanted.is_none_or(|w| w.intersect(*range).is_some()));
    let mut out = Vec::new();
    place_tokens(s, &parts, Position::default(), &mut |t| out.push(t));
    out
}

/// The answer [`AllSemanticTokens`] writes for the snapshot, as a delta needs it (computing the
/// parts not cached yet).
pub fn semantic_token_answer(s: &Snapshot, result_id: String) -> TokenAnswer {
    TokenAnswer { result_id, parts: layout(s, &parts(s)) }
}

/// All the semantic tokens of the document as the JSON of LSP's `SemanticTokens`, written as
/// they are produced: a large answer is never held as a vector of tokens, 20 bytes each, next to
/// its JSON (see [`parked`](super::large_answers)).
pub struct AllSemanticTokens<'a> {
    pub snapshot: &'a Snapshot,
    pub result_id: &'a str,
}

impl serde::Serialize for AllSemanticTokens<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeSeq, SerializeStruct};
        struct Data<'a>(&'a Snapshot);
        impl serde::Serialize for Data<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut seq = serializer.serialize_seq(None)?;
                let mut failed = None;
                place_tokens(self.0, &parts(self.0), Position::default(), &mut |t| {
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
        let mut tokens = serializer.serialize_struct("SemanticTokens", 2)?;
        tokens.serialize_field("resultId", self.result_id)?;
        tokens.serialize_field("data", &Data(self.snapshot))?;
        tokens.end()
    }
}

/// The edit turning the tokens of `previous` into those of the snapshot (`None`: no change), and
/// the new answer; `None` when the previous answer cannot be compared (its tokens are not all
/// cached, or some were dropped as out of order): then send the whole answer.
///
/// The tokens are compared from the start and from the end; what lies between is sent again.
/// From the end, tokens count as the same when an edit before them moved them by whole lines
/// (the relative encoding does not see that), except the first of them, whose encoding is
/// relative to the changed token before it. A part whose cache is the same (an edit keeps the
/// caches of the segments it does not touch, see [`analysis`](super::analysis)) and in the same
/// place is skipped whole; elsewhere, in the few parts an edit cut anew, token by token.
pub fn semantic_token_delta(
    s: &Snapshot,
    previous: &TokenAnswer,
    result_id: String,
) -> Option<(Option<SemanticTokensEdit>, TokenAnswer)> {
    let old = Placed::of_answer(previous, s.unit)?;
    let answer = TokenAnswer { result_id, parts: layout(s, &parts(s)) };
    let now = Placed::of_answer(&answer, s.unit)?;
    let (old_len, now_len) = (old.len(), now.len());

    let mut head = 0;
    while head < old_len.min(now_len) {
        if let Some(skip) = old.same_part_from(head, &now, head) {
            head += skip;
        } else if old.token(head) == now.token(head) {
            head += 1;
        } else {
            break;
        }
    }
    // From the end: every token moved by the lines the last one moved.
    let shift = match (old_len, now_len) {
        (0, _) | (_, 0) => 0,
        _ => i64::from(now.token(now_len - 1).0.line) - i64::from(old.token(old_len - 1).0.line),
    };
    let moved = |t: AbsoluteToken| (Position { line: (i64::from(t.0.line) + shift) as u32, ..t.0 }, t.1, t.2);
    let mut tail = 0;
    while head + tail < old_len.min(now_len) {
        let (o, n) = (old_len - 1 - tail, now_len - 1 - tail);
        if let Some(skip) = old.same_part_to(o, &now, n, shift) {
            tail += skip.min(old_len.min(now_len) - head - tail);
        } else if moved(old.token(o)) == now.token(n) {
            tail += 1;
        } else {
            break;
        }
    }
    tail = tail.saturating_sub(1);

    let mut prev = if head == 0 { Position::default() } else { now.token(head - 1).0 };
    let mut data = Vec::with_capacity(now_len - head - tail);
    for i in head..now_len - tail {
        let (start, length, token_type) = now.token(i);
        let delta_line = start.line - prev.line;
        let delta_start = if delta_line == 0 { start.character - prev.character } else { start.character };
        data.push(SemanticToken { delta_line, delta_start, length, token_type, token_modifiers_bitset: 0 });
        prev = start;
    }
    let deleted = old_len - head - tail;
    let edit = (deleted > 0 || !data.is_empty()).then(|| SemanticTokensEdit {
        start: (5 * head) as u32,
        delete_count: (5 * deleted) as u32,
        data: Some(data),
    });
    Some((edit, answer))
}

/// A token in document positions: start, length, type.
type AbsoluteToken = (Position, u32, u32);

/// The tokens of an answer, by their index in it.
struct Placed<'a> {
    parts: &'a [PlacedPart],
    tokens: Vec<&'a [LineToken]>,
    /// The index of each part's first token, and the number of tokens after the last part.
    starts: Vec<usize>,
}

impl<'a> Placed<'a> {
    /// `None` when a part's tokens are not cached in `unit`, or some were dropped.
    fn of_answer(answer: &'a TokenAnswer, unit: ColumnUnit) -> Option<Placed<'a>> {
        let mut tokens = Vec::with_capacity(answer.parts.len());
        let mut starts = Vec::with_capacity(answer.parts.len() + 1);
        let mut at = 0;
        for part in &answer.parts {
            let (u, local) = part.views.tokens.get()?;
            if *u != unit || local.len() != part.count {
                return None;
            }
            tokens.push(local.as_slice());
            starts.push(at);
            at += local.len();
        }
        starts.push(at);
        Some(Placed { parts: &answer.parts, tokens, starts })
    }

    fn len(&self) -> usize {
        self.starts.last().copied().unwrap_or(0)
    }

    /// The part holding token `i`.
    fn part_of(&self, i: usize) -> usize {
        self.starts.partition_point(|&start| start <= i) - 1
    }

    fn token(&self, i: usize) -> AbsoluteToken {
        let p = self.part_of(i);
        let t = self.tokens[p][i - self.starts[p]];
        (Base(self.parts[p].base).place(t.start), t.length, t.token_type)
    }

    /// When token `i` starts a part that `other` has too, starting at its token `j` in the same
    /// place: the number of tokens of that part.
    fn same_part_from(&self, i: usize, other: &Placed, j: usize) -> Option<usize> {
        let (p, q) = (self.part_of(i), other.part_of(j));
        let whole = self.starts[p] == i && other.starts[q] == j;
        (whole && Arc::ptr_eq(&self.parts[p].views, &other.parts[q].views) && self.parts[p].base == other.parts[q].base)
            .then(|| self.tokens[p].len())
            .filter(|&n| n > 0)
    }

    /// When token `i` ends a part that `other` has too, ending at its token `j`, `shift` lines
    /// further down: the number of tokens of that part.
    fn same_part_to(&self, i: usize, other: &Placed, j: usize, shift: i64) -> Option<usize> {
        let (p, q) = (self.part_of(i), other.part_of(j));
        let whole = self.starts[p + 1] == i + 1 && other.starts[q + 1] == j + 1;
        let (a, b) = (self.parts[p].base, other.parts[q].base);
        let moved = i64::from(b.line) - i64::from(a.line) == shift && a.character == b.character;
        (whole && moved && Arc::ptr_eq(&self.parts[p].views, &other.parts[q].views))
            .then(|| self.tokens[p].len())
            .filter(|&n| n > 0)
    }
}

/// The tokens of the part `range`, from its cache or computed now (and cached).
fn part_tokens<'v>(s: &Snapshot, range: TextRange, views: &'v UnitViews) -> Cow<'v, [LineToken]> {
    cached(&views.tokens, s.unit, || {
        let text = text_of(s, range);
        to_lsp::line_tokens(&ide::classify(s.lang, &text), &SegmentPositions::new(&text, s.unit))
    })
}

/// The parts as [`place_tokens`] places them, without going through their tokens: a part's
/// tokens are in text order (those of `ide::classify`, one line each) and parts do not overlap,
/// so only a part's first tokens can come before the last one placed (and be dropped).
fn layout(s: &Snapshot, parts: &[(TextRange, Arc<UnitViews>)]) -> Vec<PlacedPart> {
    let mut prev = Position::default();
    let mut placed = Vec::with_capacity(parts.len());
    for (range, views) in parts {
        let local = part_tokens(s, *range, views);
        debug_assert!(local
            .windows(2)
            .all(|w| (w[0].start.line, w[0].start.character) <= (w[1].start.line, w[1].start.character)));
        let base = base(s, *range);
        let before = |t: &LineToken| {
            let start = base.place(t.start);
            (start.line, start.character) < (prev.line, prev.character)
        };
        let dropped = local.iter().take_while(|t| before(t)).count();
        if let Some(last) = local[dropped..].last() {
            prev = base.place(last.start);
        }
        placed.push(PlacedPart { views: views.clone(), base: base.0, count: local.len() - dropped });
    }
    placed
}

/// Calls `f` with each semantic token of `parts`, in document order, encoded relative to the one
/// before (`prev` before the first); gives each part as placed.
fn place_tokens(
    s: &Snapshot,
    parts: &[(TextRange, Arc<UnitViews>)],
    mut prev: Position,
    f: &mut dyn FnMut(SemanticToken),
) -> Vec<PlacedPart> {
    let mut placed = Vec::with_capacity(parts.len());
    for (range, views) in parts {
        let local = part_tokens(s, *range, views);
        let base = base(s, *range);
        let mut part = PlacedPart { views: views.clone(), base: base.0, count: 0 };
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
            part.count += 1;
        }
        placed.push(part);
    }
    placed
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
            revision: 0,
            rope,
            options: Arc::default(),
            segments,
            unit,
            semantic_answer: Default::default(),
            across_found: None,
            across_before: None,
            started: 0,
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
