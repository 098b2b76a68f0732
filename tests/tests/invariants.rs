//! The invariants every format keeps (DESIGN.md), checked through the public dispatchers so
//! that they hold for every format at once: lossless reprint, no panic, diagnostics and units
//! with valid ranges — on every corpus file, on pathological inputs and on random mutations.

use kibitzer_syntax::text::decode;
use kibitzer_syntax::{check, reprint, units, CheckOptions, Lang, Mode};
use proptest::prelude::*;
use std::path::{Path, PathBuf};

/// The shared corpus, when present.
fn corpus() -> Option<PathBuf> {
    kibitzer_tests::corpus("")
}

fn files_of(dir: &Path, out: &mut Vec<(PathBuf, Lang)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            files_of(&p, out);
        } else if let Some(lang) = Lang::from_path(&p) {
            out.push((p, lang));
        }
    }
}

fn fixtures() -> Vec<(PathBuf, Lang)> {
    let mut out = Vec::new();
    files_of(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures"), &mut out);
    out
}

/// Everything the dispatchers promise about one text.
fn assert_invariants(name: &str, lang: Lang, text: &str) {
    assert!(reprint(lang, text) == text, "{name}: reprint differs from the input");
    let spans = units(lang, text);
    let mut previous_end = 0usize;
    for u in &spans {
        let (s, e) = (usize::from(u.start()), usize::from(u.end()));
        assert!(s >= previous_end && e <= text.len(), "{name}: unit {u:?} out of order or out of the text");
        previous_end = e;
    }
    for mode in [Mode::Import, Mode::Export] {
        let options = CheckOptions { mode, ..CheckOptions::default() };
        for d in check(lang, text, &options) {
            let (s, e) = (usize::from(d.range.start()), usize::from(d.range.end()));
            assert!(s <= e && e <= text.len(), "{name}: {} range {:?} outside the text", d.code, d.range);
            assert!(text.is_char_boundary(s) && text.is_char_boundary(e), "{name}: {} range splits a char", d.code);
            assert!(!d.message.is_empty(), "{name}: {} without a message", d.code);
            assert!(kibitzer_syntax::rules::rule(d.code).is_some(), "{name}: {} is not in the catalogue", d.code);
            for edit in d.fix.iter().flat_map(|f| &f.edits) {
                let (s, e) = (usize::from(edit.range.start()), usize::from(edit.range.end()));
                assert!(e <= text.len() && text.is_char_boundary(s) && text.is_char_boundary(e), "{name}: bad fix");
            }
        }
    }
}

#[test]
fn corpus_and_fixtures_keep_the_invariants() {
    let mut files = fixtures();
    match corpus() {
        Some(dir) => files_of(&dir, &mut files),
        None => eprintln!("skipping the corpus: ../shared/corpus is absent"),
    }
    assert!(!files.is_empty() || corpus().is_none());
    for (path, lang) in &files {
        let source = decode(&std::fs::read(path).unwrap());
        assert_invariants(&path.display().to_string(), *lang, &source.text);
    }
}

#[test]
fn pathological_inputs_neither_panic_nor_overflow_the_stack() {
    let deep = 200_000;
    let inputs = [
        "(".repeat(deep),
        ")".repeat(deep),
        "{".repeat(deep),
        "[".repeat(deep),
        "\"".repeat(deep),
        "1. e4 (".repeat(deep / 8),
        "[Event \"".repeat(deep / 8),
        "%".repeat(deep),
        "\\x".repeat(deep),
        ":".repeat(deep),
        "\r".repeat(deep),
        "\u{85}\u{2028}".repeat(deep / 4),
        "\u{FEFF}#PBI 1.2\n".repeat(deep / 10),
        String::from_utf8_lossy(&(0..=255u8).cycle().take(deep).collect::<Vec<u8>>()).into_owned(),
    ];
    for text in &inputs {
        for lang in Lang::ALL {
            assert_invariants(&format!("{lang:?} pathological {:?}…", &text[..text.len().min(12)]), lang, text);
        }
    }
}

/// Small real-looking inputs of every format that the mutations start from.
const SEEDS: &[(Lang, &str)] = &[
    (Lang::Pgn, "[Event \"F/S Return Match\"]\n[Site \"Belgrade\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Nf3 {A comment} Nc6 (2... d6 3. d4 $1) 3. Bb5!? a6 ; rest\n4. O-O 1/2-1/2\n\n[Event \"Next\"]\n\n1. d4 *\n"),
    (Lang::Epd, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 bm e5; id \"start\";\n8/8/8/8/8/8/8/K6k w - - 0 1\n"),
    (Lang::Pbn, "% PBN 2.1\r\n[Event \"Club\"]\r\n[Board \"1\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"None\"]\r\n[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\r\n[Declarer \"S\"]\r\n[Contract \"3NT\"]\r\n[Result \"9\"]\r\n[Auction \"N\"]\r\nPass 1NT =1= Pass 3NT\r\nPass Pass Pass\r\n[Note \"1:15-17\"]\r\n[Play \"W\"]\r\nSA S2 S3 S4\r\n*\r\n\r\n[Board \"2\"]\r\n{comment\r\n\r\nstill}\r\n"),
    (Lang::Pbi, "\u{FEFF}#PBI 1.2\n#comment\nA. Author;B. Other:kK6/8/8/8/8/8/8/7S:#2:1|The Times|2001|3::1st Prize|Tourney|2002:Sf7:!:nice \\x3A\n"),
];

fn mutate(text: &str, edits: &[(usize, u8, u8)]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for &(at, op, byte) in edits {
        if bytes.is_empty() {
            bytes.push(byte);
            continue;
        }
        let i = at % bytes.len();
        const SPECIAL: &[u8] = b"[]{}()\";%\\:|$=*\r\n\t^#!?-+";
        match op % 6 {
            0 => bytes.truncate(i),
            1 => {
                bytes.remove(i);
            }
            2 => {
                let b = bytes[i];
                bytes.insert(i, b);
            }
            3 => bytes.insert(i, SPECIAL[usize::from(byte) % SPECIAL.len()]),
            4 => bytes[i] = byte,
            _ => {
                let start = i;
                let end = (i + usize::from(byte)).min(bytes.len());
                let chunk = bytes[start..end].to_vec();
                bytes.splice(start..start, chunk);
            }
        }
    }
    // Binary garbage is decoded the way files are: invalid UTF-8 becomes Latin-1.
    decode(&bytes).text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_inputs_keep_the_invariants(
        seed in 0..SEEDS.len(),
        as_lang in 0..4usize,
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 0..12),
    ) {
        let (lang, text) = SEEDS[seed];
        let text = mutate(text, &edits);
        assert_invariants("mutation", lang, &text);
        // Every parser must also survive the other formats' text.
        assert_invariants("mutation (other format)", Lang::ALL[as_lang], &text);
    }

    #[test]
    fn random_bytes_keep_the_invariants(bytes in proptest::collection::vec(any::<u8>(), 0..600), lang in 0..4usize) {
        let text = decode(&bytes).text;
        assert_invariants("random bytes", Lang::ALL[lang], &text);
    }
}
