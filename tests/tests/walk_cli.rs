//! Directory walks through the built binary, as ripgrep and ruff walk: symbolic links inside a
//! folder not followed unless `--follow`, a loop reported once, every file checked once whatever
//! the number of paths to it, `.gitignore`, `.ignore` and hidden folders respected unless
//! `--no-ignore` / `--hidden`; the language server's workspace diagnostics the same. Nothing
//! stops a walk: an entry that cannot be read is one error naming it (exit status 2 at the end,
//! the rest checked), a loop of links a warning.
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
    assert!(stderr.lines().all(|l| l.starts_with("kibitzer: warning: ")), "{stderr}");
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

/// The command that runs the kibitzer binary as an unprivileged user (root reads a folder or
/// file of mode 000 all the same): the binary itself when the tests do not run as root, else
/// through `setpriv` as `nobody`; `None` when that cannot be done (no `setpriv`, or the binary
/// out of that user's reach).
fn unprivileged() -> Option<Command> {
    let uid = Command::new("id").arg("-u").output().ok()?;
    if text(&uid.stdout).trim() != "0" {
        return Some(Command::new(kibitzer_tests::kibitzer()));
    }
    let as_nobody = || {
        let mut command = Command::new("setpriv");
        command.args(["--reuid=nobody", "--regid=nogroup", "--clear-groups"]).arg(kibitzer_tests::kibitzer());
        command
    };
    let probe =
        as_nobody().arg("--version").stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null()).status();
    probe.is_ok_and(|s| s.success()).then(as_nobody)
}

/// Runs `command` with `args` in `cwd`: its output.
fn run_in(mut command: Command, args: &[&str], cwd: &Path) -> Output {
    command.args(args).current_dir(cwd).output().expect("kibitzer runs")
}

/// A folder and a file the user may not read (mode 000) are each one error naming them; the
/// walk goes on, the other files are checked (and formatted), and the exit status is 2 at the
/// end, as ripgrep's.
#[test]
fn an_unreadable_folder_or_file_is_one_error_and_the_walk_goes_on() {
    use std::os::unix::fs::PermissionsExt;
    let Some(_) = unprivileged() else {
        eprintln!("skipped: cannot run kibitzer as an unprivileged user (not root's tests need no setpriv; root's need setpriv and a binary `nobody` may run)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mode = |path: &Path, mode: u32| std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    // `nobody` enters the folders and reads the files, all but the two locked.
    mode(dir.path(), 0o755);
    let games = dir.path().join("games");
    std::fs::create_dir_all(games.join("locked")).unwrap();
    for name in ["a.pgn", "locked/b.pgn", "secret.pgn", "z.pgn"] {
        std::fs::write(games.join(name), GAME).unwrap();
        mode(&games.join(name), 0o644);
    }
    mode(&games, 0o755);
    mode(&games.join("locked"), 0o000);
    mode(&games.join("secret.pgn"), 0o000);

    let out = run_in(unprivileged().unwrap(), &["check", "games"], dir.path());
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(files_reported(&out), ["games/a.pgn", "games/z.pgn"], "{}", text(&out.stdout));
    assert_eq!(checked_count(&out), 2, "{}", text(&out.stdout));
    for name in ["games/locked", "games/secret.pgn"] {
        let lines: Vec<_> = stderr.lines().filter(|l| l.contains(name)).collect();
        assert_eq!(lines.len(), 1, "one error names {name}: {stderr}");
        assert!(lines[0].starts_with("kibitzer: ") && lines[0].contains("ermission denied"), "{stderr}");
    }
    assert_eq!(stderr.lines().count(), 2, "{stderr}");

    // `fmt` walks the same way: the readable files are listed, the others named once each.
    let out = run_in(unprivileged().unwrap(), &["fmt", "--check", "games"], dir.path());
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(text(&out.stdout).lines().collect::<Vec<_>>(), ["games/a.pgn", "games/z.pgn"]);
    assert_eq!(stderr.lines().filter(|l| l.contains("games/locked")).count(), 1, "{stderr}");
    assert_eq!(stderr.lines().filter(|l| l.contains("games/secret.pgn")).count(), 1, "{stderr}");

    // Given by name, an unreadable file is the same one error, and the next file is checked.
    let out = run_in(unprivileged().unwrap(), &["check", "games/secret.pgn", "games/z.pgn"], dir.path());
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(files_reported(&out), ["games/z.pgn"]);
    // The temporary folder is removed by its owner: give the locked folder back its mode.
    mode(&games.join("locked"), 0o755);
}

/// Links that lead round to themselves (`x.pgn` → `b` → `x.pgn`) are skipped with a warning
/// under `--follow`, once per link, and the other files are checked; without it they are links
/// like any other, skipped quietly. Named on the command line, such a link is reported as a
/// loop (not as a missing file), the other paths are checked and the exit status is 2.
#[test]
fn a_loop_of_links_is_skipped_with_a_warning_and_named_as_a_loop() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir_all(games.join("sub")).unwrap();
    std::fs::write(games.join("a.pgn"), GAME).unwrap();
    std::fs::write(games.join("sub/z.pgn"), GAME).unwrap();
    symlink("b", games.join("x.pgn")).unwrap();
    symlink("x.pgn", games.join("b")).unwrap();
    symlink("self.pgn", games.join("sub/self.pgn")).unwrap();

    let out = kibitzer(&["check", "-L", "games"], dir.path());
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "warnings do not change the exit status: {stderr}");
    assert_eq!(files_reported(&out), ["games/a.pgn", "games/sub/z.pgn"], "{stderr}");
    for link in ["games/b:", "games/x.pgn:", "games/sub/self.pgn:"] {
        let lines: Vec<_> = stderr.lines().filter(|l| l.contains(link)).collect();
        assert_eq!(lines.len(), 1, "{link}: {stderr}");
        assert!(lines[0].starts_with("kibitzer: warning: ") && lines[0].contains("loop"), "{stderr}");
    }
    assert_eq!(stderr.lines().count(), 3, "{stderr}");

    let out = kibitzer(&["check", "games"], dir.path());
    assert_eq!(files_reported(&out), ["games/a.pgn", "games/sub/z.pgn"]);
    assert_eq!(text(&out.stderr), "");

    let out = kibitzer(&["check", "games/x.pgn", "games/a.pgn"], dir.path());
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(files_reported(&out), ["games/a.pgn"]);
    assert!(stderr.contains("games/x.pgn: a loop of symbolic links"), "{stderr}");
    assert!(!stderr.contains("no such file"), "{stderr}");
    let out = kibitzer(&["fmt", "--check", "games/sub/self.pgn"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("games/sub/self.pgn: a loop of symbolic links"), "{}", text(&out.stderr));
}
