//! The checks' and the formatter's view of a parsed PGN text: the parser's events in one flat
//! list, read in place.
//!
//! The PGN grammar ([`super::parser`]) writes either a rowan tree (the language server's views)
//! or, through the same grammar functions, the flat list of [`ParseEvent`]s that this module
//! reads: node starts and ends with their offsets, tokens with their ranges. Building no tree
//! costs a fraction of building one (no node allocation, no token interning), and the checks and
//! the formatter need only walk each game once, so every PGN rule runs here, in `kibitzer check`
//! and in the language server alike: one implementation of every rule; `kibitzer fmt` and the
//! editor's formatting write the export format from here too. A test proves that the events
//! describe exactly the tree the other sink builds, on the corpus and on fuzzed text.
//!
//! Blanks and line breaks (about half the tokens of a text) get no event: every event keeps its
//! offsets, so they are the gaps between the events, and the few readers that want them (the
//! tree, the walk the editor stops in, the rule about empty lines between tags) lex the gaps
//! again ([`lexer::blanks`]). Everything else — children, tokens, the replay's walk — sees only
//! the tokens that mean something.
//!
//! Nor do the nodes around a move and a move number (`MOVE`, `MOVE_NUMBER`) get events: they
//! hold only a few tokens written against each other, so their tokens are the movetext's or the
//! variation's own, and [`FlatParse::build_tree`] groups them again. A movetext is then about
//! two events a move where it was five, which the parse writes and every walk reads.

use super::lexer;
use super::model::{Event, Tok};
use super::syntax_kind::SyntaxKind;
use crate::diagnostic::Diagnostic;
use crate::parsing::ParseEvent;
use crate::text::{TextRange, TextSize};
use std::ops::ControlFlow;

/// A PGN text parsed into events, with its syntax errors.
pub struct FlatParse<'a> {
    text: &'a str,
    events: Vec<ParseEvent<SyntaxKind>>,
    errors: Vec<Diagnostic>,
}

impl<'a> FlatParse<'a> {
    pub(super) fn new(text: &'a str, events: Vec<ParseEvent<SyntaxKind>>, errors: Vec<Diagnostic>) -> Self {
        FlatParse { text, events, errors }
    }

    pub fn errors(&self) -> &[Diagnostic] {
        &self.errors
    }

    pub fn into_errors(self) -> Vec<Diagnostic> {
        self.errors
    }

    /// The event buffer, for the next parse to reuse.
    pub fn into_buffer(self) -> Vec<ParseEvent<SyntaxKind>> {
        self.events
    }

    /// The events and the syntax errors, for a caller that keeps the events to view its games
    /// later ([`FlatParse::game_spans`], [`Game::of_events`]).
    pub fn into_parts(self) -> (Vec<ParseEvent<SyntaxKind>>, Vec<Diagnostic>) {
        (self.events, self.errors)
    }

    /// Each game's range and where its events are in [`FlatParse::events`].
    pub fn game_spans(&self) -> Vec<(TextRange, std::ops::Range<usize>)> {
        let mut spans = Vec::new();
        // The root's children, skipped a node at a time by the distance to its finish.
        let mut i = 1;
        while i + 1 < self.events.len() {
            match self.events[i] {
                ParseEvent::Start { kind, at, finish } => {
                    let end = (i + finish as usize + 1).min(self.events.len());
                    if kind == SyntaxKind::GAME {
                        if let Some(ParseEvent::Finish(to)) = self.events.get(end - 1) {
                            spans.push((TextRange::new(at, *to), i..end));
                        }
                    }
                    i = end;
                }
                _ => i += 1,
            }
        }
        spans
    }

    pub fn events(&self) -> &[ParseEvent<SyntaxKind>] {
        &self.events
    }

