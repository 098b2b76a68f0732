//! Cutting a text into its units (PGN and PBN games, EPD and PBI lines), with memory bounded by
//! the blocks of the text being parsed, not by the file, and into pieces that can be checked one
//! at a time: the language server cuts every document it opens this way, and `check --fix` and
//! "convert to export format" fix a large file piece by piece.

use crate::cuts::next_cut;
use crate::text::{TextRange, TextSize};
use crate::{epd, pbi, pbn, pgn, Lang};

/// Below this size a text is cut into units in one go; above, in blocks of about this size.
const BLOCK: usize = 64 * 1024;

/// The byte ranges of the units of `text`, in order. A unit's diagnostics depend only on its own
/// text (plus, for PBN, values inherited from earlier games), which is what lets the server
/// re-check only the units an edit touches.
///
/// A large PGN text is parsed in blocks, on every core ([`crate::parallel::map_pieces`]): the
/// language server's open waits for it. Blocks end where a game most likely starts: a `[` after
/// an empty line. That is only a guess (an unclosed comment may run on across it), so each cut is
/// proved: parsing the text from the last unit before it to the first unit after it alone must
/// give exactly those two units. The parser starts every unit afresh (nothing is carried from
/// one game to the next), so the whole text then has the same units around the cut. Should a
/// proof fail, the text is cut in one go.
pub fn units(lang: Lang, text: &str) -> Vec<TextRange> {
    if !cut_in_blocks(lang, text) {
        return units_in_one_go(lang, text);
    }
    let blocks = crate::parallel::map_pieces(text, &block_cuts(text), |start, block| {
        let offset = TextSize::from(start as u32);
        units_in_one_go(lang, block).into_iter().map(|u| u + offset).collect::<Vec<TextRange>>()
    });
    join_blocks(lang, text, blocks).unwrap_or_else(|| units_in_one_go(lang, text))
}

/// Whether [`units`] cuts `text` in blocks: a large PGN text.
pub(crate) fn cut_in_blocks(lang: Lang, text: &str) -> bool {
    lang == Lang::Pgn && text.len() >= 2 * BLOCK
}

/// Where the blocks of a large PGN text end (and the next start), from 0 to the text's end.
pub(crate) fn block_cuts(text: &str) -> Vec<usize> {
    let mut cuts = vec![0];
    let mut start = 0;
    while start < text.len() {
        start = next_cut(text, start + BLOCK).unwrap_or(text.len());
        cuts.push(start);
    }
    cuts
}

/// The units of the whole text from those of its blocks (each parsed alone, in file offsets),
/// with every cut between blocks proved ([`proves_cut`]); `None` when one is not.
pub(crate) fn join_blocks(lang: Lang, text: &str, blocks: Vec<Vec<TextRange>>) -> Option<Vec<TextRange>> {
    let mut out: Vec<TextRange> = Vec::new();
    for (k, block) in blocks.into_iter().enumerate() {
        if k > 0 {
            match (out.last(), block.first()) {
                (Some(&last), Some(&first)) if proves_cut(lang, text, last, first) => {}
                _ => return None,
            }
        }
        out.extend(block);
    }
    Some(out)
}

/// Whether `last`, the last unit found before a cut, and `first`, the first unit found after
/// it (each side parsed alone), are the units the whole `text` has there: parsing from the start
/// of `last` to the end of `first` alone must give exactly those two units. The parsers start
/// every unit afresh (nothing is carried from one PGN game or EPD line to the next), so the
/// whole text then has the same units around the cut.
pub(crate) fn proves_cut(lang: Lang, text: &str, last: TextRange, first: TextRange) -> bool {
    if last.end() > first.start() {
        return false;
    }
    let around = TextRange::new(last.start(), first.end());
    if runs_on(lang, &text[around], [&text[usize::from(first.end())..]]) {
        return false;
    }
    let alone: Vec<TextRange> = units_in_one_go(lang, &text[around]).into_iter().map(|u| u + around.start()).collect();
    alone == [last, first]
}

