//! The formatter engine shared by `kibitzer fmt` and the language server: import format → the
//! standard's export format, one unit (PGN game, PBN game, EPD line, PBI line) at a time.
//!
//! What the engine guarantees, whatever the format:
//! - a unit with syntax errors, or one its format's formatter declines (an illegal move leaves no
//!   position to write canonical SAN from), is copied byte for byte and listed in
//!   [`Formatted::skipped`] with the diagnostics that explain why;
//! - text between units that is not whitespace (stray text the parser kept outside any unit) is
//!   copied byte for byte; whitespace between units is the format's to decide;
//! - range formatting touches only the units that overlap the range.
//!
//! Each format supplies a [`UnitFormatter`] (declared in [`unit`]) in its own `format.rs`; this
//! module picks one by language and drives it, and the formats import only [`unit`], never this
//! module.

mod differences;
mod pieces;
pub mod unit;
mod windows;

pub use unit::{syntax_errors, Declined, FormatOptions};
pub(crate) use unit::{Before, Carry, CarryUse, UnitFormatter};
use windows::format_windows;
pub use windows::SkippedUnit;

use crate::diagnostic::TextEdit;
use crate::text::{TextRange, TextSize};
use crate::Lang;
// FxHash rather than the standard SipHash for the lines `resync` has seen: they are the file's
// own, hashed in one process, where no one picks them to collide; SipHash and the maps' growth
// were most of the cost of turning a formatted document into edits.
use rustc_hash::FxHashMap;

/// The result of formatting a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Formatted {
    pub text: String,
    pub skipped: Vec<SkippedUnit>,
}

/// How much text the engine parses at a time, by default: the trees of a window of whole units
/// are all the memory formatting takes beyond the text and the output.
pub const WINDOW: usize = 256 * 1024;

/// Formats all of `text`.
pub fn format(lang: Lang, text: &str, options: &FormatOptions) -> Formatted {
    format_to_string(lang, text, None, options)
}

/// Formats the units of `text` that overlap `range` (an empty range: the unit that contains
/// it); the rest of the text is kept as it is. The result is still the whole text.
pub fn format_range(lang: Lang, text: &str, range: TextRange, options: &FormatOptions) -> Formatted {
    format_to_string(lang, text, Some(range), options)
}

fn format_to_string(lang: Lang, text: &str, range: Option<TextRange>, options: &FormatOptions) -> Formatted {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let skipped = format_into(lang, text, range, options, WINDOW, &mut |piece: &str| {
        out.push_str(piece);
        Ok::<(), std::convert::Infallible>(())
    });
    let Ok(skipped) = skipped;
    Formatted { text: out, skipped }
}

/// Formats `text` (or, with `range`, the units that overlap it) and hands the result to `out`
/// piece by piece, in order; returns the units left as written. The output is the same as
/// [`format`]'s (or [`format_range`]'s) whatever `window` is.
///
/// Memory stays bounded by the largest unit, not by the file: the text is parsed a window of
/// about `window` bytes at a time (grown when one unit is larger), see [`format_windows`]. A
/// large file (PGN, EPD, PBN) is cut into pieces that the cores format in parallel
/// ([`pieces`]); the output is the same.
pub fn format_into<E>(
    lang: Lang,
    text: &str,
    range: Option<TextRange>,
    options: &FormatOptions,
    window: usize,
    out: &mut impl FnMut(&str) -> Result<(), E>,
) -> Result<Vec<SkippedUnit>, E> {
    if range.is_none() && !lang.is_read_whole() && text.len() >= pieces::PARALLEL_MIN_BYTES {
        format_in_pieces(lang, text, options, window, pieces::PIECE_BYTES, out)
    } else {
        format_whole(lang, text, range, options, window, out)
    }
}

/// [`format_into`] of the whole text with the file cut into pieces of about `piece_bytes`
/// (where its format allows: PGN, EPD and PBN), formatted on every core. The output is the same as
/// [`format`]'s whatever `piece_bytes` and `window` are (tests choose small ones).
pub fn format_in_pieces<E>(
    lang: Lang,
    text: &str,
    options: &FormatOptions,
    window: usize,
    piece_bytes: usize,
    out: &mut impl FnMut(&str) -> Result<(), E>,
) -> Result<Vec<SkippedUnit>, E> {
    if crate::binary::not_text(lang, [text], &crate::CheckOptions::default()).is_some() {
        return format_whole(lang, text, None, options, window, out);
    }
    pieces::format(lang, text, options, window, piece_bytes, out)
}

