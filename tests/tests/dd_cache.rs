//! The persistent cache of solved deals, driven as a user drives it: the built binary on a copy
//! of `fixtures/pbn/double-dummy/wrong-rows.pbn` (two boards with double-dummy tables, two rows
//! of the first wrong), each run with a cache folder of its own (`KIBITZER_CACHE_DIR`). What the
//! solver did is read from the line `KIBITZER_DD_STATS` makes the binary print on standard
//! error ("solved N deals, M from cache"), never from a clock.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The boards of the fixture with double-dummy tags.
const BOARDS: u64 = 2;

struct Run {
    stdout: String,
    solved: u64,
    from_cache: u64,
}

fn command(args: &[&str], cwd: &Path, cache: &Path) -> Command {
    let mut command = Command::new(kibitzer_tests::kibitzer());
    command
        .args(args)
        .current_dir(cwd)
        .env("KIBITZER_CACHE_DIR", cache)
        .env("KIBITZER_DD_STATS", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

fn read(out: Output) -> Run {
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let line = stderr
        .lines()
        .find_map(|l| l.strip_prefix("kibitzer: double dummy: solved "))
        .unwrap_or_else(|| panic!("no count on standard error: {stderr}"));
    // "N deal(s), M from cache"
    let words: Vec<&str> = line.split_whitespace().collect();
    let solved = words[0].parse().unwrap();
    let from_cache = words[2].parse().unwrap();
    Run { stdout: String::from_utf8(out.stdout).unwrap(), solved, from_cache }
}

fn run(args: &[&str], cwd: &Path, cache: &Path) -> Run {
    read(command(args, cwd, cache).output().unwrap())
}

/// A copy of the fixture in a fresh folder, and a fresh cache folder.
fn setup() -> (tempfile::TempDir, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let source = kibitzer_tests::fixtures("pbn/double-dummy").join("wrong-rows.pbn");
    std::fs::copy(source, dir.path().join("wrong-rows.pbn")).unwrap();
    (dir, tempfile::tempdir().unwrap())
}

const CHECK: &[&str] = &["check", "--format", "json", "wrong-rows.pbn"];

/// The DDS codes of a JSON report.
fn codes(stdout: &str) -> Vec<String> {
    let found: Vec<serde_json::Value> = serde_json::from_str(stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    found.iter().map(|d| d["code"].as_str().unwrap().to_owned()).collect()
}

fn logs(cache: &Path) -> Vec<PathBuf> {
    kibitzer_tests::files_under(cache, |p| p.extension().is_some_and(|e| e == "log"))
}

#[test]
fn a_second_check_of_an_unchanged_file_solves_nothing() {
    let (dir, cache) = setup();
    let first = run(CHECK, dir.path(), cache.path());
    assert_eq!((first.solved, first.from_cache), (BOARDS, 0));
    assert_eq!(codes(&first.stdout), ["DDS002", "DDS002"]);
    let second = run(CHECK, dir.path(), cache.path());
    assert_eq!((second.solved, second.from_cache), (0, BOARDS), "the second run reads what the first solved");
    assert_eq!(second.stdout, first.stdout, "and reports the same");
    // `dd` shares the cache; `--no-cache` neither reads nor writes it.
    let dd = run(&["dd", "wrong-rows.pbn"], dir.path(), cache.path());
    assert_eq!((dd.solved, dd.from_cache), (0, BOARDS));
    assert!(dd.stdout.contains("board 5: DoubleDummyTricks"), "{}", dd.stdout);
    let bypass = run(&["check", "--no-cache", "--format", "json", "wrong-rows.pbn"], dir.path(), cache.path());
    assert_eq!((bypass.solved, bypass.from_cache), (BOARDS, 0));
    assert_eq!(bypass.stdout, first.stdout);
    let fresh = tempfile::tempdir().unwrap();
    run(&["check", "--no-cache", "wrong-rows.pbn"], dir.path(), fresh.path());
    assert_eq!(logs(fresh.path()), Vec::<PathBuf>::new(), "--no-cache writes nothing");
}

/// A cache whose records were damaged (a bit flipped in each, garbage after them, a torn
/// record) is not trusted: the deals are solved again and the report is the solver's, not the
/// damaged counts (a flipped trick count trusted would change the DDS002 diagnostics).
#[test]
fn a_corrupted_cache_entry_is_solved_again_never_trusted() {
    let (dir, cache) = setup();
    let first = run(CHECK, dir.path(), cache.path());
    let logs = logs(cache.path());
    assert!(!logs.is_empty(), "the first run kept its deals");
    for log in &logs {
        let mut bytes = std::fs::read(log).unwrap();
        assert_eq!(bytes.len() % 64, 0, "whole records");
        for record in bytes.chunks_mut(64) {
            record[40] ^= 0x01; // a trick count: 13 becomes 12, 5 becomes 4
        }
        bytes.extend_from_slice(b"not a record at all, and a torn one: KZD1\x00\x01");
        std::fs::write(log, bytes).unwrap();
    }
    let second = run(CHECK, dir.path(), cache.path());
    assert_eq!((second.solved, second.from_cache), (BOARDS, 0), "nothing damaged is read");
    assert_eq!(second.stdout, first.stdout);
    // What was solved again is kept after the damage and found by the next run.
    let third = run(CHECK, dir.path(), cache.path());
    assert_eq!((third.solved, third.from_cache), (0, BOARDS));
    assert_eq!(third.stdout, first.stdout);
}

/// Two checks at once writing the same cache: both report what one alone reports, and the cache
/// they leave is whole (a third run reads every deal from it).
#[test]
fn two_concurrent_checks_share_the_cache_safely() {
    let (dir, cache) = setup();
    let alone = run(&["check", "--no-cache", "--format", "json", "wrong-rows.pbn"], dir.path(), cache.path());
    let a = command(CHECK, dir.path(), cache.path()).spawn().unwrap();
    let b = command(CHECK, dir.path(), cache.path()).spawn().unwrap();
    let (a, b) = (read(a.wait_with_output().unwrap()), read(b.wait_with_output().unwrap()));
    assert_eq!(a.stdout, alone.stdout);
    assert_eq!(b.stdout, alone.stdout);
    for log in logs(cache.path()) {
        assert_eq!(std::fs::metadata(&log).unwrap().len() % 64, 0, "{}: whole records only", log.display());
    }
    let third = run(CHECK, dir.path(), cache.path());
    assert_eq!((third.solved, third.from_cache), (0, BOARDS));
}

#[test]
fn clean_removes_the_cache() {
    let (dir, cache) = setup();
    run(CHECK, dir.path(), cache.path());
    let out = command(&["clean"], dir.path(), cache.path()).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("removed "), "{out:?}");
    assert_eq!(logs(cache.path()), Vec::<PathBuf>::new());
    let again = run(CHECK, dir.path(), cache.path());
    assert_eq!((again.solved, again.from_cache), (BOARDS, 0), "solved again after clean");
}
