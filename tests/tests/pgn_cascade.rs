//! One mistake, one diagnostic, in PGN (issue 19): the Result tag, the termination marker and
//! a final checkmate or stalemate are three sources of one fact, and a disagreement is
//! reported once, on the source that is wrong, pointing at the others; a run of move numbers
//! that follows one wrong number is one mistake, with one fix for the whole run.

use kibitzer_syntax::text::{ColumnUnit, LineIndex};
use kibitzer_syntax::{check, CheckOptions, Diagnostic, Lang, Mode, Severity};

const ROSTER: &str =
    "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"a\"]\n[Black \"b\"]\n";

fn game(result_tag: &str, movetext: &str) -> String {
    format!("{ROSTER}[Result \"{result_tag}\"]\n\n{movetext}\n")
}

fn line(text: &str, offset: kibitzer_syntax::TextSize) -> u32 {
    LineIndex::new(text).line_col(text, offset, ColumnUnit::Char).line + 1
}

fn only(text: &str, options: &CheckOptions) -> Diagnostic {
    let diagnostics = check(Lang::Pgn, text, options);
    assert_eq!(diagnostics.len(), 1, "{text}\n{diagnostics:#?}");
    diagnostics.into_iter().next().unwrap()
}

#[test]
fn result_tag_marker_and_mate_disagreeing_is_one_diagnostic_on_the_wrong_source() {
    let options = CheckOptions::default();
    // (tag, marker, code, line of the report, related lines)
    let cases: [(&str, &str, &str, u32, &[u32]); 5] = [
        // Tag and marker both say a draw after mate: the marker (and the tag, related).
        ("1/2-1/2", "1/2-1/2", "PGN302", 9, &[7]),
        // The tag is wrong; marker and position agree.
        ("1-0", "0-1", "PGN302", 7, &[9]),
        // The marker is wrong; tag and position agree.
        ("0-1", "1-0", "PGN302", 9, &[7]),
        // `*` (result unknown, PGN 8.1.1.7) contradicts no mate, but must still match the tag.
        ("0-1", "*", "PGN301", 9, &[7]),
        // No mate on the board: tag against marker.
        ("1/2-1/2", "1-0", "PGN301", 9, &[7]),
    ];
    for (i, (tag, marker, code, at, related)) in cases.into_iter().enumerate() {
        let moves = if i == 4 { format!("1. e4 e5 {marker}") } else { format!("1. f3 e5 2. g4 Qh4# {marker}") };
        let text = game(tag, &moves);
        let d = only(&text, &options);
        assert_eq!((d.code, line(&text, d.range.start())), (code, at), "{tag} / {marker}: {}", d.message);
        assert_eq!(d.severity, Severity::Error, "{}", d.message);
        let lines: Vec<u32> = d.related.iter().map(|r| line(&text, r.range.start())).collect();
        assert_eq!(lines, related, "{tag} / {marker}: {}", d.message);
    }
}

/// A lichess study chapter ends `*` whatever happens on its board: a mate under `*` is a hint that
/// names the result, never an error (PGN 8.1.1.7 defines `*` as a result otherwise unknown).
#[test]
fn unknown_result_after_mate_is_a_hint_naming_the_result() {
    let options = CheckOptions::default();
    for (tag, related) in [(Some("*"), vec![7]), (None, vec![])] {
        let movetext = "1. f3 e5 2. g4 Qh4# *";
        let text = match tag {
            Some(tag) => game(tag, movetext),
            None => format!("{ROSTER}\n{movetext}\n"),
        };
        let found = check(Lang::Pgn, &text, &options);
        let d = found.iter().find(|d| d.code == "PGN305").unwrap_or_else(|| panic!("{found:#?}"));
        assert_eq!(d.severity, Severity::Hint);
        assert_eq!(line(&text, d.range.start()), if tag.is_some() { 9 } else { 8 });
        assert!(d.message.contains("White is checkmated") && d.message.contains("`0-1`"), "{}", d.message);
        let lines: Vec<u32> = d.related.iter().map(|r| line(&text, r.range.start())).collect();
        assert_eq!(lines, related);
        assert!(found.iter().all(|d| d.severity != Severity::Error), "{found:#?}");
    }
    // A stalemate under `*` names the draw.
    let text = format!("{ROSTER}[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\"]\n\n1. Kh6 *\n");
    let d = only(&text, &options);
    assert_eq!(d.code, "PGN305", "{}", d.message);
    assert!(d.message.contains("stalemate") && d.message.contains("`1/2-1/2`"), "{}", d.message);
}

