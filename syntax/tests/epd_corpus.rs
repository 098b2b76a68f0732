//! EPD/FEN over the real files of the shared corpus and over the fixtures: lossless round trip,
//! and a listing of every corpus diagnostic for review (`KIBITZER_LIST=1`).

mod epdpbi_support;

use epdpbi_support::{corpus, files, fixtures, render};
use kibitzer_syntax::text::{decode, LineBreaks};
use kibitzer_syntax::{check, reprint, units, CheckOptions, Lang};

fn round_trip(dir: &std::path::Path) -> usize {
    let mut n = 0;
    for path in files(dir) {
        let source = decode(&std::fs::read(&path).unwrap());
        assert_eq!(reprint(Lang::Epd, &source.text), source.text, "round trip of {}", path.display());
        let units = units(Lang::Epd, &source.text);
        let covered: usize = units.iter().map(|u| usize::from(u.len())).sum();
        assert_eq!(covered, source.text.len(), "units of {} cover the text", path.display());
        let diagnostics = check(Lang::Epd, &source.text, &CheckOptions::default());
        if std::env::var_os("KIBITZER_LIST").is_some() {
            println!("== {}\n{}", path.display(), render(&source.text, LineBreaks::Standard, &diagnostics));
        }
        n += 1;
    }
    n
}

#[test]
fn corpus_round_trips() {
    let Some(dir) = corpus("epd") else {
        println!("skipped: no shared EPD corpus found");
        return;
    };
    assert!(round_trip(&dir) > 10);
}

#[test]
fn fixtures_round_trip() {
    assert!(round_trip(&fixtures("epd")) > 0);
}