/// [`proves_cut`] for a cut between two pieces of a text that is not held whole: `tail` is the
/// piece before the cut from the start of its last unit (which ends at `last_end` in `tail`),
/// `head` the piece after it up to the end of its first unit (which starts at `first_start`),
/// each unit as [`units`] found it in its own piece (what a distributed check, which cuts a
/// file at likely unit starts without holding it whole, learns of each piece).
pub fn proves_join(lang: Lang, tail: &str, last_end: usize, head: &str, first_start: usize) -> bool {
    if last_end > tail.len() || first_start > head.len() {
        return false;
    }
    let around = format!("{tail}{head}");
    let to = |n: usize| TextSize::from(n as u32);
    let last = TextRange::new(to(0), to(last_end));
    let first = TextRange::new(to(tail.len() + first_start), to(around.len()));
    proves_cut(lang, &around, last, first)
}

/// Whether the text `after` a stretch `text` changes how `text` is cut into units, so that its
/// units cut alone prove nothing: a PBN brace comment runs to the next `}` (PBN 2.1 §3.8),
/// semi-empty lines and later games included, so a `{` left open in `text` that a `}` in
/// `after` closes joins what follows into its game. Conservative: any `{` after the stretch's
/// last `}` counts (one in a string too), which only makes the caller read further. PGN's
/// comments end before the next game (see the PGN lexer), so its units are always local.
pub fn runs_on<'a>(lang: Lang, text: &str, after: impl IntoIterator<Item = &'a str>) -> bool {
    lang == Lang::Pbn
        && text[text.rfind('}').map_or(0, |i| i + 1)..].contains('{')
        && after.into_iter().any(|chunk| chunk.contains('}'))
}

/// A piece of a text that can be checked on its own ([`crate::check_unit`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    pub range: TextRange,
    /// The units in it, from the first one's start to the last one's end (empty at the end of
    /// the piece when there is none).
    pub units: TextRange,
}

/// The text cut into pieces that can be checked one at a time ([`crate::check_unit`]), in order
/// and without gaps: each holds a unit and the text after it up to the next (the first also what
/// precedes the first unit). A piece starts at the start of its unit's line, so that no line is
/// cut (the line rules, PGN 4.3 and PBN 2.3, see whole lines): units that share a line (a game
/// after another's result on the same line) stay in one piece.
pub fn pieces(lang: Lang, text: &str) -> Vec<Piece> {
    pieces_of(text, units(lang, text))
}

/// The pieces of `text` whose units are `units` (in order), as [`pieces`] cuts them.
pub(crate) fn pieces_of(text: &str, units: Vec<TextRange>) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::new();
    let mut from = TextSize::from(0);
    for unit in units {
        let line_start = text[..usize::from(unit.start())].rfind(['\n', '\r']).map_or(0, |i| i + 1);
        let start = TextSize::from(line_start as u32);
        match out.last_mut() {
            // The first unit, or one that shares a line with the unit before: the same piece.
            Some(last) if start < last.units.end() => last.units = last.units.cover(unit),
            None => out.push(Piece { range: TextRange::new(from, unit.end()), units: unit }),
            Some(last) => {
                last.range = TextRange::new(from, start);
                from = start;
                out.push(Piece { range: TextRange::new(start, unit.end()), units: unit });
            }
        }
    }
    let end = TextSize::of(text);
    match out.last_mut() {
        Some(last) => last.range = TextRange::new(from, end),
        None => out.push(Piece { range: TextRange::up_to(end), units: TextRange::empty(end) }),
    }
    out
}

