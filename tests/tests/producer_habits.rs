//! What producers write that is not the standard, and what `kibitzer check --fix` and the
//! editor make of it (docs/producers.md): the fixtures under `fixtures/producers/` are written in
//! each habit's shape (BBO and PbnTools dates with a time and `P` for a pass, BridgeComposer's
//! `...` for a hand it leaves out, databases' `2023-10-07` and ISO timestamps, Bridge Monitor's
//! `2-Aug-2023` and its tag values without quotes, a converter's `20151006`, coordinate moves,
//! lichess broadcasts' time controls in words, a year alone and ChessBase's `EventDate "?"`,
//! bridgebots' `--` for cards not played and `2015.09.?`, a scoring program's `1N` in a
//! ScoreTable, the converter's `"N-S "` for the vulnerability, rpbridge's `5DR` for a redoubled
//! contract, RealBridge's suit symbols in its notes; `chessbase-partial-dates.pgn` and
//! `realbridge-notes.pbn`, in export format, have CR LF line ends, which the fix keeps);
//! `check --fix` must give `fixtures/producers/fixed/` exactly, and `check` of that nothing at
//! all: each of these habits has one right answer. In the editor the same fixes are quick fixes,
//! with "fix every … in this file" for a rule the file breaks more than once.

use kibitzer_tests::lsp_client::{apply_edits, vscode_capabilities, LspClient};
use serde_json::json;
use std::path::Path;

fn producers() -> std::path::PathBuf {
    kibitzer_tests::fixtures("producers")
}

const HABITS: [&str; 11] = [
    "bbo-pbntools.pbn",
    "bridgebots-claim.pbn",
    "bridgecomposer-lesson.pbn",
    "bridgenz-txt2pbn.pbn",
    "chessbase-partial-dates.pgn",
    "database-dates.pgn",
    "lichess-broadcast.pgn",
    "realbridge-notes.pbn",
    "rpbridge-redouble.pbn",
    "ruter-results.pbn",
    "tablemonitor-training.pbn",
];

#[test]
fn check_fix_leaves_nothing_of_each_habit() {
    for name in HABITS {
        let dir = tempfile::tempdir().unwrap();
        let original = std::fs::read(producers().join(name)).unwrap();
        std::fs::write(dir.path().join(name), &original).unwrap();
        let before = kibitzer_tests::run_kibitzer(&["check", name], dir.path(), None);
        assert_eq!(before.status.code(), Some(1), "{name}: the dates and calls are errors");
        kibitzer_tests::run_kibitzer(&["check", "--fix", name], dir.path(), None);
        let fixed = std::fs::read_to_string(dir.path().join(name)).unwrap();
        let expected = std::fs::read_to_string(producers().join("fixed").join(name)).unwrap();
        assert_eq!(fixed, expected, "{name}");
        let after = kibitzer_tests::run_kibitzer(&["check", name], dir.path(), None);
        assert_eq!(String::from_utf8_lossy(&after.stdout), "1 file checked: no problems found\n", "{name}");
        assert!(after.status.success(), "{name}");
    }
}

/// A file with CR LF line ends keeps them through every fix: the Time tag a date's time moves
/// to is a line that ends as the file's lines do (the BBO/PbnTools and database habits, their
/// fixtures' lines ended with CR LF).
#[test]
fn check_fix_keeps_cr_lf_line_ends_in_the_lines_it_adds() {
    let crlf = |text: &str| text.replace('\n', "\r\n");
    for name in ["bbo-pbntools.pbn", "database-dates.pgn"] {
        let dir = tempfile::tempdir().unwrap();
        let original = std::fs::read_to_string(producers().join(name)).unwrap();
        std::fs::write(dir.path().join(name), crlf(&original)).unwrap();
        kibitzer_tests::run_kibitzer(&["check", "--fix", name], dir.path(), None);
        let fixed = std::fs::read_to_string(dir.path().join(name)).unwrap();
        let expected = std::fs::read_to_string(producers().join("fixed").join(name)).unwrap();
        assert!(expected.contains("[Time \""), "{name}: the fix adds a Time tag");
        assert_eq!(fixed, crlf(&expected), "{name}");
        let after = kibitzer_tests::run_kibitzer(&["check", name], dir.path(), None);
        assert_eq!(String::from_utf8_lossy(&after.stdout), "1 file checked: no problems found\n", "{name}");
    }
}

/// A date's time goes to the Time tag only when nothing is lost: a game that already has a
/// different time keeps it, and the date fix that would drop the other time is left to the user.
#[test]
fn a_date_fix_never_drops_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let text = "[Event \"x\"]\n[Date \"2021-04-03 05:06\"]\n[Time \"07:00:00\"]\n\n1. e4 *\n";
    let path = dir.path().join("t.pgn");
    std::fs::write(&path, text).unwrap();
    kibitzer_tests::run_kibitzer(&["check", "--fix", "t.pgn"], dir.path(), None);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "the unsafe fix is not applied");
    // The editor offers it, not preferred, saying what it drops.
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    let uri = "file:///tmp/kibitzer-test/t.pgn";
    c.open(uri, "pgn", 1, text);
    c.diagnostics(uri, 1);
    let at = json!({"line": 1, "character": 8});
    let answer = c.call(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": {"start": at, "end": at}, "context": {"diagnostics": [], "only": ["quickfix"]}}),
    );
    let fix = &answer[0];
    assert_eq!(fix["title"], "Write `2021.04.03` (dropping the time `05:06:00`)", "{answer}");
    assert_eq!(fix["isPreferred"], false, "{answer}");
    c.shutdown();
}

