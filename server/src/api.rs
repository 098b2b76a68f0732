//! The library face of kibitzer for programs that embed it (the Python extension in `python/`):
//! a text or a file checked exactly as `kibitzer check` checks it, each diagnostic placed as its
//! JSON output places it ([`crate::report::locate`]: 1-based lines and columns in characters),
//! with the fix's edits placed the same way (its `fix`); formatting as `kibitzer fmt` formats; the settings
//! of `kibitzer.toml`. No I/O here that the subcommands do not do, and nothing printed.

use crate::check::{check_and_index, check_compressed_bytes, check_compressed_chunks, check_pgc_file};
use crate::report::{locate, place};
pub use crate::report::{Located, LocatedEdit, LocatedFix, LocatedRelated};
pub use crate::walk::WalkOptions;
use kibitzer_syntax::format::{FormatOptions, Formatted};
pub use kibitzer_syntax::pbn::read::DealRecord;
pub use kibitzer_syntax::pgn::read::GameRecord;
use kibitzer_syntax::rules::parse_config;
use kibitzer_syntax::text::{decode, ColumnUnit, Encoding, LineEnding, LineIndex, SourceText};
use kibitzer_syntax::{CheckOptions, DetachedFacts, Diagnostic, Lang, Mode};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// A diagnostic as `kibitzer check --format json` reports it, its fix included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub located: Located,
}

/// The format named by `lang` (`pgn`, `pbn`, `pbi`, `epd`, `fen`), else by the name of `path`
/// (`games.pgn.zst` is PGN), as the command line picks it.
pub fn lang_of(lang: Option<&str>, path: Option<&Path>) -> Result<Lang, String> {
    if let Some(id) = lang {
        return Lang::from_id(&id.to_ascii_lowercase())
            .ok_or_else(|| format!("unknown lang {id:?} (expected pgn, pbn, pbi, epd, fen or lin)"));
    }
    match path {
        Some(p) => crate::file_kind::lang_of(p, None).ok_or_else(|| unknown_file_type(p)),
        None => Err("give lang (pgn, pbn, pbi, epd, fen or lin) or a path with a known extension".to_owned()),
    }
}

/// Why a file whose name gives no format cannot be checked (the API's words for `--lang`).
fn unknown_file_type(path: &Path) -> String {
    format!("{}: unknown file type (expected .pgn .pbn .pbi .epd .fen .lin, or give lang)", path.display())
}

/// The settings a check runs with: the `kibitzer.toml` at `config` when given, else the one
/// that governs `path` (its folder or the nearest above, as `check --stdin-filepath` finds it),
/// else the defaults; `mode` wins over the file's `mode`.
pub fn options(path: Option<&Path>, mode: Option<Mode>, config: Option<&Path>) -> Result<CheckOptions, String> {
    let mut options = match (config, path) {
        (Some(file), _) => {
            let text = std::fs::read_to_string(file).map_err(|e| format!("{}: cannot read: {e}", file.display()))?;
            parse_config(&text).map_err(|e| format!("{}: {e}", file.display()))?
        }
        (None, Some(path)) => crate::inputs::Settings::new(None).options_for(Some(path))?,
        (None, None) => CheckOptions::default(),
    };
    if let Some(mode) = mode {
        options.mode = mode;
    }
    Ok(options)
}

/// The diagnostics of a file's bytes, decoded as the command line decodes a file (UTF-8, with
/// or without a byte-order mark, else ISO-8859-1), named `name`.
pub fn check_bytes(lang: Lang, bytes: &[u8], name: &str, options: &CheckOptions) -> Vec<Checked> {
    let source = decode(bytes);
    let options = CheckOptions { encoding: Some(source.encoding), ..options.clone() };
    check_decoded(lang, &source.text, name, &options)
}

/// The diagnostics of a text that is already decoded (a Python `str`: as if read from a UTF-8
/// file without a byte-order mark).
pub fn check_text(lang: Lang, text: &str, name: &str, options: &CheckOptions) -> Vec<Checked> {
    let options = CheckOptions { encoding: Some(Encoding::Utf8), ..options.clone() };
    check_decoded(lang, text, name, &options)
}

