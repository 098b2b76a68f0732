//! The Auction and Play sections in export format (PBN 3.5, 3.6): four calls or cards a line,
//! each with its note reference, its NAGs in ascending order (suffixes turned into NAGs) and its
//! comments; and any other section as written, with CR LF and without tabs.

use crate::pbn::syntax_kind::SyntaxKind;
use std::borrow::Cow;

use super::blocks::Tok;
use super::lines::{to_crlf, CRLF};

/// A call or card with what annotates it.
#[derive(Default)]
struct Item<'g> {
    /// As written when that is its export spelling (nearly always), else respelled.
    text: Cow<'g, str>,
    note: Option<String>,
    nags: Vec<u32>,
    /// Each comment, and whether it is a `;` comment (which ends the line it is on).
    comments: Vec<(String, bool)>,
    /// A `;` comment ends the line it is on.
    ends_line: bool,
}

/// The auction (or, with `play`, the play) four calls or cards a line. When the first
/// `padding` items are bare `-` (import columns starting before the dealer or leader), they are
/// dropped and the second value says so. `None` for a section this layout does not cover
/// (irregularities, stray words, escape lines), which is then kept as written.
pub(super) fn four_a_line(section: &[Tok<'_>], play: bool, padding: usize) -> Option<(String, bool)> {
    let mut leading: Vec<String> = Vec::new();
    // Room for every call or card at once (a section's tokens are its items and the blanks
    // between them): the items and the text are not grown step by step.
    let mut items: Vec<Item> = Vec::with_capacity(section.len() / 2 + 1);
    let mut end_marks: Vec<Item> = Vec::new();
    for token in section {
        let text = token.text;
        match token.kind {
            SyntaxKind::WHITESPACE | SyntaxKind::NEWLINE => {}
            SyntaxKind::CALL | SyntaxKind::CARD | SyntaxKind::DASH | SyntaxKind::PLUS => {
                items.push(Item { text: spell_call_or_card(text), ..Item::default() });
            }
            SyntaxKind::STAR => end_marks.push(Item { text: Cow::Borrowed(text), ..Item::default() }),
            SyntaxKind::NOTE_REF => {
                let item = end_marks.last_mut().or(items.last_mut())?;
                if item.note.is_some() {
                    return None;
                }
                item.note = Some(text.to_owned());
            }
            SyntaxKind::NAG => {
                let n = text[1..].parse().ok()?;
                end_marks.last_mut().or(items.last_mut())?.nags.push(n);
            }
            SyntaxKind::SUFFIX => {
                let n = suffix_nag(text, play)?;
                end_marks.last_mut().or(items.last_mut())?.nags.push(n);
            }
            SyntaxKind::BRACE_COMMENT | SyntaxKind::LINE_COMMENT => {
                let comment = to_crlf(text);
                match end_marks.last_mut().or(items.last_mut()) {
                    Some(item) => {
                        let line_comment = token.kind == SyntaxKind::LINE_COMMENT;
                        item.ends_line |= line_comment;
                        item.comments.push((comment, line_comment));
                    }
                    None => leading.push(comment),
                }
            }
            _ => return None,
        }
    }
    let is_bare_dash = |item: &Item| item.text == "-" && item.note.is_none() && item.nags.is_empty();
    let dropped = padding > 0
        && items.len() > padding
        && items[..padding].iter().all(|i| is_bare_dash(i) && i.comments.is_empty());
    if dropped {
        items.drain(..padding);
    }
    let mut out = String::with_capacity(section.iter().map(|t| t.text.len() + 1).sum());
    for comment in &leading {
        out.push_str(comment);
        out.push_str(CRLF);
    }
    let mut on_line = 0;
    for (i, item) in items.iter().enumerate() {
        if on_line > 0 {
            out.push(' ');
        }
        write_item(&mut out, item);
        on_line += 1;
        if on_line == 4 || item.ends_line || i + 1 == items.len() {
            out.push_str(CRLF);
            on_line = 0;
        }
    }
    for mark in &end_marks {
        write_item(&mut out, mark);
        out.push_str(CRLF);
    }
    Some((out, dropped))
}

fn write_item(out: &mut String, item: &Item) {
    out.push_str(&item.text);
    if let Some(note) = &item.note {
        out.push(' ');
        out.push_str(note);
    }
    let mut nags = item.nags.clone();
    nags.sort_unstable();
    for nag in nags {
        out.push_str(&format!(" ${nag}"));
    }
    let mut after_line_comment = false;
    for (comment, line_comment) in &item.comments {
        // What follows a `;` comment goes on the next line, or the comment would swallow it.
        out.push_str(if after_line_comment { CRLF } else { " " });
        out.push_str(comment);
        after_line_comment = *line_comment;
    }
}

/// Calls and cards in export spelling: upper case (`1nt` → `1NT`, `sk` → `SK`), `Pass`, `X`,
/// `XX`; borrowed when written so already.
pub(super) fn spell_call_or_card(text: &str) -> Cow<'_, str> {
    if text.eq_ignore_ascii_case("pass") {
        return if text == "Pass" { Cow::Borrowed(text) } else { Cow::Owned("Pass".to_owned()) };
    }
    if text.bytes().any(|b| b.is_ascii_lowercase()) {
        Cow::Owned(text.to_ascii_uppercase())
    } else {
        Cow::Borrowed(text)
    }
}

/// The NAG of a suffix annotation: calls `$1`–`$6`, cards `$7`–`$12` (PBN 3.5.3, 3.6.3): PGN's
/// numbers for the six suffixes ([`crate::chess::nag::of_suffix`]), after six for the cards.
pub(super) fn suffix_nag(suffix: &str, play: bool) -> Option<u32> {
    let n = u32::from(crate::chess::nag::of_suffix(suffix)?);
    Some(if play { n + 6 } else { n })
}

/// A section this formatter does not lay out: its lines as written, tabs turned into spaces,
/// without trailing blanks, with CRLF. A line of only blanks (the indentation before the next
/// tag, say) is left out: written empty it would end the game (PBN 3.1).
pub(super) fn section_as_written(section: &[Tok<'_>]) -> String {
    let text: String = section.iter().map(|t| t.text).collect();
    let mut out = String::with_capacity(text.len());
    for line in to_crlf(&text).split_inclusive(CRLF) {
        let content = line.strip_suffix(CRLF).unwrap_or(line).replace('\t', " ");
        if content.trim().is_empty() {
            continue;
        }
        out.push_str(content.trim_end());
        out.push_str(CRLF);
    }
    out
}
