//! `kibitzer check --across-files` as a user runs it on a folder of their own databases
//! (files written here): a game that repeats a game of another file is one warning on the
//! later file (files in order of their names as given) naming the earlier file and line, with
//! the related place in that file in JSON and SARIF; a player spelled otherwise than the
//! commonest spelling of all the files is a note with that spelling as the fix; PBN players
//! likewise; and without the flag the output is what it always was, byte for byte.

use kibitzer_tests::club::{game, ENGLISH, QGD, RUY};
use serde_json::Value;
use std::path::Path;
use std::process::Output;

fn kibitzer(args: &[&str], cwd: &Path) -> Output {
    kibitzer_tests::run_kibitzer(args, cwd, None)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A folder with `club/2024.pgn` (two games) and `later.pgn`, whose second game repeats the
/// club's second game and whose first spells Carlsen otherwise.
fn databases() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("club")).unwrap();
    let club = [game("Carlsen, Magnus", QGD), game("Carlsen, Magnus", RUY)].concat();
    std::fs::write(dir.path().join("club/2024.pgn"), club).unwrap();
    let later = [game("Carlsen,M", ENGLISH), game("Carlsen, Magnus", RUY)].concat();
    std::fs::write(dir.path().join("later.pgn"), later).unwrap();
    dir
}

#[test]
fn a_game_of_another_file_is_a_duplicate_naming_that_file() {
    let dir = databases();
    let out = kibitzer(&["check", "--across-files", "later.pgn", "club/2024.pgn"], dir.path());
    let text = stdout(&out);
    // `club/2024.pgn` comes first by name: the copy is in `later.pgn`.
    assert!(
        text.contains("later.pgn:11:1: warning[PGN400]: duplicate of the game at line 11 of `club/2024.pgn` (Carlsen, Magnus – Brown, Alan): the same moves and Seven Tag Roster\n"),
        "{text}"
    );
    assert!(
        text.contains("later.pgn:5:8: information[PGN402]: player `Carlsen,M` is written `Carlsen, Magnus` 2 times across the files (first in `club/2024.pgn`): one spelling per name\n"),
        "{text}"
    );
    assert!(text.ends_with("2 files checked: 0 errors, 1 warning, 1 note\n"), "{text}");
    assert_eq!(out.status.code(), Some(0));
    // A directory is the same as its files.
    let walked = kibitzer(&["check", "--across-files", "."], dir.path());
    assert!(stdout(&walked).contains("warning[PGN400]: duplicate of the game at line 11 of `./club/2024.pgn`"));
}

#[test]
fn json_and_sarif_carry_the_related_place_with_its_file() {
    let dir = databases();
    let out = kibitzer(&["check", "--across-files", "--format", "json", "club/2024.pgn", "later.pgn"], dir.path());
    let found: Value = serde_json::from_slice(&out.stdout).unwrap();
    let found = found.as_array().unwrap();
    assert_eq!(found.len(), 2, "{found:?}");
    let duplicate = found.iter().find(|d| d["code"] == "PGN400").unwrap();
    assert_eq!(duplicate["path"], "later.pgn");
    assert_eq!(duplicate["line"], 11);
    let related = &duplicate["related"][0];
    assert_eq!(
        (&related["path"], &related["line"], &related["column"], &related["message"]),
        (&Value::from("club/2024.pgn"), &Value::from(11), &Value::from(1), &Value::from("the earlier game"))
    );
    let spelling = found.iter().find(|d| d["code"] == "PGN402").unwrap();
    assert_eq!(
        (&spelling["related"][0]["path"], &spelling["related"][0]["line"]),
        (&Value::from("club/2024.pgn"), &Value::from(5))
    );
    let out = kibitzer(&["check", "--across-files", "--format", "sarif", "club/2024.pgn", "later.pgn"], dir.path());
    let log: Value = serde_json::from_slice(&out.stdout).unwrap();
    let results = log["runs"][0]["results"].as_array().unwrap();
    let duplicate = results.iter().find(|r| r["ruleId"] == "PGN400").unwrap();
    let place = &duplicate["relatedLocations"][0]["physicalLocation"];
    assert_eq!(place["artifactLocation"]["uri"], "club/2024.pgn");
    assert_eq!(place["region"]["startLine"], 11);
}

#[test]
fn without_the_flag_nothing_changes() {
    let dir = databases();
    for format in ["text", "json", "sarif", "json-lines", "github"] {
        let plain = kibitzer(&["check", "--format", format, "club/2024.pgn", "later.pgn"], dir.path());
        // Each file alone: no duplicate across them, and the same bytes as each file checked alone.
        assert!(!stdout(&plain).contains("PGN400"), "{format}");
        let club = kibitzer(&["check", "--format", format, "club/2024.pgn"], dir.path());
        if format == "json-lines" || format == "github" {
            let later = kibitzer(&["check", "--format", format, "later.pgn"], dir.path());
            assert_eq!(stdout(&plain), stdout(&club) + &stdout(&later), "{format}");
        }
        assert_ne!(
            stdout(&plain),
            stdout(&kibitzer(
                &["check", "--across-files", "--format", format, "club/2024.pgn", "later.pgn"],
                dir.path()
            )),
            "{format}"
        );
    }
    // Within one file the messages are those of a file checked alone.
    let alone = kibitzer(&["check", "--format", "json", "later.pgn"], dir.path());
    let across = kibitzer(&["check", "--across-files", "--format", "json", "later.pgn"], dir.path());
    assert_eq!(stdout(&alone), stdout(&across));
}

#[test]
fn pbn_players_are_spelled_one_way_across_files() {
    let dir = tempfile::tempdir().unwrap();
    let board = |n: u32, north: &str| {
        format!("[Event \"Club\"]\n[Board \"{n}\"]\n[North \"{north}\"]\n[South \"Hamman, Bob\"]\n\n")
    };
    std::fs::write(dir.path().join("a.pbn"), [board(1, "Meckstroth, Jeff"), board(2, "Meckstroth, Jeff")].concat())
        .unwrap();
    std::fs::write(dir.path().join("b.pbn"), board(1, "Meckstroth,J")).unwrap();
    let plain = kibitzer(&["check", "--format", "json", "a.pbn", "b.pbn"], dir.path());
    assert!(!stdout(&plain).contains("PBN120"));
    let out = kibitzer(&["check", "--across-files", "--format", "json", "a.pbn", "b.pbn"], dir.path());
    let found: Value = serde_json::from_slice(&out.stdout).unwrap();
    let spelling: Vec<&Value> = found.as_array().unwrap().iter().filter(|d| d["code"] == "PBN120").collect();
    assert_eq!(spelling.len(), 1, "{found:?}");
    assert_eq!(spelling[0]["path"], "b.pbn");
    assert_eq!(
        spelling[0]["message"],
        "player `Meckstroth,J` is written `Meckstroth, Jeff` 2 times across the files (first in `a.pbn`): one spelling per name"
    );
    assert_eq!(
        (&spelling[0]["related"][0]["path"], &spelling[0]["related"][0]["line"]),
        (&Value::from("a.pbn"), &Value::from(3))
    );
}
