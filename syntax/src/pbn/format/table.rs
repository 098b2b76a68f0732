//! The rows of a table section in export format (PBN 5.2).

use crate::pbn::model::{parse_column, Align, Column};
use crate::pbn::syntax_kind::SyntaxKind;

use super::blocks::Tok;
use super::lines::{exported_length, CRLF, MAX_LINE};

/// A table's rows in export format (PBN 5.2): each row on one line, its elements separated by
/// one space and each padded to its column's minimum width, on the side its alignment says;
/// no trailing blanks. `None` for a table this layout does not cover, which is then kept as
/// written: columns that do not parse, comments or escape lines among the rows (PBN 5.1 forbids
/// comments there), a last row that is not complete, or a row too long for one line (PBN 2.3).
pub(super) fn table(section: &[Tok<'_>], columns: &str) -> Option<String> {
    let columns: Vec<Column<'_>> = columns.split(';').map(parse_column).collect::<Option<_>>()?;
    // A column wider than a line (PBN 2.3) makes every row too long: not padded out (a width
    // of 300000000000 was an allocation of 300 GB; found by fuzzing).
    if columns.iter().any(|c| c.width.is_some_and(|w| w > 255)) {
        return None;
    }
    let mut elements: Vec<&str> = Vec::new();
    for token in section {
        match token.kind {
            SyntaxKind::WHITESPACE | SyntaxKind::NEWLINE => {}
            SyntaxKind::STRING | SyntaxKind::SECTION_WORD => elements.push(token.text),
            _ => return None,
        }
    }
    if elements.is_empty() || !elements.len().is_multiple_of(columns.len()) {
        return None;
    }
    let mut out = String::new();
    let mut row = String::new();
    for cells in elements.chunks_exact(columns.len()) {
        row.clear();
        for (i, (cell, column)) in cells.iter().zip(&columns).enumerate() {
            if i > 0 {
                row.push(' ');
            }
            let padding = column.width.unwrap_or(0).saturating_sub(cell.chars().count());
            if column.align == Align::Right {
                row.extend(std::iter::repeat_n(' ', padding));
            }
            row.push_str(cell);
            if column.align == Align::Left {
                row.extend(std::iter::repeat_n(' ', padding));
            }
        }
        let line = row.trim_end();
        if exported_length(line) > MAX_LINE {
            return None;
        }
        out.push_str(line);
        out.push_str(CRLF);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pbn::format::blocks::{blocks, games};

    #[test]
    fn table_rows_are_padded_to_their_columns() {
        let text = "[ScoreTable \"Rank\\3R;Name\\6;Score\\4R;Note\\5L\"]\n1 Ann 50 x 10 \"B b\" -120 y\n";
        let (events, _) = crate::pbn::parser::parse_events(text, Vec::new());
        let blocks = blocks(games(&events).next().unwrap(), text).blocks;
        let section = &blocks[0].section;
        let rows = table(section, blocks[0].value).unwrap();
        assert_eq!(rows, "  1 Ann      50 x\r\n 10 \"B b\"  -120 y\r\n");
        assert_eq!(table(section, "Rank;Name;Score"), None, "8 elements are not rows of 3");
        assert_eq!(table(section, "Rank\\x"), None, "a width that does not parse");
    }
}
