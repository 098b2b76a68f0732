//! Note navigation (PBN): from a note reference `=n=` to the `Note` tag that explains it, and
//! from a note to its references.

use super::scan::{scan, tag_pairs, token_at, Kind, TagPair, Tok};
use crate::text::{TextRange, TextSize};
use crate::Lang;

/// The `Note` tag that explains the note reference at `reference`: notes follow the section
/// whose references they explain, so the first `Note n:` after the reference, else the last
/// one before it.
pub(super) fn note_definition<'p>(
    text: &str,
    _tokens: &[Tok],
    pairs: &'p [TagPair],
    reference: TextRange,
) -> Option<&'p TagPair> {
    let n = note_number(&text[reference])?;
    let notes: Vec<&TagPair> = pairs
        .iter()
        .filter(|p| &text[p.name] == "Note")
        .filter(|p| p.value.is_some_and(|v| text[v].split_once(':').is_some_and(|(k, _)| k.trim() == n)))
        .collect();
    notes.iter().find(|p| p.range.start() >= reference.end()).or(notes.last()).copied()
}

fn note_number(reference: &str) -> Option<&str> {
    reference.strip_prefix('=')?.strip_suffix('=')
}

/// Where the note reference (or `Note` tag) at `offset` is explained.
pub fn definition(lang: Lang, text: &str, offset: TextSize) -> Option<TextRange> {
    if lang != Lang::Pbn {
        return None;
    }
    let tokens = scan(text);
    let tok = token_at(&tokens, offset)?;
    let pairs = tag_pairs(text, &tokens);
    match tok.kind {
        Kind::NoteRef => note_definition(text, &tokens, &pairs, tok.range).map(|p| p.range),
        _ => {
            let pair = pairs.iter().find(|p| p.range.contains_range(tok.range) && &text[p.name] == "Note")?;
            Some(pair.range)
        }
    }
}

/// The note references explained by the same `Note` tag as the element at `offset`, and that
/// tag itself.
pub fn references(lang: Lang, text: &str, offset: TextSize) -> Vec<TextRange> {
    let Some(note) = definition(lang, text, offset) else { return Vec::new() };
    let tokens = scan(text);
    let pairs = tag_pairs(text, &tokens);
    let mut out: Vec<TextRange> = tokens
        .iter()
        .filter(|t| t.kind == Kind::NoteRef)
        .filter(|t| note_definition(text, &tokens, &pairs, t.range).map(|p| p.range) == Some(note))
        .map(|t| t.range)
        .collect();
    out.push(note);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ide::test_texts::{at, PBN};

    #[test]
    fn notes_link_references_and_definitions() {
        let def = definition(Lang::Pbn, PBN, at(PBN, "=2=")).unwrap();
        assert_eq!(&PBN[def], "[Note \"2:the lead\"]");
        let refs = references(Lang::Pbn, PBN, at(PBN, "Note \"1"));
        assert_eq!(refs.iter().map(|r| &PBN[*r]).collect::<Vec<_>>(), ["=1=", "[Note \"1:five spades\"]"]);
    }
}
