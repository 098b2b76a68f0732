//! Printing diagnostics for people (rustc/ruff style), for programs (JSON) and for GitHub
//! Actions (workflow annotations).

use kibitzer_syntax::diagnostic::Applicability;
use kibitzer_syntax::text::{ColumnUnit, LineIndex, TextRange};
use kibitzer_syntax::{Diagnostic, Severity};
use serde::Serialize;
use smallvec::SmallVec;
use std::collections::HashMap;
use std::io::Write;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// `path:line:col: severity[code]: message` and the line with a caret.
    Text,
    /// One JSON array of {path, line, column, end_line, end_column, severity, code, message},
    /// `related` [{line, column, end_line, end_column, message}] when the diagnostic has any, and
    /// `fix`: {applicability, message, edits [{line, column, end_line, end_column, content}]} or
    /// null.
    Json,
    /// GitHub Actions workflow commands (`::error file=…::message`).
    Github,
    /// One SARIF 2.1.0 log (GitHub code scanning and other CI dashboards).
    Sarif,
    /// One JSON object a line, with the keys of `json`, written as each file is checked.
    JsonLines,
}

/// A diagnostic placed in its file: 1-based lines and columns in characters.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Located {
    pub path: String,
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
    pub severity: Severity,
    pub code: &'static str,
    pub message: String,
    /// Other places the diagnostic points at (the other source of a disagreeing fact): an
    /// optional ninth key, left out when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub related: Vec<LocatedRelated>,
    /// The diagnostic's fix, `null` when it has none (as ruff's JSON): the last key, so that
    /// the keys before it are written as they were before fixes were.
    pub fix: Option<LocatedFix>,
}

/// A related place of a diagnostic, in the same file unless `path` names another one (the
/// checks across files, `check --across-files`).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct LocatedRelated {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
    pub message: String,
}

/// A diagnostic's fix placed in its file, as ruff's JSON writes one: whether `check --fix`
/// applies it (`safe`) or it is only offered (`unsafe`), what it does, and its edits.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct LocatedFix {
    pub applicability: Applicability,
    /// What the fix does, as an editor shows it: "Replace `0-0` with `O-O`".
    pub message: String,
    pub edits: Vec<LocatedEdit>,
}

/// One edit of a fix: the text from (line, column) up to (end_line, end_column), placed as the
/// diagnostic is (an insertion has its end at its start), becomes `content`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct LocatedEdit {
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
    pub content: String,
}

impl Located {
    /// The same place in a file whose text starts `lines` lines further down (a chunk of a
    /// compressed stream): every line, related places' and the fix's edits' too, moved by
    /// `lines`.
    pub fn shifted(mut self, lines: u32) -> Located {
        self.line += lines;
        self.end_line += lines;
        for r in &mut self.related {
            r.line += lines;
            r.end_line += lines;
        }
        for e in self.fix.iter_mut().flat_map(|f| &mut f.edits) {
            e.line += lines;
            e.end_line += lines;
        }
        self
    }
}

/// The related places of diagnostics that are in other files than their diagnostic's
/// ([`kibitzer_syntax::diagnostic::Related::file`]): each file's name and the places asked for,
/// found by `check --across-files` from those files' texts.
#[derive(Debug, Default)]
pub struct Elsewhere {
    /// By the index the related places give.
    pub names: Vec<String>,
    pub places: HashMap<(usize, TextRange), [u32; 4]>,
}

impl Elsewhere {
    /// The file and place of a related place in file `file`.
    fn place(&self, file: usize, range: TextRange) -> Option<(&str, [u32; 4])> {
        Some((self.names.get(file)?, *self.places.get(&(file, range))?))
    }
}

pub fn locate(path: &str, text: &str, index: &LineIndex, d: &Diagnostic) -> Located {
    locate_across(path, text, index, d, &Elsewhere::default())
}

