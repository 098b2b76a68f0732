//! `kibitzer dd` on a terminal, as a user runs it: in a pseudo-terminal (Python's `pty`), a long
//! file shows the solver's progress bar on standard error once solving has gone on for a
//! second, and Ctrl-C (SIGINT) ends the run. What is asserted is that the bar appears and that
//! the process ends by the interrupt, with a generous timeout, never how fast.

use std::process::Command;

/// Runs `kibitzer dd --no-cache FILE` in a pseudo-terminal, waits for the progress bar, sends
/// SIGINT and reports how the process ended: `bar=1 signal=2` or `bar=1 exit=130`.
const DRIVER: &str = r#"
import os, pty, select, signal, sys, time
binary, path = sys.argv[1], sys.argv[2]
pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "xterm"
    os.execv(binary, [binary, "dd", "--no-cache", path])
seen, deadline = b"", time.time() + 120
while b"double dummy [" not in seen and time.time() < deadline:
    ready, _, _ = select.select([fd], [], [], 1)
    if ready:
        try:
            seen += os.read(fd, 4096)
        except OSError:
            break
bar = b"double dummy [" in seen
os.kill(pid, signal.SIGINT)
deadline = time.time() + 60
while time.time() < deadline:
    done, status = os.waitpid(pid, os.WNOHANG)
    if done:
        break
    try:
        if select.select([fd], [], [], 0.2)[0]:
            os.read(fd, 4096)
    except OSError:
        time.sleep(0.2)
else:
    os.kill(pid, signal.SIGKILL)
    print(f"bar={int(bar)} still-running")
    sys.exit(0)
how = f"signal={os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else f"exit={os.WEXITSTATUS(status)}"
print(f"bar={int(bar)} {how}")
"#;

#[test]
fn ctrl_c_stops_dd_on_a_terminal_after_its_progress_bar() {
    if Command::new("python3").arg("-c").arg("import pty").output().map_or(true, |o| !o.status.success()) {
        eprintln!("skipped: python3 with pty is not available");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Far more deals than a second solves: the bar appears while most are still queued.
    let path = dir.path().join("long.pbn");
    std::fs::write(&path, kibitzer_tests::deals::hand_record(400)).unwrap();
    let out = Command::new("python3")
        .args(["-c", DRIVER, kibitzer_tests::kibitzer().to_str().unwrap(), path.to_str().unwrap()])
        .env("KIBITZER_CACHE_DIR", dir.path())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}{}", String::from_utf8_lossy(&out.stderr));
    let said = said.trim();
    assert!(said.starts_with("bar=1 "), "no progress bar on the terminal: {said}");
    assert!(said == "bar=1 signal=2" || said == "bar=1 exit=130", "not ended by the interrupt: {said}");
}
