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
