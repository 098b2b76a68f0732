//! PBN lexer and parser: lossless on every corpus file, fixture and fuzzed input; syntax errors
//! recovered by the next game.

use crate::pbn_support;

use kibitzer_syntax::{reprint, units, Lang};
use pbn_support::*;
use proptest::prelude::*;

#[test]
fn round_trip_on_corpus_and_fixtures() {
    let mut files = pbn_files(&fixtures());
    if let Some(corpus) = corpus() {
        files.extend(pbn_files(&corpus));
    }
    assert!(!files.is_empty());
    for path in files {
        let text = read(&path);
        assert_eq!(reprint(Lang::Pbn, &text), text, "{} does not print back", path.display());
        assert_read_as_by_the_grammar(&text);
    }
}

/// The checks and the formatter read games through the plain reader, which leaves the games it
/// cannot read to the grammar: the events and the errors must be the grammar's own.
fn assert_read_as_by_the_grammar(text: &str) {
    use kibitzer_syntax::parsing::{EventNode, ParseEvent};
    use kibitzer_syntax::pbn::parser::{parse_events, parse_events_by_grammar};
    let (events, errors) = parse_events(text, Vec::new());
    let (by_grammar, grammar_errors) = parse_events_by_grammar(text, Vec::new());
    // The first event that differs (a node's start counts the events to its finish: left out).
    let shape = |e: Option<&ParseEvent<_>>| match e.copied() {
        Some(ParseEvent::Start { kind, at, .. }) => Some(ParseEvent::Start { kind, at, finish: 0 }),
        other => other,
    };
    if let Some(i) = (0..events.len().max(by_grammar.len())).find(|&i| shape(events.get(i)) != shape(by_grammar.get(i)))
    {
        let near = |e: &[_]| e[i.saturating_sub(3)..(i + 3).min(e.len())].to_vec();
        panic!(
            "the plain reading differs from the grammar's at event {i}: {:?} against {:?}",
            near(&events),
            near(&by_grammar)
        );
    }
    assert!(events == by_grammar, "the plain reading's nodes differ from the grammar's");
    assert!(
        errors == grammar_errors,
        "the plain reading's errors differ from the grammar's: {errors:?} against {grammar_errors:?}"
    );
    // The units, read with nothing else recorded, are the grammar's games.
    let games = EventNode::root(&by_grammar).child_node_ranges();
    let (units, unit_errors) = kibitzer_syntax::pbn::parser::parse_units(text);
    assert!(units == games, "the units differ from the grammar's games");
    assert!(unit_errors == grammar_errors, "the units' errors differ from the grammar's");
}

#[test]
fn units_are_the_games_in_order() {
    let text = "% PBN 2.1\n[Event \"a\"]\n{x\n\ny}\n[Board \"1\"]\n\n \n[Event \"b\"]\n";
    let ranges = units(Lang::Pbn, text);
    let games: Vec<&str> = ranges.iter().map(|r| &text[*r]).collect();
    assert_eq!(games, vec!["[Event \"a\"]\n{x\n\ny}\n[Board \"1\"]\n", "[Event \"b\"]\n"]);
}

#[test]
fn corpus_game_counts_match_board_tags() {
    // SOURCES.md counts games by `[Board` tags; files where every game has a Board tag must
    // split into exactly that many units.
    let Some(corpus) = corpus() else { return };
    for name in ["results/wb120802.pbn", "dealers/bigdeal.pbn", "annotated/BW_challenge.pbn"] {
        let text = read(&corpus.join(name));
        let boards = text.matches("[Board ").count();
        assert_eq!(units(Lang::Pbn, &text).len(), boards, "{name}");
    }
}

#[test]
fn recovery_fixtures() {
    let dir = fixtures().join("syntax");
    for path in pbn_files(&dir) {
        let text = read(&path);
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        insta::assert_snapshot!(format!("syntax_{name}"), render(&text, &check(&text)));
    }
}

