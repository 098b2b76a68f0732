//! `kibitzer rules`: the catalogue as users read it, and the generated docs/rules.md kept current.

use std::process::Command;

fn kibitzer(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(kibitzer_tests::kibitzer()).args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_list_names_every_rule_of_every_format() {
    let (status, out, _) = kibitzer(&["rules"]);
    assert_eq!(status, Some(0));
    let catalogue = kibitzer_syntax::rules::catalogue();
    assert_eq!(out.lines().count(), catalogue.len());
    for prefix in ["PGN", "FEN", "EPD", "PBN", "PBI"] {
        assert!(catalogue.iter().any(|r| r.code.starts_with(prefix)), "no {prefix} rule");
    }
    for r in catalogue {
        assert!(out.contains(r.code) && out.contains(r.name), "{} is listed", r.code);
    }
}

#[test]
fn one_rule_is_explained_with_its_section_and_examples() {
    let rule = kibitzer_syntax::rules::catalogue().into_iter().find(|r| !r.bad.is_empty()).unwrap();
    for query in [rule.code.to_owned(), rule.code.to_lowercase(), rule.name.to_owned()] {
        let (status, out, _) = kibitzer(&["rules", &query]);
        assert_eq!(status, Some(0), "{query}");
        assert!(out.starts_with(&format!("{} ({})", rule.code, rule.name)), "{out}");
        assert!(out.contains(rule.section) && out.contains("Bad:"), "{out}");
    }
    let (status, _, err) = kibitzer(&["rules", "XYZ999"]);
    assert_eq!(status, Some(2));
    assert!(err.contains("XYZ999"));
}

/// The standard's own sentence, with its section and verb, or the kind of a rule that enforces
/// none (issue 32).
#[test]
fn a_rule_is_shown_with_the_sentence_of_the_standard_it_enforces() {
    let (status, out, _) = kibitzer(&["rules", "PGN102"]);
    assert_eq!(status, Some(0));
    assert!(
        out.contains("Ground: PGN 8.1, should: \u{201c}The same tag name should not appear more than once in a tag pair section.\u{201d}"),
        "{out}"
    );
    assert!(out.contains("Severity: warning"), "{out}");
    let (_, out, _) = kibitzer(&["rules", "PGN202"]);
    assert!(out.contains("Ground: law: FIDE Laws of Chess"), "{out}");
    let (_, out, _) = kibitzer(&["rules", "--markdown"]);
    assert!(
        out.contains("> PGN 8.1.1.3, is (definition): \u{201c}The Date tag value field always uses"),
        "the docs show the quote"
    );
    let (status, _, err) = kibitzer(&["rules", "XYZ999"]);
    assert_eq!(status, Some(2));
    assert!(err.contains("XYZ999"));
}

#[test]
fn docs_rules_md_is_generated_from_the_catalogue() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/rules.md");
    let (_, generated, _) = kibitzer(&["rules", "--markdown"]);
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "docs/rules.md is out of date: run `cargo run -q -- rules --markdown > docs/rules.md`"
    );
}

/// The rules that the binary checks outside the syntax crate's engine are in the catalogue
/// too: the double-dummy rules and the PGC rule, each with its category.
#[test]
fn the_double_dummy_and_pgc_rules_are_listed() {
    let (status, out, _) = kibitzer(&["rules"]);
    assert_eq!(status, Some(0));
    for code in ["DDS001", "DDS002", "DDS003", "DDS004", "DDS005", "PGC001"] {
        assert!(out.lines().any(|l| l.starts_with(code)), "{code} is not listed:\n{out}");
        let (status, explained, _) = kibitzer(&["rules", code]);
        assert_eq!(status, Some(0), "{code}");
        assert!(explained.contains("Category: "), "{explained}");
        assert!(!explained.contains("undeclared"), "{explained}");
    }
    let (_, explained, _) = kibitzer(&["rules", "double-dummy-tricks-wrong"]);
    assert!(explained.starts_with("DDS001") && explained.contains("Bad:"), "{explained}");
}
