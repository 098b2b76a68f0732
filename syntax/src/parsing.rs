//! The machinery every format's parser shares: a token list from a logos lexer, and a
//! [`Parser`] that walks it and builds a lossless rowan tree while collecting syntax errors.
//!
//! A format supplies its `SyntaxKind` enum (one per format, converted to `rowan::SyntaxKind`),
//! its lexer and its grammar functions; nothing here knows a format.

use crate::diagnostic::{Diagnostic, Rule};
use crate::text::{TextRange, TextSize};
use rowan::{GreenNode, GreenNodeBuilder};
use std::marker::PhantomData;

/// A lexed token: its kind and where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<K> {
    pub kind: K,
    pub range: TextRange,
}

/// The largest token list a thread keeps for its next parse (12 bytes a token: 24 MB).
const KEPT_TOKENS: usize = 2 << 20;

/// Gives a parse's token list back to the thread's `kept` list, for the next parse on the thread
/// to reuse: the batch paths parse a large file a piece at a time on every core, and a fresh
/// list per piece is mapped anew and faulted in page by page. A list grown by one huge text is
/// let go (the language server's threads live on).
pub(crate) fn keep_tokens<K: 'static>(
    kept: &'static std::thread::LocalKey<std::cell::Cell<Vec<Token<K>>>>,
    tokens: Vec<Token<K>>,
) {
    if tokens.capacity() <= KEPT_TOKENS {
        kept.set(tokens);
    }
}

/// Lexes all of `text` with logos token enum `K`; bytes logos rejects become one `error` token
/// per run, so the token ranges always cover the text exactly.
pub fn lex<'a, K>(text: &'a str, error: K) -> Vec<Token<K>>
where
    K: logos::Logos<'a, Source = str> + Copy + PartialEq,
    K::Extras: Default,
{
    let mut tokens = Vec::new();
    lex_range_into(text, TextRange::up_to(TextSize::of(text)), error, &mut tokens);
    tokens
}

/// Lexes the part `range` of `text` (one line, say) with logos enum `K` as [`lex`] does, and
/// appends the tokens to `out` with ranges that are offsets in the whole `text` and kinds
/// converted into `S` (appending, not collecting: a file of short lines would otherwise cost a
/// vector per line).
pub fn lex_range_into<'a, K, S>(text: &'a str, range: TextRange, error: K, out: &mut Vec<Token<S>>)
where
    K: logos::Logos<'a, Source = str> + Copy + PartialEq + Into<S>,
    K::Extras: Default,
    S: Copy + PartialEq,
{
    let first = out.len();
    let start = usize::from(range.start());
    let error_kind: S = error.into();
    let mut lexer = K::lexer(&text[range]);
    while let Some(result) = lexer.next() {
        let span = lexer.span();
        let range =
            TextRange::new(TextSize::from((start + span.start) as u32), TextSize::from((start + span.end) as u32));
        let kind: S = result.unwrap_or(error).into();
        // Only tokens of this range are merged with.
        let merges = out.len() > first;
        match out.last_mut() {
            Some(last)
                if merges && kind == error_kind && last.kind == error_kind && last.range.end() == range.start() =>
            {
                last.range = last.range.cover(range);
            }
            _ => out.push(Token { kind, range }),
        }
    }
}

/// The result of parsing: a lossless green tree and the syntax errors found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parse<L> {
    green: GreenNode,
    errors: Vec<Diagnostic>,
    _language: PhantomData<L>,
}

impl<L: rowan::Language> Parse<L> {
    pub fn new(green: GreenNode, errors: Vec<Diagnostic>) -> Self {
        Parse { green, errors, _language: PhantomData }
    }
    pub fn green(&self) -> &GreenNode {
        &self.green
    }
    pub fn syntax(&self) -> rowan::SyntaxNode<L> {
        rowan::SyntaxNode::new_root(self.green.clone())
    }
    pub fn errors(&self) -> &[Diagnostic] {
        &self.errors
    }
    pub fn into_parts(self) -> (GreenNode, Vec<Diagnostic>) {
        (self.green, self.errors)
    }
}

