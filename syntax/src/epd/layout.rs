//! The export layout of EPD (PGN 16.2): which rule a place breaks where the text differs from
//! what `kibitzer fmt` writes ([`crate::layout`] finds the places, in export mode only).

use crate::diagnostic::{Rule, TextEdit};
use crate::text::{blank_in_words, difference_in_words};

crate::diagnostic::declare_rules! {
    EPD_SPACING = "EPD018" "export-spacing" Error Export "PGN 16.2.4"
        "Blanks between the fields and operations of an EPD record other than a single space"
        "An EPD record's fields, its operations and their operands are separated by a single space character."
        bad: "4k3/8/8/8/8/8/8/4K3 w - -  id \"a\";\n", good: "4k3/8/8/8/8/8/8/4K3 w - - id \"a\";\n";
    EPD_LAYOUT = "EPD019" "export-layout" Warning Export "PGN 16.2"
        "Text that differs from what `kibitzer fmt` writes, for no rule more precise"
        "Export format is one layout, whatever program writes it: a difference from `kibitzer fmt`'s output that no more precise rule names (a blank at a line's end, empty lines) is reported here, with the formatter's text as its fix."
        bad: "4k3/8/8/8/8/8/8/4K3 w - - id \"a\"; \n", good: "4k3/8/8/8/8/8/8/4K3 w - - id \"a\";\n";
}

/// The rule that `edit`, the formatter's edit of `text` at one place, enforces, and the
/// message: what the text has there and what export format has.
pub fn rule_for(text: &str, edit: &TextEdit) -> (&'static Rule, String) {
    let (start, end) = (usize::from(edit.range.start()), usize::from(edit.range.end()));
    let (old, new) = (&text[start..end], edit.replacement.as_str());
    let within_line = |s: &str| !s.is_empty() && s.chars().all(|c| c == ' ' || c == '\t');
    let before = &text[..start];
    let after = &text[end..];
    let inside = !before.is_empty() && !before.ends_with('\n') && !after.is_empty() && !after.starts_with(['\n', '\r']);
    if inside && (within_line(old) || old.is_empty()) && new == " " {
        return (&EPD_SPACING, format!("{} between two fields; EPD has a single space", blank_in_words(old)));
    }
    (&EPD_LAYOUT, difference_in_words(old, new))
}
