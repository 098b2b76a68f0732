//! The PGN grammar: a file is a sequence of games, each with optional leading comments, a tag
//! section and movetext (PGN 8). Parsing never fails; problems become error nodes and
//! diagnostics, and every problem is recovered at the latest at the next game.
//!
//! A game ends after its termination marker, or when a `[` starts a line after the movetext
//! has begun (as real readers do, so a game missing its result does not swallow the next).
//! Variations nest up to [`MAX_VARIATION_DEPTH`]; deeper parentheses stay flat tokens so no
//! input can make the tree (or anything walking it) deeper than that.

use super::flat::FlatParse;
use super::lexer::{self, lex};
use super::syntax_kind::{PGNLanguage, SyntaxKind, SyntaxKind::*};
use crate::diagnostic::Diagnostic;
use crate::names::NameSet;
use crate::parsing::{EventSink, Parse, ParseEvent, Parser, Rewind, Sink, UnitSink};
use crate::text::{TextRange, TextSize};

crate::diagnostic::declare_rules! {
    UNTERMINATED_STRING = "PGN001" "unterminated-string" Error Import "PGN 7"
        "A tag value string is not closed before the end of the line"
        "A string token ends with a `\"` on the same line; a quote inside the value is written `\\\"`. The string is taken to end at the end of the line."
        bad: "[Event \"Club\n\n1. e4 *\n", good: "[Event \"Club\"]\n\n1. e4 *\n";
    UNTERMINATED_COMMENT = "PGN002" "unterminated-comment" Error Import "PGN 5"
        "A brace comment is never closed with `}`"
        "A `{` comment runs to the next `}`. When none follows before the next game, the comment is taken to end before that game so that it is still read."
        bad: "1. e4 {good move\n\n[Event \"Next\"]\n1. d4 *\n", good: "1. e4 {good move} *\n\n[Event \"Next\"]\n1. d4 *\n";
    UNCLOSED_VARIATION = "PGN003" "unclosed-variation" Error Import "PGN 8.2.5"
        "A variation opened with `(` is never closed"
        "Every recursive annotation variation ends with `)` before the game ends."
        bad: "1. e4 (1. d4 d5 e5 *\n", good: "1. e4 (1. d4 d5) e5 *\n";
    UNEXPECTED_TOKEN = "PGN004" "unexpected-token" Error Import "PGN 8.2"
        "Text in the movetext that is not a move, move number, annotation, comment or result"
        "Movetext holds move number indications, SAN moves, NAGs, comments, variations and one termination marker. Anything else is skipped up to the next token that makes sense."
        bad: "1. e4 e5 this is garbage 2. Nf3 *\n", good: "1. e4 e5 {this is a comment} 2. Nf3 *\n";
    MALFORMED_TAG = "PGN005" "malformed-tag" Error Import "PGN 8.1"
        "A tag pair is not `[Name \"value\"]`"
        "A tag pair is a `[`, a tag name, a string value in double quotes and a `]`, on one line."
        bad: "[Event Club]\n\n1. e4 *\n", good: "[Event \"Club\"]\n\n1. e4 *\n";
    VARIATION_TOO_DEEP = "PGN006" "variation-too-deep" Error Import "PGN 8.2.5"
        "Variations are nested more deeply than kibitzer follows"
        "kibitzer follows variations nested up to 128 levels; deeper parentheses are not replayed. No real game needs more."
        bad: "1. e4 ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1. d4)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))) *\n", good: "1. e4 (1. d4 (1. c4)) *\n";
    ESCAPE_NOT_IN_COLUMN_1 = "PGN007" "escape-not-in-column-1" Error Import "PGN 6"
        "A `%` escape that does not start its line"
        "The `%` escape mechanism applies only to lines whose first character is `%`; elsewhere `%` is not a PGN token."
        bad: "1. e4 % private\n*\n", good: "% private\n1. e4 *\n";
    EXTRA_RESULT = "PGN304" "extra-result" Error Import "PGN 8.2.6"
        "More than one termination marker after the moves"
        "A game's movetext ends with exactly one termination marker."
        bad: "1. e4 * *\n", good: "1. e4 *\n";
}