/// What a parse produces, as the grammar walks the tokens: nodes opened and closed, tokens
/// added. One grammar, two sinks: [`GreenSink`] builds the lossless rowan tree the language
/// server's views read; [`EventSink`] writes the flat [`ParseEvent`] list the batch checks
/// and the formatters read without building a tree.
pub trait Sink<K> {
    fn start_node(&mut self, kind: K);
    /// A token of kind `kind` at `range` of `source`, the whole text being parsed (a sink
    /// that keeps token texts cuts them out itself; the others pay nothing for them).
    fn token(&mut self, kind: K, range: TextRange, source: &str);
    fn finish_node(&mut self);
    /// A leaf node: one that holds a few adjacent tokens and nothing else, grouped by a rule a
    /// reader can apply again (a PGN move and the suffix written against it). A sink whose
    /// readers regroup them may leave such nodes out; by default they are nodes like any other.
    fn start_leaf_node(&mut self, kind: K) {
        self.start_node(kind);
    }
    fn finish_leaf_node(&mut self) {
        self.finish_node();
    }
}

/// A sink lent to a parser, for another reader to go on writing into it after the parser
/// (`pbn::plain`).
impl<K, S: Sink<K> + ?Sized> Sink<K> for &mut S {
    fn start_node(&mut self, kind: K) {
        (**self).start_node(kind);
    }
    fn token(&mut self, kind: K, range: TextRange, source: &str) {
        (**self).token(kind, range, source);
    }
    fn finish_node(&mut self) {
        (**self).finish_node();
    }
    fn start_leaf_node(&mut self, kind: K) {
        (**self).start_leaf_node(kind);
    }
    fn finish_leaf_node(&mut self) {
        (**self).finish_leaf_node();
    }
}

/// Builds a rowan green tree.
pub struct GreenSink(GreenNodeBuilder<'static>);

impl GreenSink {
    pub fn new() -> Self {
        GreenSink(GreenNodeBuilder::new())
    }
}

impl Default for GreenSink {
    fn default() -> Self {
        GreenSink::new()
    }
}

impl<K: Into<rowan::SyntaxKind>> Sink<K> for GreenSink {
    fn start_node(&mut self, kind: K) {
        self.0.start_node(kind.into());
    }
    fn token(&mut self, kind: K, range: TextRange, source: &str) {
        self.0.token(kind.into(), &source[range]);
    }
    fn finish_node(&mut self) {
        self.0.finish_node();
    }
}

/// One step of a parse, as [`EventSink`] records it. Node starts and finishes carry the offset
/// where they are (the end of the token before), so a node's range is known without its tokens;
/// a start also says how many events later its finish is, so that a reader skips a node whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseEvent<K> {
    Start { kind: K, at: TextSize, finish: u32 },
    Token(K, TextRange),
    Finish(TextSize),
}

/// Records a parse as a flat list of [`ParseEvent`]s: a few bytes per token, no tree.
///
/// A format may leave out the tokens `dropped` accepts (PGN's blanks and line breaks: half its
/// tokens): every offset stays as it was, so the tokens left out are exactly the gaps between
/// the events, and a reader that wants them (a tree, a rule about empty lines) lexes the gaps.
/// Likewise it may leave out leaf nodes ([`Sink::start_leaf_node`]), whose tokens are then
/// children of the node around them (PGN's move and move number nodes: two events in three of
/// a movetext).
pub struct EventSink<K, D = KeepEvery> {
    events: Vec<ParseEvent<K>>,
    offset: TextSize,
    /// The index of each open node's start.
    open: Vec<usize>,
    dropped: D,
    leaf_nodes: bool,
}

/// Which tokens an [`EventSink`] records no event for.
pub trait DroppedTokens<K> {
    fn drops(&self, kind: K) -> bool;
}

/// Every token is recorded.
pub struct KeepEvery;

impl<K> DroppedTokens<K> for KeepEvery {
    fn drops(&self, _kind: K) -> bool {
        false
    }
}

impl<K, F: Fn(K) -> bool> DroppedTokens<K> for F {
    fn drops(&self, kind: K) -> bool {
        self(kind)
    }
}

