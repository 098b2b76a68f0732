//! Bytes → text and back, and the line index.
//!
//! PGN and PBN are ISO-8859-1 by their standards but UTF-8 in practice; PBI is UTF-8 with a BOM.
//! [`decode`] accepts all three without loss: a BOM or valid UTF-8 is UTF-8, anything else is
//! ISO-8859-1 (every byte one char). The detected [`Encoding`] and [`LineEnding`] style are kept so
//! that writers (the formatter, `--fix`) give the file back in the shape it came in.
//!
//! Offsets everywhere in kibitzer are byte offsets into the decoded UTF-8 `String`
//! ([`TextSize`]); [`LineIndex`] converts them to the line/column pairs users and editors see, in
//! characters, UTF-8 bytes or UTF-16 code units.

pub use rowan::{TextRange, TextSize};

/// How the bytes of a file were decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// Valid UTF-8 without a byte-order mark.
    Utf8,
    /// UTF-8 starting with the byte-order mark EF BB BF (which PBI requires).
    Utf8Bom,
    /// Not valid UTF-8: read as ISO-8859-1, one byte one character.
    Latin1,
}

impl Encoding {
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf8Bom => "UTF-8 with BOM",
            Encoding::Latin1 => "ISO-8859-1",
        }
    }
}

/// The line terminator style of a file: the first terminator found decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum LineEnding {
    #[default]
    Lf,
    CrLf,
    Cr,
}

impl LineEnding {
    pub fn as_str(self) -> &'static str {
        match self {
            LineEnding::Lf => "\n",
            LineEnding::CrLf => "\r\n",
            LineEnding::Cr => "\r",
        }
    }

    /// The style of the first line terminator in `text`, LF when there is none.
    pub fn detect(text: &str) -> LineEnding {
        let bytes = text.as_bytes();
        match bytes.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(i) if bytes[i] == b'\n' => LineEnding::Lf,
            Some(i) if bytes.get(i + 1) == Some(&b'\n') => LineEnding::CrLf,
            Some(_) => LineEnding::Cr,
            None => LineEnding::Lf,
        }
    }
}

/// A decoded file: the text (without the BOM) plus how it was stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceText {
    pub text: String,
    pub encoding: Encoding,
    pub line_ending: LineEnding,
}

/// Decodes file bytes: BOM → UTF-8, valid UTF-8 → UTF-8, otherwise ISO-8859-1. Never fails.
pub fn decode(bytes: &[u8]) -> SourceText {
    let encoding = encoding_of(bytes);
    let text = decode_as(bytes, encoding);
    let line_ending = LineEnding::detect(&text);
    SourceText { text, encoding, line_ending }
}

/// How file bytes are stored, as [`decode`] reads them, without decoding them: a BOM followed
/// by UTF-8 is UTF-8 with BOM (a BOM followed by anything else keeps every byte as
/// ISO-8859-1, the BOM then staying in the text, where the PBI checks will see it); valid
/// UTF-8 is UTF-8; anything else ISO-8859-1. The language server asks it of the file on disk
/// behind an open document, whose text the editor gives decoded.
pub fn encoding_of(bytes: &[u8]) -> Encoding {
    match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) if std::str::from_utf8(rest).is_ok() => Encoding::Utf8Bom,
        None if std::str::from_utf8(bytes).is_ok() => Encoding::Utf8,
        _ => Encoding::Latin1,
    }
}

/// [`decode`] for bytes the caller no longer needs: valid UTF-8 becomes the text without a
/// copy (a large file is then in memory once, not twice).
pub fn decode_owned(bytes: Vec<u8>) -> SourceText {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        return decode(&bytes);
    }
    match String::from_utf8(bytes) {
        Ok(text) => {
            let line_ending = LineEnding::detect(&text);
            SourceText { text, encoding: Encoding::Utf8, line_ending }
        }
        Err(e) => decode(e.as_bytes()),
    }
}

/// A piece of a file whose encoding [`decode`] chose from the whole file: the text of the
/// piece as decoding the whole file would have given it (a byte-order mark at the piece's start
/// dropped in UTF-8 with BOM; no byte is lost in either case).
pub fn decode_as(bytes: &[u8], encoding: Encoding) -> String {
    let utf8 = match encoding {
        Encoding::Latin1 => return latin1_to_string(bytes),
        Encoding::Utf8Bom => bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes),
        Encoding::Utf8 => bytes,
    };
    std::str::from_utf8(utf8).map_or_else(|_| latin1_to_string(bytes), str::to_owned)
}

/// ISO-8859-1 decoded: each byte is the character of its value. The runs of ASCII between the
/// other bytes are copied whole, each other byte written as its two UTF-8 bytes, and the result
/// validated once: a character at a time (`char::from` collected into a `String`) cost 17
/// instructions a byte, a sixth of checking the file.
fn latin1_to_string(bytes: &[u8]) -> String {
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 16);
    let mut rest = bytes;
    while let Some(i) = rest.iter().position(|&b| b >= 0x80) {
        out.extend_from_slice(&rest[..i]);
        let b = rest[i];
        out.extend_from_slice(&[0xC0 | (b >> 6), 0x80 | (b & 0x3F)]);
        rest = &rest[i + 1..];
    }
    out.extend_from_slice(rest);
    String::from_utf8(out).expect("ISO-8859-1 written as UTF-8 is UTF-8")
}

/// Why text could not be written back in its encoding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EncodeError {
    /// Byte offset in the text of the first character that ISO-8859-1 cannot hold.
    pub offset: usize,
    pub ch: char,
}

impl std::fmt::Display for EncodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "character {:?} (U+{:04X}) cannot be written in ISO-8859-1", self.ch, self.ch as u32)
    }
}

