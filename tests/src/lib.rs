//! What kibitzer's black-box suites share: where the workspace, its fixtures and the shared corpus
//! are, the files under a folder, the built `kibitzer` binary, a stdio LSP client, and the club
//! games of the suites that compare files.
//!
//! The suites themselves are the files of `tests/tests/`: the CLI contract (`*_cli.rs`), the
//! language server over stdio (`lsp_*.rs`), fixture snapshots, corpus sweeps and comparisons with
//! other tools. Unit tests stay beside the code they test.

pub mod club;
pub mod deals;
pub mod lsp_client;
pub mod svg;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The workspace root (the folder of the top-level `Cargo.toml`).
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ is inside the workspace").to_path_buf()
}

/// `fixtures/<sub>` of the workspace.
pub fn fixtures(sub: &str) -> PathBuf {
    workspace().join("fixtures").join(sub)
}

/// The shared corpus folder `<sub>`: `$KIBITZER_CORPUS/<sub>`, else `../shared/corpus/<sub>`
/// beside the workspace. `None` when absent: corpus tests then skip with a message.
pub fn corpus(sub: &str) -> Option<PathBuf> {
    let root = match std::env::var_os("KIBITZER_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => workspace().join("../shared/corpus"),
    };
    Some(root.join(sub)).filter(|p| p.is_dir())
}

/// The files under `dir` (recursively) that `keep` accepts, sorted.
pub fn files_under(dir: &Path, keep: impl Fn(&Path) -> bool) -> Vec<PathBuf> {
    fn walk(dir: &Path, keep: &dyn Fn(&Path) -> bool, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, keep, out);
            } else if keep(&path) {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &keep, &mut out);
    out.sort();
    out
}

/// The `kibitzer` binary of this build, built first if need be.
///
/// The suites live in their own crate, so Cargo's `CARGO_BIN_EXE_*` (given only to a binary's own
/// package) is not available: the binary is built once per test process with the cargo that runs
/// the tests, into the same target folder and with the test profile, and found beside the test
/// executable's `deps/` folder.
pub fn kibitzer() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| {
        let exe = std::env::current_exe().expect("the test executable's path");
        let profile_dir = exe.parent().and_then(Path::parent).expect("target/<profile>/deps/<test>");
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let status = Command::new(cargo)
            .args(["build", "--quiet", "--profile", "test", "-p", "kibitzer", "--bin", "kibitzer"])
            .current_dir(workspace())
            .env("CARGO_TARGET_DIR", profile_dir.parent().expect("target/"))
            .status()
            .expect("run cargo to build kibitzer");
        assert!(status.success(), "building the kibitzer binary failed");
        let binary = profile_dir.join(format!("kibitzer{}", std::env::consts::EXE_SUFFIX));
        assert!(binary.is_file(), "no kibitzer binary at {}", binary.display());
        binary
    })
}

/// The cache folder the binaries the suites run use (`KIBITZER_CACHE_DIR`), one a test process:
/// the solved deals of a test never reach the user's cache. The tests of the cache give each
/// run a folder of its own.
pub fn cache_dir() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().expect("a temporary cache folder")).path()
}

/// Runs the kibitzer binary with `args` in `cwd`, `stdin` (or nothing) on its standard input,
/// as a user's shell would; its exit status and both outputs.
pub fn run_kibitzer(args: &[&str], cwd: &Path, stdin: Option<&[u8]>) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(kibitzer())
        .args(args)
        .current_dir(cwd)
        .env("KIBITZER_CACHE_DIR", cache_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kibitzer runs");
    let mut pipe = child.stdin.take().unwrap();
    // kibitzer may exit before reading (bad usage): a broken pipe here is not the test's concern.
    let _ = pipe.write_all(stdin.unwrap_or_default());
    drop(pipe);
    child.wait_with_output().unwrap()
}

/// One diagnostic of `check --format json` as the tests of the checks across games compare it:
/// its line, code, message and the lines of its related information.
pub type JsonNote = (u64, String, String, Vec<u64>);

/// The diagnostics of the JSON array `check --format json` printed to `stdout`, in order.
pub fn json_diagnostics(stdout: &[u8]) -> Vec<serde_json::Value> {
    match serde_json::from_slice(stdout) {
        Ok(serde_json::Value::Array(found)) => found,
        other => panic!("check --format json prints a JSON array, not {other:?}: {}", String::from_utf8_lossy(stdout)),
    }
}

/// The diagnostics with one of `codes` in the JSON array `check --format json` printed to
/// `stdout`, in order.
pub fn json_notes(stdout: &[u8], codes: &[&str]) -> Vec<JsonNote> {
    json_diagnostics(stdout)
        .iter()
        .filter(|d| codes.contains(&d["code"].as_str().unwrap_or_default()))
        .map(|d| {
            let related =
                d["related"].as_array().map_or(Vec::new(), |r| r.iter().filter_map(|r| r["line"].as_u64()).collect());
            let text = |key: &str| d[key].as_str().unwrap_or_default().to_owned();
            (d["line"].as_u64().unwrap_or_default(), text("code"), text("message"), related)
        })
        .collect()
}

/// Whether `python3` can import `module` (a PyPI package of the same name), installed with pip
/// when it cannot yet: the differential tests against Python peers skip without it.
pub fn python_module_available(module: &str) -> bool {
    let ok =
        || Command::new("python3").args(["-c", &format!("import {module}")]).output().is_ok_and(|o| o.status.success());
    if ok() {
        return true;
    }
    let _ = Command::new("python3").args(["-m", "pip", "install", "-q", module]).output();
    ok()
}

/// The seeded number source of kibitzer's tests (xorshift64*): the same seed gives the same
/// generated cases on every machine.
pub use kibitzer_syntax::testing::Rng;
