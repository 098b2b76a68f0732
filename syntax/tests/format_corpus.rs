//! The formatter over every file of the shared corpus (skipped with a message when absent):
//! idempotent, the same units, no error in export mode in a unit that had none in import mode,
//! kept units byte for byte, and the meaning of each unit unchanged (its model, summarised per
//! format by [`meaning`]).

mod epdpbi_support;

use epdpbi_support::{corpus, files};
use kibitzer_syntax::format::{format, FormatOptions};
use kibitzer_syntax::text::decode;
use kibitzer_syntax::{check, units, CheckOptions, Lang, Mode, Severity};

fn has_error(lang: Lang, text: &str, mode: Mode) -> bool {
    let options = CheckOptions { mode, ..CheckOptions::default() };
    check(lang, text, &options).iter().any(|d| d.severity == Severity::Error)
}

/// What a unit means, as a list of strings to compare: formatting may change how it is written,
/// never this.
fn meaning(lang: Lang, unit: &str) -> Vec<String> {
    match lang {
        Lang::Epd => epd_meaning(unit),
        Lang::Pbn => pbn_meaning(unit),
        // Formats whose formatter keeps units as written until it lands: the text itself.
        _ => vec![unit.to_owned()],
    }
}

/// An EPD record: its fields, and its operations in opcode order with their operand values.
fn epd_meaning(unit: &str) -> Vec<String> {
    let root = kibitzer_syntax::epd::parse(unit).syntax();
    let mut out = Vec::new();
    for record in kibitzer_syntax::epd::model::records(&root, unit) {
        out.extend(record.fields.iter().map(|f| f.text.to_owned()));
        let mut operations: Vec<String> = record
            .operations
            .iter()
            .map(|o| format!("{} {:?}", o.opcode, o.operands.iter().map(|x| x.value()).collect::<Vec<_>>()))
            .collect();
        operations.sort();
        out.extend(operations);
    }
    out
}

/// A PBN game: the tags it had (values compared as the standard reads them: directions,
/// contracts and vulnerability case-blind with their synonyms, deals as the set of cards of each
/// player), the calls and cards in order, every annotation and comment.
fn pbn_meaning(unit: &str) -> Vec<String> {
    use kibitzer_syntax::pbn::syntax_kind::SyntaxKind as K;
    let root = kibitzer_syntax::pbn::parse(unit).syntax();
    let mut tags = Vec::new();
    let mut sequence = Vec::new();
    let mut annotations = Vec::new();
    let mut section = String::new();
    // Calls and cards are placed by seat: import columns may start before the dealer (or
    // leader) with `-` padding that export format drops.
    let (mut seat, mut leading_dashes) = (0usize, true);
    for token in root.descendants_with_tokens().filter_map(|e| e.into_token()) {
        let text = token.text();
        match token.kind() {
            K::TAG_NAME => section = text.to_owned(),
            K::STRING => {
                let value = text.trim_matches('"');
                let value = match section.as_str() {
                    "Deal" => deal_cards(value),
                    "Vulnerable" => match value.to_ascii_uppercase().as_str() {
                        "LOVE" | "-" | "NONE" => "NONE".to_owned(),
                        "BOTH" | "ALL" => "ALL".to_owned(),
                        v => v.to_owned(),
                    },
                    "Auction" | "Play" => {
                        seat = "NESW".find(&value.to_ascii_uppercase()).unwrap_or(0);
                        leading_dashes = true;
                        continue;
                    }
                    "Dealer" | "Declarer" | "Contract" => value.to_ascii_uppercase(),
                    _ => value.to_owned(),
                };
                if value != "?" {
                    tags.push(format!("[{section} {value}]"));
                }
            }
            K::DASH if leading_dashes => seat += 1,
            K::CALL | K::CARD | K::DASH | K::PLUS => {
                leading_dashes = false;
                sequence.push(format!("{section} {} {}", seat % 4, text.to_ascii_uppercase()));
                seat += 1;
            }
            K::STAR => sequence.push("*".to_owned()),
            K::SUFFIX => {
                let n = ["!", "?", "!!", "??", "!?", "?!"].iter().position(|s| *s == text).unwrap() + 1;
                annotations.push(format!("{section} ${}", if section == "Play" { n + 6 } else { n }));
            }
            K::NAG | K::NOTE_REF => annotations.push(format!("{section} {text}")),
            K::BRACE_COMMENT | K::LINE_COMMENT => {
                annotations.push(text.split_whitespace().collect::<Vec<_>>().join(" "))
            }
            K::WHITESPACE | K::NEWLINE | K::L_BRACK | K::R_BRACK => {}
            _ => annotations.push(format!("{section} {}", text.replace('\t', " ").trim())),
        }
    }
    tags.sort();
    annotations.sort();
    tags.into_iter().chain(sequence).chain(annotations).collect()
}

