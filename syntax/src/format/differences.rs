//! Where a text differs from its formatted form, placed as narrowly as words and blanks allow:
//! the edits export mode reports one diagnostic each ([`crate::layout`]).
//!
//! [`super::minimal_edits`] finds the stretches of lines that differ; within each stretch the
//! two sides are compared as words (runs of non-blank characters) and the blanks between them.
//! Words the two sides share are anchors; what lies between two anchors, when it differs, is
//! one edit: a blank between two shared words is replaced whole (two spaces by one, a line
//! break by a space, a space at a line's end removed), and a stretch with changed words is cut
//! down to the characters that change (`;c` becoming `{c}`, the space `1.e4` lacks).

use crate::diagnostic::TextEdit;
use crate::text::{TextRange, TextSize};
use rustc_hash::FxHashMap;
use std::ops::Range;

/// The edits within `stretches` (the line-level edits of `old`, [`super::minimal_edits`]), in
/// byte offsets of `old`, in text order, none overlapping another, grouped by stretch.
pub(super) fn within_stretches(old: &str, stretches: Vec<TextEdit>) -> Vec<Vec<TextEdit>> {
    stretches
        .into_iter()
        .map(|stretch| {
            let mut out = Vec::new();
            within(&old[stretch.range], &stretch.replacement, usize::from(stretch.range.start()), &mut out);
            out
        })
        .collect()
}

/// The edits of one differing stretch `a` (at `at` in the old text) that becomes `b`.
fn within(a: &str, b: &str, at: usize, out: &mut Vec<TextEdit>) {
    let wa = words(a);
    let wb = words(b);
    let (mut pa, mut pb) = (0, 0);
    for (i, j) in matched(a, &wa, b, &wb) {
        between(&a[pa..wa[i].start], &b[pb..wb[j].start], at + pa, out);
        (pa, pb) = (wa[i].end, wb[j].end);
    }
    between(&a[pa..], &b[pb..], at + pa, out);
}

/// One edit for what stands between two shared words, if it differs: a blank whole, changed
/// words cut to the characters that change.
fn between(a: &str, b: &str, at: usize, out: &mut Vec<TextEdit>) {
    if a == b {
        return;
    }
    let blank = |s: &str| s.chars().all(char::is_whitespace);
    let (prefix, suffix) = if blank(a) && blank(b) { (0, 0) } else { common_ends(a, b) };
    let range = TextRange::new(TextSize::from((at + prefix) as u32), TextSize::from((at + a.len() - suffix) as u32));
    out.push(TextEdit::replace(range, &b[prefix..b.len() - suffix]));
}

/// The lengths in bytes of the common prefix and suffix of `a` and `b`, on character
/// boundaries, not overlapping in either.
fn common_ends(a: &str, b: &str) -> (usize, usize) {
    let prefix: usize = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).map(|(x, _)| x.len_utf8()).sum();
    let room = a.len().min(b.len()) - prefix;
    let mut suffix = 0;
    for (x, y) in a.chars().rev().zip(b.chars().rev()) {
        if x != y || suffix + x.len_utf8() > room {
            break;
        }
        suffix += x.len_utf8();
    }
    (prefix, suffix)
}

/// The runs of non-blank characters of `s`.
fn words(s: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(st)) => {
                out.push(st..i);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(st) = start {
        out.push(st..s.len());
    }
    out
}

/// Pairs of equal words `(i, j)`, increasing in both: equal words are paired in step, and
/// after a difference the two lists are resynchronised at the nearest pair of equal words
/// (nearest: smallest `max(x - i, y - j)`), as [`super::minimal_edits`] does with lines. Each
/// word is looked at a bounded number of times: linear in the words.
fn matched(a: &str, wa: &[Range<usize>], b: &str, wb: &[Range<usize>]) -> Vec<(usize, usize)> {
    let word_a = |i: usize| &a[wa[i].clone()];
    let word_b = |j: usize| &b[wb[j].clone()];
    let mut pairs = Vec::with_capacity(wa.len().min(wb.len()));
    let (mut i, mut j) = (0, 0);
    let mut seen_a: FxHashMap<&str, usize> = FxHashMap::default();
    let mut seen_b: FxHashMap<&str, usize> = FxHashMap::default();
    while i < wa.len() && j < wb.len() {
        if word_a(i) == word_b(j) {
            pairs.push((i, j));
            (i, j) = (i + 1, j + 1);
            continue;
        }
        seen_a.clear();
        seen_b.clear();
        let mut found = None;
        for k in 0.. {
            let (x, y) = (i + k, j + k);
            if x >= wa.len() && y >= wb.len() {
                break;
            }
            if x < wa.len() {
                seen_a.entry(word_a(x)).or_insert(x);
                if let Some(&y0) = seen_b.get(word_a(x)) {
                    found = Some((x, y0));
                    break;
                }
            }
            if y < wb.len() {
                seen_b.entry(word_b(y)).or_insert(y);
                if let Some(&x0) = seen_a.get(word_b(y)) {
                    found = Some((x0, y));
                    break;
                }
            }
        }
        let Some((x, y)) = found else { break };
        (i, j) = (x, y);
    }
    pairs
}
