//! Helpers shared by the PBN integration tests: where the corpus and fixtures are, and how
//! diagnostics are rendered in snapshots.
#![allow(dead_code)]

use kibitzer_syntax::text::{decode, ColumnUnit, LineIndex};
use kibitzer_syntax::{CheckOptions, Diagnostic, Lang};
use std::path::{Path, PathBuf};

pub use kibitzer_tests::workspace;

/// The corpus's `pbn` folder; `None` (with a message) when it is absent.
pub fn corpus() -> Option<PathBuf> {
    let found = kibitzer_tests::corpus("pbn");
    if found.is_none() {
        eprintln!("skipped: no PBN corpus at ../shared/corpus/pbn");
    }
    found
}

pub fn fixtures() -> PathBuf {
    workspace().join("fixtures/pbn")
}

/// Every `.pbn` file under `dir`, recursively, sorted.
pub fn pbn_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("pbn")) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

pub fn read(path: &Path) -> String {
    decode(&std::fs::read(path).expect("readable file")).text
}

/// One diagnostic per line: `line:col code message` (1-based, columns in characters).
pub fn render(text: &str, diagnostics: &[Diagnostic]) -> String {
    let index = LineIndex::new(text);
    let mut out = String::new();
    for d in diagnostics {
        let lc = index.line_col(text, d.range.start(), ColumnUnit::Char);
        out.push_str(&format!("{}:{} {} {}\n", lc.line + 1, lc.col + 1, d.code, d.message));
    }
    out
}

pub fn check(text: &str) -> Vec<Diagnostic> {
    kibitzer_syntax::check(Lang::Pbn, text, &CheckOptions::default())
}
