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
