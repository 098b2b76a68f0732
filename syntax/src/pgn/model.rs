//! Typed views over the PGN tree: games, tag pairs, the movetext. They borrow nothing and
//! allocate nothing beyond rowan's cursors; values with escapes are decoded on demand.

use super::lexer;
use super::syntax_kind::{SyntaxKind, SyntaxNode, SyntaxToken};
use crate::text::{TextRange, TextSize};
use std::borrow::Cow;
use std::ops::ControlFlow;

/// The games of a parsed file, in order.
pub fn games(root: &SyntaxNode) -> impl Iterator<Item = Game> + '_ {
    root.children().filter_map(Game::cast)
}

#[derive(Debug, Clone)]
pub struct Game(SyntaxNode);

impl Game {
    pub fn cast(node: SyntaxNode) -> Option<Game> {
        (node.kind() == SyntaxKind::GAME).then_some(Game(node))
    }

    pub fn syntax(&self) -> &SyntaxNode {
        &self.0
    }

    pub fn range(&self) -> TextRange {
        self.0.text_range()
    }

    pub fn tag_section(&self) -> Option<SyntaxNode> {
        self.0.children().find(|n| n.kind() == SyntaxKind::TAG_SECTION)
    }

    pub fn tags(&self) -> impl Iterator<Item = Tag> {
        self.tag_section().into_iter().flat_map(|s| s.children().filter_map(Tag::cast))
    }

    pub fn movetext(&self) -> Option<SyntaxNode> {
        self.0.children().find(|n| n.kind() == SyntaxKind::MOVETEXT)
    }

    /// The termination marker ending the movetext, if any. The parser ends the movetext at
    /// its first marker (later ones are wrapped in errors), so the search runs from the end:
    /// only trailing trivia comes after it, not the whole game.
    pub fn result(&self) -> Option<SyntaxToken> {
        let last = self.movetext()?.last_child_or_token();
        std::iter::successors(last, |e| e.prev_sibling_or_token())
            .filter_map(|e| e.into_token())
            .find(|t| t.kind() == SyntaxKind::RESULT_TOKEN)
    }
}

#[derive(Debug, Clone)]
pub struct Tag(SyntaxNode);

impl Tag {
    pub fn cast(node: SyntaxNode) -> Option<Tag> {
        (node.kind() == SyntaxKind::TAG).then_some(Tag(node))
    }

    pub fn syntax(&self) -> &SyntaxNode {
        &self.0
    }

    pub fn name(&self) -> Option<SyntaxToken> {
        self.token(SyntaxKind::TAG_NAME)
    }

    /// The value string token, quotes included.
    pub fn value_token(&self) -> Option<SyntaxToken> {
        self.token(SyntaxKind::STRING)
    }

    fn token(&self, kind: SyntaxKind) -> Option<SyntaxToken> {
        self.0.children_with_tokens().filter_map(|e| e.into_token()).find(|t| t.kind() == kind)
    }

    /// The complete tag pair: name and a terminated value.
    pub fn parts(&self) -> Option<(SyntaxToken, SyntaxToken)> {
        let name = self.name()?;
        let value = self.value_token().filter(|v| lexer::string_is_terminated(v.text()))?;
        Some((name, value))
    }
}

/// The value of a terminated string token, with `\"` and `\\` unescaped.
pub fn string_value(token: &str) -> Cow<'_, str> {
    let inner = token.strip_prefix('"').unwrap_or(token);
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    if !inner.contains('\\') {
        return Cow::Borrowed(inner);
    }
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(n @ ('"' | '\\')) => out.push(n),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The range of a string token's value, without its quotes.
pub fn string_value_range(token: &SyntaxToken) -> TextRange {
    value_range(token.text_range())
}

/// `value` as the inside of a string token: `\\` and `"` escaped (PGN 7; PBN writes its
/// strings alike), the inverse of [`string_value`].
pub fn string_escaped(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The range of the value of the string token at `r`, without its quotes.
pub fn value_range(r: TextRange) -> TextRange {
    if r.len() >= 2.into() {
        TextRange::new(r.start() + TextSize::from(1), r.end() - TextSize::from(1))
    } else {
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_and_values() {
        let parse = super::super::parse("[Event \"a \\\"b\\\" \\\\ c\"]\n[Site \"x\"]\n\n1. e4 1-0\n");
        let root = parse.syntax();
        let game = games(&root).next().unwrap();
        let tags: Vec<_> = game.tags().filter_map(|t| t.parts()).collect();
        assert_eq!(tags.len(), 2);
        assert_eq!(tags[0].0.text(), "Event");
        assert_eq!(string_value(tags[0].1.text()), "a \"b\" \\ c");
        assert_eq!(game.result().unwrap().text(), "1-0");
    }
}

/// A token met by [`walk`]: its kind, text and place.
#[derive(Debug, Clone, Copy)]
pub struct Tok<'a> {
    pub kind: SyntaxKind,
    pub text: &'a str,
    pub range: TextRange,
}

/// What [`walk`] reports, in document order.
#[derive(Debug, Clone, Copy)]
pub enum Event<'a> {
    /// A node starts at this offset.
    Enter(SyntaxKind, TextSize),
    Leave(SyntaxKind),
    Token(Tok<'a>),
}

/// Walks the tree below `node` over its green (immutable, shared) data, without creating
/// cursor nodes: the hot path of the move replay. Iterative, so depth costs no stack.
pub fn walk(node: &SyntaxNode, mut f: impl FnMut(Event)) {
    walk_until(node, |event| {
        f(event);
        ControlFlow::Continue(())
    });
}

/// [`walk`] that stops as soon as `f` breaks: the editor replays a game only up to the cursor.
pub fn walk_until(node: &SyntaxNode, mut f: impl FnMut(Event) -> ControlFlow<()>) {
    let green = node.green();
    let mut stack: Vec<(rowan::Children<'_>, SyntaxKind)> = vec![(green.children(), kind_of(green.kind()))];
    let mut offset = node.text_range().start();
    while let Some((children, _)) = stack.last_mut() {
        match children.next() {
            Some(rowan::NodeOrToken::Token(t)) => {
                let range = TextRange::at(offset, t.text_len());
                offset = range.end();
                if f(Event::Token(Tok { kind: kind_of(t.kind()), text: t.text(), range })).is_break() {
                    return;
                }
            }
            Some(rowan::NodeOrToken::Node(n)) => {
                let kind = kind_of(n.kind());
                if f(Event::Enter(kind, offset)).is_break() {
                    return;
                }
                stack.push((n.children(), kind));
            }
            None => {
                let (_, kind) = stack.pop().expect("stack is not empty");
                if !stack.is_empty() && f(Event::Leave(kind)).is_break() {
                    return;
                }
            }
        }
    }
}

fn kind_of(raw: rowan::SyntaxKind) -> SyntaxKind {
    <super::syntax_kind::PGNLanguage as rowan::Language>::kind_from_raw(raw)
}
