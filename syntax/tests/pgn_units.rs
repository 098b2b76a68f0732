//! Units are independent: checking each game alone (and shifting its diagnostics back into the
//! file) gives the diagnostics of checking the whole file — what lets the language server
//! re-check only the games an edit touches.

use kibitzer_syntax::{check, text, units, CheckOptions, Diagnostic, Lang, Mode};
use std::path::{Path, PathBuf};

fn per_unit(t: &str, options: &CheckOptions) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for range in units(Lang::Pgn, t) {
        for d in check(Lang::Pgn, &t[range], options) {
            out.push(d.shifted(range.start()));
        }
    }
    out.sort_by_key(|d| (d.range.start(), d.range.end(), d.code));
    out
}

fn samples() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files: Vec<PathBuf> = ["import", "export", "recovery"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join("fixtures/pgn").join(d)).unwrap().flatten().map(|e| e.path()))
        .collect();
    let corpus =
        [root.join("../shared/corpus/pgn"), PathBuf::from("/work/shared/corpus/pgn")].into_iter().find(|p| p.is_dir());
    match corpus {
        Some(c) => files.extend(
            ["pgn-reader/lichess_db_100k.pgn", "pgn-reader/twic1599_100k.pgn", "pgn-extract/infiles/test-V.pgn"]
                .iter()
                .map(|f| c.join(f)),
        ),
        None => println!("corpus absent: fixtures only"),
    }
    files.sort();
    files
}

#[test]
fn checking_games_alone_gives_the_same_diagnostics() {
    for path in samples() {
        let Ok(bytes) = std::fs::read(&path) else { continue };
        let t = text::decode(&bytes).text;
        for mode in [Mode::Import, Mode::Export] {
            let options = CheckOptions { mode, ..Default::default() };
            let whole = check(Lang::Pgn, &t, &options);
            let parts = per_unit(&t, &options);
            assert_eq!(whole, parts, "{} ({mode:?})", path.display());
        }
    }
}
