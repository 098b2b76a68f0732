//! Not a pass/fail test: writes every diagnostic (with its fixes) that `check` gives on every
//! PGN file of the shared corpus, in import and export mode, to the file named by
//! `PGN_DUMP` (default `/tmp/pgn-diagnostics.txt`). Performance work diffs two dumps to prove
//! the output byte-identical:
//!   cargo test --release -p kibitzer-syntax --test pgn_diagnostics_dump -- --ignored

use kibitzer_syntax::{check, text, CheckOptions, Lang, Mode};
use std::fmt::Write;
use std::path::{Path, PathBuf};

fn pgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            pgn_files(&path, out);
        } else if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn")) {
            out.push(path);
        }
    }
}

#[test]
#[ignore]
fn dump_pgn_corpus_diagnostics() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let Some(corpus) = [workspace.join("../shared/corpus/pgn"), PathBuf::from("/work/shared/corpus/pgn")]
        .into_iter()
        .find(|p| p.is_dir())
    else {
        println!("skipped: no shared corpus found");
        return;
    };
    let mut files = Vec::new();
    pgn_files(&corpus, &mut files);
    files.sort();
    let mut dump = String::new();
    let mut total = 0;
    for f in &files {
        let bytes = std::fs::read(f).expect("corpus file is readable");
        let source = text::decode(&bytes);
        for mode in [Mode::Import, Mode::Export] {
            let options = CheckOptions { mode, ..Default::default() };
            let diagnostics = check(Lang::Pgn, &source.text, &options);
            total += diagnostics.len();
            let _ =
                writeln!(dump, "== {} {mode:?}: {}", f.strip_prefix(&corpus).unwrap_or(f).display(), diagnostics.len());
            for d in diagnostics {
                let _ = writeln!(dump, "{d:?}");
            }
        }
    }
    let target = std::env::var("PGN_DUMP").unwrap_or_else(|_| "/tmp/pgn-diagnostics.txt".to_owned());
    std::fs::write(&target, dump).expect("dump is writable");
    println!("{} files, {total} diagnostics written to {target}", files.len());
}
