//! Completion: tag names after `[`, a tag's enumerated values inside its quotes, NAGs after `$`,
//! the legal moves (PGN), calls and cards (PBN) being typed, EPD opcodes.

use super::docs::{self, EPD_OPCODES};
use super::scan::{scan, tag_pairs, Kind};
use super::split::{epd_words, lines, ts};
use super::types::{Completion, CompletionKind};
use super::{bridge, chess};
use crate::text::{TextRange, TextSize};
use crate::Lang;

/// Completions at `offset`: tag names, enumerated tag values, NAGs, EPD opcodes.
pub fn completions(lang: Lang, text: &str, offset: TextSize) -> Vec<Completion> {
    match lang {
        Lang::Pgn | Lang::Pbn => complete_tagged(lang, text, offset),
        Lang::Epd => complete_epd(text, offset),
        Lang::Pbi | Lang::Lin => Vec::new(),
    }
}

fn complete_tagged(lang: Lang, text: &str, offset: TextSize) -> Vec<Completion> {
    let tokens = scan(text);
    let i = tokens.partition_point(|t| t.range.end() < offset);
    let here = tokens.get(i).filter(|t| t.range.contains_inclusive(offset));
    let before = if i > 0 { tokens.get(i - 1) } else { None };
    // Right after `[`, or in the name after it: tag names.
    let name_at = match here {
        Some(t) if t.kind == Kind::TagOpen && t.range.end() == offset => Some(TextRange::empty(offset)),
        Some(t) if t.kind == Kind::TagName => Some(TextRange::new(t.range.start(), offset)),
        Some(t) if t.kind == Kind::Whitespace && before.is_some_and(|b| b.kind == Kind::TagOpen) => {
            Some(TextRange::empty(offset))
        }
        _ => None,
    };
    if let Some(replace) = name_at {
        let typed = &text[replace];
        return docs::tags(lang)
            .iter()
            .filter(|t| t.name.starts_with(typed))
            .map(|t| Completion {
                label: t.name.to_owned(),
                kind: CompletionKind::TagName,
                detail: Some(format!("{} — {}", t.section, t.meaning)),
                documentation: Some(docs::tag_markdown(t)),
                replace,
                insert: t.name.to_owned(),
            })
            .collect();
    }
    // Inside a value's quotes: the tag's values.
    if let Some(t) = here.filter(|t| t.kind == Kind::TagValue && t.range.start() < offset) {
        let pairs = tag_pairs(text, &tokens);
        let Some(pair) = pairs.iter().find(|p| p.range.contains_range(t.range)) else { return Vec::new() };
        let Some(value) = pair.value.filter(|v| v.contains_inclusive(offset)) else { return Vec::new() };
        let Some(doc) = docs::tag_doc(lang, &text[pair.name]) else { return Vec::new() };
        return doc
            .values
            .iter()
            .map(|(v, m)| Completion {
                label: (*v).to_owned(),
                kind: CompletionKind::TagValue,
                detail: Some((*m).to_owned()),
                documentation: None,
                replace: value,
                insert: (*v).to_owned(),
            })
            .collect();
    }
    // After `$`: the NAGs.
    if let Some(t) = here.filter(|t| t.kind == Kind::Nag && t.range.start() < offset) {
        let typed = &text[TextRange::new(t.range.start() + ts(1), offset)];
        let (max, nag): (u32, fn(u32) -> Option<String>) =
            if lang == Lang::Pbn { (14, docs::pbn_nag) } else { (139, docs::pgn_nag) };
        return (0..=max)
            .filter(|n| n.to_string().starts_with(typed))
            .filter_map(|n| {
                let doc = nag(n)?;
                Some(Completion {
                    label: format!("${n}"),
                    kind: CompletionKind::Nag,
                    detail: Some(doc.split_once(": ").map_or(doc.clone(), |(_, m)| m.to_owned())),
                    documentation: Some(doc),
                    replace: TextRange::new(t.range.start(), offset),
                    insert: format!("${n}"),
                })
            })
            .collect();
    }
    match lang {
        Lang::Pgn => chess::move_completions(text, offset),
        _ => bridge::completions(text, offset),
    }
}