/// The cards of each player of a Deal value, whatever the first player and the order of ranks.
fn deal_cards(value: &str) -> String {
    let Some((first, hands)) = value.split_once(':') else { return value.to_owned() };
    let Some(first) = "NESW".find(&first.to_ascii_uppercase()) else { return value.to_owned() };
    let mut players: Vec<String> = hands
        .split_whitespace()
        .enumerate()
        .map(|(i, hand)| {
            let suits: Vec<String> = hand
                .split('.')
                .map(|s| {
                    let mut ranks: Vec<char> = s.to_ascii_uppercase().chars().collect();
                    ranks.sort_unstable();
                    ranks.into_iter().collect()
                })
                .collect();
            format!("{}={}", &"NESW"[(first + i) % 4..(first + i) % 4 + 1], suits.join("."))
        })
        .collect();
    players.sort();
    players.join(" ")
}

fn run_corpus(lang: Lang) {
    let Some(dir) = corpus(lang.id()) else {
        println!("skipped: no shared {} corpus found", lang.id());
        return;
    };
    let options = FormatOptions::default();
    let mut formatted_units = 0;
    for path in files(&dir).into_iter().filter(|p| Lang::from_path(p).is_some_and(|l| l == lang) || lang == Lang::Epd) {
        let name = path.display();
        let source = decode(&std::fs::read(&path).unwrap());
        let text = &source.text;
        let formatted = format(lang, text, &options);
        let again = format(lang, &formatted.text, &options);
        assert!(again.text == formatted.text, "{name}: not idempotent");
        let before = units(lang, text);
        let after = units(lang, &formatted.text);
        assert_eq!(before.len(), after.len(), "{name}: the number of units changed");
        for (b, a) in before.iter().zip(&after) {
            let (old, new) = (&text[*b], &formatted.text[*a]);
            if formatted.skipped.iter().any(|s| s.range == *b) {
                assert_eq!(old, new, "{name}: a kept unit changed");
                continue;
            }
            formatted_units += 1;
            let (m_old, m_new) = (meaning(lang, old), meaning(lang, new));
            if m_old != m_new {
                let lost: Vec<_> = m_old.iter().filter(|m| !m_new.contains(m)).collect();
                let added: Vec<_> = m_new.iter().filter(|m| !m_old.contains(m)).collect();
                panic!("{name}: meaning changed (lost {lost:?}, added {added:?}):\n{old}\n->\n{new}");
            }
            if !has_error(lang, old, Mode::Import) {
                let problems: Vec<_> = check(lang, new, &CheckOptions { mode: Mode::Export, ..Default::default() })
                    .into_iter()
                    .filter(|d| d.severity == Severity::Error)
                    .collect();
                assert!(problems.is_empty(), "{name}: export errors in a formatted unit:\n{new}\n{problems:#?}");
            }
        }
    }
    println!("{}: {formatted_units} units formatted", lang.id());
}

#[test]
fn epd_corpus() {
    run_corpus(Lang::Epd);
}

#[test]
fn pgn_corpus() {
    run_corpus(Lang::Pgn);
}

#[test]
fn pbn_corpus() {
    run_corpus(Lang::Pbn);
}

#[test]
fn pbi_corpus() {
    run_corpus(Lang::Pbi);
}
