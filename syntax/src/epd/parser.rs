//! The EPD/FEN parser: one node per line, a lossless tree for any input.
//!
//! A record line is its position fields (four, or six with the FEN clocks) followed by
//! operations `opcode operand… ;`. Whatever does not fit is kept in an `ERROR_NODE`, and the
//! next line starts afresh, so an error never spreads past its line.

use super::lexer::tokenize;
use super::syntax_kind::{EPDLanguage, SyntaxKind, SyntaxKind::*};
use crate::diagnostic::{Diagnostic, TextEdit};
use crate::parsing::{EventSink, Parse, ParseEvent, Parser, Sink};
use crate::text::TextRange;

crate::diagnostic::declare_rules! {
    EPD_OPERATION_UNTERMINATED = "EPD001" "epd-missing-semicolon" Error Import "PGN 16.2.4"
        "Every EPD operation ends with `;`"
        "An operation is an opcode, its operands and a semicolon. A missing semicolon at the end of the line is read as if it were there."
        bad: "4k3/8/8/8/8/8/8/4K3 w - - id \"a\"", good: "4k3/8/8/8/8/8/8/4K3 w - - id \"a\";";
    EPD_UNTERMINATED_STRING = "EPD002" "epd-unterminated-string" Error Import "PGN 16.2.4.1"
        "A string operand is closed by `\"` on the same line"
        "String operands are delimited by a quote at each end; a quote inside is written `\\\"`."
        bad: "4k3/8/8/8/8/8/8/4K3 w - - id \"a;", good: "4k3/8/8/8/8/8/8/4K3 w - - id \"a\";";
    EPD_OPCODE_SYNTAX = "EPD003" "epd-opcode-syntax" Error Import "PGN 16.2.4.1"
        "An opcode is a letter followed by up to 14 letters, digits or underscores"
        "Each operation starts with an opcode identifier; anything else where an opcode is expected is unreadable."
        bad: "4k3/8/8/8/8/8/8/4K3 w - - 9x 1;", good: "4k3/8/8/8/8/8/8/4K3 w - - dm 1;";
    EPD_EMPTY_OPERATION = "EPD013" "epd-empty-operation" Error Import "PGN 16.2.4"
        "A `;` without an opcode"
        "Each semicolon ends an operation that starts with an opcode; a stray `;` is an empty operation."
        bad: "4k3/8/8/8/8/8/8/4K3 w - - id \"a\";;", good: "4k3/8/8/8/8/8/8/4K3 w - - id \"a\";";
    EPD_LEADING_SEMICOLONS = "EPD017" "epd-leading-semicolons" Error Import "PGN 16.2.4"
        "Operations led by `;` instead of ended by it (the perft-suite layout `;D1 20 ;D2 400`)"
        "Each operation ends with a semicolon. Perft suites (Ethereal's and many engines') write one before each operation instead; the operations are read as they are meant, and the fix moves each `;` after its operation."
        bad: "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D2 25", good: "4k3/8/8/8/8/8/8/4K3 w - - 0 1 D1 5; D2 25;";
}

/// The lossless tree of `text`, for the views and the reprint.
pub fn parse(text: &str) -> Parse<EPDLanguage> {
    let mut p = Parser::new(text, tokenize(text), ROOT, is_trivia);
    file(&mut p);
    p.finish()
}

/// The same parse as flat events (written into `buffer`, cleared first), with the syntax
/// errors: what the checks and the formatter read ([`super::model`]), with no tree built.
pub fn parse_events(text: &str, buffer: Vec<ParseEvent<SyntaxKind>>) -> (Vec<ParseEvent<SyntaxKind>>, Vec<Diagnostic>) {
    let mut p = Parser::with_sink(text, tokenize(text), ROOT, is_trivia, EventSink::reusing(buffer));
    file(&mut p);
    let (sink, errors) = p.finish_into_sink();
    (sink.into_events(), errors)
}

type P<'t, S> = Parser<'t, SyntaxKind, S>;