/// Encodes `text` back into `encoding` (the BOM is written for [`Encoding::Utf8Bom`]).
pub fn encode(text: &str, encoding: Encoding) -> Result<Vec<u8>, EncodeError> {
    match encoding {
        Encoding::Utf8 => Ok(text.as_bytes().to_vec()),
        Encoding::Utf8Bom => {
            let mut out = b"\xEF\xBB\xBF".to_vec();
            out.extend_from_slice(text.as_bytes());
            Ok(out)
        }
        Encoding::Latin1 => latin1_from_str(text),
    }
}

/// `text` in ISO-8859-1, or where the first character is that it cannot hold. As
/// [`latin1_to_string`] the other way: runs of ASCII copied whole, and each character of two
/// UTF-8 bytes led by `C2` or `C3` (U+0080 to U+00FF) written as the one byte of its value;
/// character by character, writing a Latin-1 file back cost 7 % of formatting it.
fn latin1_from_str(text: &str) -> Result<Vec<u8>, EncodeError> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while let Some(i) = bytes[at..].iter().position(|&b| b >= 0x80).map(|i| at + i) {
        out.extend_from_slice(&bytes[at..i]);
        match bytes[i] {
            lead @ (0xC2 | 0xC3) => out.push(((lead & 0x1F) << 6) | (bytes[i + 1] & 0x3F)),
            _ => {
                let ch = text[i..].chars().next().expect("a character starts at a byte that is not a continuation");
                return Err(EncodeError { offset: i, ch });
            }
        }
        at = i + 2;
    }
    out.extend_from_slice(&bytes[at..]);
    Ok(out)
}

/// The unit in which a column is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ColumnUnit {
    /// Bytes of UTF-8 (LSP `utf-8`).
    Utf8,
    /// UTF-16 code units (LSP's default).
    #[default]
    Utf16,
    /// Unicode scalar values, i.e. characters (LSP `utf-32`, and what the CLI prints).
    Char,
}

/// A zero-based line and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LineCol {
    pub line: u32,
    pub col: u32,
}

/// Which characters end a line. PGN, PBN and EPD know CR, LF and CRLF; PBI adds NEL and LS.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum LineBreaks {
    #[default]
    Standard,
    /// Also U+0085 (NEL) and U+2028 (LINE SEPARATOR), as PBI 1.2 allows.
    WithUnicode,
}

/// Start offsets of every line of a text, for offset ↔ line/column conversion in O(log n).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineIndex {
    /// Byte offset at which each line starts; `line_starts[0] == 0`.
    line_starts: Vec<TextSize>,
    /// Lines that hold a non-ASCII character need a scan to count columns; others don't (so
    /// that a request about a position on a megabyte-long line costs no scan of the line).
    ascii_only: Vec<bool>,
    len: TextSize,
    /// Counts of the text's characters at regular places, made the first time a column is
    /// asked far into a line that is not ASCII: without them each such question counts the line
    /// from its start, and a file's diagnostics on one long line (a LIN board) cost the square
    /// of its length.
    marks: Marks,
}

/// Every [`Marks::STRIDE`] bytes of a text, the characters and UTF-16 units that start before.
#[derive(Debug, Clone, Default)]
struct Marks(std::sync::OnceLock<Vec<(u32, u32)>>);

impl Marks {
    const STRIDE: usize = 4096;

    /// The characters and UTF-16 units of `text[..at]` (`at` on a character boundary).
    fn before(&self, text: &str, at: usize) -> (u32, u32) {
        let marks = self.0.get_or_init(|| {
            let mut marks = vec![(0, 0)];
            let mut total = (0, 0);
            for chunk in text.as_bytes().chunks_exact(Marks::STRIDE) {
                let (chars, units) = Marks::count(chunk);
                total = (total.0 + chars, total.1 + units);
                marks.push(total);
            }
            marks
        });
        let mark = (at / Marks::STRIDE).min(marks.len() - 1);
        let (chars, units) = Marks::count(&text.as_bytes()[mark * Marks::STRIDE..at]);
        (marks[mark].0 + chars, marks[mark].1 + units)
    }

    /// The characters that start in `bytes` (those not continuation bytes) and their UTF-16
    /// units (two for a character of four bytes).
    fn count(bytes: &[u8]) -> (u32, u32) {
        let chars = bytes.iter().filter(|&&b| (b as i8) >= -0x40).count() as u32;
        let astral = bytes.iter().filter(|&&b| b >= 0xF0).count() as u32;
        (chars, chars + astral)
    }
}

/// Made on demand from the text: two indexes of one text are equal whether or not they have
/// made them.
impl PartialEq for Marks {
    fn eq(&self, _: &Marks) -> bool {
        true
    }
}

impl Eq for Marks {}

/// Whether `bytes` are printable ASCII and line ends (`\n`, `\r`) only, as nearly every file
/// is: the line checks then look only at line lengths. One pass, a chunk of bytes at a time
/// with no branch inside (which the compiler vectorises).
pub fn is_plain_ascii_text(bytes: &[u8]) -> bool {
    let other = |b: u8| u8::from(!(b' '..=b'~').contains(&b) & (b != b'\n') & (b != b'\r'));
    let mut chunks = bytes.chunks_exact(64);
    let chunked = chunks.by_ref().all(|chunk| chunk.iter().fold(0u8, |any, &b| any | other(b)) == 0);
    chunked && chunks.remainder().iter().all(|&b| other(b) == 0)
}

/// Where the line holding byte `from` of `bytes` ends: the first `\n` or `\r` at or after it,
/// `None` when the text ends first. A vectorised search: the line readers of every format that
/// ends lines at either byte ask it of every line.
pub fn line_break_at_or_after(bytes: &[u8], from: usize) -> Option<usize> {
    memchr::memchr2(b'\n', b'\r', bytes.get(from..)?).map(|i| from + i)
}

