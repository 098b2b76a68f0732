//! LIN as BBO writes it: a board a line, its pairs one after the other with nothing between
//! them, names in lower case, each line ended by the board's own line terminator (the file's
//! first after any blank lines at its start, for a board that has none or mixes them). A vugraph file's header (the pairs before the first `qx`) is a line
//! too. Values are kept as written. A board over 1 MiB (LIN004) is kept as written too.

use super::model::boards;
use crate::diagnostic::Diagnostic;
use crate::format::unit::{Declined, FormatOptions, UnitFormatter};
use crate::text::TextRange;
use crate::Lang;

pub(crate) struct Formatter {
    terminator: &'static str,
    /// Whether the file numbers its boards with `qx`: the windows of it the engine gives
    /// [`UnitFormatter::prepare`] are read as the file is, whether they hold a `qx` or not.
    numbered: bool,
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
        Formatter { terminator, numbered: super::lexer::is_numbered(text) }
    }
}

impl UnitFormatter for Formatter {
    fn prepare(&mut self, _lang: Lang, text: &str) -> (Vec<TextRange>, Vec<Diagnostic>) {
        let parse = super::parser::parse_numbered(text, self.numbered);
        let units = boards(&parse.syntax(), text).into_iter().map(|b| b.range).collect();
        (units, parse.errors().to_vec())
    }

    fn too_large_at(&self, text: &str, start: usize) -> Option<(TextRange, Diagnostic)> {
        super::stretches::too_large_at(text, start, self.numbered)
    }

    /// A board keeps its own line end (the file's first is only for a board without one).
    fn keeps_line_ends(&self) -> bool {
        true
    }

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
        // The boards keep their own LF.
        assert_eq!(once, "Apn|a|\r\n\r\nmd|3SA,,,|\nmb|p|\n", "the kept board keeps its blank line");
        assert_eq!(format(&once), once);
        // A last board without a line end takes the file's first.
        let once = format("\rApn|a|\r\n\r\nmd|3SA,,,|");
        assert_eq!(once, "Apn|a|\r\n\r\nmd|3SA,,,|\r\n");
        assert_eq!(format(&once), once);
    }

    /// Each board keeps its line end, CR LF, LF or an old Mac's CR.
    #[test]
    fn boards_keep_their_line_ends() {
        let text = "PN|a|\r\nMB|p|\nSV|o|\rmb|p| mb|p|\r\n";
        assert_eq!(format(text), "pn|a|\r\nmb|p|\nsv|o|\rmb|p|mb|p|\r\n");
        assert_eq!(format("PN|a|\rMB|p|\r"), "pn|a|\rmb|p|\r");
    }
}
