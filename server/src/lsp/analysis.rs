//! Diagnostics of a document, kept per unit (PGN game, EPD line …) so that an edit re-checks only
//! the units it touches.
//!
//! A document's text is cut into *segments*: segment i runs from the start of unit i to the start
//! of unit i+1 (the first from offset 0, the last to the end), so segments cover the text without
//! gaps. Each segment keeps the diagnostics of checking its text alone, relative to its start, so
//! that moving it costs nothing. An edit marks the segments it touches dirty ([`apply_edit`]);
//! [`refresh`] re-cuts the dirty stretch into units — widening it until the units it finds end
//! exactly where an untouched unit ended before, the proof that the edit's effect stops there —
//! and checks only segments that did not exist before.
//!
//! PGN games and EPD lines can be checked alone ([`Lang::has_independent_units`]). PBN games
//! inherit tag values from earlier games ([`Lang::has_chained_units`]): each segment is checked
//! from the state the segment before left ([`kibitzer_syntax::check_unit`]), and keeps that state
//! ([`Chain`]); after an edit the segments it touched are checked again, and those after them
//! only until one is reached whose state before is what it was. A PBI file's header governs its
//! lines: it is always checked whole. A test replays random edits on corpus files and compares
//! with a full `check` after each one.

use super::cache::UnitViews;
use kibitzer_syntax::across_files::{check_file_across, FileFacts, FileFindings, PieceFacts};
use kibitzer_syntax::{CheckOptions, Diagnostic, Lang, TextRange, TextSize, UnitFacts, UnitState};
use ropey::Rope;
use std::borrow::Cow;
use std::sync::Arc;

#[derive(Debug, Clone)]
pub struct Segment {
    /// Absolute byte range in the document.
    pub range: TextRange,
    /// The range of its units (absolute), from the first one's start to the last one's end, as
    /// [`kibitzer_syntax::pieces`] gave them; `None` for a dirty segment.
    pub unit: Option<TextRange>,
    /// Its last unit's range (absolute): where a re-cut must find a unit to prove that an
    /// edit's effect ends with this segment ([`refresh`]). The same as `unit` but in a block of
    /// several pieces ([`MOST_SEGMENTS`]).
    pub last_unit: Option<TextRange>,
    /// What its check gave and what was computed of its text, behind one `Arc`: the check of
    /// a keystroke copies every segment of the document (a hundred thousand, one a game, in a
    /// large PBN file), and each `Arc` copied is a count touched in memory of its own.
    pub data: Arc<SegmentData>,
}

/// A segment's check and views ([`Segment::data`]), relative to the segment's start.
#[derive(Debug, Clone, Default)]
pub struct SegmentData {
    /// Diagnostics relative to `range.start()`; `None` while dirty.
    pub diagnostics: Option<Arc<Vec<Diagnostic>>>,
    /// Outline, folding and tokens of this text, computed when first asked for; kept with the
    /// diagnostics when a re-check keeps the segment. Made on first use ([`SegmentData::views`]):
    /// most segments of most documents are never shown, and an empty cache is a few hundred
    /// bytes (two hundred documents of 600 games: 25 MB).
    views: std::sync::OnceLock<Arc<UnitViews>>,
    /// For chained units: what the segment was checked from and what it left.
    pub chain: Option<Arc<Chain>>,
    /// What the checks across the workspace's files ([`super::workspace_games`]) need of this
    /// segment, relative to its start (a PGN segment's games' summaries with copies of their
    /// tags, a PBN segment's names), the document alone included: made once when the segment is
    /// checked, so that a keystroke gathers the document's facts without reading its text.
    pub across: Arc<PieceFacts>,
}

impl SegmentData {
    /// The segment's views, made empty on first use.
    pub fn views(&self) -> &Arc<UnitViews> {
        self.views.get_or_init(Arc::default)
    }
}

/// How a segment of chained units (PBN games) was checked.
#[derive(Debug)]
pub struct Chain {
    /// The state the segment was checked from: the one the segment before left (the same `Arc`
    /// while that segment is not checked again, so that comparing is a pointer comparison).
    before: Arc<UnitState>,
    after: Arc<UnitState>,
    /// Diagnostics the check found for the segment before, relative to its start.
    for_previous: Vec<Diagnostic>,
}

impl Segment {
    /// The segment's data, to change: copied first when a snapshot shares it.
    fn data_mut(&mut self) -> &mut SegmentData {
        Arc::make_mut(&mut self.data)
    }

    pub fn is_clean(&self) -> bool {
        self.data.diagnostics.is_some()
    }

    /// Whether the segment is a block of several pieces ([`MOST_SEGMENTS`]).
    pub fn is_block(&self) -> bool {
        self.is_cut() && self.unit != self.last_unit
    }

    /// The pieces of a block ([`Segment::is_block`]), relative to its start, each with views of
    /// its own: cut from its text the first time they are asked for and kept with its views, so
    /// that the features reading one game of it and the views made a piece at a time
    /// ([`super::views`]) cut it once.
    pub fn block_pieces(&self, lang: Lang, rope: &Rope) -> &[(TextRange, Arc<UnitViews>)] {
        self.data.views().pieces.get_or_init(|| {
            let text = segment_text(rope, self);
            kibitzer_syntax::pieces(lang, &text).into_iter().map(|p| (p.range, Arc::default())).collect()
        })
    }

    /// Whether the segment is one piece of the text ([`kibitzer_syntax::pieces`]) or a block of
    /// them, not a stretch an edit touched that is yet to be cut.
    fn is_cut(&self) -> bool {
        self.unit.is_some()
    }
}

/// A replacement of `old` bytes by `new_len` bytes, as a content change of `didChange` is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ByteEdit {
    pub start: usize,
    pub old_end: usize,
    pub new_len: usize,
}

