//! Compressed inputs: `.gz`, `.bz2`, `.zst` and the members of `.zip` archives, read streaming
//! (decompressed in memory as they are read, never unpacked to disk).
//!
//! PGN and EPD are cut into chunks of whole units of about [`CHUNK`] decompressed bytes, which
//! are checked one after the other (each on every core, as a plain file is), so memory is a few
//! chunks whatever the size of the archive: a PGN chunk ends before an `[Event ` line that
//! follows an empty line (where the plain-file check cuts a file for its cores too: games are
//! independent), an EPD chunk at the end of a line. PBN (whose games inherit tags from the ones
//! before) and PBI (whose first line governs the file) are read whole. Each chunk is decoded on
//! its own (UTF-8, else ISO-8859-1). Diagnostics carry the line numbers of the whole stream.

use crate::file_kind::{compression_of, lang_of, Compression};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use kibitzer_syntax::text::{decode, Encoding, LineBreaks, LineIndex, SourceText};
use kibitzer_syntax::{Lang, MAX_GAME_BYTES};
use std::io::{IsTerminal, Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// About how much decompressed text is checked at a time.
pub const CHUNK: usize = 8 << 20;

/// [`CHUNK`], or `KIBITZER_CHUNK_BYTES` (which the tests set to cut small files into many chunks).
pub fn chunk_size() -> usize {
    std::env::var("KIBITZER_CHUNK_BYTES").ok().and_then(|v| v.parse().ok()).unwrap_or(CHUNK)
}

/// One decompressed stream: its name for messages (`archive.zip/member.pgn` for a member) and
/// its format.
pub struct Member<'a> {
    pub name: String,
    pub lang: Lang,
    pub reader: Box<dyn Read + 'a>,
}

/// Calls `each` with every stream of the compressed file `path` (one, or a zip archive's
/// members with a known extension, in archive order, `lang` overriding their extensions).
pub fn for_each_member(
    path: &Path,
    lang: Option<Lang>,
    read: Arc<AtomicU64>,
    each: &mut dyn FnMut(Member<'_>) -> Result<(), String>,
) -> Result<(), String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: cannot read: {e}", crate::terminal::path(path)))?;
    for_each_member_in(path, Counting { inner: file, read }, lang, each)
}

