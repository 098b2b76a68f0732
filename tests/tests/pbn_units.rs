//! PBN games are chained, not independent (tag inheritance, export mode, the other room's score):
//! checking a file's pieces in order (`pieces`: a game and the text up to the next, as the
//! language server cuts them), each from what the pieces before it left, gives the diagnostics of checking
//! the whole file. What lets the server re-check only the games an edit touches and the games
//! after them whose inheritance changed. The one exception is the rule about the games of a file
//! together, the spellings of names (PBN120, PBN121): the whole file's check adds them, from one
//! pass over all its games, to what the pieces give.

use kibitzer_syntax::{check, check_unit, pieces, text, CheckOptions, Diagnostic, Lang, Mode, TextSize};
use std::path::{Path, PathBuf};

fn piece_by_piece(t: &str, options: &CheckOptions) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut state = Default::default();
    let mut previous_start = TextSize::from(0);
    for piece in pieces(Lang::Pbn, t).into_iter().map(|p| p.range) {
        let checked = check_unit(Lang::Pbn, &t[piece], &state, options);
        out.extend(checked.diagnostics.into_iter().map(|d| d.shifted(piece.start())));
        out.extend(checked.for_previous.into_iter().map(|d| d.shifted(previous_start)));
        state = checked.after;
        previous_start = piece.start();
    }
    kibitzer_syntax::diagnostic::sort_in_text_order(&mut out);
    out
}

fn samples() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let is_pbn = |p: &Path| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("pbn"));
    let mut files = kibitzer_tests::files_under(&root.join("fixtures"), is_pbn);
    match kibitzer_tests::corpus("pbn") {
        Some(c) => files.extend(kibitzer_tests::files_under(&c, is_pbn)),
        None => println!("corpus absent: fixtures only"),
    }
    files
}

#[test]
fn checking_pieces_in_order_gives_the_whole_files_diagnostics() {
    let files = samples();
    assert!(files.len() > 5, "{} files", files.len());
    let mut compared = 0;
    for path in files {
        let t = text::decode(&std::fs::read(&path).unwrap()).text;
        if kibitzer_syntax::binary::not_text(Lang::Pbn, [t.as_str()], &CheckOptions::default()).is_some() {
            // Not text: one diagnostic for the whole file (its games are never checked).
            continue;
        }
        for mode in [Mode::Import, Mode::Export] {
            let options = CheckOptions { mode, ..Default::default() };
            let mut whole = check(Lang::Pbn, &t, &options);
            whole.retain(|d| !matches!(d.code, "PBN120" | "PBN121"));
            let parts = piece_by_piece(&t, &options);
            if whole != parts {
                let first = whole.iter().zip(&parts).position(|(a, b)| a != b).unwrap_or(whole.len().min(parts.len()));
                panic!(
                    "{} ({mode:?}): {} diagnostics whole, {} by pieces; first difference: {:?} / {:?}",
                    path.display(),
                    whole.len(),
                    parts.len(),
                    whole.get(first),
                    parts.get(first)
                );
            }
            compared += 1;
        }
    }
    assert!(compared > 10);
}

/// The other room's ScoreIMP is checked when the second room's game comes: a wrong value in the
/// first room's game is found while checking the second's piece, and reported in the first's.
#[test]
fn a_wrong_score_imp_of_the_first_room_is_reported_in_its_own_piece() {
    let game = |room: &str, result: &str, score: &str, imp: &str| {
        format!(
            "[Event \"Match\"]\n[Site \"Club\"]\n[Date \"2026.11.24\"]\n[Board \"1\"]\n[West \"w\"]\n[North \"n\"]\n\
             [East \"e\"]\n[South \"s\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
             [Deal \"N:AKQJ.AKQJ.AKQ.AK T987.T987.JT9.QJ 6543.6543.876.T9 2.2.5432.8765432\"]\n\
             [Scoring \"IMP\"]\n[Declarer \"N\"]\n[Contract \"4S\"]\n[Result \"{result}\"]\n[Room \"{room}\"]\n\
             [Score \"NS {score}\"]\n[ScoreIMP \"{imp}\"]\n\n"
        )
    };
    let t = [game("Open", "10", "420", "3"), game("Closed", "9", "-50", "-10")].concat();
    let options = CheckOptions::default();
    let whole = check(Lang::Pbn, &t, &options);
    let wrong = whole
        .iter()
        .filter(|d| d.code == kibitzer_syntax::pbn::check::scores::SCORE_IMP_MISMATCH.code)
        .collect::<Vec<_>>();
    let second_game = TextSize::from(t.find("[Event").and_then(|_| t[1..].find("[Event")).unwrap() as u32 + 1);
    assert!(wrong.len() == 1 && wrong[0].range.end() < second_game, "{whole:#?}");
    assert_eq!(piece_by_piece(&t, &options), whole);
    let pieces = pieces(Lang::Pbn, &t);
    assert_eq!(pieces.len(), 2);
    let first = check_unit(Lang::Pbn, &t[pieces[0].range], &Default::default(), &options);
    let second = check_unit(Lang::Pbn, &t[pieces[1].range], &first.after, &options);
    assert_eq!(second.for_previous.len(), 1, "{second:#?}");
}

/// Found by `fuzz/run.sh check-pbn` (minimised): a game whose auction ends where the next tag
/// starts on the same line, after a first game with stray text.
#[test]
fn pieces_equal_the_whole_on_fuzzed_text() {
    assert_pieces_give_the_whole(
        "[Auction\"N\"]3[Dealer\"E\"]\n\n[Auction\"S\"]1NT Pass Pass Pass[Board\"15\"][Dealer\"W\"][Declarer\"W\"]",
    );
}

/// Checking `t` piece by piece gives its whole check, in import and export mode.
fn assert_pieces_give_the_whole(t: &str) {
    for mode in [Mode::Import, Mode::Export] {
        let options = CheckOptions { mode, ..Default::default() };
        let whole = check(Lang::Pbn, t, &options);
        let parts = piece_by_piece(t, &options);
        assert_eq!(whole, parts, "{mode:?}; pieces {:?}", pieces(Lang::Pbn, t));
    }
}

/// Found by `fuzz/coverage.sh check-pbn` (minimised): stray text after an export escape, then a
/// line of a blank ended by a lone CR.
#[test]
fn pieces_equal_the_whole_after_a_blank_line_ended_by_cr() {
    assert_pieces_give_the_whole("% EXPORT\nH\n \rW");
}
