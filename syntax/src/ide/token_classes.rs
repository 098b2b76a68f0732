//! Token classes, for semantic highlighting: tags, moves, calls and cards, NAGs, comments,
//! note references, escapes, in document order.

use super::scan::{scan, Kind};
use super::types::TokenClass;
use crate::text::TextRange;
use crate::Lang;

/// Token classes in document order, for semantic highlighting.
pub fn classify(lang: Lang, text: &str) -> Vec<(TextRange, TokenClass)> {
    if matches!(lang, Lang::Epd | Lang::Pbi | Lang::Lin) {
        return Vec::new();
    }
    let tokens = scan(text);
    let mut section = "";
    let mut out = Vec::with_capacity(tokens.len());
    for t in &tokens {
        let class = match t.kind {
            Kind::TagName => {
                section = if matches!(&text[t.range], "Auction" | "Play") { &text[t.range] } else { "" };
                Some(TokenClass::TagName)
            }
            Kind::TagValue => Some(TokenClass::TagValue),
            Kind::MoveNumber if lang == Lang::Pgn => Some(TokenClass::MoveNumber),
            Kind::Word if lang == Lang::Pgn => Some(TokenClass::Move),
            Kind::Word if section == "Auction" => Some(TokenClass::Call),
            Kind::Word if section == "Play" => Some(TokenClass::Card),
            Kind::Nag => Some(TokenClass::Nag),
            Kind::Comment => Some(TokenClass::Comment),
            Kind::Result if lang == Lang::Pgn => Some(TokenClass::Result),
            Kind::NoteRef => Some(TokenClass::NoteRef),
            Kind::Escape => Some(TokenClass::Escape),
            _ => None,
        };
        if let Some(c) = class {
            out.push((t.range, c));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ide::test_texts::PBN;

    #[test]
    fn classes_follow_the_text() {
        let classes = classify(Lang::Pbn, PBN);
        let class_of = |w: &str| classes.iter().find(|(r, _)| &PBN[*r] == w).map(|(_, c)| *c);
        assert_eq!(class_of("Pass"), Some(TokenClass::Call));
        assert_eq!(class_of("H2"), Some(TokenClass::Card));
        assert_eq!(class_of("=1="), Some(TokenClass::NoteRef));
    }
}