/// How deeply variations nest in the tree; deeper ones are reported and kept flat.
pub const MAX_VARIATION_DEPTH: usize = 128;

/// Parses `text` into a lossless rowan tree: what the language server's views read.
pub fn parse(text: &str) -> Parse<PGNLanguage> {
    let mut p = Parser::new(text, lex(text), ROOT, SyntaxKind::is_trivia);
    file(&mut p);
    p.finish()
}

/// Parses `text` with the same grammar into the flat event list the checks read
/// ([`super::flat`]), reusing `buffer`'s memory: no tree is built. Blanks and line breaks get no
/// event (they are the gaps between the events), nor do the move and move number nodes (their
/// tokens are the movetext's or the variation's; see [`super::flat`]).
///
/// Plain games are read in one pass over their bytes ([`super::plain`]), which records what the
/// grammar would; from the first game that is not plain on, the grammar reads the rest.
pub fn parse_events(text: &str, buffer: Vec<ParseEvent<SyntaxKind>>) -> FlatParse<'_> {
    let sink = EventSink::dropping(buffer, lexer::is_blank).without_leaf_nodes();
    let (sink, errors) = read_games(text, sink);
    FlatParse::new(text, sink.into_events(), errors)
}

/// [`parse_events`] by the grammar alone, every game lexed and parsed: what the plain reading
/// must equal (the tests compare them).
pub fn parse_events_by_grammar(text: &str, buffer: Vec<ParseEvent<SyntaxKind>>) -> FlatParse<'_> {
    let tokens = lexer::lex_into(text, TOKENS.take());
    let sink = EventSink::dropping(buffer, lexer::is_blank).without_leaf_nodes();
    let mut p = Parser::with_sink(text, tokens, ROOT, SyntaxKind::is_trivia, sink);
    file(&mut p);
    let (sink, errors, tokens) = p.finish_into_parts();
    crate::parsing::keep_tokens(&TOKENS, tokens);
    FlatParse::new(text, sink.into_events(), errors)
}

thread_local! {
    /// Each thread's token list, reused from parse to parse ([`crate::parsing::keep_tokens`]).
    static TOKENS: std::cell::Cell<Vec<crate::parsing::Token<SyntaxKind>>> = const { std::cell::Cell::new(Vec::new()) };
}

/// The range of every game of `text`, read as [`parse_events`] reads them with nothing
/// recorded but where games start and end: the language server cuts documents with it.
pub fn parse_units(text: &str) -> Vec<TextRange> {
    read_games(text, UnitSink::default()).0.into_units()
}

/// Reads the games of `text` into `sink`: the plain ones in one pass ([`super::plain`]), from the
/// first that is not plain on the rest by the grammar; gives back the sink, its root closed, and
/// the syntax errors.
fn read_games<S: Sink<SyntaxKind> + Rewind>(text: &str, mut sink: S) -> (S, Vec<Diagnostic>) {
    sink.start_node(ROOT);
    match super::plain::read_games(text, &mut sink, MAX_VARIATION_DEPTH) {
        None => {
            sink.finish_node();
            (sink, Vec::new())
        }
        Some(from) => {
            let tokens = lexer::lex_from(text, from, TOKENS.take());
            let mut p = Parser::continuing(text, tokens, SyntaxKind::is_trivia, sink);
            file(&mut p);
            let (sink, errors, tokens) = p.finish_into_parts();
            crate::parsing::keep_tokens(&TOKENS, tokens);
            (sink, errors)
        }
    }
}

fn file<S: Sink<SyntaxKind>>(p: &mut P<'_, S>) {
    while !p.at_end() {
        p.skip_trivia();
        if p.at_end() {
            break;
        }
        game(p);
    }
}

type P<'t, S> = Parser<'t, SyntaxKind, S>;

/// Whether the current token is the first non-blank thing on its line.
fn at_line_start<S: Sink<SyntaxKind>>(p: &P<'_, S>) -> bool {
    lexer::starts_line(p.text().as_bytes(), usize::from(p.current_range().start()))
}

