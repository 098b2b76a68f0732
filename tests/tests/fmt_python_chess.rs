//! `kibitzer fmt` against python-chess's exporter on the comment-free games (NAGs and variations
//! allowed) of corpus files and of a game written here (bench/compare_python_chess.py; skipped
//! with a message without python3, python-chess or the corpus). Recorded outcome:
//! - movetext: byte-identical on every compared game (move numbers, canonical SAN, 80-column
//!   greedy fill, NAGs, `( … )` variations, termination), except:
//!   - after a NAG, kibitzer restates Black's move number (`1. e4 $1 1... e5`): a NAG is
//!     annotation, and PGN 8.2.2.2 numbers a black move after "intervening annotation or
//!     commentary"; python-chess numbers it only after a comment or a variation;
//!   - games of chess variants (antichess, …), which kibitzer leaves as written because their
//!     moves are illegal in standard chess;
//! - tag section: python-chess keeps the supplemental tags in the order read, kibitzer writes
//!   them in ASCII order after the Seven Tag Roster, as PGN 8.1.1 prescribes for export format.
//!
//! pgn-extract is compared in `fmt_pgn_extract.rs`; where the two peers differ from each other
//! (variation parentheses), that file says which one kibitzer follows and why.

use std::path::PathBuf;
use std::process::Command;

#[test]
fn movetext_agrees_with_python_chess() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let Some(corpus) = kibitzer_tests::corpus("pgn") else {
        println!("skipped: no shared PGN corpus");
        return;
    };
    let files = [
        "pgn-reader/twic1599_100k.pgn",
        "python-chess/kasparov-deep-blue-1997.pgn",
        "pgn-extract/eco.pgn",
        "chess.js/benchmark.pgn",
    ];
    // NAGs on both sides' moves and in a variation, no comment.
    let nags = std::env::temp_dir().join(format!("kibitzer-fmt-nags-{}.pgn", std::process::id()));
    std::fs::write(
        &nags,
        "[Event \"NAGs\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n\
         [Result \"*\"]\n\n1. e4 $1 e5 2. Nf3 Nc6 (2... d6 $2 3. d4) 3. Bb5 $14 a6 *\n",
    )
    .unwrap();
    let output = Command::new("python3")
        .arg(root.join("bench/compare_python_chess.py"))
        .arg(kibitzer_tests::kibitzer())
        .args(files.iter().map(|f| corpus.join(f)))
        .arg(&nags)
        .output();
    let _ = std::fs::remove_file(&nags);
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
    assert_eq!(summaries.len(), files.len() + 1, "{report}");
    for line in summaries {
        assert_eq!(line, "movetext-differences 0 tag-section-differences 0", "{report}");
    }
    assert!(report.contains("games compared") && !report.contains(": 0 games compared"), "{report}");
    let nag_line = report.lines().find(|l| l.contains("kibitzer-fmt-nags")).unwrap();
    assert!(nag_line.contains("{'black move number after a NAG (PGN 8.2.2.2)': 1}"), "{report}");
}