    /// The rowan tree these events describe, blanks put back from the gaps and moves and move
    /// numbers grouped into their nodes again: the same tree [`super::parse`] builds from the
    /// same text, which is what makes the checks over events and the views over trees agree (a
    /// test proves it on the corpus and on fuzzed text).
    pub fn build_tree(&self) -> super::syntax_kind::SyntaxNode {
        let mut builder = rowan::GreenNodeBuilder::new();
        // Where the last event ended: the blanks from there to the next event's start are the
        // gap's tokens, and go into the node open there.
        let mut at = TextSize::from(0);
        // The kinds of the open nodes, innermost last: a move or move number token directly in
        // a movetext or variation starts its leaf node.
        let mut open: Vec<SyntaxKind> = Vec::new();
        let mut leaf = OpenLeaf::None;
        for e in &self.events {
            let (from, to) = match *e {
                ParseEvent::Start { at, .. } | ParseEvent::Finish(at) => (at, at),
                ParseEvent::Token(_, range) => (range.start(), range.end()),
            };
            if leaf != OpenLeaf::None {
                // The grammar ([`super::parser`]) takes into a move the suffix right against
                // it, and into a move number the dots right against it; anything else ends it.
                let takes = match *e {
                    ParseEvent::Token(kind, _) if from == at => leaf.takes(kind),
                    _ => false,
                };
                if !takes {
                    builder.finish_node();
                }
                leaf = OpenLeaf::None;
                if takes {
                    if let ParseEvent::Token(kind, range) = *e {
                        builder.token(kind.into(), &self.text[range]);
                        builder.finish_node();
                    }
                    at = to;
                    continue;
                }
            }
            for blank in lexer::blanks(self.text, TextRange::new(at.min(from), from)) {
                builder.token(blank.kind.into(), &self.text[blank.range]);
            }
            at = to;
            match *e {
                ParseEvent::Start { kind, .. } => {
                    open.push(kind);
                    builder.start_node(kind.into());
                }
                ParseEvent::Token(kind, range) => {
                    let in_line = matches!(open.last(), Some(SyntaxKind::MOVETEXT | SyntaxKind::VARIATION));
                    leaf = if in_line { OpenLeaf::starting(kind) } else { OpenLeaf::None };
                    match kind {
                        SyntaxKind::SAN if in_line => builder.start_node(SyntaxKind::MOVE.into()),
                        SyntaxKind::NUMBER | SyntaxKind::DOTS if in_line => {
                            builder.start_node(SyntaxKind::MOVE_NUMBER.into())
                        }
                        _ => {}
                    }
                    builder.token(kind.into(), &self.text[range]);
                    // A move number of dots alone takes nothing more.
                    if in_line && kind == SyntaxKind::DOTS {
                        builder.finish_node();
                    }
                }
                ParseEvent::Finish(_) => {
                    open.pop();
                    builder.finish_node();
                }
            }
        }
        if leaf != OpenLeaf::None {
            builder.finish_node();
        }
        rowan::SyntaxNode::new_root(builder.finish())
    }

    /// The root node (kind `ROOT`), the whole text.
    pub fn root(&self) -> Node<'_> {
        Node { text: self.text, events: &self.events }
    }

    /// The games, in order.
    pub fn games(&self) -> impl Iterator<Item = Game<'_>> {
        self.root().child_nodes().filter(|n| n.kind() == SyntaxKind::GAME).map(Game)
    }
}

/// A leaf node [`FlatParse::build_tree`] has open, waiting for the token the grammar would put
/// into it too.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OpenLeaf {
    None,
    /// A move, which takes the suffix written against it.
    Move,
    /// A move number's digits, which take the dots written against them.
    Number,
}

impl OpenLeaf {
    /// The leaf a token directly in a movetext or variation opens and leaves open.
    fn starting(kind: SyntaxKind) -> OpenLeaf {
        match kind {
            SyntaxKind::SAN => OpenLeaf::Move,
            SyntaxKind::NUMBER => OpenLeaf::Number,
            _ => OpenLeaf::None,
        }
    }

    /// Whether the open leaf takes a token of `kind` right against its last one.
    fn takes(self, kind: SyntaxKind) -> bool {
        matches!((self, kind), (OpenLeaf::Move, SyntaxKind::SUFFIX) | (OpenLeaf::Number, SyntaxKind::DOTS))
    }
}

/// A node: its events from its start to its finish, both included.
#[derive(Debug, Clone, Copy)]
pub struct Node<'a> {
    text: &'a str,
    events: &'a [ParseEvent<SyntaxKind>],
}