impl<K> EventSink<K> {
    /// A sink that writes into `events` (cleared first), so a caller parsing piece after piece
    /// reuses one buffer.
    pub fn reusing(events: Vec<ParseEvent<K>>) -> Self {
        EventSink::dropping(events, KeepEvery)
    }
}

impl<K, D: DroppedTokens<K>> EventSink<K, D> {
    /// [`EventSink::reusing`], recording no event for the tokens `dropped` accepts.
    pub fn dropping(mut events: Vec<ParseEvent<K>>, dropped: D) -> Self {
        events.clear();
        EventSink { events, offset: TextSize::from(0), open: Vec::new(), dropped, leaf_nodes: true }
    }

    /// The same sink recording no event for leaf nodes ([`Sink::start_leaf_node`]): their
    /// tokens are recorded as the enclosing node's.
    pub fn without_leaf_nodes(self) -> Self {
        EventSink { leaf_nodes: false, ..self }
    }

    pub fn into_events(self) -> Vec<ParseEvent<K>> {
        self.events
    }

    /// Where the sink is: [`EventSink::rewind`] takes it back there.
    pub fn mark(&self) -> SinkMark {
        SinkMark { events: self.events.len(), open: self.open.len(), offset: self.offset }
    }

    /// Forgets what was recorded since `mark` (a reader that gave up on a unit; the grammar
    /// reads it again). The nodes open at the mark must still be open.
    pub fn rewind(&mut self, mark: SinkMark) {
        self.events.truncate(mark.events);
        self.open.truncate(mark.open);
        self.offset = mark.offset;
    }
}

/// A sink that forgets what it recorded since a mark: a one-pass reader that gives up on a unit
/// leaves it to the grammar, which records it again (`pgn::plain`, `pbn::plain`).
pub trait Rewind {
    type Mark: Copy;
    fn mark(&self) -> Self::Mark;
    fn rewind(&mut self, mark: Self::Mark);
}

impl<K, D: DroppedTokens<K>> Rewind for EventSink<K, D> {
    type Mark = SinkMark;
    fn mark(&self) -> SinkMark {
        EventSink::mark(self)
    }
    fn rewind(&mut self, mark: SinkMark) {
        EventSink::rewind(self, mark);
    }
}

impl Rewind for UnitSink {
    type Mark = (u32, TextSize, TextSize, usize);
    fn mark(&self) -> Self::Mark {
        (self.depth, self.offset, self.start, self.units.len())
    }
    fn rewind(&mut self, (depth, offset, start, units): Self::Mark) {
        self.depth = depth;
        self.offset = offset;
        self.start = start;
        self.units.truncate(units);
    }
}

/// A place in an [`EventSink`]'s recording ([`EventSink::mark`]).
#[derive(Debug, Clone, Copy)]
pub struct SinkMark {
    events: usize,
    open: usize,
    offset: TextSize,
}

impl<K: Copy, D: DroppedTokens<K>> Sink<K> for EventSink<K, D> {
    fn start_node(&mut self, kind: K) {
        self.open.push(self.events.len());
        self.events.push(ParseEvent::Start { kind, at: self.offset, finish: 0 });
    }
    fn token(&mut self, kind: K, range: TextRange, _source: &str) {
        self.offset = range.end();
        if !self.dropped.drops(kind) {
            self.events.push(ParseEvent::Token(kind, range));
        }
    }
    fn finish_node(&mut self) {
        let here = self.events.len();
        if let Some(start) = self.open.pop() {
            if let ParseEvent::Start { finish, .. } = &mut self.events[start] {
                // Events of one parse are far fewer than 2^32: a text is at most 4 GiB.
                *finish = (here - start) as u32;
            }
        }
        self.events.push(ParseEvent::Finish(self.offset));
    }
    fn start_leaf_node(&mut self, kind: K) {
        if self.leaf_nodes {
            self.start_node(kind);
        }
    }
    fn finish_leaf_node(&mut self) {
        if self.leaf_nodes {
            self.finish_node();
        }
    }
}

