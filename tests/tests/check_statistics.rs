//! `kibitzer check --statistics` driven as a user drives it: the built binary on the files of
//! `fixtures/statistics/` (a PGN file with fixable and unfixable problems, an EPD file, a clean
//! file), in a folder, file by file, from standard input and after `--fix`, in text, JSON and
//! JSON lines; the exact output asserted, and the exit status that of `check` without the flag.

use std::path::Path;
use std::process::Output;

fn kibitzer(args: &[&str], cwd: &Path, stdin: Option<&[u8]>) -> Output {
    kibitzer_tests::run_kibitzer(args, cwd, stdin)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn fixtures() -> std::path::PathBuf {
    kibitzer_tests::fixtures("statistics")
}

/// The counts of the whole folder, the commonest code first (equal counts by code).
const FOLDER_TABLE: &str = "\
2  PGN105  [ ] date-format
2  PGN210  [*] castling-with-zeros
1  EPD009  [ ] epd-illegal-move
1  PGN200  [ ] illegal-move
1  PGN212  [*] check-mark
3 files checked: 4 errors, 3 warnings, 0 notes
[*] 3 fixable with `kibitzer check --fix`
";

#[test]
fn a_folder_is_one_line_per_code_commonest_first_then_the_summary() {
    let out = kibitzer(&["check", "--statistics", "."], &fixtures(), None);
    assert_eq!(stdout(&out), FOLDER_TABLE);
    assert_eq!(out.status.code(), Some(1), "errors were found, as without --statistics");
    // Files named one by one count the same.
    let out = kibitzer(&["check", "--statistics", "games.pgn", "positions.epd", "clean.pgn"], &fixtures(), None);
    assert_eq!(stdout(&out), FOLDER_TABLE);
    // GitHub output has no statistics of its own: the table.
    let out = kibitzer(&["check", "--statistics", "--format", "github", "."], &fixtures(), None);
    assert_eq!(stdout(&out), FOLDER_TABLE);
}

#[test]
fn the_limit_of_printed_diagnostics_does_not_limit_the_counts() {
    let out = kibitzer(&["check", "--statistics", "--max-diagnostics", "1", "."], &fixtures(), None);
    assert_eq!(stdout(&out), FOLDER_TABLE);
}

#[test]
fn a_clean_file_has_no_lines_but_the_summary_and_exits_0() {
    let out = kibitzer(&["check", "--statistics", "clean.pgn"], &fixtures(), None);
    assert_eq!(stdout(&out), "1 file checked: no problems found\n");
    assert_eq!(out.status.code(), Some(0));
    let out = kibitzer(&["check", "--statistics", "--format", "json", "clean.pgn"], &fixtures(), None);
    assert_eq!(stdout(&out), "[]\n");
}

#[test]
fn warnings_alone_exit_0() {
    let out = kibitzer(
        &["check", "--statistics", "--lang", "pgn", "-"],
        &fixtures(),
        Some(b"1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 *\n"),
    );
    assert_eq!(
        stdout(&out),
        "1  PGN210  [*] castling-with-zeros\n1 file checked: 0 errors, 1 warning, 0 notes\n\
         [*] 1 fixable with `kibitzer check --fix`\n"
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn json_is_an_array_of_code_name_count_fixable() {
    let out = kibitzer(&["check", "--statistics", "--format", "json", "games.pgn"], &fixtures(), None);
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        rows,
        serde_json::json!([
            {"code": "PGN105", "name": "date-format", "count": 2, "fixable": 0},
            {"code": "PGN210", "name": "castling-with-zeros", "count": 2, "fixable": 2},
            {"code": "PGN200", "name": "illegal-move", "count": 1, "fixable": 0},
            {"code": "PGN212", "name": "check-mark", "count": 1, "fixable": 1},
        ])
    );
    assert_eq!(out.status.code(), Some(1));
    let out = kibitzer(&["check", "--statistics", "--format", "json-lines", "games.pgn"], &fixtures(), None);
    assert_eq!(
        stdout(&out),
        "{\"code\":\"PGN105\",\"name\":\"date-format\",\"count\":2,\"fixable\":0}\n\
         {\"code\":\"PGN210\",\"name\":\"castling-with-zeros\",\"count\":2,\"fixable\":2}\n\
         {\"code\":\"PGN200\",\"name\":\"illegal-move\",\"count\":1,\"fixable\":0}\n\
         {\"code\":\"PGN212\",\"name\":\"check-mark\",\"count\":1,\"fixable\":1}\n"
    );
}

#[test]
fn after_fix_only_what_is_left_is_counted() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(fixtures().join("games.pgn"), dir.path().join("games.pgn")).unwrap();
    let out = kibitzer(&["check", "--fix", "--statistics", "games.pgn"], dir.path(), None);
    assert_eq!(
        stdout(&out),
        "2  PGN105  [ ] date-format\n1  PGN200  [ ] illegal-move\n1 file checked: 3 errors, 0 warnings, 0 notes\n"
    );
    assert_eq!(out.status.code(), Some(1));
}
