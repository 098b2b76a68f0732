//! File helpers shared by the syntax crate's integration tests: where the shared corpus is, and
//! the files under a folder.

// Each test binary includes this module and uses only part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// `../shared/corpus/<sub>` (or the machine's `/work/shared/corpus/<sub>`), `None` when absent:
/// corpus tests then skip with a message.
pub fn corpus(sub: &str) -> Option<PathBuf> {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    [workspace.join("../shared/corpus").join(sub), PathBuf::from("/work/shared/corpus").join(sub)]
        .into_iter()
        .find(|p| p.is_dir())
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
