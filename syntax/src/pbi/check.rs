//! PBI checks: the file structure (encoding, marker, comment placement, nine fields, escapes,
//! terminators) and the contents of each data line (fields and position sanity).

use super::model::{content_range, data_line, DataLine, Field, Stipulation};
use super::parser::parse;
use super::rules as rule;
use super::syntax_kind::{SyntaxKind, SyntaxKind::*, SyntaxNode};
use crate::chess::fen::fen_piece;
use crate::chess::position::{parse_forsyth, ForsythProblem, SanityProblem};
use crate::config::CheckOptions;
use crate::diagnostic::{Applicability, Diagnostic, Rule, TextEdit};
use crate::text::{Encoding, TextRange, TextSize};
use cozy_chess::{Color, Piece};

/// The format version the marker declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    V1_1,
    V1_2,
    /// No valid marker: fields are checked as version 1.2, the current one.
    Unknown,
}

pub fn check(text: &str, options: &CheckOptions) -> Vec<Diagnostic> {
    let parse = parse(text);
    let root = parse.syntax();
    let mut out = parse.errors().to_vec();
    encoding(text, options.encoding, &mut out);
    let version = marker(&root, text, &mut out);
    let mut seen_data = false;
    for node in root.children() {
        match node.kind() {
            COMMENT_LINE if seen_data => out.push(Diagnostic::new(
                &rule::COMMENT_PLACEMENT,
                content_range(&node),
                "comment line after a data line: comments are allowed only directly after the marker",
            )),
            BLANK_LINE => out.push(
                Diagnostic::new(
                    &rule::BLANK_LINE,
                    node.text_range(),
                    "empty line: every line after the comments is a data line",
                )
                .with_replacement("Remove the empty line", node.text_range(), ""),
            ),
            DATA_LINE => {
                seen_data = true;
                let line = data_line(&node, text);
                structure(&node, &line, text, &mut out);
                fields(&line, text, version, &mut out);
            }
            _ => {}
        }
    }
    if !seen_data {
        let end = TextRange::empty(TextSize::from(text.len() as u32));
        out.push(Diagnostic::new(&rule::NO_DATA_LINE, end, "no data line: a PBI file holds at least one problem"));
    }
    last_line(&root, text, &mut out);
    out
}

fn encoding(text: &str, encoding: Option<Encoding>, out: &mut Vec<Diagnostic>) {
    let start = TextRange::empty(TextSize::from(0));
    match encoding {
        Some(Encoding::Latin1) => {
            let after_bom = super::lexer::bom_len(text);
            let range = text
                .char_indices()
                .skip_while(|(i, _)| *i < after_bom)
                .find(|(_, c)| !c.is_ascii())
                .map_or(TextRange::empty(TextSize::from(0)), |(i, c)| {
                    TextRange::at(TextSize::from(i as u32), TextSize::from(c.len_utf8() as u32))
                });
            let byte = text[range]
                .chars()
                .next()
                .map_or(String::new(), |c| format!("; first non-ASCII byte 0x{:02X}", c as u32));
            out.push(Diagnostic::new(&rule::NOT_UTF8, range, format!("not valid UTF-8 (read as ISO-8859-1{byte})")));
        }
        Some(Encoding::Utf8) if !text.starts_with('\u{FEFF}') => {
            out.push(Diagnostic::new(&rule::MISSING_BOM, start, "no byte-order mark: save the file as UTF-8 with BOM"));
        }
        _ => {}
    }
}

