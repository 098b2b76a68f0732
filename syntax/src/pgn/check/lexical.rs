//! Rules about characters and lines (PGN 4): control characters, tabs in export format, line
//! lengths (255 in import format, under 80 in export format).

use crate::config::Mode;
use crate::diagnostic::{Applicability, Diagnostic, TextEdit};
use crate::text::{TextRange, TextSize};

crate::diagnostic::declare_rules! {
    TAB_CHARACTER = "PGN010" "tab-character" Error Export "PGN 4.2"
        "A tab character in export format"
        "Export format uses spaces only; tabs are replaced by spaces."
        bad: "[Event \"x\"]\n\n1.\te4 *\n", good: "[Event \"x\"]\n\n1. e4 *\n";
    LINE_TOO_LONG = "PGN011" "line-too-long" Error Import "PGN 4.3"
        "A line longer than 255 characters"
        "PGN text lines hold at most 255 characters, the line end included."
        bad: "1. e4 {aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa} *\n", good: "1. e4 {short} *\n";
    CONTROL_CHARACTER = "PGN012" "control-character" Error Import "PGN 4.1"
        "A control character other than a line break or tab"
        "PGN text consists of printing characters, spaces and line breaks (and tabs, in import format)."
        bad: "1. e4 {a\u{7}b} *\n", good: "1. e4 {ab} *\n";
    NON_LATIN1_CHARACTER = "PGN014" "non-latin1-character" Error Export "PGN 4.1"
        "A character outside ISO-8859-1 in export format"
        "PGN's character set is ISO 8859/1 (Latin-1). Import format tolerates UTF-8 text, but an export-format file holds only characters other programs can read as Latin-1: transliterate the rest."
        bad: "[Event \"Z\u{fc}rich \u{2654}\"]\n\n1. e4 *\n", good: "[Event \"Z\u{fc}rich\"]\n\n1. e4 *\n";
    LONG_LINE = "PGN015" "long-line" Warning Export "PGN 4.3, 8.2.1"
        "A line with 80 or more characters in export format"
        "Lines of 80 or more printing characters are strongly discouraged (PGN 4.3), and export format fills movetext lines to under 80 (8.2.1): a movetext line that `kibitzer fmt` breaks is PGN020's error instead. A long tag value, such as a FEN, may need more, and stays this warning."
        bad: "[Event \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"]\n\n1. e4 *\n", good: "[Event \"short\"]\n\n1. e4 *\n";
}

pub(super) fn check(text: &str, mode: Mode, out: &mut Vec<Diagnostic>) {
    let limit = match mode {
        Mode::Import => 255,
        Mode::Export => 79,
    };
    let bytes = text.as_bytes();
    // Nearly every file is printable ASCII and line ends: then only a line longer than the
    // limit breaks a rule, and lines are found by their ends alone.
    if crate::text::is_plain_ascii_text(bytes) {
        for line in crate::text::lines_longer_than(bytes, limit) {
            check_line(&text[line.clone()], line.start, true, limit, mode, out);
        }
        return;
    }
    let mut line_start = 0usize;
    while line_start <= bytes.len() {
        // One pass: up to the first byte that is not printable ASCII, which usually ends the line.
        let printable_end = crate::text::printable_ascii_end(bytes, line_start);
        let len = bytes[printable_end..]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .map_or(bytes.len() - line_start, |n| printable_end - line_start + n);
        let line = &text[line_start..line_start + len];
        let plain = printable_end == line_start + len;
        check_line(line, line_start, plain, limit, mode, out);
        let mut next = line_start + len;
        if next >= bytes.len() {
            break;
        }
        next += if bytes[next] == b'\r' && bytes.get(next + 1) == Some(&b'\n') { 2 } else { 1 };
        line_start = next;
    }
}

fn at(offset: usize) -> TextSize {
    TextSize::from(offset as u32)
}

/// `plain`: the line is printable ASCII only.
fn check_line(line: &str, start: usize, plain: bool, limit: usize, mode: Mode, out: &mut Vec<Diagnostic>) {
    // Fast path: short printable ASCII lines need no further look.
    if plain && line.len() <= limit {
        return;
    }
    if !plain {
        let mut tabs = Vec::new();
        for (i, c) in line.char_indices() {
            if c == '\t' {
                tabs.push(TextEdit::replace(TextRange::at(at(start + i), 1.into()), " "));
            } else if mode == Mode::Export && u32::from(c) > 0xFF {
                // kibitzer reads UTF-8 in import format; export format holds Latin-1 only.
                out.push(Diagnostic::new(
                    &NON_LATIN1_CHARACTER,
                    TextRange::at(at(start + i), at(c.len_utf8())),
                    format!("`{c}` (U+{:04X}) is not an ISO-8859-1 character", c as u32),
                ));
            } else if c.is_control() {
                out.push(Diagnostic::new(
                    &CONTROL_CHARACTER,
                    TextRange::at(at(start + i), at(c.len_utf8())),
                    format!("control character U+{:04X} in PGN text", c as u32),
                ));
            }
        }
        if mode == Mode::Export && !tabs.is_empty() {
            let first = tabs[0].range;
            let n = tabs.len();
            out.push(
                Diagnostic::new(
                    &TAB_CHARACTER,
                    first,
                    if n == 1 {
                        "tab character in export format".to_owned()
                    } else {
                        format!("{n} tab characters on this line in export format")
                    },
                )
                .with_fix("Replace tabs with spaces", tabs, Applicability::Safe),
            );
        }
    }
    if line.len() > limit {
        let chars = line.chars().count();
        if chars > limit {
            let cut = line.char_indices().nth(limit).map_or(line.len(), |(i, _)| i);
            let range = TextRange::new(at(start + cut), at(start + line.len()));
            // At most 255 in either format (PGN 4.3); 80 or more is strongly discouraged (a
            // warning, looked for in export format only, where 8.2.1 fills lines to under 80).
            out.push(if chars > 255 {
                Diagnostic::new(&LINE_TOO_LONG, range, format!("line has {chars} characters; PGN allows at most 255"))
            } else {
                Diagnostic::new(
                    &LONG_LINE,
                    range,
                    format!("line has {chars} characters; export format lines have fewer than 80"),
                )
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain-text path (windows between line ends) reports exactly the lines over the limit,
    /// as the general path (which a non-ASCII character at the end turns on) does.
    #[test]
    fn long_lines_are_found_by_their_ends_alone() {
        let lengths = [0, 1, 78, 79, 80, 81, 254, 255, 256, 257, 600, 3, 255, 256, 1000];
        for mode in [Mode::Import, Mode::Export] {
            for ends in ["\n", "\r\n", "\r"] {
                let lines: Vec<String> = lengths.iter().map(|&n| "x".repeat(n)).collect();
                let text = lines.join(ends);
                let limit = if mode == Mode::Import { 255 } else { 79 };
                let long = |text: &str| {
                    let mut out = Vec::new();
                    check(text, mode, &mut out);
                    out.into_iter()
                        .filter(|d| d.code == LINE_TOO_LONG.code || d.code == LONG_LINE.code)
                        .map(|d| d.range.start())
                        .collect::<Vec<_>>()
                };
                let plain = long(&text);
                let expected = lengths.iter().filter(|&&n| n > limit).count();
                assert_eq!(plain.len(), expected, "{mode:?} {ends:?}");
                let general = long(&format!("{text}{ends}\u{e9}"));
                assert_eq!(plain, general, "{mode:?} {ends:?}");
            }
        }
    }
}
