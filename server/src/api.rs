//! The library face of kibitzer for programs that embed it (the Python extension in `python/`):
//! a text or a file checked exactly as `kibitzer check` checks it, each diagnostic placed as its
//! JSON output places it ([`crate::report::locate`]: 1-based lines and columns in characters),
//! with the fix's edits placed the same way (its `fix`); formatting as `kibitzer fmt` formats; the settings
//! of `kibitzer.toml`. No I/O here that the subcommands do not do, and nothing printed.

use crate::check::{check_and_index, check_compressed_chunks, check_pgc_file};
use crate::report::{locate, place};
pub use crate::report::{Located, LocatedEdit, LocatedFix, LocatedRelated};
use kibitzer_syntax::format::{FormatOptions, Formatted};
use kibitzer_syntax::rules::parse_config;
use kibitzer_syntax::text::{decode, ColumnUnit, Encoding, LineEnding, LineIndex, SourceText};
use kibitzer_syntax::{CheckOptions, DetachedFacts, Diagnostic, Lang, Mode};
use std::path::Path;

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

/// The diagnostics of the file at `path` as `kibitzer check PATH` finds them: compressed files
/// (`.gz`, `.bz2`, `.zst`, each member of a `.zip`) streamed a chunk at a time, PGC decoded to
/// PGN, anything else read whole; `lang` overrides the format the name gives.
pub fn check_file(path: &Path, lang: Option<Lang>, options: &CheckOptions) -> Result<Vec<Checked>, String> {
    let name = path.display().to_string();
    let resolved = crate::file_kind::lang_of(path, lang).ok_or_else(|| unknown_file_type(path))?;
    if crate::file_kind::is_pgc(path) {
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
            Ok(())
        })?;
        return Ok(found);
    }
    let bytes = std::fs::read(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    Ok(check_bytes(resolved, &bytes, &name, options))
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