/// Checks the marker line; returns the declared version.
fn marker(root: &SyntaxNode, text: &str, out: &mut Vec<Diagnostic>) -> Version {
    let Some(first) = root.children().next() else {
        out.push(Diagnostic::new(
            &rule::MARKER,
            TextRange::empty(root.text_range().end()),
            "empty file: expected `#PBI 1.2`",
        ));
        return Version::Unknown;
    };
    if first.kind() != MARKER_LINE {
        let at = TextRange::empty(first.text_range().start());
        let eol = line_ending(text);
        out.push(
            Diagnostic::new(&rule::MARKER, at, "missing marker: the first line is `#PBI 1.1` or `#PBI 1.2`").with_fix(
                "Insert `#PBI 1.2`",
                vec![TextEdit::insert(at.start(), format!("#PBI 1.2{eol}"))],
                Applicability::Unsafe,
            ),
        );
        return Version::Unknown;
    }
    let range = content_range(&first);
    let line = &text[range];
    match line {
        "#PBI 1.1" => return Version::V1_1,
        "#PBI 1.2" => return Version::V1_2,
        _ => {}
    }
    let normalised = line.split_whitespace().collect::<Vec<_>>().join(" ").to_ascii_uppercase();
    if normalised == "#PBI 1.1" || normalised == "#PBI 1.2" {
        out.push(
            Diagnostic::new(&rule::MARKER, range, format!("marker `{line}`, expected exactly `{normalised}`"))
                .with_replacement(format!("Replace with `{normalised}`"), range, normalised.clone()),
        );
        return if normalised.ends_with("1.1") { Version::V1_1 } else { Version::V1_2 };
    }
    match line.strip_prefix("#PBI ") {
        Some(version) if is_version(version) => {
            let at = TextRange::at(range.start() + TextSize::from(5), TextSize::from(version.len() as u32));
            let why = if version == "1.0" {
                "version 1.0 is obsolete".to_owned()
            } else {
                format!("`{version}` is not `1.1` or `1.2` (versions are strings, not numbers)")
            };
            out.push(Diagnostic::new(&rule::MARKER, at, format!("PBI version {why}")));
        }
        _ => out.push(Diagnostic::new(
            &rule::MARKER,
            range,
            format!("first line `{}` is not the marker `#PBI 1.1` or `#PBI 1.2`", truncate(line)),
        )),
    }
    Version::Unknown
}

fn is_version(s: &str) -> bool {
    let mut parts = s.split('.');
    let digits = |p: Option<&str>| p.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    digits(parts.next()) && digits(parts.next()) && parts.next().is_none()
}

/// The file's first line terminator, for fixes that add a line; LF when there is none.
fn line_ending(text: &str) -> &'static str {
    super::lexer::lines(text).map(|(_, t)| &text[t]).find(|t| !t.is_empty()).map_or("\n", |t| match t {
        "\r\n" => "\r\n",
        "\r" => "\r",
        "\u{85}" => "\u{85}",
        "\u{2028}" => "\u{2028}",
        _ => "\n",
    })
}

fn truncate(s: &str) -> String {
    if s.chars().count() > 40 {
        format!("{}…", s.chars().take(40).collect::<String>())
    } else {
        s.to_owned()
    }
}

fn last_line(root: &SyntaxNode, text: &str, out: &mut Vec<Diagnostic>) {
    let Some(last) = root.children().last() else { return };
    if last.last_token().is_some_and(|t| t.kind() == NEWLINE) {
        return;
    }
    let range = content_range(&last);
    if range.is_empty() {
        return;
    }
    out.push(
        Diagnostic::new(&rule::UNTERMINATED_LINE, range, "last line has no line terminator: PBI readers ignore it")
            .with_fix(
                "Add a line terminator",
                vec![TextEdit::insert(range.end(), line_ending(text))],
                Applicability::Safe,
            ),
    );
}

