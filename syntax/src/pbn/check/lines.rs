//! Whole-text checks (PBN 2.2, 2.3): line length, characters outside ISO 8859-1, control
//! characters, and in export format long lines and tabs.

use super::context::Sink;
use crate::diagnostic::{Applicability, Diagnostic, Fix, TextEdit};
use crate::parsing::ParseEvent;
use crate::pbn::syntax_kind::SyntaxKind;
use crate::text::{line_break_at_or_after, TextRange, TextSize};

crate::diagnostic::declare_rules! {
    LINE_TOO_LONG = "PBN010" "line-too-long" Error Import "PBN 2.3"
        "A line longer than 255 characters."
        "A PBN text line is at most 255 characters, the line end included."
        bad: "[Event \"…300 characters…\"]", good: "a shorter value";
    CONTROL_CHARACTER = "PBN011" "control-character" Error Import "PBN 2.2"
        "A control character (or a tab inside a string)."
        "Only printing ISO 8859-1 characters, tab and vertical tab are allowed, and strings may not hold tabs."
        bad: "[Event \"a\\tb\"]", good: "[Event \"a b\"]";
    NON_LATIN1_CHARACTER = "PBN012" "non-latin1-character" Error Export "PBN 2.2"
        "A character outside ISO 8859-1 in export format."
        "PBN files are ISO 8859-1; characters beyond it (such as suit symbols) cannot be written in the file's standard encoding. kibitzer reads UTF-8 in import format, but an export-format file holds only ISO 8859-1: write `\\S` for a suit symbol and transliterate the rest."
        bad: "[Note \"1:♠\"]", good: "[Note \"1:\\\\S\"]";
    LONG_LINE = "PBN013" "long-line" Warning Export "PBN 2.3"
        "A line with 80 or more printing characters in export format."
        "Lines of 80 or more printing characters are strongly discouraged."
        bad: "{ a very long comment … }", good: "{ a comment\n  over lines }";
    EXPORT_TAB = "PBN804" "export-tab" Error Export "PBN 2.3"
        "Export format: a tab character."
        "Tabs are not permitted in export format."
        bad: "1C	Pass", good: "1C Pass";
    EXPORT_LINE_FORMAT = "PBN806" "export-line-format" Error Export "PBN 2.3"
        "Export format: a line not ended by CRLF, or a game separator that is not an empty line."
        "Export format ends every line with CR LF and separates games with an empty line."
        bad: "[Event \"\"]\\n", good: "[Event \"\"]\\r\\n";
}

/// `export_from`: the offset from which export-format rules apply (the text length if never).
/// A line end without CR in export format is reported once per file: `bare_line_end_reported`
/// says whether an earlier piece of the file did; gives whether it is reported now.
pub(super) fn check(text: &str, export_from: usize, bare_line_end_reported: bool, sink: &mut Sink) -> bool {
    let mut reported = bare_line_end_reported;
    if export_from < text.len() {
        reported |= check_export_line_ends(text, export_from, bare_line_end_reported, sink);
    }
    let bytes = text.as_bytes();
    // Nearly every file is printable ASCII and line ends: then a line shorter than 80 bytes
    // breaks no rule here (its characters are its bytes), and the longer ones are found by their
    // ends alone.
    if crate::text::is_plain_ascii_text(bytes) {
        for line in crate::text::lines_longer_than(bytes, 79) {
            look_at_line(text, line.start, line.end, export_from, sink);
        }
        return reported;
    }
    let mut line_start = 0;
    loop {
        let end = line_break_at_or_after(bytes, line_start).unwrap_or(text.len());
        let line_end = look_at_line(text, line_start, end, export_from, sink);
        if end == text.len() {
            return reported;
        }
        line_start = end + line_end;
    }
}

/// Checks the line `start..end` (without its line end); gives the length of its line end.
fn look_at_line(text: &str, start: usize, end: usize, export_from: usize, sink: &mut Sink) -> usize {
    let bytes = text.as_bytes();
    let line_end = match bytes.get(end) {
        None => 0,
        Some(b'\r') if bytes.get(end + 1) == Some(&b'\n') => 2,
        Some(_) => 1,
    };
    let (chars, printing) = count_line(text, start, end, export_from, sink);
    // The line end counts towards the 255 characters (PBN 2.3): CR LF is two.
    finish_line(text, start, end, chars + line_end, printing, start >= export_from, sink);
    line_end
}

