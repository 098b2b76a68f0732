//! Duplicate games (PGN400, PGN401) as a user meets them: the built binary on the rule fixtures
//! `fixtures/pgn/rules/PGN400.pgn` and `PGN401.pgn`: each later copy named with the earlier game
//! as related information, counted by `--statistics`, never deleted by `--fix` (the delete is an
//! unsafe fix, the editor's to offer), found in a compressed file and on standard input too, also
//! across the chunks they are read in; and in the editor (the language server over stdio), in an
//! open document, as the user types, with the action that deletes the copy.

use kibitzer_tests::lsp_client::{apply_edits, vscode_capabilities, LspClient};
use kibitzer_tests::{json_notes, JsonNote};
use serde_json::{json, Value};
use std::io::Write;
use std::path::Path;
use std::process::Output;

fn kibitzer(args: &[&str], cwd: &Path, stdin: Option<&[u8]>) -> Output {
    kibitzer_tests::run_kibitzer(args, cwd, stdin)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(kibitzer_tests::fixtures("pgn/rules").join(name)).unwrap()
}

/// The duplicates of `PGN400.pgn` as `check --format json` reports them: (line, code, message,
/// related lines).
fn duplicates(out: &Output) -> Vec<JsonNote> {
    json_notes(&out.stdout, &["PGN400", "PGN401"])
}

fn expected_pgn400() -> Vec<JsonNote> {
    vec![
        (
            21,
            "PGN400".into(),
            "duplicate of the game at line 1 (Adams, Michael – Brown, Alan): the same moves and Seven Tag Roster"
                .into(),
            vec![1],
        ),
        (
            31,
            "PGN400".into(),
            "duplicate of the game at line 11 (Brown, Alan – Clark, Ben): the same moves and Seven Tag Roster".into(),
            vec![11],
        ),
    ]
}

#[test]
fn each_later_copy_is_one_warning_pointing_at_the_earlier_game() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("games.pgn"), fixture("PGN400.pgn")).unwrap();
    let out = kibitzer(&["check", "--format", "json", "games.pgn"], dir.path(), None);
    assert_eq!(duplicates(&out), expected_pgn400());
    assert_eq!(out.status.code(), Some(0), "warnings only");
    let out = kibitzer(&["check", "games.pgn"], dir.path(), None);
    assert!(stdout(&out).starts_with(
        "games.pgn:21:1: warning[PGN400]: duplicate of the game at line 1 (Adams, Michael – Brown, Alan): the same moves and Seven Tag Roster\n"
    ), "{}", stdout(&out));
}

#[test]
fn statistics_count_them_and_fix_deletes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("exact.pgn"), fixture("PGN400.pgn")).unwrap();
    std::fs::write(dir.path().join("near.pgn"), fixture("PGN401.pgn")).unwrap();
    let out = kibitzer(&["check", "--statistics", "."], dir.path(), None);
    assert_eq!(
        stdout(&out),
        "2  PGN400  [ ] duplicate-game\n1  PGN401  [ ] near-duplicate-game\n2 files checked: 0 errors, 2 warnings, 1 note\n"
    );
    kibitzer(&["check", "--fix", "."], dir.path(), None);
    assert_eq!(std::fs::read(dir.path().join("exact.pgn")).unwrap(), fixture("PGN400.pgn"));
    assert_eq!(std::fs::read(dir.path().join("near.pgn")).unwrap(), fixture("PGN401.pgn"));
}

/// Standard input and compressed files are read as streams (in chunks of whole games, 8 MiB
/// each: duplicates are found within a chunk, the lines named are the file's).
#[test]
fn a_stream_is_checked_for_duplicates_too() {
    let dir = tempfile::tempdir().unwrap();
    let out = kibitzer(&["check", "--format", "json", "--lang", "pgn", "-"], dir.path(), Some(&fixture("PGN400.pgn")));
    assert_eq!(duplicates(&out), expected_pgn400());
    // Two copies of the file: the second copy's games repeat the first's.
    let twice = [fixture("PGN400.pgn"), b"\n".to_vec(), fixture("PGN400.pgn")].concat();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&twice).unwrap();
    std::fs::write(dir.path().join("twice.pgn.gz"), gz.finish().unwrap()).unwrap();
    let out = kibitzer(&["check", "--format", "json", "twice.pgn.gz"], dir.path(), None);
    let lines: Vec<(u64, Vec<u64>)> = duplicates(&out).into_iter().map(|(l, _, _, r)| (l, r)).collect();
    assert_eq!(lines, [(21, vec![1]), (31, vec![11]), (62, vec![1]), (72, vec![11]), (82, vec![1]), (92, vec![11])]);
}