/// Field count and escapes.
fn structure(node: &SyntaxNode, line: &DataLine, text: &str, out: &mut Vec<Diagnostic>) {
    let n = line.fields.len();
    if let Some(extra) = line.extra {
        let edits: Vec<TextEdit> = text[extra]
            .match_indices(':')
            .map(|(i, _)| TextEdit::replace(TextRange::at(extra.start() + TextSize::from(i as u32), 1.into()), "\\x3a"))
            .collect();
        out.push(
            Diagnostic::new(
                &rule::FIELD_COUNT,
                extra,
                format!(
                    "more than nine fields: `{}` follows the comment field; a colon inside a field is written `\\x3a`",
                    truncate(&text[extra])
                ),
            )
            .with_fix("Encode the extra colons as `\\x3a`", edits, Applicability::Unsafe),
        );
    } else if n < SyntaxKind::FIELDS.len() {
        let missing: Vec<&str> = SyntaxKind::FIELDS[n..].iter().map(|k| k.field_name()).collect();
        out.push(
            Diagnostic::new(
                &rule::FIELD_COUNT,
                line.range,
                format!("{n} field{}, expected 9: missing {}", if n == 1 { "" } else { "s" }, missing.join(", ")),
            )
            .with_fix(
                "Add the missing empty fields",
                vec![TextEdit::insert(line.range.end(), ":".repeat(9 - n))],
                Applicability::Unsafe,
            ),
        );
    }
    for token in node.descendants_with_tokens().filter_map(|c| c.into_token()).filter(|t| t.kind() == BACKSLASH) {
        let start = token.text_range().start();
        let after = &text[usize::from(token.text_range().end())..];
        // The attempted escape: `\x` with the hex digits that follow, or `\` and one character.
        let shown: String = match after.strip_prefix('x') {
            Some(rest) => {
                std::iter::once('x').chain(rest.chars().take(2).take_while(char::is_ascii_hexdigit)).collect()
            }
            None => after.chars().take(1).filter(|c| !matches!(c, '\r' | '\n')).collect(),
        };
        let range = TextRange::at(start, TextSize::from((1 + shown.len()) as u32));
        out.push(
            Diagnostic::new(
                &rule::BAD_ESCAPE,
                range,
                format!("`\\{shown}` is not an escape: expected `\\x` and two hex digits (a backslash is `\\x5c`)"),
            )
            .with_fix(
                "Encode the backslash as `\\x5c`",
                vec![TextEdit::replace(token.text_range(), "\\x5c")],
                Applicability::Unsafe,
            ),
        );
    }
}

/// The PBI letter of a man: English letters with S for the knight. `N` is read as a knight too
/// (and reported), so that one wrong letter does not hide the position's other problems.
fn pbi_piece(ch: char) -> Option<(Piece, Color)> {
    match ch {
        'S' => fen_piece('N'),
        's' => fen_piece('n'),
        _ => fen_piece(ch),
    }
}

fn fields(line: &DataLine, text: &str, version: Version, out: &mut Vec<Diagnostic>) {
    if let Some(names) = line.field(NAMES).filter(|f| !f.raw.is_empty()) {
        for part in names.split(SEMICOLON, text).iter().filter(|p| p.raw.trim().is_empty()) {
            let range = if part.range.is_empty() { names.range } else { part.range };
            out.push(Diagnostic::new(
                &rule::NAMES,
                range,
                format!("empty name in `{}`: names are separated by single `;`", truncate(names.raw)),
            ));
        }
    }
    let first_mover = line
        .field(STIPULATION)
        .and_then(|f| Stipulation::parse(&f.decoded()))
        .map_or(Color::White, Stipulation::first_mover);
    if let Some(position) = line.field(POSITION).filter(|f| !f.raw.is_empty()) {
        check_position(position, first_mover, out);
    }
    if let Some(source) = line.field(USED_SOURCE).filter(|f| !f.raw.is_empty()) {
        let pipes = source.split(PIPE, text).len();
        if pipes != 4 {
            let mut d = Diagnostic::new(
                &rule::SOURCE,
                source.range,
                format!(
                    "used source `{}` has {pipes} `|`-separated parts, expected 4: nr|title|date|page",
                    truncate(source.raw)
                ),
            );
            if pipes == 1 {
                d = d.with_fix(
                    "Make it the title: `|…||`",
                    vec![TextEdit::insert(source.range.start(), "|"), TextEdit::insert(source.range.end(), "||")],
                    Applicability::Unsafe,
                );
            }
            out.push(d);
        }
    }
    if let Some(refs) = line.field(REFERENCED_SOURCES).filter(|f| !f.raw.is_empty()) {
        list_of_four(refs, text, &rule::SOURCE, "referenced source", "nr|title|date|page", true, out);
    }
    if let Some(awards) = line.field(AWARDS).filter(|f| !f.raw.is_empty()) {
        list_of_four(awards, text, &rule::AWARD, "award", "nr|rank|tourney|date", false, out);
    }
    for field in [KEYMOVE, STATUS].into_iter().filter_map(|k| line.field(k)) {
        if version == Version::V1_1 && !field.raw.is_empty() {
            out.push(
                Diagnostic::new(
                    &rule::RESERVED_FIELD,
                    field.range,
                    format!(
                        "{} `{}` in a version 1.1 file: the field is reserved and must be empty (use `#PBI 1.2`)",
                        field.kind.field_name(),
                        truncate(field.raw)
                    ),
                )
                .with_fix(
                    "Empty the field",
                    vec![TextEdit::delete(field.range)],
                    Applicability::Unsafe,
                ),
            );
        } else if version != Version::V1_1 && field.kind == STATUS && super::model::status_meaning(field.raw).is_none()
        {
            out.push(Diagnostic::new(
                &rule::STATUS,
                field.range,
                format!("status `{}`, expected empty or one of `!`, `*`, `+`, `$`, `?`", truncate(&field.decoded())),
            ));
        }
    }
}

