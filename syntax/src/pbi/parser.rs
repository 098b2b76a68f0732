//! The PBI parser: one node per line, a lossless tree for any input.
//!
//! The first `#` line is the marker, later `#` lines are comments (the check says whether they
//! are where the format allows them), and every other line is a data line split at `:` into
//! the nine fields; anything after the ninth field is kept in `EXTRA_FIELDS`. Nothing here can
//! carry an error past the end of its line.

use super::lexer::tokenize;
use super::syntax_kind::{PBILanguage, SyntaxKind, SyntaxKind::*};
use crate::parsing::{Parse, Parser};

pub fn parse(text: &str) -> Parse<PBILanguage> {
    let mut p = Parser::new(text, tokenize(text), ROOT, |_| false);
    if p.at(BOM) {
        p.bump();
    }
    let mut first = true;
    while !p.at_end() {
        match p.current() {
            Some(HASH_LINE) => {
                p.start_node(if first { MARKER_LINE } else { COMMENT_LINE });
                p.bump();
            }
            Some(NEWLINE) => p.start_node(BLANK_LINE),
            _ => {
                p.start_node(DATA_LINE);
                data_fields(&mut p);
            }
        }
        if p.at(NEWLINE) {
            p.bump();
        }
        p.finish_node();
        first = false;
    }
    p.finish()
}

fn at_line_end(p: &Parser<SyntaxKind>) -> bool {
    matches!(p.current(), None | Some(NEWLINE))
}

fn data_fields(p: &mut Parser<SyntaxKind>) {
    for (i, kind) in SyntaxKind::FIELDS.into_iter().enumerate() {
        p.start_node(kind);
        while !at_line_end(p) && !p.at(COLON) {
            p.bump();
        }
        p.finish_node();
        if !p.at(COLON) {
            return;
        }
        if i + 1 < SyntaxKind::FIELDS.len() {
            p.bump();
        }
    }
    // A colon after the ninth field: everything from it to the end of the line is extra.
    p.start_node(EXTRA_FIELDS);
    while !at_line_end(p) {
        p.bump();
    }
    p.finish_node();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_fields() {
        let text = "\u{FEFF}#PBI 1.2\r\n# note\nA:8/8:#2:|||::::\u{85}\nB:::::::::x:y";
        let parse = parse(text);
        assert_eq!(parse.syntax().to_string(), text);
        let kinds: Vec<_> = parse.syntax().children().map(|n| n.kind()).collect();
        assert_eq!(kinds, [MARKER_LINE, COMMENT_LINE, DATA_LINE, BLANK_LINE, DATA_LINE]);
        let last = parse.syntax().children().last().unwrap();
        let fields: Vec<_> = last.children().map(|n| (n.kind(), n.text().to_string())).collect();
        assert_eq!(fields.len(), 10);
        assert_eq!(fields[8], (COMMENT, String::new()));
        assert_eq!(fields[9], (EXTRA_FIELDS, ":x:y".to_owned()));
    }
}