/// Formats `text`, a piece of a file ([`crate::units::pieces`]) whose pieces before it left
/// `from`: the piece's part of the file's formatted text, and what the piece leaves for the
/// pieces after it. The export layout of a text is found piece by piece this way
/// (`crate::layout`), so that a text checked whole and checked in pieces agree.
pub(crate) fn format_piece(lang: Lang, text: &str, options: &FormatOptions, from: &Carry) -> (String, Carry) {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let windows = format_windows(lang, text, None, options, WINDOW, from, &mut |part: &str| {
        out.push_str(part);
        Ok::<(), std::convert::Infallible>(())
    });
    let Ok(windows) = windows;
    (out, windows.after)
}

/// [`format_into`] on one thread, window after window.
fn format_whole<E>(
    lang: Lang,
    text: &str,
    range: Option<TextRange>,
    options: &FormatOptions,
    window: usize,
    out: &mut impl FnMut(&str) -> Result<(), E>,
) -> Result<Vec<SkippedUnit>, E> {
    // A binary file is given back as it is, as one unit left as written.
    if let Some(d) = crate::binary::not_text(lang, [text], &crate::CheckOptions::default()) {
        out(text)?;
        return Ok(vec![SkippedUnit {
            range: TextRange::up_to(TextSize::from(text.len() as u32)),
            diagnostics: vec![d],
        }]);
    }
    Ok(format_windows(lang, text, range, options, window, &Carry::Nothing, out)?.skipped)
}

/// The edits that turn `old` into `new`, in byte offsets of `old`, in text order, none
/// overlapping another, placed on words and blanks ([`differences`]); applied together they
/// give `new` (tested below), grouped by the stretch of lines ([`minimal_edits`]) they are in.
pub fn differences(old: &str, new: &str) -> Vec<Vec<TextEdit>> {
    differences::within_stretches(old, minimal_edits(old, new))
}

/// Line-level edits that turn `old` into `new`, in byte offsets of `old`: what the language
/// server sends for document and range formatting, so that the editor keeps cursors, folds and
/// marks in unchanged lines. Each edit replaces only a stretch of lines that differ: after a
/// difference the two texts are resynchronised at the nearest line they share
/// ([`resync`]), so formatting a file of thousands of games gives one small edit per changed
/// stretch, never one edit of the whole file. Linear in the size of the texts.
pub fn minimal_edits(old: &str, new: &str) -> Vec<TextEdit> {
    // Most formatting changes a few lines of a large file: cut the common prefix and suffix
    // first, then compare only the middle, line by line.
    let prefix = common_prefix_at_line_start(old, new);
    let suffix = common_suffix_at_line_end(&old[prefix..], &new[prefix..]);
    let old_mid = &old[prefix..old.len() - suffix];
    let new_mid = &new[prefix..new.len() - suffix];
    let a: Vec<&str> = old_mid.split_inclusive('\n').collect();
    let b: Vec<&str> = new_mid.split_inclusive('\n').collect();
    let mut edits = Vec::new();
    let (mut i, mut j) = (0, 0);
    // Byte offsets (in `old` and `new_mid`) of lines `i` and `j`.
    let (mut old_at, mut new_at) = (prefix, 0);
    let mut seen = SeenLines::default();
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            old_at += a[i].len();
            new_at += b[j].len();
            (i, j) = (i + 1, j + 1);
            continue;
        }
        let (ni, nj) = resync(&a, &b, i, j, &mut seen);
        let old_len: usize = a[i..ni].iter().map(|l| l.len()).sum();
        let new_len: usize = b[j..nj].iter().map(|l| l.len()).sum();
        let range = TextRange::at(TextSize::from(old_at as u32), TextSize::from(old_len as u32));
        edits.push(TextEdit::replace(range, &new_mid[new_at..new_at + new_len]));
        old_at += old_len;
        new_at += new_len;
        (i, j) = (ni, nj);
    }
    edits
}