/// The lines of `bytes` (ended by `\n`, `\r` or `\r\n`) longer than `limit` bytes, without
/// their line ends, as ranges. They are found by windows of `limit + 1` bytes from a line start:
/// every line that ends at or before the window's last line end is short enough, so the next
/// window starts after it; a window with no line end starts a long line. A file of short lines
/// takes a few vectorised searches, not a look at every line.
pub fn lines_longer_than(bytes: &[u8], limit: usize) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    let mut line_start: usize = 0;
    std::iter::from_fn(move || loop {
        let window = bytes.get(line_start..line_start.checked_add(limit + 1)?)?;
        match memchr::memrchr2(b'\n', b'\r', window) {
            Some(last) => line_start += last + 1,
            None => {
                let start = line_start;
                let end = line_break_at_or_after(bytes, start).unwrap_or(bytes.len());
                line_start = end + 1;
                return Some(start..end);
            }
        }
    })
}

/// The offset of the first byte from `i` on that is not printable ASCII (`' '..='~'`), or the
/// length: checked eight bytes at a time, since most of a text is plain ASCII inside lines and
/// line scans run over every byte of a multi-megabyte file on each check.
pub fn printable_ascii_end(bytes: &[u8], mut i: usize) -> usize {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    // Whether some byte of `word` is below `n` (n <= 0x80; exact, not just a hint).
    let has_less = |word: u64, n: u8| word.wrapping_sub(ONES * u64::from(n)) & !word & HIGHS != 0;
    while let Some(chunk) = bytes.get(i..i + 8) {
        let Ok(chunk) = <[u8; 8]>::try_from(chunk) else { break };
        let word = u64::from_ne_bytes(chunk);
        // Some byte >= 0x80, below ' ', or DEL (the only byte that XORs with 0x7F to zero).
        if word & HIGHS != 0 || has_less(word, b' ') || has_less(word ^ (ONES * 0x7F), 1) {
            break;
        }
        i += 8;
    }
    while bytes.get(i).is_some_and(|b| (b' '..=b'~').contains(b)) {
        i += 1;
    }
    i
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        LineIndex::with_breaks(text, LineBreaks::Standard)
    }

    /// How many line breaks `text` holds, as [`LineIndex::with_breaks`] counts them (its
    /// [`line_count`](LineIndex::line_count) less one), without building the index: what a
    /// reader of a stream needs to place the next chunk, most of whose chunks never report a
    /// line.
    pub fn breaks_in(text: &str, breaks: LineBreaks) -> usize {
        let bytes = text.as_bytes();
        if breaks == LineBreaks::Standard && memchr::memchr(b'\r', bytes).is_none() {
            return memchr::memchr_iter(b'\n', bytes).count();
        }
        LineIndex::with_breaks(text, breaks).line_count() - 1
    }

    pub fn with_breaks(text: &str, breaks: LineBreaks) -> LineIndex {
        let bytes = text.as_bytes();
        let mut line_starts = vec![TextSize::from(0)];
        // The CLI indexes every file it reports on, after the check: a vectorised search for
        // the line-break bytes (memchr), not a look at every byte, keeps that from counting.
        if breaks == LineBreaks::Standard && memchr::memchr(b'\r', bytes).is_none() {
            // Nearly every file has `\n` breaks only: one vectorised pass finds that, and a
            // search for one byte costs less at each of the many breaks than one for two (the
            // search for `\n` and `\r` together was about 100 instructions a line).
            line_starts.extend(memchr::memchr_iter(b'\n', bytes).map(|at| TextSize::from((at + 1) as u32)));
        } else if breaks == LineBreaks::Standard {
            let mut after_cr = usize::MAX;
            for at in memchr::memchr2_iter(b'\n', b'\r', bytes) {
                if at == after_cr && bytes[at] == b'\n' {
                    // The `\n` of a `\r\n`: the line started after it, not after the `\r`.
                    *line_starts.last_mut().expect("a start") = TextSize::from((at + 1) as u32);
                    continue;
                }
                if bytes[at] == b'\r' {
                    after_cr = at + 1;
                }
                line_starts.push(TextSize::from((at + 1) as u32));
            }
        } else {
            let mut i = 0;
            // Two searches (memchr looks for three bytes at most): `\n`, `\r` and 0xC2 (U+0085's
            // lead byte), and 0xE2 (U+2028's). Each is searched for again only once the reader
            // has passed what it found, so that each reads every byte once: searched again at
            // every break, a text without 0xE2 was read to its end at each break (200,000 `\r`
            // took 5 G instructions), and one full of `€` (E2 82 AC) without `\n` likewise.
            let find_other = |from: usize| memchr::memchr3(b'\n', b'\r', 0xC2, &bytes[from..]).map(|k| from + k);
            let find_e2 = |from: usize| memchr::memchr(0xE2, &bytes[from..]).map(|k| from + k);
            let (mut next_other, mut next_e2) = (find_other(0), find_e2(0));
            loop {
                if next_other.is_some_and(|at| at < i) {
                    next_other = find_other(i);
                }
                if next_e2.is_some_and(|at| at < i) {
                    next_e2 = find_e2(i);
                }
                let Some(at) = next_other.into_iter().chain(next_e2).min() else { break };
                let next = match bytes[at] {
                    b'\r' if bytes.get(at + 1) == Some(&b'\n') => at + 2,
                    b'\n' | b'\r' => at + 1,
                    0xC2 if bytes.get(at + 1) == Some(&0x85) => at + 2,
                    0xE2 if bytes.get(at + 1..at + 3) == Some(&[0x80, 0xA8]) => at + 3,
                    // A lead byte of another character: not a line break.
                    _ => {
                        i = at + 1;
                        continue;
                    }
                };
                line_starts.push(TextSize::from(next as u32));
                i = next;
            }
        }
        let ascii_only = if text.is_ascii() {
            vec![true; line_starts.len()]
        } else {
            let ends = line_starts.iter().skip(1).copied().chain([TextSize::of(text)]);
            line_starts
                .iter()
                .zip(ends)
                .map(|(&start, end)| bytes[usize::from(start)..usize::from(end)].is_ascii())
                .collect()
        };
        LineIndex { line_starts, ascii_only, len: TextSize::from(text.len() as u32), marks: Marks::default() }
    }

    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// Byte range of line `line` (zero-based), including its terminator.
    pub fn line_range(&self, line: u32) -> Option<TextRange> {
        let start = *self.line_starts.get(line as usize)?;
        let end = self.line_starts.get(line as usize + 1).copied().unwrap_or(self.len);
        Some(TextRange::new(start, end))
    }

    /// Zero-based line of `offset`, and its column in `unit` (clamped to the text).
    pub fn line_col(&self, text: &str, offset: TextSize, unit: ColumnUnit) -> LineCol {
        let offset = offset.min(self.len);
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        self.col_in_line(text, line, offset, unit)
    }

    /// [`LineIndex::line_col`] of offsets met mostly in text order (a file's diagnostics):
    /// `hint` is the line found the time before, and the search gallops forward from it, a few
    /// steps in cache, where a binary search over all the lines of a large file misses the
    /// cache at nearly every step.
    pub fn line_col_from(&self, text: &str, offset: TextSize, unit: ColumnUnit, hint: &mut usize) -> LineCol {
        let offset = offset.min(self.len);
        let starts = &self.line_starts;
        let from = (*hint).min(starts.len() - 1);
        let line = if starts[from] <= offset {
            // starts[low] <= offset throughout; the line is in low..high.
            let (mut low, mut step) = (from, 1);
            loop {
                let high = low + step;
                if high >= starts.len() || starts[high] > offset {
                    let high = high.min(starts.len());
                    break low + starts[low..high].partition_point(|&s| s <= offset) - 1;
                }
                low = high;
                step *= 2;
            }
        } else {
            starts[..from].partition_point(|&s| s <= offset) - 1
        };
        *hint = line;
        self.col_in_line(text, line, offset, unit)
    }

    /// The place of `offset`, which is on `line`.
    fn col_in_line(&self, text: &str, line: usize, offset: TextSize, unit: ColumnUnit) -> LineCol {
        let start = self.line_starts[line];
        let col = if self.ascii_only[line] {
            u32::from(offset - start)
        } else {
            let mut end = usize::from(offset);
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let start = usize::from(start);
            let prefix = &text[start..end];
            match unit {
                ColumnUnit::Utf8 => prefix.len() as u32,
                // Far into a line, from the marks: a bounded count, not one from the line start.
                _ if prefix.len() > 2 * Marks::STRIDE => {
                    let (before, at) = (self.marks.before(text, start), self.marks.before(text, end));
                    match unit {
                        ColumnUnit::Utf16 => at.1 - before.1,
                        _ => at.0 - before.0,
                    }
                }
                ColumnUnit::Utf16 => prefix.encode_utf16().count() as u32,
                ColumnUnit::Char => prefix.chars().count() as u32,
            }
        };
        LineCol { line: line as u32, col }
    }

    /// Byte offset of a line/column position; a column past the end of the line is clamped to
    /// the line's end (before its terminator), as LSP requires.
    pub fn offset(&self, text: &str, pos: LineCol, unit: ColumnUnit) -> TextSize {
        let Some(range) = self.line_range(pos.line) else {
            return self.len;
        };
        let line_text = &text[range];
        let content = line_text.trim_end_matches(['\n', '\r', '\u{85}', '\u{2028}']);
        let mut remaining = pos.col as usize;
        for (i, ch) in content.char_indices() {
            let width = match unit {
                ColumnUnit::Utf8 => ch.len_utf8(),
                ColumnUnit::Utf16 => ch.len_utf16(),
                ColumnUnit::Char => 1,
            };
            if remaining < width {
                // Inside a character (e.g. between surrogates): the character's start.
                return range.start() + TextSize::from(i as u32);
            }
            remaining -= width;
            if remaining == 0 {
                return range.start() + TextSize::from((i + ch.len_utf8()) as u32);
            }
        }
        range.start() + TextSize::from(content.len() as u32)
    }
}

