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
use kibitzer_syntax::text::{decode, LineIndex, SourceText};
use kibitzer_syntax::Lang;
use std::io::{IsTerminal, Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
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
    let name = path.display().to_string();
    let compression = compression_of(path).ok_or_else(|| format!("{name}: not a compressed file"))?;
    let file = std::fs::File::open(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    let file = Counting { inner: file, read };
    let buffered = std::io::BufReader::with_capacity(1 << 16, file);
    let single = |reader: Box<dyn Read>| -> Result<Member<'static>, String> {
        let lang = lang_of(path, lang).ok_or_else(|| {
            format!("{name}: unknown file type inside (expected e.g. .pgn.zst, .pbn.gz, or use --lang)")
        })?;
        Ok(Member { name: name.clone(), lang, reader })
    };
    match compression {
        Compression::Gzip => each(single(Box::new(flate2::bufread::MultiGzDecoder::new(buffered)))?),
        Compression::Bzip2 => each(single(Box::new(bzip2::bufread::MultiBzDecoder::new(buffered)))?),
        Compression::Zstd => {
            let decoder = zstd::stream::read::Decoder::with_buffer(buffered).map_err(|e| format!("{name}: {e}"))?;
            each(single(Box::new(decoder))?)
        }
        Compression::Zip => {
            let mut archive = zip::ZipArchive::new(buffered).map_err(|e| format!("{name}: not a zip archive: {e}"))?;
            for i in 0..archive.len() {
                let member = archive.by_index(i).map_err(|e| format!("{name}: member {i}: {e}"))?;
                if member.is_dir() {
                    continue;
                }
                let inner = member.name().to_owned();
                let Some(member_lang) = lang.or_else(|| Lang::from_path(Path::new(&inner))) else { continue };
                each(Member { name: format!("{name}/{inner}"), lang: member_lang, reader: Box::new(member) })?;
            }
            Ok(())
        }
    }
}

/// The bytes of a file, decompressed when its name says it is compressed (a zip archive must
/// hold one file). For inputs that are decoded whole, like ACBLscore game files.
pub fn read_whole(path: &Path) -> Result<Vec<u8>, String> {
    if compression_of(path).is_none() {
        return std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()));
    }
    let mut found: Option<Vec<u8>> = None;
    // Any member's name will do: the format is the caller's to know.
    for_each_member(path, Some(Lang::Pgn), Arc::default(), &mut |mut member| {
        if found.is_some() {
            return Err(format!("{}: the archive holds more than one file", path.display()));
        }
        let mut bytes = Vec::new();
        member.reader.read_to_end(&mut bytes).map_err(|e| format!("{}: cannot decompress: {e}", member.name))?;
        found = Some(bytes);
        Ok(())
    })?;
    found.ok_or_else(|| format!("{}: the archive is empty", path.display()))
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
    pub index: LineIndex,
    pub lines_before: u32,
}

/// Cuts a decompressed stream into chunks of whole units (see the module's documentation).
pub struct Chunks<R> {
    reader: R,
    lang: Lang,
    buf: Vec<u8>,
    eof: bool,
    lines_before: u32,
    first: bool,
    size: usize,
}

impl<R: Read> Chunks<R> {
    /// Chunks of about [`chunk_size`] bytes.
    pub fn new(reader: R, lang: Lang) -> Chunks<R> {
        Chunks::with_size(reader, lang, chunk_size())
    }

    /// Chunks of about `size` bytes.
    pub fn with_size(reader: R, lang: Lang, size: usize) -> Chunks<R> {
        Chunks { reader, lang, buf: Vec::new(), eof: false, lines_before: 0, first: true, size: size.max(1) }
    }

