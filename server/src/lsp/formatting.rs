//! Document and range formatting with the formatter of `kibitzer fmt`
//! (`kibitzer_syntax::format`), answered as minimal text edits. Units with syntax errors are left
//! as written by the engine, so formatting never loses text.

use kibitzer_syntax::diagnostic::TextEdit;
use kibitzer_syntax::format::{format, format_range, minimal_edits, FormatOptions};
use kibitzer_syntax::{Lang, TextRange};

/// Minimal edits turning `text` into its formatted form (only the units `range` touches, when
/// given); empty when it is formatted already.
pub fn edits(lang: Lang, text: &str, range: Option<TextRange>) -> Vec<TextEdit> {
    let options = FormatOptions::default();
    let formatted = match range {
        None => format(lang, text, &options),
        Some(r) => format_range(lang, text, r, &options),
    };
    if formatted.text == text {
        return Vec::new();
    }
    minimal_edits(text, &formatted.text)
}
