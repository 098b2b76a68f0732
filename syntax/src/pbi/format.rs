//! PBI export form: data lines with their escapes normalised (only the reserved characters `:`
//! `;` `|` `\` and control characters encoded, as `\xNN` in lower case), Forsyth positions with
//! runs of empty squares compressed (`11111111` → `8`), and every data line ended by the file's
//! first line terminator. The BOM, the marker and the comment lines are kept as written
//! ("they may not be removed or reformatted gratuitously", PBI 1.2), and so is a last line
//! without a terminator (which is not a PBI line at all).

use crate::format::unit::{Before, Declined, FormatOptions, UnitFormatter};
use crate::text::TextRange;

/// The characters PBI reserves as delimiters or for encoding: always written encoded.
const RESERVED: [char; 4] = [':', ';', '|', '\\'];

/// The index of the position field among the nine.
const POSITION_FIELD: usize = 1;

pub(crate) struct Formatter {
    /// The first line terminator of the file, used for every data line.
    terminator: &'static str,
}

impl Formatter {
    pub(crate) fn new(text: &str, _options: &FormatOptions) -> Formatter {
        Formatter { terminator: first_terminator(text) }
    }
}

impl UnitFormatter for Formatter {
    fn unit(&mut self, _range: TextRange, unit: &str) -> Result<String, Declined> {
        let (content, terminator) = split_terminator(unit);
        let mut out = String::with_capacity(unit.len());
        if content.starts_with('#') {
            out.push_str(content); // a comment line (or the marker) handed over as a unit
        } else {
            for (i, field) in content.split(':').enumerate() {
                if i > 0 {
                    out.push(':');
                }
                let field = normalise_escapes(field, i == 0);
                // The digits of an escape are not empty squares (found by fuzzing).
                if i == POSITION_FIELD && !field.contains('\\') {
                    out.push_str(&compress_forsyth(&field));
                } else {
                    out.push_str(&field);
                }
            }
        }
        if !terminator.is_empty() {
            out.push_str(self.terminator);
        }
        Ok(out)
    }

    /// Blank lines are not PBI lines, but they are not ours to drop either.
    fn gap(&mut self, gap: &str, _after: Before) -> String {
        gap.to_owned()
    }
}

/// The PBI line terminators: CR, LF, CRLF, NEL, LS.
fn first_terminator(text: &str) -> &'static str {
    for (i, c) in text.char_indices() {
        match c {
            '\r' if text[i + 1..].starts_with('\n') => return "\r\n",
            '\r' => return "\r",
            '\n' => return "\n",
            '\u{85}' => return "\u{85}",
            '\u{2028}' => return "\u{2028}",
            _ => {}
        }
    }
    "\n"
}

fn split_terminator(unit: &str) -> (&str, &str) {
    let content = unit.trim_end_matches(['\r', '\n', '\u{85}', '\u{2028}']);
    (content, &unit[content.len()..])
}

/// Decodes `\xNN` escapes of characters that need none, keeps those of reserved characters
/// (in lower case) and encodes control characters written as they are. A `#` that starts a line stays encoded: decoded, it would
/// turn the data line into a comment line.
fn normalise_escapes(field: &str, starts_line: bool) -> String {
    let mut out = String::with_capacity(field.len());
    let mut rest = field;
    while let Some(c) = rest.chars().next() {
        let decoded = rest
            .strip_prefix("\\x")
            .or_else(|| rest.strip_prefix("\\X"))
            .and_then(|hex| hex.get(..2))
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        let (ch, len) = match decoded {
            Some(byte) => (char::from(byte), 4),
            None => (c, c.len_utf8()),
        };
        let at_line_start = starts_line && out.is_empty();
        // Written as they are, the reserved characters are delimiters: they stay so.
        let must_encode =
            if decoded.is_some() { RESERVED.contains(&ch) || (ch == '#' && at_line_start) } else { ch == '\\' };
        if must_encode || ch.is_control() {
            out.push_str(&format!("\\x{:02x}", u32::from(ch)));
        } else {
            out.push(ch);
        }
        rest = &rest[len..];
    }
    out
}

/// Adds up runs of digits in each rank of a Forsyth string (`1p11` → `1p2`); a run whose sum
/// would not fit a rank is left alone (it is a checking matter, not a formatting one).
fn compress_forsyth(position: &str) -> String {
    let mut out = String::with_capacity(position.len());
    let mut run: Option<(usize, u32)> = None; // (start in `position`, sum)
    let flush = |out: &mut String, run: &mut Option<(usize, u32)>, end: usize| {
        if let Some((start, sum)) = run.take() {
            if sum <= 8 {
                out.push_str(&sum.to_string());
            } else {
                out.push_str(&position[start..end]);
            }
        }
    };
    for (i, c) in position.char_indices() {
        match c.to_digit(10) {
            Some(d) => {
                let (start, sum) = run.unwrap_or((i, 0));
                run = Some((start, sum + d));
            }
            None => {
                flush(&mut out, &mut run, i);
                out.push(c);
            }
        }
    }
    flush(&mut out, &mut run, position.len());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str) -> String {
        Formatter::new(text, &FormatOptions::default())
            .unit(TextRange::up_to((text.len() as u32).into()), text)
            .unwrap()
    }

    #[test]
    fn escapes_forsyth_and_terminators() {
        assert_eq!(
            line("S\\x3At John;A\\x42:11111111/1p11s3/8/8/8/8/8/8:#2:x\\x7cy|1962|:::::\r\n"),
            "S\\x3at John;AB:8/1p2s3/8/8/8/8/8/8:#2:x\\x7cy|1962|:::::\r\n"
        );
        assert_eq!(line("\\x23A:8/8/8/8/8/8/8/8:a\tb::::::\n"), "\\x23A:8/8/8/8/8/8/8/8:a\\x09b::::::\n");
        assert_eq!(line("A:8/8/8/8/8/8/8/8:#2::::::"), "A:8/8/8/8/8/8/8/8:#2::::::", "no terminator added");
        let mut f = Formatter::new("#PBI 1.2\u{2028}x\n", &FormatOptions::default());
        assert_eq!(f.unit(TextRange::default(), "A:8:#2::::::\n").unwrap(), "A:8:#2::::::\u{2028}");
        assert_eq!(compress_forsyth("99/11"), "99/2");
        assert_eq!(line("\u{e2}}r:\u{e2}\u{80}/"), "\u{e2}}r:\u{e2}\\x80/", "an escape's digits are no squares");
        assert_eq!(normalise_escapes("\\xZZ\\x", false), "\\x5cxZZ\\x5cx");
    }

    #[test]
    fn a_percent_sign_on_the_next_line_leaves_a_line_formatted() {
        // PBI lines end with their terminator: the `%` starting the second line shares no line
        // with the first (found by fuzzing: the first line was kept on the first run only).
        let format = |text: &str| crate::format::format(crate::Lang::Pbi, text, &FormatOptions::default()).text;
        let once = format("\t\r\t%");
        assert_eq!(once, "\\x09\r\\x09%");
        assert_eq!(format(&once), once);
    }
}
