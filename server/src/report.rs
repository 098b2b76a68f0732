//! Printing diagnostics for people (rustc/ruff style), for programs (JSON) and for GitHub
//! Actions (workflow annotations).

use kibitzer_syntax::text::{ColumnUnit, LineIndex};
use kibitzer_syntax::{Diagnostic, Severity};
use serde::Serialize;
use std::io::Write;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// `path:line:col: severity[code]: message` and the line with a caret.
    Text,
    /// One JSON array of {path, line, column, end_line, end_column, severity, code, message}, and
    /// `related` [{line, column, end_line, end_column, message}] when the diagnostic has any.
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
}

/// A related place of a diagnostic, in the same file.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct LocatedRelated {
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
    pub message: String,
}

pub fn locate(path: &str, text: &str, index: &LineIndex, d: &Diagnostic) -> Located {
    let start = index.line_col(text, d.range.start(), ColumnUnit::Char);
    let end = index.line_col(text, d.range.end(), ColumnUnit::Char);
    Located {
        path: path.to_owned(),
        line: start.line + 1,
        column: start.col + 1,
        end_line: end.line + 1,
        end_column: end.col + 1,
        severity: d.severity,
        code: d.code,
        message: d.message.clone(),
        related: d
            .related
            .iter()
            .map(|r| {
                let start = index.line_col(text, r.range.start(), ColumnUnit::Char);
                let end = index.line_col(text, r.range.end(), ColumnUnit::Char);
                LocatedRelated {
                    line: start.line + 1,
                    column: start.col + 1,
                    end_line: end.line + 1,
                    end_column: end.col + 1,
                    message: r.message.clone(),
                }
            })
            .collect(),
    }
}

/// Writes `located` as `serde_json::to_writer_pretty` does, byte for byte (a test compares
/// them), at a fraction of its cost: `check --format json` of a large file writes megabytes of
/// diagnostics on one thread after the checks, which run on all cores. The path, the same for a
/// file's diagnostics, is escaped once.
pub fn write_json_pretty(out: &mut impl Write, located: &[Located]) -> std::io::Result<()> {
    if located.is_empty() {
        return out.write_all(b"[]");
    }
    let mut buffer: Vec<u8> = Vec::with_capacity(1 << 16);
    let mut path: (&str, Vec<u8>) = ("", Vec::new());
    buffer.push(b'[');
    for (i, loc) in located.iter().enumerate() {
        buffer.extend_from_slice(if i == 0 { b"\n  {\n    \"path\": " } else { b",\n  {\n    \"path\": " });
        if path.0 != loc.path || path.1.is_empty() {
            path.1.clear();
            push_json_string(&mut path.1, &loc.path);
            path.0 = &loc.path;
        }
        buffer.extend_from_slice(&path.1);
        push_place(&mut buffer, b"    ", [loc.line, loc.column, loc.end_line, loc.end_column]);
        buffer.extend_from_slice(b",\n    \"severity\": \"");
        buffer.extend_from_slice(loc.severity.as_str().as_bytes());
        buffer.extend_from_slice(b"\",\n    \"code\": ");
        push_json_string(&mut buffer, loc.code);
        buffer.extend_from_slice(b",\n    \"message\": ");
        push_json_string(&mut buffer, &loc.message);
        if !loc.related.is_empty() {
            buffer.extend_from_slice(b",\n    \"related\": [");
            for (j, r) in loc.related.iter().enumerate() {
                buffer.extend_from_slice(if j == 0 { b"\n      {" } else { b",\n      {" });
                push_place(&mut buffer, b"        ", [r.line, r.column, r.end_line, r.end_column]);
                buffer.extend_from_slice(b",\n        \"message\": ");
                push_json_string(&mut buffer, &r.message);
                buffer.extend_from_slice(b"\n      }");
            }
            buffer.extend_from_slice(b"\n    ]");
        }
        buffer.extend_from_slice(b"\n  }");
        if buffer.len() >= 1 << 16 {
            out.write_all(&buffer)?;
            buffer.clear();
        }
    }
    buffer.extend_from_slice(b"\n]");
    out.write_all(&buffer)
}

/// The keys `line`, `column`, `end_line`, `end_column` with their values, each after `,` (but
/// the first of a `related` object), a line end and `indent`.
fn push_place(out: &mut Vec<u8>, indent: &[u8], values: [u32; 4]) {
    let first_of_object = indent.len() > 4;
    for (i, (key, value)) in ["line", "column", "end_line", "end_column"].into_iter().zip(values).enumerate() {
        if i > 0 || !first_of_object {
            out.push(b',');
        }
        out.push(b'\n');
        out.extend_from_slice(indent);
        out.push(b'"');
        out.extend_from_slice(key.as_bytes());
        out.extend_from_slice(b"\": ");
        out.extend_from_slice(kibitzer_syntax::text::decimal_digits(value, &mut [0; 10]));
    }
}

