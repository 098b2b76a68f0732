//! Working on a large text of independent units (PGN games, EPD lines) on every core: the text
//! is cut where a unit starts into pieces of about a given size, each core takes the next piece
//! when it is done with one, and the pieces' results are put back in text order. Checking uses
//! it (PBN's pieces with a guess of what they inherit, `pbn::check::pieces`), and so do cutting
//! a large PGN text into its games ([`crate::units`]) and formatting ([`crate::format`]). For checking, a
//! format gives where its units start and how to check a piece; it must be true that checking
//! the pieces one by one gives the diagnostics of checking the text whole (each format's tests
//! prove it).

use crate::diagnostic::Diagnostic;
use crate::text::TextSize;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Below this size a text is checked on one thread (threads would cost more than they save).
pub(crate) const PARALLEL_MIN_BYTES: usize = 256 * 1024;

/// Checks `text` with `check_piece`; at or above [`PARALLEL_MIN_BYTES`], piece by piece on every
/// core, the text cut into pieces of about `piece_bytes` (at least one per core) where
/// `next_start(text, from)` finds a unit starting at or after `from`.
pub(crate) fn check_in_pieces<F>(
    text: &str,
    piece_bytes: usize,
    next_start: fn(&str, usize) -> Option<usize>,
    check_piece: F,
) -> Vec<Diagnostic>
where
    F: Fn(&str) -> Vec<Diagnostic> + Sync,
{
    let found = map_in_pieces(text, piece_bytes, next_start, |start, piece| {
        let delta = TextSize::from(start as u32);
        check_piece(piece).into_iter().map(|d| d.shifted(delta)).collect::<Vec<_>>()
    });
    found.into_iter().flatten().collect()
}

/// `f(start, piece)` of each piece of `text`, in order: below [`PARALLEL_MIN_BYTES`] the
/// whole text as one piece, else pieces of about `piece_bytes` (at least one per core) cut where
/// `next_start(text, from)` finds a unit starting at or after `from`, on every core. What
/// [`check_in_pieces`] does, for a check that gives more than diagnostics (PGN's summaries of
/// its games, for the duplicate check).
pub(crate) fn map_in_pieces<T, F>(
    text: &str,
    piece_bytes: usize,
    next_start: fn(&str, usize) -> Option<usize>,
    f: F,
) -> Vec<T>
where
    T: Send,
    F: Fn(usize, &str) -> T + Sync,
{
    if text.len() < PARALLEL_MIN_BYTES {
        // Before asking for the core count: that reads cgroup files, which costs more than
        // checking a game (the language server checks games one by one).
        return vec![f(0, text)];
    }
    let cuts = cuts(text, text.len().div_ceil(piece_bytes).max(threads()), next_start);
    map_pieces(text, &cuts, f)
}

/// The number of cores this process may use (which reads cgroup files: ask once per text).
pub(crate) fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `f(start, piece)` of every piece `text[cuts[i]..cuts[i + 1]]`, in order, computed on every
/// core ([`map`]).
pub(crate) fn map_pieces<T, F>(text: &str, cuts: &[usize], f: F) -> Vec<T>
where
    T: Send,
    F: Fn(usize, &str) -> T + Sync,
{
    map(cuts.len().saturating_sub(1), |i| f(cuts[i], &text[cuts[i]..cuts[i + 1]]))
}

/// `job(0) … job(count - 1)`, run on up to as many threads as there are cores, each thread
/// taking the next job when it is done (pieces of a file take unequal times); the results in job
/// order. The calling thread works too, so one job or one core means no thread is spawned.
pub(crate) fn map<T: Send>(count: usize, job: impl Fn(usize) -> T + Sync) -> Vec<T> {
    map_on(if count > 1 { threads() } else { 1 }, count, job)
}

/// [`map`] on at most `threads` threads (the Python API's `check_many(..., threads=N)`).
pub fn map_on<T: Send>(threads: usize, count: usize, job: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let threads = threads.clamp(1, count.max(1));
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= count {
                return done;
            }
            done.push((i, job(i)));
        }
    };
    let mut results: Vec<(usize, T)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
        let mut all = work();
        for w in workers {
            all.extend(w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        }
        all
    });
    results.sort_unstable_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

/// Offsets `0 = c0 < c1 < … < cn = len` cutting `text` into about `pieces` parts, each cut where
/// `next_start` finds a unit at or after an even share of the text. A text in which it finds
/// none stays one piece.
pub(crate) fn cuts(text: &str, pieces: usize, next_start: fn(&str, usize) -> Option<usize>) -> Vec<usize> {
    let mut cuts = vec![0];
    for k in 1..pieces {
        let from = (text.len() * k / pieces).max(*cuts.last().unwrap_or(&0));
        match next_start(text, from) {
            Some(at) if at < text.len() => cuts.push(at),
            _ => break,
        }
    }
    cuts.push(text.len());
    cuts.dedup();
    cuts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn next_line(text: &str, from: usize) -> Option<usize> {
        text[from..].find('\n').map(|i| from + i + 1)
    }

    #[test]
    fn results_come_in_job_order() {
        assert_eq!(map(100, |i| i * i), (0..100).map(|i| i * i).collect::<Vec<_>>());
        assert!(map(0, |i| i).is_empty());
    }

    #[test]
    fn cuts_are_unit_starts_in_order() {
        let text = "aaaa\nbb\ncccccc\nd\n";
        assert_eq!(cuts(text, 3, next_line), [0, 8, 15, text.len()]);
        assert_eq!(cuts("no line end", 4, next_line), [0, 11]);
        assert_eq!(cuts("", 4, next_line), [0]);
    }

    #[test]
    fn pieces_checked_in_parallel_come_back_in_order() {
        let text: String = (0..100_000).map(|i| format!("{i}\n")).collect();
        assert!(text.len() >= PARALLEL_MIN_BYTES);
        // One "diagnostic" per line starting with 7, at its first byte.
        let check = |piece: &str| -> Vec<Diagnostic> {
            let mut at = 0;
            let mut out = Vec::new();
            for line in piece.split_inclusive('\n') {
                if line.starts_with('7') {
                    let range = crate::text::TextRange::empty(TextSize::from(at as u32));
                    out.push(Diagnostic::new(&crate::epd::check::EPD_COMMENT_LINE, range, line.trim_end()));
                }
                at += line.len();
            }
            out
        };
        let whole = check(&text);
        assert_eq!(check_in_pieces(&text, 4096, next_line, check), whole);
    }
}
