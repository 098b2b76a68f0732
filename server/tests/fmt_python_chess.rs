//! `kibitzer fmt` against python-chess's exporter on the comment-free games of corpus files
//! (bench/compare_python_chess.py; skipped with a message without python3, python-chess or the
//! corpus). Recorded outcome:
//! - movetext: byte-identical on every compared game (move numbers, canonical SAN, 80-column
//!   greedy fill, termination), except for games of chess variants (antichess, …), which
//!   kibitzer leaves as written because their moves are illegal in standard chess;
//! - tag section: python-chess keeps the supplemental tags in the order read, kibitzer writes
//!   them in ASCII order after the Seven Tag Roster, as PGN 8.1.1 prescribes for export format.

use std::path::PathBuf;
use std::process::Command;

#[test]
fn movetext_agrees_with_python_chess() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let Some(corpus) =
        [root.join("../shared/corpus/pgn"), PathBuf::from("/work/shared/corpus/pgn")].into_iter().find(|p| p.is_dir())
    else {
        println!("skipped: no shared PGN corpus");
        return;
    };
    let files = ["pgn-reader/twic1599_100k.pgn", "python-chess/kasparov-deep-blue-1997.pgn"];
    let output = Command::new("python3")
        .arg(root.join("bench/compare_python_chess.py"))
        .arg(env!("CARGO_BIN_EXE_kibitzer"))
        .args(files.iter().map(|f| corpus.join(f)))
        .output();
    let Ok(output) = output else {
        println!("skipped: python3 not found");
        return;
    };
    let report = String::from_utf8_lossy(&output.stdout);
    if report.starts_with("skipped") {
        println!("{report}");
        return;
    }
    let summaries: Vec<&str> = report.lines().filter(|l| l.starts_with("movetext-differences")).collect();
    assert_eq!(summaries.len(), files.len(), "{report}");
    for line in summaries {
        assert_eq!(line, "movetext-differences 0 tag-section-differences 0", "{report}");
    }
    assert!(report.contains("games compared") && !report.contains(": 0 games compared"), "{report}");
}