/// [`locate`], with the related places in other files found in `elsewhere`.
pub fn locate_across(path: &str, text: &str, index: &LineIndex, d: &Diagnostic, elsewhere: &Elsewhere) -> Located {
    let [line, column, end_line, end_column] = place(text, index, d.range);
    Located {
        path: path.to_owned(),
        line,
        column,
        end_line,
        end_column,
        severity: d.severity,
        code: d.code,
        message: d.message.clone(),
        related: d
            .related
            .iter()
            .map(|r| {
                let (path, [line, column, end_line, end_column]) =
                    match r.file.and_then(|f| elsewhere.place(f, r.range)) {
                        Some((path, place)) => (Some(path.to_owned()), place),
                        None => (None, place(text, index, r.range)),
                    };
                LocatedRelated { path, line, column, end_line, end_column, message: r.message.clone() }
            })
            .collect(),
        fix: d.fix.as_ref().map(|fix| LocatedFix {
            applicability: fix.applicability,
            message: fix.title.clone(),
            edits: fix
                .edits
                .iter()
                .map(|e| {
                    let [line, column, end_line, end_column] = place(text, index, e.range);
                    LocatedEdit { line, column, end_line, end_column, content: e.replacement.clone() }
                })
                .collect(),
        }),
    }
}

/// Where `range` is in `text`: 1-based line, column, end line and end column, columns in
/// characters.
pub fn place(text: &str, index: &LineIndex, range: TextRange) -> [u32; 4] {
    let start = index.line_col(text, range.start(), ColumnUnit::Char);
    let end = index.line_col(text, range.end(), ColumnUnit::Char);
    [start.line + 1, start.col + 1, end.line + 1, end.col + 1]
}

/// The array `check --format json` prints, as `serde_json::to_writer_pretty` writes a list of
/// [`Located`], byte for byte, built object by object straight from the diagnostics: a large
/// file's diagnostics (175,050 for ten copies of a PBN database whose every board breaks a rule)
/// are placed and written on every core, with no [`Located`] allocated for each (that took the
/// serial writer after the checks from 0.08 to 0.05 s of a 0.30 s command). They are written
/// out a round at a time into buffers kept from round to round, not held whole until the end:
/// the whole array of that file is 87 MB, every page of it faulted in fresh (writing it in
/// rounds took the command from 61,399 to 40,189 page faults and 0.26 to 0.24 s).
#[derive(Default)]
pub struct JsonArray {
    /// Whether an object was written: the next one follows a `,`, the first one the `[`.
    started: bool,
    /// The buffers the cores write a round's objects into, each object after a `,`.
    buffers: Vec<Vec<u8>>,
}

