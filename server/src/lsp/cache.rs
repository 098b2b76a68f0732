//! The per-unit caches that a document's segments carry ([`UnitViews`]: outline, folding and
//! semantic-token parts, each computed on first use) and the remembered semantic-token answer a
//! delta is computed from ([`TokenAnswer`]). Plain data, below the modules that fill them:
//! [`analysis`](super::analysis) keeps one per segment, [`document`](super::document) keeps the
//! last answer, [`views`](super::views) computes and reads them (and the double-dummy module
//! keeps a segment's DDS diagnostics there).

use kibitzer_syntax::text::ColumnUnit;
use std::sync::{Arc, OnceLock};
use tower_lsp_server::ls_types::{DocumentSymbol, FoldingRange, Position};

/// One semantic token on one line, in segment-relative positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineToken {
    pub start: Position,
    pub length: u32,
    pub token_type: u32,
}

/// The cached parts of one segment, each computed on first use, with the column unit it was
/// computed in (a part in another unit is recomputed, not used).
#[derive(Debug, Default)]
pub struct UnitViews {
    pub(super) symbols: OnceLock<(ColumnUnit, Vec<DocumentSymbol>)>,
    pub(super) folds: OnceLock<(ColumnUnit, Vec<FoldingRange>)>,
    pub(super) tokens: OnceLock<(ColumnUnit, Vec<LineToken>)>,
    /// The segment's double-dummy diagnostics (relative to its start), once its deals are
    /// solved: the settings they were made with are the document's (new settings, new segments).
    pub(super) double_dummy: OnceLock<Vec<kibitzer_syntax::Diagnostic>>,
    /// For a segment that is a block of several pieces, each piece's range (relative to the
    /// segment's start) with views of its own: a feature that reads units sees each piece as it
    /// would were it a segment (`analysis::Segment::block_pieces`).
    pub(super) pieces: OnceLock<Vec<(kibitzer_syntax::TextRange, Arc<UnitViews>)>>,
}

/// A whole-document semantic-token answer as the next delta request needs it: which cache each
/// part's tokens came from (the cache is kept alive by it), where the part was placed, how many
/// tokens it gave.
/// Kept per document, a few dozen bytes per game: not the tokens.
#[derive(Debug, Clone)]
pub struct TokenAnswer {
    pub result_id: String,
    pub(super) parts: Vec<PlacedPart>,
}

#[derive(Debug, Clone)]
pub(super) struct PlacedPart {
    pub(super) views: Arc<UnitViews>,
    pub(super) base: Position,
    /// How many of its tokens were sent (those out of order are dropped).
    pub(super) count: usize,
}

impl TokenAnswer {
    /// The number of tokens of the answer.
    pub fn len(&self) -> usize {
        self.parts.iter().map(|p| p.count).sum()
    }
}
