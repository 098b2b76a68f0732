//! Rewrites (`fmt`, `check --fix`) through the built binary onto real file systems: a symbolic
//! link keeps being a link and its target is rewritten; hard links, permissions and ownership are
//! kept; a full disk, a read-only file system or a folder that vanishes between the read and the
//! write leaves the original byte for byte with one error naming the file and exit 2; two runs at
//! once lose nothing. The full and read-only disks are small tmpfs mounts, made when the tests
//! run as root (else those tests skip, saying so).
#![cfg(unix)]

use std::os::unix::fs::{symlink, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn kibitzer(args: &[&str], cwd: &Path) -> Output {
    Command::new(kibitzer_tests::kibitzer()).args(args).current_dir(cwd).output().expect("kibitzer runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `n` games that `fmt` changes (no space after the move numbers) and `check --fix` too (a tab,
/// which the safe fix turns into a space).
fn unformatted(n: usize) -> String {
    let game = "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n\
                [Result \"*\"]\n\n1.e4\te5 2.Nf3 Nc6 3.Bb5 a6 *\n\n";
    game.repeat(n)
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<_> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

/// What `fmt` makes of `input`, through standard output.
fn formatted(input: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("x.pgn"), input).unwrap();
    let out = kibitzer(&["fmt", "x.pgn"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let result = std::fs::read_to_string(dir.path().join("x.pgn")).unwrap();
    assert_ne!(result, input, "the input must be one that fmt changes");
    result
}

#[test]
fn a_symbolic_link_stays_a_link_and_its_target_is_rewritten() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("real")).unwrap();
    std::fs::write(dir.path().join("real/games.pgn"), unformatted(3)).unwrap();
    symlink("real/games.pgn", dir.path().join("link.pgn")).unwrap();
    let out = kibitzer(&["fmt", "link.pgn"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(std::fs::symlink_metadata(dir.path().join("link.pgn")).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read_to_string(dir.path().join("real/games.pgn")).unwrap(), formatted(&unformatted(3)));
    assert_eq!(names(&dir.path().join("real")), ["games.pgn"], "no litter beside the target");
    assert_eq!(names(dir.path()), ["link.pgn", "real"], "no litter beside the link");

    // `check --fix` through a link: the same.
    std::fs::write(dir.path().join("real/fix.pgn"), "[Event \"x\"]\n[Result \"*\"]\n\n1. e4\te5 *\n").unwrap();
    symlink("real/fix.pgn", dir.path().join("fix.pgn")).unwrap();
    let before = std::fs::read(dir.path().join("real/fix.pgn")).unwrap();
    let out = kibitzer(&["check", "--fix", "--mode", "export", "fix.pgn"], dir.path());
    assert_ne!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(std::fs::symlink_metadata(dir.path().join("fix.pgn")).unwrap().file_type().is_symlink());
    assert_ne!(std::fs::read(dir.path().join("real/fix.pgn")).unwrap(), before, "the tab was fixed");
}

#[test]
fn hard_links_permissions_and_owner_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.pgn");
    std::fs::write(&file, unformatted(2)).unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
    let root = is_root();
    if root {
        std::os::unix::fs::chown(&file, Some(4321), Some(4322)).unwrap();
    } else {
        eprintln!("not root: ownership is not tested");
    }
    let out = kibitzer(&["fmt", "a.pgn"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let meta = std::fs::metadata(&file).unwrap();
    assert_eq!(meta.mode() & 0o777, 0o640);
    if root {
        assert_eq!((meta.uid(), meta.gid()), (4321, 4322));
    }

    let linked = dir.path().join("b.pgn");
    std::fs::write(&linked, unformatted(4)).unwrap();
    std::fs::hard_link(&linked, dir.path().join("c.pgn")).unwrap();
    let inode = std::fs::metadata(&linked).unwrap().ino();
    let out = kibitzer(&["fmt", "b.pgn"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(std::fs::metadata(&linked).unwrap().ino(), inode, "written in place");
    assert_eq!(std::fs::read_to_string(dir.path().join("c.pgn")).unwrap(), formatted(&unformatted(4)));
    assert_eq!(names(dir.path()), ["a.pgn", "b.pgn", "c.pgn"]);
}

fn is_root() -> bool {
    // The owner of a file this process creates is this process's user.
    let probe = tempfile::NamedTempFile::new().unwrap();
    probe.as_file().metadata().unwrap().uid() == 0
}

/// A small tmpfs mounted for one test, unmounted when dropped; `None` (the test then skips)
/// when this process may not mount.
struct SmallDisk {
    dir: tempfile::TempDir,
}

impl SmallDisk {
    fn mount(size: &str) -> Option<SmallDisk> {
        let dir = tempfile::tempdir().unwrap();
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            eprintln!("skipped: cannot mount a tmpfs here (needs root)");
            return None;
        }
        Some(SmallDisk { dir })
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn read_only(&self) {
        let status = Command::new("mount").args(["-o", "remount,ro"]).arg(self.path()).status().unwrap();
        assert!(status.success());
    }

    /// Fills the disk but for about `left` bytes.
    fn fill_leaving(&self, left: u64) {
        let mut filler = std::fs::File::create(self.path().join("filler")).unwrap();
        let free = free_bytes(self.path());
        if free > left + (64 << 10) {
            let bulk = vec![b'x'; (free - left - (64 << 10)) as usize];
            std::io::Write::write_all(&mut filler, &bulk).unwrap();
        }
        let block = vec![b'x'; 4096];
        while free_bytes(self.path()) > left + 4096 {
            if std::io::Write::write_all(&mut filler, &block).is_err() {
                break;
            }
        }
        filler.sync_all().unwrap();
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.dir.path()).status();
    }
}

fn free_bytes(path: &Path) -> u64 {
    let out = Command::new("df").args(["--output=avail", "-B1"]).arg(path).output().unwrap();
    text(&out.stdout).lines().nth(1).unwrap().trim().parse().unwrap()
}

/// Checks the one-line error naming the file, exit 2, the original kept, and no litter.
fn assert_refused(out: &Output, file: &Path, original: &[u8], name: &str) {
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with(&format!("kibitzer: {name}: ")), "{stderr}");
    assert_eq!(std::fs::read(file).unwrap(), original, "the original byte for byte");
    let dir = file.parent().unwrap();
    assert!(names(dir).iter().all(|n| !n.contains("kibitzer-tmp")), "{:?}", names(dir));
}

#[test]
fn a_full_disk_leaves_the_original_byte_for_byte() {
    let Some(disk) = SmallDisk::mount("2m") else { return };
    let input = unformatted(4000); // ~600 KB, a little larger formatted
    let file = disk.path().join("g.pgn");
    std::fs::write(&file, &input).unwrap();
    std::fs::hard_link(&file, disk.path().join("h.pgn")).unwrap();
    std::fs::write(disk.path().join("single.pgn"), &input).unwrap();
    disk.fill_leaving(300_000);
    for name in ["single.pgn", "g.pgn"] {
        // The second has a hard link: rewritten in place, refused before the original is touched.
        let out = kibitzer(&["fmt", name], disk.path());
        assert_refused(&out, &disk.path().join(name), input.as_bytes(), name);
        assert!(text(&out.stderr).contains("No space left on device"), "{}", text(&out.stderr));
        let out = kibitzer(&["check", "--fix", "--mode", "export", name], disk.path());
        assert_refused(&out, &disk.path().join(name), input.as_bytes(), name);
    }
}

#[test]
fn a_read_only_file_system_leaves_the_original_and_says_so() {
    let Some(disk) = SmallDisk::mount("1m") else { return };
    let input = unformatted(10);
    let file = disk.path().join("g.pgn");
    std::fs::write(&file, &input).unwrap();
    disk.read_only();
    let out = kibitzer(&["fmt", "g.pgn"], disk.path());
    assert_refused(&out, &file, input.as_bytes(), "g.pgn");
    assert!(text(&out.stderr).contains("Read-only file system"), "{}", text(&out.stderr));
}

#[test]
fn two_rewrites_at_once_lose_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let input = unformatted(20_000); // a few MB: the two runs overlap
    let expected = formatted(&input);
    for round in 0..3 {
        let file: PathBuf = dir.path().join(format!("g{round}.pgn"));
        std::fs::write(&file, &input).unwrap();
        let name = file.file_name().unwrap().to_str().unwrap().to_owned();
        let runs: Vec<_> = (0..2)
            .map(|_| {
                Command::new(kibitzer_tests::kibitzer())
                    .args(["fmt", &name])
                    .current_dir(dir.path())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for run in runs {
            let out = run.wait_with_output().unwrap();
            assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        }
        assert!(std::fs::read_to_string(&file).unwrap() == expected, "round {round}: the formatted text, whole");
    }
    assert!(names(dir.path()).iter().all(|n| n.ends_with(".pgn")), "{:?}", names(dir.path()));
}

/// A file whose rewrite reports many games on standard error between writing the new text and
/// putting it in the original's place: its first game is one `fmt` changes, then come `games`
/// games with an illegal move, kept as written and reported a line each.
fn changed_then_reported(games: usize) -> String {
    unformatted(1) + &"[Event \"e\"]\n[Result \"*\"]\n\n1. Ke3 *\n\n".repeat(games)
}

/// The file's folder vanishes between the read and the write, in a real race made
/// deterministic: `fmt` reports the games it keeps as written on standard error after the new
/// text is written to the temporary file and before that replaces the original, and this test
/// reads no more than the first byte of the report until the folder is gone. The report is
/// megabytes and a pipe holds 64 KiB (1 MiB at most), so once its first byte has arrived, the
/// binary (past the read and the write) is held in the report, the replace still ahead, while
/// the folder is moved away (the original then checked byte for byte in its new place) or
/// removed (nothing made again). Either way: one error naming the file, exit status 2.
#[test]
fn a_folder_that_vanishes_between_read_and_write_leaves_the_original() {
    use std::io::Read;
    let input = changed_then_reported(30_000);
    for removed in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let games = dir.path().join("games");
        std::fs::create_dir(&games).unwrap();
        std::fs::write(games.join("g.pgn"), &input).unwrap();
        let mut run = Command::new(kibitzer_tests::kibitzer())
            .args(["fmt", "games/g.pgn"])
            .current_dir(dir.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stderr = run.stderr.take().unwrap();
        let mut first = [0u8; 1];
        stderr.read_exact(&mut first).expect("the report of the games kept as written begins");
        if removed {
            std::fs::remove_dir_all(&games).unwrap();
        } else {
            std::fs::rename(&games, dir.path().join("moved")).unwrap();
        }
        let mut rest = Vec::new();
        stderr.read_to_end(&mut rest).unwrap();
        let status = run.wait().unwrap();
        let report = text(&[&first[..], &rest[..]].concat());
        assert!(report.len() > 2 << 20, "a report larger than any pipe: {} bytes", report.len());
        assert_eq!(status.code(), Some(2), "{}", report.lines().last().unwrap_or_default());
        let errors: Vec<&str> = report.lines().filter(|l| l.starts_with("kibitzer: ")).collect();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].starts_with("kibitzer: games/g.pgn: cannot replace: ") && errors[0].contains("left as it was"),
            "the error names the file, at the replace (after the read and the write): {}",
            errors[0]
        );
        assert!(!games.exists(), "the folder is not made again");
        if removed {
            assert_eq!(names(dir.path()), Vec::<String>::new(), "nothing written anywhere");
        } else {
            assert_eq!(names(dir.path()), ["moved"]);
            assert_eq!(names(&dir.path().join("moved")), ["g.pgn"], "no litter beside the original");
            assert_eq!(std::fs::read_to_string(dir.path().join("moved/g.pgn")).unwrap(), input, "byte for byte");
        }
    }
}