fn game<S: Sink<SyntaxKind>>(p: &mut P<'_, S>) {
    p.start_node(GAME);
    // Comments before the tags belong to the game they precede.
    while matches!(p.current(), Some(COMMENT | LINE_COMMENT)) {
        comment(p);
        p.skip_trivia();
    }
    if p.at(L_BRACKET) {
        tag_section(p);
    }
    movetext(p);
    p.finish_node();
}

fn comment<S: Sink<SyntaxKind>>(p: &mut P<'_, S>) {
    if p.at(COMMENT) && !lexer::comment_is_terminated(p.current_text()) {
        let start = p.current_range().start();
        let range = TextRange::at(start, TextSize::from(1));
        p.error(&UNTERMINATED_COMMENT, range, "brace comment is never closed with `}`");
    }
    p.bump();
}

/// Tag pairs and comments between them. An empty line followed by a tag whose name this
/// section already has starts the next game (files of tag-only games look like that).
fn tag_section<S: Sink<SyntaxKind>>(p: &mut P<'_, S>) {
    p.start_node(TAG_SECTION);
    // The tag names of the section so far.
    let mut names: NameSet<&str> = NameSet::with_capacity(16);
    // Where a tag was found after a run of comments: the comments before it need no new look.
    let mut tag_ahead: Option<TextSize> = None;
    loop {
        match p.current() {
            Some(L_BRACKET) => {
                if let Some(name) = tag_name_at(p, 0) {
                    names.push(name);
                }
                tag(p);
            }
            Some(COMMENT | LINE_COMMENT) => comment(p),
            _ => break,
        }
        // Does the section go on past the trivia ahead? (Each run of trivia is looked at a
        // bounded number of times, so this stays linear.) If not, the trivia belongs to the
        // movetext.
        let Some(n) = (0..).find(|&i| p.nth(i).is_none_or(|k| !k.is_trivia())) else { break };
        match p.nth(n) {
            // A comment after an empty line belongs to the movetext (the empty line ends the
            // tag section, PGN 8.1), unless more tags follow it.
            Some(COMMENT | LINE_COMMENT) if blank_line_ahead(p) && !tag_after_comments(p, n, &mut tag_ahead) => break,
            Some(COMMENT | LINE_COMMENT) => {}
            Some(L_BRACKET) => {
                if blank_line_ahead(p) && tag_name_at(p, n).is_some_and(|name| names.contains(name)) {
                    break;
                }
            }
            _ => break,
        }
        p.skip_trivia();
    }
    p.finish_node();
}

/// Whether the trivia ahead holds an empty line.
/// Whether a tag comes after the comments and trivia from `n` tokens ahead. `known` remembers
/// the last tag found this way, so that a long run of comments is looked through once, not once
/// per comment.
fn tag_after_comments<S: Sink<SyntaxKind>>(p: &P<'_, S>, n: usize, known: &mut Option<TextSize>) -> bool {
    if known.is_some_and(|at| p.current_range().start() < at) {
        return true;
    }
    let Some(i) = (n..).find(|&i| !matches!(p.nth(i), Some(k) if k.is_trivia() || matches!(k, COMMENT | LINE_COMMENT)))
    else {
        return false;
    };
    if p.nth(i) != Some(L_BRACKET) {
        return false;
    }
    // The start of the `[`: the text up to it is the current token's start plus the lengths of
    // the tokens between, which `nth_text` gives.
    let offset = (0..i).fold(p.current_range().start(), |at, k| at + TextSize::of(p.nth_text(k)));
    *known = Some(offset);
    true
}

/// An escape line (PGN 6) is not an empty line: its reader ignores it, line end and all, so the
/// line end after a `%` line is not counted (`[A ""]` `%` `[A ""]` on three lines is one tag
/// section; with an empty line after the `%` line it is two).
fn blank_line_ahead<S: Sink<SyntaxKind>>(p: &P<'_, S>) -> bool {
    let mut newlines = 0;
    let mut after_escape = false;
    for i in 0.. {
        match p.nth(i) {
            Some(NEWLINE) if after_escape => after_escape = false,
            Some(NEWLINE) => newlines += 1,
            Some(ESCAPE) => after_escape = true,
            Some(WHITESPACE) => {}
            _ => break,
        }
        if newlines >= 2 {
            return true;
        }
    }
    false
}

