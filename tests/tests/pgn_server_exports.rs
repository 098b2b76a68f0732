//! Games as lichess and chess.com export them: their tags (`UTCDate`, `TimeControl "180+2"`,
//! `Termination "Time forfeit"` or chess.com's `"alice won on time"`, `CurrentPosition`, `Link` …)
//! and their command comments (`[%clk 0:03:00]`, `[%eval 0.17]`) give no warning in import mode.
//! `kibitzer check` runs on the lichess exports of the shared corpus and on the fixture
//! `fixtures/pgn/clean/server-exports.pgn` (written after the public formats; the corpus
//! has no chess.com export). Only long lines (PGN011: the servers write the movetext on one
//! line) and unknown variants (PGN303, information) may be reported.

use std::path::PathBuf;
use std::process::Command;

/// The rules a server export may raise in import mode.
const TOLERATED: [&str; 2] = ["PGN011", "PGN303"];

fn check(path: &PathBuf, mode: &str) -> Vec<serde_json::Value> {
    let out = Command::new(kibitzer_tests::kibitzer())
        .args(["check", "--format", "json", "--mode", mode])
        .arg(path)
        .output()
        .expect("kibitzer runs");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn code(d: &serde_json::Value) -> &str {
    d["code"].as_str().unwrap_or("")
}

#[test]
fn lichess_and_chess_com_exports_raise_nothing_about_their_conventions() {
    let mut files = vec![kibitzer_tests::fixtures("pgn/clean/server-exports.pgn")];
    match kibitzer_tests::corpus("pgn") {
        Some(dir) => files.extend(
            [
                "pgn-reader/lichess_db_10k.pgn",
                "pgn-reader/lichess_db_100k.pgn",
                "pgn-reader/lichess_db_1000k.pgn",
                "notnil-chess/0004.pgn",
                "notnil-chess/0005.pgn",
                "notnil-chess/0012.pgn",
                "python-chess/knightvuillaume-jannlee-zh-lichess.pgn",
            ]
            .map(|f| dir.join(f)),
        ),
        None => println!("no shared corpus: the fixture only"),
    }
    for path in &files {
        let diagnostics = check(path, "import");
        // The crazyhouse game's drops (`N@f3`) are not PGN: its PGN004 errors are about moves.
        let drops = path.ends_with("knightvuillaume-jannlee-zh-lichess.pgn");
        let tolerated = |d: &&serde_json::Value| TOLERATED.contains(&code(d)) || (drops && code(d) == "PGN004");
        let about_conventions: Vec<_> = diagnostics.iter().filter(|d| !tolerated(d)).collect();
        assert!(about_conventions.is_empty(), "{}: {about_conventions:#?}", path.display());
    }
}

/// Export mode holds the same games to the standard: chess.com's termination sentence is named
/// with the PGN 9.8.1 value it stands for, and the servers' tag order is not export order.
#[test]
fn export_mode_names_the_standard_values() {
    let path = kibitzer_tests::fixtures("pgn/clean/server-exports.pgn");
    let diagnostics = check(&path, "export");
    let messages: Vec<&str> =
        diagnostics.iter().filter(|d| code(d) == "PGN115").filter_map(|d| d["message"].as_str()).collect();
    assert_eq!(messages.len(), 2, "{diagnostics:#?}");
    assert!(
        messages[0]
            .contains("`kibitzer_black won on time` is chess.com's sentence; export format writes `time forfeit`"),
        "{messages:?}"
    );
    assert!(messages[1].contains("writes `normal`"), "{messages:?}");
    assert!(diagnostics.iter().any(|d| code(d) == "PGN104"), "lichess's tag order is not export order");
    assert!(!diagnostics.iter().any(|d| code(d).starts_with("PGN24")), "valid commands pass in export mode too");
}

/// The same in the editor, over stdio: a chess.com export opened in the language server gets
/// no diagnostic about its tags or commands; a malformed clock gets one warning on its bytes.
#[test]
fn in_the_language_server_the_conventions_pass_and_a_bad_clock_is_one_warning() {
    use kibitzer_tests::lsp_client::{neovim_capabilities, LspClient};
    use serde_json::json;
    let good = std::fs::read_to_string(kibitzer_tests::fixtures("pgn/clean/server-exports.pgn")).unwrap();
    let mut c = LspClient::start();
    c.initialize(neovim_capabilities(), json!({"debounceMs": 0}));
    let uri = "file:///tmp/kibitzer-exports/good.pgn";
    c.open(uri, "pgn", 1, &good);
    let found: Vec<String> =
        c.diagnostics(uri, 1).iter().map(|d| d["code"].as_str().unwrap_or("").to_owned()).collect();
    assert!(found.iter().all(|code| TOLERATED.contains(&code.as_str())), "{found:?}");
    let bad_uri = "file:///tmp/kibitzer-exports/bad.pgn";
    c.open(bad_uri, "pgn", 1, "[Event \"x\"]\n\n1. e4 { [%clk 0:3:00] } e5 *\n");
    let bad = c.diagnostics(bad_uri, 1);
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert_eq!(bad[0]["code"], "PGN240");
    assert_eq!(bad[0]["severity"], 2, "a warning");
    assert_eq!(bad[0]["range"]["start"], json!({"line": 2, "character": 14}));
    c.shutdown();
}