/// [`for_each_member`] of the compressed bytes of `source`, which `path` names (its name gives
/// the compression and the format inside; it is not opened).
pub fn for_each_member_in(
    path: &Path,
    source: impl Read + Seek,
    lang: Option<Lang>,
    each: &mut dyn FnMut(Member<'_>) -> Result<(), String>,
) -> Result<(), String> {
    let compression =
        compression_of(path).ok_or_else(|| format!("{}: not a compressed file", crate::terminal::path(path)))?;
    members(path, compression, source, lang, 0, each)
}

/// [`for_each_member_in`] of bytes compressed with `compression`, which their name need not
/// say (bytes handed over by a program: their first bytes told it, [`crate::file_kind::compression_in`]).
pub fn for_each_member_of(
    path: &Path,
    compression: Compression,
    source: impl Read + Seek,
    lang: Option<Lang>,
    each: &mut dyn FnMut(Member<'_>) -> Result<(), String>,
) -> Result<(), String> {
    members(path, compression, source, lang, 0, each)
}

/// How deep zip archives inside zip archives are read: one inside the file given, no deeper (a
/// zip can hold itself, over and over).
const MAX_ZIP_DEPTH: usize = 1;

/// [`for_each_member_in`] of an archive `depth` zip archives deep.
fn members(
    path: &Path,
    compression: Compression,
    source: impl Read + Seek,
    lang: Option<Lang>,
    depth: usize,
    each: &mut dyn FnMut(Member<'_>) -> Result<(), String>,
) -> Result<(), String> {
    let name = crate::terminal::path(path);
    let buffered = std::io::BufReader::with_capacity(1 << 16, source);
    match compression {
        Compression::Zip => {
            let mut archive = zip::ZipArchive::new(buffered).map_err(|e| format!("{name}: not a zip archive: {e}"))?;
            for i in 0..archive.len() {
                let member = archive.by_index(i).map_err(|e| format!("{name}: member {i}: {e}"))?;
                if member.is_dir() {
                    continue;
                }
                // The name as stored, `..` and absolute paths included: only a name for
                // messages, since nothing is ever unpacked.
                let inner = String::from_utf8_lossy(member.name_raw()).into_owned();
                let inner_path = Path::new(&inner);
                let full = format!("{name}/{inner}");
                match compression_of(inner_path) {
                    // A zip inside: read in memory (a zip needs to seek), one level deep and up
                    // to the size of a file read whole.
                    Some(Compression::Zip) if depth < MAX_ZIP_DEPTH && member.size() <= MAX_WHOLE_BYTES as u64 => {
                        let mut bytes = Vec::new();
                        member
                            .take(MAX_WHOLE_BYTES as u64 + 1)
                            .read_to_end(&mut bytes)
                            .map_err(|e| format!("{full}: cannot decompress: {e}"))?;
                        if bytes.len() > MAX_WHOLE_BYTES {
                            eprintln!("kibitzer: note: {full}: a zip archive of more than 64 MiB inside a zip archive: not read");
                            continue;
                        }
                        members(
                            Path::new(&full),
                            Compression::Zip,
                            std::io::Cursor::new(bytes),
                            lang,
                            depth + 1,
                            each,
                        )?;
                    }
                    Some(Compression::Zip) => {
                        eprintln!(
                            "kibitzer: note: {full}: a zip archive inside a zip archive inside a zip archive, or of \
                             more than 64 MiB: not read (unpack it first)"
                        );
                    }
                    // A compressed file inside the archive is decompressed as it is read.
                    Some(inner_compression) => {
                        let Some(member_lang) = lang_of(inner_path, lang) else { continue };
                        let reader = decoder(inner_compression, std::io::BufReader::new(member))
                            .map_err(|e| format!("{full}: {e}"))?;
                        each(Member { name: full, lang: member_lang, reader })?;
                    }
                    None => {
                        let Some(member_lang) = lang.or_else(|| Lang::from_path(inner_path)) else { continue };
                        each(Member { name: full, lang: member_lang, reader: Box::new(member) })?;
                    }
                }
            }
            Ok(())
        }
        single => {
            let member_lang = lang_of(path, lang).ok_or_else(|| {
                format!("{name}: unknown file type inside (expected e.g. .pgn.zst, .pbn.gz, or use --lang)")
            })?;
            let reader = decoder(single, buffered).map_err(|e| format!("{name}: {e}"))?;
            each(Member { name: name.clone(), lang: member_lang, reader })
        }
    }
}

/// A reader of `compressed`'s decompressed bytes (a single stream: not a zip archive).
fn decoder<'a>(
    compression: Compression,
    compressed: impl std::io::BufRead + 'a,
) -> std::io::Result<Box<dyn Read + 'a>> {
    Ok(match compression {
        Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(compressed)),
        Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(compressed)),
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::with_buffer(compressed)?),
        Compression::Zip => return Err(std::io::Error::other("a zip archive is not a single stream")),
    })
}

/// The bytes of a file, decompressed when its name says it is compressed (a zip archive must
/// hold one file), at most [`MAX_WHOLE_BYTES`] of them decompressed. For inputs that are
/// decoded whole, like ACBLscore game files and PGC.
pub fn read_whole(path: &Path) -> Result<Vec<u8>, String> {
    let Some(compression) = compression_of(path) else {
        return std::fs::read(path).map_err(|e| format!("{}: {e}", crate::terminal::path(path)));
    };
    let file = std::fs::File::open(path).map_err(|e| format!("{}: cannot read: {e}", crate::terminal::path(path)))?;
    decompress_whole(path, compression, file)
}

/// [`read_whole`] of `source`, compressed with `compression` and named `path`.
pub fn decompress_whole(path: &Path, compression: Compression, source: impl Read + Seek) -> Result<Vec<u8>, String> {
    let mut found: Option<Vec<u8>> = None;
    // Any member's name will do: the format is the caller's to know.
    for_each_member_of(path, compression, source, Some(Lang::Pgn), &mut |mut member| {
        if found.is_some() {
            return Err(format!("{}: the archive holds more than one file", crate::terminal::path(path)));
        }
        let mut bytes = Vec::new();
        // Bounded whatever the archive holds: one byte more than the limit says it is over.
        (&mut member.reader)
            .take(MAX_WHOLE_BYTES as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("{}: cannot decompress: {e}", member.name))?;
        if bytes.len() > MAX_WHOLE_BYTES {
            return Err(format!(
                "{}: decompresses to more than {} MiB, more than a file of this kind holds: not read",
                member.name,
                MAX_WHOLE_BYTES >> 20
            ));
        }
        found = Some(bytes);
        Ok(())
    })?;
    found.ok_or_else(|| format!("{}: the archive is empty", crate::terminal::path(path)))
}