/// `word` in ASCII upper case, on the stack, when it has at most `N` bytes (`None` when it is
/// longer): for matching a short keyword written in either case (`pass`, `nt`) without the
/// allocation of `to_ascii_uppercase`, on paths taken for every call of every auction.
pub fn short_ascii_upper<const N: usize>(word: &str) -> Option<([u8; N], usize)> {
    let bytes = word.as_bytes();
    if bytes.len() > N {
        return None;
    }
    let mut upper = [0u8; N];
    upper[..bytes.len()].copy_from_slice(bytes);
    upper.make_ascii_uppercase();
    Some((upper, bytes.len()))
}

/// Whether `a` and `b` are the same text, compared a word at a time when they are short: a
/// tag name looked up among a game's tags is compared with each of them, and comparing slices
/// calls `memcmp` whenever the lengths agree (`Date` and `Deal`, `East` and `West`). Those calls
/// were 10.2 M of the 395.5 M instructions of checking ben_uncommon_boards.pbn; the words saved
/// about 4.7 M of it (most comparisons end at the lengths either way).
#[inline]
pub fn same_name(a: &str, b: &str) -> bool {
    same_bytes(a.as_bytes(), b.as_bytes())
}

/// [`same_name`] of bytes: also how the replay compares a written move with its canonical SAN.
#[inline]
pub fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    // Two reads that overlap where the length falls between them cover every byte.
    match n {
        0 => true,
        1..=3 => a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1],
        4..=8 => word::<4>(a, 0) == word::<4>(b, 0) && word::<4>(a, n - 4) == word::<4>(b, n - 4),
        9..=16 => word::<8>(a, 0) == word::<8>(b, 0) && word::<8>(a, n - 8) == word::<8>(b, n - 8),
        _ => a == b,
    }
}

