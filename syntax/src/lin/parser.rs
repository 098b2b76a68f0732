//! The LIN parser: pairs grouped into boards, a lossless tree for any input.
//!
//! BBO writes a hand record one board a line (`pn|…|md|…|pg||`); its vugraph files number
//! their boards with `qx|o1|` and break lines after `pg||`. So a text with a `qx` pair
//! anywhere has a board from each `qx` to the next (the pairs before the first are the
//! `HEADER`: event, players, scores), and any other text has a board a line. Errors are the
//! grammar's only: a pair whose line ends before its closing `|`, a name that is not two
//! letters, text that is no pair. What the values mean is the check's business.

use super::lexer::tokenize;
use super::syntax_kind::{LINLanguage, SyntaxKind, SyntaxKind::*};
use crate::parsing::{Parse, Parser};

crate::diagnostic::declare_rules! {
    PAIR_NOT_CLOSED = "LIN001" "pair-not-closed" Error Import "BBO LIN"
        "A pair whose line ends before the `|` that closes its value."
        "Every LIN pair is a name, `|`, a value and `|`; a value never spans a line end, so the pair is read up to the line end and the next line starts afresh."
        bad: "md|3SAKQ", good: "md|3SAKQ|";
    PAIR_NAME = "LIN002" "pair-name" Error Import "BBO LIN"
        "A pair name that is not two letters."
        "LIN pair names are two letters (`md`, `mb`, `pc` …); anything else before a `|` is a broken pair, often a `|` too many or too few earlier on the line."
        bad: "md|3SAKQ|x|p|", good: "md|3SAKQ|mb|p|";
    STRAY_TEXT = "LIN003" "stray-text" Error Import "BBO LIN"
        "Text between pairs that is no pair (no `|` follows it on its line)."
        "Everything in a LIN text is a pair `name|value|`, with blanks and line ends between pairs."
        bad: "pg|| hello", good: "pg||";
}

pub fn parse(text: &str) -> Parse<LINLanguage> {
    parse_numbered(text, super::lexer::is_numbered(text))
}

/// [`parse`] of a stretch of a larger text, which says whether it numbers its boards with `qx`
/// (a stretch of boards of a numbered text need not hold a `qx`: the header alone).
pub fn parse_numbered(text: &str, numbered: bool) -> Parse<LINLanguage> {
    let tokens = tokenize(text);
    let mut p = Parser::new(text, tokens, ROOT, SyntaxKind::is_trivia);
    p.skip_trivia();
    if numbered && !at_qx(&p) && !p.at_end() {
        p.start_node(HEADER);
        while !p.at_end() && !at_qx(&p) {
            item(&mut p);
        }
        p.finish_node();
    }
    while !p.at_end() {
        p.start_node(BOARD);
        item(&mut p);
        if numbered {
            while !p.at_end() && !at_qx(&p) {
                item(&mut p);
            }
        } else {
            while !p.at_end() && !p.at(NEWLINE) {
                item(&mut p);
            }
            if p.at(NEWLINE) {
                p.bump();
            }
        }
        p.finish_node();
        // Blank lines between boards belong to the root.
        p.skip_trivia();
    }
    p.finish()
}

fn at_qx(p: &Parser<SyntaxKind>) -> bool {
    p.at(NAME) && p.current_text().eq_ignore_ascii_case("qx")
}

/// One pair, a stray text or a blank.
fn item(p: &mut Parser<SyntaxKind>) {
    match p.current() {
        Some(NAME | BAR) => pair(p),
        Some(ERROR) => {
            let range = p.current_range();
            p.error(&STRAY_TEXT, range, format!("`{}` is not a pair `name|value|`", p.current_text()));
            p.bump();
        }
        _ => p.bump(),
    }
}

fn pair(p: &mut Parser<SyntaxKind>) {
    p.start_node(PAIR);
    let start = p.current_range().start();
    if p.at(NAME) {
        let name = p.current_text();
        if !is_pair_name(name) {
            let range = p.current_range();
            p.error(&PAIR_NAME, range, format!("`{name}` is not a pair name: pair names are two letters"));
        }
        p.bump();
    } else {
        let range = p.current_range();
        p.error(&PAIR_NAME, range, "a `|` where a pair name should be");
    }
    p.bump(); // The `|` after the name (the lexer gives one after every name).
    let mut end = p.current_range().start();
    if p.at(VALUE) {
        end = p.current_range().end();
        p.bump();
    }
    if p.at(BAR) {
        p.bump();
    } else {
        let range = crate::text::TextRange::new(start, end);
        p.error(&PAIR_NOT_CLOSED, range, format!("`{}` is not closed by `|` before the line ends", &p.text()[range]));
    }
    p.finish_node();
}

/// Whether `name` is a LIN pair name: two ASCII letters.
pub fn is_pair_name(name: &str) -> bool {
    name.len() == 2 && name.bytes().all(|b| b.is_ascii_alphabetic())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boards(text: &str) -> Vec<(SyntaxKind, String)> {
        let parse = parse(text);
        assert_eq!(parse.syntax().to_string(), text);
        parse.syntax().children().map(|n| (n.kind(), n.text().to_string())).collect()
    }

    #[test]
    fn a_board_a_line() {
        let text = "pn|a,b,c,d|md|3S|pg||\n\npn|e,f,g,h|md|1S|\n";
        assert_eq!(
            boards(text),
            vec![(BOARD, "pn|a,b,c,d|md|3S|pg||\n".to_owned()), (BOARD, "pn|e,f,g,h|md|1S|\n".to_owned()),]
        );
    }

    #[test]
    fn numbered_boards_span_lines() {
        let text = "vg|Final|\npn|a,b|\nqx|o1|md|3S|pg||\nmb|p|pg||\nqx|c1|md|3S|\n";
        assert_eq!(
            boards(text),
            vec![
                (HEADER, "vg|Final|\npn|a,b|\n".to_owned()),
                (BOARD, "qx|o1|md|3S|pg||\nmb|p|pg||\n".to_owned()),
                (BOARD, "qx|c1|md|3S|\n".to_owned()),
            ]
        );
    }

    #[test]
    fn errors_are_the_grammars() {
        let codes = |text: &str| parse(text).errors().iter().map(|d| d.code).collect::<Vec<_>>();
        assert_eq!(codes("md|3S|"), Vec::<&str>::new());
        assert_eq!(codes("md|3S\nmb|p|"), vec!["LIN001"]);
        assert_eq!(codes("md|3S|x|p|"), vec!["LIN002"]);
        assert_eq!(codes("|p|"), vec!["LIN002"]);
        assert_eq!(codes("pg|| hello"), vec!["LIN003"]);
    }
}
