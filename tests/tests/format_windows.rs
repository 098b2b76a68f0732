//! The streaming formatter (`format_into`, a window of units at a time) against formatting the
//! whole text, on every fixture, broken ones included (unterminated comments and strings are
//! where a window's end could change the parse), with every window size from 1 to 64 bytes and
//! with a range in each unit. The corpus version of this test is in `format_corpus.rs`.

use crate::epdpbi_support;

use kibitzer_syntax::format::{format, format_in_pieces, format_into, format_range, FormatOptions, SkippedUnit};
use kibitzer_syntax::{units, Lang, TextRange};

fn streamed(lang: Lang, text: &str, range: Option<TextRange>, window: usize) -> (String, Vec<SkippedUnit>) {
    let mut out = String::new();
    let skipped = format_into(lang, text, range, &FormatOptions::default(), window, &mut |piece: &str| {
        out.push_str(piece);
        Ok::<(), ()>(())
    })
    .unwrap();
    (out, skipped)
}

#[test]
fn every_window_size_formats_every_fixture_as_the_whole_text() {
    let mut checked = 0;
    for path in epdpbi_support::files(&epdpbi_support::fixtures("")) {
        let Some(lang) = Lang::from_path(&path) else { continue };
        let text = kibitzer_syntax::text::decode(&std::fs::read(&path).unwrap()).text;
        let whole = format(lang, &text, &FormatOptions::default());
        for window in 1..=64 {
            let (out, skipped) = streamed(lang, &text, None, window);
            assert!(out == whole.text, "{}: window {window} formats differently", path.display());
            assert_eq!(skipped, whole.skipped, "{}: window {window}", path.display());
        }
        for unit in units(lang, &text) {
            let range = TextRange::empty(unit.start());
            let ranged = format_range(lang, &text, range, &FormatOptions::default());
            for window in [1, 7, 64] {
                let (out, skipped) = streamed(lang, &text, Some(range), window);
                assert!(out == ranged.text, "{}: range {range:?}, window {window}", path.display());
                assert_eq!(skipped, ranged.skipped, "{}: range {range:?}, window {window}", path.display());
            }
        }
        checked += 1;
    }
    assert!(checked > 30, "only {checked} fixtures found");
}

/// Found by `fuzz/run.sh fmt-pgn`: a window cut right after a game's result on a line that goes
/// on (`1/2-1/2%`) made the next window start with `%` at a line start, an escape line there and
/// an error token in the whole text. Windows are cut only where the rest of the line is blank.
#[test]
fn a_window_never_starts_mid_line_before_text() {
    let text = "1/2-1/2%\ne4 c6 Nc3 d5 Nf3 e4 Ne4 Nf6 Qe2 Ne4 Qe4 Qd5 Qh4 Qe6 Be2 Qg4 Qg3 Qg3 hg3 Nd7\n\
                1-0 [Event \"b\"]\n1. d4 *\n";
    let whole = format(Lang::Pgn, text, &FormatOptions::default());
    for window in 1..=120 {
        let (out, skipped) = streamed(Lang::Pgn, text, None, window);
        assert!(out == whole.text, "window {window}: {out:?}\nwhole: {:?}", whole.text);
        assert_eq!(skipped, whole.skipped, "window {window}");
    }
}

fn in_pieces(lang: Lang, text: &str, window: usize, piece_bytes: usize) -> (String, Vec<SkippedUnit>) {
    let mut out = String::new();
    let skipped = format_in_pieces(lang, text, &FormatOptions::default(), window, piece_bytes, &mut |piece: &str| {
        out.push_str(piece);
        Ok::<(), ()>(())
    })
    .unwrap();
    (out, skipped)
}

/// A large file is cut into pieces that the cores format in parallel: whatever the piece size,
/// the output and the units left as written are those of formatting the text whole, on every
/// fixture (broken ones included: a guessed cut inside a comment or between a game's tags must
/// be refused).
#[test]
fn every_piece_size_formats_every_fixture_as_the_whole_text() {
    let mut checked = 0;
    for path in epdpbi_support::files(&epdpbi_support::fixtures("")) {
        let Some(lang) = Lang::from_path(&path) else { continue };
        let text = kibitzer_syntax::text::decode(&std::fs::read(&path).unwrap()).text;
        let whole = format(lang, &text, &FormatOptions::default());
        for piece_bytes in 1..=48 {
            for window in [3, 4096] {
                let (out, skipped) = in_pieces(lang, &text, window, piece_bytes);
                assert!(out == whole.text, "{}: pieces of {piece_bytes} format differently", path.display());
                assert_eq!(skipped, whole.skipped, "{}: pieces of {piece_bytes}", path.display());
            }
        }
        checked += 1;
    }
    assert!(checked > 30, "only {checked} fixtures found");
}