fn mutate(base: &str, ops: &[(u8, usize)]) -> String {
    let mut bytes = base.as_bytes().to_vec();
    for &(op, at) in ops {
        let at = if bytes.is_empty() { 0 } else { at % bytes.len() };
        match op % 6 {
            0 => bytes.truncate(at),
            1 => {
                if let Some(i) = bytes[at..].iter().position(|b| b"[]\"{}".contains(b)) {
                    bytes.remove(at + i);
                }
            }
            2 => {
                if let Some(i) = bytes[at..].iter().position(|b| b"[]\"{}".contains(b)) {
                    let b = bytes[at + i];
                    bytes.insert(at + i, b);
                }
            }
            3 => {
                let specials = b"\"{}[]%;\n\r\t^=$!?";
                bytes.insert(at, specials[at % specials.len()]);
            }
            4 => bytes.splice(at..at, [0xff, 0x00, 0xc3, 0x7f, b'\n', b'\n']).for_each(drop),
            _ => bytes.splice(at..at, *b"\n \n").for_each(drop),
        }
    }
    kibitzer_syntax::text::decode(&bytes).text
}

const SEED_GAME: &str = "% PBN 2.1\n[Event \"Club\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n[Declarer \"S\"]\n\
[Contract \"3NT\"]\n[Result \"9\"]\n[Auction \"N\"]\nPass 1NT! Pass 3NT =1= $2\nPass Pass Pass\n\
[Note \"1:game\"]\n[Play \"W\"]\nSA S2 ^R H3 S4\n*\n[ScoreTable \"Rank\\2R;Names\\10L\"]\n1 \"A - B\"\n\
{ comment\n\n over lines }\n; rest\n\n[Event \"Next\"]\n";

/// A few corpus files of different styles, read once; empty when the corpus is absent.
fn corpus_seeds() -> &'static [String] {
    static SEEDS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    SEEDS.get_or_init(|| {
        let Some(corpus) = corpus() else { return Vec::new() };
        [
            "spec-tests/correct_20.pbn",
            "auction-play/Schiphol.pbn",
            "quirky/nov22_match_bad.pbn",
            "annotated/BW_challenge.pbn",
        ]
        .iter()
        .map(|name| read(&corpus.join(name)))
        .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic_and_print_back(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = kibitzer_syntax::text::decode(&bytes).text;
        prop_assert_eq!(reprint(Lang::Pbn, &text), text.clone());
        assert_read_as_by_the_grammar(&text);
        let _ = check(&text);
        let _ = units(Lang::Pbn, &text);
    }

    #[test]
    fn mutated_corpus_files_never_panic_and_print_back(pick in 0usize..4, ops in proptest::collection::vec((any::<u8>(), any::<usize>()), 1..8)) {
        let seeds = corpus_seeds();
        if let Some(seed) = seeds.get(pick % seeds.len().max(1)) {
            let text = mutate(seed, &ops);
            prop_assert_eq!(reprint(Lang::Pbn, &text), text.clone());
            assert_read_as_by_the_grammar(&text);
            let _ = check(&text);
        }
    }

    #[test]
    fn mutated_games_never_panic_and_print_back(ops in proptest::collection::vec((any::<u8>(), any::<usize>()), 1..8)) {
        let text = mutate(SEED_GAME, &ops);
        prop_assert_eq!(reprint(Lang::Pbn, &text), text.clone());
        assert_read_as_by_the_grammar(&text);
        let _ = check(&text);
        let ranges = units(Lang::Pbn, &text);
        for w in ranges.windows(2) {
            prop_assert!(w[0].end() <= w[1].start());
        }
    }
}

/// Many unclosed braces, tags and quotes, and game after game whose comment is never closed
/// (each piece of the file leaves one open): read back byte for byte, and checked to the end. That each is
/// handled without rescanning is measured, not timed here: bench/scaling.sh counts the
/// instructions at N and 2N units (a quadratic path would make these texts take minutes).
#[test]
fn pathological_inputs_are_read_back_and_checked() {
    for unit in ["{", "[", "\"", "[A \"", "{\n", "[\n\n", "%\n", "}", "=1=", "^", "[A \"x\"]\n{\n\n"] {
        let text = unit.repeat(200_000);
        assert_eq!(reprint(Lang::Pbn, &text), text, "{unit:?}");
        // Checked to its end without a panic (`%` lines are comments, with nothing to report).
        let _ = check(&text);
    }
}