fn check_decoded(lang: Lang, text: &str, name: &str, options: &CheckOptions) -> Vec<Checked> {
    let (diagnostics, index) = check_and_index(lang, text, options);
    place_all(name, text, &index, &diagnostics, 0)
}

/// How far a long call is, and whether its caller wants it to stop (Ctrl-C in Python): the
/// call counts what it has `done` of its `total` (files, chunks, deals, games) and stops at the
/// next of them once `stop` is set.
#[derive(Debug, Default)]
pub struct Progress {
    pub done: AtomicU64,
    pub total: AtomicU64,
    pub stop: AtomicBool,
}

impl Progress {
    /// An error once the caller asked to stop: the call returns it at once.
    pub fn go_on(&self) -> Result<(), String> {
        if self.stop.load(Ordering::Relaxed) {
            return Err(INTERRUPTED.to_owned());
        }
        Ok(())
    }

    /// One more thing done.
    pub fn step(&self) {
        self.done.fetch_add(1, Ordering::Relaxed);
    }
}

/// What a call stopped by its caller ([`Progress::stop`]) returns.
pub const INTERRUPTED: &str = "interrupted";

/// The diagnostics of the file at `path` as `kibitzer check PATH` finds them: compressed files
/// (`.gz`, `.bz2`, `.zst`, each member of a `.zip`) streamed a chunk at a time, PGC decoded to
/// PGN, anything else read whole and told apart as [`check_named_bytes`] tells it; `lang`
/// overrides the format the name gives. A folder is an error that says how it is walked.
pub fn check_file(path: &Path, lang: Option<Lang>, options: &CheckOptions) -> Result<Vec<Checked>, String> {
    check_file_with(path, lang, options, &Progress::default())
}

