//! The LIN check: the grammar's errors ([`super::parser`]), the values' ([`super::read`]), and
//! the bridge of every board checked by the checks PBN runs: each board is written as a PBN
//! game ([`super::pbn`]) and checked by [`crate::pbn::check`], and each diagnostic is moved
//! back to the LIN value it is about. One implementation of the deal, auction, play and score
//! rules serves both formats; a diagnostic on something the LIN text does not hold (a tag LIN
//! has no pair for) has nowhere to land and is left out.

use super::model::Board;
use super::pbn::{write_game, PbnText};
use crate::config::CheckOptions;
use crate::diagnostic::Diagnostic;
use crate::stretches::MAX_GAME_BYTES;
use crate::text::{TextRange, TextSize};

/// Every diagnostic of a LIN text, in no particular order (the engine sorts them). A text
/// larger than the limit of one board ([`MAX_GAME_BYTES`]) is read a piece of whole boards at a
/// time, so that memory stays bounded by a piece whatever the text holds; a board over the
/// limit is one diagnostic (LIN004) and is not read.
pub fn check(text: &str) -> Vec<Diagnostic> {
    if text.len() <= MAX_GAME_BYTES {
        return check_whole(text, super::lexer::is_numbered(text));
    }
    check_in_pieces(text, PIECE_BYTES)
}

/// About how much text of whole boards is read at a time in a large text.
const PIECE_BYTES: usize = 256 * 1024;

/// Every diagnostic of `text` read at once, as a text that numbers its boards or not.
fn check_whole(text: &str, numbered: bool) -> Vec<Diagnostic> {
    let (boards, mut out) = super::read::read_text_numbered(text, numbered);
    for board in &boards {
        check_bridge(board, &mut out);
    }
    out
}

/// [`check`] a piece of whole boards of about `piece_bytes` at a time: the same diagnostics as
/// [`check_whole`] (tested), boards over the limit aside. The header of a numbered text (its
/// players, its event) is read again before each piece, as the boards of the piece need it; its
/// own diagnostics are those of the first piece, which holds it.
fn check_in_pieces(text: &str, piece_bytes: usize) -> Vec<Diagnostic> {
    let numbered = super::lexer::is_numbered(text);
    let boards = super::stretches::board_ranges(text, numbered);
    // A numbered text's first board is its header when it does not start with `qx`.
    let is_header = |board: &TextRange| {
        let start = &text.as_bytes()[usize::from(board.start())..];
        numbered && !start.get(..3).is_some_and(|name| name.eq_ignore_ascii_case(b"qx|"))
    };
    // The text up to the end of the header, put before the pieces after it (none when the
    // header is too large to read).
    let header = boards
        .first()
        .filter(|b| is_header(b) && !super::stretches::is_too_large(**b))
        .map_or(0, |b| usize::from(b.end()));
    let mut out = Vec::new();
    let check_piece = |from: usize, to: usize, out: &mut Vec<Diagnostic>| {
        if from >= to {
            return;
        }
        if header == 0 || from < header {
            let at = TextSize::from(from as u32);
            out.extend(check_whole(&text[from..to], numbered).into_iter().map(|d| d.shifted(at)));
            return;
        }
        let joined = [&text[..header], &text[from..to]].concat();
        let (header_end, at) = (TextSize::from(header as u32), TextSize::from(from as u32));
        let found = check_whole(&joined, numbered).into_iter().filter(|d| d.range.start() >= header_end);
        out.extend(found.map(|d| d.shifted_back(header_end).shifted(at)));
    };
    // The piece being gathered: from where the last one ended to the end of its last board.
    let mut from = 0;
    let mut to = 0;
    for board in boards {
        let end = usize::from(board.end());
        if super::stretches::is_too_large(board) {
            check_piece(from, to, &mut out);
            out.push(super::stretches::too_large(text, board));
            (from, to) = (end, end);
            continue;
        }
        if to > from && end - from > piece_bytes {
            check_piece(from, to, &mut out);
            from = to;
        }
        to = end;
    }
    check_piece(from, text.len().max(to), &mut out);
    out
}

