//! What several features read in a unit's text the same way: its lines, its games (PGN, PBN:
//! range and tag pairs), the fields of an EPD line; and [`ts`], a byte offset as a [`TextSize`],
//! the one conversion every module of `ide` uses.

use super::scan::{tag_pairs, Kind, TagPair, Tok};
use crate::text::{TextRange, TextSize};
use crate::Lang;

/// A byte offset (a `usize` from string slicing) as a [`TextSize`].
pub(crate) fn ts(n: usize) -> TextSize {
    TextSize::from(n as u32)
}

/// Each line with its start offset (terminator excluded).
pub(super) fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut start = 0;
    text.split_inclusive('\n').map(move |l| {
        let s = start;
        start += l.len();
        (s, l.trim_end_matches(['\n', '\r']))
    })
}

/// A game of a PGN or PBN text: its range and tag pairs.
pub(super) struct Game {
    pub(super) range: TextRange,
    pub(super) tags: Vec<TagPair>,
}

/// Cuts the text into games: a tag pair after movetext (PGN) or after an empty line (PBN)
/// starts a new one.
pub(super) fn games(lang: Lang, text: &str, tokens: &[Tok]) -> Vec<Game> {
    let pairs = tag_pairs(text, tokens);
    let mut games: Vec<Game> = Vec::new();
    let mut seen_body = true;
    let mut p = 0;
    let mut last_content_end = TextSize::from(0);
    for (i, t) in tokens.iter().enumerate() {
        match t.kind {
            Kind::TagOpen => {
                let blank_before =
                    i > 0 && tokens[i - 1].kind == Kind::Whitespace && has_blank_line(&text[tokens[i - 1].range]);
                let new_game = games.is_empty() || seen_body || (lang == Lang::Pbn && blank_before);
                if new_game {
                    if let Some(g) = games.last_mut() {
                        g.range = TextRange::new(g.range.start(), last_content_end);
                    }
                    games.push(Game { range: TextRange::new(t.range.start(), t.range.end()), tags: Vec::new() });
                    seen_body = false;
                }
                while p < pairs.len() && pairs[p].range.start() < t.range.start() {
                    p += 1;
                }
                if let (Some(g), Some(pair)) = (games.last_mut(), pairs.get(p)) {
                    if pair.range.start() == t.range.start() {
                        g.tags.push(*pair);
                    }
                }
            }
            Kind::Word | Kind::MoveNumber | Kind::Result if lang == Lang::Pgn => {
                // Movetext only counts outside a tag pair.
                let in_pair = games.last().and_then(|g| g.tags.last()).is_some_and(|p| p.range.contains_range(t.range));
                if !in_pair {
                    seen_body = true;
                }
            }
            _ => {}
        }
        if t.kind != Kind::Whitespace {
            last_content_end = t.range.end();
        }
    }
    if let Some(g) = games.last_mut() {
        g.range = TextRange::new(g.range.start(), last_content_end.max(g.range.end()));
    }
    games
}

/// Whether whitespace holds two line breaks (an empty line ends a PBN game).
fn has_blank_line(ws: &str) -> bool {
    ws.replace("\r\n", "\n").chars().filter(|&c| c == '\n' || c == '\r').count() >= 2
}

/// The value of the tag `name` in `game`, if it has one.
pub(super) fn tag_value<'t>(text: &'t str, game: &Game, name: &str) -> Option<&'t str> {
    game.tags.iter().find(|p| &text[p.name] == name).and_then(|p| p.value).map(|v| &text[v])
}

/// The fields of an EPD line with their ranges (relative to the line): four position fields,
/// then opcode words; quoted operands are kept whole.
pub(super) fn epd_words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_whitespace() || b[i] == b';' {
            i += 1;
            continue;
        }
        let start = i;
        if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += 1;
            }
            i = (i + 1).min(b.len());
        } else {
            while i < b.len() && !b[i].is_ascii_whitespace() && b[i] != b';' {
                i += 1;
            }
        }
        out.push((start, &line[start..i]));
    }
    out
}