/// Updates the segment list for an edit: segments touching the edited range (a boundary counts
/// as touching both sides) merge into one dirty segment, later ones move by the size change.
pub fn apply_edit(segments: &mut Vec<Segment>, edit: ByteEdit, new_text_len: usize) {
    if segments.is_empty() {
        segments.push(dirty(0, new_text_len));
        return;
    }
    let first = segments.partition_point(|s| usize::from(s.range.end()) < edit.start);
    let last = segments.partition_point(|s| usize::from(s.range.start()) <= edit.old_end).max(first + 1);
    let last = last.min(segments.len());
    let first = first.min(last - 1);
    let grow = edit.new_len as i64 - (edit.old_end - edit.start) as i64;
    let start = usize::from(segments[first].range.start());
    let end = (usize::from(segments[last - 1].range.end()) as i64 + grow) as usize;
    segments.splice(first..last, [dirty(start, end)]);
    for s in &mut segments[first + 1..] {
        s.range = shift(s.range, grow);
        s.unit = s.unit.map(|u| shift(u, grow));
        s.last_unit = s.last_unit.map(|u| shift(u, grow));
    }
    if let Some(s) = segments.last_mut() {
        // The last segment always reaches the end (an append lands in it).
        s.range = TextRange::new(s.range.start(), TextSize::from(new_text_len as u32));
    }
}

fn dirty(start: usize, end: usize) -> Segment {
    Segment { range: range(start, end), unit: None, last_unit: None, data: Arc::default() }
}

fn range(start: usize, end: usize) -> TextRange {
    TextRange::new(TextSize::from(start as u32), TextSize::from(end.max(start) as u32))
}

fn shift(r: TextRange, by: i64) -> TextRange {
    let s = (u32::from(r.start()) as i64 + by) as u32;
    let e = (u32::from(r.end()) as i64 + by) as u32;
    TextRange::new(s.into(), e.into())
}

/// What [`refresh`] did, for tests and logs.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct RefreshStats {
    pub checked: usize,
    pub reused: usize,
    pub checked_bytes: usize,
}

/// The one diagnostic of a binary document, or `None` for text
/// ([`kibitzer_syntax::binary::not_text`]). After an edit of a text only what the edit could
/// change is read, not the whole document at every keystroke: its clean segments hold no NUL
/// (the document would have been found binary), so a NUL can only be in the dirty ones, and the
/// share of control characters is taken from the sample at the start. The whole text is read
/// when they do not prove it text, or when it was binary (its one segment says so).
fn not_text(lang: Lang, rope: &Rope, segments: &[Segment], options: &CheckOptions) -> Option<Diagnostic> {
    use kibitzer_syntax::binary;
    let was_binary =
        |s: &Segment| s.data.diagnostics.as_ref().is_some_and(|d| d.iter().any(|d| binary::is_not_text_code(d.code)));
    let known_text = match segments {
        [] => false,
        [only] => !was_binary(only),
        _ => true,
    };
    // The first chunks of the rope, whole, up to the sample's size: the sample as the whole
    // check reads it.
    let mut taken = 0;
    let start = rope.chunks().take_while(|chunk| {
        let more = taken < binary::SAMPLE;
        taken += chunk.len();
        more
    });
    let edited = segments
        .iter()
        .filter(|s| !s.is_clean())
        .flat_map(|s| rope.byte_slice(usize::from(s.range.start())..usize::from(s.range.end())).chunks());
    let proven_text = known_text && binary::still_text(start, edited);
    if proven_text {
        return None;
    }
    binary::not_text(lang, rope.chunks(), options)
}

/// Makes every segment clean: re-cuts and re-checks the dirty stretches of `rope`.
pub fn refresh(lang: Lang, rope: &Rope, segments: &mut Vec<Segment>, options: &CheckOptions) -> RefreshStats {
    let len = rope.len_bytes();
    // A binary document is one segment with one diagnostic (an edit that makes it text again
    // dirties that segment, and the text is then cut and checked afresh).
    if let Some(d) = not_text(lang, rope, segments, options) {
        *segments = vec![Segment {
            range: range(0, len),
            unit: Some(range(0, len)),
            last_unit: Some(range(0, len)),
            data: Arc::new(SegmentData { diagnostics: Some(Arc::new(vec![d])), ..SegmentData::default() }),
        }];
        return RefreshStats { checked: 1, reused: 0, checked_bytes: len };
    }
    if !lang.has_independent_units() && !lang.has_chained_units() {
        if segments.len() == 1 && segments[0].is_clean() && usize::from(segments[0].range.end()) == len {
            return RefreshStats { reused: 1, ..RefreshStats::default() };
        }
        let text = rope.to_string();
        let diagnostics = kibitzer_syntax::check(lang, &text, options);
        *segments = vec![Segment {
            range: range(0, len),
            unit: Some(range(0, len)),
            last_unit: Some(range(0, len)),
            data: Arc::new(SegmentData { diagnostics: Some(Arc::new(diagnostics)), ..SegmentData::default() }),
        }];
        return RefreshStats { checked: 1, reused: 0, checked_bytes: len };
    }
    if segments.is_empty() {
        // A document just opened (or whose settings changed): cut and checked in one pass where
        // the engine can (a large PGN text), else below like an edit of the whole text.
        if let Some(opened) = check_opened(lang, rope, options) {
            let stats = RefreshStats { checked: opened.len(), reused: 0, checked_bytes: len };
            *segments = opened;
            return stats;
        }
        segments.push(dirty(0, len));
    }
    let mut stats = RefreshStats::default();
    let mut i = 0;
    while i < segments.len() {
        if segments[i].is_cut() {
            i += 1;
            continue;
        }
        // The window: the clean segment before the dirty one (its end may move), the dirty run,
        // and `extra` clean segments after it, which must come out unchanged.
        let first = i.saturating_sub(1);
        let mut run_end = i;
        while run_end < segments.len() && !segments[run_end].is_cut() {
            run_end += 1;
        }
        let mut extra = 1;
        loop {
            let last = (run_end + extra).min(segments.len());
            let window = range(usize::from(segments[first].range.start()), usize::from(segments[last - 1].range.end()));
            let (recut, window_text) = cut(lang, rope, window);
            let reaches_end = last == segments.len();
            // Settled when the window's last unit is the last old segment's unit, unchanged, and
            // nothing left open in the window (a PBN comment) runs on past it: no `}` after the
            // window can close it (a quick scan; while one can, the window widens to it).
            let runs_on =
                || kibitzer_syntax::runs_on(lang, &window_text, rope.byte_slice(usize::from(window.end())..).chunks());
            // (Both end where the window ends; the same last unit in the same text starts its
            // piece at the same line.)
            let settled = reaches_end
                || (segments[last - 1].is_cut()
                    && recut.last().map(|s| s.last_unit) == Some(segments[last - 1].last_unit)
                    && !runs_on());
            if settled {
                let mut fresh = Vec::with_capacity(recut.len());
                let old = &segments[first..last];
                let mut to_check = Vec::new();
                // Both lists are in text order: one pass pairs each new segment with an old one
                // at the same place, whose diagnostics still hold.
                let mut o = 0;
                for mut seg in recut {
                    while o < old.len() && old[o].range.start() < seg.range.start() {
                        o += 1;
                    }
                    let same = |p: &&Segment| {
                        p.is_clean() && p.range == seg.range && p.unit == seg.unit && p.last_unit == seg.last_unit
                    };
                    match old.get(o).filter(same) {
                        Some(p) => {
                            seg.data = p.data.clone();
                            stats.reused += 1;
                        }
                        None => to_check.push(fresh.len()),
                    }
                    fresh.push(seg);
                }
                // Chained units are checked below, in order.
                if lang.has_chained_units() {
                    to_check.clear();
                }
                // The units to check are slices of the window's text, not copies.
                let texts: Vec<&str> =
                    to_check.iter().map(|&k| &window_text[fresh[k].range - window.start()]).collect();
                stats.checked += texts.len();
                stats.checked_bytes += texts.iter().map(|t| t.len()).sum::<usize>();
                let checked = check_all(lang, &texts, options);
                for ((k, text), (diagnostics, facts)) in to_check.into_iter().zip(texts).zip(checked) {
                    let data = fresh[k].data_mut();
                    data.diagnostics = Some(kept(diagnostics));
                    data.across = unit_facts(lang, text, &facts);
                }
                let n = fresh.len();
                segments.splice(first..last, fresh);
                i = first + n;
                break;
            }
            extra *= 2;
        }
    }
    if lang.has_chained_units() {
        check_chain(lang, rope, segments, options, &mut stats);
    }
    stats
}