/// A reader that counts the compressed bytes read (for the progress bar).
struct Counting<R> {
    inner: R,
    read: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

impl<R: Seek> Seek for Counting<R> {
    fn seek(&mut self, pos: SeekFrom) -> std::io::Result<u64> {
        let at = self.inner.seek(pos)?;
        self.read.store(at, Ordering::Relaxed);
        Ok(at)
    }
}

/// A chunk of whole units of a stream, decoded, with the number of lines before it.
pub struct Chunk {
    pub source: SourceText,
    /// Built when a line is first asked for: a chunk formatted without a report asks for none
    /// (the index was 1.5 % of `fmt`'s instructions on a file of games read from a pipe).
    index: OnceLock<LineIndex>,
    line_breaks: LineBreaks,
    pub lines_before: u32,
}

impl Chunk {
    /// The line index of the chunk's text.
    pub fn index(&self) -> &LineIndex {
        self.index.get_or_init(|| LineIndex::with_breaks(&self.source.text, self.line_breaks))
    }

    /// Replaces the chunk's text (with its fixes applied); its lines are those of the new text.
    pub fn set_text(&mut self, text: String) {
        self.source.text = text;
        self.index = OnceLock::new();
    }
}

/// What a stream is cut into.
pub enum Piece {
    /// Whole units, to be checked or formatted as a file is.
    Text(Chunk),
    /// A unit larger than the game-size limit ([`MAX_GAME_BYTES`]) by far: its first bytes
    /// (whose first line places the diagnostic) and its whole length; the rest was read past,
    /// never held.
    TooLarge { head: Chunk, bytes: usize },
}

/// The most PBN or PBI text of one stream that is read (they are read whole: a PBN game
/// inherits tags from the games before it, a PBI file's first line governs it). Real files
/// are a few megabytes; a stream holding more is refused with one error naming it, so that
/// memory stays bounded whatever an archive or a pipe holds.
pub const MAX_WHOLE_BYTES: usize = 64 << 20;

/// How much of an oversized unit is kept to place and show its diagnostic.
const HEAD_BYTES: usize = 1024;

/// Cuts a stream (decompressed, or standard input) into chunks of whole units (see the
/// module's documentation), reading at most a chunk and a unit at a time: a unit too large to
/// read is cut off and read past, binary data is recognised in the first bytes and the rest is
/// not read, and PBN or PBI past [`MAX_WHOLE_BYTES`] is refused.
pub struct Chunks<R> {
    reader: R,
    lang: Lang,
    buf: Vec<u8>,
    eof: bool,
    lines_before: u32,
    first: bool,
    /// No chunk decoded yet: the next one starts the stream.
    at_start: bool,
    size: usize,
    /// What a read error is called: "cannot decompress" (an archive), "cannot read" (a pipe).
    failure: &'static str,
}

impl<R: Read> Chunks<R> {
    /// Chunks of about [`chunk_size`] bytes.
    pub fn new(reader: R, lang: Lang) -> Chunks<R> {
        Chunks::with_size(reader, lang, chunk_size())
    }

    /// Chunks of about `size` bytes.
    pub fn with_size(reader: R, lang: Lang, size: usize) -> Chunks<R> {
        Chunks {
            reader,
            lang,
            buf: Vec::new(),
            eof: false,
            lines_before: 0,
            first: true,
            at_start: true,
            size: size.max(1),
            failure: "cannot decompress",
        }
    }

    /// Read errors called "cannot read" (a plain stream: standard input) rather than "cannot
    /// decompress".
    pub fn plain(mut self) -> Chunks<R> {
        self.failure = "cannot read";
        self
    }