fn is_trivia(kind: SyntaxKind) -> bool {
    kind == WHITESPACE
}

fn file<S: Sink<SyntaxKind>>(p: &mut P<'_, S>) {
    while !p.at_end() {
        line(p);
    }
}

const FIELDS: [SyntaxKind; 4] = [PLACEMENT, SIDE_TO_MOVE, CASTLING, EN_PASSANT];

fn at_line_end<S: Sink<SyntaxKind>>(p: &P<'_, S>) -> bool {
    matches!(p.current(), None | Some(NEWLINE))
}

fn finish_line<S: Sink<SyntaxKind>>(p: &mut P<'_, S>) {
    while !at_line_end(p) {
        p.bump();
    }
    if p.at(NEWLINE) {
        p.bump();
    }
    p.finish_node();
}

fn line<S: Sink<SyntaxKind>>(p: &mut P<'_, S>) {
    match p.peek_non_trivia() {
        None | Some(NEWLINE) => {
            p.start_node(BLANK_LINE);
            finish_line(p);
        }
        Some(COMMENT) => {
            p.start_node(COMMENT_LINE);
            finish_line(p);
        }
        _ => record(p),
    }
}

/// A clock or counter field: what follows the four position fields and starts like a number
/// (opcodes start with a letter, so there is no confusion with operations).
fn is_numeric_field(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+')
}

fn record<S: Sink<SyntaxKind>>(p: &mut P<'_, S>) {
    p.start_node(RECORD);
    let mut fields = 0;
    while fields < FIELDS.len() {
        p.skip_trivia();
        if !p.at(WORD) {
            break;
        }
        p.bump_as(FIELDS[fields]);
        fields += 1;
    }
    if fields < FIELDS.len() {
        // Too few fields: the check reports the count; keep the rest of the line as it is.
        p.skip_trivia();
        if !at_line_end(p) {
            p.start_node(ERROR_NODE);
            while !at_line_end(p) {
                p.bump();
            }
            p.finish_node();
        }
        finish_line(p);
        return;
    }
    let mut numeric = 0;
    loop {
        p.skip_trivia();
        if !(p.at(WORD) && is_numeric_field(p.current_text())) {
            break;
        }
        p.bump_as(match numeric {
            0 => HALFMOVE_CLOCK,
            1 => FULLMOVE_NUMBER,
            _ => EXTRA_FIELD,
        });
        numeric += 1;
    }
    if leads_with_semicolons(p) {
        operations_led_by_semicolons(p);
        finish_line(p);
        return;
    }
    loop {
        p.skip_trivia();
        match p.current() {
            None | Some(NEWLINE) => break,
            Some(WORD) => operation(p),
            Some(SEMICOLON) => {
                let range = p.current_range();
                p.start_node(OPERATION);
                p.bump();
                p.finish_node();
                p.push_diagnostic(
                    Diagnostic::new(&EPD_EMPTY_OPERATION, range, "`;` without an opcode: an empty operation")
                        .with_replacement("Remove the `;`", range, ""),
                );
            }
            Some(_) => garbage(p),
        }
    }
    finish_line(p);
}

fn operation<S: Sink<SyntaxKind>>(p: &mut P<'_, S>) {
    p.start_node(OPERATION);
    let opcode = p.current_range();
    let opcode_text = p.current_text();
    p.bump_as(OPCODE);
    let mut last = opcode;
    let mut broken_string = false;
    loop {
        p.skip_trivia();
        match p.current() {
            Some(WORD) => {
                last = p.current_range();
                p.bump_as(OPERAND);
            }
            Some(STRING) => {
                last = p.current_range();
                p.bump();
            }
            Some(UNTERMINATED_STRING) => {
                last = p.current_range();
                p.error(&EPD_UNTERMINATED_STRING, last, "string operand not closed by `\"` before the end of the line");
                broken_string = true;
                p.bump();
            }
            Some(SEMICOLON) => {
                p.bump();
                break;
            }
            _ => {
                if !broken_string {
                    p.push_diagnostic(
                        Diagnostic::new(
                            &EPD_OPERATION_UNTERMINATED,
                            TextRange::new(opcode.start(), last.end()),
                            format!("operation `{opcode_text}` is not ended by `;`"),
                        )
                        .with_fix(
                            "Add `;`",
                            vec![TextEdit::insert(last.end(), ";")],
                            crate::diagnostic::Applicability::Safe,
                        ),
                    );
                }
                break;
            }
        }
    }
    p.finish_node();
}