/// Guessed cuts that do not keep the units (a game whose tags an empty line splits, a comment
/// left open over an empty line and a `[`) fall back to one thread from the last proved cut.
#[test]
fn pieces_refuse_cuts_that_split_a_unit() {
    let game = |n: usize| format!("[Event \"{n}\"]\n[Result \"*\"]\n\n1. e4   e5 2. Nf3 *\n\n");
    let plain: String = (0..300).map(game).collect();
    for trap in ["{ open\n\n[Event \"inside\"]\n\n", "[Site \"x\"]\n\n[Date \"y\"]\n\n", "[Site \"x\"]\n\n"] {
        for at in [100, plain.len() / 2, plain.len() - 40] {
            let at = plain[..at].rfind("\n\n[").map_or(0, |i| i + 2);
            let text = [&plain[..at], trap, &plain[at..]].concat();
            let (whole, whole_skipped) = in_pieces(Lang::Pgn, &text, 4096, usize::MAX);
            for piece_bytes in [1, 50, 200, 1000, 5000] {
                let (out, skipped) = in_pieces(Lang::Pgn, &text, 4096, piece_bytes);
                assert!(out == whole, "trap {trap:?} at {at}, pieces of {piece_bytes}");
                assert_eq!(skipped, whole_skipped, "trap {trap:?} at {at}, pieces of {piece_bytes}");
            }
        }
    }
}

/// A piece of a PBN file is formatted from a guess of what the games before it leave (the
/// file's first game and the two before the piece). Where the guess is wrong only in what the
/// piece never looks up, its output stands and it leaves the real state with its own values on
/// top; where the piece looks (a table's `#` columns, a missing tag a `##` value stands for), it
/// is formatted again. Games that inherit columns given far before their piece, after games
/// that changed them and pieces that give them anew, format as the whole file does.
#[test]
fn pbn_pieces_read_what_the_whole_file_leaves() {
    let game = |n: usize, extra: &str| {
        format!("[Event \"##E\"]\n[Site \"S{n}\"]\n[Board \"{n}\"]\n[Deal \"N:- - - -\"]\n{extra}\n")
    };
    let table = |columns: &str| format!("[ScoreTable \"{columns}\"]\n1 \"Ann;Bob\" 7 2 \"Carl;Dora\" 3\n");
    let mut text = game(0, &table("Rank\\2R;Names\\12;MP\\3R"));
    for n in 1..120 {
        let extra = match n {
            // New columns far from where they are inherited, and a tag given once.
            40 => table("Names\\20L;Rank\\4R;MP"),
            41 => "[Annotator \"x\"]\n".to_owned(),
            80 => "[Event \"##Other\"]\n".to_owned(),
            n if n % 9 == 0 => table("#"),
            _ => String::new(),
        };
        // Game 80 gives its own Event; the others leave it out, which `##` allows.
        let mut g = game(n, &extra);
        if n != 0 {
            g = g.replacen("[Event \"##E\"]\n", "", 1);
        }
        if n == 80 {
            g = g.replacen("[Event \"##Other\"]\n", "", 1).replacen("[Site", "[Event \"##Other\"]\n[Site", 1);
        }
        text.push_str(&g);
    }
    let whole = format(Lang::Pbn, &text, &FormatOptions::default());
    assert!(whole.skipped.is_empty(), "{:?}", whole.skipped);
    assert!(whole.text.contains("Other") && whole.text.matches("Carl;Dora").count() >= 10);
    for piece_bytes in [50, 200, 500, 1000, 3000] {
        for window in [3, 4096] {
            let (out, skipped) = in_pieces(Lang::Pbn, &text, window, piece_bytes);
            assert!(out == whole.text, "pieces of {piece_bytes}, windows of {window}");
            assert_eq!(skipped, whole.skipped);
        }
    }
}

/// Found by `fuzz/run.sh fmt-pbn` (`\t%`, open since 2026-11-24): a `%` after blanks is no escape
/// (PGN 6, PBN 2.4), but formatting dropped the blanks before it and the next run read an escape
/// line. The blanks before a kept `%` on its line stay, in PBN and PGN, whole or in windows.
#[test]
fn a_percent_after_blanks_stays_after_them() {
    for lang in [Lang::Pbn, Lang::Pgn] {
        for text in ["\t%", " \t% x\n[Event \"a\"]\n", "[Event \"a\"]\n\n \t%x\n", "\n\n\t% PBN 2.1\n% x\n"] {
            let once = format(lang, text, &FormatOptions::default()).text;
            assert!(once.contains("\t%"), "{lang:?} {text:?}: {once:?}");
            let twice = format(lang, &once, &FormatOptions::default()).text;
            assert_eq!(twice, once, "{lang:?} {text:?}");
            for window in 1..=8 {
                assert_eq!(streamed(lang, text, None, window).0, once, "{lang:?} {text:?}, window {window}");
            }
        }
    }
}
