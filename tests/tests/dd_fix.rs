//! `kibitzer check --fix` on the double-dummy tags, driven as a user drives it: the built binary
//! on copies of `fixtures/pbn/double-dummy/wrong-rows.pbn` (two OptimumResultTable rows that
//! disagree with the solver, in LF and in CR LF). The fix writes the solver's counts in those
//! rows and nowhere else, a second check finds no DDS diagnostic, the line ends stay the
//! file's, the JSON report carries each fix, and `--statistics` counts the rows as fixable.

use std::path::{Path, PathBuf};
use std::process::Output;

fn kibitzer(args: &[&str], cwd: &Path) -> Output {
    kibitzer_tests::run_kibitzer(args, cwd, None)
}

/// A copy of the fixture `name` in a fresh folder, and its bytes.
fn copy(name: &str) -> (tempfile::TempDir, PathBuf, String) {
    let dir = tempfile::tempdir().unwrap();
    let source = kibitzer_tests::fixtures("pbn/double-dummy").join(name);
    let text = String::from_utf8(std::fs::read(&source).unwrap()).unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, &text).unwrap();
    (dir, path, text)
}

/// The diagnostics of `check --format json FILE`.
fn json(dir: &Path, name: &str) -> Vec<serde_json::Value> {
    let out = kibitzer(&["check", "--format", "json", name], dir);
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn fix_writes_the_solvers_counts_in_the_wrong_rows_only_and_keeps_line_ends() {
    for name in ["wrong-rows.pbn", "wrong-rows-crlf.pbn"] {
        let (dir, path, text) = copy(name);
        let eol = if text.contains("\r\n") { "\r\n" } else { "\n" };
        assert_eq!(name.contains("crlf"), eol == "\r\n", "the fixture's line ends");
        let found = json(dir.path(), name);
        let codes: Vec<&str> = found.iter().map(|d| d["code"].as_str().unwrap()).collect();
        assert_eq!(codes, ["DDS002", "DDS002"], "{found:#?}");

        let out = kibitzer(&["check", "--fix", name], dir.path());
        assert_eq!(out.status.code(), Some(0), "nothing left: {}", String::from_utf8_lossy(&out.stdout));
        let fixed = String::from_utf8(std::fs::read(&path).unwrap()).unwrap();
        // North in spades takes 5, East in notrump 10: the right-aligned column stays aligned.
        let expected = text.replacen(&format!("{eol}N  S  6{eol}"), &format!("{eol}N  S  5{eol}"), 1).replacen(
            &format!("{eol}E NT  9{eol}"),
            &format!("{eol}E NT 10{eol}"),
            1,
        );
        assert_ne!(expected, text);
        assert_eq!(fixed, expected, "{name}: only the two rows change");
        if eol == "\r\n" {
            assert_eq!(fixed.matches('\n').count(), fixed.matches("\r\n").count(), "CR LF kept");
        }

        let again = json(dir.path(), name);
        assert_eq!(again, Vec::<serde_json::Value>::new(), "{name}: the second check finds nothing");
        let out = kibitzer(&["check", "--fix", name], dir.path());
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), fixed, "a second --fix changes nothing");
    }
}

#[test]
fn the_json_report_carries_the_solvers_count_as_a_safe_fix() {
    let (dir, _, _) = copy("wrong-rows.pbn");
    let found = json(dir.path(), "wrong-rows.pbn");
    let fixes: Vec<&serde_json::Value> = found.iter().map(|d| &d["fix"]).collect();
    assert_eq!(
        fixes,
        [
            &serde_json::json!({
                "applicability": "safe",
                "message": "Replace 6 with 5, the solver's",
                "edits": [{"line": 12, "column": 7, "end_line": 12, "end_column": 8, "content": "5"}],
            }),
            &serde_json::json!({
                "applicability": "safe",
                "message": "Replace 9 with 10, the solver's",
                "edits": [{"line": 21, "column": 5, "end_line": 21, "end_column": 8, "content": " 10"}],
            }),
        ]
    );
}

#[test]
fn statistics_count_the_wrong_rows_as_fixable() {
    let (dir, _, _) = copy("wrong-rows.pbn");
    let out = kibitzer(&["check", "--statistics", "wrong-rows.pbn"], dir.path());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "2  DDS002  [*] optimum-result-table-wrong\n\
         1 file checked: 2 errors, 0 warnings, 0 notes\n\
         [*] 2 fixable with `kibitzer check --fix`\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// Standard input is checked as fixed (nothing is written): the rows are fixed in what is
/// checked, so no DDS002 is left to report.
#[test]
fn fix_on_standard_input_checks_the_fixed_text() {
    let text = std::fs::read(kibitzer_tests::fixtures("pbn/double-dummy").join("wrong-rows.pbn")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = kibitzer_tests::run_kibitzer(
        &["check", "--fix", "--lang", "pbn", "--format", "json", "-"],
        dir.path(),
        Some(&text),
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "[]\n");
    assert_eq!(out.status.code(), Some(0));
}