/// The units of the tree of the whole of `text`.
fn units_in_one_go(lang: Lang, text: &str) -> Vec<TextRange> {
    match lang {
        Lang::Pgn => pgn::units(text),
        Lang::Epd => epd::units(text),
        Lang::Pbn => pbn::units(text),
        Lang::Pbi => pbi::units(text),
        Lang::Lin => crate::lin::units(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pieces of `text` cut at `cut`, as a distributed check sees them: the proof holds at
    /// a game start and fails where the "game start" is inside a comment of the game before.
    fn join_proved(text: &str, cut: usize) -> bool {
        let (before, after) = text.split_at(cut);
        let last = *units(Lang::Pgn, before).last().unwrap();
        let first = *units(Lang::Pgn, after).first().unwrap();
        let tail = &before[usize::from(last.start())..];
        let head = &after[..usize::from(first.end())];
        proves_join(Lang::Pgn, tail, usize::from(last.len()), head, usize::from(first.start()))
    }

    #[test]
    fn a_join_is_proved_at_a_game_start_and_not_inside_a_comment() {
        let games = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n";
        assert!(join_proved(games, games.find("[Event \"b").unwrap()));
        // A `[` after an empty line inside a comment is a likely start, not a game start.
        for inside in ["[%clk 0:01:00] still} e5 *", "[b] still} e5 *"] {
            let text = format!("[Event \"a\"]\n\n1. e4 {{a comment\n\n{inside}\n\n[Event \"c\"]\n\n1. d4 *\n");
            assert!(!join_proved(&text, text.find(inside).unwrap()), "{text}");
            assert!(join_proved(&text, text.find("[Event \"c").unwrap()), "{text}");
        }
    }

    /// A PBN game with a `{` whose `}` is two games on: parsed alone, the two games around a cut
    /// after it look like two, but in the whole text the comment joins them, so the cut is not
    /// proved.
    #[test]
    fn a_pbn_comment_closed_beyond_a_cut_makes_it_unproved() {
        let text = "[Board \"1\"]\n{ open\n\n[Board \"2\"]\n\n[Board \"3\"]\n} [Board \"4\"]\n\n[Board \"5\"]\n";
        let whole = units(Lang::Pbn, text);
        // Parsed alone up to the end of game 2, games 1 and 2 are two units...
        let upto = text.find("\n\n[Board \"3\"]").unwrap() + 1;
        let alone = units(Lang::Pbn, &text[..upto]);
        assert_eq!(alone.len(), 2, "{alone:?}");
        // ... but in the whole text game 1's comment runs to game 3's `}` and joins them.
        assert!(!whole.contains(&alone[1]), "{whole:?}");
        assert!(!proves_cut(Lang::Pbn, text, alone[0], alone[1]));
        // Closed before the cut, the cut after game 1 is proved.
        let closed = text.replace("{ open", "{ open }");
        let units = units(Lang::Pbn, &closed);
        assert!(proves_cut(Lang::Pbn, &closed, units[0], units[1]), "{units:?}");
    }

    /// Cutting block by block gives the units of cutting in one go: on corpus files, and where
    /// the guessed cuts are wrong (a comment left open over an empty line and a `[`, a game
    /// whose tags are split by an empty line).
    #[test]
    fn units_cut_block_by_block_equal_units_cut_in_one_go() {
        let game = |n: usize| format!("[Event \"{n}\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n");
        let plain: String = (0..4000).map(game).collect();
        let mut texts = vec![plain.clone()];
        for trap in ["{ open\n\n[Event \"inside\"]\n\n", "[Site \"x\"]\n\n[Date \"y\"]\n\n"] {
            for at in [BLOCK, 2 * BLOCK + 7, plain.len() - 100] {
                let at = plain[..at].rfind("\n\n[").map_or(0, |i| i + 2);
                texts.push([&plain[..at], trap, &plain[at..]].concat());
            }
        }
        let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let corpus = Some(here.join("../../shared/corpus")).filter(|p| p.is_dir());
        match corpus {
            Some(corpus) => {
                for file in ["pgn/pgn-reader/lichess_db_1000k.pgn", "pgn/pgn-reader/twic1599_1000k.pgn"] {
                    match std::fs::read(corpus.join(file)) {
                        Ok(bytes) => texts.push(crate::text::decode(&bytes).text),
                        Err(_) => eprintln!("skipped: {file} missing"),
                    }
                }
            }
            None => eprintln!("corpus part skipped: no ../shared/corpus"),
        }
        for text in &texts {
            assert!(text.len() > 2 * BLOCK);
            let in_one_go = units_in_one_go(Lang::Pgn, text);
            assert_eq!(units(Lang::Pgn, text), in_one_go);
            // Read from the parser's events, they are the games of the tree.
            let root = pgn::parse(text).syntax();
            let games = root.children().filter(|n| n.kind() == pgn::syntax_kind::SyntaxKind::GAME);
            assert_eq!(in_one_go, games.map(|n| n.text_range()).collect::<Vec<_>>());
        }
    }
}
