//! Where the ACBLscore corpus lives (never copied into the repository: it holds real names).

use std::path::PathBuf;

/// The corpus's `acbl` folder; `None` (and a message) when it is absent.
pub fn corpus_dir() -> Option<PathBuf> {
    let found = kibitzer_tests::corpus("acbl");
    if found.is_none() {
        eprintln!("skipped: no ACBLscore corpus at ../shared/corpus/acbl");
    }
    found
}

/// Every game file of the corpus (everything but SOURCES.md and the reference JSON dumps).
pub fn game_files() -> Vec<PathBuf> {
    let Some(dir) = corpus_dir() else { return Vec::new() };
    let mut files = Vec::new();
    let mut dirs = vec![dir];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("read corpus dir").flatten() {
            let path = entry.path();
            let name = path.file_name().unwrap_or_default().to_string_lossy().to_string();
            if path.is_dir() {
                dirs.push(path);
            } else if !name.ends_with(".md") && !name.ends_with(".json") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}
