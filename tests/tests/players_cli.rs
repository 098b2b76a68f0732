//! One name per player, event and site (PGN402, PGN403; PBN120, PBN121) as a user of
//! `kibitzer check` meets them: the built binary on databases written here, each holding a
//! name spelled several ways. Every rarer spelling is one note naming the commonest, with a game
//! that has it as related information; different players (another given name, an initial two
//! given names could stand for) are left alone; `--statistics` counts the notes and `--fix`
//! renames nothing (the rename is an unsafe fix, the editor's to offer).

use kibitzer_tests::{json_notes, JsonNote};
use std::path::Path;
use std::process::Output;

fn kibitzer(args: &[&str], cwd: &Path) -> Output {
    kibitzer_tests::run_kibitzer(args, cwd, None)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The notes of `codes` in `check --format json`'s report: (line, code, message, related lines).
fn notes(out: &Output, codes: &[&str]) -> Vec<JsonNote> {
    json_notes(&out.stdout, codes)
}

/// A PGN game of eight lines: five tags, a blank line, the moves, a blank line.
fn game(event: &str, site: &str, white: &str, black: &str, moves: &str) -> String {
    format!(
        "[Event \"{event}\"]\n[Site \"{site}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"*\"]\n\n{moves} *\n\n"
    )
}

/// Eight lines a game: game `n` (0-based) starts at line `8 n + 1`, its White at `8 n + 3`.
fn database() -> String {
    [
        game("Norway Chess", "Stavanger NOR", "Carlsen, Magnus", "Caruana, Fabiano", "1. e4 e5"),
        game("Norway Chess", "Stavanger NOR", "Caruana, Fabiano", "Carlsen, Magnus", "1. d4 d5"),
        game("Norway Chess", "Stavanger NOR", "Carlsen, Magnus", "Nakamura, Hikaru", "1. c4 e5"),
        game("norway chess", "Stavanger NOR", "Carlsen,M", "Nakamura,Hikaru", "1. Nf3 d5"),
        // Another given name is another player.
        game("Norway Chess", "Stavanger, NOR", "Carlsen, Henrik", "Carlsen, M.", "1. g3 g6"),
    ]
    .concat()
}

#[test]
fn each_rarer_spelling_is_one_note_naming_the_commonest() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("games.pgn"), database()).unwrap();
    let out = kibitzer(&["check", "--format", "json", "games.pgn"], dir.path());
    let note =
        |line: u64, code: &str, message: &str, related: u64| (line, code.to_owned(), message.to_owned(), vec![related]);
    assert_eq!(
        notes(&out, &["PGN402", "PGN403"]),
        [
            note(
                25,
                "PGN403",
                "Event `norway chess` is written `Norway Chess` 4 times in this file: one spelling per name",
                1
            ),
            note(
                27,
                "PGN402",
                "player `Carlsen,M` is written `Carlsen, Magnus` 3 times in this file: one spelling per name",
                3
            ),
            note(
                28,
                "PGN402",
                "player `Nakamura,Hikaru` is written `Nakamura, Hikaru` once in this file: one spelling per name",
                20
            ),
            note(
                34,
                "PGN403",
                "Site `Stavanger, NOR` is written `Stavanger NOR` 4 times in this file: one spelling per name",
                2
            ),
            note(
                36,
                "PGN402",
                "player `Carlsen, M.` is written `Carlsen, Magnus` 3 times in this file: one spelling per name",
                3
            ),
        ]
    );
    assert_eq!(out.status.code(), Some(0), "notes only");
    let out = kibitzer(&["check", "games.pgn"], dir.path());
    assert!(
        stdout(&out).contains(
            "games.pgn:27:8: information[PGN402]: player `Carlsen,M` is written `Carlsen, Magnus` 3 times in this file: one spelling per name\n"
        ),
        "{}",
        stdout(&out)
    );
}

#[test]
fn statistics_count_them_and_fix_renames_nothing() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("games.pgn"), database()).unwrap();
    let out = kibitzer(&["check", "--statistics", "."], dir.path());
    assert_eq!(
        stdout(&out),
        "3  PGN402  [ ] player-spelling\n2  PGN403  [ ] event-site-spelling\n1 file checked: 0 errors, 0 warnings, 5 notes\n"
    );
    kibitzer(&["check", "--fix", "."], dir.path());
    assert_eq!(std::fs::read_to_string(dir.path().join("games.pgn")).unwrap(), database());
}

/// A copy of a game (PGN400, PGN401) is deleted, not renamed: its spellings are not noted and
/// do not count.
#[test]
fn copies_of_games_are_not_counted() {
    let dir = tempfile::tempdir().unwrap();
    let first = game("Club", "Here", "Adams, Michael", "Brown, Alan", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6");
    let copy = game("club", "Here", "Adams,Michael", "Brown, Alan", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6");
    std::fs::write(dir.path().join("games.pgn"), [first, copy].concat()).unwrap();
    let out = kibitzer(&["check", "--format", "json", "games.pgn"], dir.path());
    let codes: Vec<String> = notes(&out, &["PGN401", "PGN402", "PGN403"]).into_iter().map(|n| n.1).collect();
    assert_eq!(codes, ["PGN401"]);
}

/// An initial that could stand for two given names of the file is no spelling of either.
#[test]
fn an_initial_of_two_players_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let text = [
        game("Blitz", "Oslo", "Carlsen, Magnus", "Carlsen, Mads", "1. e4 e5"),
        game("Blitz", "Oslo", "Carlsen, M", "Carlsen, Magnus", "1. d4 d5"),
        game("Blitz", "Oslo", "Carlsen, Mads", "Carlsen, Magnus", "1. c4 c5"),
    ]
    .concat();
    std::fs::write(dir.path().join("games.pgn"), text).unwrap();
    let out = kibitzer(&["check", "--format", "json", "games.pgn"], dir.path());
    assert_eq!(notes(&out, &["PGN402", "PGN403"]), []);
}