/// The nearest pair of equal lines `a[x] == b[y]` with `x >= i`, `y >= j` (nearest: smallest
/// `max(x - i, y - j)`), or the ends of both when they share no line. Both sides are scanned
/// one line a step, remembering where each line was first seen; so the cost is proportional to
/// the distance to the pair, and every line scanned is then consumed by the caller: linear in
/// all.
///
/// A blank line is never the pair: blank lines are everywhere (between games, every few lines
/// of a deal's notes), so the nearest blank line of the other side is seldom the same line, and
/// pairing it put the two sides out of step, a wrong pair after a wrong pair, each an edit of
/// lines that had not changed. A blank line next to a change goes with the change instead.
fn resync<'t>(a: &[&'t str], b: &[&'t str], i: usize, j: usize, seen: &mut SeenLines<'t>) -> (usize, usize) {
    let blank = |line: &str| line.trim().is_empty();
    seen.clear();
    let SeenLines { a: seen_a, b: seen_b } = seen;
    for k in 0.. {
        let (x, y) = (i + k, j + k);
        if x >= a.len() && y >= b.len() {
            break;
        }
        if x < a.len() && !blank(a[x]) {
            seen_a.entry(a[x]).or_insert(x);
            if let Some(&y0) = seen_b.get(a[x]) {
                return (x, y0);
            }
        }
        if y < b.len() && !blank(b[y]) {
            seen_b.entry(b[y]).or_insert(y);
            if let Some(&x0) = seen_a.get(b[y]) {
                return (x0, y);
            }
        }
    }
    (a.len(), b.len())
}

/// Where each side's lines were first seen in one [`resync`]; kept from one call to the next
/// for their memory (most calls see a few lines, and growing two maps from nothing each time
/// cost as much as the lookups).
#[derive(Default)]
struct SeenLines<'t> {
    a: FxHashMap<&'t str, usize>,
    b: FxHashMap<&'t str, usize>,
}

impl SeenLines<'_> {
    /// Forgets every line. A map grown large by one long resync is dropped rather than cleared:
    /// clearing costs its capacity, and every later call would pay it.
    fn clear(&mut self) {
        for map in [&mut self.a, &mut self.b] {
            if map.capacity() > 256 {
                *map = FxHashMap::default();
            } else {
                map.clear();
            }
        }
    }
}

fn common_prefix_at_line_start(a: &str, b: &str) -> usize {
    let same = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    // Back to the start of the line in which they differ (or stay at the end when one is a
    // prefix of the other and that is a line start).
    match a.as_bytes()[..same].iter().rposition(|&c| c == b'\n') {
        Some(i) if !(same == a.len() && same == b.len()) => i + 1,
        _ if same == a.len() && same == b.len() => same,
        _ => 0,
    }
}