    pub fn next_chunk(&mut self) -> std::io::Result<Option<Chunk>> {
        let mut want = self.size;
        let cut = loop {
            while !self.eof && self.buf.len() < want {
                let had = self.buf.len();
                self.buf.resize(want.max(had + (1 << 16)), 0);
                match self.reader.read(&mut self.buf[had..]) {
                    Ok(0) => {
                        self.buf.truncate(had);
                        self.eof = true;
                    }
                    Ok(n) => self.buf.truncate(had + n),
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => self.buf.truncate(had),
                    Err(e) => return Err(e),
                }
            }
            if self.eof {
                break self.buf.len();
            }
            match last_cut(self.lang, &self.buf) {
                Some(cut) => break cut,
                // No unit ends in what was read: read more.
                None => want = self.buf.len() * 2,
            }
        };
        if cut == 0 && !self.first {
            return Ok(None);
        }
        self.first = false;
        let rest = self.buf.split_off(cut);
        let bytes = std::mem::replace(&mut self.buf, rest);
        let source = decode(&bytes);
        let index = LineIndex::with_breaks(&source.text, self.lang.line_breaks());
        let lines_before = self.lines_before;
        self.lines_before += (index.line_count() as u32).saturating_sub(1);
        Ok(Some(Chunk { source, index, lines_before }))
    }
}

/// Where the text read so far can be cut after its last whole unit, if anywhere.
fn last_cut(lang: Lang, bytes: &[u8]) -> Option<usize> {
    match lang {
        Lang::Pgn => {
            const MARK: &[u8] = b"\n[Event ";
            let mut end = bytes.len();
            while let Some(i) = bytes[..end].windows(MARK.len()).rposition(|w| w == MARK) {
                let before = &bytes[..i];
                if i > 0 && (before.ends_with(b"\n") || before.ends_with(b"\n\r")) {
                    return Some(i + 1);
                }
                end = i + MARK.len() - 1;
            }
            None
        }
        Lang::Epd => bytes.iter().rposition(|&b| b == b'\n').map(|i| i + 1),
        // Read whole: no cut before the end.
        Lang::Pbn | Lang::Pbi => None,
    }
}

/// Whether formatting would change a stream (`fmt --check`): each chunk is formatted on its own
/// and compared with itself as it streams by. The first unit that would change is reported as
/// `Some(line)` (1-based, in the stream).
pub fn format_would_change(reader: impl Read, lang: Lang, size: usize) -> std::io::Result<Option<u32>> {
    use kibitzer_syntax::format::{format_into, FormatOptions, WINDOW};
    let options = FormatOptions::default();
    let mut chunks = Chunks::with_size(reader, lang, size);
    while let Some(chunk) = chunks.next_chunk()? {
        let text = &chunk.source.text;
        let mut len = 0;
        let mut differs_at: Option<usize> = None;
        let _ = format_into(lang, text, None, &options, WINDOW, &mut |piece: &str| -> Result<(), ()> {
            if differs_at.is_none() {
                let have = text.as_bytes().get(len..len + piece.len()).unwrap_or(&[]);
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
            let line = chunk.index.line_col(text, at, kibitzer_syntax::text::ColumnUnit::Char).line;
            return Ok(Some(chunk.lines_before + line + 1));
        }
    }
    Ok(None)
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
        while let Some(chunk) = chunks.next_chunk().unwrap() {
            assert_eq!(chunk.lines_before as usize, joined.matches('\n').count());
            assert!(chunk.source.text.starts_with("[Event \""));
            joined.push_str(&chunk.source.text);
            count += 1;
        }
        assert!(count >= 3, "{count} chunks");
        assert_eq!(joined, text);
    }

    /// Formatting a text chunk by chunk gives what formatting it whole gives: a formatted file
    /// is unchanged chunk by chunk, and a change is found in whichever chunk it is.
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
            assert_eq!(format_would_change(formatted.as_bytes(), Lang::Pgn, size).unwrap(), None, "{size}");
            let line = format_would_change(raw.as_bytes(), Lang::Pgn, size).unwrap();
            assert!(line.is_some(), "{size}");
            let at = formatted.len() * 3 / 4;
            let at = formatted[..at].rfind("1. e4").unwrap();
            let changed = [&formatted[..at], "1.e4", &formatted[at + 5..]].concat();
            let expected = formatted[..at].matches('\n').count() as u32 + 1;
            assert_eq!(format_would_change(changed.as_bytes(), Lang::Pgn, size).unwrap(), Some(expected), "{size}");
        }
    }

    #[test]
    fn an_empty_stream_is_one_empty_chunk() {
        let mut chunks = Chunks::new(&b""[..], Lang::Pgn);
        assert_eq!(chunks.next_chunk().unwrap().map(|c| c.source.text), Some(String::new()));
        assert!(chunks.next_chunk().unwrap().is_none());
    }
}