/// [`check_file`], counting the chunks of a compressed file in `progress` and stopping between
/// two of them when asked.
pub fn check_file_with(
    path: &Path,
    lang: Option<Lang>,
    options: &CheckOptions,
    progress: &Progress,
) -> Result<Vec<Checked>, String> {
    let name = path.display().to_string();
    if path.is_dir() {
        return Err(format!(
            "{name}: a folder, not a file: `kibitzer.files(folder)` lists the files `kibitzer check` walks in it \
             (`kibitzer.dask.check(folder)` checks them all)"
        ));
    }
    if crate::file_kind::is_pgc(path) {
        crate::file_kind::lang_of(path, lang).ok_or_else(|| unknown_file_type(path))?;
        let (text, diagnostics) = check_pgc_file(path, options)?;
        let index = LineIndex::with_breaks(&text, Lang::Pgn.line_breaks());
        return Ok(place_all(&name, &text, &index, &diagnostics, 0));
    }
    if crate::file_kind::compression_of(path).is_some() {
        let mut found = Vec::new();
        // As on the command line: a zip archive's members go by their own names unless `lang`
        // was given.
        check_compressed_chunks(path, lang, options, &mut |chunk| {
            found.extend(place_all(chunk.name, chunk.text, chunk.index, chunk.diagnostics, chunk.lines_before));
            progress.step();
            progress.go_on()
        })?;
        return Ok(found);
    }
    crate::file_kind::lang_of(path, lang).ok_or_else(|| unknown_file_type(path))?;
    let bytes = crate::inputs::read_file(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    check_named_bytes(Some(&name), &bytes, lang, options, progress)
}

/// The diagnostics of `bytes` named `name`, read as `kibitzer check` reads a file of that name
/// and content: compressed when the name says so (`.gz`, `.bz2`, `.zst`, `.zip`), PGC when it
/// ends in `.pgc`, else text decoded as [`check_bytes`] decodes it. Bytes without a name
/// (`<string>` in the diagnostics) are told by their first bytes instead: the magic numbers of
/// gzip, bzip2, zstd and zip, or PGC's first record in PGN bytes. The format is `lang`, else the
/// name's (inside the compression).
pub fn check_named_bytes(
    name: Option<&str>,
    bytes: &[u8],
    lang: Option<Lang>,
    options: &CheckOptions,
    progress: &Progress,
) -> Result<Vec<Checked>, String> {
    let (name, sniff) = match name {
        Some(name) => (name, false),
        None => ("<string>", true),
    };
    let path = Path::new(name);
    let (compression, pgc) = kind_of(path, bytes, lang, sniff);
    if pgc {
        let plain = match compression {
            Some(c) => crate::compressed::decompress_whole(path, c, std::io::Cursor::new(bytes))?,
            None => bytes.to_vec(),
        };
        let checked = crate::pgc::check(&plain, options);
        let index = LineIndex::with_breaks(&checked.text, Lang::Pgn.line_breaks());
        return Ok(place_all(name, &checked.text, &index, &checked.diagnostics, 0));
    }
    if let Some(compression) = compression {
        let mut found = Vec::new();
        check_compressed_bytes(path, compression, bytes, lang, options, &mut |chunk| {
            found.extend(place_all(chunk.name, chunk.text, chunk.index, chunk.diagnostics, chunk.lines_before));
            progress.step();
            progress.go_on()
        })?;
        return Ok(found);
    }
    // Without a name, only `lang` gives the format.
    let resolved = lang_of(lang.map(Lang::id), (!sniff).then_some(path))?;
    Ok(check_bytes(resolved, bytes, name, options))
}

/// The files `kibitzer check PATHS` checks, with their formats, in its order: files as given,
/// folders walked as it walks them (`.gitignore` and hidden entries left out unless `walk` says
/// otherwise; every extension it reads, compressed and PGC files included), each file once; and
/// the notes the walk has for the user (link loops).
pub fn files(paths: &[PathBuf], lang: Option<Lang>, walk: &WalkOptions) -> Result<Walked, String> {
    let collected = crate::inputs::collect_targets(paths, lang, None, walk)?;
    if !collected.errors.is_empty() {
        return Err(collected.errors.join("\n"));
    }
    let files = collected
        .targets
        .into_iter()
        .filter_map(|t| match t.origin {
            crate::inputs::Origin::File(path) => Some((path, t.lang)),
            crate::inputs::Origin::Stdin(_) => None,
        })
        .collect();
    // The walk's warnings (link loops) are notes; a path that cannot be read was an error above,
    // as `kibitzer.check_file` raises one (the command reports it and checks the rest).
    Ok(Walked { files, notes: collected.warnings })
}

/// What [`files`] found: the files with their formats, and the walk's notes.
#[derive(Debug, Default)]
pub struct Walked {
    pub files: Vec<(PathBuf, Lang)>,
    pub notes: Vec<String>,
}

/// Every diagnostic of `text` placed, in order; `text` starts after `lines_before` lines of its
/// file.
fn place_all(name: &str, text: &str, index: &LineIndex, diagnostics: &[Diagnostic], lines_before: u32) -> Vec<Checked> {
    diagnostics.iter().map(|d| Checked { located: locate(name, text, index, d).shifted(lines_before) }).collect()
}

/// `text` in the standard's export format, as `kibitzer fmt` writes it: units with syntax
/// errors are copied as they are and listed in `skipped`. A binary text is refused, with the
/// message `fmt` gives.
pub fn format_text(lang: Lang, text: &str, name: &str) -> Result<Formatted, String> {
    let source = SourceText { text: text.to_owned(), encoding: Encoding::Utf8, line_ending: LineEnding::detect(text) };
    if let Some(error) = crate::fmt::not_text(name, lang, &source, 0) {
        return Err(error);
    }
    Ok(kibitzer_syntax::format::format(lang, text, &FormatOptions::default()))
}

/// A unit `format_text` left as written, placed: its first line and its first syntax error.
pub fn describe_skipped(text: &str, lang: Lang, formatted: &Formatted) -> Vec<String> {
    let index = LineIndex::with_breaks(text, lang.line_breaks());
    formatted
        .skipped
        .iter()
        .map(|unit| {
            let at = index.line_col(text, unit.range.start(), ColumnUnit::Char);
            let why = unit.diagnostics.first().map_or(String::new(), |d| {
                let placed = locate("", text, &index, d);
                format!(": {}:{}: {}[{}]", placed.line, placed.column, d.code, d.message)
            });
            format!("the unit at line {}{why}", at.line + 1)
        })
        .collect()
}

/// The analysis of every deal of a PBN text, as `kibitzer dd --format json` gives it (without
/// the path).
pub fn double_dummy(text: &str) -> Vec<serde_json::Map<String, serde_json::Value>> {
    crate::dd::json_rows(text)
}

/// [`double_dummy`], or `None` soon after `cancelled` is set (by a caller that saw Ctrl-C);
/// the deals are solved on every core, and those not solved when it is cancelled are dropped.
pub fn double_dummy_unless(
    text: &str,
    cancelled: &std::sync::atomic::AtomicBool,
) -> Option<Vec<serde_json::Map<String, serde_json::Value>>> {
    crate::dd::json_rows_unless(text, cancelled)
}

/// Deals this process has solved with the solver, and read from the persistent cache.
pub fn double_dummy_counts() -> (u64, u64) {
    crate::dd::counts()
}

/// [`double_dummy`] for a caller that wants to know when the text holds no deal: an error when
/// a `Deal` is not a complete deal (naming its board) or there is none, the deals solved counted
/// in `progress` (its `total` the deals found), stopping between two batches when asked.
pub fn double_dummy_of_deals(
    text: &str,
    progress: &Progress,
) -> Result<Vec<serde_json::Map<String, serde_json::Value>>, String> {
    let incomplete = crate::dd::incomplete_deals(text);
    if !incomplete.is_empty() {
        return Err(format!("not a deal: {}", incomplete.join("; ")));
    }
    let total = crate::dd::boards(text).len();
    if total == 0 {
        return Err("no deal to analyse: the text has no PBN game with a `Deal` tag (give the text of a PBN \
                    file, or its path as a pathlib.Path)"
            .to_owned());
    }
    progress.total.store(total as u64, Ordering::Relaxed);
    let rows = crate::dd::json_rows_with(text, &mut |done| {
        progress.done.store(done as u64, Ordering::Relaxed);
        progress.go_on().is_ok()
    });
    progress.go_on()?;
    Ok(rows)
}

/// The bytes of the file at `path`, decompressed when its name says it is compressed (a zip
/// archive holding one file), as `kibitzer dd` reads a file.
pub fn read_whole(path: &Path) -> Result<Vec<u8>, String> {
    crate::compressed::read_whole(path)
}

/// The lines of `text` as the CLI's placing counts them (line breaks of `lang`): what a piece of
/// a file cut without holding it whole adds to the line numbers of the pieces after it.
pub fn line_breaks(lang: Lang, text: &str) -> u32 {
    LineIndex::with_breaks(text, lang.line_breaks()).line_count().saturating_sub(1) as u32
}

/// A piece of a file (its bytes between two proved unit starts) checked alone and placed as in
/// the whole file: decoded in the file's `encoding`, `lines_before` lines into it. Units being
/// independent (PGN games, EPD lines), the pieces' diagnostics are the whole file's but for the
/// checks of its games together (duplicates, spellings of names), which need every piece: the
/// piece's facts for those are given with its diagnostics, for [`check_across_pieces`].
pub fn check_piece(
    lang: Lang,
    bytes: &[u8],
    encoding: Encoding,
    name: &str,
    lines_before: u32,
    options: &CheckOptions,
) -> (Vec<Checked>, DetachedFacts) {
    let text = kibitzer_syntax::text::decode_as(bytes, encoding);
    let options = CheckOptions { encoding: Some(encoding), ..options.clone() };
    let (diagnostics, facts) = kibitzer_syntax::check_alone(lang, &text, &options);
    let index = LineIndex::with_breaks(&text, lang.line_breaks());
    (place_all(name, &text, &index, &diagnostics, lines_before), facts.detach(&text))
}

/// A piece's facts ([`check_piece`]) as bytes to send where the pieces' facts are gathered:
/// JSON, compressed (a few hundred bytes a game become about a hundred).
pub fn facts_to_bytes(facts: &DetachedFacts) -> Result<Vec<u8>, String> {
    let json = serde_json::to_vec(facts).map_err(|e| format!("cannot keep a piece's facts: {e}"))?;
    zstd::bulk::compress(&json, 1).map_err(|e| format!("cannot keep a piece's facts: {e}"))
}

/// The facts [`facts_to_bytes`] gave.
pub fn facts_from_bytes(bytes: &[u8]) -> Result<DetachedFacts, String> {
    let json = zstd::stream::decode_all(bytes).map_err(|e| format!("the facts of a piece are not readable: {e}"))?;
    serde_json::from_slice(&json).map_err(|e| format!("the facts of a piece are not readable: {e}"))
}

/// A diagnostic of the checks of a file's games together, found from its pieces' facts: in
/// piece `piece` (an index into the pieces given), at `range` of that piece's text.
#[derive(Debug, Clone, PartialEq)]
pub struct InPiece {
    pub piece: usize,
    pub range: kibitzer_syntax::TextRange,
    pub diagnostic: Diagnostic,
}

/// The checks of a file's games together from the facts of all its pieces ([`check_piece`]),
/// the pieces in file order from its start: what `kibitzer check` finds of the whole file and
/// [`check_piece`] leaves out, each in the piece it is in ([`place_in_piece`] places it there).
pub fn check_across_pieces(lang: Lang, facts: Vec<DetachedFacts>, options: &CheckOptions) -> Vec<InPiece> {
    let mut ends = Vec::with_capacity(facts.len());
    let mut end = kibitzer_syntax::TextSize::from(0);
    for f in &facts {
        end += f.text_len();
        ends.push(end);
    }
    kibitzer_syntax::check_across_detached(lang, facts, options)
        .into_iter()
        .map(|diagnostic| {
            let piece = ends.partition_point(|end| *end <= diagnostic.range.start()).min(ends.len() - 1);
            let start = if piece == 0 { 0.into() } else { ends[piece - 1] };
            InPiece { piece, range: diagnostic.range - start, diagnostic }
        })
        .collect()
}

/// Where `ranges` (start and end offsets) of a piece's text ([`check_piece`]'s arguments) are
/// in the file: 1-based line, column, end line and end column, as [`check_piece`] places its
/// diagnostics. A range that is not one of the text is an error.
pub fn place_in_piece(
    lang: Lang,
    bytes: &[u8],
    encoding: Encoding,
    lines_before: u32,
    ranges: &[(u32, u32)],
) -> Result<Vec<[u32; 4]>, String> {
    let text = kibitzer_syntax::text::decode_as(bytes, encoding);
    let index = LineIndex::with_breaks(&text, lang.line_breaks());
    ranges
        .iter()
        .map(|&(start, end)| {
            let inside = |at: u32| text.is_char_boundary(at as usize);
            if start > end || !inside(start) || !inside(end) {
                return Err(format!("{start}..{end} is not a range of the piece's text ({} bytes)", text.len()));
            }
            let range = kibitzer_syntax::TextRange::new(start.into(), end.into());
            let [line, column, end_line, end_column] = place(&text, &index, range);
            Ok([line + lines_before, column, end_line + lines_before, end_column])
        })
        .collect()
}

/// The 1-based line on which each unit of `text` (a PGN or PBN game, an EPD or PBI line)
/// starts: what tells a diagnostic's game from its line.
pub fn unit_lines(lang: Lang, text: &str) -> Vec<u32> {
    let index = LineIndex::with_breaks(text, lang.line_breaks());
    kibitzer_syntax::units(lang, text)
        .into_iter()
        .map(|unit| index.line_col(text, unit.start(), ColumnUnit::Char).line + 1)
        .collect()
}

/// Whether a file can be checked in pieces cut at proved unit starts ([`check_piece`]): a plain
/// (not compressed, not PGC) file of a format whose units are independent (PGN, EPD).
pub fn can_cut(path: &Path, lang: Lang) -> bool {
    lang.has_independent_units() && crate::file_kind::compression_of(path).is_none() && !crate::file_kind::is_pgc(path)
}

/// What [`for_each_text_chunk`] hands over: a stream's name (`archive.zip/member.pgn` for a
/// member), its format, a chunk of whole units decoded, and the lines of the stream before it.
pub struct TextChunk<'a> {
    pub name: &'a str,
    pub lang: Lang,
    pub text: &'a str,
    pub lines_before: u32,
}