impl JsonArray {
    /// Writes to `out` the objects of `diagnostics` of the file `path`, whose text `text` starts
    /// after `lines_before` lines (a chunk of a compressed stream; 0 for a whole file); related
    /// places in other files (`check --across-files`) are found in `elsewhere`.
    #[allow(clippy::too_many_arguments)]
    pub fn push_diagnostics(
        &mut self,
        out: &mut impl Write,
        path: &str,
        text: &str,
        index: &LineIndex,
        diagnostics: &[Diagnostic],
        lines_before: u32,
        elsewhere: &Elsewhere,
    ) -> std::io::Result<()> {
        /// Below this many diagnostics, threads cost more than they save.
        const PARALLEL_FROM: usize = 4096;
        /// The objects a core writes in a round: about 1 MB.
        const ROUND: usize = 2048;
        let path = json_string(path);
        let render = |out: &mut Vec<u8>, diagnostics: &[Diagnostic]| {
            // Diagnostics come in text order: each is placed from the line of the one before.
            let mut line = 0;
            for d in diagnostics {
                let mut place = |range: TextRange| {
                    let start = index.line_col_from(text, range.start(), ColumnUnit::Char, &mut line);
                    let end = index.line_col_from(text, range.end(), ColumnUnit::Char, &mut line);
                    [start.line + 1 + lines_before, start.col + 1, end.line + 1 + lines_before, end.col + 1]
                };
                let main = place(d.range);
                // Placed here, in text order with the diagnostic (a related place or an edit is
                // placed from the line of the place before), and held on the stack: lists on the
                // heap were an allocation for the related places of each diagnostic that has
                // any and one for the edits of each fix.
                let related: SmallVec<[_; 4]> = d
                    .related
                    .iter()
                    .map(|r| match r.file.and_then(|f| elsewhere.place(f, r.range)) {
                        Some((path, place)) => (place, r.message.as_str(), Some(path)),
                        None => (place(r.range), r.message.as_str(), None),
                    })
                    .collect();
                let fix = d.fix.as_ref().map(|fix| {
                    let edits: SmallVec<[_; 4]> =
                        fix.edits.iter().map(|e| (place(e.range), e.replacement.as_str())).collect();
                    (fix, edits)
                });
                let fix = fix.as_ref().map(|(fix, edits)| (fix.applicability, fix.title.as_str(), edits.as_slice()));
                push_object(out, &path, main, d.severity, d.code, &d.message, related.into_iter(), fix);
            }
        };
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let cores = if diagnostics.len() < PARALLEL_FROM { 1 } else { threads };
        if self.buffers.len() < cores {
            self.buffers.resize_with(cores, Vec::new);
        }
        for round in diagnostics.chunks(ROUND * cores) {
            let buffers = &mut self.buffers[..cores];
            buffers.iter_mut().for_each(Vec::clear);
            let (first, others) = buffers.split_first_mut().expect("one buffer a core");
            let mut chunks = round.chunks(round.len().div_ceil(cores));
            let mine = chunks.next().unwrap_or_default();
            std::thread::scope(|scope| {
                // The other cores' chunks on threads, the first on this one.
                let workers: Vec<_> = chunks
                    .zip(others.iter_mut())
                    .map(|(chunk, buffer)| scope.spawn(move || render(buffer, chunk)))
                    .collect();
                render(first, mine);
                for w in workers {
                    w.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
                }
            });
            for buffer in &self.buffers[..cores] {
                if buffer.is_empty() {
                    continue;
                }
                if self.started {
                    out.write_all(buffer)?;
                } else {
                    // The first object's `,` is left out.
                    self.started = true;
                    out.write_all(b"[")?;
                    out.write_all(&buffer[1..])?;
                }
            }
        }
        Ok(())
    }

    /// Ends the array (an empty one when no object was written).
    pub fn finish(&self, out: &mut impl Write) -> std::io::Result<()> {
        out.write_all(if self.started { b"\n]" } else { b"[]" })
    }
}

/// A fix as [`push_object`] writes it: its applicability, its message, and each edit's place
/// and content.
type FixParts<'f> = (Applicability, &'f str, &'f [([u32; 4], &'f str)]);