/// A direct child of a node.
#[derive(Debug, Clone, Copy)]
pub enum Element<'a> {
    Node(Node<'a>),
    Token(Tok<'a>),
}

impl Element<'_> {
    pub fn kind(&self) -> SyntaxKind {
        match self {
            Element::Node(n) => n.kind(),
            Element::Token(t) => t.kind,
        }
    }

    pub fn range(&self) -> TextRange {
        match self {
            Element::Node(n) => n.range(),
            Element::Token(t) => t.range,
        }
    }
}

impl<'a> Node<'a> {
    pub fn kind(&self) -> SyntaxKind {
        match self.events.first() {
            Some(ParseEvent::Start { kind, .. }) => *kind,
            _ => SyntaxKind::ERROR,
        }
    }

    pub fn range(&self) -> TextRange {
        match (self.events.first(), self.events.last()) {
            (Some(ParseEvent::Start { at, .. }), Some(ParseEvent::Finish(end))) => TextRange::new(*at, *end),
            _ => TextRange::default(),
        }
    }

    /// The direct children, nodes and tokens, in order; blanks and line breaks are not among
    /// them ([`Node::blanks`] gives those of a gap).
    pub fn children(&self) -> Children<'a> {
        let inner = if self.events.len() >= 2 { &self.events[1..self.events.len() - 1] } else { &[] };
        Children { text: self.text, events: inner }
    }

    /// The blanks and line breaks in `gap`, a range between two of the node's events (its start,
    /// a child's range, its end): the tokens that have no events.
    pub fn blanks(&self, gap: TextRange) -> impl Iterator<Item = Tok<'a>> {
        let text = self.text;
        lexer::blanks(text, gap).map(move |blank| Tok {
            kind: blank.kind,
            text: &text[blank.range],
            range: blank.range,
        })
    }

    pub fn child_nodes(&self) -> impl Iterator<Item = Node<'a>> {
        self.children().filter_map(|e| match e {
            Element::Node(n) => Some(n),
            Element::Token(_) => None,
        })
    }

    pub fn child_tokens(&self) -> impl Iterator<Item = Tok<'a>> {
        self.children().filter_map(|e| match e {
            Element::Token(t) => Some(t),
            Element::Node(_) => None,
        })
    }

    pub fn child(&self, kind: SyntaxKind) -> Option<Node<'a>> {
        self.child_nodes().find(|n| n.kind() == kind)
    }

    /// Every token below the node but the blanks and line breaks, in order.
    pub fn tokens(&self) -> impl DoubleEndedIterator<Item = Tok<'a>> + 'a {
        let text = self.text;
        self.events.iter().filter_map(move |e| match *e {
            ParseEvent::Token(kind, range) => Some(Tok { kind, text: &text[range], range }),
            _ => None,
        })
    }

    /// The node's events as [`super::model::walk_until`] reports a tree's: entering and
    /// leaving the nodes below it, and its tokens (blanks and line breaks put back from the
    /// gaps), until `f` breaks.
    pub fn walk_until(&self, f: impl FnMut(Event<'a>) -> ControlFlow<()>) {
        self.walk_filtered_until(true, |_| true, f);
    }

    /// [`Node::walk_until`] reporting the tokens but not the blanks and line breaks, and only
    /// the nodes (entered and left) whose kinds `nodes` accepts: the move replay reads neither
    /// the blanks nor the nodes around moves and move numbers, only variations.
    pub fn walk_filtered(&self, nodes: impl Fn(SyntaxKind) -> bool, mut f: impl FnMut(Event<'a>)) {
        self.walk_filtered_until(false, nodes, |event| {
            f(event);
            ControlFlow::Continue(())
        });
    }

    fn walk_filtered_until(
        &self,
        blanks: bool,
        nodes: impl Fn(SyntaxKind) -> bool,
        mut f: impl FnMut(Event<'a>) -> ControlFlow<()>,
    ) {
        let inner = if self.events.len() >= 2 { &self.events[1..self.events.len() - 1] } else { &[] };
        // The reported nodes that are open: each one's kind and the index of its finish (its
        // start says how far that is). The many nodes the walk does not report (a move, a move
        // number) cost only the count of open nodes.
        let mut reported: Vec<(SyntaxKind, usize)> = Vec::new();
        let mut depth = 0usize;
        // Where the last event ended, when the gaps' blanks are reported.
        let mut at = self.range().start();
        let text = self.text;
        for (i, e) in inner.iter().enumerate() {
            if blanks {
                let (from, to) = match *e {
                    ParseEvent::Start { at, .. } | ParseEvent::Finish(at) => (at, at),
                    ParseEvent::Token(_, range) => (range.start(), range.end()),
                };
                if report_blanks(text, at, from, &mut f).is_break() {
                    return;
                }
                at = to;
            }
            let event = match *e {
                ParseEvent::Start { kind, at, finish } => {
                    depth += 1;
                    if !nodes(kind) {
                        continue;
                    }
                    reported.push((kind, i + finish as usize));
                    Event::Enter(kind, at)
                }
                // A finish with no start in the node cannot come from the parser: reported as
                // leaving an error node, as a tree would have it.
                ParseEvent::Finish(_) if depth == 0 => Event::Leave(SyntaxKind::ERROR),
                ParseEvent::Finish(_) => {
                    depth -= 1;
                    match reported.last() {
                        Some(&(kind, at)) if at == i => {
                            reported.pop();
                            Event::Leave(kind)
                        }
                        _ => continue,
                    }
                }
                ParseEvent::Token(kind, range) => Event::Token(Tok { kind, text: &self.text[range], range }),
            };
            if f(event).is_break() {
                return;
            }
        }
        if blanks {
            let _ = report_blanks(text, at, self.range().end(), &mut f);
        }
    }
}

/// Reports the blanks and line breaks of the gap `from..to` of `text` as tokens to `f`.
fn report_blanks<'a>(
    text: &'a str,
    from: TextSize,
    to: TextSize,
    f: &mut impl FnMut(Event<'a>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for blank in lexer::blanks(text, TextRange::new(from.min(to), to)) {
        f(Event::Token(Tok { kind: blank.kind, text: &text[blank.range], range: blank.range }))?;
    }
    ControlFlow::Continue(())
}

/// The direct children of a node (see [`Node::children`]).
pub struct Children<'a> {
    text: &'a str,
    events: &'a [ParseEvent<SyntaxKind>],
}

