//! Import → export snapshots of every fixture in `fixtures/fmt/<format>/`: the formatted text,
//! then the units left as written with the codes of the errors that kept them. Each snapshot
//! also checks that formatting is idempotent and that kept units are copied byte for byte.

use crate::epdpbi_support as support;

use kibitzer_syntax::format::{format, FormatOptions};
use kibitzer_syntax::Lang;

fn snapshot_fixtures(lang: Lang) {
    let dir = support::fixtures("fmt").join(lang.id());
    let files = support::files(&dir);
    assert!(!files.is_empty(), "no fixtures in {}", dir.display());
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        let source = kibitzer_syntax::text::decode(&bytes);
        let text = &source.text;
        let formatted = format(lang, text, &FormatOptions::default());
        let again = format(lang, &formatted.text, &FormatOptions::default());
        assert_eq!(again.text, formatted.text, "{}: formatting is not idempotent", path.display());
        let mut report = formatted.text.clone();
        for unit in &formatted.skipped {
            let kept = &text[unit.range];
            assert!(formatted.text.contains(kept), "{}: a kept unit was changed", path.display());
            let codes: Vec<&str> = unit.diagnostics.iter().map(|d| d.code).collect();
            report.push_str(&format!("\n--- kept as written ({}): {:?}\n", codes.join(", "), kept));
        }
        let name = path.file_name().unwrap().to_string_lossy().replace('.', "_");
        insta::with_settings!({ snapshot_suffix => name, prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(format!("format_{}", lang.id()), report);
        });
    }
}

#[test]
fn epd() {
    snapshot_fixtures(Lang::Epd);
}

#[test]
fn pbn() {
    snapshot_fixtures(Lang::Pbn);
}

#[test]
fn pgn() {
    snapshot_fixtures(Lang::Pgn);
}

#[test]
fn pbi() {
    snapshot_fixtures(Lang::Pbi);
}

/// Command comments (`[%clk 0:03:00]`, `[%eval 0.17]`, `[%cal Ge2e4]` …) come out of `fmt` byte
/// for byte, each on one line: the fixture, where filling the comments' words would split them,
/// and the lichess exports of the corpus.
#[test]
fn pgn_command_comments_are_kept_byte_for_byte() {
    use kibitzer_syntax::chess::commands::commands;
    let mut files = vec![support::fixtures("fmt").join("pgn/command-comments.pgn")];
    if let Some(dir) = kibitzer_tests::corpus("pgn") {
        files.push(dir.join("pgn-reader/lichess_db_100k.pgn"));
        files.push(dir.join("notnil-chess/0005.pgn"));
    }
    for path in files {
        let text = kibitzer_syntax::text::decode(&std::fs::read(&path).unwrap()).text;
        let formatted = format(Lang::Pgn, &text, &FormatOptions::default()).text;
        let all = |t: &str| -> Vec<String> {
            let mut found: Vec<String> = commands(t).map(|c| t[c.range].to_owned()).collect();
            found.sort();
            found
        };
        let before = all(&text);
        assert!(before.len() > 5, "{}: few commands", path.display());
        assert_eq!(all(&formatted), before, "{}: commands changed by fmt", path.display());
        for command in &before {
            assert!(!command.contains('\n'), "{}: `{command}` split", path.display());
        }
    }
}