/// One object of a [`JsonArray`] after a `,`: `path` already a JSON string, `place` its line,
/// column, end line and end column, `related` each related place and its message, `fix` the
/// fix or none.
#[allow(clippy::too_many_arguments)]
fn push_object<'m>(
    buffer: &mut Vec<u8>,
    path: &[u8],
    place: [u32; 4],
    severity: Severity,
    code: &str,
    message: &str,
    related: impl ExactSizeIterator<Item = ([u32; 4], &'m str, Option<&'m str>)>,
    fix: Option<FixParts<'_>>,
) {
    buffer.extend_from_slice(b",\n  {\n    \"path\": ");
    buffer.extend_from_slice(path);
    push_place(buffer, &DIAGNOSTIC_PLACE, place);
    buffer.extend_from_slice(b",\n    \"severity\": \"");
    buffer.extend_from_slice(severity.as_str().as_bytes());
    buffer.extend_from_slice(b"\",\n    \"code\": ");
    push_json_string(buffer, code);
    buffer.extend_from_slice(b",\n    \"message\": ");
    push_json_string(buffer, message);
    if related.len() > 0 {
        buffer.extend_from_slice(b",\n    \"related\": [");
        for (j, (place, message, path)) in related.enumerate() {
            buffer.extend_from_slice(if j == 0 { b"\n      {" } else { b",\n      {" });
            if let Some(path) = path {
                buffer.extend_from_slice(b"\n        \"path\": ");
                push_json_string(buffer, path);
                buffer.push(b',');
            }
            push_place(buffer, &RELATED_PLACE, place);
            buffer.extend_from_slice(b",\n        \"message\": ");
            push_json_string(buffer, message);
            buffer.extend_from_slice(b"\n      }");
        }
        buffer.extend_from_slice(b"\n    ]");
    }
    match fix {
        None => buffer.extend_from_slice(b",\n    \"fix\": null"),
        Some((applicability, message, edits)) => {
            buffer.extend_from_slice(b",\n    \"fix\": {\n      \"applicability\": \"");
            buffer.extend_from_slice(applicability.as_str().as_bytes());
            buffer.extend_from_slice(b"\",\n      \"message\": ");
            push_json_string(buffer, message);
            buffer.extend_from_slice(b",\n      \"edits\": [");
            for (j, (place, content)) in edits.iter().enumerate() {
                buffer.extend_from_slice(if j == 0 { b"\n        {" } else { b",\n        {" });
                push_place(buffer, &EDIT_PLACE, *place);
                buffer.extend_from_slice(b",\n          \"content\": ");
                push_json_string(buffer, content);
                buffer.extend_from_slice(b"\n        }");
            }
            buffer.extend_from_slice(if edits.is_empty() { b"]" } else { b"\n      ]" });
            buffer.extend_from_slice(b"\n    }");
        }
    }
    buffer.extend_from_slice(b"\n  }");
}

/// `s` as a JSON string ([`push_json_string`]).
fn json_string(s: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() + 2);
    push_json_string(&mut out, s);
    out
}

/// The keys `line`, `column`, `end_line` and `end_column` of a place, each with the `,`, line
/// end and indent before it, as the objects with a place write them: a diagnostic (after its
/// path), a related place and an edit (the first key of each of those two objects has no
/// `,`). A key is one copy: put together from its pieces (a comma, a line end, the indent, the
/// quotes), a place cost 650 instructions, 6 % of `kibitzer check --format json` on a PBN file
/// with 17,505 diagnostics.
type PlaceKeys = [&'static [u8]; 4];
const DIAGNOSTIC_PLACE: PlaceKeys =
    [b",\n    \"line\": ", b",\n    \"column\": ", b",\n    \"end_line\": ", b",\n    \"end_column\": "];
const RELATED_PLACE: PlaceKeys =
    [b"\n        \"line\": ", b",\n        \"column\": ", b",\n        \"end_line\": ", b",\n        \"end_column\": "];
const EDIT_PLACE: PlaceKeys = [
    b"\n          \"line\": ",
    b",\n          \"column\": ",
    b",\n          \"end_line\": ",
    b",\n          \"end_column\": ",
];

/// The four keys of a place (one of the tables above) with their values. Always inlined: its
/// keys are then constants, copied without a call.
#[inline(always)]
fn push_place(out: &mut Vec<u8>, keys: &PlaceKeys, values: [u32; 4]) {
    for (key, value) in keys.iter().zip(values) {
        out.extend_from_slice(key);
        out.extend_from_slice(kibitzer_syntax::text::decimal_digits(value, &mut [0; 10]));
    }
}

/// `s` as a JSON string the way serde_json writes it: `"` and `\\` escaped, control characters
/// as `\b \t \n \f \r` or `\u00xx`, everything else (non-ASCII included) as it is. The runs
/// between bytes to escape are found with a table and copied whole: a report of ten thousand
/// diagnostics is megabytes of messages, nearly all of them plain.
fn push_json_string(out: &mut Vec<u8>, s: &str) {
    out.reserve(s.len() + 2);
    out.push(b'"');
    let bytes = s.as_bytes();
    let mut plain = 0;
    while let Some(run) = first_escaped(&bytes[plain..]) {
        let i = plain + run;
        out.extend_from_slice(&bytes[plain..i]);
        let b = bytes[i];
        let escaped: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            0x08 => b"\\b",
            b'\t' => b"\\t",
            b'\n' => b"\\n",
            0x0C => b"\\f",
            b'\r' => b"\\r",
            _ => b"\\u00",
        };
        out.extend_from_slice(escaped);
        if escaped.len() == 4 {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.extend_from_slice(&[HEX[usize::from(b >> 4)], HEX[usize::from(b & 0xF)]]);
        }
        plain = i + 1;
    }
    out.extend_from_slice(&bytes[plain..]);
    out.push(b'"');
}

