//! The EPD recovery fixture's diagnostics as a snapshot, rendered `line:col code severity:
//! message`, and the safe fixes of the EPD and FEN rule fixtures (whose diagnostics
//! tests/tests/rule_fixtures.rs snapshots; the clean files are tests/tests/clean_fixtures.rs's).

use crate::epdpbi_support;

use epdpbi_support::{files, fixtures, render};
use kibitzer_syntax::text::{decode, LineBreaks};
use kibitzer_syntax::{check, CheckOptions, Lang};

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
fn recovery() {
    insta::assert_snapshot!(snapshot("recovery.epd"));
}

/// Every safe fix offered on the rule fixtures of EPD and FEN removes its diagnostic.
#[test]
fn fixes_make_the_diagnostic_go_away() {
    for path in files(&fixtures("epd/rules")) {
        let name = format!("rules/{}", path.file_name().unwrap().to_string_lossy());
        let (text, diagnostics) = diagnostics_of(&name);
        fixes_remove_their_diagnostic(&text, &diagnostics);
    }
}

fn fixes_remove_their_diagnostic(text: &str, diagnostics: &[kibitzer_syntax::Diagnostic]) {
    for d in diagnostics
        .iter()
        .filter(|d| d.fix.as_ref().is_some_and(|f| f.applicability == kibitzer_syntax::diagnostic::Applicability::Safe))
    {
        let (fixed, applied) = kibitzer_syntax::diagnostic::apply_edits(text, &d.fix.as_ref().unwrap().edits);
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
