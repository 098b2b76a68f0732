//! The plain values the editor features answer with; front ends convert them to their protocol.

use crate::text::TextRange;

/// Hover text for the element at a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HoverInfo {
    /// The element described.
    pub range: TextRange,
    /// Markdown.
    pub markdown: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CompletionKind {
    TagName,
    TagValue,
    Nag,
    Move,
    Call,
    Card,
    Opcode,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    pub label: String,
    pub kind: CompletionKind,
    /// One line shown beside the label.
    pub detail: Option<String>,
    /// Markdown.
    pub documentation: Option<String>,
    /// The text the completion replaces (the partial word at the cursor) and what it inserts.
    pub replace: TextRange,
    pub insert: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SymbolKind {
    /// A PGN or PBN game, an EPD record, a PBI problem.
    Game,
    /// A tag pair.
    Tag,
    /// A section: movetext, auction, play, a table.
    Section,
}

/// An entry of the document outline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    pub detail: Option<String>,
    pub kind: SymbolKind,
    /// The whole element.
    pub range: TextRange,
    /// The part to select when the symbol is chosen (the tag name, the game's first tag).
    pub selection: TextRange,
    pub children: Vec<Symbol>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FoldKind {
    /// A game, a section, a variation.
    Region,
    Comment,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fold {
    pub range: TextRange,
    pub kind: FoldKind,
}

/// The classes of elements an editor may colour beyond what a TextMate grammar can know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TokenClass {
    TagName,
    TagValue,
    MoveNumber,
    Move,
    Nag,
    Comment,
    Result,
    Call,
    Card,
    NoteRef,
    Escape,
}

impl TokenClass {
    pub const ALL: [TokenClass; 11] = [
        TokenClass::TagName,
        TokenClass::TagValue,
        TokenClass::MoveNumber,
        TokenClass::Move,
        TokenClass::Nag,
        TokenClass::Comment,
        TokenClass::Result,
        TokenClass::Call,
        TokenClass::Card,
        TokenClass::NoteRef,
        TokenClass::Escape,
    ];
}
