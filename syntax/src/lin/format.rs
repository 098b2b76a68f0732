//! LIN as BBO writes it: a board a line, its pairs one after the other with nothing between
//! them, names in lower case, each line ended by the file's first line terminator after any
//! blank lines at its start. A vugraph file's header (the pairs before the first `qx`) is a line
//! too. Values are kept as written.

use super::model::boards;
use crate::format::unit::{Declined, FormatOptions, UnitFormatter};
use crate::text::TextRange;

pub(crate) struct Formatter {
    terminator: &'static str,
}

impl Formatter {
    pub(crate) fn new(text: &str, _options: &FormatOptions) -> Formatter {
        // Blank text at the start of the file is dropped by formatting: a terminator there would
        // not be the formatted file's first, and the next run would choose another (found by
        // fuzzing: a lone CR before a CR LF file). After it comes the first board, formatted
        // (ended by the chosen terminator) or kept as written (its own first terminator).
        let body = text.trim_start();
        let terminator = match body.find(['\r', '\n']) {
            Some(i) if body[i..].starts_with("\r\n") => "\r\n",
            Some(i) if body[i..].starts_with('\r') => "\r",
            _ => "\n",
        };
        Formatter { terminator }
    }
}

impl UnitFormatter for Formatter {
    fn unit(&mut self, _range: TextRange, unit: &str) -> Result<String, Declined> {
        // A unit parsed alone is one board (or a header): the start of a text never starts a
        // board inside another, and a unit free of syntax errors is all pairs.
        let parse = super::parser::parse(unit);
        let mut out = String::with_capacity(unit.len());
        for board in boards(&parse.syntax(), unit) {
            for pair in &board.pairs {
                out.push_str(&pair.name.to_ascii_lowercase());
                out.push('|');
                out.push_str(pair.value);
                out.push('|');
            }
        }
        out.push_str(self.terminator);
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use crate::format::unit::FormatOptions;

    fn format(text: &str) -> String {
        crate::format::format(crate::Lang::Lin, text, &FormatOptions::default()).text
    }

    #[test]
    fn a_board_a_line() {
        assert_eq!(format("PN|a,b,c,d| md|3SA,,,|\r\n\r\nmb|p|\r\n"), "pn|a,b,c,d|md|3SA,,,|\r\nmb|p|\r\n");
        let vugraph = "vg|Final|\npn|a,b,c,d|\nqx|o1|md|3SA,,,|pg||\nmb|p|pg||\nqx|o2|\n";
        let once = format(vugraph);
        assert_eq!(once, "vg|Final|pn|a,b,c,d|\nqx|o1|md|3SA,,,|pg||mb|p|pg||\nqx|o2|\n");
        assert_eq!(format(&once), once);
        assert_eq!(format("md|3SA\n"), "md|3SA\n", "a board with a syntax error is kept");
    }

    #[test]
    fn blank_lines_at_the_start_choose_no_terminator() {
        // A lone CR before a CR LF file: the CR goes, so CR LF is the file's terminator.
        let text = "\rApn|a|\r\n\r\nmd|3SA,,,|\nmb|p|\n";
        let once = format(text);
        assert_eq!(once, "Apn|a|\r\n\r\nmd|3SA,,,|\r\nmb|p|\r\n", "the kept board keeps its blank line");
        assert_eq!(format(&once), once);
    }
}
