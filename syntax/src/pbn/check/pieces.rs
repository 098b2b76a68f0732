//! Checking a large PBN text on all cores, with the diagnostics of checking it whole.
//!
//! Games are chained only by what they inherit ([`Carry`]), so a piece of the file can be
//! checked before the pieces ahead of it are done, from a guess of what they will leave: the
//! carry of the file's first game (where real files give the tags later games inherit) followed
//! by the few games just before the piece (the previous deal and room score). Once every piece is
//! checked, the pieces are taken in order: one whose guess differs from what the piece before
//! really left is checked again from that. Equal carries make the same diagnostics of the same
//! text, so the result is the sequential one whatever the guesses; good guesses only make it
//! come sooner.
//!
//! Pieces are cut where a game most likely starts: a `[` after an empty line. Unless a brace
//! comment is open there, the lexer is in its initial state (an empty line resets its mode) and
//! the parser between games, so the piece checks as it does inside the file (the same condition
//! as [`super::check_unit`]'s pieces). A brace comment open across a cut has no `}` in the piece
//! before it, so that piece ends in an unterminated comment, which the parser reports: the rest
//! of the text from that piece on is then checked as one piece (the comment may close anywhere).
//!
//! Carries are kept in the file's offsets (a piece's are shifted by its start), so that those of
//! different pieces compare, and a piece's diagnostics of the game before it
//! (`for_previous`, a room's ScoreIMP) come out at their place in the file.

use super::players::NameRanges;
use super::{check_unit, Carry};
use crate::config::CheckOptions;
use crate::cuts::{next_cut, previous_cut};
use crate::diagnostic::Diagnostic;
use crate::text::{TextRange, TextSize};

/// Below this size a text is checked in one go (threads would cost more than they save).
const PARALLEL_MIN_BYTES: usize = 256 * 1024;

/// At most this much text a piece holds: large enough that the guesses (a few games each) and
/// what a piece costs to start cost nothing next to it.
const PIECE_BYTES: usize = 128 * 1024;

/// At least this many pieces a core takes, where [`PIECE_BYTES`] would give fewer: the cores
/// finish together only when a piece is small beside a core's share (a core idles for half a
/// piece at the end, on average: of a 2 MB file in 128 KB pieces on two cores, a sixteenth of
/// the wall time).
const PIECES_PER_CORE: usize = 16;

/// Pieces are not made smaller than this for [`PIECES_PER_CORE`]: below it, the guesses'
/// games begin to count.
const MIN_PIECE_BYTES: usize = 32 * 1024;

/// How many games before a piece its guess checks: two, so that a game that relies on the one
/// before it (a second room's game without Deal, a ScoreIMP) sees the right one.
const LEAD_IN_GAMES: usize = 2;

/// Checks a whole PBN text, in pieces on all cores when it is large: its diagnostics, and where
/// its games' names are (for the spelling check, which sees the games together).
pub(crate) fn check(text: &str, options: &CheckOptions) -> (Vec<Diagnostic>, NameRanges) {
    let cuts = if text.len() < PARALLEL_MIN_BYTES {
        vec![0, text.len()]
    } else {
        cuts(text, piece_bytes(text.len(), crate::parallel::threads()))
    };
    check_in_pieces(text, &cuts, options)
}

/// Checks `text` cut at `cuts` (see [`cuts`]).
fn check_in_pieces(text: &str, cuts: &[usize], options: &CheckOptions) -> (Vec<Diagnostic>, NameRanges) {
    if cuts.len() <= 2 {
        let checked = check_unit(text, &Carry::default(), options);
        return (checked.diagnostics, checked.names);
    }
    let range = |k: usize| TextRange::new(offset(cuts[k]), offset(cuts[k + 1]));
    let first_game_end = cuts[1].min(next_cut(text, 1).unwrap_or(text.len()));
    let first_game = check_unit(&text[..first_game_end], &Carry::default(), options).after;
    let speculative = crate::parallel::map(cuts.len() - 1, |k| {
        let before = if k == 0 { Carry::default() } else { guess(text, cuts[k], first_game_end, &first_game, options) };
        Checked::new(text, range(k), before, options)
    });
    let done = settle(text.len(), speculative, |range, before| Checked::new(text, range, before, options));
    let mut names = NameRanges::default();
    let mut diagnostics = Vec::new();
    for piece in done {
        names.append_shifted(piece.names, piece.range.start());
        diagnostics.extend(piece.for_previous.into_iter().chain(piece.diagnostics));
    }
    (diagnostics, names)
}