/// Checks, in order, the segments of chained units that are new or whose state before is not
/// what the segment before now leaves.
fn check_chain(lang: Lang, rope: &Rope, segments: &mut [Segment], options: &CheckOptions, stats: &mut RefreshStats) {
    // What is checked again is decided here, not by the cutting.
    stats.reused = 0;
    let speculated = check_ahead(lang, rope, segments, options, stats);
    // After an edit (nothing speculated, which must all be verified): before the first segment
    // to check nothing changed, neither the texts nor (by induction) the states they were
    // checked from; past the last one, the first segment checked from the very state it was
    // checked from before ends the walk. A keystroke in a file of a hundred thousand games
    // walks a few of them, not all.
    let n = segments.len();
    let unchecked = |s: &Segment| s.data.diagnostics.is_none() || s.data.chain.is_none();
    let (first, last) = match speculated {
        0 => match segments.iter().position(unchecked) {
            Some(first) => (first, segments.iter().rposition(unchecked).unwrap_or(first)),
            None => (n, n),
        },
        _ => (0, n),
    };
    stats.reused += first;
    let mut state = match first.checked_sub(1) {
        Some(before) => segments[before].data.chain.as_ref().map_or_else(Arc::default, |c| c.after.clone()),
        None => Arc::new(UnitState::default()),
    };
    for (i, seg) in segments.iter_mut().enumerate().skip(first) {
        if i > last && seg.data.chain.as_ref().is_some_and(|c| Arc::ptr_eq(&c.before, &state)) {
            // Checked from this state already, and so all the segments after it.
            stats.reused += n - i;
            break;
        }
        let kept = match (&seg.data.diagnostics, &seg.data.chain) {
            (Some(_), Some(chain)) if Arc::ptr_eq(&chain.before, &state) => Some(chain.clone()),
            // The same state in a new `Arc`: kept, and pointing at the new one from now on.
            (Some(_), Some(chain)) if *chain.before == *state => Some(Arc::new(Chain {
                before: state.clone(),
                after: chain.after.clone(),
                for_previous: chain.for_previous.clone(),
            })),
            _ => None,
        };
        let chain = match kept {
            Some(chain) => {
                if i >= speculated {
                    stats.reused += 1;
                }
                chain
            }
            None => {
                let (chain, bytes) = check_segment(lang, rope, seg, state, options);
                stats.checked += 1;
                stats.checked_bytes += bytes;
                chain
            }
        };
        state = chain.after.clone();
        if !seg.data.chain.as_ref().is_some_and(|kept| Arc::ptr_eq(kept, &chain)) {
            seg.data_mut().chain = Some(chain);
        }
    }
}

/// Checks the chained unit of `seg` from `state`: its diagnostics and facts into `seg`, and
/// the chain that records it, with the length of its text.
fn check_segment(
    lang: Lang,
    rope: &Rope,
    seg: &mut Segment,
    state: Arc<UnitState>,
    options: &CheckOptions,
) -> (Arc<Chain>, usize) {
    let text = segment_text(rope, seg);
    let checked = kibitzer_syntax::check_unit(lang, &text, &state, options);
    let data = seg.data_mut();
    data.diagnostics = Some(kept(checked.diagnostics));
    data.across = Arc::new(PieceFacts::of_pbn(&text, &checked.names));
    (Arc::new(Chain { before: state, after: Arc::new(checked.after), for_previous: checked.for_previous }), text.len())
}

/// A segment's diagnostics as it keeps them, without the spare room the check's list grew
/// (up to half of it: a document of many diagnostics keeps them until it is edited there).
fn kept(mut diagnostics: Vec<Diagnostic>) -> Arc<Vec<Diagnostic>> {
    diagnostics.shrink_to_fit();
    Arc::new(diagnostics)
}

fn segment_text<'r>(rope: &'r Rope, seg: &Segment) -> Cow<'r, str> {
    rope.byte_slice(usize::from(seg.range.start())..usize::from(seg.range.end())).into()
}

/// What checking the chained unit of `seg` from `state` leaves for the next, its own check not
/// kept (a guess's lead-in).
fn state_after(lang: Lang, rope: &Rope, seg: &Segment, state: &UnitState, options: &CheckOptions) -> Arc<UnitState> {
    Arc::new(kibitzer_syntax::check_unit(lang, &segment_text(rope, seg), state, options).after)
}

/// Below this size a document's chained units are checked on one core when it is opened.
const CHECK_AHEAD_FROM: usize = 1 << 20;

/// How many units before a run of segments its guessed state is checked from (as the CLI's PBN
/// check guesses, `kibitzer_syntax::pbn::check::pieces`): two, so that a game that relies on
/// the one before (a second room's game without Deal, a ScoreIMP) sees the right one.
const LEAD_IN: usize = 2;