#[test]
fn a_run_of_shifted_move_numbers_is_one_mistake_with_one_fix() {
    // With the empty line that ends a game in export format, so that export mode has the one
    // mistake only.
    let text = game("*", "1. e4 e5 3. Nf3 Nc6 4. Bb5 a6 5. Ba4 Nf6 *\n");
    // A wrong move number is no import tolerance (PGN 8.2.2.1: "as long as the move numbers are correct").
    for (mode, severity) in [(Mode::Import, Severity::Error), (Mode::Export, Severity::Error)] {
        let d = only(&text, &CheckOptions { mode, ..CheckOptions::default() });
        assert_eq!((d.code, d.severity), ("PGN220", severity), "{}", d.message);
        let fix = d.fix.as_ref().expect("a fix");
        let (fixed, applied) = kibitzer_syntax::diagnostic::apply_edits(&text, &fix.edits);
        assert_eq!(applied, 3);
        assert!(fixed.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *"), "{fixed}");
    }
    // Two separate mistakes are two diagnostics.
    let text = game("*", "1. e4 e5 3. Nf3 Nc6 3. Bb5 a6 7. Ba4 Nf6 *");
    assert_eq!(check(Lang::Pgn, &text, &CheckOptions::default()).len(), 2);
}

#[test]
fn fen_against_setup_is_one_diagnostic() {
    let fen = "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"]\n";
    for (setup, with_fen) in [("", true), ("[SetUp \"0\"]\n", true), ("[SetUp \"1\"]\n", false)] {
        let text = format!(
            "{ROSTER}[Result \"*\"]\n{setup}{}\n{} *\n",
            if with_fen { fen } else { "" },
            if with_fen { "1... e5" } else { "1. e4 e5" }
        );
        let d = only(&text, &CheckOptions::default());
        assert_eq!(d.code, "PGN110", "{}", d.message);
    }
}

/// The castling rights of one field that the position does not allow are one mistake: one
/// FEN007, whose fix removes them all (writing `-` when none is left), in a FEN tag as in EPD.
#[test]
fn castling_rights_of_one_field_are_one_diagnostic() {
    let fen = "rnbq1bnr/ppppkppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR w KQkq - 2 3";
    let pgn = format!("{ROSTER}[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n3. Ke3 *\n");
    for (lang, text) in [(Lang::Pgn, pgn), (Lang::Epd, format!("{fen}\n"))] {
        let diagnostics = check(lang, &text, &CheckOptions::default());
        assert_eq!(diagnostics.len(), 1, "{lang:?}: {diagnostics:#?}");
        let d = &diagnostics[0];
        assert_eq!(d.code, "FEN007");
        let fix = d.fix.as_ref().expect("a fix");
        let (fixed, _) = kibitzer_syntax::diagnostic::apply_edits(&text, &fix.edits);
        assert!(fixed.contains("w - - 2 3"), "{lang:?}: {fixed}");
    }
    // Only some rights wrong: one diagnostic, the valid right kept.
    let text = "4k3/8/8/8/8/8/8/R3K3 w KQkq - 0 1\n";
    let diagnostics = check(Lang::Epd, text, &CheckOptions::default());
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    let (fixed, _) = kibitzer_syntax::diagnostic::apply_edits(text, &diagnostics[0].fix.as_ref().unwrap().edits);
    assert!(fixed.contains("w Q - 0 1"), "{fixed}");
}