impl<'a> Iterator for Children<'a> {
    type Item = Element<'a>;

    fn next(&mut self) -> Option<Element<'a>> {
        let (first, rest) = self.events.split_first()?;
        match *first {
            ParseEvent::Token(kind, range) => {
                self.events = rest;
                Some(Element::Token(Tok { kind, text: &self.text[range], range }))
            }
            ParseEvent::Start { finish, .. } => {
                let end = (finish as usize + 1).min(self.events.len());
                let (node, after) = self.events.split_at(end);
                self.events = after;
                Some(Element::Node(Node { text: self.text, events: node }))
            }
            // An unbalanced finish cannot come from the parser; end the walk rather than loop.
            ParseEvent::Finish(_) => {
                self.events = &[];
                None
            }
        }
    }
}

/// A game: optional leading comments, the tag section, the movetext.
#[derive(Debug, Clone, Copy)]
pub struct Game<'a>(Node<'a>);

impl<'a> Game<'a> {
    /// The game whose events (from its start to its finish) are `events`, of a parse of `text`:
    /// a span [`FlatParse::game_spans`] gave.
    pub fn of_events(text: &'a str, events: &'a [ParseEvent<SyntaxKind>]) -> Game<'a> {
        Game(Node { text, events })
    }

    pub fn node(&self) -> Node<'a> {
        self.0
    }

    pub fn range(&self) -> TextRange {
        self.0.range()
    }

    /// The game's own text.
    pub fn source(&self) -> &'a str {
        &self.0.text[self.range()]
    }

    pub fn tag_section(&self) -> Option<Node<'a>> {
        self.0.child(SyntaxKind::TAG_SECTION)
    }

    pub fn tags(&self) -> impl Iterator<Item = Tag<'a>> {
        self.tag_section().into_iter().flat_map(|s| s.child_nodes().filter(|n| n.kind() == SyntaxKind::TAG).map(Tag))
    }

    pub fn movetext(&self) -> Option<Node<'a>> {
        self.0.child(SyntaxKind::MOVETEXT)
    }

    /// The termination marker ending the movetext, if any: the parser ends the movetext at its
    /// first marker (later ones are wrapped in errors), so it is the last marker among the
    /// movetext's own tokens.
    pub fn result(&self) -> Option<Tok<'a>> {
        // From the end: nodes of the movetext (moves, variations, errors) are skipped whole by
        // depth, and only trivia and errors follow the marker, so this stops within a few events.
        let movetext = self.movetext()?;
        let inner = &movetext.events[1..movetext.events.len().saturating_sub(1).max(1)];
        let mut depth = 0usize;
        for e in inner.iter().rev() {
            match *e {
                ParseEvent::Finish(_) => depth += 1,
                ParseEvent::Start { .. } => depth = depth.saturating_sub(1),
                ParseEvent::Token(SyntaxKind::RESULT_TOKEN, range) if depth == 0 => {
                    return Some(Tok { kind: SyntaxKind::RESULT_TOKEN, text: &movetext.text[range], range });
                }
                ParseEvent::Token(..) => {}
            }
        }
        None
    }

    /// Where a missing termination marker belongs: after the last token that is not trivia
    /// (the game's start when it has none).
    pub fn last_significant_end(&self) -> TextSize {
        self.0.tokens().rev().find(|t| !t.kind.is_trivia()).map_or(self.range().start(), |t| t.range.end())
    }

    /// The tokens at `offset`: the one that covers it, or at a boundary the ones on both sides
    /// (blanks and line breaks aside).
    pub fn tokens_at(&self, offset: TextSize) -> impl Iterator<Item = Tok<'a>> {
        self.0.tokens().filter(move |t| t.range.contains_inclusive(offset))
    }
}

