//! The severity policy (issue 19; docs/rules.md, `kibitzer_syntax::policy`): every rule of the
//! catalogue declares a category, and its severity is the one the category gives; the rules a
//! rule may suppress exist; the forms import tolerates and export forbids are errors in export
//! mode; and the facts the laws contradict are errors.

use kibitzer_syntax::policy::{self, Category};
use kibitzer_syntax::rules::catalogue;
use kibitzer_syntax::{CheckOptions, Lang, Mode, Severity};
use std::collections::BTreeSet;

#[test]
fn every_rule_declares_a_category_that_admits_its_severity() {
    let codes: BTreeSet<&str> = catalogue().iter().map(|r| r.code).collect();
    let declared: BTreeSet<&str> = policy::codes().collect();
    assert_eq!(codes, declared, "the policy table and the catalogue list different rules");
    let mut wrong = Vec::new();
    for r in catalogue() {
        let category = policy::category(r.code).expect("declared");
        if !category.admits(r) {
            wrong.push(format!("{} {} is {:?} {:?} but declares {:?}", r.code, r.name, r.severity, r.scope, category));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn suppressed_rules_exist() {
    for code in policy::codes() {
        for s in policy::suppresses(code) {
            assert!(kibitzer_syntax::rules::rule(s).is_some(), "{code} suppresses unknown {s}");
        }
    }
}

fn lang(code: &str) -> Lang {
    match &code[..3] {
        "PGN" | "PGC" => Lang::Pgn,
        "PBN" | "DDS" => Lang::Pbn,
        "PBI" => Lang::Pbi,
        _ => Lang::Epd,
    }
}

/// Each rule's own bad example, checked in export mode: whatever diagnostics of that rule it
/// gives are errors for every category but taste (export spellings are raised).
#[test]
fn bad_examples_in_export_mode_give_errors_but_for_taste() {
    let export = CheckOptions { mode: Mode::Export, ..CheckOptions::default() };
    let mut seen = 0;
    for r in catalogue() {
        let category = policy::category(r.code).expect("declared");
        if category == Category::Taste || r.bad.is_empty() {
            continue;
        }
        for d in kibitzer_syntax::check(lang(r.code), r.bad, &export).iter().filter(|d| d.code == r.code) {
            seen += 1;
            assert_eq!(d.severity, Severity::Error, "{} ({:?}) in export mode: {}", r.code, category, d.message);
        }
    }
    assert!(seen > 50, "only {seen} bad examples gave their own rule's diagnostic");
}

#[test]
fn export_spellings_are_warnings_in_import_and_errors_in_export() {
    let import = CheckOptions::default();
    let export = CheckOptions { mode: Mode::Export, ..CheckOptions::default() };
    let text = "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 3. Nf3 Nc6 4. Bb5 a6 5. 0-0 *\n";
    for (options, severity) in [(&import, Severity::Warning), (&export, Severity::Error)] {
        let diagnostics = kibitzer_syntax::check(Lang::Pgn, text, options);
        for code in ["PGN210", "PGN220"] {
            let d = diagnostics.iter().find(|d| d.code == code).unwrap_or_else(|| panic!("{code}: {diagnostics:?}"));
            assert_eq!(d.severity, severity, "{code} in {:?} mode", options.mode);
        }
    }
}

#[test]
fn a_result_against_checkmate_is_an_error() {
    let text = "[Event \"x\"]\n[Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2\n";
    let diagnostics = kibitzer_syntax::check(Lang::Pgn, text, &CheckOptions::default());
    let d = diagnostics.iter().find(|d| d.code == "PGN302").expect("result against mate reported");
    assert_eq!(d.severity, Severity::Error, "{}", d.message);
}
