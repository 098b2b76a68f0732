//! Typed views over the EPD parser's events: records with their position fields and operations.
//! They describe the tree [`super::parse`] builds (the events are that tree, flat), without
//! building it: checking a line costs a few allocations, not a tree.

use super::syntax_kind::{SyntaxKind, SyntaxKind::*};
use crate::chess::fen::FenField;
use crate::parsing::ParseEvent;
use crate::text::{TextRange, TextSize};
use std::borrow::Cow;

/// One operand of an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Operand<'a> {
    /// The operand as written (quotes included for strings).
    pub raw: &'a str,
    pub range: TextRange,
    /// A quoted string (closed or not).
    pub quoted: bool,
}

impl<'a> Operand<'a> {
    /// The value: a string's content without quotes and with `\"`/`\\` unescaped (borrowed
    /// when nothing is unescaped, as for every move).
    pub fn value(&self) -> Cow<'a, str> {
        if !self.quoted {
            return Cow::Borrowed(self.raw);
        }
        let inner = self.raw.strip_prefix('"').unwrap_or(self.raw);
        let inner = inner.strip_suffix('"').unwrap_or(inner);
        if !inner.contains('\\') {
            return Cow::Borrowed(inner);
        }
        let mut out = String::with_capacity(inner.len());
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => out.extend(chars.next()),
                c => out.push(c),
            }
        }
        Cow::Owned(out)
    }
}

/// The operands of an operation.
pub type OperandList<'a> = smallvec::SmallVec<[Operand<'a>; 2]>;

/// An operation `opcode operand… ;`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Operation<'a> {
    pub opcode: &'a str,
    pub opcode_range: TextRange,
    /// Kept in place for the one or two of nearly every operation: allocating and freeing were
    /// a sixth of `check`'s instructions on the corpus's suites, a record's vectors most of it.
    pub operands: OperandList<'a>,
    pub range: TextRange,
    /// Ended by `;` (the parser reports one that is not, EPD001).
    pub terminated: bool,
}

/// A record line: its position fields (in order) and operations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record<'a> {
    /// Four or six, kept in place (as the operands are).
    pub fields: smallvec::SmallVec<[FenField<'a>; 6]>,
    pub operations: Vec<Operation<'a>>,
    /// The line without its terminator.
    pub range: TextRange,
}

/// A line of a parsed file, as the checks and the formatter read it.
#[derive(Debug, Clone, PartialEq, Eq)]
// Lines are read one at a time and never stored: boxing the record would bring back the
// allocation a line that its inline fields and operands save.
#[allow(clippy::large_enum_variant)]
pub enum Line<'a> {
    Record(Record<'a>),
    /// A `%` or `#` line: the range of its comment token.
    Comment(TextRange),
    Blank,
}

/// The lines of a file parsed into `events` ([`super::parser::parse_events`]); `text` is the
/// parsed text (tokens are sliced from it, so the views borrow the text, not the events).
pub fn lines<'e, 'a: 'e>(events: &'e [ParseEvent<SyntaxKind>], text: &'a str) -> impl Iterator<Item = Line<'a>> + 'e {
    let mut i = 0;
    std::iter::from_fn(move || loop {
        match *events.get(i)? {
            ParseEvent::Start { kind: ROOT, .. } | ParseEvent::Token(..) | ParseEvent::Finish(_) => i += 1,
            ParseEvent::Start { kind, at, finish } => {
                let children = &events[i + 1..i + finish as usize];
                i += finish as usize + 1;
                return Some(match kind {
                    RECORD => Line::Record(record(children, at, text)),
                    COMMENT_LINE => Line::Comment(match children.first() {
                        Some(&ParseEvent::Token(_, range)) => range,
                        _ => TextRange::empty(at),
                    }),
                    _ => Line::Blank,
                });
            }
        }
    })
}

/// The records of a file parsed into `events`.
pub fn records<'e, 'a: 'e>(
    events: &'e [ParseEvent<SyntaxKind>],
    text: &'a str,
) -> impl Iterator<Item = Record<'a>> + 'e {
    lines(events, text).filter_map(|line| match line {
        Line::Record(record) => Some(record),
        _ => None,
    })
}

/// A record from the events between its node's start (at `start`) and finish.
fn record<'a>(children: &[ParseEvent<SyntaxKind>], start: TextSize, text: &'a str) -> Record<'a> {
    let mut fields = smallvec::SmallVec::new();
    let mut operations = Vec::new();
    // The end of the last child that is not whitespace (a node counts whole).
    let mut end = start;
    let mut space_before = "";
    let mut i = 0;
    while i < children.len() {
        match children[i] {
            ParseEvent::Token(kind, range) => {
                i += 1;
                match kind {
                    NEWLINE => continue,
                    WHITESPACE => {
                        space_before = &text[range];
                        continue;
                    }
                    PLACEMENT | SIDE_TO_MOVE | CASTLING | EN_PASSANT | HALFMOVE_CLOCK | FULLMOVE_NUMBER
                    | EXTRA_FIELD => {
                        fields.push(FenField { text: &text[range], range, space_before });
                        space_before = "";
                    }
                    _ => {}
                }
                end = range.end();
            }
            ParseEvent::Start { kind, at, finish } => {
                let last = i + finish as usize;
                let node_end = match children[last] {
                    ParseEvent::Finish(offset) => offset,
                    _ => at,
                };
                if kind == OPERATION {
                    operations.extend(operation(&children[i + 1..last], TextRange::new(at, node_end), text));
                }
                end = node_end;
                i = last + 1;
            }
            ParseEvent::Finish(_) => i += 1,
        }
    }
    Record { fields, operations, range: TextRange::new(start, end) }
}

/// An operation from the tokens of its node, which spans `range`.
fn operation<'a>(tokens: &[ParseEvent<SyntaxKind>], range: TextRange, text: &'a str) -> Option<Operation<'a>> {
    let mut opcode = None;
    let mut operands = OperandList::new();
    let mut terminated = false;
    for event in tokens {
        let ParseEvent::Token(kind, range) = *event else { continue };
        match kind {
            OPCODE => opcode = Some(range),
            OPERAND => operands.push(Operand { raw: &text[range], range, quoted: false }),
            STRING | UNTERMINATED_STRING => operands.push(Operand { raw: &text[range], range, quoted: true }),
            SEMICOLON => terminated = true,
            _ => {}
        }
    }
    let opcode_range = opcode?;
    Some(Operation { opcode: &text[opcode_range], opcode_range, operands, range, terminated })
}
