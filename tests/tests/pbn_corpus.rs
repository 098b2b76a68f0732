//! Every diagnostic kibitzer reports on the real PBN files, by code, for review; and a guard that
//! the clean files stay free of errors. Run with `--nocapture` to see the listing:
//! `cargo test -p kibitzer-tests --test suites pbn_corpus:: -- --nocapture`.

use crate::pbn_support;

use kibitzer_syntax::diagnostic::RuleScope;
use kibitzer_syntax::text::{ColumnUnit, LineIndex};
use kibitzer_syntax::Severity;
use pbn_support::*;
use std::collections::BTreeMap;

#[test]
fn diagnostics_on_the_corpus_by_code() {
    let Some(corpus) = corpus() else { return };
    let mut by_code: BTreeMap<&str, usize> = BTreeMap::new();
    for path in pbn_files(&corpus) {
        let rel = path.strip_prefix(&corpus).unwrap().display().to_string();
        if rel.starts_with("spec-tests/errors_") {
            continue;
        }
        let text = read(&path);
        let index = LineIndex::new(&text);
        let diagnostics = check(&text);
        let mut shown: BTreeMap<&str, usize> = BTreeMap::new();
        for d in &diagnostics {
            *by_code.entry(d.code).or_default() += 1;
            let n = shown.entry(d.code).or_default();
            *n += 1;
            if *n <= 3 && d.severity >= Severity::Warning {
                let lc = index.line_col(&text, d.range.start(), ColumnUnit::Char);
                println!("{rel}:{}:{}: {} {} {}", lc.line + 1, lc.col + 1, d.severity.as_str(), d.code, d.message);
            }
        }
        for (code, n) in shown.iter().filter(|(_, n)| **n > 3) {
            println!("{rel}: … {code} ×{n} in all");
        }
    }
    println!("\nby code:");
    for (code, n) in &by_code {
        println!("{code} {n}");
    }
}

#[test]
fn correct_files_have_no_errors() {
    let Some(corpus) = corpus() else { return };
    let dir = corpus.join("spec-tests");
    for path in pbn_files(&dir) {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.starts_with("errors_") {
            continue;
        }
        let text = read(&path);
        // The Verifier's correct files are correct as PBN; some declare `% EXPORT` without
        // meeting every export requirement (their copies lost the CRs in a git checkout, and
        // one splits a game at an empty line to test comments). Export requirements are errors
        // by the severity policy (docs/rules.md), so the export-scope rules are left out here.
        let export_rule = |code: &str| kibitzer_syntax::rules::rule(code).is_some_and(|r| r.scope == RuleScope::Export);
        let errors: Vec<_> =
            check(&text).into_iter().filter(|d| d.severity == Severity::Error && !export_rule(d.code)).collect();
        assert!(errors.is_empty(), "{name}:\n{}", render(&text, &errors));
    }
}
