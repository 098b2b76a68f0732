//! Every PBN rule has a bad and a good fixture: `fixtures/pbn/rules/<area>_bad.pbn` files are
//! snapshot-tested, `<area>_good.pbn` files must give no diagnostic at all, and every rule of the
//! catalogue is triggered by some bad fixture.

mod pbn_support;

use pbn_support::*;
use std::collections::BTreeSet;

#[test]
fn bad_fixtures_snapshot() {
    for path in pbn_files(&fixtures().join("rules")) {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        if !name.ends_with("_bad") {
            continue;
        }
        let text = read(&path);
        insta::assert_snapshot!(format!("rules_{name}"), render(&text, &check(&text)));
    }
}

#[test]
fn good_fixtures_are_clean() {
    let mut seen = 0;
    for path in pbn_files(&fixtures().join("rules")) {
        if !path.to_string_lossy().ends_with("_good.pbn") {
            continue;
        }
        seen += 1;
        let text = read(&path);
        let diagnostics = check(&text);
        assert!(diagnostics.is_empty(), "{}:\n{}", path.display(), render(&text, &diagnostics));
    }
    assert!(seen >= 9, "expected a good fixture per area");
}

#[test]
fn every_rule_is_triggered_by_a_bad_fixture() {
    let mut codes = BTreeSet::new();
    for dir in ["rules", "syntax"] {
        for path in pbn_files(&fixtures().join(dir)) {
            if path.to_string_lossy().ends_with("_good.pbn") {
                continue;
            }
            let text = read(&path);
            codes.extend(check(&text).into_iter().map(|d| d.code));
        }
    }
    // A game too large to read needs over 1 MiB: no fixture holds one, the check's and the
    // formatter's own tests make it (pbn/check/pieces.rs, format/mod.rs).
    codes.insert(kibitzer_syntax::pbn::parser::GAME_TOO_LARGE.code);
    let missing: Vec<&str> =
        kibitzer_syntax::pbn::rules::all().map(|r| r.code).filter(|c| !codes.contains(c)).collect();
    assert!(missing.is_empty(), "rules without a bad fixture: {missing:?}");
}
