//! The formatter over every file of the shared corpus (skipped with a message when absent):
//! idempotent, the same units, no error in export mode in a unit that had none in import mode,
//! kept units byte for byte, and the meaning of each unit unchanged (its model, summarised per
//! format by [`meaning`]).

use crate::epdpbi_support;

use epdpbi_support::{corpus, files};
use kibitzer_syntax::format::{format, format_in_pieces, format_into, format_range, FormatOptions, Formatted};
use kibitzer_syntax::text::decode;
use kibitzer_syntax::{check, units, CheckOptions, Lang, Mode, Severity};

fn export_error_codes(lang: Lang, text: &str) -> Vec<&'static str> {
    let options = CheckOptions { mode: Mode::Export, ..CheckOptions::default() };
    let mut codes: Vec<_> =
        check(lang, text, &options).into_iter().filter(|d| d.severity == Severity::Error).map(|d| d.code).collect();
    codes.dedup();
    codes
}

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
        Lang::Pgn => pgn_meaning(unit),
        // Formats whose formatter keeps units as written until it lands: the text itself.
        _ => vec![unit.to_owned()],
    }
}

/// An EPD record: its fields, and its operations in opcode order with their operand values.
fn epd_meaning(unit: &str) -> Vec<String> {
    let (events, _) = kibitzer_syntax::epd::parser::parse_events(unit, Vec::new());
    let mut out = Vec::new();
    for record in kibitzer_syntax::epd::model::records(&events, unit) {
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

/// A PGN game: its tags (but the roster's placeholders the formatter adds), and in order each
/// move as the target square and promotion it names, NAGs (suffixes as NAGs), comments'
/// words, variation brackets, the termination marker.
fn pgn_meaning(unit: &str) -> Vec<String> {
    use cozy_chess::{File, Piece, Rank};
    use kibitzer_syntax::chess::san::{self, SanMove};
    use kibitzer_syntax::pgn::syntax_kind::SyntaxKind as K;
    let root = kibitzer_syntax::pgn::parse(unit).syntax();
    let mut tags = Vec::new();
    let mut termination = None;
    let mut sequence = Vec::new();
    for game in kibitzer_syntax::pgn::model::games(&root) {
        for tag in game.tags() {
            if let Some((name, value)) = tag.parts() {
                tags.push((
                    name.text().to_owned(),
                    kibitzer_syntax::pgn::model::string_value(value.text()).into_owned(),
                ));
            }
        }
        for token in game.syntax().descendants_with_tokens().filter_map(|e| e.into_token()) {
            let text = token.text();
            match token.kind() {
                K::SAN => sequence.push(match san::parse(text).map(|s| s.mv) {
                    // The piece is not compared: long algebraic (`g1f3`) may omit its letter;
                    // and `e1g1` is castling when it is the king (taken as such here).
                    Some(SanMove::Normal { piece, from_file, from_rank, to, promotion: None })
                        if matches!(piece, None | Some(Piece::King))
                            && from_file == Some(File::E)
                            && from_rank.is_some_and(|r| r == to.rank() && matches!(r, Rank::First | Rank::Eighth))
                            && matches!(to.file(), File::G | File::C) =>
                    {
                        format!("castle long={}", to.file() == File::C)
                    }
                    Some(SanMove::Normal { to, promotion, .. }) => format!("{to} {promotion:?}"),
                    Some(SanMove::Castle { long }) => format!("castle long={long}"),
                    Some(SanMove::Null) => "null".to_owned(),
                    Some(SanMove::Drop { piece, to }) => format!("{piece:?}@{to}"),
                    None => text.to_owned(),
                }),
                K::SUFFIX => {
                    let n = ["!", "?", "!!", "??", "!?", "?!"].iter().position(|s| *s == text).map_or(0, |n| n + 1);
                    sequence.push(format!("${n}"));
                }
                K::NAG | K::L_PAREN | K::R_PAREN => sequence.push(text.to_owned()),
                K::COMMENT => sequence.push(text.split_whitespace().collect::<Vec<_>>().join(" ")),
                K::LINE_COMMENT => {
                    sequence.push(format!("{{{}}}", text[1..].split_whitespace().collect::<Vec<_>>().join(" ")))
                }
                K::RESULT_TOKEN => termination = Some(text.to_owned()),
                _ => {}
            }
        }
    }
    // The result: the termination marker, else the Result tag (which the formatter then writes
    // as the marker), else unknown.
    let result_tag = tags.iter().find(|(n, _)| n == "Result").map(|(_, v)| v.clone());
    let result = termination.or(result_tag).unwrap_or_else(|| "*".to_owned());
    let is_placeholder = |(name, value): &(String, String)| match name.as_str() {
        "Event" | "Site" | "Round" | "White" | "Black" => value == "?",
        "Date" => value == "????.??.??",
        "Result" => *value == result,
        _ => false,
    };
    let mut out: Vec<String> = tags.iter().filter(|t| !is_placeholder(t)).map(|(n, v)| format!("[{n} {v}]")).collect();
    out.sort();
    out.extend(sequence);
    out.push(format!("result {result}"));
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
                // `?` (unknown) and, for a passed-out deal, an empty Declarer or Result and the
                // contract `Pass` are what the formatter writes for a mandatory tag the game
                // omits (PBN 3.4, 3.4.13-3.4.15); the passes themselves are compared below.
                let placeholder = value == "?"
                    || (value.is_empty() && matches!(section.as_str(), "Declarer" | "Result"))
                    || (section == "Contract" && value == "PASS");
                if !placeholder {
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

/// A PBN game's meaning with what it takes from the game before (`previous`, its meaning): a
/// game with an Auction or a Play but neither a Deal nor a Dealer tag is read, by the check
/// (PBN702, rpbridge's second-room games), with the previous game's deal, dealer and, unless it
/// gives its own, vulnerability; the formatter writes them into it.
fn with_reused_deal(mut meaning: Vec<String>, previous: &[String]) -> Vec<String> {
    let tags = meaning.iter().take_while(|m| m.starts_with('[')).count();
    let has = |name: &str| meaning[..tags].iter().any(|m| m.starts_with(&format!("[{name} ")));
    let plays = meaning.iter().any(|m| m.starts_with("Auction ") || m.starts_with("Play "));
    let previous_deal = previous.iter().any(|m| m.starts_with("[Deal "));
    if !plays || has("Deal") || has("Dealer") || !previous_deal {
        return meaning;
    }
    let own_vulnerable = has("Vulnerable");
    let taken: Vec<String> = previous
        .iter()
        .filter(|m| {
            m.starts_with("[Deal ") || m.starts_with("[Dealer ") || (!own_vulnerable && m.starts_with("[Vulnerable "))
        })
        .cloned()
        .collect();
    let mut head: Vec<String> = meaning.drain(..tags).chain(taken).collect();
    head.sort();
    head.into_iter().chain(meaning).collect()
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
    let mut remaining = std::collections::BTreeMap::new();
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
        // The meaning of the unit before, as formatted: what a PBN game may take from it.
        let mut previous: Vec<String> = Vec::new();
        for (b, a) in before.iter().zip(&after) {
            let (old, new) = (&text[*b], &formatted.text[*a]);
            if formatted.skipped.iter().any(|s| s.range == *b) {
                assert_eq!(old, new, "{name}: a kept unit changed");
                continue;
            }
            formatted_units += 1;
            let (mut m_old, m_new) = (meaning(lang, old), meaning(lang, new));
            if lang == Lang::Pbn {
                m_old = with_reused_deal(m_old, &previous);
            }
            previous = m_new.clone();
            if m_old != m_new {
                let lost: Vec<_> = m_old.iter().filter(|m| !m_new.contains(m)).collect();
                let added: Vec<_> = m_new.iter().filter(|m| !m_old.contains(m)).collect();
                panic!("{name}: meaning changed (lost {lost:?}, added {added:?}):\n{old}\n->\n{new}");
            }
            if !has_error(lang, old, Mode::Import) {
                // What export format asks of the unit's content (a null move, a player's name)
                // formatting cannot give; what it asks of the layout it must. So: no error code
                // in export mode that the original did not already have in export mode.
                let before = export_error_codes(lang, old);
                let after = export_error_codes(lang, new);
                let new_codes: Vec<_> = after.iter().filter(|c| !before.contains(c)).collect();
                assert!(new_codes.is_empty(), "{name}: export errors {new_codes:?} appeared in:\n{new}");
                for code in after {
                    *remaining.entry(code).or_insert(0usize) += 1;
                }
            }
        }
    }
    println!("{}: export errors formatting cannot remove, by code: {remaining:?}", lang.id());
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

/// `kibitzer fmt`'s streaming: the file cut into pieces (PGN, EPD) formatted in parallel, each a
/// window of units at a time.
fn streamed(lang: Lang, text: &str, window: usize, piece_bytes: usize) -> Formatted {
    let mut out = String::new();
    let skipped = format_in_pieces(lang, text, &FormatOptions::default(), window, piece_bytes, &mut |piece: &str| {
        out.push_str(piece);
        Ok::<(), ()>(())
    })
    .unwrap();
    Formatted { text: out, skipped }
}

/// Formatting a window of units at a time gives the same bytes and the same units left as
/// written as formatting the whole text, wherever the windows end: with a window of one byte,
/// each window grows from a line end to the next until it holds two units, so the windows end
/// at many different places of every unit. The same for range formatting.
fn windows_agree_with_the_whole_text(lang: Lang) {
    let Some(dir) = corpus(lang.id()) else {
        println!("skipped: no shared {} corpus found", lang.id());
        return;
    };
    let options = FormatOptions::default();
    for path in files(&dir).into_iter().filter(|p| Lang::from_path(p).is_some_and(|l| l == lang) || lang == Lang::Epd) {
        let name = path.display();
        let text = decode(&std::fs::read(&path).unwrap()).text;
        // The reference: the whole text in one window on one thread.
        let whole = streamed(lang, &text, usize::MAX, usize::MAX);
        assert!(whole == format(lang, &text, &options), "{name}: format differs from the one-window reference");
        // Windows alone, then the file cut into pieces formatted in parallel.
        for (window, piece_bytes) in
            [(1, usize::MAX), (300, usize::MAX), (5000, usize::MAX), (5000, 20_000), (300, 150_000)]
        {
            let Formatted { text: out, skipped } = streamed(lang, &text, window, piece_bytes);
            if out != whole.text {
                let at = out.bytes().zip(whole.text.bytes()).take_while(|(a, b)| a == b).count();
                let from = at.saturating_sub(300);
                panic!(
                    "{name}: window {window}, pieces of {piece_bytes} format differently at {at}:\n{}\n=== whole:\n{}",
                    &out[from..(at + 300).min(out.len())],
                    &whole.text[from..(at + 300).min(whole.text.len())]
                );
            }
            assert_eq!(skipped, whole.skipped, "{name}: window {window} keeps other units");
        }
        // A range in the middle of the file.
        let units = units(lang, &text);
        if let Some(middle) = units.get(units.len() / 2) {
            let range = kibitzer_syntax::TextRange::new(middle.start(), middle.start());
            let ranged = format_range(lang, &text, range, &options);
            let mut out = String::new();
            format_into(lang, &text, Some(range), &options, 1, &mut |piece: &str| {
                out.push_str(piece);
                Ok::<(), ()>(())
            })
            .unwrap();
            assert!(out == ranged.text, "{name}: range formatting differs in windows");
        }
    }
}

#[test]
fn pgn_windows() {
    windows_agree_with_the_whole_text(Lang::Pgn);
}

#[test]
fn pbn_windows() {
    windows_agree_with_the_whole_text(Lang::Pbn);
}

#[test]
fn epd_windows() {
    windows_agree_with_the_whole_text(Lang::Epd);
}
