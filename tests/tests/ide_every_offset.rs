//! The editor features never panic, wherever the cursor is and however the text is cut short:
//! hover, completion and note navigation at every offset of truncated copies of every fixture
//! (a file being typed is a prefix of a finished one), and inlay hints and links of each of them.
//! The answers must also stay inside the text (or the asked range).

use kibitzer_syntax::{ide, Lang, TextSize};

/// Every char boundary of `text`.
fn boundaries(text: &str) -> impl Iterator<Item = usize> + '_ {
    (0..=text.len()).filter(|&i| text.is_char_boundary(i))
}

fn exercise(lang: Lang, text: &str) {
    for offset in boundaries(text) {
        let at = TextSize::from(offset as u32);
        let end = TextSize::from(text.len() as u32);
        if let Some(h) = ide::hover(lang, text, at) {
            assert!(h.range.end() <= end, "hover range past the end at {offset}");
        }
        for c in ide::completions(lang, text, at) {
            assert!(c.replace.end() <= end && c.replace.start() <= at, "completion range at {offset}: {c:?}");
        }
        if let Some(r) = ide::definition(lang, text, at) {
            assert!(r.end() <= end);
        }
    }
    // Inlay hints over the whole text and over a range from each offset; links.
    let all = ide::InlayOptions { hcp: true, tricks: true, ply: true, clock: true };
    let end = TextSize::from(text.len() as u32);
    for offset in boundaries(text).step_by(7).chain([0]) {
        let range = kibitzer_syntax::TextRange::new(TextSize::from(offset as u32), end);
        for h in ide::inlay_hints(lang, text, range, &all) {
            assert!(range.contains_inclusive(h.offset), "hint outside {range:?}: {h:?}");
        }
    }
    for link in ide::links(lang, text) {
        assert!(link.range.end() <= end && text[link.range] == link.target, "{link:?}");
    }
}

#[test]
fn hover_and_completion_survive_every_offset_of_every_truncation() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
    let files = kibitzer_tests::files_under(&root, |_| true);
    assert!(files.len() > 20, "fixtures found: {}", files.len());
    for path in files {
        let Some(lang) = Lang::from_path(&path) else { continue };
        let bytes = std::fs::read(&path).unwrap();
        let text = kibitzer_syntax::text::decode(&bytes).text;
        // Cut at about 24 places spread over the file, and keep the whole file.
        let cuts: Vec<usize> = boundaries(&text).collect();
        let step = (cuts.len() / 24).max(1);
        for &cut in cuts.iter().step_by(step).chain(cuts.last()) {
            exercise(lang, &text[..cut]);
        }
    }
}
