//! Files that are not text at all: a ChessBase database, a zip or a PDF renamed `.pgn`.
//!
//! Read as text, such a file gives millions of meaningless diagnostics, and rewriting it would
//! destroy it. [`not_text`] finds them first and gives one diagnostic instead; the check, the
//! fixes, the formatter and the language server all ask it before anything else, so that a
//! binary file gets exactly that one diagnostic and is never rewritten. Each format has its own
//! code for it (`PGN000`, `EPD000`, `PBN000`, `PBI000`), all four declared here beside the check.
//!
//! A text is binary when it holds a NUL character anywhere (no text format has one; every
//! binary format has plenty), or when more than one character in [`CONTROL_SHARE`] of its first
//! [`SAMPLE`] bytes is a control character other than tab, line feed, carriage return and form
//! feed (C0, DEL and, from files read as ISO-8859-1, C1). Real PGN, PBN, EPD and PBI files have
//! next to none: the most in the corpus is 34 in 64 KiB.

use crate::config::CheckOptions;
use crate::diagnostic::{Diagnostic, Rule};
use crate::text::{Encoding, TextRange, TextSize};
use crate::Lang;

crate::diagnostic::declare_rules! {
    PGN_NOT_TEXT = "PGN000" "not-a-text-file" Error Import "PGN 4.1"
        "The file is not text: it holds NUL bytes or mostly control characters"
        "PGN files are text in ISO-8859-1 (or UTF-8): printing characters, spaces and line ends. A file with NUL bytes, or whose start is mostly control characters, is binary — a ChessBase database, an archive, a PDF — saved under a PGN name. It is reported once, at the first binary byte, and is neither checked further nor ever rewritten."
        bad: "", good: "";
    EPD_NOT_TEXT = "EPD000" "not-a-text-file" Error Import "PGN 4.1, 16.2"
        "The file is not text: it holds NUL bytes or mostly control characters"
        "EPD and FEN files are text, one record a line. A file with NUL bytes, or whose start is mostly control characters, is binary — an opening book, an archive — saved under an EPD or FEN name. It is reported once, at the first binary byte, and is neither checked further nor ever rewritten."
        bad: "", good: "";
    PBN_NOT_TEXT = "PBN000" "not-a-text-file" Error Import "PBN 2.2"
        "The file is not text: it holds NUL bytes or mostly control characters"
        "PBN files are text in ISO-8859-1 (or UTF-8). A file with NUL bytes, or whose start is mostly control characters, is binary — a dealing program's own format, an ACBLscore game file, an archive — saved under a PBN name. It is reported once, at the first binary byte, and is neither checked further nor ever rewritten."
        bad: "", good: "";
    PBI_NOT_TEXT = "PBI000" "not-a-text-file" Error Import "PBI File Format Description"
        "The file is not text: it holds NUL bytes or mostly control characters"
        "PBI files are UTF-8 text, one problem a line. A file with NUL bytes, or whose start is mostly control characters, is binary saved under a PBI name. It is reported once, at the first binary byte, and is neither checked further nor ever rewritten."
        bad: "", good: "";
    LIN_NOT_TEXT = "LIN000" "not-a-text-file" Error Import "BBO LIN"
        "The file is not text: it holds NUL bytes or mostly control characters"
        "LIN files are text, one board a line. A file with NUL bytes, or whose start is mostly control characters, is binary saved under a LIN name. It is reported once, at the first binary byte, and is neither checked further nor ever rewritten."
        bad: "", good: "";
}

/// How much of the start of a text is sampled for control characters.
pub const SAMPLE: usize = 64 * 1024;

/// A text is binary when more than one character in this many of its sample is a control
/// character.
pub const CONTROL_SHARE: usize = 10;

/// The rule for `lang`.
pub fn rule(lang: Lang) -> &'static Rule {
    match lang {
        Lang::Pgn => &PGN_NOT_TEXT,
        Lang::Epd => &EPD_NOT_TEXT,
        Lang::Pbn => &PBN_NOT_TEXT,
        Lang::Pbi => &PBI_NOT_TEXT,
        Lang::Lin => &LIN_NOT_TEXT,
    }
}

/// "a PGN", "an EPD": the format's name as the message reads it.
fn article_and_name(lang: Lang) -> String {
    let name = lang.id().to_ascii_uppercase();
    let article = if name.starts_with('E') { "an" } else { "a" };
    format!("{article} {name}")
}

/// Whether `code` is the not-a-text-file rule of some format.
pub fn is_not_text_code(code: &str) -> bool {
    Lang::ALL.iter().any(|&lang| rule(lang).code == code)
}

/// A control character that no text file of these formats holds in any number.
fn is_binary_char(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\u{c}')
}

/// The offset of the first binary character of a text given in consecutive pieces (a rope's
/// chunks, or one `&str`), when the text is binary; `None` for text. Cost: one `memchr` pass for
/// NUL over the whole text and one look at the first [`SAMPLE`] bytes.
pub fn binary_at<'a>(chunks: impl IntoIterator<Item = &'a str>) -> Option<usize> {
    find(chunks).map(|(at, _)| at)
}

