//! Document and range formatting with the formatter of `kibitzer fmt`
//! (`kibitzer_syntax::format`), answered as minimal text edits. Units with syntax errors are left
//! as written by the engine, so formatting never loses text.
//!
//! Where units are independent (PGN games, EPD lines: [`Lang::has_independent_units`]) the
//! document is formatted segment by segment, each segment being one unit with the whitespace
//! after it: only one game's text, tree and formatted text are alive at a time, so memory stays
//! bounded by the largest game however large the file (a whole-file format of a 10 MB PGN built
//! a tree of about 170 MB). The engine treats a unit and the gap after it the same way whether
//! it formats them alone or within the file, which a test checks on corpus files.

use super::analysis::{self, Segment};
use kibitzer_syntax::diagnostic::TextEdit;
use kibitzer_syntax::format::{format, format_range, minimal_edits, FormatOptions};
use kibitzer_syntax::{CheckOptions, Lang, TextRange};
use ropey::Rope;
use std::borrow::Cow;

/// Minimal edits turning the document into its formatted form (only the units `range` touches,
/// when given); empty when it is formatted already. `segments` are the document's (dirty ones
/// are re-cut first); `options` are the check settings that re-cutting checks with.
pub fn edits(
    lang: Lang,
    rope: &Rope,
    segments: &[Segment],
    options: &CheckOptions,
    range: Option<TextRange>,
) -> Vec<TextEdit> {
    // A binary document is never rewritten (its segments alone might look like text).
    if kibitzer_syntax::binary::binary_at(rope.chunks()).is_some() {
        return Vec::new();
    }
    if !lang.has_independent_units() {
        let text = rope.to_string();
        return text_edits(lang, &text, range);
    }
    // Segments must be exactly the units: re-cut what edits left dirty.
    let mut segments = segments.to_vec();
    analysis::refresh(lang, rope, &mut segments, options);
    // The segments to format, each with the part of `range` in it (relative to its start).
    let chosen: Vec<(TextRange, Option<TextRange>)> = segments
        .iter()
        .filter_map(|seg| match range {
            None => Some((seg.range, None)),
            Some(r) if touches(seg.range, r) => {
                let clipped = TextRange::new(r.start().max(seg.range.start()), r.end().min(seg.range.end()));
                Some((seg.range, Some(clipped.checked_sub(seg.range.start()).unwrap_or_default())))
            }
            Some(_) => None,
        })
        .collect();
    // Segments are formatted apart, on every core: a whole 10 MB file took one core 400 ms.
    let threads = match chosen.len() {
        0 | 1 => 1,
        _ => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let per_segment = kibitzer_syntax::map_on(threads, chosen.len(), |i| {
        let (seg, local) = chosen[i];
        let text: Cow<str> = rope.byte_slice(usize::from(seg.start())..usize::from(seg.end())).into();
        let mut edits = text_edits(lang, &text, local);
        for e in &mut edits {
            e.range += seg.start();
        }
        edits
    });
    per_segment.into_iter().flatten().collect()
}

/// Changes at most this many unchanged lines apart go into one edit.
const JOIN_ACROSS_LINES: usize = 3;

/// Joins edits of `text` (sorted, not overlapping) that only a few unchanged lines separate:
/// the unchanged lines are sent once more, but a whole-file formatting answers with a few
/// edits per game instead of one per changed line. Each edit costs far more than its text
/// before it is written out (its range, four numbers in two objects; in a small answer, which
/// tower-lsp turns into a `serde_json::Value` first, four maps), so this bounds the memory of
/// the answer as well as its size.
fn coalesce(text: &str, edits: Vec<TextEdit>) -> Vec<TextEdit> {
    let mut out: Vec<TextEdit> = Vec::with_capacity(edits.len());
    for e in edits {
        match out.last_mut() {
            Some(last)
                if text[TextRange::new(last.range.end(), e.range.start())].matches('\n').count()
                    <= JOIN_ACROSS_LINES =>
            {
                last.replacement.push_str(&text[TextRange::new(last.range.end(), e.range.start())]);
                last.replacement.push_str(&e.replacement);
                last.range = last.range.cover(e.range);
            }
            _ => out.push(e),
        }
    }
    out
}

/// Whether formatting `range` concerns the segment `seg`: they overlap, or an empty range lies
/// in it or at either end.
fn touches(seg: TextRange, range: TextRange) -> bool {
    if range.is_empty() {
        seg.contains_inclusive(range.start())
    } else {
        seg.start() < range.end() && range.start() < seg.end()
    }
}

/// Minimal edits formatting `text` (the units `range` touches, when given).
fn text_edits(lang: Lang, text: &str, range: Option<TextRange>) -> Vec<TextEdit> {
    let options = FormatOptions::default();
    let formatted = match range {
        None => format(lang, text, &options),
        Some(r) => format_range(lang, text, r, &options),
    };
    document_edits(text, &formatted.text)
}

/// Edits turning `old` into `new`: the minimal ones, joined where only a few unchanged lines
/// separate them ([`coalesce`]). What every answer that rewrites much of a document sends.
pub fn document_edits(old: &str, new: &str) -> Vec<TextEdit> {
    if old == new {
        return Vec::new();
    }
    coalesce(old, minimal_edits(old, new))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kibitzer_syntax::diagnostic::apply_edits;
    use kibitzer_syntax::TextSize;

    /// Formatting segment by segment gives what formatting the whole text gives, for the whole
    /// document and for ranges (empty ones, ones across games, ones at game boundaries).
    #[test]
    fn formatting_by_segment_equals_formatting_the_whole_text() {
        let mut texts = vec![(
            Lang::Pgn,
            "  \n[Event \"a\"]\n1.e4 e5 *\n\n\n[Event \"b\"]\r\n\r\n1. d4 {x} *\n% stray\n[Event \"c\"]\n1. e4 {open"
                .to_owned(),
        )];
        match crate::lsp::test_corpus() {
            Some(c) => {
                for (lang, file) in [
                    (Lang::Pgn, "pgn/pgn-reader/lichess_db_100k.pgn"),
                    (Lang::Pgn, "pgn/pgn-reader/twic1599_100k.pgn"),
                    (Lang::Epd, "epd/arasan/wacnew.epd"),
                ] {
                    match std::fs::read(c.join(file)) {
                        Ok(bytes) => texts.push((lang, kibitzer_syntax::text::decode(&bytes).text)),
                        Err(_) => eprintln!("skipped: {file} missing"),
                    }
                }
            }
            None => eprintln!("corpus part skipped: no ../shared/corpus"),
        }
        let options = CheckOptions::default();
        let fmt = FormatOptions::default();
        for (lang, text) in texts {
            let rope = Rope::from_str(&text);
            let mut segments = Vec::new();
            analysis::refresh(lang, &rope, &mut segments, &options);
            let whole = format(lang, &text, &fmt).text;
            let all = edits(lang, &rope, &segments, &options, None);
            assert_eq!(apply_edits(&text, &all).0, whole, "{lang:?}");
            if segments.len() > 1 {
                assert!(all.len() > 1 || whole == text, "{lang:?}: {} edits", all.len());
            }
            let at = |i: usize| {
                let mut i = i.min(text.len());
                while !text.is_char_boundary(i) {
                    i -= 1;
                }
                TextSize::from(i as u32)
            };
            let boundary = segments.get(1).map_or(0, |s| usize::from(s.range.start()));
            for (a, b) in [
                (0, 0),
                (text.len() / 3, text.len() / 3 + 500),
                (boundary, boundary),
                (boundary - boundary.min(3), boundary + 2),
                (text.len(), text.len()),
            ] {
                let r = TextRange::new(at(a), at(b));
                let expected = format_range(lang, &text, r, &fmt).text;
                let some = edits(lang, &rope, &segments, &options, Some(r));
                assert_eq!(apply_edits(&text, &some).0, expected, "{lang:?} range {r:?}");
            }
        }
    }
}
