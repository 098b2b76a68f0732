//! EPD/FEN export format (PGN standard 16.2): the fields separated by one space, the operations
//! in ASCII order of their opcode, each as `opcode operand…;` with one space between operations.
//!
//! The engine hands over only lines free of syntax errors, so a line is split here on blanks
//! outside quoted strings and on `;`; strings are kept exactly as written.

use crate::format::{Declined, FormatOptions, UnitFormatter};

pub(crate) struct Formatter;

impl Formatter {
    pub(crate) fn new(_text: &str, _options: &FormatOptions) -> Formatter {
        Formatter
    }
}

impl UnitFormatter for Formatter {
    /// A unit is one line; should a parser hand over several, each is formatted alone.
    fn unit(&mut self, unit: &str) -> Result<String, Declined> {
        let mut out = String::with_capacity(unit.len());
        for line in unit.split_inclusive('\n') {
            let content = line.trim_end_matches(['\r', '\n']);
            out.push_str(&format_line(content));
            out.push_str(&line[content.len()..]);
        }
        Ok(out)
    }
}

/// A word or a quoted string of a record line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece<'a> {
    Word(&'a str),
    Semicolon,
}

/// Splits a line on blanks outside strings; `;` is a piece of its own. A string stays one piece
/// with its quotes (and with a missing closing quote it runs to the end of the line).
fn pieces(line: &str) -> Vec<Piece<'_>> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b' ' | b'\t' => i += 1,
            b';' => {
                out.push(Piece::Semicolon);
                i += 1;
            }
            _ => {
                let start = i;
                let mut in_string = false;
                while i < bytes.len() {
                    match bytes[i] {
                        b'\\' if in_string => i += 1,
                        b'"' => in_string = !in_string,
                        b' ' | b'\t' | b';' if !in_string => break,
                        _ => {}
                    }
                    i += 1;
                }
                let end = i.min(bytes.len());
                out.push(Piece::Word(&line[start..end]));
            }
        }
    }
    out
}

/// The export form of one line: comment and blank lines as they are (minus trailing blanks).
fn format_line(line: &str) -> String {
    let trimmed = line.trim_end_matches([' ', '\t']);
    if trimmed.trim_start().is_empty() || trimmed.starts_with(['%', '#']) {
        return trimmed.to_owned();
    }
    let pieces = pieces(trimmed);
    let mut fields: Vec<&str> = Vec::new();
    let mut rest = &pieces[..];
    // The four position fields, then (FEN) the two clocks when they are bare numbers.
    while let [Piece::Word(w), tail @ ..] = rest {
        let is_clock = fields.len() >= 4 && w.bytes().all(|b| b.is_ascii_digit());
        let followed_by_semicolon = matches!(tail.first(), Some(Piece::Semicolon));
        if fields.len() < 4 || (is_clock && fields.len() < 6 && !followed_by_semicolon) {
            fields.push(w);
            rest = tail;
        } else {
            break;
        }
    }
    let mut operations: Vec<(&str, Vec<&str>)> = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for piece in rest {
        match piece {
            Piece::Word(w) => current.push(w),
            Piece::Semicolon => {
                // An empty operation (`;;`) holds nothing to keep.
                if let Some((opcode, operands)) = current.split_first() {
                    operations.push((opcode, operands.to_vec()));
                }
                current.clear();
            }
        }
    }
    if let Some((opcode, operands)) = current.split_first() {
        operations.push((opcode, operands.to_vec()));
    }
    // Stable: two operations with the same opcode keep their order.
    operations.sort_by(|a, b| a.0.cmp(b.0));
    let mut out = fields.join(" ");
    for (opcode, operands) in operations {
        out.push(' ');
        out.push_str(opcode);
        for operand in operands {
            out.push(' ');
            out.push_str(operand);
        }
        out.push(';');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::format_line;

    #[test]
    fn fields_and_operations() {
        assert_eq!(
            format_line("8/8/8/8/8/8/8/K6k  w -  - id \"x y\";bm  Kb1 Kb2 ;  "),
            "8/8/8/8/8/8/8/K6k w - - bm Kb1 Kb2; id \"x y\";"
        );
        assert_eq!(format_line("8/8/8/8/8/8/8/K6k w - - 0   1"), "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(format_line("8/8/8/8/8/8/8/K6k w - - hmvc 0; acd 3;"), "8/8/8/8/8/8/8/K6k w - - acd 3; hmvc 0;");
        assert_eq!(
            format_line(r#"4k3/8/8/8/8/8/8/4K3 w - - a "foo\"bar";; ; b "foo\\\\";"#),
            r#"4k3/8/8/8/8/8/8/4K3 w - - a "foo\"bar"; b "foo\\\\";"#
        );
        assert_eq!(format_line("% a comment  "), "% a comment");
        assert_eq!(format_line("   "), "");
        assert_eq!(format_line("8/8/8/8/8/8/8/K6k w - - c0 \"a;b\""), "8/8/8/8/8/8/8/K6k w - - c0 \"a;b\";");
    }
}
