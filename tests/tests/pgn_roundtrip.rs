//! Lossless round trip: parsing and printing every PGN file of the corpus and of the fixtures
//! gives back the exact text; `units` covers the games in order.

use kibitzer_syntax::{reprint, text, units, Lang};
use std::path::{Path, PathBuf};

/// The shared corpus, when present.
fn corpus() -> Option<PathBuf> {
    kibitzer_tests::corpus("")
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn check_file(path: &Path) {
    let bytes = std::fs::read(path).unwrap();
    let source = text::decode(&bytes);
    let printed = reprint(Lang::Pgn, &source.text);
    assert!(printed == source.text, "round trip differs for {}", path.display());
    assert_events_describe_the_tree(&source.text, path);
    let games = units(Lang::Pgn, &source.text);
    for pair in games.windows(2) {
        assert!(pair[0].end() <= pair[1].start(), "units overlap in {}", path.display());
    }
}

/// The checks read the parser's events, the editor's views its tree: both come from one grammar
/// through two sinks, and must describe the same tree with the same syntax errors.
fn assert_events_describe_the_tree(text: &str, path: &Path) {
    let tree = kibitzer_syntax::pgn::parse(text);
    let events = kibitzer_syntax::pgn::parser::parse_events(text, Vec::new());
    assert!(events.build_tree().green().into_owned() == *tree.green(), "events and tree differ for {}", path.display());
    assert_eq!(events.errors(), tree.errors(), "{}", path.display());
    // Plain games are read without the grammar: the same events, offsets and errors.
    let by_grammar = kibitzer_syntax::pgn::parser::parse_events_by_grammar(text, Vec::new());
    assert!(events.events() == by_grammar.events(), "plain reading differs from the grammar for {}", path.display());
    assert_eq!(events.errors(), by_grammar.errors(), "{}", path.display());
    // The units, read with nothing else recorded, are the grammar's games.
    let games = kibitzer_syntax::parsing::EventNode::root(by_grammar.events()).child_node_ranges();
    assert!(kibitzer_syntax::pgn::parser::parse_units(text) == games, "units differ for {}", path.display());
}

#[test]
fn corpus_round_trips() {
    let Some(corpus) = corpus() else {
        println!("skipped: no shared corpus found");
        return;
    };
    let mut files = Vec::new();
    walk(&corpus.join("pgn"), &mut files);
    if files.is_empty() {
        println!("skipped: corpus/pgn is empty");
    }
    for f in &files {
        check_file(f);
    }
    println!("{} corpus files round-trip", files.len());
}

#[test]
fn fixtures_round_trip() {
    let mut files = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/pgn"), &mut files);
    assert!(!files.is_empty(), "no PGN fixtures");
    for f in &files {
        check_file(f);
    }
}

/// Not a test: prints every corpus diagnostic by code, for reviewing false positives
/// (`cargo test -p kibitzer-tests --test suites pgn_roundtrip:: -- --ignored --nocapture`; set
/// `PGN_MODE=export` for the export-format rules).
#[test]
#[ignore]
fn corpus_diagnostics_by_code() {
    let Some(corpus) = corpus() else { return };
    let mut files = Vec::new();
    walk(&corpus.join("pgn"), &mut files);
    files.retain(|f| f.extension().is_some_and(|e| e == "pgn"));
    let mut counts: std::collections::BTreeMap<&str, usize> = Default::default();
    for f in &files {
        let source = text::decode(&std::fs::read(f).unwrap());
        let index = text::LineIndex::new(&source.text);
        let mode = if std::env::var("PGN_MODE").is_ok_and(|m| m == "export") {
            kibitzer_syntax::Mode::Export
        } else {
            kibitzer_syntax::Mode::Import
        };
        let options = kibitzer_syntax::CheckOptions { mode, ..Default::default() };
        for d in kibitzer_syntax::check(Lang::Pgn, &source.text, &options) {
            *counts.entry(d.code).or_default() += 1;
            let lc = index.line_col(&source.text, d.range.start(), text::ColumnUnit::Char);
            println!(
                "{}:{}:{} {} {}",
                f.strip_prefix(&corpus).unwrap_or(f).display(),
                lc.line + 1,
                lc.col + 1,
                d.code,
                d.message
            );
        }
    }
    println!("{counts:#?}");
}
