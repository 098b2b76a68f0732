//! Typed views over the EPD syntax tree: records with their position fields and operations.

use super::syntax_kind::{SyntaxKind::*, SyntaxNode};
use crate::chess::fen::FenField;
use crate::text::TextRange;

/// One operand of an operation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Operand<'a> {
    /// The operand as written (quotes included for strings).
    pub raw: &'a str,
    pub range: TextRange,
    /// A quoted string (closed or not).
    pub quoted: bool,
}

impl<'a> Operand<'a> {
    /// The value: a string's content without quotes and with `\"`/`\\` unescaped.
    pub fn value(&self) -> String {
        if !self.quoted {
            return self.raw.to_owned();
        }
        let inner = self.raw.strip_prefix('"').unwrap_or(self.raw);
        let inner = inner.strip_suffix('"').unwrap_or(inner);
        let mut out = String::with_capacity(inner.len());
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => out.extend(chars.next()),
                c => out.push(c),
            }
        }
        out
    }
}

/// An operation `opcode operand… ;`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Operation<'a> {
    pub opcode: &'a str,
    pub opcode_range: TextRange,
    pub operands: Vec<Operand<'a>>,
    pub range: TextRange,
}

/// A record line: its position fields (in order) and operations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record<'a> {
    pub fields: Vec<FenField<'a>>,
    pub operations: Vec<Operation<'a>>,
    /// The line without its terminator.
    pub range: TextRange,
}

/// The records of a parsed file; `text` is the parsed text (tokens are sliced from it, so the
/// views borrow the text rather than the tree).
pub fn records<'a>(root: &SyntaxNode, text: &'a str) -> Vec<Record<'a>> {
    root.children().filter(|n| n.kind() == RECORD).map(|n| record(&n, text)).collect()
}

fn record<'a>(node: &SyntaxNode, text: &'a str) -> Record<'a> {
    let mut fields = Vec::new();
    let mut operations = Vec::new();
    let mut end = node.text_range().start();
    let mut space_before = "";
    for child in node.children_with_tokens() {
        let range = child.text_range();
        if !matches!(child.kind(), NEWLINE | WHITESPACE) {
            end = range.end();
        }
        match child.kind() {
            WHITESPACE => space_before = &text[range],
            PLACEMENT | SIDE_TO_MOVE | CASTLING | EN_PASSANT | HALFMOVE_CLOCK | FULLMOVE_NUMBER | EXTRA_FIELD => {
                fields.push(FenField { text: &text[range], range, space_before });
                space_before = "";
            }
            OPERATION => {
                if let Some(node) = child.as_node() {
                    operations.extend(operation(node, text));
                }
            }
            _ => {}
        }
    }
    Record { fields, operations, range: TextRange::new(node.text_range().start(), end) }
}

fn operation<'a>(node: &SyntaxNode, text: &'a str) -> Option<Operation<'a>> {
    let mut opcode = None;
    let mut operands = Vec::new();
    for token in node.children_with_tokens().filter_map(|c| c.into_token()) {
        let range = token.text_range();
        match token.kind() {
            OPCODE => opcode = Some(range),
            OPERAND => operands.push(Operand { raw: &text[range], range, quoted: false }),
            STRING | UNTERMINATED_STRING => operands.push(Operand { raw: &text[range], range, quoted: true }),
            _ => {}
        }
    }
    let opcode_range = opcode?;
    Some(Operation { opcode: &text[opcode_range], opcode_range, operands, range: node.text_range() })
}