/// A stream is read in chunks (of 8 MB; here, with `KIBITZER_CHUNK_BYTES`, of the 64 KiB a read
/// gives at least): a copy of a game of an earlier chunk is found as in the whole file, naming its
/// line, without a related place (the earlier chunk's text is gone).
#[test]
fn copies_of_a_game_of_an_earlier_chunk_are_found() {
    let dir = tempfile::tempdir().unwrap();
    // 200 copies of the fixture, 217 KB: four chunks or so.
    let many: Vec<u8> = (0..200).flat_map(|_| [fixture("PGN400.pgn"), b"\n".to_vec()].concat()).collect();
    std::fs::write(dir.path().join("many.pgn"), &many).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&many).unwrap();
    std::fs::write(dir.path().join("many.pgn.gz"), gz.finish().unwrap()).unwrap();
    let whole = kibitzer(&["check", "--format", "json", "many.pgn"], dir.path(), None);
    let cut = std::process::Command::new(kibitzer_tests::kibitzer())
        .args(["check", "--format", "json", "many.pgn.gz"])
        .current_dir(dir.path())
        .env("KIBITZER_CHUNK_BYTES", "500")
        .output()
        .unwrap();
    let messages =
        |out: &Output| -> Vec<(u64, String)> { duplicates(out).into_iter().map(|(l, _, m, _)| (l, m)).collect() };
    assert_eq!(messages(&whole).len(), 2 + 199 * 4, "each copy of the fixture repeats its four games");
    assert_eq!(messages(&cut), messages(&whole));
    let unplaced = duplicates(&cut).into_iter().filter(|(_, _, _, related)| related.is_empty()).count();
    assert!(unplaced > 100, "most copies are of a game of an earlier chunk: {unplaced}");
}

/// The (line, code) of the duplicate diagnostics among an LSP answer's, with the line of their
/// related information.
fn lsp_duplicates(diagnostics: &[Value]) -> Vec<(u64, String, Vec<u64>)> {
    diagnostics
        .iter()
        .filter(|d| d["code"].as_str().is_some_and(|c| c.starts_with("PGN40")))
        .map(|d| {
            let related = d["relatedInformation"].as_array().map_or(Vec::new(), |r| {
                r.iter().map(|r| r["location"]["range"]["start"]["line"].as_u64().unwrap()).collect()
            });
            (d["range"]["start"]["line"].as_u64().unwrap(), d["code"].as_str().unwrap().to_owned(), related)
        })
        .collect()
}

/// An open document shows what `kibitzer check` says of the file (0-based lines here); an edit
/// that makes a copy differ takes its warning away, and one that makes it the same again brings
/// it back; the quick fix deletes the copy and nothing else.
#[test]
fn the_editor_shows_duplicates_as_the_user_types_and_deletes_a_copy() {
    let text = String::from_utf8(fixture("PGN400.pgn")).unwrap();
    let mut c = LspClient::start();
    c.initialize(vscode_capabilities(), json!({"debounceMs": 0}));
    let uri = "file:///tmp/kibitzer-test/duplicates.pgn";
    c.open(uri, "pgn", 1, &text);
    assert_eq!(
        lsp_duplicates(&c.diagnostics(uri, 1)),
        [(20, "PGN400".to_owned(), vec![0]), (30, "PGN400".to_owned(), vec![10])]
    );
    // The third game's first move changed: no longer the first game's moves.
    let line = text.lines().position(|l| l.starts_with("1. e4")).unwrap();
    let third = text.lines().enumerate().filter(|(_, l)| l.starts_with("1. e4")).nth(1).unwrap().0 as u32;
    assert!(third as usize > line);
    c.change(uri, 2, ((third, 3), (third, 5)), "d4");
    assert_eq!(lsp_duplicates(&c.diagnostics(uri, 2)), [(30, "PGN400".to_owned(), vec![10])]);
    c.change(uri, 3, ((third, 3), (third, 5)), "e4");
    let diagnostics = c.diagnostics(uri, 3);
    assert_eq!(lsp_duplicates(&diagnostics), [(20, "PGN400".to_owned(), vec![0]), (30, "PGN400".to_owned(), vec![10])]);
    // The quick fix on the copy's first tag deletes the copy.
    let position = json!({"line": 20, "character": 1});
    let actions = c.call(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": {"start": position, "end": position}, "context": {"diagnostics": [], "only": ["quickfix"]}}),
    );
    let delete = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"] == "Delete duplicate game")
        .unwrap_or_else(|| panic!("no delete action: {actions}"));
    assert_eq!(delete["isPreferred"], false, "an unsafe fix is not preferred: {delete}");
    let after = apply_edits(&text, &delete["edit"]["changes"][uri]);
    let games: Vec<&str> = text.split("\n\n[Event").collect();
    let expected = [games[..2].join("\n\n[Event"), games[3..].join("\n\n[Event")].join("\n\n[Event");
    assert_eq!(after, expected);
    c.shutdown();
}