/// Records only where the root's child nodes start and end (a format's units, PGN's games):
/// what cutting a text into units needs, without an event per token. Ranges are as
/// [`EventSink`] gives them (a node starts where the token before it ends).
#[derive(Debug, Default)]
pub struct UnitSink {
    depth: u32,
    offset: TextSize,
    start: TextSize,
    units: Vec<TextRange>,
}

impl UnitSink {
    pub fn into_units(self) -> Vec<TextRange> {
        self.units
    }
}

impl<K> Sink<K> for UnitSink {
    fn start_node(&mut self, _kind: K) {
        if self.depth == 1 {
            self.start = self.offset;
        }
        self.depth += 1;
    }
    fn token(&mut self, _kind: K, range: TextRange, _source: &str) {
        self.offset = range.end();
    }
    fn finish_node(&mut self) {
        self.depth = self.depth.saturating_sub(1);
        if self.depth == 1 {
            self.units.push(TextRange::new(self.start, self.offset));
        }
    }
}

/// A node of a parse recorded by [`EventSink`], read in place: its events from its start to its
/// finish, both included. (PGN's checks read theirs through `pgn::flat`, which adds PGN's views.)
#[derive(Debug, Clone, Copy)]
pub struct EventNode<'a, K> {
    events: &'a [ParseEvent<K>],
    /// Where `events` start in the parse's list ([`EventNode::span`]).
    offset: usize,
}

/// A direct child of an [`EventNode`].
#[derive(Debug, Clone, Copy)]
pub enum EventElement<'a, K> {
    Node(EventNode<'a, K>),
    Token(K, TextRange),
}

impl<'a, K: Copy> EventNode<'a, K> {
    /// The root node of a parse: all its events.
    pub fn root(events: &'a [ParseEvent<K>]) -> Self {
        EventNode { events, offset: 0 }
    }

    /// Where the node's events are in the parse's list: a caller that keeps the list can keep
    /// its nodes as spans and read them again with [`EventNode::at`].
    pub fn span(&self) -> std::ops::Range<usize> {
        self.offset..self.offset + self.events.len()
    }

    /// The node at `span` (from [`EventNode::span`]) of the parse's list `events`.
    pub fn at(events: &'a [ParseEvent<K>], span: std::ops::Range<usize>) -> Self {
        EventNode { events: &events[span.clone()], offset: span.start }
    }

    /// The node's kind; `None` for an empty event list.
    pub fn kind(&self) -> Option<K> {
        match self.events.first() {
            Some(ParseEvent::Start { kind, .. }) => Some(*kind),
            _ => None,
        }
    }

    pub fn range(&self) -> TextRange {
        match (self.events.first(), self.events.last()) {
            (Some(ParseEvent::Start { at, .. }), Some(ParseEvent::Finish(end))) => TextRange::new(*at, *end),
            _ => TextRange::default(),
        }
    }

    /// The ranges of the direct children that are nodes, in order: of the root, a format's
    /// units, which a [`UnitSink`] records of the same reading (the tests compare the two).
    pub fn child_node_ranges(&self) -> Vec<TextRange> {
        self.children()
            .filter_map(|child| match child {
                EventElement::Node(node) => Some(node.range()),
                EventElement::Token(..) => None,
            })
            .collect()
    }

    /// The direct children, nodes and tokens, in order.
    pub fn children(&self) -> impl Iterator<Item = EventElement<'a, K>> {
        let mut events = if self.events.len() >= 2 { &self.events[1..self.events.len() - 1] } else { &[] };
        let mut offset = self.offset + 1;
        std::iter::from_fn(move || {
            let (first, rest) = events.split_first()?;
            match *first {
                ParseEvent::Token(kind, range) => {
                    events = rest;
                    offset += 1;
                    Some(EventElement::Token(kind, range))
                }
                ParseEvent::Start { finish, .. } => {
                    let (node, after) = events.split_at((finish as usize + 1).min(events.len()));
                    events = after;
                    let child = EventNode { events: node, offset };
                    offset += node.len();
                    Some(EventElement::Node(child))
                }
                // An unbalanced finish cannot come from the parser; end the walk rather than loop.
                ParseEvent::Finish(_) => {
                    events = &[];
                    None
                }
            }
        })
    }

    /// The tokens that are direct children.
    pub fn child_tokens(&self) -> impl Iterator<Item = (K, TextRange)> + 'a {
        self.children().filter_map(|e| match e {
            EventElement::Token(kind, range) => Some((kind, range)),
            EventElement::Node(_) => None,
        })
    }
}

