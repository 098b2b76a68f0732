//! Every rule of the catalogue has its fixture, named after its code, as ruff names its own:
//! `fixtures/<fmt>/rules/<CODE>.<ext>` (fmt `pgn`, `epd`, `pbn`, `pbi`, `lin`; a FEN rule under `epd`
//! as `.fen` or `.epd`, and under `pgn` too where the FEN is a PGN tag's). Each fixture holds a
//! few small cases of its rule, after a comment saying what the rule checks where the format has
//! comments; a rule whose every case is a whole file (a missing PBI marker) has one file a case,
//! `<CODE>.<case>.<ext>`. A fixture is checked exactly as `kibitzer check` checks a file
//! (`kibitzer::api::check_file`, the double-dummy solver included), in export mode when the rule
//! is an export-format rule, must report its code, and its diagnostics are an insta snapshot
//! named after the code (`snapshots/rule_fixtures__PBN204.snap`).
//!
//! A rule that cannot have a fixture file is in [`WITHOUT_FIXTURE`] with the reason; the test
//! fails on a rule with neither, on a listed rule that has a fixture, and on a fixture file named
//! after no rule. Adding a rule: write its fixture, run this test with `INSTA_UPDATE=always`,
//! read the new snapshot.

use kibitzer::api::{check_file, Checked};
use kibitzer_syntax::diagnostic::RuleScope;
use kibitzer_syntax::{rules::catalogue, CheckOptions, Mode, Rule};
use kibitzer_tests::{files_under, workspace};
use std::path::{Path, PathBuf};

/// The rules no fixture file can hold, and why; each is tested where its input is made.
const WITHOUT_FIXTURE: &[(&str, &str)] = &[
    ("PGN008", "a game over 1 MiB: made by tests/tests/hostile_input.rs and pgn/stretches.rs"),
    ("PBN007", "a game over 1 MiB: made by pbn/check/pieces.rs and format/mod.rs"),
    ("EPD016", "a record over 1 MiB: made by epd/check.rs and format/mod.rs"),
    ("LIN004", "a board over 1 MiB: made by lin/check.rs, format/mod.rs and tests/tests/lin_cli.rs"),
    ("PGC001", "binary PGC input, not one of the four text formats: tests/tests/pgc_cli.rs"),
];

/// Every fixture file under `fixtures/*/rules/`, sorted.
fn rule_fixture_files() -> Vec<PathBuf> {
    ["pgn", "epd", "pbn", "pbi", "lin"]
        .iter()
        .flat_map(|fmt| files_under(&workspace().join("fixtures").join(fmt).join("rules"), |_| true))
        .collect()
}

/// The code a fixture file is named after (its name up to the first dot).
fn code_of(path: &Path) -> String {
    let name = path.file_name().expect("a file").to_string_lossy();
    name.split('.').next().unwrap_or_default().to_owned()
}

/// The fixture files of `rule`.
fn fixtures_of(rule: &Rule) -> Vec<PathBuf> {
    rule_fixture_files().into_iter().filter(|p| code_of(p) == rule.code).collect()
}

/// The diagnostics of a fixture, as `kibitzer check` finds them in the rule's mode.
fn check(path: &Path, rule: &Rule) -> Vec<Checked> {
    let mode = match rule.scope {
        RuleScope::Import => Mode::Import,
        RuleScope::Export => Mode::Export,
    };
    check_file(path, None, &CheckOptions { mode, ..CheckOptions::default() })
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One diagnostic a line: `line:col code severity: message`, and `[fix: title]` when it has one.
fn render(found: &[Checked]) -> String {
    found
        .iter()
        .map(|c| {
            let d = &c.located;
            let fix = d.fix.as_ref().map(|f| format!(" [fix: {}]", f.message)).unwrap_or_default();
            format!("{}:{} {} {}: {}{fix}\n", d.line, d.column, d.code, d.severity.as_str(), d.message)
        })
        .collect()
}

#[test]
fn every_rule_has_a_fixture_or_a_reason() {
    let listed = |code: &str| WITHOUT_FIXTURE.iter().any(|(c, _)| *c == code);
    let mut wrong = Vec::new();
    for rule in catalogue() {
        match (fixtures_of(rule).is_empty(), listed(rule.code)) {
            (true, false) => wrong.push(format!("{}: no fixture fixtures/<fmt>/rules/{}.<ext>", rule.code, rule.code)),
            (false, true) => wrong.push(format!("{}: has a fixture, remove it from WITHOUT_FIXTURE", rule.code)),
            _ => {}
        }
    }
    for path in rule_fixture_files() {
        if kibitzer_syntax::rules::rule(&code_of(&path)).is_none_or(|r| r.code != code_of(&path)) {
            wrong.push(format!("{}: named after no rule", path.display()));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_fixture_reports_its_rule() {
    let root = workspace();
    for rule in catalogue() {
        let paths = fixtures_of(rule);
        if paths.is_empty() {
            continue;
        }
        let mut snapshot = String::new();
        for path in &paths {
            let found = check(path, rule);
            assert!(
                found.iter().any(|c| c.located.code == rule.code),
                "{} does not report {}:\n{}",
                path.display(),
                rule.code,
                render(&found)
            );
            let name = path.strip_prefix(&root).unwrap_or(path).to_string_lossy().replace('\\', "/");
            snapshot.push_str(&format!("== {name}\n{}", render(&found)));
        }
        insta::assert_snapshot!(rule.code, snapshot);
    }
}