/// Where the first byte of `bytes` that JSON escapes is. Eight bytes are tested at a time for
/// one below 0x20, a `"` or a `\\` (the tests of a zero byte, exact for whether there is one):
/// a message is scanned to its end, and a byte at a time that was 8.4 M instructions for the
/// 62,515 strings of a report of 17,505 diagnostics. The word that holds one is read again a
/// byte at a time, to say which.
fn first_escaped(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    let below = |word: u64, n: u8| word.wrapping_sub(ONES * u64::from(n)) & !word & HIGHS;
    let mut at = 0;
    while let Some(chunk) = bytes.get(at..at + 8) {
        let word = u64::from_ne_bytes(chunk.try_into().expect("eight bytes"));
        let escaped =
            below(word, 0x20) | below(word ^ (ONES * u64::from(b'"')), 1) | below(word ^ (ONES * u64::from(b'\\')), 1);
        if escaped != 0 {
            break;
        }
        at += 8;
    }
    bytes[at..].iter().position(|&b| JSON_ESCAPED[usize::from(b)]).map(|i| at + i)
}

/// The bytes [`push_json_string`] escapes: `"`, `\\` and the control characters.
static JSON_ESCAPED: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        table[c] = c < 0x20 || c == b'"' as usize || c == b'\\' as usize;
        c += 1;
    }
    table
};

/// Writes one diagnostic in text form: the header line and, for people, the source line with a
/// caret under the range (clipped to the first line of the range). For a chunk of a stream,
/// `loc` is in the stream's lines, `text` and `index` are the chunk's, which starts after
/// `lines_before` lines of the stream (0 for a whole file).
pub fn write_text_shifted(
    out: &mut impl Write,
    text: &str,
    index: &LineIndex,
    d: &Diagnostic,
    loc: &Located,
    lines_before: u32,
) -> std::io::Result<()> {
    // What a file holds (its name, a value a message names, its lines) is shown, never obeyed:
    // a control character written raw would drive the terminal.
    writeln!(
        out,
        "{}:{}:{}: {}[{}]: {}",
        crate::terminal::name(&loc.path),
        loc.line,
        loc.column,
        loc.severity.as_str(),
        loc.code,
        crate::terminal::text(&loc.message)
    )?;
    // The "line" of a binary file is noise.
    if kibitzer_syntax::binary::is_not_text_code(d.code) {
        return Ok(());
    }
    let Some(range) = index.line_range(loc.line - 1 - lines_before) else { return Ok(()) };
    let line = text[range].trim_end_matches(['\n', '\r', '\u{85}', '\u{2028}']);
    // A line that is too long to show usefully, or binary noise, is not echoed. Its characters
    // are counted up to the 301st only: a line of 50,000 unclosed `[`, each a diagnostic, was
    // counted whole 50,000 times.
    if line.chars().nth(300).is_some() {
        return Ok(());
    }
    let start = usize::from(d.range.start() - range.start()).min(line.len());
    let end = usize::from(
        d.range.end().min(range.start() + kibitzer_syntax::TextSize::from(line.len() as u32)) - range.start(),
    )
    .max(start);
    // A control character becomes a space: the caret stays under its column.
    let shown: String =
        line.chars().map(|c| if crate::terminal::is_hidden(c) && c != '\t' { ' ' } else { c }).collect();
    // Keep tabs under tabs so the caret lines up whatever the terminal's tab width.
    let pad: String = line[..floor_boundary(line, start)].chars().map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
    let width = line[floor_boundary(line, start)..floor_boundary(line, end)].chars().count().max(1);
    let gutter = loc.line.to_string().len();
    writeln!(out, "{:gutter$} |", "")?;
    writeln!(out, "{} | {}", loc.line, shown)?;
    writeln!(out, "{:gutter$} | {}{}", "", pad, "^".repeat(width))?;
    Ok(())
}