/// `[Name "value"]`.
#[derive(Debug, Clone, Copy)]
pub struct Tag<'a>(Node<'a>);

impl<'a> Tag<'a> {
    /// The tag of a `TAG` node.
    pub fn cast(node: Node<'a>) -> Option<Tag<'a>> {
        (node.kind() == SyntaxKind::TAG).then_some(Tag(node))
    }

    pub fn range(&self) -> TextRange {
        self.0.range()
    }

    pub fn name(&self) -> Option<Tok<'a>> {
        self.0.child_tokens().find(|t| t.kind == SyntaxKind::TAG_NAME)
    }

    /// The value string token, quotes included.
    pub fn value_token(&self) -> Option<Tok<'a>> {
        self.0.child_tokens().find(|t| t.kind == SyntaxKind::STRING)
    }

    /// The complete tag pair: name and a terminated value.
    pub fn parts(&self) -> Option<(Tok<'a>, Tok<'a>)> {
        let name = self.name()?;
        let value = self.value_token().filter(|v| lexer::string_is_terminated(v.text))?;
        Some((name, value))
    }
}

#[cfg(test)]
mod tests {
    use super::super::parser::{parse, parse_events};
    use super::*;

    /// The tree rebuilt from events with no move or move number nodes is the tree the grammar
    /// builds, at every edge of the regrouping: a suffix against its move or after a blank, dots
    /// against their number, after a move or alone, moves at the end of a variation or of the
    /// text, and moves and numbers where the grammar makes no leaf (a tag's error, garbage).
    #[test]
    fn moves_and_numbers_are_grouped_again_as_the_grammar_groups_them() {
        let texts = [
            "1.e4!? e5 !! 2. Nf3?(2.d4$1 d5)2...Nc6 3.Bb5 *\n",
            "1... e5 2 . Nf3 ... Nc6 e4... 12.e5\n",
            "[Event e4 12. \"x\"]\n[Site \"?\"]\n\n1. e4 (1. d4) (1. c4!) e5 foo bar 2. Nf3 1-0 1-0\n",
            "1. e4 (e5 (d5 (c5))) *",
            "e4!",
            "1.",
            "(1. e4) 1. d4 {c} ; line\n% escape\n2. c4 *\n",
        ];
        for text in texts {
            let events = parse_events(text, Vec::new());
            assert_eq!(events.build_tree().green().into_owned(), *parse(text).green(), "{text:?}");
            let kinds: Vec<SyntaxKind> = events
                .events()
                .iter()
                .filter_map(|e| match e {
                    ParseEvent::Start { kind, .. } => Some(*kind),
                    _ => None,
                })
                .collect();
            assert!(!kinds.contains(&SyntaxKind::MOVE) && !kinds.contains(&SyntaxKind::MOVE_NUMBER), "{text:?}");
        }
    }
}
