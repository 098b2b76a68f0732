//! Double dummy in the editor: the DDS diagnostics of the PBN games that carry
//! analysis tags, and the action "Add double-dummy analysis". What is checked and what is
//! written are [`crate::dd`]'s, the code `kibitzer check` runs; this module decides when to
//! solve.
//!
//! Solving a deal takes tens of milliseconds, a hand-record file hundreds of deals, so the
//! diagnostics never wait for the solver: a check publishes the DDS diagnostics of the games
//! whose deals are solved already and names the others' deals; those are solved on the blocking
//! pool, and the document is checked again when they are (see `backend::schedule_diagnostics`).
//! Each deal is solved once per server ([`solved`], shared with the hover), and each segment's
//! DDS diagnostics are kept with its other cached parts ([`UnitViews`]), so a keystroke in one
//! game costs the solver nothing and the other games not even a parse.

use super::analysis::{self, Segment};
use super::cache::UnitViews;
use super::document::Snapshot;
use super::formatting::document_edits;
use super::guard::lock;
use crate::dd::{self, DealKey, SolvedDeals};
use kibitzer_syntax::diagnostic::{apply_edits, TextEdit};
use kibitzer_syntax::format::{format_range, FormatOptions};
use kibitzer_syntax::{CheckOptions, Diagnostic, Lang, TextRange, TextSize};
use ropey::Rope;
use std::borrow::Cow;
use std::collections::HashSet;
use std::iter::Peekable;
use std::sync::Mutex;

/// The deals this server has solved: the diagnostics, the hover and the actions share them
/// (and "Apply every safe kibitzer fix", through [`crate::fix::fix_all`]).
pub fn solved() -> &'static SolvedDeals {
    dd::solved()
}

/// The deals being solved now: a check that finds one of them unsolved does not solve it again
/// (the check after the solving publishes its diagnostics).
static SOLVING: Mutex<Option<HashSet<DealKey>>> = Mutex::new(None);

/// The DDS diagnostics of the segments (absolute ranges, in text order), from the deals solved
/// so far, and the deals still to solve (none for another format).
pub fn diagnostics(
    lang: Lang,
    rope: &Rope,
    segments: &[Segment],
    options: &CheckOptions,
) -> (Vec<Diagnostic>, Vec<DealKey>) {
    let mut found = Vec::new();
    let mut unsolved = Vec::new();
    if lang != Lang::Pbn {
        return (found, unsolved);
    }
    for segment in segments {
        let views: &UnitViews = &segment.data.views;
        let own = match views.double_dummy.get() {
            Some(own) => own,
            None => {
                let text: Cow<str> =
                    rope.byte_slice(usize::from(segment.range.start())..usize::from(segment.range.end())).into();
                match dd::verify_solved(&text, options, solved()) {
                    Ok(own) => views.double_dummy.get_or_init(|| own),
                    Err(keys) => {
                        unsolved.extend(keys);
                        continue;
                    }
                }
            }
        };
        found.extend(own.iter().map(|d| d.clone().shifted(segment.range.start())));
    }
    (found, unsolved)
}

/// `ordinary` (in text order) with `double_dummy` merged in, in text order.
pub fn merged(
    ordinary: impl Iterator<Item = Diagnostic>,
    double_dummy: Vec<Diagnostic>,
) -> impl Iterator<Item = Diagnostic> {
    struct Merge<A: Iterator<Item = Diagnostic>, B: Iterator<Item = Diagnostic>> {
        a: Peekable<A>,
        b: Peekable<B>,
    }
    impl<A: Iterator<Item = Diagnostic>, B: Iterator<Item = Diagnostic>> Iterator for Merge<A, B> {
        type Item = Diagnostic;
        fn next(&mut self) -> Option<Diagnostic> {
            let key = |d: &Diagnostic| (d.range.start(), d.range.end());
            match (self.a.peek(), self.b.peek()) {
                (Some(a), Some(b)) if key(b) < key(a) => self.b.next(),
                (Some(_), _) => self.a.next(),
                (None, _) => self.b.next(),
            }
        }
    }
    Merge { a: ordinary.peekable(), b: double_dummy.into_iter().peekable() }
}