/// When every segment of a large document of chained units is new (it was just opened), checks
/// them on every core before [`check_chain`] takes them in order: the segments are cut into one
/// run per core, each run checked in order from a guess of the state the runs before it leave
/// (the first unit's, then the [`LEAD_IN`] units before the run). [`check_chain`] then keeps
/// each segment whose state before is what the segment before really leaves (equal states make
/// the same diagnostics of the same text) and checks the others again, so the result is the
/// sequential one whatever the guesses. Gives how many leading segments were checked here (all
/// or none), which [`check_chain`] does not count as reused.
fn check_ahead(
    lang: Lang,
    rope: &Rope,
    segments: &mut [Segment],
    options: &CheckOptions,
    stats: &mut RefreshStats,
) -> usize {
    let threads = || std::thread::available_parallelism().map_or(1, |n| n.get());
    let all_new = segments.iter().all(|s| s.data.diagnostics.is_none());
    if !all_new || rope.len_bytes() < CHECK_AHEAD_FROM || segments.len() < 4 * LEAD_IN || threads() < 2 {
        return 0;
    }
    let threads = threads();
    let total = rope.len_bytes();
    // Each run's first segment: where its share of the bytes starts.
    let mut starts = vec![0];
    for (i, seg) in segments.iter().enumerate().skip(1 + LEAD_IN) {
        if usize::from(seg.range.start()) >= total * starts.len() / threads && starts.len() < threads {
            starts.push(i);
        }
    }
    let first = state_after(lang, rope, &segments[0], &UnitState::default(), options);
    let guesses: Vec<Arc<UnitState>> = starts
        .iter()
        .map(|&start| {
            if start == 0 {
                return Arc::default();
            }
            let lead_in = &segments[start - LEAD_IN..start];
            lead_in.iter().fold(first.clone(), |state, seg| state_after(lang, rope, seg, &state, options))
        })
        .collect();
    let mut runs: Vec<&mut [Segment]> = Vec::with_capacity(starts.len());
    let mut rest = &mut *segments;
    for pair in starts.windows(2) {
        let (run, after) = rest.split_at_mut(pair[1] - pair[0]);
        runs.push(run);
        rest = after;
    }
    runs.push(rest);
    let checked: Vec<(usize, usize)> = std::thread::scope(|scope| {
        let workers: Vec<_> = runs
            .into_iter()
            .zip(guesses)
            .map(|(run, guess)| {
                scope.spawn(move || {
                    let (mut state, mut bytes) = (guess, 0);
                    for seg in run.iter_mut() {
                        let (chain, len) = check_segment(lang, rope, seg, state, options);
                        state = chain.after.clone();
                        seg.data_mut().chain = Some(chain);
                        bytes += len;
                    }
                    (run.len(), bytes)
                })
            })
            .collect();
        // A panic in a worker is raised again here, where the caller's guard answers it.
        workers.into_iter().map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    });
    stats.checked += checked.iter().map(|c| c.0).sum::<usize>();
    stats.checked_bytes += checked.iter().map(|c| c.1).sum::<usize>();
    segments.len()
}

/// The segments of a whole text, checked, from [`kibitzer_syntax::check_pieces`]: the same
/// segments and diagnostics as cutting the text and checking each piece, with one parse.
fn check_opened(lang: Lang, rope: &Rope, options: &CheckOptions) -> Option<Vec<Segment>> {
    if !lang.has_independent_units() {
        return None;
    }
    let text: Cow<str> = rope.slice(..).into();
    let checked = kibitzer_syntax::check_pieces(lang, &text, options)?;
    let segments = checked.into_iter().map(|checked| Segment {
        range: checked.piece.range,
        unit: Some(checked.piece.units),
        last_unit: Some(checked.piece.units),
        data: Arc::new(SegmentData {
            diagnostics: Some(kept(checked.diagnostics)),
            across: unit_facts(lang, &text[checked.piece.range], &checked.facts),
            ..SegmentData::default()
        }),
    });
    Some(segments.collect())
}

/// What the checks across files need of an independent unit's segment whose check alone gave
/// `facts`: a PGN game's facts taken out of its text `text`; nothing for the other formats.
fn unit_facts(lang: Lang, text: &str, facts: &UnitFacts) -> Arc<PieceFacts> {
    match lang {
        Lang::Pgn => Arc::new(PieceFacts::of_pgn(text, facts)),
        _ => Arc::default(),
    }
}

/// Checks unit texts alone ([`kibitzer_syntax::check_alone`]), on every core when there is much
/// to do (opening a large file).
fn check_all(lang: Lang, texts: &[&str], options: &CheckOptions) -> Vec<(Vec<Diagnostic>, UnitFacts)> {
    const PARALLEL_FROM: usize = 1 << 20;
    let total: usize = texts.iter().map(|t| t.len()).sum();
    // The core count is asked only when it matters: it reads files (cgroup limits).
    let threads = || std::thread::available_parallelism().map_or(1, |n| n.get());
    if total < PARALLEL_FROM || texts.len() < 2 || threads() < 2 {
        return texts.iter().map(|t| kibitzer_syntax::check_alone(lang, t, options)).collect();
    }
    let chunk = texts.len().div_ceil(threads());
    std::thread::scope(|scope| {
        let workers: Vec<_> = texts
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter().map(|t| kibitzer_syntax::check_alone(lang, t, options)).collect::<Vec<_>>()
                })
            })
            .collect();
        // A panic in a worker is raised again here, where the caller's guard answers it.
        workers.into_iter().flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    })
}

/// Cuts `window` of the text into segments by its pieces ([`kibitzer_syntax::pieces`]; dirty:
/// no diagnostics yet), one piece a segment, or blocks of pieces in a large document of chained
/// units ([`MOST_SEGMENTS`]); also gives the window's text, from which the units are checked.
fn cut(lang: Lang, rope: &Rope, window: TextRange) -> (Vec<Segment>, String) {
    let text: String = rope.byte_slice(usize::from(window.start())..usize::from(window.end())).into();
    let base = window.start();
    let block = if lang.has_chained_units() { rope.len_bytes() / MOST_SEGMENTS } else { 0 };
    let mut segments: Vec<Segment> = Vec::new();
    for piece in kibitzer_syntax::pieces(lang, &text) {
        let (range, units) = (piece.range + base, piece.units + base);
        match segments.last_mut() {
            Some(open) if usize::from(open.range.len()) < block => {
                open.range = open.range.cover(range);
                open.unit = open.unit.map(|u| u.cover(units));
                open.last_unit = Some(units);
            }
            _ => segments.push(Segment { range, unit: Some(units), last_unit: Some(units), data: Arc::default() }),
        }
    }
    (segments, text)
}