/// The name of the tag whose `[` is `n` tokens ahead.
fn tag_name_at<'t, S: Sink<SyntaxKind>>(p: &P<'t, S>, n: usize) -> Option<&'t str> {
    let mut i = n + 1;
    while p.nth(i) == Some(WHITESPACE) {
        i += 1;
    }
    matches!(p.nth(i), Some(SYMBOL | SAN | NUMBER | RESULT_TOKEN)).then(|| p.nth_text(i))
}

/// `[Name "value"]`, recovering at the `]` or at the end of the line.
fn tag<S: Sink<SyntaxKind>>(p: &mut P<'_, S>) {
    p.start_node(TAG);
    let open = p.current_range();
    p.bump(); // [
    skip_blanks(p);
    let mut ok = true;
    match p.current() {
        Some(SYMBOL | SAN | NUMBER | RESULT_TOKEN) => p.bump_as(TAG_NAME),
        _ => {
            let range = p.current_range();
            p.error(&MALFORMED_TAG, range, "expected a tag name after `[`");
            ok = false;
        }
    }
    skip_blanks(p);
    if ok {
        if p.at(STRING) {
            let range = p.current_range();
            let terminated = lexer::string_is_terminated(p.current_text());
            p.bump();
            if !terminated {
                p.error(
                    &UNTERMINATED_STRING,
                    range,
                    "tag value string is not closed with `\"` before the end of the line",
                );
                ok = false;
            }
        } else {
            let range = p.current_range();
            let found = describe(p);
            p.error(&MALFORMED_TAG, range, format!("expected a tag value in double quotes, found {found}"));
            ok = false;
        }
    }
    skip_blanks(p);
    if p.at(R_BRACKET) {
        p.bump();
    } else {
        // Skip the rest of the tag up to `]` on this line.
        let stop = |k: Option<SyntaxKind>| matches!(k, None | Some(NEWLINE | R_BRACKET | L_BRACKET));
        if !stop(p.current()) {
            p.start_node(ERROR);
            let start = p.current_range().start();
            let mut end = start;
            while !stop(p.current()) {
                end = p.current_range().end();
                p.bump();
            }
            p.finish_node();
            if ok {
                p.error(&MALFORMED_TAG, TextRange::new(start, end), "unexpected text in a tag pair");
                ok = false;
            }
        }
        if p.at(R_BRACKET) {
            p.bump();
        } else if ok {
            let at = TextRange::empty(p.current_range().start());
            p.error(&MALFORMED_TAG, open.cover(at), "tag pair is not closed with `]`");
        }
    }
    p.finish_node();
}

fn skip_blanks<S: Sink<SyntaxKind>>(p: &mut P<'_, S>) {
    while p.at(WHITESPACE) {
        p.bump();
    }
}

fn describe<S: Sink<SyntaxKind>>(p: &P<'_, S>) -> String {
    match p.current() {
        None => "the end of the file".to_owned(),
        Some(NEWLINE) => "the end of the line".to_owned(),
        Some(_) => format!("`{}`", short(p.current_text())),
    }
}

fn short(s: &str) -> String {
    crate::text::shortened(s, 30)
}

