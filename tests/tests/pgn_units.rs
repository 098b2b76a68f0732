//! Units are independent: checking each game alone (and shifting its diagnostics back into the
//! file) gives the diagnostics of checking the whole file inside the games — what lets the
//! language server re-check only the games an edit touches. The server checks pieces (`pieces`: a game and the
//! text up to the next, cut at line starts), which holds even where a game starts mid-line.
//! The one exception is the rules about the games of a file together, duplicate games (PGN400,
//! PGN401) and the spellings of names (PGN402, PGN403): the whole file's check adds them, from
//! one pass over all its games, to what the games alone give.

use kibitzer_syntax::{check, pieces, text, units, CheckOptions, Diagnostic, Lang, Mode};
use std::path::{Path, PathBuf};

fn per_unit(t: &str, options: &CheckOptions) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for range in units(Lang::Pgn, t) {
        for d in check(Lang::Pgn, &t[range], options) {
            out.push(d.shifted(range.start()));
        }
    }
    kibitzer_syntax::diagnostic::sort_in_text_order(&mut out);
    out
}

/// A diagnostic of the passes that see all the games of a text together (duplicates, spellings).
fn is_duplicate(d: &Diagnostic) -> bool {
    matches!(d.code, "PGN400" | "PGN401" | "PGN402" | "PGN403")
}

/// A diagnostic of export layout (PGN016–PGN022): where the text differs from `fmt`'s output,
/// the blanks after a game included, which a game's text alone (without them) does not have.
fn is_layout(d: &Diagnostic) -> bool {
    matches!(d.code, "PGN016" | "PGN017" | "PGN018" | "PGN019" | "PGN020" | "PGN021" | "PGN022")
}

fn samples() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files: Vec<PathBuf> = ["rules", "clean", "recovery"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join("fixtures/pgn").join(d)).unwrap().flatten().map(|e| e.path()))
        .collect();
    let corpus = kibitzer_tests::corpus("pgn");
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

fn per_piece(t: &str, options: &CheckOptions) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for piece in pieces(Lang::Pgn, t) {
        out.extend(check(Lang::Pgn, &t[piece.range], options).into_iter().map(|d| d.shifted(piece.range.start())));
    }
    kibitzer_syntax::diagnostic::sort_in_text_order(&mut out);
    out
}

/// A game that starts on the line where the one before ended (after a result typed mid-line)
/// shares its piece: cut there, the line-length rule (PGN 4.3) would see two short lines.
#[test]
fn a_game_starting_mid_line_shares_the_piece_of_the_game_before() {
    let long = "e4 e5 ".repeat(30);
    let text = format!("[Event \"a\"]\n\n1. {long} * 1. d4 {long} *\n\n[Event \"b\"]\n\n1. c4 *\n");
    assert_eq!(units(Lang::Pgn, &text).len(), 3);
    let cut = pieces(Lang::Pgn, &text);
    assert_eq!(cut.len(), 2, "{cut:?}");
    let options = CheckOptions::default();
    let whole = check(Lang::Pgn, &text, &options);
    assert!(whole.iter().any(|d| d.code == "PGN011"), "the long line is reported: {whole:?}");
    assert_eq!(per_piece(&text, &options), whole);
}

#[test]
fn checking_games_alone_gives_the_same_diagnostics() {
    for path in samples() {
        let Ok(bytes) = std::fs::read(&path) else { continue };
        let t = text::decode(&bytes).text;
        for mode in [Mode::Import, Mode::Export] {
            let options = CheckOptions { mode, ..Default::default() };
            let mut whole = check(Lang::Pgn, &t, &options);
            let games_alone = whole.len();
            whole.retain(|d| !is_duplicate(d));
            if path.ends_with("PGN400.pgn") || path.ends_with("PGN401.pgn") {
                assert!(whole.len() < games_alone, "{}: its duplicates are found", path.display());
            }
            // Text outside every game (a `%` or `;` line before the first) belongs to no unit:
            // the games alone answer for what is inside them, the pieces for all of it.
            let game_ranges = units(Lang::Pgn, &t);
            // The games alone are compared without export layout, which depends on the blanks
            // after each game (a game's text ends at its result); the pieces, which hold those
            // blanks, are compared with all of it.
            let inside: Vec<Diagnostic> = whole
                .iter()
                .filter(|d| game_ranges.iter().any(|g| g.contains_range(d.range)) && !is_layout(d))
                .cloned()
                .collect();
            let mut alone = per_unit(&t, &options);
            alone.retain(|d| !is_layout(d));
            assert_eq!(inside, alone, "{} ({mode:?})", path.display());
            assert_eq!(whole, per_piece(&t, &options), "{} ({mode:?}), by pieces", path.display());
        }
    }
}
