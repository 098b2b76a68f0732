//! PGN export format (PGN 3.2, 8.1, 8.2): the Seven Tag Roster first and in order (missing
//! roster tags added, Result from the termination marker), the other tags in ASCII order, an
//! empty line, the movetext filled greedily into lines under 80 characters with single spaces,
//! move numbers as 8.2.2.2 prescribes, canonical SAN from the replayed position, suffix
//! annotations as NAGs, comments and variations where they were, the termination marker, an
//! empty line.
//!
//! A game the formatter cannot replay (an illegal or ambiguous move, an unreadable FEN) is
//! declined, and the engine keeps it as written: canonical SAN needs the position.

use super::flat::{Children, Element, Game, Node, Tag};
use super::model;
use super::syntax_kind::SyntaxKind;
use crate::chess::san::{self, SanMove};
use crate::config::CheckOptions;
use crate::diagnostic::{Diagnostic, Severity};
use crate::format::unit::{Declined, FormatOptions, UnitFormatter};
use crate::parsing::ParseEvent;
use crate::text::{decimal_digits, TextRange};
use crate::Lang;
use cozy_chess::{Board, Color};
use std::borrow::Cow;
use std::ops::Range;

/// The Seven Tag Roster in its export order, with the value a missing tag gets (PGN 8.1.1).
const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

pub(crate) struct Formatter {
    width: usize,
    /// The window `prepare` parsed (a copy, so that `unit` can read its games afterwards), its
    /// parse events, and each game's range and events. The formatter reads the parser's flat
    /// events as the checks do: no syntax tree is built.
    text: String,
    events: Vec<ParseEvent<SyntaxKind>>,
    games: Vec<(TextRange, Range<usize>)>,
}

impl Formatter {
    pub(crate) fn new(_text: &str, options: &FormatOptions) -> Formatter {
        Formatter { width: options.max_line_width, text: String::new(), events: Vec::new(), games: Vec::new() }
    }
}

impl UnitFormatter for Formatter {
    fn prepare(&mut self, _lang: Lang, text: &str) -> (Vec<TextRange>, Vec<Diagnostic>) {
        let parse = super::parser::parse_events(text, std::mem::take(&mut self.events));
        self.games = parse.game_spans();
        let (events, errors) = parse.into_parts();
        self.events = events;
        self.text.clear();
        self.text.push_str(text);
        (self.games.iter().map(|(range, _)| *range).collect(), errors)
    }

    fn release(&mut self) {
        (self.text, self.events, self.games) = Default::default();
    }

    /// PGN leaves line ends free: a game keeps its own (the formatter writes LF).
    fn keeps_line_ends(&self) -> bool {
        true
    }

    fn unit(&mut self, range: TextRange, unit: &str) -> Result<String, Declined> {
        let formatted = match self.games.binary_search_by_key(&range.start(), |(r, _)| r.start()) {
            Ok(i) if self.games[i].0 == range => {
                format_game(&Game::of_events(&self.text, &self.events[self.games[i].1.clone()]), self.width)
            }
            // Not a unit of `prepare` (never so through the engine): parse it alone.
            _ => {
                let parse = super::parser::parse_events(unit, Vec::new());
                let mut games = parse.games();
                match (games.next(), games.next()) {
                    (Some(game), None) => format_game(&game, self.width),
                    _ => None,
                }
            }
        };
        formatted.ok_or_else(|| why_declined(unit))
    }
}

/// The errors `check` finds in a game the formatter could not replay: they say why.
fn why_declined(unit: &str) -> Declined {
    let errors: Vec<Diagnostic> =
        super::check(unit, &CheckOptions::default()).into_iter().filter(|d| d.severity == Severity::Error).collect();
    errors
}

