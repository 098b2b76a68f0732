//! EPD/FEN export format (PGN standard 16.2): the fields separated by one space, the operations
//! in ASCII order of their opcode, each as `opcode operand…;` with one space between operations.
//!
//! The engine hands over only lines free of syntax errors; each is rebuilt from the EPD model
//! (its fields and operations), strings exactly as written.

use crate::format::unit::{Declined, FormatOptions, UnitFormatter};
use crate::text::TextRange;

pub(crate) struct Formatter;

impl Formatter {
    pub(crate) fn new(_text: &str, _options: &FormatOptions) -> Formatter {
        Formatter
    }
}

impl UnitFormatter for Formatter {
    /// A unit is one line; should a parser hand over several, each is formatted alone.
    fn unit(&mut self, _range: TextRange, unit: &str) -> Result<String, Declined> {
        let mut out = String::with_capacity(unit.len());
        for line in unit.split_inclusive('\n') {
            let content = line.trim_end_matches(['\r', '\n']);
            out.push_str(&format_line(content));
            out.push_str(&line[content.len()..]);
        }
        Ok(out)
    }
}

/// The export form of one line: a record rebuilt from its model; comment and blank lines as
/// they are.
fn format_line(line: &str) -> String {
    let (events, _) = super::parser::parse_events(line, Vec::new());
    let records: Vec<_> = super::model::records(&events, line).collect();
    let [record] = records.as_slice() else {
        return line.to_owned();
    };
    // An opcode starts with a letter (PGN 16.2.4); moved after the fields, one that does not
    // (`0`) would be read as a clock field: such a line is kept as written (found by fuzzing).
    if record.operations.iter().any(|o| !o.opcode.starts_with(|c: char| c.is_ascii_alphabetic())) {
        return line.to_owned();
    }
    let mut out = String::with_capacity(line.len());
    for field in &record.fields {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(field.text);
    }
    let mut operations: Vec<_> = record.operations.iter().collect();
    // Stable: two operations with the same opcode keep their order.
    operations.sort_by(|a, b| a.opcode.cmp(b.opcode));
    for operation in operations {
        out.push(' ');
        out.push_str(operation.opcode);
        for operand in &operation.operands {
            out.push(' ');
            out.push_str(operand.raw);
        }
        out.push(';');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::format_line;

    #[test]
    fn a_line_with_an_opcode_that_is_not_a_word_is_kept() {
        assert_eq!(format_line("w - - m e;0 i;"), "w - - m e;0 i;");
    }

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
        assert_eq!(format_line("% a comment  "), "% a comment  ");
        assert_eq!(format_line("   "), "   ");
    }
}