fn complete_epd(text: &str, offset: TextSize) -> Vec<Completion> {
    let offset = usize::from(offset);
    let Some((start, line)) = lines(text).find(|(s, l)| (*s..=s + l.len()).contains(&offset)) else {
        return Vec::new();
    };
    let before = &line[..offset - start];
    let typed_start = before.rfind(|c: char| c.is_whitespace() || c == ';').map_or(0, |i| i + 1);
    let typed = &before[typed_start..];
    // Opcodes come after the four position fields, at the start of an operation.
    let fields_before = epd_words(&before[..typed_start]).len();
    let starts_operation = fields_before == 4 || before[..typed_start].trim_end().ends_with(';');
    if fields_before < 4 || !starts_operation {
        return Vec::new();
    }
    EPD_OPCODES
        .iter()
        .filter(|(op, _)| op.starts_with(typed))
        .map(|(op, doc)| Completion {
            label: (*op).to_owned(),
            kind: CompletionKind::Opcode,
            detail: Some((*doc).to_owned()),
            documentation: None,
            replace: TextRange::new(ts(start + typed_start), ts(offset)),
            insert: (*op).to_owned(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ide::test_texts::{PBN, PGN};

    /// Found by the language server soak test: the cursor just before a `$` that starts the text
    /// (or follows a token without a space) panicked.
    #[test]
    fn completion_just_before_a_nag_does_not_panic() {
        for text in [PGN, PBN] {
            for (i, _) in text.match_indices('$') {
                let _ = completions(Lang::Pgn, text, ts(i));
            }
        }
        let _ = completions(Lang::Pgn, "1. e4 $1 *\n", ts(6));
        // Every offset of texts made of the formats' delimiters.
        let pieces = ["$", "$2", "[", "]", "\"", " ", "\n", "{", "}", "e4", "=1=", "Pass", "%", ";", "x"];
        let mut rng = crate::testing::Rng::new(0x9e37_79b9_7f4a_7c15);
        for _ in 0..1000 {
            let mut text = String::new();
            for _ in 0..8 {
                text.push_str(pieces[rng.below(pieces.len())]);
            }
            for lang in [Lang::Pgn, Lang::Pbn] {
                for offset in 0..=text.len() {
                    let r = std::panic::catch_unwind(|| completions(lang, &text, ts(offset)));
                    assert!(r.is_ok(), "{lang:?} {text:?} at {offset}");
                }
            }
        }
    }

    #[test]
    fn completion_offers_tag_names_values_and_nags() {
        let text = "[Vul";
        let c = completions(Lang::Pbn, text, ts(4));
        assert_eq!(c.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(), ["Vulnerable"]);
        assert_eq!(c[0].replace, TextRange::new(ts(1), ts(4)));
        let text = "[Vulnerable \"\"]";
        let c = completions(Lang::Pbn, text, ts(13));
        assert!(c.iter().any(|c| c.label == "None"));
        assert_eq!(c[0].replace, TextRange::empty(ts(13)));
        let text = "1. e4 $13";
        let c = completions(Lang::Pgn, text, ts(text.len()));
        assert_eq!(
            c.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(),
            ["$13", "$130", "$131", "$132", "$133", "$134", "$135", "$136", "$137", "$138", "$139"]
        );
        // A move being typed: the legal moves that start so.
        let c = completions(Lang::Pgn, "[Event \"x\"]\n1. e4", ts(17));
        assert_eq!(c.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(), ["e4"]);
        assert_eq!(c[0].kind, CompletionKind::Move);
    }

    #[test]
    fn epd_completion_offers_opcodes() {
        let line = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 bm e5; id \"x\";";
        let c = complete_epd(line, ts(line.find("bm").unwrap() + 1));
        assert!(c.iter().any(|c| c.label == "bm"));
    }
}