    /// The next piece, `None` at the end; an error is a sentence to put after the stream's name.
    pub fn next_chunk(&mut self) -> Result<Option<Piece>, String> {
        self.next_chunk_passing(&mut |_| Ok(()))
    }

    /// [`Chunks::next_chunk`], giving the bytes of a unit too large to read to `past` as they
    /// are read past (all of them, its head included: `fmt` copies such a unit as written).
    pub fn next_chunk_passing(
        &mut self,
        past: &mut dyn FnMut(&[u8]) -> Result<(), String>,
    ) -> Result<Option<Piece>, String> {
        // The longest a chunk grows while looking for the end of its last unit: past that, the
        // unit is far larger than any game kibitzer reads.
        let limit = match self.lang {
            Lang::Pgn | Lang::Epd => self.size.max(MAX_GAME_BYTES) + MAX_GAME_BYTES,
            Lang::Pbn | Lang::Pbi | Lang::Lin => MAX_WHOLE_BYTES,
        };
        let mut want = self.size.min(limit);
        let mut sniffed = false;
        let cut = loop {
            self.fill(want)?;
            if self.eof {
                break self.buf.len();
            }
            if let Some(cut) = last_cut(self.lang, &self.buf) {
                break cut;
            }
            // Binary data: what was read is reported as not text, and the rest is not read.
            if self.first && !sniffed {
                sniffed = true;
                let head = decode(&self.buf[..self.buf.len().min(kibitzer_syntax::binary::SAMPLE)]);
                if kibitzer_syntax::binary::binary_at([head.text.as_str()]).is_some() {
                    self.eof = true;
                    break self.buf.len();
                }
            }
            if self.buf.len() >= limit {
                if matches!(self.lang, Lang::Pbn | Lang::Pbi | Lang::Lin) {
                    return Err(format!(
                        "{} text is read whole (its units depend on the ones before), and this stream holds \
                         more than {} MiB of it: not checked (decompress it to a file, or split it)",
                        self.lang.id().to_ascii_uppercase(),
                        MAX_WHOLE_BYTES >> 20
                    ));
                }
                return self.too_large(past).map(Some);
            }
            // No unit ends in what was read: read more.
            want = (self.buf.len() * 2).min(limit);
        };
        if cut == 0 && !self.first {
            return Ok(None);
        }
        self.first = false;
        let rest = self.buf.split_off(cut);
        let bytes = std::mem::replace(&mut self.buf, rest);
        Ok(Some(Piece::Text(self.chunk(&bytes))))
    }

    /// Reads until the buffer holds `want` bytes or the stream ends.
    fn fill(&mut self, want: usize) -> Result<(), String> {
        while !self.eof && self.buf.len() < want {
            let room = want - self.buf.len();
            // Read into the buffer's spare capacity, which is not zeroed first: zeroing the
            // 8 MiB of a chunk before reading into it cost `fmt` 2 % of its instructions.
            self.buf.reserve(room);
            match (&mut self.reader).take(room as u64).read_to_end(&mut self.buf) {
                Ok(0) => self.eof = true,
                Ok(_) => {}
                // `read_to_end` retries an interrupted read itself; what it read stays.
                Err(e) => return Err(format!("{}: {e}", self.failure)),
            }
        }
        Ok(())
    }

    /// The unit at the start of the buffer, with no end in sight: its head is kept, the rest
    /// read past (counting its bytes and lines) up to where the next unit starts.
    fn too_large(&mut self, past: &mut dyn FnMut(&[u8]) -> Result<(), String>) -> Result<Piece, String> {
        let mut head_len = HEAD_BYTES.min(self.buf.len());
        // A whole character: the head decodes as the text around it does.
        while head_len > 0 && head_len < self.buf.len() && (self.buf[head_len] & 0xC0) == 0x80 {
            head_len -= 1;
        }
        let head_bytes = self.buf[..head_len].to_vec();
        let mut bytes = 0usize;
        let mut lines = 0u32;
        // A cut is found with the few bytes before it (an empty line), which stay in the buffer.
        const KEEP: usize = 16;
        loop {
            let (end, done) = match first_cut(self.lang, &self.buf) {
                Some(cut) => (cut, true),
                None if self.eof => (self.buf.len(), true),
                None => (self.buf.len().saturating_sub(KEEP), false),
            };
            past(&self.buf[..end])?;
            lines += count_lines(&self.buf[..end], self.buf.get(end).copied());
            bytes += end;
            self.buf.drain(..end);
            if done {
                break;
            }
            self.fill(KEEP + (1 << 20))?;
        }
        self.first = false;
        let head = self.chunk(&head_bytes);
        // The lines of the whole unit are counted, not only the head's.
        self.lines_before = head.lines_before + lines;
        Ok(Piece::TooLarge { head, bytes })
    }