/// A recursive-descent helper over a token list. It sees every token, trivia included: grammar
/// code decides where trivia belongs (usually with [`Parser::skip_trivia`] before a node).
pub struct Parser<'t, K, S = GreenSink> {
    text: &'t str,
    tokens: Vec<Token<K>>,
    pos: usize,
    sink: S,
    errors: Vec<Diagnostic>,
    is_trivia: fn(K) -> bool,
}

impl<'t, K> Parser<'t, K, GreenSink>
where
    K: Copy + PartialEq + Into<rowan::SyntaxKind>,
{
    /// Starts parsing `tokens` of `text` into a tree whose root node has kind `root`. Grammar
    /// code opens and closes every node it starts; the root is closed by [`Parser::finish`].
    pub fn new(text: &'t str, tokens: Vec<Token<K>>, root: K, is_trivia: fn(K) -> bool) -> Self {
        Parser::with_sink(text, tokens, root, is_trivia, GreenSink::new())
    }

    /// Closes the root. Any tokens the grammar left unconsumed are added to the root so that the
    /// tree always prints back the whole input.
    pub fn finish<L: rowan::Language>(self) -> Parse<L> {
        let (sink, errors) = self.finish_into_sink();
        Parse::new(sink.0.finish(), errors)
    }
}

impl<'t, K, S> Parser<'t, K, S>
where
    K: Copy + PartialEq,
    S: Sink<K>,
{
    /// Starts parsing into `sink`, the root node of kind `root` open.
    pub fn with_sink(text: &'t str, tokens: Vec<Token<K>>, root: K, is_trivia: fn(K) -> bool, mut sink: S) -> Self {
        sink.start_node(root);
        Parser::continuing(text, tokens, is_trivia, sink)
    }

    /// Goes on parsing into `sink`, whose root node is already open and holds what was read
    /// before the first of `tokens` (another reader's: see `pgn::plain`).
    pub fn continuing(text: &'t str, tokens: Vec<Token<K>>, is_trivia: fn(K) -> bool, sink: S) -> Self {
        Parser { text, tokens, pos: 0, sink, errors: Vec::new(), is_trivia }
    }

    /// Closes the root (after adding any tokens the grammar left, so the output always covers
    /// the whole input) and gives back the sink and the syntax errors.
    pub fn finish_into_sink(self) -> (S, Vec<Diagnostic>) {
        let (sink, errors, _) = self.finish_into_parts();
        (sink, errors)
    }

    /// [`Parser::finish_into_sink`], giving back the token list too, for the next parse to
    /// reuse its memory.
    pub fn finish_into_parts(mut self) -> (S, Vec<Diagnostic>, Vec<Token<K>>) {
        while !self.at_end() {
            self.bump();
        }
        self.sink.finish_node();
        (self.sink, self.errors, self.tokens)
    }

    /// Gives back the sink, its nodes still open, with the syntax errors and the token list:
    /// the grammar read one unit of a text whose other units another reader reads (`pbn::plain`).
    pub fn suspend(self) -> (S, Vec<Diagnostic>, Vec<Token<K>>) {
        (self.sink, self.errors, self.tokens)
    }

    pub fn text(&self) -> &'t str {
        self.text
    }

    /// The kind of the token `n` places ahead (trivia counted), `None` at the end.
    pub fn nth(&self, n: usize) -> Option<K> {
        self.tokens.get(self.pos + n).map(|t| t.kind)
    }

    /// The text of the token `n` places ahead (trivia counted), `""` at the end.
    pub fn nth_text(&self, n: usize) -> &'t str {
        self.tokens.get(self.pos + n).map_or("", |t| &self.text[t.range])
    }

    pub fn current(&self) -> Option<K> {
        self.nth(0)
    }

    pub fn at(&self, kind: K) -> bool {
        self.current() == Some(kind)
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.tokens.len()
    }

    /// The first kind at or after the current token that is not trivia.
    pub fn peek_non_trivia(&self) -> Option<K> {
        self.tokens[self.pos.min(self.tokens.len())..].iter().map(|t| t.kind).find(|&k| !(self.is_trivia)(k))
    }

    /// Range of the current token; an empty range at the end of text when there is none.
    pub fn current_range(&self) -> TextRange {
        self.tokens
            .get(self.pos)
            .map(|t| t.range)
            .unwrap_or_else(|| TextRange::empty(TextSize::from(self.text.len() as u32)))
    }

    pub fn current_text(&self) -> &'t str {
        self.tokens.get(self.pos).map_or("", |t| &self.text[t.range])
    }

    /// Adds the current token to the open node and advances.
    pub fn bump(&mut self) {
        if let Some(&t) = self.tokens.get(self.pos) {
            self.sink.token(t.kind, t.range, self.text);
            self.pos += 1;
        }
    }

    /// Adds the current token under another kind (a contextual keyword, an error) and advances.
    pub fn bump_as(&mut self, kind: K) {
        if let Some(&t) = self.tokens.get(self.pos) {
            self.sink.token(kind, t.range, self.text);
            self.pos += 1;
        }
    }

    /// Bumps trivia tokens into the open node.
    pub fn skip_trivia(&mut self) {
        while self.current().is_some_and(self.is_trivia) {
            self.bump();
        }
    }

    pub fn start_node(&mut self, kind: K) {
        self.sink.start_node(kind);
    }

    pub fn finish_node(&mut self) {
        self.sink.finish_node();
    }

    /// Starts a leaf node ([`Sink::start_leaf_node`]): only adjacent tokens go into it, and
    /// [`Parser::finish_leaf_node`] ends it.
    pub fn start_leaf_node(&mut self, kind: K) {
        self.sink.start_leaf_node(kind);
    }

    pub fn finish_leaf_node(&mut self) {
        self.sink.finish_leaf_node();
    }

    /// Records a syntax error of `rule` at `range`.
    pub fn error(&mut self, rule: &Rule, range: TextRange, message: impl Into<String>) {
        self.errors.push(Diagnostic::new(rule, range, message));
    }

    pub fn push_diagnostic(&mut self, diagnostic: Diagnostic) {
        self.errors.push(diagnostic);
    }
}

