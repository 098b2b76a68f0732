//! The export layout of PGN (8.1, 8.2.1): which sentence of the standard a place breaks where
//! the text differs from what `kibitzer fmt` writes. The places themselves are found by
//! comparing the text with the formatter's output ([`crate::layout`], export mode only); this
//! file names the rule each one breaks and says what export format has there.

use crate::diagnostic::{Rule, TextEdit};
use crate::text::{blank_in_words, difference_in_words};

crate::diagnostic::declare_rules! {
    TAG_SPACING = "PGN016" "tag-spacing" Error Export "PGN 8.1"
        "Blanks inside a tag pair other than the single space between its name and value"
        "Export format writes a tag pair as `[Name \"value\"]`: no blank after `[` or before `]`, one space between the name and the value. `kibitzer fmt` and `check --fix` write it so."
        bad: "[Event  \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 *\n", good: "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 *\n";
    TAG_PAIR_LINE = "PGN017" "tag-pair-line" Error Export "PGN 8.1"
        "A tag pair not alone and left justified on its line, or no single empty line after the last"
        "Export format puts each tag pair at the start of a line of its own, and one empty line between the last tag pair and the movetext."
        bad: "[Event \"x\"] [Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 *\n", good: "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 *\n";
    MOVETEXT_SPACING = "PGN018" "movetext-spacing" Error Export "PGN 8.2.1"
        "Two or more blanks, or none, between two movetext tokens on a line"
        "Export format puts a single space between adjacent tokens of the movetext on a line (`1. e4 e5`, not `1.e4  e5`)."
        bad: "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4  e5 *\n", good: "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
    LINE_END_SPACE = "PGN019" "line-end-space" Error Export "PGN 8.2.1"
        "A line that starts or ends with a space in export format"
        "Neither the first nor the last character of an export format line is a space: blanks at a line's ends are removed."
        bad: "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 * \n", good: "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
    MOVETEXT_LINE_LENGTH = "PGN020" "movetext-line-length" Error Export "PGN 8.2.1"
        "A movetext line of 80 or more characters that export format breaks"
        "Export format movetext lines have fewer than 80 printing characters: the line is broken where `kibitzer fmt` breaks it. (A tag line, a long FEN say, may be longer: PGN015 warns of it, as 4.3 only discourages it.)"
        bad: "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 *\n", good: "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3\nO-O 9. h3 *\n";
    MOVETEXT_FILL = "PGN021" "movetext-fill" Error Export "PGN 8.2.1"
        "A movetext line broken before it is full"
        "Export format places as many movetext tokens on a line as fit in fewer than 80 characters, the rest on the lines after: a line break where the next token still fits is a space."
        bad: "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5\n2. Nf3 *\n", good: "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n";
    EXPORT_LAYOUT = "PGN022" "export-layout" Warning Export "PGN 3.2"
        "Text that differs from what `kibitzer fmt` writes, for no rule more precise"
        "Export format is one layout, byte for byte, whatever program writes it: a difference from `kibitzer fmt`'s output that no more precise rule names (empty lines between games, say) is reported here, with the formatter's text as its fix."
        bad: "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 *\n\n\n\n[Event \"y\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. d4 *\n", good: "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 *\n\n[Event \"y\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. d4 *\n\n";
}

/// Export format's movetext lines have fewer printing characters than this (PGN 8.2.1).
const LINE_LIMIT: usize = 80;

