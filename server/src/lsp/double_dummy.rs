//! Double dummy in the editor: the DDS diagnostics of the PBN games that carry
//! analysis tags, and the action "Add double-dummy analysis". What is checked and what is
//! written are [`crate::dd`]'s, the code `kibitzer check` runs; this module decides when to
//! solve.
//!
//! Solving a deal takes about 0.2 s of one core (46.6 s of CPU for the corpus's 237 deals in
//! `bench/dd.sh`, docs/performance.md),
//! a hand-record file hundreds of deals, so the diagnostics never wait for the solver: a check
//! publishes the DDS diagnostics of the games whose deals are solved already and names the
//! others' deals; a [`Session`] queues those on the solver's workers, reports its progress
//! (`$/progress`) and has the document checked again as they are solved (see
//! `publish::solve_then`), while a hover or an action on a deal has it solved first. Each deal is
//! solved once per server ([`solved`], shared with the hover, and kept on disk), and each segment's
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
use std::collections::{HashMap, HashSet};
use std::iter::Peekable;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tower_lsp_server::ls_types::Uri;

/// The deals this server has solved: the diagnostics, the hover and the actions share them
/// (and "Apply every safe kibitzer fix", through [`crate::fix::fix_all`]).
pub fn solved() -> &'static SolvedDeals {
    dd::solved()
}

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
        let views: &UnitViews = segment.data.views();
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

/// A document's deals being solved: wanted on the solver's queue while the document is open
/// and its text still has them. A check of the document that finds an unsolved deal outside
/// them (an edit made it) starts a new session, which ends this one and takes the deals it no
/// longer has off the queue; closing the document, or the client cancelling the session's
/// progress, ends it too.
pub struct Session {
    pub keys: Vec<DealKey>,
    pub cancelled: Arc<AtomicBool>,
    /// The `$/progress` token of the session.
    pub token: String,
}

struct Running {
    keys: HashSet<DealKey>,
    cancelled: Arc<AtomicBool>,
    token: String,
    _wanted: dd::Wanted,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }
}

/// The running session of each document, by URI.
static SESSIONS: Mutex<Option<HashMap<String, Running>>> = Mutex::new(None);

/// A session to solve `unsolved` (a check's unsolved deals of the document `uri`), all queued
/// now; `None` when the running session has them all.
pub fn start(uri: &Uri, unsolved: Vec<DealKey>) -> Option<Session> {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    if unsolved.is_empty() {
        return None;
    }
    let mut sessions = lock(&SESSIONS);
    let sessions = sessions.get_or_insert_with(HashMap::new);
    if sessions.get(uri.as_str()).is_some_and(|r| unsolved.iter().all(|k| r.keys.contains(k))) {
        return None;
    }
    let mut seen = HashSet::new();
    let keys: Vec<DealKey> = unsolved.into_iter().filter(|k| seen.insert(*k)).collect();
    let cancelled = Arc::new(AtomicBool::new(false));
    let token = format!("kibitzer/double-dummy/{}", NEXT.fetch_add(1, Ordering::Relaxed));
    // Wanted before the old session lets go: deals both want stay queued.
    let running = Running { keys: seen, cancelled: cancelled.clone(), token: token.clone(), _wanted: dd::want(&keys) };
    sessions.insert(uri.as_str().to_owned(), running);
    Some(Session { keys, cancelled, token })
}

/// Ends the session of `uri`, if `session` is still the running one (or any: `None`).
pub fn end(uri: &Uri, session: Option<&Session>) {
    let ended = {
        let mut sessions = lock(&SESSIONS);
        let Some(sessions) = sessions.as_mut() else { return };
        let mine =
            sessions.get(uri.as_str()).is_some_and(|r| session.is_none_or(|s| Arc::ptr_eq(&s.cancelled, &r.cancelled)));
        if mine {
            sessions.remove(uri.as_str())
        } else {
            None
        }
    };
    drop(ended);
}

/// `window/workDoneProgress/cancel`: ends the session whose progress has `token`.
pub fn cancel(token: &str) {
    let ended = {
        let mut sessions = lock(&SESSIONS);
        let Some(sessions) = sessions.as_mut() else { return };
        let uri = sessions.iter().find(|(_, r)| r.token == token).map(|(uri, _)| uri.clone());
        uri.and_then(|uri| sessions.remove(&uri))
    };
    drop(ended);
}

/// Waits for the deal of `key` (blocking): whether it is solved, `false` once the session
/// is cancelled.
pub fn solve(key: &DealKey, cancelled: &AtomicBool) -> bool {
    solved().solve_unless(key, cancelled).is_some()
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
