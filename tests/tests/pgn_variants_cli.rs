//! Games of other variants and lichess studies as `kibitzer check` reads them (issue 65): a drop
//! (`P@e4`) is one move of its variant, never a syntax error; a drop in standard chess is an
//! illegal move that names the drop variants; `*` after a mate is a hint, never an error.

use kibitzer_tests::{corpus, json_notes, run_kibitzer};

const ROSTER: &str =
    "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"a\"]\n[Black \"b\"]\n";

/// `check --format json` of `text` given as a PGN file on standard input: every diagnostic's
/// line, code and message.
fn check(text: &str) -> Vec<(u64, String, String)> {
    let dir = tempfile::tempdir().unwrap();
    let out = run_kibitzer(
        &["check", "--format", "json", "--stdin-filepath", "x.pgn", "-"],
        dir.path(),
        Some(text.as_bytes()),
    );
    kibitzer_tests::json_diagnostics(&out.stdout)
        .iter()
        .map(|d| {
            let text = |key: &str| d[key].as_str().unwrap_or_default().to_owned();
            (d["line"].as_u64().unwrap(), text("code"), text("message"))
        })
        .collect()
}

#[test]
fn drops_are_moves_of_their_variant() {
    let game = format!(
        "{ROSTER}[Result \"*\"]\n[Variant \"crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e4 Qd8 4. B@b5+ c6 5. N@f7 Kxf7 *\n"
    );
    let found = check(&game);
    let codes: Vec<&str> = found.iter().map(|(_, code, _)| code.as_str()).collect();
    // Only the note that a crazyhouse game is read for its syntax alone.
    assert_eq!(codes, ["PGN303"], "{found:#?}");
    // The same moves in bughouse and in a game whose drops are written without the square's
    // check mark: still no syntax error.
    let bughouse = game.replace("crazyhouse", "bughouse").replace("B@b5+", "B@b5");
    assert_eq!(check(&bughouse).iter().filter(|(_, code, _)| code != "PGN303").count(), 0);
}

#[test]
fn a_drop_in_standard_chess_is_an_illegal_move_naming_the_variants() {
    let game = format!("{ROSTER}[Result \"*\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e4 Qd8 *\n");
    let found = check(&game);
    assert_eq!(found.len(), 1, "{found:#?}");
    let (line, code, message) = &found[0];
    assert_eq!((*line, code.as_str()), (9, "PGN200"));
    assert!(message.contains("`P@e4`") && message.contains("crazyhouse"), "{message}");
}

/// The crazyhouse games of the corpus (lichess exports kept by python-chess): not one syntax error.
#[test]
fn corpus_crazyhouse_games_have_no_syntax_errors() {
    let Some(dir) = corpus("pgn/python-chess") else {
        eprintln!("skipped: ../shared/corpus is absent");
        return;
    };
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with("-zh-lichess.pgn"))
        .collect();
    assert!(!files.is_empty(), "the corpus has lichess crazyhouse games");
    for file in files {
        let out = run_kibitzer(&["check", "--format", "json", file.to_str().unwrap()], &dir, None);
        let errors = json_notes(&out.stdout, &["PGN004", "PGN005", "PGN003", "PGN200"]);
        assert!(errors.is_empty(), "{}: {errors:#?}", file.display());
    }
}

/// A lichess study chapter ends `*` whatever its board shows: after a mate, a hint naming the
/// result (PGN 8.1.1.7: `*` is a result otherwise unknown), and the exit status of a clean file.
#[test]
fn a_study_chapter_ending_in_mate_under_star_is_a_hint() {
    let game = format!("{ROSTER}[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4# *\n");
    let found = check(&game);
    assert_eq!(found.len(), 1, "{found:#?}");
    let (line, code, message) = &found[0];
    assert_eq!((*line, code.as_str()), (9, "PGN305"));
    assert!(message.contains("White is checkmated") && message.contains("`0-1`"), "{message}");
    let dir = tempfile::tempdir().unwrap();
    let out = run_kibitzer(&["check", "--stdin-filepath", "x.pgn", "-"], dir.path(), Some(game.as_bytes()));
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
}