/// The characters and the printing characters of the line `start..end` (without its line end),
/// reporting the characters PBN does not allow in it.
fn count_line(text: &str, start: usize, end: usize, export_from: usize, sink: &mut Sink) -> (usize, usize) {
    let line = &text.as_bytes()[start..end];
    // Printing ASCII and spaces, nearly every line of any file: counted without decoding, in
    // one pass without branches (which the compiler vectorises).
    let (others, spaces) = line.iter().fold((0usize, 0usize), |(others, spaces), &b| {
        (others + usize::from(!(b' '..=b'~').contains(&b)), spaces + usize::from(b == b' '))
    });
    if others == 0 {
        return (line.len(), line.len() - spaces);
    }
    let at = |i: usize, len: usize| TextRange::at(TextSize::from(i as u32), TextSize::from(len as u32));
    let (mut chars, mut printing) = (0, 0);
    for (i, c) in text[start..end].char_indices() {
        let i = start + i;
        match c {
            '\t' if i >= export_from => sink.report(&EXPORT_TAB, at(i, 1), "tab in export format"),
            '\t' | '\u{b}' => {}
            c if c.is_control() => sink.report(
                &CONTROL_CHARACTER,
                at(i, c.len_utf8()),
                format!("control character U+{:04X}", u32::from(c)),
            ),
            // kibitzer reads UTF-8 in import format; export format holds Latin-1 only (as PGN014).
            c if u32::from(c) > 0xFF && i >= export_from => sink.report(
                &NON_LATIN1_CHARACTER,
                at(i, c.len_utf8()),
                format!("`{c}` (U+{:04X}) is not an ISO 8859-1 character", u32::from(c)),
            ),
            _ => {}
        }
        chars += 1;
        if !c.is_whitespace() {
            printing += 1;
        }
    }
    (chars, printing)
}

/// The suit a suit symbol stands for (`♠` or `♤` for spades…), as PBN 3.8 writes it: `S`, `H`,
/// `D`, `C` after a backslash.
fn suit_letter(c: char) -> Option<char> {
    Some(match c {
        '♠' | '♤' => 'S',
        '♥' | '♡' => 'H',
        '♦' | '♢' => 'D',
        '♣' | '♧' => 'C',
        _ => return None,
    })
}

/// Gives the PBN012 diagnostics among `diagnostics` that stand on a suit symbol (RealBridge's
/// notes: `[Note "1: 2+♣"]`) their fix: the standard's notation for a suit (PBN 3.8, `\C`), in a
/// comment as it is, in a string with its backslash doubled (PBN 3.2: a backslash in a string is
/// two). Where the symbol is anywhere else (an escape line, text the parser could not read)
/// the notation means nothing, and there is no fix. `events` is the parse of `text`, whose
/// tokens come in text order, as the diagnostics of [`check`] do.
pub(super) fn fix_suit_symbols(events: &[ParseEvent<SyntaxKind>], text: &str, diagnostics: &mut [Diagnostic]) {
    let mut tokens = events.iter().filter_map(|e| match *e {
        ParseEvent::Token(kind, range) => Some((kind, range)),
        _ => None,
    });
    let mut token = tokens.next();
    for d in diagnostics.iter_mut().filter(|d| d.code == NON_LATIN1_CHARACTER.code) {
        let Some(letter) = text[d.range].chars().next().and_then(suit_letter) else { continue };
        while token.is_some_and(|(_, range)| range.end() <= d.range.start()) {
            token = tokens.next();
        }
        let notation = match token {
            Some((kind, range)) if range.contains_range(d.range) => match kind {
                SyntaxKind::STRING => format!("\\\\{letter}"),
                SyntaxKind::BRACE_COMMENT | SyntaxKind::LINE_COMMENT => format!("\\{letter}"),
                _ => continue,
            },
            _ => continue,
        };
        d.fix = Some(Box::new(Fix {
            title: format!("Replace with `{notation}`"),
            edits: vec![TextEdit::replace(d.range, notation)],
            applicability: Applicability::Safe,
        }));
    }
}

#[allow(clippy::too_many_arguments)]
fn finish_line(text: &str, start: usize, end: usize, chars: usize, printing: usize, export: bool, sink: &mut Sink) {
    let range = TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32));
    if chars > 255 {
        sink.report(&LINE_TOO_LONG, range, format!("line of {chars} characters: at most 255 including the line end"));
    } else if export && printing >= 80 && !text[start..end].starts_with('%') {
        sink.report(
            &LONG_LINE,
            range,
            format!("line with {printing} printing characters: export format keeps lines under 80"),
        );
    }
}