/// Whether the rest of the line is operations each led by `;` instead of ended by it, the
/// perft-suite layout (`;D1 20 ;D2 400`): a `;` first, an opcode after every `;`, and no `;` last.
/// Read as the standard's operations, it would be an empty operation at its start and an
/// unended one at its end: two diagnostics for one habit.
fn leads_with_semicolons<S: Sink<SyntaxKind>>(p: &P<'_, S>) -> bool {
    let mut n = 0;
    while p.nth(n) == Some(WHITESPACE) {
        n += 1;
    }
    if p.nth(n) != Some(SEMICOLON) {
        return false;
    }
    n += 1;
    let mut last = SEMICOLON;
    loop {
        match p.nth(n) {
            None | Some(NEWLINE) => return last != SEMICOLON,
            Some(WHITESPACE) => {}
            Some(kind) => {
                if last == SEMICOLON && (kind != WORD || !p.nth_text(n).starts_with(|c: char| c.is_ascii_alphabetic()))
                {
                    return false;
                }
                last = kind;
            }
        }
        n += 1;
    }
}

/// The operations of the perft-suite layout ([`leads_with_semicolons`]), each node its `;`, opcode
/// and operands, as the model reads them (an operation with a `;` is terminated); one diagnostic
/// for the whole layout, whose fix writes each `;` after its operation.
fn operations_led_by_semicolons<S: Sink<SyntaxKind>>(p: &mut P<'_, S>) {
    p.skip_trivia();
    let start = p.current_range().start();
    let mut end = start;
    let mut rewritten: Vec<String> = Vec::new();
    while p.at(SEMICOLON) {
        p.start_node(OPERATION);
        p.bump();
        p.skip_trivia();
        let mut words = vec![p.current_text()];
        end = p.current_range().end();
        p.bump_as(OPCODE);
        loop {
            p.skip_trivia();
            match p.current() {
                Some(WORD) => {
                    words.push(p.current_text());
                    end = p.current_range().end();
                    p.bump_as(OPERAND);
                }
                Some(STRING) => {
                    words.push(p.current_text());
                    end = p.current_range().end();
                    p.bump();
                }
                _ => break,
            }
        }
        p.finish_node();
        rewritten.push(format!("{};", words.join(" ")));
    }
    let range = TextRange::new(start, end);
    p.push_diagnostic(
        Diagnostic::new(
            &EPD_LEADING_SEMICOLONS,
            range,
            "each operation is led by `;` instead of ended by it (the perft-suite layout): expected `opcode operands;`",
        )
        .with_fix(
            "Write each `;` after its operation",
            vec![TextEdit::replace(range, rewritten.join(" "))],
            crate::diagnostic::Applicability::Safe,
        ),
    );
}