/// The most segments a document of chained units (PBN) is cut into, about: past this many
/// games, a segment is a block of whole pieces of about 1/`MOST_SEGMENTS` of the text. Every
/// keystroke walks the segment list several times (copying it for the check, gathering the
/// facts of the games together, merging diagnostics), and a hundred thousand small PBN games
/// made that walk the cost of a keystroke; a block of a few kilobytes costs a fraction of a
/// millisecond to check again. Independent units (PGN games, a few in a kilobyte where a PBN
/// file has ten) stay one a segment. The unit tests' small texts are cut into blocks too, so
/// that every test of the incremental check goes through them.
const MOST_SEGMENTS: usize = if cfg!(test) { 48 } else { 2048 };

/// The piece of the text ([`kibitzer_syntax::pieces`]) holding `offset`, absolute, and the
/// index of its segment: the segment itself, or the piece of it for a block of pieces
/// ([`MOST_SEGMENTS`], [`Segment::block_pieces`]).
pub fn piece_at(lang: Lang, rope: &Rope, segments: &[Segment], offset: usize) -> Option<(usize, TextRange)> {
    let i = segment_at(segments, offset)?;
    let seg = &segments[i];
    if !seg.is_block() {
        return Some((i, seg.range));
    }
    let pieces = seg.block_pieces(lang, rope);
    let local = offset.saturating_sub(usize::from(seg.range.start()));
    let k = pieces.partition_point(|(range, _)| usize::from(range.end()) <= local).min(pieces.len() - 1);
    Some((i, pieces[k].0 + seg.range.start()))
}

/// For chained units, the state the games before the piece at `offset` left it
/// ([`piece_at`]): its segment's state before, and the pieces of its block before it checked
/// from there. `None` while its segment is dirty and for other formats.
pub fn state_before_piece(
    lang: Lang,
    rope: &Rope,
    segments: &[Segment],
    offset: usize,
    options: &CheckOptions,
) -> Option<Arc<UnitState>> {
    let (i, piece) = piece_at(lang, rope, segments, offset)?;
    let seg = &segments[i];
    let before = seg.data.chain.as_ref()?.before.clone();
    if piece.start() == seg.range.start() {
        return Some(before);
    }
    let head: Cow<str> = rope.byte_slice(usize::from(seg.range.start())..usize::from(piece.start())).into();
    Some(Arc::new(kibitzer_syntax::check_unit(lang, &head, &before, options).after))
}

/// All diagnostics of a refreshed document in document order, with absolute ranges: the
/// segments' own ([`diagnostics`]) and those of the checks of its units together (PGN duplicate
/// games, the spellings of names in PGN and PBN), which run on the facts the segments keep
/// ([`Segment::across`]): after an edit, one pass over a summary per game, the text not read.
/// With `across` (the checks of games together run over the files of the workspace,
/// [`super::workspace_games`]), those in place of the document's alone.
pub fn document_diagnostics<'a>(
    lang: Lang,
    segments: &'a [Segment],
    options: &CheckOptions,
    across: Option<&'a [Diagnostic]>,
) -> impl Iterator<Item = Diagnostic> + 'a {
    // Only those sent are copied from the findings given.
    let given = across.unwrap_or_default().iter().cloned();
    let alone = match across {
        Some(_) => Vec::new(),
        None => findings_alone(lang, segments, options, None)
            .map_or_else(Vec::new, |f| Arc::unwrap_or_clone(f).into_found()),
    };
    merged(diagnostics(segments), given.chain(alone))
}

/// The checks of the document's games together, the document alone: a workspace of one file,
/// the same findings as `check` of its text; `before` the findings of its last check, moved
/// when the edits since only moved text. `None` when its games cannot have any (a PGN file
/// without two games of the same moves or two names that may be spelled alike).
pub fn findings_alone(
    lang: Lang,
    segments: &[Segment],
    options: &CheckOptions,
    before: Option<Arc<FileFindings>>,
) -> Option<Arc<FileFindings>> {
    let own = Arc::new(FileFacts::of_pieces(segments.iter().map(|s| s.data.across.clone())));
    if !own.may_find_alone(lang) {
        return None;
    }
    Some(check_file_across(lang, &[("", &own)], 0, |_| options, before))
}

/// Two lists of diagnostics in text order, merged in text order.
fn merged(
    first: impl Iterator<Item = Diagnostic>,
    second: impl Iterator<Item = Diagnostic>,
) -> impl Iterator<Item = Diagnostic> {
    let mut first = first.peekable();
    let mut second = second.peekable();
    std::iter::from_fn(move || match (first.peek(), second.peek()) {
        (Some(a), Some(b)) if b.range.start() < a.range.start() => second.next(),
        (Some(_), _) => first.next(),
        (None, _) => second.next(),
    })
}

/// The segments' own diagnostics in document order, with absolute ranges: each segment's, with
/// those the check of the segment after it found for it (chained units).
pub fn diagnostics(segments: &[Segment]) -> impl Iterator<Item = Diagnostic> + '_ {
    segments.iter().enumerate().flat_map(|(i, s)| {
        let start = s.range.start();
        let own = s.data.diagnostics.as_deref().map_or(&[][..], |d| &d[..]);
        let from_next =
            segments.get(i + 1).and_then(|n| n.data.chain.as_deref()).map_or(&[][..], |c| &c.for_previous[..]);
        let mut list: Vec<Diagnostic> = own.iter().chain(from_next).map(|d| d.clone().shifted(start)).collect();
        if !from_next.is_empty() {
            kibitzer_syntax::diagnostic::sort_in_text_order(&mut list);
        }
        list
    })
}

/// Index of the segment that holds `offset` (the last one for the end of the text).
pub fn segment_at(segments: &[Segment], offset: usize) -> Option<usize> {
    if segments.is_empty() {
        return None;
    }
    let i = segments.partition_point(|s| usize::from(s.range.end()) <= offset);
    Some(i.min(segments.len() - 1))
}

#[cfg(test)]
mod tests {
    use super::super::document::Snapshot;
    use super::super::views;
    use super::*;
    use kibitzer_syntax::testing::Rng;
    use kibitzer_syntax::text::ColumnUnit;
    use tower_lsp_server::ls_types::SemanticToken;

