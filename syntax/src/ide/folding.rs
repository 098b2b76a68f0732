//! Folding: games, multi-line comments, variations and PBN sections.

use super::scan::{scan, tag_pairs, Kind};
use super::split::{games, ts};
use super::types::{Fold, FoldKind};
use crate::text::{TextRange, TextSize};
use crate::Lang;

/// Foldable regions: games, multi-line comments, variations, PBN sections.
pub fn folding(lang: Lang, text: &str) -> Vec<Fold> {
    if matches!(lang, Lang::Epd | Lang::Pbi | Lang::Lin) {
        return Vec::new();
    }
    let tokens = scan(text);
    let mut out: Vec<Fold> =
        games(lang, text, &tokens).iter().map(|g| Fold { range: g.range, kind: FoldKind::Region }).collect();
    let mut open: Vec<TextSize> = Vec::new();
    for t in &tokens {
        match t.kind {
            Kind::Comment if text[t.range].contains('\n') => out.push(Fold { range: t.range, kind: FoldKind::Comment }),
            Kind::ParenOpen => open.push(t.range.start()),
            Kind::ParenClose => {
                if let Some(s) = open.pop() {
                    out.push(Fold { range: TextRange::new(s, t.range.end()), kind: FoldKind::Region });
                }
            }
            _ => {}
        }
    }
    if lang == Lang::Pbn {
        // A section (Auction, Play, a table or a user-defined section: PBN 5.1) runs from its
        // tag to the next tag pair; a tag followed only by a comment is not one.
        let pairs = tag_pairs(text, &tokens);
        for (i, p) in pairs.iter().enumerate() {
            let end = pairs.get(i + 1).map_or(text.trim_end().len(), |n| usize::from(n.range.start()));
            let end = ts(text[..end].trim_end().len());
            if end <= p.range.end() {
                continue;
            }
            let data = text[TextRange::new(p.range.end(), end)].trim_start();
            let has_data = !data.is_empty() && !data.starts_with(['{', ';', '%']);
            if (matches!(&text[p.name], "Auction" | "Play") && has_data)
                || crate::pbn::model::is_section(&text[p.name], has_data)
            {
                out.push(Fold { range: TextRange::new(p.range.start(), end), kind: FoldKind::Region });
            }
        }
    }
    out.sort_by_key(|f| (f.range.start(), std::cmp::Reverse(f.range.end())));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ide::test_texts::PGN;

    #[test]
    fn folding_follows_the_text() {
        let f = folding(Lang::Pgn, PGN);
        assert!(f.iter().any(|f| f.kind == FoldKind::Comment && &PGN[f.range] == "{good\nmove}"));
    }

    #[test]
    fn pbn_sections_fold_and_the_table_tag_does_not() {
        let pbn = "[Board \"1\"]\n[Table \"3\"]\n{a comment}\n[Auction \"N\"]\n1C Pass\n[Note \"1:x\"]\n\
                   [ScoreTable \"PairId\\2R;Score\\4R\"]\n 1 +420\n 2 -50\n[MyData \"x\"]\nsome data\n";
        let folded: Vec<&str> = folding(Lang::Pbn, pbn)
            .iter()
            .filter(|f| f.kind == FoldKind::Region)
            .map(|f| pbn[f.range].lines().next().unwrap_or(""))
            .collect();
        assert!(folded.contains(&"[Auction \"N\"]"), "{folded:?}");
        assert!(folded.contains(&"[ScoreTable \"PairId\\2R;Score\\4R\"]"), "{folded:?}");
        assert!(folded.contains(&"[MyData \"x\"]"), "{folded:?}");
        assert!(!folded.iter().any(|f| f.starts_with("[Table") || f.starts_with("[Note")), "{folded:?}");
    }
}
