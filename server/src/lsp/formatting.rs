//! Document formatting through the formatter of `kibitzer fmt`.
//!
//! The shared formatter (`kibitzer_syntax::format`) is being written; until it is merged this
//! module offers no edits (`None`: the client is told there is nothing to format), and the
//! server advertises formatting so that editors are configured once.

use kibitzer_syntax::diagnostic::TextEdit;
use kibitzer_syntax::Lang;

/// Minimal edits turning `text` into its formatted form; `None` when there is no formatter for
/// `lang` or nothing changes.
pub fn edits(lang: Lang, text: &str) -> Option<Vec<TextEdit>> {
    let _ = (lang, text);
    None
}
