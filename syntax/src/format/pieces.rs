//! Formatting a large file on every core: the text is cut into pieces of whole units at likely
//! unit starts, the pieces are formatted in parallel, each window by window as a file of its own
//! would be, and their outputs are handed on in order.
//!
//! Formatting a piece alone gives what formatting the whole file gives for that stretch when the
//! cut keeps the units: the engine starts the piece at its first unit with nothing before it,
//! and the text between the piece's last unit and the cut is the same gap the whole file has
//! there. Each cut is a guess ([`crate::cuts::likely_unit_start`]), so it is proved before the
//! output on either side is handed on ([`crate::units::proves_cut`]): the piece before it must
//! end with a unit, the piece after it must start with one at the cut, and those two units must
//! be what parsing across the cut gives. Should a proof fail (a game whose tags are split by an
//! empty line, say), the rest of the file is formatted on one thread from the last proved cut.
//!
//! Where units are chained (PBN games inherit tag values, PBN 4.8), a piece is formatted before
//! the pieces ahead of it are done, from a guess of what they leave ([`Carry`]): what the file's
//! first game and the two games just before the piece leave, which is right for real files
//! (the games that set values later games inherit come first). Taken in order, a piece whose
//! guess differs from what the piece before it really left is formatted again from that: the
//! output is the sequential one whatever the guesses.
//!
//! Memory stays bounded: a round of a few pieces per core is formatted at a time, and the
//! output of one piece waits for the proof of the cut after it.

use super::unit::{Carry, CarryUse, FormatOptions};
use super::windows::{format_windows, formatter_for, SkippedUnit, Windows};
use crate::cuts::{likely_unit_start, previous_cut};
use crate::text::{TextRange, TextSize};
use crate::units::proves_cut;
use crate::Lang;

/// Below this size a text is formatted on one thread: threads would cost more than they save.
pub(super) const PARALLEL_MIN_BYTES: usize = 512 * 1024;

/// About how much text one piece holds.
pub(super) const PIECE_BYTES: usize = 1 << 19;

/// Pieces formatted per core in one round.
const PIECES_PER_THREAD: usize = 4;

/// How many units before a piece of chained units its guessed carry reads: two, so that a game
/// relying on the one before it sees the right one.
const LEAD_IN_UNITS: usize = 2;

/// A piece formatted alone: its output and what the proofs of its cuts need, in file offsets.
struct Formatted {
    start: usize,
    end: usize,
    text: String,
    skipped: Vec<SkippedUnit>,
    first_unit: Option<TextRange>,
    last_unit: Option<TextRange>,
    /// What it was formatted from, what it leaves, and what it used of the first.
    before: Carry,
    after: Carry,
    used: CarryUse,
}

pub(super) fn format<E>(
    lang: Lang,
    text: &str,
    options: &FormatOptions,
    window: usize,
    piece_bytes: usize,
    out: &mut impl FnMut(&str) -> Result<(), E>,
) -> Result<Vec<SkippedUnit>, E> {
    let cuts = cuts(lang, text, piece_bytes.max(1));
    let round = crate::parallel::threads() * PIECES_PER_THREAD;
    let mut skipped = Vec::new();
    // The piece whose output waits for the proof of the cut after it.
    let mut waiting: Option<Formatted> = None;
    let mut first = 0;
    while first + 1 < cuts.len() {
        let last = (first + round).min(cuts.len() - 1);
        for mut piece in format_round(lang, text, options, window, &cuts[first..=last]) {
            if let Some(before) = waiting.take() {
                let proved = match (before.last_unit, piece.first_unit) {
                    (Some(a), Some(b)) => usize::from(b.start()) == piece.start && proves_cut(lang, text, a, b),
                    _ => false,
                };
                if !proved {
                    return rest_on_one_thread(lang, text, options, window, &before, skipped, out);
                }
                if piece.before == before.after {
                    // A right guess.
                } else if piece.before.reads_alike(&before.after, &piece.used) {
                    // Wrong only where the piece never looked: its output stands, and it leaves
                    // what the piece before really left with its own values on top.
                    piece.after = piece.after.after_run_from(&before.after, &piece.used);
                } else {
                    // A wrong guess: again from what the piece before really left.
                    piece = format_piece(lang, text, options, window, piece.start, piece.end, before.after.clone());
                }
                out(&before.text)?;
                skipped.extend(before.skipped);
            }
            waiting = Some(piece);
        }
        first = last;
    }
    if let Some(last) = waiting {
        out(&last.text)?;
        skipped.extend(last.skipped);
    }
    Ok(skipped)
}