/// Whether `name` is one of `names` ([`same_name`]): the lists of tag names the standards know.
#[inline]
pub fn is_one_of(name: &str, names: &[&str]) -> bool {
    names.iter().any(|n| same_name(n, name))
}

/// The `N` bytes of `bytes` from `at`, as one array (a load of a word).
#[inline]
fn word<const N: usize>(bytes: &[u8], at: usize) -> [u8; N] {
    let mut word = [0; N];
    word.copy_from_slice(&bytes[at..at + N]);
    word
}

/// The number that `digits` (ASCII) write, or `None` when it is empty, holds anything but
/// digits or is more than a `u32` holds: read by hand where a number is read per move or per
/// command (`str::parse`, with its sign and radix handling, cost a fifth of the movetext walk's
/// own instructions and most of the reading of a lichess clock command).
pub fn decimal_value(digits: &str) -> Option<u32> {
    if digits.is_empty() {
        return None;
    }
    digits
        .bytes()
        .try_fold(0u32, |n, d| n.checked_mul(10)?.checked_add(u32::from(d.checked_sub(b'0').filter(|&d| d < 10)?)))
}

/// The decimal digits of `n`, written into `buf`: what the writers of line numbers and move
/// numbers use per number, without the formatting machinery of `write!`.
pub fn decimal_digits(n: u32, buf: &mut [u8; 10]) -> &[u8] {
    let mut start = buf.len();
    let mut rest = n;
    loop {
        start -= 1;
        buf[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    &buf[start..]
}

/// `s` as a message quotes it: its first `max_chars` characters, and `…` after them when there
/// are more. Reads `max_chars + 1` characters at most: a line of 50,000 `;`, each a diagnostic
/// quoting the line, was counted whole for each of them.
pub fn shortened(s: &str, max_chars: usize) -> String {
    match s.char_indices().nth(max_chars) {
        Some((cut, _)) => format!("{}…", &s[..cut]),
        None => s.to_owned(),
    }
}

/// A value of the text as EPD's and PBI's messages quote it: [`shortened`] to 40 characters.
pub fn quoted_value(s: &str) -> String {
    shortened(s, 40)
}

/// Blank text (spaces, tabs, line breaks) in words, as a message of the export layout names
/// it: "two spaces", "a line break", "an empty line", "no space".
pub fn blank_in_words(s: &str) -> String {
    let breaks = s.matches('\n').count();
    let spaces = s.chars().filter(|c| *c == ' ' || *c == '\t').count();
    let count = |n: usize, one: &str, many: &str| match n {
        1 => format!("a {one}"),
        2 => format!("two {many}"),
        3 => format!("three {many}"),
        n => format!("{n} {many}"),
    };
    match (spaces, breaks) {
        (0, 0) => "no space".to_owned(),
        (n, 0) if s.contains('\t') => count(n, "tab or space", "tabs and spaces"),
        (n, 0) => count(n, "space", "spaces"),
        (0, 1) => "a line break".to_owned(),
        (0, 2) => "an empty line".to_owned(),
        (0, n) => format!("{} empty lines", n - 1),
        (n, b) => {
            let spaces = count(n, "space", "spaces");
            if b == 1 {
                format!("{spaces} and a line break")
            } else {
                format!("{spaces} and {b} line breaks")
            }
        }
    }
}

/// A place where a text differs from its export layout, in words: what the text has there
/// and what export format writes instead ([`text_in_words`] of each).
pub fn difference_in_words(old: &str, new: &str) -> String {
    match (old.is_empty(), new.is_empty()) {
        (true, _) => format!("export format writes {} here", text_in_words(new)),
        (_, true) => format!("{} here; export format has none", text_in_words(old)),
        _ => format!("{} here; export format writes {}", text_in_words(old), text_in_words(new)),
    }
}

/// Text of a file as a fix's title or a message quotes it, its blanks named
/// ([`blank_in_words`]) and its words shortened ([`shortened`]) in backticks.
pub fn text_in_words(s: &str) -> String {
    if s.chars().all(char::is_whitespace) {
        blank_in_words(s)
    } else {
        format!("`{}`", shortened(&s.replace("\r\n", "\n").replace('\n', " "), 40))
    }
}

/// `s` with every byte but RFC 3986's unreserved characters (`A-Z a-z 0-9 - . _ ~`) and those
/// of `keep` written `%XX`: a URI's query value (a handviewer link's LIN board) keeps none, a
/// relative path (SARIF's artifact locations) keeps `/`.
pub fn percent_encode(s: &str, keep: &[u8]) -> String {
    let mut out = String::with_capacity(s.len() * 2);
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) || keep.contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    /// [`super::same_name`] answers what `==` answers, for texts of every length up to past the
    /// word reads, equal and differing in each one byte.
    #[test]
    fn names_compared_by_words_are_compared_byte_for_byte() {
        use super::same_name;
        let mut compared = 0;
        for n in 0..=20 {
            let a: String = (0..n).map(|i| char::from(b'a' + (i % 26) as u8)).collect();
            let mut others = vec![a.clone(), format!("{a}x"), a.chars().skip(1).collect()];
            for i in 0..n {
                let mut b = a.clone().into_bytes();
                b[i] = b'Z';
                others.push(String::from_utf8(b).unwrap());
            }
            for b in &others {
                assert_eq!(same_name(&a, b), a == *b, "{a:?} {b:?}");
                assert_eq!(same_name(b, &a), a == *b, "{b:?} {a:?}");
                compared += 1;
            }
        }
        assert!(compared > 200);
        assert!(same_name("Deal", "Deal") && !same_name("Date", "Deal") && !same_name("East", "West"));
    }

    #[test]
    fn a_piece_decoded_as_its_file_gives_the_files_text() {
        use super::{decode, decode_as, Encoding};
        let latin1 = b"[White \"Ren\xe9\"]\n1. e4 *\n";
        let whole = decode(latin1);
        assert_eq!(whole.encoding, Encoding::Latin1);
        // The second line alone is ASCII, but decoded as its file was.
        assert_eq!(
            decode_as(&latin1[..14], Encoding::Latin1) + &decode_as(&latin1[14..], Encoding::Latin1),
            whole.text
        );
        let bom = "\u{feff}1. e4 *\n".as_bytes();
        assert_eq!(decode_as(bom, Encoding::Utf8Bom), decode(bom).text);
        assert_eq!(decode_as("Ærø".as_bytes(), Encoding::Utf8), "Ærø");
    }

    /// Columns far into long lines beyond ASCII (counted from the marks) are the ones counted
    /// from the line start, in characters and UTF-16 units, on every line and at every place
    /// (a place inside a character is that character's start), whichever is asked first.
    #[test]
    fn columns_far_into_long_lines_count_as_from_the_line_start() {
        use super::{ColumnUnit, LineIndex, TextSize};
        let piece = "ab é ü 𝄞 Ω ";
        let text = format!("short é\n{}\n{}\nx{}", piece.repeat(2000), "plain ".repeat(3000), piece.repeat(900));
        let index = LineIndex::new(&text);
        let naive = |offset: usize, unit: ColumnUnit| {
            let mut end = offset;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let line = text[..end].rfind(['\n', '\r']).map_or(0, |i| i + 1);
            let prefix = &text[line..end];
            match unit {
                ColumnUnit::Char => prefix.chars().count() as u32,
                ColumnUnit::Utf16 => prefix.encode_utf16().count() as u32,
                ColumnUnit::Utf8 => prefix.len() as u32,
            }
        };
        for unit in [ColumnUnit::Utf16, ColumnUnit::Char, ColumnUnit::Utf8] {
            for offset in (0..=text.len()).rev().step_by(61) {
                let col = index.line_col(&text, TextSize::from(offset as u32), unit).col;
                assert_eq!(col, naive(offset, unit), "{unit:?} at {offset}");
            }
        }
    }

    #[test]
    fn short_ascii_upper_is_to_ascii_uppercase_for_short_words() {
        for word in ["", "ap", "Pass", "xX", "1nt", "7NT", "é", "pass!"] {
            match short_ascii_upper::<4>(word) {
                Some((bytes, len)) => assert_eq!(&bytes[..len], word.to_ascii_uppercase().as_bytes()),
                None => assert!(word.len() > 4, "{word}"),
            }
        }
    }

    use super::*;

    /// Every byte decoded from ISO-8859-1 is the character of its value, in runs of every length
    /// between the bytes above ASCII.
    #[test]
    fn latin1_decoding_gives_each_byte_its_character() {
        let mut rng = crate::testing::Rng::new(0x001A_711D);
        for round in 0..500 {
            // Mostly ASCII, as real files are, with every byte value among it.
            let bytes: Vec<u8> = (0..rng.below(300))
                .map(|_| if rng.below(4) == 0 { rng.below(256) as u8 } else { b' ' + rng.below(90) as u8 })
                .collect();
            let expected: String = bytes.iter().map(|&b| char::from(b)).collect();
            assert_eq!(latin1_to_string(&bytes), expected, "round {round}");
        }
        assert_eq!(latin1_to_string(&[0x80, 0xFF, b'a', 0xE9]), "\u{80}\u{FF}a\u{E9}");
    }

    /// Text written back in ISO-8859-1 is each character's value as a byte, or an error at the
    /// first character above U+00FF: as encoding a character at a time gives.
    #[test]
    fn latin1_encoding_gives_each_character_its_byte_or_says_which_cannot() {
        let chars = ['a', ' ', '\n', '\u{7F}', '\u{80}', '\u{BF}', '\u{C0}', 'é', '\u{FF}', 'Ā', '€', '😀'];
        let mut rng = crate::testing::Rng::new(0x00E1_C0DE);
        let mut failed = 0;
        for round in 0..2000 {
            let text: String =
                (0..rng.below(40)).map(|_| chars[rng.below(chars.len() - 3 * usize::from(round % 2 == 0))]).collect();
            let expected: Result<Vec<u8>, EncodeError> = text
                .char_indices()
                .map(|(offset, ch)| u8::try_from(u32::from(ch)).map_err(|_| EncodeError { offset, ch }))
                .collect();
            failed += usize::from(expected.is_err());
            assert_eq!(encode(&text, Encoding::Latin1), expected, "{text:?}");
        }
        assert!((100..1900).contains(&failed), "{failed}");
    }

    #[test]
    fn long_lines_found_by_windows_are_those_of_a_plain_split() {
        // Every line end, lengths around the limits, a text ending with and without one.
        let lengths = [0, 1, 78, 79, 80, 81, 254, 255, 256, 600, 3, 79, 80];
        for ends in ["\n", "\r\n", "\r", "\n\r"] {
            for tail in ["", ends] {
                let text = lengths.iter().map(|&n| "x".repeat(n)).collect::<Vec<_>>().join(ends) + tail;
                for limit in [0, 79, 80, 255] {
                    let mut naive = Vec::new();
                    let mut start = 0;
                    for (i, b) in text.bytes().enumerate().chain([(text.len(), b'\n')]) {
                        if b == b'\n' || b == b'\r' {
                            if i - start > limit {
                                naive.push(start..i);
                            }
                            start = i + 1;
                        }
                    }
                    let found: Vec<_> = lines_longer_than(text.as_bytes(), limit).collect();
                    assert_eq!(found, naive, "{ends:?} {tail:?} limit {limit}");
                }
            }
        }
    }

    #[test]
    fn placing_from_a_hint_is_placing_from_scratch() {
        let text = "ab\n\u{e9}t\u{e9}\r\n\nlast line\rx\n".repeat(50);
        let index = LineIndex::new(&text);
        let offsets: Vec<TextSize> = (0..=text.len() as u32 + 3).map(TextSize::from).collect();
        for unit in [ColumnUnit::Utf8, ColumnUnit::Utf16, ColumnUnit::Char] {
            // In order, in reverse, and jumping about: the hint only speeds the search.
            let mut hint = 0;
            for &o in offsets.iter().chain(offsets.iter().rev()).chain(offsets.iter().step_by(37)) {
                assert_eq!(index.line_col_from(&text, o, unit, &mut hint), index.line_col(&text, o, unit), "{o:?}");
            }
            let mut far = usize::MAX;
            assert_eq!(index.line_col_from(&text, 5.into(), unit, &mut far), index.line_col(&text, 5.into(), unit));
        }
    }

    #[test]
    fn decimal_digits_are_those_of_to_string() {
        for n in [0u32, 7, 10, 99, 100, 4095, 65_535, 1_000_000, u32::MAX] {
            assert_eq!(decimal_digits(n, &mut [0; 10]), n.to_string().as_bytes());
        }
    }

    #[test]
    fn decode_owned_agrees_with_decode() {
        for bytes in [&b"caf\xc3\xa9\r\n"[..], b"caf\xe9\n", b"\xEF\xBB\xBFx\n", b"\xEF\xBB\xBF\xe9", b""] {
            let (a, b) = (decode(bytes), decode_owned(bytes.to_vec()));
            assert_eq!((a.text, a.encoding, a.line_ending), (b.text, b.encoding, b.line_ending), "{bytes:?}");
        }
    }

    #[test]
    fn the_encoding_read_without_decoding_is_the_one_decoding_picks() {
        let cases: [(&[u8], Encoding); 6] = [
            (b"[Event \"Caf\xc3\xa9\"]\n", Encoding::Utf8),
            (b"[Event \"Caf\xe9\"]\n", Encoding::Latin1),
            (b"\xEF\xBB\xBF#PBI 1.2\r\n", Encoding::Utf8Bom),
            // A BOM before what is not UTF-8: every byte kept as ISO-8859-1, the BOM too.
            (b"\xEF\xBB\xBF\xe9", Encoding::Latin1),
            // UTF-8 cut in the middle of a character.
            (b"Caf\xc3", Encoding::Latin1),
            (b"", Encoding::Utf8),
        ];
        for (bytes, encoding) in cases {
            assert_eq!(encoding_of(bytes), encoding, "{bytes:?}");
            assert_eq!(decode(bytes).encoding, encoding, "{bytes:?}");
        }
        assert_eq!(decode(b"\xEF\xBB\xBF\xe9").text, "\u{ef}\u{bb}\u{bf}\u{e9}");
    }

    #[test]
    fn decode_picks_the_encoding_and_line_ending() {
        let s = decode(b"\xEF\xBB\xBF#PBI 1.2\r\nx");
        assert_eq!(
            (s.text.as_str(), s.encoding, s.line_ending),
            ("#PBI 1.2\r\nx", Encoding::Utf8Bom, LineEnding::CrLf)
        );
        let s = decode("[Event \"Caf\u{e9}\"]\n".as_bytes());
        assert_eq!((s.encoding, s.line_ending), (Encoding::Utf8, LineEnding::Lf));
        let s = decode(b"[Event \"Caf\xe9\"]\r");
        assert_eq!(
            (s.text.as_str(), s.encoding, s.line_ending),
            ("[Event \"Caf\u{e9}\"]\r", Encoding::Latin1, LineEnding::Cr)
        );
    }

    #[test]
    fn encode_round_trips_and_refuses_what_latin1_cannot_hold() {
        for bytes in [&b"abc\xe9\xff"[..], b"\xEF\xBB\xBFx\xc3\xa9", "caf\u{e9}".as_bytes()] {
            let s = decode(bytes);
            assert_eq!(encode(&s.text, s.encoding).unwrap(), bytes);
        }
        let err = encode("a\u{2654}", Encoding::Latin1).unwrap_err();
        assert_eq!((err.offset, err.ch), (1, '\u{2654}'));
    }

    #[test]
    fn line_index_counts_columns_in_every_unit() {
        let text = "ab\r\n\u{e9}\u{1F600}x\rlast";
        let idx = LineIndex::new(text);
        assert_eq!(idx.line_count(), 3);
        let x = TextSize::from(text.find('x').unwrap() as u32);
        assert_eq!(idx.line_col(text, x, ColumnUnit::Char), LineCol { line: 1, col: 2 });
        assert_eq!(idx.line_col(text, x, ColumnUnit::Utf16), LineCol { line: 1, col: 3 });
        assert_eq!(idx.line_col(text, x, ColumnUnit::Utf8), LineCol { line: 1, col: 6 });
        for unit in [ColumnUnit::Char, ColumnUnit::Utf16, ColumnUnit::Utf8] {
            let lc = idx.line_col(text, x, unit);
            assert_eq!(idx.offset(text, lc, unit), x);
        }
        // Past the end of a line clamps before the terminator.
        assert_eq!(idx.offset(text, LineCol { line: 0, col: 99 }, ColumnUnit::Utf16), TextSize::from(2));
        assert_eq!(
            idx.line_col(text, TextSize::from(text.len() as u32), ColumnUnit::Char),
            LineCol { line: 2, col: 4 }
        );
    }

    #[test]
    fn line_starts_are_found_at_every_offset_of_a_long_line() {
        // The index skips plain ASCII eight bytes at a time: put each kind of break, and a
        // non-ASCII character, at every offset of such runs and compare with a byte scan.
        for special in ["\n", "\r\n", "\r", "\u{e9}", "\u{2028}", "\t", "\u{7f}", "\u{1}", "~"] {
            for at in 0..24 {
                let text = format!("{}{special}{}", "a".repeat(at), "b".repeat(19));
                let idx = LineIndex::with_breaks(&text, LineBreaks::WithUnicode);
                let mut starts = vec![TextSize::from(0)];
                let brk = ["\n", "\r\n", "\r", "\u{2028}"].contains(&special);
                if brk {
                    starts.push(TextSize::from((at + special.len()) as u32));
                }
                assert_eq!(idx.line_starts, starts, "{text:?}");
                // Columns count characters after a non-ASCII one, bytes before it.
                let end = TextSize::from(text.len() as u32);
                let col = idx.line_col(&text, end, ColumnUnit::Char).col as usize;
                let last_line = if brk { "b".repeat(19) } else { text.clone() };
                assert_eq!(col, last_line.chars().count(), "{text:?}");
            }
        }
    }

    #[test]
    fn line_starts_equal_a_character_by_character_scan_on_random_text() {
        let pieces = ["a", "\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}", "\u{e9}", "\u{20ac}", "\u{c2}", " "];
        let mut rng = crate::testing::Rng::new(0x9e37_79b9_7f4a_7c15);
        for _ in 0..2000 {
            let mut text = String::new();
            for _ in 0..rng.below(40) {
                text.push_str(pieces[rng.below(pieces.len())]);
            }
            for breaks in [LineBreaks::Standard, LineBreaks::WithUnicode] {
                let mut starts = vec![TextSize::from(0)];
                let mut chars = text.char_indices().peekable();
                while let Some((i, c)) = chars.next() {
                    let is_break = match c {
                        '\r' => {
                            if chars.peek().is_some_and(|&(_, n)| n == '\n') {
                                chars.next();
                                starts.push(TextSize::from((i + 2) as u32));
                                continue;
                            }
                            true
                        }
                        '\n' => true,
                        '\u{85}' | '\u{2028}' => breaks == LineBreaks::WithUnicode,
                        _ => false,
                    };
                    if is_break {
                        starts.push(TextSize::from((i + c.len_utf8()) as u32));
                    }
                }
                assert_eq!(LineIndex::with_breaks(&text, breaks).line_starts, starts, "{text:?}");
                assert_eq!(LineIndex::breaks_in(&text, breaks), starts.len() - 1, "{text:?}");
            }
        }
    }

    #[test]
    fn printable_ascii_ends_at_the_first_other_byte() {
        for bad in [b'\n', b'\r', b'\t', 0x1F, 0x7F, 0x80, 0xFF, 0] {
            for at in 0..20 {
                let mut bytes = vec![b'~'; 20];
                bytes[at] = bad;
                bytes[0] = if at == 0 { bad } else { b' ' };
                assert_eq!(printable_ascii_end(&bytes, 0), at, "{bad:#x} at {at}");
            }
        }
        assert_eq!(printable_ascii_end(b" !~abcdefghijklmnop", 0), 19);
    }

    /// The texts that defeated one of the index's two searches (each is now begun again only
    /// once the reader has passed what it found): `\r` has no 0xE2 for the one search; `€`
    /// (E2 82 AC) is 0xE2 but no break, with nothing for the other; `©` (C2 A9) is the other's
    /// lead byte but no break. Their breaks are found; that the index reads each byte once is
    /// measured, not timed here: bench/scaling.sh counts the instructions at N and 2N (a search
    /// begun again at every break made these 4 million-unit texts take minutes).
    #[test]
    fn line_starts_of_texts_that_defeat_one_search() {
        const N: usize = 4_000_000;
        for (text, lines) in [("\r".repeat(N), N + 1), ("\u{20ac}".repeat(N), 1), ("\u{a9}".repeat(N), 1)] {
            let index = LineIndex::with_breaks(&text, LineBreaks::WithUnicode);
            assert_eq!(index.line_starts.len(), lines, "{:?}…", &text[..4]);
        }
        // The searches take turns: each break is found once, whichever search finds it.
        let mixed = "a\u{20ac}\u{a9}\r\u{85}b\u{2028}\u{20ac}c\r\n\u{a9}d";
        let after = |c: char| mixed.find(c).unwrap() + c.len_utf8();
        let expected =
            [0, after('\r'), after('\u{85}'), after('\u{2028}'), after('\n')].map(|i| TextSize::from(i as u32));
        assert_eq!(LineIndex::with_breaks(mixed, LineBreaks::WithUnicode).line_starts, expected);
    }

    #[test]
    fn a_quoted_value_keeps_its_first_characters() {
        assert_eq!(shortened("Carlsen", 7), "Carlsen");
        assert_eq!(shortened("Carlsen", 3), "Car…");
        assert_eq!(shortened("", 3), "");
        // Characters, not bytes: a cut never splits one.
        assert_eq!(shortened("ÅÅÅÅ", 3), "ÅÅÅ…");
        assert_eq!(shortened("€€€", 3), "€€€");
    }

    #[test]
    fn pbi_line_breaks_include_nel_and_line_separator() {
        let text = "a\u{85}b\u{2028}c\nd";
        assert_eq!(LineIndex::new(text).line_count(), 2);
        let idx = LineIndex::with_breaks(text, LineBreaks::WithUnicode);
        assert_eq!(idx.line_count(), 4);
        let d = TextSize::from(text.find('d').unwrap() as u32);
        assert_eq!(idx.line_col(text, d, ColumnUnit::Char), LineCol { line: 3, col: 0 });
    }
}