/// A token where an opcode should be: skip to the end of this operation (the next `;`).
fn garbage<S: Sink<SyntaxKind>>(p: &mut P<'_, S>) {
    p.start_node(ERROR_NODE);
    let start = p.current_range();
    let found = p.current_text().to_owned();
    let mut end = start;
    while !at_line_end(p) && !p.at(SEMICOLON) {
        if p.at(UNTERMINATED_STRING) {
            p.error(
                &EPD_UNTERMINATED_STRING,
                p.current_range(),
                "string not closed by `\"` before the end of the line",
            );
        }
        if !p.at(WHITESPACE) {
            end = p.current_range();
        }
        p.bump();
    }
    if p.at(SEMICOLON) {
        p.bump();
    }
    p.finish_node();
    p.error(
        &EPD_OPCODE_SYNTAX,
        start.cover(end),
        format!("expected an opcode, found `{}`", found.chars().take(40).collect::<String>()),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(text: &str) -> String {
        format!("{:#?}", parse(text).syntax())
    }

    #[test]
    fn the_perft_layout_is_one_diagnostic_with_operations_read_as_meant() {
        let text = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D2 25\n4k3/8/8/8/8/8/8/4K3 w - - ; id \"a\";\n";
        let parse = parse(text);
        assert_eq!(parse.syntax().to_string(), text);
        let codes: Vec<(&str, &str)> = parse.errors().iter().map(|d| (d.code, &text[d.range])).collect();
        // The second line ends its operation with `;`: its leading `;` is an empty operation.
        assert_eq!(codes, [("EPD017", ";D1 5 ;D2 25"), ("EPD013", ";")]);
        let fix = parse.errors()[0].fix.as_ref().expect("a fix");
        assert_eq!(
            crate::diagnostic::apply_edits(text, &fix.edits).0.lines().next(),
            Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1 D1 5; D2 25;")
        );
        let t = tree(text);
        assert!(t.contains("OPCODE@31..33 \"D1\"") && t.contains("OPERAND@40..42 \"25\""), "{t}");
    }

    #[test]
    fn records_are_lossless_and_structured() {
        let text = "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 Ke2; id \"x;y\";\r\n\n% c\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
        let parse = parse(text);
        assert_eq!(parse.syntax().to_string(), text);
        assert!(parse.errors().is_empty(), "{:?}", parse.errors());
        let kinds: Vec<_> = parse.syntax().children().map(|n| n.kind()).collect();
        assert_eq!(kinds, [RECORD, BLANK_LINE, COMMENT_LINE, RECORD]);
        let t = tree(text);
        assert!(t.contains("OPCODE@26..28 \"bm\""), "{t}");
        assert!(t.contains("FULLMOVE_NUMBER"), "{t}");
    }

    /// The corpus's EPD files and a few broken lines.
    fn samples() -> Vec<String> {
        let mut texts: Vec<String> = [
            "4k3/8/8/8/8/8/8/4K3 w - - c0 \"open\n4k3/8/8/8/8/8/8/4K3 w - - \"x\" ; id \"a\"\r\n",
            "  8/8 w ; ;; bm e4 \t\r% c\n# d\r\n\n\n4k3/8 w - - 1 2 3 -4 0x id x y \"z\\\"",
            "",
        ]
        .map(str::to_owned)
        .to_vec();
        let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/epd");
        let mut dirs = vec![corpus];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path);
                } else if let Ok(bytes) = std::fs::read(&path) {
                    texts.push(crate::text::decode(&bytes).text);
                }
            }
        }
        texts
    }

    /// The checks read the events, the views the tree: they must be the same parse.
    #[test]
    fn events_describe_the_tree() {
        for text in samples() {
            let (events, errors) = parse_events(&text, Vec::new());
            let mut builder = rowan::GreenNodeBuilder::new();
            for event in events {
                match event {
                    ParseEvent::Start { kind, .. } => builder.start_node(kind.into()),
                    ParseEvent::Token(kind, range) => builder.token(kind.into(), &text[range]),
                    ParseEvent::Finish(_) => builder.finish_node(),
                }
            }
            let tree = parse(&text);
            assert_eq!(builder.finish(), *tree.green(), "{text:?}");
            assert_eq!(errors, tree.errors(), "{text:?}");
        }
    }

    #[test]
    fn errors_stay_on_their_line() {
        let text = "4k3/8/8/8/8/8/8/4K3 w - - c0 \"open\n4k3/8/8/8/8/8/8/4K3 w - - \"x\" ; id \"a\"\n";
        let parse = parse(text);
        assert_eq!(parse.syntax().to_string(), text);
        let codes: Vec<_> = parse.errors().iter().map(|d| (d.code, &text[d.range])).collect();
        assert_eq!(codes, [("EPD002", "\"open"), ("EPD003", "\"x\""), ("EPD001", "id \"a\"")]);
    }
}
