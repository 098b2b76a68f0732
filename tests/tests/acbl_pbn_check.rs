//! The PBN that the ACBLscore converter writes passes kibitzer's own PBN check: no diagnostic
//! at all in import mode (what the output is). Checked in export mode, which
//! it does not claim, the only errors are the export requirements a game file cannot meet or an
//! import-format file need not: the 15 mandatory tags lack the deal, players and contract,
//! which game files do not hold (PBN805), and lines end in LF (PBN806). Every export-format
//! requirement is an error by the severity policy (docs/rules.md).

use crate::acbl_common;

use acbl_common::encoder::{encode, sample_game};
use kibitzer_syntax::acbl::{decode, to_pbn};
use kibitzer_syntax::{check, CheckOptions, Lang, Mode, Severity};

fn errors(pbn: &str) -> Vec<String> {
    let mut found = Vec::new();
    for mode in [Mode::Import, Mode::Export] {
        let options = CheckOptions { mode, ..CheckOptions::default() };
        for d in check(Lang::Pbn, pbn, &options) {
            let expected_in_export = mode == Mode::Export && matches!(d.code, "PBN805" | "PBN806");
            // In import mode (what the output is) nothing at all is reported: no warning either,
            // so no fact of the output disagrees with another (scores, rotation, tables).
            let reported = if mode == Mode::Import { true } else { d.severity == Severity::Error };
            if reported && !expected_in_export {
                let at = usize::from(d.range.start());
                let line = pbn[..at.min(pbn.len())].matches('\n').count() + 1;
                found.push(format!("{mode:?} line {line}: {} {}", d.code, d.message));
            }
        }
    }
    found
}

#[test]
fn converted_synthetic_game_has_no_pbn_errors() {
    let pbn = to_pbn(&decode(&encode(&sample_game())).unwrap());
    let errors = errors(&pbn);
    assert!(errors.is_empty(), "{}\n\n{pbn}", errors.join("\n"));
}

#[test]
fn converted_corpus_games_have_no_pbn_errors() {
    for path in acbl_common::corpus::game_files() {
        let Ok(decoded) = decode(&std::fs::read(&path).unwrap()) else { continue };
        let errors = errors(&to_pbn(&decoded));
        // Messages quote only codes and line numbers' context from our own writer.
        assert!(errors.is_empty(), "{}: {}", path.display(), errors.join("\n"));
    }
}

#[test]
fn a_broken_table_would_be_caught() {
    // The check is real: a ScoreTable row with a bad element is an error.
    let pbn = to_pbn(&decode(&encode(&sample_game())).unwrap());
    let broken = pbn.replacen("\n1N 1E 420 -420 2 0\n", "\n1N 1E 420 -420 2\n", 1);
    assert_ne!(broken, pbn);
    let found = errors(&broken);
    assert!(!found.is_empty(), "a row with a missing element must be an error");
}