    fn seg(a: u32, b: u32) -> Segment {
        Segment {
            range: TextRange::new(a.into(), b.into()),
            unit: Some(TextRange::new(a.into(), b.into())),
            last_unit: Some(TextRange::new(a.into(), b.into())),
            data: Arc::new(SegmentData { diagnostics: Some(Arc::default()), ..SegmentData::default() }),
        }
    }

    #[test]
    fn an_edit_dirties_the_segments_it_touches_and_moves_the_rest() {
        let mut s = vec![seg(0, 10), seg(10, 20), seg(20, 30)];
        apply_edit(&mut s, ByteEdit { start: 12, old_end: 14, new_len: 5 }, 33);
        let ranges: Vec<_> =
            s.iter().map(|s| (u32::from(s.range.start()), u32::from(s.range.end()), s.is_clean())).collect();
        assert_eq!(ranges, [(0, 10, true), (10, 23, false), (23, 33, true)]);
        // At a boundary both neighbours are touched.
        apply_edit(&mut s, ByteEdit { start: 23, old_end: 23, new_len: 1 }, 34);
        let ranges: Vec<_> =
            s.iter().map(|s| (u32::from(s.range.start()), u32::from(s.range.end()), s.is_clean())).collect();
        assert_eq!(ranges, [(0, 10, true), (10, 34, false)]);
    }

    /// A keystroke reads only the dirty segments and the sampled start for binary data: a NUL
    /// typed far into a text of many segments, or control characters filling its start, still
    /// make it one binary segment with one diagnostic, as `check` of the text says, and taking
    /// them out makes it text again.
    #[test]
    fn a_nul_or_control_characters_typed_into_a_text_make_it_binary_as_check_says() {
        let game = |n: usize| format!("[Event \"E{n}\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n");
        let mut text: String = (0..4000).map(game).collect();
        let options = CheckOptions::default();
        let mut rope = Rope::from_str(&text);
        let mut segments = Vec::new();
        refresh(Lang::Pgn, &rope, &mut segments, &options);
        assert!(segments.len() > 3, "several segments");
        let far = text.len() - 1000;
        let controls = "\u{1}".repeat(7000);
        for (at, typed) in [(far, "\0"), (10, "\0"), (0, controls.as_str())] {
            for (start, old_end, insert) in [(at, at, typed), (at, at + typed.len(), "")] {
                text.replace_range(start..old_end, insert);
                let (cs, ce) = (rope.byte_to_char(start), rope.byte_to_char(old_end));
                rope.remove(cs..ce);
                rope.insert(cs, insert);
                apply_edit(&mut segments, ByteEdit { start, old_end, new_len: insert.len() }, text.len());
                refresh(Lang::Pgn, &rope, &mut segments, &options);
                let found: Vec<Diagnostic> = document_diagnostics(Lang::Pgn, &segments, &options, None).collect();
                assert_eq!(found, kibitzer_syntax::check(Lang::Pgn, &text, &options), "{typed:?} at {at}");
                let binary = found.iter().any(|d| d.code == "PGN000");
                assert_eq!(
                    (binary, segments.len() == 1),
                    (!insert.is_empty(), !insert.is_empty()),
                    "{typed:?} at {at}"
                );
            }
        }
    }

    #[test]
    fn segment_lookup_finds_the_segment_holding_an_offset() {
        let s = vec![seg(0, 10), seg(10, 20)];
        assert_eq!(segment_at(&s, 0), Some(0));
        assert_eq!(segment_at(&s, 10), Some(1));
        assert_eq!(segment_at(&s, 20), Some(1));
        assert_eq!(segment_at(&[], 0), None);
    }

