//! `kibitzer check --statistics`, as ruff's: instead of every diagnostic, one line per rule code
//! with how many times it was found, its name and how many of those `--fix` would put right, so
//! that a person facing a thousand dates with a time sees one line, not a thousand.
//!
//! Text (and GitHub) output is a table, the commonest code first:
//!
//! ```text
//! 1049  PBN103  [*] date-with-time
//!    2  PGN400  [ ] duplicate-game
//! ```
//!
//! `[*]` when `check --fix` fixes every one of them, `[~]` when it fixes some, `[ ]` when none
//! (as ruff marks them). JSON is one array of `{code, name, count, fixable}` (`fixable` the number
//! `--fix` fixes), JSON lines one such object a line.

use crate::report::OutputFormat;
use kibitzer_syntax::diagnostic::Applicability;
use kibitzer_syntax::Diagnostic;
use serde::Serialize;
use std::collections::HashMap;
use std::io::Write;

/// The diagnostics counted so far, by code.
#[derive(Default)]
pub struct Statistics {
    by_code: HashMap<&'static str, Tally>,
}

#[derive(Default, Clone, Copy)]
struct Tally {
    count: usize,
    /// Of those, how many carry a safe fix (what `check --fix` applies).
    fixable: usize,
}

/// One line of the table, one object of the JSON.
#[derive(Serialize, Debug, PartialEq, Eq)]
struct Row {
    code: &'static str,
    name: &'static str,
    count: usize,
    fixable: usize,
}

impl Statistics {
    pub fn add(&mut self, diagnostics: &[Diagnostic]) {
        for d in diagnostics {
            let tally = self.by_code.entry(d.code).or_default();
            tally.count += 1;
            tally.fixable += usize::from(d.fix.as_ref().is_some_and(|f| f.applicability == Applicability::Safe));
        }
    }

    /// The rows, the commonest code first, then by code (a stable order for equal counts).
    fn rows(&self) -> Vec<Row> {
        let mut rows: Vec<Row> = self
            .by_code
            .iter()
            .map(|(&code, tally)| Row {
                code,
                name: kibitzer_syntax::rules::rule(code).map_or("", |r| r.name),
                count: tally.count,
                fixable: tally.fixable,
            })
            .collect();
        rows.sort_by(|a, b| b.count.cmp(&a.count).then(a.code.cmp(b.code)));
        rows
    }

    /// Writes the statistics in `format`; text ends with `summary`, the line `check` ends with
    /// anyway (files, errors, warnings, notes), and how many `--fix` would fix.
    pub fn write(
        &self,
        format: OutputFormat,
        out: &mut impl Write,
        summary: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        let rows = self.rows();
        match format {
            OutputFormat::Json => {
                serde_json::to_writer_pretty(&mut *out, &rows).map_err(std::io::Error::other)?;
                writeln!(out)
            }
            OutputFormat::JsonLines => rows.iter().try_for_each(|row| {
                serde_json::to_writer(&mut *out, row).map_err(std::io::Error::other)?;
                writeln!(out)
            }),
            OutputFormat::Text | OutputFormat::Github | OutputFormat::Sarif => {
                write_table(out, &rows)?;
                summary(out)?;
                let fixable: usize = rows.iter().map(|r| r.fixable).sum();
                if fixable > 0 {
                    writeln!(out, "[*] {fixable} fixable with `kibitzer check --fix`")?;
                }
                Ok(())
            }
        }
    }
}

/// The table: counts right-aligned, codes left-aligned, each column as wide as its widest entry.
fn write_table(out: &mut impl Write, rows: &[Row]) -> std::io::Result<()> {
    let count_width = rows.iter().map(|r| r.count.to_string().len()).max().unwrap_or(0);
    let code_width = rows.iter().map(|r| r.code.len()).max().unwrap_or(0);
    for row in rows {
        let mark = match row.fixable {
            0 => "[ ]",
            n if n == row.count => "[*]",
            _ => "[~]",
        };
        writeln!(out, "{:>count_width$}  {:<code_width$}  {mark} {}", row.count, row.code, row.name)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use kibitzer_syntax::text::TextRange;

    #[test]
    fn rows_are_counted_by_code_commonest_first_with_the_fixable_ones() {
        let rule = |code| kibitzer_syntax::rules::rule(code).unwrap();
        let at = TextRange::empty(0.into());
        let plain = |code| Diagnostic::new(rule(code), at, "m");
        let safe = |code| plain(code).with_replacement("fix", at, "x");
        let mut stats = Statistics::default();
        stats.add(&[plain("PGN300"), safe("PGN105"), safe("PGN105"), plain("PGN105")]);
        stats.add(&[safe("PGN105"), plain("PGN301"), plain("PGN301")]);
        let rows = stats.rows();
        let summary: Vec<_> = rows.iter().map(|r| (r.code, r.count, r.fixable)).collect();
        assert_eq!(summary, [("PGN105", 4, 3), ("PGN301", 2, 0), ("PGN300", 1, 0)]);
        assert_eq!(rows[0].name, rule("PGN105").name);
        let mut table = Vec::new();
        write_table(&mut table, &rows).unwrap();
        let expected = format!(
            "4  PGN105  [~] {}\n2  PGN301  [ ] result-mismatch\n1  PGN300  [ ] missing-result\n",
            rule("PGN105").name
        );
        assert_eq!(String::from_utf8(table).unwrap(), expected);
    }
}