/// `s` as a JSON string the way serde_json writes it: `"` and `\\` escaped, control characters
/// as `\b \t \n \f \r` or `\u00xx`, everything else (non-ASCII included) as it is.
fn push_json_string(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    let bytes = s.as_bytes();
    let mut plain = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escaped: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            0x08 => b"\\b",
            b'\t' => b"\\t",
            b'\n' => b"\\n",
            0x0C => b"\\f",
            b'\r' => b"\\r",
            0..0x20 => b"\\u00",
            _ => continue,
        };
        out.extend_from_slice(&bytes[plain..i]);
        out.extend_from_slice(escaped);
        if b < 0x20 && escaped.len() == 4 {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.extend_from_slice(&[HEX[usize::from(b >> 4)], HEX[usize::from(b & 0xF)]]);
        }
        plain = i + 1;
    }
    out.extend_from_slice(&bytes[plain..]);
    out.push(b'"');
}

/// Writes one diagnostic in text form: the header line and, for people, the source line with a
/// caret under the range (clipped to the first line of the range).
pub fn write_text(
    out: &mut impl Write,
    text: &str,
    index: &LineIndex,
    d: &Diagnostic,
    loc: &Located,
) -> std::io::Result<()> {
    write_text_shifted(out, text, index, d, loc, 0)
}

/// [`write_text`] for a diagnostic of a chunk of a stream: `loc` is in the stream's lines, `text`
/// and `index` are the chunk's, which starts after `lines_before` lines of the stream.
pub fn write_text_shifted(
    out: &mut impl Write,
    text: &str,
    index: &LineIndex,
    d: &Diagnostic,
    loc: &Located,
    lines_before: u32,
) -> std::io::Result<()> {
    writeln!(
        out,
        "{}:{}:{}: {}[{}]: {}",
        loc.path,
        loc.line,
        loc.column,
        loc.severity.as_str(),
        loc.code,
        loc.message
    )?;
    // The "line" of a binary file is noise.
    if kibitzer_syntax::binary::is_not_text_code(d.code) {
        return Ok(());
    }
    let Some(range) = index.line_range(loc.line - 1 - lines_before) else { return Ok(()) };
    let line = text[range].trim_end_matches(['\n', '\r', '\u{85}', '\u{2028}']);
    // A line that is too long to show usefully, or binary noise, is not echoed.
    if line.chars().count() > 300 {
        return Ok(());
    }
    let start = usize::from(d.range.start() - range.start()).min(line.len());
    let end = usize::from(
        d.range.end().min(range.start() + kibitzer_syntax::TextSize::from(line.len() as u32)) - range.start(),
    )
    .max(start);
    let shown: String = line.chars().map(|c| if c.is_control() && c != '\t' { ' ' } else { c }).collect();
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
    use kibitzer_syntax::diagnostic::{Rule, RuleScope};
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
        write_text(&mut out, text, &index, &d, &loc).unwrap();
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
        assert_eq!(json.as_object().unwrap().len(), 8, "{json}");
        let d = plain.with_related(range("4S"), "the final bid");
        let json = serde_json::to_value(locate("g.pbn", text, &index, &d)).unwrap();
        assert_eq!(
            json["related"],
            serde_json::json!([{"line": 3, "column": 1, "end_line": 3, "end_column": 3, "message": "the final bid"}])
        );
    }

    /// The JSON writer writes what serde_json writes: empty and one-element lists, related
    /// places or none, every control character, quotes, backslashes, non-ASCII text.
    #[test]
    fn json_is_written_as_serde_json_writes_it() {
        let place = |message: String, related: Vec<LocatedRelated>| Located {
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
        let related =
            |n: u32| LocatedRelated { line: n, column: 2, end_line: 3, end_column: 4, message: format!("r{n}\t") };
        let all_bytes: String = (0u8..=0x7F).map(char::from).chain("\u{85}\u{2028}€ é".chars()).collect();
        let cases = [
            vec![],
            vec![place("plain".into(), vec![])],
            vec![
                place(all_bytes.clone(), vec![related(7)]),
                place("two".into(), vec![related(8), related(9)]),
                Located { path: "other.pbn".into(), ..place(String::new(), vec![]) },
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
        };
        let mut out = Vec::new();
        write_github(&mut out, &loc).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "::notice file=a%2Cb.pgn,line=1,col=2,endLine=1,endColumn=3,title=PGN999::50%25 done%0Anext\n"
        );
    }
}