/// Whether a text that was text before some edits still is, read only where they could have
/// changed that: `start`, the text's first chunks, at least [`SAMPLE`] bytes of it (or all of
/// it), for the share of control characters and a NUL there; `edited`, the stretches the edits
/// touched, for a NUL anywhere else (the rest held none, or the text would have been binary).
/// `true` means [`binary_at`] of the whole text is `None`; `false`, that it must be asked.
pub fn still_text<'a>(start: impl IntoIterator<Item = &'a str>, edited: impl IntoIterator<Item = &'a str>) -> bool {
    find(start).is_none() && edited.into_iter().all(|chunk| memchr::memchr(0, chunk.as_bytes()).is_none())
}

/// [`binary_at`] with the length of the character found.
fn find<'a>(chunks: impl IntoIterator<Item = &'a str>) -> Option<(usize, usize)> {
    let mut offset = 0;
    // The first control character of the sample, and how many the sample has.
    let mut first_control: Option<(usize, usize)> = None;
    let mut controls = 0usize;
    let mut sampled = 0usize;
    let mut nul: Option<(usize, usize)> = None;
    for chunk in chunks {
        if sampled < SAMPLE {
            for (i, c) in chunk.char_indices() {
                if sampled >= SAMPLE {
                    break;
                }
                sampled += c.len_utf8();
                if is_binary_char(c) {
                    controls += 1;
                    first_control.get_or_insert((offset + i, c.len_utf8()));
                }
            }
        }
        if nul.is_none() {
            nul = memchr::memchr(0, chunk.as_bytes()).map(|i| (offset + i, 1));
        }
        offset += chunk.len();
        if nul.is_some() && sampled >= SAMPLE {
            break;
        }
    }
    // `sampled` counts bytes, `controls` characters: a sample of multi-byte text only needs
    // more control characters to count as binary.
    let mostly_control = controls > 0 && controls * CONTROL_SHARE > sampled;
    match (nul, first_control) {
        (Some(n), Some(c)) => Some(n.min(c)),
        (Some(n), None) => Some(n),
        (None, Some(c)) if mostly_control => Some(c),
        _ => None,
    }
}

/// The one diagnostic of a binary `text` (given in pieces), or `None` for text. The byte named
/// in the message counts in the file as stored when `options.encoding` says how it was
/// decoded (ISO-8859-1 characters are one byte each; a BOM is three), else in the text.
/// A user who turned the rule off gets `None` and a normal check.
pub fn not_text<'a>(
    lang: Lang,
    chunks: impl IntoIterator<Item = &'a str> + Clone,
    options: &CheckOptions,
) -> Option<Diagnostic> {
    let (at, len) = find(chunks.clone())?;
    let file_byte = match options.encoding {
        Some(Encoding::Latin1) => {
            let mut chars = 0;
            let mut seen = 0;
            for chunk in chunks {
                let take = (at - seen).min(chunk.len());
                chars += chunk[..take].chars().count();
                seen += take;
                if seen == at {
                    break;
                }
            }
            chars
        }
        Some(Encoding::Utf8Bom) => at + 3,
        _ => at,
    };
    let start = TextSize::from(at as u32);
    let rule = rule(lang);
    let mut diagnostics = vec![Diagnostic::new(
        rule,
        TextRange::at(start, TextSize::from(len as u32)),
        format!("not {} text file (binary data at byte {file_byte})", article_and_name(lang)),
    )];
    options.rules.apply(&mut diagnostics);
    diagnostics.pop()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nul_anywhere_or_mostly_control_characters_is_binary() {
        assert_eq!(binary_at(["[Event \"x\"]\n1. e4 *\n"]), None);
        assert_eq!(binary_at(["[Event \"x\"]\n1. e4 *\n\u{1a}"]), None, "a DOS end-of-file mark is text");
        assert_eq!(binary_at(["abc\0def"]), Some(3));
        assert_eq!(binary_at(["abc", "de\0f"]), Some(5), "found across chunks");
        assert_eq!(binary_at(["ab\u{1}\u{2}\u{3}"]), Some(2));
        let text = format!("{}\u{1b}[1m", "x".repeat(100));
        assert_eq!(binary_at([text.as_str()]), None, "one escape sequence in text is text");
        // Random bytes read as ISO-8859-1: a quarter of them are control characters.
        let noise: String = (0u32..4096).map(|i| char::from((i.wrapping_mul(2_654_435_761) >> 13) as u8 | 1)).collect();
        assert!(binary_at([noise.as_str()]).is_some());
    }

    #[test]
    fn the_byte_counts_in_the_file_as_stored() {
        let options = |encoding| CheckOptions { encoding, ..CheckOptions::default() };
        let text = "\u{e9}\u{e9}\0";
        let d = not_text(Lang::Pgn, [text], &options(None)).unwrap();
        assert_eq!(d.message, "not a PGN text file (binary data at byte 4)");
        assert_eq!(usize::from(d.range.start()), 4);
        let d = not_text(Lang::Pgn, ["ab\u{85}\u{85}\u{85}"], &options(None)).unwrap();
        assert_eq!(d.range, TextRange::new(2.into(), 4.into()), "the whole character");
        let d = not_text(Lang::Pgn, [text], &options(Some(Encoding::Latin1))).unwrap();
        assert_eq!(d.message, "not a PGN text file (binary data at byte 2)");
        let d = not_text(Lang::Pbi, [text], &options(Some(Encoding::Utf8Bom))).unwrap();
        assert_eq!(d.message, "not a PBI text file (binary data at byte 7)");
        let mut off = CheckOptions::default();
        off.rules.set_codes(["PGN000", "EPD000", "PBN000", "PBI000"], None);
        assert_eq!(not_text(Lang::Pbn, [text], &off), None);
    }
}