/// Declares a format's `SyntaxKind` enum and its rowan language from one list of kinds, so the
/// list is written once: the enum (dense, `repr(u16)`), `SyntaxKind::ALL` indexed by raw value,
/// `SyntaxKind::from_raw` (unknown raw values become `fallback`), the conversion to rowan's kind,
/// the `Language` impl and the `SyntaxNode`/`SyntaxToken`/`SyntaxElement` aliases.
macro_rules! syntax_kinds {
    (language: $lang:ident, fallback: $fallback:ident; $($(#[$meta:meta])* $kind:ident),* $(,)?) => {
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u16)]
        pub enum SyntaxKind {
            $($(#[$meta])* $kind),*
        }

        impl SyntaxKind {
            /// Every kind, indexed by its `u16` value.
            pub const ALL: &'static [SyntaxKind] = &[$(SyntaxKind::$kind),*];

            /// The kind of a raw value; values no kind has become the fallback kind.
            pub fn from_raw(raw: u16) -> SyntaxKind {
                SyntaxKind::ALL.get(usize::from(raw)).copied().unwrap_or(SyntaxKind::$fallback)
            }
        }

        impl From<SyntaxKind> for rowan::SyntaxKind {
            fn from(kind: SyntaxKind) -> Self {
                rowan::SyntaxKind(kind as u16)
            }
        }

        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $lang {}

        impl rowan::Language for $lang {
            type Kind = SyntaxKind;
            fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
                SyntaxKind::from_raw(raw.0)
            }
            fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
                kind.into()
            }
        }

        pub type SyntaxNode = rowan::SyntaxNode<$lang>;
        pub type SyntaxToken = rowan::SyntaxToken<$lang>;
        pub type SyntaxElement = rowan::SyntaxElement<$lang>;
    };
}
pub(crate) use syntax_kinds;