    /// In a PBN file, typing in a game checks that game again, and the next one when it could
    /// inherit from it (a deal the next game relies on), not the games after them.
    #[test]
    fn a_pbn_edit_checks_the_game_and_what_inherits_from_it() {
        let game = |n: usize| {
            format!(
                "[Event \"Club\"]\n[Site \"#\"]\n[Date \"2026.11.24\"]\n[Board \"{n}\"]\n[West \"w\"]\n[North \"n\"]\n\
                 [East \"e\"]\n[South \"s\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
                 [Deal \"N:AKQJ.AKQJ.AKQ.AK T987.T987.JT9.QJ 6543.6543.876.T9 2.2.5432.8765432\"]\n\
                 [Scoring \"MP\"]\n[Declarer \"N\"]\n[Contract \"4S\"]\n[Result \"10\"]\n\n"
            )
        };
        let mut text: String = (1..=60).map(game).collect();
        let options = CheckOptions::default();
        let mut rope = Rope::from_str(&text);
        let mut segments = Vec::new();
        let opened = refresh(Lang::Pbn, &rope, &mut segments, &options);
        assert_eq!((opened.checked, segments.len()), (30, 30), "blocks of two games");
        let middle = usize::from(segments[15].range.start());
        for (what, find, replace, most) in [
            ("an event's name", "Club", "Club2", 1),
            ("a result", "[Result \"10\"]", "[Result \"9\"]", 1),
            ("a deal the next game could rely on", "AKQJ.AKQJ", "AKQJ.AKJQ", 2),
        ] {
            let start = middle + text[middle..].find(find).unwrap();
            let old_end = start + find.len();
            text.replace_range(start..old_end, replace);
            let (cs, ce) = (rope.byte_to_char(start), rope.byte_to_char(old_end));
            rope.remove(cs..ce);
            rope.insert(cs, replace);
            apply_edit(&mut segments, ByteEdit { start, old_end, new_len: replace.len() }, text.len());
            let stats = refresh(Lang::Pbn, &rope, &mut segments, &options);
            assert!(stats.checked <= most && stats.checked >= 1, "{what}: {stats:?}");
            assert_eq!(diagnostics(&segments).collect::<Vec<_>>(), kibitzer_syntax::check(Lang::Pbn, &text, &options));
        }
    }

    /// In a document cut into blocks of several games, the features that read one game find
    /// it ([`piece_at`]: the piece a cut of the whole text gives) and the state the games before
    /// it left ([`state_before_piece`]: what checking the text before it gives), wherever the
    /// game is in its block.
    #[test]
    fn a_game_in_a_block_is_found_with_the_state_the_games_before_it_left() {
        let game = |n: usize| {
            let deal = ["N:AKQJ.AKQJ.AKQ.AK T987.T987.JT9.QJ 6543.6543.876.T9 2.2.5432.8765432", "#"][n % 2];
            let dealer = ["N", "E", "S", "W"][n % 4];
            format!("[Board \"{n}\"]\n[Dealer \"{dealer}\"]\n[Deal \"{deal}\"]\n[Auction \"{dealer}\"]\nPass Pass Pass Pass\n\n")
        };
        let text: String = (1..=200).map(game).collect();
        let options = CheckOptions::default();
        let rope = Rope::from_str(&text);
        let mut segments = Vec::new();
        refresh(Lang::Pbn, &rope, &mut segments, &options);
        assert!(segments.len() < 100 && segments.iter().all(Segment::is_block), "{} segments", segments.len());
        let pieces = kibitzer_syntax::pieces(Lang::Pbn, &text);
        for piece in &pieces {
            for offset in
                [piece.range.start(), piece.units.start() + TextSize::from(3), piece.range.end() - TextSize::from(1)]
            {
                let (_, found) = piece_at(Lang::Pbn, &rope, &segments, offset.into()).expect("a piece");
                assert_eq!(found, piece.range, "at {offset:?}");
                let state = state_before_piece(Lang::Pbn, &rope, &segments, offset.into(), &options).expect("checked");
                let before = &text[..usize::from(piece.range.start())];
                let expected = kibitzer_syntax::check_unit(Lang::Pbn, before, &UnitState::default(), &options).after;
                assert_eq!(state.previous_deal(), expected.previous_deal(), "at {offset:?}");
            }
        }
    }

    /// A large PBN document just opened is checked on every core from guessed states, then in
    /// order: the diagnostics are those of checking it whole, whether the guess of the second
    /// half's state holds or not (`% EXPORT` before a game in the first half puts the games
    /// after it in export format, which the guess from the first game does not know).
    #[test]
    fn a_large_pbn_document_is_checked_ahead_on_every_core_as_in_order() {
        let game = |n: usize, event: &str| {
            format!(
                "[Event \"{event}\"]\n[Site \"Club\"]\n[Board \"{n}\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
                 [Deal \"N:AKQJ.AKQJ.AKQ.AK T987.T987.JT9.QJ 6543.6543.876.T9 2.2.5432.8765432\"]\n\
                 [Contract \"4S\"]\n[Declarer \"N\"]\n[Result \"{}\"]\n\n",
                n % 14
            )
        };
        let options = CheckOptions::default();
        let multicore = std::thread::available_parallelism().map_or(1, |n| n.get()) > 1;
        for (what, guessed_right) in [("import format throughout", true), ("export format from game 1000", false)] {
            let text: String = (1..=6000)
                .map(|n| match (guessed_right, n) {
                    (false, 1000) => format!("% EXPORT\n{}", game(n, "#")),
                    (_, 1) => game(n, "Pairs"),
                    _ => game(n, "#"),
                })
                .collect();
            assert!(text.len() > CHECK_AHEAD_FROM, "{}", text.len());
            let rope = Rope::from_str(&text);
            let mut segments = Vec::new();
            let stats = refresh(Lang::Pbn, &rope, &mut segments, &options);
            let full = kibitzer_syntax::check(Lang::Pbn, &text, &options);
            assert!(!full.is_empty());
            assert_eq!(document_diagnostics(Lang::Pbn, &segments, &options, None).collect::<Vec<_>>(), full, "{what}");
            if multicore {
                // Checked ahead, then the guesses that did not hold checked again.
                assert_eq!(stats.checked == segments.len(), guessed_right, "{what}: {stats:?}");
            }
        }
    }

    /// A PBN brace comment runs to the next `}`, however many games on (PBN 2.1 §3.8): a `{`
    /// typed into a game whose next `}` is two games later joins them into one game, as a full
    /// check of the text does, though the window re-cut around the edit alone ends where the
    /// old games ended.
    #[test]
    fn a_pbn_brace_typed_in_a_game_runs_on_to_a_later_games_brace() {
        let game = |n: usize, note: &str| format!("[Event \"Club\"]\n[Board \"{n}\"]\n{note}[Dealer \"N\"]\n\n");
        let mut text = [game(1, ""), game(2, ""), game(3, ""), game(4, "{a note}\n"), game(5, "")].concat();
        let options = CheckOptions::default();
        let mut rope = Rope::from_str(&text);
        let mut segments = Vec::new();
        refresh(Lang::Pbn, &rope, &mut segments, &options);
        assert_eq!(segments.len(), 5);
        let start = text.find("[Board \"2\"]").unwrap();
        text.insert(start, '{');
        rope.insert(rope.byte_to_char(start), "{");
        apply_edit(&mut segments, ByteEdit { start, old_end: start, new_len: 1 }, text.len());
        refresh(Lang::Pbn, &rope, &mut segments, &options);
        let full = kibitzer_syntax::check(Lang::Pbn, &text, &options);
        assert_eq!(document_diagnostics(Lang::Pbn, &segments, &options, None).collect::<Vec<_>>(), full);
        // Games 2 to 4 are one now: the comment ends at game 4's `}`.
        assert_eq!(segments.len(), 3, "{:?}", segments.iter().map(|s| s.range).collect::<Vec<_>>());
    }

    fn snapshot(lang: Lang, rope: &Rope, segments: Vec<Segment>) -> Snapshot {
        Snapshot {
            uri: "file:///random-edits".parse().expect("a valid URI"),
            lang,
            version: 0,
            revision: 0,
            rope: rope.clone(),
            options: Arc::default(),
            segments,
            unit: ColumnUnit::Utf16,
            semantic_answer: Default::default(),
            across_found: None,
            across_before: None,
            started: 0,
        }
    }

    fn flat(tokens: &[SemanticToken]) -> Vec<u32> {
        tokens
            .iter()
            .flat_map(|t| [t.delta_line, t.delta_start, t.length, t.token_type, t.token_modifiers_bitset])
            .collect()
    }

    /// Brings a client's `tokens` from `answer` to the snapshot with a delta, as an editor applies
    /// it, checks them against the whole answer, and gives how many numbers the delta sent.
    fn follow_tokens(s: &Snapshot, answer: &mut super::super::cache::TokenAnswer, tokens: &mut Vec<u32>) -> usize {
        let (edit, next) = views::semantic_token_delta(s, answer, "next".into()).expect("comparable answers");
        let mut sent = 0;
        if let Some(edit) = edit {
            let data = flat(edit.data.as_deref().unwrap_or_default());
            sent = data.len();
            let at = edit.start as usize;
            tokens.splice(at..at + edit.delete_count as usize, data);
        }
        let whole = flat(&views::semantic_tokens(s, None));
        assert_eq!(*tokens, whole, "tokens after a delta");
        assert_eq!(next.len() * 5, whole.len());
        *answer = next;
        sent
    }

    /// Random edits — insertions of the characters that open and close units, deletions,
    /// duplicated stretches — on corpus files: after each, the incremental result must equal a
    /// full check of the whole text, and the semantic tokens a client keeps by deltas the whole
    /// answer.
    #[test]
    fn incremental_diagnostics_equal_a_full_check_after_random_edits() {
        let Some(corpus) = crate::lsp::test_corpus() else {
            eprintln!("skipped: no ../shared/corpus");
            return;
        };
        let files = [
            (Lang::Pgn, "pgn/pgn-reader/lichess_db_100k.pgn"),
            (Lang::Pgn, "pgn/pgn-reader/twic1599_100k.pgn"),
            (Lang::Epd, "epd/arasan/wacnew.epd"),
            (Lang::Pbn, "pbn/results/ruter71.pbn"),
            (Lang::Pbn, "pbn/auction-play/camrose2024_BEN.pbn"),
        ];
        const PIECES: [&str; 17] = [
            "[",
            "]",
            "\"",
            "{",
            "}",
            "(",
            ")",
            "\n",
            "\n\n",
            " *",
            " 1-0",
            "e4",
            "$1 ",
            "[Event \"x\"]\n",
            "[Event \"X\"]\n",     // another spelling of the same Event: a note on the rarer
            "[Site \"#\"]\n",      // PBN: inherited from the game before
            "[Room \"Closed\"]\n", // PBN: the other room of the game before
        ];
        let options = CheckOptions::default();
        let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
        for (lang, file) in files {
            let Ok(bytes) = std::fs::read(corpus.join(file)) else {
                eprintln!("skipped: {file} missing");
                continue;
            };
            let mut text = kibitzer_syntax::text::decode(&bytes).text;
            let mut rope = Rope::from_str(&text);
            let mut segments = Vec::new();
            refresh(lang, &rope, &mut segments, &options);
            let mut total = RefreshStats::default();
            // A client's copy of the semantic tokens, kept up to date by deltas.
            let first = snapshot(lang, &rope, segments.clone());
            let mut answer = views::semantic_token_answer(&first, "0".into());
            let mut client_tokens = flat(&views::semantic_tokens(&first, None));
            let mut sent = 0;
            for step in 0..40 {
                let at = |rng: &mut Rng, text: &str| {
                    let mut i = rng.below(text.len() + 1);
                    while !text.is_char_boundary(i) {
                        i -= 1;
                    }
                    i
                };
                let start = at(&mut rng, &text);
                let (old_end, insert) = match rng.below(3) {
                    0 => (start, PIECES[rng.below(PIECES.len())].to_owned()),
                    1 => {
                        let mut end = (start + rng.below(40)).min(text.len());
                        while !text.is_char_boundary(end) {
                            end -= 1;
                        }
                        (end, String::new())
                    }
                    _ => {
                        let mut end = (start + rng.below(200)).min(text.len());
                        while !text.is_char_boundary(end) {
                            end -= 1;
                        }
                        (start, text[start..end].to_owned())
                    }
                };
                text.replace_range(start..old_end, &insert);
                let (cs, ce) = (rope.byte_to_char(start), rope.byte_to_char(old_end));
                rope.remove(cs..ce);
                rope.insert(cs, &insert);
                apply_edit(&mut segments, ByteEdit { start, old_end, new_len: insert.len() }, text.len());
                if step % 2 == 1 {
                    // A delta asked for before the re-check: the edited stretch is one dirty segment.
                    sent += follow_tokens(&snapshot(lang, &rope, segments.clone()), &mut answer, &mut client_tokens);
                }
                let stats = refresh(lang, &rope, &mut segments, &options);
                sent += follow_tokens(&snapshot(lang, &rope, segments.clone()), &mut answer, &mut client_tokens);
                total.checked += stats.checked;
                total.reused += stats.reused;
                total.checked_bytes += stats.checked_bytes;
                let incremental: Vec<Diagnostic> = document_diagnostics(lang, &segments, &options, None).collect();
                let full = kibitzer_syntax::check(lang, &text, &options);
                assert_eq!(incremental, full, "{file}: step {step}, edit {start}..{old_end} -> {insert:?}");
                // The views cached in the kept segments, placed where they now are, equal the
                // views of the same text opened fresh (cut anew, nothing cached).
                if step % 4 == 0 || step > 35 {
                    let kept = snapshot(lang, &rope, segments.clone());
                    let mut cut_anew = Vec::new();
                    refresh(lang, &rope, &mut cut_anew, &options);
                    let fresh = snapshot(lang, &rope, cut_anew);
                    let what = format!("{file}: step {step}");
                    assert_eq!(views::symbols(&kept), views::symbols(&fresh), "outline, {what}");
                    assert_eq!(views::folding(&kept), views::folding(&fresh), "folding, {what}");
                    assert_eq!(
                        views::semantic_tokens(&kept, None),
                        views::semantic_tokens(&fresh, None),
                        "tokens, {what}"
                    );
                }
                assert_eq!(segments.last().map(|s| usize::from(s.range.end())), Some(text.len()));
            }
            // The point of it all: an edit re-checks a few units, not the file, and the client is
            // sent the tokens of a few units (all the deltas together: less than half the file's).
            assert!(segments.len() > 15, "{file}: {} segments", segments.len());
            if lang.has_chained_units() {
                // The blocks of several games a large PBN document is cut into, tested here on
                // small ones (`MOST_SEGMENTS` is small in the unit tests).
                assert!(segments.iter().any(Segment::is_block), "{file}: blocks");
            }
            assert!(
                sent * 2 <= client_tokens.len(),
                "{file}: {sent} numbers sent in all, {} held",
                client_tokens.len()
            );
            if lang.has_independent_units() {
                assert!(total.checked_bytes * 10 < 40 * text.len(), "{file}: {total:?} for {} bytes", text.len());
            } else {
                // A PBN edit that names a tag no game before had (as random `[` and `"` do) is
                // checked again in every later game that could inherit it: a bound on average.
                assert!(total.checked * 4 <= total.checked + total.reused, "{file}: {total:?}");
            }
        }
    }
}