/// The PBN checks of the board, moved onto the LIN text.
fn check_bridge(board: &Board, out: &mut Vec<Diagnostic>) {
    let mut pbn = PbnText::default();
    write_game(board, &mut pbn);
    let diagnostics =
        crate::pbn::check::check_unit(&pbn.text, &Default::default(), &CheckOptions::default()).diagnostics;
    let ranges = pbn.lin_ranges();
    for d in diagnostics {
        let Some(range) = ranges.lin_range(d.range) else { continue };
        // A fix edits the PBN text and related information points into it: neither applies.
        out.push(Diagnostic { range, fix: None, related: Vec::new(), ..d });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(text: &str) -> Vec<(&'static str, String)> {
        let mut found: Vec<_> = check(text).into_iter().map(|d| (d.code, text[d.range].to_owned())).collect();
        found.sort();
        found
    }

    const DEAL: &str = "md|3S2345H2345D2345C2,S6789H6789D6789C3,STJQKHTJQKDTJQKC4,|";

    #[test]
    fn a_clean_board_has_no_diagnostic() {
        let text = format!("pn|S,W,N,E|st||{DEAL}sv|o|ah|Board 1|mb|1N!|an|15-17|mb|p|mb|p|mb|p|pg||pc|C5|pc|C2|pc|C3|pc|C4|pg||mc|7|pg||\n");
        assert_eq!(codes(&text), vec![]);
    }

    #[test]
    fn bridge_errors_land_on_the_lin_values() {
        // North deals and opens 1D; East's 1C is insufficient.
        let text = format!("{DEAL}mb|1D|mb|1C|mb|p|mb|p|mb|p|\n");
        assert_eq!(codes(&text), vec![("PBN303", "1C".to_owned())]);
        let md = "3SA2345H2345D2345,S6789H6789D6789C3,STJQKHTJQKDTJQKC4,SAHADAC56789TJQKA";
        assert_eq!(codes(&format!("md|{md}|\n")), vec![("PBN201", md.to_owned())]);
    }

    /// Checked a piece of whole boards at a time, a text gives what checking it whole gives:
    /// numbered or not, with a header or without, pieces of one board or of several.
    #[test]
    fn pieces_of_boards_give_the_diagnostics_of_the_whole() {
        let board = |n: usize| format!("{DEAL}sv|x|mb|1D|mb|1C|mb|p|nt|{n}|pg||\n");
        let plain: String = (0..40).map(board).collect();
        let numbered: String = format!(
            "vg|Final|\npn|a,b|\n{}",
            (0..40).map(|n| format!("qx|o{n}|pn|a,b,c|{}\n", board(n))).collect::<String>()
        );
        let bare = numbered.replacen("vg|Final|\npn|a,b|\n", "", 1);
        let broken = plain.replace("nt|7|", "nt|7\n\nx|");
        for text in [&plain, &numbered, &bare, &broken] {
            let mut whole = check_whole(text, crate::lin::lexer::is_numbered(text));
            crate::diagnostic::sort_in_text_order(&mut whole);
            assert!(whole.len() > 40, "{}", whole.len());
            for piece_bytes in [1, 100, 1000, 4000] {
                let mut pieces = check_in_pieces(text, piece_bytes);
                crate::diagnostic::sort_in_text_order(&mut pieces);
                assert_eq!(pieces, whole, "{piece_bytes} bytes a piece: {text}");
            }
        }
    }

    /// A board over 1 MiB is one diagnostic on its first character; the boards around it are
    /// checked as usual.
    #[test]
    fn a_board_too_large_is_one_diagnostic_and_the_others_are_checked() {
        let big = format!("md|3S|{}", "nt|x|".repeat(crate::stretches::MAX_GAME_BYTES / 5));
        let text = format!("sv|x|\n  {big}\nsv|q|\n");
        let found = codes(&text);
        assert_eq!(found.len(), 3, "{:?}", found.iter().map(|(c, _)| c).collect::<Vec<_>>());
        let d = check(&text).into_iter().find(|d| d.code == "LIN004").unwrap();
        assert_eq!(usize::from(d.range.start()), text.find("md|").unwrap());
        assert!(d.message.starts_with("board of 1.0 MiB"), "{}", d.message);
        assert!(found.iter().any(|(c, v)| *c == "LIN102" && v == "x"));
        assert!(found.iter().any(|(c, v)| *c == "LIN102" && v == "q"));
    }

    #[test]
    fn value_errors_are_lins_own() {
        assert_eq!(codes("md|5SA,,,|"), vec![("LIN101", "5".to_owned())]);
        assert_eq!(codes(&format!("{DEAL}sv|x|")), vec![("LIN102", "x".to_owned())]);
        assert_eq!(codes("zz|1|"), vec![("LIN100", "zz".to_owned())]);
    }
}
