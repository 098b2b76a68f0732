//! PBI checks: the file structure (encoding, marker, comment placement, nine fields, escapes,
//! terminators) and the contents of each data line (fields and position sanity).

use super::model::{content_range, data_line, DataLine, Field, Stipulation};
use super::parser::parse;
use super::syntax_kind::{SyntaxKind, SyntaxKind::*, SyntaxNode};
use crate::chess::fen::fen_piece;
use crate::chess::position::{parse_forsyth, ForsythProblem, SanityProblem};
use crate::config::CheckOptions;
use crate::diagnostic::{Applicability, Diagnostic, Rule, TextEdit};
use crate::text::{quoted_value, Encoding, TextRange, TextSize};
use cozy_chess::{Color, Piece};

crate::diagnostic::declare_rules! {
    MISSING_BOM = "PBI001" "pbi-missing-bom" Error Import "PBI File Format Description"
        "A PBI file starts with the UTF-8 byte-order mark"
        "PBI files are UTF-8 and always include a byte-order mark (EF BB BF). Save the file as \"UTF-8 with BOM\"."
        bad: "#PBI 1.2 (saved as plain UTF-8)", good: "\u{feff}#PBI 1.2";
    NOT_UTF8 = "PBI002" "pbi-not-utf8" Error Import "PBI File Format Description"
        "A PBI file is encoded in UTF-8"
        "The file is not valid UTF-8 (it was read as ISO-8859-1). Convert it to UTF-8 with a byte-order mark."
        bad: "Caf\\xE9 (a Latin-1 byte)", good: "Café (UTF-8)";
    MARKER = "PBI003" "pbi-marker" Error Import "PBI-file-marker"
        "The first line is exactly `#PBI 1.1` or `#PBI 1.2`"
        "The marker identifies the file and its version. Versions are strings: `1.20` and `01.2` are not `1.2`, and `1.0` is obsolete."
        bad: "#PBI 1.20", good: "#PBI 1.2";
    COMMENT_PLACEMENT = "PBI004" "pbi-comment-placement" Error Import "comment-line"
        "Comment lines appear only directly after the marker"
        "Lines starting with `#` are comments only at the top of the file, after the marker and before the first data line; anywhere else they are not allowed."
        bad: "#PBI 1.2\nA:8/8/8/8/8/8/8/8:#2::::::\n# late", good: "#PBI 1.2\n# early\nA:8/8/8/8/8/8/8/8:#2::::::";
    FIELD_COUNT = "PBI005" "pbi-field-count" Error Import "data-line"
        "A data line has exactly nine `:`-separated fields"
        "names:position:stipulation:used source:referenced sources:awards:keymove:status:comment. A colon inside a field is written `\\x3a`."
        bad: "A:8/8/8/8/8/8/8/8:#2", good: "A:8/8/8/8/8/8/8/8:#2::::::";
    BAD_ESCAPE = "PBI006" "pbi-bad-escape" Error Import "Encoded Characters"
        "`\\` starts an escape `\\x` followed by two hexadecimal digits"
        "The backslash is reserved for encoded characters such as `\\x3a` (`:`); a backslash itself is written `\\x5c`."
        bad: "A\\B:...", good: "A\\x5cB:...";
    UNTERMINATED_LINE = "PBI007" "pbi-unterminated-line" Warning Import "NLF"
        "The last line ends with a line terminator"
        "Characters not followed by a line terminator do not form a PBI line and readers ignore them."
        bad: "…:comment<end of file>", good: "…:comment<newline>";
    BLANK_LINE = "PBI008" "pbi-blank-line" Error Import "PBIfile"
        "PBI files have no empty lines"
        "Every line after the marker and the comments is a data line; an empty line is not one."
        bad: "#PBI 1.2\n\nA:…", good: "#PBI 1.2\nA:…";
    NO_DATA_LINE = "PBI009" "pbi-no-data-line" Error Import "PBIfile"
        "A PBI file has at least one data line"
        "After the marker and any comment lines the file holds one or more data lines."
        bad: "#PBI 1.2\n# only comments", good: "#PBI 1.2\nA:8/8/8/8/8/8/8/8:#2::::::";
    NAMES = "PBI010" "pbi-names" Warning Import "names"
        "Names are separated by single `;` with no empty name"
        "The names field lists authors separated by `;`; an empty name (`;;`, a leading or trailing `;`) is probably a typo."
        bad: "A. Author;;B. Author:…", good: "A. Author;B. Author:…";
    POSITION = "PBI011" "pbi-position" Error Import "position"
        "The position is a complete Forsyth string with PRSBQK/prsbqk (S for knights)"
        "Eight ranks of eight squares separated by `/`, pieces in English letters with S/s for knights, digits for empty squares (runs such as `11` are allowed). The field may be empty."
        bad: "4k3/8/8/8/8/8/8/4K1N1", good: "4k3/8/8/8/8/8/8/4K1S1";
    SOURCE = "PBI012" "pbi-source" Error Import "used-source"
        "A source reference is `nr|title|date|page` (or empty)"
        "The used source and each `;`-separated referenced source have four `|`-separated sub-fields, any of which may be empty; a `|` inside one is written `\\x7c`."
        bad: "…:#2:Chess Monthly 1862:…", good: "…:#2:|Chess Monthly|1862|:…";
    AWARD = "PBI013" "pbi-award" Error Import "awards"
        "An award is `nr|rank|tourney|date`"
        "Each `;`-separated award has four `|`-separated sub-fields, any of which may be empty."
        bad: "…:1st Prize:…", good: "…:|1st Prize|Some Tourney|1960:…";
    RESERVED_FIELD = "PBI014" "pbi-reserved-field" Error Import "keymove"
        "In version 1.1 the keymove and status fields are empty"
        "Version 1.1 reserves the keymove and status fields for future use; write `#PBI 1.2` to use them."
        bad: "#PBI 1.1\nA:…:Qh7-b7:!:", good: "#PBI 1.2\nA:…:Qh7-b7:!:";
    STATUS = "PBI015" "pbi-status" Information Import "status"
        "The status is empty or one of `!`, `*`, `+`, `$`, `?`"
        "`!` correct, `*` more solutions than the keymove, `+` no solution, `$` shorter solution, `?` something else wrong. Other values are undefined and may be dropped by PBI software."
        bad: "…:ok:", good: "…:!:";
    KINGS = "PBI020" "pbi-king-count" Error Import "position"
        "Each side has exactly one king"
        "An orthodox problem has one white and one black king."
        bad: "8/8/8/8/8/8/8/4K3", good: "4k3/8/8/8/8/8/8/4K3";
    PAWN_ON_BACK_RANK = "PBI021" "pbi-pawn-on-back-rank" Error Import "position"
        "No pawn stands on the first or eighth rank"
        "Pawns cannot stand on rank 1 or 8 in an orthodox position."
        bad: "P3k3/8/8/8/8/8/8/4K3", good: "4k3/P7/8/8/8/8/8/4K3";
    OPPONENT_IN_CHECK = "PBI022" "pbi-opponent-in-check" Error Import "position"
        "The side not to move is not in check"
        "White moves first unless the stipulation says otherwise (Black in a helpmate `h#n`); the other side cannot already be in check."
        bad: "4k3/8/8/8/8/8/8/4R1K1:#2", good: "4k3/8/8/8/8/8/8/4R1K1:h#2";
    TOO_MANY_MEN = "PBI023" "pbi-too-many-men" Warning Import "position"
        "More than 16 men or 8 pawns of one colour"
        "A side starts with 16 men and 8 pawns; more cannot arise in a game. Legal for a composer to show, but worth a second look."
        bad: "…/PPPPPPPP/PPPPPPPP", good: "…/PPPPPPPP/8";
    TOO_MANY_PROMOTED = "PBI024" "pbi-too-many-promoted" Warning Import "position"
        "More promoted pieces than missing pawns"
        "Every queen beyond one, rook or knight beyond two needs a pawn that promoted; here there are not enough missing pawns."
        bad: "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3", good: "4k3/8/8/8/8/8/PPPPPPP1/QQ2K3";
    SAME_COLORED_BISHOPS = "PBI025" "pbi-same-colored-bishops" Warning Import "position"
        "Two bishops on squares of one colour with no missing pawn"
        "Bishops start on squares of different colours; a second bishop on the same colour must be a promoted pawn, so a pawn must be missing."
        bad: "4k3/8/8/8/8/8/PPPPPPPP/2B1K1B1", good: "4k3/8/8/8/8/8/PPPPPPP1/2B1K1B1";
}

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
                &COMMENT_PLACEMENT,
                content_range(&node),
                "comment line after a data line: comments are allowed only directly after the marker",
            )),
            SyntaxKind::BLANK_LINE => out.push(
                Diagnostic::new(
                    &BLANK_LINE,
                    node.text_range(),
                    "empty line: every line after the comments is a data line",
                )
                .with_replacement("Remove the empty line", node.text_range(), ""),
            ),
            DATA_LINE => {
                seen_data = true;
                let line = data_line(&node, text);
                structure(&node, &line, text, &mut out);
                let mut contents = Vec::new();
                fields(&line, text, version, &mut contents);
                if line.fields.len() >= SyntaxKind::FIELDS.len() || contents.is_empty() {
                    out.extend(contents);
                } else if let Some(count) = out.iter_mut().rev().find(|d| d.code == FIELD_COUNT.code) {
                    // A missing `:` shifts every field after it: what their contents would
                    // say is its consequence, not a second mistake.
                    count.message.push_str(
                        " (the fields after the missing one are read shifted, so their contents are not checked)",
                    );
                }
            }
            _ => {}
        }
    }
    if !seen_data {
        let end = TextRange::empty(TextSize::from(text.len() as u32));
        out.push(Diagnostic::new(&NO_DATA_LINE, end, "no data line: a PBI file holds at least one problem"));
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
            out.push(Diagnostic::new(&NOT_UTF8, range, format!("not valid UTF-8 (read as ISO-8859-1{byte})")));
        }
        Some(Encoding::Utf8) if !text.starts_with('\u{FEFF}') => {
            out.push(Diagnostic::new(&MISSING_BOM, start, "no byte-order mark: save the file as UTF-8 with BOM"));
        }
        _ => {}
    }
}