/// The speculatively checked pieces taken in order: a piece whose guess differs from what the
/// piece before it left is checked again (`check`) from that; once a piece leaves a brace comment
/// open, the rest of the text from that piece on is checked as one piece, once: the comment
/// closes at the next `}`, however far. (Joined a piece at a time, a text whose every piece
/// leaves a comment open was checked again for each piece: quadratic time.)
fn settle(
    text_len: usize,
    speculative: Vec<Checked>,
    mut check: impl FnMut(TextRange, Carry) -> Checked,
) -> Vec<Checked> {
    let mut done: Vec<Checked> = Vec::with_capacity(speculative.len());
    for piece in speculative {
        let piece = match done.last() {
            None => piece,
            Some(last) if !last.ends_cleanly => {
                let last = done.pop().expect("a last piece");
                done.push(check(TextRange::new(last.range.start(), offset(text_len)), last.before));
                break;
            }
            Some(last) if last.after != piece.before => check(piece.range, last.after.clone()),
            Some(_) => piece,
        };
        done.push(piece);
    }
    done
}

fn offset(at: usize) -> TextSize {
    TextSize::from(at as u32)
}

/// How much text of `len` bytes a piece holds on `threads` cores: [`PIECES_PER_CORE`] pieces a
/// core, each of [`MIN_PIECE_BYTES`] to [`PIECE_BYTES`].
fn piece_bytes(len: usize, threads: usize) -> usize {
    (len / (threads.max(1) * PIECES_PER_CORE)).clamp(MIN_PIECE_BYTES, PIECE_BYTES)
}

/// Offsets `0 = c0 < c1 < … < cn = len` cutting `text` into pieces of about `piece_bytes` at
/// likely game starts; a text without empty lines stays whole.
fn cuts(text: &str, piece_bytes: usize) -> Vec<usize> {
    let pieces = text.len().div_ceil(piece_bytes);
    let mut cuts = vec![0];
    for k in 1..pieces {
        let from = (text.len() * k / pieces).max(cuts[cuts.len() - 1] + 1);
        match next_cut(text, from) {
            Some(at) => cuts.push(at),
            None => break,
        }
    }
    cuts.push(text.len());
    cuts.dedup();
    cuts
}

/// What the text before `cut` most likely leaves: the first game's carry, then the last
/// [`LEAD_IN_GAMES`] games before `cut` checked from it.
fn guess(text: &str, cut: usize, first_game_end: usize, first_game: &Carry, options: &CheckOptions) -> Carry {
    let mut lead_in = cut;
    for _ in 0..LEAD_IN_GAMES {
        lead_in = previous_cut(text, lead_in).unwrap_or(0).max(first_game_end);
    }
    if lead_in >= cut {
        return first_game.clone();
    }
    check_unit(&text[lead_in..cut], first_game, options).after.shifted(offset(lead_in))
}

/// A piece checked from a carry, everything in the file's offsets.
struct Checked {
    range: TextRange,
    before: Carry,
    diagnostics: Vec<Diagnostic>,
    /// Diagnostics of the game before the piece (placed by `before`, already in file offsets).
    for_previous: Vec<Diagnostic>,
    after: Carry,
    /// Whether the piece has no unterminated brace comment: one may be closed after the piece's
    /// end, which makes the cut there wrong.
    ends_cleanly: bool,
    /// Where its games' names are, relative to the piece.
    names: NameRanges,
}

