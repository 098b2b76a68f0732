//! The streaming formatter (`format_into`, a window of units at a time) against formatting the
//! whole text, on every fixture, broken ones included (unterminated comments and strings are
//! where a window's end could change the parse), with every window size from 1 to 64 bytes and
//! with a range in each unit. The corpus version of this test is in `format_corpus.rs`.

mod epdpbi_support;

use kibitzer_syntax::format::{format, format_into, format_range, FormatOptions, SkippedUnit};
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