/// The export text of one game, `None` when its moves cannot be replayed.
pub fn format_game(game: &Game<'_>, width: usize) -> Option<String> {
    let mut out = String::with_capacity(usize::from(game.range().len()) + 64);
    let leading: Vec<&str> = game
        .node()
        .children()
        .take_while(|e| e.kind() != SyntaxKind::TAG_SECTION && e.kind() != SyntaxKind::MOVETEXT)
        .filter_map(|e| match e {
            Element::Token(t)
                if matches!(t.kind, SyntaxKind::COMMENT | SyntaxKind::LINE_COMMENT | SyntaxKind::ESCAPE) =>
            {
                Some(t.text)
            }
            _ => None,
        })
        .collect();
    let tags = collect_tags(game);
    let termination = game.result().map(|t| t.text);
    let result = termination
        .or_else(|| tags.iter().find(|t| t.name == "Result").map(|t| t.value.as_ref()))
        .filter(|r| is_result(r))
        .unwrap_or("*");
    let start = start_position(&tags)?;
    for line in &leading {
        // A `;` comment or escape line keeps its own line; a brace comment too, before the tags.
        out.push_str(line);
        out.push('\n');
    }
    let to_movetext = write_tags(&mut out, &tags, result);
    out.push('\n');
    for line in to_movetext {
        out.push_str(line);
        out.push('\n');
    }
    let mut lines = Lines::new(width, out);
    if let Some(movetext) = game.movetext() {
        write_movetext(movetext, start, &mut lines)?;
    }
    lines.token(result);
    let mut out = lines.finish();
    out.push('\n');
    Some(out)
}

fn is_result(s: &str) -> bool {
    matches!(s, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// A tag pair as read, plus what the tag section kept next to it (comments, escape lines).
struct TagPair<'a> {
    name: &'a str,
    value: Cow<'a, str>,
    /// Comments and escape lines that followed this tag in the tag section.
    after: Vec<&'a str>,
}

fn collect_tags<'a>(game: &Game<'a>) -> Vec<TagPair<'a>> {
    // A game has a dozen tags or so: grown from nothing, the list was moved three times a game.
    let mut tags: Vec<TagPair> = Vec::with_capacity(16);
    let mut before_first: Vec<&str> = Vec::new();
    let Some(section) = game.tag_section() else { return tags };
    for element in section.children() {
        match element {
            Element::Node(node) => {
                if let Some((name, value)) = Tag::cast(node).and_then(|t| t.parts()) {
                    tags.push(TagPair { name: name.text, value: model::string_value(value.text), after: Vec::new() });
                }
            }
            Element::Token(token) => {
                if matches!(token.kind, SyntaxKind::COMMENT | SyntaxKind::LINE_COMMENT | SyntaxKind::ESCAPE) {
                    match tags.last_mut() {
                        Some(tag) => tag.after.push(token.text),
                        None => before_first.push(token.text),
                    }
                }
            }
        }
    }
    if let Some(first) = tags.first_mut() {
        before_first.append(&mut first.after);
        first.after = before_first;
    }
    tags
}

/// The tag section in export order: the roster (completed), then the others by name. The
/// Result tag, when missing, is the termination marker. Returns the lines that the caller
/// writes after the empty line: read again, an escape line after the last tag ends the section
/// as an empty line does (PGN 8.1), so it and the comments after it belong to the movetext;
/// written before the empty line they would move on the next run (found by fuzzing: a `%`
/// line between two tags that sorting made the last).
fn write_tags<'t, 'a>(out: &mut String, tags: &'t [TagPair<'a>], result: &str) -> &'t [&'a str] {
    let roster_index = |name: &str| SEVEN_TAG_ROSTER.iter().position(|(n, _)| *n == name);
    let mut order: Vec<(&str, &str, &[&str])> = Vec::with_capacity(tags.len() + SEVEN_TAG_ROSTER.len());
    for (name, missing) in SEVEN_TAG_ROSTER {
        let mut present = tags.iter().filter(|t| t.name == name).peekable();
        if present.peek().is_none() {
            let value = if name == "Result" { result } else { missing };
            order.push((name, value, &[]));
        }
        order.extend(present.map(|tag| (tag.name, tag.value.as_ref(), tag.after.as_slice())));
    }
    // Sized at once: collected, the list of a game's ten or so other tags grew twice.
    let mut others: Vec<&TagPair> = Vec::with_capacity(tags.len());
    others.extend(tags.iter().filter(|t| roster_index(t.name).is_none()));
    // Stable: repeated tags keep their order.
    others.sort_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes()));
    order.extend(others.into_iter().map(|tag| (tag.name, tag.value.as_ref(), tag.after.as_slice())));
    let last = order.len().saturating_sub(1);
    let mut to_movetext: &[&str] = &[];
    for (i, (name, value, after)) in order.into_iter().enumerate() {
        let mut after = after;
        if i == last {
            // An escape line reads as an empty line, which ends the section: it and what
            // follows it go after the empty line.
            let kept = after.iter().position(|line| line.starts_with('%')).unwrap_or(after.len());
            (after, to_movetext) = after.split_at(kept);
        }
        write_tag(out, name, value, after);
    }
    to_movetext
}

