//! Not a pass/fail test: writes every diagnostic (with its fixes) that `check` gives on every
//! PGN file of the shared corpus, in import and export mode, to the file named by
//! `PGN_DUMP` (default `/tmp/pgn-diagnostics.txt`). Performance work diffs two dumps to prove
//! the output byte-identical:
//!   cargo test --release -p kibitzer-tests --test suites pgn_diagnostics_dump:: -- --ignored

use kibitzer_syntax::{check, text, CheckOptions, Lang, Mode};
use std::fmt::Write;

#[test]
#[ignore]
fn dump_pgn_corpus_diagnostics() {
    let Some(corpus) = kibitzer_tests::corpus("pgn") else {
        println!("skipped: no shared corpus found");
        return;
    };
    let files = kibitzer_tests::files_under(&corpus, |p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn")));
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
