//! What an editor shows about a file — hover text, completions, outline, folding, token
//! classes, note navigation — with no editor protocol types: the language server (and any other
//! front end) converts these plain values.
//!
//! Every function takes the text of one or more whole units (the server passes the unit at the
//! cursor) and byte offsets into it. Documentation of the standards' tags and NAGs lives in
//! [`docs`]; [`scan`] is a small lexical scanner for the elements every format shares
//! (tag pairs, NAGs, comments, PBN notes), so that these features work on any text, also on text
//! with syntax errors. Moves are the exception: [`chess`] asks the PGN check's replay for the
//! position at the cursor, [`bridge`] the PBN check's auction and play models.

pub mod board_view;
mod bridge;
mod chess;
mod clock;
pub mod docs;
mod features;
mod inlay;
mod links;
pub mod picture;
mod position;
pub mod scan;
mod types;

pub use features::{classify, completions, definition, folding, hover, hover_with, references, symbols};
pub use inlay::{inlay_hints, Inlay, InlayOptions};
pub use links::{links, Link};
pub use types::{Completion, CompletionKind, Fold, FoldKind, HoverInfo, Symbol, SymbolKind, TokenClass};
