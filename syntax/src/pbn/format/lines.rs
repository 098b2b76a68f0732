//! Lines in export format: CR LF line ends, and the limit of 255 characters a line with them
//! (PBN 2.3), which a formatted game must keep or be declined.

use crate::diagnostic::Diagnostic;
use crate::format::unit::Declined;
use crate::text::TextRange;

pub(super) const CRLF: &str = "\r\n";

/// The longest line PBN allows, its CR LF included (PBN 2.3).
pub(super) const MAX_LINE: usize = 255;

/// The characters of `line` (without its line end) plus the two of CR LF.
pub(super) fn exported_length(line: &str) -> usize {
    line.chars().count() + CRLF.len()
}

/// Where each CR LF of `text` starts: at each LF after a CR. A search for the LF alone costs
/// less a line than the two-byte search (`memmem`): 14.3 M instructions against 23.9 M for the
/// lines of a 2.6 MB file of hand records.
fn crlfs(text: &str) -> impl Iterator<Item = usize> + '_ {
    let bytes = text.as_bytes();
    memchr::memchr_iter(b'\n', bytes).filter(move |&at| at > 0 && bytes[at - 1] == b'\r').map(|at| at - 1)
}

/// A formatted game whose lines all fit PBN's limit, or the reason to keep the game as written:
/// export format puts a tag, a comment line or a table row on one line and cannot fold it.
pub(super) fn checked_line_lengths(formatted: String, unit: &str) -> Result<String, Declined> {
    // The lines between CR LFs; only one of more bytes than the limit can have more characters.
    let mut start = 0;
    let mut longest = None;
    for end in crlfs(&formatted).chain([formatted.len()]) {
        let line = &formatted[start..end];
        if line.len() + CRLF.len() > MAX_LINE {
            longest = longest.max(Some(exported_length(line)).filter(|&n| n > MAX_LINE));
        }
        start = end + CRLF.len();
    }
    let Some(longest) = longest else {
        return Ok(formatted);
    };
    // Point at the longest line of the original when it is already too long.
    let mut start = 0;
    let mut at = TextRange::empty(0.into());
    let mut widest = 0;
    for line in unit.split_inclusive('\n') {
        let content = line.trim_end_matches(['\r', '\n']);
        if content.chars().count() > widest {
            widest = content.chars().count();
            at = TextRange::at((start as u32).into(), (content.len() as u32).into());
        }
        start += line.len();
    }
    Err(vec![Diagnostic::new(
        &crate::pbn::check::lines::LINE_TOO_LONG,
        at,
        format!(
            "in export format this game would have a line of {longest} characters, CR LF included \
             (at most {MAX_LINE}): kept as written"
        ),
    )])
}

/// Every line end (LF, CR or CRLF) as CRLF.
pub(super) fn to_crlf(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push_str(CRLF);
            }
            '\n' => out.push_str(CRLF),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crlfs_are_where_a_search_for_cr_lf_finds_them() {
        for text in ["", "\r\n", "a\r\nb", "\r\r\n\n\r", "\n\r\n\r\n", "[A \"b\"]\r\n{x\ny}\r\n\r\n", "\r"] {
            let found: Vec<usize> = memchr::memmem::find_iter(text.as_bytes(), CRLF).collect();
            assert_eq!(crlfs(text).collect::<Vec<_>>(), found, "{text:?}");
        }
    }
}