    /// `bytes` decoded as the next chunk, placed after the lines before it.
    fn chunk(&mut self, bytes: &[u8]) -> Chunk {
        let mut source = decode(bytes);
        // Only the stream's first bytes can be its byte-order mark: a U+FEFF that starts a later
        // chunk (an EPD line, in files joined with `cat`) is text, as in the middle of a file.
        if !std::mem::take(&mut self.at_start) && source.encoding == Encoding::Utf8Bom {
            source.text.insert(0, '\u{feff}');
            source.encoding = Encoding::Utf8;
        }
        let line_breaks = self.lang.line_breaks();
        let lines_before = self.lines_before;
        self.lines_before += LineIndex::breaks_in(&source.text, line_breaks) as u32;
        Chunk { source, index: OnceLock::new(), line_breaks, lines_before }
    }
}

/// The line breaks in `bytes` as the line index counts them (`\n`, `\r\n`, a lone `\r`), `after`
/// being the byte that follows them, if known.
fn count_lines(bytes: &[u8], after: Option<u8>) -> u32 {
    let mut lines = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let lone_cr = b == b'\r' && bytes.get(i + 1).copied().or(after) != Some(b'\n');
        if b == b'\n' || lone_cr {
            lines += 1;
        }
    }
    lines
}

/// Where the text read so far can be cut after its last whole unit, if anywhere.
fn last_cut(lang: Lang, bytes: &[u8]) -> Option<usize> {
    cuts(lang, bytes).next_back()
}

/// Where the first unit after the start of the text read so far starts, if anywhere.
fn first_cut(lang: Lang, bytes: &[u8]) -> Option<usize> {
    cuts(lang, bytes).next()
}

/// Every place `bytes` can be cut between two units (never at 0): before a PGN `[Event ` line
/// that follows an empty line, after an EPD line. PBN and PBI have none (read whole).
fn cuts(lang: Lang, bytes: &[u8]) -> Box<dyn DoubleEndedIterator<Item = usize> + '_> {
    match lang {
        Lang::Pgn => {
            const MARK: &[u8] = b"\n[Event ";
            Box::new(bytes.windows(MARK.len()).enumerate().filter_map(move |(i, w)| {
                let before = &bytes[..i];
                (w == MARK && i > 0 && (before.ends_with(b"\n") || before.ends_with(b"\n\r"))).then_some(i + 1)
            }))
        }
        Lang::Epd => Box::new(bytes.iter().enumerate().filter(|(_, &b)| b == b'\n').map(|(i, _)| i + 1)),
        Lang::Pbn | Lang::Pbi | Lang::Lin => Box::new(std::iter::empty()),
    }
}

/// Whether formatting would change a stream (`fmt --check`): each chunk is formatted on its own
/// and compared with itself as it streams by. The first unit that would change is reported as
/// `Some(line)` (1-based, in the stream). The stream is read to its end even then, as a plain
/// file is: a file cut short (a download that stopped) is an error, not "would be reformatted".
pub fn format_would_change(mut chunks: Chunks<impl Read>) -> Result<Option<u32>, String> {
    use kibitzer_syntax::format::{format_into, FormatOptions, WINDOW};
    let options = FormatOptions::default();
    let lang = chunks.lang;
    let mut first_change = None;
    while let Some(piece) = chunks.next_chunk()? {
        if first_change.is_some() {
            continue;
        }
        // A unit too large to read is left as written by `fmt`: no change.
        let Piece::Text(chunk) = piece else { continue };
        let text = &chunk.source.text;
        let mut len = 0;
        let mut differs_at: Option<usize> = None;
        let _ = format_into(lang, text, None, &options, WINDOW, &mut |piece: &str| -> Result<(), ()> {
            if differs_at.is_none() {
                // What the piece replaces, cut short at the end of the text: a piece that grows
                // past it (the last piece of a chunk made longer) still has its common start,
                // not none (which reported the piece's first line, not the change's).
                let have = &text.as_bytes()[len.min(text.len())..(len + piece.len()).min(text.len())];
                if have != piece.as_bytes() {
                    let same = have.iter().zip(piece.as_bytes()).take_while(|(a, b)| a == b).count();
                    differs_at = Some(len + same);
                }
            }
            len += piece.len();
            Ok(())
        });
        let differs_at = differs_at.or((len != text.len()).then_some(len.min(text.len())));
        if let Some(at) = differs_at {
            let at = kibitzer_syntax::TextSize::from(at.min(text.len()) as u32);
            let line = chunk.index().line_col(text, at, kibitzer_syntax::text::ColumnUnit::Char).line;
            first_change = Some(chunk.lines_before + line + 1);
        }
    }
    Ok(first_change)
}