/// The quick fixes the server offers at a place of the document `uri` (0-based line and UTF-16
/// character).
fn quick_fixes_at(c: &mut LspClient, uri: &str, line: u32, character: u32) -> Vec<serde_json::Value> {
    let at = json!({"line": line, "character": character});
    let answer = c.call(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": {"start": at, "end": at}, "context": {"diagnostics": [], "only": ["quickfix"]}}),
    );
    answer.as_array().unwrap().clone()
}

#[test]
fn the_editor_fixes_one_or_every_one_of_a_kind() {
    let path: &Path = &producers().join("bbo-pbntools.pbn");
    let text = std::fs::read_to_string(path).unwrap();
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    let uri = "file:///tmp/kibitzer-test/bbo.pbn";
    c.open(uri, "pbn", 1, &text);
    c.diagnostics(uri, 1);
    let actions_at = |c: &mut LspClient, line: u32, character: u32| quick_fixes_at(c, uri, line, character);
    // On the first `P` (line 19, 0-based 18): its own fix, and every pass of the file.
    let actions = actions_at(&mut c, 18, 4);
    let titles: Vec<&str> = actions.iter().map(|a| a["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["Replace with `Pass`", "Fix every invalid-call (PBN302) in this file: 9"], "{actions:?}");
    let every = apply_edits(&text, &actions[1]["edit"]["changes"][uri]);
    assert!(!every.lines().any(|l| l.split(' ').any(|w| w == "P")), "{every}");
    assert_eq!(every.matches("Pass").count(), 9);
    // On a date: the time goes to a Time tag; both dates at once.
    let actions = actions_at(&mut c, 4, 8);
    let titles: Vec<&str> = actions.iter().map(|a| a["title"].as_str().unwrap()).collect();
    assert_eq!(
        titles,
        ["Write `2021.04.03` and the time in a Time tag", "Fix every invalid-date (PBN103) in this file: 2"],
        "{actions:?}"
    );
    let one = apply_edits(&text, &actions[0]["edit"]["changes"][uri]);
    assert!(one.contains("[Date \"2021.04.03\"]") && one.contains("[Result \"12\"]\n[Time \"05:06:00\"]\n"), "{one}");
    assert!(one.contains("2021-04-03 05:13"), "only this game's date: {one}");
    let both = apply_edits(&text, &actions[1]["edit"]["changes"][uri]);
    assert!(!both.contains("2021-04-03") && both.contains("[Time \"05:13:00\"]"), "{both}");
    c.shutdown();
}

/// RealBridge's suit symbols: in the editor, each is a quick fix writing the standard's notation
/// (its backslash doubled in a note's string, single in a comment), and "fix every" writes them
/// all, as `check --fix` does.
#[test]
fn the_editor_writes_the_notation_for_a_suit_symbol() {
    let text = std::fs::read_to_string(producers().join("realbridge-notes.pbn")).unwrap();
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    let uri = "file:///tmp/kibitzer-test/realbridge.pbn";
    c.open(uri, "pbn", 1, &text);
    let published = c.diagnostics(uri, 1);
    assert_eq!(published.iter().filter(|d| d["code"] == "PBN012").count(), 7, "{published:?}");
    let mut actions_at = |line: u32, character: u32| quick_fixes_at(&mut c, uri, line, character);
    // The `♣` of `[Note "1: 2+♣, …"]` (line 23, 0-based 22, after 12 characters).
    let actions = actions_at(22, 12);
    let titles: Vec<&str> = actions.iter().map(|a| a["title"].as_str().unwrap()).collect();
    assert_eq!(
        titles,
        ["Replace with `\\\\C`", "Fix every non-latin1-character (PBN012) in this file: 7"],
        "{actions:?}"
    );
    let one = apply_edits(&text, &actions[0]["edit"]["changes"][uri]);
    assert!(one.contains("[Note \"1: 2+\\\\C, up to 5♦ if balanced\"]"), "{one}");
    // In the comment after the auction: one backslash.
    let actions = actions_at(24, 17);
    assert_eq!(actions[0]["title"], "Replace with `\\S`", "{actions:?}");
    let every = apply_edits(&text, &actions[1]["edit"]["changes"][uri]);
    assert_eq!(every, std::fs::read_to_string(producers().join("fixed").join("realbridge-notes.pbn")).unwrap());
    c.shutdown();
}

/// `P?` in a lesson's auction asks the reader for a call: it is not BBO's pass, and no fix
/// turns it into one.
#[test]
fn a_queried_p_is_not_read_as_a_pass() {
    let dir = tempfile::tempdir().unwrap();
    let text = "[Dealer \"N\"]\n[Auction \"N\"]\n1C Pass 1H P?\n";
    std::fs::write(dir.path().join("q.pbn"), text).unwrap();
    let out = kibitzer_tests::run_kibitzer(&["check", "q.pbn"], dir.path(), None);
    let out = String::from_utf8_lossy(&out.stdout);
    assert!(out.contains("error[PBN302]: `P` is not a call\n"), "{out}");
    kibitzer_tests::run_kibitzer(&["check", "--fix", "q.pbn"], dir.path(), None);
    assert_eq!(std::fs::read_to_string(dir.path().join("q.pbn")).unwrap(), text);
}