fn floor_boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A GitHub Actions annotation (`notice` for information and hints).
pub fn write_github(out: &mut impl Write, loc: &Located) -> std::io::Result<()> {
    let level = match loc.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Information | Severity::Hint => "notice",
    };
    writeln!(
        out,
        "::{level} file={},line={},col={},endLine={},endColumn={},title={}::{}",
        escape_property(&loc.path),
        loc.line,
        loc.column,
        loc.end_line,
        loc.end_column,
        escape_property(loc.code),
        escape_data(&loc.message)
    )
}

fn escape_data(s: &str) -> String {
    s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placed(e: &LocatedEdit) -> [u32; 4] {
        [e.line, e.column, e.end_line, e.end_column]
    }

    /// `located` written by [`JsonArray`], for comparing with `serde_json::to_writer_pretty`.
    fn write_json_pretty(out: &mut impl Write, located: &[Located]) -> std::io::Result<()> {
        let mut objects = Vec::new();
        for loc in located {
            let related = loc
                .related
                .iter()
                .map(|r| ([r.line, r.column, r.end_line, r.end_column], r.message.as_str(), r.path.as_deref()));
            let place = [loc.line, loc.column, loc.end_line, loc.end_column];
            let edits: Vec<_> =
                loc.fix.iter().flat_map(|f| &f.edits).map(|e| (placed(e), e.content.as_str())).collect();
            let fix = loc.fix.as_ref().map(|f| (f.applicability, f.message.as_str(), edits.as_slice()));
            push_object(
                &mut objects,
                &json_string(&loc.path),
                place,
                loc.severity,
                loc.code,
                &loc.message,
                related,
                fix,
            );
        }
        match objects.split_first() {
            // The first object's `,` is left out, as `JsonArray` writes it.
            Some((_, rest)) => [&b"["[..], rest, b"\n]"].iter().try_for_each(|part| out.write_all(part)),
            None => out.write_all(b"[]"),
        }
    }

    #[test]
    fn diagnostics_written_on_every_core_are_those_placed_one_by_one() {
        // More than the parallel threshold, over many lines with multi-byte characters, with
        // related places on some and fixes on some, after a few lines of an earlier chunk.
        let text: String = (0..6000).map(|i| format!("[Event \"\u{e9}{i}\"]\n")).collect();
        let index = LineIndex::new(&text);
        let diagnostics: Vec<Diagnostic> = (0..6000u32)
            .map(|i| {
                let start = text.match_indices('[').nth(i as usize).unwrap().0 as u32;
                let d = Diagnostic::new(&R, TextRange::new((start + 8).into(), (start + 11).into()), format!("m{i}\t"));
                let d = if i % 3 == 0 {
                    d.with_related(TextRange::new(start.into(), (start + 1).into()), "there")
                } else {
                    d
                };
                // Fixes on some, with edits on later lines and an insertion.
                match i % 4 {
                    0 => d.with_replacement(
                        "fix \"it\"",
                        TextRange::new((start + 8).into(), (start + 9).into()),
                        "\u{e9}",
                    ),
                    1 => d.with_fix(
                        "two",
                        vec![
                            TextEdit::insert((start + 1).into(), "x\n"),
                            TextEdit::replace(TextRange::new((start + 8).into(), (start + 12).into()), ""),
                        ],
                        Applicability::Unsafe,
                    ),
                    _ => d,
                }
            })
            .collect();
        let lines_before = 7;
        let located: Vec<Located> =
            diagnostics.iter().map(|d| locate("dir/x.pbn", &text, &index, d).shifted(lines_before)).collect();
        let mut array = JsonArray::default();
        let mut ours = Vec::new();
        let elsewhere = Elsewhere::default();
        array
            .push_diagnostics(&mut ours, "dir/x.pbn", &text, &index, &diagnostics[..10], lines_before, &elsewhere)
            .unwrap();
        array
            .push_diagnostics(&mut ours, "dir/x.pbn", &text, &index, &diagnostics[10..], lines_before, &elsewhere)
            .unwrap();
        array.finish(&mut ours).unwrap();
        assert_eq!(
            String::from_utf8(ours).unwrap(),
            String::from_utf8(serde_json::to_vec_pretty(&located).unwrap()).unwrap()
        );
    }

    use kibitzer_syntax::diagnostic::{Rule, RuleScope, TextEdit};
    use kibitzer_syntax::TextRange;

    const R: Rule = Rule {
        code: "PGN999",
        name: "test",
        severity: Severity::Error,
        scope: RuleScope::Import,
        section: "-",
        summary: "-",
        explanation: "-",
        bad: "",
        good: "",
    };

    #[test]
    fn text_output_puts_the_caret_under_the_range_in_characters() {
        let text = "[Event \"x\"]\n1. \u{e9}4\tNf9 *\n";
        let index = LineIndex::new(text);
        let start = text.find("Nf9").unwrap() as u32;
        let d = Diagnostic::new(&R, TextRange::new(start.into(), (start + 3).into()), "bad move");
        let loc = locate("g.pgn", text, &index, &d);
        assert_eq!((loc.line, loc.column, loc.end_line, loc.end_column), (2, 7, 2, 10));
        let mut out = Vec::new();
        write_text_shifted(&mut out, text, &index, &d, &loc, 0).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "g.pgn:2:7: error[PGN999]: bad move\n  |\n2 | 1. \u{e9}4\tNf9 *\n  |      \t^^^\n"
        );
    }

    #[test]
    fn json_adds_related_places_only_when_there_are_some() {
        let text = "[Contract \"4H\"]\n[Auction \"N\"]\n4S AP\n";
        let index = LineIndex::new(text);
        let at = |s: &str| text.find(s).unwrap() as u32;
        let range = |s: &str| TextRange::new(at(s).into(), (at(s) + s.len() as u32).into());
        let plain = Diagnostic::new(&R, range("4H"), "contract");
        let json = serde_json::to_value(locate("g.pbn", text, &index, &plain)).unwrap();
        assert_eq!(json.as_object().unwrap().len(), 9, "{json}");
        assert_eq!(json["fix"], serde_json::Value::Null, "{json}");
        let d = plain.with_related(range("4S"), "the final bid");
        let json = serde_json::to_value(locate("g.pbn", text, &index, &d)).unwrap();
        assert_eq!(
            json["related"],
            serde_json::json!([{"line": 3, "column": 1, "end_line": 3, "end_column": 3, "message": "the final bid"}])
        );
    }

    /// [`first_escaped`] finds what a byte-by-byte search finds: each byte to escape and each
    /// byte next to them in value, at every place of texts longer than a few words, after
    /// runs of bytes that need nothing and before others that do.
    #[test]
    fn escaped_bytes_are_found_as_a_byte_by_byte_search_finds_them() {
        let naive = |bytes: &[u8]| bytes.iter().position(|&b| b < 0x20 || b == b'"' || b == b'\\');
        let bytes = [0x00, 0x01, 0x1F, b'"', b'\\', 0x20, b'!', b'#', b'[', b']', 0x7F, 0x80, 0xC3, 0xFF];
        let mut compared = 0;
        for len in 0..40 {
            for at in 0..len {
                for b in bytes {
                    let mut text = vec![b'a'; len];
                    text[at] = b;
                    assert_eq!(first_escaped(&text), naive(&text), "{b:#x} at {at} of {len}");
                    text[len - 1 - (len - 1 - at) / 2] = b'"';
                    assert_eq!(first_escaped(&text), naive(&text), "{b:#x} at {at} of {len}, then a quote");
                    compared += 2;
                }
            }
        }
        assert!(compared > 10_000);
    }

    /// The JSON writer writes what serde_json writes: empty and one-element lists, related
    /// places or none, fixes or none (with no, one or two edits), every control character,
    /// quotes, backslashes, non-ASCII text.
    #[test]
    fn json_is_written_as_serde_json_writes_it() {
        let place = |message: String, related: Vec<LocatedRelated>| Located {
            fix: None,
            path: "d\u{e9}j\u{e0}/\"x\\y\".pbn".into(),
            line: 1,
            column: 22,
            end_line: 333,
            end_column: 4_000_000_000,
            severity: Severity::Warning,
            code: "PBN602",
            message,
            related,
        };
        let related = |n: u32| LocatedRelated {
            path: None,
            line: n,
            column: 2,
            end_line: 3,
            end_column: 4,
            message: format!("r{n}\t"),
        };
        let edit = |n: u32, content: &str| LocatedEdit {
            line: n,
            column: 5,
            end_line: n + 1,
            end_column: 1,
            content: content.to_owned(),
        };
        let fix = |applicability, edits| Some(LocatedFix { applicability, message: "Replace `\"`".into(), edits });
        let all_bytes: String = (0u8..=0x7F).map(char::from).chain("\u{85}\u{2028}€ é".chars()).collect();
        let cases = [
            vec![],
            vec![place("plain".into(), vec![])],
            vec![
                place(all_bytes.clone(), vec![related(7)]),
                place("two".into(), vec![related(8), related(9)]),
                Located { path: "other.pbn".into(), ..place(String::new(), vec![]) },
            ],
            vec![
                Located { fix: fix(Applicability::Safe, vec![edit(1, "\u{e9}\r\n")]), ..place("a".into(), vec![]) },
                Located {
                    fix: fix(Applicability::Unsafe, vec![edit(2, ""), edit(3, &all_bytes)]),
                    ..place("b".into(), vec![related(4)])
                },
                Located { fix: fix(Applicability::Safe, vec![]), ..place("c".into(), vec![]) },
            ],
        ];
        for located in cases {
            let mut ours = Vec::new();
            write_json_pretty(&mut ours, &located).unwrap();
            let theirs = serde_json::to_vec_pretty(&located).unwrap();
            assert_eq!(String::from_utf8(ours).unwrap(), String::from_utf8(theirs).unwrap());
        }
    }

    #[test]
    fn github_annotations_escape_their_properties() {
        let loc = Located {
            path: "a,b.pgn".into(),
            line: 1,
            column: 2,
            end_line: 1,
            end_column: 3,
            severity: Severity::Hint,
            code: "PGN999",
            message: "50% done\nnext".into(),
            related: Vec::new(),
            fix: None,
        };
        let mut out = Vec::new();
        write_github(&mut out, &loc).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "::notice file=a%2Cb.pgn,line=1,col=2,endLine=1,endColumn=3,title=PGN999::50%25 done%0Anext\n"
        );
    }
}