/// Where the text is cut: 0, the likely unit starts about `piece_bytes` apart, the text's end.
fn cuts(lang: Lang, text: &str, piece_bytes: usize) -> Vec<usize> {
    let mut cuts = vec![0];
    let mut from = piece_bytes;
    while from < text.len() {
        match likely_unit_start(lang, text, from) {
            Some(cut) if cut > *cuts.last().unwrap_or(&0) && cut < text.len() => {
                cuts.push(cut);
                from = cut + piece_bytes;
            }
            _ => break,
        }
    }
    cuts.push(text.len());
    cuts
}

/// Formats the pieces between consecutive `cuts` on every core, in order, each but the file's
/// first from a guess of what the text before it leaves.
fn format_round(lang: Lang, text: &str, options: &FormatOptions, window: usize, cuts: &[usize]) -> Vec<Formatted> {
    crate::parallel::map(cuts.len() - 1, |i| {
        let (start, end) = (cuts[i], cuts[i + 1]);
        let before = if start == 0 { Carry::Nothing } else { guess(lang, text, options, start) };
        format_piece(lang, text, options, window, start, end, before)
    })
}

/// What the text before `cut` most likely leaves: what its first unit and the
/// [`LEAD_IN_UNITS`] units just before `cut` leave (nothing at all where units are independent).
fn guess(lang: Lang, text: &str, options: &FormatOptions, cut: usize) -> Carry {
    if lang.has_independent_units() {
        return Carry::Nothing;
    }
    let mut formatter = formatter_for(lang, text, options);
    let first_end = likely_unit_start(lang, text, 1).map_or(cut, |end| end.min(cut));
    formatter.prepare(lang, &text[..first_end]);
    let first = formatter.carry();
    let mut lead_in = cut;
    for _ in 0..LEAD_IN_UNITS {
        lead_in = previous_cut(text, lead_in).unwrap_or(0).max(first_end);
    }
    if lead_in >= cut {
        return first;
    }
    formatter.start_from(&first);
    formatter.prepare(lang, &text[lead_in..cut]);
    formatter.carry()
}

/// Formats `text[start..end]` as a file of its own, from `before`; offsets in the result are
/// the file's.
fn format_piece(
    lang: Lang,
    text: &str,
    options: &FormatOptions,
    window: usize,
    start: usize,
    end: usize,
    before: Carry,
) -> Formatted {
    let mut output = String::with_capacity((end - start) + (end - start) / 8);
    let windows = format_windows(lang, &text[start..end], None, options, window, &before, &mut |part: &str| {
        output.push_str(part);
        Ok::<(), std::convert::Infallible>(())
    });
    let Ok(Windows { skipped, first_unit, last_unit, after, used }) = windows;
    let shift = TextSize::from(start as u32);
    Formatted {
        start,
        end,
        text: output,
        skipped: skipped.into_iter().map(|s| shifted(s, shift)).collect(),
        first_unit: first_unit.map(|u| u + shift),
        last_unit: last_unit.map(|u| u + shift),
        before,
        after,
        used,
    }
}

/// Formats `text` from the start of `piece` (a proved cut, where a unit starts with nothing
/// before it, and a proved carry) to its end on this thread, after `skipped`, the units left as
/// written before it.
fn rest_on_one_thread<E>(
    lang: Lang,
    text: &str,
    options: &FormatOptions,
    window: usize,
    piece: &Formatted,
    mut skipped: Vec<SkippedUnit>,
    out: &mut impl FnMut(&str) -> Result<(), E>,
) -> Result<Vec<SkippedUnit>, E> {
    let shift = TextSize::from(piece.start as u32);
    let rest = format_windows(lang, &text[piece.start..], None, options, window, &piece.before, out)?;
    skipped.extend(rest.skipped.into_iter().map(|s| shifted(s, shift)));
    Ok(skipped)
}

fn shifted(unit: SkippedUnit, by: TextSize) -> SkippedUnit {
    SkippedUnit { range: unit.range + by, diagnostics: unit.diagnostics.into_iter().map(|d| d.shifted(by)).collect() }
}
