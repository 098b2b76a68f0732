//! Every PGN rule on its catalogue examples (the bad example raises the rule, the good one does
//! not), and the recovery fixtures: their diagnostics are insta snapshots rendered as
//! `line:col code message`, and each has one syntax error after which the next game is read.

use kibitzer_syntax::diagnostic::RuleScope;
use kibitzer_syntax::text::{self, ColumnUnit, LineIndex};
use kibitzer_syntax::{check, CheckOptions, Lang, Mode};
use std::path::{Path, PathBuf};

fn options(mode: Mode) -> CheckOptions {
    CheckOptions { mode, ..Default::default() }
}

fn render(text: &str, mode: Mode) -> String {
    let index = LineIndex::new(text);
    let mut out = String::new();
    for d in check(Lang::Pgn, text, &options(mode)) {
        let lc = index.line_col(text, d.range.start(), ColumnUnit::Char);
        out.push_str(&format!("{}:{} {} {}\n", lc.line + 1, lc.col + 1, d.code, d.message));
    }
    out
}

#[test]
fn every_rule_fires_on_its_bad_example_and_not_on_its_good_one() {
    // The not-a-text-file rule has no text example (its input is binary bytes), the
    // game-too-large rule none of a readable size (over 1 MiB): tests/tests/hostile_input.rs
    // drives both through the binary.
    let too_large = kibitzer_syntax::pgn::stretches::GAME_TOO_LARGE.code;
    let with_examples =
        |r: &&kibitzer_syntax::Rule| !kibitzer_syntax::binary::is_not_text_code(r.code) && r.code != too_large;
    for rule in kibitzer_syntax::pgn::rules::all().filter(with_examples) {
        let mode = match rule.scope {
            RuleScope::Import => Mode::Import,
            RuleScope::Export => Mode::Export,
        };
        let bad = check(Lang::Pgn, rule.bad, &options(mode));
        assert!(bad.iter().any(|d| d.code == rule.code), "{} not raised by its bad example: {bad:#?}", rule.code);
        let good = check(Lang::Pgn, rule.good, &options(mode));
        assert!(!good.iter().any(|d| d.code == rule.code), "{} raised by its good example: {good:#?}", rule.code);
    }
}

/// The recovery fixtures, `fixtures/pgn/recovery/*.pgn`, sorted (the rules' own fixtures are
/// tests/tests/rule_fixtures.rs's, the clean ones tests/tests/clean_fixtures.rs's).
fn recovery_fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/pgn/recovery");
    kibitzer_tests::files_under(&dir, |p| p.extension().is_some_and(|e| e == "pgn"))
}

#[test]
fn recovery_fixture_diagnostics() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/pgn");
    for path in recovery_fixtures() {
        let rel = path.strip_prefix(&root).unwrap();
        let source = text::decode(&std::fs::read(&path).unwrap());
        let name = format!("pgn_{}", rel.with_extension("").display()).replace(['/', '\\'], "__");
        insta::assert_snapshot!(name, render(&source.text, Mode::Import));
    }
}

/// Each recovery fixture has exactly one syntax error (PGN0xx) at the broken line, and the
/// next game's illegal move (line of `Ke3`) is still reported.
#[test]
fn recovery_reports_one_error_and_the_next_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/pgn/recovery");
    for (file, line) in [
        ("unterminated-string.pgn", 1),
        ("unterminated-comment.pgn", 4),
        ("unclosed-variation.pgn", 4),
        ("garbage-line.pgn", 5),
    ] {
        let source = text::decode(&std::fs::read(root.join(file)).unwrap());
        let t = &source.text;
        let index = LineIndex::new(t);
        let diags = check(Lang::Pgn, t, &options(Mode::Import));
        let syntax: Vec<_> = diags.iter().filter(|d| d.code.starts_with("PGN0")).collect();
        assert_eq!(syntax.len(), 1, "{file}: {diags:#?}");
        assert_eq!(index.line_col(t, syntax[0].range.start(), ColumnUnit::Char).line + 1, line, "{file}");
        let ke3 = t.find("Ke3").unwrap() as u32;
        assert!(diags.iter().any(|d| d.code == "PGN200" && u32::from(d.range.start()) == ke3), "{file}: {diags:#?}");
        assert!(!diags.iter().any(|d| d.code == "PGN300"), "{file}: no knock-on missing-result error");
    }
}

/// PGN 8.2.2.2: a NAG is annotation, so Black's move after one takes `N...`; the checker and the
/// formatter must agree on it (a formatted game is clean in export mode).
#[test]
fn black_move_number_after_a_nag_agrees_between_check_and_fmt() {
    use kibitzer_syntax::format::{format, FormatOptions};
    let export = CheckOptions { mode: Mode::Export, ..CheckOptions::default() };
    let tags = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n";
    let codes = |movetext: &str| -> Vec<&'static str> {
        check(Lang::Pgn, &format!("{tags}{movetext}\n"), &export).iter().map(|d| d.code).collect()
    };
    assert!(codes("1. e4 $1 e5 *").contains(&"PGN221"), "missing `1...` after a NAG");
    assert!(!codes("1. e4 $1 1... e5 *").contains(&"PGN221"));
    assert!(codes("1. e4 1... e5 *").contains(&"PGN221"), "superfluous `1...`");
    let formatted = format(Lang::Pgn, &format!("{tags}1. e4 $1 e5 2. Nf3 $2 $14 Nc6 *\n"), &FormatOptions::default());
    assert!(formatted.text.contains("1. e4 $1 1... e5 2. Nf3 $2 $14 2... Nc6 *"), "{}", formatted.text);
    assert!(check(Lang::Pgn, &formatted.text, &export).is_empty(), "{:?}", check(Lang::Pgn, &formatted.text, &export));
}
