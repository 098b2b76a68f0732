//! The safe fixes of the PBI fixtures remove their diagnostics. The rule fixtures' diagnostics
//! are tests/tests/rule_fixtures.rs's snapshots, the clean files tests/tests/clean_fixtures.rs's.

use crate::epdpbi_support;

use epdpbi_support::{files, fixtures};
use kibitzer_syntax::text::decode;
use kibitzer_syntax::{check, CheckOptions, Diagnostic, Lang};

/// Checks a fixture as the CLI does: decoded from bytes, with the encoding passed on.
fn diagnostics_of(path: &std::path::Path) -> (String, Vec<Diagnostic>) {
    let source = decode(&std::fs::read(path).unwrap());
    let options = CheckOptions { encoding: Some(source.encoding), ..CheckOptions::default() };
    let diagnostics = check(Lang::Pbi, &source.text, &options);
    (source.text, diagnostics)
}

/// Every safe fix offered on a PBI fixture (the rule fixtures and the clean ones) removes its
/// diagnostic.
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
