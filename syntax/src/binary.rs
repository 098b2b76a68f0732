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
            // The sample is every character that starts before its end, whole.
            let mut end = (SAMPLE - sampled).min(chunk.len());
            while !chunk.is_char_boundary(end) {
                end += 1;
            }
            let part = &chunk.as_bytes()[..end];
            let found = control_count(part);
            if found > 0 {
                controls += found;
                if first_control.is_none() {
                    first_control = first_control_at(part).map(|(at, len)| (offset + at, len));
                }
            }
            sampled += end;
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

/// Whether the byte `b` of UTF-8 text is a control character no text file of these formats
/// holds in any number, one byte long: C0 other than tab, line feed, form feed and carriage
/// return, and DEL (the rest are C1, [`is_c1_pair`]). Comparisons joined without branches,
/// which the compiler makes into a few instructions for 16 bytes at once ([`control_count`]).
fn is_binary_byte(b: u8) -> bool {
    (b < 0x20) & (b != b'\t') & (b != b'\n') & (b != 0x0C) & (b != b'\r') | (b == 0x7F)
}

/// Whether the bytes `lead`, `next` of UTF-8 text start a C1 control character (U+0080 to
/// U+009F: `C2 80` to `C2 9F`; a `C2` is always a lead byte, and the byte after it a
/// continuation byte, `80` to `BF`).
fn is_c1_pair(lead: u8, next: u8) -> bool {
    (lead == 0xC2) & (next < 0xA0)
}

/// How many control characters of the kinds a text file holds next to none of ([`is_binary_byte`],
/// [`is_c1_pair`]) the UTF-8 text `bytes` (cut at character boundaries) holds: counted a byte
/// at a time, without decoding, in blocks whose counts fit in a byte, so that the compiler
/// compares many bytes an instruction. Decoding each character of the sample of every piece of
/// a document was a tenth of the language server's open of a 10 MB PGN, on one core.
fn control_count(bytes: &[u8]) -> usize {
    const BLOCK: usize = 128;
    let nexts = bytes.get(1..).unwrap_or_default();
    let c0: usize = bytes
        .chunks(BLOCK)
        .map(|block| usize::from(block.iter().fold(0u8, |n, &b| n + u8::from(is_binary_byte(b)))))
        .sum();
    let c1: usize = bytes
        .chunks(BLOCK)
        .zip(nexts.chunks(BLOCK))
        .map(|(leads, nexts)| {
            usize::from(leads.iter().zip(nexts).fold(0u8, |n, (&lead, &next)| n + u8::from(is_c1_pair(lead, next))))
        })
        .sum();
    c0 + c1
}

/// Where the first control character [`control_count`] counts is in `bytes`, and its length.
fn first_control_at(bytes: &[u8]) -> Option<(usize, usize)> {
    bytes.iter().enumerate().find_map(|(i, &b)| {
        if is_binary_byte(b) {
            Some((i, 1))
        } else {
            bytes.get(i + 1).filter(|&&next| is_c1_pair(b, next)).map(|_| (i, 2))
        }
    })
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

    /// [`find`] as it reads by its definition: character by character, a control character
    /// (general category Cc) other than tab, line feed, carriage return and form feed counting
    /// when it starts within the first [`SAMPLE`] bytes.
    fn find_by_characters(chunks: &[&str]) -> Option<(usize, usize)> {
        let (mut offset, mut sampled, mut controls) = (0, 0, 0);
        let (mut first_control, mut nul) = (None, None);
        for chunk in chunks {
            for (i, c) in chunk.char_indices() {
                if sampled < SAMPLE {
                    sampled += c.len_utf8();
                    if c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\u{c}') {
                        controls += 1;
                        first_control.get_or_insert((offset + i, c.len_utf8()));
                    }
                }
                if c == '\0' {
                    nul.get_or_insert((offset + i, 1));
                }
            }
            offset += chunk.len();
        }
        let mostly_control = controls > 0 && controls * CONTROL_SHARE > sampled;
        match (nul, first_control) {
            (Some(n), Some(c)) => Some(std::cmp::min(n, c)),
            (Some(n), None) => Some(n),
            (None, Some(c)) if mostly_control => Some(c),
            _ => None,
        }
    }

    #[test]
    fn the_sample_read_a_byte_at_a_time_finds_what_reading_its_characters_finds() {
        // Every kind of character the count tells apart: the blanks a text has, C0, DEL, C1,
        // the characters either side of C1 (U+00A0 and U+007E), and 2-, 3- and 4-byte ones.
        const ALPHABET: &[char] = &[
            'a',
            'e',
            ' ',
            '\t',
            '\n',
            '\r',
            '\u{c}',
            '\u{1}',
            '\u{1b}',
            '\u{1f}',
            '\u{7e}',
            '\u{7f}',
            '\u{80}',
            '\u{85}',
            '\u{9f}',
            '\u{a0}',
            '\u{e9}',
            '\u{100}',
            '\u{2013}',
            '\u{1f600}',
            '\0',
        ];
        let mut rng = crate::testing::Rng::new(0x2545_f491_4f6c_dd1d);
        let mut next = move |below: usize| rng.below(below);
        for round in 0..400 {
            // Short texts, and texts across the sample's end (multi-byte characters straddling it).
            let len = if round % 2 == 0 { next(64) } else { SAMPLE - 8 + next(16) };
            // Mostly letters, with a given share of the other characters: from none to most.
            let share = next(12);
            let mut text = String::new();
            while text.len() < len {
                let c = if next(12) < share { ALPHABET[next(ALPHABET.len())] } else { 'a' };
                // NULs are rarer, so that the share of control characters decides too.
                if c != '\0' || next(8) == 0 {
                    text.push(c);
                }
            }
            // Cut into chunks at character boundaries, as a rope's are.
            let mut chunks = Vec::new();
            let mut rest = text.as_str();
            while !rest.is_empty() {
                let mut cut = (1 + next(rest.len().min(40_000))).min(rest.len());
                while !rest.is_char_boundary(cut) {
                    cut += 1;
                }
                let (chunk, after) = rest.split_at(cut);
                chunks.push(chunk);
                rest = after;
            }
            assert_eq!(
                find(chunks.iter().copied()),
                find_by_characters(&chunks),
                "{text:?} in {} chunks",
                chunks.len()
            );
        }
        // A C1 control character astride the sample's end is in the sample, and here it tips
        // the share: 6,554 control characters in 65,537 bytes.
        let text = format!("{}{}{}aaaa", "\u{1}".repeat(6553), "a".repeat(SAMPLE - 1 - 6553), '\u{85}');
        assert_eq!(find([text.as_str()]), Some((0, 1)));
        assert_eq!(find_by_characters(&[text.as_str()]), Some((0, 1)));
    }

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
