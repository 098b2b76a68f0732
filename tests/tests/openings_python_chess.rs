//! Opening classification against python-chess: corpus games, their opening tags taken off, get
//! ECO and Opening from `kibitzer check --fix --add-eco`; python-chess replays the same games and
//! classifies them with the same tables (syntax/data/eco) by EPD, the last named position of
//! the whole main line, as the data set says (bench/classify_python_chess.py). Every game must
//! agree. Skipped without the shared corpus, python3 or python-chess.

use std::path::PathBuf;
use std::process::Command;

#[test]
fn classification_agrees_with_python_chess() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let Some(corpus) = kibitzer_tests::corpus("pgn") else {
        println!("skipped: no shared PGN corpus");
        return;
    };
    let files = ["large/twic1389.pgn", "pgn-reader/twic1599_100k.pgn", "python-chess/kasparov-deep-blue-1997.pgn"];
    let output = Command::new("python3")
        .arg(root.join("bench/classify_python_chess.py"))
        .arg(kibitzer_tests::kibitzer())
        .arg(root.join("syntax/data/eco"))
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
    let summaries: Vec<&str> = report.lines().filter(|l| l.starts_with("classification-differences")).collect();
    assert_eq!(summaries.len(), files.len(), "{report}\n{}", String::from_utf8_lossy(&output.stderr));
    for line in summaries {
        assert!(line.starts_with("classification-differences 0 of "), "{report}");
        let games: usize = line.split(' ').nth(3).and_then(|n| n.parse().ok()).unwrap_or(0);
        assert!(games > 0, "no game compared: {report}");
    }
}