fn write_tag(out: &mut String, name: &str, value: &str, after: &[&str]) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    // A byte at a time: a value is a few bytes, fewer than setting up a search for either of
    // two characters costs. The rare value to escape is escaped as every string is.
    if value.bytes().any(|b| matches!(b, b'"' | b'\\')) {
        out.push_str(&model::string_escaped(value));
    } else {
        out.push_str(value);
    }
    out.push_str("\"]\n");
    for line in after {
        out.push_str(line);
        out.push('\n');
    }
}

/// The position the moves start from: the FEN tag's when there is one (standard or Chess960
/// castling notation), else the initial position.
fn start_position(tags: &[TagPair<'_>]) -> Option<Board> {
    match tags.iter().find(|t| t.name == "FEN") {
        None => Some(crate::chess::position::initial_board()),
        Some(tag) => {
            let fen = tag.value.trim();
            Board::from_fen(fen, false).or_else(|_| Board::from_fen(fen, true)).ok()
        }
    }
}

/// Movetext lines filled greedily: tokens separated by one space, each line shorter than the
/// limit unless a single token is longer.
struct Lines {
    /// The game's export text so far: the movetext is appended to the tag section. Bytes, so
    /// that a move's ASCII is copied as it is, not pushed a character at a time into a
    /// `String`; only `str`s and ASCII are written, and [`Lines::finish`] makes it text again.
    out: Vec<u8>,
    /// Characters on the current line.
    column: usize,
    width: usize,
}

impl Lines {
    /// Lines appended to `out`, which ends with a line end.
    fn new(width: usize, out: String) -> Lines {
        Lines { out: out.into_bytes(), column: 0, width }
    }

    fn token(&mut self, token: &str) {
        self.token_of(&[token]);
    }

    /// A token written in pieces (a comment's brace and first word), so that it is not put
    /// together in a new string first.
    fn token_of(&mut self, pieces: &[&str]) {
        let columns: usize = pieces.iter().map(|p| columns(p)).sum();
        self.space_for(columns);
        for piece in pieces {
            self.out.extend_from_slice(piece.as_bytes());
        }
    }

    /// A token of ASCII bytes only (a move, a move number and its dots), one column a byte:
    /// every move of the movetext comes here, and counting its characters and checking its
    /// bytes as UTF-8 cost more than writing it (together 74 M of `fmt`'s 654 M instructions on
    /// a 3 MB file of games). The token is put together on the stack and written with one copy
    /// of a fixed size, then cut to its length: a copy of a length known only when it runs is a
    /// call to `memcpy` or a loop, which cost more than the few bytes of a move.
    fn ascii_token(&mut self, pieces: &[&[u8]]) {
        let mut word = [0u8; 16];
        let mut len = 0;
        for piece in pieces {
            match word.get_mut(len..).and_then(|rest| put_small(rest, piece)) {
                Some(()) => len += piece.len(),
                None => return self.long_ascii_token(pieces),
            }
        }
        self.space_for(len);
        let end = self.out.len() + len;
        self.out.extend_from_slice(&word);
        self.out.truncate(end);
    }

    /// [`Lines::ascii_token`] for a token whose pieces do not fit its stack word (a piece of more
    /// than eight bytes, or one past the word's sixteen).
    #[cold]
    fn long_ascii_token(&mut self, pieces: &[&[u8]]) {
        self.space_for(pieces.iter().map(|p| p.len()).sum());
        for piece in pieces {
            self.out.extend_from_slice(piece);
        }
    }

    /// Starts a new line when a token of `columns` does not fit on this one, or writes the
    /// space before it; counts its columns.
    fn space_for(&mut self, columns: usize) {
        if self.column > 0 && self.column + 1 + columns > self.width {
            self.out.push(b'\n');
            self.column = 0;
        }
        if self.column > 0 {
            self.out.push(b' ');
            self.column += 1;
        }
        self.column += columns;
    }

    /// A `;` comment runs to the end of its line: it stays one when it fits a line, and
    /// becomes a brace comment otherwise (unless its text holds a `}`).
    fn line_comment(&mut self, comment: &str) {
        let text = comment.trim_end_matches([' ', '\t']);
        if text.chars().count() > self.width && !text.contains('}') {
            self.comment(&format!("{{{}}}", &text[1..]));
            return;
        }
        self.token(text);
        self.end_line();
    }

    /// A brace comment, its words filled like tokens: a space or a line break between words.
    fn comment(&mut self, comment: &str) {
        let inner = &comment[1..comment.len() - 1];
        let mut words = comment_words(inner).peekable();
        if words.peek().is_none() {
            self.token(if inner.is_empty() { "{}" } else { "{ }" });
            return;
        }
        let spaced_start = inner.starts_with(char::is_whitespace);
        let spaced_end = inner.ends_with(char::is_whitespace);
        if spaced_start {
            self.token("{");
        }
        let mut first = true;
        while let Some(word) = words.next() {
            let open = if first && !spaced_start { "{" } else { "" };
            let close = if words.peek().is_none() && !spaced_end { "}" } else { "" };
            self.token_of(&[open, word, close]);
            first = false;
        }
        if spaced_end {
            self.token("}");
        }
    }

    /// A `%` escape line: column 1 of a line of its own.
    fn escape(&mut self, line: &str) {
        self.end_line();
        self.out.extend_from_slice(line.as_bytes());
        self.out.push(b'\n');
    }

    fn end_line(&mut self) {
        if self.column > 0 {
            self.out.push(b'\n');
            self.column = 0;
        }
    }

    fn finish(mut self) -> String {
        self.end_line();
        // Always valid: every piece written was a `str` or ASCII. Were it not, the text would
        // be repaired, not lost.
        String::from_utf8(self.out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }
}

/// Copies `src` (at most eight bytes) to the start of `dst` with copies of fixed sizes, two
/// that overlap where the length falls between them; `None` when it does not fit.
fn put_small(dst: &mut [u8], src: &[u8]) -> Option<()> {
    let n = src.len();
    if n > 8 || dst.len() < 8 {
        return None;
    }
    match n {
        0 => {}
        1..=3 => {
            dst[0] = src[0];
            dst[n / 2] = src[n / 2];
            dst[n - 1] = src[n - 1];
        }
        4..=7 => {
            let (head, tail) = (src.get(..4)?, src.get(n - 4..)?);
            dst.get_mut(..4)?.copy_from_slice(head);
            dst.get_mut(n - 4..n)?.copy_from_slice(tail);
        }
        _ => dst.get_mut(..8)?.copy_from_slice(src),
    }
    Some(())
}

/// The columns `text` takes, one a character: a word of a comment or an annotation is nearly
/// always ASCII, whose bytes are counted faster than its characters.
fn columns(text: &str) -> usize {
    if text.is_ascii() {
        text.len()
    } else {
        text.chars().count()
    }
}

/// The words of a comment, split at whitespace, except that a `[%…]` command (`[%clk 0:03:00]`)
/// is never split: it stays on one line exactly as written, so that programs reading clocks and
/// evaluations still find it.
fn comment_words(inner: &str) -> impl Iterator<Item = &str> {
    let commands: Vec<(usize, usize)> = if inner.contains("[%") {
        crate::chess::commands::commands(inner)
            .map(|c| (usize::from(c.range.start()), usize::from(c.range.end())))
            .collect()
    } else {
        Vec::new()
    };
    let mut i = 0;
    let next = |i: usize| inner[i..].chars().next();
    std::iter::from_fn(move || {
        while let Some(c) = next(i).filter(|c| c.is_whitespace()) {
            i += c.len_utf8();
        }
        let start = i;
        while let Some(c) = next(i).filter(|c| !c.is_whitespace()) {
            i = match commands.iter().find(|(s, _)| *s == i) {
                Some((_, end)) => (*end).max(i + 1),
                None => i + c.len_utf8(),
            };
        }
        // An unterminated command runs to the end of the comment: its trailing blanks are the
        // separator before the `}`, not part of the word (kept, they grew on every run: found
        // by fuzzing).
        (i > start).then(|| inner[start..i].trim_end())
    })
}

/// The numeric form of a suffix annotation (PGN 8.2.3.8, NAGs 1–6).
fn suffix_nag(suffix: &str) -> Option<&'static str> {
    const NAGS: [&str; 7] = ["$0", "$1", "$2", "$3", "$4", "$5", "$6"];
    crate::chess::nag::of_suffix(suffix).map(|n| NAGS[usize::from(n)])
}

/// One line of play being written: the current position and the one before its last move
/// (from which a variation on that move starts).
struct Line {
    board: Board,
    before_last: Option<Board>,
    /// Whether the next Black move needs its `N...` (PGN 8.2.2.2).
    force_number: bool,
}

/// Writes the movetext (without the termination marker), replaying the moves to spell them
/// canonically. Variations are walked with an explicit stack of their children: the parser
/// caps their depth, and nothing here recurses anyway. `None` when a move cannot be replayed.
fn write_movetext(movetext: Node<'_>, start: Board, lines: &mut Lines) -> Option<()> {
    let mut stack: Vec<Children<'_>> = vec![movetext.children()];
    let mut play = vec![Line { board: start, before_last: None, force_number: true }];
    while let Some(frame) = stack.last_mut() {
        let Some(element) = frame.next() else {
            stack.pop();
            if stack.is_empty() {
                break;
            }
            // Back from a variation: its `)` was written with its tokens.
            play.pop();
            play.last_mut()?.force_number = true;
            continue;
        };
        let line = play.last_mut()?;
        match element {
            Element::Node(node) => match node.kind() {
                SyntaxKind::VARIATION => {
                    let board = line.before_last.clone()?;
                    line.force_number = true;
                    play.push(Line { board, before_last: None, force_number: true });
                    stack.push(node.children());
                }
                // Error nodes never get here: the engine keeps games with syntax errors.
                _ => return None,
            },
            Element::Token(token) => match token.kind {
                SyntaxKind::WHITESPACE | SyntaxKind::NEWLINE => {}
                // Written moves and their numbers are the line's own tokens ([`super::flat`]):
                // the numbers are written anew, and a suffix comes as the next token.
                SyntaxKind::SAN => write_move(token.text, line, lines)?,
                SyntaxKind::NUMBER | SyntaxKind::DOTS => {}
                SyntaxKind::L_PAREN | SyntaxKind::R_PAREN => lines.token(token.text),
                SyntaxKind::ESCAPE => lines.escape(token.text),
                SyntaxKind::COMMENT => {
                    lines.comment(token.text);
                    line.force_number = true;
                }
                SyntaxKind::LINE_COMMENT => {
                    lines.line_comment(token.text);
                    line.force_number = true;
                }
                SyntaxKind::NAG => {
                    lines.token(token.text);
                    line.force_number = true;
                }
                SyntaxKind::SUFFIX => {
                    lines.token(suffix_nag(token.text)?);
                    line.force_number = true;
                }
                SyntaxKind::RESULT_TOKEN => {} // written last, by the caller
                _ => return None,
            },
        }
    }
    Some(())
}

/// Writes a move (its number when due, canonical SAN) and plays it; its suffix, the next
/// token, is written as a NAG by the caller. The number and the SAN are put together on the
/// stack: no allocation and no formatting machinery per move.
fn write_move(written: &str, line: &mut Line, lines: &mut Lines) -> Option<()> {
    let board = &line.board;
    let dots: Option<&[u8]> = match board.side_to_move() {
        Color::White => Some(b"."),
        Color::Black if line.force_number => Some(b"..."),
        Color::Black => None,
    };
    if let Some(dots) = dots {
        let mut digits = [0; 10];
        lines.ascii_token(&[decimal_digits(u32::from(board.fullmove_number()), &mut digits), dots]);
    }
    let parsed = san::parse(written)?;
    let after = match parsed.mv {
        // The standard has no null move; `--` is how python-chess, Scid and ChessBase write it.
        SanMove::Null => {
            lines.ascii_token(&[b"--"]);
            board.null_move()?
        }
        ref mv => {
            let mv = match san::resolve(board, mv, parsed.spelling.ambiguous_b) {
                san::Resolution::Legal(m) => m,
                _ => return None,
            };
            // Resolved moves are legal: played without testing legality again.
            let mut after = board.clone();
            after.play_unchecked(mv);
            match parsed.canonical_unless_written(board, mv, &after) {
                Some(canonical) => lines.ascii_token(&[canonical.as_bytes()]),
                None => lines.ascii_token(&[written.as_bytes()]),
            }
            after
        }
    };
    line.force_number = false;
    line.before_last = Some(std::mem::replace(&mut line.board, after));
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(text: &str) -> String {
        Formatter::new(text, &FormatOptions::default()).unit(TextRange::default(), text).unwrap()
    }

    /// A token written in pieces is written as their bytes put together, whatever their
    /// lengths (each from nothing to past what the short copies take), after a space or on a
    /// new line when it does not fit.
    #[test]
    fn ascii_tokens_are_their_pieces_put_together() {
        let bytes: Vec<u8> = (b'a'..=b'z').collect();
        for first in 0..=20 {
            for second in [0, 1, 2, 3, 4, 5, 7, 8, 9, 12] {
                let (a, b) = (&bytes[..first], &bytes[26 - second..]);
                let token = format!("{}{}", std::str::from_utf8(a).unwrap(), std::str::from_utf8(b).unwrap());
                let mut lines = Lines::new(80, String::from("x\n"));
                lines.ascii_token(&[b"1."]);
                lines.ascii_token(&[a, b]);
                assert_eq!(lines.finish(), format!("x\n1. {token}\n"), "{first} {second}");
                // Four columns: after `1.`, a token of more than one byte goes to the next line.
                let mut narrow = Lines::new(4, String::new());
                narrow.ascii_token(&[b"1."]);
                narrow.ascii_token(&[a, b]);
                let gap = if token.len() > 1 { "\n" } else { " " };
                assert_eq!(narrow.finish(), format!("1.{gap}{token}\n"), "narrow {first} {second}");
            }
        }
    }

    #[test]
    fn roster_order_missing_tags_and_escapes() {
        let out = fmt("[White \"A \\\"B\\\"\"]\n[ECO \"C20\"]\n[Annotator \"x\"]\n1. e4 e5 1-0\n");
        assert_eq!(
            out,
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A \\\"B\\\"\"]\n\
             [Black \"?\"]\n[Result \"1-0\"]\n[Annotator \"x\"]\n[ECO \"C20\"]\n\n1. e4 e5 1-0\n\n"
        );
    }

    /// Found by `fuzz/run.sh fmt-pgn` (`[O""]\r%\n[Round""]…`): an escape line between two tags
    /// was written after the tag that export order puts last, and read back on the next run as
    /// the start of the movetext, after the empty line. It goes there at once now, with the
    /// comments after it; comments before it stay in the tag section, as the parser reads them.
    #[test]
    fn an_escape_line_after_the_last_tag_goes_to_the_movetext() {
        for (text, tail) in [
            ("[Z \"\"]\n%c\n[A \"\"]\n\n1. e4 *\n", "[Z \"\"]\n\n%c\n1. e4 *\n\n"),
            ("[Z \"\"]\n;c\n%d\n[A \"\"]\n\n1. e4 *\n", "[Z \"\"]\n;c\n\n%d\n1. e4 *\n\n"),
            ("[Z \"\"]\n%d\n;c\n[A \"\"]\n\n1. e4 *\n", "[Z \"\"]\n\n%d\n;c\n1. e4 *\n\n"),
            ("[O\"\"]\r%\n[Round\"\"]e4 e5 *", "[O \"\"]\n\n%\n1. e4 e5 *\n\n"),
        ] {
            let once = fmt(text);
            assert!(once.ends_with(tail), "{text:?} gave {once:?}");
            assert_eq!(fmt(&once), once, "{text:?}: idempotent");
        }
    }

    /// Found by `fuzz/coverage.sh fmt-pgn`: a tag repeated after an escape line
    /// (`[Result""]` `%` `[g""][Result""]…`) was sorted next to its twin with the escape line
    /// between them, which the next run read as an empty line and so as the start of a second
    /// game. An escape line is no empty line (PGN 6): the section stays one.
    #[test]
    fn an_escape_line_between_two_tags_of_one_name_keeps_one_game() {
        let text = "[Result\"\"]\n%\n[g\"\"][Result\"\"][W\"\"]e4 c5 *";
        let once = fmt(text);
        assert!(once.contains("[Result \"\"]\n%\n[Result \"\"]\n"), "{once:?}");
        assert_eq!(fmt(&once), once);
        assert_eq!(crate::pgn::units(&once).len(), 1, "{once:?}");
        // With an empty line after the escape line, the repeated tag starts the next game.
        assert_eq!(crate::pgn::units("[A \"\"]\n%\n\n[A \"\"]\n").len(), 2);
    }

    #[test]
    fn move_numbers_suffixes_comments_and_variations() {
        let out = fmt("[Result \"*\"]\n1 e4 e5? 2 Ng1f3 {good} Nc6 (2...d6 3.d4) 3.Bb5 $1 a6!? *");
        assert!(
            out.ends_with("\n\n1. e4 e5 $2 2. Nf3 {good} 2... Nc6 ( 2... d6 3. d4 ) 3. Bb5 $1 3... a6 $5 *\n\n"),
            "{out}"
        );
    }

    /// Found by `fuzz/run.sh fmt-pgn` (`.;`): a comment that starts the movetext, written after
    /// the tag section's empty line, was read back into the tag section and moved up a line on
    /// the next run. The empty line ends the tag section (PGN 8.1) unless more tags follow.
    #[test]
    fn a_comment_starting_the_movetext_stays_there() {
        for text in [".;", "[Event \"x\"]\n\n{c}\n1. e4 *\n", "[Event \"x\"]\n\n; c\n\n{d}\n[Site \"y\"]\n\n1. e4 *\n"]
        {
            let once = fmt(text);
            assert_eq!(fmt(&once), once, "{text:?}");
        }
        assert!(fmt("[Event \"x\"]\n\n{c}\n1. e4 *\n").contains("[Result \"*\"]\n\n{c} 1. e4 *"));
        // Comments between tags, even after an empty line, stay with the tags.
        assert!(fmt("[Event \"x\"]\n\n{c}\n[Site \"y\"]\n\n1. e4 *\n").contains("[Event \"x\"]\n{c}\n[Site \"y\"]"));
    }

    #[test]
    fn lines_are_filled_below_80_columns() {
        let moves = "1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(20);
        let out = fmt(&format!("{moves}*\n"));
        let movetext = out.split("\n\n").nth(1).unwrap();
        assert!(movetext.lines().all(|l| l.len() < 80 && !l.starts_with(' ') && !l.ends_with(' ')));
        assert!(movetext.lines().take(3).all(|l| l.len() > 70), "{movetext}");
    }

    #[test]
    fn black_to_move_start_and_castling() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 12";
        let out = fmt(&format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n12... 0-0-0 13. O-O *\n"));
        assert!(out.ends_with("\n\n12... O-O-O 13. O-O *\n\n"), "{out}");
    }

    #[test]
    fn illegal_moves_are_declined() {
        let mut f = Formatter::new("", &FormatOptions::default());
        assert!(f.unit(TextRange::default(), "1. e5 *\n").is_err());
    }

    #[test]
    fn long_line_comments_become_brace_comments() {
        let long = "word ".repeat(30);
        let out = fmt(&format!("1. e4 ;{long}\ne5 ;short\n*\n"));
        assert!(out.contains("1. e4 {word word"), "{out}");
        assert!(out.contains("1... e5 ;short\n*"), "{out}");
    }

    #[test]
    fn command_comments_are_never_split_or_respaced() {
        // Each command would straddle the 80th column if its words were filled one by one.
        let pad = "x".repeat(62);
        let out = fmt(&format!("1. e4 {{ {pad} [%clk  0:03:00] }} e5 {{ {pad}[%cal Ge2e4,Rd8h4] [%eval #-3] }} *\n"));
        assert!(out.contains("\n[%clk  0:03:00] }"), "{out}");
        assert!(out.contains("[%cal Ge2e4,Rd8h4]") && out.contains("[%eval #-3]"), "{out}");
        assert_eq!(fmt(&out), out);
    }

    /// Found by `fuzz/run.sh fmt-pgn`: an unterminated command (`{[%k }`) took the comment's
    /// closing blank into its word, and every run added a space before the `}`.
    #[test]
    fn an_unterminated_command_keeps_one_blank_before_the_brace() {
        let once = fmt("1. g3 {[%k } d5 {[%clk 0:01:00 } *\n");
        assert!(once.contains("{[%k } 1... d5 {[%clk 0:01:00 } *"), "{once}");
        assert_eq!(fmt(&once), once);
    }
}
