//! Document links: the `http://` and `https://` URLs inside tag values (a lichess `Site`, an
//! `Annotator` or `Source` page, any tag), with the exact range of each URL.

use super::scan::{scan, tag_pairs};
use crate::text::{TextRange, TextSize};
use crate::Lang;

/// A URL in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub range: TextRange,
    pub target: String,
}

/// The URLs in the tag values of a unit's `text` (PGN and PBN; EPD and PBI have no tags).
pub fn links(lang: Lang, text: &str) -> Vec<Link> {
    if !matches!(lang, Lang::Pgn | Lang::Pbn) || !text.contains("http") {
        return Vec::new();
    }
    let tokens = scan(text);
    let mut out = Vec::new();
    for pair in tag_pairs(text, &tokens) {
        let Some(value) = pair.value else { continue };
        let v = &text[value];
        let mut from = 0;
        while let Some(found) = find_scheme(&v[from..]) {
            let start = from + found;
            // A URL ends at whitespace, a quote, an escape or a bracket; trailing punctuation of
            // the sentence around it is not part of it.
            let len = v[start..]
                .find(|c: char| c.is_whitespace() || matches!(c, '"' | '\\' | '<' | '>' | '[' | ']' | '{' | '}'))
                .unwrap_or(v.len() - start);
            let url = v[start..start + len].trim_end_matches(['.', ',', ';', ':', '!', '?', ')', '\'']);
            from = start + len.max(1);
            if url.len() <= "https://".len() {
                continue;
            }
            let at = usize::from(value.start()) + start;
            out.push(Link {
                range: TextRange::at(TextSize::from(at as u32), TextSize::from(url.len() as u32)),
                target: url.to_owned(),
            });
        }
    }
    out
}

fn find_scheme(s: &str) -> Option<usize> {
    let http = s.find("http://");
    let https = s.find("https://");
    match (http, https) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_in_tag_values_with_exact_ranges() {
        let text = "[Site \"https://lichess.org/abc123\"]\n[Annotator \"Me (see http://x.org/a?b=1).\"]\n\
            [Event \"no link\"]\n\n1. e4 {https://not.a.tag} *";
        let found = links(Lang::Pgn, text);
        let urls: Vec<&str> = found.iter().map(|l| &text[l.range]).collect();
        assert_eq!(urls, ["https://lichess.org/abc123", "http://x.org/a?b=1"]);
        assert_eq!(found[0].target, urls[0]);
        assert!(links(Lang::Epd, text).is_empty());
        assert!(links(Lang::Pgn, "[Site \"https://\"]").is_empty());
    }
}
