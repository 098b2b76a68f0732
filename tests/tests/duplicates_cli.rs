//! Duplicate games (PGN400, PGN401) as a user of `kibitzer check` meets them: the built binary on
//! the rule fixtures `fixtures/pgn/rules/PGN400.pgn` and `PGN401.pgn`: each later copy named
//! with the earlier game as related information, counted by `--statistics`, never deleted by
//! `--fix` (the delete is an unsafe fix, the editor's to offer), found in a compressed file and
//! on standard input too.

use std::io::Write;
use std::path::Path;
use std::process::Output;

fn kibitzer(args: &[&str], cwd: &Path, stdin: Option<&[u8]>) -> Output {
    kibitzer_tests::run_kibitzer(args, cwd, stdin)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(kibitzer_tests::fixtures("pgn/rules").join(name)).unwrap()
}

/// The duplicates of `PGN400.pgn` as `check --format json` reports them: (line, code, message,
/// related lines).
fn duplicates(out: &Output) -> Vec<(u64, String, String, Vec<u64>)> {
    let found: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    found
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"].as_str().unwrap().starts_with("PGN40"))
        .map(|d| {
            let related =
                d["related"].as_array().map_or(Vec::new(), |r| r.iter().map(|r| r["line"].as_u64().unwrap()).collect());
            (
                d["line"].as_u64().unwrap(),
                d["code"].as_str().unwrap().to_owned(),
                d["message"].as_str().unwrap().to_owned(),
                related,
            )
        })
        .collect()
}

fn expected_pgn400() -> Vec<(u64, String, String, Vec<u64>)> {
    vec![
        (
            21,
            "PGN400".into(),
            "duplicate of the game at line 1 (Adams, Michael – Brown, Alan): the same moves and Seven Tag Roster"
                .into(),
            vec![1],
        ),
        (
            31,
            "PGN400".into(),
            "duplicate of the game at line 11 (Brown, Alan – Clark, Ben): the same moves and Seven Tag Roster".into(),
            vec![11],
        ),
    ]
}

#[test]
fn each_later_copy_is_one_warning_pointing_at_the_earlier_game() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("games.pgn"), fixture("PGN400.pgn")).unwrap();
    let out = kibitzer(&["check", "--format", "json", "games.pgn"], dir.path(), None);
    assert_eq!(duplicates(&out), expected_pgn400());
    assert_eq!(out.status.code(), Some(0), "warnings only");
    let out = kibitzer(&["check", "games.pgn"], dir.path(), None);
    assert!(stdout(&out).starts_with(
        "games.pgn:21:1: warning[PGN400]: duplicate of the game at line 1 (Adams, Michael – Brown, Alan): the same moves and Seven Tag Roster\n"
    ), "{}", stdout(&out));
}

#[test]
fn statistics_count_them_and_fix_deletes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("exact.pgn"), fixture("PGN400.pgn")).unwrap();
    std::fs::write(dir.path().join("near.pgn"), fixture("PGN401.pgn")).unwrap();
    let out = kibitzer(&["check", "--statistics", "."], dir.path(), None);
    assert_eq!(
        stdout(&out),
        "2  PGN400  [ ] duplicate-game\n1  PGN401  [ ] near-duplicate-game\n2 files checked: 0 errors, 2 warnings, 1 note\n"
    );
    kibitzer(&["check", "--fix", "."], dir.path(), None);
    assert_eq!(std::fs::read(dir.path().join("exact.pgn")).unwrap(), fixture("PGN400.pgn"));
    assert_eq!(std::fs::read(dir.path().join("near.pgn")).unwrap(), fixture("PGN401.pgn"));
}

/// Standard input and compressed files are read as streams (in chunks of whole games, 8 MiB
/// each: duplicates are found within a chunk, the lines named are the file's).
#[test]
fn a_stream_is_checked_for_duplicates_too() {
    let dir = tempfile::tempdir().unwrap();
    let out = kibitzer(&["check", "--format", "json", "--lang", "pgn", "-"], dir.path(), Some(&fixture("PGN400.pgn")));
    assert_eq!(duplicates(&out), expected_pgn400());
    // Two copies of the file: the second copy's games repeat the first's.
    let twice = [fixture("PGN400.pgn"), b"\n".to_vec(), fixture("PGN400.pgn")].concat();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&twice).unwrap();
    std::fs::write(dir.path().join("twice.pgn.gz"), gz.finish().unwrap()).unwrap();
    let out = kibitzer(&["check", "--format", "json", "twice.pgn.gz"], dir.path(), None);
    let lines: Vec<(u64, Vec<u64>)> = duplicates(&out).into_iter().map(|(l, _, _, r)| (l, r)).collect();
    assert_eq!(lines, [(21, vec![1]), (31, vec![11]), (62, vec![1]), (72, vec![11]), (82, vec![1]), (92, vec![11])]);
}
