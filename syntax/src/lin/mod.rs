//! LIN, the format of Bridge Base Online: hand records, vugraph files and the handviewer's
//! links are runs of pairs `name|value|` (`pn|…|md|…|sv|…|mb|…|an|…|pc|…|mc|…|pg||`), one board
//! a line as BBO writes them (or, in a vugraph file, a board from each `qx` to the next).
//!
//! `lexer` (a byte scanner) → `parser` (a lossless tree: boards of pairs) → `model` (pairs with
//! their ranges; a board in the bridge model) ← `read` (values into the model, and their
//! rules) → `pbn` (a board as a PBN game, mapped back to the LIN text) → `check` (the grammar's
//! and the values' rules, and the bridge checks PBN runs, moved onto the LIN text) and
//! `from_pbn` (a PBN game as a LIN board, and `handviewer` its BBO link); `format` writes a
//! board a line. `stretches` finds the boards by a scan without a tree: a large text is checked
//! and formatted a piece of whole boards at a time, and a board over 1 MiB is not read (LIN004).

pub mod check;
pub mod format;
pub mod from_pbn;
pub mod handviewer;
pub mod lexer;
pub mod model;
pub mod parser;
pub mod pbn;
pub mod read;
pub mod rules;
pub mod stretches;
pub mod syntax_kind;

use crate::config::CheckOptions;
use crate::diagnostic::Diagnostic;

pub use from_pbn::to_lin;
pub use parser::parse;

/// Every diagnostic of a LIN text (severities as declared: the engine applies the options).
pub fn check(text: &str, _options: &CheckOptions) -> Vec<Diagnostic> {
    check::check(text)
}

/// The header and boards of `text` (a board a line, or from one `qx` to the next): the
/// parser's, found by a scan that keeps no tree ([`stretches::board_ranges`]).
pub fn units(text: &str) -> Vec<crate::text::TextRange> {
    stretches::board_ranges(text, lexer::is_numbered(text))
}

/// A LIN text as PBN: a game per board, in PBN's tag order (`kibitzer convert --to pbn`
/// formats it as export format).
pub fn to_pbn(text: &str) -> String {
    let (boards, _) = read::read_text(text);
    let mut out =
        pbn::PbnText { text: "% PBN 2.1\n% Converted by kibitzer from BBO LIN\n".to_owned(), map: Vec::new() };
    for board in &boards {
        pbn::write_game(board, &mut out);
    }
    out.text
}
