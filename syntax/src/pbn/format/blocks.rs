//! A game read from the parser's events as export format sees it: tag blocks (a tag, the
//! comments after it, the section it opens, the Note tags that explain it), and the tag values a
//! game leaves for later games' `#` and `##` (PBN 4.8).

use crate::parsing::{EventElement, EventNode, ParseEvent};
use crate::pbn::model::{Inheritance, InheritanceUse};
use crate::pbn::syntax_kind::SyntaxKind;
use crate::text::same_name;

/// Records the tags of a game node for later games' `#` and `##`, and its deal data for a next
/// game that leaves it out: for a game the formatter does not write (the games before a window),
/// read from the events; a game it writes is recorded from its [`Blocks::tags`].
pub(super) fn record_game(
    inherited: &mut Inheritance,
    used: &mut InheritanceUse,
    game: EventNode<'_, SyntaxKind>,
    text: &str,
) {
    let tags: Vec<(&str, &str)> = game
        .children()
        .filter_map(|e| match e {
            EventElement::Node(n) if n.kind() == Some(SyntaxKind::TAG) => match name_and_value(n, text) {
                (Some(name), Some(value)) => Some((name, value)),
                _ => None,
            },
            _ => None,
        })
        .collect();
    record_tags(inherited, used, &tags);
}

/// Records a game's tags, each a name and its value without quotes, in file order, for later
/// games' `#` and `##`, and its deal data for a next game that leaves it out. `used` takes note
/// of what the game looked up and gave.
pub(super) fn record_tags(inherited: &mut Inheritance, used: &mut InheritanceUse, tags: &[(&str, &str)]) {
    let mut seen: Vec<(&str, &str)> = Vec::with_capacity(tags.len());
    for &(name, value) in tags {
        used.look_up(name, value);
        if !seen.iter().any(|(n, _)| same_name(n, name)) {
            inherited.record(name, value);
            seen.push((name, value));
        }
    }
    used.give(seen.iter().copied());
    let value_of = |name: &str| seen.iter().find(|(n, _)| same_name(n, name)).map(|(_, v)| *v);
    inherited.record_deal(value_of);
}

/// A tag's name and its value without quotes, each if it has one. Always inlined: as a call,
/// [`blocks`] around it cost 1 % more instructions on a match record (rpbridge's, 4.3 M).
#[inline(always)]
fn name_and_value<'g>(tag: EventNode<'_, SyntaxKind>, text: &'g str) -> (Option<&'g str>, Option<&'g str>) {
    (token_text(tag, text, SyntaxKind::TAG_NAME), token_text(tag, text, SyntaxKind::STRING).map(unquote))
}

/// A string token's text without its quotes.
fn unquote(string: &str) -> &str {
    let inner = string.strip_prefix('"').unwrap_or(string);
    inner.strip_suffix('"').unwrap_or(inner)
}

/// A token of a game, read from the parser's events (the formatter reads kinds and texts only).
#[derive(Clone, Copy)]
pub(super) struct Tok<'g> {
    pub(super) kind: SyntaxKind,
    pub(super) text: &'g str,
}

/// The games of a parse.
pub(super) fn games(events: &[ParseEvent<SyntaxKind>]) -> impl Iterator<Item = EventNode<'_, SyntaxKind>> {
    EventNode::root(events).children().filter_map(|e| match e {
        EventElement::Node(n) if n.kind() == Some(SyntaxKind::GAME) => Some(n),
        _ => None,
    })
}

/// The tokens that are children of `node`, a node of `text`.
fn tokens<'e, 'g>(node: EventNode<'e, SyntaxKind>, text: &'g str) -> impl Iterator<Item = Tok<'g>> + use<'e, 'g> {
    node.child_tokens().map(move |(kind, range)| Tok { kind, text: &text[range] })
}

/// A tag pair with what follows it: comments, and the section it opens.
pub(super) struct Block<'g> {
    pub(super) name: &'g str,
    /// The value as written between the quotes (escapes untouched).
    pub(super) value: &'g str,
    /// Comments and escape lines after the tag, before its section.
    pub(super) comments: Vec<&'g str>,
    pub(super) section: Vec<Tok<'g>>,
    /// Note tags explaining this section's calls or cards.
    pub(super) notes: Vec<Block<'g>>,
}

impl Block<'_> {
    pub(super) fn is_note(&self) -> bool {
        self.name == "Note"
    }
}

/// A game as blocks, as [`blocks`] reads it.
pub(super) struct Blocks<'g> {
    /// The comments before its first tag.
    pub(super) leading: Vec<&'g str>,
    pub(super) blocks: Vec<Block<'g>>,
    /// Each tag with both a name and a value, as inheritance records it ([`record_tags`]): the
    /// formatter records a game it writes from these, and does not walk its events again.
    pub(super) tags: Vec<(&'g str, &'g str)>,
}

/// The blocks of a game, the comments before its first tag, and its tags for inheritance.
pub(super) fn blocks<'g>(game: EventNode<'_, SyntaxKind>, text: &'g str) -> Blocks<'g> {
    let mut leading = Vec::new();
    // Room for the mandatory tag set (PBN 3.4) and as many more (a match's Room, Score, notes,
    // tables): a list grown tag by tag was reallocated four times a game.
    let mut blocks: Vec<Block<'g>> = Vec::with_capacity(32);
    let mut tags = Vec::with_capacity(32);
    for element in game.children() {
        match element {
            EventElement::Node(node) if node.kind() == Some(SyntaxKind::TAG) => {
                let (name, value) = name_and_value(node, text);
                if let (Some(name), Some(value)) = (name, value) {
                    tags.push((name, value));
                }
                let (name, value) = (name.unwrap_or_default(), value.unwrap_or_default());
                blocks.push(Block { name, value, comments: Vec::new(), section: Vec::new(), notes: Vec::new() });
            }
            EventElement::Node(node) => {
                if let Some(block) = blocks.last_mut() {
                    // Its start and finish and, between them, its tokens (a section has no
                    // nodes): room for them at once, not grown token by token.
                    block.section.reserve(node.span().len().saturating_sub(2));
                    block.section.extend(tokens(node, text));
                }
            }
            EventElement::Token(kind, range) => {
                let token = Tok { kind, text: &text[range] };
                match blocks.last_mut() {
                    // After the section's data, trivia belongs to it: a comment annotates the
                    // last call or card, and line ends keep escape lines in their column 1.
                    Some(block) if has_data(&block.section) => block.section.push(token),
                    Some(block) if is_comment(token.kind) => block.comments.push(token.text),
                    None if is_comment(token.kind) => leading.push(token.text),
                    _ => {}
                }
            }
        }
    }
    Blocks { leading, blocks, tags }
}

fn is_comment(kind: SyntaxKind) -> bool {
    matches!(kind, SyntaxKind::BRACE_COMMENT | SyntaxKind::LINE_COMMENT | SyntaxKind::ESCAPE_LINE)
}

/// The text of the first token of `kind` among the children of `node`.
fn token_text<'g>(node: EventNode<'_, SyntaxKind>, text: &'g str, kind: SyntaxKind) -> Option<&'g str> {
    tokens(node, text).find(|t| t.kind == kind).map(|t| t.text)
}

pub(super) fn has_data(section: &[Tok<'_>]) -> bool {
    section.iter().any(|t| !t.kind.is_trivia())
}
