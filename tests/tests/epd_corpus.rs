//! EPD/FEN over the real files of the shared corpus and over the fixtures: lossless round trip,
//! and a listing of every corpus diagnostic for review (`KIBITZER_LIST=1`).

use crate::epdpbi_support;

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

/// Throughput of `check` on the classic suites repeated to a few megabytes. A measurement, not
/// a pass/fail test: `cargo test -p kibitzer-tests --test suites epd_corpus:: -- --ignored --nocapture`.
#[test]
#[ignore]
fn measure_check_throughput() {
    let Some(dir) = corpus("epd") else {
        println!("skipped: no shared EPD corpus found");
        return;
    };
    let mut suite = String::new();
    for path in files(&dir).into_iter().filter(|p| p.extension().is_some_and(|e| e == "epd")) {
        suite.push_str(&decode(&std::fs::read(&path).unwrap()).text);
    }
    let text = suite.repeat((8_000_000 / suite.len().max(1)).max(1));
    let lines = text.lines().count();
    let started = std::time::Instant::now();
    let diagnostics = check(Lang::Epd, &text, &CheckOptions::default());
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "EPD check: {:.1} MB in {seconds:.2} s = {:.1} MB/s, {:.0} records/s, {} diagnostics",
        text.len() as f64 / 1e6,
        text.len() as f64 / 1e6 / seconds,
        lines as f64 / seconds,
        diagnostics.len()
    );
}

/// Each EPD line is checked on its own: checking the units one by one and moving the results
/// to their place gives the diagnostics of the whole file (what incremental re-checking needs).
#[test]
fn diagnostics_are_local_to_units() {
    let mut dirs = vec![fixtures("epd")];
    dirs.extend(corpus("epd"));
    for path in dirs.iter().flat_map(|d| files(d)) {
        let text = decode(&std::fs::read(&path).unwrap()).text;
        if kibitzer_syntax::binary::not_text(Lang::Epd, [text.as_str()], &CheckOptions::default()).is_some() {
            // Not text: one diagnostic for the whole file (its units are never checked).
            continue;
        }
        let whole = check(Lang::Epd, &text, &CheckOptions::default());
        let mut pieced: Vec<_> = units(Lang::Epd, &text)
            .into_iter()
            .flat_map(|u| {
                check(Lang::Epd, &text[u], &CheckOptions::default()).into_iter().map(move |d| d.shifted(u.start()))
            })
            .collect();
        kibitzer_syntax::diagnostic::sort_in_text_order(&mut pieced);
        assert_eq!(pieced, whole, "{}", path.display());
    }
}