/// Checks the marker line; returns the declared version.
fn marker(root: &SyntaxNode, text: &str, out: &mut Vec<Diagnostic>) -> Version {
    let Some(first) = root.children().next() else {
        out.push(Diagnostic::new(
            &MARKER,
            TextRange::empty(root.text_range().end()),
            "empty file: expected `#PBI 1.2`",
        ));
        return Version::Unknown;
    };
    if first.kind() != MARKER_LINE {
        let at = TextRange::empty(first.text_range().start());
        let eol = line_ending(text);
        out.push(Diagnostic::new(&MARKER, at, "missing marker: the first line is `#PBI 1.1` or `#PBI 1.2`").with_fix(
            "Insert `#PBI 1.2`",
            vec![TextEdit::insert(at.start(), format!("#PBI 1.2{eol}"))],
            Applicability::Unsafe,
        ));
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
            Diagnostic::new(&MARKER, range, format!("marker `{line}`, expected exactly `{normalised}`"))
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
            out.push(Diagnostic::new(&MARKER, at, format!("PBI version {why}")));
        }
        _ => out.push(Diagnostic::new(
            &MARKER,
            range,
            format!("first line `{}` is not the marker `#PBI 1.1` or `#PBI 1.2`", quoted_value(line)),
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
        Diagnostic::new(&UNTERMINATED_LINE, range, "last line has no line terminator: PBI readers ignore it").with_fix(
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
                &FIELD_COUNT,
                extra,
                format!(
                    "more than nine fields: `{}` follows the comment field; a colon inside a field is written `\\x3a`",
                    quoted_value(&text[extra])
                ),
            )
            .with_fix("Encode the extra colons as `\\x3a`", edits, Applicability::Unsafe),
        );
    } else if n < SyntaxKind::FIELDS.len() {
        let missing: Vec<&str> = SyntaxKind::FIELDS[n..].iter().map(|k| k.field_name()).collect();
        out.push(
            Diagnostic::new(
                &FIELD_COUNT,
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
                &BAD_ESCAPE,
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
    if let Some(names) = line.field(SyntaxKind::NAMES).filter(|f| !f.raw.is_empty()) {
        for part in names.split(SEMICOLON, text).iter().filter(|p| p.raw.trim().is_empty()) {
            let range = if part.range.is_empty() { names.range } else { part.range };
            out.push(Diagnostic::new(
                &NAMES,
                range,
                format!("empty name in `{}`: names are separated by single `;`", quoted_value(names.raw)),
            ));
        }
    }
    let first_mover = line
        .field(STIPULATION)
        .and_then(|f| Stipulation::parse(&f.decoded()))
        .map_or(Color::White, Stipulation::first_mover);
    if let Some(position) = line.field(SyntaxKind::POSITION).filter(|f| !f.raw.is_empty()) {
        check_position(position, first_mover, out);
    }
    if let Some(source) = line.field(USED_SOURCE).filter(|f| !f.raw.is_empty()) {
        let pipes = source.split(PIPE, text).len();
        if pipes != 4 {
            let mut d = Diagnostic::new(
                &SOURCE,
                source.range,
                format!(
                    "used source `{}` has {pipes} `|`-separated parts, expected 4: nr|title|date|page",
                    quoted_value(source.raw)
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
        list_of_four(refs, text, &SOURCE, "referenced source", "nr|title|date|page", true, out);
    }
    if let Some(awards) = line.field(AWARDS).filter(|f| !f.raw.is_empty()) {
        list_of_four(awards, text, &AWARD, "award", "nr|rank|tourney|date", false, out);
    }
    for field in [KEYMOVE, SyntaxKind::STATUS].into_iter().filter_map(|k| line.field(k)) {
        if version == Version::V1_1 && !field.raw.is_empty() {
            out.push(
                Diagnostic::new(
                    &RESERVED_FIELD,
                    field.range,
                    format!(
                        "{} `{}` in a version 1.1 file: the field is reserved and must be empty (use `#PBI 1.2`)",
                        field.kind.field_name(),
                        quoted_value(field.raw)
                    ),
                )
                .with_fix(
                    "Empty the field",
                    vec![TextEdit::delete(field.range)],
                    Applicability::Unsafe,
                ),
            );
        } else if version != Version::V1_1
            && field.kind == SyntaxKind::STATUS
            && super::model::status_meaning(field.raw).is_none()
        {
            out.push(Diagnostic::new(
                &STATUS,
                field.range,
                format!(
                    "status `{}`, expected empty or one of `!`, `*`, `+`, `$`, `?`",
                    quoted_value(&field.decoded())
                ),
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
                    quoted_value(item.raw),
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
            Diagnostic::new(&POSITION, range, format!("`{ch}` in the position: PBI writes knights as `{s}`"))
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
        out.push(Diagnostic::new(&POSITION, range, message));
    }
    let Some(placement) = placement else { return };
    for problem in placement.sanity(first_mover) {
        let rule = match problem {
            SanityProblem::MissingKing { .. } | SanityProblem::ExtraKing { .. } => &KINGS,
            SanityProblem::PawnOnBackRank { .. } => &PAWN_ON_BACK_RANK,
            SanityProblem::OpponentInCheck { .. } => &OPPONENT_IN_CHECK,
            SanityProblem::TooManyMen { .. } | SanityProblem::TooManyPawns { .. } => &TOO_MANY_MEN,
            SanityProblem::TooManyPromoted { .. } => &TOO_MANY_PROMOTED,
            SanityProblem::SameColoredBishops { .. } => &SAME_COLORED_BISHOPS,
        };
        let described = problem.describe(&placement);
        let mut d = Diagnostic::new(rule, described.range, described.message);
        if let Some((range, message)) = described.related {
            d = d.with_related(range, message);
        }
        out.push(d);
    }
}
