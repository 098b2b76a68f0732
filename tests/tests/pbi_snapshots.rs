//! Snapshots of the diagnostics of every PBI fixture, rendered `line:col code severity:
//! message` (lines broken at CR, LF, CRLF, U+0085 and U+2028), and the rule coverage of the
//! fixtures: every PBI rule has a bad case, and the good files are clean.

mod epdpbi_support;

use epdpbi_support::{files, fixtures, render};
use kibitzer_syntax::text::{decode, LineBreaks};
use kibitzer_syntax::{check, pbi, CheckOptions, Diagnostic, Lang};
use std::collections::BTreeSet;

/// Checks a fixture as the CLI does: decoded from bytes, with the encoding passed on.
fn diagnostics_of(path: &std::path::Path) -> (String, Vec<Diagnostic>) {
    let source = decode(&std::fs::read(path).unwrap());
    let options = CheckOptions { encoding: Some(source.encoding), ..CheckOptions::default() };
    let diagnostics = check(Lang::Pbi, &source.text, &options);
    (source.text, diagnostics)
}

fn snapshot(name: &str) -> String {
    let (text, diagnostics) = diagnostics_of(&fixtures("pbi").join(name));
    render(&text, LineBreaks::WithUnicode, &diagnostics)
}

#[test]
fn bad_structure() {
    insta::assert_snapshot!(snapshot("bad-structure.pbi"));
}

#[test]
fn bad_fields() {
    insta::assert_snapshot!(snapshot("bad-fields.pbi"));
}

#[test]
fn small_bad_files() {
    let all: String = ["bad-1.1.pbi", "no-bom.pbi", "latin1.pbi", "no-data.pbi", "no-marker.pbi", "marker-case.pbi"]
        .iter()
        .map(|name| format!("== {name}\n{}", snapshot(name)))
        .collect();
    insta::assert_snapshot!(all);
}

#[test]
fn good_files_are_clean() {
    for name in ["good-1.2.pbi", "good-1.1.pbi"] {
        assert_eq!(snapshot(name), "", "{name}");
    }
}

#[test]
fn every_rule_has_a_bad_case() {
    let mut seen = BTreeSet::new();
    for path in files(&fixtures("pbi")) {
        seen.extend(diagnostics_of(&path).1.into_iter().map(|d| d.code));
    }
    let missing: Vec<_> = pbi::rules::all().map(|r| r.code).filter(|c| !seen.contains(c)).collect();
    assert!(missing.is_empty(), "rules without a fixture: {missing:?}");
}

#[test]
fn safe_fixes_remove_their_diagnostic() {
    for path in files(&fixtures("pbi")) {
        let (text, diagnostics) = diagnostics_of(&path);
        let options =
            CheckOptions { encoding: Some(decode(&std::fs::read(&path).unwrap()).encoding), ..CheckOptions::default() };
        for d in &diagnostics {
            let Some(fix) =
                d.fix.as_ref().filter(|f| f.applicability == kibitzer_syntax::diagnostic::Applicability::Safe)
            else {
                continue;
            };
            let (fixed, applied) = kibitzer_syntax::diagnostic::apply_edits(&text, &fix.edits);
            assert!(applied > 0);
            let again = check(Lang::Pbi, &fixed, &options);
            assert!(
                !again.iter().any(|e| e.code == d.code && e.range.start() == d.range.start()),
                "{}: fix for {} at {:?} did not remove it",
                path.display(),
                d.code,
                d.range
            );
        }
    }
}