/// Of `keys`, those no other check is solving already, now marked as being solved.
pub fn claim(keys: Vec<DealKey>) -> Vec<DealKey> {
    let mut solving = lock(&SOLVING);
    let solving = solving.get_or_insert_with(HashSet::new);
    keys.into_iter().filter(|k| solving.insert(*k)).collect()
}

/// Solves claimed deals (blocking: one batch, on every core) and releases them.
pub fn solve(keys: Vec<DealKey>) {
    // Released even if the solver panics, so that a later check may try again.
    struct Release(Vec<DealKey>);
    impl Drop for Release {
        fn drop(&mut self) {
            if let Some(solving) = lock(&SOLVING).as_mut() {
                for k in &self.0 {
                    solving.remove(k);
                }
            }
        }
    }
    let release = Release(keys);
    solved().solve(&release.0);
}

/// The game of the segment at `offset`, when it has a complete deal and its analysis is not
/// known to be right: where "Add double-dummy analysis" is offered. A game whose four tags are
/// all there is offered the action only once its deal is solved and one of them is wrong.
pub fn offers_analysis(s: &Snapshot, segments: &[Segment], offset: usize) -> bool {
    if s.lang != Lang::Pbn {
        return false;
    }
    let Some(i) = analysis::segment_at(segments, offset) else { return false };
    let range = segments[i].range;
    let text: Cow<str> = s.rope.byte_slice(usize::from(range.start())..usize::from(range.end())).into();
    let local = TextSize::from(offset as u32) - range.start();
    let boards = dd::boards(&text);
    let Some(board) = boards.iter().find(|b| b.game.range.contains_inclusive(local)) else { return false };
    let complete = ["DoubleDummyTricks", "OptimumResultTable", "OptimumScore", "ParContract"]
        .iter()
        .all(|t| board.game.tag(t).is_some());
    if !complete {
        return true;
    }
    match dd::verify_solved(&text[board.game.range], &s.options, solved()) {
        Ok(found) => !found.is_empty(),
        Err(_) => false,
    }
}

/// The edits of "Add double-dummy analysis" on the game at `offset`: the analysis written in
/// by [`dd::analysis_edits`], and then, when the game was in export format, the game formatted
/// (export format, PBN 2.1, orders the tags and puts the table after the sections).
pub fn analysis_edits(s: &Snapshot, offset: usize) -> Vec<TextEdit> {
    let mut segments = s.segments.clone();
    analysis::refresh(s.lang, &s.rope, &mut segments, &s.options);
    let Some(i) = analysis::segment_at(&segments, offset) else { return Vec::new() };
    let unit = segments[i].range;
    let unit_text: Cow<str> = s.rope.byte_slice(usize::from(unit.start())..usize::from(unit.end())).into();
    let local = TextSize::from(offset as u32) - unit.start();
    let Some((game, edits)) = dd::analysis_edits(&unit_text, local, solved()) else { return Vec::new() };
    let edits: Vec<TextEdit> = edits
        .into_iter()
        .map(|mut e| {
            e.range += unit.start();
            e
        })
        .collect();
    let text = s.rope.to_string();
    let (written, _) = apply_edits(&text, &edits);
    // Inside the game (its first tag is never edited): the formatter's unit before and after.
    let inside = TextRange::empty(game.start() + unit.start() + TextSize::from(1));
    let options = FormatOptions::default();
    let was_formatted = format_range(Lang::Pbn, &text, inside, &options).text == text;
    let written = if was_formatted { format_range(Lang::Pbn, &written, inside, &options).text } else { written };
    document_edits(&text, &written)
}
