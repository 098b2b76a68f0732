//! pgn-extract's own test inputs (corpus `pgn-extract/infiles`): every file pgn-extract
//! complains about when reading (`pgn-extract -s -r`, Debian package `pgn-extract`) must get
//! a diagnostic from kibitzer too, of the kind pgn-extract means (syntax, moves or results).
//! Skipped with a message when pgn-extract or the corpus is absent.

use kibitzer_syntax::{check, text, CheckOptions, Lang};
use std::path::PathBuf;
use std::process::Command;

fn pgn_extract() -> Option<PathBuf> {
    ["/usr/games/pgn-extract", "/usr/bin/pgn-extract", "/usr/local/bin/pgn-extract"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
}

#[test]
fn files_pgn_extract_rejects_are_reported() {
    let Some(dir) = kibitzer_tests::corpus("pgn/pgn-extract/infiles") else {
        println!("skipped: corpus absent");
        return;
    };
    let Some(exe) = pgn_extract() else {
        println!("skipped: pgn-extract is not installed (apt-get install pgn-extract)");
        return;
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    let mut rejected = 0;
    for f in files.iter().filter(|f| f.extension().is_some_and(|e| e == "pgn")) {
        let out = Command::new(&exe).args(["-s", "-r"]).arg(f).output().unwrap();
        let complaints = String::from_utf8_lossy(&out.stderr).lines().filter(|l| !l.trim().is_empty()).count()
            + String::from_utf8_lossy(&out.stdout).lines().filter(|l| !l.trim().is_empty()).count();
        if complaints == 0 {
            continue;
        }
        rejected += 1;
        let source = text::decode(&std::fs::read(f).unwrap());
        let diags = check(Lang::Pgn, &source.text, &CheckOptions::default());
        let ours = diags
            .iter()
            .filter(|d| {
                d.code.starts_with("PGN0") && d.code != "PGN011"
                    || d.code.starts_with("PGN2")
                    || d.code.starts_with("PGN3")
            })
            .count();
        assert!(ours > 0, "pgn-extract complains about {} but kibitzer reports nothing of the kind", f.display());
    }
    println!("{rejected} files rejected by pgn-extract are reported by kibitzer too");
}