impl Checked {
    fn new(text: &str, range: TextRange, before: Carry, options: &CheckOptions) -> Checked {
        let super::UnitChecked { diagnostics, for_previous, after, names } = check_unit(&text[range], &before, options);
        let ends_cleanly = !diagnostics.iter().any(|d| d.code == crate::pbn::parser::UNTERMINATED_COMMENT.code);
        let start = range.start();
        Checked {
            range,
            before,
            diagnostics: diagnostics.into_iter().map(|d| d.shifted(start)).collect(),
            for_previous,
            after: after.shifted(start),
            ends_cleanly,
            names,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_too_large_to_read_gets_one_diagnostic_and_the_others_are_checked() {
        let options = CheckOptions::default();
        let small = "[Event \"a\"]\n[Board \"x\"]\n";
        let big = format!("[Event \"big\"]\n[Dealer \"N\"]\n[Auction \"N\"]\n{}\n", "Pass ".repeat(300_000));
        let text = format!("{small}\n{big}\n{small}");
        let found = check(&text, &options).0;
        let alone = check(small, &options).0;
        assert!(!alone.is_empty());
        let code = crate::pbn::parser::GAME_TOO_LARGE.code;
        let large: Vec<&Diagnostic> = found.iter().filter(|d| d.code == code).collect();
        assert_eq!(large.len(), 1);
        assert_eq!(usize::from(large[0].range.start()), small.len() + 1);
        assert!(large[0].message.contains(&format!("({} bytes)", big.trim_end().len())), "{}", large[0].message);
        // The games before and after it, as alone.
        assert_eq!(found.len(), 1 + 2 * alone.len(), "{found:#?}");
    }
    use crate::config::Mode;

    #[test]
    fn a_file_of_a_few_megabytes_is_cut_small_enough_for_every_core_to_take_many_pieces() {
        // rpbridge's 1.9 MB match record on two cores: 16 pieces a core, not 7 or 8.
        let bytes = piece_bytes(1_948_321, 2);
        assert!((32..=33).contains(&1_948_321usize.div_ceil(bytes)), "{bytes}");
        // Large files keep the largest pieces, small ones the smallest.
        assert_eq!(piece_bytes(26_000_000, 2), PIECE_BYTES);
        assert_eq!(piece_bytes(300_000, 8), MIN_PIECE_BYTES);
        assert_eq!(piece_bytes(300_000, 0), MIN_PIECE_BYTES);
    }

    /// A piece of ten bytes from `10 * k`, as checked: `open` when it leaves a comment open.
    fn piece(k: usize, open: bool) -> Checked {
        Checked {
            range: TextRange::new(offset(10 * k), offset(10 * k + 10)),
            before: Carry::default(),
            diagnostics: Vec::new(),
            for_previous: Vec::new(),
            after: Carry::default(),
            ends_cleanly: !open,
            names: NameRanges::default(),
        }
    }

    /// Where every piece leaves a comment open, the rest of the text from the first such piece
    /// is checked once: no more text is checked again than the text holds (it was once checked
    /// again piece by piece, each time longer).
    #[test]
    fn the_rest_of_a_text_is_checked_once_after_a_piece_that_leaves_a_comment_open() {
        for first_open in 0..10 {
            let mut checked = Vec::new();
            let pieces = (0..10).map(|k| piece(k, k >= first_open)).collect();
            let done = settle(100, pieces, |range, before| {
                checked.push(range);
                Checked { range, before, ..piece(0, true) }
            });
            if first_open < 9 {
                assert_eq!(checked, vec![TextRange::new(offset(10 * first_open), offset(100))]);
            } else {
                // The last piece's open comment runs to the end of the text anyway.
                assert!(checked.is_empty());
            }
            // The clean pieces before it as they were, then one piece to the end.
            let ranges: Vec<TextRange> = done.iter().map(|p| p.range).collect();
            let mut expected: Vec<TextRange> = (0..first_open).map(|k| piece(k, false).range).collect();
            expected.push(TextRange::new(offset(10 * first_open), offset(100)));
            assert_eq!(ranges, expected, "first open: {first_open}");
        }
    }

    fn sorted(mut diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
        crate::diagnostic::sort_in_text_order(&mut diagnostics);
        diagnostics
    }

    /// Checked in many small pieces, speculatively, the text gives the diagnostics of checking
    /// it whole, in import and export mode and with `% EXPORT` halfway.
    #[test]
    fn pieces_give_the_whole_texts_diagnostics() {
        let (text, shared) = crate::pbn::test_corpus();
        let halfway = next_cut(&text, text.len() / 2).unwrap();
        let exported = [&text[..halfway], "% EXPORT\n", &text[halfway..]].concat();
        for (text, mode) in [(&text, Mode::Import), (&text, Mode::Export), (&exported, Mode::Import)] {
            let options = CheckOptions { mode, ..CheckOptions::default() };
            let whole = sorted(check_unit(text, &Carry::default(), &options).diagnostics);
            let names = NameRanges::of(text);
            assert!(whole.len() > if shared { 100 } else { 10 }, "{}", whole.len());
            for piece_bytes in [2000, 30_000] {
                // The fixtures alone are small: pieces small enough to cut them many times.
                let piece_bytes = if shared { piece_bytes } else { piece_bytes.min(text.len() / 8).max(1) };
                let cuts = cuts(text, piece_bytes);
                assert!(cuts.len() > if shared { 10 } else { 2 }, "{}", cuts.len());
                let (diagnostics, in_pieces) = check_in_pieces(text, &cuts, &options);
                assert_eq!(sorted(diagnostics), whole, "{mode:?}, pieces of {piece_bytes}");
                assert!(in_pieces == names, "{mode:?}, pieces of {piece_bytes}: the names of the games");
            }
        }
    }
}