/// Export format: CRLF line ends (reported once, at the first other one) and games separated by
/// empty lines, not lines of spaces.
/// Gives whether a line end without CR was found (and reported, unless `reported` already).
fn check_export_line_ends(text: &str, export_from: usize, reported: bool, sink: &mut Sink) -> bool {
    let bytes = text.as_bytes();
    let bare = (export_from..bytes.len()).find(|&i| {
        (bytes[i] == b'\n' && (i == 0 || bytes[i - 1] != b'\r'))
            || (bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n'))
    });
    if let Some(i) = bare.filter(|_| !reported) {
        sink.report(
            &EXPORT_LINE_FORMAT,
            TextRange::at(TextSize::from(i as u32), TextSize::from(1)),
            "export format ends lines with CR LF; this line (and maybe others) does not",
        );
    }
    // Lines end as everywhere else in PBN: at `\n`, `\r\n` or a lone `\r` (which the rule above
    // has just reported), so that a piece of the file cut after a lone `\r` sees the same lines.
    let mut start = 0;
    loop {
        let end = line_break_at_or_after(bytes, start).unwrap_or(bytes.len());
        let content = &bytes[start..end];
        if start >= export_from && !content.is_empty() && content.iter().all(|&b| b == b' ' || b == b'\t') {
            sink.report(
                &EXPORT_LINE_FORMAT,
                TextRange::at(TextSize::from(start as u32), TextSize::from(content.len() as u32)),
                "export format separates games with an empty line, not a line of spaces",
            );
        }
        match bytes.get(end..end + 2) {
            None if end == bytes.len() => return bare.is_some(),
            Some(b"\r\n") => start = end + 2,
            _ => start = end + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::config::CheckOptions;

    fn too_long(text: &str) -> bool {
        crate::pbn::check(text, &CheckOptions::default()).iter().any(|d| d.code == "PBN010")
    }

    #[test]
    fn a_line_of_spaces_ended_by_a_lone_cr_is_a_line_of_spaces() {
        let spaces = |text: &str| -> Vec<(u32, u32)> {
            crate::pbn::check(text, &CheckOptions::default())
                .iter()
                .filter(|d| d.message.contains("not a line of spaces"))
                .map(|d| (u32::from(d.range.start()), u32::from(d.range.end())))
                .collect()
        };
        assert_eq!(spaces("% EXPORT\r\n \rW"), [(10, 11)]);
        assert_eq!(spaces("% EXPORT\r\n  \r\nW"), [(10, 12)]);
        assert_eq!(spaces("% EXPORT\r\n\r\nW"), []);
    }

    /// `text` (in export format) with the safe fixes of its PBN012 diagnostics applied, and how
    /// many of them had none.
    fn suit_symbols_fixed(text: &str) -> (String, usize) {
        let options = CheckOptions { mode: crate::config::Mode::Export, ..CheckOptions::default() };
        let found: Vec<_> = crate::pbn::check(text, &options).into_iter().filter(|d| d.code == "PBN012").collect();
        let edits: Vec<_> = found.iter().filter_map(|d| d.fix.as_ref()).flat_map(|f| f.edits.clone()).collect();
        let unfixed = found.iter().filter(|d| d.fix.is_none()).count();
        (crate::diagnostic::apply_edits(text, &edits).0, unfixed)
    }

    #[test]
    fn a_suit_symbol_becomes_the_standards_notation_in_strings_and_comments() {
        // In a string the backslash is doubled; in a comment it is written once.
        let text = "[Note \"1: 2+♣, 5♦ if bal\"] {4♠ and ♡} ; ♧\n";
        let (fixed, unfixed) = suit_symbols_fixed(text);
        assert_eq!(fixed, "[Note \"1: 2+\\\\C, 5\\\\D if bal\"] {4\\S and \\H} ; \\C\n");
        assert_eq!(unfixed, 0);
        let fix =
            crate::pbn::check(text, &CheckOptions { mode: crate::config::Mode::Export, ..CheckOptions::default() })
                .into_iter()
                .find_map(|d| d.fix.filter(|_| d.code == "PBN012"))
                .expect("a fix");
        assert_eq!(fix.title, "Replace with `\\\\C`");
        assert_eq!(fix.applicability, crate::diagnostic::Applicability::Safe);
    }

    #[test]
    fn other_characters_and_symbols_outside_strings_and_comments_get_no_fix() {
        // A typographic apostrophe has no one Latin-1 spelling; `\S` means nothing on an escape
        // line or in a section's data.
        let text = "% EXPORT ♠\n[Event \"it’s\"]\n[Auction \"N\"]\n1♣ Pass\n";
        let (fixed, unfixed) = suit_symbols_fixed(text);
        assert_eq!(fixed, text);
        assert_eq!(unfixed, 3);
    }

    #[test]
    fn the_line_end_counts_towards_255_characters() {
        // `% ` and 251 more: 253 visible characters.
        let line = |visible: usize| format!("% {}", "x".repeat(visible - 2));
        assert!(!too_long(&format!("{}\r\n", line(253))), "253 + CR LF = 255");
        assert!(too_long(&format!("{}\r\n", line(254))), "254 + CR LF = 256");
        assert!(!too_long(&format!("{}\n", line(254))), "254 + LF = 255");
        assert!(too_long(&format!("{}\n", line(255))), "255 + LF = 256");
        assert!(!too_long(&format!("{}\r\n{}\r\n", line(253), line(253))), "each line counted alone");
    }
}
