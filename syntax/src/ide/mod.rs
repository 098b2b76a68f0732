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
//!
//! One module per feature, as rust-analyzer's `ide` crate: `hover`, `completion`, `outline`,
//! `folding`, `token_classes`, `note_navigation`, `names`, `inlay`, `links`, [`board_view`]; what several
//! of them read the same way (lines, games, EPD fields, the offset conversion `ts`) is in `split`.

pub mod board_view;
mod bridge;
mod chess;
mod clock;
mod completion;
mod diagrams;
pub mod docs;
mod folding;
mod hover;
mod inlay;
mod links;
mod names;
mod note_navigation;
mod outline;
pub mod picture;
pub mod scan;
mod split;
#[cfg(test)]
mod test_texts;
mod token_classes;
mod types;

pub use completion::completions;
pub use folding::folding;
pub use hover::{hover, hover_after, hover_with};
pub use inlay::{inlay_hints, Inlay, InlayOptions};
pub use links::{links, Link};
pub use names::{name_at, name_values, renamed_value, same_name, NameField, NameValue};
pub use note_navigation::{definition, references};
pub use outline::symbols;
pub use token_classes::classify;
pub use types::{Completion, CompletionKind, Fold, FoldKind, HoverInfo, Symbol, SymbolKind, TokenClass};