/// A progress bar on standard error for a long run: drawn only when standard error is a
/// terminal, and only once the run has taken a second.
pub struct Progress {
    position: Arc<AtomicU64>,
    total: u64,
    started: Instant,
    bar: Option<ProgressBar>,
    terminal: bool,
}

impl Progress {
    /// Progress through `total` compressed bytes.
    pub fn new(total: u64) -> Progress {
        Progress {
            position: Arc::new(AtomicU64::new(0)),
            total,
            started: Instant::now(),
            bar: None,
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// The counter of compressed bytes read, for [`for_each_member`].
    pub fn counter(&self) -> Arc<AtomicU64> {
        self.position.clone()
    }

    /// Updates the bar (called between chunks).
    pub fn tick(&mut self, name: &str) {
        if !self.terminal {
            return;
        }
        if self.bar.is_none() && self.started.elapsed() >= Duration::from_secs(1) {
            let bar = ProgressBar::with_draw_target(Some(self.total), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{msg} [{bar:30}] {bytes}/{total_bytes} {bytes_per_sec} eta {eta}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> "),
            );
            self.bar = Some(bar);
        }
        if let Some(bar) = &self.bar {
            bar.set_message(name.to_owned());
            bar.set_position(self.position.load(Ordering::Relaxed));
        }
    }

    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_of_compressed_names() {
        assert_eq!(lang_of(Path::new("a/lichess.pgn.zst"), None), Some(Lang::Pgn));
        assert_eq!(lang_of(Path::new("b.PBN.GZ"), None), Some(Lang::Pbn));
        assert_eq!(lang_of(Path::new("t.epd.bz2"), None), Some(Lang::Epd));
        assert_eq!(lang_of(Path::new("twic.zip"), None), Some(Lang::Pgn));
        assert_eq!(lang_of(Path::new("x.tar.gz"), None), None);
        assert_eq!(lang_of(Path::new("x.txt.gz"), Some(Lang::Pgn)), Some(Lang::Pgn));
    }

    /// Chunks are whole games, together the whole stream, and count lines across chunks.
    #[test]
    fn pgn_chunks_end_before_a_game() {
        let game = |n: usize| format!("[Event \"{n}\"]\n[Site \"x\"]\n\n1. e4 e5 *\n\n");
        let text: String = (0..(3 * CHUNK / 40)).map(game).collect();
        let mut chunks = Chunks::new(text.as_bytes(), Lang::Pgn);
        let mut joined = String::new();
        let mut count = 0;
        while let Some(Piece::Text(chunk)) = chunks.next_chunk().unwrap() {
            assert_eq!(chunk.lines_before as usize, joined.matches('\n').count());
            assert!(chunk.source.text.starts_with("[Event \""));
            joined.push_str(&chunk.source.text);
            count += 1;
        }
        assert!(count >= 3, "{count} chunks");
        assert_eq!(joined, text);
    }

    /// The lines before each chunk are those the whole text's line index counts, whatever the
    /// line ends (`\n`, `\r\n`, a lone `\r` in a comment), though a chunk's own index is built
    /// only when asked for.
    #[test]
    fn chunks_count_lines_of_every_ending() {
        let ends = ["\n", "\r\n", "\n"];
        let game = |n: usize| {
            let end = ends[n % 3];
            let comment = if n.is_multiple_of(5) { "{a\rb} " } else { "" };
            format!("[Event \"{n}\"]{end}[Site \"x\"]{end}{end}1. e4 {comment}e5 *{end}{end}")
        };
        let text: String = (0..400).map(game).collect();
        let mut chunks = Chunks::with_size(text.as_bytes(), Lang::Pgn, 1000);
        let mut joined = String::new();
        let mut count = 0;
        while let Some(Piece::Text(chunk)) = chunks.next_chunk().unwrap() {
            let before = LineIndex::new(&joined).line_count() - 1;
            assert_eq!(chunk.lines_before as usize, before, "chunk {count}");
            assert_eq!(chunk.index(), &LineIndex::new(&chunk.source.text));
            joined.push_str(&chunk.source.text);
            count += 1;
        }
        assert!(count >= 10, "{count} chunks");
        assert_eq!(joined, text);
    }

    /// A reader that gives at most seven bytes a read, as a slow pipe does.
    struct Trickle<'a>(&'a [u8]);

    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(7).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    /// Formatting a text chunk by chunk gives what formatting it whole gives: a formatted file
    /// is unchanged chunk by chunk, and a change is found in whichever chunk it is, on its line.
    #[test]
    fn format_check_by_chunks_agrees_with_the_whole_file() {
        use kibitzer_syntax::format::{format, FormatOptions};
        let game = |n: usize| {
            format!("[Event \"{n}\"]\n[Site \"x\"]\n{{ a comment }}\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {{ Ruy }} 1-0\n\n")
        };
        let raw: String = (0..400).map(game).collect();
        let formatted = format(Lang::Pgn, &raw, &FormatOptions::default()).text;
        assert_ne!(formatted, raw, "the sample needs formatting");
        for size in [100, 1000, 7777, 1 << 20] {
            assert_eq!(
                format_would_change(Chunks::with_size(formatted.as_bytes(), Lang::Pgn, size)).unwrap(),
                None,
                "{size}"
            );
            let line = format_would_change(Chunks::with_size(raw.as_bytes(), Lang::Pgn, size)).unwrap();
            assert!(line.is_some(), "{size}");
            let at = formatted.len() * 3 / 4;
            let at = formatted[..at].rfind("1. e4").unwrap();
            let changed = [&formatted[..at], "1.e4", &formatted[at + 5..]].concat();
            let expected = formatted[..at].matches('\n').count() as u32 + 1;
            // As read from a slow pipe, a few bytes a read: chunks of about `size` bytes, as
            // small as one game, the last piece of whose formatting runs past its end.
            assert_eq!(
                format_would_change(Chunks::with_size(Trickle(changed.as_bytes()), Lang::Pgn, size)).unwrap(),
                Some(expected),
                "a few bytes a read, {size}"
            );
            assert_eq!(
                format_would_change(Chunks::with_size(changed.as_bytes(), Lang::Pgn, size)).unwrap(),
                Some(expected),
                "{size}"
            );
        }
    }

    /// Found by the compressed-epd fuzz target: a chunk that began with a U+FEFF lost it, taken
    /// for the stream's byte-order mark (`fmt -` dropped it from the output).
    #[test]
    fn a_byte_order_mark_inside_a_stream_is_text() {
        // Two reads, as from a pipe: the second line starts the second chunk.
        let (first, second) = ("\u{feff}8/8/8/8/8/8/8/K6k w - -\n", "\u{feff}8/8/8/8/8/8/8/K6k b - -\n");
        let mut chunks = Chunks::with_size(first.as_bytes().chain(second.as_bytes()), Lang::Epd, 1);
        let mut read = Vec::new();
        while let Some(Piece::Text(chunk)) = chunks.next_chunk().unwrap() {
            read.push((chunk.source.text, chunk.source.encoding));
        }
        assert_eq!(
            read,
            [
                ("8/8/8/8/8/8/8/K6k w - -\n".to_owned(), Encoding::Utf8Bom),
                ("\u{feff}8/8/8/8/8/8/8/K6k b - -\n".to_owned(), Encoding::Utf8)
            ]
        );
    }

    #[test]
    fn an_empty_stream_is_one_empty_chunk() {
        let mut chunks = Chunks::new(&b""[..], Lang::Pgn);
        let Some(Piece::Text(chunk)) = chunks.next_chunk().unwrap() else { panic!("one chunk") };
        assert_eq!(chunk.source.text, "");
        assert!(chunks.next_chunk().unwrap().is_none());
    }

    /// Endless bytes, `len` of them, without ever holding them.
    fn endless(byte: u8, len: u64) -> impl Read {
        std::io::repeat(byte).take(len)
    }

    /// A unit far over the size limit is cut off after its head, read past to the next unit
    /// (counting its lines), and the units after it read as usual.
    #[test]
    fn a_unit_over_the_limit_is_read_past_not_held() {
        let game = "[Event \"after\"]\n\n1. e4 *\n";
        let huge = 40 * MAX_GAME_BYTES as u64;
        let big = "[Event \"big\"]\n\n1. e4";
        let stream = b"[Event \"a\"]\n\n1. e4 *\n\n"
            .chain(big.as_bytes())
            .chain(endless(b' ', huge))
            .chain(&b"\n\n"[..])
            .chain(game.as_bytes());
        let mut chunks = Chunks::with_size(stream, Lang::Pgn, 1000);
        let Some(Piece::Text(first)) = chunks.next_chunk().unwrap() else { panic!("the first game") };
        assert!(first.source.text.starts_with("[Event \"a\"]"));
        let Some(Piece::TooLarge { head, bytes }) = chunks.next_chunk().unwrap() else { panic!("the big one") };
        assert_eq!(bytes as u64, big.len() as u64 + huge + 2);
        assert!(head.source.text.starts_with(big));
        assert!(head.source.text.len() <= HEAD_BYTES);
        assert!(chunks.buf.capacity() < 4 * MAX_GAME_BYTES, "memory stays bounded");
        let Some(Piece::Text(last)) = chunks.next_chunk().unwrap() else { panic!("the game after it") };
        assert_eq!(last.source.text, game);
        assert_eq!(last.lines_before, 8, "the lines of the unit read past are counted");
        assert!(chunks.next_chunk().unwrap().is_none());
        // Lines that end in a carriage return alone count as the line index counts them.
        let cr_game = game.replace('\n', "\r");
        let stream =
            b"[Event \"big\"]\r\r1. e4".chain(endless(b' ', huge)).chain(&b"\r\r\n\r\n"[..]).chain(cr_game.as_bytes());
        let mut chunks = Chunks::with_size(stream, Lang::Pgn, 1000);
        assert!(matches!(chunks.next_chunk().unwrap(), Some(Piece::TooLarge { .. })));
        let Some(Piece::Text(last)) = chunks.next_chunk().unwrap() else { panic!("the game after it") };
        assert_eq!(last.lines_before, 5);
        // The same for an EPD line.
        let mut chunks =
            Chunks::with_size(endless(b'x', huge).chain(&b"\n8/8/8/8/8/8/8/8 w - -\n"[..]), Lang::Epd, 100);
        assert!(matches!(chunks.next_chunk().unwrap(), Some(Piece::TooLarge { .. })));
        let Some(Piece::Text(last)) = chunks.next_chunk().unwrap() else { panic!("the line after it") };
        assert_eq!((last.source.text.as_str(), last.lines_before), ("8/8/8/8/8/8/8/8 w - -\n", 1));
    }

    /// Binary data is recognised at the start, and the rest is not read; PBN is read whole up
    /// to its limit, past which it is refused.
    #[test]
    fn binary_streams_stop_early_and_whole_streams_are_bounded() {
        let mut zeros = endless(0, u64::MAX);
        let mut chunks = Chunks::with_size(&mut zeros, Lang::Pbn, 1000);
        let Some(Piece::Text(chunk)) = chunks.next_chunk().unwrap() else { panic!("one chunk") };
        assert!(kibitzer_syntax::binary::binary_at([chunk.source.text.as_str()]).is_some());
        assert!(chunks.next_chunk().unwrap().is_none());
        let mut chunks = Chunks::with_size(endless(b' ', u64::MAX), Lang::Pbn, CHUNK);
        let refused = chunks.next_chunk().err().expect("refused");
        assert!(refused.contains("more than 64 MiB"), "{refused}");
    }
}