fn common_suffix_at_line_end(a: &str, b: &str) -> usize {
    let same = a.bytes().rev().zip(b.bytes().rev()).take_while(|(x, y)| x == y).count();
    // Only whole lines: the suffix must start right after a `\n` in both.
    let mut n = same;
    while n > 0 {
        let (ia, ib) = (a.len() - n, b.len() - n);
        let at_line_start = |s: &str, i: usize| i == 0 || s.as_bytes()[i - 1] == b'\n';
        if at_line_start(a, ia) && at_line_start(b, ib) {
            return n;
        }
        n -= 1;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::apply_edits;

    fn check_edits(old: &str, new: &str) -> Vec<TextEdit> {
        let edits = minimal_edits(old, new);
        assert_eq!(apply_edits(old, &edits).0, new, "edits {edits:?}");
        edits
    }

    #[test]
    fn minimal_edits_touch_only_changed_lines() {
        assert!(check_edits("a\nb\n", "a\nb\n").is_empty());
        let edits = check_edits("a\nb\nc\nd\n", "a\nB\nc\nd\n");
        assert_eq!(edits, [TextEdit::replace(TextRange::new(2.into(), 4.into()), "B\n")]);
        let edits = check_edits("1\n2\n3\n4\n5\n", "1\nx\n3\n4\ny\n");
        assert_eq!(edits.len(), 2);
        check_edits("", "new\n");
        check_edits("old\n", "");
        check_edits("no newline", "no newline at all");
        check_edits("a\nb", "a\nb\n");
        check_edits("x\r\ny\r\n", "x\ny\n");
        check_edits("é\nü\n", "é\nÜ\n");
        check_edits("same\nsame\nsame\n", "same\nsame\n");
    }

    /// A file of many games of which every other is re-wrapped: one edit per changed game, each
    /// within that game's lines, and applying them gives the new text.
    #[test]
    fn edits_stay_local_when_many_parts_change() {
        let game = |n: usize, wrapped: bool| {
            let moves = if wrapped { "1. e4 e5\n2. Nf3 Nc6\n" } else { "1. e4 e5 2. Nf3 Nc6\n" };
            format!("[Event \"{n}\"]\n[Result \"*\"]\n\n{moves}*\n\n")
        };
        let old: String = (0..1000).map(|n| game(n, false)).collect();
        let new: String = (0..1000).map(|n| game(n, n % 2 == 0)).collect();
        let edits = check_edits(&old, &new);
        assert_eq!(edits.len(), 500);
        for (e, n) in edits.iter().zip((0..1000).step_by(2)) {
            assert_eq!(&old[e.range], "1. e4 e5 2. Nf3 Nc6\n", "game {n}");
            assert_eq!(e.replacement, "1. e4 e5\nNf3 Nc6\n".replace("Nf3", "2. Nf3"));
        }
    }

    /// Random line changes — replaced, inserted, deleted lines — on a text whose lines are
    /// distinct but for blank lines: the edits give the new text and replace about as many old
    /// lines as changed (a blank line next to a change may go with it).
    #[test]
    fn edits_give_the_new_text_after_random_line_changes() {
        let mut rng = crate::testing::Rng::new(0x2545_F491_4F6C_DD1D);
        let mut below = |n: usize| rng.below(n);
        for round in 0..200 {
            let old: Vec<String> =
                (0..below(60)).map(|i| if i % 4 == 3 { "\n".to_owned() } else { format!("line {i}\n") }).collect();
            let mut new = old.clone();
            let changes = below(6);
            for _ in 0..changes {
                let at = below(new.len() + 1);
                match below(3) {
                    0 if at < new.len() => new[at] = format!("changed {}\n", below(4)),
                    1 if at < new.len() => {
                        new.remove(at);
                    }
                    _ => new.insert(at, if below(2) == 0 { "\n".to_owned() } else { format!("new {}\n", below(99)) }),
                }
            }
            let (old, new) = (old.concat(), new.concat());
            let edits = check_edits(&old, &new);
            let replaced_lines: usize = edits.iter().map(|e| old[e.range].matches('\n').count()).sum();
            assert!(replaced_lines <= 2 * changes, "round {round}: {edits:?}");
        }
    }

    /// Found by fuzzing: stray text after a formatted game gained blank lines on every run, and a
    /// `%` on the game's last line became an escape line.
    #[test]
    fn a_unit_too_large_to_read_is_kept_as_written_and_the_rest_formatted() {
        let options = FormatOptions::default();
        let huge = |unit: &str, n: usize| unit.repeat(n);
        let cases = [
            (
                Lang::Epd,
                format!(
                    "4k3/8/8/8/8/8/8/4K3  w - - id \"a\";\n8/8/8/8/8/8/8/K6k w - - {} \n4k3/8/8/8/8/8/8/4K3  w - - id \"b\";\n",
                    huge("c0 \"x\"; ", 300_000)
                ),
                "EPD016",
            ),
            (
                Lang::Pgn,
                format!("1. e4  e5 *\n\n[Event \"big\"]\n\n{} *\n\n[Event \"b\"]\n\n1. d4  d5 *\n", huge("1. e4 ", 400_000)),
                "PGN008",
            ),
            (
                Lang::Pbn,
                format!(
                    "[Event  \"a\"]\r\n\r\n[Event \"big\"]\r\n[Auction \"N\"]\r\n{}\r\n\r\n[Event  \"b\"]\r\n",
                    huge("Pass ", 500_000)
                ),
                "PBN007",
            ),
            (Lang::Lin, format!("PN|a,b,c,d|  md|3SA,,,|\nmd|3S|{}\n\nMB|p|  \n", huge("nt|x|", 500_000)), "LIN004"),
            (
                Lang::Lin,
                format!("vg|F|\n  pn|a|\nqx|o1|  md|3S|\nqx|o2|{}\nqx|o3|  mb|p|\n", huge("nt|x|", 500_000)),
                "LIN004",
            ),
        ];
        for (lang, text, code) in cases {
            let formatted = format(lang, &text, &options);
            let codes: Vec<&str> =
                formatted.skipped.iter().flat_map(|u| u.diagnostics.iter().map(|d| d.code)).collect();
            assert_eq!(codes, [code], "{lang:?}");
            let kept = &text[formatted.skipped[0].range];
            assert!(kept.len() > 2_000_000 && formatted.text.contains(kept), "{lang:?}: kept as written");
            let outside = formatted.text.replace(kept, "");
            assert!(!outside.contains("  "), "{lang:?}: the small units are formatted: {outside}");
            assert_eq!(format(lang, &formatted.text, &options).text, formatted.text, "{lang:?}: idempotent");
        }
    }

    #[test]
    fn stray_text_after_a_formatted_game_is_stable_and_keeps_its_meaning() {
        let tags = "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n";
        let options = FormatOptions::default();
        for tail in ["\n\n%\n", "%\n", " junk\n\n", "\n\n% esc\n\n[Event \"y\"]\n\n1. d4 *\n"] {
            let text = format!("{tags}1. e4 e5 *{tail}");
            let once = format(Lang::Pgn, &text, &options).text;
            assert_eq!(format(Lang::Pgn, &once, &options).text, once, "{text:?}");
            let errors = |t: &str| crate::check(Lang::Pgn, t, &crate::CheckOptions::default()).len();
            assert_eq!(
                errors(&once),
                errors(&text),
                "{text:?} → {once:?}: {:?}",
                crate::check(Lang::Pgn, &text, &crate::CheckOptions::default())
            );
        }
    }
}

#[cfg(test)]
mod differences_tests {
    use super::*;
    use crate::diagnostic::apply_edits;
    use crate::diagnostic::TextEdit;

    fn placed(old: &str, new: &str) -> Vec<(String, String)> {
        let edits: Vec<TextEdit> = differences(old, new).concat();
        assert_eq!(apply_edits(old, &edits).0, new, "{edits:?}");
        edits.iter().map(|e| (old[e.range].to_owned(), e.replacement.clone())).collect()
    }

    #[test]
    fn blanks_are_placed_on_their_gap_and_words_on_what_changes() {
        let p = |a: &str, b: &str| (a.to_owned(), b.to_owned());
        assert_eq!(placed("[Event  \"x\"]\n", "[Event \"x\"]\n"), [p("  ", " ")]);
        assert_eq!(placed("[A \"1\"] [B \"2\"]\n", "[A \"1\"]\n[B \"2\"]\n"), [p(" ", "\n")]);
        assert_eq!(placed("1. e4  e5 *\n", "1. e4 e5 *\n"), [p("  ", " ")]);
        assert_eq!(placed("1. e4 e5 \n2. Nf3 *\n", "1. e4 e5 2. Nf3 *\n"), [p(" \n", " ")]);
        assert_eq!(placed("1. e4 ;note\ne5 *\n", "1. e4 {note} e5 *\n"), [p(";note\n", "{note} ")]);
        assert_eq!(placed("1.e4 e5 *\n", "1. e4 e5 *\n"), [p("", " ")]);
        assert_eq!(placed("1. 0-0 *\n", "1. O-O *\n"), [p("0-0", "O-O")]);
        assert_eq!(placed("a\nb  c\nd\n", "a\nb c\nd\n"), [p("  ", " ")]);
        assert!(placed("same\n", "same\n").is_empty());
    }

    /// Random respacings and word changes of random words: the edits give the new text, never
    /// overlap, and a change of blanks alone is an edit of blanks alone (the words are told
    /// apart by their place, as a game's are by their move numbers).
    #[test]
    fn edits_give_the_new_text() {
        let mut rng = crate::testing::Rng::new(0x9E37_79B9_7F4A_7C15);
        let vocabulary = ["e4", "e5", "Nf3", "{c}", ";x", "1.", "[A", "\"v\"]", "é"];
        let blanks = [" ", "  ", "\n", " \n", "\n\n"];
        for _ in 0..500 {
            let n = rng.below(30);
            let old_words: Vec<String> =
                (0..n).map(|i| format!("{}{i}", vocabulary[rng.below(vocabulary.len())])).collect();
            let mut new_words = old_words.clone();
            let respaced_only = rng.below(2) == 0;
            if !respaced_only && n > 0 {
                let at = rng.below(n);
                new_words[at] = vocabulary[rng.below(vocabulary.len())].to_owned();
            }
            let mut join = |ws: &[String]| {
                let mut s = String::new();
                for w in ws {
                    s.push_str(w);
                    s.push_str(blanks[rng.below(blanks.len())]);
                }
                s
            };
            let (old, new) = (join(&old_words), join(&new_words));
            let edits: Vec<TextEdit> = differences(&old, &new).concat();
            assert_eq!(apply_edits(&old, &edits).0, new);
            assert!(edits.windows(2).all(|w| w[0].range.end() <= w[1].range.start()), "{edits:?}");
            if respaced_only {
                for e in &edits {
                    let blank = |s: &str| s.chars().all(char::is_whitespace);
                    assert!(blank(&old[e.range]) && blank(&e.replacement), "{old:?} → {new:?}: {e:?}");
                }
            }
        }
    }
}
