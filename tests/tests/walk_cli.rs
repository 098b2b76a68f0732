//! Directory walks through the built binary, as ripgrep and ruff walk: symbolic links inside a
//! folder not followed unless `--follow`, a loop reported once, every file checked once whatever
//! the number of paths to it, `.gitignore`, `.ignore` and hidden folders respected unless
//! `--no-ignore` / `--hidden`; the language server's workspace diagnostics the same.
#![cfg(unix)]

use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

fn kibitzer(args: &[&str], cwd: &Path) -> Output {
    let mut child = Command::new(kibitzer_tests::kibitzer())
        .args(args)
        .current_dir(cwd)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("kibitzer runs");
    // A walk that never ends is the failure this suite guards against: give up after a minute.
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("kibitzer {args:?} did not end within a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A PGN game with one warning-free error: a wrong result, so that each check of the file prints
/// exactly one line naming it.
const GAME: &str = "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n";

/// The files named in `check`'s text output, one per diagnostic line.
fn files_reported(out: &Output) -> Vec<String> {
    let mut files: Vec<String> = text(&out.stdout)
        .lines()
        .filter(|l| l.contains("error[") || l.contains("warning["))
        .map(|l| l.split(':').next().unwrap().to_owned())
        .collect();
    files.sort();
    files
}

fn checked_count(out: &Output) -> usize {
    let stdout = text(&out.stdout);
    let summary = stdout.lines().last().unwrap_or_default();
    summary.split(' ').next().and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("no summary: {stdout}"))
}

#[test]
fn links_back_up_are_not_followed_and_each_file_is_checked_once() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir(&games).unwrap();
    std::fs::write(games.join("a.pgn"), GAME).unwrap();
    symlink("..", games.join("up")).unwrap();
    symlink(".", games.join("self")).unwrap();
    let out = kibitzer(&["check", "games"], dir.path());
    assert_eq!(checked_count(&out), 1, "{}", text(&out.stdout));
    assert_eq!(files_reported(&out).len(), 1, "{}", text(&out.stdout));
    assert_eq!(text(&out.stderr), "", "no loop is met when links are not followed");

    // Followed: the loops end, are reported once each, and the file is still checked once.
    let out = kibitzer(&["check", "--follow", "games"], dir.path());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(checked_count(&out), 1, "{}", text(&out.stdout));
    let stderr = text(&out.stderr);
    let self_loops = stderr.lines().filter(|l| l.contains("games/self") && l.contains("loop")).count();
    assert_eq!(self_loops, 1, "{stderr}");
    assert!(stderr.lines().all(|l| l.starts_with("kibitzer: note: ")), "{stderr}");
}

#[test]
fn a_file_reached_by_several_paths_is_checked_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("real.pgn"), GAME).unwrap();
    std::fs::hard_link(dir.path().join("real.pgn"), dir.path().join("hard.pgn")).unwrap();
    symlink("real.pgn", dir.path().join("soft.pgn")).unwrap();
    let out = kibitzer(&["check", "--follow", ".", "real.pgn", "./real.pgn", "soft.pgn"], dir.path());
    assert_eq!(checked_count(&out), 1, "{}", text(&out.stdout));
    // Without --follow the link in the folder is skipped; given by name it is followed.
    let out = kibitzer(&["check", "soft.pgn"], dir.path());
    assert_eq!(checked_count(&out), 1);
    assert_eq!(files_reported(&out), ["soft.pgn"]);
}

#[test]
fn a_linked_folder_is_walked_only_with_follow() {
    let dir = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    std::fs::write(elsewhere.path().join("far.pgn"), GAME).unwrap();
    std::fs::create_dir(dir.path().join("games")).unwrap();
    symlink(elsewhere.path(), dir.path().join("games/linked")).unwrap();
    let out = kibitzer(&["check", "games"], dir.path());
    assert_eq!(checked_count(&out), 0, "{}", text(&out.stdout));
    let out = kibitzer(&["check", "-L", "games"], dir.path());
    assert_eq!(files_reported(&out), ["games/linked/far.pgn"]);
}

#[test]
fn ignore_files_and_hidden_folders_are_respected_unless_asked() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["kept.pgn", "build/out.pgn", ".cache/c.pgn", "scratch.pgn"] {
        let p = dir.path().join("games").join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, GAME).unwrap();
    }
    std::fs::write(dir.path().join("games/.gitignore"), "build/\n").unwrap();
    std::fs::write(dir.path().join("games/.ignore"), "scratch.pgn\n").unwrap();
    let out = kibitzer(&["check", "games"], dir.path());
    assert_eq!(files_reported(&out), ["games/kept.pgn"]);
    let out = kibitzer(&["check", "--no-ignore", "games"], dir.path());
    assert_eq!(files_reported(&out), ["games/build/out.pgn", "games/kept.pgn", "games/scratch.pgn"]);
    let out = kibitzer(&["check", "--no-ignore", "--hidden", "games"], dir.path());
    assert_eq!(files_reported(&out).len(), 4);
    // A file given by name is checked even when ignored.
    let out = kibitzer(&["check", "games/scratch.pgn"], dir.path());
    assert_eq!(files_reported(&out), ["games/scratch.pgn"]);
    // `fmt` walks the same way: only the kept file is rewritten.
    let out = kibitzer(&["fmt", "games"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_ne!(std::fs::read_to_string(dir.path().join("games/kept.pgn")).unwrap(), GAME);
    assert_eq!(std::fs::read_to_string(dir.path().join("games/scratch.pgn")).unwrap(), GAME);
    assert_eq!(std::fs::read_to_string(dir.path().join("games/build/out.pgn")).unwrap(), GAME);
}