/// The rule that `edit`, the formatter's edit of `text` at one place, enforces, and the
/// message: what the text has there and what export format has.
pub fn rule_for(text: &str, edit: &TextEdit) -> (&'static Rule, String) {
    let (start, end) = (usize::from(edit.range.start()), usize::from(edit.range.end()));
    let (old, new) = (&text[start..end], edit.replacement.as_str());
    let blank = |s: &str| s.chars().all(char::is_whitespace);
    if !blank(old) || !blank(new) {
        return (&EXPORT_LAYOUT, difference_in_words(old, new));
    }
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..start];
    let after = text[end..].split('\n').next().unwrap_or("").trim_end_matches('\r');
    let (mut old_breaks, mut new_breaks) = (old.matches('\n').count(), new.matches('\n').count());
    // An edit at a line's start is about the line break before it too: `*\n` that export
    // format ends with an empty line is a line break where it has two, after that line.
    let mut line_before = "";
    if before.is_empty() && line_start > 0 && !old.contains([' ', '\t']) {
        old_breaks += 1;
        new_breaks += 1;
        let previous = text[..line_start - 1].trim_end_matches('\r');
        line_before = &previous[previous.rfind('\n').map_or(0, |i| i + 1)..];
    }
    // The empty lines of the whole blank the edit is part of, as written and as export format
    // writes them.
    let run_start = text[..start].trim_end_matches(char::is_whitespace).len();
    let run_end = end + (text.len() - end - text[end..].trim_start_matches(char::is_whitespace).len());
    let old_run = text[run_start..run_end].matches('\n').count();
    let new_run = old_run + new.matches('\n').count() - old.matches('\n').count();
    let empty_lines = |breaks: usize| match breaks.saturating_sub(1) {
        0 => "no empty line".to_owned(),
        1 => "an empty line".to_owned(),
        n => format!("{n} empty lines"),
    };
    let has = blank_in_words(old);
    // Inside a tag pair: between `[` and `]` on this line.
    let in_tag = before.rsplit(']').next().is_some_and(|open| open.contains('['));
    if in_tag && old_breaks == 0 {
        let message = if before.trim_end().ends_with('[') {
            format!("{has} after `[`; export format has none")
        } else if after.starts_with(']') {
            format!("{has} before `]`; export format has none")
        } else {
            format!("{has} between the tag name and its value; export format has a single space")
        };
        return (&TAG_SPACING, message);
    }
    // Blanks at a line's end (before a line break in the blank, or at the end of the line) or
    // at its start (after a line break, or from the line's start).
    let spaced = |s: &str| s.contains([' ', '\t']);
    let at_line_end = old.split('\n').next().is_some_and(|s| spaced(s.trim_end_matches('\r')))
        && (old_breaks > 0 || after.is_empty());
    let at_line_start = old.rsplit('\n').next().is_some_and(spaced) && (old_breaks > 0 || before.is_empty());
    let is_tag_line = |line: &str| line.trim_start().starts_with('[') && line.trim_end().ends_with(']');
    let tag_before = is_tag_line(before) || is_tag_line(line_before);
    let tag_after = after.starts_with('[');
    let indent = old.rsplit('\n').next().unwrap_or("");
    if at_line_end {
        return (&LINE_END_SPACE, "line ends with a space; export format lines do not".to_owned());
    }
    if tag_after && (at_line_start || (old_breaks == 0 && before.trim().is_empty())) {
        let message =
            format!("{} before the tag pair; export format starts it at the line's start", blank_in_words(indent));
        return (&TAG_PAIR_LINE, message);
    }
    if at_line_start {
        return (&LINE_END_SPACE, "line starts with a space; export format lines do not".to_owned());
    }
    if tag_after && old_breaks == 0 {
        let message =
            "tag pair on the line of the text before it; export format puts each tag pair on a line by itself";
        return (&TAG_PAIR_LINE, message.to_owned());
    }
    if tag_before && old_breaks == 0 {
        let message = "text after a tag pair on its line; export format puts each tag pair on a line by itself";
        return (&TAG_PAIR_LINE, message.to_owned());
    }
    if tag_before && old_breaks != new_breaks {
        let message = if tag_after {
            format!("{} between tag pairs; export format has none", empty_lines(old_run))
        } else {
            format!("{} after the last tag pair; export format has a single one", empty_lines(old_run))
        };
        return (&TAG_PAIR_LINE, message);
    }
    // Line breaks added at the end of the text: how the last game ends, not where a movetext
    // line is broken (a text that ends `52. Ke5 1/2-1/2` with no line break).
    if run_end == text.len() && old_run == 0 && new_breaks > 0 {
        let message =
            format!("the text ends without a line break; export format ends a game with {}", empty_lines(new_run));
        return (&EXPORT_LAYOUT, message);
    }
    if old_breaks == 0 && new_breaks > 0 {
        let line = format!("{before}{old}{after}");
        let chars = line.chars().count();
        if chars >= LINE_LIMIT {
            return (
                &MOVETEXT_LINE_LENGTH,
                format!("movetext line of {chars} characters; export format lines have fewer than {LINE_LIMIT}"),
            );
        }
        return (
            &MOVETEXT_FILL,
            "export format ends the movetext line here, where the next token no longer fits".to_owned(),
        );
    }
    if old_breaks > 0 && new_breaks == 0 {
        return (
            &MOVETEXT_FILL,
            "line break where the next token still fits on the line; export format writes a space".to_owned(),
        );
    }
    if old_breaks != new_breaks {
        let place = if run_end == text.len() || text[run_end..].starts_with('[') { "after the game" } else { "here" };
        let message = format!("{} {place}; export format has {}", empty_lines(old_run), empty_lines(new_run));
        return (&EXPORT_LAYOUT, message);
    }
    (&MOVETEXT_SPACING, format!("{has} between two tokens; export format has a single space"))
}
