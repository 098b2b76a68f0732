//! Snapshots of the diagnostics of every EPD/FEN fixture, rendered `line:col code severity:
//! message`, and the rule coverage of the fixtures: every FEN/EPD rule has a bad case.

mod epdpbi_support;

use epdpbi_support::{files, fixtures, render};
use kibitzer_syntax::text::{decode, LineBreaks};
use kibitzer_syntax::{check, epd, CheckOptions, Lang};
use std::collections::BTreeSet;

fn diagnostics_of(name: &str) -> (String, Vec<kibitzer_syntax::Diagnostic>) {
    let source = decode(&std::fs::read(fixtures("epd").join(name)).unwrap());
    let diagnostics = check(Lang::Epd, &source.text, &CheckOptions::default());
    (source.text, diagnostics)
}

fn snapshot(name: &str) -> String {
    let (text, diagnostics) = diagnostics_of(name);
    render(&text, LineBreaks::Standard, &diagnostics)
}

#[test]
fn bad_fen() {
    insta::assert_snapshot!(snapshot("bad.fen"));
}

#[test]
fn bad_epd() {
    insta::assert_snapshot!(snapshot("bad.epd"));
}

#[test]
fn recovery() {
    insta::assert_snapshot!(snapshot("recovery.epd"));
}

#[test]
fn good_files_are_clean() {
    for name in ["good.fen", "good.epd", "line-endings.epd"] {
        assert_eq!(snapshot(name), "", "{name}");
    }
}

#[test]
fn every_rule_has_a_bad_case() {
    let mut seen = BTreeSet::new();
    for path in files(&fixtures("epd")) {
        let source = decode(&std::fs::read(&path).unwrap());
        seen.extend(check(Lang::Epd, &source.text, &CheckOptions::default()).into_iter().map(|d| d.code));
    }
    // A record too large to read needs a line of over 1 MiB: no fixture holds one, the check's
    // and the formatter's own tests make it (epd/check.rs, format/mod.rs).
    seen.insert(epd::check::EPD_RECORD_TOO_LARGE.code);
    let missing: Vec<_> = epd::rules::all().map(|r| r.code).filter(|c| !seen.contains(c)).collect();
    assert!(missing.is_empty(), "rules without a fixture: {missing:?}");
}

#[test]
fn fixes_make_the_diagnostic_go_away() {
    let (text, diagnostics) = diagnostics_of("bad.epd");
    for d in diagnostics
        .iter()
        .filter(|d| d.fix.as_ref().is_some_and(|f| f.applicability == kibitzer_syntax::diagnostic::Applicability::Safe))
    {
        let (fixed, applied) = kibitzer_syntax::diagnostic::apply_edits(&text, &d.fix.as_ref().unwrap().edits);
        assert!(applied > 0);
        let again = check(Lang::Epd, &fixed, &CheckOptions::default());
        assert!(
            !again.iter().any(|e| e.code == d.code && e.range.start() == d.range.start()),
            "fix for {} at {:?} did not remove it",
            d.code,
            d.range
        );
    }
}
