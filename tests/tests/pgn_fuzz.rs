//! No input makes the PGN parser or checker panic, and every input prints back losslessly:
//! random bytes, and mutations of fixture and corpus texts (truncation, deleted or doubled
//! brackets, quotes, braces and parentheses, inserted binary garbage). Also deep nesting and
//! long runs of one character stay fast (linear, no stack overflow).

use kibitzer_syntax::{check, reprint, text, CheckOptions, Lang, Mode};
use proptest::prelude::*;
use std::path::{Path, PathBuf};

fn samples() -> Vec<String> {
    let mut files: Vec<PathBuf> = Vec::new();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/pgn");
    for dir in ["import", "export", "recovery"] {
        if let Ok(entries) = std::fs::read_dir(fixtures.join(dir)) {
            files.extend(entries.flatten().map(|e| e.path()));
        }
    }
    let corpus = kibitzer_tests::corpus("pgn");
    match corpus {
        // A few small corpus files with comments, variations, NAGs and odd syntax.
        Some(c) => {
            for f in [
                "pgn-extract/infiles/nested-comment.pgn",
                "pgn-extract/infiles/test-V.pgn",
                "chess.js/1.pgn",
                "notnil-chess/0001.pgn",
            ] {
                files.push(c.join(f));
            }
        }
        None => println!("corpus absent: mutating fixtures only"),
    }
    files.sort();
    files
        .iter()
        .filter_map(|f| std::fs::read(f).ok())
        .map(|b| text::decode(&b).text)
        .filter(|t| t.len() < 64 * 1024)
        .collect()
}

fn assert_sound(text: &str) {
    assert_eq!(reprint(Lang::Pgn, text), text);
    // The checks' event path describes the same tree as the editor's tree path.
    let tree = kibitzer_syntax::pgn::parse(text);
    let events = kibitzer_syntax::pgn::parser::parse_events(text, Vec::new());
    assert!(events.build_tree().green().into_owned() == *tree.green(), "events and tree differ");
    assert_eq!(events.errors(), tree.errors());
    // Plain games are read without the grammar: the same events, offsets and errors.
    let by_grammar = kibitzer_syntax::pgn::parser::parse_events_by_grammar(text, Vec::new());
    assert_eq!(events.events(), by_grammar.events());
    assert_eq!(events.errors(), by_grammar.errors());
    // The units, read with nothing else recorded, are the grammar's games.
    let games = kibitzer_syntax::parsing::EventNode::root(by_grammar.events()).child_node_ranges();
    assert_eq!(kibitzer_syntax::pgn::parser::parse_units(text), games);
    for mode in [Mode::Import, Mode::Export] {
        let diags = check(Lang::Pgn, text, &CheckOptions { mode, ..Default::default() });
        for d in diags {
            assert!(usize::from(d.range.end()) <= text.len(), "{d:?}");
            assert!(
                text.is_char_boundary(d.range.start().into()) && text.is_char_boundary(d.range.end().into()),
                "{d:?}"
            );
        }
    }
}

#[derive(Debug, Clone)]
enum Mutation {
    Truncate(usize),
    Delete(usize),
    Double(usize),
    Insert(usize, Vec<u8>),
}

fn mutate(text: &str, mutations: &[Mutation]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let special = |b: u8| b"[]\"{}()".contains(&b);
    for m in mutations {
        if bytes.is_empty() {
            break;
        }
        match m {
            Mutation::Truncate(at) => bytes.truncate(at % bytes.len()),
            Mutation::Delete(n) | Mutation::Double(n) => {
                // The n-th bracket, quote, brace or parenthesis.
                let positions: Vec<usize> = (0..bytes.len()).filter(|&i| special(bytes[i])).collect();
                if let Some(&i) = positions.get(n % positions.len().max(1)) {
                    if matches!(m, Mutation::Delete(_)) {
                        bytes.remove(i);
                    } else {
                        bytes.insert(i, bytes[i]);
                    }
                }
            }
            Mutation::Insert(at, garbage) => {
                let at = at % bytes.len();
                bytes.splice(at..at, garbage.iter().copied());
            }
        }
    }
    text::decode(&bytes).text
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::Truncate),
        any::<usize>().prop_map(Mutation::Delete),
        any::<usize>().prop_map(Mutation::Double),
        (any::<usize>(), proptest::collection::vec(any::<u8>(), 1..16)).prop_map(|(a, g)| Mutation::Insert(a, g)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        assert_sound(&text::decode(&bytes).text);
    }

    #[test]
    fn pgn_shaped_noise(s in "[\\[\\]\"{}()\\\\;%$!? .\n\r\t0-9a-hxKQRBNO=+#*/-]{0,300}") {
        assert_sound(&s);
    }

    #[test]
    fn mutated_samples(index in any::<usize>(), mutations in proptest::collection::vec(mutation(), 1..6)) {
        let samples = samples();
        let sample = &samples[index % samples.len()];
        assert_sound(&mutate(sample, &mutations));
    }
}

#[test]
fn deep_nesting_and_long_runs() {
    for text in [
        "(".repeat(100_000),
        format!("1. e4 {}", "(".repeat(100_000)),
        format!("1. e4 {}e5{} *", "(1... d5 ".repeat(50_000), ")".repeat(50_000)),
        "{".repeat(100_000),
        "[".repeat(100_000),
        "\"".repeat(100_000),
        ")".repeat(100_000),
        "1. ".repeat(50_000),
        "\n[Event \"x\"]\n".repeat(10_000),
        format!("[A \"1\"]{}[B \"2\"]\n\n1. e4 *", "\n".repeat(200_000)),
        format!("[A \"1\"]{}\n\n1. e4 *", "\n{c}".repeat(100_000)),
        format!("1. e4 {}*", "\n%x".repeat(100_000)),
        (0..50_000).map(|i| format!("[T{i} \"v\"]\n\n")).collect::<String>(),
        "[Event \"x\"]\n".repeat(50_000),
    ] {
        assert_sound(&text);
    }
}
