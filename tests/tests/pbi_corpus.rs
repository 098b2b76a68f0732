//! PBI round trip over the shared corpus (when it holds any PBI file) and over the fixtures.

use crate::epdpbi_support;

use epdpbi_support::{corpus, files, fixtures};
use kibitzer_syntax::text::decode;
use kibitzer_syntax::{check, reprint, units, CheckOptions, Lang};

fn round_trip(dir: &std::path::Path) -> usize {
    let mut n = 0;
    for path in files(dir) {
        let source = decode(&std::fs::read(&path).unwrap());
        assert_eq!(reprint(Lang::Pbi, &source.text), source.text, "round trip of {}", path.display());
        let covered: usize = units(Lang::Pbi, &source.text).iter().map(|u| usize::from(u.len())).sum();
        assert_eq!(covered, source.text.len(), "units of {} cover the text", path.display());
        let options = CheckOptions { encoding: Some(source.encoding), ..CheckOptions::default() };
        check(Lang::Pbi, &source.text, &options);
        n += 1;
    }
    n
}

#[test]
fn corpus_round_trips() {
    match corpus("pbi") {
        Some(dir) => {
            let n = round_trip(&dir);
            if n == 0 {
                println!("skipped: the shared PBI corpus folder holds no file (no public PBI files exist)");
            }
        }
        None => println!("skipped: no shared PBI corpus found"),
    }
}

#[test]
fn fixtures_round_trip() {
    assert!(round_trip(&fixtures("pbi")) >= 10);
}

#[test]
fn units_follow_every_line_terminator() {
    let text = "\u{FEFF}#PBI 1.2\r\nA:::::::::\u{85}B:::::::::\u{2028}C:::::::::\rD:::::::::\n";
    let units: Vec<&str> = units(Lang::Pbi, text).into_iter().map(|u| &text[u]).collect();
    assert_eq!(
        units,
        ["\u{FEFF}#PBI 1.2\r\n", "A:::::::::\u{85}", "B:::::::::\u{2028}", "C:::::::::\r", "D:::::::::\n"]
    );
}

/// Throughput of `check` on a synthetic PBI file of a few megabytes. A measurement, not a
/// pass/fail test: `cargo test -p kibitzer-tests --test suites pbi_corpus:: -- --ignored --nocapture`.
#[test]
#[ignore]
fn measure_check_throughput() {
    let line = "A. Composer;B. Composer:4k3/8/4K3/8/8/8/8/7R:#2:12|Imaginary Monthly|1901|7:|Gazette|1902|3:1|1st Prize|Tourney|1900:Rh8+:!:a comment\\x3a here\n";
    let text = format!("\u{FEFF}#PBI 1.2\n{}", line.repeat(8_000_000 / line.len()));
    let started = std::time::Instant::now();
    let diagnostics = check(Lang::Pbi, &text, &CheckOptions::default());
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "PBI check: {:.1} MB in {seconds:.2} s = {:.1} MB/s, {:.0} problems/s, {} diagnostics",
        text.len() as f64 / 1e6,
        text.len() as f64 / 1e6 / seconds,
        (text.len() / line.len()) as f64 / seconds,
        diagnostics.len()
    );
}