/// A `;`-separated list whose items are four `|`-separated sub-fields.
fn list_of_four(
    field: &Field,
    text: &str,
    rule: &'static Rule,
    what: &str,
    shape: &str,
    empty_ok: bool,
    out: &mut Vec<Diagnostic>,
) {
    for item in field.split(SEMICOLON, text) {
        if item.raw.is_empty() && empty_ok {
            continue;
        }
        let parts = item.raw.matches('|').count() + 1;
        if parts != 4 {
            let range = if item.range.is_empty() { field.range } else { item.range };
            out.push(Diagnostic::new(
                rule,
                range,
                format!(
                    "{what} `{}` has {parts} `|`-separated part{}, expected 4: {shape}",
                    truncate(item.raw),
                    if parts == 1 { "" } else { "s" }
                ),
            ));
        }
    }
}

fn check_position(field: &Field, first_mover: Color, out: &mut Vec<Diagnostic>) {
    let (placement, problems) = parse_forsyth(field.raw, field.range.start(), pbi_piece);
    for (i, ch) in field.raw.char_indices().filter(|(_, c)| matches!(c, 'N' | 'n')) {
        let range = TextRange::at(field.range.start() + TextSize::from(i as u32), 1.into());
        let s = if ch == 'N' { "S" } else { "s" };
        out.push(
            Diagnostic::new(&rule::POSITION, range, format!("`{ch}` in the position: PBI writes knights as `{s}`"))
                .with_replacement(format!("Replace `{ch}` with `{s}`"), range, s),
        );
    }
    for problem in problems {
        let (range, message) = match problem {
            ForsythProblem::RankCount { count } => {
                (field.range, format!("position has {count} ranks, expected 8 separated by `/`"))
            }
            ForsythProblem::SquareCount { rank, count, range } => {
                let rank = if rank >= 1 { format!("rank {rank}") } else { "an extra rank".to_owned() };
                (range, format!("{rank} has {count} squares, expected 8 (the Forsyth string must be complete)"))
            }
            ForsythProblem::BadText { text, range } => {
                (range, format!("`{text}` in the position: expected piece letters (PRSBQK, prsbqk) or digits 1-8"))
            }
            // PBI allows runs of digits such as `11111111`.
            ForsythProblem::AdjacentDigits { .. } => continue,
        };
        out.push(Diagnostic::new(&rule::POSITION, range, message));
    }
    let Some(placement) = placement else { return };
    for problem in placement.sanity(first_mover) {
        let rule = match problem {
            SanityProblem::MissingKing { .. } | SanityProblem::ExtraKing { .. } => &rule::KINGS,
            SanityProblem::PawnOnBackRank { .. } => &rule::PAWN_ON_BACK_RANK,
            SanityProblem::OpponentInCheck { .. } => &rule::OPPONENT_IN_CHECK,
            SanityProblem::TooManyMen { .. } | SanityProblem::TooManyPawns { .. } => &rule::TOO_MANY_MEN,
            SanityProblem::TooManyPromoted { .. } => &rule::TOO_MANY_PROMOTED,
            SanityProblem::SameColoredBishops { .. } => &rule::SAME_COLORED_BISHOPS,
        };
        let described = problem.describe(&placement);
        let mut d = Diagnostic::new(rule, described.range, described.message);
        if let Some((range, message)) = described.related {
            d = d.with_related(range, message);
        }
        out.push(d);
    }
}