/// The decompressed text of the compressed file `path` (each member of a zip archive), a chunk
/// of whole units of about `size` bytes at a time, as `kibitzer check` reads it
/// ([`crate::compressed::Chunks`]): memory holds a chunk, never the file. A unit over the size
/// limit of a game is left out (the check reports it). `each` may stop the reading with an error.
pub fn for_each_text_chunk(
    path: &Path,
    size: usize,
    each: &mut dyn FnMut(TextChunk<'_>) -> Result<(), String>,
) -> Result<(), String> {
    crate::compressed::for_each_member(path, None, Default::default(), &mut |member| chunks_of(member, size, each))
}

/// The chunks of one decompressed stream, handed to `each`.
fn chunks_of(
    member: crate::compressed::Member<'_>,
    size: usize,
    each: &mut dyn FnMut(TextChunk<'_>) -> Result<(), String>,
) -> Result<(), String> {
    use crate::compressed::{Chunks, Piece};
    let mut chunks = Chunks::with_size(member.reader, member.lang, size);
    while let Some(piece) = chunks.next_chunk().map_err(|e| format!("{}: {e}", member.name))? {
        if let Piece::Text(chunk) = piece {
            let text = TextChunk {
                name: &member.name,
                lang: member.lang,
                text: &chunk.source.text,
                lines_before: chunk.lines_before,
            };
            each(text)?;
        }
    }
    Ok(())
}

/// The games of a PGN text ([`kibitzer_syntax::pgn::read::read_games`]), their lines counted
/// from `lines_before` lines into its file.
pub fn games_of_text(text: &str, lines_before: u32) -> Vec<GameRecord> {
    let mut games = kibitzer_syntax::pgn::read::read_games(text);
    for game in &mut games {
        game.line += lines_before;
    }
    games
}

/// The games of the PGN file `name`, or of `bytes` (named `name`, or without a name told by
/// their first bytes), read as [`check_named_bytes`] reads them: compressed files a chunk at a
/// time, PGC decoded to PGN. `progress` counts the chunks (a file not compressed is one).
pub fn read_games(name: Option<&Path>, bytes: Option<&[u8]>, progress: &Progress) -> Result<Vec<GameRecord>, String> {
    let sniff = name.is_none();
    let name = name.unwrap_or(Path::new("<bytes>"));
    let text = match whole_text_or_chunks(name, bytes, Lang::Pgn, sniff)? {
        Whole::Text(text) => text,
        Whole::Compressed(compression) => {
            let mut games = Vec::new();
            let mut take = |chunk: TextChunk<'_>| {
                if chunk.lang != Lang::Pgn {
                    return Err(format!("{}: not PGN ({} text)", chunk.name, chunk.lang.id()));
                }
                games.extend(games_of_text(chunk.text, chunk.lines_before));
                progress.step();
                progress.go_on()
            };
            match bytes {
                None => for_each_text_chunk(name, crate::compressed::chunk_size(), &mut take)?,
                Some(bytes) => chunks_of_bytes(name, compression, bytes, &mut take)?,
            }
            return Ok(games);
        }
    };
    progress.step();
    Ok(games_of_text(&text, 0))
}

/// The deals of a PBN or LIN file, or of bytes named `name` (when `bytes` is given; compressed
/// or not), or of `text` in the format `lang`: each game with its deal, auction and play
/// ([`kibitzer_syntax::pbn::read::read_deals`]); a LIN text is read through its PBN
/// (`kibitzer convert --to pbn`), each board on the line it starts on.
pub fn read_deals(lang: Lang, text: &str) -> Result<Vec<DealRecord>, String> {
    match lang {
        Lang::Pbn => Ok(kibitzer_syntax::pbn::read::read_deals(text)),
        Lang::Lin => {
            let mut deals = kibitzer_syntax::pbn::read::read_deals(&kibitzer_syntax::lin::to_pbn(text));
            let index = LineIndex::with_breaks(text, Lang::Lin.line_breaks());
            let starts = kibitzer_syntax::lin::units(text);
            if starts.len() == deals.len() {
                for (deal, start) in deals.iter_mut().zip(starts) {
                    deal.line = index.line_col(text, start.start(), ColumnUnit::Char).line + 1;
                }
            }
            Ok(deals)
        }
        other => Err(format!("deals are read from PBN and LIN, not {}", other.id())),
    }
}

/// The deals of the file `name` or of `bytes` (named `name`, or told by their first bytes, PBN
/// unless `lang` says LIN), decompressed whole when compressed (PBN's
/// games inherit from the games before them, so the text is read in one piece, up to the
/// limit of [`crate::compressed::MAX_WHOLE_BYTES`]); `lang` overrides the name's format.
pub fn read_deals_of(name: Option<&Path>, bytes: Option<&[u8]>, lang: Option<Lang>) -> Result<Vec<DealRecord>, String> {
    let sniff = name.is_none();
    let lang = match (lang, name) {
        (Some(lang), _) => lang,
        (None, Some(name)) => lang_of(None, Some(name))?,
        (None, None) => Lang::Pbn,
    };
    let name = name.unwrap_or(Path::new("<bytes>"));
    let text = match whole_text_or_chunks(name, bytes, lang, sniff)? {
        Whole::Text(text) => text,
        Whole::Compressed(compression) => {
            let plain = match bytes {
                None => crate::compressed::read_whole(name)?,
                Some(bytes) => crate::compressed::decompress_whole(name, compression, std::io::Cursor::new(bytes))?,
            };
            decode(&plain).text
        }
    };
    read_deals(lang, &text)
}

/// A file's (or named bytes') content as reading it for its games or deals takes it.
enum Whole {
    /// The text: a plain file decoded, or PGC decoded to PGN.
    Text(String),
    /// Compressed: to be read a chunk at a time (or whole).
    Compressed(crate::file_kind::Compression),
}

/// What `bytes` named `path` hold: their compression, and whether they are PGC; by the name
/// (as `kibitzer check` tells a file), or with `sniff` (bytes without a name) by the first bytes.
fn kind_of(
    path: &Path,
    bytes: &[u8],
    lang: Option<Lang>,
    sniff: bool,
) -> (Option<crate::file_kind::Compression>, bool) {
    use crate::file_kind::{compression_in, compression_of, is_pgc, looks_like_pgc};
    if !sniff {
        return (compression_of(path), is_pgc(path));
    }
    let compression = compression_in(bytes);
    let pgc = compression.is_none() && looks_like_pgc(bytes) && lang.is_none_or(|l| l == Lang::Pgn);
    (compression, pgc)
}

/// `name`'s content, or `bytes` (named by `name` unless `sniff`: then told by their first
/// bytes, [`kind_of`]), as reading it for its games or deals takes it.
fn whole_text_or_chunks(name: &Path, bytes: Option<&[u8]>, lang: Lang, sniff: bool) -> Result<Whole, String> {
    use crate::file_kind::{compression_of, is_pgc};
    let shown = name.display();
    if bytes.is_none() && name.is_dir() {
        return Err(format!("{shown}: a folder, not a file: `kibitzer.files(folder)` lists the files in it"));
    }
    let owned;
    let bytes = match bytes {
        Some(bytes) => Some(bytes),
        None if compression_of(name).is_some() && !is_pgc(name) => None,
        None => {
            owned = crate::inputs::read_file(name).map_err(|e| format!("{shown}: cannot read: {e}"))?;
            Some(owned.as_slice())
        }
    };
    let Some(bytes) = bytes else {
        return Ok(Whole::Compressed(compression_of(name).expect("compressed by its name")));
    };
    let (compression, pgc) = kind_of(name, bytes, Some(lang), sniff);
    if pgc {
        let plain = match compression {
            Some(c) => crate::compressed::decompress_whole(name, c, std::io::Cursor::new(bytes))?,
            None => bytes.to_vec(),
        };
        let (text, error) = crate::pgc::pgc_to_pgn(&plain);
        return match error {
            Some(error) if text.trim().is_empty() => Err(format!("{shown}: {error}")),
            _ => Ok(Whole::Text(text)),
        };
    }
    match compression {
        Some(c) => Ok(Whole::Compressed(c)),
        None => Ok(Whole::Text(decode(bytes).text)),
    }
}

/// [`for_each_text_chunk`] of compressed bytes in memory.
fn chunks_of_bytes(
    name: &Path,
    compression: crate::file_kind::Compression,
    bytes: &[u8],
    each: &mut dyn FnMut(TextChunk<'_>) -> Result<(), String>,
) -> Result<(), String> {
    let source = std::io::Cursor::new(bytes);
    crate::compressed::for_each_member_of(name, compression, source, Some(Lang::Pgn), &mut |member| {
        chunks_of(member, crate::compressed::chunk_size(), each)
    })
}