/// Movetext up to and including the termination marker, or up to the next game.
fn movetext<S: Sink<SyntaxKind>>(p: &mut P<'_, S>) {
    p.start_node(MOVETEXT);
    // Open variations: the range of each `(`, innermost last. Beyond the tree's depth cap
    // `flat` counts the parentheses kept as plain tokens.
    let mut open: Vec<TextRange> = Vec::new();
    let mut flat = 0usize;
    let mut reported_depth = false;
    while let Some(kind) = p.current() {
        match kind {
            k if k.is_trivia() => p.bump(),
            L_BRACKET if at_line_start(p) => break,
            RESULT_TOKEN => {
                close_variations(p, &mut open);
                p.bump();
                extra_results(p);
                break;
            }
            // Move numbers and moves are leaf nodes, which the checks' event list leaves out:
            // `flat::FlatParse::build_tree` groups their tokens again by these same rules.
            NUMBER => {
                p.start_leaf_node(MOVE_NUMBER);
                p.bump();
                if p.at(DOTS) {
                    p.bump();
                }
                p.finish_leaf_node();
            }
            DOTS => {
                p.start_leaf_node(MOVE_NUMBER);
                p.bump();
                p.finish_leaf_node();
            }
            SAN => {
                p.start_leaf_node(MOVE);
                p.bump();
                if p.at(SUFFIX) {
                    p.bump();
                }
                p.finish_leaf_node();
            }
            NAG | SUFFIX => p.bump(),
            COMMENT | LINE_COMMENT => comment(p),
            L_PAREN => {
                if open.len() < MAX_VARIATION_DEPTH {
                    open.push(p.current_range());
                    p.start_node(VARIATION);
                } else {
                    if !reported_depth {
                        let range = p.current_range();
                        p.error(
                            &VARIATION_TOO_DEEP,
                            range,
                            format!("variations nested deeper than {MAX_VARIATION_DEPTH} levels"),
                        );
                        reported_depth = true;
                    }
                    flat += 1;
                }
                p.bump();
            }
            R_PAREN if flat > 0 => {
                flat -= 1;
                p.bump();
            }
            R_PAREN if !open.is_empty() => {
                p.bump();
                p.finish_node();
                open.pop();
            }
            _ => garbage(p),
        }
    }
    close_variations(p, &mut open);
    p.finish_node();
}

/// More termination markers on the line of the first (`1-0 1-0`) belong to this game, as
/// errors: a game has exactly one.
fn extra_results<S: Sink<SyntaxKind>>(p: &mut P<'_, S>) {
    while (p.at(WHITESPACE) && p.nth(1) == Some(RESULT_TOKEN)) || p.at(RESULT_TOKEN) {
        skip_blanks(p);
        let range = p.current_range();
        p.start_node(ERROR);
        p.bump();
        p.finish_node();
        p.error(&EXTRA_RESULT, range, "a second termination marker: a game has exactly one");
    }
}

/// Reports the variations still open where the game ends, each at its `(`.
fn close_variations<S: Sink<SyntaxKind>>(p: &mut P<'_, S>, open: &mut Vec<TextRange>) {
    while let Some(range) = open.pop() {
        p.error(&UNCLOSED_VARIATION, range, "variation is never closed with `)`");
        p.finish_node();
    }
}

/// Tokens that have no place in movetext, up to the next token that has one or the end of the
/// line: one error node and one diagnostic per run.
fn garbage<S: Sink<SyntaxKind>>(p: &mut P<'_, S>) {
    p.start_node(ERROR);
    let start = p.current_range().start();
    let first = p.current();
    let first_text = p.current_text();
    let mut end = p.current_range().end();
    p.bump();
    loop {
        match p.current() {
            Some(SYMBOL | ERROR_TOKEN | STRING | R_BRACKET | TAG_NAME) => {}
            Some(L_BRACKET) if !at_line_start(p) => {}
            Some(WHITESPACE) if matches!(p.nth(1), Some(SYMBOL | ERROR_TOKEN | STRING | R_BRACKET)) => {}
            _ => break,
        }
        if !p.at(WHITESPACE) {
            end = p.current_range().end();
        }
        p.bump();
    }
    p.finish_node();
    let range = TextRange::new(start, end);
    if first == Some(ERROR_TOKEN) && first_text.starts_with('%') {
        p.error(&ESCAPE_NOT_IN_COLUMN_1, TextRange::at(start, 1.into()), "`%` escapes a line only in column 1");
    } else if first == Some(R_PAREN) {
        p.error(&UNEXPECTED_TOKEN, TextRange::at(start, 1.into()), "`)` closes no variation");
    } else {
        let text = &p.text()[range];
        p.error(
            &UNEXPECTED_TOKEN,
            range,
            format!("`{}` is not a move, move number, annotation or result", short(text)),
        );
    }
}
